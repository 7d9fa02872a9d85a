//! A matrix transpose through a swizzled shared-memory tile: `B = A^T` for `A` `(M,N)` and `B`
//! `(N,M)`, both column-major. Each block moves one `(T,T)` tile: its threads, a `(_32,_8)`
//! layout, read the tile of `A` into registers (coalesced: consecutive threads, consecutive
//! rows), write it into shared memory as `Sw<5,0,log2 T> o (T,T):(T,_1)` (row-major, the row's
//! low bits XORed into the column, so a warp's 32 rows land in 32 banks), and after a barrier
//! read it transposed (the same swizzled memory as `(T,T):(_1,T)`, again conflict-free) into the
//! tile of `B`, coalesced. CuTe C++ twin: `gpu/twins/transpose.cu`, the same tiles, threads and
//! swizzle.
//!
//! | kernel | tile | swizzle | elements per thread |
//! |---|---|---|---|
//! | `transpose_32` | `(_32,_32)` | `Sw<5,0,5>` | 4 |
//! | `transpose_64` | `(_64,_64)` | `Sw<5,0,6>` | 16 |
//!
//! ```
//! use cute_kernels::transpose::{check, Tile};
//! let launch = check(Tile::T64, 8192, 4096).unwrap();
//! assert_eq!((launch.grid, launch.shared_bytes), ((128, 64, 1), 64 * 64 * 4));
//! ```

use crate::error::{LaunchError, divides};
use crate::sgemm_1::Launch;
use cute_static::{StaticLayout, Swizzle, layout_t};

/// The thread layout of both phases, `(32,8) -> thr_idx`, m-major.
pub type ThreadLayout = layout_t!((_32,_8):(_1,_32));
/// `transpose_32`'s shared tile: `(_32,_32)` row-major under `Sw<5,0,5>`.
pub type Smem32 = layout_t!((_32,_32):(_32,_1));
/// `transpose_64`'s shared tile: `(_64,_64)` row-major under `Sw<5,0,6>`.
pub type Smem64 = layout_t!((_64,_64):(_64,_1));
/// `transpose_32`'s swizzle.
pub type Swizzle32 = Swizzle<5, 0, 5>;
/// `transpose_64`'s swizzle.
pub type Swizzle64 = Swizzle<5, 0, 6>;

/// Which tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tile {
    /// `(_32,_32)`, `transpose_32`.
    T32,
    /// `(_64,_64)`, `transpose_64`.
    T64,
}

/// The launch of the transpose of an `M x N` matrix: `Err` unless the tile divides it.
///
/// ```
/// use cute_kernels::transpose::{check, Tile};
/// assert!(check(Tile::T32, 96, 64).is_ok());
/// assert!(check(Tile::T64, 96, 64).is_err());
/// ```
pub fn check(tile: Tile, m: i32, n: i32) -> Result<Launch, LaunchError> {
    let (t, cosize) = match tile {
        Tile::T32 => (32, Smem32::COSIZE),
        Tile::T64 => (64, Smem64::COSIZE),
    };
    divides("M", m, t)?;
    divides("N", n, t)?;
    Ok(Launch {
        grid: ((m / t) as u32, (n / t) as u32, 1),
        block: (ThreadLayout::SIZE as u32, 1, 1),
        shared_bytes: (cosize * 4) as u32,
    })
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::*;
    use cute_gpu::arch::{block_idx_x, block_idx_y, sync_threads, thread_idx_x};
    use cute_gpu::{GmemPtr, SharedMemory, copy};
    use cute_static::{Tensor, coord, layout, local_partition, local_tile, make_fragment, tile};

    /// One transpose kernel: its tile, shared layouts (A's `(i,j)` and B's `(j,i)` view of the
    /// same memory), swizzle and register fragment. The swizzle is the shared-memory pointer's
    /// (CuTe's `make_smem_ptr(p, Sw)`): the tensors `Sw o (T,T):(T,_1)` and `Sw o (T,T):(_1,T)`.
    macro_rules! transpose {
        ($(#[$doc:meta])* $name:ident, $tile:expr, $a_view:expr, $b_view:expr, [$b:literal, $m:literal, $s:literal], $frag:expr) => {
            $(#[$doc])*
            #[allow(unsafe_code)] // `no_mangle`: the kernel's name in the PTX
            #[unsafe(no_mangle)]
            pub extern "ptx-kernel" fn $name(a: GmemPtr<f32>, b: GmemPtr<f32>, m: i32, n: i32) {
                let (bx, by, tid) = (block_idx_x(), block_idx_y(), thread_idx_x());
                let ma = a.tensor(layout!((m, n):(_1, m)));
                let mb = b.tensor(layout!((n, m):(_1, n)));
                let ga = local_tile(ma, $tile, coord!((bx, by))); // (T,T) of A
                let gb = local_tile(mb, $tile, coord!((by, bx))); // (T,T) of B
                let mut smem = SharedMemory::new();
                let sa = smem.swizzled_tensor::<f32, $b, $m, $s, _>($a_view); // Sw o A's (i,j)
                let sb = Tensor::from_engine(*sa.engine(), $b_view); // Sw o B's (j,i)
                let mut frag = $frag;
                copy(&local_partition(ga, ThreadLayout::new(), tid), &mut frag);
                copy(&frag, &mut local_partition(sa, ThreadLayout::new(), tid));
                sync_threads();
                copy(&local_partition(sb, ThreadLayout::new(), tid), &mut frag);
                copy(&frag, &mut local_partition(gb, ThreadLayout::new(), tid));
            }
        };
    }

    transpose!(
        /// `transpose_32`: `(_32,_32)` tiles through `Sw<5,0,5> o (_32,_32):(_32,_1)`.
        transpose_32,
        tile!((_32, _32)),
        Smem32::new(),
        layout!((_32,_32):(_1,_32)),
        [5, 0, 5],
        make_fragment([0f32; 4], layout!((_1,_4):(_0,_1)))
    );

    transpose!(
        /// `transpose_64`: `(_64,_64)` tiles through `Sw<5,0,6> o (_64,_64):(_64,_1)`.
        transpose_64,
        tile!((_64, _64)),
        Smem64::new(),
        layout!((_64,_64):(_1,_64)),
        [5, 0, 6],
        make_fragment([0f32; 16], layout!((_2,_8):(_1,_2)))
    );
}
