//! The compact layouts CuTe gives new register tensors (`layout.hpp`): `make_layout_like` (the
//! strides in the order of the source's) and `make_fragment_like` (mode 0 column-major first,
//! then the other modes in the order of the source's strides).

use crate::algebra::plain_op;
use crate::error::Result;
use crate::int::Int;
use crate::int_tuple_algebra::filter_zeros_tuple;
use crate::layout::Layout;
use crate::mode_ops::take;
use crate::product::tiled_product;
use crate::stride::{Major, compact_major, make_layout, make_ordered_layout};
use crate::tiler::Tiler;
use cute_static::eager::Op;

/// CuTe's `make_layout_like(layout)`: a compact layout of the same shape whose strides are
/// ordered as `layout`'s, static `_0` strides kept. Rule:
/// `make_layout(shape, compact_order(filter_zeros(stride, shape), stride))` (a mode under a
/// static `_0` stride counts as `_1`, so it gets `_0` again; dynamic strides order after the
/// static ones, left to right). Computed by cute-static's algorithm.
///
/// ```
/// use cute_dynamic::make_layout_like;
/// // CuTe's own examples.
/// let l = make_layout_like(&"(_2,_2,_2,_2):(_0,_2,_4,_1)".parse()?)?;
/// assert_eq!(l.to_string(), "(_2,_2,_2,_2):(_0,_2,_4,_1)");
/// let l = make_layout_like(&"(2,3,4,5):(_0,42,_1,_0)".parse()?)?;
/// assert_eq!(l.to_string(), "(2,3,4,5):(_0,4,_1,_0)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_layout_like(layout: &Layout) -> Result<Layout> {
    plain_op(
        Op::LayoutLike,
        "make_layout_like",
        layout,
        &Tiler::Underscore,
    )
}

/// CuTe's `make_fragment_like(layout)` for a layout: the compact layout of a register fragment
/// of the same shape. Rule: for rank `R > 1` and a static shape, mode 0 is column-major (its
/// static `_0` strides stay `_0`) and the other modes follow the order of their strides,
/// `tiled_product(make_layout(shape<0>, compact_major<LayoutLeft>(filter_zeros(stride<0>,
/// shape<0>))), make_ordered_layout(take<1,R>(shape), take<1,R>(stride)))`; otherwise
/// `make_layout(shape)`. (cute-static's `make_fragment_like_layout`.)
///
/// ```
/// use cute_dynamic::make_fragment_like_layout;
/// let l = make_fragment_like_layout(&"((_2,_2),_2,_3):((_0,_64),_1024,_4)".parse()?)?;
/// assert_eq!(l.to_string(), "((_2,_2),_2,_3):((_0,_1),_6,_2)");
/// // A dynamic shape: column-major.
/// let l = make_fragment_like_layout(&"(100,_4):(_4,_1)".parse()?)?;
/// assert_eq!(l.to_string(), "(100,_4):(_1,100)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_fragment_like_layout(layout: &Layout) -> Result<Layout> {
    let r = layout.rank();
    let shape = layout.shape();
    if r <= 1 || !shape.is_static() {
        return make_layout(&shape);
    }
    let mode0 = layout.get(0)?;
    let (s0, d0) = (mode0.shape(), mode0.stride());
    let first = Layout::from_parts(
        s0.clone(),
        compact_major(
            &filter_zeros_tuple(&d0, &s0)?,
            Int::new_static(1),
            Major::Left,
        )?,
    )?;
    let rest = take(layout, 1, r)?;
    let ordered = make_ordered_layout(&rest.shape(), &rest.stride())?;
    tiled_product(&first, &Tiler::Layout(ordered))
}
