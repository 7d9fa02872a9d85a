//! Thread-value pictures: what `--tv` draws.
//!
//! A thread-value (TV) layout maps `(thread, value)` to an index of an `M x N` tile (column-major:
//! index `k` is the element `(k % M, k / M)`). CuTe draws one with `print_latex(layout_tv, tile)`
//! (`print_latex_tv`): the `M x N` grid, each cell labelled `T<thread> V<value>` by the first pair
//! that reaches it and coloured by thread. An MMA atom has three such layouts, for A (`M x K`),
//! B (`N x K`) and C (`M x N`), which CuTe's `print_latex(mma_atom)` (`print_latex_mma`) draws in
//! one picture: C in the middle, A on its left, B above it (drawn `K x N`, transposed).
//!
//! [`TvFigure::single`] and [`TvFigure::mma`] build the two pictures from plain layouts and the
//! tile; [`TvFigure::of_value`] is how the command reads them from a result (`--tv`, `--grid`).
//! An MMA atom looked up by name only needs to give its three TV layouts and `(M, N, K)` to
//! [`TvFigure::mma`].

use crate::error::CliError;
use crate::grid::Grid;
use crate::value::Value;
use cute_dynamic::{Layout, Tiler};

/// The three TV grids of an MMA (CuTe's `print_latex_mma`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MmaGrids {
    /// C: `M x N`, `(thread, value) -> (m, n)`.
    pub c: Grid,
    /// A: `M x K`, `(thread, value) -> (m, k)`.
    pub a: Grid,
    /// B, transposed as CuTe draws it: `K` rows, `N` columns (`(thread, value) -> (n, k)` is
    /// drawn in row `k`, column `n`).
    pub b: Grid,
    /// The tile `(M, N, K)`.
    pub mnk: (usize, usize, usize),
}

/// A thread-value picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TvFigure {
    /// One TV layout on its `M x N` tile (CuTe's `print_latex_tv`).
    Single(Box<Grid>),
    /// The C, A and B layouts of an MMA (CuTe's `print_latex_mma`).
    Mma(Box<MmaGrids>),
}

impl TvFigure {
    /// One TV layout on an `M x N` tile (`tile`; by default `M` = the number of threads and `N`
    /// just large enough for the largest index), see [`Grid::of_tv`].
    ///
    /// ```
    /// use cute_cli::tv::TvFigure;
    /// let f = TvFigure::single(&"((4,8),(2,2)):((32,1),(16,8))".parse().unwrap(), Some((16, 8))).unwrap();
    /// let TvFigure::Single(g) = f else { panic!() };
    /// assert_eq!(g.cell(8, 0).unwrap().label(), "T0V2");
    /// ```
    pub fn single(l: &Layout, tile: Option<(usize, usize)>) -> Result<TvFigure, CliError> {
        Grid::of_tv(l, tile).map(|g| TvFigure::Single(Box::new(g)))
    }

    /// The picture of an MMA from its C, A and B TV layouts (CuTe's argument order of
    /// `print_latex_mma`) and its tile `(M, N, K)`: C maps into `M x N`, A into `M x K`, B into
    /// `N x K` (each column-major).
    ///
    /// ```
    /// use cute_cli::tv::TvFigure;
    /// // SM80_16x8x8_F16F16F16F16_TN: CLayout, ALayout, BLayout.
    /// let l = |s: &str| s.parse().unwrap();
    /// let f = TvFigure::mma(
    ///     &l("((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"),
    ///     &l("((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"),
    ///     &l("((_4,_8),_2):((_16,_1),_8)"),
    ///     (16, 8, 8),
    /// ).unwrap();
    /// let TvFigure::Mma(m) = f else { panic!() };
    /// assert_eq!((m.b.rows, m.b.cols), (8, 8));
    /// assert_eq!(m.b.cell(1, 0).unwrap().label(), "T0V1"); // B(0,1) = (n=0, k=1): row k, column n
    /// ```
    pub fn mma(
        c: &Layout,
        a: &Layout,
        b: &Layout,
        (m, n, k): (usize, usize, usize),
    ) -> Result<TvFigure, CliError> {
        let part = |name: &str, l: &Layout, tile: (usize, usize)| {
            Grid::of_tv(l, Some(tile)).map_err(|e| CliError {
                message: format!("{name}: {}", e.message),
                at: e.at,
            })
        };
        Ok(TvFigure::Mma(Box::new(MmaGrids {
            c: part("C", c, (m, n))?,
            a: part("A", a, (m, k))?,
            b: part("B", b, (n, k))?.transposed(),
            mnk: (m, n, k),
        })))
    }

    /// The picture `--tv` draws for a result: a layout on an `M x N` tile (`tile` with two
    /// sizes, or the default), or a tuple of three layouts `(C, A, B)` (e.g.
    /// `make_tile(C, A, B)`) on an `M x N x K` tile (`tile` with three sizes).
    ///
    /// ```
    /// use cute_cli::{tv::TvFigure, evaluate};
    /// let v = evaluate("make_tile(_2:_1, _2:_1, _2:_1)").unwrap();
    /// assert!(matches!(TvFigure::of_value(&v, &[2, 2, 2]), Ok(TvFigure::Mma(_))));
    /// assert!(TvFigure::of_value(&v, &[2, 2]).is_err());
    /// ```
    pub fn of_value(value: &Value, tile: &[usize]) -> Result<TvFigure, CliError> {
        let three = match value {
            Value::Tiler(Tiler::Tuple(items)) => match &items[..] {
                [Tiler::Layout(c), Tiler::Layout(a), Tiler::Layout(b)] => Some((c, a, b)),
                _ => None,
            },
            _ => None,
        };
        match (value, three, tile) {
            (Value::Layout(l), _, []) => TvFigure::single(l, None),
            (Value::Layout(l), _, [m, n]) => TvFigure::single(l, Some((*m, *n))),
            (_, Some((c, a, b)), [m, n, k]) => TvFigure::mma(c, a, b, (*m, *n, *k)),
            (Value::Layout(_), _, _) => Err(CliError::plain(
                "--tv: a thread-value layout is drawn on an MxN tile (--grid MxN)",
            )),
            (_, Some(_), _) => Err(CliError::plain(
                "--tv: the thread-value layouts (C, A, B) of an MMA are drawn on an MxNxK tile \
                 (--grid MxNxK)",
            )),
            _ => Err(CliError::plain(format!(
                "--tv needs a thread-value layout, or three of them (C, A, B) of an MMA, e.g. \
                 make_tile(C, A, B); the result is {} {}",
                value.kind(),
                value.show(crate::View::Cute)
            ))),
        }
    }
}
