//! Division (tiling) and the shared by-mode / unzip machinery of divides and products.

use super::coalesce::coalesce;
use super::complement::complement;
use super::composition::composition;
use super::layout::{L, Modes, concat2};
use super::slice::{keep_rest_unpacked, unpack_both};
use super::tiler::{self, Tl};
use crate::error::Msg;
use crate::tree::{TUP, Tree};

/// CuTe's `logical_divide(A, B)` for a layout `B`.
pub(crate) const fn logical_divide(a: &L, b: &L) -> L {
    let rest = complement(b, &coalesce(a).shape);
    composition(a, &concat2(b, &rest))
}

/// Which by-mode operation to apply at the tiler's leaves.
#[derive(Clone, Copy)]
pub(crate) enum ByMode {
    Divide,
    Product,
}

/// A tuple tiler applies mode by mode (layout modes beyond it are kept), `_` keeps the mode,
/// an integer `n` stands for `n:_1`.
pub(crate) const fn by_mode(a: &L, t: &Tl, i: usize, op: ByMode) -> L {
    match tiler::kind(t, i) {
        tiler::Kind::Under => *a,
        tiler::Kind::Tuple(n) => {
            let r = a.rank();
            if n > r {
                tiler::too_many_modes(
                    match op {
                        ByMode::Divide => "logical_divide",
                        ByMode::Product => "logical_product",
                    },
                    t,
                    a,
                )
            }
            let mut m = Modes::new();
            let mut k = 0;
            while k < r {
                let mode = a.mode(k);
                if k < n {
                    m.push(&by_mode(&mode, t, t.child(i, k), op));
                } else {
                    m.push(&mode);
                }
                k += 1;
            }
            m.build()
        }
        _ => {
            let b = match tiler::as_layout(t, i) {
                Some(b) => b,
                None => Msg::new("cute-static: unreachable tiler node").fail(),
            };
            match op {
                ByMode::Divide => logical_divide(a, &b),
                ByMode::Product => super::product::logical_product(a, &b),
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
const fn zip2_by(t: &Tree, i: usize, g: &Tl, j: usize) -> (Tree, Tree) {
    if t.tag[i] != TUP {
        mismatch(&t.sub(i), &g.sub(j))
    }
    let n = t.val[i] as usize;
    if g.tag[j] != TUP {
        if n != 2 {
            mismatch(&t.sub(i), &g.sub(j))
        }
        return (t.sub(t.child(i, 0)), t.sub(t.child(i, 1)));
    }
    let gn = g.val[j] as usize;
    if n < gn {
        mismatch(&t.sub(i), &g.sub(j))
    }
    let (mut first, mut second) = (Tree::new(), Tree::new());
    let (fa, sa) = (first.open(), second.open());
    let mut k = 0;
    while k < gn {
        let (a, b) = zip2_by(t, t.child(i, k), g, g.child(j, k));
        first.append(&a);
        second.append(&b);
        k += 1;
    }
    while k < n {
        second.append_sub(t, t.child(i, k));
        k += 1;
    }
    first.close(fa, gn);
    second.close(sa, n);
    (first, second)
}

/// CuTe's `tile_unzip(layout, tiler)`.
pub(crate) const fn tile_unzip(l: &L, t: &Tl) -> L {
    let (s0, s1) = zip2_by(&l.shape, 0, t, 0);
    let (d0, d1) = zip2_by(&l.stride, 0, t, 0);
    concat2(&L::new(s0, d0), &L::new(s1, d1))
}

/// CuTe's `logical_divide(A, tiler)`.
pub(crate) const fn logical_divide_tiler(a: &L, t: &Tl) -> L {
    by_mode(a, t, 0, ByMode::Divide)
}

/// CuTe's `zipped_divide`.
pub(crate) const fn zipped_divide(a: &L, t: &Tl) -> L {
    tile_unzip(&logical_divide_tiler(a, t), t)
}

/// CuTe's `tiled_divide`.
pub(crate) const fn tiled_divide(a: &L, t: &Tl) -> L {
    keep_rest_unpacked(&zipped_divide(a, t))
}

/// CuTe's `flat_divide`.
pub(crate) const fn flat_divide(a: &L, t: &Tl) -> L {
    unpack_both(&zipped_divide(a, t))
}
