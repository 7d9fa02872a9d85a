//! `upcast<N>` and `downcast<N>`: the same memory seen as elements `N` times larger or smaller.

use crate::error::{Condition, ErrorKind, LayoutError, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::prelude::*;
use crate::twin::Twin;

/// Apply `leaf` to every `(shape, stride)` leaf pair, keeping the profile.
fn map_modes(layout: &Layout, leaf: &impl Fn(Int, Int) -> Result<(Int, Int)>) -> Result<Layout> {
    match (layout.shape(), layout.stride()) {
        (IntTuple::Int(s), IntTuple::Int(d)) => {
            let (s, d) = leaf(s, d)?;
            Layout::from_parts(s.into(), d.into())
        }
        _ => Layout::concat(
            &layout
                .modes()
                .map(|m| map_modes(&m, leaf))
                .collect::<Result<Vec<_>>>()?,
        ),
    }
}

fn check_n(n: i32, op: &'static str) -> Result<Int> {
    if n <= 0 {
        return Err(LayoutError::from(ErrorKind::NonPositive { op, value: n }));
    }
    Ok(Int::new_static(n))
}

fn upcast_exact(n: i32, layout: &Layout) -> Result<Layout> {
    let big = check_n(n, "upcast")?;
    map_modes(layout, &|s, d| {
        if d.is_constant(0) {
            Ok((s, d))
        } else if d.is_static() {
            if d.value() % n != 0 && n % d.value() != 0 {
                return Err(LayoutError::precondition(
                    Condition::UpcastDivisibility,
                    format!(
                        "upcast<{n}>: stride {d} of {layout} neither divides nor is divided by {n}"
                    ),
                ));
            }
            let ad = d.abs()?;
            Ok((
                s.ceil_div(big.ceil_div(ad)?)?,
                d.signum().checked_mul(ad.ceil_div(big)?)?,
            ))
        } else {
            Ok((s, d.checked_div(big)?))
        }
    })
}

/// CuTe's `upcast<N>(layout)`: a stride-1 mode has `N` times fewer elements, other strides are
/// divided by `N`. A static stride must divide or be divided by `N` ("Divisibility condition").
///
/// ```
/// use cute_dynamic::upcast;
/// let l = "(_8,_1024):(_1024,_1)".parse().unwrap();
/// assert_eq!(upcast(8, &l).unwrap().to_string(), "(_8,_128):(_128,_1)");
/// ```
pub fn upcast(n: i32, layout: &Layout) -> Result<Layout> {
    let out = upcast_exact(n, layout)?;
    if !layout.is_all_static() {
        if let Err(e) = upcast_exact(n, &layout.static_twin()) {
            if e.condition().is_some() {
                return Err(e);
            }
        }
    }
    Ok(out)
}

/// CuTe's `downcast<N>(layout)`: a stride-±1 mode has `N` times more elements, other strides are
/// multiplied by `N`. The layout needs a static stride-1 mode ("Downcast requires adjacent
/// elements").
///
/// ```
/// use cute_dynamic::downcast;
/// let l = "(_8,_128):(_128,_1)".parse().unwrap();
/// assert_eq!(downcast(8, &l).unwrap().to_string(), "(_8,_1024):(_1024,_1)");
/// ```
pub fn downcast(n: i32, layout: &Layout) -> Result<Layout> {
    let small = check_n(n, "downcast")?;
    if !layout.stride().leaves().iter().any(|d| d.is_constant(1)) {
        return Err(LayoutError::precondition(
            Condition::DowncastAdjacent,
            format!("{layout} has no static stride _1"),
        ));
    }
    map_modes(layout, &|s, d| {
        if d.is_constant(1) || d.is_constant(-1) {
            Ok((s.checked_mul(small)?, d))
        } else {
            Ok((s, d.checked_mul(small)?))
        }
    })
}
