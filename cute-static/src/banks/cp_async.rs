//! `cp.async`'s writes into shared memory (SASS `LDGSTS`): their wavefronts depend on the global
//! sources as much as on the shared destinations, because the hardware writes each piece of
//! global data as it arrives. The rule, found on 5,702 single-warp measurements of the H100
//! (`docs/data/cp-async-h100.txt`, `docs/data/cp-async-h100-2.txt`; Nsight Compute's
//! `sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum`), with global offsets
//! from a 128-byte-aligned base and a lane's banks those of the 4-byte words it writes or reads:
//!
//! * `cp.async.ca` (4, 8 or 16 bytes a lane; CuTe's `SM80_CP_ASYNC_CACHEALWAYS`): the lanes in
//!   groups of `128 / bytes` consecutive lanes, counted apart. Two active lanes of a group clash
//!   when their global bytes fall in a common bank (the same place in a 128-byte line, the same
//!   address included) or their shared bytes do (the same word included: writes do not merge).
//!   A group costs one wavefront plus the most lanes any one lane clashes with.
//! * `cp.async.cg` (16 bytes; `SM80_CP_ASYNC_CACHEGLOBAL`): of the lanes writing one shared
//!   address only the lowest counts. The others are cut into pieces by (global 128-byte line,
//!   shared 128-byte row) over the whole warp, and each piece costs one wavefront a *class* of
//!   its lanes: with `x` the 16-byte chunk a lane moves by, `((src ^ dst) >> 4) & 7`, a lane is
//!   *whole* when the other half of its 32-byte global sector (`src ^ 16`) goes in the same
//!   piece with the same `x`, and its class is `(x & 3, whole, and for a lane not whole the half
//!   it reads)`. A global chunk copied to two or more shared addresses is not modelled (the
//!   measurements of such copies are not all explained): an error, not a guess.

use super::{BANK_BYTES, BANKS, Wavefronts};
use crate::error::Msg;

/// A `cp.async` instruction: global to shared memory, `bytes` a lane.
///
/// ```
/// use cute_static::banks::CpAsync;
/// // CuTe's SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>.
/// let op: CpAsync = "cp.async.cg".parse().unwrap();
/// assert_eq!(op, CpAsync { bytes: 16, global: true });
/// assert_eq!(CpAsync { bytes: 8, global: false }.to_string(), "cp.async.ca.64");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CpAsync {
    /// 4, 8 or 16 (`.cg`: 16).
    pub bytes: u32,
    /// `.cg` (cache at the L2 only, CuTe's `CACHEGLOBAL`); `.ca` otherwise (`CACHEALWAYS`).
    pub global: bool,
}

/// The names `cp.async` instructions parse from.
pub const CP_ASYNC_NAMES: &str = "cp.async.ca.32|64|128, cp.async.cg[.128]";

impl CpAsync {
    /// Whether the hardware has it: `.ca` of 4, 8 or 16 bytes, `.cg` of 16.
    ///
    /// ```
    /// use cute_static::banks::CpAsync;
    /// assert!(!CpAsync { bytes: 8, global: true }.is_valid());
    /// ```
    pub const fn is_valid(self) -> bool {
        if self.global {
            self.bytes == 16
        } else {
            matches!(self.bytes, 4 | 8 | 16)
        }
    }
}

impl core::fmt::Display for CpAsync {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let cache = if self.global { "cg" } else { "ca" };
        write!(f, "cp.async.{cache}.{}", 8 * self.bytes)
    }
}

impl core::str::FromStr for CpAsync {
    type Err = &'static str;

    fn from_str(s: &str) -> Result<CpAsync, &'static str> {
        let op = match s {
            "cp.async.cg" | "cp.async.cg.128" => CpAsync {
                bytes: 16,
                global: true,
            },
            "cp.async.ca.32" => CpAsync {
                bytes: 4,
                global: false,
            },
            "cp.async.ca.64" => CpAsync {
                bytes: 8,
                global: false,
            },
            "cp.async.ca.128" => CpAsync {
                bytes: 16,
                global: false,
            },
            _ => return Err(CP_ASYNC_NAMES),
        };
        Ok(op)
    }
}

/// Why a `cp.async` instruction has no count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CpAsyncError {
    /// Not an instruction the hardware has ([`CpAsync::is_valid`]).
    Invalid(CpAsync),
    /// `.cg` copies the global chunk at `src` (bytes) to shared addresses `dst` and `again`: the
    /// rule does not cover a repeated source.
    RepeatedSource {
        /// The global offset.
        src: u32,
        /// Two of the shared offsets it goes to.
        dst: u32,
        /// The second.
        again: u32,
    },
}

impl CpAsyncError {
    /// The message.
    ///
    /// ```
    /// use cute_static::banks::{CpAsync, CpAsyncError};
    /// let e = CpAsyncError::Invalid(CpAsync { bytes: 2, global: false });
    /// assert!(e.message().as_str().starts_with("bank_conflicts: "));
    /// ```
    pub const fn message(&self) -> Msg {
        let mut m = Msg::new("bank_conflicts: ");
        match *self {
            CpAsyncError::Invalid(op) => {
                m.str("cp.async of ")
                    .num(op.bytes as i32)
                    .str(" bytes a lane");
                m.str(if op.global { " with .cg" } else { " with .ca" });
                m.str(" is not an instruction the hardware has (.ca: 4, 8 or 16 bytes; .cg: 16)");
            }
            CpAsyncError::RepeatedSource { src, dst, again } => {
                m.str("cp.async.cg copies global offset ")
                    .num64(src as i64)
                    .str(" to shared offsets ")
                    .num64(dst as i64)
                    .str(" and ")
                    .num64(again as i64)
                    .str(": a global chunk copied to several shared addresses is not modelled");
            }
        }
        m
    }
}

/// The banks of the `bytes` bytes at `a`, a bit a bank.
const fn bank_mask(a: u32, bytes: u32) -> u32 {
    let mut mask = 0;
    let mut k = 0;
    while k < bytes.div_ceil(BANK_BYTES) {
        mask |= 1 << ((a / BANK_BYTES + k) % BANKS);
        k += 1;
    }
    mask
}

/// The wavefronts of one warp's `op` whose lanes write the shared byte offsets `dst` (`None`:
/// an inactive lane) from the global byte offsets `src` (from a 128-byte-aligned base), by the
/// rule in `docs/banks.md` ("cp.async: both sides of the copy"): `.ca` by groups of lanes that
/// clash on either side, `.cg` by (global line, shared row) pieces and their classes. `ideal`
/// is a wavefront for each group of `.ca` lanes, for each (line, row) piece of `.cg`; `bank` and `lanes` name the worst clash: the lane that clashes
/// most and the lanes it clashes with, with its first shared bank (`.ca`), or the lanes and
/// first bank of the piece of most classes (`.cg`).
///
/// ```
/// use cute_static::banks::{cp_async_wavefronts, CpAsync};
/// // 16-byte copies of one consecutive 512-byte row: one wavefront a 128-byte line.
/// let (mut dst, mut src) = ([None; 32], [0; 32]);
/// for l in 0..32 { dst[l] = Some(16 * l as u32); src[l] = 16 * l as u32; }
/// let cg = CpAsync { bytes: 16, global: true };
/// assert_eq!(cp_async_wavefronts(cg, &dst, &src).map(|w| w.count), Ok(4));
/// // The same destinations from a column of 128-byte-apart sources: each line is a piece.
/// for l in 0..32 { src[l] = 128 * l as u32; }
/// assert_eq!(cp_async_wavefronts(cg, &dst, &src).map(|w| w.count), Ok(32));
/// ```
pub const fn cp_async_wavefronts(
    op: CpAsync,
    dst: &[Option<u32>; 32],
    src: &[u32; 32],
) -> Result<Wavefronts, CpAsyncError> {
    if !op.is_valid() {
        return Err(CpAsyncError::Invalid(op));
    }
    if op.global {
        global(dst, src)
    } else {
        Ok(always(op.bytes, dst, src))
    }
}

/// `.ca`: per group, one wavefront plus the most lanes one lane clashes with.
const fn always(bytes: u32, dst: &[Option<u32>; 32], src: &[u32; 32]) -> Wavefronts {
    let per = (128 / bytes) as usize;
    // Each active lane's global and shared banks.
    let (mut global, mut shared) = ([0u32; 32], [0u32; 32]);
    let mut t = 0;
    while t < 32 {
        if let Some(d) = dst[t] {
            global[t] = bank_mask(src[t], bytes);
            shared[t] = bank_mask(d, bytes);
        }
        t += 1;
    }
    let mut out = Wavefronts::NONE;
    let mut worst = 0;
    let mut start = 0;
    while start < 32 {
        let mut most = 0;
        let mut active = false;
        let mut t = start;
        while t < start + per {
            if let Some(d) = dst[t] {
                active = true;
                let mut clash = 1u32 << t;
                let mut n = 0;
                let mut u = start;
                while u < start + per {
                    if dst[u].is_some()
                        && u != t
                        && (global[t] & global[u] != 0 || shared[t] & shared[u] != 0)
                    {
                        clash |= 1 << u;
                        n += 1;
                    }
                    u += 1;
                }
                if n > most {
                    most = n;
                }
                if n > worst {
                    worst = n;
                    out.bank = (d / BANK_BYTES) % BANKS;
                    out.lanes = clash;
                }
            }
            t += 1;
        }
        if active {
            out.count += 1 + most;
            out.ideal += 1;
        }
        start += per;
    }
    out
}

/// `.cg`: the lanes writing a shared address first, cut into (line, row) pieces; a wavefront
/// for each class of a piece.
const fn global(dst: &[Option<u32>; 32], src: &[u32; 32]) -> Result<Wavefronts, CpAsyncError> {
    // The lanes that count: the first to write each shared address.
    let mut kept = [false; 32];
    let mut t = 0;
    while t < 32 {
        if let Some(d) = dst[t] {
            kept[t] = true;
            let mut u = 0;
            while u < t {
                if let Some(e) = dst[u] {
                    if src[u] == src[t] && e != d {
                        return Err(CpAsyncError::RepeatedSource {
                            src: src[t],
                            dst: e,
                            again: d,
                        });
                    }
                    if e == d {
                        kept[t] = false;
                    }
                }
                u += 1;
            }
        }
        t += 1;
    }
    // Each kept lane's class, as a bit.
    let mut class_bit = [0u16; 32];
    let mut t = 0;
    while t < 32 {
        if kept[t] {
            class_bit[t] = 1 << class(t, dst, src, &kept);
        }
        t += 1;
    }
    let mut out = Wavefronts::NONE;
    let mut worst = 1;
    // Each piece is counted at its first lane.
    let mut done = [false; 32];
    let mut t = 0;
    while t < 32 {
        if let (true, false, Some(d)) = (kept[t], done[t], dst[t]) {
            let (line, row) = (src[t] >> 7, d >> 7);
            let (mut classes, mut lanes) = (0u16, 0u32);
            let mut u = t;
            while u < 32 {
                if let (true, Some(e)) = (kept[u], dst[u]) {
                    if src[u] >> 7 == line && e >> 7 == row {
                        done[u] = true;
                        lanes |= 1 << u;
                        classes |= class_bit[u];
                    }
                }
                u += 1;
            }
            let n = classes.count_ones();
            out.count += n;
            out.ideal += 1;
            if n > worst {
                worst = n;
                out.bank = (d / BANK_BYTES) % BANKS;
                out.lanes = lanes;
            }
        }
        t += 1;
    }
    Ok(out)
}

/// The class of kept lane `t` in its piece, as a number below 16: `x & 3`, whole, and for a lane
/// not whole the half of its sector it reads.
const fn class(t: usize, dst: &[Option<u32>; 32], src: &[u32; 32], kept: &[bool; 32]) -> usize {
    let Some(d) = dst[t] else { return 0 };
    let x = ((src[t] ^ d) >> 4) & 7;
    let mut whole = false;
    let mut u = 0;
    while u < 32 {
        if let (true, Some(e)) = (kept[u], dst[u]) {
            // The other half of the sector, in the same piece (the same line: `src ^ 16` is),
            // moved by the same chunk.
            if src[u] == src[t] ^ 16 && e >> 7 == d >> 7 && ((src[u] ^ e) >> 4) & 7 == x {
                whole = true;
            }
        }
        u += 1;
    }
    let half = if whole { 0 } else { 1 + ((src[t] >> 4) & 1) };
    ((x & 3) as usize) * 4 + half as usize
}
