//! `sgemm_2.cu` of CuTe's tutorial: the shared-memory tiled FP32 GEMM of [`crate::sgemm_1`]
//! written with CuTe's TiledCopy and TiledMMA, and pipelined: while the threads compute on the
//! k-tile in shared memory, the next k-tile travels from global memory into registers (`tArA`,
//! `tBrB`), to be stored to shared memory at the top of the next iteration. A `(_128,_128,_8)`
//! CTA tile, 256 threads:
//!
//! * `sgemm_2_nt`: A and B m- and n-major; `copy_a` = `make_tiled_copy(Copy_Atom<UniversalCopy<
//!   uint128_t>, float>, (_32,_8) m-major threads, (_4,_1) values)`: each thread moves 4 floats
//!   with one 128-bit load; shared tiles `(_128,_8):(_1,_128)`;
//! * `sgemm_2_tn`: A and B k-major; `copy_a` = `make_tiled_copy(Copy_Atom<UniversalCopy<float>,
//!   float>, (_32,_8):(_8,_1) threads, (_1,_1) values)`; padded shared tiles `(_128,_8):(_1,_129)`;
//! * both: `mma` = `make_tiled_mma(UniversalFMA, (_16,_16,_1))`: each thread accumulates its
//!   `(_1,_8,_8)` of C.
//!
//! The tile must divide `M`, `N` and `K`: [`check`].
//!
//! ```
//! use cute_kernels::sgemm_2::{check, MmaC};
//! use cute_kernels::sgemm_1::Major;
//! let launch = check(Major::Nt, 4096, 4096, 4096).unwrap();
//! assert_eq!((launch.grid, launch.block, launch.shared_bytes), ((32, 32, 1), (256, 1, 1), 8192));
//! assert_eq!(check(Major::Tn, 4096, 4096, 4096).unwrap().shared_bytes, 2 * 4224);
//! assert_eq!(MmaC::default().get_thr_layout_vmnk().to_string(), "(_1,_16,_16,_1):(_0,_1,_16,_0)");
//! ```

use crate::error::LaunchError;
use crate::sgemm_1::{self, Launch, Major};
use cute_static::{
    CopyAtom, LayoutTv, StaticLayout, TiledCopy, TiledMMA, TilerMn, UniversalCopy, layout_t,
    mma_atoms::UniversalFMA, tile_t,
};

/// The CTA tiler `(BLK_M, BLK_N, BLK_K)`, as `sgemm_1`'s.
pub type CtaTiler = sgemm_1::CtaTiler;
/// NT: the shared tile of A and of B, m-major.
pub type SmemNt = sgemm_1::SmemNt;
/// TN: the shared tile of A and of B, padded m-major (`bM + 1`).
pub type SmemTn = layout_t!((_128,_8):(_1,_129));
/// NT: the copy threads, `(_32,_8)` m-major.
pub type CopyThreadsNt = layout_t!((_32,_8):(_1,_32));
/// NT: each copy thread's values, `(_4,_1)`: one 128-bit vector.
pub type CopyValuesNt = layout_t!((_4,_1):(_1,_0));
/// TN: the copy threads, `(_32,_8):(_8,_1)` k-major.
pub type CopyThreadsTn = layout_t!((_32,_8):(_8,_1));
/// TN: each copy thread's values, `(_1,_1)`.
pub type CopyValuesTn = layout_t!((_1,_1):(_0,_0));
/// NT: `copy_a` and `copy_b`, `make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>{},
/// (_32,_8), (_4,_1))`.
pub type CopyNt = TiledCopy<
    CopyAtom<UniversalCopy<u128>, f32>,
    LayoutTv<CopyThreadsNt, CopyValuesNt>,
    TilerMn<CopyThreadsNt, CopyValuesNt>,
>;
/// TN: `copy_a` and `copy_b`, `make_tiled_copy(Copy_Atom<UniversalCopy<float>, float>{},
/// (_32,_8):(_8,_1), (_1,_1))`.
pub type CopyTn = TiledCopy<
    CopyAtom<UniversalCopy<f32>, f32>,
    LayoutTv<CopyThreadsTn, CopyValuesTn>,
    TilerMn<CopyThreadsTn, CopyValuesTn>,
>;
/// The MMA atoms' layout, `(_16,_16,_1)` m-major.
pub type MmaAtoms = layout_t!((_16,_16,_1):(_1,_16,_0));
/// The threads of a block, `size(MmaAtoms)` (the TiledMMA's threads): the kernels'
/// `__launch_bounds__` and the launch.
pub const THREADS: u32 = MmaAtoms::SIZE as u32;
/// `mma`: `make_tiled_mma(UniversalFMA<float,float,float>{}, (_16,_16,_1))`.
pub type MmaC = TiledMMA<UniversalFMA, MmaAtoms, tile_t!((_, _, _))>;

/// The launch of `sgemm_2` for an `M x N x K` problem: `Err` unless the `(128,128,8)` tile
/// divides it (as for `sgemm_1`); TN's padded shared tiles take 1,031 floats each.
///
/// ```
/// use cute_kernels::{sgemm_1::Major, sgemm_2::check};
/// assert!(check(Major::Tn, 256, 128, 12).is_err());
/// ```
pub fn check(major: Major, m: i32, n: i32, k: i32) -> Result<Launch, LaunchError> {
    let launch = sgemm_1::check(major, m, n, k)?;
    let tile = match major {
        Major::Nt => SmemNt::COSIZE,
        Major::Tn => SmemTn::COSIZE,
    };
    Ok(Launch {
        block: (THREADS, 1, 1),
        shared_bytes: 2 * (tile as u32 * 4).div_ceil(128) * 128,
        ..launch
    })
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::*;
    use cute_gpu::arch::{block_idx_x, block_idx_y, sync_threads, thread_idx_x};
    use cute_gpu::{GmemPtr, SharedMemory, axpby, clear, copy, copy_with, gemm_with, tiles};
    use cute_static::{Tensor, coord, layout, local_tile_proj, make_fragment_like};

    /// The kernel's body (a macro, as the tutorial's template, so that each instantiation's
    /// layouts are concrete types).
    macro_rules! gemm_device {
        ($ma:expr, $mb:expr, $mc:expr, $smem:ty, $copy:ty, $alpha:expr, $beta:expr) => {{
            let tid = thread_idx_x();
            let (ga, gb, gc, sa, sb) = cta_tiles!($ma, $mb, $mc, CtaTiler::default(), $smem);

            // Partition the copying of A and B tiles across the threads (TiledCopy).
            let (copy_a, copy_b) = (<$copy>::default(), <$copy>::default());
            let thr_copy_a = copy_a.get_slice(tid);
            // (CPY,CPY_M,CPY_K,k), checked once for the whole k-loop
            let ta_ga = tiles(copy_a, thr_copy_a.partition_S(ga));
            let mut ta_sa = thr_copy_a.partition_D(sa); // (CPY,CPY_M,CPY_K)
            let mut ta_ra: Tensor<[f32; 4], _> = make_fragment_like(&ta_sa);
            let thr_copy_b = copy_b.get_slice(tid);
            let tb_gb = tiles(copy_b, thr_copy_b.partition_S(gb)); // (CPY,CPY_N,CPY_K,k)
            let mut tb_sb = thr_copy_b.partition_D(sb); // (CPY,CPY_N,CPY_K)
            let mut tb_rb: Tensor<[f32; 4], _> = make_fragment_like(&tb_sb);

            // Copy gmem to rmem for k_tile = 0.
            copy_with(copy_a, &ta_ga.slice(coord!((_, _, _, 0))), &mut ta_ra);
            copy_with(copy_b, &tb_gb.slice(coord!((_, _, _, 0))), &mut tb_rb);

            // Partition A, B and C for the MMA (TiledMMA).
            let mma = MmaC::default();
            let thr_mma = mma.get_slice(tid);
            let tc_sa = thr_mma.partition_A(sa); // (MMA,MMA_M,MMA_K)
            let tc_sb = thr_mma.partition_B(sb); // (MMA,MMA_N,MMA_K)
            let mut tc_gc = thr_mma.partition_C(gc); // (MMA,MMA_M,MMA_N)
            let mut tc_rc: Tensor<[f32; 64], _> = mma.make_fragment_C(tc_gc);
            clear(&mut tc_rc);

            // The tutorial's loop (store the registers' k-tile to smem, load the next k-tile into
            // the registers, compute on smem), rotated so that each iteration ends with the
            // store it prepares: prologue store of k-tile 0, then per k-tile: load k+1, compute
            // on k, store k+1. The same operations in the same order.
            let k_tile_max = ta_ga.len();
            sync_threads();
            copy(&ta_ra, &mut ta_sa);
            copy(&tb_rb, &mut tb_sb);
            sync_threads();
            for k_tile in 0..k_tile_max {
                // Copy gmem to rmem for k_tile + 1.
                let k_tile_next = if k_tile + 1 < k_tile_max {
                    k_tile + 1
                } else {
                    k_tile
                };
                copy_with(
                    copy_a,
                    &ta_ga.slice(coord!((_, _, _, k_tile_next))),
                    &mut ta_ra,
                );
                copy_with(
                    copy_b,
                    &tb_gb.slice(coord!((_, _, _, k_tile_next))),
                    &mut tb_rb,
                );
                // Compute on the k-tile in smem.
                gemm_with(mma, &tc_sa, &tc_sb, &mut tc_rc);
                // Copy rmem to smem: the next k-tile.
                sync_threads();
                copy(&ta_ra, &mut ta_sa);
                copy(&tb_rb, &mut tb_sb);
                sync_threads();
            }
            axpby($alpha, &tc_rc, $beta, &mut tc_gc);
        }};
    }

    gemm_kernels! {
        /// `sgemm_2.cu`'s `gemm_nt`: `C = alpha * A * B^T + beta * C`, A `(M,K):(_1,ldA)`, B
        /// `(N,K):(_1,ldB)`, C `(M,N):(_1,ldC)`.
        sgemm_2_nt: operands_nt, SmemNt, CopyNt, min_blocks 0;
        /// `sgemm_2.cu`'s `gemm_tn`: A `(M,K):(ldA,_1)`, B `(N,K):(ldB,_1)`, C `(M,N):(_1,ldC)`.
        sgemm_2_tn: operands_tn, SmemTn, CopyTn, min_blocks 0;
    }
}
