//! `composition(A, B)`: `(A ∘ B)(c) == A(B(c))`, with `compatible(B, result)`.

use super::coalesce::coalesce_x;
use super::exact::{self, Exactness, Leaf};
use super::layout::{L, LayoutAt, Modes};
use super::tiler::{self, Tl};
use crate::error::{Condition, Msg};
use crate::prog::{Pred, Prog};
use crate::tree::{At, List, V};

/// CuTe's Stride Divisibility Condition for mode `k` of `lhs` (shape `shape`), taking `count`
/// elements at `stride`: `stride < shape || stride % shape == 0`. On static values a compile
/// error; on dynamic ones a run-time check. This is CuTe's weak form: what it lets through that
/// is not `A o B` is found once the walk is done ([`super::exact`]).
const fn stride_divisibility<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    ab: (&L<C>, &L<C>),
    (shape, stride, count): (V, V, V),
) {
    if shape.is_static() && stride.is_static() {
        if !p.require(Pred::StrideDivides, stride, shape, V::s(0)) {
            stride_divisibility_failed(ab, shape, stride)
        }
    } else {
        // On run-time values, as cute-dynamic checks them: one element (`count` 1) lands at
        // offset 0 whatever the stride; what CuTe itself would refuse on these values is its
        // static twin's to say (the operations' `twin_check`).
        p.check_at_run_time(Pred::StrideDivides, stride, shape, count);
    }
}

/// CuTe's Stride Divisibility Condition failed on static values: a compile error naming the
/// operands as they were given (not the coalesced A the walk runs on).
const fn stride_divisibility_failed<const C: usize>(
    (a, b): (&L<C>, &L<C>),
    shape: V,
    stride: V,
) -> ! {
    Msg::new("Stride Divisibility Condition: stride ")
        .v(stride)
        .str(" against shape ")
        .v(shape)
        .str(" of A = ")
        .layout(&a.shape, &a.stride)
        .str(", composed with B = ")
        .layout(&b.shape, &b.stride)
        .fail()
}

/// CuTe's `composition_impl` for one `rhs` mode against a coalesced `lhs` (its leaves `ls`,
/// `ld`), appended to `out` (a layout's trees written in place: each tree copied costs its
/// capacity):
/// * `rhs` a tuple: mode by mode (right-distributivity);
/// * `rhs` stride `_0`: `rhs` itself;
/// * `lhs` an integer: `rs : rd * ld`;
/// * otherwise walk the modes of `lhs`: divide the stride out of them (Stride Divisibility
///   Condition), keep `rs` elements (Shape Divisibility Condition); the last mode of `lhs`
///   takes the rest, and a single piece stands alone. Only statically known size-1 modes are
///   skipped.
const fn impl_rec<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    (mut exactness, ab): (Option<&mut Exactness<'_, C>>, (&L<C>, &L<C>)),
    (ls, ld): (&List<C>, &List<C>),
    (rhs, out): (LayoutAt<C>, &mut L<C>),
) {
    if rhs.shape.is_tup() {
        let at = out.open();
        let mut k = 0;
        while k < rhs.shape.arity() {
            let again = match &mut exactness {
                Some(e) => Some(&mut **e),
                None => None,
            };
            impl_rec(p, (again, ab), (ls, ld), (rhs.child(k), out));
            k += 1;
        }
        out.close(at, rhs.shape.arity());
        return;
    }
    let (shape, stride) = (rhs.shape.v(), rhs.stride.v());
    if stride.is_const(0) {
        out.push_int(shape, stride);
        return;
    }
    if ls.n == 1 {
        out.push_int(shape, p.mul(stride, ld.v[0]));
        return;
    }
    let last = ls.n - 1;
    let (at, mut pieces) = (out.open(), 0);
    let leaf = match &mut exactness {
        Some(e) => e.leaf(stride),
        None => Leaf::NONE,
    };
    let (mut rest_shape, mut rest_stride) = (shape, stride);
    let mut k = 0;
    while k < last {
        let (curr_shape, curr_stride) = (ls.v[k], ld.v[k]);
        stride_divisibility(p, ab, (curr_shape, rest_stride, rest_shape));
        if let Some(e) = &mut exactness {
            e.step(&leaf, k, (curr_shape, rest_stride, rest_shape));
        }
        let abs_stride = p.abs(rest_stride);
        let next_shape = p.ceil_div(curr_shape, abs_stride);
        let up = p.ceil_div(abs_stride, curr_shape);
        let sign = p.signum(rest_stride);
        let next_stride = p.mul(up, sign);
        if next_shape.is_const(1) || rest_shape.is_const(1) {
            rest_stride = next_stride;
        } else {
            let new_shape = p.min(next_shape, rest_shape);
            if !p.require(Pred::ShapeDivides, rest_shape, new_shape, V::s(0)) {
                Msg::new("Shape Divisibility Condition: shape ")
                    .v(rest_shape)
                    .str(" against ")
                    .v(new_shape)
                    .str(" of A = ")
                    .layout(&ab.0.shape, &ab.0.stride)
                    .str(", composed with B = ")
                    .layout(&ab.1.shape, &ab.1.stride)
                    .fail()
            }
            out.push_int(new_shape, p.mul(rest_stride, curr_stride));
            pieces += 1;
            if let Some(e) = &mut exactness {
                e.piece(&leaf, (new_shape, k, rest_stride));
            }
            rest_shape = p.div(rest_shape, new_shape);
            rest_stride = next_stride;
        }
        k += 1;
    }
    let last_stride = p.mul(rest_stride, ld.v[last]);
    if pieces == 0 || !rest_shape.is_const(1) {
        out.push_int(rest_shape, last_stride);
        pieces += 1;
    }
    out.close_unwrapped(at, pieces);
}

/// CuTe's `composition(A, B)` of two layouts, `A o B` or an error ([`super::exact`]): where the
/// walk's pieces do not prove it, compared point by point while compiling if every value is
/// static, in an eager run at run time (every value known), by `.checked()` otherwise. (The
/// static twin asks CuTe's own conditions only.)
pub(crate) const fn composition<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    b: &L<C>,
) -> L<C> {
    let mut out = L::empty();
    compose(p, (a, b), true, &mut out);
    out
}

/// [`composition`] written to the empty `out` (in place: a layout returned is copied, at the
/// cost of its capacity).
pub(crate) const fn composition_into<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    (a, b): (&L<C>, &L<C>),
    out: &mut L<C>,
) {
    compose(p, (a, b), true, out);
}

/// CuTe's `composition(A, B)` as CuTe computes it, `A o B` or not: for an operation that checks
/// its own answer against its definition instead (`max_common_layout`, a swizzled slice).
pub(crate) const fn composition_as_cute<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    b: &L<C>,
) -> L<C> {
    let mut out = L::empty();
    compose(p, (a, b), false, &mut out);
    out
}

/// `A o B`, written to the empty `out`; `exact`: refused where it is not `A o B` (CuTe's
/// answer otherwise).
const fn compose<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    (a, b): (&L<C>, &L<C>),
    exact: bool,
    out: &mut L<C>,
) {
    let (mut ls, mut ld) = (List::new(), List::new());
    coalesce_x(p, a, (&mut ls, &mut ld));
    // The static twin asks CuTe's own conditions only, and CuTe's answer is not checked; a B
    // with a static shape below 1 has no coordinates, nothing to be wrong at, only its size to
    // keep where every value is static.
    let no_domain = no_static_coordinates(b);
    // A coalesced A of one mode `s:d` with `s >= 1` needs no proof: `R(c) = d * B(c) = A(B(c))`
    // wherever `B(c)` is in A's domain. An eager run knows `s`, and skips the rule's notes (zeroed
    // arrays of the capacity); while compiling the rule runs as before.
    let one_mode = p.is_eager() && ls.n == 1 && ls.v[0].v >= 1;
    let checks = exact && !p.is_twin() && !no_domain && !one_mode;
    // The rule's notes, made only where it is checked (and then checked right after the walk).
    let mut unproven = false;
    if checks {
        let mut e = Exactness::new(&ls, p.is_eager());
        impl_rec(p, (Some(&mut e), (a, b)), (&ls, &ld), (b.root(), out));
        unproven = e.finish(p);
    } else {
        impl_rec(p, (None, (a, b)), (&ls, &ld), (b.root(), out));
    }
    // Static values are compared as they are known; run-time ones only by an eager run of
    // `composition(A, B)` itself (`Prog::eager_compared`): elsewhere such a result is refused.
    let compare_now =
        p.compares() || (exact::is_static(a) && exact::is_static(b) && exact::is_static(out));
    if exact && !p.is_twin() && no_domain {
        if compare_now {
            refuse_unless_composition(p, (a, b), out);
        } else {
            // Only the size to keep, at run time.
            let (nb, nr) = (b.size(p), out.size(p));
            let same = p.eq(nb, nr);
            p.check_at_run_time(Pred::Exact, same, V::s(0), V::s(0));
        }
    }
    if unproven {
        if compare_now {
            refuse_unless_composition(p, (a, b), out);
        } else {
            // Not proven, with run-time values to compare: `.checked()` does.
            p.check_at_run_time(Pred::Exact, V::s(0), V::s(0), V::s(0));
        }
    }
}

/// An `out` whose values are known (all static, or an eager run's) that is not `A o B` point by
/// point ([`exact::compare`]): a compile error, or recorded at run time.
const fn refuse_unless_composition<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    (a, b): (&L<C>, &L<C>),
    out: &L<C>,
) {
    if let Some(m) = exact::compare(a, b, out) {
        p.refuse(Condition::StrideDivisibilityComplete, &m);
    }
}

/// Whether a static shape of `b` is below 1 (B has no coordinates).
const fn no_static_coordinates<const C: usize>(b: &L<C>) -> bool {
    let shape = &b.shape;
    let mut k = 0;
    while k < shape.len {
        if shape.is_int_at(k) && !shape.dyn_at(k) && shape.val[k] < 1 {
            return true;
        }
        k += 1;
    }
    false
}

const fn composition_tiler_at<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    t: At<C>,
) -> L<C> {
    match tiler::kind(t) {
        tiler::Kind::Layout(b) => composition(p, a, &b),
        tiler::Kind::Under => *a,
        tiler::Kind::Int(n) => composition(p, a, &L::int(n, V::s(1))),
        tiler::Kind::Tuple(n) => {
            if n > a.rank() {
                tiler::too_many_modes(p, "composition", t.tree(), a);
                return *a;
            }
            let mut m = Modes::new();
            let mut k = 0;
            while k < n {
                let mode = composition_tiler_at(p, &a.mode(k), t.child(k));
                m.push(&mode);
                k += 1;
            }
            m.build()
        }
    }
}

/// CuTe's `composition(A, tiler)`: by-mode; modes of `A` beyond the tiler are dropped.
pub(crate) const fn composition_tiler<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    t: &Tl<C>,
) -> L<C> {
    composition_tiler_at(p, a, t.root())
}
