//! # cute-gpu: the device side of CuTe kernels in Rust
//!
//! The thin layer a CUDA kernel written with `cute-static` needs on an NVIDIA GPU
//! (`nvptx64-nvidia-cuda`): thread and block indices and barriers (`arch`), global memory as a
//! kernel parameter ([`GmemPtr`]) and shared memory (`SharedMemory`) as `cute-static`
//! tensors, CuTe's copy algorithms with cute-static's copy atoms (`copy`, `copy_with` a
//! `TiledCopy` of `UniversalCopy` of 32, 64 or 128 bits, the predicated `copy_if`), the SIMT
//! MMA (`UniversalFMA`: `gemm`, `gemm_with` a `TiledMMA`, `axpby`, `clear`) and the tensor-core
//! MMA atoms (`DeviceMma`, `gemm_mma`: SM80 `mma.sync`).
//!
//! This crate is the only one of the GPU kernels with `unsafe`: the kernels themselves are safe
//! Rust over its types. Every read and write of device memory checks, once per tensor and per
//! call (not per element), that the offsets the tensor's layout reaches lie in its memory; a
//! tensor that does not fit stops the kernel with a trap, and the host side (`cute-gpu-host`)
//! runs the same checks before any launch and returns an `Err` instead.
//!
//! On the host (any target but `nvptx64`) the crate holds what both sides agree on: the kernel
//! parameter types and the checks ([`check`]). The device code is built by
//! `scripts/gpu-build.sh`.
//!
//! ```
//! use cute_gpu::check;
//! use cute_static::layout;
//! // CuTe's make_tensor(make_gmem_ptr(A), make_shape(M,K), make_stride(_1,ldA)) for A of 4096
//! // floats: M=64, K=64, ldA=64 fits; ldA=65 does not.
//! assert!(check::fits(&layout!((64, 64):(_1, 64)), 0, 4096).is_ok());
//! assert!(check::fits(&layout!((64, 64):(_1, 65)), 0, 4096).is_err());
//! ```

#![no_std]
#![cfg_attr(
    target_arch = "nvptx64",
    feature(stdarch_nvptx, asm_experimental_arch, core_float_math)
)]
#![deny(unsafe_op_in_unsafe_fn, missing_docs)]

#[cfg(target_arch = "nvptx64")]
pub mod arch;
#[cfg(target_arch = "nvptx64")]
pub mod banks;
pub mod check;
#[cfg(target_arch = "nvptx64")]
mod copy;
mod elem;
#[cfg(target_arch = "nvptx64")]
mod gemm;
pub mod gmma;
mod memory;
#[cfg(target_arch = "nvptx64")]
mod mma;
#[cfg(target_arch = "nvptx64")]
mod tiles;
pub mod tma;

#[cfg(target_arch = "nvptx64")]
pub use copy::{CopyKind, DeviceCopy, Predicate, Transform, copy, copy_if, copy_with, transform};
pub use elem::{Elem, bfloat16_t};
#[cfg(target_arch = "nvptx64")]
pub use gemm::{Real, axpby, clear, gemm, gemm_with};
pub use memory::GmemPtr;
#[cfg(target_arch = "nvptx64")]
pub use memory::{Gmem, Memory, SharedMemory, Smem, SwizzledSmem};
#[cfg(target_arch = "nvptx64")]
pub use mma::{DeviceGmma, DeviceMma, gemm_mma};
#[cfg(target_arch = "nvptx64")]
pub use tiles::{CopySource, LastModeIndex, Tile, Tiles, tiles};
