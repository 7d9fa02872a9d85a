//! Bank-conflict probes: one small kernel per case of `docs/banks.md`, each executing exactly
//! the shared-memory instructions that `cute_static::banks` models for its shared-memory
//! layout and TV layout, and nothing else in shared memory. The host (`cute-bank-probes`)
//! launches each once under Nsight Compute; `scripts/gpu-banks.sh` compares the wavefronts the
//! hardware counted with [`BankCase::predicted`], which cute-static computed while compiling
//! this crate (the host tests check that cute-dynamic agrees).
//!
//! The cases: CuTe's GMMA layout atoms of `half_t` (K-major, MN-major; in element offsets, so
//! `Sw<3,4,3> o smem_ptr[16b]` is `Sw<3,3,3>` here) under `ldmatrix` and `stmatrix`, with and
//! without their swizzles; 32-, 64- and 128-bit row and column accesses of a 32x32 `float`
//! tile, plain, padded and swizzled; paddings that conflict; the tutorial kernels' own shared
//! layouts (`sgemm_1`, `sgemm_2`, the transpose, `sgemm_sm80`'s `ldmatrix`); lanes that pair
//! up or broadcast.
//!
//! The `cp.async` probes ([`CP_ASYNC_CASES`]) copy a tile from global memory (a buffer the host
//! passes, 128-byte aligned) into shared memory: each executes exactly the `cp.async`
//! instructions `cute_static::banks::cp_async_bank_conflicts` models for its global layout,
//! shared layout and TV layout (one a thread and vector, in the model's order), then
//! `cp.async.commit_group` and `cp.async.wait_group 0`, and no other shared-memory
//! instruction: CuTe's SM80 GEMM copy of a 64x64 K-major `half_t` tile (plain, swizzled,
//! padded; `.ca` and `.cg`), 4- and 8-byte copies of a 32x32 `float` tile, and copies whose
//! global and shared layouts differ.
//!
//! ```
//! use cute_kernels::bank_probes::CASES;
//! let c = CASES.iter().find(|c| c.name == "bank_rm_col32_ld").unwrap();
//! // 32 threads read a row each of a row-major 32x32 float tile: 32-way conflicts.
//! assert_eq!((c.predicted.instructions, c.predicted.wavefronts), (32, 1024));
//! // CuTe's SM80 GEMM copy with cp.async.cg into rows padded to 72 half_t: 168 wavefronts.
//! use cute_kernels::bank_probes::CP_ASYNC_CASES;
//! let c = CP_ASYNC_CASES.iter().find(|c| c.name == "bank_cpa_hgemm_pad_cg").unwrap();
//! assert_eq!((c.predicted.instructions, c.predicted.wavefronts), (16, 168));
//! ```

use core::fmt;
use cute_static::banks::{BankConflicts, CpAsync, SmemOp, bank_conflicts, cp_async_bank_conflicts};
#[allow(unused_imports)]
use cute_static::{Swizzle, Swizzled, TensorLayout, layout_t};

/// One probe: its kernel's name, the layouts (as CuTe prints them), the element width, the
/// instruction, and cute-static's prediction.
pub struct BankCase {
    /// The kernel's name in the PTX.
    pub name: &'static str,
    /// The shared-memory layout, as CuTe prints it.
    pub smem: fn(&mut fmt::Formatter<'_>) -> fmt::Result,
    /// The TV layout `(thread, value) -> index`, as CuTe prints it.
    pub tv: fn(&mut fmt::Formatter<'_>) -> fmt::Result,
    /// The element's bits.
    pub bits: u32,
    /// The instruction.
    pub op: SmemOp,
    /// The bytes of dynamic shared memory the layout reaches.
    pub smem_bytes: u32,
    /// cute-static's count, made while compiling.
    pub predicted: BankConflicts,
}

impl BankCase {
    /// The threads a block: the access's threads rounded up to whole warps.
    ///
    /// ```
    /// let c = &cute_kernels::bank_probes::CASES[0];
    /// assert_eq!(c.block_threads() % 32, 0);
    /// ```
    pub fn block_threads(&self) -> u32 {
        self.predicted.threads.div_ceil(32) * 32
    }
}

/// One `cp.async` probe: its kernel's name, the global, shared and TV layouts (as CuTe prints
/// them), the element width, the instruction, and cute-static's prediction
/// ([`cp_async_bank_conflicts`]).
pub struct CpAsyncCase {
    /// The kernel's name in the PTX.
    pub name: &'static str,
    /// The global-memory layout of the tile, as CuTe prints it (its offset 0 at the start of
    /// the buffer, 128-byte aligned).
    pub gmem: fn(&mut fmt::Formatter<'_>) -> fmt::Result,
    /// The shared-memory layout, as CuTe prints it.
    pub smem: fn(&mut fmt::Formatter<'_>) -> fmt::Result,
    /// The TV layout `(thread, value) -> index` of the tile, as CuTe prints it.
    pub tv: fn(&mut fmt::Formatter<'_>) -> fmt::Result,
    /// The element's bits.
    pub bits: u32,
    /// The instruction.
    pub op: CpAsync,
    /// The bytes of dynamic shared memory the shared layout reaches.
    pub smem_bytes: u32,
    /// The bytes of global memory the global layout reaches (the buffer the kernel is given).
    pub gmem_bytes: u32,
    /// cute-static's count, made while compiling.
    pub predicted: BankConflicts,
}

impl CpAsyncCase {
    /// The threads a block: the access's threads rounded up to whole warps.
    ///
    /// ```
    /// let c = &cute_kernels::bank_probes::CP_ASYNC_CASES[0];
    /// assert_eq!(c.block_threads() % 32, 0);
    /// ```
    pub fn block_threads(&self) -> u32 {
        self.predicted.threads.div_ceil(32) * 32
    }
}

/// A layout's text through [`BankCase::smem`] or [`BankCase::tv`].
pub struct Text(pub fn(&mut fmt::Formatter<'_>) -> fmt::Result);

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}

/// The most shared memory a block of the H100 may have: 227 KiB.
#[cfg(not(target_arch = "nvptx64"))]
const MAX_SMEM_BYTES: i64 = 227 * 1024;

/// The bytes of shared memory a static layout of `bits`-bit elements reaches (its greatest
/// offset, plus one, in bytes; at least 16). Evaluated only in [`CASES`], a `static`: a layout
/// that does not fit is a compile error (of the host's build, which has the table).
#[cfg(not(target_arch = "nvptx64"))]
const fn smem_bytes<S: TensorLayout>(bits: u32) -> u32 {
    match S::STATIC_RANGE {
        Some((lo, hi)) if lo >= 0 && hi >= lo && (hi + 1) * bits as i64 / 8 <= MAX_SMEM_BYTES => {
            let b = (hi + 1) * bits as i64 / 8;
            if b < 16 { 16 } else { b as u32 }
        }
        _ => panic!("a probe's shared layout is static, from offset 0, within 227 KiB"), // a compile error: only `CASES`, a `static`, calls this
    }
}

/// The bytes of global memory a static layout of `bits`-bit elements reaches, as
/// [`smem_bytes`] (at most 16 MiB). Evaluated only in [`CP_ASYNC_CASES`], a `static`.
#[cfg(not(target_arch = "nvptx64"))]
const fn gmem_bytes<G: TensorLayout>(bits: u32) -> u32 {
    match G::STATIC_RANGE {
        Some((lo, hi)) if lo >= 0 && hi >= lo && (hi + 1) * bits as i64 / 8 <= 1 << 24 => {
            let b = (hi + 1) * bits as i64 / 8;
            if b < 16 { 16 } else { b as u32 }
        }
        _ => panic!("a probe's global layout is static, from offset 0, within 16 MiB"), // a compile error: only `CP_ASYNC_CASES`, a `static`, calls this
    }
}

const LDS_32: SmemOp = SmemOp::Load { bytes: 4 };
const LDS_64: SmemOp = SmemOp::Load { bytes: 8 };
const LDS_128: SmemOp = SmemOp::Load { bytes: 16 };
const STS_32: SmemOp = SmemOp::Store { bytes: 4 };
const STS_64: SmemOp = SmemOp::Store { bytes: 8 };
const STS_128: SmemOp = SmemOp::Store { bytes: 16 };
const LDSM_X1: SmemOp = SmemOp::Ldmatrix { x: 1, trans: false };
const LDSM_X2: SmemOp = SmemOp::Ldmatrix { x: 2, trans: false };
const LDSM_X4: SmemOp = SmemOp::Ldmatrix { x: 4, trans: false };
const LDSM_X1_T: SmemOp = SmemOp::Ldmatrix { x: 1, trans: true };
const LDSM_X2_T: SmemOp = SmemOp::Ldmatrix { x: 2, trans: true };
const LDSM_X4_T: SmemOp = SmemOp::Ldmatrix { x: 4, trans: true };
const STSM_X2: SmemOp = SmemOp::Stmatrix { x: 2, trans: false };
const STSM_X4: SmemOp = SmemOp::Stmatrix { x: 4, trans: false };
const STSM_X4_T: SmemOp = SmemOp::Stmatrix { x: 4, trans: true };
const CA_32: CpAsync = CpAsync {
    bytes: 4,
    global: false,
};
const CA_64: CpAsync = CpAsync {
    bytes: 8,
    global: false,
};
const CA_128: CpAsync = CpAsync {
    bytes: 16,
    global: false,
};
const CG_128: CpAsync = CpAsync {
    bytes: 16,
    global: true,
};

/// Every thread's instructions of the access, in the order the model counts them: instruction
/// `j` takes values `j*k .. j*k + k` of the thread (the vector starts at value `j*k`); lanes
/// the instruction does not read (past the access's threads, or past an `ldmatrix`'s rows)
/// skip a load or store and give `ldmatrix`/`stmatrix` offset 0.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
fn probe<S: TensorLayout, Tv: TensorLayout>(
    smem: S,
    tv: Tv,
    op: SmemOp,
    bits: u32,
    c: BankConflicts,
) {
    let t = cute_gpu::arch::thread_idx_x();
    let threads = c.threads as i32;
    let k = (op.bytes() * 8 / bits) as i32;
    let per_warp = c.instructions / c.threads.div_ceil(32);
    let matrix = matches!(op, SmemOp::Ldmatrix { .. } | SmemOp::Stmatrix { .. });
    let lane_read = t < threads && ((t % 32) as u32) < op.lanes();
    let mut j = 0;
    while j < per_warp as i32 {
        let offset = if lane_read {
            (smem.offset(tv.offset(t + threads * j * k)) as u32) * (bits / 8)
        } else {
            0
        };
        if lane_read || matrix {
            cute_gpu::banks::smem_access(op, offset);
        }
        j += 1;
    }
}

/// Every thread's `cp.async` instructions of the copy, in the order the model counts them
/// (instruction `j` takes values `j*k .. j*k + k` of the thread, from the tile's index of value
/// `j*k` in both layouts), then one `cp.async.commit_group` and `cp.async.wait_group 0`.
/// Threads past the access's skip the copies.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
fn cp_async_probe<G: TensorLayout, S: TensorLayout, Tv: TensorLayout>(
    gmem: G,
    smem: S,
    tv: Tv,
    op: CpAsync,
    bits: u32,
    c: BankConflicts,
    src: cute_gpu::GmemPtr<u8>,
) {
    let t = cute_gpu::arch::thread_idx_x();
    let threads = c.threads as i32;
    let k = (op.bytes * 8 / bits) as i32;
    let per_warp = c.instructions / c.threads.div_ceil(32);
    if t < threads {
        let mut j = 0;
        while j < per_warp as i32 {
            let i = tv.offset(t + threads * j * k);
            let dst = (smem.offset(i) as u32) * (bits / 8);
            let from = u64::from(gmem.offset(i) as u32) * u64::from(bits / 8);
            cute_gpu::banks::cp_async_access(op, dst, src, from);
            j += 1;
        }
    }
    cute_gpu::arch::cp_async_fence();
    cute_gpu::arch::cp_async_wait::<0>();
}

/// The `cp.async` cases: `name: global layout type, shared layout type, TV layout type,
/// element bits, instruction;`.
macro_rules! cp_async_probes {
    ($($name:ident: $gmem:ty, $smem:ty, $tv:ty, $bits:literal, $op:ident;)*) => {
        /// Every `cp.async` probe (a `static`, as [`CASES`]).
        #[cfg(not(target_arch = "nvptx64"))]
        pub static CP_ASYNC_CASES: &[CpAsyncCase] = &[$(
            CpAsyncCase {
                name: stringify!($name),
                gmem: |f| fmt::Display::fmt(&<$gmem>::new(), f),
                smem: |f| fmt::Display::fmt(&<$smem>::new(), f),
                tv: |f| fmt::Display::fmt(&<$tv>::new(), f),
                bits: $bits,
                op: $op,
                smem_bytes: smem_bytes::<$smem>($bits),
                gmem_bytes: gmem_bytes::<$gmem>($bits),
                predicted: {
                    const P: BankConflicts = cp_async_bank_conflicts::<$gmem, $smem, $tv>($op, $bits);
                    P
                },
            },
        )*];

        $(
            #[cfg(target_arch = "nvptx64")]
            #[doc = concat!("The `cp.async` probe `", stringify!($name), "`: the tile from `src`.")]
            #[allow(unsafe_code)] // `no_mangle`: the kernel's name in the PTX
            #[unsafe(no_mangle)]
            pub extern "ptx-kernel" fn $name(src: cute_gpu::GmemPtr<u8>) {
                const C: BankConflicts = cp_async_bank_conflicts::<$gmem, $smem, $tv>($op, $bits);
                cp_async_probe(<$gmem>::new(), <$smem>::new(), <$tv>::new(), $op, $bits, C, src)
            }
        )*
    };
}

/// The cases: `name: smem layout type, TV layout type, element bits, instruction;`.
macro_rules! bank_probes {
    ($($name:ident: $smem:ty, $tv:ty, $bits:literal, $op:ident;)*) => {
        /// Every probe (a `static`: evaluated once, in this crate, not again in each crate that
        /// reads it; the host's table, not the device's).
        #[cfg(not(target_arch = "nvptx64"))]
        pub static CASES: &[BankCase] = &[$(
            BankCase {
                name: stringify!($name),
                smem: |f| fmt::Display::fmt(&<$smem>::new(), f),
                tv: |f| fmt::Display::fmt(&<$tv>::new(), f),
                bits: $bits,
                op: $op,
                smem_bytes: smem_bytes::<$smem>($bits),
                predicted: {
                    // One const item a case: each is its own compile-time evaluation.
                    const P: BankConflicts = bank_conflicts::<$smem, $tv>($op, $bits);
                    P
                },
            },
        )*];

        $(
            #[cfg(target_arch = "nvptx64")]
            #[doc = concat!("The probe `", stringify!($name), "`.")]
            #[allow(unsafe_code)] // `no_mangle`: the kernel's name in the PTX
            #[unsafe(no_mangle)]
            pub extern "ptx-kernel" fn $name() {
                const C: BankConflicts = bank_conflicts::<$smem, $tv>($op, $bits);
                probe(<$smem>::new(), <$tv>::new(), $op, $bits, C)
            }
        )*
    };
}

bank_probes! {
    bank_k_inter_ldsm1: layout_t!((_8,_8):(_8,_1)), layout_t!((_8,_8):(_1,_8)), 16, LDSM_X1;
    bank_k_sw32_ldsm2: Swizzled<Swizzle<1, 3, 3>, layout_t!((_8,_16):(_16,_1))>, layout_t!(((_8,_2),_8):((_1,_64),_8)), 16, LDSM_X2;
    bank_k_sw64_ldsm4: Swizzled<Swizzle<2, 3, 3>, layout_t!((_8,_32):(_32,_1))>, layout_t!(((_8,_4),_8):((_1,_64),_8)), 16, LDSM_X4;
    bank_k_sw128_ldsm4: Swizzled<Swizzle<3, 3, 3>, layout_t!((_8,_64):(_64,_1))>, layout_t!(((_8,_8),_8):((_1,_64),_8)), 16, LDSM_X4;
    bank_k_32b_ldsm2: layout_t!((_8,_16):(_16,_1)), layout_t!(((_8,_2),_8):((_1,_64),_8)), 16, LDSM_X2;
    bank_k_64b_ldsm4: layout_t!((_8,_32):(_32,_1)), layout_t!(((_8,_4),_8):((_1,_64),_8)), 16, LDSM_X4;
    bank_k_128b_ldsm4: layout_t!((_8,_64):(_64,_1)), layout_t!(((_8,_8),_8):((_1,_64),_8)), 16, LDSM_X4;
    bank_k_sw64_ldsm4t: Swizzled<Swizzle<2, 3, 3>, layout_t!((_8,_32):(_32,_1))>, layout_t!(((_8,_4),_8):((_1,_64),_8)), 16, LDSM_X4_T;
    bank_k_64b_ldsm4t: layout_t!((_8,_32):(_32,_1)), layout_t!(((_8,_4),_8):((_1,_64),_8)), 16, LDSM_X4_T;
    bank_k_sw128_stsm4: Swizzled<Swizzle<3, 3, 3>, layout_t!((_8,_64):(_64,_1))>, layout_t!(((_8,_8),_8):((_1,_64),_8)), 16, STSM_X4;
    bank_k_sw64_stsm4: Swizzled<Swizzle<2, 3, 3>, layout_t!((_8,_32):(_32,_1))>, layout_t!(((_8,_4),_8):((_1,_64),_8)), 16, STSM_X4;
    bank_k_128b_stsm4: layout_t!((_8,_64):(_64,_1)), layout_t!(((_8,_8),_8):((_1,_64),_8)), 16, STSM_X4;
    bank_k_sw32_stsm2: Swizzled<Swizzle<1, 3, 3>, layout_t!((_8,_16):(_16,_1))>, layout_t!(((_8,_2),_8):((_1,_64),_8)), 16, STSM_X2;
    bank_mn_inter_ldsm1t: layout_t!((_8,_8):(_1,_8)), layout_t!((_8,_8):(_8,_1)), 16, LDSM_X1_T;
    bank_mn_sw32_ldsm2t: Swizzled<Swizzle<1, 3, 3>, layout_t!((_16,_8):(_1,_16))>, layout_t!(((_8,_2),_8):((_16,_8),_1)), 16, LDSM_X2_T;
    bank_mn_sw64_ldsm4t: Swizzled<Swizzle<2, 3, 3>, layout_t!((_32,_8):(_1,_32))>, layout_t!(((_8,_4),_8):((_32,_8),_1)), 16, LDSM_X4_T;
    bank_mn_sw128_ldsm4t: Swizzled<Swizzle<3, 3, 3>, layout_t!((_64,_8):(_1,_64))>, layout_t!(((_8,_8),_8):((_64,_8),_1)), 16, LDSM_X4_T;
    bank_mn_64b_ldsm4t: layout_t!((_32,_8):(_1,_32)), layout_t!(((_8,_4),_8):((_32,_8),_1)), 16, LDSM_X4_T;
    bank_mn_128b_ldsm4t: layout_t!((_64,_8):(_1,_64)), layout_t!(((_8,_8),_8):((_64,_8),_1)), 16, LDSM_X4_T;
    bank_mn_sw128_stsm4t: Swizzled<Swizzle<3, 3, 3>, layout_t!((_64,_8):(_1,_64))>, layout_t!(((_8,_8),_8):((_64,_8),_1)), 16, STSM_X4_T;
    bank_rm_row128_ld: layout_t!((_32,_32):(_32,_1)), layout_t!(((_8,_4),(_4,_8)):((_128,_1),(_32,_4))), 32, LDS_128;
    bank_rm_col128_ld: layout_t!((_32,_32):(_32,_1)), layout_t!((_32,_32):(_1,_32)), 32, LDS_128;
    bank_pad4_col128_ld: layout_t!((_32,_32):(_36,_1)), layout_t!((_32,_32):(_1,_32)), 32, LDS_128;
    bank_sw323_col128_ld: Swizzled<Swizzle<3, 2, 3>, layout_t!((_32,_32):(_32,_1))>, layout_t!((_32,_32):(_1,_32)), 32, LDS_128;
    bank_sw323_row128_ld: Swizzled<Swizzle<3, 2, 3>, layout_t!((_32,_32):(_32,_1))>, layout_t!(((_8,_4),(_4,_8)):((_128,_1),(_32,_4))), 32, LDS_128;
    bank_rm_row64_ld: layout_t!((_32,_32):(_32,_1)), layout_t!(((_16,_2),(_2,_16)):((_64,_1),(_32,_2))), 32, LDS_64;
    bank_rm_col64_ld: layout_t!((_32,_32):(_32,_1)), layout_t!((_32,_32):(_1,_32)), 32, LDS_64;
    bank_pad2_col64_ld: layout_t!((_32,_32):(_34,_1)), layout_t!((_32,_32):(_1,_32)), 32, LDS_64;
    bank_sw415_col64_ld: Swizzled<Swizzle<4, 1, 5>, layout_t!((_32,_32):(_32,_1))>, layout_t!((_32,_32):(_1,_32)), 32, LDS_64;
    bank_rm_row32_ld: layout_t!((_32,_32):(_32,_1)), layout_t!((_32,_32):(_32,_1)), 32, LDS_32;
    bank_rm_col32_ld: layout_t!((_32,_32):(_32,_1)), layout_t!((_32,_32):(_1,_32)), 32, LDS_32;
    bank_pad1_col32_ld: layout_t!((_32,_32):(_33,_1)), layout_t!((_32,_32):(_1,_32)), 32, LDS_32;
    bank_sw505_col32_ld: Swizzled<Swizzle<5, 0, 5>, layout_t!((_32,_32):(_32,_1))>, layout_t!((_32,_32):(_1,_32)), 32, LDS_32;
    bank_sw505_row32_ld: Swizzled<Swizzle<5, 0, 5>, layout_t!((_32,_32):(_32,_1))>, layout_t!((_32,_32):(_32,_1)), 32, LDS_32;
    bank_rm_row128_st: layout_t!((_32,_32):(_32,_1)), layout_t!(((_8,_4),(_4,_8)):((_128,_1),(_32,_4))), 32, STS_128;
    bank_rm_col128_st: layout_t!((_32,_32):(_32,_1)), layout_t!((_32,_32):(_1,_32)), 32, STS_128;
    bank_pad4_col128_st: layout_t!((_32,_32):(_36,_1)), layout_t!((_32,_32):(_1,_32)), 32, STS_128;
    bank_sw323_col128_st: Swizzled<Swizzle<3, 2, 3>, layout_t!((_32,_32):(_32,_1))>, layout_t!((_32,_32):(_1,_32)), 32, STS_128;
    bank_sw323_row128_st: Swizzled<Swizzle<3, 2, 3>, layout_t!((_32,_32):(_32,_1))>, layout_t!(((_8,_4),(_4,_8)):((_128,_1),(_32,_4))), 32, STS_128;
    bank_rm_row64_st: layout_t!((_32,_32):(_32,_1)), layout_t!(((_16,_2),(_2,_16)):((_64,_1),(_32,_2))), 32, STS_64;
    bank_rm_col64_st: layout_t!((_32,_32):(_32,_1)), layout_t!((_32,_32):(_1,_32)), 32, STS_64;
    bank_pad2_col64_st: layout_t!((_32,_32):(_34,_1)), layout_t!((_32,_32):(_1,_32)), 32, STS_64;
    bank_sw415_col64_st: Swizzled<Swizzle<4, 1, 5>, layout_t!((_32,_32):(_32,_1))>, layout_t!((_32,_32):(_1,_32)), 32, STS_64;
    bank_rm_row32_st: layout_t!((_32,_32):(_32,_1)), layout_t!((_32,_32):(_32,_1)), 32, STS_32;
    bank_rm_col32_st: layout_t!((_32,_32):(_32,_1)), layout_t!((_32,_32):(_1,_32)), 32, STS_32;
    bank_pad1_col32_st: layout_t!((_32,_32):(_33,_1)), layout_t!((_32,_32):(_1,_32)), 32, STS_32;
    bank_sw505_col32_st: Swizzled<Swizzle<5, 0, 5>, layout_t!((_32,_32):(_32,_1))>, layout_t!((_32,_32):(_1,_32)), 32, STS_32;
    bank_sw505_row32_st: Swizzled<Swizzle<5, 0, 5>, layout_t!((_32,_32):(_32,_1))>, layout_t!((_32,_32):(_32,_1)), 32, STS_32;
    bank_pad2_col32_ld: layout_t!((_32,_32):(_34,_1)), layout_t!((_32,_32):(_1,_32)), 32, LDS_32;
    bank_pad8_col32_ld: layout_t!((_32,_32):(_40,_1)), layout_t!((_32,_32):(_1,_32)), 32, LDS_32;
    bank_pad16_col32_ld: layout_t!((_32,_32):(_48,_1)), layout_t!((_32,_32):(_1,_32)), 32, LDS_32;
    bank_pad8_col128_ld: layout_t!((_32,_32):(_40,_1)), layout_t!((_32,_32):(_1,_32)), 32, LDS_128;
    bank_pad4_col64_ld: layout_t!((_32,_32):(_36,_1)), layout_t!((_32,_32):(_1,_32)), 32, LDS_64;
    bank_pad8_col128_st: layout_t!((_32,_32):(_40,_1)), layout_t!((_32,_32):(_1,_32)), 32, STS_128;
    bank_sgemm1_nt_sa_st: layout_t!((_128,_8):(_1,_128)), layout_t!(((_32,_8),_4):((_1,_128),_32)), 32, STS_32;
    bank_sgemm1_tn_sa_st: layout_t!((_128,_8):(_8,_1)), layout_t!(((_8,_32),_4):((_128,_1),_32)), 32, STS_32;
    bank_sgemm2_tn_sa_st: layout_t!((_128,_8):(_1,_129)), layout_t!(((_8,_32),_4):((_128,_1),_32)), 32, STS_32;
    bank_sgemm2_nt_sa_st128: layout_t!((_128,_8):(_1,_128)), layout_t!(((_32,_8),_4):((_4,_128),_1)), 32, STS_128;
    bank_sgemm_nt_sa_ld: layout_t!((_128,_8):(_1,_128)), layout_t!(((_16,_16),_8):((_1,_0),_16)), 32, LDS_32;
    bank_sgemm2_tn_sa_ld: layout_t!((_128,_8):(_1,_129)), layout_t!(((_16,_16),_8):((_1,_0),_16)), 32, LDS_32;
    bank_transpose_sw_ld: Swizzled<Swizzle<5, 0, 6>, layout_t!((_64,_64):(_64,_1))>, layout_t!(((_32,_8),(_2,_8)):((_1,_64),(_32,_512))), 32, LDS_32;
    bank_transpose_rm_ld: layout_t!((_64,_64):(_64,_1)), layout_t!(((_32,_8),(_2,_8)):((_1,_64),(_32,_512))), 32, LDS_32;
    bank_transpose_sw_st: Swizzled<Swizzle<5, 0, 6>, layout_t!((_64,_64):(_64,_1))>, layout_t!(((_32,_8),(_2,_8)):((_1,_64),(_32,_512))), 32, STS_32;
    bank_hgemm_sm80_sa_ldsm4: Swizzled<Swizzle<3, 3, 3>, layout_t!(((_8,_16),(_8,_8)):((_8,_512),(_1,_64)))>, layout_t!(((_16,_2),_8):((_1,_1024),_128)), 16, LDSM_X4;
    bank_hgemm_nosw_sa_ldsm4: layout_t!(((_8,_16),(_8,_8)):((_8,_512),(_1,_64))), layout_t!(((_16,_2),_8):((_1,_1024),_128)), 16, LDSM_X4;
    bank_pair1_ld128: layout_t!((_32,_32):(_32,_1)), layout_t!(((_2,_8,_2),(_4,_16)):((_0,_128,_1),(_32,_2))), 32, LDS_128;
    bank_pair1_ld64: layout_t!((_32,_32):(_32,_1)), layout_t!(((_2,_16),(_2,_32)):((_0,_64),(_32,_1))), 32, LDS_64;
    bank_pair2_ld128: layout_t!((_32,_32):(_32,_1)), layout_t!(((_2,_2,_4,_2),(_4,_16)):((_128,_0,_256,_1),(_32,_2))), 32, LDS_128;
    bank_dup16_ld128: layout_t!((_32,_32):(_32,_1)), layout_t!(((_8,_2,_2),(_4,_16)):((_128,_1,_0),(_32,_2))), 32, LDS_128;
    bank_bcast_ld128: layout_t!((_32,_32):(_32,_1)), layout_t!((_32,(_4,_8)):(_0,(_32,_1))), 32, LDS_128;
    bank_bcast_ld32: layout_t!((_32,_32):(_32,_1)), layout_t!((_32,_8):(_0,_1)), 32, LDS_32;
    bank_bcast_st128: layout_t!((_32,_32):(_32,_1)), layout_t!((_32,(_4,_8)):(_0,(_32,_1))), 32, STS_128;
    bank_pair1_st128: layout_t!((_32,_32):(_32,_1)), layout_t!(((_2,_8,_2),(_4,_16)):((_0,_128,_1),(_32,_2))), 32, STS_128;
    // The swizzle search's answers to the CUTLASS issues (docs/banks.md), and what they replace.
    bank_issue1882_rm_st32: layout_t!((_16,_32):(_32,_1)), layout_t!(((_16,_16),_2):((_1,_32),_16)), 16, STS_32;
    bank_issue1882_sw_st32: Swizzled<Swizzle<3, 2, 4>, layout_t!((_16,_32):(_32,_1))>, layout_t!(((_16,_16),_2):((_1,_32),_16)), 16, STS_32;
    bank_issue1882_sw_ld32: Swizzled<Swizzle<3, 2, 4>, layout_t!((_16,_32):(_32,_1))>, layout_t!(((_16,_16),_2):((_1,_32),_16)), 16, LDS_32;
    bank_issue3172_cm_ldsm4t: layout_t!((_128,_32):(_1,_128)), layout_t!(((_8,_2,_2),_8):((_128,_8,_1024),_1)), 16, LDSM_X4_T;
    bank_issue3172_sw_ldsm4t: Swizzled<Swizzle<3, 3, 4>, layout_t!((_128,_32):(_1,_128))>, layout_t!(((_8,_2,_2),_8):((_128,_8,_1024),_1)), 16, LDSM_X4_T;
    bank_issue3172_sw_st128: Swizzled<Swizzle<3, 3, 4>, layout_t!((_128,_32):(_1,_128))>, layout_t!(((_16,_8),(_8,_4)):((_8,_128),(_1,_1024))), 16, STS_128;
    bank_issue2810_rm_ldsm4: layout_t!((_128,_32):(_32,_1)), layout_t!(((_8,_2,_2),_8):((_1,_1024,_8),_128)), 16, LDSM_X4;
    bank_issue2810_sw_ldsm4: Swizzled<Swizzle<2, 3, 3>, layout_t!((_128,_32):(_32,_1))>, layout_t!(((_8,_2,_2),_8):((_1,_1024,_8),_128)), 16, LDSM_X4;
    bank_issue2810_sw_st128: Swizzled<Swizzle<2, 3, 3>, layout_t!((_128,_32):(_32,_1))>, layout_t!(((_4,_32),_8):((_1024,_1),_128)), 16, STS_128;
    // make_tiled_copy_A(ldmatrix, the SM80 16x8x16 MMA on (2,2,1) atoms): each thread's
    // partition_S of a 64x32 half_t tile, K-major for LDSM_N, M-major for LDSM_T (the TV layouts
    // TiledCopy::bank_conflicts_S analyses; gpu/host/tests/banks.rs ties them together).
    bank_tiledcopy_ldsm_n: layout_t!((_64,_32):(_32,_1)), layout_t!(((_16,_2,_2,_2),((_8,_1),(_2,_2))):((_1,_512,_16,_0),((_64,_0),(_32,_1024)))), 16, LDSM_X4;
    bank_tiledcopy_ldsm_n_sw: Swizzled<Swizzle<2, 3, 3>, layout_t!((_64,_32):(_32,_1))>, layout_t!(((_16,_2,_2,_2),((_8,_1),(_2,_2))):((_1,_512,_16,_0),((_64,_0),(_32,_1024)))), 16, LDSM_X4;
    bank_tiledcopy_ldsm_t: layout_t!((_64,_32):(_1,_64)), layout_t!(((_8,_2,_2,_2,_2),((_8,_1),(_2,_2))):((_64,_8,_512,_16,_0),((_1,_0),(_32,_1024)))), 16, LDSM_X4_T;
    bank_tiledcopy_ldsm_t_sw: Swizzled<Swizzle<3, 3, 3>, layout_t!((_64,_32):(_1,_64))>, layout_t!(((_8,_2,_2,_2,_2),((_8,_1),(_2,_2))):((_64,_8,_512,_16,_0),((_1,_0),(_32,_1024)))), 16, LDSM_X4_T;
}

/// CuTe's SM80 GEMM copy (`sgemm_sm80`'s `half_t` TN path: 8 threads a row of 8 `half_t`, 32
/// rows a pass) of a 64x64 K-major tile.
type HgemmTv = layout_t!(((_8,_32),(_8,_2)):((_512,_1),(_64,_32)));
/// Its global tile, K-major.
type HgemmG = layout_t!((_64,_64):(_64,_1));
/// A 32x32 `float` tile, row-major.
type Rm32 = layout_t!((_32,_32):(_32,_1));
/// Thread `t` reads row `t` of a 32x32 tile, a value at a time (`(_32,_32):(_1,_32)`).
type Col32 = layout_t!((_32,_32):(_1,_32));

cp_async_probes! {
    // CuTe's SM80 GEMM copy: into the tile plain, swizzled as sgemm_sm80's Sw<3,3,3>, and into
    // rows padded to 72 half_t (16 bytes), with .ca and .cg.
    bank_cpa_hgemm_ca: HgemmG, HgemmG, HgemmTv, 16, CA_128;
    bank_cpa_hgemm_cg: HgemmG, HgemmG, HgemmTv, 16, CG_128;
    bank_cpa_hgemm_sw_ca: HgemmG, Swizzled<Swizzle<3, 3, 3>, HgemmG>, HgemmTv, 16, CA_128;
    bank_cpa_hgemm_sw_cg: HgemmG, Swizzled<Swizzle<3, 3, 3>, HgemmG>, HgemmTv, 16, CG_128;
    bank_cpa_hgemm_pad_ca: HgemmG, layout_t!((_64,_64):(_72,_1)), HgemmTv, 16, CA_128;
    bank_cpa_hgemm_pad_cg: HgemmG, layout_t!((_64,_64):(_72,_1)), HgemmTv, 16, CG_128;
    // A 32x32 float tile, 4 bytes a thread: rows (conflict-free), columns (32 ways on both
    // sides), columns into padded shared rows (the global side still 32 ways), and columns of a
    // padded tile into padded rows (conflict-free).
    bank_cpa_rm_row32_ca: Rm32, Rm32, layout_t!((_32,_32):(_32,_1)), 32, CA_32;
    bank_cpa_rm_col32_ca: Rm32, Rm32, Col32, 32, CA_32;
    bank_cpa_pad1_col32_ca: Rm32, layout_t!((_32,_32):(_33,_1)), Col32, 32, CA_32;
    bank_cpa_pad1g_col32_ca: layout_t!((_32,_32):(_33,_1)), layout_t!((_32,_32):(_33,_1)), Col32, 32, CA_32;
    // 8 bytes a thread: rows, and columns into rows padded by 8 bytes.
    bank_cpa_rm_row64_ca: Rm32, Rm32, layout_t!(((_16,_2),(_2,_16)):((_64,_1),(_32,_2))), 32, CA_64;
    bank_cpa_pad2_col64_ca: Rm32, layout_t!((_32,_32):(_34,_1)), Col32, 32, CA_64;
    // Global and shared layouts apart: a column-major tile copied 4 bytes a thread (coalesced
    // in global memory) into a row-major tile (32 ways) and into rows padded to 33.
    bank_cpa_cm_rm_col32_ca: layout_t!((_32,_32):(_1,_32)), Rm32, Col32, 32, CA_32;
    bank_cpa_cm_pad1_col32_ca: layout_t!((_32,_32):(_1,_32)), layout_t!((_32,_32):(_33,_1)), Col32, 32, CA_32;
}
