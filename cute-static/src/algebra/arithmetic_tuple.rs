//! CuTe's `arithmetic_tuple.hpp` on const trees: the scaled basis strides of identity layouts
//! and the arithmetic tuples (coordinates) they produce.
//!
//! A stride `v@i@j` is a [`V`] whose `basis` is the position `E<j,i>` ([`Basis`]); the layout
//! algorithms only ever scale a stride by an integer or compare two strides, which [`Prog`]
//! does for scaled bases too, so they run unchanged on identity layouts. What differs is a sum
//! of strides: `layout(crd)` is an arithmetic tuple, one integer per position, which
//! [`moved`] computes component by component (the component at position `b` is `crd2idx` with
//! every stride not at `b` read as `_0`).

use super::layout::L;
use super::stride::crd2idx;
use crate::error::Msg;
use crate::prog::Prog;
use crate::tree::{At, Basis, List, Tree, V};

/// The position (CuTe's `E<i,j,...>`) of every leaf of `t`, by node: the path of indices from
/// the root (none for an integer `t`).
const fn positions<const C: usize>(t: &Tree<C>) -> [u16; C] {
    const fn rec<const C: usize>(
        t: At<C>,
        path: &mut [usize; Basis::DEPTH + 1],
        depth: usize,
        out: &mut [u16; C],
    ) {
        if !t.is_tup() {
            out[t.index()] = Basis::code(path.split_at(depth).0);
            return;
        }
        let mut k = 0;
        while k < t.arity() {
            if depth == Basis::DEPTH {
                // A leaf below is deeper than a position holds: `code` says so.
                Basis::code(path);
            }
            path[depth] = k;
            rec(t.child(k), path, depth + 1, out);
            k += 1;
        }
    }
    let mut out = [Basis::NONE; C];
    rec(t.root(), &mut [0; Basis::DEPTH + 1], 0, &mut out);
    out
}

/// The positions of the leaves of `t`, left to right, as the `basis` of `_0`s.
pub(crate) const fn leaf_positions<const C: usize>(t: &Tree<C>) -> List<C> {
    let at = positions(t);
    let mut out = List::new();
    let mut k = 0;
    while k < t.len {
        if t.is_int_at(k) {
            out.push(V::s(0).at_basis(at[k]));
        }
        k += 1;
    }
    out
}

/// CuTe's `make_basis_like(shape)`: the leaf at position `i, j, ...` of `shape` becomes
/// `_1@...@j@i` (`E<i,j,...>`); an integer shape gives `_1`.
pub(crate) const fn basis_like<const C: usize>(shape: &Tree<C>) -> Tree<C> {
    let at = positions(shape);
    let mut out = *shape;
    let mut k = 0;
    while k < out.len {
        if out.is_int_at(k) {
            out.set(k, V::s(1).at_basis(at[k]));
        }
        k += 1;
    }
    out
}

/// The origin of an identity tensor of `shape`: `_0` nested like `shape` (CuTe's
/// `ArithmeticTuple` of `repeat_like(shape, _0)`).
pub(crate) const fn zeros_like<const C: usize>(shape: &Tree<C>) -> Tree<C> {
    let mut out = *shape;
    let mut k = 0;
    while k < out.len {
        if out.is_int_at(k) {
            out.set(k, V::s(0));
        }
        k += 1;
    }
    out
}

/// CuTe's `make_identity_layout(shape)`: `shape:make_basis_like(shape)`.
pub(crate) const fn make_identity_layout<const C: usize>(shape: &Tree<C>) -> L<C> {
    L::new(*shape, basis_like(shape))
}

/// `stride` seen from position `basis`: the strides at `basis` as plain integers, the others
/// (and plain integers, unless `basis` is none) `_0`.
const fn project<const C: usize>(stride: &Tree<C>, basis: u16) -> Tree<C> {
    let mut out = *stride;
    let mut k = 0;
    while k < out.len {
        if out.is_int_at(k) {
            let v = out.at(k);
            out.set(
                k,
                if v.basis == basis {
                    v.at_basis(Basis::NONE)
                } else {
                    V::s(0)
                },
            );
        }
        k += 1;
    }
    out
}

/// Whether some leaf of `base` is at position `basis` (`at`: the positions of `base`).
const fn has_position<const C: usize>(base: &Tree<C>, at: &[u16; C], basis: u16) -> bool {
    let mut k = 0;
    while k < base.len {
        if base.is_int_at(k) && at[k] == basis {
            return true;
        }
        k += 1;
    }
    false
}

/// `base + l(coord)`: the origin `base` (an offset, or an identity tensor's arithmetic tuple)
/// moved by the layout `l` at `coord`, one component per leaf of `base`. Every stride of `l`
/// but a static `_0` (which adds nothing) must be at a position `base` has (a compile error
/// otherwise). For a plain `l` and an integer
/// `base` this is `base + crd2idx(coord, l)`.
pub(crate) const fn moved<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    base: &Tree<C>,
    coord: &Tree<C>,
    l: &L<C>,
) -> Tree<C> {
    let at = positions(base);
    let mut k = 0;
    while k < l.stride.len {
        let d = l.stride.at(k);
        if l.stride.is_int_at(k) && !d.is_const(0) && !has_position(base, &at, d.basis) {
            Msg::new("the stride ")
                .v(d)
                .str(" of ")
                .layout(&l.shape, &l.stride)
                .str(" has no component in the origin ")
                .tree(base)
                .fail()
        }
        k += 1;
    }
    let mut out = *base;
    k = 0;
    while k < out.len {
        if out.is_int_at(k) {
            let stride = if l.stride.has_basis() {
                project(&l.stride, at[k])
            } else {
                l.stride
            };
            let term = crd2idx(p, coord, &l.shape, &stride);
            let origin = out.at(k);
            out.set(k, p.add(origin, term));
        }
        k += 1;
    }
    out
}
