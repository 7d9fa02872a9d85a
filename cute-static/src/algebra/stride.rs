//! CuTe's `stride.hpp` on const trees: crd2idx, idx2crd, compact column-/row-major strides and
//! compact_order. Every leaf is static or dynamic; the arithmetic goes through the [`Prog`], so
//! a result leaf is static exactly when CuTe's is.

use super::layout::Major;
use crate::error::{Msg, add};
use crate::prog::Prog;
use crate::tree::{List, Tree, V};

const fn mismatched(op: &str, a: &Tree, b: &Tree) -> ! {
    Msg::new("Mismatched Ranks: ")
        .str(op)
        .str(": ")
        .tree(a)
        .str(" against ")
        .tree(b)
        .fail()
}

/// CuTe's `crd2idx(coord, shape, stride)`:
/// * integer, integer, integer: `c * d`;
/// * integer coordinate into a tuple shape: split it column-major over the modes
///   (`c % size(s0)` into mode 0, `c / size(s0)` on to the rest; the last mode takes what is
///   left);
/// * tuple, tuple, tuple: the sum over the modes.
const fn crd2idx_rec(
    p: &mut Prog,
    c: &Tree,
    ci: usize,
    s: &Tree,
    si: usize,
    d: &Tree,
    di: usize,
) -> V {
    match (c.is_tup_at(ci), s.is_tup_at(si)) {
        (true, true) => {
            if c.arity(ci) != s.arity(si) {
                mismatched("crd2idx", &c.sub(ci), &s.sub(si))
            }
            if !d.is_tup_at(di) || d.arity(di) != s.arity(si) {
                mismatched("crd2idx", &s.sub(si), &d.sub(di))
            }
            let mut sum = V::s(0);
            let mut k = 0;
            while k < c.arity(ci) {
                let term = crd2idx_rec(p, c, c.child(ci, k), s, s.child(si, k), d, d.child(di, k));
                sum = p.add(sum, term);
                k += 1;
            }
            sum
        }
        (true, false) => mismatched("crd2idx", &c.sub(ci), &s.sub(si)),
        (false, true) => {
            if !d.is_tup_at(di) || d.arity(di) != s.arity(si) {
                mismatched("crd2idx", &s.sub(si), &d.sub(di))
            }
            // An integer coordinate splits column-major across the modes; the last takes the rest.
            let mut rest = c.at(ci);
            let mut sum = V::s(0);
            let n = s.arity(si);
            let mut k = 0;
            while k < n {
                let (sk, dk) = (s.child(si, k), d.child(di, k));
                let term = if k + 1 == n {
                    crd2idx_rec(p, &Tree::leaf(rest), 0, s, sk, d, dk)
                } else {
                    let size = p.product(&s.sub(sk).leaves());
                    let here = p.rem(rest, size);
                    let term = crd2idx_rec(p, &Tree::leaf(here), 0, s, sk, d, dk);
                    rest = p.div(rest, size);
                    term
                };
                sum = p.add(sum, term);
                k += 1;
            }
            sum
        }
        (false, false) => p.mul(c.at(ci), d.at(di)),
    }
}

/// CuTe's `crd2idx(coord, shape, stride)`: the offset of a coordinate.
pub(crate) const fn crd2idx(p: &mut Prog, coord: &Tree, shape: &Tree, stride: &Tree) -> V {
    crd2idx_rec(p, coord, 0, shape, 0, stride, 0)
}

const fn idx2crd_rec(p: &mut Prog, idx: &Tree, ii: usize, s: &Tree, si: usize, out: &mut Tree) {
    match (idx.is_tup_at(ii), s.is_tup_at(si)) {
        (true, true) => {
            if idx.arity(ii) != s.arity(si) {
                mismatched("idx2crd", &idx.sub(ii), &s.sub(si))
            }
            let at = out.open();
            let mut k = 0;
            while k < s.arity(si) {
                idx2crd_rec(p, idx, idx.child(ii, k), s, s.child(si, k), out);
                k += 1;
            }
            out.close(at, k);
        }
        (true, false) => mismatched("idx2crd", &idx.sub(ii), &s.sub(si)),
        (false, true) => {
            let mut rest = idx.at(ii);
            let n = s.arity(si);
            let at = out.open();
            let mut k = 0;
            while k < n {
                let sk = s.child(si, k);
                if k + 1 == n {
                    idx2crd_rec(p, &Tree::leaf(rest), 0, s, sk, out);
                } else {
                    let size = p.product(&s.sub(sk).leaves());
                    let here = p.rem(rest, size);
                    idx2crd_rec(p, &Tree::leaf(here), 0, s, sk, out);
                    rest = p.div(rest, size);
                }
                k += 1;
            }
            out.close(at, n);
        }
        (false, false) => out.push_leaf(idx.at(ii)),
    }
}

/// CuTe's `idx2crd(idx, shape)`: the natural (column-major) coordinate. Each mode but the last
/// takes `idx % size(mode)` and passes on `idx / size(mode)`; the last mode takes what is left.
pub(crate) const fn idx2crd(p: &mut Prog, idx: &Tree, shape: &Tree) -> Tree {
    let mut out = Tree::new();
    idx2crd_rec(p, idx, 0, shape, 0, &mut out);
    out
}

/// Strides of the subtree at `i` from `current`; returns `current * size` (a static `_1` mode
/// gets stride `_0` and leaves `current` as it is).
const fn compact_rec(
    p: &mut Prog,
    s: &Tree,
    i: usize,
    current: V,
    major: Major,
    out: &mut Tree,
) -> V {
    if !s.is_tup_at(i) {
        let si = s.at(i);
        if si.is_const(1) {
            out.push_leaf(V::s(0));
            return current;
        }
        out.push_leaf(current);
        return p.mul(current, si);
    }
    let n = s.arity(i);
    if matches!(major, Major::Left) {
        let at = out.open();
        let mut cur = current;
        let mut k = 0;
        while k < n {
            cur = compact_rec(p, s, s.child(i, k), cur, major, out);
            k += 1;
        }
        out.close(at, n);
        return cur;
    }
    // Row-major: strides are assigned from the last mode, then written in mode order.
    let mut parts = [Tree::new(); 32];
    if n > 32 {
        Msg::new("cute-static: compact_row_major supports at most 32 modes per tuple").fail()
    }
    let mut cur = current;
    let mut k = n;
    while k > 0 {
        k -= 1;
        let mut part = Tree::new();
        cur = compact_rec(p, s, s.child(i, k), cur, major, &mut part);
        parts[k] = part;
    }
    let at = out.open();
    while k < n {
        out.append(&parts[k]);
        k += 1;
    }
    out.close(at, n);
    cur
}

/// CuTe's `compact_major<LayoutLeft/LayoutRight>(shape, current)`: compact strides starting at
/// `current`; a static `_1` mode gets stride `_0`.
pub(crate) const fn compact_major(p: &mut Prog, shape: &Tree, current: V, major: Major) -> Tree {
    let mut out = Tree::new();
    compact_rec(p, shape, 0, current, major, &mut out);
    out
}

const fn compact_order_rec(
    p: &mut Prog,
    s: &Tree,
    si: usize,
    o: &Tree,
    oi: usize,
    refs: &(List, List),
    out: &mut Tree,
) {
    if o.is_tup_at(oi) {
        if !s.is_tup_at(si) || s.arity(si) != o.arity(oi) {
            mismatched("compact_order", &s.sub(si), &o.sub(oi))
        }
        let at = out.open();
        let mut k = 0;
        while k < o.arity(oi) {
            compact_order_rec(p, s, s.child(si, k), o, o.child(oi, k), refs, out);
            k += 1;
        }
        out.close(at, k);
    } else {
        // Start after every mode with a smaller order (all orders are static here).
        let (ref_shape, ref_order) = refs;
        let this = o.at(oi).value();
        let mut start = V::s(1);
        let mut k = 0;
        while k < ref_shape.n {
            if ref_order.v[k].value() < this {
                start = p.mul(start, ref_shape.v[k]);
            }
            k += 1;
        }
        compact_rec(p, s, si, start, Major::Left, out);
    }
}

/// CuTe's `compact_order(shape, order)`: compact strides whose modes are laid out in increasing
/// `order` (weakly congruent to `shape`). Dynamic order values count as larger than every
/// static one and are ordered left to right.
pub(crate) const fn compact_order(p: &mut Prog, shape: &Tree, order: &Tree) -> Tree {
    let ref_shape = super::int_tuple::product_like(p, shape, order).leaves();
    let flat = order.leaves();
    // Dynamic orders become distinct statics above the largest static order, left to right.
    let mut max_order = 0;
    let mut k = 0;
    while k < flat.n {
        if flat.v[k].is_static() && flat.v[k].value() > max_order {
            max_order = flat.v[k].value();
        }
        k += 1;
    }
    let mut ref_order = List::new();
    let mut new_order = *order;
    let mut leaf = 0;
    k = 0;
    while k < new_order.len {
        if new_order.is_int_at(k) {
            let o = new_order.at(k);
            let v = if o.is_static() {
                o
            } else {
                V::s(add(max_order, add(1, leaf)))
            };
            new_order.set(k, v);
            ref_order.push(v);
            leaf += 1;
        }
        k += 1;
    }
    let mut out = Tree::new();
    compact_order_rec(
        p,
        shape,
        0,
        &new_order,
        0,
        &(ref_shape, ref_order),
        &mut out,
    );
    out
}
