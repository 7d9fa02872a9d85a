//! `tiled_copy.cu` of CuTe's tutorial: copy an `(M,N)` column-major matrix by `(_128,_64)`
//! blocks (`tiled_divide`), each thread of a `(_32,_8)` layout moving its part through
//! registers: `copy_kernel` one element at a time (`local_partition`), `copy_kernel_vectorized`
//! in 128-bit vectors of `(_4,_1)` floats.
//!
//! ```
//! use cute_kernels::tiled_copy::check;
//! let launch = check(256, 512).unwrap();
//! assert_eq!((launch.grid, launch.block), ((2, 8, 1), (256, 1, 1)));
//! assert!(check(256, 500).is_err()); // the tutorial's "must be divisible by the block shape"
//! ```

use crate::error::{LaunchError, divides};
use crate::sgemm_1::Launch;
use cute_static::{StaticLayout, layout_t, tile_t};

/// The block shape `(M, N)` (`tiled_divide`'s tiler).
pub type BlockShape = tile_t!((_128, _64));
/// The thread layout, `(32,8) -> thr_idx`, m-major.
pub type ThreadLayout = layout_t!((_32,_8):(_1,_32));
/// The value layout of the vectorized copy, `(4,1) -> val_idx`.
pub type ValueLayout = layout_t!((_4,_1):(_1,_0));

/// The launch of `copy_if_kernel` (`tiled_copy_if.cu`) for an `M x N` matrix of any positive
/// size: the blocks cover it, the predicate keeps the copy inside.
///
/// ```
/// let launch = cute_kernels::tiled_copy::check_if(528, 300).unwrap();
/// assert_eq!(launch.grid, (5, 5, 1));
/// ```
pub fn check_if(m: i32, n: i32) -> Result<Launch, LaunchError> {
    for (what, size) in [("M", m), ("N", n)] {
        if size <= 0 {
            return Err(LaunchError::NotPositive { what, size });
        }
    }
    Ok(Launch {
        grid: ((m as u32).div_ceil(128), (n as u32).div_ceil(64), 1),
        block: (ThreadLayout::SIZE as u32, 1, 1),
        shared_bytes: 0,
    })
}

/// The launch of either copy kernel for an `M x N` matrix: `Err` unless `(_128,_64)` divides
/// it.
///
/// ```
/// assert!(cute_kernels::tiled_copy::check(0, 64).is_err());
/// ```
pub fn check(m: i32, n: i32) -> Result<Launch, LaunchError> {
    divides("M", m, 128)?;
    divides("N", n, 64)?;
    Ok(Launch {
        grid: ((m / 128) as u32, (n / 64) as u32, 1),
        block: (ThreadLayout::SIZE as u32, 1, 1),
        shared_bytes: 0,
    })
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::*;
    use cute_gpu::arch::{block_idx_x, block_idx_y, thread_idx_x};
    use cute_gpu::{GmemPtr, copy, copy_if, copy_with, transform};

    /// This block's tiles of S and D: `tiled_divide` of the matrices (layout `whole`) by the
    /// block shape, sliced at `(blockIdx.x, blockIdx.y)` (the tutorial's
    /// `S(make_coord(_,_), blockIdx.x, blockIdx.y)`).
    macro_rules! block_tiles {
        ($s:expr, $d:expr, $whole:expr) => {{
            let (bx, by) = (block_idx_x(), block_idx_y());
            let whole = $whole;
            let tiled_s = $s.tensor(whole).tiled_divide(BlockShape::default());
            let tiled_d = $d.tensor(whole).tiled_divide(BlockShape::default());
            let at = coord!(((_, _), bx, by));
            (tiled_s.slice(at), tiled_d.slice(at))
        }};
    }
    use cute_static::{
        CopyAtom, Tensor, UniversalCopy, coord, elem_less, int_tuple, layout, local_partition,
        local_tile, make_fragment, make_fragment_like, make_identity_tensor, make_tiled_copy,
    };

    /// `tiled_copy.cu`'s `copy_kernel`: each thread copies its `(4,8)` elements of the block
    /// through a register fragment, one element at a time.
    #[allow(unsafe_code)] // `no_mangle`: the kernel's name in the PTX
    #[unsafe(no_mangle)]
    pub extern "ptx-kernel" fn copy_kernel(s: GmemPtr<f32>, d: GmemPtr<f32>, m: i32, n: i32) {
        let whole = layout!((m, n):(_1, m)); // (M,N), column-major
        let (tile_s, tile_d) = block_tiles!(s, d, whole); // (BlockShape_M, BlockShape_N)
        let tid = thread_idx_x();
        let thr_tile_s = local_partition(tile_s, ThreadLayout::new(), tid); // (ThrValM, ThrValN)
        let mut thr_tile_d = local_partition(tile_d, ThreadLayout::new(), tid);
        let mut fragment = make_fragment([0f32; 32], layout!((_4,_8):(_1,_4)));
        copy(&thr_tile_s, &mut fragment);
        copy(&fragment, &mut thr_tile_d);
    }

    /// `tiled_copy_if.cu`'s `copy_if_kernel`: any `M x N`, the `(_128,_64)` blocks covering it,
    /// each thread's elements guarded by `elem_less` of their coordinates (an identity tensor
    /// tiled and partitioned as the data) against the shape.
    #[allow(unsafe_code)] // `no_mangle`: the kernel's name in the PTX
    #[unsafe(no_mangle)]
    pub extern "ptx-kernel" fn copy_if_kernel(s: GmemPtr<f32>, d: GmemPtr<f32>, m: i32, n: i32) {
        let (bx, by, tid) = (block_idx_x(), block_idx_y(), thread_idx_x());
        let shape = int_tuple!((m, n));
        let c = make_identity_tensor(shape); // (m,n) -> (m,n)
        let tile_s = local_tile(
            s.tensor(layout!((m, n):(_1, m))),
            BlockShape::default(),
            coord!((bx, by)),
        );
        let tile_d = local_tile(
            d.tensor(layout!((m, n):(_1, m))),
            BlockShape::default(),
            coord!((bx, by)),
        );
        let tile_c = local_tile(c, BlockShape::default(), coord!((bx, by)));
        let thr_s = local_partition(tile_s, ThreadLayout::new(), tid);
        let mut thr_d = local_partition(tile_d, ThreadLayout::new(), tid);
        let thr_p = transform(local_partition(tile_c, ThreadLayout::new(), tid), |c| {
            elem_less(c, (m, n))
        });
        copy_if(&thr_p, &thr_s, &mut thr_d);
    }

    /// `tiled_copy.cu`'s `copy_kernel_vectorized`: a TiledCopy of
    /// `Copy_Atom<UniversalCopy<uint128_t>, float>` over the `(32,8)` threads with `(4,1)`
    /// values each: every thread moves its `(4,1)` vectors with one 128-bit load and store.
    #[allow(unsafe_code)] // `no_mangle`: the kernel's name in the PTX
    #[unsafe(no_mangle)]
    pub extern "ptx-kernel" fn copy_kernel_vectorized(
        s: GmemPtr<f32>,
        d: GmemPtr<f32>,
        m: i32,
        n: i32,
    ) {
        let whole = layout!((m, n):(_1, m)); // (M,N), column-major
        let (tile_s, tile_d) = block_tiles!(s, d, whole); // (BlockShape_M, BlockShape_N)
        let tid = thread_idx_x();
        let tiled_copy = make_tiled_copy(
            CopyAtom::<UniversalCopy<u128>, f32>::new(),
            ThreadLayout::new(),
            ValueLayout::new(),
        );
        let thr_copy = tiled_copy.get_thread_slice(tid);
        let thr_tile_s = thr_copy.partition_S(tile_s); // (CopyOp, CopyM, CopyN)
        let mut thr_tile_d = thr_copy.partition_D(tile_d); // (CopyOp, CopyM, CopyN)
        let mut fragment: Tensor<[f32; 32], _> = make_fragment_like(&thr_tile_d);
        copy_with(tiled_copy, &thr_tile_s, &mut fragment);
        copy_with(tiled_copy, &fragment, &mut thr_tile_d);
    }
}
