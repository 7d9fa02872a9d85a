//! Products (replication): `logical_product` and its zipped, tiled and flat flavours, the
//! rank-sensitive `blocked_product` and `raked_product`, and `tile_to_shape`.

use crate::complement::{Cotarget, Reader, complement_flat};
use crate::composition::{
    Operands, coalesce_x_for, composition_impl_into, positive_shapes, require_exact, walks_forward,
};
use crate::divide::{ByTiler, by_tiler, tile_unzip_flat, unpack_both, unpack_rest};
use crate::error::{Condition, LayoutError, Result};
use crate::exact::Exactness;
use crate::flat::Flat;
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::int_tuple_algebra::{ceil_div, product_each};
use crate::layout::Layout;
use crate::mode_ops::append_to_rank;
use crate::prelude::*;
use crate::stride::make_layout;
use crate::tiler::Tiler;
use crate::twin::{Checks, checked};

fn logical_product_flat(block: &Flat, tiler: &Flat, checks: Checks) -> Result<Flat> {
    let mut out = Flat::empty();
    logical_product_into(block, tiler, checks, &mut out)?;
    Ok(out)
}

/// Whether every leaf of `layout` has shape 1 or stride 0 by value (its twin's `filter` is
/// `_1:_0`).
fn filters_away(layout: &Flat) -> bool {
    let gone = |(s, d): (&Int, &Int)| s.value() == 1 || d.value() == 0;
    layout.shape().iter().zip(layout.stride()).all(gone)
}

/// [`logical_product_flat`], appended to `out`.
fn logical_product_into(block: &Flat, tiler: &Flat, checks: Checks, out: &mut Flat) -> Result<()> {
    // Where the twin filters all of `block` away (every shape 1 or stride 0 by value), its
    // complement is `cotarget:_1` (or `_1:_0`), a leaf, and composing a leaf with `tiler`
    // checks no condition: the twin cannot fail, and the run need not follow it.
    let checks = checks.untracked_where(|| filters_away(block));
    let cotarget = block.size()?.checked_mul(tiler.cosize()?)?;
    // The complement is composition's `lhs`: its own coarser forms in the twin converge there
    // as coalesce's do (`Reader::CompositionLhs`); its filter's do not (a coarser filtered
    // block can give the twin another complement).
    let reader = Reader::CompositionLhs {
        rhs_positive: positive_shapes(tiler),
    };
    let complement = complement_flat(block, Cotarget::Tuple(&cotarget.into()), checks, reader)?;
    // `(block, composition(complement, tiler))`, the second mode composed in place.
    let mut lhs = Flat::empty();
    coalesce_x_for(&complement, walks_forward(tiler), checks, &mut lhs)?;
    out.push_tuple(2);
    out.push_flat(block);
    let mut exactness = Exactness::new(lhs.shape());
    let operands = Operands(&complement, tiler);
    composition_impl_into((&lhs, &operands), tiler, checks, out, &mut exactness)?;
    require_exact(&complement, &lhs, &[tiler], &exactness, checks)
}

pub(crate) fn logical_product_exact(
    block: &Layout,
    tiler: &Layout,
    checks: Checks,
) -> Result<Layout> {
    logical_product_flat(block.flat(), tiler.flat(), checks).and_then(Flat::into_layout)
}

fn logical_product_checked(block: &Flat, tiler: &Flat) -> Result<Flat> {
    checked!(logical_product_flat, block, tiler; tracked)
}

/// CuTe's `logical_product(A, B)`: `(A, complement(A, size(A)*cosize(B)) ∘ B)`.
///
/// ```
/// use cute_dynamic::logical_product;
/// let a = "(_2,_2):(_4,_1)".parse().unwrap();
/// let r = logical_product(&a, &"_6:_1".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// ```
pub fn logical_product(block: &Layout, tiler: &Layout) -> Result<Layout> {
    logical_product_checked(block.flat(), tiler.flat()).and_then(Flat::into_layout)
}

fn logical_product_tiler_flat(block: &Flat, tiler: &Tiler, checks: Checks) -> Result<Flat> {
    by_tiler(
        ByTiler::Product,
        block,
        tiler,
        checks,
        &logical_product_into,
    )
}

fn logical_product_tiler_checked(block: &Flat, tiler: &Tiler) -> Result<Flat> {
    checked!(logical_product_tiler_flat, block, tiler; tracked)
}

/// CuTe's `logical_product(A, tiler)` with a tiler: by-mode product (a tuple tiler multiplies
/// mode `i` of `A` by element `i`).
///
/// ```
/// use cute_dynamic::{logical_product, logical_product_tiler, Layout};
/// let a: Layout = "(_2,_5):(_5,_1)".parse().unwrap();
/// let r = logical_product_tiler(&a, &"(_3:_1,_4:_1)".parse().unwrap()).unwrap();
/// let mode0 = logical_product(&a.get(0).unwrap(), &"_3:_1".parse().unwrap()).unwrap();
/// assert_eq!(r.get(0).unwrap(), mode0);
/// ```
pub fn logical_product_tiler(block: &Layout, tiler: &Tiler) -> Result<Layout> {
    logical_product_tiler_checked(block.flat(), tiler).and_then(Flat::into_layout)
}

fn zipped_product_flat(block: &Flat, tiler: &Tiler, checks: Checks) -> Result<Flat> {
    tile_unzip_flat(&logical_product_tiler_flat(block, tiler, checks)?, tiler)
}

pub(crate) fn zipped_product_exact(
    block: &Layout,
    tiler: &Tiler,
    checks: Checks,
) -> Result<Layout> {
    zipped_product_flat(block.flat(), tiler, checks).and_then(Flat::into_layout)
}

fn zipped_product_checked(block: &Flat, tiler: &Tiler) -> Result<Flat> {
    checked!(zipped_product_flat, block, tiler; tracked)
}

/// CuTe's `zipped_product(A, B)`: `((M,N,...),(TileM,TileN,...,L,...))`.
///
/// ```
/// use cute_dynamic::zipped_product;
/// let a = "(_2,_5):(_5,_1)".parse().unwrap();
/// let r = zipped_product(&a, &"(_3,_4):(_1,_3)".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "((_2,_5),(_3,_4)):((_5,_1),(_10,_30))");
/// ```
pub fn zipped_product(block: &Layout, tiler: &Tiler) -> Result<Layout> {
    zipped_product_checked(block.flat(), tiler).and_then(Flat::into_layout)
}

pub(crate) fn tiled_product_exact(block: &Layout, tiler: &Tiler, checks: Checks) -> Result<Layout> {
    unpack_rest(&zipped_product_exact(block, tiler, checks)?)
}

/// CuTe's `tiled_product(A, B)`: `((M,N,...),TileM,TileN,...,L,...)`.
///
/// ```
/// use cute_dynamic::tiled_product;
/// let a = "(_2,_5):(_5,_1)".parse().unwrap();
/// let r = tiled_product(&a, &"(_3,_4):(_1,_3)".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "((_2,_5),_3,_4):((_5,_1),_10,_30)");
/// ```
pub fn tiled_product(block: &Layout, tiler: &Tiler) -> Result<Layout> {
    checked!(tiled_product_exact, block, tiler; checks)
}

pub(crate) fn flat_product_exact(block: &Layout, tiler: &Tiler, checks: Checks) -> Result<Layout> {
    unpack_both(&zipped_product_exact(block, tiler, checks)?)
}

/// CuTe's `flat_product(A, B)`: `(M,N,...,TileM,TileN,...,L,...)`.
///
/// ```
/// use cute_dynamic::flat_product;
/// let a = "(_2,_5):(_5,_1)".parse().unwrap();
/// let r = flat_product(&a, &"(_3,_4):(_1,_3)".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "(_2,_5,_3,_4):(_5,_1,_10,_30)");
/// ```
pub fn flat_product(block: &Layout, tiler: &Tiler) -> Result<Layout> {
    checked!(flat_product_exact, block, tiler; checks)
}

/// CuTe's `zip(a, b)` of two IntTuples: `((a0,b0),(a1,b1),...)`; an integer `a` gives
/// `((a,b))`, a tuple `a` needs a tuple `b` of the same rank.
fn zip_tuples(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    match (a, b) {
        (IntTuple::Int(_), _) => Ok(IntTuple::tuple(vec![IntTuple::tuple(vec![
            a.clone(),
            b.clone(),
        ])])),
        (IntTuple::Tuple(ta), IntTuple::Tuple(tb)) if ta.len() == tb.len() => ta
            .iter()
            .zip(tb.iter())
            .map(|(aj, bj)| Ok(IntTuple::tuple(vec![aj.clone(), bj.clone()])))
            .collect(),
        _ => Err(LayoutError::precondition(
            Condition::MismatchedRanks,
            format!("zip({a}, {b})"),
        )),
    }
}

/// `logical_product(append<R>(block), append<R>(tiler))` with `R = max(rank(block), rank(tiler))`.
fn rank_matched_product(
    block: &Layout,
    tiler: &Layout,
    checks: Checks,
) -> Result<(Layout, Layout)> {
    let r = block.rank().max(tiler.rank());
    let result = logical_product_exact(
        &append_to_rank(block, r)?,
        &append_to_rank(tiler, r)?,
        checks,
    )?;
    Ok((result.get(0)?, result.get(1)?))
}

fn zip_layouts(a: &Layout, b: &Layout) -> Result<Layout> {
    Layout::from_parts(
        zip_tuples(&a.shape(), &b.shape())?,
        zip_tuples(&a.stride(), &b.stride())?,
    )
}

pub(crate) fn blocked_product_exact(
    block: &Layout,
    tiler: &Layout,
    checks: Checks,
) -> Result<Layout> {
    let (a, b) = rank_matched_product(block, tiler, checks)?;
    zip_layouts(&a, &b)
}

/// CuTe's `blocked_product(A, B)`: each element of `B` becomes a block `A`; mode `i` of the
/// result is `(A_i, B_i)`. Rank is `max(rank(A), rank(B))`.
///
/// ```
/// use cute_dynamic::blocked_product;
/// let a = "(_2,_5):(_5,_1)".parse().unwrap();
/// let r = blocked_product(&a, &"(_3,_4):(_1,_3)".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
/// ```
pub fn blocked_product(block: &Layout, tiler: &Layout) -> Result<Layout> {
    checked!(blocked_product_exact, block, tiler; checks)
}

pub(crate) fn raked_product_exact(
    block: &Layout,
    tiler: &Layout,
    checks: Checks,
) -> Result<Layout> {
    let (a, b) = rank_matched_product(block, tiler, checks)?;
    zip_layouts(&b, &a)
}

/// CuTe's `raked_product(A, B)`: like `blocked_product` with the blocks interleaved; mode `i` of
/// the result is `(B_i, A_i)`.
///
/// ```
/// use cute_dynamic::raked_product;
/// let a = "(_2,_5):(_5,_1)".parse().unwrap();
/// let r = raked_product(&a, &"(_3,_4):(_1,_3)".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");
/// ```
pub fn raked_product(block: &Layout, tiler: &Layout) -> Result<Layout> {
    checked!(raked_product_exact, block, tiler; checks)
}

pub(crate) fn tile_to_shape_exact(
    block: &Layout,
    target: &IntTuple,
    checks: Checks,
) -> Result<Layout> {
    if block.rank() > target.rank() {
        return Err(LayoutError::precondition(
            Condition::TileToShapeRank,
            format!(
                "{block} has rank {} and target shape {target} rank {}",
                block.rank(),
                target.rank()
            ),
        ));
    }
    let padded = append_to_rank(block, target.rank())?;
    let block_shape = product_each(&padded.shape())?;
    let target_shape = product_each(target)?;
    if target_shape.is_static() {
        if !block_shape.is_static() {
            return Err(LayoutError::invalid(
                "tile_to_shape",
                format!(
                    "a static target shape {target} needs a static block shape, got {block_shape}"
                ),
            ));
        }
        let divides = block_shape
            .leaves()
            .iter()
            .zip(target_shape.leaves())
            .all(|(b, t)| t.value().checked_rem(b.value()) == Some(0));
        if !divides {
            return Err(LayoutError::precondition(
                Condition::TileToShapeDivides,
                format!("block shape {block_shape} against target shape {target_shape}"),
            ));
        }
    }
    let product_shape = ceil_div(&target_shape, &block_shape)?;
    blocked_product_exact(&padded, &make_layout(&product_shape)?, checks)
}

/// CuTe's `tile_to_shape(block, target)`: repeat `block` (column-major order of repeats) until it
/// has the shape `target`.
///
/// ```
/// use cute_dynamic::tile_to_shape;
/// let b = "(_2,_3):(_1,_2)".parse().unwrap();
/// let r = tile_to_shape(&b, &"(_8,_9)".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "((_2,_4),(_3,_3)):((_1,_6),(_2,_24))");
/// ```
pub fn tile_to_shape(block: &Layout, target: &IntTuple) -> Result<Layout> {
    checked!(tile_to_shape_exact, block, target; checks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::twin::testing::{every_tagging, notes};

    /// Whether the product of `block` and `tiler` takes a decision its static twin takes the
    /// other way.
    fn diverges(block: &str, tiler: &str) -> bool {
        let (block, tiler): (Layout, Layout) = (block.parse().unwrap(), tiler.parse().unwrap());
        notes(|checks| drop(logical_product_flat(block.flat(), tiler.flat(), checks)))
    }

    /// A block whose every leaf is a shape 1 or a stride 0 by value is filtered away in the
    /// twin, whose product then checks no condition: not followed, not noted. Every block of
    /// two leaves over small values with every tagging goes through the product (debug builds
    /// run the twin always and assert that it fails only where a decision was noted).
    #[test]
    fn a_block_the_twin_filters_away_is_not_followed() {
        assert!(!diverges("1:1", "(_2,_3):(_1,_2)"));
        assert!(!diverges("(1,_4):(_2,0)", "_4:_2"));
        // A run-time 1 beside another mode: followed, and noted.
        assert!(diverges("(_2,1):(_1,_3)", "_4:_1"));
        let tilers: Vec<Layout> = [
            "_4:_1",
            "(_2,_3):(_1,_2)",
            "(2,3):(3,1)",
            "_1:_0",
            "(_2,_2):(_0,_4)",
        ]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
        // Blocks the twin filters away, and blocks with one leaf it keeps.
        let values: &[i32] = &[-1, 0, 1, 2, 3];
        for block in &every_tagging(&[(values, values); 2]) {
            for t in &tilers {
                let _ = logical_product(block, t);
                let _ = logical_product(t, block);
            }
        }
    }
}
