//! `max_common_layout` and `max_common_vector`: how many elements two layouts keep contiguous
//! in the same order.

use crate::coalesce::coalesce_exact;
use crate::composition::composition_exact;
use crate::error::{Condition, LayoutError, Result};
use crate::int::Int;
use crate::inverse::right_inverse_exact;
use crate::layout::Layout;
use crate::prelude::*;
use crate::twin::{Checks, MAX_ENUMERATED, checked, is_complete_form};

/// `coalesce(a ∘ right_inverse(b))` and `right_inverse(b)`; the common part is mode 0 when it
/// has a static shape and stride `_1`. Where the composition is not `a ∘ right_inverse(b)`
/// (CuTe's weak Stride Divisibility Condition, CUTLASS #3177), CuTe's is taken, with its error:
/// [`common_layout`] checks the answer against its definition instead.
#[allow(clippy::type_complexity)]
fn common(
    a: &Layout,
    b: &Layout,
    checks: Checks,
) -> Result<(Layout, Option<Layout>, Option<LayoutError>)> {
    let inv_b = right_inverse_exact(b)?;
    let (composed, inexact) = match composition_exact(a, &inv_b, checks) {
        Err(e) if is_complete_form(&e) => {
            (composition_exact(a, &inv_b, checks.inexact())?, Some(e))
        }
        other => (other?, None),
    };
    let common = coalesce_exact(&composed)?;
    let first = common.modes().next();
    let contiguous = first.filter(|m| {
        m.shape().as_int().is_some_and(Int::is_static)
            && m.stride().as_int().is_some_and(|d| d.is_constant(1))
    });
    Ok((inv_b, contiguous, inexact))
}

/// The common layout `R` and, where CuTe's composition was not `A o B`, `R` checked against the
/// definition: `a(R(i)) == i` and `b(R(i)) == i` for every `i` of R's domain.
fn common_layout(a: &Layout, b: &Layout, checks: Checks) -> Result<Layout> {
    let (inv_b, first, inexact) = common(a, b, checks)?;
    let r = match first {
        Some(first) => composition_exact(&inv_b, &first, checks)?,
        None => Layout::trivial(),
    };
    let Some(error) = inexact else {
        return Ok(r);
    };
    let (a_is, b_is) = (a.plan(), b.plan());
    let wrong = |i: i32| {
        let j = r.call(i).ok()?.value();
        let (x, y) = (a_is.call(j).ok()?.value(), b_is.call(j).ok()?.value());
        (x != i || y != i).then_some((j, x, y))
    };
    let n = r.size()?.value();
    if n > MAX_ENUMERATED {
        return Err(error);
    }
    match (0..n).find_map(|i| wrong(i).map(|w| (i, w))) {
        None => Ok(r),
        Some((i, (j, x, y))) => Err(LayoutError::precondition(
            Condition::StrideDivisibilityComplete,
            format!(
                "max_common_layout({a}, {b}) is {r}, not common: at {i} it is {j}, a({j}) = {x}, b({j}) = {y}; {error}"
            ),
        )),
    }
}

pub(crate) fn max_common_layout_exact(a: &Layout, b: &Layout, checks: Checks) -> Result<Layout> {
    common_layout(a, b, checks)
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
        (_, Some(first), None) => first.size(),
        (_, None, None) => Ok(Int::new_static(1)),
        // Not `A o B`: the vector is the size of the common layout, checked.
        _ => common_layout(a, b, checks)?.size(),
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
