//! `sgemm_1.cu` of CuTe's tutorial: a shared-memory tiled FP32 GEMM, `C = alpha * A * B^T +
//! beta * C` over the `(M,K)`, `(N,K)` and `(M,N)` matrices. A `(_128,_128,_8)` CTA tile; each
//! k-tile of A and B is copied to shared memory by a `(_32,_8)` thread layout (`local_partition`),
//! then every thread of a `(_16,_16)` layout accumulates its `(_8,_8)` part of C in registers
//! from the shared tiles (`local_partition` with a projection). Two variants, as the tutorial's:
//!
//! * `sgemm_1_nt`: A and B m- and n-major (`(M,K):(_1,ldA)`), shared tiles `(_128,_8):(_1,_128)`,
//!   copy threads `(_32,_8)` m-major;
//! * `sgemm_1_tn`: A and B k-major (`(M,K):(ldA,_1)`), shared tiles k-major `(_128,_8):(_8,_1)`
//!   (`LayoutRight`), copy threads `(_32,_8):(_8,_1)` k-major.
//!
//! The tile must divide `M`, `N` and `K` (the tutorial does not predicate): [`check`].
//!
//! ```
//! use cute_kernels::sgemm_1::{check, Major};
//! let launch = check(Major::Tn, 512, 256, 64).unwrap();
//! assert_eq!((launch.grid, launch.block), ((4, 2, 1), (256, 1, 1)));
//! assert_eq!(launch.shared_bytes, 2 * 4096); // two k-major (128,8) tiles of floats
//! ```

use crate::error::{LaunchError, divides};
use cute_static::{StaticLayout, layout_t, tile_t};

/// Which operands are transposed (the tutorial's `transA`/`transB`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Major {
    /// `'N','T'`: A is `(M,K):(_1,ldA)`, B is `(N,K):(_1,ldB)`.
    Nt,
    /// `'T','N'`: A is `(M,K):(ldA,_1)`, B is `(N,K):(ldB,_1)`.
    Tn,
}

/// The CTA tiler `(BLK_M, BLK_N, BLK_K)`.
pub type CtaTiler = tile_t!((_128, _128, _8));
/// NT: the shared-memory layout of A's and of B's tile, `(BLK_M,BLK_K)` m-major.
pub type SmemNt = layout_t!((_128,_8):(_1,_128));
/// TN: the shared-memory layout of A's and of B's tile, k-major (`LayoutRight`).
pub type SmemTn = layout_t!((_128,_8):(_8,_1));
/// NT: the copy threads `tA`, `tB`, m-major.
pub type CopyThreadsNt = layout_t!((_32,_8):(_1,_32));
/// TN: the copy threads `tA`, `tB`, k-major.
pub type CopyThreadsTn = layout_t!((_32,_8):(_8,_1));
/// The MMA threads `tC`, m-major.
pub type MmaThreads = layout_t!((_16,_16):(_1,_16));
/// The register stage of a thread's share of a k-tile of A or B, `(THR_M,THR_K)`: `(_4,_1)`.
pub type FragmentA = layout_t!((_4,_1):(_1,_4));
/// The accumulators' layout, `make_tensor_like(tCgC)`: `(_8,_8)` compact.
pub type Accumulators = layout_t!((_8,_8):(_1,_8));

/// The threads of a block, `size(MmaThreads)`: the kernels' `__launch_bounds__` and the launch.
pub const THREADS: u32 = MmaThreads::SIZE as u32;

/// A launch's configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Launch {
    /// Blocks per grid dimension.
    pub grid: (u32, u32, u32),
    /// Threads per block dimension.
    pub block: (u32, u32, u32),
    /// Dynamic shared memory in bytes.
    pub shared_bytes: u32,
}

/// Bytes of `cosize(layout)` floats rounded up to 128, as `cute_gpu::SharedMemory` carves them.
const fn carved(cosize: i32) -> u32 {
    (cosize as u32 * 4).div_ceil(128) * 128
}

/// The launch of `sgemm_1` for an `M x N x K` problem: `Err` unless the `(128,128,8)` tile
/// divides it. (The leading dimensions and the allocations are checked by the host against the
/// tensors' layouts.)
///
/// ```
/// use cute_kernels::{sgemm_1::{check, Major}, LaunchError};
/// assert_eq!(check(Major::Nt, 128, 128, 12).unwrap_err(),
///            LaunchError::NotDivisible { what: "K", size: 12, tile: 8 });
/// ```
pub fn check(major: Major, m: i32, n: i32, k: i32) -> Result<Launch, LaunchError> {
    divides("M", m, 128)?;
    divides("N", n, 128)?;
    divides("K", k, 8)?;
    let smem = match major {
        Major::Nt => carved(SmemNt::COSIZE),
        Major::Tn => carved(SmemTn::COSIZE),
    };
    Ok(Launch {
        grid: ((m / 128) as u32, (n / 128) as u32, 1),
        block: (THREADS, 1, 1),
        shared_bytes: 2 * smem,
    })
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::*;
    use cute_gpu::arch::{block_idx_x, block_idx_y, sync_threads, thread_idx_x};
    use cute_gpu::{GmemPtr, SharedMemory, axpby, clear, copy, gemm};
    use cute_static::{
        coord, layout, local_partition, local_partition_proj, local_tile_proj, make_fragment,
    };

    /// The kernel's body, for either variant's layouts (a macro, as the tutorial's template:
    /// each instantiation's layouts are concrete types).
    macro_rules! gemm_device {
        ($ma:expr, $mb:expr, $mc:expr, $smem:ty, $copy_threads:ty, $alpha:expr, $beta:expr) => {{
            let tid = thread_idx_x();
            let (ga, gb, gc, sa, sb) = cta_tiles!($ma, $mb, $mc, CtaTiler::default(), $smem);

            let ta = <$copy_threads>::new();
            let ta_ga = local_partition(ga, ta, tid); // (THR_M,THR_K,k)
            let mut ta_sa = local_partition(sa, ta, tid); // (THR_M,THR_K)
            let tb_gb = local_partition(gb, ta, tid); // (THR_N,THR_K,k)
            let mut tb_sb = local_partition(sb, ta, tid); // (THR_N,THR_K)

            let tc = MmaThreads::new();
            let tc_sa = local_partition_proj(sa, tc, tid, coord!((_1, _))); // (THR_M,BLK_K)
            let tc_sb = local_partition_proj(sb, tc, tid, coord!((_, _1))); // (THR_N,BLK_K)
            let mut tc_gc = local_partition_proj(gc, tc, tid, coord!((_1, _1))); // (THR_M,THR_N)
            let mut tc_rc = make_fragment([0f32; 64], Accumulators::new()); // (THR_M,THR_N)
            clear(&mut tc_rc);
            // The copies gmem -> smem go through registers, as CuTe C++'s `copy(tAgA(_,_,k),
            // tAsA)` compiles: both tiles' loads are in flight before the first store.
            let mut ta_ra = make_fragment([0f32; 4], FragmentA::new());
            let mut tb_rb = make_fragment([0f32; 4], FragmentA::new());

            let k_tile_max = ta_ga.layout().get::<2>().size();
            for k_tile in 0..k_tile_max {
                copy(&ta_ga.slice(coord!((_, _, k_tile))), &mut ta_ra);
                copy(&tb_gb.slice(coord!((_, _, k_tile))), &mut tb_rb);
                copy(&ta_ra, &mut ta_sa);
                copy(&tb_rb, &mut tb_sb);
                sync_threads();
                gemm(&tc_sa, &tc_sb, &mut tc_rc);
                sync_threads();
            }
            axpby($alpha, &tc_rc, $beta, &mut tc_gc);
        }};
    }

    gemm_kernels! {
        /// `sgemm_1.cu`'s `gemm_nt`: `C = alpha * A * B^T + beta * C`, A `(M,K):(_1,ldA)`, B
        /// `(N,K):(_1,ldB)`, C `(M,N):(_1,ldC)`.
        sgemm_1_nt: operands_nt, SmemNt, CopyThreadsNt, min_blocks 0;
        /// `sgemm_1.cu`'s `gemm_tn`: A `(M,K):(ldA,_1)`, B `(N,K):(ldB,_1)`, C `(M,N):(_1,ldC)`.
        // Two blocks a multiprocessor: ptxas keeps to 128 registers (it takes 129 to 162
        // otherwise, which leaves one block of 256 threads a multiprocessor).
        sgemm_1_tn: operands_tn, SmemTn, CopyThreadsTn, min_blocks 2;
    }
}
