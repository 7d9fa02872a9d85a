//! Shared-memory bank conflicts at run time: the hardware's rule of [`cute_static::banks`]
//! (one model for both crates and the `cute` command) over cute-dynamic's layouts.
//!
//! An access is a TV layout, `(thread, value) -> ` an index of the shared-memory layout's
//! domain (CuTe's TV layouts: a TiledCopy's `get_layoutS_TV`, an MMA atom's `ALayout`, ...);
//! each thread's values go `op.bytes()` at a time, in order: instruction `j` of a warp takes
//! values `j*k .. j*k + k` of each of its threads (`k` elements a vector), warps of 32
//! consecutive threads.

use crate::prelude::*;
use crate::{
    AnyLayout, CopyAtom, Layout, LayoutError, Result, Tensor, TiledCopy, group, make_layout,
    make_tensor,
};
use core::fmt;
use cute_static::banks::{
    AccessError, CP_ASYNC_NAMES, CpAsyncError, MAX_VECTOR, Msg, cp_async_wavefronts,
    vector_address, vector_len, wavefronts,
};
pub use cute_static::banks::{BankConflicts, CpAsync, SmemOp, Wavefronts};

/// The most (thread, value) pairs an analysis enumerates.
pub const MAX_BANK_PAIRS: i64 = 1 << 24;

/// The instruction a report is of: a shared-memory instruction, or a `cp.async` writing shared
/// memory from global memory.
///
/// ```
/// use cute_dynamic::{BankOp, CpAsync, SmemOp};
/// assert_eq!(BankOp::Smem(SmemOp::Load { bytes: 16 }).to_string(), "ld.shared.128");
/// assert_eq!(BankOp::CpAsync(CpAsync { bytes: 16, global: true }).to_string(), "cp.async.cg.128");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BankOp {
    /// `ld`/`st.shared`, `ldmatrix`, `stmatrix`.
    Smem(SmemOp),
    /// `cp.async` (its shared-memory writes).
    CpAsync(CpAsync),
}

impl BankOp {
    /// The bytes a lane's access holds.
    ///
    /// ```
    /// use cute_dynamic::{BankOp, SmemOp};
    /// assert_eq!(BankOp::Smem(SmemOp::Ldmatrix { x: 4, trans: false }).bytes(), 16);
    /// ```
    #[must_use]
    pub fn bytes(self) -> u32 {
        match self {
            BankOp::Smem(op) => op.bytes(),
            BankOp::CpAsync(op) => op.bytes,
        }
    }
}

/// Parses the names of [`SmemOp`] and of [`CpAsync`]; the error lists them.
///
/// ```
/// use cute_dynamic::{BankOp, CpAsync};
/// let op: BankOp = "cp.async.ca.128".parse().unwrap();
/// assert_eq!(op, BankOp::CpAsync(CpAsync { bytes: 16, global: false }));
/// assert!("ld.shared.16".parse::<BankOp>().unwrap_err().contains("cp.async.cg"));
/// ```
impl core::str::FromStr for BankOp {
    type Err = String;

    fn from_str(s: &str) -> core::result::Result<BankOp, String> {
        if let Ok(op) = s.parse::<CpAsync>() {
            return Ok(BankOp::CpAsync(op));
        }
        s.parse::<SmemOp>()
            .map(BankOp::Smem)
            .map_err(|names| format!("{names}, {CP_ASYNC_NAMES}"))
    }
}

impl fmt::Display for BankOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BankOp::Smem(op) => op.fmt(f),
            BankOp::CpAsync(op) => op.fmt(f),
        }
    }
}

/// One warp instruction of an access: which, its lanes' byte addresses (`None`: a lane the
/// instruction does not read) and its cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instruction {
    /// The warp (threads `32 * warp ..`).
    pub warp: u32,
    /// The instruction of the warp: values `index * k ..` of each thread.
    pub index: u32,
    /// Each lane's byte address in shared memory.
    pub addr: [Option<u32>; 32],
    /// For `cp.async`, each lane's global byte offset (from the global tile's start, taken as
    /// 128-byte aligned); `None` for other instructions.
    pub src: Option<[u32; 32]>,
    /// Its cost.
    pub wavefronts: Wavefronts,
}

/// The bank conflicts of an access: every warp instruction's cost and their total.
///
/// ```
/// use cute_dynamic::{bank_conflicts, SmemOp};
/// // A 32x32 float tile, rows padded to 33: thread t reads row t, a column at a time.
/// let smem = "(_32,_32):(_33,_1)".parse()?;
/// let tv = "(_32,_32):(_1,_32)".parse()?;
/// let r = bank_conflicts(&smem, &tv, 32, SmemOp::Load { bytes: 4 })?;
/// assert_eq!((r.total.instructions, r.total.wavefronts, r.total.conflicts()), (32, 32, 0));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankReport {
    /// The instruction.
    pub op: BankOp,
    /// The element's bits.
    pub bits: u32,
    /// The elements a lane's vector holds.
    pub vector: u32,
    /// The instructions, warp by warp.
    pub instructions: Vec<Instruction>,
    /// Their sum.
    pub total: BankConflicts,
}

const OP: &str = "bank_conflicts";

/// cute-static's message `m` without its `bank_conflicts: `, which the error's name gives.
fn text(m: &Msg) -> &str {
    m.as_str().trim_start_matches("bank_conflicts: ")
}

/// `bank_conflicts`' error of cute-static's message `m`.
fn error(m: &Msg) -> LayoutError {
    LayoutError::invalid(OP, text(m).to_string())
}

/// `bank_conflicts`' error for an access that is not the instruction's vectors.
fn access_error(e: AccessError) -> LayoutError {
    error(&e.message())
}

/// An access: a TV layout whose threads' values go `k` elements (`bytes` a lane) at a time.
struct Walk<'a> {
    tv: &'a Layout,
    bits: u32,
    k: u32,
    threads: u32,
    per_warp: u32,
}

impl<'a> Walk<'a> {
    /// The access of `tv` with `bytes` a lane of `bits`-bit elements, or why it is none.
    fn new(tv: &'a Layout, bits: i32, bytes: u32) -> Result<Walk<'a>> {
        if tv.rank() != 2 {
            return Err(LayoutError::invalid(
                OP,
                format!(
                    "the access {tv} is not a TV layout (thread, value) -> index: its rank is {}",
                    tv.rank()
                ),
            ));
        }
        let threads = i64::from(tv.get(0)?.size()?.value());
        let values = i64::from(tv.get(1)?.size()?.value());
        if threads * values > MAX_BANK_PAIRS {
            return Err(LayoutError::invalid(
                OP,
                format!(
                    "{tv} has {threads} x {values} (thread, value) pairs, past the {MAX_BANK_PAIRS} analysed"
                ),
            ));
        }
        let bits = u32::try_from(bits).unwrap_or(0);
        let k = vector_len(SmemOp::Load { bytes }, bits).map_err(access_error)?;
        let (threads, values) = (threads as u32, values as u32);
        if values % k != 0 {
            return Err(access_error(AccessError::Values { values, k }));
        }
        Ok(Walk {
            tv,
            bits,
            k,
            threads,
            per_warp: values / k,
        })
    }

    /// The lanes of `warp` an instruction of `lanes` lanes has.
    fn lanes(&self, warp: u32, lanes: u32) -> core::ops::Range<u32> {
        0..lanes.min(self.threads - 32 * warp)
    }

    /// The byte address in `layout` of thread `t`'s vector of instruction `index`.
    fn address(&self, layout: &AnyLayout, t: u32, index: u32) -> Result<u32> {
        let (tv, k) = (self.tv, self.k);
        let domain = i64::from(layout.size()?.value());
        let mut offsets = [0i64; MAX_VECTOR];
        for i in 0..k {
            let v = index * k + i;
            let idx = tv.call((t + self.threads * v) as i32)?.value();
            if !(0..domain).contains(&i64::from(idx)) {
                return Err(LayoutError::invalid(
                    OP,
                    format!(
                        "value {v} of thread {t} of {tv} is index {idx}, outside the {domain} elements of {layout}"
                    ),
                ));
            }
            offsets[i as usize] = i64::from(layout.call(idx)?.value());
        }
        vector_address(&offsets, k, self.bits, t, index * k).map_err(access_error)
    }

    fn report(&self, op: BankOp) -> BankReport {
        let mut total = BankConflicts::new();
        total.threads = self.threads;
        BankReport {
            op,
            bits: self.bits,
            vector: self.k,
            instructions: Vec::new(),
            total,
        }
    }
}

impl BankReport {
    fn push(&mut self, per_warp: u32, ins: Instruction) {
        self.total
            .add(ins.warp * per_warp + ins.index, ins.wavefronts);
        self.instructions.push(ins);
    }
}

/// The bank conflicts of the TV layout `tv` accessing the shared-memory layout `smem` (plain
/// or composed: a swizzled one) of `bits`-bit elements with `op`, per warp instruction, by
/// cute-static's [rule](cute_static::banks). An error where a thread's values are not the
/// instruction's vectors (consecutive elements from a multiple of the vector's length), or
/// where a layout cannot be evaluated.
///
/// ```
/// use cute_dynamic::{bank_conflicts, SmemOp};
/// // ldmatrix.x4 over CuTe's 128-byte K-major atom of half_t, with and without its swizzle.
/// let tv = "((_8,_4),_8):((_1,_64),_8)".parse()?;
/// let op = SmemOp::Ldmatrix { x: 4, trans: false };
/// let sw = bank_conflicts(&"Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?, &tv, 16, op)?;
/// let plain = bank_conflicts(&"(_8,_64):(_64,_1)".parse()?, &tv, 16, op)?;
/// assert_eq!((sw.total.wavefronts, plain.total.wavefronts), (4, 32));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn bank_conflicts(smem: &AnyLayout, tv: &Layout, bits: i32, op: SmemOp) -> Result<BankReport> {
    if !op.is_valid() {
        return Err(LayoutError::invalid(
            OP,
            format!("{op:?} is not an instruction the hardware has"),
        ));
    }
    let walk = Walk::new(tv, bits, op.bytes())?;
    let mut report = walk.report(BankOp::Smem(op));
    for warp in 0..walk.threads.div_ceil(32) {
        for index in 0..walk.per_warp {
            let mut addr = [None; 32];
            for lane in walk.lanes(warp, op.lanes()) {
                addr[lane as usize] = Some(walk.address(smem, 32 * warp + lane, index)?);
            }
            let wavefronts = wavefronts(op, &addr);
            report.push(
                walk.per_warp,
                Instruction {
                    warp,
                    index,
                    addr,
                    src: None,
                    wavefronts,
                },
            );
        }
    }
    Ok(report)
}

/// The bank conflicts of `cp.async` copying a tile from global memory, laid out by `gmem`, into
/// shared memory, laid out by `smem` (plain or swizzled), `bits`-bit elements: the TV layout
/// `tv` maps each (thread, value) to an index of the tile, the same for both sides, as a
/// TiledCopy's partitions of the two tiles are. The global tile's start is taken as 128-byte
/// aligned. By cute-static's [rule](cute_static::banks::cp_async_wavefronts), proven on the H100;
/// an error where `.cg` copies one global chunk to several shared addresses (not modelled), or
/// as [`bank_conflicts`].
///
/// ```
/// use cute_dynamic::{cp_async_bank_conflicts, CpAsync};
/// // 16-byte copies of a 64x64 half_t tile (K-major in both), 8 threads a row, 32x8 threads
/// // a pass: CuTe's SM80 GEMM's copy into Sw<3,3,3> is conflict-free, the plain tile is not.
/// let tv = "((_8,_32),(_8,_2)):((_512,_1),(_64,_32))".parse()?;
/// let gmem = "(_64,_64):(_64,_1)".parse()?;
/// let op = CpAsync { bytes: 16, global: false };
/// let sw = cp_async_bank_conflicts(&gmem, &"Sw<3,3,3> o _0 o (_64,_64):(_64,_1)".parse()?, &tv, 16, op)?;
/// assert_eq!(sw.total.conflicts(), 0);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn cp_async_bank_conflicts(
    gmem: &AnyLayout,
    smem: &AnyLayout,
    tv: &Layout,
    bits: i32,
    op: CpAsync,
) -> Result<BankReport> {
    if !op.is_valid() {
        return Err(error(&CpAsyncError::Invalid(op).message()));
    }
    let walk = Walk::new(tv, bits, op.bytes)?;
    let mut report = walk.report(BankOp::CpAsync(op));
    for warp in 0..walk.threads.div_ceil(32) {
        for index in 0..walk.per_warp {
            let (mut addr, mut src) = ([None; 32], [0; 32]);
            for lane in walk.lanes(warp, 32) {
                let t = 32 * warp + lane;
                addr[lane as usize] = Some(walk.address(smem, t, index)?);
                src[lane as usize] = walk.address(gmem, t, index)?;
            }
            let wavefronts = cp_async_wavefronts(op, &addr, &src).map_err(|e| {
                let m = e.message();
                LayoutError::invalid(
                    OP,
                    format!("{} (warp {warp}, instruction {index})", text(&m)),
                )
            })?;
            report.push(
                walk.per_warp,
                Instruction {
                    warp,
                    index,
                    addr,
                    src: Some(src),
                    wavefronts,
                },
            );
        }
    }
    Ok(report)
}

/// The summary and each conflicting instruction, a line each.
impl fmt::Display for BankReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.total;
        writeln!(
            f,
            "{}, {}-bit elements, {} a thread: {} warp instruction{}, {} wavefronts ({} without conflicts, {:.2} a phase)",
            self.op,
            self.bits,
            self.vector,
            t.instructions,
            if t.instructions == 1 { "" } else { "s" },
            t.wavefronts,
            t.ideal,
            f64::from(t.wavefronts) / f64::from(t.ideal.max(1)),
        )?;
        for ins in &self.instructions {
            let w = ins.wavefronts;
            if w.conflicts() > 0 {
                let lanes: Vec<String> = (0..32)
                    .filter(|l| w.lanes & (1 << l) != 0)
                    .map(|l| l.to_string())
                    .collect();
                let how = match self.op {
                    BankOp::Smem(_) => "reach distinct words",
                    BankOp::CpAsync(_) => "clash (shared or global banks)",
                };
                writeln!(
                    f,
                    "  warp {} instruction {}: {} wavefronts instead of {}; bank {}: threads {} {how}",
                    ins.warp,
                    ins.index,
                    w.count,
                    w.ideal,
                    w.bank,
                    lanes.join(", "),
                )?;
            }
        }
        Ok(())
    }
}

/// The shared-memory instruction of a copy atom on its shared-memory side (`load`: the source),
/// from its name: `ldmatrix` (`SM75_U32x{1,2,4}_LDSM_N`, `SM75_U16x{2,4,8}_LDSM_T`),
/// `stmatrix` (`SM90_U32x{1,2,4}_STSM_N`, `SM90_U16x{2,4,8}_STSM_T`), or `ld.shared` /
/// `st.shared` of the atom's bits a thread (`UniversalCopy`, `AutoVectorizingCopy`, ...).
fn copy_op(atom: &CopyAtom, load: bool) -> Result<BankOp> {
    let name = atom.op_name();
    let side = if load { "source" } else { "destination" };
    let matrices = |n: &str, per: u32| -> Option<u32> { n.parse::<u32>().ok().map(|v| v / per) };
    let matrix_op = |rest: &str, suffix: &str, per: u32| -> Option<u32> {
        rest.strip_suffix(suffix).and_then(|n| matrices(n, per))
    };
    let op = if let Some(rest) = name.strip_prefix("SM75_U32x") {
        matrix_op(rest, "_LDSM_N", 1).map(|x| (true, SmemOp::Ldmatrix { x, trans: false }))
    } else if let Some(rest) = name.strip_prefix("SM75_U16x") {
        matrix_op(rest, "_LDSM_T", 2).map(|x| (true, SmemOp::Ldmatrix { x, trans: true }))
    } else if let Some(rest) = name.strip_prefix("SM90_U32x") {
        matrix_op(rest, "_STSM_N", 1).map(|x| (false, SmemOp::Stmatrix { x, trans: false }))
    } else if let Some(rest) = name.strip_prefix("SM90_U16x") {
        matrix_op(rest, "_STSM_T", 2).map(|x| (false, SmemOp::Stmatrix { x, trans: true }))
    } else if name.starts_with("SM80_CP_ASYNC_CACHE") {
        let bytes = atom_bytes(atom)?;
        let global = name.starts_with("SM80_CP_ASYNC_CACHEGLOBAL");
        return match (load, CpAsync { bytes, global }) {
            (true, _) => Err(LayoutError::invalid(
                OP,
                format!("{name} does not access shared memory on its source side"),
            )),
            (false, op) if op.is_valid() => Ok(BankOp::CpAsync(op)),
            (false, op) => Err(error(&CpAsyncError::Invalid(op).message())),
        };
    } else if name.starts_with("UniversalCopy")
        || name.starts_with("AutoVectorizingCopy")
        || name == "DefaultCopy"
    {
        let bytes = atom_bytes(atom)?;
        let op = if load {
            SmemOp::Load { bytes }
        } else {
            SmemOp::Store { bytes }
        };
        Some((load, op))
    } else {
        None
    };
    match op {
        Some((l, op)) if l == load && op.is_valid() => Ok(BankOp::Smem(op)),
        Some((_, op)) if !op.is_valid() => Err(LayoutError::invalid(
            OP,
            format!(
                "{name} moves {} bytes a thread: not an access of 4, 8 or 16 bytes",
                op.bytes()
            ),
        )),
        Some(_) => Err(LayoutError::invalid(
            OP,
            format!("{name} does not access shared memory on its {side} side"),
        )),
        None => Err(LayoutError::invalid(
            OP,
            format!(
                "{name}: not a shared-memory instruction the bank model has (ldmatrix, stmatrix, ld/st.shared, cp.async; TMA is not modelled)"
            ),
        )),
    }
}

/// The bytes a thread of `atom` moves.
fn atom_bytes(atom: &CopyAtom) -> Result<u32> {
    let values = atom.val_layout_src().get(1)?.size()?.value();
    Ok(u32::try_from(values * atom.value_bits() / 8).unwrap_or(0))
}

/// A TiledCopy's access of a tile of `shape`: its threads' partition of the tile's domain
/// (`tidfrg_S`/`tidfrg_D` of the index tensor), `(thr, (values, rest))` grouped to a TV layout.
fn tiled_copy_tv(copy: &TiledCopy, shape: &crate::IntTuple, load: bool) -> Result<Layout> {
    let index: Tensor = make_tensor(make_layout(shape)?);
    let part = if load {
        copy.tidfrg_S(&index)?
    } else {
        copy.tidfrg_D(&index)?
    };
    let Tensor::Memory {
        layout: AnyLayout::Plain(l),
        ..
    } = part
    else {
        return Err(LayoutError::invalid(
            OP,
            format!("the partition {part} is not a plain layout"),
        ));
    };
    group(&l, 1, l.rank())
}

/// A TiledCopy's shared-memory side: the instruction of its atom over its threads' partition.
fn tiled_copy_bank_conflicts(copy: &TiledCopy, smem: &AnyLayout, load: bool) -> Result<BankReport> {
    let BankOp::Smem(op) = copy_op(copy.atom(), load)? else {
        return Err(LayoutError::invalid(
            OP,
            format!(
                "{} writes shared memory from global memory: its count needs the global layout too (TiledCopy::bank_conflicts_cp_async)",
                copy.atom().op_name()
            ),
        ));
    };
    let tv = tiled_copy_tv(copy, &smem.shape()?, load)?;
    bank_conflicts(smem, &tv, copy.atom().value_bits(), op)
}

impl TiledCopy {
    /// The bank conflicts of this copy reading the shared-memory layout `smem` (its source
    /// side): each thread's source partition, as `partition_S` gives it, is the access;
    /// the instruction is the atom's (`ldmatrix` for `SM75_..._LDSM_*`, `ld.shared` of the
    /// atom's bits for `UniversalCopy`). An error for an atom the model does not have (TMA), a
    /// `cp.async` ([`TiledCopy::bank_conflicts_cp_async`]) or a partition that is not the
    /// instruction's vectors.
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy};
    /// // 128-bit loads of a 128x8 float tile, 32x8 threads: conflict-free on (128,8):(1,128).
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<uint128_t>", "float")?, &"(_32,_8):(_1,_32)".parse()?, &"(_4,_1):(_1,_0)".parse()?)?;
    /// let r = c.bank_conflicts_S(&"(_128,_8):(_1,_128)".parse()?)?;
    /// assert_eq!((r.total.wavefronts, r.total.ideal), (32, 32));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn bank_conflicts_S(&self, smem: &AnyLayout) -> Result<BankReport> {
        tiled_copy_bank_conflicts(self, smem, true)
    }

    /// [`TiledCopy::bank_conflicts_S`] for a copy writing `smem` (its destination side:
    /// `stmatrix`, `st.shared`).
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy};
    /// // The same copy's stores into a row-major tile: 4 threads a row of 128 bytes collide.
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<uint128_t>", "float")?, &"(_32,_8):(_1,_32)".parse()?, &"(_4,_1):(_1,_0)".parse()?)?;
    /// assert!(c.bank_conflicts_D(&"(_128,_8):(_8,_1)".parse()?).is_err()); // not 4 consecutive floats
    /// let r = c.bank_conflicts_D(&"(_128,_8):(_1,_128)".parse()?)?;
    /// assert_eq!(r.total.conflicts(), 0);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn bank_conflicts_D(&self, smem: &AnyLayout) -> Result<BankReport> {
        tiled_copy_bank_conflicts(self, smem, false)
    }

    /// The bank conflicts of this `cp.async` copy (`SM80_CP_ASYNC_CACHEALWAYS` or
    /// `CACHEGLOBAL`) of a tile laid out by `gmem` in global memory into one laid out by `smem`
    /// (the same shape): each thread's destination partition is the access, and its source
    /// partition gives the global addresses the count depends on
    /// ([`cp_async_bank_conflicts`]).
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy};
    /// // CuTe's SM80 GEMM copy of a 128x32 K-major half_t tile: 16 bytes a thread, 4x32 threads.
    /// let atom = copy_atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "half_t")?;
    /// let c = make_tiled_copy(&atom, &"(_32,_4):(_4,_1)".parse()?, &"(_1,_8):(_0,_1)".parse()?)?;
    /// let gmem = "(_128,_32):(_32,_1)".parse()?;
    /// let sw = c.bank_conflicts_cp_async(&gmem, &"Sw<2,3,3> o _0 o (_128,_32):(_32,_1)".parse()?)?;
    /// assert_eq!(sw.total.conflicts(), 0);
    /// // Rows padded to 128 bytes: the two rows of a group of 8 lanes start in the same bank.
    /// let padded = c.bank_conflicts_cp_async(&gmem, &"(_128,_32):(_64,_1)".parse()?)?;
    /// assert_eq!((padded.total.wavefronts, padded.total.ideal), (128, 64));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn bank_conflicts_cp_async(
        &self,
        gmem: &AnyLayout,
        smem: &AnyLayout,
    ) -> Result<BankReport> {
        let BankOp::CpAsync(op) = copy_op(self.atom(), false)? else {
            return Err(LayoutError::invalid(
                OP,
                format!("{} is not a cp.async", self.atom().op_name()),
            ));
        };
        let shape = smem.shape()?;
        if gmem.shape()? != shape {
            return Err(LayoutError::invalid(
                OP,
                format!("the global tile {gmem} and the shared tile {smem} differ in shape"),
            ));
        }
        let tv = tiled_copy_tv(self, &shape, false)?;
        cp_async_bank_conflicts(gmem, smem, &tv, self.atom().value_bits(), op)
    }
}
