//! CuTe's `stride.hpp` on const trees: crd2idx, idx2crd, compact column-/row-major strides and
//! compact_order.

use crate::error::{Msg, add, div, mul, rem};
use crate::tree::{INT, List, TUP, Tree};

const fn mismatched(op: &str, a: &Tree, b: &Tree) -> ! {
    Msg::new("Mismatched Ranks: ")
        .str(op)
        .str(": ")
        .tree(a)
        .str(" against ")
        .tree(b)
        .fail()
}

const fn crd2idx_rec(c: &Tree, ci: usize, s: &Tree, si: usize, d: &Tree, di: usize) -> i32 {
    match (c.tag[ci], s.tag[si]) {
        (TUP, TUP) => {
            if c.val[ci] != s.val[si] {
                mismatched("crd2idx", &c.sub(ci), &s.sub(si))
            }
            let mut sum = 0;
            let mut k = 0;
            while k < c.val[ci] as usize {
                sum = add(
                    sum,
                    crd2idx_rec(c, c.child(ci, k), s, s.child(si, k), d, d.child(di, k)),
                );
                k += 1;
            }
            sum
        }
        (TUP, _) => mismatched("crd2idx", &c.sub(ci), &s.sub(si)),
        (_, TUP) => {
            // An integer coordinate splits column-major across the modes; the last takes the rest.
            let mut rest = c.val[ci];
            let mut sum = 0;
            let n = s.val[si] as usize;
            let mut k = 0;
            while k < n {
                let (sk, dk) = (s.child(si, k), d.child(di, k));
                if k + 1 == n {
                    sum = add(sum, crd2idx_rec(&Tree::int(rest), 0, s, sk, d, dk));
                } else {
                    let size = s.sub(sk).size();
                    sum = add(
                        sum,
                        crd2idx_rec(&Tree::int(rem(rest, size)), 0, s, sk, d, dk),
                    );
                    rest = div(rest, size);
                }
                k += 1;
            }
            sum
        }
        _ => mul(c.val[ci], d.val[di]),
    }
}

/// CuTe's `crd2idx(coord, shape, stride)` for a static coordinate.
pub(crate) const fn crd2idx(coord: &Tree, shape: &Tree, stride: &Tree) -> i32 {
    crd2idx_rec(coord, 0, shape, 0, stride, 0)
}

const fn idx2crd_rec(idx: &Tree, ii: usize, s: &Tree, si: usize, out: &mut Tree) {
    match (idx.tag[ii], s.tag[si]) {
        (TUP, TUP) => {
            if idx.val[ii] != s.val[si] {
                mismatched("idx2crd", &idx.sub(ii), &s.sub(si))
            }
            let at = out.open();
            let mut k = 0;
            while k < s.val[si] as usize {
                idx2crd_rec(idx, idx.child(ii, k), s, s.child(si, k), out);
                k += 1;
            }
            out.close(at, k);
        }
        (TUP, _) => mismatched("idx2crd", &idx.sub(ii), &s.sub(si)),
        (_, TUP) => {
            let mut rest = idx.val[ii];
            let n = s.val[si] as usize;
            let at = out.open();
            let mut k = 0;
            while k < n {
                let sk = s.child(si, k);
                if k + 1 == n {
                    idx2crd_rec(&Tree::int(rest), 0, s, sk, out);
                } else {
                    let size = s.sub(sk).size();
                    idx2crd_rec(&Tree::int(rem(rest, size)), 0, s, sk, out);
                    rest = div(rest, size);
                }
                k += 1;
            }
            out.close(at, n);
        }
        _ => out.push(INT, idx.val[ii]),
    }
}

/// CuTe's `idx2crd(idx, shape)`: the natural coordinate; the last mode takes what is left.
pub(crate) const fn idx2crd(idx: &Tree, shape: &Tree) -> Tree {
    let mut out = Tree::new();
    idx2crd_rec(idx, 0, shape, 0, &mut out);
    out
}

const fn compact_rec(s: &Tree, i: usize, current: i32, right: bool, out: &mut Tree) -> i32 {
    if s.tag[i] != TUP {
        if s.val[i] == 1 {
            out.push(INT, 0);
            return current;
        }
        out.push(INT, current);
        return mul(current, s.val[i]);
    }
    let n = s.val[i] as usize;
    if !right {
        let at = out.open();
        let mut cur = current;
        let mut k = 0;
        while k < n {
            cur = compact_rec(s, s.child(i, k), cur, right, out);
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
        cur = compact_rec(s, s.child(i, k), cur, right, &mut part);
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

/// CuTe's `compact_major<LayoutLeft/LayoutRight>(shape, current)`.
pub(crate) const fn compact_major(shape: &Tree, current: i32, right: bool) -> Tree {
    let mut out = Tree::new();
    compact_rec(shape, 0, current, right, &mut out);
    out
}

const fn compact_order_rec(
    s: &Tree,
    si: usize,
    o: &Tree,
    oi: usize,
    ref_shape: &List,
    ref_order: &List,
    out: &mut Tree,
) {
    if o.tag[oi] == TUP {
        if s.tag[si] != TUP || s.val[si] != o.val[oi] {
            mismatched("compact_order", &s.sub(si), &o.sub(oi))
        }
        let at = out.open();
        let mut k = 0;
        while k < o.val[oi] as usize {
            compact_order_rec(
                s,
                s.child(si, k),
                o,
                o.child(oi, k),
                ref_shape,
                ref_order,
                out,
            );
            k += 1;
        }
        out.close(at, k);
    } else {
        // Start after every mode with a smaller order.
        let mut start = 1;
        let mut k = 0;
        while k < ref_shape.n {
            if ref_order.v[k] < o.val[oi] {
                start = mul(start, ref_shape.v[k]);
            }
            k += 1;
        }
        let mut part = Tree::new();
        compact_rec(s, si, start, false, &mut part);
        out.append(&part);
    }
}

/// CuTe's `compact_order(shape, order)` for a static order (weakly congruent to `shape`).
pub(crate) const fn compact_order(shape: &Tree, order: &Tree) -> Tree {
    let ref_shape = super::int_tuple::product_like(shape, order).leaves();
    let ref_order = order.leaves();
    let mut out = Tree::new();
    compact_order_rec(shape, 0, order, 0, &ref_shape, &ref_order, &mut out);
    out
}
