//! Products: `logical_product` and flavours, `blocked_product`, `raked_product`, `tile_to_shape`.

use super::complement::complement;
use super::composition::composition;
use super::divide::{ByMode, by_mode, tile_unzip};
use super::int_tuple::{ceil_div, product_each};
use super::layout::{L, append_to_rank, concat2, make_layout};
use super::slice::{keep_rest_unpacked, unpack_both};
use super::tiler::Tl;
use crate::error::{Msg, mul, rem};
use crate::tree::{TUP, Tree};

/// CuTe's `logical_product(A, B)`: `(A, complement(A, size(A)*cosize(B)) ∘ B)`.
pub(crate) const fn logical_product(a: &L, b: &L) -> L {
    let rest = composition(&complement(a, &Tree::int(mul(a.size(), b.cosize()))), b);
    concat2(a, &rest)
}

/// CuTe's `logical_product(A, tiler)`.
pub(crate) const fn logical_product_tiler(a: &L, t: &Tl) -> L {
    by_mode(a, t, 0, ByMode::Product)
}

/// CuTe's `zipped_product`.
pub(crate) const fn zipped_product(a: &L, t: &Tl) -> L {
    tile_unzip(&logical_product_tiler(a, t), t)
}

/// CuTe's `tiled_product`.
pub(crate) const fn tiled_product(a: &L, t: &Tl) -> L {
    keep_rest_unpacked(&zipped_product(a, t))
}

/// CuTe's `flat_product`.
pub(crate) const fn flat_product(a: &L, t: &Tl) -> L {
    unpack_both(&zipped_product(a, t))
}

/// CuTe's `zip(a, b)` of two trees: `((a0,b0),(a1,b1),...)`; an integer `a` gives `((a,b))`.
const fn zip(a: &Tree, b: &Tree) -> Tree {
    let mut out = Tree::new();
    if a.tag[0] != TUP {
        let at = out.open();
        out.append(&Tree::tuple2(a, b));
        out.close(at, 1);
        return out;
    }
    if b.tag[0] != TUP || a.val[0] != b.val[0] {
        Msg::new("Mismatched Ranks: zip(")
            .tree(a)
            .str(", ")
            .tree(b)
            .str(")")
            .fail()
    }
    let n = a.val[0] as usize;
    let at = out.open();
    let mut k = 0;
    while k < n {
        out.append(&Tree::tuple2(&a.mode(k), &b.mode(k)));
        k += 1;
    }
    out.close(at, n);
    out
}

const fn zip_layouts(a: &L, b: &L) -> L {
    L::new(zip(&a.shape, &b.shape), zip(&a.stride, &b.stride))
}

const fn rank_matched(a: &L, b: &L) -> (L, L) {
    let r = if a.rank() > b.rank() {
        a.rank()
    } else {
        b.rank()
    };
    let p = logical_product(&append_to_rank(a, r), &append_to_rank(b, r));
    (p.mode(0), p.mode(1))
}

/// CuTe's `blocked_product(A, B)`: mode `i` is `(A_i, B_i)`.
pub(crate) const fn blocked_product(a: &L, b: &L) -> L {
    let (x, y) = rank_matched(a, b);
    zip_layouts(&x, &y)
}

/// CuTe's `raked_product(A, B)`: mode `i` is `(B_i, A_i)`.
pub(crate) const fn raked_product(a: &L, b: &L) -> L {
    let (x, y) = rank_matched(a, b);
    zip_layouts(&y, &x)
}

/// CuTe's `tile_to_shape(block, target)` (column-major order of the repeats).
pub(crate) const fn tile_to_shape(block: &L, target: &Tree) -> L {
    if block.rank() > target.rank() {
        Msg::new("Rank of layout must be <= rank of target shape. Layout ")
            .layout(&block.shape, &block.stride)
            .str(" against ")
            .tree(target)
            .fail()
    }
    let padded = append_to_rank(block, target.rank());
    let block_shape = product_each(&padded.shape);
    let target_shape = product_each(target);
    let (b, t) = (block_shape.leaves(), target_shape.leaves());
    let mut k = 0;
    while k < t.n {
        if rem(t.v[k], b.v[k]) != 0 {
            Msg::new("tile_to_shape: block shape does not divide the target shape. Block ")
                .tree(&block_shape)
                .str(" against target ")
                .tree(&target_shape)
                .fail()
        }
        k += 1;
    }
    let product_shape = ceil_div(&target_shape, &block_shape);
    blocked_product(&padded, &make_layout(&product_shape, false))
}
