//! The grid every picture draws: rows are mode 0 of the layout, columns the remaining modes
//! flattened (a rank-0 or rank-1 layout is padded to rank 2 with `_1:_0`, as CuTe's
//! `print_latex` does), each cell holding the offset `L(row, col)`; or, for a thread-value
//! layout, the offset space laid out column-major on an `M x N` grid with each cell labelled by
//! the first `(thread, value)` that maps to it. A composed layout `A o O o B` is drawn on the grid
//! of `B`, each cell holding `A(O + B(row, col))` (a GMMA atom, with the `smem_ptr` offset, is
//! drawn position-independent, as CuTe's `print_layout` and `print_latex` do).

use crate::error::CliError;
use cute_dynamic::{
    AnyLayout, ComposedLayout, IntTuple, Layout, LayoutFn, Offset, append_to_rank, idx2crd,
    make_composed_layout, take,
};

/// Most cells a picture or a table may have (256 x 256).
pub const MAX_CELLS: usize = 65_536;

/// One cell of a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The offset the layout gives this cell.
    pub offset: i32,
    /// For a thread-value grid: the first `(thread, value)` whose offset is this cell.
    pub tv: Option<(usize, usize)>,
}

impl Cell {
    /// What the cell shows: its offset, or `T{t}V{v}`.
    pub fn label(&self) -> String {
        match self.tv {
            Some((t, v)) => format!("T{t}V{v}"),
            None => self.offset.to_string(),
        }
    }
}

/// A grid of cells, ready to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The layout, as given (for a GMMA atom: its position-independent form, which is drawn).
    pub layout: AnyLayout,
    /// The layout drawn: `layout` (or its inner layout `B`) padded to rank 2 with `_1:_0` modes
    /// if its rank is below 2.
    pub drawn: AnyLayout,
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The cells, row by row (`None`: no thread-value pair maps there).
    pub cells: Vec<Option<Cell>>,
    /// For a layout of rank above 2: each column's coordinate in modes 1, 2, ... (run-time
    /// view, e.g. `(1,0)`).
    pub col_coords: Option<Vec<String>>,
    /// Whether this is a thread-value grid.
    pub tv: bool,
    /// The SVG colours offset cells by `(offset >> color_shift) mod 8`: 0 for a plain layout;
    /// `M` for a layout swizzled by `Sw<B,M,S>`, so that each colour is one unit of `2^M`
    /// elements, which the swizzle moves as a whole (with the offset itself the colours of a
    /// swizzled layout would not show the swizzle, whose lowest `M` bits never change).
    pub color_shift: u32,
}

fn algebra(what: &str, l: &dyn std::fmt::Display, e: cute_dynamic::LayoutError) -> CliError {
    CliError::plain(format!("{what}: cannot evaluate {l}: {e}"))
}

/// The size of `l`, refused (with `what` in the message) unless it is between 1 and
/// [`MAX_CELLS`].
pub fn checked_size(what: &str, l: &Layout) -> Result<usize, CliError> {
    checked_size_any(what, &AnyLayout::Plain(l.clone()))
}

/// [`checked_size`] of a plain or composed layout.
pub fn checked_size_any(what: &str, l: &AnyLayout) -> Result<usize, CliError> {
    let n = l.size().map_err(|e| algebra(what, l, e))?.value();
    if n <= 0 {
        return Err(CliError::plain(format!(
            "{what}: {l} has size {n}; only a layout of positive size can be shown"
        )));
    }
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    if n > MAX_CELLS {
        return Err(CliError::plain(format!(
            "{what}: {l} has {n} elements, more than the {MAX_CELLS} ({}x{}) shown at most",
            256, 256
        )));
    }
    Ok(n)
}

/// Mode 0 and the remaining modes (as one layout) of a layout padded to rank 2.
fn split(l: &Layout) -> Result<(Layout, Layout, Layout), cute_dynamic::LayoutError> {
    let drawn = if l.rank() < 2 {
        append_to_rank(l, 2)?
    } else {
        l.clone()
    };
    let r = drawn.rank();
    let first = drawn.get(0)?;
    let rest = if r == 2 {
        drawn.get(1)?
    } else {
        take(&drawn, 1, r)?
    };
    Ok((drawn, first, rest))
}

fn to_i32(i: usize) -> i32 {
    i32::try_from(i).unwrap_or(i32::MAX)
}

impl Grid {
    /// The offsets of `l` on a grid: row `i`, column `j` holds `L(i, j)` where `j` runs over
    /// the modes after the first, flattened (column-major).
    ///
    /// ```
    /// use cute_cli::Grid;
    /// let g = Grid::of_layout(&"(2,(2,2)):(1,(4,2))".parse().unwrap()).unwrap();
    /// assert_eq!((g.rows, g.cols), (2, 4));
    /// assert_eq!(g.cells[1].unwrap().offset, 4);
    /// let g = Grid::of_layout(&"(2,2,2):(1,4,2)".parse().unwrap()).unwrap();
    /// assert_eq!(g.col_coords.unwrap()[1], "(1,0)");
    /// ```
    pub fn of_layout(l: &Layout) -> Result<Grid, CliError> {
        let what = "picture";
        checked_size(what, l)?;
        let (drawn, first, rest) = split(l).map_err(|e| algebra(what, l, e))?;
        let rows =
            usize::try_from(first.size().map_err(|e| algebra(what, l, e))?.value()).unwrap_or(0);
        let cols =
            usize::try_from(rest.size().map_err(|e| algebra(what, l, e))?.value()).unwrap_or(0);
        let mut cells = Vec::with_capacity(rows * cols);
        let col_offsets = (0..cols)
            .map(|j| rest.call(to_i32(j)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| algebra(what, l, e))?;
        for i in 0..rows {
            let row = first.call(to_i32(i)).map_err(|e| algebra(what, l, e))?;
            for c in &col_offsets {
                let offset = row
                    .checked_add(*c)
                    .map_err(|e| algebra(what, l, e.into()))?;
                cells.push(Some(Cell {
                    offset: offset.value(),
                    tv: None,
                }));
            }
        }
        let col_coords = if drawn.rank() > 2 {
            Some(
                (0..cols)
                    .map(|j| {
                        idx2crd(&IntTuple::d(to_i32(j)), &rest.shape())
                            .map(|c| c.values().to_string())
                    })
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| algebra(what, l, e))?,
            )
        } else {
            None
        };
        Ok(Grid {
            layout: l.clone().into(),
            drawn: drawn.into(),
            rows,
            cols,
            cells,
            col_coords,
            tv: false,
            color_shift: 0,
        })
    }

    /// The grid of a layout, plain ([`Grid::of_layout`]) or composed ([`Grid::of_composed`]).
    pub fn of_any(l: &AnyLayout) -> Result<Grid, CliError> {
        match l {
            AnyLayout::Plain(l) => Grid::of_layout(l),
            AnyLayout::Composed(c) => Grid::of_composed(c),
        }
    }

    /// The grid of a composed layout `A o O o B`: the rows and columns of `B`, each cell holding
    /// `A(O + B(row, col))`, the value CuTe's `print_layout` and `print_latex` show. A layout with
    /// the `smem_ptr[Nb](unset)` offset of a GMMA atom is first made position independent (its
    /// swizzle on element offsets), as CuTe does before drawing it.
    ///
    /// ```
    /// use cute_cli::Grid;
    /// let g = Grid::of_composed(&"Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse().unwrap()).unwrap();
    /// assert_eq!((g.rows, g.cols), (8, 64));
    /// assert_eq!(g.cell(1, 0).unwrap().offset, 72); // Sw<3,3,3>(64)
    /// let atom = cute_dynamic::gmma_atom("GMMA::Layout_K_SW128_Atom<half_t>").unwrap();
    /// let g = Grid::of_composed(&atom).unwrap();
    /// assert_eq!(g.layout.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    /// assert_eq!(g.cell(1, 0).unwrap().offset, 72);
    /// ```
    pub fn of_composed(c: &ComposedLayout) -> Result<Grid, CliError> {
        let what = "picture";
        let c = match c.offset() {
            Offset::SmemPtr(_) => match c
                .as_position_independent_swizzle_layout()
                .map_err(|e| algebra(what, c, e))?
            {
                AnyLayout::Plain(l) => return Grid::of_layout(&l),
                AnyLayout::Composed(c) => c,
            },
            _ => c.clone(),
        };
        let LayoutFn::Layout(b) = c.layout_b() else {
            return Err(CliError::plain(format!(
                "{what}: {c} has a swizzle as its inner function, which has no shape to draw"
            )));
        };
        let mut g = Grid::of_layout(b)?;
        for i in 0..g.rows {
            for j in 0..g.cols {
                let index = i32::try_from(i + g.rows * j).unwrap_or(i32::MAX);
                let offset = c.call(index).map_err(|e| algebra(what, &c, e))?;
                g.cells[i * g.cols + j] = Some(Cell {
                    offset: offset.value(),
                    tv: None,
                });
            }
        }
        if let AnyLayout::Plain(drawn) = &g.drawn {
            g.drawn = make_composed_layout(c.layout_a().clone(), *c.offset(), drawn.clone()).into();
        }
        if let LayoutFn::Swizzle(sw) = c.layout_a() {
            g.color_shift = u32::try_from(sw.num_base()).unwrap_or(0).min(31);
        }
        g.layout = c.into();
        Ok(g)
    }

    /// A thread-value layout `L(t, v) = offset` drawn in its offset space: `t` runs over mode 0,
    /// `v` over the remaining modes flattened; offset `k` is the cell `(k % M, k / M)` of an
    /// `M x N` grid (`grid`, by default `M = size(mode 0)` and `N` just large enough for the
    /// largest offset). Each cell shows the first `(t, v)` (`t` outer, `v` inner, as CuTe's
    /// `print_latex_tv`) that maps to it; cells no pair maps to stay empty.
    ///
    /// ```
    /// use cute_cli::Grid;
    /// let l = "((4,8),(2,2)):((32,1),(16,8))".parse().unwrap();
    /// let g = Grid::of_tv(&l, Some((16, 8))).unwrap();
    /// assert_eq!(g.cells[0].unwrap().label(), "T0V0");
    /// assert_eq!(g.cells[1].unwrap().label(), "T0V1"); // row 0, column 1: offset 16
    /// ```
    pub fn of_tv(l: &Layout, grid: Option<(usize, usize)>) -> Result<Grid, CliError> {
        let what = "thread-value picture";
        checked_size(what, l)?;
        let (drawn, threads, values) = split(l).map_err(|e| algebra(what, l, e))?;
        let nt =
            usize::try_from(threads.size().map_err(|e| algebra(what, l, e))?.value()).unwrap_or(0);
        let nv =
            usize::try_from(values.size().map_err(|e| algebra(what, l, e))?.value()).unwrap_or(0);
        let value_offsets = (0..nv)
            .map(|v| values.call(to_i32(v)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| algebra(what, l, e))?;
        let mut offsets = Vec::with_capacity(nt * nv);
        for t in 0..nt {
            let base = threads.call(to_i32(t)).map_err(|e| algebra(what, l, e))?;
            for (v, d) in value_offsets.iter().enumerate() {
                let o = base
                    .checked_add(*d)
                    .map_err(|e| algebra(what, l, e.into()))?;
                offsets.push((t, v, i64::from(o.value())));
            }
        }
        let (rows, cols) = match grid {
            Some(mn) => mn,
            None => {
                let top = offsets.iter().map(|o| o.2).max().unwrap_or(0) + 1;
                let m = nt.max(1);
                let n = usize::try_from(top).unwrap_or(1).div_ceil(m).max(1);
                (m, n)
            }
        };
        if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
            return Err(CliError::plain(format!(
                "{what}: a {rows}x{cols} grid; a grid needs between 1 and {MAX_CELLS} cells"
            )));
        }
        let area = i64::try_from(rows * cols).unwrap_or(i64::MAX);
        let m = i64::try_from(rows).unwrap_or(1);
        let mut cells = vec![None; rows * cols];
        for (t, v, o) in offsets {
            if !(0..area).contains(&o) {
                return Err(CliError::plain(format!(
                    "{what}: {l} maps thread {t}, value {v} to offset {o}, outside the \
                     {rows}x{cols} grid (offsets 0..{area}); give a larger --grid"
                )));
            }
            let (r, c) = (usize::try_from(o % m), usize::try_from(o / m));
            let k = r.unwrap_or(0) * cols + c.unwrap_or(0);
            if cells[k].is_none() {
                cells[k] = Some(Cell {
                    offset: i32::try_from(o).unwrap_or(i32::MAX),
                    tv: Some((t, v)),
                });
            }
        }
        Ok(Grid {
            layout: l.clone().into(),
            drawn: drawn.into(),
            rows,
            cols,
            cells,
            col_coords: None,
            tv: true,
            color_shift: 0,
        })
    }

    /// The thread-value grid with every cell's thread `t` renamed `thr_id(t)`: how CuTe's
    /// `print_latex` of an MMA atom labels and colours a cell (thread `ThrID(t)` of the atom's
    /// layout thread `t`; SM70's quad pair `(_4,_2):(_1,_16)` makes threads 0-3 and 16-19).
    ///
    /// ```
    /// use cute_cli::Grid;
    /// let g = Grid::of_tv(&"(_8,_8):(_1,_8)".parse().unwrap(), Some((8, 8))).unwrap();
    /// let g = g.with_thread_ids(&"(_4,_2):(_1,_16)".parse().unwrap()).unwrap();
    /// assert_eq!(g.cell(4, 0).unwrap().label(), "T16V0");
    /// ```
    pub fn with_thread_ids(&self, thr_id: &Layout) -> Result<Grid, CliError> {
        let mut g = self.clone();
        for cell in g.cells.iter_mut().flatten() {
            if let Some((t, v)) = cell.tv {
                let id = thr_id
                    .call(to_i32(t))
                    .map_err(|e| algebra("thread-value picture", thr_id, e))?
                    .value();
                let id = usize::try_from(id).map_err(|_| {
                    CliError::plain(format!(
                        "thread-value picture: ThrID {thr_id} maps thread {t} to {id}"
                    ))
                })?;
                cell.tv = Some((id, v));
            }
        }
        Ok(g)
    }

    /// The grid with rows and columns swapped (how CuTe draws the `(N, K)` grid of an MMA's B
    /// operand: `K` rows above the `N` columns of C).
    ///
    /// ```
    /// use cute_cli::Grid;
    /// let g = Grid::of_layout(&"(2,3):(1,2)".parse().unwrap()).unwrap().transposed();
    /// assert_eq!((g.rows, g.cols), (3, 2));
    /// assert_eq!(g.cell(2, 1).unwrap().offset, 5);
    /// ```
    pub fn transposed(&self) -> Grid {
        let mut cells = Vec::with_capacity(self.cells.len());
        for c in 0..self.cols {
            for r in 0..self.rows {
                cells.push(self.cell(r, c));
            }
        }
        Grid {
            rows: self.cols,
            cols: self.rows,
            cells,
            col_coords: None,
            ..self.clone()
        }
    }

    /// The filled cells of a thread-value grid as `(row, column, thread, value)`, in the order
    /// CuTe's `print_latex_tv` prints them: by thread, then value.
    pub fn tv_cells(&self) -> Vec<(usize, usize, usize, usize)> {
        let mut out: Vec<(usize, usize, usize, usize)> = (0..self.rows)
            .flat_map(|r| (0..self.cols).map(move |c| (r, c)))
            .filter_map(|(r, c)| {
                self.cell(r, c)
                    .and_then(|cell| cell.tv)
                    .map(|(t, v)| (r, c, t, v))
            })
            .collect();
        out.sort_by_key(|&(_, _, t, v)| (t, v));
        out
    }

    /// The cell at row `r`, column `c`.
    pub fn cell(&self, r: usize, c: usize) -> Option<Cell> {
        self.cells.get(r * self.cols + c).copied().flatten()
    }
}
