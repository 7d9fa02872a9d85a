//! `--latex FILE`: a standalone TikZ document in the style of CuTe's `print_latex` (offsets,
//! `TikzColor_BWx8` greys) and `print_latex_tv` (thread-value grids, `TikzColor_TV` colours,
//! cells `\shortstack{T.. \\ V..}`). A layout of rank above 2 is drawn with the same flattening
//! as `--draw`: mode 0 as rows, the remaining modes as columns.

use crate::grid::Grid;
use crate::tv::{MmaGrids, TvFigure};
use std::fmt::Write as _;

use cute_static::picture::{TIKZ_BEGIN, TIKZ_END, write_grid_and_labels};

/// The nodes of a thread-value grid, in CuTe's order (by thread, then value), the grid's cell
/// `(r, c)` at TikZ position `(r + dr, c + dc)`.
fn tv_nodes(out: &mut String, g: &Grid, dr: i64, dc: i64) {
    for (i, j, t, v) in g.tv_cells() {
        // Writing to a String cannot fail.
        let _ = cute_static::picture::tv_node(
            out,
            (i as i64 + dr, j as i64 + dc),
            (t as i64, v as i64),
        );
    }
}

/// The TikZ document of a thread-value picture: [`latex`] of its grid (CuTe's
/// `print_latex_tv`), or [`latex_mma`].
pub fn latex_tv(f: &TvFigure) -> String {
    match f {
        TvFigure::Single(g) => latex(g),
        TvFigure::Mma(m) => latex_mma(m),
    }
}

/// The TikZ document of an MMA's thread-value layouts, line for line as CuTe's
/// `print_latex_mma` writes it (the comment lines show the TV layouts, where CuTe prints the
/// identity tensors composed with them): C at `(0,0)`, A at `(0,-K-1)`, B at `(-K-1,0)`.
///
/// ```
/// use cute_cli::{latex::latex_mma, tv::TvFigure};
/// let l = |s: &str| s.parse().unwrap();
/// let TvFigure::Mma(m) = TvFigure::mma(&l("(_2,_2):(_1,_2)"), &l("_2:_1"), &l("_2:_1"), (2, 2, 1)).unwrap()
/// else { panic!() };
/// let doc = latex_mma(&m);
/// assert!(doc.starts_with("% LayoutC: (_2,_2):(_1,_2)\n% LayoutA: _2:_1\n% LayoutB: _2:_1\n"));
/// assert!(doc.contains("\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,-2) grid (2,-1);\n"));
/// assert!(doc.contains("\\node at (-3,1) {\\Large{\\texttt{1}}};\n")); // B's column n = 1
/// ```
pub fn latex_mma(m: &MmaGrids) -> String {
    let (mm, nn, kk) = (m.mnk.0 as i64, m.mnk.1 as i64, m.mnk.2 as i64);
    let mut out = String::new();
    // Writing to a String cannot fail; the results below are ignored for that reason.
    let _ = writeln!(out, "% LayoutC: {}", m.c.layout);
    let _ = writeln!(out, "% LayoutA: {}", m.a.layout);
    let _ = writeln!(out, "% LayoutB: {}", m.b.layout);
    out.push_str(TIKZ_BEGIN);
    tv_nodes(&mut out, &m.c, 0, 0);
    let grid = "\\draw[color=black,thick,shift={(-0.5,-0.5)}]";
    let _ = writeln!(out, "{grid} (0,0) grid ({mm},{nn});\n");
    tv_nodes(&mut out, &m.a, 0, -kk - 1);
    let _ = writeln!(out, "{grid} (0,{}) grid ({mm},-1);\n", -kk - 1);
    let node = |out: &mut String, r: i64, c: i64, text: i64| {
        let _ = writeln!(
            out,
            "\\node at ({r},{c}) {{\\Large{{\\texttt{{{text}}}}}}};"
        );
    };
    for i in 0..mm {
        node(&mut out, i, -kk - 2, i);
    }
    for k in 0..kk {
        node(&mut out, -1, k - kk - 1, k);
    }
    tv_nodes(&mut out, &m.b, -kk - 1, 0);
    let _ = writeln!(out, "{grid} ({},0) grid (-1,{nn});\n", -kk - 1);
    for n in 0..nn {
        node(&mut out, -kk - 2, n, n);
    }
    for k in 0..kk {
        node(&mut out, k - kk - 1, -1, k);
    }
    out.push_str(TIKZ_END);
    out
}

/// The TikZ document of a grid.
///
/// ```
/// use cute_cli::{latex::latex, Grid};
/// let g = Grid::of_layout(&"(2,2):(1,2)".parse().unwrap()).unwrap();
/// let doc = latex(&g);
/// assert!(doc.starts_with("% Layout: (2,2):(1,2)\n\\documentclass[convert]{standalone}\n"));
/// assert!(doc.contains("\\node[fill=black!40] at (1,0) {1};\n"));
/// assert!(doc.ends_with("\\end{tikzpicture}\n\\end{document}\n"));
/// ```
pub fn latex(g: &Grid) -> String {
    let mut out = String::with_capacity(400 + g.cells.len() * 60);
    let (rows, cols) = (g.rows as i64, g.cols as i64);
    // Writing to a String cannot fail; the results below are ignored for that reason.
    if g.tv {
        let _ = writeln!(out, "% Layout TV: {}", g.drawn);
        out.push_str(TIKZ_BEGIN);
        tv_nodes(&mut out, g, 0, 0);
        let _ = write_grid_and_labels(&mut out, rows, cols);
        out.push_str(TIKZ_END);
    } else {
        let cell = |m: i64, n: i64| g.cell(m as usize, n as usize).map(|c| i64::from(c.offset));
        let _ = cute_static::picture::latex(&mut out, &g.drawn, rows, cols, &cell);
    }
    out
}
