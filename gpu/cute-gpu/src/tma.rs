//! CuTe's `SM90_TMA_LOAD` for a rank-2 tile (`make_tma_atom`, `cute/atom/copy_traits_sm90_tma.hpp`)
//! and the transaction barriers it completes on (`mbarrier`, CUTLASS's
//! `ClusterTransactionBarrier` and `ClusterBarrier`).
//!
//! The rule a tile must follow to be one TMA box (ours, for rank 2; CuTe's `make_tma_atom`
//! derives the same box by inverting the shared layout over the global one):
//!
//! * the global tensor's mode of stride 1 is TMA's dimension 0; the other mode's stride, in
//!   bytes, is a multiple of 16 (and under 2^40); the global address is 16-byte aligned;
//! * the shared tile holds the box in TMA's order, dimension 0 contiguous: tile element
//!   `(i0, i1)` (dimension 0, dimension 1) at `i0 + box0 * i1`, its swizzle `Sw<B,4,3>` on byte
//!   addresses (TMA's none, 32-, 64-, 128-byte swizzle for `B` = 0..3) applied on top;
//! * each box dimension is at most 256 elements, and dimension 0 is a multiple of 16 bytes and,
//!   swizzled, at most the swizzle's span (32, 64 or 128 bytes).
//!
//! The shared tile's rules are checked while compiling ([`make_tma_tile!`](crate::make_tma_tile!), a compile error
//! naming the rule), the global tensor's on the host before any launch
//! ([`TmaTile::make_tma_box`], a [`TmaError`] with the values).
//!
//! ```
//! use cute_gpu::tma::TmaSwizzle;
//! use cute_static::layout_t;
//! // A (M,K) = (4096,4096):(4096,1) half_t, the (128,64) tile of
//! // tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (128,64)): K (tile mode 1) is dimension 0.
//! const TILE: cute_gpu::tma::TmaTile =
//!     cute_gpu::make_tma_tile!(u16, swizzle 3, layout_t!((_128,_64):(_64,_1)), mode0 1, tile (128, 64));
//! let b = TILE.make_tma_box([4096, 4096], [4096, 1]).unwrap();
//! assert_eq!((b.dims, b.strides_bytes, b.box_dims), ([4096, 4096], [2, 8192], [64, 128]));
//! assert_eq!((b.swizzle, b.box_bytes), (TmaSwizzle::B128, 16384));
//! ```

use core::fmt;

/// TMA's swizzle of the shared box (`CUtensorMapSwizzle`), from `Sw<B,4,3>` on bytes.
///
/// ```
/// assert_eq!(cute_gpu::tma::TmaSwizzle::B128 as u32, 3); // CU_TENSOR_MAP_SWIZZLE_128B
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TmaSwizzle {
    /// No swizzle.
    None = 0,
    /// 32-byte span (`Sw<1,4,3>`).
    B32 = 1,
    /// 64-byte span (`Sw<2,4,3>`).
    B64 = 2,
    /// 128-byte span (`Sw<3,4,3>`).
    B128 = 3,
}

/// What the host passes to `cuTensorMapEncodeTiled` for a rank-2 tile: the global tensor in
/// TMA's dimension order (dimension 0 contiguous) and the box.
///
/// ```
/// use cute_static::layout_t;
/// const TILE: cute_gpu::tma::TmaTile =
///     cute_gpu::make_tma_tile!(f32, swizzle 0, layout_t!((_64,_32):(_1,_64)), mode0 0, tile (64, 32));
/// let b = TILE.make_tma_box([256, 128], [1, 256]).unwrap();
/// assert_eq!(b.box_dims, [64, 32]); // M contiguous: dimension 0 is M
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmaBox {
    /// `globalDim`: the tensor's extents, dimension 0 first.
    pub dims: [u64; 2],
    /// The strides in bytes, dimension 0 first (dimension 0's is the element's size;
    /// `globalStrides` takes dimension 1's).
    pub strides_bytes: [u64; 2],
    /// `boxDim`: the box, dimension 0 first.
    pub box_dims: [u32; 2],
    /// The box's swizzle.
    pub swizzle: TmaSwizzle,
    /// The bytes one load moves (`tma_transaction_bytes`).
    pub box_bytes: u32,
    /// Which mode of the tile is TMA's dimension 0.
    pub mode0: usize,
}

/// Why a tile is not one TMA box, with the values found.
///
/// ```
/// let offsets: Vec<i32> = (0..128 * 512).map(|e| 512 * (e % 128) + e / 128).collect();
/// let e = cute_gpu::tma::make_tma_tile(16, 1, [128, 512], &offsets, 0).unwrap_err();
/// assert_eq!(e.to_string(), "TMA: a box dimension is at most 256 elements (dimension 0 = 512)");
/// assert_eq!(e.message(), "TMA: a box dimension is at most 256 elements");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TmaError {
    /// No mode of the global tensor has stride 1.
    NotContiguous {
        /// The global strides (elements).
        strides: [i64; 2],
    },
    /// The other mode's stride in bytes is not a multiple of 16 (or too large).
    Stride {
        /// The stride in bytes.
        bytes: i64,
    },
    /// A box dimension over 256 elements.
    BoxTooLarge {
        /// The dimension.
        dim: usize,
        /// Its size.
        size: i32,
    },
    /// Dimension 0 of the box is not a multiple of 16 bytes, or exceeds the swizzle's span.
    BoxRow {
        /// The box's dimension-0 bytes.
        bytes: i32,
        /// The swizzle's span in bytes (0: none).
        span: i32,
    },
    /// The shared tile is not the box in TMA's order: element `(i0, i1)` lies at `found`, the
    /// box puts it at `expected`.
    SmemOrder {
        /// Dimension-0 coordinate.
        i0: i32,
        /// Dimension-1 coordinate.
        i1: i32,
        /// The tile's offset.
        found: i32,
        /// The box's offset.
        expected: i32,
    },
    /// The swizzle is not `Sw<0..=3,4,3>` on bytes.
    Swizzle {
        /// Its `B`.
        b: i32,
    },
}

impl fmt::Display for TmaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TmaError::NotContiguous { strides } => write!(
                f,
                "TMA: the global tensor needs a mode of stride 1 (strides {strides:?})"
            ),
            TmaError::Stride { bytes } => write!(
                f,
                "TMA: a global stride is a multiple of 16 bytes under 2^40 ({bytes} bytes)"
            ),
            TmaError::BoxTooLarge { dim, size } => write!(
                f,
                "TMA: a box dimension is at most 256 elements (dimension {dim} = {size})"
            ),
            TmaError::BoxRow { bytes, span } => write!(
                f,
                "TMA: the box's contiguous dimension is a multiple of 16 bytes, at most the swizzle's span ({bytes} bytes, span {span})"
            ),
            TmaError::SmemOrder {
                i0,
                i1,
                found,
                expected,
            } => write!(
                f,
                "TMA: the shared tile is not the box in TMA's order (element ({i0},{i1}) at {found}, the box's at {expected})"
            ),
            TmaError::Swizzle { b } => write!(
                f,
                "TMA: the swizzles are Sw<0..=3,4,3> on byte addresses (B = {b})"
            ),
        }
    }
}

impl TmaError {
    /// The rule broken, without the values: the text of the compile error
    /// [`make_tma_tile!`](crate::make_tma_tile!) gives (a `const` panic takes no formatted values).
    pub const fn message(&self) -> &'static str {
        match self {
            TmaError::NotContiguous { .. } => {
                "TMA: the global tensor's mode of stride 1 is the box's dimension 0"
            }
            TmaError::Stride { .. } => "TMA: a global stride is a multiple of 16 bytes under 2^40",
            TmaError::BoxTooLarge { .. } => "TMA: a box dimension is at most 256 elements",
            TmaError::BoxRow { .. } => {
                "TMA: a box's dimension 0 is a multiple of 16 bytes and at most the swizzle's span"
            }
            TmaError::SmemOrder { .. } => "TMA: the shared tile is not the box in TMA's order",
            TmaError::Swizzle { .. } => "TMA: the swizzles are Sw<0..=3,4,3> on byte addresses",
        }
    }
}

/// The shared side of a TMA box: what a static shared tile decides, by the module's rule
/// ([`make_tma_tile`], [`make_tma_tile!`](crate::make_tma_tile!)); [`TmaTile::make_tma_box`] adds the global tensor.
///
/// ```
/// use cute_static::layout_t;
/// const T: cute_gpu::tma::TmaTile =
///     cute_gpu::make_tma_tile!(u16, swizzle 3, layout_t!((_64,_64):(_64,_1)), mode0 1, tile (64, 64));
/// assert_eq!((T.box_dims, T.box_bytes), ([64, 64], 8192));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmaTile {
    /// Which mode of the tile is TMA's dimension 0 (the global tensor's mode of stride 1).
    pub mode0: usize,
    /// `boxDim`: the box, dimension 0 first.
    pub box_dims: [u32; 2],
    /// The box's swizzle.
    pub swizzle: TmaSwizzle,
    /// The bytes one load moves (`tma_transaction_bytes`).
    pub box_bytes: u32,
    /// The element's bits.
    pub bits: u32,
}

/// The shared tile's rule, while compiling where it can: a tile of shape `tile` (elements of
/// `bits` bits) whose mode `mode0` is TMA's dimension 0, element `(i, j)` at shared offset
/// `offsets[i + tile[0] * j]` before the swizzle `Sw<swizzle_b,4,3>` on bytes, is one box:
/// each dimension at most 256 elements, dimension 0 a multiple of 16 bytes and at most the
/// swizzle's span, and the tile the box in TMA's order (dimension 0 contiguous).
///
/// ```
/// use cute_gpu::tma::make_tma_tile;
/// // A row-major (64,64) tile under a k-major box is one; a padded one (rows of 72) is not.
/// let rows = |ld: i32| (0..64 * 64).map(move |e| ld * (e % 64) + e / 64).collect::<Vec<_>>();
/// assert!(make_tma_tile(16, 1, [64, 64], &rows(64), 3).is_ok());
/// assert!(make_tma_tile(16, 1, [64, 64], &rows(72), 0).is_err());
/// ```
pub const fn make_tma_tile(
    bits: u32,
    mode0: usize,
    tile: [i32; 2],
    offsets: &[i32],
    swizzle_b: i32,
) -> Result<TmaTile, TmaError> {
    let swizzle = match swizzle_b {
        0 => TmaSwizzle::None,
        1 => TmaSwizzle::B32,
        2 => TmaSwizzle::B64,
        3 => TmaSwizzle::B128,
        b => return Err(TmaError::Swizzle { b }),
    };
    let box_dims = if mode0 == 0 { tile } else { [tile[1], tile[0]] };
    let mut dim = 0;
    while dim < 2 {
        if box_dims[dim] < 1 || box_dims[dim] > 256 {
            return Err(TmaError::BoxTooLarge {
                dim,
                size: box_dims[dim],
            });
        }
        dim += 1;
    }
    let row = box_dims[0] * bits as i32 / 8;
    let span = if swizzle_b == 0 { 0 } else { 16 << swizzle_b };
    if row % 16 != 0 || (span > 0 && row > span) {
        return Err(TmaError::BoxRow { bytes: row, span });
    }
    if offsets.len() != (tile[0] * tile[1]) as usize {
        return Err(TmaError::SmemOrder {
            i0: 0,
            i1: 0,
            found: offsets.len() as i32,
            expected: tile[0] * tile[1],
        });
    }
    let mut i1 = 0;
    while i1 < box_dims[1] {
        let mut i0 = 0;
        while i0 < box_dims[0] {
            let (i, j) = if mode0 == 0 { (i0, i1) } else { (i1, i0) };
            let found = offsets[(i + tile[0] * j) as usize] - offsets[0];
            let expected = i0 + box_dims[0] * i1;
            if found != expected {
                return Err(TmaError::SmemOrder {
                    i0,
                    i1,
                    found,
                    expected,
                });
            }
            i0 += 1;
        }
        i1 += 1;
    }
    Ok(TmaTile {
        mode0,
        box_dims: [box_dims[0] as u32, box_dims[1] as u32],
        swizzle,
        box_bytes: (box_dims[0] * box_dims[1]) as u32 * bits / 8,
        bits,
    })
}

impl TmaTile {
    /// CuTe's `make_tma_atom` for this tile over the global tensor of `shape` and `stride`
    /// (elements, in the tile's modes): the global side of the rule, its mode `mode0` of
    /// stride 1 and the other's stride a multiple of 16 bytes under 2^40.
    ///
    /// ```
    /// use cute_static::layout_t;
    /// const T: cute_gpu::tma::TmaTile =
    ///     cute_gpu::make_tma_tile!(u16, swizzle 3, layout_t!((_64,_64):(_64,_1)), mode0 1, tile (64, 64));
    /// assert!(T.make_tma_box([256, 256], [256, 1]).is_ok());
    /// assert!(T.make_tma_box([256, 256], [1, 256]).is_err()); // m-major: K is not contiguous
    /// assert!(T.make_tma_box([256, 250], [250, 1]).is_err()); // 500-byte rows
    /// ```
    pub fn make_tma_box(&self, shape: [i32; 2], stride: [i64; 2]) -> Result<TmaBox, TmaError> {
        let (mode0, mode1) = (self.mode0, 1 - self.mode0);
        if stride[mode0] != 1 {
            return Err(TmaError::NotContiguous { strides: stride });
        }
        let stride1 = stride[mode1] * i64::from(self.bits) / 8;
        if stride1 <= 0 || stride1 % 16 != 0 || stride1 >= 1 << 40 {
            return Err(TmaError::Stride { bytes: stride1 });
        }
        Ok(TmaBox {
            dims: [shape[mode0] as u64, shape[mode1] as u64],
            strides_bytes: [u64::from(self.bits / 8), stride1 as u64],
            box_dims: self.box_dims,
            swizzle: self.swizzle,
            box_bytes: self.box_bytes,
            mode0,
        })
    }
}

/// CuTe's `make_tma_atom` for a static shared tile, its shared side at compile time: the
/// [`TmaTile`] of the `(tile0, tile1)` tile at the origin of `$layout` (elements `$T`, element
/// `(i, j)` at `call_index(i + tile0 * j)`) whose mode `$mode0` is TMA's dimension 0, swizzled
/// by `Sw<$b,4,3>` on bytes. A tile that is not one TMA box is a compile error naming the rule.
///
/// ```compile_fail
/// use cute_static::layout_t;
/// // 512 halves along K: a box dimension is at most 256 elements.
/// const T: cute_gpu::tma::TmaTile =
///     cute_gpu::make_tma_tile!(u16, swizzle 0, layout_t!((_64,_512):(_512,_1)), mode0 1, tile (64, 512));
/// ```
#[macro_export]
macro_rules! make_tma_tile {
    ($T:ty, swizzle $b:literal, $layout:ty, mode0 $mode0:literal, tile ($t0:expr, $t1:expr)) => {
        const {
            const T0: usize = $t0;
            const T1: usize = $t1;
            const OFFSETS: [i32; T0 * T1] = {
                let layout = <$layout>::new();
                let mut e = [0; T0 * T1];
                let mut i = 0;
                while i < T0 * T1 {
                    e[i] = layout.call_index(i as i32);
                    i += 1;
                }
                e
            };
            match $crate::tma::make_tma_tile(
                <$T as $crate::Elem>::BITS,
                $mode0,
                [T0 as i32, T1 as i32],
                &OFFSETS,
                $b,
            ) {
                Ok(t) => t,
                Err(e) => panic!("{}", e.message()), // a compile error: this is a `const` block
            }
        }
    };
}

/// A TMA tensor map as a kernel parameter: the global address of the 128-byte `CUtensorMap`
/// the host encoded (64-byte aligned) and the bytes its box moves. The host side
/// (`cute-gpu-host`) makes it from a [`TmaBox`] and passes it by value (`#[repr(C)]`: the
/// address, the bytes, 4 bytes of padding).
///
/// ```
/// assert_eq!(core::mem::size_of::<cute_gpu::tma::TmaMap>(), 16);
/// ```
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TmaMap {
    addr: u64,
    box_bytes: u32,
    pad: u32,
}

impl TmaMap {
    /// The bytes one load of the map's box moves (`tma_transaction_bytes`).
    ///
    /// ```ignore
    /// bars.arrive_and_expect_tx(pipe, tma_a.box_bytes() + tma_b.box_bytes());
    /// ```
    #[inline(always)]
    pub fn box_bytes(&self) -> u32 {
        self.box_bytes
    }
}

#[cfg(target_arch = "nvptx64")]
pub use device::*;

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::TmaMap;
    use crate::arch::trap;
    use crate::elem::Elem;
    use crate::memory::{Memory, SharedMemory, SwizzledSmem};
    use core::arch::asm;
    use cute_static::{IntTuple, Tensor, TensorLayout};

    /// `N` transaction barriers in shared memory (`mbarrier`, 8 bytes each): CUTLASS's
    /// `ClusterTransactionBarrier` (a TMA load completes its phase) and `ClusterBarrier` (the
    /// threads' arrivals complete it). Made by [`SharedMemory::mbarriers`].
    #[derive(Clone, Copy)]
    pub struct Mbarriers<const N: usize> {
        addr: u32,
    }

    impl SharedMemory {
        /// The next `8 * N` bytes as `N` barriers (not yet initialized: [`Mbarriers::init`]).
        ///
        /// ```ignore
        /// let bars = smem.mbarriers::<3>();
        /// ```
        #[inline(always)]
        pub fn mbarriers<const N: usize>(&mut self) -> Mbarriers<N> {
            Mbarriers {
                addr: self.carve::<u64>(N as u32, 128),
            }
        }
    }

    impl<const N: usize> Mbarriers<N> {
        /// The `.shared` address of barrier `i` (traps past `N`).
        #[inline(always)]
        fn at(&self, i: i32) -> u32 {
            if !(0..N as i32).contains(&i) {
                trap()
            }
            self.addr + 8 * i as u32
        }

        /// `mbarrier.init`: barrier `i` expects `count` arrivals a phase. One thread initializes;
        /// [`fence_barrier_init`] and a block barrier publish it.
        #[inline(always)]
        pub fn init(&self, i: i32, count: u32) {
            let a = self.at(i);
            // SAFETY: `a` is 8 aligned bytes of the block's shared memory (carved above).
            unsafe {
                asm!("mbarrier.init.shared::cta.b64 [{a}], {c};", a = in(reg32) a, c = in(reg32) count, options(nostack, preserves_flags))
            }
        }

        /// `mbarrier.arrive`: this thread's arrival on barrier `i`.
        #[inline(always)]
        pub fn arrive(&self, i: i32) {
            let a = self.at(i);
            // SAFETY: as for `init`.
            unsafe {
                asm!("mbarrier.arrive.shared::cta.b64 _, [{a}];", a = in(reg32) a, options(nostack, preserves_flags))
            }
        }

        /// `mbarrier.arrive.expect_tx`: this thread's arrival on barrier `i`, and `bytes` more
        /// bytes of transactions (TMA loads) its phase waits for.
        #[inline(always)]
        pub fn arrive_and_expect_tx(&self, i: i32, bytes: u32) {
            let a = self.at(i);
            // SAFETY: as for `init`.
            unsafe {
                asm!("mbarrier.arrive.expect_tx.shared::cta.b64 _, [{a}], {n};", a = in(reg32) a, n = in(reg32) bytes, options(nostack, preserves_flags))
            }
        }

        /// Waits until the phase of parity `phase` of barrier `i` has completed
        /// (`mbarrier.try_wait.parity` in a loop).
        #[inline(always)]
        pub fn wait(&self, i: i32, phase: u32) {
            let a = self.at(i);
            loop {
                let done: u32;
                // SAFETY: as for `init`; the wait reads the barrier only.
                unsafe {
                    asm!(
                        "{{",
                        ".reg .pred p;",
                        "mbarrier.try_wait.parity.shared::cta.b64 p, [{a}], {ph};",
                        "selp.u32 {d}, 1, 0, p;",
                        "}}",
                        a = in(reg32) a,
                        ph = in(reg32) phase,
                        d = out(reg32) done,
                        options(nostack, preserves_flags)
                    )
                }
                if done != 0 {
                    return;
                }
            }
        }

        /// The `.shared` address of barrier `i`, for the instructions that complete on it.
        #[inline(always)]
        pub(crate) fn address(&self, i: i32) -> u32 {
            self.at(i)
        }
    }

    /// CUTLASS's `fence_barrier_init()`: `fence.mbarrier_init.release.cluster`, ordering this
    /// thread's `mbarrier.init` before other threads' (and TMA's) use after a barrier.
    #[inline(always)]
    pub fn fence_barrier_init() {
        // SAFETY: a fence; no memory is touched.
        unsafe {
            asm!(
                "fence.mbarrier_init.release.cluster;",
                options(nostack, preserves_flags)
            )
        }
    }

    /// CuTe's `copy(tma.with(bar), tAgA(_,k), tAsA(_,pipe))` for `SM90_TMA_LOAD` of a rank-2
    /// box: `cp.async.bulk.tensor.2d` of the box at the coordinates `(c0, c1)` (TMA's dimension
    /// order; outside the tensor it reads zeros) into the swizzled shared tile `dst`, completing
    /// `map`'s bytes on barrier `i` of `bars`. Traps unless `dst` spans exactly the box's bytes
    /// in its memory, aligned to its swizzle block (at least 128 bytes, at most 1024: where
    /// the swizzle of an offset is the swizzle of the address TMA writes by).
    #[inline(always)]
    pub fn tma_load_2d<T: Elem, const B: i32, const M: i32, const S: i32, L, O, const N: usize>(
        map: TmaMap,
        (c0, c1): (i32, i32),
        dst: &Tensor<SwizzledSmem<T, B, M, S>, L, O>,
        bars: &Mbarriers<N>,
        i: i32,
    ) where
        L: TensorLayout,
        O: IntTuple,
    {
        let bytes = dst.layout().size() as u64 * u64::from(T::BITS / 8);
        let Some(start) = dst.engine().shared_address::<1>(dst.offset(), 0) else {
            trap()
        };
        if bytes != u64::from(map.box_bytes)
            || crate::memory::outside(dst)
            || start % (SwizzledSmem::<T, B, M, S>::BLOCK * (T::BITS / 8)).clamp(128, 1024) != 0
            || dst.layout().offset_range() != Some((0, dst.layout().size() as i64 - 1))
        {
            trap()
        }
        let bar = bars.address(i);
        // SAFETY: the destination is `box_bytes` bytes of the block's shared memory (checked
        // above: in the tile's memory, compact, 128-byte aligned); the map is the host's
        // encoded tensor map for this box (`TmaMap`'s contract); the barrier is carved shared
        // memory. The load writes the destination asynchronously: the caller reads it after
        // the barrier's phase completes.
        unsafe {
            asm!(
                "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [{d}], [{m}, {{{c0}, {c1}}}], [{b}];",
                d = in(reg32) start,
                m = in(reg64) map.addr,
                c0 = in(reg32) c0,
                c1 = in(reg32) c1,
                b = in(reg32) bar,
                options(nostack, preserves_flags)
            )
        }
    }
}
