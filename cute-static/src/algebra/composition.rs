//! `composition(A, B)`: `(A ∘ B)(c) == A(B(c))`, with `compatible(B, result)`.

use super::coalesce::coalesce_x;
use super::layout::{L, LayoutAt, Modes};
use super::tiler::{self, Tl};
use crate::error::Msg;
use crate::prog::{PCAP, Pred, Prog};
use crate::tree::{At, List, V};

/// The run-time checks of the complete form, `(stride, shape, count)`, held back until the
/// walk is done: a value that fails CuTe's own conditions too is reported under CuTe's name.
struct Complete {
    checks: [(V, V, V); PCAP],
    n: usize,
}

impl Complete {
    const fn new() -> Complete {
        Complete {
            checks: [(V::s(0), V::s(0), V::s(0)); PCAP],
            n: 0,
        }
    }

    /// Add the held-back checks to the program. Where the static twin walks the same modes of
    /// `lhs` ([`twin_walks_alike`]), CuTe's answer is the twin's, whatever the complete form
    /// says: the count drops to 0 there, and the check holds.
    const fn emit(&self, p: &mut Prog, (ls, ld): (&List, &List)) {
        if self.n == 0 {
            return;
        }
        let alike = twin_walks_alike(p, ls, ld);
        if alike.is_const(1) {
            return;
        }
        let differs = p.eq(alike, V::s(0));
        let mut k = 0;
        while k < self.n {
            let (stride, shape, count) = self.checks[k];
            let count = p.mul(count, differs);
            p.check_at_run_time(Pred::StrideComplete, stride, shape, count);
            k += 1;
        }
    }
}

/// Most nodes [`twin_walks_alike`] may add, and the room it leaves for the rest of the
/// operation's program; beyond, it answers "maybe not" (the complete form is then checked as
/// is, which is stricter, never laxer).
const ALIKE_BUDGET: usize = 128;
const ALIKE_RESERVE: usize = 192;

/// Whether the static twin (every value known, as CuTe computes when the values are static)
/// walks the same modes of the coalesced `lhs` as this walk, as a run-time boolean. The twin's
/// `coalesce_x` also drops the modes of size 1 (no-ops in the walk) and merges a mode `s_i:d_i`
/// with the next one of size other than 1, `s_j:d_j`, where `d_j == s_i * d_i` (the last mode
/// counts as size other than 1: `coalesce_x` keeps it). Where it can merge nothing, both walks
/// compute the same layout.
const fn twin_walks_alike(p: &mut Prog, ls: &List, ld: &List) -> V {
    let n = ls.n;
    let estimate = 3 * n + 5 * n * n / 2;
    if estimate > ALIKE_BUDGET || p.n + estimate + ALIKE_RESERVE > PCAP {
        return V::s(0);
    }
    let saved = p.n;
    let (mut one, mut not_one) = ([V::s(0); PCAP], [V::s(1); PCAP]);
    let mut k = 0;
    while k + 1 < n {
        one[k] = p.eq(ls.v[k], V::s(1));
        not_one[k] = p.eq(one[k], V::s(0));
        k += 1;
    }
    // The number of merges the twin makes.
    let mut merges = V::s(0);
    let mut i = 0;
    while i + 1 < n {
        let step = p.mul(ls.v[i], ld.v[i]);
        // Mode `i` is of size other than 1, and so far every mode after it is of size 1.
        let mut open = not_one[i];
        let mut j = i + 1;
        while j < n && !open.is_const(0) {
            let adjacent = p.and(open, not_one[j]);
            let meets = p.eq(step, ld.v[j]);
            let merge = p.and(adjacent, meets);
            merges = p.add(merges, merge);
            open = p.and(open, one[j]);
            j += 1;
        }
        i += 1;
    }
    let alike = p.eq(merges, V::s(0));
    if alike.is_static() {
        // A static answer: none of the nodes added is used.
        p.n = saved;
    }
    alike
}

/// CuTe's Stride Divisibility Condition for mode `k` of `lhs` (shape `shape`), taking `count`
/// elements at `stride`: `stride < shape || stride % shape == 0`. On static values a compile
/// error; on dynamic ones a run-time check, together with the complete form (a stride below the
/// shape that does not divide it is only right if all `count` elements stay inside the mode),
/// which is held back in `complete`.
const fn stride_divisibility(
    p: &mut Prog,
    complete: &mut Complete,
    lhs: &L,
    k: usize,
    (shape, stride, count): (V, V, V),
) {
    if shape.is_static() && stride.is_static() {
        if !p.require(Pred::StrideDivides, stride, shape, V::s(0)) {
            stride_divisibility_failed(lhs, k, shape, stride)
        }
    } else {
        // On run-time values, as cute-dynamic checks them: one element (`count` 1) lands at
        // offset 0 whatever the stride; what CuTe itself would refuse on these values is its
        // static twin's to say (the operations' `twin_check`).
        p.check_at_run_time(Pred::StrideDivides, stride, shape, count);
    }
    // CuTe's own answer stands for an all-static input (the vectors record it). With any
    // dynamic input, CuTe's weaker condition can give a wrong layout even where these three
    // values are static (static coalescing would have merged differently), so the complete
    // form is always a run-time check then.
    if p.inputs > 0 {
        if complete.n == PCAP {
            Msg::new("cute-static: more than 512 run-time operations in one result").fail()
        }
        complete.checks[complete.n] = (stride, shape, count);
        complete.n += 1;
    }
}

/// CuTe's Stride Divisibility Condition failed on static values: a compile error.
const fn stride_divisibility_failed(lhs: &L, k: usize, shape: V, stride: V) -> ! {
    Msg::new("Stride Divisibility Condition: stride ")
        .v(stride)
        .str(" against shape ")
        .v(shape)
        .str(" (mode ")
        .num(k as i32)
        .str(") of coalesced A = ")
        .layout(&lhs.shape, &lhs.stride)
        .fail()
}

/// CuTe's `composition_impl` for one `rhs` mode against a coalesced `lhs`:
/// * `rhs` a tuple: mode by mode (right-distributivity);
/// * `rhs` stride `_0`: `rhs` itself;
/// * `lhs` an integer: `rs : rd * ld`;
/// * otherwise walk the modes of `lhs`: divide the stride out of them (Stride Divisibility
///   Condition), keep `rs` elements (Shape Divisibility Condition); the last mode of `lhs`
///   takes the rest. Only statically known size-1 modes are skipped.
const fn impl_rec(
    p: &mut Prog,
    complete: &mut Complete,
    lhs: &L,
    (ls, ld): (&List, &List),
    rhs: LayoutAt,
) -> L {
    if rhs.shape.is_tup() {
        let mut m = Modes::new();
        let mut k = 0;
        while k < rhs.shape.arity() {
            let mode = impl_rec(p, complete, lhs, (ls, ld), rhs.child(k));
            m.push(&mode);
            k += 1;
        }
        return m.build();
    }
    let (shape, stride) = (rhs.shape.v(), rhs.stride.v());
    if stride.is_const(0) {
        return L::int(shape, stride);
    }
    if lhs.shape.is_int() {
        return L::int(shape, p.mul(stride, lhs.stride.value()));
    }
    let last = ls.n - 1;
    let mut m = Modes::new();
    let (mut rest_shape, mut rest_stride) = (shape, stride);
    let mut k = 0;
    while k < last {
        let (curr_shape, curr_stride) = (ls.v[k], ld.v[k]);
        stride_divisibility(p, complete, lhs, k, (curr_shape, rest_stride, rest_shape));
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
                    .str(" (mode ")
                    .num(k as i32)
                    .str(") of coalesced A = ")
                    .layout(&lhs.shape, &lhs.stride)
                    .fail()
            }
            m.push_int(new_shape, p.mul(rest_stride, curr_stride));
            rest_shape = p.div(rest_shape, new_shape);
            rest_stride = next_stride;
        }
        k += 1;
    }
    let last_stride = p.mul(rest_stride, ld.v[last]);
    if m.count() == 0 {
        return L::int(rest_shape, last_stride);
    }
    if !rest_shape.is_const(1) {
        m.push_int(rest_shape, last_stride);
    }
    m.build_unwrapped()
}

/// CuTe's `composition(A, B)` of two layouts.
pub(crate) const fn composition(p: &mut Prog, a: &L, b: &L) -> L {
    let flat = coalesce_x(p, a);
    let (ls, ld) = (flat.shape.leaves(), flat.stride.leaves());
    let mut complete = Complete::new();
    let out = impl_rec(p, &mut complete, &flat, (&ls, &ld), b.root());
    complete.emit(p, (&ls, &ld));
    out
}

const fn composition_tiler_at(p: &mut Prog, a: &L, t: At) -> L {
    match tiler::kind(t) {
        tiler::Kind::Layout(b) => composition(p, a, &b),
        tiler::Kind::Under => *a,
        tiler::Kind::Int(n) => composition(p, a, &L::int(n, V::s(1))),
        tiler::Kind::Tuple(n) => {
            if n > a.rank() {
                tiler::too_many_modes("composition", t.tree(), a)
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
pub(crate) const fn composition_tiler(p: &mut Prog, a: &L, t: &Tl) -> L {
    composition_tiler_at(p, a, t.root())
}
