//! `--draw`: ASCII grids. Rank 2 is CuTe's `print_layout`, character for character (a header
//! of column numbers with a trailing space, `+---+` rules, `| n |` cells); rank 1 is one row;
//! rank 0 one cell; rank above 2 adds a header line with each column's coordinate in the
//! modes after the first. Thread-value grids show `T{t}V{v}` in each cell.

use crate::error::CliError;
use crate::grid::{Grid, checked_size};
use cute_dynamic::{Layout, print_layout};

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
        let modes = g.drawn.rank() - 1;
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
