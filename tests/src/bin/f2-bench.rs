//! The F2 side of issue 26's point 7: every F2-linear layout with power-of-two shapes of the
//! vector files (plain, or `Sw o _0 o L`; size at most 2^16), its F2 matrix by cute-dynamic
//! (`to_linear_layout`, then the matrix's rows), and the time that takes.
//!
//!     f2-bench OUT.jsonl
//!
//! Writes one line per layout: its text, shape and stride (nested lists), swizzle (`[B,M,S]` or
//! null) and F2 matrix (a row an offset bit, a column a coordinate bit, colexicographic), for
//! `scripts/f2-side-by-side.py` to time tensor-layouts' `to_F2_matrix` on the same layouts and
//! compare the matrices. Prints `F2BENCH side=rust layouts=N median_ns=T per_layout_ns=P`
//! (median of 5 repetitions over all the layouts, release build).

use cute_dynamic::{AnyLayout, to_linear_layout};
use std::fmt::Write as _;
use std::time::Instant;

/// The F2 matrix of a layout: its linear form's images, a row an offset bit.
fn matrix(l: &AnyLayout) -> Option<Vec<Vec<u8>>> {
    let ll = to_linear_layout(l).ok()?;
    let images: Vec<i64> = ll
        .ins()
        .iter()
        .flat_map(|d| d.bases.iter().copied())
        .collect();
    let rows = 64 - images.iter().fold(0, |a, &x| a | x).leading_zeros() as usize;
    Some(
        (0..rows)
            .map(|k| images.iter().map(|&x| ((x >> k) & 1) as u8).collect())
            .collect(),
    )
}

fn main() {
    let out_path = std::env::args().nth(1).expect("usage: f2-bench OUT.jsonl");
    let mut layouts = Vec::new();
    for s in cute_tests::vector_layout_strings().expect("the vector files") {
        let Ok(l) = s.parse::<AnyLayout>() else {
            continue;
        };
        let Ok(shape) = l.shape() else { continue };
        let pow2 = shape
            .leaves()
            .iter()
            .all(|x| x.value() >= 1 && x.value() & (x.value() - 1) == 0);
        let small = l.size().is_ok_and(|n| n.value() <= 1 << 16);
        if pow2 && small && matrix(&l).is_some() {
            layouts.push((s, l));
        }
    }
    let mut text = String::new();
    for (s, l) in &layouts {
        let mut line = cute_tests::layout_json(l).expect("to_linear_layout takes Sw o 0 o L only");
        line["text"] = serde_json::json!(s);
        line["matrix"] = serde_json::json!(matrix(l));
        writeln!(text, "{line}").expect("write");
    }
    std::fs::write(&out_path, text).expect("write the layouts");
    let mut times = Vec::new();
    for _ in 0..5 {
        let start = Instant::now();
        let mut bits = 0usize;
        for (_, l) in &layouts {
            bits += std::hint::black_box(matrix(std::hint::black_box(l))).map_or(0, |m| m.len());
        }
        std::hint::black_box(bits);
        times.push(start.elapsed().as_nanos());
    }
    times.sort_unstable();
    let median = times[2];
    println!(
        "F2BENCH side=rust layouts={} median_ns={median} per_layout_ns={:.0}",
        layouts.len(),
        median as f64 / layouts.len().max(1) as f64
    );
}
