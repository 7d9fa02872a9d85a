//! The command line: arguments (clap) and [`run`], which evaluates the expression argument or,
//! without one, every line of standard input, and prints results, tables and pictures.

use crate::draw;
use crate::error::CliError;
use crate::eval::OPS;
use crate::grid::Grid;
use crate::latex::latex;
use crate::session::Session;
use crate::svg::svg;
use crate::table::table;
use crate::value::{Value, View};
use clap::{ArgGroup, Parser};
use std::io::{self, BufRead, Write};
use std::path::PathBuf;

const EXAMPLES: &str = "\
Examples:
  cute 'composition((10,2):(16,4), (5,4):(1,5))'
  cute --view dsl 'composition((_6,_2):(8,_2), (_4,_3):(_3,_1))'
  cute --draw 'blocked_product((2,2):(1,2), (3,4):(1,3))'
  cute --svg sm80.svg --tv --grid 16x8 '((4,8),(2,2)):((32,1),(16,8))'
  printf 'A = (6,2):(8,2)\\ncomposition(A, (4,3):(3,1))\\n' | cute

Values are CuTe text: _N static, N dynamic, (a,b) tuples, shape:stride layouts, _ in
coordinates and tilers. `cute --list-ops` lists the operations.";

/// A grid size `MxN` (`--grid`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridSize {
    /// Rows (`M`): offset `k` is in row `k % M`.
    pub rows: usize,
    /// Columns (`N`): offset `k` is in column `k / M`.
    pub cols: usize,
}

/// Parse `MxN` (e.g. `16x8`).
///
/// ```
/// use cute_cli::cli::{parse_grid, GridSize};
/// assert_eq!(parse_grid("16x8"), Ok(GridSize { rows: 16, cols: 8 }));
/// assert!(parse_grid("16x0").is_err());
/// ```
pub fn parse_grid(s: &str) -> Result<GridSize, String> {
    let bad = || {
        format!(
            "expected MxN with 1 <= M*N <= {}, e.g. 16x8",
            crate::MAX_CELLS
        )
    };
    let (m, n) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let rows: usize = m.trim().parse().map_err(|_| bad())?;
    let cols: usize = n.trim().parse().map_err(|_| bad())?;
    if rows == 0 || cols == 0 || rows.saturating_mul(cols) > crate::MAX_CELLS {
        return Err(bad());
    }
    Ok(GridSize { rows, cols })
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
#[command(group(ArgGroup::new("picture").multiple(true).args(["draw", "svg", "latex"])))]
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
    /// is padded with _1:_0 and so drawn as one column.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,

    /// Write a standalone TikZ document (CuTe's print_latex) of the layout to FILE (needs an
    /// expression argument).
    #[arg(long, value_name = "FILE")]
    pub latex: Option<PathBuf>,

    /// Pictures of a thread-value layout L(thread, value) = offset: the offset space is drawn,
    /// offset k in cell (k % M, k / M), labelled T{thread}V{value} and coloured by thread.
    #[arg(long, requires = "picture")]
    pub tv: bool,

    /// The M x N grid of a thread-value picture (default: M = size of mode 0, N just large
    /// enough for the largest offset).
    #[arg(long, value_name = "MxN", value_parser = parse_grid, requires = "tv")]
    pub grid: Option<GridSize>,

    /// List the operations and their arguments.
    #[arg(long)]
    pub list_ops: bool,
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
    fn picture_grid(&self, l: &cute_dynamic::Layout) -> Result<Grid, CliError> {
        if self.tv {
            Grid::of_tv(l, self.grid.map(|g| (g.rows, g.cols)))
        } else {
            Grid::of_layout(l)
        }
    }

    /// What standard output shows for one result: the result line (or the `--draw` grid) and
    /// the `--table`.
    pub fn output(&self, value: &Value) -> Result<String, CliError> {
        let wants = [
            (self.draw, "--draw"),
            (self.table, "--table"),
            (self.svg.is_some(), "--svg"),
            (self.latex.is_some(), "--latex"),
        ];
        let layout = match wants.iter().find(|w| w.0) {
            Some((_, flag)) => Some(value.as_layout().ok_or_else(|| {
                CliError::plain(format!(
                    "{flag} needs a layout, but the result is {} {}",
                    value.kind(),
                    value.show(View::Cute)
                ))
            })?),
            None => None,
        };
        let mut out = String::new();
        match layout {
            Some(l) if self.draw => {
                if self.tv {
                    out.push_str(&draw::render(&self.picture_grid(l)?));
                } else {
                    out.push_str(&draw::draw(l)?);
                }
            }
            _ => {
                out.push_str(&value.show(self.view));
                out.push('\n');
            }
        }
        if let (Some(l), true) = (layout, self.table) {
            out.push_str(&table(l)?);
        }
        Ok(out)
    }

    /// Write the `--svg` and `--latex` files of a result.
    pub fn write_pictures(&self, value: &Value) -> Result<(), CliError> {
        let (Some(l), true) = (
            value.as_layout(),
            self.svg.is_some() || self.latex.is_some(),
        ) else {
            return Ok(());
        };
        let grid = self.picture_grid(l)?;
        let write = |path: &PathBuf, text: String| {
            std::fs::write(path, text)
                .map_err(|e| CliError::plain(format!("cannot write {}: {e}", path.display())))
        };
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
        for op in OPS {
            writeln!(out, "{}", op.signature)?;
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
