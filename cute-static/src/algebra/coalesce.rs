//! `coalesce`, `coalesce_x`, `filter_zeros`, `filter`, and `coalesce` of a shape.

use super::int_tuple::filter_zeros as filter_zeros_tuple;
use super::layout::{L, Modes};
use crate::error::Msg;
use crate::prog::Prog;
use crate::tree::{List, Tree, V};

/// CuTe's `bw_coalesce` over the flat modes `shape:stride` (at least one), in place, from the
/// back, with the stack front `(fs, fd)`:
///
/// | front | mode `s:d` | action |
/// |---|---|---|
/// | `s0:d0` | `_1:d` | skip |
/// | `_1:d0` (only mode so far) | `s:d` | replace the front |
/// | `s0:s*d` (`s0` static, `s*d == d0` statically) | `s:d` | merge into `s*s0:d` |
/// | `s0:d0` | `s:d` | push |
///
/// The stack starts as `init` in the last mode's place and grows down, its front at `top`,
/// always above the mode being read (it holds at most one mode for each mode read). A single
/// `_1` left is `_1:_0`. The lists end as the result's leaves, left to right (one leaf: a
/// layout of rank 1; [`of_leaves`] makes it a layout).
const fn bw_coalesce<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    (shape, stride): (&mut List<C>, &mut List<C>),
    init: (V, V),
) {
    let last = shape.n - 1;
    let mut top = last;
    shape.v[last] = init.0;
    stride.v[last] = init.1;
    let mut k = last;
    while k > 0 {
        k -= 1;
        let (s, d) = (shape.v[k], stride.v[k]);
        if s.is_const(1) {
            continue;
        } else if top == last && shape.v[last].is_const(1) {
            shape.v[last] = s;
            stride.v[last] = d;
        } else if shape.v[top].is_static() && statically_equal(p, s, d, stride.v[top]) {
            shape.v[top] = p.mul(s, shape.v[top]);
            stride.v[top] = d;
        } else {
            top -= 1;
            shape.v[top] = s;
            stride.v[top] = d;
        }
    }
    if top == last && shape.v[last].is_const(1) {
        stride.v[last] = V::s(0);
    }
    shape.drop_front(top);
    stride.drop_front(top);
}

/// The layout of the leaves `(s, d)` (of one or more modes): a single leaf stands alone,
/// several make a tuple.
pub(crate) const fn of_leaves<const C: usize>(leaves: (&List<C>, &List<C>)) -> L<C> {
    let mut l = L::empty();
    l.push_leaves(leaves);
    l
}

/// CuTe's `is_constant<true, decltype(s * d == d0)>`.
const fn statically_equal<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    s: V,
    d: V,
    d0: V,
) -> bool {
    let sd = p.mul(s, d);
    p.eq(sd, d0).is_const(1)
}

/// `bw_coalesce` of the leaves of `l`, written to the empty `s` and `d`; `keep_last` as for
/// [`coalesce_modes`]; `filtered`: a static `_0` stride makes its shape `_1` first (which
/// coalescing skips: `filter_zeros`). A layout with no leaf (`()`) is refused (a compile error;
/// recorded at run time, the run going on with `_1:_0`): CuTe's has no last mode to start from.
const fn coalesce_leaves<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
    (s, d): (&mut List<C>, &mut List<C>),
    (keep_last, filtered): (bool, bool),
) {
    l.shape.push_leaves(s);
    l.stride.push_leaves(d);
    let mut k = 0;
    while filtered && k < s.n {
        if d.v[k].is_const(0) {
            s.v[k] = V::s(1);
        }
        k += 1;
    }
    if s.n == 0 {
        let mut m = Msg::new("coalesce: ");
        m.layout(&l.shape, &l.stride).str(" has no modes");
        p.refuse_invalid(&m);
        s.push(V::s(1));
        d.push(V::s(0));
    }
    coalesce_modes(p, (s, d), keep_last)
}

/// `bw_coalesce` of the flat modes `s:d` (at least one) in place, starting from the last;
/// `keep_last`: a trailing `_1` becomes `_2`, so that its stride survives.
pub(crate) const fn coalesce_modes<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    (s, d): (&mut List<C>, &mut List<C>),
    keep_last: bool,
) {
    let last = s.n - 1;
    let (last_shape, last_stride) = (s.v[last], d.v[last]);
    let last_shape = if keep_last && last_shape.is_const(1) {
        V::s(2)
    } else {
        last_shape
    };
    bw_coalesce(p, (s, d), (last_shape, last_stride))
}

/// CuTe's `coalesce(layout)`: only statically known modes merge (a dynamic `1` stays).
pub(crate) const fn coalesce<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
) -> L<C> {
    coalesced_layout(p, l, (false, false))
}

/// The layout of [`coalesce_leaves`]`(l)` (`how`: its `keep_last` and `filtered`).
const fn coalesced_layout<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
    how: (bool, bool),
) -> L<C> {
    let (mut s, mut d) = (List::new(), List::new());
    coalesce_leaves(p, l, (&mut s, &mut d), how);
    of_leaves((&s, &d))
}

/// The leaves of [`coalesce`]`(l)`, shapes and strides, written to the empty lists `out`.
pub(crate) const fn coalesced<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
    out: (&mut List<C>, &mut List<C>),
) {
    coalesce_leaves(p, l, out, (false, false));
}

/// The leaves of CuTe's `detail::coalesce_x(l)`, shapes and strides, written to the empty
/// lists `out`: a trailing `_1` mode becomes `_2` so its stride survives.
pub(crate) const fn coalesce_x<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
    out: (&mut List<C>, &mut List<C>),
) {
    coalesce_leaves(p, l, out, (true, false));
}

/// CuTe's `coalesce(layout, profile)`: coalesce at the terminals of `profile`.
pub(crate) const fn coalesce_profile<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
    profile: &Tree<C>,
) -> L<C> {
    if profile.is_int() {
        return coalesce(p, l);
    }
    let (r, n) = (l.rank(), profile.rank());
    if n > r {
        let mut m = Msg::new("coalesce: profile ");
        m.tree(profile)
            .str(" has more modes than ")
            .layout(&l.shape, &l.stride);
        p.refuse_invalid(&m);
        return *l;
    }
    let mut m = Modes::new();
    let mut k = 0;
    while k < r {
        let mode = l.mode(k);
        if k < n {
            m.push(&coalesce_profile(p, &mode, &profile.mode(k)));
        } else {
            m.push(&mode);
        }
        k += 1;
    }
    m.build()
}

/// CuTe's `filter_zeros(layout)`: modes with a static `_0` stride get shape `_1`.
pub(crate) const fn filter_zeros<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
) -> L<C> {
    L::new(filter_zeros_tuple(p, &l.stride, &l.shape), l.stride)
}

/// CuTe's `filter(layout)`: no stride-0 or size-1 modes, coalesced.
pub(crate) const fn filter<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
) -> L<C> {
    coalesced_layout(p, l, (false, true))
}

/// The leaves of [`filter`]`(l)`, shapes and strides, written to the empty lists `out`:
/// `coalesce(filter_zeros(l))` on the leaves (a static `_0` stride makes its shape `_1`, which
/// coalescing skips).
pub(crate) const fn filtered<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
    out: (&mut List<C>, &mut List<C>),
) {
    coalesce_leaves(p, l, out, (false, true));
}

/// CuTe's `coalesce(shape)`: adjacent leaves that are both static, or both dynamic, multiply
/// together; a single result stands alone.
pub(crate) const fn coalesce_shape<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    shape: &Tree<C>,
) -> Tree<C> {
    let mut out = List::new();
    coalesce_shape_leaves(p, shape, &mut out);
    if out.n == 0 {
        return *shape;
    }
    Tree::from_list(&out, true)
}

/// The leaves of [`coalesce_shape`], appended to `out`.
pub(crate) const fn coalesce_shape_leaves<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    shape: &Tree<C>,
    out: &mut List<C>,
) {
    let first = out.n;
    let mut k = 0;
    while k < shape.len {
        if shape.is_int_at(k) {
            let a = shape.at(k);
            if out.n > first && out.v[out.n - 1].is_static() == a.is_static() {
                let back = out.n - 1;
                out.v[back] = p.mul(out.v[back], a);
            } else {
                out.push(a);
            }
        }
        k += 1;
    }
}
