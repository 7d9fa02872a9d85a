//! A tiler applied mode by mode, CuTe's by-mode `logical_divide` and `logical_product` (a tuple
//! tiler applies to the layout's modes in turn, `_` keeps a mode, an integer `n` stands for
//! `n:_1`), and the zipped, tiled and flat forms built on them with `tile_unzip`.

use super::divide::logical_divide;
use super::layout::{L, Modes, concat2};
use super::product::logical_product;
use super::slice::{keep_rest_unpacked, unpack_both};
use super::tiler::{self, Tl};
use crate::error::Msg;
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
pub(crate) const fn by_mode<const P: usize>(p: &mut Prog<P>, a: &L, t: At, op: ByMode) -> L {
    match tiler::kind(t) {
        tiler::Kind::Under => *a,
        tiler::Kind::Tuple(n) => {
            let r = a.rank();
            if n > r {
                tiler::too_many_modes(
                    match op {
                        ByMode::Divide => "logical_divide",
                        ByMode::Product => "logical_product",
                    },
                    t.tree(),
                    a,
                )
            }
            let mut m = Modes::new();
            let mut k = 0;
            while k < r {
                let mode = a.mode(k);
                if k < n {
                    let sub = by_mode(p, &mode, t.child(k), op);
                    m.push(&sub);
                } else {
                    m.push(&mode);
                }
                k += 1;
            }
            m.build()
        }
        _ => {
            let b = match tiler::as_layout(p, t) {
                Some(b) => b,
                None => Msg::new("cute-static: unreachable tiler node").fail(),
            };
            match op {
                ByMode::Divide => logical_divide(p, a, &b),
                ByMode::Product => logical_product(p, a, &b),
            }
        }
    }
}

const fn mismatch(t: &Tree, guide: &Tl) -> ! {
    Msg::new("Mismatched Ranks: ")
        .tree(t)
        .str(" does not split into (tile, rest) along ")
        .tree(guide)
        .fail()
}

/// CuTe's `zip2_by(t, guide)`: gather the first halves of the rank-2 modes at the guide's
/// terminals into one mode, the second halves (then the modes beyond the guide) into another.
/// Returns the two halves.
const fn zip2_by(t: At, g: At) -> (Tree, Tree) {
    if !t.is_tup() {
        mismatch(&t.sub(), &g.sub())
    }
    let n = t.arity();
    if !g.is_tup() {
        if n != 2 {
            mismatch(&t.sub(), &g.sub())
        }
        return (t.child(0).sub(), t.child(1).sub());
    }
    let gn = g.arity();
    if n < gn {
        mismatch(&t.sub(), &g.sub())
    }
    let (mut first, mut second) = (Tree::new(), Tree::new());
    let (fa, sa) = (first.open(), second.open());
    let mut k = 0;
    while k < gn {
        let (a, b) = zip2_by(t.child(k), g.child(k));
        first.append(&a);
        second.append(&b);
        k += 1;
    }
    while k < n {
        second.append_sub(t.child(k));
        k += 1;
    }
    first.close(fa, gn);
    second.close(sa, n);
    (first, second)
}

/// CuTe's `tile_unzip(layout, tiler)`.
pub(crate) const fn tile_unzip(l: &L, t: &Tl) -> L {
    let (s0, s1) = zip2_by(l.shape.root(), t.root());
    let (d0, d1) = zip2_by(l.stride.root(), t.root());
    concat2(&L::new(s0, d0), &L::new(s1, d1))
}

/// CuTe's `logical_divide(A, tiler)`.
pub(crate) const fn logical_divide_tiler<const P: usize>(p: &mut Prog<P>, a: &L, t: &Tl) -> L {
    by_mode(p, a, t.root(), ByMode::Divide)
}

/// CuTe's `zipped_divide`.
pub(crate) const fn zipped_divide<const P: usize>(p: &mut Prog<P>, a: &L, t: &Tl) -> L {
    tile_unzip(&logical_divide_tiler(p, a, t), t)
}

/// CuTe's `tiled_divide`.
pub(crate) const fn tiled_divide<const P: usize>(p: &mut Prog<P>, a: &L, t: &Tl) -> L {
    keep_rest_unpacked(&zipped_divide(p, a, t))
}

/// CuTe's `flat_divide`.
pub(crate) const fn flat_divide<const P: usize>(p: &mut Prog<P>, a: &L, t: &Tl) -> L {
    unpack_both(&zipped_divide(p, a, t))
}

/// CuTe's `logical_product(A, tiler)`.
pub(crate) const fn logical_product_tiler<const P: usize>(p: &mut Prog<P>, a: &L, t: &Tl) -> L {
    by_mode(p, a, t.root(), ByMode::Product)
}

/// CuTe's `zipped_product`.
pub(crate) const fn zipped_product<const P: usize>(p: &mut Prog<P>, a: &L, t: &Tl) -> L {
    tile_unzip(&logical_product_tiler(p, a, t), t)
}

/// CuTe's `tiled_product`.
pub(crate) const fn tiled_product<const P: usize>(p: &mut Prog<P>, a: &L, t: &Tl) -> L {
    keep_rest_unpacked(&zipped_product(p, a, t))
}

/// CuTe's `flat_product`.
pub(crate) const fn flat_product<const P: usize>(p: &mut Prog<P>, a: &L, t: &Tl) -> L {
    unpack_both(&zipped_product(p, a, t))
}
