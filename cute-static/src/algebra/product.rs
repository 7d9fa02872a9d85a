//! Products: `logical_product(A, B)` (its tiler forms: [`super::by_mode`]), `blocked_product`,
//! `raked_product`, `tile_to_shape`.

use super::complement::complement_into;
use super::composition::composition;
use super::int_tuple::{ceil_div, product_each};
use super::layout::{L, Major, append_to_rank, make_layout};
use crate::error::{Condition, Msg};
use crate::prog::{Pred, Prog};
use crate::tree::{Tree, V};

/// CuTe's `logical_product(A, B)`: `(A, complement(A, size(A)*cosize(B)) ∘ B)`.
/// The cotarget `size(A)*cosize(B)` is static only if both are.
pub(crate) const fn logical_product<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    b: &L<C>,
) -> L<C> {
    let size = a.size(p);
    let cosize = b.cosize(p);
    let cotarget = p.mul(size, cosize);
    let mut complemented = L::empty();
    complement_into(p, a, &Tree::leaf(cotarget), &mut complemented);
    let rest = composition(p, &complemented, b);
    // `make_layout(A, rest)`, written in place.
    let mut out = L::empty();
    let at = out.open();
    out.push(a);
    out.push(&rest);
    out.close(at, 2);
    out
}

/// CuTe's `zip(a, b)` of two trees: `((a0,b0),(a1,b1),...)`; an integer `a` gives `((a,b))`.
/// `None` where `a` is a tuple and `b` is not one of the same rank.
const fn zip<const C: usize>(a: &Tree<C>, b: &Tree<C>) -> Option<Tree<C>> {
    let mut out = Tree::new();
    let (ar, br) = (a.root(), b.root());
    if !ar.is_tup() {
        let at = out.open();
        out.append(&Tree::tuple2(a, b));
        out.close(at, 1);
        return Some(out);
    }
    if !br.is_tup() || ar.arity() != br.arity() {
        return None;
    }
    let n = ar.arity();
    let at = out.open();
    let mut k = 0;
    while k < n {
        out.append(&Tree::tuple2(&a.mode(k), &b.mode(k)));
        k += 1;
    }
    out.close(at, n);
    Some(out)
}

/// [`zip`] of two layouts' shapes and strides ("Mismatched Ranks" where they do not zip; `a`
/// stands in).
const fn zip_layouts<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    b: &L<C>,
) -> L<C> {
    match (zip(&a.shape, &b.shape), zip(&a.stride, &b.stride)) {
        (Some(shape), Some(stride)) => L::new(shape, stride),
        _ => {
            let mut m = Msg::new("Mismatched Ranks: zip(");
            m.tree(&a.shape).str(", ").tree(&b.shape).str(")");
            p.refuse(Condition::MismatchedRanks, &m);
            *a
        }
    }
}

/// `logical_product(append<R>(A), append<R>(B))` with `R = max(rank(A), rank(B))`, split into
/// its two modes.
const fn rank_matched<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    b: &L<C>,
) -> (L<C>, L<C>) {
    let r = if a.rank() > b.rank() {
        a.rank()
    } else {
        b.rank()
    };
    let (a, b) = (append_to_rank(p, a, r), append_to_rank(p, b, r));
    let lp = logical_product(p, &a, &b);
    (lp.mode(0), lp.mode(1))
}

/// CuTe's `blocked_product(A, B)`: mode `i` is `(A_i, B_i)`.
pub(crate) const fn blocked_product<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    b: &L<C>,
) -> L<C> {
    let (x, y) = rank_matched(p, a, b);
    zip_layouts(p, &x, &y)
}

/// CuTe's `raked_product(A, B)`: mode `i` is `(B_i, A_i)`.
pub(crate) const fn raked_product<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    b: &L<C>,
) -> L<C> {
    let (x, y) = rank_matched(p, a, b);
    zip_layouts(p, &y, &x)
}

/// CuTe's `tile_to_shape(block, target)` (column-major order of the repeats):
/// * `rank(block) <= rank(target)` ("Rank of layout must be <= rank of target shape.");
/// * `block` padded to the target's rank; `block_shape = product_each(shape(block))`,
///   `target_shape = product_each(target)`;
/// * a static `target_shape`: `block_shape` must be static and divide it mode by mode
///   ("tile_to_shape: block shape does not divide the target shape."), checked while compiling;
///   a dynamic `target_shape`: CuTe does not check, the checked forms do, at run time (a mode
///   whose two sizes are both static is still decided while compiling);
/// * `blocked_product(block, make_layout(ceil_div(target_shape, block_shape)))`.
pub(crate) const fn tile_to_shape<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    block: &L<C>,
    target: &Tree<C>,
) -> L<C> {
    if block.rank() > target.rank() {
        let mut m = Msg::new("Rank of layout must be <= rank of target shape. Layout ");
        m.layout(&block.shape, &block.stride)
            .str(" against ")
            .tree(target);
        p.refuse(Condition::TileToShapeRank, &m);
        return *block;
    }
    let padded = append_to_rank(p, block, target.rank());
    let block_shape = product_each(p, &padded.shape);
    let target_shape = product_each(p, target);
    let (b, t) = (block_shape.leaves(), target_shape.leaves());
    if target_shape.is_static() {
        // CuTe's `CUTE_STATIC_ASSERT_V(weakly_compatible(block_shape, target_shape))`: a
        // dynamic block shape does not compile there.
        if !block_shape.is_static() {
            let mut m = Msg::new("tile_to_shape: a static target shape ");
            m.tree(&target_shape)
                .str(" needs a static block shape, got ")
                .tree(&block_shape);
            p.refuse_invalid(&m);
            return *block;
        }
        let mut k = 0;
        while k < t.n {
            if p.rem(t.v[k], b.v[k]).value() != 0 {
                return not_dividing(p, block, (&block_shape, &target_shape));
            }
            k += 1;
        }
    } else if !p.is_eager() {
        // An eager run leaves the check to its static twin, which takes the branch above.
        let mut k = 0;
        while k < t.n {
            if !p.require(Pred::TileDivides, t.v[k], b.v[k], V::s(0)) {
                return not_dividing(p, block, (&block_shape, &target_shape));
            }
            k += 1;
        }
    }
    let product_shape = ceil_div(p, &target_shape, &block_shape);
    let tiles = make_layout(p, &product_shape, Major::Left);
    blocked_product(p, &padded, &tiles)
}

/// CuTe's refusal of a block shape that does not divide the target shape; `block` stands in.
const fn not_dividing<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    block: &L<C>,
    (block_shape, target_shape): (&Tree<C>, &Tree<C>),
) -> L<C> {
    let mut m = Msg::new("tile_to_shape: block shape does not divide the target shape. Block ");
    m.tree(block_shape)
        .str(" against target ")
        .tree(target_shape);
    p.refuse(Condition::TileToShapeDivides, &m);
    *block
}
