//! A matrix transpose through a swizzled shared-memory tile: `B = A^T` for `A` `(M,N)` and `B`
//! `(N,M)`, both column-major. Each block moves one `(_64,_64)` tile: its threads, a `(_32,_8)`
//! layout, read the tile of `A` into registers (16 elements each; consecutive threads read
//! consecutive rows: coalesced), write it into shared memory as `Sw<5,0,6> o (_64,_64):(_64,_1)`
//! (row-major, the row's low five bits XORed into the column, so a warp's 32 rows land in 32
//! banks), and after a barrier read it transposed (the same memory as
//! `Sw<5,0,6> o (_64,_64):(_1,_64)`, again 32 banks) into the tile of `B`, coalesced. The CuTe
//! C++ twin, `gpu/twins/twin_transpose.cu`, has the same tile, threads, swizzle and fragment.
//!
//! ```
//! use cute_kernels::transpose::check;
//! let launch = check(8192, 4096).unwrap();
//! assert_eq!((launch.grid, launch.shared_bytes), ((128, 64, 1), 64 * 64 * 4));
//! ```

use crate::error::{LaunchError, divides};
use crate::sgemm_1::Launch;
use cute_static::{StaticLayout, Swizzle, layout_t, tile_t};

/// The tile each block transposes.
pub type Tile = tile_t!((_64, _64));
/// The thread layout of both phases, `(32,8) -> thr_idx`, m-major.
pub type ThreadLayout = layout_t!((_32,_8):(_1,_32));
/// The shared tile as `A`'s `(i,j)` see it: row-major, under the swizzle `Sw<5,0,6>`.
pub type SmemA = layout_t!((_64,_64):(_64,_1));
/// The same shared memory as `B`'s `(j,i)` see it.
pub type SmemB = layout_t!((_64,_64):(_1,_64));
/// Each thread's elements of a tile, in registers.
pub type Fragment = layout_t!((_2,_8):(_1,_2));
/// The swizzle of the shared tile, `Sw<5,0,6>` (the kernel's `swizzled_tensor::<f32, 5, 0, 6, _>`).
pub type SmemSwizzle = Swizzle<5, 0, 6>;

/// The launch of the transpose of an `M x N` matrix: `Err` unless the tile divides it.
///
/// ```
/// use cute_kernels::transpose::check;
/// assert!(check(128, 64).is_ok());
/// assert!(check(96, 64).is_err());
/// ```
pub fn check(m: i32, n: i32) -> Result<Launch, LaunchError> {
    divides("M", m, 64)?;
    divides("N", n, 64)?;
    Ok(Launch {
        grid: ((m / 64) as u32, (n / 64) as u32, 1),
        block: (ThreadLayout::SIZE as u32, 1, 1),
        shared_bytes: (SmemA::COSIZE * 4) as u32,
    })
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::*;
    use cute_gpu::arch::{block_idx_x, block_idx_y, sync_threads, thread_idx_x};
    use cute_gpu::{GmemPtr, SharedMemory, copy};
    use cute_static::{Tensor, coord, layout, local_partition, local_tile, make_fragment};

    /// `transpose`: `B = A^T` by `(_64,_64)` tiles through `Sw<5,0,6> o (_64,_64):(_64,_1)`.
    #[allow(unsafe_code)] // `no_mangle`: the kernel's name in the PTX
    #[unsafe(no_mangle)]
    pub extern "ptx-kernel" fn transpose(a: GmemPtr<f32>, b: GmemPtr<f32>, m: i32, n: i32) {
        let (bx, by, tid) = (block_idx_x(), block_idx_y(), thread_idx_x());
        let ma = a.tensor(layout!((m, n):(_1, m)));
        let mb = b.tensor(layout!((n, m):(_1, n)));
        let ga = local_tile(ma, Tile::default(), coord!((bx, by))); // (64,64) of A
        let gb = local_tile(mb, Tile::default(), coord!((by, bx))); // (64,64) of B
        let mut smem = SharedMemory::new();
        // The swizzle is the shared-memory pointer's (CuTe's make_smem_ptr(p, Sw<5,0,6>{})).
        let sa = smem.swizzled_tensor::<f32, 5, 0, 6, _>(SmemA::new()); // Sw o A's (i,j)
        let sb = Tensor::from_engine(*sa.engine(), SmemB::new()); // Sw o B's (j,i)
        let mut frag = make_fragment([0f32; 16], Fragment::new());
        copy(&local_partition(ga, ThreadLayout::new(), tid), &mut frag);
        copy(&frag, &mut local_partition(sa, ThreadLayout::new(), tid));
        sync_threads();
        copy(&local_partition(sb, ThreadLayout::new(), tid), &mut frag);
        copy(&frag, &mut local_partition(gb, ThreadLayout::new(), tid));
    }
}
