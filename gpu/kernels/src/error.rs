//! Why a kernel cannot take a problem: the host's `Err` before a launch.

#[cfg(not(target_arch = "nvptx64"))]
use core::fmt;

/// A problem a kernel cannot take, found on the host before the launch.
///
/// ```
/// use cute_kernels::LaunchError;
/// let e = LaunchError::NotDivisible { what: "M", size: 250, tile: 128 };
/// assert_eq!(e.to_string(), "M = 250 is not a multiple of the kernel's tile 128");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaunchError {
    /// A size the kernel's static tile must divide, and does not.
    NotDivisible {
        /// Which size (`M`, `N`, `K`).
        what: &'static str,
        /// The size.
        size: i32,
        /// The tile.
        tile: i32,
    },
    /// A size that is not positive.
    NotPositive {
        /// Which size.
        what: &'static str,
        /// The size.
        size: i32,
    },
    /// A leading dimension too small for its matrix.
    LeadingDimension {
        /// Which (`ldA`, ...).
        what: &'static str,
        /// The leading dimension.
        ld: i32,
        /// The least it may be.
        least: i32,
    },
    /// A leading dimension a vectorized access cannot take (not a multiple of the vector).
    Misaligned {
        /// Which (`ldA`, a pointer, ...).
        what: &'static str,
        /// The value (elements, or an address in bytes).
        value: u64,
        /// The multiple it must be of.
        multiple: u64,
    },
    /// A tensor that reaches outside its memory.
    OutOfBounds {
        /// Which tensor.
        what: &'static str,
        /// The check's finding.
        err: cute_gpu::check::OutOfBounds,
    },
    /// A tile that is not one TMA box (`cute_gpu::tma`'s rule).
    Tma {
        /// Which tensor.
        what: &'static str,
        /// The rule broken.
        err: cute_gpu::tma::TmaError,
    },
    /// A grid dimension larger than CUDA allows.
    GridTooLarge {
        /// The number of blocks asked for in that dimension.
        blocks: i64,
    },
}

#[cfg(not(target_arch = "nvptx64"))]
impl fmt::Display for LaunchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LaunchError::NotDivisible { what, size, tile } => write!(
                f,
                "{what} = {size} is not a multiple of the kernel's tile {tile}"
            ),
            LaunchError::NotPositive { what, size } => write!(f, "{what} = {size} is not positive"),
            LaunchError::LeadingDimension { what, ld, least } => {
                write!(f, "{what} = {ld} is less than {least}")
            }
            LaunchError::Misaligned {
                what,
                value,
                multiple,
            } => {
                write!(f, "{what} = {value} is not a multiple of {multiple}")
            }
            LaunchError::OutOfBounds { what, err } => write!(f, "{what}: {err}"),
            LaunchError::Tma { what, err } => write!(f, "{what}: {err}"),
            LaunchError::GridTooLarge { blocks } => {
                write!(
                    f,
                    "{blocks} blocks in one grid dimension (CUDA allows 65,535 in y, 2^31-1 in x)"
                )
            }
        }
    }
}

/// `size` is positive and a multiple of `tile`.
pub(crate) fn divides(what: &'static str, size: i32, tile: i32) -> Result<(), LaunchError> {
    if size <= 0 {
        Err(LaunchError::NotPositive { what, size })
    } else if size % tile != 0 {
        Err(LaunchError::NotDivisible { what, size, tile })
    } else {
        Ok(())
    }
}
