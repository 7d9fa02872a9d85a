//! Coordinates and strides (`stride.hpp`): `idx2crd`, compact column-/row-major strides and
//! `compact_order`. `crd2idx`, the evaluation of a coordinate, is in `eval`.

use crate::error::{Condition, LayoutError, Result};
use crate::int::{Int, IntError};
use crate::int_tuple::{IntTuple, product_like};
use crate::prelude::*;

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
            let d = compact_col_major_from(shape, stride.as_int().unwrap_or(Int::new_static(1)))?;
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
    match (idx, shape) {
        (IntTuple::Tuple(i), IntTuple::Tuple(s)) => {
            if i.len() != s.len() {
                return Err(mismatched("idx2crd", idx, shape));
            }
            i.iter().zip(s.iter()).map(|(a, b)| idx2crd(a, b)).collect()
        }
        (IntTuple::Int(i), IntTuple::Tuple(s)) => {
            let mut rest = *i;
            let mut out = Vec::with_capacity(s.len());
            for (k, mode) in s.iter().enumerate() {
                if k + 1 == s.len() {
                    out.push(idx2crd(&IntTuple::Int(rest), mode)?);
                } else {
                    let n = mode.size()?;
                    out.push(idx2crd(&IntTuple::Int(rest.checked_rem(n)?), mode)?);
                    rest = rest.checked_div(n)?;
                }
            }
            Ok(IntTuple::tuple(out))
        }
        (IntTuple::Int(_), IntTuple::Int(_)) => Ok(idx.clone()),
        (IntTuple::Tuple(_), IntTuple::Int(_)) => Err(LayoutError::invalid(
            "idx2crd",
            format!("tuple index {idx} into integer shape {shape}"),
        )),
    }
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
    Ok(compact(shape, current, major)?.0)
}

/// Returns `(stride, current * size(shape))`.
fn compact(shape: &IntTuple, current: Int, major: Major) -> Result<(IntTuple, Int)> {
    match shape {
        IntTuple::Int(s) if s.is_constant(1) => Ok((IntTuple::s(0), current)),
        IntTuple::Int(s) => Ok((IntTuple::Int(current), current.checked_mul(*s)?)),
        IntTuple::Tuple(modes) => {
            let mut strides = vec![IntTuple::s(0); modes.len()];
            let mut current = current;
            let order: Box<dyn Iterator<Item = usize>> = match major {
                Major::Left => Box::new(0..modes.len()),
                Major::Right => Box::new((0..modes.len()).rev()),
            };
            for i in order {
                let (stride, next) = compact(&modes[i], current, major)?;
                strides[i] = stride;
                current = next;
            }
            Ok((IntTuple::tuple(strides), current))
        }
    }
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

pub(crate) fn compact_col_major_from(shape: &IntTuple, current: Int) -> Result<IntTuple> {
    compact_major(shape, current, Major::Left)
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
    let ref_shape = product_like(shape, order)?.leaves();
    let flat_order = order.leaves();
    // Dynamic orders become distinct statics above the largest static order, left to right.
    let max_order = flat_order
        .iter()
        .filter(|o| o.is_static())
        .map(|o| o.value())
        .fold(0, i32::max);
    let mut next = 0;
    let ref_order: Vec<Int> = flat_order
        .iter()
        .enumerate()
        .map(|(i, o)| -> Result<Int> {
            if o.is_static() {
                return Ok(*o);
            }
            let base =
                i32::try_from(i).map_err(|_| LayoutError::invalid("compact_order", "rank"))?;
            let v = max_order.checked_add(1 + base).ok_or(IntError::Overflow {
                op: "+",
                lhs: max_order,
                rhs: base,
            })?;
            Ok(Int::new_static(v))
        })
        .collect::<Result<_>>()?;
    let new_order = order.map_leaves(&mut |_| {
        next += 1;
        ref_order[next - 1]
    });
    compact_order_rec(shape, &new_order, &ref_shape, &ref_order)
}

fn compact_order_rec(
    shape: &IntTuple,
    order: &IntTuple,
    ref_shape: &[Int],
    ref_order: &[Int],
) -> Result<IntTuple> {
    match order {
        IntTuple::Tuple(o) => {
            let s = shape.as_tuple().filter(|s| s.len() == o.len());
            let s = s.ok_or_else(|| mismatched("compact_order", shape, order))?;
            s.iter()
                .zip(o.iter())
                .map(|(si, oi)| compact_order_rec(si, oi, ref_shape, ref_order))
                .collect()
        }
        IntTuple::Int(this) => {
            // Start after every mode with a smaller order.
            let mut factors = ref_shape.iter().zip(ref_order).map(|(s, o)| {
                if o.value() < this.value() {
                    *s
                } else {
                    Int::new_static(1)
                }
            });
            let first = factors.next().unwrap_or(Int::new_static(1));
            let start = factors.try_fold(first, Int::checked_mul)?;
            compact_col_major_from(shape, start)
        }
    }
}
