//! CuTe's printed pictures of a rank-2 layout, character for character: `print_layout`'s text
//! grid (`cute/util/print_tensor.hpp`) and `print_latex`'s TikZ document
//! (`cute/util/print_latex.hpp`). The callers compute the cells (the offset at row `m`, column
//! `n`); these functions only lay them out, so that this crate's [`print_layout`](crate::print_layout), cute-dynamic's
//! and the `cute` command's pictures are one (hidden from the docs: machinery, not CuTe API).

use crate::algebra::composed::domain;
use crate::algebra::swizzle::Off;
use crate::error::Msg;
use crate::int::C;
use crate::layout::TensorLayout;
use crate::layout::{IsLayout, Layout};
use core::fmt;

/// CuTe's `TikzColor_BWx8`: the fill of offset `k` is `BW_PALETTE[k mod 8]`.
///
/// ```
/// assert_eq!(cute_static::picture::BW_PALETTE[1], "black!40");
/// ```
pub const BW_PALETTE: [&str; 8] = [
    "black!00", "black!40", "black!20", "black!60", "black!10", "black!50", "black!30", "black!70",
];

/// The preamble of CuTe's TikZ documents, up to the picture's first node.
///
/// ```
/// assert!(cute_static::picture::TIKZ_BEGIN.starts_with("\\documentclass[convert]{standalone}\n"));
/// ```
pub const TIKZ_BEGIN: &str = "\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n\n\
     \\begin{document}\n\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style=\
     {minimum size=1cm, outer sep=0pt}]\n\n";

/// The end of CuTe's TikZ documents.
///
/// ```
/// assert_eq!(cute_static::picture::TIKZ_END, "\\end{tikzpicture}\n\\end{document}\n");
/// ```
pub const TIKZ_END: &str = "\\end{tikzpicture}\n\\end{document}\n";

/// The rule of `print_layout`'s grid, cut to a cell's width.
const DELIM: &str = "+-----------------------";

/// The decimal digits of `|x|` (CuTe's `num_digits`, 1 for 0).
fn num_digits(x: i64) -> usize {
    let (mut x, mut n) = (x.unsigned_abs(), 1);
    while x >= 10 {
        x /= 10;
        n += 1;
    }
    n
}

/// CuTe's `print_layout`: `header` (the layout) on its own line, the column numbers, then a row
/// of cells per row `m` of `0..rows`, each cell `cell(m, n)` right-aligned to the digits of
/// `cosize` plus two.
///
/// ```
/// let mut out = String::new();
/// cute_static::picture::grid(&mut out, &"(_2,_2):(_1,_2)", 4, 2, 2, &|m, n| m + 2 * n)?;
/// assert_eq!(
///     out,
///     "(_2,_2):(_1,_2)\n      0   1 \n    +---+---+\n 0  | 0 | 2 |\n    +---+---+\n 1  | 1 | 3 |\n    +---+---+\n"
/// );
/// # Ok::<(), core::fmt::Error>(())
/// ```
pub fn grid(
    out: &mut dyn fmt::Write,
    header: &dyn fmt::Display,
    cosize: i64,
    rows: i64,
    cols: i64,
    cell: &dyn Fn(i64, i64) -> i64,
) -> fmt::Result {
    let width = num_digits(cosize) + 2;
    let rule = &DELIM[..(width + 1).min(DELIM.len())];
    let line = |out: &mut dyn fmt::Write| -> fmt::Result {
        out.write_str("    ")?;
        for _ in 0..cols {
            out.write_str(rule)?;
        }
        out.write_str("+\n")
    };
    writeln!(out, "{header}")?;
    out.write_str("    ")?;
    for n in 0..cols {
        write!(out, "  {:>w$} ", n, w = width - 2)?;
    }
    out.write_str("\n")?;
    for m in 0..rows {
        line(out)?;
        write!(out, "{m:>2}  ")?;
        for n in 0..cols {
            write!(out, "| {:>w$} ", cell(m, n), w = width - 2)?;
        }
        out.write_str("|\n")?;
    }
    line(out)
}

/// CuTe's `print_latex` of a layout: the comment `% Layout: header`, [`TIKZ_BEGIN`], a node per
/// cell `(m, n)` holding `cell(m, n)` (row by row; `None` draws no node) filled from
/// [`BW_PALETTE`], the grid, the row and column numbers, [`TIKZ_END`].
///
/// ```
/// let mut out = String::new();
/// cute_static::picture::latex(&mut out, &"(_2,_1):(_1,_0)", 2, 1, &|m, _| Some(m))?;
/// assert!(out.starts_with("% Layout: (_2,_1):(_1,_0)\n\\documentclass[convert]{standalone}\n"));
/// assert!(out.contains("\\node[fill=black!40] at (1,0) {1};\n"));
/// assert!(out.contains("\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (2,1);\n\n"));
/// assert!(out.ends_with("\\node at (-1,0) {\\Large{\\texttt{0}}};\n\\end{tikzpicture}\n\\end{document}\n"));
/// # Ok::<(), core::fmt::Error>(())
/// ```
pub fn latex(
    out: &mut dyn fmt::Write,
    header: &dyn fmt::Display,
    rows: i64,
    cols: i64,
    cell: &dyn Fn(i64, i64) -> Option<i64>,
) -> fmt::Result {
    writeln!(out, "% Layout: {header}")?;
    out.write_str(TIKZ_BEGIN)?;
    for m in 0..rows {
        for n in 0..cols {
            if let Some(offset) = cell(m, n) {
                // `rem_euclid`: CuTe indexes its palette with `offset % 8`, negative for a
                // negative offset; the colour of such a cell is the one of `offset mod 8` here.
                let color = BW_PALETTE[offset.rem_euclid(8) as usize];
                writeln!(out, "\\node[fill={color}] at ({m},{n}) {{{offset}}};")?;
            }
        }
    }
    write_grid_and_labels(out, rows, cols)?;
    out.write_str(TIKZ_END)
}

/// The grid lines of a `rows` x `cols` picture and its row and column numbers, as CuTe's
/// `print_latex` and `print_latex_tv` draw them.
///
/// ```
/// let mut out = String::new();
/// cute_static::picture::write_grid_and_labels(&mut out, 1, 1)?;
/// assert_eq!(
///     out,
///     "\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (1,1);\n\n\\node at (0,-1) {\\Large{\\texttt{0}}};\n\\node at (-1,0) {\\Large{\\texttt{0}}};\n"
/// );
/// # Ok::<(), core::fmt::Error>(())
/// ```
pub fn write_grid_and_labels(out: &mut dyn fmt::Write, rows: i64, cols: i64) -> fmt::Result {
    writeln!(
        out,
        "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] (0,0) grid ({rows},{cols});\n"
    )?;
    for m in 0..rows {
        writeln!(out, "\\node at ({m},-1) {{\\Large{{\\texttt{{{m}}}}}}};")?;
    }
    for n in 0..cols {
        writeln!(out, "\\node at (-1,{n}) {{\\Large{{\\texttt{{{n}}}}}}};")?;
    }
    Ok(())
}

/// The grid of a tensor layout of rank 1 or 2 (a rank-1 layout is one row, as in cute-dynamic;
/// CuTe draws rank 2 only): `(rows, cols)` and the index of cell `(m, n)`, `m + rows * n`.
const fn grid_of(op: &str, cl: &crate::algebra::composed::CL) -> usize {
    if let Off::Smem(_) = cl.off {
        Msg::new(op)
            .str(": a layout on an smem_ptr (a GMMA atom) is drawn, as CuTe draws it, after .as_position_independent_swizzle_layout()")
            .fail()
    }
    let rank = domain(cl, op).rank();
    if rank != 1 && rank != 2 {
        Msg::new(op)
            .str(": a layout of rank ")
            .num(rank as i32)
            .str(", not 1 or 2")
            .fail()
    }
    rank
}

/// The rows and columns of `l`'s grid.
fn rows_cols<L: TensorLayout>(l: &L, rank: usize) -> (i64, i64) {
    if rank == 2 {
        // Columns as `size / rows`: `size_mode::<1>` would not compile for a rank-1 layout,
        // which this branch, never taken for it, is compiled for too.
        let rows = i64::from(l.size_mode::<0>());
        (rows, i64::from(l.size()) / rows.max(1))
    } else {
        (1, i64::from(l.size()))
    }
}

/// CuTe's `print_layout(layout)`: the layout, then its grid of offsets, row `m` by column `n`,
/// character for character as CuTe prints it, for `{}` and `to_string` (a rank-1 layout is one
/// row). A layout on an smem_ptr (a GMMA atom) is a compile error naming
/// `.as_position_independent_swizzle_layout()`, the form CuTe draws.
///
/// ```
/// use cute_static::{layout, print_layout, Swizzle};
/// let grid = print_layout(&layout!((_2,_2):(_1,_2))).to_string();
/// assert_eq!(grid, "(_2,_2):(_1,_2)\n      0   1 \n    +---+---+\n 0  | 0 | 2 |\n    +---+---+\n 1  | 1 | 3 |\n    +---+---+\n");
/// let smem = Swizzle::<1, 0, 1>::new().composition(layout!((_2,_2):(_1,_2)));
/// assert_eq!(print_layout(&smem).to_string().lines().nth(3), Some(" 0  | 0 | 3 |"));
/// ```
pub fn print_layout<L: TensorLayout + fmt::Display>(layout: &L) -> LayoutPicture<'_, L> {
    let _ = const { grid_of("print_layout", &L::CL) };
    LayoutPicture(layout)
}

/// The picture [`print_layout`] returns (it prints with `{}`).
///
/// ```
/// let l = cute_static::layout!(_3:_2);
/// let p: cute_static::LayoutPicture<'_, _> = cute_static::print_layout(&l);
/// assert!(p.to_string().ends_with(" 0  | 0 | 2 | 4 |\n    +---+---+---+\n"));
/// ```
pub struct LayoutPicture<'a, L>(&'a L);

impl<L: TensorLayout + fmt::Display> fmt::Display for LayoutPicture<'_, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = self.0;
        let rank = const { grid_of("print_layout", &L::CL) };
        let (rows, cols) = rows_cols(l, rank);
        // `m + rows * n` is an index of the domain, below `size`, an `i32`.
        let cell = |m: i64, n: i64| i64::from(l.offset((m + rows * n) as i32));
        grid(f, l, i64::from(l.cosize()), rows, cols, &cell)
    }
}

/// What [`print_latex`] draws: a layout (its offsets), a tiled MMA (`print_latex(mma)`: the
/// threads and values of C, A and B) or a tiled copy (`print_latex(copy)`: of its source and
/// destination).
///
/// ```
/// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, print_latex, tile, PrintLatex};
/// fn document<X: PrintLatex>(x: &X) -> String { print_latex(x).to_string() }
/// assert!(document(&layout!(_2:_1)).starts_with("% Layout: (_2,_1):(_1,_0)\n"));
/// let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_,_,_)));
/// assert!(document(&mma).starts_with("% LayoutC: ArithTuple(_0,_0) o "));
/// ```
pub trait PrintLatex {
    /// The TikZ document.
    #[doc(hidden)]
    fn write_latex(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

/// CuTe's `print_latex`: a standalone LaTeX/TikZ document, character for character as CuTe
/// prints it, for `{}` and `to_string`. Of a layout of rank at most 2, each offset on CuTe's
/// `TikzColor_BWx8` grey (a layout of rank 1 padded to rank 2 with `_1:_0`, CuTe's
/// `append<2>`); of a tiled MMA, the thread and value of every element of C, A and B; of a
/// tiled copy, those of its source and destination tiles (each on CuTe's `TikzColor_TV`
/// colour of its thread).
///
/// ```
/// use cute_static::{layout, print_latex};
/// let doc = print_latex(&layout!((_2,_2):(_1,_2))).to_string();
/// assert!(doc.starts_with("% Layout: (_2,_2):(_1,_2)\n\\documentclass[convert]{standalone}\n"));
/// assert!(doc.contains("\\node[fill=black!20] at (0,1) {2};\n"));
/// let row = print_latex(&layout!(_4:_1)).to_string();
/// assert!(row.starts_with("% Layout: (_4,_1):(_1,_0)\n"));
/// ```
pub fn print_latex<X: PrintLatex>(x: &X) -> LatexPicture<'_, X> {
    LatexPicture(x)
}

/// The document [`print_latex`] returns (it prints with `{}`).
///
/// ```
/// let l = cute_static::layout!((_2,_3):(_3,_1));
/// let p: cute_static::LatexPicture<'_, _> = cute_static::print_latex(&l);
/// assert!(p.to_string().contains("grid (2,3);"));
/// ```
pub struct LatexPicture<'a, X>(&'a X);

impl<X: PrintLatex> fmt::Display for LatexPicture<'_, X> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_latex(f)
    }
}

/// A layout's document: its offsets.
impl<L: IsLayout + fmt::Display> PrintLatex for L {
    fn write_latex(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = self;
        let rank = const { grid_of("print_latex", &L::CL) };
        let (rows, cols) = rows_cols(l, rank);
        // `m + rows * n` is an index of the domain, below `size`, an `i32`.
        let cell = |m: i64, n: i64| Some(i64::from(l.offset((m + rows * n) as i32)));
        if rank == 2 {
            latex(f, l, rows, cols, &cell)
        } else {
            let padded = crate::ops::append(*l, Layout::<C<1>, C<0>>::new());
            latex(f, &padded, rows, cols, &cell)
        }
    }
}

/// CuTe's `TikzColor_TV`: the fill of thread `t` is `TV_PALETTE[t mod 8]`.
///
/// ```
/// assert_eq!(cute_static::picture::TV_PALETTE[0], "{rgb,255:red,175;green,175;blue,255}");
/// ```
pub const TV_PALETTE: [&str; 8] = [
    "{rgb,255:red,175;green,175;blue,255}",
    "{rgb,255:red,175;green,255;blue,175}",
    "{rgb,255:red,255;green,255;blue,175}",
    "{rgb,255:red,255;green,175;blue,175}",
    "{rgb,255:red,210;green,210;blue,255}",
    "{rgb,255:red,210;green,255;blue,210}",
    "{rgb,255:red,255;green,255;blue,210}",
    "{rgb,255:red,255;green,210;blue,210}",
];

/// The nodes of a thread-value picture: for each thread `t < threads` and value `v < values`
/// (in that order), the cell `at(t, v)` of a `rows` x `cols` tile, drawn at `(row + dr, col +
/// dc)` with `T{t} V{v}` on thread `t`'s colour, the first time that cell is met (CuTe's
/// `filled` tensor). `rows * cols` is at most 2^16 cells (a larger tile is an error).
///
/// ```
/// let mut out = String::new();
/// let at = |t: i64, _v: i64| (t % 2, t / 2);
/// cute_static::picture::tv_nodes(&mut out, (2, 1), (2, 2), (0, 0), &at)?;
/// assert_eq!(out.lines().count(), 2);
/// assert!(out.starts_with("\\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,0) {\\shortstack{T0 \\\\ V0}};\n"));
/// # Ok::<(), core::fmt::Error>(())
/// ```
pub fn tv_nodes(
    out: &mut dyn fmt::Write,
    (threads, values): (i64, i64),
    (rows, cols): (i64, i64),
    (dr, dc): (i64, i64),
    at: &dyn Fn(i64, i64) -> (i64, i64),
) -> fmt::Result {
    const MAX_CELLS: i64 = 1 << 16;
    if rows < 0 || cols < 0 || rows.saturating_mul(cols) > MAX_CELLS {
        // Not reached from `print_latex`: tiled MMAs and copies with larger tiles are refused
        // while compiling, so its `Display` never returns this error.
        return Err(fmt::Error);
    }
    let mut filled = [0u64; (MAX_CELLS / 64) as usize];
    for t in 0..threads {
        for v in 0..values {
            let (m, n) = at(t, v);
            if !(0..rows).contains(&m) || !(0..cols).contains(&n) {
                continue;
            }
            let cell = (m + rows * n) as usize;
            if filled[cell / 64] & (1 << (cell % 64)) != 0 {
                continue;
            }
            filled[cell / 64] |= 1 << (cell % 64);
            tv_node(out, (m + dr, n + dc), (t, v))?;
        }
    }
    Ok(())
}

/// One node of a thread-value picture: `T{t} V{v}` at `(r, c)` on thread `t`'s colour.
///
/// ```
/// let mut out = String::new();
/// cute_static::picture::tv_node(&mut out, (1, 2), (9, 3))?;
/// assert_eq!(out, "\\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,2) {\\shortstack{T9 \\\\ V3}};\n");
/// # Ok::<(), core::fmt::Error>(())
/// ```
pub fn tv_node(out: &mut dyn fmt::Write, (r, c): (i64, i64), (t, v): (i64, i64)) -> fmt::Result {
    let color = TV_PALETTE[t.rem_euclid(8) as usize];
    writeln!(
        out,
        "\\node[fill={color}] at ({r},{c}) {{\\shortstack{{T{t} \\\\ V{v}}}}};"
    )
}

/// One operand of a tiled atom's picture: the layout of its header line (CuTe prints
/// `ArithTuple(_0,_0) o L`, the TV layout over the tile's coordinates), the `(threads, values)`
/// of its TV layout, and the tile index (column-major) that `(thread, value)` lands on.
pub struct TvPicture<'a> {
    /// The header's layout.
    pub coords: &'a dyn fmt::Display,
    /// `(size<0>, size<1>)` of the TV layout.
    pub threads_values: (i64, i64),
    /// `(thread, value) -> index` in the tile.
    pub index: &'a dyn Fn(i64, i64) -> i64,
}

const GRID: &str = "\\draw[color=black,thick,shift={(-0.5,-0.5)}]";

fn label(out: &mut dyn fmt::Write, r: i64, c: i64, text: i64) -> fmt::Result {
    writeln!(
        out,
        "\\node at ({r},{c}) {{\\Large{{\\texttt{{{text}}}}}}};"
    )
}

/// CuTe's `print_latex(tiled_copy)` of an `m x n` tile: the S side at `(0,0)`, the D side at
/// `(0,N+3)`, each element with the thread and value that hold it.
///
/// ```
/// use cute_static::picture::{tiled_copy_latex, TvPicture};
/// let index = |t: i64, _v: i64| t;
/// let side = TvPicture { coords: &"(_2,_1):(_1@0,_0)", threads_values: (2, 1), index: &index };
/// let mut out = String::new();
/// tiled_copy_latex(&mut out, (2, 1), &side, &side)?;
/// assert!(out.starts_with("% Layout S TV: ArithTuple(_0,_0) o (_2,_1):(_1@0,_0)\n% Layout D TV: "));
/// # Ok::<(), core::fmt::Error>(())
/// ```
pub fn tiled_copy_latex(
    out: &mut dyn fmt::Write,
    (m, n): (i64, i64),
    s: &TvPicture<'_>,
    d: &TvPicture<'_>,
) -> fmt::Result {
    writeln!(out, "% Layout S TV: ArithTuple(_0,_0) o {}", s.coords)?;
    writeln!(out, "% Layout D TV: ArithTuple(_0,_0) o {}", d.coords)?;
    out.write_str(TIKZ_BEGIN)?;
    let cell = |at: i64| (at.rem_euclid(m.max(1)), at.div_euclid(m.max(1)));
    // S at (0,0).
    tv_nodes(out, s.threads_values, (m, n), (0, 0), &|t, v| {
        cell((s.index)(t, v))
    })?;
    writeln!(out, "{GRID} (0,0) grid ({m},{n});\n")?;
    for i in 0..m {
        label(out, i, -1, i)?;
    }
    for j in 0..n {
        label(out, -1, j, j)?;
    }
    // D at (0,N+3).
    tv_nodes(out, d.threads_values, (m, n), (0, n + 3), &|t, v| {
        cell((d.index)(t, v))
    })?;
    writeln!(out, "{GRID} (0,{}) grid ({m},{});\n", n + 3, n + n + 3)?;
    for i in 0..m {
        label(out, i, n + n + 3, i)?;
    }
    for j in 0..n {
        label(out, -1, j + n + 3, j)?;
    }
    out.write_str(TIKZ_END)
}

/// CuTe's `print_latex(tiled_mma)` of an `m x n x k` tile: C at `(0,0)`, A to its left at
/// `(0,-K-1)`, B above it at `(-K-1,0)` (drawn with k down and n across), each element with the
/// thread and value that hold it.
///
/// ```
/// use cute_static::picture::{tiled_mma_latex, TvPicture};
/// let index = |t: i64, _v: i64| t;
/// let op = TvPicture { coords: &"(_1,_1):(_0,_0)", threads_values: (1, 1), index: &index };
/// let mut out = String::new();
/// tiled_mma_latex(&mut out, (1, 1, 1), &op, &op, &op)?;
/// assert!(out.starts_with("% LayoutC: ArithTuple(_0,_0) o (_1,_1):(_0,_0)\n% LayoutA: "));
/// # Ok::<(), core::fmt::Error>(())
/// ```
pub fn tiled_mma_latex(
    out: &mut dyn fmt::Write,
    (m, n, k): (i64, i64, i64),
    c: &TvPicture<'_>,
    a: &TvPicture<'_>,
    b: &TvPicture<'_>,
) -> fmt::Result {
    for (name, x) in [("C", c), ("A", a), ("B", b)] {
        writeln!(out, "% Layout{name}: ArithTuple(_0,_0) o {}", x.coords)?;
    }
    out.write_str(TIKZ_BEGIN)?;
    let cell = |at: i64, rows: i64| (at.rem_euclid(rows.max(1)), at.div_euclid(rows.max(1)));
    // C at (0,0).
    tv_nodes(out, c.threads_values, (m, n), (0, 0), &|t, v| {
        cell((c.index)(t, v), m)
    })?;
    writeln!(out, "{GRID} (0,0) grid ({m},{n});\n")?;
    // A at (0,-K-1): (m,k).
    tv_nodes(out, a.threads_values, (m, k), (0, -k - 1), &|t, v| {
        cell((a.index)(t, v), m)
    })?;
    writeln!(out, "{GRID} (0,{}) grid ({m},-1);\n", -k - 1)?;
    for i in 0..m {
        label(out, i, -k - 2, i)?;
    }
    for j in 0..k {
        label(out, -1, j - k - 1, j)?;
    }
    // B at (-K-1,0): (n,k), drawn with k down and n across.
    let at_b = |t: i64, v: i64| {
        let (nb, kb) = cell((b.index)(t, v), n);
        (kb, nb)
    };
    tv_nodes(out, b.threads_values, (k, n), (-k - 1, 0), &at_b)?;
    writeln!(out, "{GRID} ({},0) grid (-1,{n});\n", -k - 1)?;
    for j in 0..n {
        label(out, -k - 2, j, j)?;
    }
    for i in 0..k {
        label(out, i - k - 1, -1, i)?;
    }
    out.write_str(TIKZ_END)
}
