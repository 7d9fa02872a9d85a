//! # cute-kernels: CuTe's tutorial kernels in Rust
//!
//! The kernels of CUTLASS 4.2's CuTe tutorial (`examples/cute/tutorial/`), written with
//! `cute-static`'s layouts and tensors and `cute-gpu`'s device layer, compiled to PTX for
//! `nvptx64-nvidia-cuda` by `scripts/gpu-build.sh`:
//!
//! | module | kernel(s) | CuTe C++ |
//! |---|---|---|
//! | [`tiled_copy`] | `copy_kernel`, `copy_kernel_vectorized`, `copy_if_kernel` | `tiled_copy.cu`, `tiled_copy_if.cu` |
//! | [`transpose`] | `transpose` | its twin in `gpu/twins/twin_transpose.cu` |
//! | [`sgemm_1`] | `sgemm_1_nt`, `sgemm_1_tn` | `sgemm_1.cu` |
//! | [`sgemm_2`] | `sgemm_2_nt`, `sgemm_2_tn` | `sgemm_2.cu` |
//!
//! Each module also holds, for every target, the kernel's static configuration (tile shapes,
//! thread and shared-memory layouts, as types) and `check`, which the host runs before a
//! launch: every size the kernel cannot take is an `Err` there, never a fault on the GPU.
//!
//! ```
//! // The host's check of an sgemm_1 launch: the tile must divide the problem.
//! use cute_kernels::sgemm_1;
//! assert!(sgemm_1::check(sgemm_1::Major::Nt, 256, 128, 64).is_ok());
//! assert!(sgemm_1::check(sgemm_1::Major::Nt, 250, 128, 64).is_err());
//! ```

#![no_std]
#![cfg_attr(target_arch = "nvptx64", feature(abi_ptx, asm_experimental_arch))]
// No `unsafe` here: the device layer, cute-gpu, holds it. The one attribute the lint counts is
// `no_mangle`, allowed on each kernel: the name the host loads the kernel by.
#![deny(unsafe_code)]
#![deny(missing_docs)]

pub mod error;
pub mod sgemm_1;
pub mod sgemm_2;
pub mod tiled_copy;
pub mod transpose;

pub use error::LaunchError;

#[cfg(target_arch = "nvptx64")]
cute_gpu::declare_shared_memory!();

/// A failed check traps: the host ran the same checks before the launch.
#[cfg(target_arch = "nvptx64")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    cute_gpu::arch::trap()
}
