//! Coordinates with `_`: CuTe's `slice` and `dice`, and the unpacking of zipped results.

use super::layout::L;
use crate::error::{Condition, Msg};
use crate::prog::Prog;
use crate::tree::{At, Kind, Tree};

/// Where a coordinate's tuple and the tuple it is applied to part (CuTe's "Mismatched Ranks"):
/// the node of each, by index in its tree.
#[derive(Clone, Copy)]
pub(crate) struct Mismatch {
    c: usize,
    t: usize,
}

impl Mismatch {
    /// CuTe's words, naming the two subtrees where they part.
    const fn msg<const C: usize>(self, c: &Tree<C>, t: &Tree<C>) -> Msg {
        let mut m = Msg::new("Mismatched Ranks: coordinate ");
        m.tree(&c.at_node(self.c).sub())
            .str(" against ")
            .tree(&t.at_node(self.t).sub());
        m
    }
}

/// The parts of `t` where `c` has `_` (`keep_under`) or an integer, appended to `out` and
/// counted; a tuple of `c` needs a tuple of `t` of its rank.
const fn lift<const C: usize>(
    c: At<C>,
    t: At<C>,
    keep_under: bool,
    out: &mut Tree<C>,
    count: &mut usize,
) -> Result<(), Mismatch> {
    match c.kind() {
        Kind::Tup => {
            if !t.is_tup() || t.arity() != c.arity() {
                return Err(Mismatch {
                    c: c.index(),
                    t: t.index(),
                });
            }
            let mut k = 0;
            while k < c.arity() {
                if let Err(m) = lift(c.child(k), t.child(k), keep_under, out, count) {
                    return Err(m);
                }
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
    Ok(())
}

/// CuTe's `slice` (`keep_under`) or `dice` of `t` by the coordinate `c`: the parts lifted into
/// one tuple (`filter_tuple`); a `_` or an integer alone keeps or drops the whole.
const fn slice_or_dice<const C: usize>(
    c: &Tree<C>,
    t: &Tree<C>,
    keep_under: bool,
) -> Result<Tree<C>, Mismatch> {
    match c.root().kind() {
        Kind::Tup => {
            let mut out = Tree::new();
            let at = out.open();
            let mut count = 0;
            if let Err(m) = lift(c.root(), t.root(), keep_under, &mut out, &mut count) {
                return Err(m);
            }
            out.close(at, count);
            Ok(out)
        }
        Kind::Under if keep_under => Ok(*t),
        Kind::Int if !keep_under => Ok(*t),
        _ => Ok(Tree::unit()),
    }
}

/// [`slice_or_dice`] of a tree whose structure is known while compiling: a mismatch is a
/// compile error.
const fn slice_or_dice_compiled<const C: usize>(
    c: &Tree<C>,
    t: &Tree<C>,
    keep_under: bool,
) -> Tree<C> {
    match slice_or_dice(c, t, keep_under) {
        Ok(out) => out,
        Err(m) => m.msg(c, t).fail(),
    }
}

/// CuTe's `slice(crd, layout)`: the modes where `crd` has `_`.
pub(crate) const fn slice<const C: usize>(c: &Tree<C>, l: &L<C>) -> L<C> {
    L::new(
        slice_or_dice_compiled(c, &l.shape, true),
        slice_or_dice_compiled(c, &l.stride, true),
    )
}

/// CuTe's `dice(crd, t)` of a tuple, a tiler or a coordinate: the elements where `crd` has an
/// integer.
pub(crate) const fn dice_tree<const C: usize>(c: &Tree<C>, t: &Tree<C>) -> Tree<C> {
    slice_or_dice_compiled(c, t, false)
}

/// CuTe's `dice(crd, layout)`: the modes where `crd` has an integer.
pub(crate) const fn dice<const C: usize>(c: &Tree<C>, l: &L<C>) -> L<C> {
    L::new(
        slice_or_dice_compiled(c, &l.shape, false),
        slice_or_dice_compiled(c, &l.stride, false),
    )
}

/// CuTe's `slice(crd, layout)` (`keep_under`) or `dice(crd, layout)` where the structure may
/// be known only at run time: a coordinate whose ranks do not match the layout's is refused
/// (a compile error while compiling; recorded at run time, where the run goes on with `l`).
pub(crate) const fn slice_or_dice_layout<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    c: &Tree<C>,
    l: &L<C>,
    keep_under: bool,
) -> L<C> {
    // Shape and stride are congruent: they part from the coordinate at the same node.
    let (shape, stride) = (
        slice_or_dice(c, &l.shape, keep_under),
        slice_or_dice(c, &l.stride, keep_under),
    );
    match (shape, stride) {
        (Ok(shape), Ok(stride)) => L::new(shape, stride),
        (Err(m), _) | (_, Err(m)) => {
            p.refuse(Condition::MismatchedRanks, &m.msg(c, &l.shape));
            *l
        }
    }
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
