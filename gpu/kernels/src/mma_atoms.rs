//! The tensor-core MMA atoms proven on the GPU with cute-static's layouts: one warp multiplies
//! one atom's tile, each thread moving between global memory and registers exactly the values
//! its `MMA_Traits` layouts give it (`ThrMMA::partition_A/B/C`), and running the atom on them
//! (`cute_gpu::gemm_mma`). The host compares the product with its own; a wrong TV layout gives
//! a wrong product.
//!
//! * `mma_sm80_16x8x16_f32f16`: `SM80_16x8x16_F32F16F16F32_TN` (`mma.sync.m16n8k16`, `half_t`
//!   in, `float` out): `C (16x8) = A (16x16) * B^T`, B `(N,K)` `8x16`, both k-major ("TN").
//!
//! ```
//! use cute_kernels::mma_atoms::{check, Sm80Mma};
//! assert_eq!(check().block, (32, 1, 1));
//! assert_eq!(Sm80Mma::default().get_layoutA_TV().to_string(),
//!            "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))");
//! ```

use crate::sgemm_1::Launch;
use cute_static::mma_atoms::SM80_16x8x16_F32F16F16F32_TN;
use cute_static::{Static, StaticLayout, TiledMMA, layout_t, tile_t};

/// One `SM80_16x8x16_F32F16F16F32_TN` atom, one warp: `make_tiled_mma(atom)`.
pub type Sm80Mma =
    TiledMMA<SM80_16x8x16_F32F16F16F32_TN, layout_t!((_1,_1,_1):(_0,_0,_0)), tile_t!((_, _, _))>;
/// A: `(M,K)` `16x16` `half_t`, k-major.
pub type LayoutA = layout_t!((_16,_16):(_16,_1));
/// B: `(N,K)` `8x16` `half_t`, k-major.
pub type LayoutB = layout_t!((_8,_16):(_16,_1));
/// C: `(M,N)` `16x8` `float`, m-major.
pub type LayoutC = layout_t!((_16,_8):(_1,_16));

/// The threads of [`Sm80Mma`], `size(tiled_mma)`: one warp.
const THREADS: i32 = <Sm80Mma as Static>::VALUE.size();

/// The launch: one block of one warp (the atom's `size(ThrID)` threads).
///
/// ```
/// assert_eq!(cute_kernels::mma_atoms::check().grid, (1, 1, 1));
/// ```
#[must_use]
pub fn check() -> Launch {
    Launch {
        grid: (1, 1, 1),
        block: (THREADS as u32, 1, 1),
        shared_bytes: 0,
    }
}

/// The element counts of A, B and C (their layouts' cosizes), what the host allocates.
///
/// ```
/// assert_eq!(cute_kernels::mma_atoms::SIZES, (256, 128, 128));
/// ```
pub const SIZES: (usize, usize, usize) = (
    LayoutA::COSIZE as usize,
    LayoutB::COSIZE as usize,
    LayoutC::COSIZE as usize,
);

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::*;
    use cute_gpu::arch::thread_idx_x;
    use cute_gpu::{GmemPtr, clear, copy, gemm_mma};
    use cute_static::{Tensor, make_fragment_like};

    /// `SM80_16x8x16_F32F16F16F32_TN` on one warp: each thread copies its 8 values of A and 4
    /// of B into registers, runs the atom on zeroed accumulators and stores its 4 values of C.
    #[allow(unsafe_code)] // `no_mangle`: the kernel's name in the PTX
    #[unsafe(no_mangle)]
    pub extern "ptx-kernel" fn mma_sm80_16x8x16_f32f16(
        a: GmemPtr<u16>,
        b: GmemPtr<u16>,
        c: GmemPtr<f32>,
    ) {
        let mma = Sm80Mma::default();
        let thr = mma.get_slice(thread_idx_x());
        let t_c_g_a = thr.partition_A(a.tensor(LayoutA::new())); // (MMA,MMA_M,MMA_K)
        let t_c_g_b = thr.partition_B(b.tensor(LayoutB::new())); // (MMA,MMA_N,MMA_K)
        let mut t_c_g_c = thr.partition_C(c.tensor(LayoutC::new())); // (MMA,MMA_M,MMA_N)
        let mut t_c_r_a: Tensor<[u16; 8], _> = make_fragment_like(&t_c_g_a);
        let mut t_c_r_b: Tensor<[u16; 4], _> = make_fragment_like(&t_c_g_b);
        let mut t_c_r_c: Tensor<[f32; 4], _> = mma.make_fragment_C(t_c_g_c);
        copy(&t_c_g_a, &mut t_c_r_a);
        copy(&t_c_g_b, &mut t_c_r_b);
        clear(&mut t_c_r_c);
        gemm_mma(mma, &t_c_r_a, &t_c_r_b, &mut t_c_r_c);
        copy(&t_c_r_c, &mut t_c_g_c);
    }
}
