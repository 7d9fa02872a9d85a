//! CuTe's `arithmetic_tuple.hpp`: scaled basis strides (`v@i`, `v@i@j`) and the arithmetic on
//! coordinates (arithmetic tuples) that identity tensors use.
//!
//! A stride `v@i` is the tuple with `v` at position `i` and zero elsewhere; several indices nest,
//! outermost first in CuTe's `E<i,j>` and printed innermost first (`_1@0@1` is `E<1,0>`, the
//! tuple `(0,(1,0,...),0,...)`). A layout with such strides ([`crate::CoordLayout`]) maps a
//! coordinate to a coordinate: `sum_k c_k * stride_k`, added component by component. An
//! arithmetic tuple value is an [`IntTuple`] (leaves keep CuTe's static/dynamic tags).
//!
//! ```
//! use cute_dynamic::{CoordStride, IntTuple};
//! let d: CoordStride = "(_1@0,(_1@0@1,16@1@1))".parse()?;
//! assert_eq!(d.to_string(), "(_1@0,(_1@0@1,16@1@1))");
//! // (_0,(_0,_0)) + 3 * 16@1@1
//! let base: IntTuple = "(_0,(_0,_0))".parse()?;
//! let leaf = &d.as_tuple().unwrap()[1].as_tuple().unwrap()[1];
//! let moved = leaf.scaled(cute_dynamic::Int::new_dynamic(3))?.add_to(&base)?;
//! assert_eq!(moved.to_string(), "(_0,(_0,48))");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::prelude::*;
use alloc::sync::Arc;
use core::fmt;

/// CuTe's `ScaledBasis<T, N...>`: the value `v` at the hierarchical position `modes` (outermost
/// first), printed `v@...` with the indices innermost first.
///
/// ```
/// use cute_dynamic::{Int, ScaledBasis};
/// let e = ScaledBasis::new(Int::new_static(1), vec![1, 0]);   // CuTe's E<1,0>
/// assert_eq!(e.to_string(), "_1@0@1");
/// assert_eq!(e.modes(), &[1, 0]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScaledBasis {
    value: Int,
    modes: Arc<[usize]>,
}

impl ScaledBasis {
    /// The basis element at `modes` (outermost first) scaled by `value`.
    ///
    /// ```
    /// use cute_dynamic::{Int, ScaledBasis};
    /// assert_eq!(ScaledBasis::new(Int::new_dynamic(16), vec![0]).to_string(), "16@0");
    /// ```
    #[must_use]
    pub fn new(value: Int, modes: Vec<usize>) -> ScaledBasis {
        ScaledBasis {
            value,
            modes: modes.into(),
        }
    }

    /// The scale `v`.
    ///
    /// ```
    /// use cute_dynamic::{Int, ScaledBasis};
    /// assert_eq!(ScaledBasis::new(Int::new_static(8), vec![1]).value().to_string(), "_8");
    /// ```
    #[must_use]
    pub fn value(&self) -> Int {
        self.value
    }

    /// The position, outermost index first (CuTe's `N...` of `ScaledBasis<T, N...>`).
    ///
    /// ```
    /// use cute_dynamic::{Int, ScaledBasis};
    /// assert_eq!(ScaledBasis::new(Int::new_static(1), vec![2, 0]).modes(), &[2, 0]);
    /// ```
    #[must_use]
    pub fn modes(&self) -> &[usize] {
        &self.modes
    }
}

impl fmt::Display for ScaledBasis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)?;
        self.modes.iter().rev().try_for_each(|m| write!(f, "@{m}"))
    }
}

/// The stride of a coordinate layout: an integer, a [`ScaledBasis`], or a tuple of strides,
/// e.g. `(_1@0,(_1@0@1,_1@1@1),_0)`. Cloning is cheap (tuples are shared).
///
/// ```
/// use cute_dynamic::CoordStride;
/// let d: CoordStride = "(_1@0,_0)".parse()?;
/// assert_eq!(d.rank(), 2);
/// assert!(d.as_tuple().unwrap()[1].is_constant_zero());
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CoordStride {
    /// An integer stride (in coordinate layouts: the `_0` of broadcast modes).
    Int(Int),
    /// A scaled basis stride `v@i...`.
    Basis(ScaledBasis),
    /// A tuple of strides.
    Tuple(Arc<[CoordStride]>),
}

impl From<Int> for CoordStride {
    fn from(i: Int) -> CoordStride {
        CoordStride::Int(i)
    }
}

impl From<ScaledBasis> for CoordStride {
    fn from(b: ScaledBasis) -> CoordStride {
        CoordStride::Basis(b)
    }
}

impl FromIterator<CoordStride> for CoordStride {
    fn from_iter<I: IntoIterator<Item = CoordStride>>(iter: I) -> CoordStride {
        CoordStride::Tuple(iter.into_iter().collect())
    }
}

impl From<&IntTuple> for CoordStride {
    fn from(t: &IntTuple) -> CoordStride {
        match t {
            IntTuple::Int(i) => CoordStride::Int(*i),
            IntTuple::Tuple(items) => items.iter().map(CoordStride::from).collect(),
        }
    }
}

impl CoordStride {
    /// The elements, if this is a tuple.
    ///
    /// ```
    /// let d: cute_dynamic::CoordStride = "(_1@0,_1@1)".parse()?;
    /// assert_eq!(d.as_tuple().unwrap().len(), 2);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn as_tuple(&self) -> Option<&[CoordStride]> {
        match self {
            CoordStride::Tuple(t) => Some(t),
            _ => None,
        }
    }

    /// CuTe's `rank`: the number of modes (1 for a leaf).
    ///
    /// ```
    /// let d: cute_dynamic::CoordStride = "_1@0".parse()?;
    /// assert_eq!(d.rank(), 1);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn rank(&self) -> usize {
        self.as_tuple().map_or(1, <[_]>::len)
    }

    /// Whether this is CuTe's static `_0` (an integer, not a scaled basis).
    ///
    /// ```
    /// let d: cute_dynamic::CoordStride = "_0@1".parse()?;
    /// assert!(!d.is_constant_zero());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn is_constant_zero(&self) -> bool {
        matches!(self, CoordStride::Int(i) if i.is_constant(0))
    }

    /// Whether every integer in it (the scales included) is static.
    ///
    /// ```
    /// let d: cute_dynamic::CoordStride = "(_1@0,16@1)".parse()?;
    /// assert!(!d.is_static());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn is_static(&self) -> bool {
        match self {
            CoordStride::Int(i) => i.is_static(),
            CoordStride::Basis(b) => b.value.is_static(),
            CoordStride::Tuple(t) => t.iter().all(CoordStride::is_static),
        }
    }

    /// `k * d` for every leaf `d`, with CuTe's integer rules (`_0 * x == _0`, `_1 * x == x`):
    /// an integer times a scaled basis scales its value.
    ///
    /// ```
    /// use cute_dynamic::{CoordStride, Int};
    /// let d: CoordStride = "(_1@0,_2@1)".parse()?;
    /// assert_eq!(d.scaled(Int::new_dynamic(8))?.to_string(), "(8@0,16@1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn scaled(&self, k: Int) -> Result<CoordStride> {
        Ok(match self {
            CoordStride::Int(d) => CoordStride::Int(k.checked_mul(*d)?),
            CoordStride::Basis(b) => CoordStride::Basis(ScaledBasis {
                value: k.checked_mul(b.value)?,
                modes: b.modes.clone(),
            }),
            CoordStride::Tuple(t) => t.iter().map(|d| d.scaled(k)).collect::<Result<_>>()?,
        })
    }

    /// `t + self` for an arithmetic tuple `t` (a leaf stride only): a scaled basis `v@i...` adds
    /// `v` to the component of `t` at its position; an integer adds to an integer `t`, and the
    /// static `_0` adds nothing. Tags follow CuTe's integer addition.
    ///
    /// ```
    /// use cute_dynamic::{CoordStride, IntTuple};
    /// let t: IntTuple = "(_0,_4)".parse()?;
    /// let d: CoordStride = "8@1".parse()?;
    /// assert_eq!(d.add_to(&t)?.to_string(), "(_0,12)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn add_to(&self, t: &IntTuple) -> Result<IntTuple> {
        match (self, t) {
            (CoordStride::Int(i), _) if i.is_constant(0) => Ok(t.clone()),
            (CoordStride::Int(i), IntTuple::Int(x)) => Ok(IntTuple::Int(x.checked_add(*i)?)),
            (CoordStride::Basis(b), _) => add_at(t, &b.modes, b.value),
            _ => Err(LayoutError::invalid(
                "arithmetic tuple",
                format!("cannot add the stride {self} to the coordinate {t}"),
            )),
        }
    }

    /// Whether `shape` has this stride's profile (CuTe's `congruent`): a leaf for each leaf, a
    /// tuple of as many elements for each tuple.
    pub(crate) fn congruent(&self, shape: &IntTuple) -> bool {
        match (self, shape) {
            (CoordStride::Tuple(d), IntTuple::Tuple(s)) => {
                d.len() == s.len() && d.iter().zip(s.iter()).all(|(d, s)| d.congruent(s))
            }
            (CoordStride::Tuple(_), IntTuple::Int(_)) | (_, IntTuple::Tuple(_)) => false,
            _ => true,
        }
    }

    /// This stride with its leaves numbered: the IntTuple of the same profile whose leaf `k` is
    /// `k`, and the leaves. Structural operations on IntTuples (slice, dice, zip) then apply to
    /// strides too: see [`CoordStride::from_numbered`].
    pub(crate) fn numbered(&self) -> Result<(IntTuple, Vec<CoordStride>)> {
        fn walk(d: &CoordStride, leaves: &mut Vec<CoordStride>) -> Result<IntTuple> {
            match d {
                CoordStride::Tuple(t) => t.iter().map(|x| walk(x, leaves)).collect(),
                leaf => {
                    let k = i32::try_from(leaves.len()).map_err(|_| {
                        LayoutError::invalid("coordinate stride", "more than i32::MAX leaves")
                    })?;
                    leaves.push(leaf.clone());
                    Ok(IntTuple::d(k))
                }
            }
        }
        let mut leaves = Vec::new();
        let t = walk(self, &mut leaves)?;
        Ok((t, leaves))
    }

    /// The stride whose leaves are `leaves[k]` where the numbered tuple has `k`.
    pub(crate) fn from_numbered(t: &IntTuple, leaves: &[CoordStride]) -> Result<CoordStride> {
        match t {
            IntTuple::Tuple(items) => items
                .iter()
                .map(|x| CoordStride::from_numbered(x, leaves))
                .collect(),
            IntTuple::Int(k) => usize::try_from(k.value())
                .ok()
                .and_then(|k| leaves.get(k))
                .cloned()
                .ok_or_else(|| LayoutError::out_of_range("coordinate stride", format!("leaf {k}"))),
        }
    }
}

/// `t + v@modes`: `v` added to the component of `t` at `modes`.
fn add_at(t: &IntTuple, modes: &[usize], v: Int) -> Result<IntTuple> {
    match (modes.split_first(), t) {
        (None, IntTuple::Int(x)) => Ok(IntTuple::Int(x.checked_add(v)?)),
        (Some((&m, rest)), IntTuple::Tuple(items)) if m < items.len() => items
            .iter()
            .enumerate()
            .map(|(k, x)| {
                if k == m {
                    add_at(x, rest, v)
                } else {
                    Ok(x.clone())
                }
            })
            .collect(),
        _ => Err(LayoutError::out_of_range(
            "arithmetic tuple",
            format!(
                "no component at {} in the coordinate {t}",
                ScaledBasis::new(v, modes.to_vec())
            ),
        )),
    }
}

/// CuTe's `make_basis_like(shape)`: the basis stride of every leaf of `shape`, `E<i,j,...>` at
/// its position (an integer shape gets `E<>`, the integer `_1`).
pub(crate) fn make_basis_like(shape: &IntTuple) -> CoordStride {
    fn walk(t: &IntTuple, path: &mut Vec<usize>) -> CoordStride {
        match t {
            IntTuple::Tuple(items) => items
                .iter()
                .enumerate()
                .map(|(k, x)| {
                    path.push(k);
                    let d = walk(x, path);
                    path.pop();
                    d
                })
                .collect(),
            IntTuple::Int(_) if path.is_empty() => CoordStride::Int(Int::new_static(1)),
            IntTuple::Int(_) => {
                CoordStride::Basis(ScaledBasis::new(Int::new_static(1), path.clone()))
            }
        }
    }
    walk(shape, &mut Vec::new())
}

impl fmt::Display for CoordStride {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoordStride::Int(i) => i.fmt(f),
            CoordStride::Basis(b) => b.fmt(f),
            CoordStride::Tuple(t) => {
                f.write_str("(")?;
                for (k, d) in t.iter().enumerate() {
                    if k > 0 {
                        f.write_str(",")?;
                    }
                    d.fmt(f)?;
                }
                f.write_str(")")
            }
        }
    }
}
