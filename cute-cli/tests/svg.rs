//! SVG pictures: parsed as XML (roxmltree) and rendered with a real SVG renderer (resvg, built
//! without its text feature, so labels do not paint over the cell colours) to check that each
//! cell has its fill colour at its centre.

mod common;

use common::cute;
use cute_cli::svg::{CELL, OFFSET_PALETTE, Rgb, TV_PALETTE, geometry, svg};
use cute_cli::{Grid, MAX_CELLS};
use cute_dynamic::{IntTuple, Layout};
use resvg::{tiny_skia, usvg};
use std::collections::{BTreeMap, BTreeSet};

fn temp_file(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cute-cli-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// Run `cute` to write an SVG and return its text.
fn svg_of(args: &[&str], name: &str) -> String {
    let file = temp_file(name);
    let path = file.to_str().expect("utf-8 path");
    let mut all = vec!["--svg", path];
    all.extend_from_slice(args);
    let run = cute(&all, "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&file).expect("read the SVG");
    std::fs::remove_file(&file).expect("clean up");
    text
}

fn render(doc: &str, scale: f32) -> tiny_skia::Pixmap {
    let tree = usvg::Tree::from_str(doc, &usvg::Options::default()).expect("usvg parses the SVG");
    let size = tree.size();
    let (w, h) = (
        (size.width() * scale).ceil() as u32,
        (size.height() * scale).ceil() as u32,
    );
    let mut pixmap = tiny_skia::Pixmap::new(w, h).expect("pixmap");
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
}

fn pixel(p: &tiny_skia::Pixmap, x: f64, y: f64) -> Rgb {
    let c = p.pixel(x as u32, y as u32).expect("inside the pixmap");
    assert_eq!(c.alpha(), 255, "opaque at ({x},{y})");
    (c.red(), c.green(), c.blue())
}

fn rgb(c: Rgb) -> String {
    format!("rgb({},{},{})", c.0, c.1, c.2)
}

fn num(n: roxmltree::Node<'_, '_>, attr: &str) -> f64 {
    n.attribute(attr)
        .unwrap_or_else(|| panic!("{attr} missing"))
        .parse()
        .expect("a number")
}

/// A cell of a parsed picture: its top-left corner, fill, and label.
#[derive(Debug)]
struct ParsedCell {
    x: f64,
    y: f64,
    fill: String,
    label: Option<String>,
}

/// The root's size, checking the viewBox; and every cell (rect of side CELL) with the label
/// (text) drawn at its centre, checking that labels are centred.
fn parse(doc: &str) -> ((f64, f64), Vec<ParsedCell>) {
    let xml = roxmltree::Document::parse(doc).expect("well-formed XML");
    let root = xml.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let (w, h) = (num(root, "width"), num(root, "height"));
    assert_eq!(
        root.attribute("viewBox"),
        Some(format!("0 0 {w} {h}").as_str())
    );
    let mut labels = BTreeMap::new();
    for t in xml.descendants().filter(|n| n.has_tag_name("text")) {
        assert_eq!(t.attribute("dominant-baseline"), Some("central"));
        let key = ((num(t, "x") * 10.0) as i64, (num(t, "y") * 10.0) as i64);
        labels.insert(key, t.text().unwrap_or("").to_string());
    }
    let cells = xml
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("width") == Some("40"))
        .map(|r| {
            assert_eq!(num(r, "height"), CELL);
            let (x, y) = (num(r, "x"), num(r, "y"));
            let centre = (
                ((x + CELL / 2.0) * 10.0) as i64,
                ((y + CELL / 2.0) * 10.0) as i64,
            );
            ParsedCell {
                x,
                y,
                fill: r.attribute("fill").expect("fill").to_string(),
                label: labels.get(&centre).cloned(),
            }
        })
        .collect();
    for t in xml.descendants().filter(|n| n.has_tag_name("text")) {
        let inside = num(t, "y") > 48.0 && num(t, "x") > 24.0;
        if inside
            && t.parent()
                .is_some_and(|g| g.attribute("fill") == Some("black"))
        {
            assert_eq!(t.attribute("text-anchor"), Some("middle"));
        }
    }
    ((w, h), cells)
}

/// The font size of cell labels, checking that the longest label fits in a cell.
fn label_font(doc: &str, longest: usize) -> f64 {
    let xml = roxmltree::Document::parse(doc).expect("well-formed XML");
    let g = xml
        .descendants()
        .find(|n| n.has_tag_name("g") && n.attribute("fill") == Some("black"))
        .expect("label group");
    let size = num(g, "font-size");
    assert!(size >= 6.0, "font size {size} still readable when zoomed");
    assert!(
        size * 0.6 * longest as f64 <= CELL - 4.0,
        "{longest} chars at {size} fit"
    );
    size
}

#[test]
fn offsets_8x8() {
    let doc = svg_of(&["(8,8):(1,8)"], "8x8.svg");
    let ((w, h), cells) = parse(&doc);
    assert_eq!(cells.len(), 64);
    label_font(&doc, 2);
    let l: Layout = "(8,8):(1,8)".parse().expect("layout");
    let geo = geometry(&Grid::of_layout(&l).expect("grid"));
    assert_eq!((geo.width, geo.height), (w, h));
    let pixmap = render(&doc, 1.0);
    let mut seen = BTreeSet::new();
    for c in &cells {
        let (row, col) = ((c.y - geo.y0) / CELL, (c.x - geo.x0) / CELL);
        assert_eq!((row.fract(), col.fract()), (0.0, 0.0));
        let offset = row as i32 + 8 * col as i32;
        assert_eq!(c.label.as_deref(), Some(offset.to_string().as_str()));
        let want = OFFSET_PALETTE[(offset % 8) as usize];
        assert_eq!(c.fill, rgb(want));
        assert_eq!(
            pixel(&pixmap, c.x + CELL / 2.0, c.y + CELL / 2.0),
            want,
            "cell {offset}"
        );
        seen.insert(offset);
    }
    assert_eq!(seen, (0..64).collect());
    // The margin is white, the grid lines black.
    assert_eq!(pixel(&pixmap, 2.0, h - 2.0), (255, 255, 255));
    let line = pixel(&pixmap, geo.x0 + 0.5 * CELL, geo.y0 + CELL);
    let fill = OFFSET_PALETTE[0];
    assert!(
        line.0 < fill.0 / 2 + 10 && line.1 < fill.1 / 2 + 10 && line.2 < fill.2 / 2 + 10,
        "a dark grid line between rows, got {line:?}"
    );
}

/// CuTe's SM80 16x8 MMA C layout: 32 threads x 4 values, a bijection onto the 16x8 tile.
#[test]
fn sm80_thread_value_16x8() {
    let text = "((4,8),(2,2)):((32,1),(16,8))";
    let l: Layout = text.parse().expect("layout");
    let mut owner = BTreeMap::new();
    for t in 0..32 {
        for v in 0..4 {
            let coord = IntTuple::tuple(vec![IntTuple::d(t), IntTuple::d(v)]);
            let offset = l.call(&coord).expect("L(t,v)").value();
            assert!((0..128).contains(&offset));
            assert_eq!(
                owner.insert(offset, (t, v)),
                None,
                "offset {offset} hit twice"
            );
        }
    }
    assert_eq!(owner.len(), 128, "a bijection onto the 16x8 grid");

    let doc = svg_of(&["--tv", "--grid", "16x8", text], "sm80.svg");
    let (_, cells) = parse(&doc);
    assert_eq!(cells.len(), 128);
    label_font(&doc, "T31V3".len());
    let geo = geometry(&Grid::of_tv(&l, Some((16, 8))).expect("grid"));
    assert!(geo.width >= geo.x0 + 8.0 * CELL && geo.height >= geo.y0 + 16.0 * CELL);
    let pixmap = render(&doc, 1.0);
    let mut labels = BTreeSet::new();
    for c in &cells {
        let (row, col) = (
            ((c.y - geo.y0) / CELL) as i32,
            ((c.x - geo.x0) / CELL) as i32,
        );
        let offset = row + 16 * col; // column-major on the 16x8 grid
        let (t, v) = owner[&offset];
        let label = c.label.clone().expect("every cell labelled");
        assert_eq!(label, format!("T{t}V{v}"));
        let want = TV_PALETTE[(t % 8) as usize];
        assert_eq!(c.fill, rgb(want));
        assert_eq!(
            pixel(&pixmap, c.x + CELL / 2.0, c.y + CELL / 2.0),
            want,
            "{label}"
        );
        labels.insert(label);
    }
    assert_eq!(labels.len(), 128);
    // The picture CuTe's print_latex_tv draws: row 0 is T0V0 T0V1 T1V0 T1V1 ...
    let row0: Vec<&str> = {
        let mut r: Vec<&ParsedCell> = cells.iter().filter(|c| c.y == geo.y0).collect();
        r.sort_by(|a, b| a.x.total_cmp(&b.x));
        r.iter().map(|c| c.label.as_deref().unwrap_or("")).collect()
    };
    assert_eq!(
        row0,
        [
            "T0V0", "T0V1", "T1V0", "T1V1", "T2V0", "T2V1", "T3V0", "T3V1"
        ]
    );
}

/// Default grid and empty cells: a 2-thread layout with a gap leaves white cells.
#[test]
fn thread_value_default_grid_and_gaps() {
    let doc = svg_of(&["--tv", "(2,2):(1,4)"], "gaps.svg");
    let (_, cells) = parse(&doc);
    // M = size of mode 0 = 2, N = ceil((4 + 1 + 1) / 2) = 3: offsets 0,1,4,5 filled, 2,3 empty.
    assert_eq!(cells.len(), 6);
    let pixmap = render(&doc, 1.0);
    let empty: Vec<&ParsedCell> = cells.iter().filter(|c| c.label.is_none()).collect();
    assert_eq!(empty.len(), 2);
    for c in empty {
        assert_eq!(c.fill, "rgb(255,255,255)");
        assert_eq!(
            pixel(&pixmap, c.x + CELL / 2.0, c.y + CELL / 2.0),
            (255, 255, 255)
        );
    }
}

/// The largest picture allowed, 256 x 256 cells: the labels still fit, and the picture renders
/// scaled down through its viewBox.
#[test]
fn largest_picture_scales() {
    let l: Layout = "(256,256):(256,1)".parse().expect("layout");
    let grid = Grid::of_layout(&l).expect("grid");
    assert_eq!(grid.cells.len(), MAX_CELLS);
    let doc = svg(&grid);
    let ((w, _), cells) = parse(&doc);
    assert_eq!(cells.len(), MAX_CELLS);
    label_font(&doc, "65535".len());
    let scale = 0.2_f32;
    let pixmap = render(&doc, scale);
    assert_eq!(pixmap.width(), (w as f32 * scale).ceil() as u32);
    let geo = geometry(&grid);
    for (row, col) in [(0, 0), (0, 255), (255, 0), (131, 77), (255, 255)] {
        let offset = 256 * row + col;
        let (x, y) = (
            (geo.x0 + (col as f64 + 0.5) * CELL) * f64::from(scale),
            (geo.y0 + (row as f64 + 0.5) * CELL) * f64::from(scale),
        );
        assert_eq!(
            pixel(&pixmap, x, y),
            OFFSET_PALETTE[offset % 8],
            "({row},{col})"
        );
    }
    // One more cell is refused.
    let too_big: Layout = "(257,256):(256,1)".parse().expect("layout");
    assert!(Grid::of_layout(&too_big).is_err());
}

/// A layout of rank 3 gets its column coordinates in a second header row.
#[test]
fn rank_3_column_coordinates() {
    let doc = svg_of(&["(2,2,3):(1,2,4)"], "rank3.svg");
    let (_, cells) = parse(&doc);
    assert_eq!(cells.len(), 12);
    for coord in ["(0,0)", "(1,0)", "(0,2)", "(1,2)"] {
        assert!(doc.contains(&format!(">{coord}</text>")), "{coord}");
    }
    render(&doc, 1.0);
}
