//! `nullspace(L)`: the coordinates that `L` maps to offset 0.

use crate::error::Result;
use crate::layout::{Layout, unwrap_layout};
use crate::prelude::*;
use crate::stride::compact_col_major;
use crate::twin::checked;

pub(crate) fn nullspace_exact(layout: &Layout) -> Result<Layout> {
    let flat_stride = layout.stride().flatten();
    let zeros: Vec<usize> = flat_stride
        .modes()
        .iter()
        .enumerate()
        .filter(|(_, d)| d.as_int().is_some_and(|d| d.is_constant(0)))
        .map(|(i, _)| i)
        .collect();
    if zeros.is_empty() {
        return Ok(Layout::trivial());
    }
    let flat_shape = layout.shape().flatten();
    let rstride = compact_col_major(&flat_shape)?;
    unwrap_layout(
        zeros
            .iter()
            .map(|&i| flat_shape.modes()[i].clone())
            .collect(),
        zeros.iter().map(|&i| rstride.modes()[i].clone()).collect(),
    )
}

/// CuTe's `nullspace(layout)`: a layout `R` with `layout(R(i)) == 0`, built from the modes with a
/// static `_0` stride; `size(R) == size(layout) / size(filter(layout))`.
///
/// ```
/// use cute_dynamic::nullspace;
/// let l = "(_2,_3,_4):(_0,_1,_0)".parse().unwrap();
/// assert_eq!(nullspace(&l).unwrap().to_string(), "(_2,_4):(_1,_6)");
/// ```
pub fn nullspace(layout: &Layout) -> Result<Layout> {
    checked!(nullspace_exact, layout)
}
