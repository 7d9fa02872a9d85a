//! CuTe's `SM90_TMA_LOAD` for a rank-2 tile on the device, and the transaction barriers it
//! completes on (`mbarrier`, CUTLASS's `ClusterTransactionBarrier` and `ClusterBarrier`). The box
//! rule is cute-static's ([`cute_static::tma`], re-exported here); [`make_tma_tile!`](crate::make_tma_tile!)
//! checks a kernel's static shared tile by it while compiling, and the host adds the global
//! tensor ([`TmaTile::make_tma_box`]).
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

pub use cute_static::tma::{TmaBox, TmaError, TmaSwizzle, TmaTile, make_tma_tile};

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
            const OFFSETS: [i32; T0 * T1] = <$layout>::new().call_indices::<{ T0 * T1 }>();
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
