//! `complement(L, cotarget)`: the ordered layout of the offsets `L` does not reach.

use super::coalesce::{coalesce_modes, coalesce_shape, coalesce_shape_leaves, filtered, of_leaves};
use super::int_tuple::ceil_div as ceil_div_tuple;
use super::layout::{L, Major, make_layout};
use super::stride::compact_leaf;
use crate::error::{Condition, Msg};
use crate::prog::{Pred, Prog};
use crate::tree::{List, Tree, V};

/// CuTe's "Non-injective Layout detected in complement.": the new shape `stride / covered` must
/// not be 0. A compile error on static values (naming the filtered layout, its leaves `f`), a
/// run-time check on dynamic ones.
const fn injective<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    f: (&List<C>, &List<C>),
    new_shape: V,
    stride: V,
    covered: V,
) {
    if !p.require(Pred::Injective, new_shape, stride, covered) {
        let l = of_leaves(f);
        Msg::new("Non-injective Layout detected in complement. Stride ")
            .v(stride)
            .str(" of ")
            .layout(&l.shape, &l.stride)
            .str(" is inside the ")
            .v(covered)
            .str(" offsets already covered")
            .fail()
    }
}

/// CuTe's `detail::complement` on a filtered layout (its leaves `f`, shapes and strides): take
/// the smallest stride `d` (shape `s`) not yet taken; it adds the mode `d / last_stride :
/// last_stride`, the next stride is `d * s`; a last mode covers the rest of `cotarget`; the
/// modes coalesced. A stride `_0` layout gives `make_layout(coalesce(cotarget))`. Only a rank-1
/// layout may have a dynamic stride (CuTe's "Dynamic-stride complement only for rank-1
/// layouts"), so the smallest stride is always chosen among static strides. Appended to `out`.
const fn complement_filtered<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    f: (&List<C>, &List<C>),
    cotarget: &Tree<C>,
    out: &mut L<C>,
) {
    let (shape, stride) = f;
    if stride.n == 1 && stride.v[0].is_const(0) {
        let shape = coalesce_shape(p, cotarget);
        out.push(&make_layout(p, &shape, Major::Left));
        return;
    }
    if shape.n != 1 && !stride.is_static() {
        let l = of_leaves(f);
        let mut m = Msg::new("Dynamic-stride complement only for rank-1 layouts: ");
        m.layout(&l.shape, &l.stride)
            .str(" has rank ")
            .num(shape.n as i32)
            .str(" and a dynamic stride");
        p.refuse(Condition::DynamicStrideComplement, &m);
        out.push(&L::trivial());
        return;
    }
    if shape.n > 128 {
        Msg::new("cute-static: more than 128 elements").fail()
    }
    // The modes' leaves, shapes and strides (coalescing reads nothing else); the modes of `f`
    // taken so far, one bit each (a list holds at most 128).
    let (mut shapes, mut strides) = (List::new(), List::new());
    let (mut taken, mut left) = (0u128, shape.n);
    let mut last = V::s(1);
    loop {
        // The first smallest stride not taken; the last one left covers the rest.
        let mut min_idx = usize::MAX;
        let mut k = 0;
        while k < stride.n {
            let free = taken & (1 << k) == 0;
            if free && (min_idx == usize::MAX || stride.v[k].value() < stride.v[min_idx].value()) {
                min_idx = k;
            }
            k += 1;
        }
        let min_stride = stride.v[min_idx];
        let new_shape = p.div(min_stride, last);
        injective(p, f, new_shape, min_stride, last);
        shapes.push(new_shape);
        strides.push(last);
        last = p.mul(min_stride, shape.v[min_idx]);
        if left == 1 {
            break;
        }
        taken |= 1 << min_idx;
        left -= 1;
    }
    // The rest of the cotarget: `coalesce(ceil_div(cotarget, last))`, compact from `last`.
    let rest = ceil_div_tuple(p, cotarget, &Tree::leaf(last));
    let first = shapes.n;
    coalesce_shape_leaves(p, &rest, &mut shapes);
    let mut k = first;
    while k < shapes.n {
        strides.push(compact_leaf(p, shapes.v[k], &mut last));
        k += 1;
    }
    coalesce_modes(p, (&mut shapes, &mut strides), false);
    out.push_leaves((&shapes, &strides));
}

/// CuTe's `complement(layout, cotarget)`.
pub(crate) const fn complement<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
    cotarget: &Tree<C>,
) -> L<C> {
    let mut out = L::empty();
    complement_into(p, l, cotarget, &mut out);
    out
}

/// [`complement`] appended to `out` (written in place: each layout built apart and copied in
/// costs its capacity).
pub(crate) const fn complement_into<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
    cotarget: &Tree<C>,
    out: &mut L<C>,
) {
    let (mut s, mut d) = (List::new(), List::new());
    filtered(p, l, (&mut s, &mut d));
    complement_filtered(p, (&s, &d), cotarget, out);
}

/// CuTe's `complement(layout)`: cotarget `cosize(filter(layout))`.
pub(crate) const fn complement1<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
) -> L<C> {
    let (mut s, mut d) = (List::new(), List::new());
    filtered(p, l, (&mut s, &mut d));
    let cotarget = Tree::leaf(of_leaves((&s, &d)).cosize(p));
    let mut out = L::empty();
    complement_filtered(p, (&s, &d), &cotarget, &mut out);
    out
}
