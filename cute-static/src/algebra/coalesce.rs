//! `coalesce`, `coalesce_x`, `filter_zeros`, `filter`, and `coalesce` of a shape.

use super::int_tuple::filter_zeros as filter_zeros_tuple;
use super::layout::{L, Modes};
use crate::error::{Msg, mul};
use crate::tree::{List, Tree};

/// CuTe's `bw_coalesce` over flat modes, from the back, with the stack front `(fs, fd)`:
///
/// | front | mode `s:d` | action |
/// |---|---|---|
/// | `s0:d0` | `_1:d` | skip |
/// | `_1:d0` | `s:d` | replace the front |
/// | `s0:s*d` | `s:d` | merge into `s*s0:d` |
/// | `s0:d0` | `s:d` | push |
const fn bw_coalesce(shape: &List, stride: &List, last: usize, init: (i32, i32)) -> L {
    let (mut s_out, mut d_out) = (List::new(), List::new());
    // The stack is built back to front in reverse; `top` is its front.
    s_out.push(init.0);
    d_out.push(init.1);
    let mut k = last;
    while k > 0 {
        k -= 1;
        let (s, d) = (shape.v[k], stride.v[k]);
        let top = s_out.n - 1;
        if s == 1 {
            continue;
        } else if s_out.n == 1 && s_out.v[0] == 1 {
            s_out.v[0] = s;
            d_out.v[0] = d;
        } else if mul(s, d) == d_out.v[top] {
            s_out.v[top] = mul(s, s_out.v[top]);
            d_out.v[top] = d;
        } else {
            s_out.push(s);
            d_out.push(d);
        }
    }
    if s_out.n == 1 {
        return if s_out.v[0] == 1 {
            L::trivial()
        } else {
            L::int(s_out.v[0], d_out.v[0])
        };
    }
    let mut m = Modes::new();
    let mut k = s_out.n;
    while k > 0 {
        k -= 1;
        m.push_int(s_out.v[k], d_out.v[k]);
    }
    m.build()
}

const fn flat(l: &L) -> (List, List) {
    let (s, d) = (l.shape.leaves(), l.stride.leaves());
    if s.n == 0 {
        Msg::new("coalesce: ")
            .layout(&l.shape, &l.stride)
            .str(" has no modes")
            .fail()
    }
    (s, d)
}

/// CuTe's `coalesce(layout)`.
pub(crate) const fn coalesce(l: &L) -> L {
    let (s, d) = flat(l);
    let last = s.n - 1;
    bw_coalesce(&s, &d, last, (s.v[last], d.v[last]))
}

/// CuTe's `detail::coalesce_x`: a trailing `_1` mode becomes `_2` so its stride survives.
pub(crate) const fn coalesce_x(l: &L) -> L {
    let (s, d) = flat(l);
    let last = s.n - 1;
    let last_shape = if s.v[last] == 1 { 2 } else { s.v[last] };
    bw_coalesce(&s, &d, last, (last_shape, d.v[last]))
}

/// CuTe's `coalesce(layout, profile)`: coalesce at the terminals of `profile`.
pub(crate) const fn coalesce_profile(l: &L, profile: &Tree) -> L {
    if profile.is_int() {
        return coalesce(l);
    }
    let (r, p) = (l.rank(), profile.rank());
    if p > r {
        Msg::new("coalesce: profile ")
            .tree(profile)
            .str(" has more modes than ")
            .layout(&l.shape, &l.stride)
            .fail()
    }
    let mut m = Modes::new();
    let mut k = 0;
    while k < r {
        let mode = l.mode(k);
        if k < p {
            m.push(&coalesce_profile(&mode, &profile.mode(k)));
        } else {
            m.push(&mode);
        }
        k += 1;
    }
    m.build()
}

/// CuTe's `filter_zeros(layout)`.
pub(crate) const fn filter_zeros(l: &L) -> L {
    L::new(filter_zeros_tuple(&l.stride, &l.shape), l.stride)
}

/// CuTe's `filter(layout)`: no stride-0 or size-1 modes, coalesced.
pub(crate) const fn filter(l: &L) -> L {
    coalesce(&filter_zeros(l))
}

/// CuTe's `coalesce(shape)` for static shapes: the product, as an integer.
pub(crate) const fn coalesce_shape(shape: &Tree) -> Tree {
    Tree::int(shape.size())
}
