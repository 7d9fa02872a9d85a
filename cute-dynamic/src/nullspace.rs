//! `nullspace(L)`: the coordinates that `L` maps to offset 0. Computed by the one algebra
//! (cute-static's algorithm run on this crate's values, [`crate::algebra`]), not by an
//! algorithm of this crate's own.

use crate::algebra::plain_op;
use crate::error::Result;
use crate::layout::Layout;
use crate::tiler::Tiler;
use cute_static::eager::Op;

/// CuTe's `nullspace(layout)`: a layout `R` with `layout(R(i)) == 0`, built from the modes with a
/// static `_0` stride, each with its compact column-major stride in the flat shape (a static
/// `_1` mode gets `_0`); `size(R) == size(layout) / size(filter(layout))`.
///
/// ```
/// use cute_dynamic::nullspace;
/// let l = "(_2,_3,_4):(_0,_1,_0)".parse().unwrap();
/// assert_eq!(nullspace(&l).unwrap().to_string(), "(_2,_4):(_1,_6)");
/// ```
pub fn nullspace(layout: &Layout) -> Result<Layout> {
    plain_op(Op::Nullspace, "nullspace", layout, &Tiler::Underscore)
}
