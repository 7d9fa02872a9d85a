//! CUDA's built-in variables and barriers: `threadIdx`, `blockIdx`, `blockDim`, `gridDim`,
//! `__syncthreads()`, `__trap()`.
//!
//! ```ignore
//! // In a kernel (nvptx64 only): CuTe's `make_coord(blockIdx.x, blockIdx.y, _)`.
//! let cta = coord!((cute_gpu::arch::block_idx_x(), cute_gpu::arch::block_idx_y(), _));
//! ```

use core::arch::nvptx;

macro_rules! special_register {
    ($($(#[$doc:meta])* $name:ident => $intrinsic:ident;)*) => {$(
        $(#[$doc])*
        #[inline(always)]
        pub fn $name() -> i32 {
            // SAFETY: reading a special register has no precondition; the intrinsic is `unsafe`
            // only because every intrinsic is.
            unsafe { nvptx::$intrinsic() as i32 }
        }
    )*};
}

special_register! {
    /// CUDA's `threadIdx.x`.
    thread_idx_x => _thread_idx_x;
    /// CUDA's `threadIdx.y`.
    thread_idx_y => _thread_idx_y;
    /// CUDA's `blockIdx.x`.
    block_idx_x => _block_idx_x;
    /// CUDA's `blockIdx.y`.
    block_idx_y => _block_idx_y;
    /// CUDA's `blockIdx.z`.
    block_idx_z => _block_idx_z;
    /// CUDA's `blockDim.x`.
    block_dim_x => _block_dim_x;
    /// CUDA's `gridDim.x`.
    grid_dim_x => _grid_dim_x;
    /// CUDA's `gridDim.y`.
    grid_dim_y => _grid_dim_y;
}

/// CUDA's `__syncthreads()`: waits until every thread of the block has reached it, and orders
/// the block's shared- and global-memory accesses before it against those after it. Every
/// thread of the block must reach it (a barrier some threads skip hangs the block, as it does
/// in CUDA C++).
#[inline(always)]
pub fn sync_threads() {
    // SAFETY: `bar.sync 0` has no memory-safety precondition; a barrier not reached by every
    // thread hangs the block (a deadlock), it does not corrupt memory.
    unsafe { nvptx::_syncthreads() }
}

/// CUDA's `__trap()`: stops the kernel with an error the host sees at its next synchronization.
/// What a failed device-side check does (the host checks the same conditions before the launch).
#[inline(always)]
pub fn trap() -> ! {
    // SAFETY: `trap` aborts the kernel; it touches no memory.
    unsafe { nvptx::trap() }
}

/// CUDA's `__launch_bounds__(max_threads, min_blocks)` for the kernel `name`: at most
/// `max_threads` threads a block (`.maxntid`), and registers kept for `min_blocks` blocks on a
/// multiprocessor (`.minnctapersm`; `0` leaves the register budget to `ptxas`). rustc has no
/// attribute for these directives: the macro leaves a line in the PTX module that
/// `scripts/gpu-build.sh` turns into them on the kernel's entry (the build fails if the kernel
/// is not in the PTX). Invoke it at the root of the kernels' crate, beside the kernel.
///
/// ```ignore
/// // sgemm_1.cu's `__launch_bounds__(size(CThreadLayout{}))`, plus two blocks a multiprocessor:
/// cute_gpu::launch_bounds!(sgemm_1_tn, 256, 2);
/// ```
#[macro_export]
macro_rules! launch_bounds {
    ($name:ident, $max_threads:expr, $min_blocks:expr) => {
        core::arch::global_asm!(
            concat!("// cute-gpu launch_bounds ", stringify!($name), " {t} {b}"),
            t = const { $max_threads as u32 },
            b = const { $min_blocks as u32 },
        );
    };
}
