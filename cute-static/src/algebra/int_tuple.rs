//! CuTe's `int_tuple.hpp` on const trees: shape_div, ceil_div, congruent, compatible,
//! weakly_congruent, filter_zeros, product_each, product_like.

use crate::error::{Condition, Msg};
use crate::prog::{Pred, Prog};
use crate::tree::{At, Kind, Tree, V};

/// CuTe's "Mismatched Ranks" of `op(a, b)`: a compile error, or recorded at run time, where the
/// caller goes on with a stand-in.
pub(crate) const fn mismatched<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    op: &str,
    a: At<C>,
    b: At<C>,
) {
    let mut m = Msg::new("Mismatched Ranks: ");
    m.str(op)
        .str("(")
        .tree(&a.sub())
        .str(", ")
        .tree(&b.sub())
        .str(")");
    p.refuse(Condition::MismatchedRanks, &m);
}

/// `shape_div` of two integers: they must divide one another ("Divisibility Condition"); the
/// result is `ceil_div(a, b)`. A zero divisor is a division by zero (at run time, failed
/// arithmetic, static or dynamic).
pub(crate) const fn shape_div_int<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: V,
    b: V,
) -> V {
    if b.is_const(0) && !p.at_run() {
        Msg::new("division by zero: shape_div(")
            .v(a)
            .str(", _0)")
            .fail()
    }
    if !p.require(Pred::EitherDivides, a, b, V::s(0)) {
        Msg::new("Divisibility Condition: shape_div(")
            .v(a)
            .str(", ")
            .v(b)
            .str(")")
            .fail()
    }
    p.ceil_div(a, b)
}

/// `shape_div` (equal ranks, leaves that divide one another) or `ceil_div` (`b` may have fewer
/// modes, counting as 1): the same recursion, different leaves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Division {
    Shape,
    Ceil,
}

const fn leaf_div<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: V,
    b: V,
    kind: Division,
) -> V {
    match kind {
        Division::Shape => shape_div_int(p, a, b),
        Division::Ceil => p.ceil_div(a, b),
    }
}

/// Tuple / tuple: mode by mode; tuple / integer: fold the divisor across the modes from the
/// left (`rest = rest / mode`); integer / tuple: divide by the product.
const fn divide_rec<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: At<C>,
    b: At<C>,
    kind: Division,
    out: &mut Tree<C>,
) {
    let op = if matches!(kind, Division::Shape) {
        "shape_div"
    } else {
        "ceil_div"
    };
    match (a.is_tup(), b.is_tup()) {
        (true, true) => {
            let ranks_ok = match kind {
                Division::Shape => a.arity() == b.arity(),
                Division::Ceil => a.arity() >= b.arity(),
            };
            if !ranks_ok {
                mismatched(p, op, a, b);
                out.append_sub(a);
                return;
            }
            let at = out.open();
            let mut c = 0;
            while c < a.arity() {
                if c < b.arity() {
                    divide_rec(p, a.child(c), b.child(c), kind, out);
                } else {
                    divide_rec(p, a.child(c), Tree::int(1).root(), kind, out);
                }
                c += 1;
            }
            out.close(at, c);
        }
        (true, false) => {
            let mut rest = b.v();
            let at = out.open();
            let mut c = 0;
            while c < a.arity() {
                let ac = a.child(c);
                divide_rec(p, ac, Tree::leaf(rest).root(), kind, out);
                let size = p.product(&ac.leaves());
                rest = leaf_div(p, rest, size, kind);
                c += 1;
            }
            out.close(at, c);
        }
        (false, true) => {
            let size = p.product(&b.leaves());
            out.push_leaf(leaf_div(p, a.v(), size, kind))
        }
        (false, false) => out.push_leaf(leaf_div(p, a.v(), b.v(), kind)),
    }
}

/// CuTe's `shape_div(a, b)`.
pub(crate) const fn shape_div<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &Tree<C>,
    b: &Tree<C>,
) -> Tree<C> {
    let mut out = Tree::new();
    divide_rec(p, a.root(), b.root(), Division::Shape, &mut out);
    out
}

/// CuTe's `ceil_div(a, b)` (missing modes of `b` count as 1).
pub(crate) const fn ceil_div<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &Tree<C>,
    b: &Tree<C>,
) -> Tree<C> {
    let mut out = Tree::new();
    divide_rec(p, a.root(), b.root(), Division::Ceil, &mut out);
    out
}

/// CuTe's `congruent`: the same profile (always a static answer).
pub(crate) const fn congruent<const C: usize>(a: &Tree<C>, b: &Tree<C>) -> V {
    V::s(a.same_profile(b) as i32)
}

/// What an integer of `a` must satisfy against the matching part of `b`: anything
/// (`weakly_congruent`) or the same size (`compatible`, dynamic when a size is). Tuples must
/// match rank for rank.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Coarsening {
    Profile,
    Size,
}

const fn coarsens<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: At<C>,
    b: At<C>,
    rule: Coarsening,
) -> V {
    match (a.is_tup(), b.is_tup()) {
        (true, true) => {
            if a.arity() != b.arity() {
                return V::s(0);
            }
            let mut acc = V::s(1);
            let mut c = 0;
            while c < a.arity() {
                let x = coarsens(p, a.child(c), b.child(c), rule);
                acc = p.and(acc, x);
                c += 1;
            }
            acc
        }
        (false, _) => match rule {
            Coarsening::Profile => V::s(1),
            Coarsening::Size => {
                let size = p.product(&b.leaves());
                p.eq(a.v(), size)
            }
        },
        (true, false) => V::s(0),
    }
}

/// CuTe's `weakly_congruent`.
pub(crate) const fn weakly_congruent<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &Tree<C>,
    b: &Tree<C>,
) -> V {
    coarsens(p, a.root(), b.root(), Coarsening::Profile)
}

/// CuTe's `compatible`.
pub(crate) const fn compatible<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &Tree<C>,
    b: &Tree<C>,
) -> V {
    coarsens(p, a.root(), b.root(), Coarsening::Size)
}

const fn filter_zeros_rec<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: At<C>,
    b: At<C>,
    out: &mut Tree<C>,
) {
    if a.is_tup() {
        if !b.is_tup() || a.arity() != b.arity() {
            mismatched(p, "filter_zeros", a, b);
            out.append_sub(b);
            return;
        }
        let at = out.open();
        let mut c = 0;
        while c < a.arity() {
            filter_zeros_rec(p, a.child(c), b.child(c), out);
            c += 1;
        }
        out.close(at, c);
    } else if a.v().is_const(0) {
        let mut t = b.sub();
        let mut k = 0;
        while k < t.len {
            if matches!(t.tag[k], Kind::Int) {
                t.set(k, V::s(1));
            }
            k += 1;
        }
        out.append(&t);
    } else {
        out.append_sub(b);
    }
}

/// CuTe's `filter_zeros(a, b)`: elements of `b` paired with a static `_0` in `a` become `_1`.
pub(crate) const fn filter_zeros<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &Tree<C>,
    b: &Tree<C>,
) -> Tree<C> {
    let mut out = Tree::new();
    filter_zeros_rec(p, a.root(), b.root(), &mut out);
    out
}

/// CuTe's `product_each`: the size of each mode, as a tuple.
pub(crate) const fn product_each<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    t: &Tree<C>,
) -> Tree<C> {
    let mut out = Tree::new();
    let at = out.open();
    let r = t.rank();
    let mut c = 0;
    while c < r {
        let size = p.product(&t.mode(c).leaves());
        out.push_leaf(size);
        c += 1;
    }
    out.close(at, r);
    out
}

const fn product_like_rec<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    t: At<C>,
    g: At<C>,
    out: &mut Tree<C>,
) {
    if g.is_tup() {
        if !t.is_tup() || t.arity() != g.arity() {
            mismatched(p, "product_like", t, g);
            out.append_sub(g);
            return;
        }
        let at = out.open();
        let mut c = 0;
        while c < g.arity() {
            product_like_rec(p, t.child(c), g.child(c), out);
            c += 1;
        }
        out.close(at, c);
    } else {
        let size = p.product(&t.leaves());
        out.push_leaf(size);
    }
}

/// CuTe's `product_like(t, guide)`: the product of `t` at each leaf of `guide`.
pub(crate) const fn product_like<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    t: &Tree<C>,
    guide: &Tree<C>,
) -> Tree<C> {
    let mut out = Tree::new();
    product_like_rec(p, t.root(), guide.root(), &mut out);
    out
}
