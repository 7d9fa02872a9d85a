//! CuTe's `stride.hpp` on const trees: crd2idx, idx2crd, compact column-/row-major strides and
//! compact_order. Every leaf is static or dynamic; the arithmetic goes through the [`Prog`], so
//! a result leaf is static exactly when CuTe's is.

use super::int_tuple::mismatched;
use crate::error::Msg;
use crate::prog::Prog;
use crate::tree::{At, CAP, List, Tree, V};

/// Which compact strides `make_layout` gives: CuTe's `LayoutLeft` (column-major, the default)
/// or `LayoutRight` (row-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Major {
    Left,
    Right,
}

/// A node of a layout: the shape and stride cursors, walked together.
#[derive(Clone, Copy)]
pub(crate) struct LayoutAt<'a, const C: usize = CAP> {
    pub(crate) shape: At<'a, C>,
    pub(crate) stride: At<'a, C>,
}

impl<'a, const C: usize> LayoutAt<'a, C> {
    /// Child `k` of a tuple mode.
    pub(crate) const fn child(self, k: usize) -> LayoutAt<'a, C> {
        LayoutAt {
            shape: self.shape.child(k),
            stride: self.stride.child(k),
        }
    }
}

/// CuTe's static assertion "Invalid parameters" of `op` on a tuple `c` (a coordinate or an
/// index) into the integer shape `s`: a compile error, or recorded at run time, where the
/// caller goes on with a stand-in.
const fn invalid_parameters<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    op: &str,
    c: At<C>,
    s: At<C>,
) {
    let mut m = Msg::new("Invalid parameters: ");
    m.str(op)
        .str(": ")
        .tree(&c.sub())
        .str(" into ")
        .tree(&s.sub());
    p.refuse_invalid(&m);
}

/// CuTe's `crd2idx(coord, shape, stride)`:
/// * integer, integer, integer: `c * d`;
/// * integer coordinate into a tuple shape: split it column-major over the modes
///   (`c % size(s0)` into mode 0, `c / size(s0)` on to the rest; the last mode takes what is
///   left);
/// * tuple, tuple, tuple: the sum over the modes.
const fn crd2idx_rec<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    c: At<C>,
    l: LayoutAt<C>,
) -> V {
    let (s, d) = (l.shape, l.stride);
    match (c.is_tup(), s.is_tup()) {
        (true, true) => {
            if c.arity() != s.arity() {
                mismatched(p, "crd2idx", c, s);
                return V::s(0);
            }
            if !d.is_tup() || d.arity() != s.arity() {
                mismatched(p, "crd2idx", s, d);
                return V::s(0);
            }
            let mut sum = V::s(0);
            let mut k = 0;
            while k < c.arity() {
                let term = crd2idx_rec(p, c.child(k), l.child(k));
                sum = p.add(sum, term);
                k += 1;
            }
            sum
        }
        (true, false) => {
            invalid_parameters(p, "crd2idx", c, s);
            V::s(0)
        }
        (false, true) => {
            if !d.is_tup() || d.arity() != s.arity() {
                mismatched(p, "crd2idx", s, d);
                return V::s(0);
            }
            // An integer coordinate splits column-major across the modes; the last takes the rest.
            let mut rest = c.v();
            let mut sum = V::s(0);
            let n = s.arity();
            let mut k = 0;
            while k < n {
                let lk = l.child(k);
                let term = if k + 1 == n {
                    crd2idx_rec(p, Tree::leaf(rest).root(), lk)
                } else {
                    let size = p.product(&lk.shape.leaves());
                    let here = p.rem(rest, size);
                    let term = crd2idx_rec(p, Tree::leaf(here).root(), lk);
                    rest = p.div(rest, size);
                    term
                };
                sum = p.add(sum, term);
                k += 1;
            }
            sum
        }
        (false, false) => p.mul(c.v(), d.v()),
    }
}

/// CuTe's `crd2idx(coord, shape, stride)`: the offset of a coordinate.
pub(crate) const fn crd2idx<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    coord: &Tree<C>,
    shape: &Tree<C>,
    stride: &Tree<C>,
) -> V {
    let l = LayoutAt {
        shape: shape.root(),
        stride: stride.root(),
    };
    crd2idx_rec(p, coord.root(), l)
}

const fn idx2crd_rec<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    idx: At<C>,
    s: At<C>,
    out: &mut Tree<C>,
) {
    match (idx.is_tup(), s.is_tup()) {
        (true, true) => {
            if idx.arity() != s.arity() {
                mismatched(p, "idx2crd", idx, s);
                out.append_sub(s);
                return;
            }
            let at = out.open();
            let mut k = 0;
            while k < s.arity() {
                idx2crd_rec(p, idx.child(k), s.child(k), out);
                k += 1;
            }
            out.close(at, k);
        }
        (true, false) => {
            invalid_parameters(p, "idx2crd", idx, s);
            out.append_sub(s);
        }
        (false, true) => {
            let mut rest = idx.v();
            let n = s.arity();
            let at = out.open();
            let mut k = 0;
            while k < n {
                let sk = s.child(k);
                if k + 1 == n {
                    idx2crd_rec(p, Tree::leaf(rest).root(), sk, out);
                } else {
                    let size = p.product(&sk.leaves());
                    let here = p.rem(rest, size);
                    idx2crd_rec(p, Tree::leaf(here).root(), sk, out);
                    rest = p.div(rest, size);
                }
                k += 1;
            }
            out.close(at, n);
        }
        (false, false) => out.push_leaf(idx.v()),
    }
}

/// CuTe's `idx2crd(idx, shape)`: the natural (column-major) coordinate. Each mode but the last
/// takes `idx % size(mode)` and passes on `idx / size(mode)`; the last mode takes what is left.
pub(crate) const fn idx2crd<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    idx: &Tree<C>,
    shape: &Tree<C>,
) -> Tree<C> {
    let mut out = Tree::new();
    idx2crd_rec(p, idx.root(), shape.root(), &mut out);
    out
}

/// The compact stride of one leaf of shape `s` at `*current`: `_0` for a static `_1` (which
/// leaves `*current`), else `*current`, which moves on to `*current * s`.
pub(crate) const fn compact_leaf<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    s: V,
    current: &mut V,
) -> V {
    if s.is_const(1) {
        return V::s(0);
    }
    let d = *current;
    *current = p.mul(d, s);
    d
}

/// The compact strides of the shape at `s` from `current`, in the order `major` says, written
/// over the integers of the copy of `s`'s subtree at `at` in `out` (node `s.index() + j` of
/// `s`'s tree is node `at + j`); returns `current * size` (a static `_1` mode gets stride `_0`
/// and leaves `current` as it is).
const fn compact_into<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    s: At<C>,
    current: V,
    major: Major,
    (out, at): (&mut Tree<C>, usize),
) -> V {
    if !s.is_tup() {
        let mut next = current;
        out.set(at, compact_leaf(p, s.v(), &mut next));
        return next;
    }
    let n = s.arity();
    let mut cur = current;
    let mut k = 0;
    while k < n {
        // Column-major from the first mode, row-major from the last.
        let c = match major {
            Major::Left => s.child(k),
            Major::Right => s.child(n - 1 - k),
        };
        cur = compact_into(p, c, cur, major, (&mut *out, at + c.index() - s.index()));
        k += 1;
    }
    cur
}

/// The compact strides of the shape at `s` from `current` (as [`compact_into`]) appended to
/// `out`.
const fn compact_rec<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    s: At<C>,
    current: V,
    major: Major,
    out: &mut Tree<C>,
) -> V {
    let at = out.len;
    out.append_sub(s);
    compact_into(p, s, current, major, (out, at))
}

/// CuTe's `compact_major<LayoutLeft/LayoutRight>(shape, current)`: compact strides starting at
/// `current`; a static `_1` mode gets stride `_0`.
pub(crate) const fn compact_major<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    shape: &Tree<C>,
    current: V,
    major: Major,
) -> Tree<C> {
    let mut out = Tree::new();
    compact_rec(p, shape.root(), current, major, &mut out);
    out
}

const fn compact_order_rec<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    s: At<C>,
    o: At<C>,
    refs: &(List<C>, List<C>),
    out: &mut Tree<C>,
) {
    if o.is_tup() {
        if !s.is_tup() || s.arity() != o.arity() {
            mismatched(p, "compact_order", s, o);
            out.append_sub(s);
            return;
        }
        let at = out.open();
        let mut k = 0;
        while k < o.arity() {
            compact_order_rec(p, s.child(k), o.child(k), refs, out);
            k += 1;
        }
        out.close(at, k);
    } else {
        // Start after every mode with a smaller order (all orders are static here).
        let (ref_shape, ref_order) = refs;
        let this = o.v().value();
        let mut start = V::s(1);
        let mut k = 0;
        while k < ref_shape.n {
            if ref_order.v[k].value() < this {
                start = p.mul(start, ref_shape.v[k]);
            }
            k += 1;
        }
        compact_rec(p, s, start, Major::Left, out);
    }
}

/// CuTe's `compact_order(shape, order)`: compact strides whose modes are laid out in increasing
/// `order` (weakly congruent to `shape`). Dynamic order values count as larger than every
/// static one and are ordered left to right.
pub(crate) const fn compact_order<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    shape: &Tree<C>,
    order: &Tree<C>,
) -> Tree<C> {
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
                // Past `i32::MAX`: a compile error, or recorded at run time.
                p.add(V::s(max_order), V::s(leaf + 1))
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
        shape.root(),
        new_order.root(),
        &(ref_shape, ref_order),
        &mut out,
    );
    out
}
