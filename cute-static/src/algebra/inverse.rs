//! `right_inverse`, `left_inverse`, `nullspace`, `max_common_layout`, `max_common_vector`.

use super::coalesce::{self, coalesce};
use super::composition::{composition, composition_as_cute};
use super::exact;
use super::layout::L;
use crate::error::{Condition, Msg};
use crate::prog::Prog;
use crate::tree::{List, Tree, V};

/// Indices of the static strides of `stride`, sorted by value as CuTe's `SortByKey` sorts them:
/// an exchange sort (for each position `i`, swap in every later element that is smaller), which
/// is not stable, so equal strides can come out in reverse mode order; dynamic strides take no
/// part.
const fn sorted_static<const C: usize>(stride: &List<C>) -> List<C> {
    let mut idx = List::new();
    let mut k = 0;
    while k < stride.n {
        if stride.v[k].is_static() {
            idx.push(V::s(k as i32));
        }
        k += 1;
    }
    let mut i = 0;
    while i < idx.n {
        let mut j = i + 1;
        while j < idx.n {
            if stride.v[idx.v[j].value() as usize].value()
                < stride.v[idx.v[i].value() as usize].value()
            {
                let t = idx.v[j];
                idx.v[j] = idx.v[i];
                idx.v[i] = t;
            }
            j += 1;
        }
        i += 1;
    }
    idx
}

/// The exclusive prefix products of the shapes `s` (one more than `s`, starting at `_1`).
const fn prefix_products<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    s: &List<C>,
) -> List<C> {
    let mut pre = List::new();
    pre.push(V::s(1));
    let mut k = 0;
    while k < s.n {
        let next = p.mul(s.v[k], pre.v[k]);
        pre.push(next);
        k += 1;
    }
    pre
}

/// CuTe's `right_inverse`: the largest `R` with `layout(R(i)) == i` for `i < size(R)`. Follow
/// the static strides up from `_1`: a mode joins when its stride is, statically, the size
/// covered so far (`curr`, static until a dynamic shape joins).
pub(crate) const fn right_inverse<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
) -> L<C> {
    let (mut s, mut d) = (List::new(), List::new());
    coalesce::coalesced(p, l, (&mut s, &mut d));
    let pre = prefix_products(p, &s);
    let order = sorted_static(&d);
    // The modes of the result, shapes and strides, then coalesced.
    let (mut rs, mut rd) = (List::new(), List::new());
    rs.push(V::s(1));
    rd.push(V::s(0));
    let mut curr = V::s(1);
    let mut k = 0;
    while k < order.n {
        let i = order.v[k].value() as usize;
        if curr.is_const(d.v[i].value()) {
            rs.push(s.v[i]);
            rd.push(pre.v[i]);
            curr = p.mul(s.v[i], d.v[i]);
        }
        k += 1;
    }
    coalesce::coalesce_modes(p, (&mut rs, &mut rd), false);
    coalesce::of_leaves((&rs, &rd))
}

/// CuTe's `left_inverse`: `result(layout(i)) == i` for injective layouts. The coalesced strides
/// must be static ("Left inverse requires static strides."); sorted, each non-zero stride must
/// be a multiple of the size covered by the smaller ones.
pub(crate) const fn left_inverse<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
) -> L<C> {
    let (mut s, mut d) = (List::new(), List::new());
    coalesce::coalesced(p, l, (&mut s, &mut d));
    let pre = prefix_products(p, &s);
    if !d.is_static() {
        let mut m = Msg::new("Left inverse requires static strides. ");
        m.layout(&l.shape, &l.stride).str(" has a dynamic stride");
        p.refuse(Condition::LeftInverseStaticStrides, &m);
        return *l;
    }
    let order = sorted_static(&d);
    let (mut rs, mut rd) = (List::new(), List::new());
    rd.push(V::s(0));
    let mut k = 0;
    while k < order.n {
        let i = order.v[k].value() as usize;
        if !d.v[i].is_const(0) {
            // Strides are static, so the covered size is too.
            let covered = p.product(&rs);
            if p.rem(d.v[i], covered).value() != 0 {
                let mut m = Msg::new("Left inverse divisibility condition: stride ");
                m.v(d.v[i])
                    .str(" of ")
                    .layout(&l.shape, &l.stride)
                    .str(" is not a multiple of ")
                    .v(covered);
                p.refuse(Condition::LeftInverseDivisibility, &m);
                return *l;
            }
            let r = p.div(d.v[i], covered);
            rs.push(r);
            rd.push(pre.v[i]);
        }
        k += 1;
    }
    rs.push(s.v[order.v[order.n - 1].value() as usize]);
    coalesce::coalesce_modes(p, (&mut rs, &mut rd), false);
    coalesce::of_leaves((&rs, &rd))
}

/// How many of `d` are a static `_0`.
const fn zeros<const C: usize>(d: &List<C>) -> usize {
    let (mut n, mut k) = (0, 0);
    while k < d.n {
        if d.v[k].is_const(0) {
            n += 1;
        }
        k += 1;
    }
    n
}

/// CuTe's `nullspace`: the modes with a static `_0` stride, with the compact column-major
/// strides of the flat shape (a static `_1` mode gets `_0`).
pub(crate) const fn nullspace<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
) -> L<C> {
    let (s, d) = (l.shape.leaves(), l.stride.leaves());
    let (mut ns, mut nd) = (List::new(), List::new());
    let mut prefix = V::s(1);
    let mut k = 0;
    while k < s.n {
        if d.v[k].is_const(0) {
            ns.push(s.v[k]);
            nd.push(if s.v[k].is_const(1) { V::s(0) } else { prefix });
        }
        // Without a `_0` stride the prefix products are never read (not computed: an eager run
        // would compute their values, which may overflow).
        if !s.v[k].is_const(1) && zeros(&d) > 0 {
            prefix = p.mul(prefix, s.v[k]);
        }
        k += 1;
    }
    if ns.n == 0 {
        return L::trivial();
    }
    L::new(Tree::from_list(&ns, true), Tree::from_list(&nd, true))
}

/// `right_inverse(b)` and the contiguous part of `coalesce(a ∘ right_inverse(b))`: its mode 0
/// when that has a static shape and stride `_1`. The composition is CuTe's, `A o B` or not (its
/// weak Stride Divisibility Condition, CUTLASS #3177): on static values the answer is checked
/// against its definition instead ([`common_layout`]); on run-time values cute-static takes
/// CuTe's answer (cute-dynamic checks it against the definition).
const fn common<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    b: &L<C>,
) -> (L<C>, Option<L<C>>) {
    let inv_b = right_inverse(p, b);
    let composed = composition_as_cute(p, a, &inv_b);
    let common = coalesce(p, &composed);
    let first = common.mode(0);
    if first.shape.is_int()
        && first.shape.value().is_static()
        && first.stride.is_int()
        && first.stride.value().is_const(1)
    {
        (inv_b, Some(first))
    } else {
        (inv_b, None)
    }
}

/// The common layout `R` (`_1:_0` where there is no common part); where its values are known
/// (all static, or an eager run's) checked against the definition, `a(R(i)) == i` and `b(R(i)) == i` for every `i` of R's domain (a
/// compile error where it is not, recorded at run time).
const fn common_layout<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    b: &L<C>,
) -> L<C> {
    // No common part: `_1:_0`, nothing to check.
    let r = match common(p, a, b) {
        (inv_b, Some(first)) => composition(p, &inv_b, &first),
        _ => return L::trivial(),
    };
    let known = exact::is_static(a) && exact::is_static(b) && exact::is_static(&r);
    if known || p.is_eager() {
        let n = match exact::size_of(&r) {
            Some(n) => n,
            None => exact::MAX_ENUMERATED,
        };
        let mut i = 0;
        while i < n && i < exact::MAX_ENUMERATED {
            let j = exact::value_at(&r, i);
            let (x, y) = match j {
                Some(j) => (exact::value_at(a, j), exact::value_at(b, j)),
                None => (None, None),
            };
            let common = matches!(x, Some(x) if x == i) && matches!(y, Some(y) if y == i);
            if !common {
                let mut m = Msg::new("Stride Divisibility Condition: max_common_layout(");
                m.layout(&a.shape, &a.stride)
                    .str(", ")
                    .layout(&b.shape, &b.stride)
                    .str(") is ")
                    .layout(&r.shape, &r.stride)
                    .str(" by CuTe's weak form of it (CUTLASS #3177), which is not common: at ")
                    .num64(i)
                    .str(" a and b do not both give it back");
                p.refuse(Condition::StrideDivisibilityComplete, &m);
                return r;
            }
            i += 1;
        }
    }
    r
}

/// CuTe's `max_common_layout(a, b)`: a layout `R` pointing to the largest run of elements with
/// `a(R(i)) == i` and `b(R(i)) == i`.
pub(crate) const fn max_common_layout<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    b: &L<C>,
) -> L<C> {
    common_layout(p, a, b)
}

/// CuTe's `max_common_vector(a, b)`: the number of contiguous elements that correspond in `a`
/// and `b` (always static).
pub(crate) const fn max_common_vector<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    b: &L<C>,
) -> V {
    if (exact::is_static(a) && exact::is_static(b)) || p.is_eager() {
        // Checked against the definition with the common layout, whose size it is.
        let _ = common_layout(p, a, b);
    }
    match common(p, a, b) {
        (_, Some(first)) => first.size(p),
        _ => V::s(1),
    }
}
