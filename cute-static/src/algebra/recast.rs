//! `upcast<N>` and `downcast<N>`: the same memory seen as elements `N` times larger or smaller.

use super::layout::L;
use crate::error::{Condition, Msg};
use crate::prog::{Pred, Prog};
use crate::tree::V;

/// CuTe's `upcast<N>`: leaf by leaf, a static `_0` stride stays; a static stride `d` must divide
/// or be divided by `N` ("Divisibility condition"), the shape becomes
/// `ceil_div(s, ceil_div(N, |d|))` and the stride `signum(d) * ceil_div(|d|, N)` (so a stride-1
/// mode gets `N` times fewer elements); a dynamic stride is divided by `N` and its shape stays
/// (its divisibility becomes a run-time check, as the all-static twin would check it). An `N`
/// below 1 is refused (a compile error; recorded at run time, where the run goes on with `l`).
pub(crate) const fn upcast<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    n: i32,
    l: &L<C>,
) -> L<C> {
    if n <= 0 {
        p.refuse_invalid(Msg::new("upcast: N must be positive, got ").num(n));
        return *l;
    }
    let big = V::s(n);
    let (mut s, mut d) = (l.shape, l.stride);
    let mut k = 0;
    while k < s.len {
        if s.is_int_at(k) && !d.at(k).is_const(0) {
            let (shape, stride) = (s.at(k), d.at(k));
            if !p.require(Pred::UpcastDivides, stride, big, V::s(0)) {
                Msg::new("Divisibility condition: upcast<")
                    .num(n)
                    .str(">: stride ")
                    .v(stride)
                    .str(" of ")
                    .layout(&l.shape, &l.stride)
                    .fail()
            }
            if stride.is_static() {
                let abs = p.abs(stride);
                let per = p.ceil_div(big, abs);
                s.set(k, p.ceil_div(shape, per));
                let sign = p.signum(stride);
                let up = p.ceil_div(abs, big);
                d.set(k, p.mul(sign, up));
            } else {
                d.set(k, p.div(stride, big));
            }
        }
        k += 1;
    }
    L::new(s, d)
}

/// CuTe's `downcast<N>`: stride-±1 modes (static) get `N` times more elements, other strides are
/// multiplied. Needs a static stride-`_1` mode ("Downcast requires adjacent elements"). Either
/// refusal, or an `N` below 1, is a compile error; recorded at run time, where the run goes on
/// with `l`.
pub(crate) const fn downcast<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    n: i32,
    l: &L<C>,
) -> L<C> {
    if n <= 0 {
        p.refuse_invalid(Msg::new("downcast: N must be positive, got ").num(n));
        return *l;
    }
    let small = V::s(n);
    let (mut s, mut d) = (l.shape, l.stride);
    let mut has_one = false;
    let mut k = 0;
    while k < d.len {
        if d.is_int_at(k) && d.at(k).is_const(1) {
            has_one = true;
        }
        k += 1;
    }
    if !has_one {
        let mut m = Msg::new("Downcast requires adjacent elements: ");
        m.layout(&l.shape, &l.stride).str(" has no stride _1");
        p.refuse(Condition::DowncastAdjacent, &m);
        return *l;
    }
    k = 0;
    while k < s.len {
        if s.is_int_at(k) {
            let stride = d.at(k);
            if stride.is_const(1) || stride.is_const(-1) {
                s.set(k, p.mul(s.at(k), small));
            } else {
                d.set(k, p.mul(stride, small));
            }
        }
        k += 1;
    }
    L::new(s, d)
}
