//! `--svg FILE`: the grid as an SVG picture. Cells are squares of [`CELL`] units, each filled
//! with a colour and labelled (centred: `text-anchor="middle"`, `dominant-baseline="central"`)
//! with its offset, or `T{t}V{v}` for a thread-value grid. The font size is chosen so that the
//! longest label fits in a cell; the picture has a `viewBox`, so it scales to any size (256 x 256
//! cells stay readable when zoomed).
//!
//! Colours: an offset grid cycles through [`OFFSET_PALETTE`] by offset (`offset mod 8`, the idea
//! of CuTe's `TikzColor_BWx8`, in colour); a thread-value grid colours by thread with CuTe's
//! `TikzColor_TV` palette [`TV_PALETTE`] (`thread mod 8`). Empty cells are white.

use crate::grid::{Cell, Grid};
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
    match cell {
        None => EMPTY,
        Some(Cell {
            tv: Some((t, _)), ..
        }) => TV_PALETTE[t % 8],
        Some(Cell { offset, .. }) => {
            OFFSET_PALETTE[usize::try_from(offset.rem_euclid(8)).unwrap_or(0)]
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
    let labels: Vec<String> = g
        .cells
        .iter()
        .map(|c| c.map(|c| c.label()).unwrap_or_default())
        .collect();
    let longest = labels.iter().map(String::len).max().unwrap_or(1);
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
    // Column numbers, column coordinates, row numbers.
    let _ = writeln!(out, r##"<g fill="#555555">"##);
    for c in 0..g.cols {
        let x = num(geo.x0 + (c as f64 + 0.5) * CELL);
        let label = c.to_string();
        let size = fit(label.len(), CELL - 4.0, LABEL_FONT);
        let _ = writeln!(
            out,
            r#"<text x="{x}" y="{}" font-size="{}" text-anchor="middle" dominant-baseline="central">{label}</text>"#,
            num(CAPTION + HEADER / 2.0),
            num(size)
        );
        if let Some(coords) = &g.col_coords {
            let size = fit(coords[c].len(), CELL - 4.0, LABEL_FONT);
            let _ = writeln!(
                out,
                r#"<text x="{x}" y="{}" font-size="{}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
                num(CAPTION + HEADER * 1.5),
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
    // Cells.
    let _ = writeln!(out, r#"<g stroke="black" stroke-width="1">"#);
    for r in 0..g.rows {
        for c in 0..g.cols {
            let (red, green, blue) = fill(g.cell(r, c));
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="rgb({red},{green},{blue})"/>"#,
                num(geo.x0 + c as f64 * CELL),
                num(geo.y0 + r as f64 * CELL),
                num(CELL),
                num(CELL)
            );
        }
    }
    let _ = writeln!(out, "</g>");
    // Labels.
    let _ = writeln!(out, r#"<g font-size="{}" fill="black">"#, num(font));
    for r in 0..g.rows {
        for c in 0..g.cols {
            let label = &labels[r * g.cols + c];
            if label.is_empty() {
                continue;
            }
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" text-anchor="middle" dominant-baseline="central">{label}</text>"#,
                num(geo.x0 + (c as f64 + 0.5) * CELL),
                num(geo.y0 + (r as f64 + 0.5) * CELL)
            );
        }
    }
    let _ = writeln!(out, "</g>");
    let _ = writeln!(out, "</svg>");
    out
}
