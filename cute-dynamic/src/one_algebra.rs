//! The plain layouts' operations by the one algebra (issue 23): cute-static's const algorithms
//! run on this crate's layouts, as the layouts of coordinates ([`crate::CoordLayout`]) run
//! today, with the static twin's conditions. Hidden: this crate's own algorithms still answer
//! [`crate::composition`] and the rest, because this path costs several times their
//! instructions (`BY_ALGEBRA=1 scripts/op-instructions.sh` counts it on the side-by-side
//! records; docs/bench.md, section 5). It is kept to measure that gap and to check that it
//! gives their answers on every recorded vector (the conformance suite) and never a different
//! layout (`tests/no_panic.rs`). It has every plain-layout operation of cute-dynamic's algebra
//! but `nullspace` and `filter_zeros`, which cute-dynamic computes by the one algebra itself.
//!
//! ```
//! use cute_dynamic::one_algebra;
//! let a = "(_10,_2):(_16,_4)".parse()?;
//! let b = "(_5,_4):(_1,_5)".parse()?;
//! assert_eq!(one_algebra::composition(&a, &b)?.to_string(), "(_5,(_2,_2)):(_16,(_80,_4))");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::algebra::plain_op;
use crate::error::Result;
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::prelude::*;
use crate::tiler::Tiler;
use cute_static::eager::Op;

/// CuTe's `coalesce(layout)` ([`crate::coalesce`]).
///
/// ```
/// let l = "((_2,(_3,_4)),(_3,_2),_1):((_4,(_8,_24)),(_2,_6),_12)".parse()?;
/// let r = cute_dynamic::one_algebra::coalesce(&l)?;
/// assert_eq!(r.to_string(), "(_24,_6):(_4,_2)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn coalesce(layout: &Layout) -> Result<Layout> {
    plain_op(Op::Coalesce, "coalesce", layout, &Tiler::Underscore)
}

/// CuTe's `composition(A, B)` ([`crate::composition`]).
///
/// ```
/// // All dynamic: CuTe cannot drop the size-1 mode.
/// let a = "(10,2):(16,4)".parse()?;
/// let b = "(5,4):(1,5)".parse()?;
/// let r = cute_dynamic::one_algebra::composition(&a, &b)?;
/// assert_eq!(r.to_string(), "((5,1),(2,2)):((16,4),(80,4))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn composition(a: &Layout, b: &Layout) -> Result<Layout> {
    plain_op(Op::Composition, "composition", a, b).or_else(|error| {
        let as_cute = || plain_op(Op::CompositionAsCute, "composition", a, b);
        crate::composition::cute_if_composition(a, b, error, as_cute)
    })
}

/// CuTe's `composition(A, tiler)`, by mode ([`crate::composition_tiler`]).
///
/// ```
/// let a = "(12,(4,8)):(59,(13,1))".parse()?;
/// let r = cute_dynamic::one_algebra::composition_tiler(&a, &"(_3,_8)".parse()?)?;
/// assert_eq!(r.to_string(), "(_3,(4,2)):(59,(13,1))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn composition_tiler(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    plain_op(Op::CompositionTiler, "composition", a, tiler)
}

/// CuTe's `logical_divide(A, B)` ([`crate::logical_divide`]).
///
/// ```
/// let a = "(_4,_2,_3):(_2,_1,_8)".parse()?;
/// let r = cute_dynamic::one_algebra::logical_divide(&a, &"_4:_2".parse()?)?;
/// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn logical_divide(a: &Layout, b: &Layout) -> Result<Layout> {
    plain_op(Op::LogicalDivideTiler, "logical_divide", a, b)
}

/// CuTe's `logical_divide(A, tiler)`, by mode ([`crate::logical_divide_tiler`]).
///
/// ```
/// let a = "(_8,_8):(_1,_8)".parse()?;
/// let r = cute_dynamic::one_algebra::logical_divide_tiler(&a, &"(_4,_2)".parse()?)?;
/// assert_eq!(r.to_string(), "((_4,_2),(_2,_4)):((_1,_4),(_8,_16))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn logical_divide_tiler(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    plain_op(Op::LogicalDivideTiler, "logical_divide", a, tiler)
}

/// CuTe's `zipped_divide(A, tiler)` ([`crate::zipped_divide`]).
///
/// ```
/// let a = "(_8,_8):(_1,_8)".parse()?;
/// let r = cute_dynamic::one_algebra::zipped_divide(&a, &"(_4,_2)".parse()?)?;
/// assert_eq!(r.to_string(), "((_4,_2),(_2,_4)):((_1,_8),(_4,_16))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn zipped_divide(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    plain_op(Op::ZippedDivide, "zipped_divide", a, tiler)
}

/// CuTe's `tiled_divide(A, tiler)` ([`crate::tiled_divide`]).
///
/// ```
/// let a = "(_8,_8):(_1,_8)".parse()?;
/// let r = cute_dynamic::one_algebra::tiled_divide(&a, &"(_4,_2)".parse()?)?;
/// assert_eq!(r.to_string(), "((_4,_2),_2,_4):((_1,_8),_4,_16)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn tiled_divide(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    plain_op(Op::TiledDivide, "tiled_divide", a, tiler)
}

/// CuTe's `flat_divide(A, tiler)` ([`crate::flat_divide`]).
///
/// ```
/// let a = "(_8,_8):(_1,_8)".parse()?;
/// let r = cute_dynamic::one_algebra::flat_divide(&a, &"(_4,_2)".parse()?)?;
/// assert_eq!(r.to_string(), "(_4,_2,_2,_4):(_1,_8,_4,_16)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn flat_divide(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    plain_op(Op::FlatDivide, "flat_divide", a, tiler)
}

/// CuTe's `complement(layout, cotarget)` ([`crate::complement`]).
///
/// ```
/// use cute_dynamic::IntTuple;
/// let l = "(_2,_2):(_1,_6)".parse()?;
/// let r = cute_dynamic::one_algebra::complement(&l, &IntTuple::s(24))?;
/// assert_eq!(r.to_string(), "(_3,_2):(_2,_12)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn complement(layout: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    plain_op(Op::Complement, "complement", layout, cotarget)
}

/// CuTe's `right_inverse(layout)` ([`crate::right_inverse`]).
///
/// ```
/// let l = "(_4,_2):(_2,_1)".parse()?;
/// let r = cute_dynamic::one_algebra::right_inverse(&l)?;
/// assert_eq!(r.to_string(), "(_2,_4):(_4,_1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn right_inverse(layout: &Layout) -> Result<Layout> {
    plain_op(
        Op::RightInverse,
        "right_inverse",
        layout,
        &Tiler::Underscore,
    )
}

/// CuTe's `logical_product(A, B)` ([`crate::logical_product`]).
///
/// ```
/// let a = "(_2,_2):(_4,_1)".parse()?;
/// let r = cute_dynamic::one_algebra::logical_product(&a, &"_6:_1".parse()?)?;
/// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn logical_product(a: &Layout, b: &Layout) -> Result<Layout> {
    plain_op(Op::LogicalProductTiler, "logical_product", a, b)
}

/// CuTe's `logical_product(A, tiler)`, by mode ([`crate::logical_product_tiler`]).
///
/// ```
/// let a = "(_2,_3):(_1,_2)".parse()?;
/// let r = cute_dynamic::one_algebra::logical_product_tiler(&a, &"(_2,_2)".parse()?)?;
/// assert_eq!(r.to_string(), "((_2,_2),(_3,_2)):((_1,_2),(_2,_1))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn logical_product_tiler(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    plain_op(Op::LogicalProductTiler, "logical_product", a, tiler)
}

/// CuTe's `filter(layout)` ([`crate::filter`]).
///
/// ```
/// let l = "(_4,_2,_3):(_1,_0,_4)".parse()?;
/// let r = cute_dynamic::one_algebra::filter(&l)?;
/// assert_eq!(r.to_string(), "_12:_1");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn filter(layout: &Layout) -> Result<Layout> {
    plain_op(Op::Filter, "filter", layout, &Tiler::Underscore)
}

/// CuTe's `coalesce(layout, profile)` ([`crate::coalesce_profile`]).
///
/// ```
/// let l = "((_2,_1),(_2,_3)):((_1,_4),(_2,_4))".parse()?;
/// let r = cute_dynamic::one_algebra::coalesce_profile(&l, &"(_1,_1)".parse()?)?;
/// assert_eq!(r.to_string(), "(_2,_6):(_1,_2)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn coalesce_profile(layout: &Layout, profile: &IntTuple) -> Result<Layout> {
    plain_op(Op::CoalesceProfile, "coalesce", layout, profile)
}

/// CuTe's `complement(layout)` ([`crate::complement1`]).
///
/// ```
/// let l = "(_2,_2):(_1,_4)".parse()?;
/// let r = cute_dynamic::one_algebra::complement1(&l)?;
/// assert_eq!(r.to_string(), "_2:_2");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn complement1(layout: &Layout) -> Result<Layout> {
    plain_op(Op::Complement1, "complement", layout, &Tiler::Underscore)
}

/// CuTe's `left_inverse(layout)` ([`crate::left_inverse`]).
///
/// ```
/// let l = "(_4,_2):(_2,_1)".parse()?;
/// let r = cute_dynamic::one_algebra::left_inverse(&l)?;
/// assert_eq!(r.to_string(), "(_2,_4):(_4,_1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn left_inverse(layout: &Layout) -> Result<Layout> {
    plain_op(Op::LeftInverse, "left_inverse", layout, &Tiler::Underscore)
}

/// CuTe's `zipped_product(A, tiler)` ([`crate::zipped_product`]).
///
/// ```
/// let a = "(_2,_5):(_5,_1)".parse()?;
/// let r = cute_dynamic::one_algebra::zipped_product(&a, &"(_3,_4):(_1,_3)".parse()?)?;
/// assert_eq!(r.to_string(), "((_2,_5),(_3,_4)):((_5,_1),(_10,_30))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn zipped_product(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    plain_op(Op::ZippedProduct, "zipped_product", a, tiler)
}

/// CuTe's `tiled_product(A, tiler)` ([`crate::tiled_product`]).
///
/// ```
/// let a = "(_2,_5):(_5,_1)".parse()?;
/// let r = cute_dynamic::one_algebra::tiled_product(&a, &"(_3,_4):(_1,_3)".parse()?)?;
/// assert_eq!(r.to_string(), "((_2,_5),_3,_4):((_5,_1),_10,_30)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn tiled_product(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    plain_op(Op::TiledProduct, "tiled_product", a, tiler)
}

/// CuTe's `flat_product(A, tiler)` ([`crate::flat_product`]).
///
/// ```
/// let a = "(_2,_5):(_5,_1)".parse()?;
/// let r = cute_dynamic::one_algebra::flat_product(&a, &"(_3,_4):(_1,_3)".parse()?)?;
/// assert_eq!(r.to_string(), "(_2,_5,_3,_4):(_5,_1,_10,_30)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn flat_product(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    plain_op(Op::FlatProduct, "flat_product", a, tiler)
}

/// CuTe's `blocked_product(A, B)` ([`crate::blocked_product`]).
///
/// ```
/// let a = "(_2,_5):(_5,_1)".parse()?;
/// let r = cute_dynamic::one_algebra::blocked_product(&a, &"(_3,_4):(_1,_3)".parse()?)?;
/// assert_eq!(r.to_string(), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn blocked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    plain_op(Op::BlockedProduct, "blocked_product", a, b)
}

/// CuTe's `raked_product(A, B)` ([`crate::raked_product`]).
///
/// ```
/// let a = "(_2,_5):(_5,_1)".parse()?;
/// let r = cute_dynamic::one_algebra::raked_product(&a, &"(_3,_4):(_1,_3)".parse()?)?;
/// assert_eq!(r.to_string(), "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn raked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    plain_op(Op::RakedProduct, "raked_product", a, b)
}

/// CuTe's `tile_to_shape(block, target)` ([`crate::tile_to_shape`]).
///
/// ```
/// let b = "(_2,_3):(_1,_2)".parse()?;
/// let r = cute_dynamic::one_algebra::tile_to_shape(&b, &"(_8,_9)".parse()?)?;
/// assert_eq!(r.to_string(), "((_2,_4),(_3,_3)):((_1,_6),(_2,_24))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn tile_to_shape(block: &Layout, target: &IntTuple) -> Result<Layout> {
    plain_op(Op::TileToShape, "tile_to_shape", block, target)
}

/// CuTe's `max_common_layout(a, b)` ([`crate::max_common_layout`]).
///
/// ```
/// let a = "(_4,_8):(_1,_4)".parse()?;
/// let b = "(_4,_8):(_1,_8)".parse()?;
/// let r = cute_dynamic::one_algebra::max_common_layout(&a, &b)?;
/// assert_eq!(r.to_string(), "_4:_1");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn max_common_layout(a: &Layout, b: &Layout) -> Result<Layout> {
    plain_op(Op::MaxCommonLayout, "max_common_layout", a, b)
}

/// CuTe's `max_common_vector(a, b)` ([`crate::max_common_vector`]).
///
/// ```
/// let a = "(_4,_8):(_1,_4)".parse()?;
/// let n = cute_dynamic::one_algebra::max_common_vector(&a, &a)?;
/// assert_eq!(n.to_string(), "_32");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn max_common_vector(a: &Layout, b: &Layout) -> Result<Int> {
    // The algebra's result is the layout `n:_1` of the vector `n`.
    let n = plain_op(Op::MaxCommonVector, "max_common_vector", a, b)?;
    n.shape().as_int().ok_or_else(|| {
        crate::error::LayoutError::invalid("max_common_vector", format!("the algebra gave {n}"))
    })
}

#[cfg(test)]
mod tests {
    use crate::Layout;

    /// Where the static twin fails a divisibility condition that CuTe C++ does not check on
    /// run-time values, CuTe's answer stands if it is `A o B`: computed as CuTe computes it
    /// (`Op::CompositionAsCute`: no precondition on a dynamic value checked), as cute-dynamic's
    /// own composition does. Here the run-time `3` fails "stride 4 against shape 3" on the spot.
    #[test]
    fn cutes_unchecked_composition_stands_where_it_is_a_o_b() {
        let a: Layout =
            "((_2,(3,_1,4),(3,_6,_4,_4),_2),2,_2):((_32,(2,_32,2),(1,_0,_0,4),_32),_6,_1)"
                .parse()
                .unwrap();
        let b: Layout = "(_2):(_8)".parse().unwrap();
        let own = crate::composition(&a, &b).unwrap();
        assert_eq!(super::composition(&a, &b).unwrap(), own);
        let twin = crate::twin::Twin::static_twin(&a);
        assert!(super::composition(&twin, &b).is_err());
    }

    /// What CuTe refuses while compiling, the eager run refuses with cute-dynamic's condition
    /// (or, where CuTe names none, as an invalid argument), never a panic: the const code's
    /// compile errors on these paths are recorded refusals at run time (`Prog::refuse`).
    #[test]
    fn compile_errors_are_refusals_at_run_time() {
        use crate::Condition;
        let l = |t: &str| t.parse::<Layout>().unwrap();
        let t = |t: &str| t.parse::<crate::IntTuple>().unwrap();
        let cases = [
            (
                super::tile_to_shape(&l("(_4,_2):(_1,_4)"), &t("(_6,_8)")),
                crate::tile_to_shape(&l("(_4,_2):(_1,_4)"), &t("(_6,_8)")),
            ),
            (
                super::tile_to_shape(&l("(4,2):(1,4)"), &t("(_8,_8)")),
                crate::tile_to_shape(&l("(4,2):(1,4)"), &t("(_8,_8)")),
            ),
            (
                super::tile_to_shape(&l("(_4,_2,_2):(_1,_4,_8)"), &t("(_8,_8)")),
                crate::tile_to_shape(&l("(_4,_2,_2):(_1,_4,_8)"), &t("(_8,_8)")),
            ),
            (
                super::left_inverse(&l("(_4,_2):(2,_1)")),
                crate::left_inverse(&l("(_4,_2):(2,_1)")),
            ),
            (
                super::blocked_product(&l("(_4):(_1)"), &l("_4:_1")),
                crate::blocked_product(&l("(_4):(_1)"), &l("_4:_1")),
            ),
            (
                super::coalesce_profile(&l("(4,2):(1,4)"), &t("(_1,_1,_1)")),
                crate::coalesce_profile(&l("(4,2):(1,4)"), &t("(_1,_1,_1)")),
            ),
        ];
        let conditions = [
            Some(Condition::TileToShapeDivides),
            None,
            Some(Condition::TileToShapeRank),
            Some(Condition::LeftInverseStaticStrides),
            Some(Condition::MismatchedRanks),
            None,
        ];
        for ((one, own), condition) in cases.into_iter().zip(conditions) {
            let (one, own) = (one.unwrap_err(), own.unwrap_err());
            assert_eq!((one.condition(), own.condition()), (condition, condition));
        }
    }
}
