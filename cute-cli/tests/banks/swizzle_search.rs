//! `--swizzle-search`: the swizzled layout of a tile that its writer and its reader access with
//! the fewest wavefronts (cute-dynamic's `swizzle_search`), its code, the cost without a
//! swizzle, and the errors.

use crate::common::{self, cute};
use cute_static::banks::SMEM_OP_NAMES;

/// A 64x64 half_t tile written with 128-bit stores, 8 threads a row of 64 elements, and read
/// with ldmatrix.x4, thread t naming 16 bytes of row t.
const HALF_WRITER: &str = "((_8,_16),(_8,_4)):((_512,_1),(_64,_16))";
const HALF_READER: &str = "(_32,(_8,_8)):(_1,(_64,_512))";
/// A 32x32 float tile written a row at a time (thread t: column t) and read a column at a time
/// (thread t: row t).
const FLOAT_WRITER: &str = "(_32,_32):(_32,_1)";
const FLOAT_READER: &str = "(_32,_32):(_1,_32)";

/// `--swizzle-search` with a writer, a reader and the element bits.
fn args<'a>(writer: (&'a str, &'a str), reader: (&'a str, &'a str), bits: &'a str) -> Vec<&'a str> {
    vec![
        "--swizzle-search",
        "--writer",
        writer.0,
        "--writer-op",
        writer.1,
        "--reader",
        reader.0,
        "--reader-op",
        reader.1,
        "--bits",
        bits,
    ]
}

/// The search of a tile, with more flags.
fn search(
    writer: (&str, &str),
    reader: (&str, &str),
    bits: &str,
    extra: &[&str],
    tile: &str,
) -> common::Run {
    let mut a = args(writer, reader, bits);
    a.extend_from_slice(extra);
    a.push(tile);
    cute(&a, "")
}

fn half(extra: &[&str], tile: &str) -> common::Run {
    search(
        (HALF_WRITER, "st.shared.128"),
        (HALF_READER, "ldmatrix.x4"),
        "16",
        extra,
        tile,
    )
}

fn float(extra: &[&str], tile: &str) -> common::Run {
    search(
        (FLOAT_WRITER, "st.shared.32"),
        (FLOAT_READER, "ld.shared.32"),
        "32",
        extra,
        tile,
    )
}

/// The 64x64 half tile: Sw<3,3,3> over the row-major tile, no conflicts on either side (64
/// wavefronts for the 16 stores, 32 for the 8 ldmatrix); without it the reader has 8 times the
/// wavefronts, and the column-major tile splits the stores' vectors.
#[test]
fn half_tile_finds_sw333_without_conflicts() {
    let run = half(&[], "(_64,_64)");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "tile (_64,_64) of 16-bit elements; writer st.shared.128 \
         ((_8,_16),(_8,_4)):((_512,_1),(_64,_16)), reader ldmatrix.x4 \
         (_32,(_8,_8)):(_1,(_64,_512))\n\
         best: Sw<3,3,3> o _0 o (_64,_64):(_64,_1): writer 64 wavefronts (64 without \
         conflicts), reader 32 (32)\n  \
         cute-static: Swizzle::<3, 3, 3>::new().composition(layout!((_64,_64):(_64,_1)))\n  \
         CuTe C++:    composition(Swizzle<3,3,3>{}, make_layout(make_shape(Int<64>{}, \
         Int<64>{}), make_stride(Int<64>{}, Int<1>{})))\n  \
         CuTe DSL:    cute.make_composed_layout(cute.make_swizzle(3, 3, 3), 0, \
         cute.make_layout((64, 64), stride=(64, 1)))\n\
         without a swizzle:\n  \
         (_64,_64):(_64,_1): writer 64 wavefronts (64 without conflicts), reader 256 (32)\n  \
         (_64,_64):(_1,_64): not for the writer's st.shared.128: the vector of thread 0 from \
         its value 0 is not consecutive elements from a multiple of its length: value 1 is at \
         offset 64, not 1\n"
    );
    // --banks agrees on the layout found, each side.
    for (tv, op, want) in [
        (
            HALF_WRITER,
            "st.shared.128",
            "16 warp instructions, 64 wavefronts (64 without conflicts",
        ),
        (
            HALF_READER,
            "ldmatrix.x4",
            "8 warp instructions, 32 wavefronts (32 without conflicts",
        ),
    ] {
        let run = cute(
            &[
                "--banks",
                tv,
                "--op",
                op,
                "--bits",
                "16",
                "Sw<3,3,3> o _0 o (_64,_64):(_64,_1)",
            ],
            "",
        );
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert!(run.stdout.contains(want), "{op}: {}", run.stdout);
    }
}

/// The 32x32 float tile: Sw<5,0,5> (the classic XOR of row into column) over the row-major
/// tile; each unswizzled layout serves one side and conflicts 32-way on the other.
#[test]
fn float_tile_finds_sw505() {
    let run = float(&[], "(_32,_32)");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines,
        [
            "tile (_32,_32) of 32-bit elements; writer st.shared.32 (_32,_32):(_32,_1), reader \
             ld.shared.32 (_32,_32):(_1,_32)",
            "best: Sw<5,0,5> o _0 o (_32,_32):(_32,_1): writer 32 wavefronts (32 without \
             conflicts), reader 32 (32)",
            "  cute-static: Swizzle::<5, 0, 5>::new().composition(layout!((_32,_32):(_32,_1)))",
            "  CuTe C++:    composition(Swizzle<5,0,5>{}, make_layout(make_shape(Int<32>{}, \
             Int<32>{}), make_stride(Int<32>{}, Int<1>{})))",
            "  CuTe DSL:    cute.make_composed_layout(cute.make_swizzle(5, 0, 5), 0, \
             cute.make_layout((32, 32), stride=(32, 1)))",
            "without a swizzle:",
            "  (_32,_32):(_32,_1): writer 32 wavefronts (32 without conflicts), reader 1024 (32)",
            "  (_32,_32):(_1,_32): writer 1024 wavefronts (32 without conflicts), reader 32 (32)",
        ]
    );
}

/// An unswizzled layout that is already conflict-free wins (no swizzle is the smallest), and
/// its code is the plain layout's.
#[test]
fn a_conflict_free_base_needs_no_swizzle() {
    let run = search(
        ("(_32,_2):(_2,_1)", "st.shared.64"),
        ("(_32,_2):(_2,_1)", "ld.shared.64"),
        "32",
        &[],
        "(_32,_32)",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[1..5],
        [
            "best: (_32,_32):(_1,_32): writer 2 wavefronts (2 without conflicts), reader 2 (2)",
            "  cute-static: layout!((_32,_32):(_1,_32))",
            "  CuTe C++:    make_layout(make_shape(Int<32>{}, Int<32>{}), make_stride(Int<1>{}, \
             Int<32>{}))",
            "  CuTe DSL:    cute.make_layout((32, 32), stride=(1, 32))",
        ]
    );
}

/// `--top K`: the K best, numbered, the first the best; K past the candidates lists them all.
#[test]
fn top_lists_the_best_candidates() {
    let run = half(&["--top", "3"], "(_64,_64)");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 8 + 4, "{}", run.stdout);
    assert_eq!(
        lines[8..],
        [
            "the 3 best of 71 candidates:",
            "  1. Sw<3,3,3> o _0 o (_64,_64):(_64,_1): writer 64 wavefronts (64 without \
             conflicts), reader 32 (32)",
            "  2. Sw<2,3,3> o _0 o (_64,_64):(_64,_1): writer 64 wavefronts (64 without \
             conflicts), reader 64 (32)",
            "  3. Sw<2,3,4> o _0 o (_64,_64):(_64,_1): writer 64 wavefronts (64 without \
             conflicts), reader 64 (32)",
        ]
    );
    let run = half(&["--top", "1000"], "(_64,_64)");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("the 71 best of 71 candidates:\n"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("\n  71. "), "{}", run.stdout);
    assert!(!run.stdout.contains("\n  72. "));
}

/// Without an expression, each line of standard input is a tile.
#[test]
fn session_searches_each_tile() {
    let run = cute(
        &args(
            (FLOAT_WRITER, "st.shared.32"),
            (FLOAT_READER, "ld.shared.32"),
            "32",
        ),
        "T = (_32,_32)\nT\n(_32,_64)\n(32,32)\n",
    );
    assert_eq!(run.status, 2, "{}", run.stdout);
    assert_eq!(run.stdout.matches("\nbest: Sw<5,0,5>").count(), 3);
    assert!(run.stdout.contains("tile (_32,_64) of 32-bit"));
    assert!(
        run.stderr
            .contains("error (line 4): --swizzle-search takes the tile's shape"),
        "{}",
        run.stderr
    );
}

/// Clean errors (exit status 2, no panic): the tile, the ops, the flags, the accesses.
#[test]
fn errors() {
    let fails = |run: common::Run, want: &str| {
        assert_eq!(run.status, 2, "{want}: {}", run.stdout);
        assert!(run.stdout.is_empty(), "{want}: {}", run.stdout);
        assert!(run.stderr.contains(want), "{want}: {}", run.stderr);
    };
    // Not a rank-2 static shape.
    for (tile, what) in [
        ("(64,64)", "an integer tuple (64,64)"),
        ("(_64,_64,_2)", "an integer tuple (_64,_64,_2)"),
        ("(_64,(_8,_8))", "an integer tuple (_64,(_8,_8))"),
        ("_64", "an integer _64"),
        ("(_0,_64)", "an integer tuple (_0,_64)"),
        ("(_64,_64):(_1,_64)", "a layout (_64,_64):(_1,_64)"),
    ] {
        fails(
            half(&[], tile),
            &format!(
                "error: --swizzle-search takes the tile's shape, a rank-2 static shape such as \
                 (_64,_64), not {what}"
            ),
        );
    }
    fails(half(&[], "(_64,_64"), "expected ',' or ')'");
    fails(
        half(&[], "(_65536,_65536)"),
        "the tile (_65536,_65536) has 4294967296 elements",
    );
    // Ops that are not instructions: the names, as --op lists them.
    for (flag, op) in [
        ("--writer-op", "st.shared.16"),
        ("--reader-op", "ldmatrix.x3"),
    ] {
        let mut args = vec![
            "--swizzle-search",
            "--writer",
            FLOAT_WRITER,
            "--reader",
            FLOAT_READER,
            "--bits",
            "32",
        ];
        let other = if flag == "--writer-op" {
            ["--reader-op", "ld.shared.32"]
        } else {
            ["--writer-op", "st.shared.32"]
        };
        args.extend_from_slice(&[flag, op]);
        args.extend_from_slice(&other);
        args.push("(_32,_32)");
        let run = cute(&args, "");
        assert!(run.stderr.contains(SMEM_OP_NAMES), "{op}: {}", run.stderr);
        fails(run, &format!("invalid value '{op}' for '{flag} <OP>'"));
    }
    // Missing flags.
    let all = args(
        (FLOAT_WRITER, "st.shared.32"),
        (FLOAT_READER, "ld.shared.32"),
        "32",
    );
    for (skip, want) in [
        (9, "--bits <N>"),
        (1, "--writer <TV>"),
        (3, "--writer-op <OP>"),
        (5, "--reader <TV>"),
        (7, "--reader-op <OP>"),
    ] {
        let mut args: Vec<&str> = all
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != skip && *i != skip + 1)
            .map(|(_, a)| *a)
            .collect();
        args.push("(_32,_32)");
        fails(
            cute(&args, ""),
            &format!("the following required arguments were not provided:\n  {want}"),
        );
    }
    fails(
        cute(&["--writer", FLOAT_WRITER, "(_32,_32)"], ""),
        "--swizzle-search",
    );
    fails(cute(&["--top", "3", "(_32,_32)"], ""), "--swizzle-search");
    fails(float(&["--top", "0"], "(_32,_32)"), "--top <K>");
    fails(
        float(&["--draw"], "(_32,_32)"),
        "the argument '--swizzle-search' cannot be used with '--draw'",
    );
    fails(
        float(&["--view", "dsl"], "(_32,_32)"),
        "cannot be used with '--view <VIEW>'",
    );
    // The accesses: rank 2, inside the tile, the instruction's vectors somewhere.
    fails(
        float(&[], "(_16,_32)"),
        "--writer: the access (_32,_32):(_32,_1) reaches index 1023, outside the tile's 512 \
         elements",
    );
    let mut args = all.to_vec();
    args[2] = "_32:_1";
    args.push("(_32,_32)");
    fails(
        cute(&args, ""),
        "--writer takes a TV layout (thread, value) -> index, of rank 2; _32:_1 has rank 1",
    );
    let mut args = all.to_vec();
    args[6] = "Sw<3,3,3>";
    args.push("(_32,_32)");
    fails(cute(&args, ""), "expected a TV layout");
    let mut args = all.to_vec();
    args[10] = "4";
    args.push("(_32,_32)");
    fails(
        cute(&args, ""),
        "--swizzle-search: no layout of the tile takes both accesses: not for the writer's \
         st.shared.32: elements of 4 bits do not fill",
    );
    // Stores of two floats down a column, loads of two along a row: the row-major tile splits
    // the stores' vectors, the column-major one the loads'.
    fails(
        search(
            ("(_32,_2):(_2,_1)", "st.shared.64"),
            ("(_32,_2):(_1,_32)", "ld.shared.64"),
            "32",
            &[],
            "(_32,_32)",
        ),
        "--swizzle-search: no layout of the tile takes both accesses; (_32,_32):(_32,_1): not \
         for the writer's st.shared.64: the vector of thread 0 from its value 0 is not \
         consecutive elements from a multiple of its length: value 1 is at offset 32, not 1; \
         (_32,_32):(_1,_32): not for the reader's ld.shared.64:",
    );
    // Too much to search: a tile of 2^20 elements, each access a pair per element.
    fails(
        search(
            ("(_1024,_1024):(_1024,_1)", "st.shared.32"),
            ("(_1024,_1024):(_1,_1024)", "ld.shared.32"),
            "32",
            &[],
            "(_1024,_1024)",
        ),
        "pairs searched",
    );
}
