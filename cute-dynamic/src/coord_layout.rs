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
use crate::coord::{Coord, dice, slice};
use crate::error::{Condition, ErrorKind, LayoutError, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::{CoordRef, Layout};
use crate::prelude::*;
use crate::tiler::Tiler;
use core::fmt;
use cute_static::eager::Op;

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
        if !stride.congruent(&shape) {
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

    /// CuTe's `coalesce(layout)`, by cute-static's algorithm ([`crate::coalesce`]'s rule
    /// table): size-1 modes go, and `s0:d0` after `s:d` merge into `s*s0:d` when `s0` is static
    /// and `s*d == d0` holds statically (for scaled bases: the same position and statically
    /// equal values).
    ///
    /// ```
    /// let l: cute_dynamic::CoordLayout = "(_2,(_1,_4),_3):(_1@0,(_1@1,_2@0),_1@1)".parse()?;
    /// assert_eq!(l.coalesce()?.to_string(), "(_8,_3):(_1@0,_1@1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn coalesce(&self) -> Result<CoordLayout> {
        self.run(Op::Coalesce, "coalesce", &Tiler::Underscore)
    }

    /// CuTe's `composition(A, B)` of this layout with an integer layout `B`:
    /// `(A o B)(c) == A(B(c))`, by cute-static's algorithm (both divisibility conditions checked
    /// on every value; a result the rule does not show to be `A o B` is compared point by point,
    /// here and within the divides).
    ///
    /// ```
    /// let a: cute_dynamic::CoordLayout = "(_8,_4):(_1@0,_1@1)".parse()?;
    /// let r = a.composition(&"(_4,_4):(_2,_8)".parse()?)?;
    /// assert_eq!(r.to_string(), "(_4,_4):(_2@0,_1@1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn composition(&self, rhs: &Layout) -> Result<CoordLayout> {
        self.composition_tiler(&Tiler::Layout(rhs.clone()))
    }

    /// CuTe's `composition(A, tiler)`: for a tuple tiler, mode `i` composed with tiler `i`
    /// (`_` keeps the mode, a tuple recurses) and the modes past the tiler dropped, as CuTe
    /// drops them; a layout or an integer tiler is [`CoordLayout::composition`].
    ///
    /// ```
    /// let a: cute_dynamic::CoordLayout = "(_8,_4):(_1@0,_1@1)".parse()?;
    /// let r = a.composition_tiler(&"(_4:_2,_)".parse()?)?;
    /// assert_eq!(r.to_string(), "(_4,_4):(_2@0,_1@1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn composition_tiler(&self, tiler: &Tiler) -> Result<CoordLayout> {
        self.run(Op::CompositionTiler, "composition", tiler)
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
        self.logical_divide_tiler(&Tiler::Layout(tiler.clone()))
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
        self.run(Op::LogicalDivideTiler, "logical_divide", tiler)
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
        self.run(Op::ZippedDivide, "zipped_divide", tiler)
    }

    /// CuTe's `tiled_divide(A, tiler)`: `((TileM,TileN,...),RestM,RestN,...)`.
    ///
    /// ```
    /// let a: cute_dynamic::CoordLayout = "(256,128):(_1@0,_1@1)".parse()?;
    /// let r = a.tiled_divide(&"(_128,_8)".parse()?)?;
    /// assert_eq!(r.to_string(), "((_128,_8),2,16):((_1@0,_1@1),_128@0,_8@1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn tiled_divide(&self, tiler: &Tiler) -> Result<CoordLayout> {
        self.run(Op::TiledDivide, "tiled_divide", tiler)
    }

    /// CuTe's `flat_divide(A, tiler)`: `(TileM,TileN,...,RestM,RestN,...)`.
    ///
    /// ```
    /// let a: cute_dynamic::CoordLayout = "(256,128):(_1@0,_1@1)".parse()?;
    /// let r = a.flat_divide(&"(_128,_8)".parse()?)?;
    /// assert_eq!(r.to_string(), "(_128,_8,2,16):(_1@0,_1@1,_128@0,_8@1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn flat_divide(&self, tiler: &Tiler) -> Result<CoordLayout> {
        self.run(Op::FlatDivide, "flat_divide", tiler)
    }

    /// CuTe's `op` by cute-static's algorithm ([`crate::algebra`]).
    fn run(&self, op: Op, name: &'static str, tiler: &Tiler) -> Result<CoordLayout> {
        let (shape, stride) =
            crate::algebra::coordinates_op(op, name, (&self.shape, &self.stride), tiler)?;
        CoordLayout::new(shape, stride)
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
        let new = |s: &str, d: &str| CoordLayout::new(s.parse().unwrap(), d.parse().unwrap());
        assert!(new("(2,3)", "(_1@0,(_1@1))").is_err());
        assert!(new("(2,3)", "(_1@0,(_1@1,_0))").is_err());
        assert!(new("(2,(3,4))", "(_1@0,_1@1)").is_err());
        assert!(new("2", "(_1@0,_1@1)").is_err());
        assert!(new("(2,3)", "_1@0").is_err());
        assert!(new("(2,3,4)", "(_1@0,_1@1)").is_err());
        assert!(new("(2,(3,_4))", "(_1@0,(_1@1,_0))").is_ok());
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
