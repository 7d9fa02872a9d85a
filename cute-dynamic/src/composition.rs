//! `composition(A, B)`: the layout `A ∘ B` with `(A ∘ B)(c) == A(B(c))`.
//!
//! Post-conditions: `compatible(B, result)` and `result(c) == A(B(c))` for every `c` in B's domain.

use crate::coalesce::coalesce_x;
use crate::error::{Condition, ErrorKind, LayoutError, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::{Layout, unwrap_layout};
use crate::prelude::*;
use crate::tiler::Tiler;
use crate::twin::{Checks, checked};

/// CuTe's Stride Divisibility Condition for one mode of `lhs` (`shape`), taking `count`
/// elements at `stride`: `stride % shape == 0` or `stride < shape`. CuTe checks it only when
/// both are static; the values are known here, so it is checked always. It is also checked in
/// its complete form ([`walks_exactly`]: a stride below the shape that neither divides it nor,
/// in magnitude, is a multiple of it is only right if all `count` elements stay inside this
/// mode); see [`crate::twin`] for how that second check is resolved.
pub(crate) fn check_stride_divisibility(
    lhs: &dyn core::fmt::Display,
    shape: Int,
    stride: Int,
    count: Int,
    checks: Checks,
) -> Result<()> {
    let fail = |condition| {
        Err(LayoutError::precondition(
            condition,
            format!("stride {stride} against shape {shape} of {lhs}"),
        ))
    };
    // A single element lands at offset 0 whatever the stride: with a run-time count of 1 there
    // is nothing wrong to detect (CuTe itself checks static values only).
    if count.value() == 1 && !(shape.is_static() && stride.is_static()) {
        return Ok(());
    }
    let below = stride.value() < shape.value();
    if !(below || stride.checked_rem(shape)?.value() == 0) {
        return fail(Condition::StrideDivisibility);
    }
    if below && checks == Checks::Complete && !walks_exactly(shape, stride, count)? {
        return fail(Condition::StrideDivisibilityComplete);
    }
    Ok(())
}

/// Whether CuTe's step over one `lhs` mode of `shape`, taking `count` elements at `stride`, is
/// exact (the complete form of the Stride Divisibility Condition). With `m = |stride|`, CuTe
/// keeps `ceil(shape / m)` elements in the mode and carries `ceil(m / shape)` to the next one;
/// that is the composition if `m` divides the shape, if the shape divides `m` (no element moves
/// inside the mode: a negative stride whose magnitude is a multiple of the shape, in particular
/// any stride over a size-1 mode, which a dynamic `1` keeps in the walk), or if all `count`
/// elements stay inside the mode. A zero stride never walks; for shapes below 1 (CuTe's
/// complements of negative strides) only the first and the last case are known to hold.
fn walks_exactly(shape: Int, stride: Int, count: Int) -> Result<bool> {
    let magnitude = stride.abs()?;
    if magnitude.value() == 0 || shape.checked_rem(magnitude)?.value() == 0 {
        return Ok(true);
    }
    if shape.value() > 0 && magnitude.value() % shape.value() == 0 {
        return Ok(true);
    }
    Ok(shape.ceil_div(magnitude)?.value() >= count.value())
}

/// CuTe's `composition_impl` on a coalesced `lhs` and one `rhs` mode:
/// * `rhs` a tuple: compose mode by mode (right-distributivity);
/// * `rhs` stride `_0`: `rhs` itself;
/// * `lhs` an integer: `rhs_shape : rhs_stride * lhs_stride`;
/// * otherwise walk the modes of `lhs`: divide `rhs_stride` out of them (Stride Divisibility
///   Condition), then keep `rhs_shape` elements (Shape Divisibility Condition); the last mode of
///   `lhs` takes the rest.
///
/// Both conditions are checked on every value, static or dynamic (CuTe checks static ones only).
fn composition_impl(
    lhs: &Layout,
    rhs_shape: &IntTuple,
    rhs_stride: &IntTuple,
    checks: Checks,
) -> Result<Layout> {
    let (rs, rd) = match (rhs_shape, rhs_stride) {
        (IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
            let modes: Vec<Layout> = s
                .iter()
                .zip(d.iter())
                .map(|(si, di)| composition_impl(lhs, si, di, checks))
                .collect::<Result<_>>()?;
            return Ok(Layout::concat(&modes));
        }
        (IntTuple::Int(s), IntTuple::Int(d)) => (*s, *d),
        _ => {
            return Err(LayoutError::from(ErrorKind::Incongruent {
                shape: rhs_shape.to_string(),
                stride: rhs_stride.to_string(),
            }));
        }
    };
    if rd.is_constant(0) {
        return Ok(Layout::raw(rs.into(), rd.into()));
    }
    let (lshape, lstride) = match (lhs.shape(), lhs.stride()) {
        (IntTuple::Int(_), IntTuple::Int(d)) => {
            return Ok(Layout::raw(rs.into(), rd.checked_mul(*d)?.into()));
        }
        (s, d) => (s.leaves(), d.leaves()),
    };
    let last = lshape.len() - 1;
    let (mut result_shape, mut result_stride) = (Vec::new(), Vec::new());
    let (mut rest_shape, mut rest_stride) = (rs, rd);
    for (&curr_shape, &curr_stride) in lshape[..last].iter().zip(&lstride[..last]) {
        check_stride_divisibility(lhs, curr_shape, rest_stride, rest_shape, checks)?;
        let abs_stride = rest_stride.abs()?;
        let next_shape = curr_shape.ceil_div(abs_stride)?;
        let next_stride = abs_stride
            .ceil_div(curr_shape)?
            .checked_mul(rest_stride.signum())?;
        if next_shape.is_constant(1) || rest_shape.is_constant(1) {
            rest_stride = next_stride;
            continue;
        }
        let new_shape = next_shape.min(rest_shape);
        if rest_shape.checked_rem(new_shape)?.value() != 0 {
            return Err(LayoutError::precondition(
                Condition::ShapeDivisibility,
                format!("shape {rest_shape} against {new_shape} in {lhs}"),
            ));
        }
        result_shape.push(IntTuple::Int(new_shape));
        result_stride.push(IntTuple::Int(rest_stride.checked_mul(curr_stride)?));
        rest_shape = rest_shape.checked_div(new_shape)?;
        rest_stride = next_stride;
    }
    let last_stride = rest_stride.checked_mul(lstride[last])?;
    if result_shape.is_empty() {
        return Ok(Layout::raw(rest_shape.into(), last_stride.into()));
    }
    if !rest_shape.is_constant(1) {
        result_shape.push(IntTuple::Int(rest_shape));
        result_stride.push(IntTuple::Int(last_stride));
    }
    Ok(unwrap_layout(result_shape, result_stride))
}

pub(crate) fn composition_exact(lhs: &Layout, rhs: &Layout, checks: Checks) -> Result<Layout> {
    composition_impl(&coalesce_x(lhs)?, rhs.shape(), rhs.stride(), checks)
}

/// CuTe's `composition(A, B)` of two layouts.
///
/// ```
/// use cute_dynamic::composition;
/// let a = "(_10,_2):(_16,_4)".parse().unwrap();
/// let b = "(_5,_4):(_1,_5)".parse().unwrap();
/// assert_eq!(composition(&a, &b).unwrap().to_string(), "(_5,(_2,_2)):(_16,(_80,_4))");
/// // All dynamic: CuTe cannot drop the size-1 mode.
/// let a = "(10,2):(16,4)".parse().unwrap();
/// let b = "(5,4):(1,5)".parse().unwrap();
/// assert_eq!(composition(&a, &b).unwrap().to_string(), "((5,1),(2,2)):((16,4),(80,4))");
/// ```
pub fn composition(lhs: &Layout, rhs: &Layout) -> Result<Layout> {
    checked!(composition_exact, lhs, rhs; checks)
}

pub(crate) fn composition_tiler_exact(
    lhs: &Layout,
    tiler: &Tiler,
    checks: Checks,
) -> Result<Layout> {
    match tiler {
        Tiler::Layout(rhs) => composition_exact(lhs, rhs, checks),
        Tiler::Underscore => Ok(lhs.clone()),
        Tiler::Int(n) => composition_impl(
            &coalesce_x(lhs)?,
            &IntTuple::Int(*n),
            &IntTuple::s(1),
            checks,
        ),
        Tiler::Tuple(t) => {
            if t.len() > lhs.rank() {
                return Err(too_many_modes("composition", tiler, lhs));
            }
            // Modes of lhs that the tiler does not cover are dropped.
            let modes: Vec<Layout> = lhs
                .modes()
                .zip(t.iter())
                .map(|(l, r)| composition_tiler_exact(&l, r, checks))
                .collect::<Result<_>>()?;
            Ok(Layout::concat(&modes))
        }
    }
}

pub(crate) fn too_many_modes(op: &'static str, tiler: &Tiler, layout: &Layout) -> LayoutError {
    LayoutError::precondition(
        Condition::MismatchedRanks,
        format!("{op}: tiler {tiler} has more modes than layout {layout}"),
    )
}

/// CuTe's `composition(A, tiler)`: by-mode composition. A tuple tiler composes mode `i` of `A`
/// with element `i` (modes of `A` beyond the tiler are dropped), `_` keeps a mode, an integer
/// `n` stands for `n:_1`.
///
/// ```
/// use cute_dynamic::composition_tiler;
/// let a = "(12,(4,8)):(59,(13,1))".parse().unwrap();
/// let r = composition_tiler(&a, &"(_3,_8)".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "(_3,(4,2)):(59,(13,1))");
/// ```
pub fn composition_tiler(lhs: &Layout, tiler: &Tiler) -> Result<Layout> {
    checked!(composition_tiler_exact, lhs, tiler; checks)
}
