//! `conform-ext [FILE.jsonl]`: run the extension vectors (swizzles, composed layouts, GMMA atoms;
//! default `tests/data/cute-ext-vectors.jsonl`) through cute-dynamic and print a table of
//! passed/failed/skipped per op and variant, ending with `N passed, M failed, K skipped`.
//! Ops not implemented yet are skipped. Exit status 1 if anything failed.

use cute_tests::ext::check_ext_all;
use cute_tests::{Outcome, totals};
use std::process::ExitCode;

fn main() -> ExitCode {
    let default = concat!(env!("CARGO_MANIFEST_DIR"), "/data/cute-ext-vectors.jsonl");
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| default.to_string());
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("conform-ext: cannot read {path}");
        return ExitCode::from(2);
    };
    let (verdicts, table) = check_ext_all(&text);
    for v in verdicts
        .iter()
        .filter(|v| matches!(v.outcome, Outcome::Fail(_) | Outcome::Skip(_)))
    {
        let why = format!("{:?}", v.outcome);
        let cut = why.char_indices().nth(400).map_or(why.len(), |(i, _)| i);
        println!("FAIL {}: {}", v.id, &why[..cut]);
    }
    for v in &verdicts {
        if let Outcome::Defect(why) = &v.outcome {
            println!("DEFECT {}: {why}", v.id);
        }
    }
    println!(
        "{:<30} {:<11} {:>6} {:>6} {:>7} {:>6}",
        "op", "variant", "passed", "failed", "skipped", "defect"
    );
    for ((op, variant), [p, f, s, _, d]) in &table {
        println!("{op:<30} {variant:<11} {p:>6} {f:>6} {s:>7} {d:>6}");
    }
    let [p, f, s, _, d] = totals(&table);
    if let Some(line) = cute_tests::defects_line(d) {
        println!("{line}");
    }
    println!("{p} passed, {f} failed, {s} skipped");
    if f > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
