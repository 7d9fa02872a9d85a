//! `hopper/wgmma_sm90.cu` of CuTe's tutorial, its TN path (`gemm_tn`): an HGEMM on Hopper's
//! warpgroup tensor cores. A `(_128,_128,_64)` CTA tile, one warpgroup (128 threads), a 3-stage
//! `cp.async` pipeline:
//!
//! * shared tiles `tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64,_3))` for A and B
//!   (`Sw<3,4,3>` on byte addresses: `Sw<3,3,3>` on `half_t` offsets, the tiles aligned to
//!   1024 bytes so that both agree);
//! * `copy_a` = `copy_b` = `make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,
//!   half_t>, (_16,_8):(_8,_1) threads, (_1,_8) values)`;
//! * `mma` = `make_tiled_mma(SM90_64x64x16_F16F16F16_SS<K, K>)`: each k-tile is 2x2 atoms times
//!   4 k-blocks, 16 `wgmma.mma_async` reading A and B through descriptors that
//!   [`cute_gpu::make_gmma_desc!`] computes from the shared layout at compile time;
//! * the epilogue `axpby(alpha, tCrC, beta, tCgC)` (in `float`; the tutorial's in `half_t`).
//!
//! One difference from the tutorial, for correctness: its main loop issues the next copy,
//! waits for every pending `cp.async` (`cp_async_wait<0>`) and starts the `wgmma` without a
//! barrier, so one warp may read (through `wgmma`) rows another warp's copies have not landed,
//! and overwrite a stage another warp's `wgmma` still reads. Here each k-tile waits for its own
//! copies (`cp_async_wait<PIPE-2>`), makes them visible to the tensor cores
//! (`fence.proxy.async.shared::cta`), synchronizes the block, and only then overwrites the
//! stage the previous k-tile read. Tiles, stages and atoms are the tutorial's.
//!
//! `half_t` is its bits, `u16`. The tile must divide `M`, `N` and `K`, and the leading
//! dimensions of A and B must keep the 16-byte vectors aligned: [`check`].
//!
//! ```
//! use cute_kernels::wgmma_sm90::check;
//! let launch = check(4096, 4096, 4096, 4096, 4096, 4096).unwrap();
//! assert_eq!((launch.grid, launch.block, launch.shared_bytes), ((32, 32, 1), (128, 1, 1), 98304));
//! assert!(check(4096, 4096, 4000, 4096, 4096, 4096).is_err()); // K
//! ```

use crate::error::LaunchError;
use crate::hgemm_sm80;
use crate::sgemm_1::Launch;
use cute_gpu::gmma::{GmmaDescriptor, Major};
use cute_static::mma_atoms::SM90_64x64x16_F16F16F16_SS;
use cute_static::{Static, StaticLayout, TileToShape, TiledMMA, int_tuple_t, layout_t, tile_t};

/// The CTA tiler `(BLK_M, BLK_N, BLK_K)`.
pub type CtaTiler = tile_t!((_128, _128, _64));
/// `GMMA::Layout_K_SW128_Atom<half_t>`'s layout, `(_8,_64):(_64,_1)` (its swizzle, `Sw<3,4,3>`
/// on bytes, is the shared tensors' `Sw<3,3,3>` on halves).
pub type SwizzleAtom = layout_t!((_8,_64):(_64,_1));
/// A's shared tiles `(BLK_M,BLK_K,PIPE)`.
pub type SmemA = TileToShape<SwizzleAtom, int_tuple_t!((_128, _64, _3))>;
/// B's shared tiles `(BLK_N,BLK_K,PIPE)`.
pub type SmemB = TileToShape<SwizzleAtom, int_tuple_t!((_128, _64, _3))>;
/// `copy_a` and `copy_b`: the tutorial's, as in `sgemm_sm80.cu`.
pub type CopyG2S = hgemm_sm80::CopyG2S;
/// `mma`: one `SM90_64x64x16_F16F16F16_SS` atom, one warpgroup.
pub type MmaW =
    TiledMMA<SM90_64x64x16_F16F16F16_SS, layout_t!((_1,_1,_1):(_0,_0,_0)), tile_t!((_, _, _))>;

/// The threads, `size(mma)`: one warpgroup.
const THREADS: i32 = <MmaW as Static>::VALUE.size();

/// The GMMA descriptor of A's first `(64,16)` atom tile (`make_gmma_desc<Major::K>` of
/// `tCsA(_,0,0,0)`), its start address 0: a layout `wgmma` cannot read would fail to compile.
pub const DESC_A: GmmaDescriptor =
    cute_gpu::make_gmma_desc!(Major::K, u16, swizzle 3, SmemA, rows 128, tile (64, 16));
/// B's, `make_gmma_desc<Major::K>` of `tCsB(_,0,0,0)`.
pub const DESC_B: GmmaDescriptor =
    cute_gpu::make_gmma_desc!(Major::K, u16, swizzle 3, SmemB, rows 128, tile (64, 16));

/// The launch of `wgmma_sm90_tn` for `C (M,N) = A (M,K) * B (N,K)^T`, A and B k-major with
/// leading dimensions `ldA`, `ldB`, C m-major with `ldC`: the conditions of
/// [`hgemm_sm80::check`] (the same tile and copies), one warpgroup a block.
///
/// ```
/// assert!(cute_kernels::wgmma_sm90::check(128, 100, 64, 64, 64, 128).is_err()); // N
/// ```
pub fn check(m: i32, n: i32, k: i32, lda: i32, ldb: i32, ldc: i32) -> Result<Launch, LaunchError> {
    let launch = hgemm_sm80::check(m, n, k, lda, ldb, ldc)?;
    let bytes = |cosize: i32| (cosize as u32 * 2).div_ceil(1024) * 1024;
    Ok(Launch {
        block: (THREADS as u32, 1, 1),
        shared_bytes: bytes(SmemA::COSIZE) + bytes(SmemB::COSIZE),
        ..launch
    })
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::*;
    use cute_gpu::arch::{
        block_idx_x, block_idx_y, cp_async_fence, cp_async_wait, fence_view_async_shared,
        sync_threads, thread_idx_x, trap, warpgroup_arrive, warpgroup_commit_batch,
        warpgroup_fence_operand, warpgroup_wait,
    };
    use cute_gpu::{DeviceGmma, GmemPtr, Memory, SharedMemory, axpby, copy_with};
    use cute_static::{Tensor, TensorLayout, coord, layout, local_tile_proj};

    /// The stages of the shared-memory pipeline.
    const PIPE: i32 = 3;
    /// `size<1>(tCsA)`, `size<1>(tCsB)`, `size<2>(tCsA)`: atoms along M, N and K of a k-tile.
    const MMA_M: i32 = 2;
    const MMA_N: i32 = 2;
    const MMA_K: i32 = 4;
    /// A thread's accumulator registers for one atom.
    const REGS: usize = <SM90_64x64x16_F16F16F16_SS as DeviceGmma>::REGS;

    cute_gpu::launch_bounds!(wgmma_sm90_tn, THREADS, 0);

    /// `wgmma_sm90.cu`'s `gemm_device` for the TN HGEMM: `C = alpha * A B^T + beta * C`.
    #[allow(unsafe_code)] // `no_mangle`: the kernel's name in the PTX
    #[unsafe(no_mangle)]
    #[allow(clippy::too_many_arguments)]
    pub extern "ptx-kernel" fn wgmma_sm90_tn(
        m: i32,
        n: i32,
        k: i32,
        alpha: f32,
        a: GmemPtr<u16>,
        lda: i32,
        b: GmemPtr<u16>,
        ldb: i32,
        beta: f32,
        c: GmemPtr<u16>,
        ldc: i32,
    ) {
        let tid = thread_idx_x();
        let ma = a.tensor(layout!((m, k):(lda, _1))); // (M,K)
        let mb = b.tensor(layout!((n, k):(ldb, _1))); // (N,K)
        let mc = c.tensor(layout!((m, n):(_1, ldc))); // (M,N)
        let (bx, by) = (block_idx_x(), block_idx_y());
        let cta = coord!((bx, by, _));
        let ga = local_tile_proj(ma, CtaTiler::default(), cta, coord!((_1, _, _1))); // (BLK_M,BLK_K,k)
        let gb = local_tile_proj(mb, CtaTiler::default(), cta, coord!((_, _1, _1))); // (BLK_N,BLK_K,k)
        let gc = local_tile_proj(mc, CtaTiler::default(), cta, coord!((_1, _1, _))); // (BLK_M,BLK_N)
        let mut smem = SharedMemory::new();
        let sa = smem.swizzled_tensor::<u16, 3, 3, 3, _>(SmemA::new()); // (BLK_M,BLK_K,PIPE)
        let sb = smem.swizzled_tensor::<u16, 3, 3, 3, _>(SmemB::new()); // (BLK_N,BLK_K,PIPE)

        // Partition the copying of A and B tiles across the threads.
        let copy_g2s = CopyG2S::default();
        let thr_copy = copy_g2s.get_slice(tid);
        let t_a_g_a = thr_copy.partition_S(ga); // (CPY,CPY_M,CPY_K,k)
        let t_a_s_a = thr_copy.partition_D(sa); // (CPY,CPY_M,CPY_K,PIPE)
        let t_b_g_b = thr_copy.partition_S(gb); // (CPY,CPY_N,CPY_K,k)
        let t_b_s_b = thr_copy.partition_D(sb); // (CPY,CPY_N,CPY_K,PIPE)
        let k_tile_max = k / 64;
        let copy_tile = |k_tile: i32, pipe: i32| {
            copy_with(
                copy_g2s,
                &t_a_g_a.slice(coord!((_, _, _, k_tile))),
                &mut t_a_s_a.slice(coord!((_, _, _, pipe))),
            );
            copy_with(
                copy_g2s,
                &t_b_g_b.slice(coord!((_, _, _, k_tile))),
                &mut t_b_s_b.slice(coord!((_, _, _, pipe))),
            );
            cp_async_fence();
        };

        // Prefetch all pipes but the last (a k-tile past the last is the last again, as the
        // main loop's).
        for k_pipe in 0..PIPE - 1 {
            copy_tile(k_pipe.min(k_tile_max - 1), k_pipe);
        }

        // The MMA's partitions: the shared tiles as the atoms read them, and the accumulators.
        let mma = MmaW::default();
        let thr_mma = mma.get_slice(tid);
        let t_c_s_a = thr_mma.partition_A(sa); // (MMA,MMA_M,MMA_K,PIPE)
        let t_c_s_b = thr_mma.partition_B(sb); // (MMA,MMA_N,MMA_K,PIPE)
        let mut t_c_g_c = thr_mma.partition_C(gc); // (MMA,MMA_M,MMA_N)
        let mut t_c_r_c: Tensor<[u16; 128], _> = mma.make_fragment_C(t_c_g_c); // (MMA,MMA_M,MMA_N)
        let (la, lb) = (*t_c_s_a.layout(), *t_c_s_b.layout());
        let atom = 64 * 16; // size<0>(tCsA): the atom's (64,16) tile
        if la.size() != atom * MMA_M * MMA_K * PIPE
            || lb.size() != atom * MMA_N * MMA_K * PIPE
            || t_c_r_c.layout().size() as usize != 2 * REGS * (MMA_M * MMA_N) as usize
        {
            trap() // never: the shapes above are the tutorial's (a constant check)
        }
        // CuTe's `make_fragment_A(tCsA)`: descriptor (m, k, pipe) is the first atom tile's,
        // moved on by the offset of tile (m, k, pipe) in 16-byte units (8 halves).
        let (Some(base_a), Some(base_b)) = (
            sa.engine().shared_address::<8>(0, 0),
            sb.engine().shared_address::<8>(0, 0),
        ) else {
            trap()
        };
        let (desc_a, desc_b) = (DESC_A.with_start(base_a), DESC_B.with_start(base_b));
        let tile_a = |mm: i32, kb: i32, pipe: i32| {
            desc_a
                .plus((t_c_s_a.offset() + la.offset(atom * (mm + MMA_M * (kb + MMA_K * pipe)))) / 8)
        };
        let tile_b = |nn: i32, kb: i32, pipe: i32| {
            desc_b
                .plus((t_c_s_b.offset() + lb.offset(atom * (nn + MMA_N * (kb + MMA_K * pipe)))) / 8)
        };

        // The accumulators as the atoms' registers: atom (m, n) holds registers
        // `REGS * (m + MMA_M * n)..`, two halves each, in the fragment's order.
        let mut acc = [0u32; REGS * (MMA_M * MMA_N) as usize];

        let mut k_pipe_read = 0;
        let mut k_pipe_write = PIPE - 1;
        for k_tile in 0..k_tile_max {
            // This k-tile's copies have landed (one group a k-tile is younger), for every
            // thread and for the tensor cores; every warp's wgmma of the last k-tile is done.
            cp_async_wait::<1>(); // PIPE - 2
            fence_view_async_shared();
            sync_threads();

            // Copy gmem to smem for k_tile + PIPE - 1, into the stage the last k-tile read.
            copy_tile((k_tile + PIPE - 1).min(k_tile_max - 1), k_pipe_write);
            k_pipe_write = if k_pipe_write == PIPE - 1 {
                0
            } else {
                k_pipe_write + 1
            };

            // (V,M,K) x (V,N,K) => (V,M,N) on the stage k_pipe_read.
            warpgroup_fence_operand(&mut acc);
            warpgroup_arrive();
            for kb in 0..MMA_K {
                for mm in 0..MMA_M {
                    for nn in 0..MMA_N {
                        let r = REGS * (mm + MMA_M * nn) as usize;
                        SM90_64x64x16_F16F16F16_SS::call::<false, false>(
                            tile_a(mm, kb, k_pipe_read),
                            tile_b(nn, kb, k_pipe_read),
                            &mut acc[r..r + REGS],
                            true,
                        );
                    }
                }
            }
            warpgroup_commit_batch();
            warpgroup_wait::<0>();
            warpgroup_fence_operand(&mut acc);
            k_pipe_read = if k_pipe_read == PIPE - 1 {
                0
            } else {
                k_pipe_read + 1
            };
        }
        // The clamped copies past the last k-tile land before the block exits.
        cp_async_wait::<0>();

        // The accumulators into the fragment (value 2i the low half of register i).
        for (i, r) in acc.iter().enumerate() {
            t_c_r_c.engine_mut()[2 * i] = *r as u16;
            t_c_r_c.engine_mut()[2 * i + 1] = (*r >> 16) as u16;
        }
        axpby(alpha, &t_c_r_c, beta, &mut t_c_g_c);
    }
}
