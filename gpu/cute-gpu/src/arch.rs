//! CUDA's built-in variables and barriers: `threadIdx`, `blockIdx`, `blockDim`, `gridDim`,
//! `__syncthreads()`, `__trap()`.
//!
//! ```ignore
//! // In a kernel (nvptx64 only): CuTe's `make_coord(blockIdx.x, blockIdx.y, _)`.
//! let cta = coord!((cute_gpu::arch::block_idx_x(), cute_gpu::arch::block_idx_y(), _));
//! ```

use core::arch::nvptx;

macro_rules! special_register {
    ($($(#[$doc:meta])* $name:ident => $intrinsic:ident;)*) => {$(
        $(#[$doc])*
        #[inline(always)]
        pub fn $name() -> i32 {
            // SAFETY: reading a special register has no precondition; the intrinsic is `unsafe`
            // only because every intrinsic is.
            unsafe { nvptx::$intrinsic() as i32 }
        }
    )*};
}

special_register! {
    /// CUDA's `threadIdx.x`.
    thread_idx_x => _thread_idx_x;
    /// CUDA's `threadIdx.y`.
    thread_idx_y => _thread_idx_y;
    /// CUDA's `blockIdx.x`.
    block_idx_x => _block_idx_x;
    /// CUDA's `blockIdx.y`.
    block_idx_y => _block_idx_y;
    /// CUDA's `blockIdx.z`.
    block_idx_z => _block_idx_z;
    /// CUDA's `blockDim.x`.
    block_dim_x => _block_dim_x;
    /// CUDA's `gridDim.x`.
    grid_dim_x => _grid_dim_x;
    /// CUDA's `gridDim.y`.
    grid_dim_y => _grid_dim_y;
}

/// CUDA's `__syncthreads()`: waits until every thread of the block has reached it, and orders
/// the block's shared- and global-memory accesses before it against those after it. Every
/// thread of the block must reach it (a barrier some threads skip hangs the block, as it does
/// in CUDA C++).
#[inline(always)]
pub fn sync_threads() {
    // SAFETY: `bar.sync 0` has no memory-safety precondition; a barrier not reached by every
    // thread hangs the block (a deadlock), it does not corrupt memory.
    unsafe { nvptx::_syncthreads() }
}

/// CUDA's `__trap()`: stops the kernel with an error the host sees at its next synchronization.
/// What a failed device-side check does (the host checks the same conditions before the launch).
#[inline(always)]
pub fn trap() -> ! {
    // SAFETY: `trap` aborts the kernel; it touches no memory.
    unsafe { nvptx::trap() }
}

/// CUDA's `__launch_bounds__(max_threads, min_blocks)` for the kernel `name`: at most
/// `max_threads` threads a block (`.maxntid`), and registers kept for `min_blocks` blocks on a
/// multiprocessor (`.minnctapersm`; `0` leaves the register budget to `ptxas`). rustc has no
/// attribute for these directives: the macro leaves a line in the PTX module that
/// `scripts/gpu-build.sh` turns into them on the kernel's entry (the build fails if the kernel
/// is not in the PTX). Invoke it at the root of the kernels' crate, beside the kernel.
///
/// ```ignore
/// // sgemm_1.cu's `__launch_bounds__(size(CThreadLayout{}))`, plus two blocks a multiprocessor:
/// cute_gpu::launch_bounds!(sgemm_1_tn, 256, 2);
/// ```
#[macro_export]
macro_rules! launch_bounds {
    ($name:ident, $max_threads:expr, $min_blocks:expr) => {
        core::arch::global_asm!(
            concat!("// cute-gpu launch_bounds ", stringify!($name), " {t} {b}"),
            t = const { $max_threads as u32 },
            b = const { $min_blocks as u32 },
        );
    };
}

/// The operand list `{a}, {b}, ...` of an `asm!` template, from the operands' names or
/// positions.
macro_rules! operand_list {
    ($first:tt $(, $rest:tt)*) => {
        concat!("{", stringify!($first), "}" $(, ", {", stringify!($rest), "}")*)
    };
}
pub(crate) use operand_list;

/// The index of the register operand `r0` ... `r3` in its array.
macro_rules! reg_index {
    (r0) => {
        0
    };
    (r1) => {
        1
    };
    (r2) => {
        2
    };
    (r3) => {
        3
    };
}

/// `ldmatrix.sync.aligned.m8n8.x{regs}[.trans].shared.b16` (CuTe's `SM75_U32x{1,2,4}_LDSM_N`,
/// and with `trans` its `SM75_U16x{2,4,8}_LDSM_T`): this thread names the 16-byte row at the
/// `.shared` address `row` and receives `regs` (1, 2 or 4) 32-bit registers of the warp's 8x8
/// matrices of 16-bit values (each transposed with `trans`); the rest of the array is 0.
/// Every thread of the warp executes it together (`.aligned`); the rows of threads `8 * regs`
/// and up are not read.
///
/// # Safety
/// `row` is a 16-byte aligned `.shared` address of 16 bytes of the block's shared memory, for
/// every thread whose row the instruction reads.
#[inline(always)]
pub unsafe fn ldmatrix(row: u32, regs: usize, trans: bool) -> [u32; 4] {
    let mut r = [0u32; 4];
    macro_rules! ld {
        ($x:literal, $t:literal, $($o:ident),+) => {
            core::arch::asm!(
                concat!("ldmatrix.sync.aligned.m8n8.x", $x, $t, ".shared.b16 {{", operand_list!($($o),+), "}}, [{a}];"),
                $($o = out(reg32) r[reg_index!($o)],)+
                a = in(reg32) row,
                options(readonly, nostack, preserves_flags),
            )
        };
    }
    // SAFETY: the caller's `row` (above); the instruction writes this thread's registers only.
    // Reached divergently by a warp, its result is undefined (PTX ISA): wrong values or a hang,
    // no other memory access.
    unsafe {
        match (regs, trans) {
            (1, false) => ld!("1", "", r0),
            (2, false) => ld!("2", "", r0, r1),
            (4, false) => ld!("4", "", r0, r1, r2, r3),
            (1, true) => ld!("1", ".trans", r0),
            (2, true) => ld!("2", ".trans", r0, r1),
            (4, true) => ld!("4", ".trans", r0, r1, r2, r3),
            _ => trap(),
        }
    }
    r
}

/// `stmatrix.sync.aligned.m8n8.x{regs}[.trans].shared.b16` (CuTe's `SM90_U32x{1,2,4}_STSM_N`,
/// and with `trans` its `SM90_U16x{2,4,8}_STSM_T`): the mirror of [`ldmatrix`], this thread gives
/// `regs` (1, 2 or 4) 32-bit registers of the warp's 8x8 matrices of 16-bit values and names
/// the 16-byte row at the `.shared` address `row` they are stored to. Every thread of the warp
/// executes it together (`.aligned`); the rows of threads `8 * regs` and up are not written.
///
/// # Safety
/// `row` is a 16-byte aligned `.shared` address of 16 bytes of the block's shared memory, for
/// every thread whose row the instruction writes.
#[inline(always)]
pub unsafe fn stmatrix(row: u32, r: [u32; 4], regs: usize, trans: bool) {
    macro_rules! st {
        ($x:literal, $t:literal, $($o:ident),+) => {
            core::arch::asm!(
                concat!("stmatrix.sync.aligned.m8n8.x", $x, $t, ".shared.b16 [{a}], {{", operand_list!($($o),+), "}};"),
                a = in(reg32) row,
                $($o = in(reg32) r[reg_index!($o)],)+
                options(nostack, preserves_flags),
            )
        };
    }
    // SAFETY: the caller's `row` (above); the instruction reads this thread's registers and
    // writes the warp's rows. Reached divergently by a warp, its result is undefined (PTX
    // ISA): wrong values or a hang, no other memory access.
    unsafe {
        match (regs, trans) {
            (1, false) => st!("1", "", r0),
            (2, false) => st!("2", "", r0, r1),
            (4, false) => st!("4", "", r0, r1, r2, r3),
            (1, true) => st!("1", ".trans", r0),
            (2, true) => st!("2", ".trans", r0, r1),
            (4, true) => st!("4", ".trans", r0, r1, r2, r3),
            _ => trap(),
        }
    }
}

/// `cp.async.ca.shared.global [dst], [src], bytes` (CuTe's `SM80_CP_ASYNC_CACHEALWAYS`): starts
/// copying `bytes` (4, 8 or 16) from global to shared memory; the copy completes at
/// [`cp_async_wait`] after the [`cp_async_fence`] that closes its group.
///
/// # Safety
/// `dst` is a `.shared` address of `bytes` bytes of the block's shared memory and `src` a
/// `.global` address of `bytes` readable bytes, both aligned to `bytes`. Until the wait, the
/// destination's bytes must not be read (they are unspecified) or written.
#[inline(always)]
pub unsafe fn cp_async(dst: u32, src: u64, bytes: u32) {
    // SAFETY: the caller's addresses (above).
    unsafe {
        match bytes {
            4 => {
                core::arch::asm!("cp.async.ca.shared.global [{d}], [{s}], 4;", d = in(reg32) dst, s = in(reg64) src, options(nostack, preserves_flags))
            }
            8 => {
                core::arch::asm!("cp.async.ca.shared.global [{d}], [{s}], 8;", d = in(reg32) dst, s = in(reg64) src, options(nostack, preserves_flags))
            }
            16 => {
                core::arch::asm!("cp.async.ca.shared.global [{d}], [{s}], 16;", d = in(reg32) dst, s = in(reg64) src, options(nostack, preserves_flags))
            }
            _ => trap(),
        }
    }
}

/// `cp.async.cg.shared.global [dst], [src], 16` (CuTe's `SM80_CP_ASYNC_CACHEGLOBAL`): starts
/// copying 16 bytes from global to shared memory, cached in the L2 only (`.cg` has no other
/// size); the copy completes at [`cp_async_wait`] after the [`cp_async_fence`] that closes
/// its group.
///
/// ```ignore
/// // In a kernel (cute-gpu only: the kernels have no `unsafe`): this thread's 16 bytes at
/// // byte 64 of the global buffer `src` to the 16-byte aligned `.shared` address `dst`, then
/// // wait for them.
/// unsafe { cute_gpu::arch::cp_async_cg(dst, src + 64) };
/// cute_gpu::arch::cp_async_fence();
/// cute_gpu::arch::cp_async_wait::<0>();
/// ```
///
/// # Safety
/// `dst` is a `.shared` address of 16 bytes of the block's shared memory and `src` a `.global`
/// address of 16 readable bytes, both aligned to 16. Until the wait, the destination's bytes
/// must not be read (they are unspecified) or written.
#[inline(always)]
pub unsafe fn cp_async_cg(dst: u32, src: u64) {
    // SAFETY: the caller's addresses (above); the instruction reads those 16 global bytes and
    // writes those 16 shared bytes, nothing else.
    unsafe {
        core::arch::asm!("cp.async.cg.shared.global [{d}], [{s}], 16;", d = in(reg32) dst, s = in(reg64) src, options(nostack, preserves_flags))
    }
}

/// CuTe's `cp_async_fence()`: `cp.async.commit_group`, closing the group of this thread's
/// `cp.async` copies started since the last fence.
#[inline(always)]
pub fn cp_async_fence() {
    // SAFETY: commits this thread's pending copies into a group; no memory is touched.
    unsafe { core::arch::asm!("cp.async.commit_group;", options(nostack, preserves_flags)) }
}

/// CuTe's `cp_async_wait<N>()`: `cp.async.wait_group N`, waiting until at most `N` of this
/// thread's groups are pending (`N = 0`: every copy done). Other threads' copies are visible
/// only after a barrier ([`sync_threads`]) that follows their waits.
#[inline(always)]
pub fn cp_async_wait<const N: u32>() {
    // SAFETY: waits on this thread's copies; no memory is touched.
    unsafe {
        core::arch::asm!("cp.async.wait_group {n};", n = const N, options(nostack, preserves_flags))
    }
}

/// CuTe's `warpgroup_arrive()`: `wgmma.fence.sync.aligned`, ordering this warp's earlier
/// register and shared-memory accesses before the `wgmma.mma_async` that follow. Every thread
/// of the warpgroup executes it before its first `wgmma` and whenever the accumulators were
/// touched in between.
#[inline(always)]
pub fn warpgroup_arrive() {
    // SAFETY: a fence; no memory is touched.
    unsafe {
        core::arch::asm!(
            "wgmma.fence.sync.aligned;",
            options(nostack, preserves_flags)
        )
    }
}

/// CuTe's `warpgroup_commit_batch()`: `wgmma.commit_group.sync.aligned`, closing the group of
/// this warpgroup's `wgmma.mma_async` issued since the last commit.
#[inline(always)]
pub fn warpgroup_commit_batch() {
    // SAFETY: commits pending operations into a group; no memory is touched.
    unsafe {
        core::arch::asm!(
            "wgmma.commit_group.sync.aligned;",
            options(nostack, preserves_flags)
        )
    }
}

/// CuTe's `warpgroup_wait<N>()`: `wgmma.wait_group.sync.aligned N`, waiting until at most `N`
/// of the warpgroup's `wgmma` groups are pending; their accumulators are then written and the
/// shared memory they read may be overwritten.
#[inline(always)]
pub fn warpgroup_wait<const N: u32>() {
    // SAFETY: waits on this warpgroup's operations; no memory is touched.
    unsafe {
        core::arch::asm!(
            "wgmma.wait_group.sync.aligned {n};",
            n = const N,
            options(nostack, preserves_flags)
        )
    }
}

/// A 32-bit accumulator register of a `wgmma` (`u32` for two packed `half_t`, `f32`).
pub trait Accumulator: Copy + sealed::Sealed {
    /// An empty instruction that claims to read and write the register.
    fn fence(&mut self);
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for u32 {}
    impl Sealed for f32 {}
}

macro_rules! accumulator {
    ($($t:ty),*) => {$(
        impl Accumulator for $t {
            #[inline(always)]
            fn fence(&mut self) {
                // SAFETY: an empty instruction that claims to read and write the register (and
                // memory, no `nomem`): a compiler barrier, nothing executes.
                unsafe { core::arch::asm!("// fence operand {0}", inout(reg32) *self, options(nostack, preserves_flags)) }
            }
        }
    )*};
}

accumulator!(u32, f32);

/// CuTe's `warpgroup_fence_operand(accumulators)`: keeps the compiler from moving reads or
/// writes of these registers across it, so that none lands between a `wgmma.mma_async` and
/// the wait that completes it.
#[inline(always)]
pub fn warpgroup_fence_operand<T: Accumulator>(regs: &mut [T]) {
    for r in regs {
        r.fence();
    }
}

/// `setmaxnreg.{inc,dec}.sync.aligned.u32 N` (CUTLASS's `warpgroup_reg_alloc<N>` and
/// `warpgroup_reg_dealloc<N>`): this warpgroup asks for (`INC`) or gives back registers, to
/// `N` a thread (24 to 256, a multiple of 8). Every thread of the warpgroup executes it.
#[inline(always)]
pub fn warpgroup_set_max_registers<const N: u32, const INC: bool>() {
    const {
        assert!(
            N >= 24 && N <= 256 && N.is_multiple_of(8),
            "setmaxnreg takes 24..=256 in steps of 8"
        )
    };
    // SAFETY: changes the register budget of this warpgroup's threads; no memory is touched.
    unsafe {
        if INC {
            core::arch::asm!("setmaxnreg.inc.sync.aligned.u32 {n};", n = const N, options(nostack, preserves_flags))
        } else {
            core::arch::asm!("setmaxnreg.dec.sync.aligned.u32 {n};", n = const N, options(nostack, preserves_flags))
        }
    }
}

/// CUTLASS's `fence_view_async_shared()`: `fence.proxy.async.shared::cta`, making this
/// thread's shared-memory writes (stores, completed `cp.async`) visible to the async proxy
/// that `wgmma` reads shared memory through. A barrier after it publishes them to the block.
#[inline(always)]
pub fn fence_view_async_shared() {
    // SAFETY: a fence; no memory is touched.
    unsafe {
        core::arch::asm!(
            "fence.proxy.async.shared::cta;",
            options(nostack, preserves_flags)
        )
    }
}
