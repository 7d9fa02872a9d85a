//! Layouts whose strides are scaled bases (CuTe's layouts with `ScaledBasis` strides, the layouts
//! of identity tensors): `make_identity_layout`, evaluation to a coordinate, slicing, coalesce,
//! composition with an integer layout and the divides that `local_tile` and `local_partition`
//! use.
//!
//! The algorithms are CuTe's own (`layout.hpp`), on strides that are integers or scaled bases:
//! a stride is only ever multiplied by an integer (`k * v@i == (k*v)@i`) and compared with
//! another stride (equal only at the same position with statically equal values), so every rule
//! of the integer algorithms carries over unchanged.
//!
//! ```
//! use cute_dynamic::{make_identity_layout, Tiler};
//! let id = make_identity_layout(&"(_4,(2,_3))".parse()?);
//! assert_eq!(id.to_string(), "(_4,(2,_3)):(_1@0,(_1@0@1,_1@1@1))");
//! let z = make_identity_layout(&"(_4,_6)".parse()?).zipped_divide(&"(_2,_3)".parse::<Tiler>()?)?;
//! assert_eq!(z.to_string(), "((_2,_3),(_2,_2)):((_1@0,_1@1),(_2@0,_3@1))");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::arithmetic_tuple::{CoordStride, make_basis_like};
use crate::complement::complement_exact;
use crate::composition::walk;
use crate::coord::{Coord, dice, slice};
use crate::divide::tile_unzip;
use crate::error::{Condition, ErrorKind, LayoutError, Result};
use crate::exact::{self, Exactness};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::{CoordRef, Layout, unwrap};
use crate::prelude::*;
use crate::tiler::Tiler;
use crate::twin::{Checks, Twin, checked};
use alloc::collections::{BTreeMap, VecDeque};
use core::fmt;

/// A layout whose strides are [`CoordStride`]s: a function from coordinates to coordinate
/// offsets (arithmetic tuples), CuTe's `Layout<Shape, Stride>` with `ScaledBasis` strides.
/// Printed `shape:stride`, e.g. `(_4,_8):(_1@0,_1@1)`.
///
/// ```
/// use cute_dynamic::{CoordLayout, IntTuple};
/// let l: CoordLayout = "(_4,_8):(_1@0,_2@1)".parse()?;
/// let base: IntTuple = "(_0,_0)".parse()?;
/// assert_eq!(l.apply(&base, 9)?.to_string(), "(1,4)");     // index 9 is coordinate (1,2)
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoordLayout {
    shape: IntTuple,
    stride: CoordStride,
}

/// CuTe's `make_identity_layout(shape)`: `shape` with the basis stride of every leaf
/// (`make_basis_like`), the layout that maps a coordinate to itself.
///
/// ```
/// use cute_dynamic::make_identity_layout;
/// let l = make_identity_layout(&"((_1,_2),_8)".parse()?);
/// assert_eq!(l.to_string(), "((_1,_2),_8):((_1@0@0,_1@1@0),_1@1)");
/// assert_eq!(make_identity_layout(&"8".parse()?).to_string(), "8:_1");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[must_use]
pub fn make_identity_layout(shape: &IntTuple) -> CoordLayout {
    CoordLayout {
        shape: shape.clone(),
        stride: make_basis_like(shape),
    }
}

impl CoordLayout {
    /// `make_layout(shape, stride)`: checks that shape and stride are congruent.
    ///
    /// ```
    /// use cute_dynamic::CoordLayout;
    /// let ok = CoordLayout::new("(2,3)".parse()?, "(_1@0,_1@1)".parse()?);
    /// assert!(ok.is_ok());
    /// assert!(CoordLayout::new("(2,3)".parse()?, "_1@0".parse()?).is_err());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn new(shape: IntTuple, stride: CoordStride) -> Result<CoordLayout> {
        if shape.depth() > cute_text::MAX_DEPTH {
            return Err(crate::error::LayoutError::too_deep());
        }
        if !shape.same_profile(&stride.numbered()?.0) {
            return Err(ErrorKind::Incongruent {
                shape: shape.to_string(),
                stride: stride.to_string(),
            }
            .into());
        }
        Ok(CoordLayout { shape, stride })
    }

    /// The shape.
    ///
    /// ```
    /// let l: cute_dynamic::CoordLayout = "(_4,8):(_1@0,_1@1)".parse()?;
    /// assert_eq!(l.shape().to_string(), "(_4,8)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// The stride.
    ///
    /// ```
    /// let l: cute_dynamic::CoordLayout = "(_4,8):(_1@0,_1@1)".parse()?;
    /// assert_eq!(l.stride().to_string(), "(_1@0,_1@1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn stride(&self) -> &CoordStride {
        &self.stride
    }

    /// CuTe's `rank`: the number of top-level modes.
    ///
    /// ```
    /// let l: cute_dynamic::CoordLayout = "((_4,2),8):((_1@0,_4@0),_1@1)".parse()?;
    /// assert_eq!(l.rank(), 2);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// CuTe's `size`: the size of the domain.
    ///
    /// ```
    /// let l: cute_dynamic::CoordLayout = "(_4,8):(_1@0,_1@1)".parse()?;
    /// assert_eq!(l.size()?.to_string(), "32");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn size(&self) -> Result<Int> {
        self.shape.size()
    }

    /// Mode `i` (CuTe's `get<i>` / `layout<i>`).
    ///
    /// ```
    /// let l: cute_dynamic::CoordLayout = "(_4,8):(_1@0,_1@1)".parse()?;
    /// assert_eq!(l.get(1)?.to_string(), "8:_1@1");
    /// assert!(l.get(2).is_err());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn get(&self, i: usize) -> Result<CoordLayout> {
        let (numbered, leaves) = self.numbered()?;
        CoordLayout::from_numbered(&numbered.get(i)?, &leaves)
    }

    /// The modes (an integer-shaped layout is its own single mode).
    fn modes(&self) -> Result<Vec<CoordLayout>> {
        (0..self.rank()).map(|i| self.get(i)).collect()
    }

    /// CuTe's `make_layout(l0, l1, ...)`: the layouts as the modes of a new layout.
    ///
    /// ```
    /// use cute_dynamic::CoordLayout;
    /// let a: CoordLayout = "_4:_1@0".parse()?;
    /// let b: CoordLayout = "8:_1@1".parse()?;
    /// assert_eq!(CoordLayout::concat(&[a, b])?.to_string(), "(_4,8):(_1@0,_1@1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    ///
    /// `Err` ([`ErrorKind::TooDeep`]) only if a layout nests as deep as CuTe text goes.
    pub fn concat(layouts: &[CoordLayout]) -> Result<CoordLayout> {
        if layouts
            .iter()
            .any(|l| l.shape.depth() >= cute_text::MAX_DEPTH)
        {
            return Err(crate::error::LayoutError::too_deep());
        }
        Ok(CoordLayout {
            shape: layouts.iter().map(|l| l.shape.clone()).collect(),
            stride: layouts.iter().map(|l| l.stride.clone()).collect(),
        })
    }

    /// `base + L(coord)`: the coordinate this layout maps `coord` (an index or a coordinate) to,
    /// added to the arithmetic tuple `base`. Rule (CuTe's `crd2idx`): an integer coordinate
    /// against a tuple shape is split column-major over the modes (`c % size(mode)` into each
    /// mode but the last, which takes the rest); each leaf coordinate `c` then adds
    /// `c * stride` to `base`.
    ///
    /// ```
    /// use cute_dynamic::{make_identity_layout, IntTuple};
    /// let l = make_identity_layout(&"((_2,_2),_3)".parse()?);
    /// let base: IntTuple = "((_0,_0),_0)".parse()?;
    /// assert_eq!(l.apply(&base, 5)?.to_string(), "((1,0),1)");
    /// assert_eq!(l.apply(&base, &"((1,_1),2)".parse()?)?.to_string(), "((1,_1),2)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn apply<'c>(&self, base: &IntTuple, coord: impl Into<CoordRef<'c>>) -> Result<IntTuple> {
        let mut acc = base.clone();
        self.each_term(coord.into(), &mut |c, d| {
            acc = d.scaled(c)?.add_to(&acc)?;
            Ok(())
        })?;
        Ok(acc)
    }

    /// Call `f(c, d)` for every leaf coordinate `c` and leaf stride `d` of `coord`.
    fn each_term(
        &self,
        coord: CoordRef<'_>,
        f: &mut dyn FnMut(Int, &CoordStride) -> Result<()>,
    ) -> Result<()> {
        let index;
        let coord = match &coord {
            CoordRef::Index(i) => {
                index = IntTuple::d(*i);
                &index
            }
            CoordRef::Coord(c) => c,
            CoordRef::Owned(c) => c,
        };
        terms(coord, &self.shape, &self.stride, f)
    }

    /// This layout with its stride leaves numbered (a plain layout whose stride leaf `k` is `k`)
    /// and the leaves: the structural operations of plain layouts then apply.
    fn numbered(&self) -> Result<(Layout, Vec<CoordStride>)> {
        let (stride, leaves) = self.stride.numbered()?;
        Ok((Layout::from_parts(self.shape.clone(), stride)?, leaves))
    }

    fn from_numbered(l: &Layout, leaves: &[CoordStride]) -> Result<CoordLayout> {
        Ok(CoordLayout {
            shape: l.shape(),
            stride: CoordStride::from_numbered(&l.stride(), leaves)?,
        })
    }

    /// CuTe's `slice(crd, layout)`: the modes where `crd` has `_`.
    ///
    /// ```
    /// let l: cute_dynamic::CoordLayout = "(_4,(8,_2)):(_1@0,(_1@1,_8@1))".parse()?;
    /// assert_eq!(l.slice(&"(1,(_,0))".parse()?)?.to_string(), "(8):(_1@1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn slice(&self, crd: &Coord) -> Result<CoordLayout> {
        let (numbered, leaves) = self.numbered()?;
        CoordLayout::from_numbered(&slice(crd, &numbered)?, &leaves)
    }

    /// CuTe's `dice(crd, layout)`: the modes where `crd` has an integer.
    ///
    /// ```
    /// let l: cute_dynamic::CoordLayout = "(_4,(8,_2)):(_1@0,(_1@1,_8@1))".parse()?;
    /// assert_eq!(l.dice(&"(1,(_,0))".parse()?)?.to_string(), "(_4,_2):(_1@0,_8@1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn dice(&self, crd: &Coord) -> Result<CoordLayout> {
        let (numbered, leaves) = self.numbered()?;
        CoordLayout::from_numbered(&dice(crd, &numbered)?, &leaves)
    }

    /// CuTe's `coalesce(layout)`, by the rule table of [`crate::coalesce`]: size-1 modes go,
    /// and `s0:d0` after `s:d` merge into `s*s0:d` when `s0` is static and `s*d == d0` holds
    /// statically (for scaled bases: the same position and statically equal values).
    ///
    /// ```
    /// let l: cute_dynamic::CoordLayout = "(_2,(_1,_4),_3):(_1@0,(_1@1,_2@0),_1@1)".parse()?;
    /// assert_eq!(l.coalesce()?.to_string(), "(_8,_3):(_1@0,_1@1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn coalesce(&self) -> Result<CoordLayout> {
        let (shape, stride) = self.flat_leaves()?;
        let last = shape.len() - 1;
        bw_coalesce(
            &shape[..last],
            &stride[..last],
            (shape[last], stride[last].clone()),
        )
    }

    /// CuTe's `coalesce_x`: as `coalesce`, but a trailing `_1` mode becomes `_2` so that its
    /// stride survives (composition reads the stride past the domain).
    fn coalesce_x(&self) -> Result<CoordLayout> {
        let (shape, stride) = self.flat_leaves()?;
        let last = shape.len() - 1;
        let last_shape = match shape[last] {
            s if s.is_constant(1) => Int::new_static(2),
            s => s,
        };
        bw_coalesce(
            &shape[..last],
            &stride[..last],
            (last_shape, stride[last].clone()),
        )
    }

    fn flat_leaves(&self) -> Result<(Vec<Int>, Vec<CoordStride>)> {
        let shape = self.shape.leaves();
        let stride: Vec<CoordStride> = self.stride.leaves().into_iter().cloned().collect();
        if shape.is_empty() {
            return Err(LayoutError::invalid(
                "coalesce",
                format!("{self} has no modes"),
            ));
        }
        Ok((shape, stride))
    }

    /// CuTe's `composition(A, B)` of this layout with an integer layout `B`:
    /// `(A o B)(c) == A(B(c))`, with the rules of [`crate::composition`] (both divisibility
    /// conditions checked on every value).
    ///
    /// ```
    /// let a: cute_dynamic::CoordLayout = "(_8,_4):(_1@0,_1@1)".parse()?;
    /// let r = a.composition(&"(_4,_4):(_2,_8)".parse()?)?;
    /// assert_eq!(r.to_string(), "(_4,_4):(_2@0,_1@1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn composition(&self, rhs: &Layout) -> Result<CoordLayout> {
        let lhs = self;
        checked!(composition_exact, lhs, rhs; checks)
    }

    /// CuTe's `composition(A, tiler)`: for a tuple tiler, mode `i` composed with tiler `i`
    /// (`_` keeps the mode, a tuple recurses) and the modes past the tiler's kept; a layout or
    /// an integer tiler is [`CoordLayout::composition`].
    ///
    /// ```
    /// let a: cute_dynamic::CoordLayout = "(_8,_4):(_1@0,_1@1)".parse()?;
    /// let r = a.composition_tiler(&"(_4:_2,_)".parse()?)?;
    /// assert_eq!(r.to_string(), "(_4,_4):(_2@0,_1@1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn composition_tiler(&self, tiler: &Tiler) -> Result<CoordLayout> {
        let Tiler::Tuple(items) = tiler else {
            return match tiler.as_layout()? {
                Some(b) => self.composition(&b),
                None => Ok(self.clone()),
            };
        };
        let modes = self.modes()?;
        if items.len() > modes.len() {
            return Err(LayoutError::precondition(
                Condition::MismatchedRanks,
                format!("composition: tiler {tiler} has more modes than {self}"),
            ));
        }
        let composed = modes
            .iter()
            .enumerate()
            .map(|(i, m)| match items.get(i) {
                Some(t) => m.composition_tiler(t),
                None => Ok(m.clone()),
            })
            .collect::<Result<Vec<_>>>()?;
        CoordLayout::concat(&composed)
    }

    /// CuTe's `logical_divide(A, B)` for a layout `B`:
    /// `composition(A, make_layout(B, complement(B, shape(coalesce(A)))))`.
    ///
    /// ```
    /// let a: cute_dynamic::CoordLayout = "(_8,_4):(_1@0,_1@1)".parse()?;
    /// let r = a.logical_divide(&"_4:_2".parse()?)?;
    /// assert_eq!(r.to_string(), "(_4,(_2,_4)):(_2@0,(_1@0,_1@1))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn logical_divide(&self, tiler: &Layout) -> Result<CoordLayout> {
        let layout = self;
        checked!(logical_divide_exact, layout, tiler; checks)
    }

    /// CuTe's `logical_divide(A, tiler)`: by mode for a tuple tiler (modes beyond it kept),
    /// `_` keeps a mode, an integer `n` is the layout `n:_1`.
    ///
    /// ```
    /// let a: cute_dynamic::CoordLayout = "(_8,_4):(_1@0,_1@1)".parse()?;
    /// let r = a.logical_divide_tiler(&"(_2,_)".parse()?)?;
    /// assert_eq!(r.to_string(), "((_2,_4),_4):((_1@0,_2@0),_1@1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn logical_divide_tiler(&self, tiler: &Tiler) -> Result<CoordLayout> {
        let layout = self;
        checked!(logical_divide_tiler_exact, layout, tiler; checks)
    }

    /// CuTe's `zipped_divide(A, tiler)`: `((TileM,TileN,...),(RestM,RestN,...,L,...))`.
    ///
    /// ```
    /// let a: cute_dynamic::CoordLayout = "(256,128):(_1@0,_1@1)".parse()?;
    /// let r = a.zipped_divide(&"(_128,_8)".parse()?)?;
    /// assert_eq!(r.to_string(), "((_128,_8),(2,16)):((_1@0,_1@1),(_128@0,_8@1))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn zipped_divide(&self, tiler: &Tiler) -> Result<CoordLayout> {
        let layout = self;
        checked!(zipped_divide_exact, layout, tiler; checks)
    }
}

/// The terms of CuTe's `crd2idx(coord, shape, stride)`: every leaf coordinate with its stride.
fn terms(
    coord: &IntTuple,
    shape: &IntTuple,
    stride: &CoordStride,
    f: &mut dyn FnMut(Int, &CoordStride) -> Result<()>,
) -> Result<()> {
    let mismatch = || {
        LayoutError::precondition(
            Condition::MismatchedRanks,
            format!("coordinate {coord} against {shape}:{stride}"),
        )
    };
    match (coord, shape, stride.as_tuple()) {
        (IntTuple::Tuple(c), IntTuple::Tuple(s), Some(d)) => {
            if c.len() != s.len() || s.len() != d.len() {
                return Err(mismatch());
            }
            c.iter()
                .zip(s.iter())
                .zip(d)
                .try_for_each(|((ci, si), di)| terms(ci, si, di, f))
        }
        (IntTuple::Int(c), IntTuple::Tuple(s), Some(d)) => {
            if s.len() != d.len() {
                return Err(mismatch());
            }
            // Column-major split: each mode but the last takes `c % size`, the last the rest.
            let mut rest = *c;
            for (k, (si, di)) in s.iter().zip(d).enumerate() {
                if k + 1 == s.len() {
                    terms(&IntTuple::Int(rest), si, di, f)?;
                } else {
                    let n = si.size()?;
                    terms(&IntTuple::Int(rest.checked_rem(n)?), si, di, f)?;
                    rest = rest.checked_div(n)?;
                }
            }
            Ok(())
        }
        (IntTuple::Int(c), IntTuple::Int(_), None) => f(*c, stride),
        _ => Err(mismatch()),
    }
}

/// CuTe's `bw_coalesce` (the rule table of [`crate::coalesce`]) on strides that may be scaled
/// bases: walk the flat modes from the back, the front of the stack being the mode built so far.
fn bw_coalesce(
    shape: &[Int],
    stride: &[CoordStride],
    init: (Int, CoordStride),
) -> Result<CoordLayout> {
    let mut stack: VecDeque<(Int, CoordStride)> = VecDeque::from([init]);
    let mut is_tuple = false;
    for (&s, d) in shape.iter().zip(stride).rev() {
        let (front_s, front_d) = stack[0].clone();
        if s.is_constant(1) {
            continue;
        } else if !is_tuple && front_s.is_constant(1) {
            stack[0] = (s, d.clone());
        } else if front_s.is_static() && d.scaled(s)?.statically_equal(&front_d) {
            stack[0] = (s.checked_mul(front_s)?, d.clone());
        } else {
            stack.push_front((s, d.clone()));
            is_tuple = true;
        }
    }
    if !is_tuple {
        let (s, d) = stack
            .pop_front()
            .unwrap_or((Int::new_static(1), Int::new_static(0).into()));
        if s.is_constant(1) {
            return Ok(trivial());
        }
        return Ok(CoordLayout {
            shape: s.into(),
            stride: d,
        });
    }
    let (shapes, strides): (Vec<IntTuple>, Vec<CoordStride>) = stack
        .into_iter()
        .map(|(s, d)| (IntTuple::Int(s), d))
        .unzip();
    Ok(CoordLayout {
        shape: IntTuple::tuple(shapes),
        stride: strides.into_iter().collect(),
    })
}

/// CuTe's `Layout<_1,_0>{}`.
fn trivial() -> CoordLayout {
    CoordLayout {
        shape: IntTuple::s(1),
        stride: Int::new_static(0).into(),
    }
}

/// A layout from lists of modes, a single mode standing alone (CuTe's `unwrap`).
fn unwrap_modes(shapes: Vec<IntTuple>, strides: Vec<CoordStride>) -> CoordLayout {
    if let ([shape], [stride]) = (&shapes[..], &strides[..]) {
        return CoordLayout {
            shape: unwrap(shape.clone()),
            stride: stride.clone(),
        };
    }
    CoordLayout {
        shape: IntTuple::tuple(shapes),
        stride: strides.into_iter().collect(),
    }
}

/// CuTe's `composition_impl` on a coalesced `lhs` and one `rhs` mode, the rules of
/// [`crate::composition`]: a tuple `rhs` composes mode by mode; a `_0` stride gives `rhs`
/// itself; an integer-shaped `lhs` gives `rhs_shape : rhs_stride * lhs_stride`; otherwise
/// `rhs_stride` is divided out of the modes of `lhs` (Stride Divisibility Condition), then
/// `rhs_shape` elements are kept (Shape Divisibility Condition), the last mode taking the rest.
fn composition_impl(
    lhs: &CoordLayout,
    rhs_shape: &IntTuple,
    rhs_stride: &IntTuple,
    checks: Checks,
    exactness: &mut Exactness,
) -> Result<CoordLayout> {
    let (rs, rd) = match (rhs_shape, rhs_stride) {
        (IntTuple::Tuple(s), IntTuple::Tuple(d)) if s.len() == d.len() => {
            let modes: Vec<CoordLayout> = s
                .iter()
                .zip(d.iter())
                .map(|(si, di)| composition_impl(lhs, si, di, checks, exactness))
                .collect::<Result<_>>()?;
            return CoordLayout::concat(&modes);
        }
        (IntTuple::Int(s), IntTuple::Int(d)) => (*s, *d),
        _ => {
            return Err(ErrorKind::Incongruent {
                shape: rhs_shape.to_string(),
                stride: rhs_stride.to_string(),
            }
            .into());
        }
    };
    if rd.is_constant(0) {
        return Ok(CoordLayout {
            shape: rs.into(),
            stride: rd.into(),
        });
    }
    if let IntTuple::Int(_) = lhs.shape {
        return Ok(CoordLayout {
            shape: rs.into(),
            stride: lhs.stride.scaled(rd)?,
        });
    }
    let lshape = lhs.shape.leaves();
    let lstride = lhs.stride.leaves();
    let last = lshape.len() - 1;
    let (mut result_shape, mut result_stride) = (Vec::new(), Vec::new());
    let walked = walk(
        lhs,
        &lshape,
        (rs, rd),
        (checks, exactness),
        |shape, i, scale| {
            result_shape.push(IntTuple::Int(shape));
            result_stride.push(lstride[i].scaled(scale)?);
            Ok(())
        },
    )?;
    let (rest_shape, rest_stride) = walked;
    let last_stride = lstride[last].scaled(rest_stride)?;
    if result_shape.is_empty() {
        return Ok(CoordLayout {
            shape: rest_shape.into(),
            stride: last_stride,
        });
    }
    if !rest_shape.is_constant(1) {
        result_shape.push(IntTuple::Int(rest_shape));
        result_stride.push(last_stride);
    }
    Ok(unwrap_modes(result_shape, result_stride))
}

/// A coordinate of [`CoordLayout::sparse_at`] as its terms, `7@0 + 1@1@0` (`0` for none).
fn sparse_text(c: BTreeMap<Vec<usize>, i64>) -> String {
    let terms: Vec<String> = c
        .iter()
        .map(|(modes, v)| {
            modes
                .iter()
                .rev()
                .fold(v.to_string(), |t, m| format!("{t}@{m}"))
        })
        .collect();
    if terms.is_empty() {
        "0".into()
    } else {
        terms.join(" + ")
    }
}

/// Composition, `A o B` or an error ([`crate::exact`]: its rule, and where the rule proves
/// nothing, the coordinates compared point by point).
fn composition_exact(lhs: &CoordLayout, rhs: &Layout, checks: Checks) -> Result<CoordLayout> {
    let coalesced = lhs.coalesce_x()?;
    let lshape = coalesced.shape.leaves();
    let mut exactness = Exactness::new(&lshape);
    let r = composition_impl(
        &coalesced,
        &rhs.shape(),
        &rhs.stride(),
        checks,
        &mut exactness,
    )?;
    // B has no coordinates where a static shape is below 1: nothing to be wrong at.
    let no_domain = rhs
        .flat()
        .shape()
        .iter()
        .any(|s| s.is_static() && s.value() < 1);
    if !checks.is_exact() || exactness.is_proven(&lshape) || no_domain {
        return Ok(r);
    }
    let b = rhs.plan();
    let result = match (lhs.size(), rhs.size(), r.size()) {
        (Ok(na), Ok(nb), Ok(nr)) => exact::compare(
            (exact::Domain::OfA, exact::empty_domain(rhs.flat().shape())),
            (na.value().into(), nb.value().into(), nr.value().into()),
            |i| Some(b.call(i32::try_from(i).ok()?).ok()?.value().into()),
            |i| r.sparse_at(i32::try_from(i).ok()?).ok().map(sparse_text),
            |j| lhs.sparse_at(i32::try_from(j).ok()?).ok().map(sparse_text),
        ),
        _ => exact::Verdict::Overflow,
    };
    // With run-time values only `composition` of plain layouts compares (as cute-static): not
    // shown, naming where CuTe's answer is wrong if it is.
    let compared = lhs.is_all_static() && rhs.is_all_static() && r.is_all_static();
    let result = match result {
        exact::Verdict::Same | exact::Verdict::TooLarge { .. } if !compared => {
            exact::Verdict::NotShown
        }
        other => other,
    };
    exact::verdict(format_args!("{lhs} o {rhs} is {r}"), result)?;
    Ok(r)
}

fn logical_divide_exact(
    layout: &CoordLayout,
    tiler: &Layout,
    checks: Checks,
) -> Result<CoordLayout> {
    let rest = complement_exact(tiler, layout.coalesce()?.shape())?;
    composition_exact(layout, &Layout::concat(&[tiler.clone(), rest])?, checks)
}

fn logical_divide_tiler_exact(
    layout: &CoordLayout,
    tiler: &Tiler,
    checks: Checks,
) -> Result<CoordLayout> {
    match tiler {
        Tiler::Tuple(t) => {
            if t.len() > layout.rank() {
                return Err(LayoutError::precondition(
                    Condition::MismatchedRanks,
                    format!("logical_divide: tiler {tiler} has more modes than layout {layout}"),
                ));
            }
            let modes: Vec<CoordLayout> = layout
                .modes()?
                .into_iter()
                .enumerate()
                .map(|(i, m)| match t.get(i) {
                    Some(ti) => logical_divide_tiler_exact(&m, ti, checks),
                    None => Ok(m),
                })
                .collect::<Result<_>>()?;
            CoordLayout::concat(&modes)
        }
        Tiler::Underscore => Ok(layout.clone()),
        _ => match tiler.as_layout()? {
            Some(t) => logical_divide_exact(layout, &t, checks),
            None => Ok(layout.clone()),
        },
    }
}

fn zipped_divide_exact(layout: &CoordLayout, tiler: &Tiler, checks: Checks) -> Result<CoordLayout> {
    let (numbered, leaves) = logical_divide_tiler_exact(layout, tiler, checks)?.numbered()?;
    CoordLayout::from_numbered(&tile_unzip(&numbered, tiler)?, &leaves)
}

impl Twin for CoordLayout {
    fn is_all_static(&self) -> bool {
        self.shape.is_static() && self.stride.is_static()
    }
    fn static_twin(&self) -> Self {
        CoordLayout {
            shape: self.shape.static_twin(),
            stride: self.stride.static_twin(),
        }
    }
}

impl CoordLayout {
    /// `L(i)` as a sparse coordinate: the non-zero components by position (an integer stride
    /// counts at the empty position).
    fn sparse_at(&self, i: i32) -> Result<BTreeMap<Vec<usize>, i64>> {
        let mut out: BTreeMap<Vec<usize>, i64> = BTreeMap::new();
        self.each_term(CoordRef::Index(i), &mut |c, d| {
            let (modes, v) = match d {
                CoordStride::Basis(b) => (b.modes().to_vec(), b.value()),
                CoordStride::Int(v) => (Vec::new(), *v),
                CoordStride::Tuple(_) => {
                    return Err(LayoutError::invalid("evaluate", "a tuple leaf"));
                }
            };
            *out.entry(modes).or_default() += i64::from(c.value()) * i64::from(v.value());
            Ok(())
        })?;
        out.retain(|_, v| *v != 0);
        Ok(out)
    }
}

impl fmt::Display for CoordLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaled_bases_merge_only_at_the_same_position() {
        let l: CoordLayout = "(_2,_4):(_1@0,_2@1)".parse().unwrap();
        assert_eq!(l.coalesce().unwrap().to_string(), "(_2,_4):(_1@0,_2@1)");
        let l: CoordLayout = "(_2,_4):(_1@0,_2@0)".parse().unwrap();
        assert_eq!(l.coalesce().unwrap().to_string(), "_8:_1@0");
        // A dynamic scale never merges (the equality is not a compile-time constant).
        let l: CoordLayout = "(_2,_4):(1@0,2@0)".parse().unwrap();
        assert_eq!(l.coalesce().unwrap().to_string(), "(_2,_4):(1@0,2@0)");
    }

    #[test]
    fn composition_checks_its_conditions() {
        let a: CoordLayout = "(_4,_6):(_1@0,_1@1)".parse().unwrap();
        let err = a.composition(&"_2:_5".parse().unwrap()).unwrap_err();
        assert_eq!(err.condition(), Some(Condition::StrideDivisibility));
        let err = a.composition(&"_6:_1".parse().unwrap()).unwrap_err();
        assert_eq!(err.condition(), Some(Condition::ShapeDivisibility));
        // Incongruent inputs and tuples are errors, never panics.
        assert!(
            CoordLayout::new("(2,3)".parse().unwrap(), "(_1@0,(_1@1))".parse().unwrap()).is_err()
        );
        let base: IntTuple = "(_0,_0)".parse().unwrap();
        assert!(a.apply(&base, &"(1,2,3)".parse().unwrap()).is_err());
        assert!(a.apply(&"_0".parse().unwrap(), 3).is_err());
    }

    #[test]
    fn evaluation_keeps_cute_tags() {
        let l = make_identity_layout(&"(1,_7)".parse().unwrap());
        let base: IntTuple = "(_0,_0)".parse().unwrap();
        assert_eq!(l.apply(&base, 3).unwrap().to_string(), "(0,3)");
        let l = make_identity_layout(&"(_1,_7)".parse().unwrap());
        assert_eq!(l.apply(&base, 3).unwrap().to_string(), "(_0,3)");
    }
}
