//! Composition is `A o B` or an error (CUTLASS #3177).
//!
//! The definition: `R = composition(A, B)` is right when `R(c) == A(B(c))` for every `c` of B's
//! domain where B maps into A's domain, `0 <= B(c) < size(A)`. Elsewhere A says nothing: a tile
//! that overhangs its tensor has the overhang masked, and B's negative strides point before it.
//! (Where CuTe's own conditions refuse a composition and only its run-time values skip the
//! check, its answer is kept only if it is right at every `B(c) >= 0`, A's last mode taking the
//! rest as CuTe evaluates it: [`Domain::Extended`].)
//!
//! CuTe computes `R` leaf by leaf of B, each leaf `S:D` walked through the modes of the
//! coalesced A (`composition.rs`), and checks only the weak form of the Stride Divisibility
//! Condition (`D % s_k == 0 or D < s_k`): some of what it lets through is not `A o B`. The rule
//! that proves `R` right without enumerating (the same in cute-static's `algebra/exact.rs`), in
//! the walk's pieces (`n` elements taken in A's mode `k` at a step of `r`), for the modes `k` of
//! A that have a mode of size 2 or more after them ("inner" modes; past the last of them, B's
//! values are beyond A's domain as soon as they leave the mode):
//! * every step over an inner mode of a leaf of positive stride is exact: a rest stride below
//!   the mode's shape divides it, or the rest of the leaf fits in the mode (the complete form of
//!   the condition), which fails where a stride below a shape does not divide it and elements
//!   leave the mode;
//! * no inner mode overflows: `sum (n - 1) * r < s_k` over the pieces of B's leaves of positive
//!   stride in mode `k` (one piece alone never does), which fails where two leaves of B carry
//!   into the next mode;
//! * a leaf of negative stride takes no more than one element of any mode but the last, unless
//!   every non-zero stride of B is negative (such a B meets A's domain at 0 alone, where
//!   `R(0) = 0 = A(0)`); and where B has a leaf of negative stride, every mode but the last
//!   counts as inner (a negative value can bring B back into A's domain);
//! * every shape of A is at least 1 (CuTe's complements of negative strides make smaller ones).
//!
//! Then the digits of `B(c)` in A's shape are the sums of the pieces' digits wherever `B(c)` is
//! in A's domain, and `R(c)`, the sum of each digit times A's stride, is `A(B(c))`. A leaf of
//! stride 0 adds `A(0) = 0`. What the rule does not prove is compared point by point
//! ([`require`]).

use crate::error::{Condition, LayoutError, Result};
use crate::flat::Flat;
use crate::int::Int;
use crate::prelude::*;
use crate::small::Small;
use crate::twin::{MAX_ENUMERATED, Twin};

/// What the walks of a composition prove so far. Cheap to make: what it needs of A's shapes it
/// is given where it needs them.
#[derive(Clone, Debug)]
pub(crate) struct Exactness {
    /// `(k, sum (n - 1) * r, how many)` of the pieces of leaves of positive stride in mode `k`.
    used: Small<(usize, i64, u32), 4>,
    /// The sign of the leaf being walked.
    sign: i32,
    positive: bool,
    negative: bool,
    /// A leaf of negative stride took more than one element of a mode but the last.
    negative_inner: bool,
    /// A step that is not exact, over an inner mode, and over one that is not.
    inexact_inner: bool,
    inexact_outer: bool,
    failed: bool,
}

/// Whether mode `k` of the coalesced A of shapes `lhs` is inner: a mode of size 2 or more
/// follows it.
fn inner(lhs: &[Int], k: usize) -> bool {
    let mut after = 1i64;
    for s in lhs.iter().skip(k + 1) {
        after = after.saturating_mul(i64::from(s.value()));
    }
    after >= 2
}

impl Exactness {
    /// Nothing walked yet through the coalesced A of shapes `lhs`.
    pub(crate) fn new(lhs: &[Int]) -> Exactness {
        Exactness {
            used: Small::new((0, 0, 0)),
            sign: 0,
            positive: false,
            negative: false,
            negative_inner: false,
            inexact_inner: false,
            inexact_outer: false,
            // The rule counts on A's shapes being at least 1 (CuTe's complements of negative
            // strides make shapes below 1).
            failed: lhs.iter().any(|s| s.value() < 1),
        }
    }

    /// Nothing proven: [`require`] compares point by point.
    pub(crate) fn unproven() -> Exactness {
        Exactness {
            failed: true,
            ..Exactness::new(&[])
        }
    }

    /// A leaf of B of stride `d` begins its walk.
    pub(crate) fn leaf(&mut self, d: Int) {
        self.sign = d.value().signum();
        self.positive |= self.sign > 0;
        self.negative |= self.sign < 0;
    }

    /// A step of the leaf's walk over mode `k` of the coalesced A of shapes `lhs`, at `stride`,
    /// `count` elements left: the complete form of the Stride Divisibility Condition, for a leaf
    /// of positive stride.
    pub(crate) fn step(&mut self, lhs: &[Int], k: usize, (stride, count): (Int, Int)) {
        if self.sign <= 0 {
            return;
        }
        let (b, c, a) = (
            i64::from(lhs[k].value()),
            i64::from(count.value()),
            i64::from(stride.value()),
        );
        let m = a.abs();
        let exact = a >= b
            || m == 0
            || c == 1
            || b % m == 0
            || (b > 0 && m % b == 0)
            || (b + m - 1) / m >= c;
        if !exact {
            if inner(lhs, k) {
                self.inexact_inner = true;
            } else {
                self.inexact_outer = true;
            }
        }
    }

    /// The leaf's piece: `n` elements in mode `k` of A (of `modes` modes) at a step of `r`.
    pub(crate) fn piece(&mut self, modes: usize, (n, k, r): (Int, usize, Int)) {
        let (n, r) = (i64::from(n.value()), i64::from(r.value()));
        if n == 1 || k + 1 >= modes {
            return;
        }
        if self.sign < 0 {
            self.negative_inner = true;
        }
        if self.sign <= 0 {
            return;
        }
        let taken = (n - 1).checked_mul(r);
        match self.used.iter_mut().find(|e| e.0 == k) {
            Some(e) => match taken.and_then(|t| t.checked_add(e.1)) {
                Some(u) => *e = (k, u, e.2 + 1),
                None => self.failed = true,
            },
            None => match taken {
                Some(t) => self.used.push((k, t, 1)),
                None => self.failed = true,
            },
        }
    }

    /// Whether the walks through the coalesced A of shapes `lhs` are `A o B` by the rule. Past
    /// the last inner mode nothing is asked of leaves of positive stride, unless B has a leaf
    /// of negative stride.
    pub(crate) fn is_proven(&self, lhs: &[Int]) -> bool {
        let all = self.negative;
        let carry_free = self.used.iter().all(|&(k, u, count)| {
            count < 2 || !(all || inner(lhs, k)) || u < i64::from(lhs[k].value())
        });
        let inexact = self.inexact_inner || (all && self.inexact_outer);
        let mixed = self.positive && self.negative_inner;
        carry_free && !(self.failed || inexact || mixed)
    }
}

/// Where `R` and `A o B` part, or why it cannot be told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// `R(c) == A(B(c))` wherever B maps into A's domain.
    Same,
    /// `R(i) = r` but `A(B(i)) = A(j) = a`.
    Differs {
        i: i64,
        j: i64,
        r: String,
        a: String,
    },
    /// `size(R)` is not `size(B)`.
    Sizes { r: i64, b: i64 },
    /// B's domain is larger than [`MAX_ENUMERATED`] and no difference was found before it.
    TooLarge { n: i64 },
    /// A value does not fit in 64 bits.
    Overflow,
    /// Not compared: run-time values inside an operation built on composition.
    NotShown,
}

/// The value of the layout of leaves `shape:stride` at the 1-D index `i` (colexicographic, the
/// last leaf taking the rest, as CuTe's `crd2idx` of an integer); `None` past `i64`.
pub(crate) fn at(shape: &[Int], stride: &[Int], mut i: i64) -> Option<i64> {
    let mut v = 0i64;
    for (k, (s, d)) in shape.iter().zip(stride).enumerate() {
        let s = i64::from(s.value());
        let c = if k + 1 == shape.len() {
            i
        } else {
            let c = i.checked_rem(s)?;
            i = i.checked_div(s)?;
            c
        };
        v = v.checked_add(c.checked_mul(i64::from(d.value()))?)?;
    }
    Some(v)
}

/// The product of the shapes; `None` past `i64`.
pub(crate) fn size_of(shape: &[Int]) -> Option<i64> {
    shape
        .iter()
        .try_fold(1i64, |p, s| p.checked_mul(i64::from(s.value())))
}

/// Whether B has no coordinates (`0 <= c_k < s_k` in every mode): a shape below 1.
pub(crate) fn empty_domain(shape: &[Int]) -> bool {
    shape.iter().any(|s| s.value() < 1)
}

/// Where `R(c)` and `A(B(c))` are compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Domain {
    /// Where `0 <= B(c) < size(A)`: the definition.
    OfA,
    /// Where `B(c) >= 0`, A's last mode taking the rest.
    Extended,
}

/// `R` against `A o B` point by point on `domain`, up to [`MAX_ENUMERATED`] indices of B's
/// domain (none if `empty`, [`empty_domain`]): sizes `(size(A), size(B), size(R))`, B's
/// values `b(i)`, R's `r(i)` and A's `a(j)`.
pub(crate) fn compare<V: PartialEq + core::fmt::Display>(
    (domain, empty): (Domain, bool),
    (na, nb, nr): (i64, i64, i64),
    b: impl Fn(i64) -> Option<i64>,
    r: impl Fn(i64) -> Option<V>,
    a: impl Fn(i64) -> Option<V>,
) -> Verdict {
    if nb != nr {
        return Verdict::Sizes { r: nr, b: nb };
    }
    if empty && domain == Domain::OfA {
        return Verdict::Same;
    }
    for i in 0..nb.min(i64::from(MAX_ENUMERATED)) {
        let Some(j) = b(i) else {
            return Verdict::Overflow;
        };
        if j < 0 || (domain == Domain::OfA && j >= na) {
            continue;
        }
        match (r(i), a(j)) {
            (Some(rv), Some(av)) if rv == av => {}
            (Some(rv), Some(av)) => {
                return Verdict::Differs {
                    i,
                    j,
                    r: rv.to_string(),
                    a: av.to_string(),
                };
            }
            _ => return Verdict::Overflow,
        }
    }
    if nb > i64::from(MAX_ENUMERATED) {
        Verdict::TooLarge { n: nb }
    } else {
        Verdict::Same
    }
}

/// `Ok` for [`Verdict::Same`]; otherwise the error, naming the Stride Divisibility Condition
/// whose weak form CuTe checks (CUTLASS #3177) and, where `R` and `A o B` differ, the first index
/// where they do: `what` is `A o B is R`, as the caller prints them.
pub(crate) fn verdict(what: core::fmt::Arguments<'_>, verdict: Verdict) -> Result<()> {
    let weak = "by CuTe's weak form of it (CUTLASS #3177)";
    let detail = match verdict {
        Verdict::Same => return Ok(()),
        Verdict::Differs { i, j, r, a } => {
            format!("{what} {weak}, which is not A o B: at {i} it is {r}, A(B({i})) = A({j}) = {a}")
        }
        Verdict::Sizes { r, b } => format!("{what} {weak}, of size {r} where B has {b}"),
        Verdict::TooLarge { n } => format!(
            "{what} {weak}, not shown to be A o B: a stride below a shape of A that does not \
             divide it, or modes of B that carry into the next mode of A, and {n} indices, too \
             many to compare point by point"
        ),
        Verdict::Overflow => format!("{what}: its values do not fit in 64 bits"),
        Verdict::NotShown => format!(
            "{what} {weak}, not shown to be A o B: a stride below a shape of A that does not \
             divide it, modes of B that carry into the next mode of A, or strides of both \
             signs, with run-time values (as cute-static, only `composition` itself compares \
             them point by point)"
        ),
    };
    Err(LayoutError::precondition(
        Condition::StrideDivisibilityComplete,
        detail,
    ))
}

/// `Ok` if `r = composition(a, b)` is `A o B`: proven by `exactness` (the rule, on the
/// coalesced A of shapes `lhs`) or, where it proves nothing, point by point on `domain`
/// ([`compare`]) if `compared` or every value is static (as cute-static compares them while
/// compiling; otherwise an error: not shown). `a` is A as given.
pub(crate) fn require(
    (domain, compared): (Domain, bool),
    a: &Flat,
    b: &Flat,
    r: &Flat,
    (exactness, lhs): (&Exactness, &[Int]),
) -> Result<()> {
    if exactness.is_proven(lhs) {
        return Ok(());
    }
    // B has no coordinates where a static shape is below 1: nothing to be wrong at, only its
    // size to keep.
    if b.shape().iter().any(|s| s.is_static() && s.value() < 1) {
        return match (size_of(b.shape()), size_of(r.shape())) {
            (Some(nb), Some(nr)) if nb == nr => Ok(()),
            (Some(nb), Some(nr)) => verdict(
                format_args!("{a} o {b} is {r}"),
                Verdict::Sizes { r: nr, b: nb },
            ),
            _ => verdict(format_args!("{a} o {b} is {r}"), Verdict::Overflow),
        };
    }
    let compared = compared || (a.is_all_static() && b.is_all_static() && r.is_all_static());
    let sizes = (size_of(a.shape()), size_of(b.shape()), size_of(r.shape()));
    let result = match sizes {
        (Some(na), Some(nb), Some(nr)) => compare(
            (domain, empty_domain(b.shape())),
            (na, nb, nr),
            |i| at(b.shape(), b.stride(), i),
            |i| at(r.shape(), r.stride(), i),
            |j| at(a.shape(), a.stride(), j),
        ),
        _ => Verdict::Overflow,
    };
    // Not compared (run-time values inside an operation built on composition): refused as not
    // shown, naming where CuTe's answer is wrong if it is.
    let result = match result {
        Verdict::Same | Verdict::TooLarge { .. } if !compared => Verdict::NotShown,
        other => other,
    };
    verdict(format_args!("{a} o {b} is {r}"), result)
}
