//! Swizzles, composed layouts and GMMA atoms through the `cute` binary: expressions, `--draw`,
//! `--table`, `--svg`, `--latex`; and the thread-value pictures of an MMA (`--tv --grid MxNxK`).

mod common;

use common::cute;
use cute_cli::svg::{CELL, OFFSET_PALETTE, TV_PALETTE};
use cute_dynamic::{IntTuple, Layout};
use std::collections::BTreeMap;

fn temp_file(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cute-cli-swizzle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// Run `cute` with `--svg` or `--latex` to a temporary file; the file's text.
fn picture(flag: &str, args: &[&str], name: &str) -> String {
    let file = temp_file(name);
    let path = file.to_str().expect("utf-8 path");
    let mut all = vec![flag, path];
    all.extend_from_slice(args);
    let run = cute(&all, "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&file).expect("read the picture");
    std::fs::remove_file(&file).expect("clean up");
    text
}

fn ok(args: &[&str]) -> String {
    let run = cute(args, "");
    assert_eq!(run.status, 0, "cute {args:?}: {}", run.stderr);
    run.stdout
}

fn fails(args: &[&str]) -> String {
    let run = cute(args, "");
    assert_eq!(run.status, 2, "cute {args:?} should fail: {}", run.stdout);
    assert_eq!(run.stdout, "");
    run.stderr
}

#[test]
fn expressions() {
    for (expr, want) in [
        ("Sw<3,4,3>", "Sw<3,4,3>"),
        ("Swizzle<2, 4, 3>", "Sw<2,4,3>"),
        ("Sw<3,4,3>(128)", "144"),
        ("Sw<3,4,3>(200)", "216"),
        ("call(Sw<3,4,3>, 200)", "216"),
        (
            "composition(Sw<3,4,3>, (_8,_64):(_64,_1))",
            "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)",
        ),
        // CuTe: composition with the identity swizzle is the layout itself.
        (
            "composition(Sw<0,4,3>, (_8,_64):(_64,_1))",
            "(_8,_64):(_64,_1)",
        ),
        (
            "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)",
            "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)",
        ),
        (
            "Sw<2,3,3> o M_0|(128&128)=128 o (_16,_2):(_1,_64)",
            "Sw<2,3,3> o M_0|(128&128)=128 o (_16,_2):(_1,_64)",
        ),
        (
            "GMMA::Layout_K_SW128_Atom<half_t>",
            "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)",
        ),
        (
            "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))",
            "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))",
        ),
        (
            "as_position_independent_swizzle_layout(GMMA::Layout_K_SW128_Atom<half_t>)",
            "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)",
        ),
        ("size(GMMA::Layout_MN_SW64_Atom<float>)", "_128"),
        ("cosize(Sw<1,2,2> o _0 o (8,4):(_4,_1))", "32"),
        ("shape(Sw<1,2,2> o _0 o (8,4):(_4,_1))", "(8,4)"),
        ("rank(Sw<1,2,2> o _0 o (8,4):(_4,_1))", "_2"),
        ("call(Sw<3,3,3> o _0 o (_8,_64):(_64,_1), (1,0))", "72"),
        (
            "slice((_,3), Sw<3,3,3> o _0 o (_8,_64):(_64,_1))",
            "((_2,_2,_2)):((72,144,288))",
        ),
        (
            "get(Sw<3,3,3> o _0 o (_8,_64):(_64,_1), 1)",
            "Sw<3,3,3> o _0 o _64:_1",
        ),
        ("layout_a(Sw<3,3,3> o _0 o (_8,_64):(_64,_1))", "Sw<3,3,3>"),
        (
            "layout_b(Sw<3,3,3> o _0 o (_8,_64):(_64,_1))",
            "(_8,_64):(_64,_1)",
        ),
        (
            "make_composed_layout(Sw<1,2,3>, 7, _8:_1)",
            "Sw<1,2,3> o 7 o _8:_1",
        ),
        ("upcast(_2, Sw<3,4,3>)", "Sw<3,3,3>"),
        ("downcast(_2, Sw<3,4,3>)", "Sw<3,5,3>"),
        (
            "right_inverse(Sw<1,5,3> o _420 o (_8,_8):(_1,_8))",
            "_64:_1 o _-420 o Sw<1,5,3>",
        ),
        (
            "composition((_64,_8):(_8,_1), Sw<3,3,5>)",
            "Sw<3,2,-4> o _0 o (_64,_8):(_8,_1)",
        ),
        (
            "make_tile(_4:_1, (_2,_2):(_1,_4))",
            "(_4:_1,(_2,_2):(_1,_4))",
        ),
    ] {
        assert_eq!(ok(&[expr]), format!("{want}\n"), "{expr}");
    }
    // Names: a composed layout applied to a coordinate, and parts given by name.
    let run = cute(
        &[],
        "A = Sw<3,3,3> o _0 o (_8,_64):(_64,_1)\nA(1,0)\nA(64)\nS = Sw<3,4,3>\nL = (_8,_64):(_64,_1)\nS o _0 o L\nS(128)\n",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)\n72\n8\nSw<3,4,3>\n(_8,_64):(_64,_1)\nSw<3,4,3> o _0 o (_8,_64):(_64,_1)\n144\n"
    );
    // The DSL and values views.
    assert_eq!(
        ok(&["--view", "dsl", "Sw<3,4,3> o 7 o (_8,_64):(_64,_1)"]),
        "Sw<3,4,3> o ? o (8,64):(64,1)\n"
    );
}

#[test]
fn errors() {
    let e = fails(&["Sw<3,4,2>"]);
    assert_eq!(
        e,
        "error: abs(SShift) must be more than BBits. Sw<3,4,2>\n  Sw<3,4,2>\n  ^\n"
    );
    let e = fails(&["Sw<3,4,3> o _0"]);
    assert!(
        e.starts_with("error: expected ' o ' and the inner layout"),
        "{e}"
    );
    let e = fails(&["Sw<3,4,3> o _0 o _8:_1 o _0"]);
    assert!(
        e.starts_with("error: a composed layout has three parts"),
        "{e}"
    );
    let e = fails(&["Sw<3,4,3> o (2,3) o _8:_1"]);
    assert!(
        e.starts_with("error: the offset of a composed layout must be an integer"),
        "{e}"
    );
    let e = fails(&["Sw<3,4,3> o _0 o (2,3)"]);
    assert!(
        e.contains("B must be a swizzle Sw<B,M,S> or a layout"),
        "{e}"
    );
    let e = fails(&["GMMA::Layout_K_SW16_Atom<half_t>"]);
    assert!(e.starts_with("error: gmma_atom: unknown GMMA atom"), "{e}");
    let e = fails(&["size<0>((2,3):(1,2))"]);
    assert!(e.starts_with("error: unknown type name 'size<0>'"), "{e}");
    let e = fails(&["filter(Sw<3,4,3> o _0 o _8:_1)"]);
    assert!(
        e.starts_with("error: filter: argument 1 is a composed layout Sw<3,4,3> o _0 o _8:_1"),
        "{e}"
    );
    let e = fails(&["Sw<3,4,3>((1,2))"]);
    assert!(e.contains("must be an integer"), "{e}");
    let e = fails(&["(2,3)(1)"]);
    assert!(e.starts_with("error: expected end of input"), "{e}");
    // CuTe's own conditions on composed layouts.
    let e = fails(&["upcast(_2, Sw<3,4,3> o _7 o _8:_1)"]);
    assert!(e.contains("safe_div"), "{e}");
    let e = fails(&["Sw<3,4,3> o smem_ptr[16b](unset o _8:_1"]);
    assert!(e.starts_with("error: expected"), "{e}");
    // A picture of something that is not a layout.
    let e = fails(&["--draw", "Sw<3,4,3>"]);
    assert_eq!(
        e,
        "error: --draw needs a layout, but the result is a swizzle Sw<3,4,3>\n"
    );
}

#[test]
fn draw_is_cutes_print_layout() {
    // Sw<1,0,1> swaps offsets 2 and 3 (mod 4): rows 2 and 3 of the identity trade places.
    assert_eq!(
        ok(&["--draw", "composition(Sw<1,0,1>, (_4,_4):(_1,_4))"]),
        "Sw<1,0,1> o _0 o (_4,_4):(_1,_4)\n       0    1    2    3 \n    +----+----+----+----+\n 0  |  0 |  4 |  8 | 12 |\n    +----+----+----+----+\n 1  |  1 |  5 |  9 | 13 |\n    +----+----+----+----+\n 2  |  3 |  7 | 11 | 15 |\n    +----+----+----+----+\n 3  |  2 |  6 | 10 | 14 |\n    +----+----+----+----+\n"
    );
    // A GMMA atom is drawn as CuTe's print_layout draws it: position-independent.
    let grid = ok(&["--draw", "GMMA::Layout_K_SW128_Atom<half_t>"]);
    let lines: Vec<&str> = grid.lines().collect();
    assert_eq!(lines[0], "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    assert_eq!(lines.len(), 2 + 2 * 8 + 1);
    let sw = |x: i32| x ^ ((x & 448) >> 3);
    for r in 0..8 {
        let cells: Vec<i32> = lines[3 + 2 * r]
            .split('|')
            .skip(1)
            .filter_map(|c| c.trim().parse().ok())
            .collect();
        let want: Vec<i32> = (0..64).map(|c| sw(64 * r as i32 + c)).collect();
        assert_eq!(cells, want, "row {r}");
    }
    // An INTER atom's swizzle is the identity: drawn as its plain layout.
    assert!(ok(&["--draw", "GMMA::Layout_MN_INTER_Atom<float>"]).starts_with("(_4,_8):(_1,_4)\n"));
    // Rank 3: the columns flattened, as for a plain layout.
    let grid = ok(&["--draw", "Sw<1,0,1> o _0 o (_2,_2,_2):(_1,_2,_4)"]);
    assert!(
        grid.contains(" 0  |     0 |     3 |     4 |     7 |\n"),
        "{grid}"
    );
    // The table: coordinate of B, offset A(O + B(i)).
    assert_eq!(
        ok(&["--table", "Sw<1,0,1> o _0 o (_2,_2):(_1,_2)"]),
        "Sw<1,0,1> o _0 o (_2,_2):(_1,_2)\nindex  coord  offset\n    0  (0,0)       0\n    1  (1,0)       1\n    2  (0,1)       3\n    3  (1,1)       2\n"
    );
}

/// Cells of an SVG: (x, y, fill, label at the centre).
fn svg_cells(doc: &str) -> Vec<(f64, f64, String, Option<String>)> {
    let xml = roxmltree::Document::parse(doc).expect("well-formed XML");
    let num = |n: roxmltree::Node<'_, '_>, a: &str| -> f64 {
        n.attribute(a).expect("attribute").parse().expect("number")
    };
    let mut labels = BTreeMap::new();
    for t in xml.descendants().filter(|n| n.has_tag_name("text")) {
        let key = ((num(t, "x") * 10.0) as i64, (num(t, "y") * 10.0) as i64);
        labels.insert(key, t.text().unwrap_or("").to_string());
    }
    xml.descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("width") == Some("40"))
        .map(|r| {
            let (x, y) = (num(r, "x"), num(r, "y"));
            let key = (
                ((x + CELL / 2.0) * 10.0) as i64,
                ((y + CELL / 2.0) * 10.0) as i64,
            );
            (
                x,
                y,
                r.attribute("fill").expect("fill").to_string(),
                labels.get(&key).cloned(),
            )
        })
        .collect()
}

fn rgb(c: (u8, u8, u8)) -> String {
    format!("rgb({},{},{})", c.0, c.1, c.2)
}

#[test]
fn svg_and_latex_of_a_swizzled_atom() {
    let doc = picture("--svg", &["GMMA::Layout_K_SW128_Atom<half_t>"], "atom.svg");
    assert!(doc.contains("<title>Sw&lt;3,3,3&gt; o _0 o (_8,_64):(_64,_1)</title>"));
    let cells = svg_cells(&doc);
    assert_eq!(cells.len(), 512);
    let (x0, y0) = cells
        .iter()
        .fold((f64::MAX, f64::MAX), |(a, b), c| (a.min(c.0), b.min(c.1)));
    let sw = |x: i32| x ^ ((x & 448) >> 3);
    for (x, y, fill, label) in &cells {
        let (r, c) = (((y - y0) / CELL) as i32, ((x - x0) / CELL) as i32);
        let want = sw(64 * r + c);
        assert_eq!(
            label.as_deref(),
            Some(want.to_string().as_str()),
            "({r},{c})"
        );
        // Coloured by the 8-element unit the swizzle moves: (offset >> M) mod 8, M = 3.
        assert_eq!(*fill, rgb(OFFSET_PALETTE[((want >> 3) % 8) as usize]));
    }
    let tex = picture(
        "--latex",
        &["composition(Sw<1,0,1>, (_4,_4):(_1,_4))"],
        "sw.tex",
    );
    assert!(
        tex.starts_with("% Layout: Sw<1,0,1> o _0 o (_4,_4):(_1,_4)\n"),
        "{tex}"
    );
    assert!(
        tex.contains("\\node[fill=black!60] at (2,0) {3};\n"),
        "{tex}"
    );
    assert!(
        tex.contains("\\node[fill=black!20] at (3,0) {2};\n"),
        "{tex}"
    );
}

/// The TV layouts of SM80_16x8x8_F16F16F16F16_TN as recorded in the extension vectors
/// (`mma_atom_layouts`): C, A, B; its ThrID is `_32:_1`, so these are the atom's TV layouts.
const SM80_C: &str = "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))";
const SM80_A: &str = "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))";
const SM80_B: &str = "((_4,_8),_2):((_16,_1),_8)";

/// `(thread, value)` of every index a TV layout reaches (the first pair, by thread then value).
fn owners(text: &str) -> BTreeMap<i32, (i32, i32)> {
    let l: Layout = text.parse().expect("layout");
    let (threads, values) = (
        l.get(0).expect("mode 0").size().expect("size").value(),
        l.get(1).expect("mode 1").size().expect("size").value(),
    );
    let mut out = BTreeMap::new();
    for t in 0..threads {
        for v in 0..values {
            let i = l
                .call(&IntTuple::tuple(vec![IntTuple::d(t), IntTuple::d(v)]))
                .expect("L(t,v)")
                .value();
            out.entry(i).or_insert((t, v));
        }
    }
    out
}

#[test]
fn mma_picture_svg() {
    let expr = format!("make_tile({SM80_C}, {SM80_A}, {SM80_B})");
    let doc = picture("--svg", &["--tv", "--grid", "16x8x8", &expr], "mma.svg");
    let cells = svg_cells(&doc);
    assert_eq!(cells.len(), 16 * 8 + 16 * 8 + 8 * 8);
    let (x0, y0) = cells
        .iter()
        .fold((f64::MAX, f64::MAX), |(a, b), c| (a.min(c.0), b.min(c.1)));
    let k = 8;
    let (c_own, a_own, b_own) = (owners(SM80_C), owners(SM80_A), owners(SM80_B));
    for (x, y, fill, label) in &cells {
        // CuTe's print_latex_mma lattice: A starts at column -K-1, B at row -K-1.
        let (r, c) = (
            ((y - y0) / CELL) as i32 - (k + 1),
            ((x - x0) / CELL) as i32 - (k + 1),
        );
        let (t, v) = match (r >= 0, c >= 0) {
            (true, true) => c_own[&(r + 16 * c)],            // C(m, n)
            (true, false) => a_own[&(r + 16 * (c + k + 1))], // A(m, k)
            (false, true) => b_own[&(c + 8 * (r + k + 1))],  // B(n, k), drawn at row k
            (false, false) => panic!("a cell in the empty corner at ({r},{c})"),
        };
        assert_eq!(
            label.as_deref(),
            Some(format!("T{t}V{v}").as_str()),
            "({r},{c})"
        );
        assert_eq!(*fill, rgb(TV_PALETTE[(t % 8) as usize]));
    }
    // The row and column numbers of A and B.
    assert!(doc.contains(">15</text>"));
    // --draw prints the three grids.
    let text = ok(&["--draw", "--tv", "--grid", "16x8x8", &expr]);
    assert!(
        text.starts_with(&format!("C (16 x 8):\n{SM80_C}\n")),
        "{text}"
    );
    assert!(text.contains(&format!("A (16 x 8):\n{SM80_A}\n")));
    assert!(text.contains(&format!("B (8 x 8: row k, column n):\n{SM80_B}\n")));
}

#[test]
fn mma_picture_latex_is_cutes_print_latex_mma() {
    let expr = format!("make_tile({SM80_C}, {SM80_A}, {SM80_B})");
    let tex = picture("--latex", &["--tv", "--grid", "16x8x8", &expr], "mma.tex");
    assert!(tex.starts_with(&format!(
        "% LayoutC: {SM80_C}\n% LayoutA: {SM80_A}\n% LayoutB: {SM80_B}\n\\documentclass[convert]{{standalone}}\n"
    )));
    assert_eq!(tex.matches("\\shortstack").count(), 128 + 128 + 64);
    for line in [
        "\\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,0) {\\shortstack{T0 \\\\ V0}};\n",
        "\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (16,8);\n\n",
        // A(T0,V1) = 16: m = 0, k = 1, at column k-K-1 = -8.
        "\\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,-8) {\\shortstack{T0 \\\\ V1}};\n",
        "\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,-9) grid (16,-1);\n\n",
        "\\node at (15,-10) {\\Large{\\texttt{15}}};\n",
        "\\node at (-1,-2) {\\Large{\\texttt{7}}};\n",
        // B(T1,V0) = 16: n = 0, k = 2, at row k-K-1 = -7.
        "\\node[fill={rgb,255:red,175;green,255;blue,175}] at (-7,0) {\\shortstack{T1 \\\\ V0}};\n",
        "\\draw[color=black,thick,shift={(-0.5,-0.5)}] (-9,0) grid (-1,8);\n\n",
        "\\node at (-10,7) {\\Large{\\texttt{7}}};\n",
        "\\node at (-2,-1) {\\Large{\\texttt{7}}};\n",
    ] {
        assert!(tex.contains(line), "{line}");
    }
    assert!(tex.ends_with("\\end{tikzpicture}\n\\end{document}\n"));
    // C's nodes come first, in CuTe's order: thread by thread, value by value.
    let c_nodes: Vec<&str> = tex
        .lines()
        .filter(|l| l.contains("shortstack"))
        .take(4)
        .collect();
    assert!(
        c_nodes[1].ends_with("{\\shortstack{T0 \\\\ V1}};"),
        "{c_nodes:?}"
    );
    assert!(
        c_nodes[3].ends_with("{\\shortstack{T0 \\\\ V3}};"),
        "{c_nodes:?}"
    );
}

#[test]
fn mma_picture_needs_its_tile() {
    let expr = format!("make_tile({SM80_C}, {SM80_A}, {SM80_B})");
    let svg = temp_file("never.svg");
    let path = svg.to_str().expect("utf-8 path");
    let e = fails(&["--svg", path, "--tv", "--grid", "16x8", &expr]);
    assert!(e.contains("MxNxK"), "{e}");
    let e = fails(&["--svg", path, "--tv", "--grid", "16x8x4", &expr]);
    assert!(e.starts_with("error: A: thread-value picture:"), "{e}");
    let e = fails(&["--svg", path, "--tv", "--grid", "16x8x8", SM80_C]);
    assert!(e.contains("MxN tile"), "{e}");
    assert!(!svg.exists());
}
