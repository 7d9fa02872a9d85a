//! Shared-memory bank conflicts, per instruction, by the hardware's rules: the one model that
//! cute-static (while compiling), cute-dynamic (at run time) and the `cute --banks` command use.
//!
//! The rule (NVIDIA Hopper, as Nsight Compute counts it: `docs/banks.md` holds the cases it was
//! proven on): shared memory is 32 banks of 4-byte words, word `w` in bank `w % 32`. A warp's
//! instruction is served in *phases*, each returning or taking at most 128 bytes:
//!
//! * `ld.shared` / `st.shared` of `n` = 4, 8 or 16 bytes a thread: the lanes in groups of
//!   `128 / n` consecutive lanes (the whole warp, half-warps, quarter-warps), one phase a group
//!   with an active lane.
//! * except a load of 8 or 16 bytes whose lanes pair up: if every active lane `l` has lane
//!   `l ^ 1` active at the same address (or else every one has lane `l ^ 2`), only one lane of
//!   each pair is served and a phase takes twice the lanes (a 16-byte broadcast: 2 phases).
//! * `ldmatrix` / `stmatrix` `.x1`, `.x2`, `.x4` (`.trans` alike): one phase a 8x8 matrix, the
//!   16-byte rows whose addresses lanes `8m .. 8m + 8` give.
//!
//! A phase costs as many *wavefronts* as the most distinct words any one bank holds in it (two
//! lanes reading the same word share it); an instruction's wavefronts are its phases'. An
//! instruction is conflict-free when it costs one wavefront a phase.
//!
//! ```
//! use cute_static::banks::{wavefronts, SmemOp};
//! // 32 lanes read 4-byte words 128 bytes apart: all in bank 0, 32 wavefronts.
//! let mut addr = [None; 32];
//! for l in 0..32 { addr[l] = Some(l as u32 * 128); }
//! let w = wavefronts(SmemOp::Load { bytes: 4 }, &addr);
//! assert_eq!((w.count, w.ideal, w.bank), (32, 1, 0));
//! ```

use crate::algebra::composed::{CL, Form};
use crate::algebra::exact as ex;
pub use crate::error::Msg;
use crate::tree::List;

mod cp_async;
use crate::layout::TensorLayout;
pub use cp_async::{CP_ASYNC_NAMES, CpAsync, CpAsyncError, cp_async_wavefronts};

/// The number of banks.
pub const BANKS: u32 = 32;
/// The bytes of a bank's word.
pub const BANK_BYTES: u32 = 4;

/// A shared-memory instruction, as the hardware serves it.
///
/// ```
/// use cute_static::banks::SmemOp;
/// // CuTe's SM75_U32x4_LDSM_N: ldmatrix.x4, a 16-byte row from each of 32 lanes.
/// let op: SmemOp = "ldmatrix.x4".parse().unwrap();
/// assert_eq!((op.bytes(), op.lanes()), (16, 32));
/// assert_eq!(op.to_string(), "ldmatrix.x4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmemOp {
    /// `ld.shared` of `bytes` (4, 8 or 16) a thread (`LDS`, `LDS.64`, `LDS.128`: CuTe's
    /// `UniversalCopy` / `AutoVectorizingCopy` out of shared memory).
    Load {
        /// 4, 8 or 16.
        bytes: u32,
    },
    /// `st.shared` of `bytes` (4, 8 or 16) a thread (`STS`, `STS.64`, `STS.128`).
    Store {
        /// 4, 8 or 16.
        bytes: u32,
    },
    /// `ldmatrix.x{x}[.trans]` (CuTe's `SM75_U32x{x}_LDSM_N`, `SM75_U16x{2x}_LDSM_T`): `x` = 1,
    /// 2 or 4 matrices of 8 16-byte rows.
    Ldmatrix {
        /// 1, 2 or 4.
        x: u32,
        /// `.trans` (the same rows, transposed into the registers).
        trans: bool,
    },
    /// `stmatrix.x{x}[.trans]` (CuTe's `SM90_U32x{x}_STSM_N`, `SM90_U16x{2x}_STSM_T`).
    Stmatrix {
        /// 1, 2 or 4.
        x: u32,
        /// `.trans`.
        trans: bool,
    },
}

impl SmemOp {
    /// Whether the operands are ones the hardware has (4, 8, 16 bytes; 1, 2, 4 matrices).
    ///
    /// ```
    /// use cute_static::banks::SmemOp;
    /// assert!(!SmemOp::Load { bytes: 2 }.is_valid());
    /// ```
    pub const fn is_valid(self) -> bool {
        match self {
            SmemOp::Load { bytes } | SmemOp::Store { bytes } => matches!(bytes, 4 | 8 | 16),
            SmemOp::Ldmatrix { x, .. } | SmemOp::Stmatrix { x, .. } => matches!(x, 1 | 2 | 4),
        }
    }

    /// The bytes one lane reads or writes: the vector, or a matrix row (16).
    ///
    /// ```
    /// use cute_static::banks::SmemOp;
    /// assert_eq!(SmemOp::Store { bytes: 8 }.bytes(), 8);
    /// ```
    pub const fn bytes(self) -> u32 {
        match self {
            SmemOp::Load { bytes } | SmemOp::Store { bytes } => bytes,
            SmemOp::Ldmatrix { .. } | SmemOp::Stmatrix { .. } => 16,
        }
    }

    /// The lanes whose addresses the instruction uses: 32, or 8 a matrix.
    ///
    /// ```
    /// use cute_static::banks::SmemOp;
    /// assert_eq!(SmemOp::Ldmatrix { x: 2, trans: false }.lanes(), 16);
    /// ```
    pub const fn lanes(self) -> u32 {
        match self {
            SmemOp::Load { .. } | SmemOp::Store { .. } => 32,
            SmemOp::Ldmatrix { x, .. } | SmemOp::Stmatrix { x, .. } => 8 * x,
        }
    }

    /// Whether it reads shared memory (Nsight Compute's `op_ld`; a write is `op_st`).
    ///
    /// ```
    /// use cute_static::banks::SmemOp;
    /// assert!(SmemOp::Ldmatrix { x: 4, trans: true }.is_load());
    /// ```
    pub const fn is_load(self) -> bool {
        matches!(self, SmemOp::Load { .. } | SmemOp::Ldmatrix { .. })
    }

    /// The lanes one phase serves (before the pairing of 8- and 16-byte loads).
    const fn phase_lanes(self) -> u32 {
        match self {
            SmemOp::Load { bytes } | SmemOp::Store { bytes } => 128 / bytes,
            SmemOp::Ldmatrix { .. } | SmemOp::Stmatrix { .. } => 8,
        }
    }
}

impl core::fmt::Display for SmemOp {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut m = Msg::new("");
        describe_op(&mut m, *self);
        f.write_str(m.as_str())
    }
}

/// The instruction names [`SmemOp`]'s `parse` takes.
pub const SMEM_OP_NAMES: &str = "ld.shared.32|64|128, st.shared.32|64|128, ldmatrix.x1|x2|x4[.trans], stmatrix.x1|x2|x4[.trans]";

impl core::str::FromStr for SmemOp {
    type Err = &'static str;

    /// `ld.shared.128`, `st.shared.64`, `ldmatrix.x4.trans`, `stmatrix.x2`, ... ([`SMEM_OP_NAMES`]).
    fn from_str(s: &str) -> Result<SmemOp, &'static str> {
        let bits = |b: &str| match b {
            "32" => Ok(4),
            "64" => Ok(8),
            "128" => Ok(16),
            _ => Err(SMEM_OP_NAMES),
        };
        let matrices = |m: &str| {
            let (x, trans) = match m.strip_suffix(".trans") {
                Some(x) => (x, true),
                None => (m, false),
            };
            match x {
                "x1" => Ok((1, trans)),
                "x2" => Ok((2, trans)),
                "x4" => Ok((4, trans)),
                _ => Err(SMEM_OP_NAMES),
            }
        };
        if let Some(b) = s.strip_prefix("ld.shared.") {
            Ok(SmemOp::Load { bytes: bits(b)? })
        } else if let Some(b) = s.strip_prefix("st.shared.") {
            Ok(SmemOp::Store { bytes: bits(b)? })
        } else if let Some(m) = s.strip_prefix("ldmatrix.") {
            let (x, trans) = matrices(m)?;
            Ok(SmemOp::Ldmatrix { x, trans })
        } else if let Some(m) = s.strip_prefix("stmatrix.") {
            let (x, trans) = matrices(m)?;
            Ok(SmemOp::Stmatrix { x, trans })
        } else {
            Err(SMEM_OP_NAMES)
        }
    }
}

/// One warp instruction's cost: its wavefronts, the conflict-free count, and where the worst
/// phase collides.
///
/// ```
/// use cute_static::banks::{wavefronts, SmemOp};
/// // Lanes 0 and 16 write different words of bank 0 in the one phase of a 32-bit store.
/// let mut addr = [None; 32];
/// for l in 0..32 { addr[l] = Some(4 * (l as u32 % 16) + 128 * (l as u32 / 16)); }
/// let w = wavefronts(SmemOp::Store { bytes: 4 }, &addr);
/// assert_eq!((w.count, w.ideal, w.conflicts()), (2, 1, 1));
/// assert_eq!(w.lanes, 1 | 1 << 16);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wavefronts {
    /// The wavefronts the instruction costs.
    pub count: u32,
    /// The wavefronts without bank conflicts: one a phase with an active lane.
    pub ideal: u32,
    /// The bank holding the most distinct words of the worst phase (0 without conflicts).
    pub bank: u32,
    /// In that phase, one lane for each distinct word of that bank (a bit a lane); 0 without
    /// conflicts.
    pub lanes: u32,
}

impl Wavefronts {
    /// The wavefronts the bank conflicts add: `count - ideal`.
    ///
    /// ```
    /// use cute_static::banks::{wavefronts, SmemOp};
    /// assert_eq!(wavefronts(SmemOp::Load { bytes: 16 }, &[Some(0); 32]).conflicts(), 0);
    /// ```
    pub const fn conflicts(&self) -> u32 {
        self.count - self.ideal
    }

    /// Nothing counted yet.
    pub(crate) const NONE: Wavefronts = Wavefronts {
        count: 0,
        ideal: 0,
        bank: 0,
        lanes: 0,
    };
}

/// The pairing of an 8- or 16-byte load: `1` if every active lane `l` has lane `l ^ 1` active
/// at its address, else `2` if every one has lane `l ^ 2`, else `0`.
const fn paired(addr: &[Option<u32>; 32]) -> u32 {
    let mut x = 1;
    while x <= 2 {
        let mut all = true;
        let mut l = 0;
        while l < 32 {
            if let Some(a) = addr[l] {
                match addr[l ^ x] {
                    Some(b) if b == a => {}
                    _ => all = false,
                }
            }
            l += 1;
        }
        if all {
            return x as u32;
        }
        x += 1;
    }
    0
}

/// The wavefronts of one warp instruction `op` whose lanes give the byte addresses `addr`
/// (`None`: an inactive lane; lanes past `op.lanes()` are not read). By the rule of the
/// [module](self). Each address is the start of the lane's `op.bytes()` bytes; a caller
/// aligns it (the hardware requires it).
///
/// ```
/// use cute_static::banks::{wavefronts, SmemOp};
/// // ldmatrix.x4 over 16-byte rows 64 bytes apart: each matrix's 8 rows fall in 2 bank groups.
/// let mut rows = [None; 32];
/// for l in 0..32 { rows[l] = Some(64 * l as u32); }
/// let w = wavefronts(SmemOp::Ldmatrix { x: 4, trans: false }, &rows);
/// assert_eq!((w.count, w.ideal), (16, 4));
/// ```
pub const fn wavefronts(op: SmemOp, addr: &[Option<u32>; 32]) -> Wavefronts {
    let words_a_lane = op.bytes() / BANK_BYTES;
    let (skip, per) = match op {
        SmemOp::Load { bytes: 8 | 16 } => match paired(addr) {
            0 => (0, op.phase_lanes()),
            x => (x, 2 * op.phase_lanes()),
        },
        _ => (0, op.phase_lanes()),
    };
    let mut out = Wavefronts::NONE;
    let mut worst = 1;
    let mut start = 0;
    while start < op.lanes() {
        // Each bank's first word and the lane that names it, and the phase's further distinct
        // words (a bank's second, third, ... word: only where banks collide).
        let mut first = [0u32; BANKS as usize];
        let mut first_lane = [0u32; BANKS as usize];
        let mut count = [0u32; BANKS as usize];
        let mut more = [0u32; 128];
        let mut more_lane = [0u32; 128];
        let mut n = 0;
        let mut active = false;
        let mut l = start;
        while l < start + per {
            if let (Some(a), true) = (addr[l as usize], l & skip == 0) {
                active = true;
                let mut k = 0;
                while k < words_a_lane {
                    let w = a / BANK_BYTES + k;
                    let b = (w % BANKS) as usize;
                    if count[b] == 0 {
                        first[b] = w;
                        first_lane[b] = l;
                        count[b] = 1;
                    } else if first[b] != w {
                        let mut j = 0;
                        while j < n && more[j] != w {
                            j += 1;
                        }
                        if j == n {
                            more[n] = w;
                            more_lane[n] = l;
                            n += 1;
                            count[b] += 1;
                        }
                    }
                    k += 1;
                }
            }
            l += 1;
        }
        if active {
            let mut most = 0;
            let mut bank = 0;
            let mut b = 0;
            while b < BANKS as usize {
                if count[b] > most {
                    most = count[b];
                    bank = b;
                }
                b += 1;
            }
            out.count += most;
            out.ideal += 1;
            if most > worst {
                worst = most;
                out.bank = bank as u32;
                out.lanes = 1 << first_lane[bank];
                let mut j = 0;
                while j < n {
                    if (more[j] % BANKS) as usize == bank {
                        out.lanes |= 1 << more_lane[j];
                    }
                    j += 1;
                }
            }
        }
        start += per;
    }
    out
}

/// The most values one lane's vector holds: 16 bytes of 8-bit elements.
pub const MAX_VECTOR: usize = 16;

/// Why a thread's values are not one access of the instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessError {
    /// The element width does not divide the instruction's bytes per lane (or is below 8 bits).
    Width {
        /// The element's bits.
        bits: u32,
        /// The instruction's bytes a lane.
        bytes: u32,
    },
    /// Value `value` of thread `thread`'s vector from value `first` is at offset `offset`, not
    /// `expected` (the vector's values must be consecutive elements from a multiple of the
    /// vector's length, as the instruction reads them).
    NotAVector {
        /// The thread.
        thread: u32,
        /// The vector's first value (of the thread's values in the access).
        first: u32,
        /// The value out of place.
        value: u32,
        /// Its offset (elements).
        offset: i64,
        /// The offset a vector needs there (for the first value: a multiple of its length).
        expected: i64,
    },
    /// The thread's values are not a whole number of vectors.
    Values {
        /// The values a thread.
        values: u32,
        /// The elements of one vector.
        k: u32,
    },
    /// An offset outside `0 .. 2^32` bytes.
    Range {
        /// The thread.
        thread: u32,
        /// Its offset (elements).
        offset: i64,
    },
}

impl AccessError {
    /// The message: what a compile-time check panics with and cute-dynamic's error says.
    ///
    /// ```
    /// use cute_static::banks::AccessError;
    /// let e = AccessError::Width { bits: 4, bytes: 16 };
    /// assert!(e.message().as_str().starts_with("bank_conflicts: "));
    /// ```
    pub const fn message(&self) -> Msg {
        let mut m = Msg::new("bank_conflicts: ");
        match *self {
            AccessError::Width { bits, bytes } => {
                m.str("elements of ")
                    .num(bits as i32)
                    .str(" bits do not fill the instruction's ")
                    .num(bytes as i32)
                    .str(" bytes a thread (a whole number of elements of at least 8 bits)");
            }
            AccessError::NotAVector {
                thread,
                first,
                value,
                offset,
                expected,
            } => {
                m.str("the vector of thread ")
                    .num(thread as i32)
                    .str(" from its value ")
                    .num(first as i32)
                    .str(" is not consecutive elements from a multiple of its length: value ")
                    .num(value as i32)
                    .str(" is at offset ")
                    .num64(offset)
                    .str(", not ")
                    .num64(expected);
            }
            AccessError::Values { values, k } => {
                m.str("a thread's ")
                    .num(values as i32)
                    .str(" values are not a whole number of the instruction's vectors of ")
                    .num(k as i32)
                    .str(" elements");
            }
            AccessError::Range { thread, offset } => {
                m.str("thread ")
                    .num(thread as i32)
                    .str(" reaches offset ")
                    .num64(offset)
                    .str(", outside shared memory's 32-bit addresses");
            }
        }
        m
    }
}

/// The elements one lane's access holds: `op.bytes()` of `bits`-bit elements.
///
/// ```
/// use cute_static::banks::{vector_len, SmemOp};
/// assert_eq!(vector_len(SmemOp::Ldmatrix { x: 4, trans: false }, 16), Ok(8));
/// ```
pub const fn vector_len(op: SmemOp, bits: u32) -> Result<u32, AccessError> {
    let bytes = op.bytes();
    if bits < 8 || bits % 8 != 0 || (bytes * 8) % bits != 0 {
        return Err(AccessError::Width { bits, bytes });
    }
    Ok(bytes * 8 / bits)
}

/// One lane's vector, from its values' element offsets `offsets[..k]` (thread `thread`, its
/// values from `first`): the byte address, or why the values are not one access.
///
/// ```
/// use cute_static::banks::vector_address;
/// assert_eq!(vector_address(&[8, 9, 10, 11], 4, 16, 0, 0), Ok(16));
/// assert!(vector_address(&[8, 10, 12, 14], 4, 16, 0, 0).is_err());
/// ```
pub const fn vector_address(
    offsets: &[i64],
    k: u32,
    bits: u32,
    thread: u32,
    first: u32,
) -> Result<u32, AccessError> {
    let o = offsets[0];
    let mut i = 0;
    while i < k {
        let expected = if i == 0 {
            o - o.rem_euclid(k as i64)
        } else {
            o + i as i64
        };
        if offsets[i as usize] != expected {
            return Err(AccessError::NotAVector {
                thread,
                first,
                value: first + i,
                offset: offsets[i as usize],
                expected,
            });
        }
        i += 1;
    }
    let bytes = o as i128 * (bits / 8) as i128;
    if bytes < 0 || bytes > u32::MAX as i128 {
        return Err(AccessError::Range { thread, offset: o });
    }
    Ok(bytes as u32)
}

/// The wavefronts of every instruction of an access, summed: how many instructions, their
/// wavefronts, the conflict-free count, and the worst instruction (the first with the most
/// conflicts).
///
/// ```
/// use cute_static::banks::{wavefronts, BankConflicts, SmemOp};
/// let mut total = BankConflicts::new();
/// total.add(0, wavefronts(SmemOp::Load { bytes: 16 }, &[Some(0); 32]));
/// assert_eq!((total.instructions, total.wavefronts, total.ideal), (1, 2, 2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BankConflicts {
    /// The access's threads (the TV layout's first mode; 0 for a sum built by hand).
    pub threads: u32,
    /// Warp instructions.
    pub instructions: u32,
    /// Their wavefronts.
    pub wavefronts: u32,
    /// Their wavefronts without bank conflicts.
    pub ideal: u32,
    /// The index of the worst instruction (`warp * per_warp + i`) and its cost; `None` without
    /// conflicts.
    pub worst: Option<(u32, Wavefronts)>,
}

impl BankConflicts {
    /// No instruction yet.
    ///
    /// ```
    /// assert_eq!(cute_static::banks::BankConflicts::new().wavefronts, 0);
    /// ```
    pub const fn new() -> BankConflicts {
        BankConflicts {
            threads: 0,
            instructions: 0,
            wavefronts: 0,
            ideal: 0,
            worst: None,
        }
    }

    /// One more instruction, number `index`.
    ///
    /// ```
    /// use cute_static::banks::{wavefronts, BankConflicts, SmemOp};
    /// let mut t = BankConflicts::new();
    /// let mut addr = [None; 32];
    /// for l in 0..32 { addr[l] = Some(8 * l as u32); }
    /// t.add(0, wavefronts(SmemOp::Store { bytes: 4 }, &addr));
    /// assert_eq!(t.worst.map(|(i, w)| (i, w.count)), Some((0, 2)));
    /// ```
    pub const fn add(&mut self, index: u32, w: Wavefronts) {
        self.instructions += 1;
        self.wavefronts += w.count;
        self.ideal += w.ideal;
        let worse = match self.worst {
            Some((_, v)) => w.conflicts() > v.conflicts(),
            None => w.conflicts() > 0,
        };
        if worse {
            self.worst = Some((index, w));
        }
    }

    /// The wavefronts the conflicts add.
    ///
    /// ```
    /// assert_eq!(cute_static::banks::BankConflicts::new().conflicts(), 0);
    /// ```
    pub const fn conflicts(&self) -> u32 {
        self.wavefronts - self.ideal
    }

    /// The message of a conflicting access: the worst instruction, its bank and the lanes
    /// that collide in it.
    ///
    /// ```
    /// use cute_static::banks::{wavefronts, BankConflicts, SmemOp};
    /// let mut t = BankConflicts::new();
    /// let mut addr = [None; 32];
    /// for l in 0..32 { addr[l] = Some(128 * l as u32); }
    /// t.add(0, wavefronts(SmemOp::Load { bytes: 4 }, &addr));
    /// assert!(t.message(SmemOp::Load { bytes: 4 }).as_str().contains("bank 0"));
    /// ```
    pub const fn message(&self, op: SmemOp) -> Msg {
        let mut m = Msg::new("bank conflicts: ");
        m.num(self.wavefronts as i32)
            .str(" wavefronts for ")
            .num(self.instructions as i32)
            .str(" warp instructions where ")
            .num(self.ideal as i32)
            .str(" would do");
        if let Some((i, w)) = self.worst {
            m.str("; instruction ")
                .num(i as i32)
                .str(" costs ")
                .num(w.count as i32)
                .str(" instead of ")
                .num(w.ideal as i32)
                .str(": in bank ")
                .num(w.bank as i32)
                .str(", threads");
            let mut l = 0;
            let mut sep = " ";
            while l < 32 {
                if w.lanes & (1 << l) != 0 {
                    m.str(sep).num(l);
                    sep = ", ";
                }
                l += 1;
            }
            m.str(" of its warp reach distinct words");
        }
        m.str(" (");
        describe_op(&mut m, op);
        m.str(")");
        m
    }
}

impl Default for BankConflicts {
    fn default() -> Self {
        BankConflicts::new()
    }
}

/// The instruction's name, as [`SmemOp`] prints (`ld.shared.128`, `ldmatrix.x4.trans`, ...).
const fn describe_op(m: &mut Msg, op: SmemOp) {
    match op {
        SmemOp::Load { bytes } => m.str("ld.shared.").num(bytes as i32 * 8),
        SmemOp::Store { bytes } => m.str("st.shared.").num(bytes as i32 * 8),
        SmemOp::Ldmatrix { x, trans } => {
            m.str("ldmatrix.x")
                .num(x as i32)
                .str(if trans { ".trans" } else { "" })
        }
        SmemOp::Stmatrix { x, trans } => {
            m.str("stmatrix.x")
                .num(x as i32)
                .str(if trans { ".trans" } else { "" })
        }
    };
}

/// The most (thread, value) pairs the compile-time check enumerates.
pub const MAX_ENUMERATED: i64 = 1 << 16;

/// Most indices whose offsets a layout of the check tabulates (64 KiB of `i64`, so that a call
/// at run time keeps its tables on the stack).
const TABULATED: usize = 1 << 13;

/// A layout's leaves, `shape:stride`, for evaluating it again and again: its offsets at every
/// index of its domain are tabulated once ([`ex::tabulate`]) where the domain holds at most
/// [`TABULATED`] indices (the check reads each index several times, and compiling evaluates a
/// layout at an index slowly).
struct Leaves {
    shape: List,
    stride: List,
    /// `table[i]` is the offset at index `i < tabulated`.
    table: [i64; TABULATED],
    tabulated: i64,
}

impl Leaves {
    /// The leaves of `l`, tabulated where they may be ([`ex::tabulate`]).
    const fn new(l: &crate::algebra::layout::L) -> Leaves {
        let (shape, stride) = (l.shape.leaves(), l.stride.leaves());
        let mut out = Leaves {
            shape,
            stride,
            table: [0; TABULATED],
            tabulated: 0,
        };
        let n = match ex::size(&shape) {
            Some(n) if 0 <= n && n <= TABULATED as i64 => n,
            _ => return out,
        };
        if ex::tabulate(&shape, &stride, out.table.split_at_mut(n as usize).0) {
            out.tabulated = n;
        }
        out
    }
}

/// An all-static layout of plain integers at the 1-D index `i` (a compile error otherwise).
const fn plain_at(l: &Leaves, i: i64, what: &str) -> i64 {
    if 0 <= i && i < l.tabulated {
        return l.table[i as usize];
    }
    match ex::at(&l.shape, &l.stride, i) {
        Some(v) => match v.plain() {
            Some(v) => v,
            None => Msg::new("bank_conflicts: the ")
                .str(what)
                .str(" has a scaled-basis stride")
                .fail(),
        },
        None => Msg::new("bank_conflicts: the ")
            .str(what)
            .str(" overflows i64")
            .fail(),
    }
}

/// A static layout (plain, or `Sw o off o L`) at index `i`, while compiling (`what` it is).
const fn layout_at(cl: &CL, leaves: &Leaves, i: i64, what: &str) -> i64 {
    let v = plain_at(leaves, i, what);
    match (cl.form, cl.off.static_value()) {
        (Form::Plain, _) => v,
        (Form::SwOL, Some(off)) if v + off as i64 <= i32::MAX as i64 => {
            cl.sw.apply(v as i32 + off) as i64
        }
        _ => Msg::new("bank_conflicts: the ")
            .str(what)
            .str(" is a plain layout or Sw o off o L of static values")
            .fail(),
    }
}

/// A static TV layout's access, while compiling: its threads and values, `k` elements a vector,
/// and its leaves to evaluate it.
struct Access {
    tv: Leaves,
    threads: u32,
    per_warp: u32,
    k: u32,
    bits: u32,
}

impl Access {
    /// The access of `Tv` with `bytes` a lane of `bits`-bit elements (a compile error where it
    /// is none).
    const fn new<Tv: TensorLayout>(bytes: u32, bits: u32) -> Access {
        let tv = &Tv::CL;
        if !matches!(tv.form, Form::Plain) || tv.l.shape.rank() != 2 || !ex::is_static(&tv.l) {
            Msg::new("bank_conflicts: the access is a static TV layout (thread, value) -> index")
                .fail()
        }
        let (threads, values) = match (
            ex::size(&tv.l.shape.mode(0).leaves()),
            ex::size(&tv.l.shape.mode(1).leaves()),
        ) {
            (Some(t), Some(v)) if t * v <= MAX_ENUMERATED => (t as u32, v as u32),
            _ => Msg::new("bank_conflicts: more than 65536 (thread, value) pairs to enumerate")
                .fail(),
        };
        let k = match vector_len(SmemOp::Load { bytes }, bits) {
            Ok(k) => k,
            Err(e) => e.message().fail(),
        };
        if values % k != 0 {
            AccessError::Values { values, k }.message().fail()
        }
        Access {
            tv: Leaves::new(&tv.l),
            threads,
            per_warp: values / k,
            k,
            bits,
        }
    }

    /// The byte address in the static layout `l` of thread `t`'s vector of instruction `j`.
    const fn address(&self, l: &StaticLayout, t: u32, j: u32) -> u32 {
        let (cl, leaves, domain, what) = (&l.cl, &l.leaves, l.domain, l.what);
        let mut offsets = [0i64; MAX_VECTOR];
        let mut i = 0;
        while i < self.k {
            let v = j * self.k + i;
            let idx = plain_at(
                &self.tv,
                t as i64 + self.threads as i64 * v as i64,
                "TV layout",
            );
            if idx < 0 || idx >= domain {
                Msg::new("bank_conflicts: value ")
                    .num(v as i32)
                    .str(" of thread ")
                    .num(t as i32)
                    .str(" is index ")
                    .num64(idx)
                    .str(", outside the ")
                    .num64(domain)
                    .str(" elements of the ")
                    .str(what)
                    .fail()
            }
            offsets[i as usize] = layout_at(cl, leaves, idx, what);
            i += 1;
        }
        match vector_address(&offsets, self.k, self.bits, t, j * self.k) {
            Ok(a) => a,
            Err(e) => e.message().fail(),
        }
    }
}

/// A static layout, its leaves and its size, and what it is (for messages).
struct StaticLayout {
    cl: CL,
    leaves: Leaves,
    domain: i64,
    what: &'static str,
}

/// `L` as a [`StaticLayout`] (a compile error for one with run-time values).
const fn static_layout<L: TensorLayout>(what: &'static str) -> StaticLayout {
    let cl = L::CL;
    if !ex::is_static(&cl.l) {
        Msg::new("bank_conflicts: the ")
            .str(what)
            .str(" needs static values")
            .fail()
    }
    let domain = match ex::size_of(&cl.l) {
        Some(n) => n,
        None => Msg::new("bank_conflicts: the ")
            .str(what)
            .str("'s size overflows i64")
            .fail(),
    };
    let leaves = Leaves::new(&cl.l);
    StaticLayout {
        cl,
        leaves,
        domain,
        what,
    }
}

/// cute-static's bank conflicts, while compiling: the all-static shared-memory layout `S`
/// (plain or swizzled) of `bits`-bit elements, accessed with `op` by the TV layout `Tv`
/// (`(thread, value) -> ` an index of `S`'s domain, as CuTe's TV layouts). Each thread's
/// values go `op.bytes()` at a time, in order: instruction `j` of a warp takes values
/// `j*k .. j*k + k` of each of its threads (`k` elements a vector); warps of 32 threads in
/// order. A compile error in the words of [`AccessError`] where a vector is not one access.
///
/// ```
/// use cute_static::banks::{bank_conflicts, SmemOp};
/// use cute_static::layout_t;
/// // A 32x32 float tile, row-major; thread t reads row t: a column at a time, one bank.
/// const C: cute_static::banks::BankConflicts =
///     bank_conflicts::<layout_t!((_32,_32):(_32,_1)), layout_t!((_32,_32):(_1,_32))>(SmemOp::Load { bytes: 4 }, 32);
/// assert_eq!((C.instructions, C.wavefronts, C.ideal), (32, 1024, 32));
/// ```
pub const fn bank_conflicts<S: TensorLayout, Tv: TensorLayout>(
    op: SmemOp,
    bits: u32,
) -> BankConflicts {
    if !op.is_valid() {
        Msg::new("bank_conflicts: an instruction the hardware does not have").fail()
    }
    let smem = static_layout::<S>("shared-memory layout");
    let access = Access::new::<Tv>(op.bytes(), bits);
    let mut total = BankConflicts::new();
    total.threads = access.threads;
    let mut warp = 0;
    while warp * 32 < access.threads {
        let mut j = 0;
        while j < access.per_warp {
            let mut addr = [None; 32];
            let mut lane = 0;
            while lane < op.lanes() && warp * 32 + lane < access.threads {
                let t = warp * 32 + lane;
                addr[lane as usize] = Some(access.address(&smem, t, j));
                lane += 1;
            }
            total.add(warp * access.per_warp + j, wavefronts(op, &addr));
            j += 1;
        }
        warp += 1;
    }
    total
}

/// [`bank_conflicts`] of a `cp.async` copy, while compiling: the TV layout `Tv` copies a tile
/// laid out by the all-static `G` in global memory (its start taken as 128-byte aligned) into
/// one laid out by `S` (plain or swizzled) in shared memory, `(thread, value) -> ` an index of
/// the tile for both, by [`cp_async_wavefronts`]. A compile error where `.cg` copies a global
/// chunk to several shared addresses (not modelled), or as [`bank_conflicts`].
///
/// ```
/// use cute_static::banks::{cp_async_bank_conflicts, CpAsync};
/// use cute_static::{layout_t, Swizzle, Swizzled};
/// // 16-byte copies of a 64x64 K-major half_t tile, 8 threads a row, 32 rows a pass.
/// type Tv = layout_t!(((_8,_32),(_8,_2)):((_512,_1),(_64,_32)));
/// type G = layout_t!((_64,_64):(_64,_1));
/// const SW: cute_static::banks::BankConflicts = cp_async_bank_conflicts::<
///     G, Swizzled<Swizzle<3, 3, 3>, G>, Tv>(CpAsync { bytes: 16, global: false }, 16);
/// assert_eq!((SW.wavefronts, SW.conflicts()), (64, 0));
/// ```
pub const fn cp_async_bank_conflicts<G: TensorLayout, S: TensorLayout, Tv: TensorLayout>(
    op: CpAsync,
    bits: u32,
) -> BankConflicts {
    if !op.is_valid() {
        CpAsyncError::Invalid(op).message().fail()
    }
    let gmem = static_layout::<G>("global layout");
    let smem = static_layout::<S>("shared-memory layout");
    let access = Access::new::<Tv>(op.bytes, bits);
    let mut total = BankConflicts::new();
    total.threads = access.threads;
    let mut warp = 0;
    while warp * 32 < access.threads {
        let mut j = 0;
        while j < access.per_warp {
            let (mut dst, mut src) = ([None; 32], [0; 32]);
            let mut lane = 0;
            while lane < 32 && warp * 32 + lane < access.threads {
                let t = warp * 32 + lane;
                dst[lane as usize] = Some(access.address(&smem, t, j));
                src[lane as usize] = access.address(&gmem, t, j);
                lane += 1;
            }
            match cp_async_wavefronts(op, &dst, &src) {
                Ok(w) => total.add(warp * access.per_warp + j, w),
                Err(e) => e.message().fail(),
            }
            j += 1;
        }
        warp += 1;
    }
    total
}

/// A compile error if the access costs more wavefronts than it has phases: [`bank_conflicts`]
/// with the worst instruction, its bank and the colliding threads in the message.
///
/// ```
/// use cute_static::banks::{assert_conflict_free, SmemOp};
/// use cute_static::{layout_t, Swizzle, Swizzled};
/// // CuTe's 128-byte K-major swizzle atom of half_t, read by ldmatrix.x4: thread t names row
/// // t % 8 of 16-byte chunk t / 8.
/// const _: () = assert_conflict_free::<
///     Swizzled<Swizzle<3, 3, 3>, layout_t!((_8,_64):(_64,_1))>,
///     layout_t!(((_8,_4),_8):((_1,_64),_8)),
/// >(SmemOp::Ldmatrix { x: 4, trans: false }, 16);
/// ```
pub const fn assert_conflict_free<S: TensorLayout, Tv: TensorLayout>(op: SmemOp, bits: u32) {
    let c = bank_conflicts::<S, Tv>(op, bits);
    if c.conflicts() > 0 {
        c.message(op).fail()
    }
}

/// [`assert_conflict_free`] as an item: a compile error, with the worst instruction, its bank
/// and the colliding threads, if the TV layout's access of the shared-memory layout with the
/// instruction has a bank conflict.
///
/// ```
/// use cute_static::banks::SmemOp;
/// use cute_static::{assert_conflict_free, layout_t, Swizzle, Swizzled};
/// // CuTe's 128-byte MN-major GMMA atom of half_t under ldmatrix.x4.trans.
/// assert_conflict_free!(
///     Swizzled<Swizzle<3, 3, 3>, layout_t!((_64,_8):(_1,_64))>,
///     layout_t!(((_8,_8),_8):((_64,_8),_1)),
///     SmemOp::Ldmatrix { x: 4, trans: true },
///     16
/// );
/// ```
#[macro_export]
macro_rules! assert_conflict_free {
    ($smem:ty, $tv:ty, $op:expr, $bits:expr $(,)?) => {
        const _: () = $crate::banks::assert_conflict_free::<$smem, $tv>($op, $bits);
    };
}
