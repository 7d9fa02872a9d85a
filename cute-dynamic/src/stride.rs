//! Coordinates and strides (`stride.hpp`): `idx2crd`, compact column-/row-major strides,
//! `compact_order`, and the layouts made of them (`make_layout`, `make_ordered_layout`), by
//! cute-static's algorithm (`crate::algebra`); `idx2crd` with a stride (`get_hier_coord`) is
//! this crate's own. `crd2idx`, the evaluation of a coordinate, is in `eval`.

use crate::algebra::int_tuple_op;
use crate::error::{Condition, LayoutError, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::prelude::*;
use crate::tiler::Tiler;
use cute_static::eager::Op;

pub(crate) fn mismatched(op: &'static str, a: &IntTuple, b: &IntTuple) -> LayoutError {
    LayoutError::precondition(Condition::MismatchedRanks, format!("{op}: {a} against {b}"))
}

/// CuTe's `idx2crd(idx, shape, stride)`: the coordinate of an index, `(idx / d) % s` per mode
/// (a static `_1` mode gives `_0`, and so does a static `_0` index over a run-time stride, which
/// CuTe does not divide). Only meaningful for compact layouts.
///
/// ```
/// use cute_dynamic::{idx2crd_strided, IntTuple};
/// let s: IntTuple = "(_2,_3)".parse().unwrap();
/// let d: IntTuple = "(_3,_1)".parse().unwrap();
/// assert_eq!(idx2crd_strided(&IntTuple::d(5), &s, &d).unwrap().to_string(), "(1,2)");
/// ```
pub fn idx2crd_strided(idx: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Result<IntTuple> {
    match (idx, shape, stride) {
        (IntTuple::Tuple(i), IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
            if i.len() != s.len() || i.len() != d.len() {
                return Err(mismatched("idx2crd", idx, shape));
            }
            i.iter()
                .zip(s.iter())
                .zip(d.iter())
                .map(|((a, b), c)| idx2crd_strided(a, b, c))
                .collect()
        }
        (IntTuple::Int(_), IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
            if s.len() != d.len() {
                return Err(mismatched("idx2crd", shape, stride));
            }
            s.iter()
                .zip(d.iter())
                .map(|(b, c)| idx2crd_strided(idx, b, c))
                .collect()
        }
        (IntTuple::Int(_), IntTuple::Tuple(_), IntTuple::Int(_)) => {
            let current = stride.as_int().unwrap_or(Int::new_static(1));
            let d = compact_major(shape, current, Major::Left)?;
            idx2crd_strided(idx, shape, &d)
        }
        (IntTuple::Int(i), IntTuple::Int(s), IntTuple::Int(d)) => {
            // CuTe's `C<0> / x` and `C<0> % x` are `C<0>` without dividing, so a static `_0`
            // index never divides by a run-time zero stride.
            if s.is_constant(1) || (i.is_constant(0) && !d.is_static()) {
                Ok(IntTuple::s(0))
            } else {
                Ok(IntTuple::Int(i.checked_div(*d)?.checked_rem(*s)?))
            }
        }
        _ => Err(LayoutError::invalid(
            "idx2crd",
            format!("index {idx} does not fit shape {shape} with stride {stride}"),
        )),
    }
}

/// CuTe's `idx2crd(idx, shape)`: the natural (column-major) coordinate of an index. Each mode
/// but the last takes `idx % size(mode)` and passes on `idx / size(mode)`; the last mode takes
/// what is left, so an index beyond the shape stays visible in the last mode.
///
/// ```
/// use cute_dynamic::{idx2crd, IntTuple};
/// let s: IntTuple = "((2,2),(4,2),(2,3))".parse().unwrap();
/// assert_eq!(idx2crd(&IntTuple::d(191), &s).unwrap().to_string(), "((1,1),(3,1),(1,2))");
/// assert_eq!(idx2crd(&IntTuple::d(28), &"(3,2,4)".parse().unwrap()).unwrap().to_string(), "(1,1,4)");
/// ```
pub fn idx2crd(idx: &IntTuple, shape: &IntTuple) -> Result<IntTuple> {
    int_tuple_op(Op::Idx2Crd, "idx2crd", idx, shape)
}

/// Which mode of a compact layout is contiguous.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
///
/// ```
/// use cute_dynamic::{compact_major, Int, IntTuple, Major};
/// let s: IntTuple = "(_2,_3)".parse().unwrap();
/// assert_eq!(compact_major(&s, Int::new_static(1), Major::Left).unwrap().to_string(), "(_1,_2)");
/// ```
pub enum Major {
    /// CuTe's `LayoutLeft` (column-major, `GenColMajor`): the leftmost mode has stride 1.
    Left,
    /// CuTe's `LayoutRight` (row-major, `GenRowMajor`): the rightmost mode has stride 1.
    Right,
}

/// CuTe's `compact_major<Major>(shape, current)`: compact strides starting at `current`.
/// A static `_1` mode gets stride `_0`.
///
/// ```
/// use cute_dynamic::{compact_major, Int, IntTuple, Major};
/// let s: IntTuple = "(_2,(_1,_3))".parse().unwrap();
/// let d = compact_major(&s, Int::new_static(1), Major::Right).unwrap();
/// assert_eq!(d.to_string(), "(_3,(_0,_1))");
/// ```
pub fn compact_major(shape: &IntTuple, current: Int, major: Major) -> Result<IntTuple> {
    let op = match major {
        Major::Left => Op::CompactLeft,
        Major::Right => Op::CompactRight,
    };
    int_tuple_op(op, "compact_major", shape, &Tiler::Int(current))
}

/// CuTe's `compact_col_major(shape)`: the strides of `make_layout(shape)`.
///
/// ```
/// use cute_dynamic::compact_col_major;
/// let d = compact_col_major(&"(_2,3,_4)".parse().unwrap()).unwrap();
/// assert_eq!(d.to_string(), "(_1,_2,6)");
/// ```
pub fn compact_col_major(shape: &IntTuple) -> Result<IntTuple> {
    compact_major(shape, Int::new_static(1), Major::Left)
}

/// CuTe's `compact_row_major(shape)`: the strides of `make_layout(shape, LayoutRight{})`.
///
/// ```
/// use cute_dynamic::compact_row_major;
/// let d = compact_row_major(&"(_2,3,_4)".parse().unwrap()).unwrap();
/// assert_eq!(d.to_string(), "(12,_4,_1)");
/// ```
pub fn compact_row_major(shape: &IntTuple) -> Result<IntTuple> {
    compact_major(shape, Int::new_static(1), Major::Right)
}

/// CuTe's `compact_order(shape, order)`: compact strides whose modes are laid out in increasing
/// `order`. `order` is weakly congruent to `shape`; dynamic order values count as larger than every
/// static one and are ordered left to right.
///
/// ```
/// use cute_dynamic::compact_order;
/// let d = compact_order(&"(_2,_2,_2,_2)".parse().unwrap(), &"(_0,_2,_3,_1)".parse().unwrap());
/// assert_eq!(d.unwrap().to_string(), "(_1,_4,_8,_2)");
/// let d = compact_order(&"(2,3,4,5)".parse().unwrap(), &"(_2,67,42,_50)".parse().unwrap());
/// assert_eq!(d.unwrap().to_string(), "(_1,10,30,2)");
/// ```
pub fn compact_order(shape: &IntTuple, order: &IntTuple) -> Result<IntTuple> {
    int_tuple_op(Op::CompactOrder, "compact_order", shape, order)
}

impl Layout {
    /// CuTe's `layout.get_hier_coord(idx)` = `idx2crd(idx, shape, stride)` (compact layouts only).
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "(_2,_3):(_3,_1)".parse().unwrap();
    /// assert_eq!(l.idx2crd(5).unwrap().to_string(), "(1,2)");
    /// ```
    pub fn idx2crd(&self, idx: i32) -> Result<IntTuple> {
        idx2crd_strided(&IntTuple::d(idx), &self.shape(), &self.stride())
    }
}

/// CuTe's `make_layout(shape)` (and `make_layout(shape, LayoutLeft{})`): the compact
/// column-major layout of a shape.
///
/// ```
/// use cute_dynamic::make_layout;
/// assert_eq!(make_layout(&"(_4,(3,_2))".parse().unwrap()).unwrap().to_string(), "(_4,(3,_2)):(_1,(_4,12))");
/// ```
pub fn make_layout(shape: &IntTuple) -> Result<Layout> {
    compact_layout(shape, Major::Left)
}

/// CuTe's `make_layout(shape, LayoutRight{})`: the compact row-major layout of a shape.
///
/// ```
/// use cute_dynamic::make_layout_right;
/// let l = make_layout_right(&"(_4,_3)".parse().unwrap()).unwrap();
/// assert_eq!(l.to_string(), "(_4,_3):(_3,_1)");
/// ```
pub fn make_layout_right(shape: &IntTuple) -> Result<Layout> {
    compact_layout(shape, Major::Right)
}

/// CuTe's `make_layout(shape, LayoutLeft{} / LayoutRight{})`: compact strides from `_1`.
fn compact_layout(shape: &IntTuple, major: Major) -> Result<Layout> {
    Layout::from_parts(
        shape.clone(),
        compact_major(shape, Int::new_static(1), major)?,
    )
}

/// CuTe's `make_ordered_layout(shape, order)`: compact strides in the order given by `order`.
///
/// ```
/// use cute_dynamic::make_ordered_layout;
/// let l = make_ordered_layout(&"(_2,_2,_2,_2)".parse().unwrap(), &"(_0,_2,_3,_1)".parse().unwrap());
/// assert_eq!(l.unwrap().to_string(), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
/// ```
pub fn make_ordered_layout(shape: &IntTuple, order: &IntTuple) -> Result<Layout> {
    Layout::from_parts(shape.clone(), compact_order(shape, order)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    /// Row-major strides are the column-major strides of the reversed shape, reversed, for
    /// tuples of more modes than cute-static's const code once held (32).
    #[test]
    fn row_major_is_reversed_col_major_for_many_modes() {
        let leaves: Vec<IntTuple> = (0..40)
            .map(|k| match k % 4 {
                0 => IntTuple::s(2),
                1 => IntTuple::d(1),
                _ => IntTuple::s(1),
            })
            .collect();
        let reversed: Vec<IntTuple> = leaves.iter().rev().cloned().collect();
        let row = compact_row_major(&IntTuple::tuple(leaves)).expect("row-major strides");
        let col = compact_col_major(&IntTuple::tuple(reversed)).expect("col-major strides");
        let col: Vec<IntTuple> = col
            .as_tuple()
            .expect("a tuple")
            .iter()
            .rev()
            .cloned()
            .collect();
        assert_eq!(row, IntTuple::tuple(col));
    }

    /// A tuple index into an integer shape is CuTe's "Invalid parameters", not a rank mismatch.
    #[test]
    fn tuple_index_into_an_integer_is_invalid() {
        let e = idx2crd(&"(1,2)".parse().unwrap(), &"_6".parse().unwrap()).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::InvalidArgument { .. }), "{e}");
        assert!(e.to_string().contains("Invalid parameters"), "{e}");
    }
}
