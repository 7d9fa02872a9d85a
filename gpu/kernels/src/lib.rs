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
//! | [`hgemm_sm80`] | `hgemm_sm80_tn` | `sgemm_sm80.cu` (its `half_t` TN path) |
//! | [`wgmma_sm90`] | `wgmma_sm90_tn` | `hopper/wgmma_sm90.cu` (its TN path) |
//! | [`wgmma_tma_sm90`] | `wgmma_tma_sm90_tn` | `hopper/wgmma_tma_sm90.cu` (its TN path) |
//! | [`hgemm_ws_sm90`] | `hgemm_ws_sm90_tn` | our own: TMA, 4 stages, warp-specialized (against cuBLAS) |
//! | [`bank_probes`] | `bank_...`, one a case | (ours: the shared-memory accesses `cute_static::banks` models, for Nsight Compute) |
//! | [`mma_atoms`] | `mma_sm80_16x8x16_f32f16`, ..., `mma_sm80_16x8x16_f16_stsm` | (the atoms' own check: one warp, one tensor-core tile; `ldmatrix`, `cp.async`, `stmatrix`) |
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
// A compile-fail case (`--cfg cute_ui`, `scripts/gpu-ui.sh`) builds the device layer and the MMA
// atoms it uses (and `sgemm_1`, whose launch type they share), without the other kernels.
#![cfg_attr(cute_ui, allow(unused))]

/// The tutorial GEMMs' kernel entries: CuTe's `gemm_nt` / `gemm_tn` argument list (`m, n, k,
/// alpha, A, ldA, B, ldB, beta, C, ldC`), C `(M,N):(_1,ldC)`, A and B as the variant's
/// `operands` function makes them ([`operands_nt`], [`operands_tn`]); the body is the module's
/// `gemm_device!` with the variant's shared layout and copy (threads or TiledCopy), the launch
/// bounds the module's `THREADS` and the variant's `min_blocks`.
#[cfg(target_arch = "nvptx64")]
macro_rules! gemm_kernels {
    ($($(#[$doc:meta])* $name:ident: $operands:ident, $smem:ty, $copy:ty, min_blocks $min:literal;)*) => {$(
        // The tutorial's `__launch_bounds__(size(CThreadLayout{}))`, with the kernel's own
        // minimum of resident blocks (0: ptxas's choice).
        cute_gpu::launch_bounds!($name, THREADS, $min);
        $(#[$doc])*
        #[allow(unsafe_code)] // `no_mangle`: the kernel's name in the PTX
        #[unsafe(no_mangle)]
        #[allow(clippy::too_many_arguments)]
        pub extern "ptx-kernel" fn $name(
            m: i32,
            n: i32,
            k: i32,
            alpha: f32,
            a: GmemPtr<f32>,
            lda: i32,
            b: GmemPtr<f32>,
            ldb: i32,
            beta: f32,
            c: GmemPtr<f32>,
            ldc: i32,
        ) {
            let (ma, mb) = $crate::$operands(a, b, (m, n, k), (lda, ldb));
            let mc = c.tensor(layout!((m, n):(_1, ldc)));
            gemm_device!(ma, mb, mc, $smem, $copy, alpha, beta)
        }
    )*};
}

/// A tutorial GEMM's block tiles and shared tiles: the `(BLK_M,BLK_K,k)`, `(BLK_N,BLK_K,k)` and
/// `(BLK_M,BLK_N)` tiles of A, B and C at `(blockIdx.x, blockIdx.y)` (`local_tile` with the CTA
/// tiler and CuTe's projections), and the shared tiles of A and B with the layout `$smem`.
#[cfg(target_arch = "nvptx64")]
macro_rules! cta_tiles {
    ($ma:expr, $mb:expr, $mc:expr, $tiler:expr, $smem:ty) => {{
        let (bx, by) = (block_idx_x(), block_idx_y());
        let cta = coord!((bx, by, _));
        let ga = local_tile_proj($ma, $tiler, cta, coord!((_1, _, _1))); // (BLK_M,BLK_K,k)
        let gb = local_tile_proj($mb, $tiler, cta, coord!((_, _1, _1))); // (BLK_N,BLK_K,k)
        let gc = local_tile_proj($mc, $tiler, cta, coord!((_1, _1, _))); // (BLK_M,BLK_N)
        let mut smem = SharedMemory::new();
        let sa = smem.tensor::<f32, _>(<$smem>::new()); // (BLK_M,BLK_K)
        let sb = smem.tensor::<f32, _>(<$smem>::new()); // (BLK_N,BLK_K)
        (ga, gb, gc, sa, sb)
    }};
}

/// A GEMM's global operand tensor.
#[cfg(target_arch = "nvptx64")]
type Operand<S> = cute_static::Tensor<cute_gpu::Gmem<f32>, cute_static::Layout<(i32, i32), S>>;
/// A GEMM's A and B, m-/n-major (NT).
#[cfg(target_arch = "nvptx64")]
type OperandsNt = (
    Operand<(cute_static::_1, i32)>,
    Operand<(cute_static::_1, i32)>,
);
/// A GEMM's A and B, k-major (TN).
#[cfg(target_arch = "nvptx64")]
type OperandsTn = (
    Operand<(i32, cute_static::_1)>,
    Operand<(i32, cute_static::_1)>,
);

/// NT operands: A `(M,K):(_1,ldA)` and B `(N,K):(_1,ldB)`.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
fn operands_nt(
    a: cute_gpu::GmemPtr<f32>,
    b: cute_gpu::GmemPtr<f32>,
    (m, n, k): (i32, i32, i32),
    (lda, ldb): (i32, i32),
) -> OperandsNt {
    use cute_static::layout;
    (
        a.tensor(layout!((m, k):(_1, lda))),
        b.tensor(layout!((n, k):(_1, ldb))),
    )
}

/// TN operands: A `(M,K):(ldA,_1)` and B `(N,K):(ldB,_1)`.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
fn operands_tn(
    a: cute_gpu::GmemPtr<f32>,
    b: cute_gpu::GmemPtr<f32>,
    (m, n, k): (i32, i32, i32),
    (lda, ldb): (i32, i32),
) -> OperandsTn {
    use cute_static::layout;
    (
        a.tensor(layout!((m, k):(lda, _1))),
        b.tensor(layout!((n, k):(ldb, _1))),
    )
}

#[cfg(not(cute_ui))]
pub mod bank_probes;
pub mod error;
#[cfg(not(cute_ui))]
pub mod hgemm_sm80;
#[cfg(not(cute_ui))]
pub mod hgemm_ws_sm90;
pub mod mma_atoms;
pub mod sgemm_1;
#[cfg(not(cute_ui))]
pub mod sgemm_2;
#[cfg(not(cute_ui))]
pub mod tiled_copy;
#[cfg(not(cute_ui))]
pub mod transpose;
#[cfg(not(cute_ui))]
pub mod wgmma_sm90;
#[cfg(not(cute_ui))]
pub mod wgmma_tma_sm90;

pub use error::LaunchError;

#[cfg(target_arch = "nvptx64")]
cute_gpu::declare_shared_memory!();

/// A compile-fail case of `kernels/ui/`, a misuse of the device layer that must not compile:
/// `scripts/gpu-ui.sh` builds the crate with `--cfg cute_ui` and `CUTE_UI=NAME` and compares
/// the errors with `ui/NAME.stderr`.
#[cfg(all(target_arch = "nvptx64", cute_ui))]
mod ui_case {
    include!(concat!("../ui/", env!("CUTE_UI"), ".rs"));
}

/// A failed check traps: the host ran the same checks before the launch.
#[cfg(target_arch = "nvptx64")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    cute_gpu::arch::trap()
}
