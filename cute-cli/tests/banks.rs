//! `--banks TV --op OP`: the bank conflicts of an access to a shared-memory layout (cute-dynamic's
//! `bank_conflicts`), and with `--svg` the bank map, parsed as XML (roxmltree) and rendered
//! (resvg, without text) to check the cells' colours and the outlines.

mod common;

use common::cute;

// `--swizzle-search`, in this test binary (one link fewer in CI).
#[path = "banks/swizzle_search.rs"]
mod swizzle_search;
use cute_cli::svg::{BANK_PALETTE, CELL, CONFLICT, Rgb};
use cute_static::banks::SMEM_OP_NAMES;
use resvg::{tiny_skia, usvg};
use std::collections::BTreeMap;

/// ldmatrix.x4 over the 128-byte K-major atom of 16-bit elements: thread `t0 + 8 t1` names row
/// `t0`, 16-byte chunk `t1` of the (8,64) tile; two warps.
const TV: &str = "((_8,_8),_8):((_1,_64),_8)";
const SWIZZLED: &str = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)";
const PLAIN: &str = "(_8,_64):(_64,_1)";

fn banks(extra: &[&str], smem: &str) -> common::Run {
    let mut args = vec!["--banks", TV, "--op", "ldmatrix.x4"];
    args.extend_from_slice(extra);
    args.push(smem);
    cute(&args, "")
}

/// The swizzled atom is conflict-free: one wavefront a matrix, 4 an instruction, 2 instructions.
#[test]
fn swizzled_atom_is_conflict_free() {
    let run = banks(&["--bits", "16"], SWIZZLED);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)\nldmatrix.x4, 16-bit elements, 8 a thread: 2 warp \
         instructions, 8 wavefronts (8 without conflicts, 1.00 a phase)\n"
    );
    // CuTe's GMMA atom is the same tile with its swizzle on bytes; smem_ptr[16b] gives the width.
    let run = banks(&[], "GMMA::Layout_K_SW128_Atom<half_t>");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("2 warp instructions, 8 wavefronts (8 without conflicts"),
        "{}",
        run.stdout
    );
    // tile_to_shape of the atom (the expression path of --desc), read in its (64,64) domain.
    let run = cute(
        &[
            "--banks",
            "((_8,_8),_8):((_1,_512),_64)",
            "--op",
            "ldmatrix.x4",
            "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_64,_64))",
        ],
        "",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("8 wavefronts (8 without conflicts"),
        "{}",
        run.stdout
    );
}

/// Without the swizzle, each matrix's 8 rows are 128 bytes apart: 8 wavefronts a matrix.
#[test]
fn unswizzled_atom_conflicts() {
    let run = banks(&["--bits", "16"], PLAIN);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains(
            "ldmatrix.x4, 16-bit elements, 8 a thread: 2 warp instructions, 64 wavefronts (8 \
             without conflicts, 8.00 a phase)\n"
        ),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(
            "  warp 0 instruction 0: 32 wavefronts instead of 4; bank 0: threads 0, 1, 2, 3, 4, \
             5, 6, 7 reach distinct words\n"
        ),
        "{}",
        run.stdout
    );
    assert_eq!(run.stdout.lines().count(), 4, "{}", run.stdout);
    // Every line of a session gets its analysis.
    let run = cute(
        &["--banks", TV, "--op", "ldmatrix.x4", "--bits", "16"],
        &format!("{SWIZZLED}\n{PLAIN}\n"),
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("8 wavefronts (8") && run.stdout.contains("64 wavefronts (8"),
        "{}",
        run.stdout
    );
}

/// A name that is not an instruction: a usage error listing the names.
#[test]
fn bad_op_lists_the_names() {
    for op in ["ldmatrix.x3", "ld.shared.16", "lds"] {
        let run = cute(&["--banks", TV, "--op", op, "--bits", "16", PLAIN], "");
        assert_eq!(run.status, 2, "{op}");
        assert!(run.stderr.contains(SMEM_OP_NAMES), "{op}: {}", run.stderr);
        assert!(run.stdout.is_empty());
    }
}

/// `--op cp.async...` with `--gmem`: the copy of CuTe's SM80 GEMM (16 bytes a thread, 8 threads
/// a row of a 64x64 K-major half_t tile) into the swizzled tile and into rows padded by 16
/// bytes, where .cg splits each global line at the shared rows a padded row straddles.
#[test]
fn cp_async() {
    let run = |op: &str, smem: &str| {
        cute(
            &[
                "--banks",
                "((_8,_32),(_8,_2)):((_512,_1),(_64,_32))",
                "--op",
                op,
                "--gmem",
                "(_64,_64):(_64,_1)",
                "--bits",
                "16",
                smem,
            ],
            "",
        )
    };
    let sw = run("cp.async.cg", "Sw<3,3,3> o _0 o (_64,_64):(_64,_1)");
    assert_eq!(sw.status, 0, "{}", sw.stderr);
    assert!(
        sw.stdout.contains(
            "cp.async.cg.128, 16-bit elements, 8 a thread: 16 warp instructions, 64 wavefronts (64 without conflicts, 1.00 a phase)"
        ),
        "{}",
        sw.stdout
    );
    let padded = run("cp.async.cg", "(_64,_64):(_72,_1)");
    assert_eq!(padded.status, 0, "{}", padded.stderr);
    assert!(
        padded
            .stdout
            .contains("168 wavefronts (120 without conflicts"),
        "{}",
        padded.stdout
    );
    assert!(
        padded.stdout.contains("clash (shared or global banks)"),
        "{}",
        padded.stdout
    );
    let ca = run("cp.async.ca.128", "(_64,_64):(_72,_1)");
    assert!(
        ca.stdout.contains("64 wavefronts (64 without conflicts"),
        "{}",
        ca.stdout
    );
    // Without --gmem, with --gmem for a shared-only instruction, and a tile of another shape.
    let fails = |args: &[&str], want: &str| {
        let run = cute(args, "");
        assert_eq!(run.status, 2, "{args:?}: {}", run.stdout);
        assert!(run.stderr.contains(want), "{args:?}: {}", run.stderr);
    };
    let tv = "((_8,_32),(_8,_2)):((_512,_1),(_64,_32))";
    fails(
        &[
            "--banks",
            tv,
            "--op",
            "cp.async.ca.128",
            "--bits",
            "16",
            "(_64,_64):(_64,_1)",
        ],
        "needs --gmem",
    );
    fails(
        &[
            "--banks",
            tv,
            "--op",
            "ld.shared.128",
            "--gmem",
            "(_64,_64):(_64,_1)",
            "--bits",
            "16",
            "(_64,_64):(_64,_1)",
        ],
        "--gmem is the global tile of a cp.async",
    );
    fails(
        &[
            "--banks",
            tv,
            "--op",
            "cp.async.cg",
            "--gmem",
            "(_64,_32):(_32,_1)",
            "--bits",
            "16",
            "(_64,_64):(_64,_1)",
        ],
        "a cp.async copies a tile of one shape",
    );
    fails(
        &[
            "--banks",
            tv,
            "--op",
            "cp.async.cg",
            "--gmem",
            "(_64,_64):(_0,_1)",
            "--bits",
            "16",
            "(_64,_64):(_64,_1)",
        ],
        "not modelled",
    );
    fails(
        &[
            "--banks",
            tv,
            "--op",
            "cp.async.cg.64",
            "--bits",
            "16",
            "(_64,_64):(_64,_1)",
        ],
        "cp.async.ca.32|64|128",
    );
}

/// Clean errors (exit status 2, no panic): a thread's values that are not one vector, and the
/// other ways an access or its flags can be wrong.
#[test]
fn errors() {
    let fails = |args: &[&str], want: &str| {
        let run = cute(args, "");
        assert_eq!(run.status, 2, "{args:?}: {}", run.stdout);
        assert!(run.stderr.contains(want), "{args:?}: {}", run.stderr);
    };
    // Values 64 elements apart: not the 8 consecutive elements of ldmatrix's 16-byte row.
    fails(
        &[
            "--banks",
            "((_8,_8),_8):((_8,_64),_1)",
            "--op",
            "ldmatrix.x4",
            "--bits",
            "16",
            PLAIN,
        ],
        "bank_conflicts: the vector of thread 0 from its value 0 is not consecutive elements",
    );
    // 4-bit elements do not make 4-byte vectors here.
    fails(
        &[
            "--banks",
            "(_32,_2):(_1,_32)",
            "--op",
            "ld.shared.32",
            "--bits",
            "4",
            PLAIN,
        ],
        "elements of 4 bits",
    );
    fails(
        &["--banks", TV, "--op", "ldmatrix.x4", PLAIN],
        "--banks needs the element width",
    );
    fails(
        &[
            "--banks",
            TV,
            "--op",
            "ldmatrix.x4",
            "--bits",
            "32",
            "GMMA::Layout_K_SW128_Atom<half_t>",
        ],
        "--bits 32 contradicts the layout's smem_ptr[16b]",
    );
    fails(&["--banks", TV, "--bits", "16", PLAIN], "--op <OP>");
    fails(&["--op", "ldmatrix.x4", PLAIN], "--banks <TV>");
    fails(
        &[
            "--banks",
            "_32:_1",
            "--op",
            "ld.shared.32",
            "--bits",
            "32",
            PLAIN,
        ],
        "rank 1",
    );
    fails(
        &[
            "--banks",
            "(_32,_1):(_1000,_0)",
            "--op",
            "ld.shared.32",
            "--bits",
            "32",
            PLAIN,
        ],
        "reaches index 31000, outside the shared-memory layout's 512 elements",
    );
    fails(
        &[
            "--banks",
            "(_32,_1):(-1,_0)",
            "--op",
            "ld.shared.32",
            "--bits",
            "32",
            PLAIN,
        ],
        "is index -1, outside the 512 elements",
    );
    fails(
        &[
            "--banks",
            "Sw<3,3,3>",
            "--op",
            "ld.shared.32",
            "--bits",
            "32",
            PLAIN,
        ],
        "TV layout",
    );
    fails(
        &[
            "--banks",
            "(_32,_2",
            "--op",
            "ld.shared.32",
            "--bits",
            "32",
            PLAIN,
        ],
        "--banks <TV>",
    );
    fails(
        &[
            "--banks",
            TV,
            "--op",
            "ldmatrix.x4",
            "--bits",
            "16",
            "(2,3)",
        ],
        "--banks needs a layout",
    );
    fails(
        &[
            "--banks",
            TV,
            "--op",
            "ldmatrix.x4",
            "--bits",
            "16",
            "--tv",
            PLAIN,
        ],
        "--tv",
    );
}

fn temp_file(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cute-cli-banks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// The bank map `--svg` writes for an access to `smem`.
fn bank_svg(smem: &str, name: &str) -> String {
    let file = temp_file(name);
    let path = file.to_str().expect("utf-8 path");
    let run = banks(&["--bits", "16", "--svg", path], smem);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&file).expect("read the SVG");
    std::fs::remove_file(&file).expect("clean up");
    text
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

/// A parsed bank map: the caption lines, each cell `(x, y, fill, label)`, and the outlines'
/// top-left corners.
struct Map {
    caption: Vec<String>,
    cells: Vec<(f64, f64, String, String)>,
    outlines: Vec<(f64, f64)>,
}

fn parse(doc: &str) -> Map {
    let xml = roxmltree::Document::parse(doc).expect("well-formed XML");
    let root = xml.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let (w, h) = (num(root, "width"), num(root, "height"));
    assert_eq!(
        root.attribute("viewBox"),
        Some(format!("0 0 {w} {h}").as_str())
    );
    let texts: Vec<_> = xml
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .collect();
    let caption = texts
        .iter()
        .filter(|t| t.attribute("font-size") == Some("14"))
        .map(|t| t.text().unwrap_or("").to_string())
        .collect();
    let labels: BTreeMap<(i64, i64), String> = texts
        .iter()
        .filter(|t| {
            t.parent()
                .is_some_and(|g| g.attribute("fill") == Some("black"))
        })
        .map(|t| {
            let key = ((num(*t, "x") * 10.0) as i64, (num(*t, "y") * 10.0) as i64);
            (key, t.text().unwrap_or("").to_string())
        })
        .collect();
    let cells = xml
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("width") == Some("40"))
        .map(|r| {
            let (x, y) = (num(r, "x"), num(r, "y"));
            let key = (
                ((x + CELL / 2.0) * 10.0) as i64,
                ((y + CELL / 2.0) * 10.0) as i64,
            );
            let label = labels.get(&key).cloned().expect("a label at the centre");
            (x, y, r.attribute("fill").expect("fill").to_string(), label)
        })
        .collect();
    let outlines = xml
        .descendants()
        .filter(|n| n.has_tag_name("rect"))
        .filter(|r| {
            r.parent()
                .is_some_and(|g| g.attribute("stroke") == Some(rgb(CONFLICT).as_str()))
        })
        .map(|r| (num(r, "x") - 1.5, num(r, "y") - 1.5))
        .collect();
    Map {
        caption,
        cells,
        outlines,
    }
}

/// The grid's top-left corner: the smallest cell corner.
fn origin(m: &Map) -> (f64, f64) {
    m.cells
        .iter()
        .fold((f64::MAX, f64::MAX), |(x, y), c| (x.min(c.0), y.min(c.1)))
}

/// The unswizzled tile: element (r, c) at offset 64 r + c, bytes 2 (64 r + c), bank (c / 2) % 32;
/// the worst instruction's first matrix (threads 0-7: rows 0-7 of columns 0-7) outlined.
#[test]
fn svg_bank_map_of_a_conflict() {
    let doc = bank_svg(PLAIN, "plain.svg");
    let m = parse(&doc);
    assert_eq!(m.cells.len(), 512);
    assert_eq!(
        m.caption,
        [
            "(_8,_64):(_64,_1): the banks of 16-bit elements",
            "ldmatrix.x4: 64 wavefronts for 2 warp instructions (8 without conflicts)",
            "outlined: warp 0 instruction 0, 32 wavefronts instead of 4: threads 0, 1, 2, 3, 4, \
             5, 6, 7 reach distinct words of bank 0",
        ]
    );
    let (x0, y0) = origin(&m);
    for (x, y, fill, label) in &m.cells {
        let (r, c) = ((y - y0) / CELL, (x - x0) / CELL);
        assert_eq!((r.fract(), c.fract()), (0.0, 0.0));
        let bank = (c as usize / 2) % 32;
        assert_eq!(label, &bank.to_string(), "cell ({r},{c})");
        assert_eq!(fill, &rgb(BANK_PALETTE[bank]), "cell ({r},{c})");
    }
    let mut outlined: Vec<(usize, usize)> = m
        .outlines
        .iter()
        .map(|(x, y)| (((y - y0) / CELL) as usize, ((x - x0) / CELL) as usize))
        .collect();
    outlined.sort();
    let want: Vec<(usize, usize)> = (0..8).flat_map(|r| (0..8).map(move |c| (r, c))).collect();
    assert_eq!(outlined, want);

    // Rendered: each cell's centre has its bank's colour, an outlined cell's border the
    // outline's.
    let tree = usvg::Tree::from_str(&doc, &usvg::Options::default()).expect("usvg parses it");
    let size = tree.size();
    let mut pixmap =
        tiny_skia::Pixmap::new(size.width().ceil() as u32, size.height().ceil() as u32)
            .expect("pixmap");
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    let pixel = |x: f64, y: f64| {
        let p = pixmap.pixel(x as u32, y as u32).expect("inside");
        (p.red(), p.green(), p.blue())
    };
    for (x, y, fill, _) in &m.cells {
        let centre = pixel(x + CELL / 2.0, y + CELL / 2.0);
        assert_eq!(rgb(centre), *fill);
    }
    assert_eq!(pixel(x0 + 2.5, y0 + CELL / 2.0), CONFLICT);
    assert_ne!(pixel(x0 + 8.0 * CELL + 2.5, y0 + CELL / 2.0), CONFLICT);
}

/// The swizzled tile: the same 512 cells, each labelled with the bank of its swizzled offset;
/// nothing outlined.
#[test]
fn svg_bank_map_without_conflicts() {
    let m = parse(&bank_svg(SWIZZLED, "swizzled.svg"));
    assert_eq!(m.cells.len(), 512);
    assert!(m.outlines.is_empty());
    assert_eq!(
        m.caption[1..],
        [
            "ldmatrix.x4: 8 wavefronts for 2 warp instructions (8 without conflicts)",
            "no bank conflicts"
        ]
    );
    let (x0, y0) = origin(&m);
    let sw = |o: usize| o ^ ((o >> 3) & 0b111_000);
    for (x, y, _, label) in &m.cells {
        let (r, c) = (((y - y0) / CELL) as usize, ((x - x0) / CELL) as usize);
        assert_eq!(label, &((sw(64 * r + c) / 2) % 32).to_string());
    }
}
