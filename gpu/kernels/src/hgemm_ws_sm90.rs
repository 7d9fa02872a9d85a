//! A Hopper HGEMM of our own, beyond the tutorial: TMA, a multistage `mbarrier` pipeline and
//! warp specialization, the structure of CUTLASS's SM90 warp-specialized ("cooperative")
//! collective mainloop. C `(M,N)` = A `(M,K)` B `(N,K)`^T, `half_t` in and out, `float`
//! accumulators (and `gemm_ws_sm90_tn_bf16`, the same kernel with `bfloat16_t` in and out and
//! `SM90_64x256x16_F32BF16BF16_SS`):
//!
//! * a `(_128,_256,_64)` CTA tile, 4 stages of `tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>,
//!   (_128,_64,_4))` for A and `(_256,_64,_4)` for B (192 KiB);
//! * three warpgroups: the producer (it gives back registers, `setmaxnreg.dec 40`) whose first
//!   thread waits for a stage to be empty, then loads its A and B boxes by TMA, completing on the
//!   stage's full barrier; two consumers (`setmaxnreg.inc 232`), the `TiledMMA` of
//!   `SM90_64x256x16_F32F16F16_SS` with 2x1 atoms, each warpgroup 64 rows of the tile: they wait
//!   for a stage to be full, run its 4 `wgmma` (one k-block each), keep one k-tile of `wgmma`
//!   in flight (`warpgroup_wait<1>`) and release the stage of the k-tile before;
//! * the epilogue `axpby(alpha, tCrC, beta, tCgC)` from the `float` accumulators.
//!
//! The tile must divide `M`, `N` and `K`: [`check`]; the TMA boxes come from the layouts on the
//! host: [`tma_boxes`].
//!
//! ```
//! use cute_kernels::hgemm_ws_sm90::check;
//! let launch = check(4096, 4096, 4096, 4096, 4096, 4096).unwrap();
//! assert_eq!((launch.grid, launch.block, launch.shared_bytes), ((32, 16, 1), (384, 1, 1), 196864));
//! assert!(check(4096, 4000, 4096, 4096, 4096, 4096).is_err()); // N
//! ```

use crate::error::{LaunchError, divides};
use crate::sgemm_1::Launch;
use crate::wgmma_sm90::SwizzleAtom;
use crate::wgmma_tma_sm90::k_major_boxes;
use cute_gpu::gmma::{GmmaDescriptor, Major};
use cute_gpu::tma::{TmaBox, TmaTile};
use cute_static::mma_atoms::{SM90_64x256x16_F32BF16BF16_SS, SM90_64x256x16_F32F16F16_SS};
use cute_static::{Static, StaticLayout, TileToShape, TiledMMA, int_tuple_t, layout_t, tile_t};

/// The CTA tiler `(BLK_M, BLK_N, BLK_K)`.
pub type CtaTiler = tile_t!((_128, _256, _64));
/// A's shared tiles `(BLK_M,BLK_K,PIPE)`.
pub type SmemA = TileToShape<SwizzleAtom, int_tuple_t!((_128, _64, _4))>;
/// B's shared tiles `(BLK_N,BLK_K,PIPE)`.
pub type SmemB = TileToShape<SwizzleAtom, int_tuple_t!((_256, _64, _4))>;
/// The consumers' `TiledMMA` of a GMMA atom: 2x1 atoms, two warpgroups.
pub type MmaWsOf<Atom> = TiledMMA<Atom, layout_t!((_2,_1,_1):(_1,_0,_0)), tile_t!((_, _, _))>;
/// `hgemm_ws_sm90_tn`'s: 2x1 atoms of `SM90_64x256x16_F32F16F16_SS`.
pub type MmaWs = MmaWsOf<SM90_64x256x16_F32F16F16_SS>;
/// `gemm_ws_sm90_tn_bf16`'s: 2x1 atoms of `SM90_64x256x16_F32BF16BF16_SS`.
pub type MmaWsBf16 = MmaWsOf<SM90_64x256x16_F32BF16BF16_SS>;

/// The consumer threads, `size(mma)`.
const CONSUMERS: i32 = <MmaWs as Static>::VALUE.size();
/// All threads: a producer warpgroup and the consumers.
const THREADS: i32 = 128 + CONSUMERS;

/// The GMMA descriptor of A's first atom tile, `(64,16)`.
pub const DESC_A: GmmaDescriptor =
    cute_gpu::make_gmma_desc!(Major::K, u16, swizzle 3, SmemA, rows 128, tile (64, 16));
/// B's, `(256,16)`.
pub const DESC_B: GmmaDescriptor =
    cute_gpu::make_gmma_desc!(Major::K, u16, swizzle 3, SmemB, rows 256, tile (256, 16));

/// The launch of `hgemm_ws_sm90_tn` for `C (M,N) = A (M,K) * B (N,K)^T` (A, B k-major with
/// leading dimensions `ldA`, `ldB`, C m-major with `ldC`): `Err` unless the tile divides `M`,
/// `N` and `K` and the leading dimensions cover their matrices (TMA's own conditions are
/// [`tma_boxes`]'s).
///
/// ```
/// assert!(cute_kernels::hgemm_ws_sm90::check(128, 256, 64, 60, 64, 128).is_err()); // ldA < K
/// ```
pub fn check(m: i32, n: i32, k: i32, lda: i32, ldb: i32, ldc: i32) -> Result<Launch, LaunchError> {
    divides("M", m, 128)?;
    divides("N", n, 256)?;
    divides("K", k, 64)?;
    for (what, ld, least) in [("ldA", lda, k), ("ldB", ldb, k), ("ldC", ldc, m)] {
        if ld < least {
            return Err(LaunchError::LeadingDimension { what, ld, least });
        }
    }
    let tiles = |cosize: i32| (cosize as u32 * 2).div_ceil(1024) * 1024;
    // The full and empty barriers, each group carved 128-byte aligned.
    let barriers = 2 * 128;
    Ok(Launch {
        grid: ((m / 128) as u32, (n / 256) as u32, 1),
        block: (THREADS as u32, 1, 1),
        shared_bytes: tiles(SmemA::COSIZE) + tiles(SmemB::COSIZE) + barriers,
    })
}

/// A's TMA tile: a stage of [`SmemA`], `(128,64)`, K TMA's dimension 0, `Sw<3,4,3>` on bytes
/// (its shared side checked while compiling).
pub const TILE_A: TmaTile =
    cute_gpu::make_tma_tile!(u16, swizzle 3, SmemA, mode0 1, tile (128, 64));
/// B's, a stage of [`SmemB`], `(256,64)`.
pub const TILE_B: TmaTile =
    cute_gpu::make_tma_tile!(u16, swizzle 3, SmemB, mode0 1, tile (256, 64));

/// The TMA boxes of A `(M,K):(ldA,_1)` and B `(N,K):(ldB,_1)` into a stage of [`SmemA`] and
/// [`SmemB`] ([`TILE_A`], [`TILE_B`]; CuTe's `make_tma_atom`).
///
/// ```
/// let (a, b) = cute_kernels::hgemm_ws_sm90::tma_boxes(4096, 4096, 4096, 4096, 4096).unwrap();
/// assert_eq!((a.box_dims, b.box_dims, a.box_bytes + b.box_bytes), ([64, 128], [64, 256], 49152));
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

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::*;
    use cute_gpu::arch::{
        block_idx_x, block_idx_y, sync_threads, thread_idx_x, trap, warpgroup_arrive,
        warpgroup_commit_batch, warpgroup_fence_operand, warpgroup_set_max_registers,
        warpgroup_wait,
    };
    use cute_gpu::tma::{TmaMap, fence_barrier_init, tma_load_2d};
    use cute_gpu::{DeviceGmma, GmemPtr, Memory, Real, SharedMemory, axpby, bfloat16_t};
    use cute_static::{Tensor, TensorLayout, coord, layout, local_tile_proj};

    /// The stages.
    const PIPE: i32 = 4;
    /// The k-blocks of a k-tile, `size<2>(tCsA)`.
    const MMA_K: i32 = 4;
    /// A consumer thread's accumulators: one `64x256` atom's `float`s.
    const REGS: usize = 128;

    cute_gpu::launch_bounds!(hgemm_ws_sm90_tn, THREADS, 1);
    cute_gpu::launch_bounds!(gemm_ws_sm90_tn_bf16, THREADS, 1);

    /// CUTLASS's PipelineState: a stage and the parity of its barriers' phase.
    #[inline(always)]
    fn advance((stage, phase): (i32, u32)) -> (i32, u32) {
        if stage == PIPE - 1 {
            (0, phase ^ 1)
        } else {
            (stage + 1, phase)
        }
    }

    /// A kernel entry of [`gemm_ws`] for an atom and its element type.
    macro_rules! entry {
        ($(#[$doc:meta])* $name:ident, $atom:ty, $e:ty) => {
            $(#[$doc])*
            #[allow(unsafe_code)] // `no_mangle`: the kernel's name in the PTX
            #[unsafe(no_mangle)]
            #[allow(clippy::too_many_arguments)]
            pub extern "ptx-kernel" fn $name(
                m: i32,
                n: i32,
                k: i32,
                alpha: f32,
                tma_a: TmaMap,
                tma_b: TmaMap,
                beta: f32,
                c: GmemPtr<$e>,
                ldc: i32,
            ) {
                gemm_ws::<$atom, $e>(m, n, k, alpha, tma_a, tma_b, beta, c, ldc)
            }
        };
    }

    entry!(
        /// The warp-specialized TN HGEMM: `C = alpha * A B^T + beta * C`, `half_t`.
        hgemm_ws_sm90_tn, SM90_64x256x16_F32F16F16_SS, u16
    );
    entry!(
        /// The same with `bfloat16_t` A, B and C (`SM90_64x256x16_F32BF16BF16_SS`).
        gemm_ws_sm90_tn_bf16, SM90_64x256x16_F32BF16BF16_SS, bfloat16_t
    );

    /// The kernel for a GMMA atom of `float` accumulators and 16-bit `E` operands.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn gemm_ws<Atom: DeviceGmma<Acc = f32> + Default + Copy, E: Real>(
        m: i32,
        n: i32,
        k: i32,
        alpha: f32,
        tma_a: TmaMap,
        tma_b: TmaMap,
        beta: f32,
        c: GmemPtr<E>,
        ldc: i32,
    ) {
        const { assert!(<Atom as DeviceGmma>::REGS == REGS && E::BITS == 16) };
        let tid = thread_idx_x();
        let (bx, by) = (block_idx_x(), block_idx_y());
        let mut smem = SharedMemory::new();
        let sa = smem.swizzled_tensor::<u16, 3, 3, 3, _>(SmemA::new()); // (BLK_M,BLK_K,PIPE)
        let sb = smem.swizzled_tensor::<u16, 3, 3, 3, _>(SmemB::new()); // (BLK_N,BLK_K,PIPE)
        let full = smem.mbarriers::<4>(); // TMA: one arrival and the boxes' bytes
        let empty = smem.mbarriers::<4>(); // the consumers: one arrival each
        let k_tile_max = k / 64;
        if tid == 0 {
            for stage in 0..PIPE {
                full.init(stage, 1);
                empty.init(stage, CONSUMERS as u32);
            }
            fence_barrier_init();
        }
        sync_threads();

        if tid < 128 {
            // The producer warpgroup: its first thread loads every k-tile.
            warpgroup_set_max_registers::<40, false>();
            if tid == 0 {
                let tx_bytes = tma_a.box_bytes() + tma_b.box_bytes();
                // Parity 1 first: a fresh barrier's previous phase counts as complete, so the
                // first pass over the stages finds them empty.
                let mut write = (0, 1u32);
                for k_tile in 0..k_tile_max {
                    let (stage, phase) = write;
                    empty.wait(stage, phase);
                    full.arrive_and_expect_tx(stage, tx_bytes);
                    let (sa_s, sb_s) = (
                        sa.slice(coord!((_, _, stage))),
                        sb.slice(coord!((_, _, stage))),
                    );
                    tma_load_2d(tma_a, (64 * k_tile, 128 * bx), &sa_s, &full, stage);
                    tma_load_2d(tma_b, (64 * k_tile, 256 * by), &sb_s, &full, stage);
                    write = advance(write);
                }
            }
            return;
        }

        // The consumer warpgroups.
        warpgroup_set_max_registers::<232, true>();
        let ctid = tid - 128;
        let mma = MmaWsOf::<Atom>::default();
        let thr_mma = mma.get_slice(ctid);
        let t_c_s_a = thr_mma.partition_A(sa); // (MMA,_1,MMA_K,PIPE): this warpgroup's rows
        let t_c_s_b = thr_mma.partition_B(sb); // (MMA,_1,MMA_K,PIPE)
        let (la, lb) = (*t_c_s_a.layout(), *t_c_s_b.layout());
        let (atom_a, atom_b) = (64 * 16, 256 * 16);
        if la.size() != atom_a * MMA_K * PIPE || lb.size() != atom_b * MMA_K * PIPE {
            trap() // never: the shapes above are the kernel's (a constant check)
        }
        let (Some(base_a), Some(base_b)) = (
            sa.engine().shared_address::<8>(0, 0),
            sb.engine().shared_address::<8>(0, 0),
        ) else {
            trap()
        };
        let (desc_a, desc_b) = (DESC_A.with_start(base_a), DESC_B.with_start(base_b));
        let tile_a = |kb: i32, stage: i32| {
            desc_a.plus((t_c_s_a.offset() + la.offset(atom_a * (kb + MMA_K * stage))) / 8)
        };
        let tile_b = |kb: i32, stage: i32| {
            desc_b.plus((t_c_s_b.offset() + lb.offset(atom_b * (kb + MMA_K * stage))) / 8)
        };

        let mut acc = [0f32; REGS];
        let mut read = (0, 0u32);
        let mut previous = -1;
        for _ in 0..k_tile_max {
            full.wait(read.0, read.1);
            warpgroup_fence_operand(&mut acc);
            warpgroup_arrive();
            for kb in 0..MMA_K {
                Atom::call::<false, false>(tile_a(kb, read.0), tile_b(kb, read.0), &mut acc, true);
            }
            warpgroup_commit_batch();
            // The k-tile before is done: release its stage to the producer.
            warpgroup_wait::<1>();
            warpgroup_fence_operand(&mut acc);
            if previous >= 0 {
                empty.arrive(previous);
            }
            previous = read.0;
            read = advance(read);
        }
        warpgroup_wait::<0>();
        warpgroup_fence_operand(&mut acc);

        // The epilogue: the accumulators as `half_t`, then C = alpha * AB + beta * C.
        let mc = c.tensor(layout!((m, n):(_1, ldc))); // (M,N)
        let gc = local_tile_proj(
            mc,
            CtaTiler::default(),
            coord!((bx, by, _)),
            coord!((_1, _1, _)),
        ); // (BLK_M,BLK_N)
        let mut t_c_g_c = thr_mma.partition_C(gc); // (MMA,MMA_M,MMA_N)
        let mut t_c_r_c: Tensor<[f32; REGS], _> = mma.make_fragment_C(t_c_g_c);
        if t_c_r_c.layout().size() as usize != REGS {
            trap() // never: one atom's values a thread
        }
        *t_c_r_c.engine_mut() = acc;
        axpby(alpha, &t_c_r_c, beta, &mut t_c_g_c);
    }
}
