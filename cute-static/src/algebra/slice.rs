//! Coordinates with `_`: CuTe's `slice` and `dice`, and the unpacking of zipped results.

use super::layout::L;
use crate::error::Msg;
use crate::tree::{At, Kind, Tree};

const fn lift<const C: usize>(
    c: At<C>,
    t: At<C>,
    keep_under: bool,
    out: &mut Tree<C>,
    count: &mut usize,
) {
    match c.kind() {
        Kind::Tup => {
            if !t.is_tup() || t.arity() != c.arity() {
                Msg::new("Mismatched Ranks: coordinate ")
                    .tree(&c.sub())
                    .str(" against ")
                    .tree(&t.sub())
                    .fail()
            }
            let mut k = 0;
            while k < c.arity() {
                lift(c.child(k), t.child(k), keep_under, out, count);
                k += 1;
            }
        }
        Kind::Under if keep_under => {
            out.append_sub(t);
            *count += 1;
        }
        Kind::Int if !keep_under => {
            out.append_sub(t);
            *count += 1;
        }
        _ => {}
    }
}

const fn slice_or_dice<const C: usize>(c: &Tree<C>, t: &Tree<C>, keep_under: bool) -> Tree<C> {
    match c.root().kind() {
        Kind::Tup => {
            let mut out = Tree::new();
            let at = out.open();
            let mut count = 0;
            lift(c.root(), t.root(), keep_under, &mut out, &mut count);
            out.close(at, count);
            out
        }
        Kind::Under if keep_under => *t,
        Kind::Int if !keep_under => *t,
        _ => Tree::unit(),
    }
}

/// CuTe's `slice(crd, layout)`: the modes where `crd` has `_`.
pub(crate) const fn slice<const C: usize>(c: &Tree<C>, l: &L<C>) -> L<C> {
    L::new(
        slice_or_dice(c, &l.shape, true),
        slice_or_dice(c, &l.stride, true),
    )
}

/// CuTe's `dice(crd, t)` of a tuple, a tiler or a coordinate: the elements where `crd` has an
/// integer.
pub(crate) const fn dice_tree<const C: usize>(c: &Tree<C>, t: &Tree<C>) -> Tree<C> {
    slice_or_dice(c, t, false)
}

/// CuTe's `dice(crd, layout)`: the modes where `crd` has an integer.
pub(crate) const fn dice<const C: usize>(c: &Tree<C>, l: &L<C>) -> L<C> {
    L::new(
        slice_or_dice(c, &l.shape, false),
        slice_or_dice(c, &l.stride, false),
    )
}

/// `_` repeated `n` times (a single `_` for `n == 1`), appended to `out`.
pub(crate) const fn underscores<const C: usize>(n: usize, out: &mut Tree<C>) {
    if n == 1 {
        out.push(Kind::Under, 0);
    } else {
        let at = out.open();
        let mut k = 0;
        while k < n {
            out.push(Kind::Under, 0);
            k += 1;
        }
        out.close(at, n);
    }
}

/// `result(_, repeat<R1>(_))`.
pub(crate) const fn keep_rest_unpacked<const C: usize>(z: &L<C>) -> L<C> {
    let mut c = Tree::new();
    let at = c.open();
    c.push(Kind::Under, 0);
    underscores(z.mode(1).rank(), &mut c);
    c.close(at, 2);
    slice(&c, z)
}

/// `result(repeat<R0>(_), repeat<R1>(_))`.
pub(crate) const fn unpack_both<const C: usize>(z: &L<C>) -> L<C> {
    let mut c = Tree::new();
    let at = c.open();
    underscores(z.mode(0).rank(), &mut c);
    underscores(z.mode(1).rank(), &mut c);
    c.close(at, 2);
    slice(&c, z)
}
