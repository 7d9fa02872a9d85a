//! CuTe's functions on a layout's modes (`layout.hpp`): `take`, `select`, `group`, `replace`,
//! `append`, `prepend`, `append<N>` and `flatten`, by cute-static's algorithm.

use crate::algebra::plain_op;
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::prelude::*;
use crate::tiler::Tiler;
use cute_static::eager::Op;

/// A mode index or a rank as the algebra's static integer.
fn index(op: &'static str, i: usize) -> Result<Tiler> {
    i32::try_from(i)
        .map(|i| Tiler::Int(Int::new_static(i)))
        .map_err(|_| LayoutError::out_of_range(op, format!("{i} is past any rank")))
}

/// The pair `(B,E)` of a range of modes.
fn range(op: &'static str, b: usize, e: usize) -> Result<Tiler> {
    Ok(Tiler::Tuple(vec![index(op, b)?, index(op, e)?]))
}

/// CuTe's `take<B,E>(layout)`: the modes `[b, e)`.
///
/// ```
/// use cute_dynamic::take;
/// let l = "(_2,_3,_4):(_1,_2,_6)".parse().unwrap();
/// assert_eq!(take(&l, 1, 3).unwrap().to_string(), "(_3,_4):(_2,_6)");
/// ```
pub fn take(layout: &Layout, b: usize, e: usize) -> Result<Layout> {
    plain_op(Op::Take, "take", layout, &range("take", b, e)?)
}

/// CuTe's `select<I...>(layout)`: the listed modes, in the listed order.
///
/// ```
/// use cute_dynamic::select;
/// let l = "(_2,_3,_4):(_1,_2,_6)".parse().unwrap();
/// assert_eq!(select(&l, &[2, 0]).unwrap().to_string(), "(_4,_2):(_6,_1)");
/// ```
pub fn select(layout: &Layout, modes: &[usize]) -> Result<Layout> {
    let modes = modes
        .iter()
        .map(|&i| index("select", i))
        .collect::<Result<_>>()?;
    plain_op(Op::Select, "select", layout, &Tiler::Tuple(modes))
}

/// CuTe's `group<B,E>(layout)`: modes `[b, e)` grouped into one mode.
///
/// ```
/// use cute_dynamic::group;
/// let l = "(_2,_3,_4):(_1,_2,_6)".parse().unwrap();
/// assert_eq!(group(&l, 1, 3).unwrap().to_string(), "(_2,(_3,_4)):(_1,(_2,_6))");
/// ```
pub fn group(layout: &Layout, b: usize, e: usize) -> Result<Layout> {
    plain_op(Op::Group, "group", layout, &range("group", b, e)?)
}

/// CuTe's `replace<N>(layout, x)`: mode `n` replaced by `x`; a layout that is not a tuple is
/// its own mode 0, replaced whole (CuTe's `replace` of a non-tuple is `x`).
///
/// ```
/// use cute_dynamic::replace;
/// let l = "(_2,_3):(_1,_2)".parse().unwrap();
/// assert_eq!(replace(&l, 1, &"_5:_7".parse().unwrap()).unwrap().to_string(), "(_2,_5):(_1,_7)");
/// let x = "(_2,_3):(_1,_2)".parse().unwrap();
/// assert_eq!(replace(&"_4:_1".parse().unwrap(), 0, &x).unwrap().to_string(), "(_2,_3):(_1,_2)");
/// assert_eq!(replace(&"(_4):(_1)".parse().unwrap(), 0, &x).unwrap().to_string(), "((_2,_3)):((_1,_2))");
/// ```
pub fn replace(layout: &Layout, n: usize, x: &Layout) -> Result<Layout> {
    let with = Tiler::Tuple(vec![index("replace", n)?, Tiler::Layout(x.clone())]);
    plain_op(Op::Replace, "replace", layout, &with)
}

/// CuTe's `append(a, b)`: `b` as a new last mode (an integer layout first becomes a 1-mode tuple).
///
/// ```
/// use cute_dynamic::append;
/// let a = "_4:_1".parse().unwrap();
/// assert_eq!(append(&a, &"_2:_4".parse().unwrap()).unwrap().to_string(), "(_4,_2):(_1,_4)");
/// ```
///
/// `Err` only if `b` nests as deep as CuTe text goes ([`crate::ErrorKind::TooDeep`]) or the
/// result passes the algebra's 128 nodes ([`crate::ErrorKind::InvalidArgument`]).
pub fn append(a: &Layout, b: &Layout) -> Result<Layout> {
    plain_op(Op::Append, "append", a, b)
}

/// CuTe's `prepend(a, b)`: `b` as a new first mode.
///
/// ```
/// use cute_dynamic::prepend;
/// let a = "_4:_1".parse().unwrap();
/// assert_eq!(prepend(&a, &"_2:_4".parse().unwrap()).unwrap().to_string(), "(_2,_4):(_4,_1)");
/// ```
///
/// `Err` only if `b` nests as deep as CuTe text goes ([`crate::ErrorKind::TooDeep`]) or the
/// result passes the algebra's 128 nodes ([`crate::ErrorKind::InvalidArgument`]).
pub fn prepend(a: &Layout, b: &Layout) -> Result<Layout> {
    plain_op(Op::Prepend, "prepend", a, b)
}

/// CuTe's `append<N>(layout)`: padded with `_1:_0` modes up to rank `n` (unchanged at rank `n`).
///
/// ```
/// use cute_dynamic::append_to_rank;
/// let a = "_4:_1".parse().unwrap();
/// assert_eq!(append_to_rank(&a, 3).unwrap().to_string(), "(_4,_1,_1):(_1,_0,_0)");
/// assert_eq!(append_to_rank(&a, 1).unwrap().to_string(), "_4:_1");
/// ```
pub fn append_to_rank(layout: &Layout, n: usize) -> Result<Layout> {
    plain_op(Op::AppendToRank, "append", layout, &index("append", n)?)
}

/// CuTe's `flatten(layout)`: the shape and the stride flattened, one mode per leaf.
///
/// ```
/// use cute_dynamic::flatten;
/// let l = flatten(&"((_2,3),(_4,(5,_6))):((_1,_2),(6,(24,120)))".parse()?)?;
/// assert_eq!(l.to_string(), "(_2,3,_4,5,_6):(_1,_2,6,24,120)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn flatten(layout: &Layout) -> Result<Layout> {
    plain_op(Op::Flatten, "flatten", layout, &Tiler::Underscore)
}
