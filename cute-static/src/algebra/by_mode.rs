//! A tiler applied mode by mode, CuTe's by-mode `logical_divide` and `logical_product` (a tuple
//! tiler applies to the layout's modes in turn, `_` keeps a mode, an integer `n` stands for
//! `n:_1`), and the zipped, tiled and flat forms built on them with `tile_unzip`.

use super::divide::logical_divide_into;
use super::layout::L;
use super::product::logical_product;
use super::slice::{keep_rest_unpacked, unpack_both};
use super::tiler::{self, Tl};
use crate::error::{Condition, Msg};
use crate::prog::Prog;
use crate::tree::{At, Tree};

/// Which by-mode operation to apply at the tiler's leaves.
#[derive(Clone, Copy)]
pub(crate) enum ByMode {
    Divide,
    Product,
}

/// A tuple tiler applies mode by mode (layout modes beyond it are kept), `_` keeps the mode,
/// an integer `n` stands for `n:_1`.
pub(crate) const fn by_mode<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    t: At<C>,
    op: ByMode,
) -> L<C> {
    let mut out = L::empty();
    by_mode_into(p, a, t, op, &mut out);
    out
}

/// [`by_mode`] appended to `out` (the modes written in place: each layout built apart and
/// copied in costs its capacity).
const fn by_mode_into<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    t: At<C>,
    op: ByMode,
    out: &mut L<C>,
) {
    match tiler::kind(t) {
        tiler::Kind::Under => out.push(a),
        tiler::Kind::Tuple(n) => {
            let r = a.rank();
            if n > r {
                let op = match op {
                    ByMode::Divide => "logical_divide",
                    ByMode::Product => "logical_product",
                };
                tiler::too_many_modes(p, op, t.tree(), a);
                out.push(a);
                return;
            }
            let at = out.open();
            let mut k = 0;
            while k < r {
                if k < n {
                    let mut mode = L::empty();
                    mode.push_mode(a, k);
                    by_mode_into(p, &mode, t.child(k), op, out);
                } else {
                    out.push_mode(a, k);
                }
                k += 1;
            }
            out.close(at, r);
        }
        _ => {
            let b = match tiler::as_layout(p, t) {
                Some(b) => b,
                None => Msg::new("cute-static: unreachable tiler node").fail(),
            };
            match op {
                ByMode::Divide => {
                    let mut l = L::empty();
                    logical_divide_into(p, (a, &b), &mut l);
                    out.push(&l);
                }
                ByMode::Product => out.push(&logical_product(p, a, &b)),
            }
        }
    }
}

/// CuTe's `zip2_by(t, guide)`: gather the first halves of the rank-2 modes at the guide's
/// terminals into one mode, the second halves (then the modes beyond the guide) into another.
/// The halves are appended to `first` and `second` (trees written in place: each tree copied
/// costs its capacity); where `t` does not split so, the subtree and the guide's subtree there.
const fn zip2_by<'a, 'b, const C: usize>(
    t: At<'a, C>,
    g: At<'b, C>,
    (first, second): (&mut Tree<C>, &mut Tree<C>),
) -> Result<(), (At<'a, C>, At<'b, C>)> {
    if !t.is_tup() {
        return Err((t, g));
    }
    let n = t.arity();
    if !g.is_tup() {
        if n != 2 {
            return Err((t, g));
        }
        first.append_sub(t.child(0));
        second.append_sub(t.child(1));
        return Ok(());
    }
    let gn = g.arity();
    if n < gn {
        return Err((t, g));
    }
    let (fa, sa) = (first.open(), second.open());
    let mut k = 0;
    while k < gn {
        if let Err(at) = zip2_by(t.child(k), g.child(k), (first, second)) {
            return Err(at);
        }
        k += 1;
    }
    while k < n {
        second.append_sub(t.child(k));
        k += 1;
    }
    first.close(fa, gn);
    second.close(sa, n);
    Ok(())
}

/// CuTe's `tile_unzip(layout, tiler)`, written to the empty `out` (the tile halves straight
/// after its root tuple, the rest halves apart and then appended): a compile error where the
/// layout does not split into `(tile, rest)` along the tiler, recorded at run time (where `l`
/// is written as a stand-in).
const fn tile_unzip<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
    t: &Tl<C>,
    out: &mut L<C>,
) {
    let root = out.open();
    let mut rest = L::empty();
    let shapes = (&mut out.shape, &mut rest.shape);
    let zipped = match zip2_by(l.shape.root(), t.root(), shapes) {
        Ok(()) => zip2_by(
            l.stride.root(),
            t.root(),
            (&mut out.stride, &mut rest.stride),
        ),
        Err(at) => Err(at),
    };
    match zipped {
        Ok(()) => {
            out.push(&rest);
            out.close(root, 2);
        }
        Err((at, guide)) => {
            let mut m = Msg::new("Mismatched Ranks: ");
            m.tree(&at.sub())
                .str(" does not split into (tile, rest) along ")
                .tree(&guide.sub());
            p.refuse(Condition::MismatchedRanks, &m);
            *out = *l;
        }
    }
}

/// CuTe's `logical_divide(A, tiler)`.
pub(crate) const fn logical_divide_tiler<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    t: &Tl<C>,
) -> L<C> {
    by_mode(p, a, t.root(), ByMode::Divide)
}

/// The zipped forms of a by-mode result.
#[derive(Clone, Copy)]
enum Form {
    /// `tile_unzip`: `((tile...),(rest...))`.
    Zipped,
    /// Its rest unpacked: `((tile...),rest...)`.
    Tiled,
    /// Both unpacked: `(tile...,rest...)`.
    Flat,
}

/// The zipped `form` of the by-mode result `l` of tiler `t`. A run at run time that failed
/// leaves `l`, a stand-in without the `(tile, rest)` modes to rearrange.
const fn rearranged<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
    t: &Tl<C>,
    form: Form,
) -> L<C> {
    if p.outcome().is_err() {
        return *l;
    }
    let mut out = L::empty();
    tile_unzip(p, l, t, &mut out);
    if p.outcome().is_err() {
        return out;
    }
    match form {
        Form::Zipped => out,
        Form::Tiled => keep_rest_unpacked(&out),
        Form::Flat => unpack_both(&out),
    }
}

/// CuTe's `zipped_divide`.
pub(crate) const fn zipped_divide<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    t: &Tl<C>,
) -> L<C> {
    let divided = logical_divide_tiler(p, a, t);
    rearranged(p, &divided, t, Form::Zipped)
}

/// CuTe's `tiled_divide`.
pub(crate) const fn tiled_divide<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    t: &Tl<C>,
) -> L<C> {
    let divided = logical_divide_tiler(p, a, t);
    rearranged(p, &divided, t, Form::Tiled)
}

/// CuTe's `flat_divide`.
pub(crate) const fn flat_divide<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    t: &Tl<C>,
) -> L<C> {
    let divided = logical_divide_tiler(p, a, t);
    rearranged(p, &divided, t, Form::Flat)
}

/// CuTe's `logical_product(A, tiler)`.
pub(crate) const fn logical_product_tiler<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    t: &Tl<C>,
) -> L<C> {
    by_mode(p, a, t.root(), ByMode::Product)
}

/// CuTe's `zipped_product`.
pub(crate) const fn zipped_product<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    t: &Tl<C>,
) -> L<C> {
    let product = logical_product_tiler(p, a, t);
    rearranged(p, &product, t, Form::Zipped)
}

/// CuTe's `tiled_product`.
pub(crate) const fn tiled_product<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    t: &Tl<C>,
) -> L<C> {
    let product = logical_product_tiler(p, a, t);
    rearranged(p, &product, t, Form::Tiled)
}

/// CuTe's `flat_product`.
pub(crate) const fn flat_product<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    t: &Tl<C>,
) -> L<C> {
    let product = logical_product_tiler(p, a, t);
    rearranged(p, &product, t, Form::Flat)
}
