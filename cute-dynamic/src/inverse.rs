//! `right_inverse` and `left_inverse`.

use crate::coalesce::{coalesce_into, coalesce_modes};
use crate::error::{Condition, LayoutError, Result};
use crate::flat::{Flat, LEAVES};
use crate::int::Int;
use crate::layout::{Layout, on_flat};
use crate::prelude::*;
use crate::small::Small;
use crate::twin::{Checks, checked};

/// The size of the modes before each (`preprod[i]`, CuTe's `prefix_product` of the shape).
fn prefix_products(shape: &[Int]) -> Result<Small<Int, LEAVES>> {
    let mut preprod = Small::new(Int::new_static(1));
    let mut back = Int::new_static(1);
    preprod.push(back);
    for s in shape {
        back = s.checked_mul(back)?;
        preprod.push(back);
    }
    Ok(preprod)
}

/// The indices of the strides `keep` takes, in CuTe's order: an exchange sort by value (each
/// position swaps with every later stride below it), which orders equal strides as CuTe does
/// (`right_inverse((_3,_3,_2):(_2,_2,_1))` is `(_2,_3):(_9,_3)`); quadratic in the modes.
fn sorted_by_stride(stride: &[Int], keep: impl Fn(Int) -> bool) -> Small<usize, LEAVES> {
    let mut seq = Small::new(0);
    (0..stride.len())
        .filter(|&i| keep(stride[i]))
        .for_each(|i| seq.push(i));
    for i in 0..seq.len() {
        for j in i + 1..seq.len() {
            if stride[seq[j]].value() < stride[seq[i]].value() {
                seq.swap(i, j);
            }
        }
    }
    seq
}

fn right_inverse_flat(layout: &Flat) -> Result<Flat> {
    // No precondition, no twin: decisions are not noted.
    let checks = Checks::COMPLETE;
    let mut c = Flat::empty();
    coalesce_into(layout, checks, &mut c)?;
    let preprod = prefix_products(c.shape())?;
    let (shape, stride) = (c.shape(), c.stride());
    // The modes `rshape:rstride`, from `_1:_0`.
    let mut rshape: Small<Int, LEAVES> = Small::new(Int::new_static(1));
    let mut rstride: Small<Int, LEAVES> = Small::new(Int::new_static(0));
    rshape.push(Int::new_static(1));
    rstride.push(Int::new_static(0));
    let mut curr = Int::new_static(1);
    // Follow the static strides upward from 1: a mode joins when its stride is the static size
    // covered so far.
    for i in sorted_by_stride(stride, Int::is_static).iter().copied() {
        if curr.is_constant(stride[i].value()) {
            rshape.push(shape[i]);
            rstride.push(preprod[i]);
            curr = shape[i].checked_mul(stride[i])?;
        }
    }
    coalesce_modes(&rshape, &rstride, checks)
}

pub(crate) fn right_inverse_exact(layout: &Layout) -> Result<Layout> {
    on_flat(layout, right_inverse_flat)
}

/// CuTe's `right_inverse(layout)`: the largest `R` with `layout(R(i)) == i` for `i < size(R)`.
///
/// ```
/// use cute_dynamic::right_inverse;
/// let l = "(_4,_2):(_2,_1)".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "(_2,_4):(_4,_1)");
/// ```
pub fn right_inverse(layout: &Layout) -> Result<Layout> {
    // No precondition of CuTe's: nothing for the static twin to fail (`crate::twin`).
    on_flat(layout, right_inverse_flat)
}

/// CuTe's `left_inverse`: the coalesced layout's strides sorted, each a multiple of the one
/// before (Left inverse divisibility condition), all static.
///
/// The twin's coalesced layout is coarser (a merge keeps one of two strides, a size-1 mode
/// goes): its strides are some of the run's, in the same order, and a chain of multiples keeps
/// that property when links are dropped. So coalesce's decisions converge, here and in the
/// result's coalesce, which nothing reads after.
fn left_inverse_flat(layout: &Flat, checks: Checks) -> Result<Flat> {
    let checks = checks.coarsening_harmless(true);
    let mut c = Flat::empty();
    coalesce_into(layout, checks, &mut c)?;
    let preprod = prefix_products(c.shape())?;
    let (shape, stride) = (c.shape(), c.stride());
    if checks.decide(!stride.iter().all(|d| d.is_static()), false) {
        return Err(LayoutError::precondition(
            Condition::LeftInverseStaticStrides,
            format!("{layout} has a dynamic stride"),
        ));
    }
    let sorted = sorted_by_stride(stride, |_| true);
    // The modes (shape, stride); the first stride is `_0`, each shape is paired with the next
    // mode's stride.
    let mut rshape: Small<Int, LEAVES> = Small::new(Int::new_static(1));
    let mut rstride: Small<Int, LEAVES> = Small::new(Int::new_static(0));
    rstride.push(Int::new_static(0));
    for &i in sorted.iter() {
        if checks.is_constant(stride[i], 0) {
            continue;
        }
        let covered = rshape
            .iter()
            .try_fold(Int::new_static(1), |acc, s| acc.checked_mul(*s))?;
        let r = stride[i].checked_rem(covered)?;
        if checks.decide(!r.is_static() || r.value() != 0, r.value() != 0) {
            return Err(LayoutError::precondition(
                Condition::LeftInverseDivisibility,
                format!(
                    "stride {} of {layout} is not a multiple of {covered}",
                    stride[i]
                ),
            ));
        }
        rshape.push(stride[i].checked_div(covered)?);
        rstride.push(preprod[i]);
    }
    let last = sorted
        .last()
        .ok_or_else(|| LayoutError::invalid("left_inverse", "empty layout"))?;
    rshape.push(shape[*last]);
    coalesce_modes(&rshape, &rstride, checks)
}

fn left_inverse_checked(layout: &Flat) -> Result<Flat> {
    checked!(left_inverse_flat, layout; tracked)
}

/// CuTe's `left_inverse(layout)`: `result(layout(i)) == i` for every `i` when `layout` is
/// injective. Needs static strides.
///
/// ```
/// use cute_dynamic::left_inverse;
/// let l = "(_4,_2):(_2,_1)".parse().unwrap();
/// assert_eq!(left_inverse(&l).unwrap().to_string(), "(_2,_4):(_4,_1)");
/// ```
pub fn left_inverse(layout: &Layout) -> Result<Layout> {
    on_flat(layout, left_inverse_checked)
}
