//! The command line: arguments (clap) and [`run`], which evaluates the expression argument or,
//! without one, every line of standard input, and prints results, tables and pictures.

use crate::draw;
use crate::error::CliError;
use crate::grid::Grid;
use crate::latex::{latex, latex_tv};
use crate::session::Session;
use crate::svg::{svg, svg_banks, svg_tv};
use crate::table::table_any;
use crate::tv::TvFigure;
use crate::value::{Value, View};
use clap::{ArgGroup, Parser};
use cute_dynamic::{Access, AnyLayout, BankOp, BankReport, Layout, SmemOp};
use cute_static::banks::{CP_ASYNC_NAMES, SMEM_OP_NAMES};
use std::io::{self, BufRead, Write};
use std::path::PathBuf;

const EXAMPLES: &str = "\
Examples:
  cute 'composition((10,2):(16,4), (5,4):(1,5))'
  cute --view dsl 'composition((_6,_2):(8,_2), (_4,_3):(_3,_1))'
  cute --draw 'blocked_product((2,2):(1,2), (3,4):(1,3))'
  cute --svg sm80.svg --tv --grid 16x8 '((4,8),(2,2)):((32,1),(16,8))'
  cute 'composition(Sw<3,4,3>, (_8,_64):(_64,_1))'
  cute --draw 'GMMA::Layout_K_SW64_Atom<half_t>'
  cute --svg mma.svg --tv --grid 16x8x8 'make_tile(C, A, B)'   # C, A, B: TV layouts
  cute --svg mma.svg --tv SM80_16x8x16_F16F16F16F16_TN
  cute 'local_tile(_0|(256,128):(1,256), (_128,_128,_8), (1,0,_), (_1,_,_1))'
  cute 'make_identity_tensor((_4,_8))(3,2)'
  cute --desc K 'tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_64,_64))'
  cute --linear 'Sw<3,3,3> o _0 o (_8,_64):(_64,_1)'
  cute --banks '((_8,_8),_8):((_1,_64),_8)' --op ldmatrix.x4 --bits 16 \\
       'Sw<3,3,3> o _0 o (_8,_64):(_64,_1)'      # add --svg banks.svg for the bank map
  cute --swizzle-search --writer '(_32,_32):(_32,_1)' --writer-op st.shared.32 \\
       --reader '(_32,_32):(_1,_32)' --reader-op ld.shared.32 --bits 32 '(_32,_32)'
  printf 'A = (6,2):(8,2)\\ncomposition(A, (4,3):(3,1))\\n' | cute

Values are CuTe text: _N static, N dynamic, (a,b) tuples, shape:stride layouts, _ in
coordinates and tilers, Sw<B,M,S> swizzles, A o O o B composed layouts (O an integer,
smem_ptr[Nb](unset) or a MixedBits print), GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>
atoms, OFF|L tensors, ArithTuple(..) o L identity tensors, MMA atoms by name
(SM80_16x8x16_F16F16F16F16_TN, its ::ALayout ...). F(c) applies a swizzle, a named layout or a
tensor to c (a c with _ slices). `cute --list-ops` lists the operations, `--list-atoms` the
MMA atoms.";

/// A tile size `MxN`, or `MxNxK` for an MMA (`--grid`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridSize {
    /// Rows (`M`): offset `k` is in row `k % M`.
    pub rows: usize,
    /// Columns (`N`): offset `k` is in column `k / M`.
    pub cols: usize,
    /// `K` of an MMA's `MxNxK` tile (A is `M x K`, B is `N x K`).
    pub depth: Option<usize>,
}

impl GridSize {
    /// The sizes: `[M, N]` or `[M, N, K]`.
    pub fn sizes(&self) -> Vec<usize> {
        let mut v = vec![self.rows, self.cols];
        v.extend(self.depth);
        v
    }
}

/// Parse `MxN` (e.g. `16x8`) or `MxNxK` (e.g. `16x8x16`).
///
/// ```
/// use cute_cli::cli::{parse_grid, GridSize};
/// assert_eq!(parse_grid("16x8"), Ok(GridSize { rows: 16, cols: 8, depth: None }));
/// assert_eq!(parse_grid("16x8x16"), Ok(GridSize { rows: 16, cols: 8, depth: Some(16) }));
/// assert!(parse_grid("16x0").is_err());
/// ```
pub fn parse_grid(s: &str) -> Result<GridSize, String> {
    let bad = || {
        format!(
            "expected MxN or MxNxK with each of M*N, M*K, N*K between 1 and {}, e.g. 16x8 or \
             16x8x16",
            crate::MAX_CELLS
        )
    };
    let sizes = s
        .split(['x', 'X'])
        .map(|p| p.trim().parse::<usize>().map_err(|_| bad()))
        .collect::<Result<Vec<_>, _>>()?;
    let fits = |a: usize, b: usize| a > 0 && b > 0 && a.saturating_mul(b) <= crate::MAX_CELLS;
    match sizes[..] {
        [rows, cols] if fits(rows, cols) => Ok(GridSize {
            rows,
            cols,
            depth: None,
        }),
        [rows, cols, k] if fits(rows, cols) && fits(rows, k) && fits(cols, k) => Ok(GridSize {
            rows,
            cols,
            depth: Some(k),
        }),
        _ => Err(bad()),
    }
}

/// `cute`: a CuTe layout-algebra calculator that also draws layouts.
///
/// Evaluates an expression of CuTe operations (`composition`, `logical_divide`, `complement`,
/// ... by their CuTe names) on CuTe-text values and prints the result as CuTe prints it.
/// Without an expression, reads expressions line by line from standard input (one result line
/// per line; blank lines and `#` comments are skipped; `NAME = expr` binds a name for later
/// lines); a failing line prints its error to standard error and the run goes on, ending with
/// exit status 2.
#[derive(Clone, Debug, Default, Parser)]
#[command(name = "cute", version, after_help = EXAMPLES)]
#[command(group(ArgGroup::new("picture").multiple(true).args(["draw", "svg", "latex", "linear"])))]
#[command(group(ArgGroup::new("element").multiple(true).args(["desc", "banks", "swizzle_search"])))]
pub struct Cli {
    /// The expression, e.g. 'composition((10,2):(16,4), (5,4):(1,5))' (quote it for the
    /// shell; put `--` before an expression that starts with '-'). Without it, expressions are
    /// read from standard input, one per line.
    pub expr: Option<String>,

    /// How to print results: `cute` (CuTe C++: `_8` static, `8` dynamic), `dsl` (the CuTe DSL's
    /// compile-time view: `?` for dynamic values), `values` (plain numbers).
    #[arg(long, value_enum, default_value_t = View::Cute)]
    pub view: View,

    /// Print the function table of the layout: index, natural coordinate, offset.
    #[arg(long)]
    pub table: bool,

    /// Draw the layout as an ASCII grid (CuTe's print_layout for rank 2; rows = mode 0,
    /// columns = the other modes flattened, with their coordinates, for rank > 2). Replaces the
    /// result line, which is the grid's first line.
    #[arg(long)]
    pub draw: bool,

    /// Write an SVG picture of the layout's grid to FILE (needs an expression argument). Rows
    /// are mode 0, columns the other modes flattened; as in CuTe's print_latex, a rank-1 layout
    /// is padded with _1:_0 and so drawn as one column. With --banks, the bank map instead.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,

    /// Write a standalone TikZ document (CuTe's print_latex) of the layout to FILE (needs an
    /// expression argument).
    #[arg(long, value_name = "FILE")]
    pub latex: Option<PathBuf>,

    /// Pictures of a thread-value layout L(thread, value) = index of an M x N tile (CuTe's
    /// print_latex_tv): index k in cell (k % M, k / M), labelled T{thread}V{value} and coloured
    /// by thread. A tuple of three TV layouts (C, A, B), e.g. make_tile(C, A, B), with
    /// --grid MxNxK is an MMA's picture (CuTe's print_latex of an MMA atom): C (M x N) in the
    /// middle, A (M x K) on the left, B (N x K) on top; an MMA atom by name draws that picture
    /// on its own Shape_MNK, and a make_layout_tv result its layout_tv on its tiler_mn.
    #[arg(long, requires = "picture")]
    pub tv: bool,

    /// The tile of a thread-value picture: MxN (default: M = size of mode 0, N just large
    /// enough for the largest index), or MxNxK for an MMA's (C, A, B).
    #[arg(long, value_name = "MxN[xK]", value_parser = parse_grid, requires = "tv")]
    pub grid: Option<GridSize>,

    /// The tensor cores' view of a shared-memory layout, for K-major or MN-major operands:
    /// the GMMA descriptor of one `wgmma` operand tile at its origin and the TMA box of its
    /// first (mode 0, mode 1) tile (mode 0 MN, mode 1 K), by the rules the GPU kernels use; a
    /// layout with none says which rule it breaks. E.g. --desc K
    /// 'tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_64,_64))'.
    #[arg(long, value_enum, value_name = "K|MN")]
    pub desc: Option<DescMajor>,

    /// The element width in bits for --desc and --banks of a plain or swizzled layout (a GMMA
    /// atom's `smem_ptr[16b]` gives its own), and for --swizzle-search.
    #[arg(long, value_name = "N", requires = "element")]
    pub bits: Option<u32>,

    /// The shared-memory bank conflicts of an access to the layout: TV is a (thread, value) ->
    /// index layout into the layout's domain (e.g. '((_8,_8),_8):((_1,_64),_8)'), each thread's
    /// values read or written --op's vector at a time, warps of 32 threads; prints the
    /// wavefronts and each conflicting instruction. With --svg FILE, the bank map: each element
    /// coloured and labelled by its bank, the colliding lanes of the worst instruction outlined.
    /// Needs --op, and --bits for a layout without `smem_ptr[Nb]`.
    #[arg(long, value_name = "TV", value_parser = parse_tv, requires = "op",
          conflicts_with_all = ["tv", "latex"])]
    pub banks: Option<Layout>,

    /// The shared-memory instruction of --banks: ld.shared.32|64|128, st.shared.32|64|128,
    /// ldmatrix.x1|x2|x4[.trans], stmatrix.x1|x2|x4[.trans], or a cp.async writing the layout
    /// from global memory, cp.async.ca.32|64|128 or cp.async.cg[.128] (with --gmem).
    #[arg(long, value_name = "OP", value_parser = parse_bank_op, requires = "banks")]
    pub op: Option<BankOp>,

    /// The global tile a cp.async of --banks copies from: its layout (the same shape as the
    /// shared-memory layout, its start taken as 128-byte aligned), e.g. '(_64,_64):(_64,_1)'.
    #[arg(long, value_name = "LAYOUT", value_parser = parse_gmem, requires = "banks")]
    pub gmem: Option<AnyLayout>,

    /// Search the swizzle of a shared-memory tile: the expression is the tile's shape (a rank-2
    /// static shape, e.g. '(_64,_64)'), written by --writer with --writer-op and read by
    /// --reader with --reader-op, elements of --bits bits. Tries every Sw<B,M,S> on the tile
    /// row-major and column-major and prints the layout with the fewest wavefronts of writer
    /// and reader together, its code (cute-static, CuTe C++, CuTe DSL), and the cost without a
    /// swizzle.
    #[arg(long, requires_all = ["writer", "writer_op", "reader", "reader_op", "bits"],
          conflicts_with_all = ["view", "draw", "table", "svg", "latex", "tv", "linear", "desc",
          "banks"])]
    pub swizzle_search: bool,

    /// The access that writes the tile of --swizzle-search: a TV layout (thread, value) -> index
    /// of the tile (column-major over its shape), as --banks' TV.
    #[arg(long, value_name = "TV", value_parser = parse_tv, requires = "swizzle_search")]
    pub writer: Option<Layout>,

    /// The instruction of --writer (the names of --op).
    #[arg(long, value_name = "OP", value_parser = parse_op, requires = "swizzle_search")]
    pub writer_op: Option<SmemOp>,

    /// The access that reads the tile of --swizzle-search, as --writer.
    #[arg(long, value_name = "TV", value_parser = parse_tv, requires = "swizzle_search")]
    pub reader: Option<Layout>,

    /// The instruction of --reader (the names of --op).
    #[arg(long, value_name = "OP", value_parser = parse_op, requires = "swizzle_search")]
    pub reader_op: Option<SmemOp>,

    /// With --swizzle-search, also list the K best candidates, a line each.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..),
          requires = "swizzle_search")]
    pub top: Option<u32>,

    /// The layout as an F2 linear layout (Triton's `LinearLayout`): the image of each bit of
    /// each mode, and the F2 matrix; with --tv, a (thread, value) layout's `register`, `lane`
    /// and `warp` bits. A layout that is not F2-linear says why.
    #[arg(long)]
    pub linear: bool,

    /// List the operations and their arguments.
    #[arg(long)]
    pub list_ops: bool,

    /// List the MMA atoms known by name (e.g. SM80_16x8x16_F16F16F16F16_TN).
    #[arg(long)]
    pub list_atoms: bool,
}

/// Parse the access of `--banks`: an expression whose value is a plain TV layout.
///
/// ```
/// use cute_cli::cli::parse_tv;
/// assert_eq!(parse_tv("((_8,_4),_8):((_1,_64),_8)").unwrap().to_string(), "((_8,_4),_8):((_1,_64),_8)");
/// assert!(parse_tv("Sw<3,3,3>").is_err());
/// ```
pub fn parse_tv(s: &str) -> Result<Layout, String> {
    let v = crate::session::evaluate(s).map_err(|e| e.to_string())?;
    v.as_layout().cloned().ok_or_else(|| {
        format!(
            "expected a TV layout (thread, value) -> index, not {} {}",
            v.kind(),
            v.show(View::Cute)
        )
    })
}

/// Parse the instruction of `--op` ([`SMEM_OP_NAMES`]).
///
/// ```
/// use cute_cli::cli::parse_op;
/// use cute_dynamic::SmemOp;
/// assert_eq!(parse_op("ld.shared.128"), Ok(SmemOp::Load { bytes: 16 }));
/// assert!(parse_op("ld.shared.16").unwrap_err().contains("ldmatrix.x1|x2|x4[.trans]"));
/// ```
pub fn parse_op(s: &str) -> Result<SmemOp, String> {
    s.parse()
        .map_err(|names| format!("expected one of {names}"))
}

/// Parse the instruction of `--banks`' `--op`: [`SMEM_OP_NAMES`] or a `cp.async`.
///
/// ```
/// use cute_cli::cli::parse_bank_op;
/// use cute_dynamic::{BankOp, CpAsync};
/// assert_eq!(parse_bank_op("cp.async.cg"), Ok(BankOp::CpAsync(CpAsync { bytes: 16, global: true })));
/// assert!(parse_bank_op("cp.async.cg.64").unwrap_err().contains("cp.async.ca.32|64|128"));
/// ```
pub fn parse_bank_op(s: &str) -> Result<BankOp, String> {
    s.parse::<BankOp>()
        .map_err(|names| format!("expected one of {names}"))
}

/// Parse `--gmem`: an expression whose value is a layout.
///
/// ```
/// use cute_cli::cli::parse_gmem;
/// assert_eq!(parse_gmem("(_64,_64):(_64,_1)").unwrap().to_string(), "(_64,_64):(_64,_1)");
/// assert!(parse_gmem("(_64,_64)").is_err());
/// ```
pub fn parse_gmem(s: &str) -> Result<AnyLayout, String> {
    let v = crate::session::evaluate(s).map_err(|e| e.to_string())?;
    v.as_any_layout().ok_or_else(|| {
        format!(
            "expected the global tile's layout, not {} {}",
            v.kind(),
            v.show(View::Cute)
        )
    })
}

/// Which mode of an operand tile is contiguous, for `--desc` (CuTe's `GMMA::Major`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DescMajor {
    /// `GMMA::Major::K`: K (mode 1) contiguous.
    #[value(name = "K", alias = "k")]
    K,
    /// `GMMA::Major::MN`: MN (mode 0) contiguous.
    #[value(name = "MN", alias = "mn")]
    Mn,
}

impl From<DescMajor> for cute_static::gmma::Major {
    fn from(m: DescMajor) -> Self {
        match m {
            DescMajor::K => cute_static::gmma::Major::K,
            DescMajor::Mn => cute_static::gmma::Major::MN,
        }
    }
}

/// How a run ended early: a write to standard output failed.
enum Stop {
    Io(io::Error),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Self {
        Stop::Io(e)
    }
}

impl Cli {
    /// The thread-value picture of a result (`--tv`).
    fn tv_figure(&self, value: &Value) -> Result<TvFigure, CliError> {
        let sizes = self.grid.map(|g| g.sizes()).unwrap_or_default();
        TvFigure::of_value(value, &sizes)
    }

    /// The `--banks` analysis of a result: the layout it read and its report.
    fn banks_of(&self, value: &Value) -> Result<Option<(AnyLayout, BankReport)>, CliError> {
        let Some(tv) = &self.banks else {
            return Ok(None);
        };
        let op = self.op.ok_or_else(|| {
            CliError::plain(format!(
                "--banks needs --op: one of {SMEM_OP_NAMES}, {CP_ASYNC_NAMES}"
            ))
        })?;
        let layout = Cli::layout_for("--banks", value)?;
        match (op, &self.gmem) {
            (BankOp::Smem(op), None) => crate::banks::analyse(&layout, tv, op, self.bits).map(Some),
            (BankOp::CpAsync(op), Some(gmem)) => {
                crate::banks::analyse_cp_async(gmem, &layout, tv, op, self.bits).map(Some)
            }
            (BankOp::Smem(op), Some(_)) => Err(CliError::plain(format!(
                "--gmem is the global tile of a cp.async, and {op} reads or writes shared memory only"
            ))),
            (BankOp::CpAsync(op), None) => Err(CliError::plain(format!(
                "--op {op} needs --gmem: the layout of the global tile it copies from"
            ))),
        }
    }

    /// The `--swizzle-search` report of a result, the tile's shape.
    fn swizzle_search_of(&self, value: &Value) -> Result<String, CliError> {
        let missing = |flag: &str| CliError::plain(format!("--swizzle-search needs {flag}"));
        let access = |tv: &Option<Layout>, op: Option<SmemOp>, side: &str| {
            Ok::<_, CliError>(Access {
                tv: tv.clone().ok_or_else(|| missing(&format!("--{side}")))?,
                op: op.ok_or_else(|| missing(&format!("--{side}-op: one of {SMEM_OP_NAMES}")))?,
            })
        };
        let writer = access(&self.writer, self.writer_op, "writer")?;
        let reader = access(&self.reader, self.reader_op, "reader")?;
        let bits = self.bits.ok_or_else(|| missing("--bits N"))?;
        let tile = crate::swizzle_search::tile_of(value)?;
        crate::swizzle_search::search(&tile, bits, &writer, &reader, self.top)
    }

    /// The layout (plain or composed) a flag needs, or an error naming the flag.
    fn layout_for(flag: &str, value: &Value) -> Result<AnyLayout, CliError> {
        value.as_any_layout().ok_or_else(|| {
            CliError::plain(format!(
                "{flag} needs a layout, but the result is {} {}",
                value.kind(),
                value.show(View::Cute)
            ))
        })
    }

    /// What standard output shows for one result: the result line (or the `--draw` grid) and
    /// the `--table`.
    pub fn output(&self, value: &Value) -> Result<String, CliError> {
        if self.swizzle_search {
            return self.swizzle_search_of(value);
        }
        let mut out = String::new();
        if self.draw {
            if self.tv {
                out.push_str(&draw::render_tv(&self.tv_figure(value)?));
            } else {
                out.push_str(&draw::draw_any(&Cli::layout_for("--draw", value)?)?);
            }
        } else {
            if self.table {
                Cli::layout_for("--table", value)?;
            }
            if self.svg.is_some() || self.latex.is_some() {
                if self.tv {
                    self.tv_figure(value)?;
                } else {
                    let flag = if self.svg.is_some() {
                        "--svg"
                    } else {
                        "--latex"
                    };
                    Cli::layout_for(flag, value)?;
                }
            }
            out.push_str(&value.show(self.view));
            out.push('\n');
        }
        if self.table {
            out.push_str(&table_any(&Cli::layout_for("--table", value)?)?);
        }
        if self.linear {
            let layout = Cli::layout_for("--linear", value)?;
            let ll = match (&layout, self.tv) {
                (AnyLayout::Plain(tv), true) => cute_dynamic::tv_to_linear_layout(tv),
                _ => cute_dynamic::to_linear_layout(&layout),
            };
            let ll = ll.map_err(|e| CliError::plain(e.to_string()))?;
            out.push_str(&format!("{ll}\n{}", ll.matrix()));
        }
        if let Some(major) = self.desc {
            let layout = Cli::layout_for("--desc", value)?;
            out.push_str(&crate::desc::describe(&layout, major.into(), self.bits)?);
        }
        if let Some((_, report)) = self.banks_of(value)? {
            out.push_str(&report.to_string());
        }
        Ok(out)
    }

    /// Write the `--svg` and `--latex` files of a result (with `--banks`, the SVG is the bank
    /// map).
    pub fn write_pictures(&self, value: &Value) -> Result<(), CliError> {
        if self.svg.is_none() && self.latex.is_none() {
            return Ok(());
        }
        let write = |path: &PathBuf, text: String| {
            std::fs::write(path, text)
                .map_err(|e| CliError::plain(format!("cannot write {}: {e}", path.display())))
        };
        if let (Some(path), Some((smem, report))) = (&self.svg, self.banks_of(value)?) {
            return write(path, svg_banks(&crate::banks::bank_map(&smem, &report)?));
        }
        if self.tv {
            let figure = self.tv_figure(value)?;
            if let Some(path) = &self.svg {
                write(path, svg_tv(&figure))?;
            }
            if let Some(path) = &self.latex {
                write(path, latex_tv(&figure))?;
            }
            return Ok(());
        }
        let flag = if self.svg.is_some() {
            "--svg"
        } else {
            "--latex"
        };
        let grid = Grid::of_any(&Cli::layout_for(flag, value)?)?;
        if let Some(path) = &self.svg {
            write(path, svg(&grid))?;
        }
        if let Some(path) = &self.latex {
            write(path, latex(&grid))?;
        }
        Ok(())
    }
}

/// Run the command: evaluate `cli.expr`, or every line of `input`; results go to `out`,
/// errors to `err`. Returns the exit status: 0, or 2 if anything failed.
pub fn run(cli: &Cli, input: &mut dyn BufRead, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    match run_inner(cli, input, out, err) {
        Ok(code) => code,
        // A closed pipe (`cute ... | head -1`) ends the run quietly.
        Err(Stop::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(Stop::Io(e)) => {
            let _ = writeln!(err, "error: cannot write the output: {e}");
            2
        }
    }
}

fn run_inner(
    cli: &Cli,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, Stop> {
    if cli.list_ops {
        for name in crate::eval::op_names() {
            writeln!(out, "{}", crate::eval::signature(name))?;
        }
        return Ok(0);
    }
    if cli.list_atoms {
        for name in cute_dynamic::mma_atom_names() {
            writeln!(out, "{name}")?;
        }
        return Ok(0);
    }
    let mut session = Session::new();
    if let Some(expr) = &cli.expr {
        let result = session.eval_line(expr).and_then(|v| {
            let v = v.ok_or_else(|| CliError::plain("empty expression"))?;
            let text = cli.output(&v)?;
            cli.write_pictures(&v)?;
            Ok(text)
        });
        return match result {
            Ok(text) => {
                out.write_all(text.as_bytes())?;
                out.flush()?;
                Ok(0)
            }
            Err(e) => {
                let _ = err.write_all(e.render(expr).as_bytes());
                Ok(2)
            }
        };
    }
    if cli.svg.is_some() || cli.latex.is_some() {
        let _ = writeln!(
            err,
            "error: --svg and --latex draw one result: give the expression as an argument"
        );
        return Ok(2);
    }
    let mut failed = false;
    let mut buf = Vec::new();
    let mut number = 0;
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                let _ = writeln!(err, "error: cannot read standard input: {e}");
                return Ok(2);
            }
        }
        number += 1;
        let line = String::from_utf8_lossy(&buf);
        let line = line.strip_suffix('\n').unwrap_or(&line);
        let line = line.strip_suffix('\r').unwrap_or(line);
        let result = session
            .eval_line(line)
            .and_then(|v| v.map(|v| cli.output(&v)).transpose());
        match result {
            Ok(None) => {}
            Ok(Some(text)) => {
                out.write_all(text.as_bytes())?;
                out.flush()?;
            }
            Err(e) => {
                failed = true;
                let _ = err.write_all(e.render_line(line, Some(number)).as_bytes());
            }
        }
    }
    Ok(if failed { 2 } else { 0 })
}
