//! `complement(L, cotarget)`: the layout of the offsets `L` does not reach, up to `cotarget`.
//!
//! Post-conditions: the result is ordered (`result(i-1) < result(i)`), disjoint from `L`
//! (`result(i) != L(j)` except at 0), and `size(result) >= cotarget / size(filter(L))`.

use crate::coalesce::{coalesce_exact, coalesce_shape, filter_exact};
use crate::error::{Condition, LayoutError, Result};
use crate::int::Int;
use crate::int_tuple::{IntTuple, ceil_div};
use crate::layout::{Layout, make_layout};
use crate::prelude::*;
use crate::stride::compact_col_major_from;
use crate::twin::checked;

fn non_injective(layout: &Layout, stride: Int, covered: Int) -> LayoutError {
    LayoutError::precondition(
        Condition::NonInjectiveComplement,
        format!("stride {stride} of {layout} falls inside the {covered} offsets already covered"),
    )
}

/// CuTe's `detail::complement` on a filtered layout: repeatedly take the smallest remaining
/// stride `d` with shape `s`; it adds the mode `d / last_stride : last_stride` and the next stride
/// is `d * s`. A last mode covers the rest of `cotarget`.
fn complement_filtered(filtered: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    if let IntTuple::Int(d) = filtered.stride() {
        if d.is_constant(0) {
            return make_layout(&coalesce_shape(cotarget)?);
        }
    }
    let (mut shape, mut stride) = (filtered.shape().leaves(), filtered.stride().leaves());
    if shape.len() != 1 && !filtered.stride().is_static() {
        return Err(LayoutError::precondition(
            Condition::DynamicStrideComplement,
            format!("{filtered} has rank {} and a dynamic stride", shape.len()),
        ));
    }
    let mut result_shape = Vec::with_capacity(shape.len() + 1);
    let mut result_stride = vec![Int::new_static(1)];
    while shape.len() > 1 {
        let min_stride = stride[1..].iter().fold(stride[0], |m, d| m.min(*d));
        let min_idx = stride
            .iter()
            .position(|d| d.value() == min_stride.value())
            .unwrap_or(0);
        let last = result_stride[result_stride.len() - 1];
        let new_shape = min_stride.checked_div(last)?;
        if new_shape.value() == 0 {
            return Err(non_injective(filtered, min_stride, last));
        }
        let new_stride = min_stride.checked_mul(shape[min_idx])?;
        shape.remove(min_idx);
        stride.remove(min_idx);
        result_shape.push(new_shape);
        result_stride.push(new_stride);
    }
    let last = result_stride[result_stride.len() - 1];
    let new_shape = stride[0].checked_div(last)?;
    if new_shape.value() == 0 {
        return Err(non_injective(filtered, stride[0], last));
    }
    result_shape.push(new_shape);
    let new_stride = stride[0].checked_mul(shape[0])?;
    let rest_shape = coalesce_shape(&ceil_div(cotarget, &new_stride.into())?)?;
    let rest_stride = compact_col_major_from(&rest_shape, new_stride)?;
    let to_tuple = |v: Vec<Int>| v.into_iter().map(IntTuple::Int).collect::<IntTuple>();
    coalesce_exact(&Layout::raw(
        IntTuple::tuple(vec![to_tuple(result_shape), rest_shape]),
        IntTuple::tuple(vec![to_tuple(result_stride), rest_stride]),
    ))
}

pub(crate) fn complement_exact(layout: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    complement_filtered(&filter_exact(layout)?, cotarget)
}

/// CuTe's `complement(layout, cotarget)`; `cotarget` is an integer or a shape.
///
/// ```
/// use cute_dynamic::{complement, IntTuple};
/// let l = "(_2,_2):(_1,_6)".parse().unwrap();
/// assert_eq!(complement(&l, &IntTuple::s(24)).unwrap().to_string(), "(_3,_2):(_2,_12)");
/// let l = "_4:_2".parse().unwrap();
/// assert_eq!(complement(&l, &IntTuple::s(24)).unwrap().to_string(), "(_2,_3):(_1,_8)");
/// ```
pub fn complement(layout: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    checked!(complement_exact, layout, cotarget)
}

pub(crate) fn complement1_exact(layout: &Layout) -> Result<Layout> {
    let filtered = filter_exact(layout)?;
    complement_filtered(&filtered, &filtered.cosize()?.into())
}

/// CuTe's `complement(layout)`: the cotarget defaults to `cosize(filter(layout))`.
///
/// ```
/// use cute_dynamic::complement1;
/// let l = "(_2,_2):(_1,_6)".parse().unwrap();
/// assert_eq!(complement1(&l).unwrap().to_string(), "_3:_2");
/// ```
pub fn complement1(layout: &Layout) -> Result<Layout> {
    checked!(complement1_exact, layout)
}
