//! CuTe's `int_tuple.hpp` on const trees: shape_div, ceil_div, congruent, compatible,
//! weakly_congruent, filter_zeros, product_each, product_like. Every value is static here.

use crate::error::{Msg, ceil_div as cdiv, rem};
use crate::tree::{INT, TUP, Tree};

const fn mismatched(op: &str, a: &Tree, b: &Tree) -> ! {
    Msg::new("Mismatched Ranks: ")
        .str(op)
        .str("(")
        .tree(a)
        .str(", ")
        .tree(b)
        .str(")")
        .fail()
}

/// `shape_div` of two integers: they must divide one another ("Divisibility Condition").
pub(crate) const fn shape_div_int(a: i32, b: i32) -> i32 {
    if b == 0 {
        Msg::new("division by zero: shape_div(")
            .int(a)
            .str(", _0)")
            .fail()
    }
    if !(rem(a, b) == 0 || (a != 0 && rem(b, a) == 0)) {
        Msg::new("Divisibility Condition: shape_div(")
            .int(a)
            .str(", ")
            .int(b)
            .str(")")
            .fail()
    }
    cdiv(a, b)
}

/// `shape_div` (equal ranks, leaves that divide one another) or `ceil_div` (`b` may have fewer
/// modes, counting as 1): the same recursion, different leaves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Division {
    Shape,
    Ceil,
}

const fn leaf_div(a: i32, b: i32, kind: Division) -> i32 {
    match kind {
        Division::Shape => shape_div_int(a, b),
        Division::Ceil => cdiv(a, b),
    }
}

const fn divide_rec(a: &Tree, i: usize, b: &Tree, j: usize, kind: Division, out: &mut Tree) {
    let op = if matches!(kind, Division::Shape) {
        "shape_div"
    } else {
        "ceil_div"
    };
    match (a.tag[i], b.tag[j]) {
        (TUP, TUP) => {
            let ranks_ok = match kind {
                Division::Shape => a.val[i] == b.val[j],
                Division::Ceil => a.val[i] >= b.val[j],
            };
            if !ranks_ok {
                mismatched(op, &a.sub(i), &b.sub(j))
            }
            let at = out.open();
            let mut c = 0;
            while c < a.val[i] as usize {
                if c < b.val[j] as usize {
                    divide_rec(a, a.child(i, c), b, b.child(j, c), kind, out);
                } else {
                    divide_rec(a, a.child(i, c), &Tree::int(1), 0, kind, out);
                }
                c += 1;
            }
            out.close(at, c);
        }
        (TUP, _) => {
            // Fold the divisor across the modes from the left.
            let mut rest = b.val[j];
            let at = out.open();
            let mut c = 0;
            while c < a.val[i] as usize {
                let ai = a.child(i, c);
                divide_rec(a, ai, &Tree::int(rest), 0, kind, out);
                rest = leaf_div(rest, a.sub(ai).size(), kind);
                c += 1;
            }
            out.close(at, c);
        }
        (_, TUP) => out.push(INT, leaf_div(a.val[i], b.sub(j).size(), kind)),
        _ => out.push(INT, leaf_div(a.val[i], b.val[j], kind)),
    }
}

/// CuTe's `shape_div(a, b)`.
pub(crate) const fn shape_div(a: &Tree, b: &Tree) -> Tree {
    let mut out = Tree::new();
    divide_rec(a, 0, b, 0, Division::Shape, &mut out);
    out
}

/// CuTe's `ceil_div(a, b)` (missing modes of `b` count as 1).
pub(crate) const fn ceil_div(a: &Tree, b: &Tree) -> Tree {
    let mut out = Tree::new();
    divide_rec(a, 0, b, 0, Division::Ceil, &mut out);
    out
}

/// CuTe's `congruent`.
pub(crate) const fn congruent(a: &Tree, b: &Tree) -> bool {
    a.same_profile(b)
}

/// What an integer of `a` must satisfy against the matching part of `b`: anything
/// (`weakly_congruent`) or the same size (`compatible`). Tuples must match rank for rank.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Coarsening {
    Profile,
    Size,
}

const fn coarsens(a: &Tree, i: usize, b: &Tree, j: usize, rule: Coarsening) -> bool {
    match (a.tag[i], b.tag[j]) {
        (TUP, TUP) => {
            if a.val[i] != b.val[j] {
                return false;
            }
            let mut c = 0;
            while c < a.val[i] as usize {
                if !coarsens(a, a.child(i, c), b, b.child(j, c), rule) {
                    return false;
                }
                c += 1;
            }
            true
        }
        (INT, _) => match rule {
            Coarsening::Profile => true,
            Coarsening::Size => a.val[i] == b.sub(j).size(),
        },
        _ => false,
    }
}

/// CuTe's `weakly_congruent`.
pub(crate) const fn weakly_congruent(a: &Tree, b: &Tree) -> bool {
    coarsens(a, 0, b, 0, Coarsening::Profile)
}

/// CuTe's `compatible`.
pub(crate) const fn compatible(a: &Tree, b: &Tree) -> bool {
    coarsens(a, 0, b, 0, Coarsening::Size)
}

const fn filter_zeros_rec(a: &Tree, i: usize, b: &Tree, j: usize, out: &mut Tree) {
    if a.tag[i] == TUP {
        if b.tag[j] != TUP || a.val[i] != b.val[j] {
            mismatched("filter_zeros", &a.sub(i), &b.sub(j))
        }
        let at = out.open();
        let mut c = 0;
        while c < a.val[i] as usize {
            filter_zeros_rec(a, a.child(i, c), b, b.child(j, c), out);
            c += 1;
        }
        out.close(at, c);
    } else if a.val[i] == 0 {
        let ones = b.sub(j);
        let mut k = 0;
        let mut t = ones;
        while k < t.len {
            if t.tag[k] == INT {
                t.val[k] = 1;
            }
            k += 1;
        }
        out.append(&t);
    } else {
        out.append_sub(b, j);
    }
}

/// CuTe's `filter_zeros(a, b)`: elements of `b` paired with a 0 in `a` become 1.
pub(crate) const fn filter_zeros(a: &Tree, b: &Tree) -> Tree {
    let mut out = Tree::new();
    filter_zeros_rec(a, 0, b, 0, &mut out);
    out
}

/// CuTe's `product_each`: the size of each mode, as a tuple.
pub(crate) const fn product_each(t: &Tree) -> Tree {
    let mut out = Tree::new();
    let at = out.open();
    let r = t.rank();
    let mut c = 0;
    while c < r {
        out.push(INT, t.mode(c).size());
        c += 1;
    }
    out.close(at, r);
    out
}

const fn product_like_rec(t: &Tree, i: usize, g: &Tree, j: usize, out: &mut Tree) {
    if g.tag[j] == TUP {
        if t.tag[i] != TUP || t.val[i] != g.val[j] {
            mismatched("product_like", &t.sub(i), &g.sub(j))
        }
        let at = out.open();
        let mut c = 0;
        while c < g.val[j] as usize {
            product_like_rec(t, t.child(i, c), g, g.child(j, c), out);
            c += 1;
        }
        out.close(at, c);
    } else {
        out.push(INT, t.sub(i).size());
    }
}

/// CuTe's `product_like(t, guide)`: the product of `t` at each leaf of `guide`.
pub(crate) const fn product_like(t: &Tree, guide: &Tree) -> Tree {
    let mut out = Tree::new();
    product_like_rec(t, 0, guide, 0, &mut out);
    out
}
