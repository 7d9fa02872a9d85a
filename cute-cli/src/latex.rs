//! `--latex FILE`: a standalone TikZ document in the style of CuTe's `print_latex` (offsets,
//! `TikzColor_BWx8` greys) and `print_latex_tv` (thread-value grids, `TikzColor_TV` colours,
//! cells `\shortstack{T.. \\ V..}`). A layout of rank above 2 is drawn with the same flattening
//! as `--draw`: mode 0 as rows, the remaining modes as columns.

use crate::grid::Grid;
use crate::svg::TV_PALETTE;
use std::fmt::Write as _;

/// CuTe's `TikzColor_BWx8`: the fill of offset `k` is `BW_PALETTE[k % 8]`.
pub const BW_PALETTE: [&str; 8] = [
    "black!00", "black!40", "black!20", "black!60", "black!10", "black!50", "black!30", "black!70",
];

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
    // Writing to a String cannot fail; the results below are ignored for that reason.
    if g.tv {
        let _ = writeln!(out, "% Layout TV: {}", g.drawn);
    } else {
        let _ = writeln!(out, "% Layout: {}", g.drawn);
    }
    out.push_str(
        "\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n\n\\begin{document}\n\
         \\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, \
         outer sep=0pt}]\n\n",
    );
    for i in 0..g.rows {
        for j in 0..g.cols {
            let Some(cell) = g.cell(i, j) else {
                continue;
            };
            match cell.tv {
                Some((t, v)) => {
                    let (r, gr, b) = TV_PALETTE[t % 8];
                    let _ = writeln!(
                        out,
                        "\\node[fill={{rgb,255:red,{r};green,{gr};blue,{b}}}] at ({i},{j}) \
                         {{\\shortstack{{T{t} \\\\ V{v}}}}};"
                    );
                }
                None => {
                    let color = BW_PALETTE[usize::try_from(cell.offset.rem_euclid(8)).unwrap_or(0)];
                    let _ = writeln!(
                        out,
                        "\\node[fill={color}] at ({i},{j}) {{{}}};",
                        cell.offset
                    );
                }
            }
        }
    }
    let _ = writeln!(
        out,
        "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] (0,0) grid ({},{});\n",
        g.rows, g.cols
    );
    for i in 0..g.rows {
        let _ = writeln!(out, "\\node at ({i},-1) {{\\Large{{\\texttt{{{i}}}}}}};");
    }
    for j in 0..g.cols {
        let _ = writeln!(out, "\\node at (-1,{j}) {{\\Large{{\\texttt{{{j}}}}}}};");
    }
    out.push_str("\\end{tikzpicture}\n\\end{document}\n");
    out
}
