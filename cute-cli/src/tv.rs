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
//! tile; [`TvFigure::mma_atom`] draws an MMA atom by name (its three TV layouts on its
//! `Shape_MNK`, the threads named by its `ThrID`); [`TvFigure::of_value`] is how the command
//! reads them from a result (`--tv`, `--grid`).

use crate::error::CliError;
use crate::grid::Grid;
use crate::value::Value;
use cute_dynamic::{Layout, MmaAtom, Tiler};

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
    /// For an MMA atom drawn by name: its name and `ThrID` (the pictures' title).
    pub atom: Option<String>,
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
            atom: None,
        })))
    }

    /// The picture CuTe's `print_latex(mma_atom)` draws: C, A and B of the atom on its
    /// `Shape_MNK` tile. Like CuTe (which labels the cell of `(m,n)` with thread
    /// `ThrID(t)` of the atom-local thread `t`), every thread is named by the atom's `ThrID`: the
    /// identity for most atoms, SM70's quad pair `(_4,_2):(_1,_16)` makes threads 0-3 and 16-19.
    ///
    /// ```
    /// use cute_cli::tv::TvFigure;
    /// let atom = cute_dynamic::mma_atom("SM70_8x8x4_F32F16F16F32_TN").unwrap();
    /// let TvFigure::Mma(m) = TvFigure::mma_atom(&atom).unwrap() else { panic!() };
    /// assert_eq!(m.mnk, (8, 8, 4));
    /// assert_eq!(m.a.cell(4, 0).unwrap().label(), "T16V0");
    /// ```
    pub fn mma_atom(atom: &MmaAtom) -> Result<TvFigure, CliError> {
        let mnk = atom
            .shape_mnk
            .leaves()
            .iter()
            .map(|i| usize::try_from(i.value()).unwrap_or(0))
            .collect::<Vec<_>>();
        let [m, n, k] = mnk[..] else {
            return Err(CliError::plain(format!(
                "--tv: the MMA atom {} has Shape_MNK {}, not (M,N,K)",
                atom.name, atom.shape_mnk
            )));
        };
        let TvFigure::Mma(mut grids) =
            TvFigure::mma(&atom.c_layout, &atom.a_layout, &atom.b_layout, (m, n, k))?
        else {
            return Err(CliError::plain("--tv: not an MMA picture"));
        };
        grids.atom = Some(format!("{} (ThrID {})", atom.name, atom.thr_id));
        grids.c = grids.c.with_thread_ids(&atom.thr_id)?;
        grids.a = grids.a.with_thread_ids(&atom.thr_id)?;
        grids.b = grids.b.with_thread_ids(&atom.thr_id)?;
        Ok(TvFigure::Mma(grids))
    }

    /// The picture `--tv` draws for a result: a layout on an `M x N` tile (`tile` with two
    /// sizes, or the default), or a tuple of three layouts `(C, A, B)` (e.g.
    /// `make_tile(C, A, B)`) on an `M x N x K` tile (`tile` with three sizes), an MMA atom
    /// ([`TvFigure::mma_atom`]; `tile`, if given, must be its `Shape_MNK`), or the
    /// `(tiler_mn, layout_tv)` of `make_layout_tv` (the layout on its `tiler_mn` tile, or on
    /// `tile`).
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
        if let Value::Mma(atom) = value {
            let figure = TvFigure::mma_atom(atom)?;
            if let (TvFigure::Mma(m), [a, b, c]) = (&figure, tile) {
                if m.mnk != (*a, *b, *c) {
                    return Err(CliError::plain(format!(
                        "--tv: the MMA atom {} is drawn on its Shape_MNK {}; leave out --grid \
                         (or give {}x{}x{})",
                        atom.name, atom.shape_mnk, m.mnk.0, m.mnk.1, m.mnk.2
                    )));
                }
            } else if !tile.is_empty() {
                return Err(CliError::plain(format!(
                    "--tv: the MMA atom {} is drawn on its Shape_MNK {}; leave out --grid",
                    atom.name, atom.shape_mnk
                )));
            }
            return Ok(figure);
        }
        if let Some((tiler, tv)) = layout_tv_pair(value) {
            return match tile {
                [] => TvFigure::single(tv, Some(tiler)),
                [m, n] => TvFigure::single(tv, Some((*m, *n))),
                _ => Err(CliError::plain(
                    "--tv: a thread-value layout (tiler_mn, layout_tv) is drawn on an MxN tile \
                     (--grid MxN)",
                )),
            };
        }
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

/// The `(tiler_mn, layout_tv)` of `make_layout_tv`: a pair of a shape of rank 1 or 2 (the tile,
/// `M` or `M x N`) and a layout.
fn layout_tv_pair(value: &Value) -> Option<((usize, usize), &Layout)> {
    let Value::Tiler(Tiler::Tuple(items)) = value else {
        return None;
    };
    let [tiler, Tiler::Layout(tv)] = &items[..] else {
        return None;
    };
    let size = |t: &Tiler| match t {
        Tiler::Int(i) => usize::try_from(i.value()).ok(),
        _ => None,
    };
    let tile = match tiler {
        Tiler::Int(_) => (size(tiler)?, 1),
        Tiler::Tuple(modes) => match &modes[..] {
            [m] => (size(m)?, 1),
            [m, n] => (size(m)?, size(n)?),
            _ => return None,
        },
        _ => return None,
    };
    Some((tile, tv))
}
