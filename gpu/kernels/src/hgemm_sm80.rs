//! `sgemm_sm80.cu` of CuTe's tutorial, its `half_t` TN path (`gemm_tn`): an HGEMM on the SM80
//! tensor cores. A `(_128,_128,_64)` CTA tile, 128 threads, a 3-stage `cp.async` pipeline:
//!
//! * shared tiles `tile_to_shape(Sw<3,3,3> o (_8,(_8,_8)):(_8,(_1,_64)), (_128,_64,_3))` for A
//!   and B (k-major, swizzled for `ldmatrix` and 128-bit loads);
//! * `copy_a` = `copy_b` = `make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,
//!   half_t>, (_16,_8):(_8,_1) threads, (_1,_8) values)`: each thread moves 8 halves per copy;
//! * `mma` = `make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (_2,_2) atoms, Tile<_32,_32,_16>)`;
//! * shared memory to registers with `make_tiled_copy_A/B(Copy_Atom<SM75_U32x4_LDSM_N, half_t>,
//!   mma)`, one k-block ahead of the MMAs (the tutorial's register pipeline);
//! * the epilogue `axpby(alpha, tCrC, beta, tCgC)`, computed in `float` (the tutorial's in
//!   `half_t`).
//!
//! `half_t` is its bits, `u16`. The tile must divide `M`, `N` and `K`, and the leading
//! dimensions of A and B must keep the 16-byte vectors aligned: [`check`].
//!
//! ```
//! use cute_kernels::hgemm_sm80::check;
//! let launch = check(4096, 4096, 4096, 4096, 4096, 4096).unwrap();
//! assert_eq!((launch.grid, launch.block, launch.shared_bytes), ((32, 32, 1), (128, 1, 1), 98304));
//! assert!(check(4096, 4096, 4096, 4100, 4096, 4096).is_err()); // ldA: 8200 bytes a row
//! ```

use crate::error::{LaunchError, divides};
use crate::sgemm_1::Launch;
use cute_static::mma_atoms::SM80_16x8x16_F16F16F16F16_TN;
use cute_static::{
    CopyAtom, LayoutTv, SM80_CP_ASYNC_CACHEALWAYS, Static, StaticLayout, TileToShape, TiledCopy,
    TiledMMA, TilerMn, int_tuple_t, layout_t, tile_t,
};

/// The CTA tiler `(BLK_M, BLK_N, BLK_K)`.
pub type CtaTiler = tile_t!((_128, _128, _64));
/// The swizzle atom's layout, `(_8,(_8,_8)):(_8,(_1,_64))` (the smem tensors add `Sw<3,3,3>`).
pub type SwizzleAtom = layout_t!((_8,(_8,_8)):(_8,(_1,_64)));
/// A's shared tiles `(BLK_M,BLK_K,PIPE)`: the atom tiled to `(_128,_64,_3)`.
pub type SmemA = TileToShape<SwizzleAtom, int_tuple_t!((_128, _64, _3))>;
/// B's shared tiles `(BLK_N,BLK_K,PIPE)`.
pub type SmemB = TileToShape<SwizzleAtom, int_tuple_t!((_128, _64, _3))>;
/// The copy threads, `(_16,_8)` k-major.
pub type CopyThreads = layout_t!((_16,_8):(_8,_1));
/// The copy values, `(_1,_8)`: 8 halves, 16 bytes.
pub type CopyValues = layout_t!((_1,_8):(_0,_1));
/// `copy_a` and `copy_b`.
pub type CopyG2S = TiledCopy<
    CopyAtom<SM80_CP_ASYNC_CACHEALWAYS<u128>, u16>,
    LayoutTv<CopyThreads, CopyValues>,
    TilerMn<CopyThreads, CopyValues>,
>;
/// `mma`: 2x2 atoms of `SM80_16x8x16_F16F16F16F16_TN`, a `(_32,_32,_16)` tile.
pub type MmaC = TiledMMA<
    SM80_16x8x16_F16F16F16F16_TN,
    layout_t!((_2,_2,_1):(_1,_2,_0)),
    tile_t!((_32, _32, _16)),
>;

/// The threads, `size(mma)`.
const THREADS: i32 = <MmaC as Static>::VALUE.size();

/// The launch of `hgemm_sm80_tn` for `C (M,N) = A (M,K) * B (N,K)^T`, A and B k-major with
/// leading dimensions `ldA`, `ldB`, C m-major with `ldC`: `Err` unless the tile divides `M`, `N`
/// and `K`, the leading dimensions cover their matrices, and `ldA`, `ldB` are multiples of 8
/// (16-byte rows for `cp.async`).
///
/// ```
/// assert!(cute_kernels::hgemm_sm80::check(128, 128, 100, 128, 128, 128).is_err()); // K
/// ```
pub fn check(m: i32, n: i32, k: i32, lda: i32, ldb: i32, ldc: i32) -> Result<Launch, LaunchError> {
    divides("M", m, 128)?;
    divides("N", n, 128)?;
    divides("K", k, 64)?;
    for (what, ld, least) in [("ldA", lda, k), ("ldB", ldb, k), ("ldC", ldc, m)] {
        if ld < least {
            return Err(LaunchError::LeadingDimension { what, ld, least });
        }
    }
    divides("ldA", lda, 8)?;
    divides("ldB", ldb, 8)?;
    let bytes = |cosize: i32| (cosize as u32 * 2).div_ceil(128) * 128;
    Ok(Launch {
        grid: ((m / 128) as u32, (n / 128) as u32, 1),
        block: (THREADS as u32, 1, 1),
        shared_bytes: bytes(SmemA::COSIZE) + bytes(SmemB::COSIZE),
    })
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::*;
    use cute_gpu::arch::{
        block_idx_x, block_idx_y, cp_async_fence, cp_async_wait, sync_threads, thread_idx_x, trap,
    };
    use cute_gpu::{GmemPtr, SharedMemory, axpby, clear, copy_with, gemm_mma};
    use cute_static::{
        SM75_U32x4_LDSM_N, Tensor, coord, layout, local_tile_proj, make_tiled_copy_A,
        make_tiled_copy_B,
    };

    /// The stages of the shared-memory pipeline.
    const PIPE: i32 = 3;
    /// The k-blocks of a k-tile, `size<2>(tCrA)`: `BLK_K / 16`.
    const K_BLOCKS: i32 = 4;

    cute_gpu::launch_bounds!(hgemm_sm80_tn, THREADS, 0);

    /// `sgemm_sm80.cu`'s `gemm_device` for the TN HGEMM: `C = alpha * A B^T + beta * C`.
    #[allow(unsafe_code)] // `no_mangle`: the kernel's name in the PTX
    #[unsafe(no_mangle)]
    #[allow(clippy::too_many_arguments)]
    pub extern "ptx-kernel" fn hgemm_sm80_tn(
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

        // Prefetch: start the loads of all pipes but the last.
        let mut k_tile_count = k / 64;
        let mut k_tile_next = 0;
        for k_pipe in 0..PIPE - 1 {
            copy_with(
                copy_g2s,
                &t_a_g_a.slice(coord!((_, _, _, k_tile_next))),
                &mut t_a_s_a.slice(coord!((_, _, _, k_pipe))),
            );
            copy_with(
                copy_g2s,
                &t_b_g_b.slice(coord!((_, _, _, k_tile_next))),
                &mut t_b_s_b.slice(coord!((_, _, _, k_pipe))),
            );
            cp_async_fence();
            k_tile_count -= 1;
            if k_tile_count > 0 {
                k_tile_next += 1;
            }
        }

        // The MMA's partitions and register fragments.
        let mma = MmaC::default();
        let thr_mma = mma.get_slice(tid);
        let mut t_c_g_c = thr_mma.partition_C(gc); // (MMA,MMA_M,MMA_N)
        let t_c_r_a: Tensor<[u16; 128], _> =
            thr_mma.partition_fragment_A(sa.slice(coord!((_, _, _0)))); // (MMA,MMA_M,MMA_K)
        let t_c_r_b: Tensor<[u16; 128], _> =
            thr_mma.partition_fragment_B(sb.slice(coord!((_, _, _0)))); // (MMA,MMA_N,MMA_K)
        let mut t_c_r_c: Tensor<[u16; 128], _> = mma.make_fragment_C(t_c_g_c); // (MMA,MMA_M,MMA_N)
        clear(&mut t_c_r_c);

        // Shared memory to registers: the ldmatrix copies, their view of the fragments.
        let s2r_copy_a = make_tiled_copy_A(CopyAtom::<SM75_U32x4_LDSM_N, u16>::new(), mma);
        let s2r_copy_b = make_tiled_copy_B(CopyAtom::<SM75_U32x4_LDSM_N, u16>::new(), mma);
        let (s2r_thr_a, s2r_thr_b) = (s2r_copy_a.get_slice(tid), s2r_copy_b.get_slice(tid));
        let t_x_s_a = s2r_thr_a.partition_S(sa); // (CPY,MMA_M,MMA_K,PIPE)
        let t_x_s_b = s2r_thr_b.partition_S(sb); // (CPY,MMA_N,MMA_K,PIPE)
        let t_x_r_a = s2r_thr_a.retile_D(t_c_r_a); // (CPY,MMA_M,MMA_K)
        let t_x_r_b = s2r_thr_b.retile_D(t_c_r_b); // (CPY,MMA_N,MMA_K)
        if t_x_r_a.offset() != 0 || t_x_r_b.offset() != 0 {
            trap() // the views below start at the fragments' first element
        }
        let (la, lb, lxa, lxb) = (
            *t_c_r_a.layout(),
            *t_c_r_b.layout(),
            *t_x_r_a.layout(),
            *t_x_r_b.layout(),
        );
        let (mut ra, mut rb) = (*t_c_r_a.engine(), *t_c_r_b.engine());

        let mut smem_pipe_read = 0;
        let mut smem_pipe_write = PIPE - 1;
        // The pipe the ldmatrix copies read (the tutorial's `tXsA_p`).
        let mut pipe_p = smem_pipe_read;

        // Prefetch the register pipeline: k-block 0 of the first k-tile.
        cp_async_wait::<1>(); // PIPE - 2
        sync_threads();
        copy_with(
            s2r_copy_a,
            &t_x_s_a.slice(coord!((_, _, 0, pipe_p))),
            &mut Tensor::from_engine(&mut ra[..], lxa).slice(coord!((_, _, 0))),
        );
        copy_with(
            s2r_copy_b,
            &t_x_s_b.slice(coord!((_, _, 0, pipe_p))),
            &mut Tensor::from_engine(&mut rb[..], lxb).slice(coord!((_, _, 0))),
        );

        // The pipelined main loop: gmem -> smem (smem_pipe_write), smem -> registers (k-block
        // k_block + 1), and the MMAs on registers (k-block k_block) overlap. The k-blocks are
        // written out one by one (CuTe's `CUTE_UNROLL`), so that every register index is a
        // constant and the fragments stay in registers.
        macro_rules! k_block {
            ($k_block:tt, $k_block_next:tt, $first:expr, $last:expr) => {
                if $last {
                    pipe_p = smem_pipe_read;
                    cp_async_wait::<1>();
                    sync_threads();
                }
                copy_with(
                    s2r_copy_a,
                    &t_x_s_a.slice(coord!((_, _, $k_block_next, pipe_p))),
                    &mut Tensor::from_engine(&mut ra[..], lxa).slice(coord!((_, _, $k_block_next))),
                );
                copy_with(
                    s2r_copy_b,
                    &t_x_s_b.slice(coord!((_, _, $k_block_next, pipe_p))),
                    &mut Tensor::from_engine(&mut rb[..], lxb).slice(coord!((_, _, $k_block_next))),
                );
                if $first {
                    copy_with(
                        copy_g2s,
                        &t_a_g_a.slice(coord!((_, _, _, k_tile_next))),
                        &mut t_a_s_a.slice(coord!((_, _, _, smem_pipe_write))),
                    );
                    copy_with(
                        copy_g2s,
                        &t_b_g_b.slice(coord!((_, _, _, k_tile_next))),
                        &mut t_b_s_b.slice(coord!((_, _, _, smem_pipe_write))),
                    );
                    cp_async_fence();
                    k_tile_count -= 1;
                    if k_tile_count > 0 {
                        k_tile_next += 1;
                    }
                    smem_pipe_write = smem_pipe_read;
                    smem_pipe_read = if smem_pipe_read == PIPE - 1 {
                        0
                    } else {
                        smem_pipe_read + 1
                    };
                }
                gemm_mma(
                    mma,
                    &Tensor::from_engine(&ra[..], la).slice(coord!((_, _, $k_block))),
                    &Tensor::from_engine(&rb[..], lb).slice(coord!((_, _, $k_block))),
                    &mut t_c_r_c,
                );
            };
        }
        const {
            assert!(
                K_BLOCKS == 4,
                "the k-blocks below are written out for BLK_K = 64"
            )
        };
        while k_tile_count > -(PIPE - 1) {
            k_block!(_0, _1, true, false);
            k_block!(_1, _2, false, false);
            k_block!(_2, _3, false, false);
            k_block!(_3, _0, false, true);
        }

        axpby(alpha, &t_c_r_c, beta, &mut t_c_g_c);
    }
}
