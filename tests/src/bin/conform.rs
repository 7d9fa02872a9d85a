//! `conform FILE.jsonl`: run CuTe conformance vectors through cute-dynamic and print a table of
//! passed/failed/skipped per op and variant, ending with `N passed, M failed, K skipped`.
//! Exit status 1 if anything failed.

use cute_tests::{Outcome, check_all, totals};
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: conform FILE.jsonl");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("conform: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let (verdicts, table) = check_all(&text);
    for v in &verdicts {
        match &v.outcome {
            Outcome::Fail(why) => println!("FAIL {}: {why}", v.id),
            Outcome::Skip(why) => println!("SKIP {}: {why}", v.id),
            Outcome::Corrected(why) => println!("CORRECTED {}: {why}", v.id),
            Outcome::Defect(why) => println!("DEFECT {}: {why}", v.id),
            Outcome::Pass => {}
        }
    }
    let header = (
        "op",
        "variant",
        "passed",
        "failed",
        "skipped",
        "corrected",
        "defect",
    );
    println!(
        "{:<22} {:<9} {:>6} {:>6} {:>7} {:>9} {:>6}",
        header.0, header.1, header.2, header.3, header.4, header.5, header.6
    );
    for ((op, variant), [p, f, s, c, d]) in &table {
        println!("{op:<22} {variant:<9} {p:>6} {f:>6} {s:>7} {c:>9} {d:>6}");
    }
    let [p, f, s, c, d] = totals(&table);
    if let Some(line) = cute_tests::defects_line(d) {
        println!("{line}");
    }
    if c > 0 {
        println!(
            "{c} of the passes are CORRECTED: CuTe printed a wrong layout for dynamic values (not the \
             function of the same op on its static twin); cute-dynamic rejects these inputs"
        );
    }
    println!("{p} passed, {f} failed, {s} skipped");
    if f > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
