//! The checks device memory accesses rest on, the same on both sides: the host runs them before
//! a launch and returns their `Err`; the device runs them once per tensor and per copy, and
//! traps where one fails (which a launch the host checked never does).

use core::fmt;
use cute_static::TensorLayout;

/// Why a tensor cannot be read or written in its memory, or why a copy cannot take it.
///
/// ```
/// use cute_gpu::check::{fits, OutOfBounds};
/// let err = fits(&cute_static::layout!((_4,_8):(_1,_4)), 8, 32).unwrap_err();
/// assert_eq!(err, OutOfBounds { lo: 8, hi: 39, len: 32 });
/// assert_eq!(err.to_string(), "a tensor reaches offsets 8..=39, outside its memory of 32 elements");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBounds {
    /// The least offset the tensor reaches (its offset plus its layout's least offset).
    pub lo: i64,
    /// The greatest.
    pub hi: i64,
    /// The number of elements of the memory.
    pub len: u64,
}

impl fmt::Display for OutOfBounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a tensor reaches offsets {}..={}, outside its memory of {} elements",
            self.lo, self.hi, self.len
        )
    }
}

/// Whether every offset `offset + layout(c)` of the layout's domain lies in `0..len`. An empty
/// domain always fits; a layout whose offsets do not fit in `i64` never does.
///
/// ```
/// use cute_static::{layout, Swizzle};
/// let smem = Swizzle::<5, 0, 5>::new().composition(layout!((_32,_32):(_32,_1)));
/// assert!(cute_gpu::check::fits(&smem, 0, 1024).is_ok());
/// assert!(cute_gpu::check::fits(&smem, 1, 1024).is_err());
/// ```
#[inline(always)]
pub fn fits<L: TensorLayout>(layout: &L, offset: i32, len: u64) -> Result<(), OutOfBounds> {
    let (lo, hi) = match layout.offset_range() {
        Some((lo, hi)) if hi < lo => return Ok(()),
        Some((lo, hi)) => (lo + i64::from(offset), hi + i64::from(offset)),
        None => (i64::MIN, i64::MAX),
    };
    if lo >= 0 && (hi as u64) < len {
        Ok(())
    } else {
        Err(OutOfBounds { lo, hi, len })
    }
}
