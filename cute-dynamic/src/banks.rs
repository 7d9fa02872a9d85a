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
use cute_static::banks::{AccessError, MAX_VECTOR, vector_address, vector_len, wavefronts};
pub use cute_static::banks::{BankConflicts, SmemOp, Wavefronts};

/// The most (thread, value) pairs an analysis enumerates.
pub const MAX_BANK_PAIRS: i64 = 1 << 24;

/// One warp instruction of an access: which, its lanes' byte addresses (`None`: a lane the
/// instruction does not read) and its cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instruction {
    /// The warp (threads `32 * warp ..`).
    pub warp: u32,
    /// The instruction of the warp: values `index * k ..` of each thread.
    pub index: u32,
    /// Each lane's byte address.
    pub addr: [Option<u32>; 32],
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
    pub op: SmemOp,
    /// The element's bits.
    pub bits: u32,
    /// The elements a lane's vector holds.
    pub vector: u32,
    /// The instructions, warp by warp.
    pub instructions: Vec<Instruction>,
    /// Their sum.
    pub total: BankConflicts,
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
    const OP: &str = "bank_conflicts";
    if !op.is_valid() {
        return Err(LayoutError::invalid(
            OP,
            format!("{op:?} is not an instruction the hardware has"),
        ));
    }
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
    let access = |e: AccessError| {
        LayoutError::invalid(
            OP,
            e.message()
                .as_str()
                .trim_start_matches("bank_conflicts: ")
                .to_string(),
        )
    };
    let k = vector_len(op, bits).map_err(access)?;
    let (threads, values) = (threads as u32, values as u32);
    if values % k != 0 {
        return Err(access(AccessError::Values { values, k }));
    }
    let per_warp = values / k;
    let domain = i64::from(smem.size()?.value());
    let mut report = BankReport {
        op,
        bits,
        vector: k,
        instructions: Vec::new(),
        total: BankConflicts::new(),
    };
    report.total.threads = threads;
    for warp in 0..threads.div_ceil(32) {
        for index in 0..per_warp {
            let mut addr = [None; 32];
            for lane in 0..op.lanes().min(threads - 32 * warp) {
                let t = 32 * warp + lane;
                let mut offsets = [0i64; MAX_VECTOR];
                for i in 0..k {
                    let v = index * k + i;
                    let idx = tv.call((t + threads * v) as i32)?.value();
                    if !(0..domain).contains(&i64::from(idx)) {
                        return Err(LayoutError::invalid(
                            OP,
                            format!(
                                "value {v} of thread {t} of {tv} is index {idx}, outside the {domain} elements of {smem}"
                            ),
                        ));
                    }
                    offsets[i as usize] = i64::from(smem.call(idx)?.value());
                }
                addr[lane as usize] =
                    Some(vector_address(&offsets, k, bits, t, index * k).map_err(access)?);
            }
            let w = wavefronts(op, &addr);
            report.total.add(warp * per_warp + index, w);
            report.instructions.push(Instruction {
                warp,
                index,
                addr,
                wavefronts: w,
            });
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
                writeln!(
                    f,
                    "  warp {} instruction {}: {} wavefronts instead of {}; bank {}: threads {} reach distinct words",
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
fn copy_op(atom: &CopyAtom, load: bool) -> Result<SmemOp> {
    const OP: &str = "bank_conflicts";
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
    } else if name.starts_with("UniversalCopy")
        || name.starts_with("AutoVectorizingCopy")
        || name == "DefaultCopy"
    {
        let values = atom.val_layout_src().get(1)?.size()?.value();
        let bytes = u32::try_from(values * atom.value_bits() / 8).unwrap_or(0);
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
        Some((l, op)) if l == load && op.is_valid() => Ok(op),
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
                "{name}: not a shared-memory instruction the bank model has (ldmatrix, stmatrix, ld/st.shared; cp.async and TMA are not modelled)"
            ),
        )),
    }
}

/// A TiledCopy's shared-memory side: its threads' partition of `smem`'s domain
/// (`tidfrg_S`/`tidfrg_D` of the index tensor), `(thr, (values, rest))`, the access.
fn tiled_copy_bank_conflicts(copy: &TiledCopy, smem: &AnyLayout, load: bool) -> Result<BankReport> {
    let op = copy_op(copy.atom(), load)?;
    let index: Tensor = make_tensor(make_layout(&smem.shape()?)?);
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
            "bank_conflicts",
            format!("the partition {part} is not a plain layout"),
        ));
    };
    let tv = group(&l, 1, l.rank())?;
    bank_conflicts(smem, &tv, copy.atom().value_bits(), op)
}

impl TiledCopy {
    /// The bank conflicts of this copy reading the shared-memory layout `smem` (its source
    /// side): each thread's source partition, as `partition_S` gives it, is the access;
    /// the instruction is the atom's (`ldmatrix` for `SM75_..._LDSM_*`, `ld.shared` of the
    /// atom's bits for `UniversalCopy`). An error for an atom the model does not have
    /// (`cp.async`, TMA) or a partition that is not the instruction's vectors.
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
}
