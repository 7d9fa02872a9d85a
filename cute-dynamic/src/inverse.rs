//! `right_inverse` and `left_inverse`.

use crate::coalesce::coalesce_exact;
use crate::error::{Condition, LayoutError, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::prelude::*;
use crate::twin::checked;

/// The coalesced layout's modes, and the exclusive prefix products of its shape.
fn coalesced_modes(layout: &Layout) -> Result<(Vec<Int>, Vec<Int>, Vec<Int>)> {
    let c = coalesce_exact(layout)?;
    let (shape, stride) = (c.shape().leaves(), c.stride().leaves());
    let mut preprod = vec![Int::new_static(1)];
    for s in &shape {
        let back = preprod[preprod.len() - 1];
        preprod.push(s.checked_mul(back)?);
    }
    Ok((shape, stride, preprod))
}

/// Mode indices sorted by stride value as CuTe's `SortByKey` sorts them: an exchange sort
/// (for each position `i`, swap in every later element that is smaller), which is not stable:
/// equal strides can come out in reverse mode order, and which of them an inverse takes
/// depends on it.
fn sorted_by_stride(stride: &[Int], keep: impl Fn(Int) -> bool) -> Vec<usize> {
    let mut seq: Vec<usize> = (0..stride.len()).filter(|&i| keep(stride[i])).collect();
    for i in 0..seq.len() {
        for j in i + 1..seq.len() {
            if stride[seq[j]].value() < stride[seq[i]].value() {
                seq.swap(i, j);
            }
        }
    }
    seq
}

fn ints(v: Vec<Int>) -> IntTuple {
    v.into_iter().map(IntTuple::Int).collect()
}

pub(crate) fn right_inverse_exact(layout: &Layout) -> Result<Layout> {
    let (shape, stride, preprod) = coalesced_modes(layout)?;
    let (mut rshape, mut rstride) = (vec![Int::new_static(1)], vec![Int::new_static(0)]);
    let mut curr = Int::new_static(1);
    // Follow the static strides upward from 1: a mode joins when its stride is the static size
    // covered so far.
    for i in sorted_by_stride(&stride, Int::is_static) {
        if curr.is_constant(stride[i].value()) {
            rshape.push(shape[i]);
            rstride.push(preprod[i]);
            curr = shape[i].checked_mul(stride[i])?;
        }
    }
    coalesce_exact(&Layout::raw(ints(rshape), ints(rstride)))
}

/// CuTe's `right_inverse(layout)`: the largest `R` with `layout(R(i)) == i` for `i < size(R)`.
///
/// ```
/// use cute_dynamic::right_inverse;
/// let l = "(_4,_2):(_2,_1)".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "(_2,_4):(_4,_1)");
/// ```
pub fn right_inverse(layout: &Layout) -> Result<Layout> {
    checked!(right_inverse_exact, layout)
}

pub(crate) fn left_inverse_exact(layout: &Layout) -> Result<Layout> {
    let (shape, stride, preprod) = coalesced_modes(layout)?;
    if !stride.iter().all(|d| d.is_static()) {
        return Err(LayoutError::precondition(
            Condition::LeftInverseStaticStrides,
            format!("{layout} has a dynamic stride"),
        ));
    }
    let sorted = sorted_by_stride(&stride, |_| true);
    let (mut rshape, mut rstride): (Vec<Int>, Vec<Int>) = (vec![], vec![Int::new_static(0)]);
    for &i in &sorted {
        if stride[i].is_constant(0) {
            continue;
        }
        let covered = rshape
            .iter()
            .try_fold(Int::new_static(1), |acc, s| acc.checked_mul(*s))?;
        let r = stride[i].checked_rem(covered)?;
        if !r.is_static() || r.value() != 0 {
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
    coalesce_exact(&Layout::raw(ints(rshape), ints(rstride)))
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
    checked!(left_inverse_exact, layout)
}
