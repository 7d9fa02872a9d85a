//! One shared-memory instruction at a chosen address: what the bank-conflict probes of
//! `cute_kernels::bank_probes` execute, each exactly the accesses `cute_static::banks` models.
//!
//! ```ignore
//! // In a kernel: this thread's lane of one ld.shared.v4 at byte 512 of the dynamic shared memory.
//! cute_gpu::banks::smem_access(SmemOp::Load { bytes: 16 }, 512);
//! // Its lane of one cp.async.cg: bytes 64..80 of the global buffer `src` (a GmemPtr<u8>) to
//! // bytes 256..272 of the dynamic shared memory.
//! cute_gpu::banks::cp_async_access(CpAsync { bytes: 16, global: true }, 256, src, 64);
//! ```

use crate::GmemPtr;
use crate::arch::{cp_async, cp_async_cg, ldmatrix, stmatrix, trap};
use core::arch::asm;
pub use cute_static::banks::{CpAsync, SmemOp};

/// This thread's part of one warp instruction `op` at byte `offset` of the block's dynamic
/// shared memory (`extern __shared__`, declared by [`crate::declare_shared_memory!`]): its
/// vector or its `ldmatrix` / `stmatrix` row. Loaded values are dropped (an `ldmatrix` traps if its registers mix to a 32-bit magic
/// value, a test that keeps `ptxas` from dropping it), stores write zeros.
/// Traps unless `offset` is aligned to the bytes a lane touches and they lie inside the
/// launch's dynamic shared memory. `ldmatrix` and `stmatrix` must be reached by the whole warp
/// (`.aligned`); a lane whose row the instruction does not read passes any valid offset.
#[inline(always)]
pub fn smem_access(op: SmemOp, offset: u32) {
    let (base, size) = crate::memory::dynamic_shared_memory();
    let bytes = op.bytes();
    if !op.is_valid()
        || !offset.is_multiple_of(bytes)
        || u64::from(offset) + u64::from(bytes) > u64::from(size)
    {
        trap()
    }
    let a = base + offset;
    let (x, y) = (0u32, 0u32);
    // SAFETY: `a .. a + bytes` lies in the launch's dynamic shared memory and is aligned to
    // `bytes` (checked above); the loads write only this thread's registers, the stores only
    // those bytes.
    unsafe {
        match op {
            SmemOp::Load { bytes: 4 } => {
                asm!("ld.volatile.shared.b32 {x}, [{a}];", x = out(reg32) _, a = in(reg32) a, options(nostack, preserves_flags))
            }
            SmemOp::Load { bytes: 8 } => {
                asm!("ld.volatile.shared.v2.b32 {{{x}, {y}}}, [{a}];", x = out(reg32) _, y = out(reg32) _, a = in(reg32) a, options(nostack, preserves_flags))
            }
            SmemOp::Load { .. } => {
                asm!("ld.volatile.shared.v4.b32 {{{x}, {y}, {z}, {w}}}, [{a}];", x = out(reg32) _, y = out(reg32) _, z = out(reg32) _, w = out(reg32) _, a = in(reg32) a, options(nostack, preserves_flags))
            }
            SmemOp::Store { bytes: 4 } => {
                asm!("st.volatile.shared.b32 [{a}], {x};", a = in(reg32) a, x = in(reg32) x, options(nostack, preserves_flags))
            }
            SmemOp::Store { bytes: 8 } => {
                asm!("st.volatile.shared.v2.b32 [{a}], {{{x}, {y}}};", a = in(reg32) a, x = in(reg32) x, y = in(reg32) y, options(nostack, preserves_flags))
            }
            SmemOp::Store { .. } => {
                asm!("st.volatile.shared.v4.b32 [{a}], {{{x}, {y}, {x}, {y}}};", a = in(reg32) a, x = in(reg32) x, y = in(reg32) y, options(nostack, preserves_flags))
            }
            SmemOp::Ldmatrix { x, trans } => {
                // ptxas drops an `ldmatrix` whose registers go unused: a test that depends
                // on every one of them keeps it.
                let r = ldmatrix(a, x as usize, trans);
                if r[0] ^ r[1].rotate_left(8) ^ r[2].rotate_left(16) ^ r[3].rotate_left(24)
                    == 0x9e37_79b9
                {
                    trap()
                }
            }
            SmemOp::Stmatrix { x, trans } => stmatrix(a, [0; 4], x as usize, trans),
        }
    }
}

/// This thread's part of one warp instruction `cp.async` `op` (`.ca` of 4, 8 or 16 bytes, `.cg`
/// of 16): the `op.bytes` bytes at byte `src_offset` of the global buffer `src` (a kernel
/// parameter: the host's allocation of `src.len()` bytes) to byte `offset` of the block's
/// dynamic shared memory. Only starts the copy: the caller closes the group and waits
/// ([`crate::arch::cp_async_fence`], [`crate::arch::cp_async_wait`]) before the kernel ends.
/// Traps unless both offsets are aligned to `op.bytes`, the buffer's start to 16, and the
/// bytes lie inside the buffer and the launch's dynamic shared memory.
#[inline(always)]
pub fn cp_async_access(op: CpAsync, offset: u32, src: GmemPtr<u8>, src_offset: u64) {
    let (base, size) = crate::memory::dynamic_shared_memory();
    let bytes = op.bytes;
    if !op.is_valid()
        || !offset.is_multiple_of(bytes)
        || u64::from(offset) + u64::from(bytes) > u64::from(size)
        || !src.addr().is_multiple_of(16)
        || !src_offset.is_multiple_of(u64::from(bytes))
        || src_offset.saturating_add(u64::from(bytes)) > src.len()
    {
        trap()
    }
    let (d, s) = (base + offset, src.addr() + src_offset);
    // SAFETY: `d .. d + bytes` lies in the launch's dynamic shared memory and `s .. s + bytes`
    // in the kernel parameter's `len` bytes (the host's allocation), both aligned to `bytes`
    // (checked above); the copy reads only those global bytes and writes only those shared
    // bytes, which the caller reads no more before its wait.
    unsafe {
        if op.global {
            cp_async_cg(d, s)
        } else {
            cp_async(d, s, bytes)
        }
    }
}
