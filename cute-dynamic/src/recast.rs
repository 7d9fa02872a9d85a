//! `upcast<N>` and `downcast<N>`: the same memory seen as elements `N` times larger or smaller.

use crate::algebra::plain_op;
use crate::error::{ErrorKind, LayoutError, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::tiler::Tiler;
use cute_static::eager::Op;

/// `N` as the algebra's operand: a static integer, at least 1.
fn check_n(n: i32, op: &'static str) -> Result<Tiler> {
    if n <= 0 {
        return Err(LayoutError::from(ErrorKind::NonPositive { op, value: n }));
    }
    Ok(Tiler::Int(Int::new_static(n)))
}

/// CuTe's `upcast<N>(layout)`: a stride-1 mode has `N` times fewer elements, other strides are
/// divided by `N`. A static stride must divide or be divided by `N` ("Divisibility condition");
/// a dynamic one too, as its static twin says. Computed by cute-static's algorithm.
///
/// ```
/// use cute_dynamic::upcast;
/// let l = "(_8,_1024):(_1024,_1)".parse().unwrap();
/// assert_eq!(upcast(8, &l).unwrap().to_string(), "(_8,_128):(_128,_1)");
/// ```
pub fn upcast(n: i32, layout: &Layout) -> Result<Layout> {
    plain_op(Op::Upcast, "upcast", layout, &check_n(n, "upcast")?)
}

/// CuTe's `downcast<N>(layout)`: a stride-±1 mode has `N` times more elements, other strides are
/// multiplied by `N`. The layout needs a static stride-1 mode ("Downcast requires adjacent
/// elements"). Computed by cute-static's algorithm.
///
/// ```
/// use cute_dynamic::downcast;
/// let l = "(_8,_128):(_128,_1)".parse().unwrap();
/// assert_eq!(downcast(8, &l).unwrap().to_string(), "(_8,_1024):(_1024,_1)");
/// ```
pub fn downcast(n: i32, layout: &Layout) -> Result<Layout> {
    plain_op(Op::Downcast, "downcast", layout, &check_n(n, "downcast")?)
}
