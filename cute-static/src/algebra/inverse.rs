//! `right_inverse`, `left_inverse`, `nullspace`, `max_common_layout`, `max_common_vector`.

use super::coalesce::coalesce;
use super::composition::composition;
use super::layout::{L, Modes};
use crate::error::{Msg, div, mul, rem};
use crate::tree::{List, Tree};

/// Mode indices of `stride` sorted by stride value (stable).
const fn sorted(stride: &List) -> List {
    let mut idx = List::new();
    let mut k = 0;
    while k < stride.n {
        idx.push(k as i32);
        k += 1;
    }
    // Insertion sort keeps equal strides in mode order.
    let mut i = 1;
    while i < idx.n {
        let mut j = i;
        while j > 0 && stride.v[idx.v[j - 1] as usize] > stride.v[idx.v[j] as usize] {
            let t = idx.v[j];
            idx.v[j] = idx.v[j - 1];
            idx.v[j - 1] = t;
            j -= 1;
        }
        i += 1;
    }
    idx
}

/// The coalesced layout's flat modes and the exclusive prefix products of its shape.
const fn coalesced(l: &L) -> (List, List, List) {
    let c = coalesce(l);
    let (s, d) = (c.shape.leaves(), c.stride.leaves());
    let mut pre = List::new();
    pre.push(1);
    let mut k = 0;
    while k < s.n {
        pre.push(mul(s.v[k], pre.v[k]));
        k += 1;
    }
    (s, d, pre)
}

/// CuTe's `right_inverse`: follow the strides up from 1.
pub(crate) const fn right_inverse(l: &L) -> L {
    let (s, d, pre) = coalesced(l);
    let order = sorted(&d);
    let mut m = Modes::new();
    m.push_int(1, 0);
    let mut curr = 1;
    let mut k = 0;
    while k < order.n {
        let i = order.v[k] as usize;
        if d.v[i] == curr {
            m.push_int(s.v[i], pre.v[i]);
            curr = mul(s.v[i], d.v[i]);
        }
        k += 1;
    }
    coalesce(&m.build())
}

/// CuTe's `left_inverse`: `result(layout(i)) == i` for injective layouts.
pub(crate) const fn left_inverse(l: &L) -> L {
    let (s, d, pre) = coalesced(l);
    let order = sorted(&d);
    let (mut rs, mut rd) = (List::new(), List::new());
    rd.push(0);
    let mut k = 0;
    while k < order.n {
        let i = order.v[k] as usize;
        if d.v[i] != 0 {
            let covered = rs.product();
            if rem(d.v[i], covered) != 0 {
                Msg::new("Left inverse divisibility condition: stride ")
                    .int(d.v[i])
                    .str(" of ")
                    .layout(&l.shape, &l.stride)
                    .str(" is not a multiple of ")
                    .int(covered)
                    .fail()
            }
            rs.push(div(d.v[i], covered));
            rd.push(pre.v[i]);
        }
        k += 1;
    }
    rs.push(s.v[order.v[order.n - 1] as usize]);
    coalesce(&L::new(
        Tree::from_list(&rs, false),
        Tree::from_list(&rd, false),
    ))
}

/// CuTe's `nullspace`: the modes with stride 0, with compact strides of the flat shape.
pub(crate) const fn nullspace(l: &L) -> L {
    let (s, d) = (l.shape.leaves(), l.stride.leaves());
    let (mut ns, mut nd) = (List::new(), List::new());
    let mut prefix = 1;
    let mut k = 0;
    while k < s.n {
        if d.v[k] == 0 {
            ns.push(s.v[k]);
            nd.push(if s.v[k] == 1 { 0 } else { prefix });
        }
        if s.v[k] != 1 {
            prefix = mul(prefix, s.v[k]);
        }
        k += 1;
    }
    if ns.n == 0 {
        return L::trivial();
    }
    L::new(Tree::from_list(&ns, true), Tree::from_list(&nd, true))
}

/// `right_inverse(b)` and the contiguous part of `coalesce(a ∘ right_inverse(b))`.
const fn common(a: &L, b: &L) -> (L, Option<L>) {
    let inv_b = right_inverse(b);
    let common = coalesce(&composition(a, &inv_b));
    let first = common.mode(0);
    if first.shape.is_int() && first.stride.is_int() && first.stride.value() == 1 {
        (inv_b, Some(first))
    } else {
        (inv_b, None)
    }
}

/// CuTe's `max_common_layout(a, b)`.
pub(crate) const fn max_common_layout(a: &L, b: &L) -> L {
    match common(a, b) {
        (inv_b, Some(first)) => composition(&inv_b, &first),
        _ => L::trivial(),
    }
}

/// CuTe's `max_common_vector(a, b)`.
pub(crate) const fn max_common_vector(a: &L, b: &L) -> i32 {
    match common(a, b) {
        (_, Some(first)) => first.size(),
        _ => 1,
    }
}
