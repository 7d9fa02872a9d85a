//! `--banks TV --op OP`: the shared-memory bank conflicts of an access, by cute-dynamic's
//! [`bank_conflicts`] (the hardware's rule of [`cute_static::banks`]), or of a `cp.async` from
//! the global tile `--gmem` ([`cp_async_bank_conflicts`]), and the bank map that `--svg` draws.
//!
//! The shared-memory layout is the expression's result: plain (`--bits N` gives the element
//! width), composed (a swizzled tile such as `Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`, with
//! `--bits N`), or a GMMA atom or `tile_to_shape` of one, `Sw<B,4,3> o smem_ptr[Nb] o L`, whose
//! byte swizzle is first made the swizzle on element offsets (as CuTe's pictures do) and whose
//! `smem_ptr[Nb]` gives the width. The access `TV` is a layout `(thread, value) -> index` into the
//! shared-memory layout's domain (a TiledCopy's `get_layoutS_TV`, an MMA atom's `ALayout`, ...).

use crate::error::CliError;
use crate::grid::Grid;
use cute_dynamic::{
    AnyLayout, BankOp, BankReport, CpAsync, Layout, Offset, SmemOp, bank_conflicts,
    cp_async_bank_conflicts,
};
use cute_static::banks::{BANK_BYTES, BANKS};

/// The shared-memory layout whose offsets the access reads and its element width: a GMMA atom
/// (`smem_ptr[Nb]` offset) made position independent, with its own width; any other layout
/// with `--bits`.
fn resolve(l: &AnyLayout, bits: Option<u32>) -> Result<(AnyLayout, u32), CliError> {
    let need_bits = || {
        CliError::plain(
            "--banks needs the element width: a composed layout's smem_ptr[Nb] (a GMMA atom's), or --bits N",
        )
    };
    match l {
        AnyLayout::Composed(c) => match c.offset() {
            Offset::SmemPtr(b) => {
                let b = u32::try_from(*b).map_err(|_| need_bits())?;
                if let Some(given) = bits.filter(|&given| given != b) {
                    return Err(CliError::plain(format!(
                        "--bits {given} contradicts the layout's smem_ptr[{b}b]"
                    )));
                }
                let pi = c
                    .as_position_independent_swizzle_layout()
                    .map_err(|e| CliError::plain(format!("--banks: {e}")))?;
                Ok((pi, b))
            }
            _ => Ok((l.clone(), bits.ok_or_else(need_bits)?)),
        },
        AnyLayout::Plain(_) => Ok((l.clone(), bits.ok_or_else(need_bits)?)),
    }
}

/// The checks the command makes of an access before analysing it (flag `--{flag}`): a TV
/// layout of rank 2 whose indices stay inside `within`'s `size` elements.
pub(crate) fn check_access(
    flag: &str,
    tv: &Layout,
    size: i64,
    within: &str,
) -> Result<(), CliError> {
    let e = |e: cute_dynamic::LayoutError| CliError::plain(e.to_string());
    if tv.rank() != 2 {
        return Err(CliError::plain(format!(
            "--{flag} takes a TV layout (thread, value) -> index, of rank 2; {tv} has rank {}",
            tv.rank()
        )));
    }
    let reach = i64::from(tv.cosize().map_err(e)?.value());
    if reach > size {
        return Err(CliError::plain(format!(
            "--{flag}: the access {tv} reaches index {}, outside {within}'s {size} elements",
            reach - 1
        )));
    }
    Ok(())
}

/// The bank conflicts of `tv` accessing the shared-memory layout `l` with `op`: the layout the
/// analysis read (`l`, or a GMMA atom's position-independent form) and its report.
///
/// `bits` is the element width; a GMMA atom's `smem_ptr[Nb]` gives its own (a different
/// `bits` is an error), any other layout needs it.
///
/// ```
/// use cute_cli::banks::analyse;
/// use cute_dynamic::SmemOp;
/// let smem = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse().unwrap();
/// let tv = "((_8,_8),_8):((_1,_64),_8)".parse().unwrap();
/// let op = SmemOp::Ldmatrix { x: 4, trans: false };
/// let (_, r) = analyse(&smem, &tv, op, Some(16)).unwrap();
/// assert_eq!((r.total.instructions, r.total.wavefronts, r.total.ideal), (2, 8, 8));
/// // CuTe's GMMA atom is the same tile, its swizzle on bytes: smem_ptr[16b] gives the width.
/// let atom = "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)".parse().unwrap();
/// let (drawn, r) = analyse(&atom, &tv, op, None).unwrap();
/// assert_eq!(drawn.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
/// assert_eq!(r.total.wavefronts, 8);
/// ```
pub fn analyse(
    l: &AnyLayout,
    tv: &Layout,
    op: SmemOp,
    bits: Option<u32>,
) -> Result<(AnyLayout, BankReport), CliError> {
    let (smem, bits) = prepared(l, tv, bits)?;
    let report = bank_conflicts(&smem, tv, bits, op).map_err(dynamic_error)?;
    Ok((smem, report))
}

/// cute-dynamic's error as the command's.
fn dynamic_error(e: cute_dynamic::LayoutError) -> CliError {
    CliError::plain(e.to_string())
}

/// The shared-memory layout an access of `l` by `tv` reads ([`resolve`]) and its element
/// width, once the access is checked to stay inside it.
fn prepared(l: &AnyLayout, tv: &Layout, bits: Option<u32>) -> Result<(AnyLayout, i32), CliError> {
    let (smem, bits) = resolve(l, bits)?;
    let size = i64::from(smem.size().map_err(dynamic_error)?.value());
    check_access("banks", tv, size, "the shared-memory layout")?;
    let bits = i32::try_from(bits).map_err(|_| {
        CliError::plain(format!(
            "--banks: elements of {bits} bits, more than any instruction reads"
        ))
    })?;
    Ok((smem, bits))
}

/// The bank conflicts of `cp.async` copying the global tile `gmem` into the shared-memory
/// layout `l` by `tv` ([`analyse`]'s layout and width rules for `l`; `gmem` a plain or composed
/// layout of the same shape).
///
/// ```
/// use cute_cli::banks::analyse_cp_async;
/// use cute_dynamic::CpAsync;
/// let gmem = "(_64,_64):(_64,_1)".parse().unwrap();
/// let smem = "Sw<3,3,3> o _0 o (_64,_64):(_64,_1)".parse().unwrap();
/// let tv = "((_8,_32),(_8,_2)):((_512,_1),(_64,_32))".parse().unwrap();
/// let op = CpAsync { bytes: 16, global: true };
/// let (_, r) = analyse_cp_async(&gmem, &smem, &tv, op, Some(16)).unwrap();
/// assert_eq!((r.total.instructions, r.total.wavefronts, r.total.conflicts()), (16, 64, 0));
/// ```
pub fn analyse_cp_async(
    gmem: &AnyLayout,
    l: &AnyLayout,
    tv: &Layout,
    op: CpAsync,
    bits: Option<u32>,
) -> Result<(AnyLayout, BankReport), CliError> {
    let (smem, bits) = prepared(l, tv, bits)?;
    let (shape, gshape) = (
        smem.shape().map_err(dynamic_error)?,
        gmem.shape().map_err(dynamic_error)?,
    );
    if shape != gshape {
        return Err(CliError::plain(format!(
            "--gmem {gmem} has shape {gshape}, the shared-memory layout {smem} {shape}: a cp.async copies a tile of one shape"
        )));
    }
    let report = cp_async_bank_conflicts(gmem, &smem, tv, bits, op).map_err(dynamic_error)?;
    Ok((smem, report))
}

/// The bank map of a shared-memory tile: its grid (rows mode 0, columns the other modes
/// flattened, as the other pictures), each cell's bank, the cells the worst instruction's
/// colliding lanes read, and the caption lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankMap {
    /// The tile's offsets.
    pub grid: Grid,
    /// Each cell's bank, row by row as [`Grid::cells`] (`None` for an empty cell).
    pub banks: Vec<Option<u32>>,
    /// Whether each cell, row by row, is read by a lane that collides in the worst instruction.
    pub outlined: Vec<bool>,
    /// The caption: the layout, the cost of the access, and the worst instruction.
    pub caption: Vec<String>,
}

/// The bank of the element at `offset` of `bits` bits: `(offset * bits / 8 / 4) % 32`.
///
/// ```
/// use cute_cli::banks::bank;
/// assert_eq!((bank(0, 16), bank(1, 16), bank(2, 16), bank(64, 16)), (0, 0, 1, 0));
/// assert_eq!(bank(33, 32), 1);
/// ```
pub fn bank(offset: i32, bits: u32) -> u32 {
    let bytes = i64::from(offset) * i64::from(bits) / 8;
    let word = bytes.div_euclid(i64::from(BANK_BYTES));
    // In 0..BANKS.
    u32::try_from(word.rem_euclid(i64::from(BANKS))).unwrap_or(0)
}

/// The bank map of `report`, an access to `smem` (the layout [`analyse`] returned).
///
/// ```
/// use cute_cli::banks::{analyse, bank_map};
/// use cute_dynamic::SmemOp;
/// let smem = "(_8,_64):(_64,_1)".parse().unwrap();
/// let tv = "((_8,_8),_8):((_1,_64),_8)".parse().unwrap();
/// let op = SmemOp::Ldmatrix { x: 4, trans: false };
/// let (smem, r) = analyse(&smem, &tv, op, Some(16)).unwrap();
/// let m = bank_map(&smem, &r).unwrap();
/// assert_eq!((m.grid.rows, m.grid.cols), (8, 64));
/// assert_eq!(m.banks[1], Some(0)); // row 0, column 1: offset 1, bytes 2..4
/// // The worst instruction's first matrix: rows 0..8 of columns 0..8, all in banks 0..4.
/// assert_eq!(m.outlined.iter().filter(|&&o| o).count(), 64);
/// ```
pub fn bank_map(smem: &AnyLayout, report: &BankReport) -> Result<BankMap, CliError> {
    let grid = Grid::of_any(smem)?;
    let bits = report.bits;
    let banks = grid
        .cells
        .iter()
        .map(|c| c.map(|c| bank(c.offset, bits)))
        .collect();
    let t = &report.total;
    let mut caption = vec![
        format!("{smem}: the banks of {bits}-bit elements"),
        format!(
            "{}: {} wavefronts for {} warp instruction{} ({} without conflicts)",
            report.op,
            t.wavefronts,
            t.instructions,
            if t.instructions == 1 { "" } else { "s" },
            t.ideal
        ),
    ];
    let worst = t
        .worst
        .and_then(|(i, w)| Some((report.instructions.get(usize::try_from(i).ok()?)?, w)));
    // The byte ranges the colliding lanes read.
    let mut ranges = Vec::new();
    match worst {
        Some((ins, w)) => {
            let lanes: Vec<usize> = (0..32).filter(|l| w.lanes & (1 << l) != 0).collect();
            for &l in &lanes {
                if let Some(a) = ins.addr[l] {
                    let a = i64::from(a);
                    ranges.push(a..a + i64::from(report.op.bytes()));
                }
            }
            let names: Vec<String> = lanes.iter().map(|l| l.to_string()).collect();
            let how = match report.op {
                BankOp::Smem(_) => format!("reach distinct words of bank {}", w.bank),
                BankOp::CpAsync(_) => "clash (shared or global banks)".to_string(),
            };
            caption.push(format!(
                "outlined: warp {} instruction {}, {} wavefronts instead of {}: threads {} {how}",
                ins.warp,
                ins.index,
                w.count,
                w.ideal,
                names.join(", "),
            ));
        }
        None => caption.push("no bank conflicts".to_string()),
    }
    let outlined = grid
        .cells
        .iter()
        .map(|c| {
            c.is_some_and(|c| {
                let byte = i64::from(c.offset) * i64::from(bits) / 8;
                ranges.iter().any(|r| r.contains(&byte))
            })
        })
        .collect();
    Ok(BankMap {
        grid,
        banks,
        outlined,
        caption,
    })
}
