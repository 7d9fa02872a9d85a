//! `--draw`: ASCII grids. Rank 2 is CuTe's `print_layout`, character for character (a header
//! of column numbers with a trailing space, `+---+` rules, `| n |` cells); rank 1 is one row;
//! rank 0 one cell; rank above 2 adds a header line with each column's coordinate in the
//! modes after the first. Thread-value grids show `T{t}V{v}` in each cell.

use crate::error::CliError;
use crate::grid::{Grid, checked_size, checked_size_any};
use crate::tv::TvFigure;
use cute_dynamic::{AnyLayout, Layout, LayoutFn, print_composed_layout, print_layout};

fn digits(x: i64) -> usize {
    x.unsigned_abs().to_string().len()
}

/// The ASCII picture of a layout (`--draw`).
///
/// ```
/// let l = "((2,2),2):((4,2),1)".parse().unwrap();
/// let text = cute_cli::draw::draw(&l).unwrap();
/// assert_eq!(text.lines().nth(3), Some(" 0  | 0 | 1 |"));
/// ```
pub fn draw(l: &Layout) -> Result<String, CliError> {
    checked_size("--draw", l)?;
    match l.rank() {
        1 | 2 => print_layout(l).map_err(|e| CliError::plain(format!("--draw: {e}"))),
        _ => Ok(render(&Grid::of_layout(l)?)),
    }
}

/// The ASCII picture of a plain or composed layout (`--draw`). A composed layout of rank 1 or 2
/// is CuTe's `print_layout` of it, character for character (cells `A(O + B(m,n))`, widths from
/// `cosize(B)`, a GMMA atom drawn position-independent); a higher rank is flattened as for a
/// plain layout.
///
/// ```
/// let c = "Sw<1,0,1> o _0 o (_2,_2):(_1,_2)".parse().unwrap();
/// let text = cute_cli::draw::draw_any(&c).unwrap();
/// assert_eq!(text.lines().nth(3), Some(" 0  | 0 | 3 |"));
/// ```
pub fn draw_any(l: &AnyLayout) -> Result<String, CliError> {
    let c = match l {
        AnyLayout::Plain(l) => return draw(l),
        AnyLayout::Composed(c) => c,
    };
    checked_size_any("--draw", l)?;
    match c.layout_b() {
        LayoutFn::Layout(b) if matches!(b.rank(), 1 | 2) => {
            print_composed_layout(c).map_err(|e| CliError::plain(format!("--draw: {e}")))
        }
        _ => Ok(render(&Grid::of_composed(c)?)),
    }
}

/// The ASCII picture of a thread-value picture (`--draw --tv`): its grid, or for an MMA the grids
/// of C, A and B one after the other (B with `K` rows and `N` columns, as drawn above C).
pub fn render_tv(f: &TvFigure) -> String {
    match f {
        TvFigure::Single(g) => render(g),
        TvFigure::Mma(m) => {
            let (mm, nn, kk) = m.mnk;
            format!(
                "C ({mm} x {nn}):\n{}A ({mm} x {kk}):\n{}B ({kk} x {nn}: row k, column n):\n{}",
                render(&m.c),
                render(&m.a),
                render(&m.b)
            )
        }
    }
}

/// A grid in the style of CuTe's `print_layout`: the layout, column numbers (and, for a layout
/// of rank above 2, column coordinates), then one row of cells per index of mode 0.
pub fn render(g: &Grid) -> String {
    let labels: Vec<String> = g
        .cells
        .iter()
        .map(|c| c.map(|c| c.label()).unwrap_or_default())
        .collect();
    let mut inner = labels.iter().map(String::len).max().unwrap_or(1);
    if !g.tv {
        // CuTe sizes cells by the digits of cosize.
        if let Ok(c) = g.layout.cosize() {
            inner = inner.max(digits(i64::from(c.value())));
        }
    }
    if let Some(coords) = &g.col_coords {
        inner = inner.max(coords.iter().map(String::len).max().unwrap_or(1));
    }
    inner = inner.max(digits(i64::try_from(g.cols).unwrap_or(0) - 1));
    let mut out = format!("{}\n", g.layout);
    out.push_str("    ");
    for j in 0..g.cols {
        out.push_str(&format!("  {j:>inner$} "));
    }
    if let Some(coords) = &g.col_coords {
        out.push_str("  <== 1-D col coord\n    ");
        for c in coords {
            out.push_str(&format!("  {c:>inner$} "));
        }
        let modes = g
            .drawn
            .shape()
            .map(|s| s.rank())
            .unwrap_or(1)
            .saturating_sub(1);
        out.push_str(&format!("  <== {modes}-D col coord (modes 1..{modes})"));
    }
    out.push('\n');
    let rule = format!(
        "    {}+\n",
        format!("+{}", "-".repeat(inner + 2)).repeat(g.cols)
    );
    for i in 0..g.rows {
        out.push_str(&rule);
        out.push_str(&format!("{i:>2}  "));
        for label in &labels[i * g.cols..(i + 1) * g.cols] {
            out.push_str(&format!("| {label:>inner$} "));
        }
        out.push_str("|\n");
    }
    out.push_str(&rule);
    out
}
