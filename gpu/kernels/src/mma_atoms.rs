//! The tensor-core MMA atoms proven on the GPU with cute-static's layouts: one warp multiplies
//! one atom's tile, each thread moving between global memory and registers exactly the values
//! its `MMA_Traits` layouts give it (`ThrMMA::partition_A/B/C`), and running the atom on them
//! (`cute_gpu::gemm_mma`). The host compares the product with its own; a wrong TV layout gives
//! a wrong product.
//!
//! * `mma_sm80_16x8x16_f32f16`: `SM80_16x8x16_F32F16F16F32_TN` (`mma.sync.m16n8k16`, `half_t`
//!   in, `float` out): `C (16x8) = A (16x16) * B^T`, B `(N,K)` `8x16`, both k-major ("TN").
//! * `mma_sm80_16x8x16_f32f16_smem`: the same product through shared memory, the way CuTe's
//!   SM80 GEMMs feed the atom: A and B into shared memory with `cp.async`
//!   (`SM80_CP_ASYNC_CACHEALWAYS`, 16 and 8 bytes a thread), then into the MMA's register
//!   fragments with `ldmatrix` (`make_tiled_copy_A/B` of `SM75_U32x4_LDSM_N` and
//!   `SM75_U32x2_LDSM_N`, `retile_D` of the fragments).
//! * `mma_sm80_16x8x16_f32f16_ldsm_t`: the same with B n-major (`(N,K):(_1,_8)`), read from
//!   shared memory by `SM75_U16x4_LDSM_T` (`ldmatrix.x2.trans`).
//! * `mma_sm80_16x8x8_f16` and `mma_sm80_16x8x16_f16`: the `half_t` accumulator atoms
//!   `SM80_16x8x8_F16F16F16F16_TN` and `SM80_16x8x16_F16F16F16F16_TN`, as the first kernel.
//!
//! ```
//! use cute_kernels::mma_atoms::{check, Sm80Mma};
//! assert_eq!(check().block, (32, 1, 1));
//! assert_eq!(Sm80Mma::default().get_layoutA_TV().to_string(),
//!            "((_4,_8),((_2,_2,_2),(_1,_1))):((_32,_1),((_16,_8,_128),(_0,_0)))");
//! ```

use crate::sgemm_1::Launch;
use cute_static::mma_atoms::{
    SM80_16x8x8_F16F16F16F16_TN, SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x16_F32F16F16F32_TN,
};
use cute_static::{
    CopyAtom, SM80_CP_ASYNC_CACHEALWAYS, Static, StaticLayout, TiledCopy, TiledMMA, layout_t,
    tile_t,
};

/// One `SM80_16x8x16_F32F16F16F32_TN` atom, one warp: `make_tiled_mma(atom)`.
pub type Sm80Mma =
    TiledMMA<SM80_16x8x16_F32F16F16F32_TN, layout_t!((_1,_1,_1):(_0,_0,_0)), tile_t!((_, _, _))>;
/// A: `(M,K)` `16x16` `half_t`, k-major.
pub type LayoutA = layout_t!((_16,_16):(_16,_1));
/// B: `(N,K)` `8x16` `half_t`, k-major.
pub type LayoutB = layout_t!((_8,_16):(_16,_1));
/// C: `(M,N)` `16x8` `float`, m-major.
pub type LayoutC = layout_t!((_16,_8):(_1,_16));
/// C in shared memory for `stmatrix`: `(M,N)` `16x8` `half_t`, n-major (rows of 8 halves, 16
/// bytes, one `stmatrix` row each).
pub type LayoutCs = layout_t!((_16,_8):(_8,_1));
/// B n-major: `(N,K)` `8x16`, `(_1,_8)`.
pub type LayoutBn = layout_t!((_8,_16):(_1,_8));
/// One `SM80_16x8x8_F16F16F16F16_TN` atom, one warp.
pub type Sm80MmaF16k8 =
    TiledMMA<SM80_16x8x8_F16F16F16F16_TN, layout_t!((_1,_1,_1):(_0,_0,_0)), tile_t!((_, _, _))>;
/// One `SM80_16x8x16_F16F16F16F16_TN` atom, one warp.
pub type Sm80MmaF16k16 =
    TiledMMA<SM80_16x8x16_F16F16F16F16_TN, layout_t!((_1,_1,_1):(_0,_0,_0)), tile_t!((_, _, _))>;
/// A of the `k = 8` atom: `(M,K)` `16x8`, k-major.
pub type LayoutA8 = layout_t!((_16,_8):(_8,_1));
/// B of the `k = 8` atom: `(N,K)` `8x8`, k-major.
pub type LayoutB8 = layout_t!((_8,_8):(_8,_1));

/// A `half_t` as its bits.
type Half = u16;
/// A into shared memory: `make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,
/// half_t>, (_16,_2) threads k-major, (_1,_8) values)`: each thread one 16-byte row piece.
pub type G2sA = TiledCopy<
    CopyAtom<SM80_CP_ASYNC_CACHEALWAYS<u128>, Half>,
    cute_static::LayoutTv<layout_t!((_16,_2):(_2,_1)), layout_t!((_1,_8):(_0,_1))>,
    cute_static::TilerMn<layout_t!((_16,_2):(_2,_1)), layout_t!((_1,_8):(_0,_1))>,
>;
/// B into shared memory: `(_8,_4)` threads k-major, `(_1,_4)` values, 8 bytes a thread.
pub type G2sB = TiledCopy<
    CopyAtom<SM80_CP_ASYNC_CACHEALWAYS<u64>, Half>,
    cute_static::LayoutTv<layout_t!((_8,_4):(_4,_1)), layout_t!((_1,_4):(_0,_1))>,
    cute_static::TilerMn<layout_t!((_8,_4):(_4,_1)), layout_t!((_1,_4):(_0,_1))>,
>;
/// B n-major into shared memory: `(_2,_16)` threads n-major, `(_4,_1)` values, 8 bytes a
/// thread.
pub type G2sBn = TiledCopy<
    CopyAtom<SM80_CP_ASYNC_CACHEALWAYS<u64>, Half>,
    cute_static::LayoutTv<layout_t!((_2,_16):(_1,_2)), layout_t!((_4,_1):(_1,_0))>,
    cute_static::TilerMn<layout_t!((_2,_16):(_1,_2)), layout_t!((_4,_1):(_1,_0))>,
>;

/// The threads of [`Sm80Mma`], `size(tiled_mma)`: one warp.
const THREADS: i32 = <Sm80Mma as Static>::VALUE.size();

/// The launch: one block of one warp (the atom's `size(ThrID)` threads), and the shared memory
/// of the `_smem` kernel (A and B, each carved 128-byte aligned).
///
/// ```
/// let launch = cute_kernels::mma_atoms::check();
/// assert_eq!((launch.grid, launch.shared_bytes), ((1, 1, 1), 512 + 256));
/// ```
#[must_use]
pub fn check() -> Launch {
    let carved = |elems: i32| (elems as u32 * 2).div_ceil(128) * 128;
    Launch {
        grid: (1, 1, 1),
        block: (THREADS as u32, 1, 1),
        shared_bytes: carved(LayoutA::COSIZE) + carved(LayoutB::COSIZE),
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

/// The register-path check kernel of one atom: each thread copies its `partition_A/B` from
/// global memory into fragments of `NA`/`NB` values, runs the atom on zeroed accumulators of
/// `NC` values of `$c` and stores its `partition_C`.
#[cfg(target_arch = "nvptx64")]
macro_rules! atom_kernel {
    ($(#[$doc:meta])* $name:ident: $mma:ty, $la:ty, $lb:ty, $c:ty, [$na:literal, $nb:literal, $nc:literal]) => {
        $(#[$doc])*
        #[allow(unsafe_code)] // `no_mangle`: the kernel's name in the PTX
        #[unsafe(no_mangle)]
        pub extern "ptx-kernel" fn $name(a: GmemPtr<u16>, b: GmemPtr<u16>, c: GmemPtr<$c>) {
            let mma = <$mma>::default();
            let thr = mma.get_slice(thread_idx_x());
            let t_c_g_a = thr.partition_A(a.tensor(<$la>::new())); // (MMA,MMA_M,MMA_K)
            let t_c_g_b = thr.partition_B(b.tensor(<$lb>::new())); // (MMA,MMA_N,MMA_K)
            let mut t_c_g_c = thr.partition_C(c.tensor(LayoutC::new())); // (MMA,MMA_M,MMA_N)
            let mut t_c_r_a: Tensor<[u16; $na], _> = make_fragment_like(&t_c_g_a);
            let mut t_c_r_b: Tensor<[u16; $nb], _> = make_fragment_like(&t_c_g_b);
            let mut t_c_r_c: Tensor<[$c; $nc], _> = mma.make_fragment_C(t_c_g_c);
            copy(&t_c_g_a, &mut t_c_r_a);
            copy(&t_c_g_b, &mut t_c_r_b);
            clear(&mut t_c_r_c);
            gemm_mma(mma, &t_c_r_a, &t_c_r_b, &mut t_c_r_c);
            copy(&t_c_r_c, &mut t_c_g_c);
        }
    };
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::*;
    use cute_gpu::arch::{cp_async_fence, cp_async_wait, sync_threads, thread_idx_x};
    use cute_gpu::{GmemPtr, SharedMemory, clear, copy, copy_with, gemm_mma};
    use cute_static::{
        SM75_U16x4_LDSM_T, SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N, SM90_U32x2_STSM_N, Tensor,
        make_fragment_like, make_tiled_copy_A, make_tiled_copy_B, make_tiled_copy_C,
    };

    atom_kernel! {
        /// `SM80_16x8x16_F32F16F16F32_TN` on one warp.
        mma_sm80_16x8x16_f32f16: Sm80Mma, LayoutA, LayoutB, f32, [8, 4, 4]
    }
    atom_kernel! {
        /// `SM80_16x8x16_F16F16F16F16_TN` on one warp.
        mma_sm80_16x8x16_f16: Sm80MmaF16k16, LayoutA, LayoutB, u16, [8, 4, 4]
    }
    atom_kernel! {
        /// `SM80_16x8x8_F16F16F16F16_TN` on one warp.
        mma_sm80_16x8x8_f16: Sm80MmaF16k8, LayoutA8, LayoutB8, u16, [4, 2, 4]
    }

    /// The product of `mma_sm80_16x8x16_f32f16` fed through shared memory: `cp.async` of A and B
    /// (TiledCopies `$g2s_b` for B, B laid out by `$lb`), the fence and wait and a barrier, then
    /// `ldmatrix` (`$s2r_b` for B) of each thread's fragment values (the MMA's
    /// `partition_fragment_A/B` retiled by the `ldmatrix` copies), the atom, and C stored from
    /// registers.
    macro_rules! smem_kernel {
        ($(#[$doc:meta])* $name:ident: $lb:ty, $g2s_b:ty, $s2r_b:ty) => {
            $(#[$doc])*
            #[allow(unsafe_code)] // `no_mangle`: the kernel's name in the PTX
            #[unsafe(no_mangle)]
            pub extern "ptx-kernel" fn $name(a: GmemPtr<u16>, b: GmemPtr<u16>, c: GmemPtr<f32>) {
                let tid = thread_idx_x();
                let (g_a, g_b) = (a.tensor(LayoutA::new()), b.tensor(<$lb>::new()));
                let mut smem = SharedMemory::new();
                let s_a = smem.tensor::<u16, _>(LayoutA::new());
                let s_b = smem.tensor::<u16, _>(<$lb>::new());
                // Global to shared, asynchronously.
                let (g2s_a, g2s_b) = (G2sA::default(), <$g2s_b>::default());
                let mut t_a_s_a = g2s_a.get_slice(tid).partition_D(s_a);
                copy_with(g2s_a, &g2s_a.get_slice(tid).partition_S(g_a), &mut t_a_s_a);
                let mut t_b_s_b = g2s_b.get_slice(tid).partition_D(s_b);
                copy_with(g2s_b, &g2s_b.get_slice(tid).partition_S(g_b), &mut t_b_s_b);
                cp_async_fence();
                cp_async_wait::<0>();
                sync_threads();
                // Shared to the MMA's registers, with ldmatrix: make_tiled_copy_A/B(Copy_Atom<
                // SM75_U32x4_LDSM_N / $s2r_b, half_t>, mma).
                let mma = Sm80Mma::default();
                let thr = mma.get_slice(tid);
                let mut t_c_r_a: Tensor<[u16; 8], _> = thr.partition_fragment_A(s_a);
                let mut t_c_r_b: Tensor<[u16; 4], _> = thr.partition_fragment_B(s_b);
                let s2r_a = make_tiled_copy_A(CopyAtom::<SM75_U32x4_LDSM_N, u16>::new(), mma);
                let s2r_b = make_tiled_copy_B(CopyAtom::<$s2r_b, u16>::new(), mma);
                let mut t_x_r_a = s2r_a.get_slice(tid).retile_D(t_c_r_a);
                copy_with(s2r_a, &s2r_a.get_slice(tid).partition_S(s_a), &mut t_x_r_a);
                *t_c_r_a.engine_mut() = *t_x_r_a.engine();
                let mut t_x_r_b = s2r_b.get_slice(tid).retile_D(t_c_r_b);
                copy_with(s2r_b, &s2r_b.get_slice(tid).partition_S(s_b), &mut t_x_r_b);
                *t_c_r_b.engine_mut() = *t_x_r_b.engine();
                let mut t_c_g_c = thr.partition_C(c.tensor(LayoutC::new()));
                let mut t_c_r_c: Tensor<[f32; 4], _> = mma.make_fragment_C(t_c_g_c);
                clear(&mut t_c_r_c);
                gemm_mma(mma, &t_c_r_a, &t_c_r_b, &mut t_c_r_c);
                copy(&t_c_r_c, &mut t_c_g_c);
            }
        };
    }
    /// `SM80_16x8x16_F16F16F16F16_TN` on one warp with its accumulators stored through shared
    /// memory by `stmatrix`: `make_tiled_copy_C(Copy_Atom<SM90_U32x2_STSM_N, half_t>, mma)`
    /// (`stmatrix.x2`: the warp's two 8x8 matrices of C, two registers a thread) into an
    /// n-major shared tile, a barrier, then each thread's `partition_C` of the tile to global
    /// memory.
    #[allow(unsafe_code)] // `no_mangle`: the kernel's name in the PTX
    #[unsafe(no_mangle)]
    pub extern "ptx-kernel" fn mma_sm80_16x8x16_f16_stsm(
        a: GmemPtr<u16>,
        b: GmemPtr<u16>,
        c: GmemPtr<u16>,
    ) {
        let tid = thread_idx_x();
        let mma = Sm80MmaF16k16::default();
        let thr = mma.get_slice(tid);
        let t_c_g_a = thr.partition_A(a.tensor(LayoutA::new()));
        let t_c_g_b = thr.partition_B(b.tensor(LayoutB::new()));
        let mut t_c_r_a: Tensor<[u16; 8], _> = make_fragment_like(&t_c_g_a);
        let mut t_c_r_b: Tensor<[u16; 4], _> = make_fragment_like(&t_c_g_b);
        copy(&t_c_g_a, &mut t_c_r_a);
        copy(&t_c_g_b, &mut t_c_r_b);
        let mut smem = SharedMemory::new();
        let s_c = smem.tensor::<u16, _>(LayoutCs::new());
        let mut t_c_r_c: Tensor<[u16; 4], _> = mma.make_fragment_C(thr.partition_C(s_c));
        clear(&mut t_c_r_c);
        gemm_mma(mma, &t_c_r_a, &t_c_r_b, &mut t_c_r_c);
        // Registers to shared memory with stmatrix.
        let r2s = make_tiled_copy_C(CopyAtom::<SM90_U32x2_STSM_N, u16>::new(), mma);
        let r2s_thr = r2s.get_slice(tid);
        let t_x_r_c = r2s_thr.retile_S(t_c_r_c);
        let mut t_x_s_c = r2s_thr.partition_D(s_c);
        copy_with(r2s, &t_x_r_c, &mut t_x_s_c);
        sync_threads();
        // Shared to global, each thread its own partition of C.
        let mut t_c_g_c = thr.partition_C(c.tensor(LayoutC::new()));
        copy(&thr.partition_C(s_c), &mut t_c_g_c);
    }

    smem_kernel! {
        /// B k-major, read by `SM75_U32x2_LDSM_N` (`ldmatrix.x2`).
        mma_sm80_16x8x16_f32f16_smem: LayoutB, G2sB, SM75_U32x2_LDSM_N
    }
    smem_kernel! {
        /// B n-major in global and shared memory, read by `SM75_U16x4_LDSM_T`
        /// (`ldmatrix.x2.trans`).
        mma_sm80_16x8x16_f32f16_ldsm_t: LayoutBn, G2sBn, SM75_U16x4_LDSM_T
    }
}
