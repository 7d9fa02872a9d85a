//! `complement(L, cotarget)`: the ordered layout of the offsets `L` does not reach.

use super::coalesce::{coalesce, coalesce_shape, filter};
use super::int_tuple::ceil_div as ceil_div_tuple;
use super::layout::{L, Modes, make_layout};
use super::stride::compact_major;
use crate::error::{Msg, div, mul};
use crate::tree::Tree;

const fn non_injective(l: &L, stride: i32, covered: i32) -> ! {
    Msg::new("Non-injective Layout detected in complement. Stride ")
        .int(stride)
        .str(" of ")
        .layout(&l.shape, &l.stride)
        .str(" is inside the ")
        .int(covered)
        .str(" offsets already covered")
        .fail()
}

/// CuTe's `detail::complement` on a filtered layout: take the smallest stride `d` (shape `s`);
/// it adds the mode `d / last_stride : last_stride`, the next stride is `d * s`; a last mode
/// covers the rest of `cotarget`.
const fn complement_filtered(f: &L, cotarget: &Tree) -> L {
    if f.stride.is_int() && f.stride.value() == 0 {
        return make_layout(&coalesce_shape(cotarget), false);
    }
    let (mut shape, mut stride) = (f.shape.leaves(), f.stride.leaves());
    let mut m = Modes::new();
    let mut last = 1;
    while shape.n > 1 {
        let mut min_idx = 0;
        let mut k = 1;
        while k < stride.n {
            if stride.v[k] < stride.v[min_idx] {
                min_idx = k;
            }
            k += 1;
        }
        let min_stride = stride.v[min_idx];
        let new_shape = div(min_stride, last);
        if new_shape == 0 {
            non_injective(f, min_stride, last)
        }
        m.push_int(new_shape, last);
        last = mul(min_stride, shape.v[min_idx]);
        shape.remove(min_idx);
        stride.remove(min_idx);
    }
    let new_shape = div(stride.v[0], last);
    if new_shape == 0 {
        non_injective(f, stride.v[0], last)
    }
    m.push_int(new_shape, last);
    let new_stride = mul(stride.v[0], shape.v[0]);
    let rest_shape = coalesce_shape(&ceil_div_tuple(cotarget, &Tree::int(new_stride)));
    let rest_stride = compact_major(&rest_shape, new_stride, false);
    m.push(&L::new(rest_shape, rest_stride));
    coalesce(&m.build())
}

/// CuTe's `complement(layout, cotarget)`.
pub(crate) const fn complement(l: &L, cotarget: &Tree) -> L {
    complement_filtered(&filter(l), cotarget)
}

/// CuTe's `complement(layout)`: cotarget `cosize(filter(layout))`.
pub(crate) const fn complement1(l: &L) -> L {
    let f = filter(l);
    complement_filtered(&f, &Tree::int(f.cosize()))
}
