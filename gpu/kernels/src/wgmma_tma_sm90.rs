//! `hopper/wgmma_tma_sm90.cu` of CuTe's tutorial, its TN path (`gemm_tn`): the Hopper HGEMM
//! fed by TMA. The tiles, shared layouts and MMA of [`wgmma_sm90`] (a
//! `(_128,_128,_64)` CTA tile, one warpgroup, `tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>,
//! (_128,_64,_3))`, `SM90_64x64x16_F16F16F16_SS<K,K>`), with the copies replaced by
//! `SM90_TMA_LOAD`: one thread loads each stage's A and B boxes, completing on the stage's
//! producer barrier (a `ClusterTransactionBarrier`); the 128 threads wait on it, run the
//! stage's 16 `wgmma`, and arrive on its consumer barrier (a `ClusterBarrier` of 128), which
//! the loading thread waits on before refilling the stage. The tensor maps are made on the
//! host from the global layouts and the shared tile ([`tma_boxes`], `cute_gpu::tma`'s rule).
//!
//! As in the tutorial, the tile must divide `M`, `N` and `K` (the epilogue is unpredicated).
//! One difference: the tutorial also loads the `PIPE` k-tiles past the last (TMA fills them
//! with zeros, and the block may exit before they land); here a stage is loaded only for a
//! k-tile that exists.
//!
//! ```
//! use cute_kernels::wgmma_tma_sm90::{check, tma_boxes};
//! let launch = check(4096, 4096, 4096, 4096, 4096, 4096).unwrap();
//! assert_eq!((launch.grid, launch.block, launch.shared_bytes), ((32, 32, 1), (128, 1, 1), 98560));
//! let (a, b) = tma_boxes(4096, 4096, 4096, 4096, 4096).unwrap();
//! assert_eq!((a.box_dims, b.box_dims, a.box_bytes + b.box_bytes), ([64, 128], [64, 128], 32768));
//! ```

use crate::error::LaunchError;
use crate::sgemm_1::Launch;
use crate::wgmma_sm90::{self, SmemA, SmemB};
use cute_gpu::tma::{TmaBox, TmaTile};

/// The stages of the shared-memory pipeline, `size<2>(SmemLayoutA{})`.
const PIPE: i32 = 3;

/// The launch of `wgmma_tma_sm90_tn`: [`wgmma_sm90::check`]'s conditions, and shared memory
/// for the tiles and the `2 * PIPE` barriers.
///
/// ```
/// assert!(cute_kernels::wgmma_tma_sm90::check(128, 128, 100, 128, 128, 128).is_err()); // K
/// ```
pub fn check(m: i32, n: i32, k: i32, lda: i32, ldb: i32, ldc: i32) -> Result<Launch, LaunchError> {
    let launch = wgmma_sm90::check(m, n, k, lda, ldb, ldc)?;
    // Two groups of PIPE barriers, each carved 128-byte aligned.
    let barriers = 2 * (8 * PIPE as u32).div_ceil(128) * 128;
    Ok(Launch {
        shared_bytes: launch.shared_bytes + barriers,
        ..launch
    })
}

/// A's TMA tile: a stage of [`SmemA`], `(128,64)`, K (mode 1) TMA's dimension 0, `Sw<3,4,3>`
/// on bytes: CuTe's `make_tma_atom(SM90_TMA_LOAD{}, mA, sA(_,_,0), make_shape(bM,bK))`, its
/// shared side checked while compiling.
pub const TILE_A: TmaTile =
    cute_gpu::make_tma_tile!(u16, swizzle 3, SmemA, mode0 1, tile (128, 64));
/// B's, a stage of [`SmemB`].
pub const TILE_B: TmaTile =
    cute_gpu::make_tma_tile!(u16, swizzle 3, SmemB, mode0 1, tile (128, 64));

/// The TMA boxes of A `(M,K):(ldA,_1)` and B `(N,K):(ldB,_1)` (`half_t`) into a stage of
/// [`SmemA`] and [`SmemB`] ([`TILE_A`], [`TILE_B`]): `Err` for a tensor TMA cannot take.
///
/// ```
/// // ldA = 4100 halves: rows of 8200 bytes, not a multiple of 16.
/// assert!(cute_kernels::wgmma_tma_sm90::tma_boxes(128, 128, 64, 4100, 64).is_err());
/// ```
pub fn tma_boxes(
    m: i32,
    n: i32,
    k: i32,
    lda: i32,
    ldb: i32,
) -> Result<(TmaBox, TmaBox), LaunchError> {
    k_major_boxes(&TILE_A, &TILE_B, (m, n, k), (lda, ldb))
}

/// The TMA boxes of `tile_a` over a k-major `half_t` A `(M,K):(ldA,_1)` and of `tile_b` over B
/// `(N,K):(ldB,_1)`: `Err` naming the operand whose global tensor TMA cannot take.
pub(crate) fn k_major_boxes(
    tile_a: &TmaTile,
    tile_b: &TmaTile,
    (m, n, k): (i32, i32, i32),
    (lda, ldb): (i32, i32),
) -> Result<(TmaBox, TmaBox), LaunchError> {
    let make = |what, tile: &TmaTile, rows, ld: i32| {
        tile.make_tma_box([rows, k], [i64::from(ld), 1])
            .map_err(|err| LaunchError::Tma { what, err })
    };
    Ok((make("A", tile_a, m, lda)?, make("B", tile_b, n, ldb)?))
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::*;
    use crate::wgmma_sm90::{CtaTiler, DESC_A, DESC_B, MmaW};
    use cute_gpu::arch::{
        block_idx_x, block_idx_y, sync_threads, thread_idx_x, trap, warpgroup_arrive,
        warpgroup_commit_batch, warpgroup_fence_operand, warpgroup_wait,
    };
    use cute_gpu::tma::{TmaMap, fence_barrier_init, tma_load_2d};
    use cute_gpu::{DeviceGmma, GmemPtr, Memory, SharedMemory, axpby};
    use cute_static::mma_atoms::SM90_64x64x16_F16F16F16_SS;
    use cute_static::{Tensor, TensorLayout, coord, layout, local_tile_proj};

    /// Atoms along M, N and K of a k-tile.
    const MMA_M: i32 = 2;
    const MMA_N: i32 = 2;
    const MMA_K: i32 = 4;
    /// A thread's accumulator registers for one atom.
    const REGS: usize = <SM90_64x64x16_F16F16F16_SS as DeviceGmma>::REGS;
    /// The threads, `size(mma)`: one warpgroup.
    const THREADS: i32 = <MmaW as cute_static::Static>::VALUE.size();

    cute_gpu::launch_bounds!(wgmma_tma_sm90_tn, THREADS, 0);

    /// `wgmma_tma_sm90.cu`'s `gemm_device` for the TN HGEMM: `C = alpha * A B^T + beta * C`,
    /// A and B read through their tensor maps.
    #[allow(unsafe_code)] // `no_mangle`: the kernel's name in the PTX
    #[unsafe(no_mangle)]
    #[allow(clippy::too_many_arguments)]
    pub extern "ptx-kernel" fn wgmma_tma_sm90_tn(
        m: i32,
        n: i32,
        k: i32,
        alpha: f32,
        tma_a: TmaMap,
        tma_b: TmaMap,
        beta: f32,
        c: GmemPtr<u16>,
        ldc: i32,
    ) {
        let tid = thread_idx_x();
        let mc = c.tensor(layout!((m, n):(_1, ldc))); // (M,N)
        let (bx, by) = (block_idx_x(), block_idx_y());
        let gc = local_tile_proj(
            mc,
            CtaTiler::default(),
            coord!((bx, by, _)),
            coord!((_1, _1, _)),
        ); // (BLK_M,BLK_N)
        let mut smem = SharedMemory::new();
        let sa = smem.swizzled_tensor::<u16, 3, 3, 3, _>(SmemA::new()); // (BLK_M,BLK_K,PIPE)
        let sb = smem.swizzled_tensor::<u16, 3, 3, 3, _>(SmemB::new()); // (BLK_N,BLK_K,PIPE)
        let producer = smem.mbarriers::<3>(); // TMA: one arrival and the boxes' bytes
        let consumer = smem.mbarriers::<3>(); // MMA: 128 arrivals
        let k_tile_max = k / 64;
        let leader = tid == 0;
        let tx_bytes = tma_a.box_bytes() + tma_b.box_bytes();

        if leader {
            for pipe in 0..PIPE {
                producer.init(pipe, 1);
                consumer.init(pipe, THREADS as u32);
            }
            fence_barrier_init();
        }
        sync_threads();

        // Stage `pipe` gets k-tile `k_tile`: TMA coordinates (K, M) and (K, N), dimension 0 K.
        let load = |k_tile: i32, pipe: i32| {
            producer.arrive_and_expect_tx(pipe, tx_bytes);
            tma_load_2d(
                tma_a,
                (64 * k_tile, 128 * bx),
                &sa.slice(coord!((_, _, pipe))),
                &producer,
                pipe,
            );
            tma_load_2d(
                tma_b,
                (64 * k_tile, 128 * by),
                &sb.slice(coord!((_, _, pipe))),
                &producer,
                pipe,
            );
        };
        if leader {
            for pipe in 0..PIPE.min(k_tile_max) {
                load(pipe, pipe);
            }
        }

        // The MMA's partitions, descriptors and accumulators, as in wgmma_sm90.
        let mma = MmaW::default();
        let thr_mma = mma.get_slice(tid);
        let t_c_s_a = thr_mma.partition_A(sa); // (MMA,MMA_M,MMA_K,PIPE)
        let t_c_s_b = thr_mma.partition_B(sb); // (MMA,MMA_N,MMA_K,PIPE)
        let mut t_c_g_c = thr_mma.partition_C(gc); // (MMA,MMA_M,MMA_N)
        let mut t_c_r_c: Tensor<[u16; 128], _> = mma.make_fragment_C(t_c_g_c); // (MMA,MMA_M,MMA_N)
        let (la, lb) = (*t_c_s_a.layout(), *t_c_s_b.layout());
        let atom = 64 * 16;
        if la.size() != atom * MMA_M * MMA_K * PIPE
            || lb.size() != atom * MMA_N * MMA_K * PIPE
            || t_c_r_c.layout().size() as usize != 2 * REGS * (MMA_M * MMA_N) as usize
        {
            trap() // never: the shapes above are the tutorial's (a constant check)
        }
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
        let mut acc = [0u32; REGS * (MMA_M * MMA_N) as usize];

        // CUTLASS's PipelineState: a stage and the parity of its barriers' current phase.
        let advance = |(pipe, phase): (i32, u32)| {
            if pipe == PIPE - 1 {
                (0, phase ^ 1)
            } else {
                (pipe + 1, phase)
            }
        };
        let mut read = (0, 0u32);
        let mut write = (0, 0u32);
        for k_tile in 0..k_tile_max {
            // Wait for the stage's loads.
            producer.wait(read.0, read.1);
            warpgroup_fence_operand(&mut acc);
            warpgroup_arrive();
            for kb in 0..MMA_K {
                for mm in 0..MMA_M {
                    for nn in 0..MMA_N {
                        let r = REGS * (mm + MMA_M * nn) as usize;
                        SM90_64x64x16_F16F16F16_SS::call::<false, false>(
                            tile_a(mm, kb, read.0),
                            tile_b(nn, kb, read.0),
                            &mut acc[r..r + REGS],
                            true,
                        );
                    }
                }
            }
            warpgroup_commit_batch();
            warpgroup_wait::<0>();
            warpgroup_fence_operand(&mut acc);
            // The stage is consumed.
            consumer.arrive(read.0);
            read = advance(read);
            if leader {
                // Refill the stage once every thread has consumed it.
                if k_tile + PIPE < k_tile_max {
                    consumer.wait(write.0, write.1);
                    load(k_tile + PIPE, write.0);
                }
                write = advance(write);
            }
        }

        for (i, r) in acc.iter().enumerate() {
            t_c_r_c.engine_mut()[2 * i] = *r as u16;
            t_c_r_c.engine_mut()[2 * i + 1] = (*r >> 16) as u16;
        }
        axpby(alpha, &t_c_r_c, beta, &mut t_c_g_c);
    }
}
