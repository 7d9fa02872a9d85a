//! `print_layout`: CuTe's ASCII grid of a rank-2 layout, character for character, for plain and
//! composed (swizzled) layouts; `print_latex`: CuTe's LaTeX/TikZ picture of the same grid.

use crate::composed::{AnyLayout, ComposedLayout, LayoutFn};
use crate::error::{LayoutError, Result};
use crate::layout::Layout;
use crate::mode_ops::append_to_rank;
use crate::offset::Offset;
use crate::prelude::*;

/// Offset at grid cell (row, column).
type Cell<'a> = Box<dyn Fn(i32, i32) -> Result<i32> + 'a>;

/// The grid as CuTe's `print_layout` prints it: the layout, a header of column indices, then one
/// row of offsets per index of mode 0. A rank-1 layout is drawn as a single row.
///
/// ```
/// use cute_dynamic::print_layout;
/// let l = "((2,2),2):((4,2),1)".parse().unwrap();
/// let grid = print_layout(&l).unwrap();
/// assert_eq!(grid.lines().nth(3).unwrap(), " 0  | 0 | 1 |");
/// ```
pub fn print_layout(layout: &Layout) -> Result<String> {
    let (rows, cols, at): (i32, i32, Cell<'_>) = match layout.rank() {
        2 => {
            let (m, n) = (layout.get(0)?, layout.get(1)?);
            let rows = m.size()?.value();
            (
                rows,
                n.size()?.value(),
                Box::new(move |i, j| Ok(m.call(i)?.checked_add(n.call(j)?)?.value())),
            )
        }
        1 => {
            let l = layout.clone();
            (
                1,
                layout.size()?.value(),
                Box::new(move |_, j| Ok(l.call(j)?.value())),
            )
        }
        r => return Err(rank_error(layout, r)),
    };
    render(layout, layout.cosize()?.value(), rows, cols, &at)
}

fn rank_error(layout: &dyn core::fmt::Display, r: usize) -> LayoutError {
    LayoutError::invalid("print_layout", format!("{layout} has rank {r}, not 1 or 2"))
}

/// CuTe's `print_layout` of a composed layout `A o O o B`: the same grid, each cell holding
/// `A(O + B(m,n))`, the column width set by `cosize(B)` as in CuTe. As in CuTe, a layout whose
/// offset is the `smem_ptr[Nb](unset)` tag of a GMMA atom is first made position independent
/// ([`ComposedLayout::as_position_independent_swizzle_layout`]: the swizzle on element offsets
/// instead of bytes), and is drawn as that layout (which is plain when the swizzle is `Sw<0,..>`).
/// A rank-1 layout is drawn as a single row.
///
/// ```
/// use cute_dynamic::{print_composed_layout, ComposedLayout};
/// let c: ComposedLayout = "Sw<1,0,1> o _0 o (_2,_2):(_1,_2)".parse()?;
/// assert_eq!(
///     print_composed_layout(&c)?,
///     "Sw<1,0,1> o _0 o (_2,_2):(_1,_2)\n      0   1 \n    +---+---+\n 0  | 0 | 3 |\n    +---+---+\n 1  | 1 | 2 |\n    +---+---+\n"
/// );
/// // A GMMA atom: CuTe prints its position-independent form, Sw<3,3,3> on half_t offsets.
/// let atom = cute_dynamic::gmma_atom("GMMA::Layout_K_SW128_Atom<half_t>")?;
/// let grid = print_composed_layout(&atom)?;
/// assert!(grid.starts_with("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)\n"));
/// assert!(grid.lines().nth(5).unwrap().starts_with(" 1  |  72 |  73 |"));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn print_composed_layout(layout: &ComposedLayout) -> Result<String> {
    let c = match layout.offset() {
        Offset::SmemPtr(_) => match layout.as_position_independent_swizzle_layout()? {
            AnyLayout::Plain(l) => return print_layout(&l),
            AnyLayout::Composed(c) => c,
        },
        _ => layout.clone(),
    };
    let LayoutFn::Layout(b) = c.layout_b() else {
        return Err(LayoutError::invalid(
            "print_layout",
            format!("{c}: the inner function is a swizzle, which has no shape"),
        ));
    };
    let (rows, cols) = match b.rank() {
        2 => (b.get(0)?.size()?.value(), b.get(1)?.size()?.value()),
        1 => (1, b.size()?.value()),
        r => return Err(rank_error(&c, r)),
    };
    let at: Cell<'_> = if b.rank() == 2 {
        Box::new(|i, j| {
            let index = rows
                .checked_mul(j)
                .and_then(|x| x.checked_add(i))
                .ok_or_else(|| LayoutError::invalid("print_layout", "index overflows i32"))?;
            Ok(c.call(index)?.value())
        })
    } else {
        Box::new(|_, j| Ok(c.call(j)?.value()))
    };
    render(&c, c.cosize()?.value(), rows, cols, &at)
}

/// The cells of a `rows` x `cols` grid, row by row, each `at(m, n)` (computed first, so that a
/// failure is an `Err` before any text is written).
fn cells(rows: i32, cols: i32, at: &Cell<'_>) -> Result<Vec<i64>> {
    let mut out = Vec::with_capacity(rows.max(0) as usize * cols.max(0) as usize);
    for m in 0..rows {
        for n in 0..cols {
            out.push(i64::from(at(m, n)?));
        }
    }
    Ok(out)
}

/// The grid text, laid out by `cute_static::picture::grid`.
fn render(
    header: &dyn core::fmt::Display,
    cosize: i32,
    rows: i32,
    cols: i32,
    at: &Cell<'_>,
) -> Result<String> {
    let values = cells(rows, cols, at)?;
    let cell = |m: i64, n: i64| values[(m * i64::from(cols) + n) as usize];
    let mut out = String::new();
    cute_static::picture::grid(
        &mut out,
        header,
        i64::from(cosize),
        i64::from(rows),
        i64::from(cols),
        &cell,
    )
    .map_err(|_| LayoutError::invalid("print_layout", "formatting failed"))?;
    Ok(out)
}

/// CuTe's `print_latex(layout)` (CuTe 4.2, `util/print_latex.hpp`): a standalone LaTeX/TikZ
/// document of the grid of a layout of rank at most 2 (padded to rank 2 with `_1:_0`, CuTe's
/// `append<2>`), one node per `(m,n)` holding the offset on the `TikzColor_BWx8` grey of the
/// offset, then the grid and the row and column numbers. `Err` for a rank above 2.
///
/// ```
/// use cute_dynamic::print_latex;
/// let doc = print_latex(&"(2,2):(1,2)".parse::<cute_dynamic::Layout>()?)?;
/// assert!(doc.starts_with("% Layout: (2,2):(1,2)\n\\documentclass[convert]{standalone}\n"));
/// assert!(doc.contains("\\node[fill=black!40] at (1,0) {1};\n"));
/// assert!(doc.contains("\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (2,2);\n\n"));
/// assert!(doc.ends_with("\\node at (-1,1) {\\Large{\\texttt{1}}};\n\\end{tikzpicture}\n\\end{document}\n"));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn print_latex<X: PrintLatex + ?Sized>(x: &X) -> Result<String> {
    x.latex_document()
}

/// What [`print_latex`] draws, CuTe's overloads: a [`Layout`] (rank at most 2), a
/// [`crate::TiledCopy`] (its S and D sides) and a [`crate::TiledMMA`] (C with A to its left and
/// B above).
///
/// ```
/// use cute_dynamic::{copy_atom, make_tiled_copy, print_latex};
/// let copy = make_tiled_copy(&copy_atom("UniversalCopy<uint64_t>", "float")?, &"(_2,_2):(_1,_2)".parse()?, &"(_2,_1):(_1,_0)".parse()?)?;
/// assert!(print_latex(&copy)?.starts_with("% Layout S TV: ArithTuple(_0,_0) o ((_2,_2),(_2,_1)):((_2@0,_1@1),(_1@0,_0))\n"));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub trait PrintLatex: sealed::Sealed {
    /// The TikZ document.
    #[doc(hidden)]
    fn latex_document(&self) -> Result<String>;
}

pub(crate) mod sealed {
    pub trait Sealed {}
    impl Sealed for crate::Layout {}
    impl Sealed for crate::TiledCopy {}
    impl Sealed for crate::TiledMMA {}
}

impl PrintLatex for Layout {
    fn latex_document(&self) -> Result<String> {
        let layout = self;
        let r = layout.rank();
        if r > 2 {
            return Err(LayoutError::invalid(
                "print_latex",
                format!("{layout} has rank {r}, not at most 2"),
            ));
        }
        let l = append_to_rank(layout, 2)?;
        let (m, n) = (l.get(0)?, l.get(1)?);
        let (rows, cols) = (m.size()?.value(), n.size()?.value());
        let at: Cell<'_> = Box::new(|i, j| Ok(m.call(i)?.checked_add(n.call(j)?)?.value()));
        latex(&l, rows, cols, &at)
    }
}

/// The TikZ document, laid out by `cute_static::picture::latex`.
fn latex(header: &dyn core::fmt::Display, rows: i32, cols: i32, at: &Cell<'_>) -> Result<String> {
    let values = cells(rows, cols, at)?;
    let cell = |m: i64, n: i64| Some(values[(m * i64::from(cols) + n) as usize]);
    let mut out = String::new();
    cute_static::picture::latex(&mut out, header, i64::from(rows), i64::from(cols), &cell)
        .map_err(|_| LayoutError::invalid("print_latex", "formatting failed"))?;
    Ok(out)
}

/// A tiled atom's TikZ document, laid out by `cute_static::picture::tiled_copy_latex` or
/// `tiled_mma_latex` into `out`.
pub(crate) fn tiled_document(
    write: impl FnOnce(&mut String) -> core::fmt::Result,
) -> Result<String> {
    let mut out = String::new();
    write(&mut out)
        .map_err(|_| LayoutError::invalid("print_latex", "a tile of more than 65536 elements"))?;
    Ok(out)
}
