//! The plain layouts' operations by the one algebra (issue 23): cute-static's const algorithms
//! run on this crate's layouts, as the layouts of coordinates ([`crate::CoordLayout`]) run
//! today, with the static twin's conditions. Hidden: this crate's own algorithms still answer
//! [`crate::composition`] and the rest, because this path costs several times their
//! instructions (`BY_ALGEBRA=1 scripts/op-instructions.sh` counts it on the side-by-side
//! records; docs/bench.md, section 5). It is kept to measure that gap and to check that it
//! gives their answers on every recorded vector (the conformance suite) and never a different
//! layout (`tests/no_panic.rs`). `left_inverse` is not here: its const form stops compilation
//! where CuTe does (a dynamic stride), which at run time would be a panic.
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
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
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
    plain_op(Op::CompositionTiler, "composition", a, b).or_else(|error| {
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
}
