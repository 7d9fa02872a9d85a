//! Composition is `A o B` or an error (CUTLASS #3177).
//!
//! The definition: `R = composition(A, B)` is right when `R(c) == A(B(c))` for every `c` of B's
//! domain where B maps into A's domain, `0 <= B(c) < size(A)`. Elsewhere A says nothing: a tile
//! that overhangs its tensor has the overhang masked, and B's negative strides point before it.
//!
//! CuTe computes `R` leaf by leaf of B, each leaf `S:D` walked through the modes of the
//! coalesced A, and checks only the weak form of the Stride Divisibility Condition
//! (`D % s_k == 0 or D < s_k`): some of what it lets through is not `A o B`. The rule that proves
//! `R` right without enumerating (the same in cute-dynamic's `exact.rs`), in the walk's pieces
//! (`n` elements taken in A's mode `k` at a step of `r`), for the modes `k` of A that have a
//! mode of size 2 or more after them ("inner" modes; past the last of them, B's values are
//! beyond A's domain as soon as they leave the mode):
//! * every step over an inner mode of a leaf of positive stride is exact: a rest stride below
//!   the mode's shape divides it, or the rest of the leaf fits in the mode (the complete form of
//!   the condition, [`Pred::StrideComplete`]);
//! * no inner mode overflows: `sum (n - 1) * r < s_k` over the pieces of B's leaves of positive
//!   stride in mode `k` (one piece alone never does), which fails where two leaves of B carry
//!   into the next mode ([`Pred::NoCarry`]);
//! * a leaf of negative stride takes no more than one element of any mode but the last, unless
//!   every non-zero stride of B is negative ([`Pred::Exact`]; such a B meets A's domain at 0
//!   alone); and where B has a leaf of negative stride, every mode but the last counts as inner
//!   (a negative value can bring B back into A's domain);
//! * every shape of A is at least 1 (CuTe's complements of negative strides make smaller ones).
//!
//! Then the digits of `B(c)` in A's shape are the sums of the pieces' digits wherever `B(c)` is
//! in A's domain, and `R(c)`, the sum of each digit times A's stride, is `A(B(c))`. What the
//! rule does not prove is compared point by point: while compiling where every value is static
//! ([`require`]), by the checked forms at run time otherwise (the rule's checks on run-time
//! values are program nodes that `.checked()` runs, and where one fails, `composition` compares
//! CuTe's answer point by point).

use super::layout::L;
use crate::error::Msg;
use crate::prog::{PCAP, Pred, Prog};
use crate::tree::{Basis, CAP, List, V};

/// The room the rule leaves in a program for the rest of the operation: past `PCAP - ROOM`
/// nodes, it adds none and proves nothing (with run-time values, `.checked()` then refuses
/// what `composition` itself cannot compare point by point), instead of a capacity error.
const ROOM: usize = 24;

/// The walks of a composition, noted as they go (no program node), and what they prove once
/// done ([`Exactness::finish`]: its checks come after the walk's own nodes). It notes at most `C`
/// leaves, steps and pieces of B (beyond, the rule proves nothing).
pub(crate) struct Exactness<'a, const C: usize = CAP> {
    /// The shapes of the coalesced A (borrowed: a copy costs the capacity).
    lhs: &'a List<C>,
    /// The strides of B's leaves walked.
    leaves: [V; C],
    nleaves: usize,
    /// The steps: `(leaf, k, shape, stride, count)` (indices below `C` <= 128: `u16`, a
    /// smaller array to zero).
    steps: [(u16, u16, V, V, V); C],
    nsteps: usize,
    /// The pieces: `(leaf, k, n, r)`.
    pieces: [(u16, u16, V, V); C],
    npieces: usize,
    /// A check failed on static values, or the notes or the program ran out of room.
    failed: bool,
    /// An eager run: every value is known, dynamic ones too.
    eager: bool,
}

/// One leaf of B on its walk (its number in the notes).
pub(crate) struct Leaf(usize);

impl Leaf {
    /// The leaf of a walk whose rule is not checked (no notes).
    pub(crate) const NONE: Leaf = Leaf(0);
}

impl<'a, const C: usize> Exactness<'a, C> {
    /// Nothing walked yet through the coalesced A of shapes `lhs` (made only where the rule is
    /// checked: not for CuTe's own answer, nor in a static twin, which zero no notes); `eager`:
    /// an eager run's ([`Prog::is_eager`]).
    pub(crate) const fn new(lhs: &'a List<C>, eager: bool) -> Exactness<'a, C> {
        Exactness {
            lhs,
            leaves: [V::s(0); C],
            nleaves: 0,
            steps: [(0, 0, V::s(0), V::s(0), V::s(0)); C],
            nsteps: 0,
            pieces: [(0, 0, V::s(0), V::s(0)); C],
            npieces: 0,
            failed: false,
            eager,
        }
    }

    /// A leaf of B of stride `d` begins its walk.
    pub(crate) const fn leaf(&mut self, d: V) -> Leaf {
        if self.nleaves == C {
            self.failed = true;
            return Leaf(0);
        }
        self.leaves[self.nleaves] = d;
        self.nleaves += 1;
        Leaf(self.nleaves - 1)
    }

    /// A step of the leaf's walk over mode `k` of A, of shape `shape`, at `stride`, `count`
    /// elements left.
    pub(crate) const fn step(&mut self, leaf: &Leaf, k: usize, (shape, stride, count): (V, V, V)) {
        // A step exact on static values (in an eager run, on its values, all known) is exact
        // whatever the leaf and the mode: not noted.
        let decided = self.eager || (shape.is_static() && stride.is_static() && count.is_static());
        if decided
            && matches!(
                Pred::StrideComplete.holds(stride.v, shape.v, count.v),
                Ok(true)
            )
        {
            return;
        }
        if self.nsteps == C {
            self.failed = true;
            return;
        }
        self.steps[self.nsteps] = (leaf.0 as u16, k as u16, shape, stride, count);
        self.nsteps += 1;
    }

    /// The leaf's piece: `n` elements in A's mode `k` at a step of `r`.
    pub(crate) const fn piece(&mut self, leaf: &Leaf, (n, k, r): (V, usize, V)) {
        if n.is_const(1) || k + 1 >= self.lhs.n {
            return;
        }
        if self.npieces == C {
            self.failed = true;
            return;
        }
        self.pieces[self.npieces] = (leaf.0 as u16, k as u16, n, r);
        self.npieces += 1;
    }

    /// Whether the program has room for the rule's next nodes; if not, the rule proves nothing.
    const fn room<const P: usize, const T: usize>(&mut self, p: &Prog<P, T>) -> bool {
        if p.n + ROOM >= PCAP {
            self.failed = true;
        }
        !self.failed
    }

    /// A check of the rule: on static values (or in an eager run, on any value) decided now, on
    /// run-time ones a program node.
    const fn check<const P: usize, const T: usize>(
        &mut self,
        p: &mut Prog<P, T>,
        pred: Pred,
        (a, b, c): (V, V, V),
    ) {
        if (a.is_static() && b.is_static() && c.is_static()) || p.is_eager() {
            if !matches!(pred.holds(a.v, b.v, c.v), Ok(true)) {
                self.failed = true;
            }
        } else {
            p.check_at_run_time(pred, a, b, c);
        }
    }

    /// The walks are done: the rule's checks (program nodes for run-time values, each while the
    /// program has room). Whether one failed on static values, or the rule proves nothing.
    pub(crate) const fn finish<const P: usize, const T: usize>(
        &mut self,
        p: &mut Prog<P, T>,
    ) -> bool {
        let n = self.lhs.n;
        // Each leaf's sign, 1 or 0: positive, negative; and how many leaves are negative.
        let (mut pos, mut neg) = ([V::s(0); C], [V::s(0); C]);
        let (mut positives, mut negatives) = (V::s(0), V::s(0));
        let mut l = 0;
        while l < self.nleaves {
            if !self.room(p) {
                return true;
            }
            let sign = p.signum(self.leaves[l]);
            pos[l] = p.eq(sign, V::s(1));
            neg[l] = p.eq(sign, V::s(-1));
            positives = p.add(positives, pos[l]);
            negatives = p.add(negatives, neg[l]);
            l += 1;
        }
        // Whether each mode is inner: a mode of size 2 or more follows it, or B has a leaf of
        // negative stride (the relaxation past the last inner mode holds for positive leaves
        // only). Computed when first asked for.
        let mut inner: [Option<V>; C] = [None; C];
        let mut after: [V; C] = [V::s(1); C];
        let mut k = n;
        let mut product = V::s(1);
        while k > 0 {
            k -= 1;
            after[k] = product;
            if k > 0 {
                if !self.room(p) {
                    return true;
                }
                // All the rule reads of a product is whether it is 2 or more: an eager run keeps
                // it within [-2, 2], which says as much and cannot overflow.
                product = if p.is_eager() {
                    clamped_product(product, self.lhs.v[k])
                } else {
                    p.mul(product, self.lhs.v[k])
                };
            }
        }
        // Every step over an inner mode of a leaf of positive stride is exact (otherwise the
        // shape is made 0, where the check holds).
        // The shape of each inner mode, 0 for the others (once per mode).
        let mut masked: [Option<V>; C] = [None; C];
        let mut t = 0;
        while t < self.nsteps {
            let (l, k, shape, stride, count) = self.steps[t];
            let (l, k) = (l as usize, k as usize);
            if !pos[l].is_const(0) {
                if !self.room(p) {
                    return true;
                }
                let shape = match masked[k] {
                    Some(m) if shape.same(self.lhs.v[k]) => m,
                    _ => {
                        let is_inner = Self::inner_of(p, &mut inner, after[k], negatives, k);
                        let m = p.mul(shape, is_inner);
                        if shape.same(self.lhs.v[k]) {
                            masked[k] = Some(m);
                        }
                        m
                    }
                };
                let shape = p.mul(shape, pos[l]);
                self.check(p, Pred::StrideComplete, (stride, shape, count));
            }
            t += 1;
        }
        // No carry out of an inner mode holding two pieces or more of leaves of positive
        // stride (one alone never carries); leaves of negative stride take one element of each
        // mode but the last at most.
        let mut negative_inner = V::s(0);
        k = 0;
        while k + 1 < n {
            let (mut used, mut count) = (V::s(0), 0);
            t = 0;
            while t < self.npieces {
                let (l, kt, m, r) = self.pieces[t];
                let (l, kt) = (l as usize, kt as usize);
                if kt == k {
                    if !self.room(p) {
                        return true;
                    }
                    let more = p.sub(m, V::s(1));
                    if !neg[l].is_const(0) {
                        let taken = p.mul(more, neg[l]);
                        negative_inner = p.add(negative_inner, taken);
                    }
                    if !pos[l].is_const(0) {
                        count += 1;
                        let taken = p.mul(more, r);
                        let taken = p.mul(taken, pos[l]);
                        used = p.add(used, taken);
                    }
                }
                t += 1;
            }
            if count > 1 {
                if !self.room(p) {
                    return true;
                }
                let is_inner = Self::inner_of(p, &mut inner, after[k], negatives, k);
                let used = p.mul(used, is_inner);
                self.check(p, Pred::NoCarry, (used, self.lhs.v[k], V::s(0)));
            }
            k += 1;
        }
        if !self.room(p) {
            return true;
        }
        let mixed = p.mul(positives, negative_inner);
        let unmixed = p.eq(mixed, V::s(0));
        self.check(p, Pred::Exact, (unmixed, V::s(0), V::s(0)));
        // The rule counts on A's shapes being at least 1 (CuTe's complements of negative
        // strides make shapes below 1).
        let mut least = V::s(1);
        k = 0;
        while k < n {
            let s = self.lhs.v[k];
            if s.is_static() {
                self.failed |= s.v < 1;
            } else if self.room(p) {
                least = p.min(least, s);
            }
            k += 1;
        }
        let positive_shapes = p.eq(least, V::s(1));
        self.check(p, Pred::Exact, (positive_shapes, V::s(0), V::s(0)));
        self.failed
    }

    /// 1 if mode `k` is inner: the product `after` of the shapes after it is 2 or more, or B
    /// has `negatives` leaves of negative stride; computed once.
    const fn inner_of<const P: usize, const T: usize>(
        p: &mut Prog<P, T>,
        inner: &mut [Option<V>; C],
        after: V,
        negatives: V,
        k: usize,
    ) -> V {
        if let Some(v) = inner[k] {
            return v;
        }
        let v = if negatives.is_static() && negatives.v > 0 {
            V::s(1)
        } else {
            let capped = p.min(after, V::s(2));
            let big = p.eq(capped, V::s(2));
            if negatives.is_const(0) {
                big
            } else {
                let either = p.add(big, negatives);
                p.min(either, V::s(1))
            }
        };
        inner[k] = Some(v);
        v
    }
}

/// `a * b` of an eager run's values, within `[-2, 2]` (static if both are, or if a static `_0`
/// absorbs the other, as `Prog::mul`).
const fn clamped_product(a: V, b: V) -> V {
    if a.is_const(0) || b.is_const(0) {
        return V::s(0);
    }
    let v = a.v as i64 * b.v as i64;
    let v = if v > 2 {
        2
    } else if v < -2 {
        -2
    } else {
        v as i32
    };
    if a.is_static() && b.is_static() {
        V::s(v)
    } else {
        V::eager(v)
    }
}

/// The most indices of B's domain compared point by point (as cute-dynamic).
pub(crate) const MAX_ENUMERATED: i64 = 1 << 16;

/// A value of a layout whose strides may be scaled bases (an identity layout's): the sum at
/// each basis position.
#[derive(Clone, Copy)]
pub(crate) struct Val {
    basis: [u16; 8],
    v: [i64; 8],
    n: usize,
}

impl Val {
    const fn zero() -> Val {
        Val {
            basis: [0; 8],
            v: [0; 8],
            n: 0,
        }
    }

    /// Add `x` at `basis`; `None` past 8 positions or `i64`.
    const fn add(&mut self, basis: u16, x: i64) -> Option<()> {
        let mut k = 0;
        while k < self.n {
            if self.basis[k] == basis {
                self.v[k] = match self.v[k].checked_add(x) {
                    Some(v) => v,
                    None => return None,
                };
                return Some(());
            }
            k += 1;
        }
        if self.n == 8 {
            return None;
        }
        self.basis[self.n] = basis;
        self.v[self.n] = x;
        self.n += 1;
        Some(())
    }

    /// The value, if it is a plain integer (no scaled basis in it).
    pub(crate) const fn plain(&self) -> Option<i64> {
        let mut k = 0;
        while k < self.n {
            if self.basis[k] != Basis::NONE && self.v[k] != 0 {
                return None;
            }
            k += 1;
        }
        Some(self.at(Basis::NONE))
    }

    /// The value at `basis`.
    const fn at(&self, basis: u16) -> i64 {
        let mut k = 0;
        while k < self.n {
            if self.basis[k] == basis {
                return self.v[k];
            }
            k += 1;
        }
        0
    }

    const fn same(&self, o: &Val) -> bool {
        let mut k = 0;
        while k < self.n {
            if self.v[k] != o.at(self.basis[k]) {
                return false;
            }
            k += 1;
        }
        k = 0;
        while k < o.n {
            if o.v[k] != self.at(o.basis[k]) {
                return false;
            }
            k += 1;
        }
        true
    }

    /// In CuTe text: `7`, `7@0`, `7@0 + 1@1` (`0` for none).
    const fn write(&self, m: &mut Msg) {
        let mut first = true;
        let mut k = 0;
        while k < self.n {
            if self.v[k] != 0 {
                if !first {
                    m.str(" + ");
                }
                first = false;
                m.num64(self.v[k]);
                let (indices, n) = Basis::indices(self.basis[k]);
                let mut j = 0;
                while j < n {
                    m.str("@").num(indices[j] as i32);
                    j += 1;
                }
            }
            k += 1;
        }
        if first {
            m.str("0");
        }
    }
}

/// The layout of leaves `shape:stride`, all static, at the 1-D index `i` (colexicographic, the
/// last leaf taking the rest); `None` past `i64`. The plain integers are summed apart from the
/// scaled bases (a check while compiling evaluates a layout at every index of its domain).
pub(crate) const fn at<const C: usize>(
    shape: &List<C>,
    stride: &List<C>,
    mut i: i64,
) -> Option<Val> {
    let (mut out, mut plain) = (Val::zero(), 0i64);
    let mut k = 0;
    while k < shape.n {
        let s = shape.v[k].v as i64;
        let c = if k + 1 == shape.n {
            i
        } else {
            if s == 0 {
                return None;
            }
            let c = i % s;
            i /= s;
            c
        };
        let d = stride.v[k];
        if c != 0 {
            let x = match c.checked_mul(d.v as i64) {
                Some(x) => x,
                None => return None,
            };
            if d.basis == Basis::NONE {
                plain = match plain.checked_add(x) {
                    Some(p) => p,
                    None => return None,
                };
            } else if out.add(d.basis, x).is_none() {
                return None;
            }
        }
        k += 1;
    }
    if plain != 0 && out.add(Basis::NONE, plain).is_none() {
        return None;
    }
    Some(out)
}

/// The layout of leaves `shape:stride`, all static, at the indices `0 .. out.len()`, written to
/// `out`; `false` (and `out` unspecified) unless every shape is at least 1, every stride a plain
/// integer and the indices within the layout's size. The rule, the colexicographic odometer:
/// index `i + 1` is index `i` with the first leaf whose coordinate does not wrap moved by its
/// stride and the leaves before it back to 0 (compiling evaluates a layout at an index slowly:
/// a table of a whole domain is one pass). No offset passes `i64`: below index 2^24 a
/// coordinate `c_k` is at most 2^24 over the product of the shapes before it, so the offset,
/// the sum of `c_k * d_k` over `i32` strides, stays below 2^56.
pub(crate) const fn tabulate<const C: usize>(
    shape: &List<C>,
    stride: &List<C>,
    out: &mut [i64],
) -> bool {
    let n = out.len();
    match size(shape) {
        Some(s) if n as i64 <= s && n <= 1 << 24 => {}
        _ => return false,
    }
    let mut k = 0;
    while k < shape.n {
        if shape.v[k].v < 1 || stride.v[k].is_basis() {
            return false;
        }
        k += 1;
    }
    let mut coord = [0i32; CAP];
    let (mut offset, mut i) = (0i64, 0);
    while i < n {
        out[i] = offset;
        let mut k = 0;
        while k < shape.n {
            let (s, d) = (shape.v[k].v, stride.v[k].v as i64);
            coord[k] += 1;
            offset += d;
            if coord[k] < s {
                break;
            }
            coord[k] = 0;
            offset -= s as i64 * d;
            k += 1;
        }
        i += 1;
    }
    true
}

pub(crate) const fn size<const C: usize>(shape: &List<C>) -> Option<i64> {
    let mut n = 1i64;
    let mut k = 0;
    while k < shape.n {
        n = match n.checked_mul(shape.v[k].v as i64) {
            Some(n) => n,
            None => return None,
        };
        k += 1;
    }
    Some(n)
}

/// The layout, all static and of plain integers, at the 1-D index `i`; `None` past `i64` or for
/// a scaled basis.
pub(crate) const fn value_at<const C: usize>(l: &L<C>, i: i64) -> Option<i64> {
    match at(&l.shape.leaves(), &l.stride.leaves(), i) {
        Some(v) => v.plain(),
        None => None,
    }
}

/// The size of the layout, all static; `None` past `i64`.
pub(crate) const fn size_of<const C: usize>(l: &L<C>) -> Option<i64> {
    size(&l.shape.leaves())
}

/// Whether every leaf of the layout is static (a scaled basis counts: its scale is).
pub(crate) const fn is_static<const C: usize>(l: &L<C>) -> bool {
    l.shape.is_static() && l.stride.is_static()
}

/// `r = composition(a, b)`, all static, against `A o B` point by point where B maps into A's
/// domain, up to [`MAX_ENUMERATED`] indices: `None` if they agree, otherwise the message naming
/// the first index where they differ (or the sizes, or a domain too large to compare).
pub(crate) const fn compare<const C: usize>(a: &L<C>, b: &L<C>, r: &L<C>) -> Option<Msg> {
    let (al, bl, rl) = (
        (a.shape.leaves(), a.stride.leaves()),
        (b.shape.leaves(), b.stride.leaves()),
        (r.shape.leaves(), r.stride.leaves()),
    );
    let (na, nb, nr) = match (size(&al.0), size(&bl.0), size(&rl.0)) {
        (Some(na), Some(nb), Some(nr)) => (na, nb, nr),
        _ => return Some(failure_with(a, b, r, ": sizes past i64")),
    };
    if nb != nr {
        let mut m = failure(a, b, r);
        m.str(", of size ").num64(nr).str(" where B has ").num64(nb);
        return Some(m);
    }
    // B's coordinates are `0 <= c_k < s_k` in every mode: none if a shape is below 1.
    let mut k = 0;
    while k < bl.0.n {
        if bl.0.v[k].v < 1 {
            return None;
        }
        k += 1;
    }
    let mut i = 0;
    while i < nb && i < MAX_ENUMERATED {
        let j = match at(&bl.0, &bl.1, i) {
            Some(j) => match j.plain() {
                Some(j) => j,
                None => return Some(failure_with(a, b, r, ": B's values are not integers")),
            },
            None => return Some(failure_with(a, b, r, ": B's values past i64")),
        };
        if 0 <= j && j < na {
            match (at(&rl.0, &rl.1, i), at(&al.0, &al.1, j)) {
                (Some(x), Some(y)) => {
                    if !x.same(&y) {
                        let mut m = failure(a, b, r);
                        m.str(", which is not A o B: at ").num64(i).str(" it is ");
                        x.write(&mut m);
                        m.str(", A(B(").num64(i).str(")) = A(").num64(j).str(") = ");
                        y.write(&mut m);
                        return Some(m);
                    }
                }
                _ => return Some(failure_with(a, b, r, ": values past i64")),
            }
        }
        i += 1;
    }
    if nb > MAX_ENUMERATED {
        return Some(failure_with(
            a,
            b,
            r,
            ", not shown to be A o B (a stride below a shape of A that does not divide it, or modes of B that carry into the next mode of A) and too large to compare point by point",
        ));
    }
    None
}

const fn failure_with<const C: usize>(a: &L<C>, b: &L<C>, r: &L<C>, tail: &str) -> Msg {
    let mut m = failure(a, b, r);
    m.str(tail);
    m
}

/// The message's head: `Stride Divisibility Condition: A o B is R by CuTe's weak form of it`.
const fn failure<const C: usize>(a: &L<C>, b: &L<C>, r: &L<C>) -> Msg {
    let mut m = Msg::new("Stride Divisibility Condition: ");
    m.layout(&a.shape, &a.stride)
        .str(" o ")
        .layout(&b.shape, &b.stride)
        .str(" is ")
        .layout(&r.shape, &r.stride)
        .str(" by CuTe's weak form of it (CUTLASS #3177)");
    m
}
