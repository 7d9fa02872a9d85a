//! Device memory as tensor engines: global memory behind a kernel parameter ([`GmemPtr`],
//! CuTe's `make_gmem_ptr`), shared memory carved from the block's dynamic shared memory
//! ([`SharedMemory`], CuTe's `make_smem_ptr` over `__shared__` storage), and the words a copy
//! moves through them (`ld.global`, `st.global`, `ld.shared`, `st.shared` of 8 to 128 bits).

use crate::elem::Elem;
use core::marker::PhantomData;

/// CuTe's `make_gmem_ptr(p)` as a kernel parameter: the address of `len` elements of `T` in
/// global memory. The host side (`cute-gpu-host`) makes it from a device allocation of at
/// least `len` elements and passes it by value (16 bytes: the address, then `len`, as
/// `#[repr(C)]` lays them out); the kernel makes tensors of it with `GmemPtr::tensor`, which
/// checks that they fit in those `len` elements.
///
/// ```
/// assert_eq!(core::mem::size_of::<cute_gpu::GmemPtr<f32>>(), 16);
/// assert_eq!(core::mem::align_of::<cute_gpu::GmemPtr<f32>>(), 8);
/// ```
#[repr(C)]
pub struct GmemPtr<T> {
    addr: u64,
    len: u64,
    elem: PhantomData<*mut T>,
}

/// `Clone` and `Copy` for a pointer-like type whatever `T` is (a derive would ask `T: Copy`).
macro_rules! copy_for_any_t {
    ($($ty:ident),*) => {$(
        impl<T> Clone for $ty<T> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<T> Copy for $ty<T> {}
    )*};
}
#[cfg(target_arch = "nvptx64")]
pub(crate) use copy_for_any_t;

copy_for_any_t!(GmemPtr);

impl<T: Elem> GmemPtr<T> {
    /// The number of elements behind the pointer.
    ///
    /// ```ignore
    /// // In a kernel: the host passed a GmemPtr to M*N floats.
    /// assert!(a.len() >= (m * n) as u64);
    /// ```
    #[inline(always)]
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether there are no elements behind the pointer.
    ///
    /// ```ignore
    /// if a.is_empty() { return; }
    /// ```
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[cfg(target_arch = "nvptx64")]
pub use device::*;

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::GmemPtr;
    use crate::arch::trap;
    use crate::elem::Elem;
    use core::arch::asm;
    use core::marker::PhantomData;
    use cute_static::{Swizzle, Tensor, TensorLayout};

    impl<T: Elem> GmemPtr<T> {
        /// CuTe's `make_tensor(make_gmem_ptr(p), layout)`: the tensor of the elements behind
        /// the pointer at `layout`'s offsets (`i32`, so at most the first `2^31` elements).
        /// Nothing is checked here: every copy checks that the
        /// part of the tensor it reads or writes (a tile, a thread's partition) lies in the
        /// pointer's `len` elements, and the host checked the whole tensor before the launch.
        ///
        /// ```ignore
        /// let ma = a.tensor(layout!((m, k):(_1, lda)));      // (M,K), m-major
        /// ```
        #[inline(always)]
        pub fn tensor<L: TensorLayout>(self, layout: L) -> Tensor<Gmem<T>, L> {
            Tensor::from_engine(
                Gmem {
                    addr: self.addr,
                    // Offsets are `i32`: the elements past `i32::MAX` are out of reach.
                    len: self.len.min(1 << 31),
                    elem: PhantomData,
                },
                layout,
            )
        }

        /// The device address of element 0 (the host checked the pointer's `len` elements).
        #[inline(always)]
        pub(crate) fn addr(&self) -> u64 {
            self.addr
        }
    }

    /// The engine of a global-memory tensor (made by [`GmemPtr::tensor`]).
    pub struct Gmem<T> {
        addr: u64,
        len: u64,
        elem: PhantomData<*mut T>,
    }

    /// The engine of a shared-memory tensor (made by [`SharedMemory::tensor`]): an address in
    /// the block's shared-memory window.
    pub struct Smem<T> {
        addr: u32,
        len: u32,
        elem: PhantomData<*mut T>,
    }

    super::copy_for_any_t!(Gmem, Smem);

    /// The engine of a swizzled shared-memory tensor (made by
    /// [`SharedMemory::swizzled_tensor`]): CuTe's swizzled shared-memory pointer
    /// (`make_smem_ptr(p, Swizzle<B,M,S>)`), element `i` stored at `Sw(i)`. A tensor over it with
    /// the plain layout `L` is the tensor CuTe writes `Sw o L` (`composition(Sw, L)`), with the
    /// swizzle applied where the element is read or written; its partitions are the plain
    /// layout's, so they are checked like any tensor's.
    pub struct SwizzledSmem<T, const B: i32, const M: i32, const S: i32> {
        addr: u32,
        len: u32,
        elem: PhantomData<*mut T>,
    }

    impl<T, const B: i32, const M: i32, const S: i32> Clone for SwizzledSmem<T, B, M, S> {
        fn clone(&self) -> Self {
            *self
        }
    }
    impl<T, const B: i32, const M: i32, const S: i32> Copy for SwizzledSmem<T, B, M, S> {}

    impl<T, const B: i32, const M: i32, const S: i32> SwizzledSmem<T, B, M, S> {
        /// The swizzle's period: it reads and changes only the bits of its YYY and ZZZ masks, so
        /// `Sw(x + PERIOD) = Sw(x) + PERIOD`.
        const PERIOD: u32 = {
            let bits = (Swizzle::<B, M, S>::ZZZ_MASK | Swizzle::<B, M, S>::YYY_MASK) as u32;
            if bits == 0 {
                1
            } else {
                1 << (32 - bits.leading_zeros())
            }
        };

        /// The elements the swizzle permutes among themselves: `Sw` changes only the bits of
        /// its ZZZ mask, so it maps each aligned block of `BLOCK` elements onto itself.
        pub(crate) const BLOCK: u32 = {
            let zzz = Swizzle::<B, M, S>::ZZZ_MASK as u32;
            if zzz == 0 {
                1
            } else {
                1 << (32 - zzz.leading_zeros())
            }
        };
    }

    /// The block's dynamic shared memory: the `.shared` address of the module's `.extern
    /// .shared` array (declared by [`crate::declare_shared_memory!`]) and the launch's bytes of
    /// it (`%dynamic_smem_size`).
    #[inline(always)]
    pub(crate) fn dynamic_shared_memory() -> (u32, u32) {
        let (base, size): (u32, u32);
        // SAFETY: reads the address of the module's `.extern .shared` array (declared by
        // `declare_shared_memory!`) and the special register `%dynamic_smem_size`; no memory
        // is touched.
        unsafe {
            asm!(
                "mov.u32 {base}, cute_smem;",
                "mov.u32 {size}, %dynamic_smem_size;",
                base = out(reg32) base,
                size = out(reg32) size,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        (base, size)
    }

    /// The block's dynamic shared memory (`extern __shared__`), carved into tensors in order:
    /// CuTe's `__shared__ T smem[cosize_v<Layout>]` and `make_tensor(make_smem_ptr(smem), layout)`.
    /// The kernel module declares the storage once with [`crate::declare_shared_memory!`]; the
    /// host passes its size at launch (the sum of the carved tensors' bytes, each rounded up to
    /// 128 bytes), and [`SharedMemory::tensor`] traps where a tensor would run past it.
    ///
    /// ```ignore
    /// let mut smem = SharedMemory::new();
    /// let sa = smem.tensor::<f32, _>(layout!((_128,_8):(_1,_128)));
    /// let sb = smem.tensor::<f32, _>(layout!((_128,_8):(_1,_128)));
    /// ```
    pub struct SharedMemory {
        next: u32,
        end: u32,
    }

    impl SharedMemory {
        /// The block's dynamic shared memory, nothing carved yet.
        ///
        /// ```ignore
        /// let mut smem = cute_gpu::SharedMemory::new();
        /// ```
        #[inline(always)]
        #[allow(clippy::new_without_default)]
        pub fn new() -> Self {
            let (base, size) = dynamic_shared_memory();
            SharedMemory {
                next: base,
                end: base.wrapping_add(size),
            }
        }

        /// The next `len` elements of `T`, aligned to `align` bytes (a power of two, at least
        /// 128): their address (traps past the end).
        #[inline(always)]
        pub(crate) fn carve<T: Elem>(&mut self, len: u32, align: u32) -> u32 {
            let bytes = u64::from(len) * u64::from(T::BITS / 8);
            let start = (self.next + (align - 1)) & !(align - 1);
            if u64::from(start) + bytes > u64::from(self.end) {
                trap()
            }
            self.next = start + bytes as u32;
            start
        }

        /// The elements `layout` reaches, `0..=hi`: `hi + 1` (traps on a negative offset).
        #[inline(always)]
        fn extent<L: TensorLayout>(layout: &L) -> u32 {
            match layout.offset_range() {
                Some((lo, hi)) if hi < lo => 0,
                Some((lo, hi)) if lo >= 0 && hi < i64::from(i32::MAX) => hi as u32 + 1,
                _ => trap(),
            }
        }

        /// CuTe's `make_tensor(make_smem_ptr(p, Swizzle<B,M,S>{}), layout)`: the next elements
        /// of `T` (`cosize(layout)` rounded up to the swizzle's block, aligned to the block's
        /// bytes, at least 128 and at most 1024) as a
        /// tensor with the plain `layout` whose elements the swizzle places: the function
        /// `Sw o layout`. Traps if they run past the dynamic shared memory of the launch.
        ///
        /// ```ignore
        /// let s = smem.swizzled_tensor::<f32, 5, 0, 5, _>(layout!((_32,_32):(_32,_1))); // Sw<5,0,5> o (32,32):(32,1)
        /// ```
        #[inline(always)]
        pub fn swizzled_tensor<
            T: Elem,
            const B: i32,
            const M: i32,
            const S: i32,
            L: TensorLayout,
        >(
            &mut self,
            layout: L,
        ) -> Tensor<SwizzledSmem<T, B, M, S>, L> {
            let block = SwizzledSmem::<T, B, M, S>::BLOCK;
            let len = Self::extent(&layout).div_ceil(block) * block;
            // Aligned to its block, the swizzle of an offset is the swizzle of the address,
            // which hardware that swizzles addresses reads (`wgmma`'s descriptors: blocks of
            // at most 1024 bytes, `Sw<3,4,3>` on bytes).
            let addr = self.carve::<T>(len, (block * (T::BITS / 8)).clamp(128, 1024));
            Tensor::from_engine(
                SwizzledSmem {
                    addr,
                    len,
                    elem: PhantomData,
                },
                layout,
            )
        }

        /// The next `cosize(layout)` elements of `T` (128-byte aligned) as a tensor with
        /// `layout`. Traps if they run past the dynamic shared memory of the launch, or if
        /// the layout reaches a negative offset.
        ///
        /// ```ignore
        /// let sa = smem.tensor::<f32, _>(Swizzle::<5, 0, 5>::new().composition(layout!((_32,_32):(_32,_1))));
        /// ```
        #[inline(always)]
        pub fn tensor<T: Elem, L: TensorLayout>(&mut self, layout: L) -> Tensor<Smem<T>, L> {
            let len = Self::extent(&layout);
            let addr = self.carve::<T>(len, 128);
            Tensor::from_engine(
                Smem {
                    addr,
                    len,
                    elem: PhantomData,
                },
                layout,
            )
        }
    }

    /// Declares the kernel module's dynamic shared memory (`extern __shared__ char smem[]`),
    /// which [`SharedMemory`] carves. Invoke it once, at the root of the crate whose PTX holds
    /// the kernels.
    ///
    /// ```ignore
    /// cute_gpu::declare_shared_memory!();
    /// ```
    #[macro_export]
    macro_rules! declare_shared_memory {
        () => {
            core::arch::global_asm!(".extern .shared .align 128 .b8 cute_smem[];");
        };
    }

    /// Memory a copy reads and writes `K` consecutive elements of at a time, `K * sizeof(T)`
    /// bytes aligned to their size (one `ld`/`st` of 8 to 128 bits).
    #[allow(clippy::len_without_is_empty)] // `len` bounds the offsets; emptiness is never asked
    pub trait Memory<T: Elem> {
        /// The number of elements.
        fn len(&self) -> u64;
        /// The `K` elements at `o + i .. o + i + K`: a tensor's offset `o` and its layout's
        /// offset `i` of an element, apart (CuTe's pointer `ptr + o` indexed by `i`), so that
        /// a swizzled shared address computes the swizzle of the part of `i` (a constant or
        /// loop-invariant for a static layout) once per kernel, not at every access.
        ///
        /// # Safety
        /// `o + i .. o + i + K` lies in `0..len()` and `(o + i) * sizeof(T)` is a multiple of
        /// `K * sizeof(T)` from a base address aligned to it.
        unsafe fn read<const K: usize>(&self, o: i32, i: i32) -> [T; K];
        /// Writes the `K` elements at `o + i .. o + i + K`.
        ///
        /// # Safety
        /// As for [`Memory::read`].
        unsafe fn write<const K: usize>(&mut self, o: i32, i: i32, v: [T; K]);
        /// The address of element 0, which a vector access must be aligned from (`None` for
        /// registers, which have no alignment).
        fn base(&self) -> Option<u64>;
        /// The `.shared` address of the vector of `K` elements at `o + i` (the swizzle
        /// applied), for the instructions that take one (`ldmatrix`, `cp.async`): `None` for
        /// memory that is not shared. The caller checks `o + i` as for [`Memory::read`].
        #[inline(always)]
        fn shared_address<const K: usize>(&self, _o: i32, _i: i32) -> Option<u32> {
            None
        }
        /// The `.global` address of element `o + i` (`cp.async`'s source): `None` for memory
        /// that is not global.
        #[inline(always)]
        fn global_address(&self, _o: i32, _i: i32) -> Option<u64> {
            None
        }
    }

    /// Whether some offset of the tensor's layout, from its offset, lies outside its memory:
    /// what each copy, gemm and axpby checks once per tensor before its unchecked accesses.
    #[inline(always)]
    pub(crate) fn outside<T: Elem, M: Memory<T>, L: TensorLayout, O: cute_static::IntTuple>(
        t: &Tensor<M, L, O>,
    ) -> bool {
        crate::check::fits(t.layout(), t.offset(), t.engine().len()).is_err()
    }

    /// The bits of `[T; K]` as the word `W` of the same size (both plain data).
    #[inline(always)]
    fn to_word<T: Elem, const K: usize, W: Copy>(v: [T; K]) -> W {
        if core::mem::size_of::<[T; K]>() != core::mem::size_of::<W>() {
            trap() // never: the callers pick `W` of the size of `[T; K]` (a constant check)
        }
        // SAFETY: equal sizes (checked above); every bit pattern of `W` (an integer or an
        // array of them) is a value.
        unsafe { core::mem::transmute_copy(&v) }
    }

    /// `[T; K]` of the bits of the word `W`.
    #[inline(always)]
    fn from_word<T: Elem, const K: usize, W: Copy>(w: W) -> [T; K] {
        if core::mem::size_of::<[T; K]>() != core::mem::size_of::<W>() {
            trap() // never: the callers pick `W` of the size of `[T; K]` (a constant check)
        }
        // SAFETY: equal sizes (checked above); `T: Elem` is plain data, every bit pattern a value.
        unsafe { core::mem::transmute_copy(&w) }
    }

    /// One `ld.<space>` or `st.<space>` of 8, 16, 32, 64 or 128 bits at `addr`.
    macro_rules! access {
        ($read:ident, $write:ident, $space:literal, $reg:ident, $addr:ty) => {
            #[inline(always)]
            unsafe fn $read<T: Elem, const K: usize>(addr: $addr) -> [T; K] {
                // SAFETY (every arm): the caller's `addr` is valid for `K * sizeof(T)` bytes
                // and aligned to their size.
                unsafe {
                    match K * T::BITS as usize {
                        8 => {
                            let w: u16;
                            asm!(concat!("ld.", $space, ".u8 {w}, [{a}];"), w = out(reg16) w, a = in($reg) addr, options(pure, readonly, nostack, preserves_flags));
                            from_word::<T, K, u8>(w as u8)
                        }
                        16 => {
                            let w: u16;
                            asm!(concat!("ld.", $space, ".b16 {w}, [{a}];"), w = out(reg16) w, a = in($reg) addr, options(pure, readonly, nostack, preserves_flags));
                            from_word::<T, K, u16>(w)
                        }
                        32 => {
                            let w: u32;
                            asm!(concat!("ld.", $space, ".b32 {w}, [{a}];"), w = out(reg32) w, a = in($reg) addr, options(pure, readonly, nostack, preserves_flags));
                            from_word::<T, K, u32>(w)
                        }
                        64 => {
                            let w: u64;
                            asm!(concat!("ld.", $space, ".b64 {w}, [{a}];"), w = out(reg64) w, a = in($reg) addr, options(pure, readonly, nostack, preserves_flags));
                            from_word::<T, K, u64>(w)
                        }
                        128 => {
                            let (x, y, z, w): (u32, u32, u32, u32);
                            asm!(concat!("ld.", $space, ".v4.b32 {{{x}, {y}, {z}, {w}}}, [{a}];"), x = out(reg32) x, y = out(reg32) y, z = out(reg32) z, w = out(reg32) w, a = in($reg) addr, options(pure, readonly, nostack, preserves_flags));
                            from_word::<T, K, [u32; 4]>([x, y, z, w])
                        }
                        _ => trap(), // a copy moves 8, 16, 32, 64 or 128 bits at a time
                    }
                }
            }

            #[inline(always)]
            unsafe fn $write<T: Elem, const K: usize>(addr: $addr, v: [T; K]) {
                // SAFETY (every arm): as for the read.
                unsafe {
                    match K * T::BITS as usize {
                        8 => {
                            let w = to_word::<T, K, u8>(v) as u16;
                            asm!(concat!("st.", $space, ".u8 [{a}], {w};"), w = in(reg16) w, a = in($reg) addr, options(nostack, preserves_flags));
                        }
                        16 => {
                            let w = to_word::<T, K, u16>(v);
                            asm!(concat!("st.", $space, ".b16 [{a}], {w};"), w = in(reg16) w, a = in($reg) addr, options(nostack, preserves_flags));
                        }
                        32 => {
                            let w = to_word::<T, K, u32>(v);
                            asm!(concat!("st.", $space, ".b32 [{a}], {w};"), w = in(reg32) w, a = in($reg) addr, options(nostack, preserves_flags));
                        }
                        64 => {
                            let w = to_word::<T, K, u64>(v);
                            asm!(concat!("st.", $space, ".b64 [{a}], {w};"), w = in(reg64) w, a = in($reg) addr, options(nostack, preserves_flags));
                        }
                        128 => {
                            let [x, y, z, w] = to_word::<T, K, [u32; 4]>(v);
                            asm!(concat!("st.", $space, ".v4.b32 [{a}], {{{x}, {y}, {z}, {w}}};"), x = in(reg32) x, y = in(reg32) y, z = in(reg32) z, w = in(reg32) w, a = in($reg) addr, options(nostack, preserves_flags));
                        }
                        _ => trap(), // a copy moves 8, 16, 32, 64 or 128 bits at a time
                    }
                }
            }
        };
    }

    access!(ld_global, st_global, "global", reg64, u64);
    access!(ld_shared, st_shared, "shared", reg32, u32);

    impl<T: Elem> Memory<T> for Gmem<T> {
        #[inline(always)]
        fn len(&self) -> u64 {
            self.len
        }
        #[inline(always)]
        fn base(&self) -> Option<u64> {
            Some(self.addr)
        }
        #[inline(always)]
        fn global_address(&self, o: i32, i: i32) -> Option<u64> {
            // `o + i` in `i32` is the offset itself: a tensor checked to lie in `len` elements,
            // at most `2^31` (`GmemPtr::tensor`), reaches offsets up to `i32::MAX` only.
            let at = o.wrapping_add(i) as i64 as u64;
            Some(
                self.addr
                    .wrapping_add(at.wrapping_mul(u64::from(T::BITS / 8))),
            )
        }
        #[inline(always)]
        unsafe fn read<const K: usize>(&self, o: i32, i: i32) -> [T; K] {
            let addr = self.global_address(o, i).unwrap_or(0);
            // SAFETY: the caller's `o + i` is in bounds and aligned (Memory::read).
            unsafe { ld_global::<T, K>(addr) }
        }
        #[inline(always)]
        unsafe fn write<const K: usize>(&mut self, o: i32, i: i32, v: [T; K]) {
            let addr = self.global_address(o, i).unwrap_or(0);
            // SAFETY: as for the read.
            unsafe { st_global::<T, K>(addr, v) }
        }
    }

    impl<T: Elem> Memory<T> for Smem<T> {
        #[inline(always)]
        fn len(&self) -> u64 {
            u64::from(self.len)
        }
        #[inline(always)]
        fn base(&self) -> Option<u64> {
            Some(u64::from(self.addr))
        }
        #[inline(always)]
        fn shared_address<const K: usize>(&self, o: i32, i: i32) -> Option<u32> {
            let bytes = |x: i32| (x as u32).wrapping_mul(T::BITS / 8);
            Some(self.addr.wrapping_add(bytes(o)).wrapping_add(bytes(i)))
        }
        #[inline(always)]
        unsafe fn read<const K: usize>(&self, o: i32, i: i32) -> [T; K] {
            let addr = self.shared_address::<K>(o, i).unwrap_or(0);
            // SAFETY: the caller's `o + i` is in bounds and aligned (Memory::read).
            unsafe { ld_shared::<T, K>(addr) }
        }
        #[inline(always)]
        unsafe fn write<const K: usize>(&mut self, o: i32, i: i32, v: [T; K]) {
            let addr = self.shared_address::<K>(o, i).unwrap_or(0);
            // SAFETY: as for the read.
            unsafe { st_shared::<T, K>(addr, v) }
        }
    }

    impl<T: Elem, const B: i32, const M: i32, const S: i32> Memory<T> for SwizzledSmem<T, B, M, S> {
        #[inline(always)]
        fn len(&self) -> u64 {
            u64::from(self.len)
        }
        #[inline(always)]
        fn base(&self) -> Option<u64> {
            Some(u64::from(self.addr))
        }
        #[inline(always)]
        fn shared_address<const K: usize>(&self, o: i32, i: i32) -> Option<u32> {
            Some(
                self.addr
                    .wrapping_add(self.swizzled::<K>(o, i).wrapping_mul(T::BITS / 8)),
            )
        }
        #[inline(always)]
        unsafe fn read<const K: usize>(&self, o: i32, i: i32) -> [T; K] {
            let addr = self.shared_address::<K>(o, i).unwrap_or(0);
            // SAFETY: `o + i .. o + i + K` in `0..len` (the caller's), so `Sw(o + i) ..
            // Sw(o + i) + K` is too: `len` is a multiple of the swizzle's block, which the
            // swizzle maps onto itself, and the vector's elements stay contiguous and aligned
            // (`swizzled`).
            unsafe { ld_shared::<T, K>(addr) }
        }
        #[inline(always)]
        unsafe fn write<const K: usize>(&mut self, o: i32, i: i32, v: [T; K]) {
            let addr = self.shared_address::<K>(o, i).unwrap_or(0);
            // SAFETY: as for the read.
            unsafe { st_shared::<T, K>(addr, v) }
        }
    }

    impl<T, const B: i32, const M: i32, const S: i32> SwizzledSmem<T, B, M, S> {
        /// `Sw(o + i)`, where a vector of `K` elements starting at `o + i` stays contiguous (the
        /// swizzle leaves the low `log2 K` bits alone; a trap otherwise, decided while
        /// compiling). The swizzle reads and changes only bits below its period, so for
        /// `o = hi + lo` with `hi` a multiple of the period, `Sw(o + i) = hi + Sw(lo + i)`: `hi`
        /// is the part of a tensor's offset that moves whole periods (a pipeline stage),
        /// `Sw(lo + i)` the part a kernel computes once.
        #[inline(always)]
        fn swizzled<const K: usize>(&self, o: i32, i: i32) -> u32 {
            if (Swizzle::<B, M, S>::ZZZ_MASK as u32 | Swizzle::<B, M, S>::YYY_MASK as u32)
                & (K as u32 - 1)
                != 0
            {
                trap()
            }
            let period = Self::PERIOD as i32;
            let (hi, lo) = (o & !(period - 1), o & (period - 1));
            (hi as u32).wrapping_add(Swizzle::<B, M, S>::new().call(lo.wrapping_add(i)) as u32)
        }
    }

    /// `K` elements of registers from `i`: checked indexing that traps (no panic machinery on
    /// the device); a constant index, as in an unrolled copy, has no check left. A fragment of
    /// 16-bit values is read through the 32-bit words that hold them (CuTe's recast of a
    /// fragment to its atoms' `uint32_t` registers): so that the compiler keeps the fragment in
    /// 32-bit registers, the ones `mma.sync` and `ldmatrix` use, and does not split it into
    /// halves it packs anew at every use.
    #[inline(always)]
    pub(crate) fn registers_read<T: Elem, const K: usize>(r: &[T], i: i32) -> [T; K] {
        let i = i as usize;
        if r.get(i..i.wrapping_add(K)).is_none() {
            trap()
        }
        core::array::from_fn(|j| {
            let (e, sh) = (i + j, 16 * ((i + j) % 2) as u32);
            match word_at(r, e) {
                // SAFETY: `T` is 16 bits (`word_at`), `u16`'s bits.
                Some(w) => unsafe { core::mem::transmute_copy(&((w >> sh) as u16)) },
                None => match r.get(e) {
                    Some(x) => *x,
                    None => trap(),
                },
            }
        })
    }

    /// Writes `K` elements of registers from `i` (as [`registers_read`] reads: a 16-bit value
    /// into its half of the word that holds it).
    #[inline(always)]
    pub(crate) fn registers_write<T: Elem, const K: usize>(r: &mut [T], i: i32, v: [T; K]) {
        let i = i as usize;
        if r.get(i..i.wrapping_add(K)).is_none() {
            trap()
        }
        // Index loops: an array's `into_iter` keeps the array in local memory.
        #[allow(clippy::needless_range_loop)]
        for j in 0..K {
            let (e, sh) = (i + j, 16 * ((i + j) % 2) as u32);
            match word_at(r, e) {
                Some(w) => {
                    // SAFETY: `T` is 16 bits (`word_at`), `u16`'s bits.
                    let bits: u16 = unsafe { core::mem::transmute_copy(&v[j]) };
                    let w = (w & !(0xffff << sh)) | (u32::from(bits) << sh);
                    // SAFETY: `word_at` found both elements of the word in `r`; unaligned
                    // stores are allowed.
                    unsafe { core::ptr::write_unaligned(r.as_mut_ptr().add(e & !1).cast(), w) }
                }
                None => match r.get_mut(e) {
                    Some(x) => *x = v[j],
                    None => trap(),
                },
            }
        }
    }

    /// The 32-bit word of a fragment of 16-bit values that holds element `e`, elements
    /// `e & !1` and `e | 1`: `None` for other widths, or where the word's second element is past
    /// the fragment's end.
    #[inline(always)]
    fn word_at<T: Elem>(r: &[T], e: usize) -> Option<u32> {
        if T::BITS != 16 || (e | 1) >= r.len() {
            return None;
        }
        // SAFETY: elements `e & !1` and `e | 1` are in `r` (checked above): 4 bytes, read
        // unaligned; every bit pattern is a `u32`.
        Some(unsafe { core::ptr::read_unaligned(r.as_ptr().add(e & !1).cast::<u32>()) })
    }

    /// Register fragments as memory: no base address (no alignment), their elements read and
    /// written by [`registers_read`] and [`registers_write`].
    macro_rules! registers_memory {
        ($($(#[$doc:meta])* [$($g:tt)*] $t:ty, $len:expr;)*) => {$(
            $(#[$doc])*
            impl<$($g)*> Memory<T> for $t {
                #[inline(always)]
                fn len(&self) -> u64 {
                    $len(self) as u64
                }
                #[inline(always)]
                fn base(&self) -> Option<u64> {
                    None
                }
                #[inline(always)]
                unsafe fn read<const K: usize>(&self, o: i32, i: i32) -> [T; K] {
                    registers_read(self, o.wrapping_add(i))
                }
                #[inline(always)]
                unsafe fn write<const K: usize>(&mut self, o: i32, i: i32, v: [T; K]) {
                    registers_write(self, o.wrapping_add(i), v)
                }
            }
        )*};
    }

    registers_memory! {
        /// A view of a register fragment (`&mut fragment[..]`): a slice of it the copies write
        /// in place, where slicing the fragment itself would copy the array.
        [T: Elem] &mut [T], <[T]>::len;
        /// A register fragment (an owned array: `make_fragment`, `make_fragment_like`).
        [T: Elem, const N: usize] [T; N], |_: &[T; N]| N;
    }
}
