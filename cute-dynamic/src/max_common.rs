//! `max_common_layout` and `max_common_vector`: how many elements two layouts keep contiguous
//! in the same order.

use crate::coalesce::coalesce_exact;
use crate::composition::composition_exact;
use crate::error::Result;
use crate::int::Int;
use crate::inverse::right_inverse_exact;
use crate::layout::Layout;
use crate::twin::{Checks, checked};

/// `coalesce(a ∘ right_inverse(b))` and `right_inverse(b)`; the common part is mode 0 when it
/// has a static shape and stride `_1`.
fn common(a: &Layout, b: &Layout, checks: Checks) -> Result<(Layout, Layout, Option<Layout>)> {
    let inv_b = right_inverse_exact(b)?;
    let common = coalesce_exact(&composition_exact(a, &inv_b, checks)?)?;
    let first = common.modes().next();
    let contiguous = first.filter(|m| {
        m.shape().as_int().is_some_and(Int::is_static)
            && m.stride().as_int().is_some_and(|d| d.is_constant(1))
    });
    Ok((inv_b, common, contiguous))
}

pub(crate) fn max_common_layout_exact(a: &Layout, b: &Layout, checks: Checks) -> Result<Layout> {
    match common(a, b, checks)? {
        (inv_b, _, Some(first)) => composition_exact(&inv_b, &first, checks),
        _ => Ok(Layout::trivial()),
    }
}

/// CuTe's `max_common_layout(a, b)`: a layout `R` pointing to the largest run of elements with
/// `a(R(i)) == i` and `b(R(i)) == i`.
///
/// ```
/// use cute_dynamic::max_common_layout;
/// let a = "(_4,_8):(_1,_4)".parse().unwrap();
/// let b = "(_4,_8):(_1,_8)".parse().unwrap();
/// assert_eq!(max_common_layout(&a, &b).unwrap().to_string(), "_4:_1");
/// ```
pub fn max_common_layout(a: &Layout, b: &Layout) -> Result<Layout> {
    checked!(max_common_layout_exact, a, b; checks)
}

pub(crate) fn max_common_vector_exact(a: &Layout, b: &Layout, checks: Checks) -> Result<Int> {
    match common(a, b, checks)? {
        (_, _, Some(first)) => first.size(),
        _ => Ok(Int::new_static(1)),
    }
}

/// CuTe's `max_common_vector(a, b)`: the number of contiguous elements that correspond in `a`
/// and `b` (always static).
///
/// ```
/// use cute_dynamic::max_common_vector;
/// let a = "(_4,_8):(_1,_4)".parse().unwrap();
/// assert_eq!(max_common_vector(&a, &a).unwrap().to_string(), "_32");
/// ```
pub fn max_common_vector(a: &Layout, b: &Layout) -> Result<Int> {
    checked!(max_common_vector_exact, a, b; checks)
}
