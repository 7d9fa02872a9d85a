//! `--svg FILE`: the grid as an SVG picture. Cells are squares of [`CELL`] units, each filled
//! with a colour and labelled (centred: `text-anchor="middle"`, `dominant-baseline="central"`)
//! with its offset, or `T{t}V{v}` for a thread-value grid. The font size is chosen so that the
//! longest label fits in a cell; the picture has a `viewBox`, so it scales to any size (256 x 256
//! cells stay readable when zoomed).
//!
//! Colours: an offset grid cycles through [`OFFSET_PALETTE`] by offset (`offset mod 8`, the idea
//! of CuTe's `TikzColor_BWx8`, in colour; for a layout swizzled by `Sw<B,M,S>`, by the `2^M`-element
//! unit, `(offset >> M) mod 8`, so that the swizzle shows); a thread-value grid colours by thread with CuTe's
//! `TikzColor_TV` palette [`TV_PALETTE`] (`thread mod 8`). Empty cells are white.
//!
//! A bank map ([`svg_banks`], `--banks` with `--svg`) colours each cell of a shared-memory tile
//! by the bank of its element with [`BANK_PALETTE`], labels it with the bank, and outlines in
//! [`CONFLICT`] the cells that the colliding lanes of the worst instruction read.

use crate::banks::BankMap;
use crate::grid::{Cell, Grid};
use crate::tv::{MmaGrids, TvFigure};
use std::fmt::Write as _;

/// Side of a cell in SVG units.
pub const CELL: f64 = 40.0;

/// An RGB colour.
pub type Rgb = (u8, u8, u8);

/// CuTe's `TikzColor_TV`: the colour of thread `t` is `TV_PALETTE[t % 8]`.
pub const TV_PALETTE: [Rgb; 8] = [
    (175, 175, 255),
    (175, 255, 175),
    (255, 255, 175),
    (255, 175, 175),
    (210, 210, 255),
    (210, 255, 210),
    (255, 255, 210),
    (255, 210, 210),
];

/// Eight light colours for offsets: offset `k` is `OFFSET_PALETTE[k mod 8]`; neighbouring
/// offsets get clearly different hues.
pub const OFFSET_PALETTE: [Rgb; 8] = [
    (255, 214, 214),
    (255, 233, 199),
    (255, 247, 184),
    (217, 247, 198),
    (200, 240, 239),
    (207, 227, 255),
    (224, 212, 255),
    (249, 211, 239),
];

/// The 32 light colours of the banks (`--banks` with `--svg`): bank `b` is `BANK_PALETTE[b]`.
/// The hues go round the circle 13/32 of a turn a bank, lighter and darker in turn, so that
/// neighbouring banks (the words of one 16-byte vector) are clearly different.
pub const BANK_PALETTE: [Rgb; 32] = [
    (247, 161, 161),
    (189, 250, 216),
    (237, 161, 247),
    (231, 250, 189),
    (161, 182, 247),
    (250, 200, 189),
    (161, 247, 215),
    (250, 189, 246),
    (204, 247, 161),
    (189, 193, 250),
    (247, 193, 161),
    (189, 250, 238),
    (247, 161, 226),
    (208, 250, 189),
    (171, 161, 247),
    (250, 223, 189),
    (161, 247, 247),
    (250, 189, 223),
    (171, 247, 161),
    (208, 189, 250),
    (247, 226, 161),
    (189, 238, 250),
    (247, 161, 193),
    (189, 250, 193),
    (204, 161, 247),
    (250, 246, 189),
    (161, 215, 247),
    (250, 189, 200),
    (161, 247, 182),
    (231, 189, 250),
    (237, 247, 161),
    (189, 216, 250),
];

/// The outline of a cell that a colliding lane reads (`--banks` with `--svg`).
pub const CONFLICT: Rgb = (208, 0, 0);

/// The fill of a cell with nothing in it.
pub const EMPTY: Rgb = (255, 255, 255);

/// The fill colour of a cell.
///
/// ```
/// use cute_cli::{svg::{fill, TV_PALETTE, OFFSET_PALETTE}, Cell};
/// assert_eq!(fill(Some(Cell { offset: 9, tv: None })), OFFSET_PALETTE[1]);
/// assert_eq!(fill(Some(Cell { offset: 9, tv: Some((11, 0)) })), TV_PALETTE[3]);
/// ```
pub fn fill(cell: Option<Cell>) -> Rgb {
    fill_shifted(cell, 0)
}

/// The fill colour of a cell of a grid whose offsets are coloured by `offset >> shift`
/// ([`Grid::color_shift`]).
///
/// ```
/// use cute_cli::{svg::{fill_shifted, OFFSET_PALETTE}, Cell};
/// assert_eq!(fill_shifted(Some(Cell { offset: 72, tv: None }), 3), OFFSET_PALETTE[1]);
/// ```
pub fn fill_shifted(cell: Option<Cell>, shift: u32) -> Rgb {
    match cell {
        None => EMPTY,
        Some(Cell {
            tv: Some((t, _)), ..
        }) => TV_PALETTE[t % 8],
        Some(Cell { offset, .. }) => {
            OFFSET_PALETTE[usize::try_from((offset >> shift.min(31)).rem_euclid(8)).unwrap_or(0)]
        }
    }
}

/// A number in SVG text: at most two decimals, no trailing zeros.
fn num(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// Escape text for XML.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Width of `chars` monospace characters at `size`.
fn text_width(chars: usize, size: f64) -> f64 {
    chars as f64 * size * 0.6
}

/// Largest font size (at most `max`) at which `chars` monospace characters fit in `room`.
fn fit(chars: usize, room: f64, max: f64) -> f64 {
    let size = room / (chars.max(1) as f64 * 0.6);
    (size.min(max) * 10.0).floor() / 10.0
}

/// Where a cell is drawn: the top-left corner of cell `(r, c)` is
/// `(geometry.x0 + c * CELL, geometry.y0 + r * CELL)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// Left edge of the cells.
    pub x0: f64,
    /// Top edge of the cells.
    pub y0: f64,
    /// Width of the picture.
    pub width: f64,
    /// Height of the picture.
    pub height: f64,
}

const CAPTION: f64 = 28.0;
const HEADER: f64 = 20.0;
const LABEL_FONT: f64 = 12.0;

/// The caption of a grid's picture (also its `<title>`).
pub fn title(g: &Grid) -> String {
    if g.tv {
        format!(
            "{} (thread, value) on a {}x{} grid",
            g.layout, g.rows, g.cols
        )
    } else {
        g.layout.to_string()
    }
}

/// The geometry of a grid's picture.
pub fn geometry(g: &Grid) -> Geometry {
    let headers = if g.col_coords.is_some() { 2.0 } else { 1.0 };
    let row_digits = g.rows.saturating_sub(1).to_string().len();
    let x0 = (text_width(row_digits, LABEL_FONT) + 12.0).max(24.0).ceil();
    let y0 = CAPTION + headers * HEADER;
    let caption = text_width(title(g).len(), 14.0) + 8.0;
    let width = (x0 + g.cols as f64 * CELL + 4.0).max(caption).ceil();
    let height = y0 + g.rows as f64 * CELL + 4.0;
    Geometry {
        x0,
        y0,
        width,
        height,
    }
}

/// The cells of a grid with their top-left corner at `(x0, y0)`: a group of rectangles, then a
/// group of labels at `font` size.
fn cells(out: &mut String, g: &Grid, x0: f64, y0: f64, font: f64) {
    // Writing to a String cannot fail; the results below are ignored for that reason.
    let _ = writeln!(out, r#"<g stroke="black" stroke-width="1">"#);
    for r in 0..g.rows {
        for c in 0..g.cols {
            let (red, green, blue) = fill_shifted(g.cell(r, c), g.color_shift);
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="rgb({red},{green},{blue})"/>"#,
                num(x0 + c as f64 * CELL),
                num(y0 + r as f64 * CELL),
                num(CELL),
                num(CELL)
            );
        }
    }
    let _ = writeln!(out, "</g>");
    let _ = writeln!(out, r#"<g font-size="{}" fill="black">"#, num(font));
    for r in 0..g.rows {
        for c in 0..g.cols {
            let Some(cell) = g.cell(r, c) else {
                continue;
            };
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
                num(x0 + (c as f64 + 0.5) * CELL),
                num(y0 + (r as f64 + 0.5) * CELL),
                escape(&cell.label())
            );
        }
    }
    let _ = writeln!(out, "</g>");
}

/// The longest cell label of some grids.
fn longest_label<'a>(grids: impl IntoIterator<Item = &'a Grid>) -> usize {
    grids
        .into_iter()
        .flat_map(|g| g.cells.iter().flatten().map(|c| c.label().len()))
        .max()
        .unwrap_or(1)
}

/// The SVG document of a thread-value picture: [`svg`] of its grid, or [`svg_mma`].
pub fn svg_tv(f: &TvFigure) -> String {
    match f {
        TvFigure::Single(g) => svg(g),
        TvFigure::Mma(m) => svg_mma(m),
    }
}

/// The SVG document of an MMA's thread-value layouts, placed as CuTe's `print_latex_mma` places
/// them on its grid of unit cells: C (`M x N`) at row 0, column 0; A (`M x K`) on its left, in
/// columns `-K-1 .. -2`; B (`K x N`) above it, in rows `-K-1 .. -2`; the row and column numbers
/// of A and B in the cells beside them. Three caption lines give the layouts.
///
/// ```
/// use cute_cli::{svg::svg_mma, tv::TvFigure};
/// let l = |s: &str| s.parse().unwrap();
/// let TvFigure::Mma(m) = TvFigure::mma(&l("(_2,_2):(_1,_2)"), &l("_2:_1"), &l("_2:_1"), (2, 2, 1)).unwrap()
/// else { panic!() };
/// let doc = svg_mma(&m);
/// assert_eq!(doc.matches(r#"width="40""#).count(), 4 + 2 + 2); // the cells of C, A and B
/// ```
pub fn svg_mma(m: &MmaGrids) -> String {
    let (rows, cols, depth) = (m.mnk.0 as f64, m.mnk.1 as f64, m.mnk.2 as f64);
    let lines = [
        match &m.atom {
            Some(name) => format!(
                "{name}: thread-value layouts, tile (M,N,K) = ({},{},{})",
                m.mnk.0, m.mnk.1, m.mnk.2
            ),
            None => format!(
                "MMA thread-value layouts, tile (M,N,K) = ({},{},{})",
                m.mnk.0, m.mnk.1, m.mnk.2
            ),
        },
        format!("C (M x N) = {}", m.c.layout),
        format!("A (M x K) = {}, left", m.a.layout),
        format!("B (N x K) = {}, top", m.b.layout),
    ];
    let top = CAPTION * lines.len() as f64 * 0.75 + 8.0;
    // Lattice cell (r, c) of CuTe's picture has its top-left corner at (x(c), y(r)).
    let x = |c: f64| 4.0 + (c + depth + 2.0) * CELL;
    let y = |r: f64| top + (r + depth + 2.0) * CELL;
    let caption = lines
        .iter()
        .map(|l| text_width(l.len(), 14.0) + 8.0)
        .fold(0.0, f64::max);
    let width = (x(cols) + 4.0).max(caption).ceil();
    let height = (y(rows) + 4.0).ceil();
    let (w, h) = (num(width), num(height));
    let font = fit(longest_label([&m.c, &m.a, &m.b]), CELL - 8.0, 16.0);
    let mut out = String::new();
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans Mono, Menlo, Consolas, Liberation Mono, Courier New, monospace">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&lines.join("; ")));
    let _ = writeln!(
        out,
        r#"<rect x="0" y="0" width="{w}" height="{h}" fill="white"/>"#
    );
    for (i, line) in lines.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="4" y="{}" font-size="14" dominant-baseline="central">{}</text>"#,
            num(CAPTION * 0.75 * (i as f64 + 0.5) + 4.0),
            escape(line)
        );
    }
    // Row and column numbers, centred in their cells.
    let _ = writeln!(out, r##"<g fill="#555555">"##);
    let mut label = |r: f64, c: f64, text: usize| {
        let text = text.to_string();
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="middle" dominant-baseline="central">{text}</text>"#,
            num(x(c) + CELL / 2.0),
            num(y(r) + CELL / 2.0),
            num(fit(text.len(), CELL - 4.0, LABEL_FONT + 2.0))
        );
    };
    for i in 0..m.mnk.0 {
        label(i as f64, -depth - 2.0, i); // A's rows: m
    }
    for k in 0..m.mnk.2 {
        label(-1.0, k as f64 - depth - 1.0, k); // A's columns: k
        label(k as f64 - depth - 1.0, -1.0, k); // B's rows: k
    }
    for n in 0..m.mnk.1 {
        label(-depth - 2.0, n as f64, n); // B's columns: n
    }
    let _ = writeln!(out, "</g>");
    cells(&mut out, &m.c, x(0.0), y(0.0), font);
    cells(&mut out, &m.a, x(-depth - 1.0), y(0.0), font);
    cells(&mut out, &m.b, x(0.0), y(-depth - 1.0), font);
    let _ = writeln!(out, "</svg>");
    out
}

/// The column numbers (and, for rank > 2, column coordinates) in header rows from `top`, and
/// the row numbers, of a grid drawn at `geo`.
fn headers(out: &mut String, g: &Grid, geo: &Geometry, top: f64) {
    let _ = writeln!(out, r##"<g fill="#555555">"##);
    for c in 0..g.cols {
        let x = num(geo.x0 + (c as f64 + 0.5) * CELL);
        let label = c.to_string();
        let size = fit(label.len(), CELL - 4.0, LABEL_FONT);
        let _ = writeln!(
            out,
            r#"<text x="{x}" y="{}" font-size="{}" text-anchor="middle" dominant-baseline="central">{label}</text>"#,
            num(top + HEADER / 2.0),
            num(size)
        );
        if let Some(coords) = &g.col_coords {
            let size = fit(coords[c].len(), CELL - 4.0, LABEL_FONT);
            let _ = writeln!(
                out,
                r#"<text x="{x}" y="{}" font-size="{}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
                num(top + HEADER * 1.5),
                num(size),
                coords[c]
            );
        }
    }
    for r in 0..g.rows {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="end" dominant-baseline="central">{r}</text>"#,
            num(geo.x0 - 6.0),
            num(geo.y0 + (r as f64 + 0.5) * CELL),
            num(LABEL_FONT)
        );
    }
    let _ = writeln!(out, "</g>");
}

/// The SVG document of a grid.
///
/// ```
/// use cute_cli::{svg::svg, Grid};
/// let g = Grid::of_layout(&"(2,2):(1,2)".parse().unwrap()).unwrap();
/// let doc = svg(&g);
/// assert!(doc.contains(r#"viewBox="0 0 "#));
/// assert_eq!(doc.matches("<rect").count(), 1 + 4); // background and 4 cells
/// ```
pub fn svg(g: &Grid) -> String {
    let geo = geometry(g);
    let (w, h) = (num(geo.width), num(geo.height));
    let longest = longest_label([g]);
    let font = fit(longest, CELL - 8.0, 16.0);
    let title = title(g);
    let mut out = String::with_capacity(200 + g.cells.len() * 160);
    // Writing to a String cannot fail; the results below are ignored for that reason.
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans Mono, Menlo, Consolas, Liberation Mono, Courier New, monospace">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&title));
    let _ = writeln!(
        out,
        r#"<rect x="0" y="0" width="{w}" height="{h}" fill="white"/>"#
    );
    let _ = writeln!(
        out,
        r#"<text x="4" y="{}" font-size="14" dominant-baseline="central">{}</text>"#,
        num(CAPTION / 2.0),
        escape(&title)
    );
    headers(&mut out, g, &geo, CAPTION);
    cells(&mut out, g, geo.x0, geo.y0, font);
    let _ = writeln!(out, "</svg>");
    out
}

/// The SVG document of a bank map (`--banks` with `--svg`): the shared-memory tile's cells
/// coloured by bank with [`BANK_PALETTE`] and labelled with it, the cells the colliding lanes of
/// the worst instruction read outlined in [`CONFLICT`] (a square inset in the cell), and the
/// caption's lines above the grid.
///
/// ```
/// use cute_cli::banks::{analyse, bank_map};
/// use cute_cli::svg::svg_banks;
/// let smem = "(_8,_64):(_64,_1)".parse().unwrap();
/// let tv = "((_8,_8),_8):((_1,_64),_8)".parse().unwrap();
/// let op = "ldmatrix.x4".parse().unwrap();
/// let (smem, r) = analyse(&smem, &tv, op, Some(16)).unwrap();
/// let doc = svg_banks(&bank_map(&smem, &r).unwrap());
/// assert_eq!(doc.matches(r#"width="40""#).count(), 512); // the cells
/// assert_eq!(doc.matches(r#"width="37""#).count(), 64); // the outlines
/// ```
pub fn svg_banks(m: &BankMap) -> String {
    let g = &m.grid;
    const LINE: f64 = 20.0;
    let extra = LINE * m.caption.len().saturating_sub(1) as f64;
    let mut geo = geometry(g);
    geo.y0 += extra;
    geo.height += extra;
    let caption = m
        .caption
        .iter()
        .map(|l| text_width(l.len(), 14.0) + 8.0)
        .fold(0.0, f64::max);
    geo.width = geo.width.max(caption).ceil();
    let (w, h) = (num(geo.width), num(geo.height));
    let font = fit(2, CELL - 8.0, 16.0);
    let mut out = String::with_capacity(600 + g.cells.len() * 160);
    // Writing to a String cannot fail; the results below are ignored for that reason.
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans Mono, Menlo, Consolas, Liberation Mono, Courier New, monospace">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&m.caption.join("; ")));
    let _ = writeln!(
        out,
        r#"<rect x="0" y="0" width="{w}" height="{h}" fill="white"/>"#
    );
    for (i, line) in m.caption.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="4" y="{}" font-size="14" dominant-baseline="central">{}</text>"#,
            num(CAPTION / 2.0 + LINE * i as f64),
            escape(line)
        );
    }
    headers(&mut out, g, &geo, CAPTION + extra);
    let at = |r: usize, c: usize| {
        (
            geo.x0 + c as f64 * CELL,
            geo.y0 + r as f64 * CELL,
            r * g.cols + c,
        )
    };
    let _ = writeln!(out, r#"<g stroke="black" stroke-width="1">"#);
    for r in 0..g.rows {
        for c in 0..g.cols {
            let (x, y, k) = at(r, c);
            let (red, green, blue) = match m.banks.get(k).copied().flatten() {
                Some(b) => BANK_PALETTE[b as usize % 32],
                None => EMPTY,
            };
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="rgb({red},{green},{blue})"/>"#,
                num(x),
                num(y),
                num(CELL),
                num(CELL)
            );
        }
    }
    let _ = writeln!(out, "</g>");
    let (red, green, blue) = CONFLICT;
    let _ = writeln!(
        out,
        r#"<g fill="none" stroke="rgb({red},{green},{blue})" stroke-width="3">"#
    );
    for r in 0..g.rows {
        for c in 0..g.cols {
            let (x, y, k) = at(r, c);
            if m.outlined.get(k).copied().unwrap_or(false) {
                let _ = writeln!(
                    out,
                    r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
                    num(x + 1.5),
                    num(y + 1.5),
                    num(CELL - 3.0),
                    num(CELL - 3.0)
                );
            }
        }
    }
    let _ = writeln!(out, "</g>");
    let _ = writeln!(out, r#"<g font-size="{}" fill="black">"#, num(font));
    for r in 0..g.rows {
        for c in 0..g.cols {
            let (x, y, k) = at(r, c);
            if let Some(b) = m.banks.get(k).copied().flatten() {
                let _ = writeln!(
                    out,
                    r#"<text x="{}" y="{}" text-anchor="middle" dominant-baseline="central">{b}</text>"#,
                    num(x + CELL / 2.0),
                    num(y + CELL / 2.0)
                );
            }
        }
    }
    let _ = writeln!(out, "</g>");
    let _ = writeln!(out, "</svg>");
    out
}
