//! `coalesce`, `filter_zeros`, `filter`: simplify a layout without changing it as a function.
//!
//! None of them has a precondition of CuTe's, so a dynamic input has nothing that its static
//! twin could fail ([`crate::twin`]): they run once, on the input as given.

use crate::algebra::plain_op;
use crate::error::{LayoutError, Result};
use crate::flat::Flat;
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::{Layout, on_flat};
use crate::prelude::*;
use crate::tiler::Tiler;
use crate::twin::Checks;
use cute_static::eager::Op;

/// CuTe's `bw_coalesce`: walk the flat modes from the back, keeping a stack whose front is the
/// mode built so far. For each mode `s:d`, in order of priority:
///
/// | front of stack | mode `s:d`  | action                     |
/// |----------------|-------------|----------------------------|
/// | `s0:d0`        | `_1:d`      | skip the mode              |
/// | `_1:d0`        | `s:d`       | replace the front by `s:d` |
/// | `s0:s*d` (`s0` static, `s*d` statically equal) | `s:d` | replace the front by `s*s0:d` |
/// | `s0:d0`        | `s:d`       | push `s:d` onto the front  |
///
/// The result is an integer layout while the stack has one mode, `_1:_0` if that mode is `_1`.
///
/// With `ZEROS` (CuTe's `filter`), a mode of static stride `_0` counts as `_1` (it is skipped).
///
/// The result is written to `done`, which is empty ([`Flat::empty`]): the algorithms that read
/// a coalesced layout keep it where they made it.
fn bw_coalesce<const ZEROS: bool>(
    (shape, stride): (&[Int], &[Int]),
    init: (Int, Int),
    checks: Checks,
    done: &mut Flat,
) -> Result<()> {
    // `init` stands for the last leaf; the others are walked. The front is apart, the modes
    // behind it on `done` (last first).
    let n = shape.len().saturating_sub(1);
    let (mut front_s, mut front_d) = init;
    let modes = shape[..n].iter().zip(&stride[..n]);
    for (i, (&s, &d)) in modes.enumerate().rev() {
        // A run-time 1 in front, which the twin drops last: what the run does with it only
        // shapes the result's first mode.
        let front_one = checks.drops_end_ones() && i == 0 && s.value() == 1 && !s.is_static();
        let checks = checks.coarsening_harmless_if(front_one);
        let back_one = done.shape().is_empty() && front_s.value() == 1;
        if checks.is_constant_coarsening(s, 1) || (ZEROS && checks.is_constant_coarsening(d, 0)) {
            continue;
        } else if back_one && !front_s.is_static() && checks.drops_end_ones() {
            // A run-time 1 at the back, which the twin drops (its `_1`) to go on from this mode:
            // the run keeps it (nothing merges into a run-time front) and goes on from here too.
            done.push_leaf(front_s, front_d);
            (front_s, front_d) = (s, d);
        } else if back_one && checks.is_constant_coarsening(front_s, 1) {
            (front_s, front_d) = (s, d);
        } else if merges((s, d), (front_s, front_d), checks)? {
            front_s = s.checked_mul(front_s)?;
            front_d = d;
        } else {
            done.push_leaf(front_s, front_d);
            (front_s, front_d) = (s, d);
        }
    }
    if done.shape().is_empty() {
        let one = front_s.is_constant(1);
        let converge = checks.drops_end_ones();
        if checks.decide_converging(one, front_s.value() == 1, converge) {
            done.push_leaf(Int::new_static(1), Int::new_static(0));
        } else {
            done.push_leaf(front_s, front_d);
        }
        return Ok(());
    }
    done.push_leaf(front_s, front_d);
    done.make_tuple_reversed();
    Ok(())
}

/// Whether the mode `s:d` merges into the front `s0:d0`: `s0` static and `s * d` statically
/// equal to `d0`; the static twin decides it on the values.
fn merges((s, d): (Int, Int), (s0, d0): (Int, Int), checks: Checks) -> Result<bool> {
    let run = s0.is_static() && s.checked_mul(d)?.eq_int(d0).is_constant_true();
    let twin = s.value().checked_mul(d.value()) == Some(d0.value());
    Ok(checks.decide_coarsening(run, twin))
}

fn last_leaf(layout: &Flat, op: &'static str) -> Result<(Int, Int)> {
    match (layout.shape().last(), layout.stride().last()) {
        (Some(&s), Some(&d)) => Ok((s, d)),
        _ => Err(LayoutError::invalid(op, format!("{layout} has no modes"))),
    }
}

pub(crate) fn coalesce_flat(layout: &Flat, checks: Checks) -> Result<Flat> {
    let mut out = Flat::empty();
    coalesce_into(layout, checks, &mut out)?;
    Ok(out)
}

/// [`coalesce_flat`], written to the empty `out`.
pub(crate) fn coalesce_into(layout: &Flat, checks: Checks, out: &mut Flat) -> Result<()> {
    let last = last_leaf(layout, "coalesce")?;
    bw_coalesce::<false>((layout.shape(), layout.stride()), last, checks, out)
}

/// `coalesce` of the tuple of the modes `shape[i]:stride[i]` (as many of each), without
/// building that tuple: the algorithms that end with a coalesce of modes they computed.
pub(crate) fn coalesce_modes(shape: &[Int], stride: &[Int], checks: Checks) -> Result<Flat> {
    match (shape.last(), stride.last()) {
        (Some(&s), Some(&d)) if shape.len() == stride.len() => {
            let mut out = Flat::empty();
            bw_coalesce::<false>((shape, stride), (s, d), checks, &mut out)?;
            Ok(out)
        }
        _ => Err(LayoutError::invalid(
            "coalesce",
            format!("{} shapes and {} strides", shape.len(), stride.len()),
        )),
    }
}

pub(crate) fn coalesce_exact(layout: &Layout) -> Result<Layout> {
    on_flat(layout, |l| coalesce_flat(l, Checks::COMPLETE))
}

/// CuTe's `coalesce_x`: coalesce as if the last leaf were not a static `_1` (it counts as `_2`,
/// so that it is kept as a mode), written to the empty `out`.
pub(crate) fn coalesce_x_into(layout: &Flat, checks: Checks, out: &mut Flat) -> Result<()> {
    let (s, d) = last_leaf(layout, "coalesce")?;
    let s = if checks.is_constant_coarsening(s, 1) {
        Int::new_static(2)
    } else {
        s
    };
    bw_coalesce::<false>((layout.shape(), layout.stride()), (s, d), checks, out)
}

/// CuTe's `coalesce(layout)`: flatten and merge modes where possible.
///
/// Post-conditions: same size, depth at most 1, and `result(i) == layout(i)` for every `i` in
/// the domain. Only statically known modes merge: a dynamic `1` stays.
///
/// ```
/// use cute_dynamic::coalesce;
/// let l = "(_2,(_1,_6)):(_1,(6,_2))".parse().unwrap();
/// assert_eq!(coalesce(&l).unwrap().to_string(), "_12:_1");
/// let l = "((_2,(_3,_4)),(_3,_2),_1):((_4,(_8,_24)),(_2,_6),_12)".parse().unwrap();
/// assert_eq!(coalesce(&l).unwrap().to_string(), "(_24,_6):(_4,_2)");
/// ```
pub fn coalesce(layout: &Layout) -> Result<Layout> {
    coalesce_exact(layout)
}

/// CuTe's `coalesce(layout, profile)`: coalesce each mode at the terminals of `profile`
/// (only the profile's shape matters), keeping the modes beyond it unchanged.
///
/// ```
/// use cute_dynamic::coalesce_profile;
/// let l = "(_2,(_1,_6)):(_1,(_6,_2))".parse().unwrap();
/// let r = coalesce_profile(&l, &"(_1,_1)".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "(_2,_6):(_1,_2)");
/// ```
pub fn coalesce_profile(layout: &Layout, profile: &IntTuple) -> Result<Layout> {
    match profile {
        IntTuple::Int(_) => coalesce_exact(layout),
        IntTuple::Tuple(p) => {
            if p.len() > layout.rank() {
                return Err(LayoutError::invalid(
                    "coalesce",
                    format!("profile {profile} has more modes than layout {layout}"),
                ));
            }
            let modes: Vec<Layout> = layout
                .modes()
                .enumerate()
                .map(|(i, m)| match p.get(i) {
                    Some(pi) => coalesce_profile(&m, pi),
                    None => Ok(m),
                })
                .collect::<Result<_>>()?;
            Layout::concat(&modes)
        }
    }
}

/// CuTe's `coalesce(shape)`: merge neighbouring leaves that are both static or both dynamic.
pub(crate) fn coalesce_shape(shape: &IntTuple) -> Result<IntTuple> {
    let leaves = shape.leaves();
    let Some((&first, rest)) = leaves.split_first() else {
        return Ok(shape.clone());
    };
    let mut out = vec![first];
    let mut is_tuple = false;
    for &a in rest {
        let back = out.len() - 1;
        if out[back].is_static() == a.is_static() {
            out[back] = out[back].checked_mul(a)?;
        } else {
            out.push(a);
            is_tuple = true;
        }
    }
    Ok(if is_tuple {
        out.into_iter().map(IntTuple::Int).collect()
    } else {
        IntTuple::Int(out[0])
    })
}

/// CuTe's `filter_zeros(layout)`: every mode with a static `_0` stride gets shape `_1`.
///
/// ```
/// use cute_dynamic::filter_zeros;
/// let l = "(_4,(_2,3)):(_0,(_1,0))".parse().unwrap();
/// assert_eq!(filter_zeros(&l).unwrap().to_string(), "(_1,(_2,3)):(_0,(_1,0))");
/// ```
pub fn filter_zeros(layout: &Layout) -> Result<Layout> {
    plain_op(Op::FilterZeros, "filter_zeros", layout, &Tiler::Underscore)
}

/// CuTe's `filter`: `coalesce(filter_zeros(L))`, the modes of stride `_0` made `_1` (so that
/// coalesce drops them), written to the empty `out`.
pub(crate) fn filter_into(layout: &Flat, checks: Checks, out: &mut Flat) -> Result<()> {
    let (s, d) = last_leaf(layout, "coalesce")?;
    let s = if checks.is_constant_coarsening(d, 0) {
        Int::new_static(1)
    } else {
        s
    };
    bw_coalesce::<true>((layout.shape(), layout.stride()), (s, d), checks, out)
}

/// [`filter_into`], returned.
pub(crate) fn filter_flat(layout: &Flat, checks: Checks) -> Result<Flat> {
    let mut out = Flat::empty();
    filter_into(layout, checks, &mut out)?;
    Ok(out)
}

/// CuTe's `filter(layout)`: remove static stride-0 and size-1 modes, then coalesce
/// (`_1:_0` if nothing is left).
///
/// ```
/// use cute_dynamic::filter;
/// let l = "(_4,(_2,_3)):(_0,(_1,_2))".parse().unwrap();
/// assert_eq!(filter(&l).unwrap().to_string(), "_6:_1");
/// ```
pub fn filter(layout: &Layout) -> Result<Layout> {
    on_flat(layout, |l| filter_flat(l, Checks::COMPLETE))
}
