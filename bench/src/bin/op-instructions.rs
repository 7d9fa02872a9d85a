//! The calls whose instructions `scripts/op-instructions.sh` counts (callgrind; issue 9,
//! point 2, docs/bench.md section 4).
//!
//! ```text
//! op-instructions VECTORS OP FORM ROUNDS
//! ```
//!
//! Reads the conformance vectors and keeps the records the side-by-side benchmark keeps for
//! `OP` (one of [`cute_bench::OPS`] or [`cute_bench::MORE_OPS`], or [`cute_bench::PLAN_OP`]: the
//! `call` records evaluated by their plans): variant `static`, CuTe's result for the recorded form and
//! the same function for the dynamic one. `FORM` is `static` (as recorded) or `dynamic`
//! ([`cute_bench::dynamic_args`]); each kept record is then called `ROUNDS` times
//! ([`cute_bench::Prepared::repeat`]; `call` at the indices `0, 1, ...` of its domain, cycled).
//! Prints the number of kept records; a run of 0 rounds measures the start-up alone. With
//! `BY_ALGEBRA=1` in the environment the calls go through cute-static's algorithm
//! ([`cute_dynamic::one_algebra`]: the ops cute-dynamic still computes by its own algorithms,
//! not those it computes by the one algebra anyway, nor call and call_plan).

use cute_bench::{MORE_OPS, OPS, PLAN_OP, Prepared, check, dynamic_args};
use serde_json::Value;

fn usage() -> ! {
    eprintln!("usage: op-instructions VECTORS OP static|dynamic ROUNDS");
    std::process::exit(2)
}

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let [vectors, op, form, rounds] = argv.as_slice() else {
        usage()
    };
    let rounds: usize = rounds.parse().unwrap_or_else(|_| usage());
    if !(OPS.contains(&op.as_str()) || MORE_OPS.contains(&op.as_str()) || op == PLAN_OP)
        || !["static", "dynamic"].contains(&form.as_str())
    {
        usage()
    }
    let text = std::fs::read_to_string(vectors).unwrap_or_else(|e| {
        eprintln!("{vectors}: {e}");
        std::process::exit(1)
    });
    let mut kept: Vec<Prepared> = Vec::new();
    for line in text.lines() {
        let r: Value = serde_json::from_str(line).expect("vector line is JSON");
        let (Some(result), Some(args)) = (r["result"].as_str(), r["args"].as_array()) else {
            continue;
        };
        // The plan's records are the `call` records.
        let recorded = if op == PLAN_OP { "call" } else { op.as_str() };
        if r["op"] != recorded || r["variant"] != "static" {
            continue;
        }
        let args: Vec<String> = args
            .iter()
            .filter_map(|a| a.as_str().map(String::from))
            .collect();
        let dyn_args = dynamic_args(op, &args);
        let (Ok((_, Some(st))), Ok((_, Some(dy)))) = (
            check(op, &args, result, true),
            check(op, &dyn_args, result, false),
        ) else {
            continue;
        };
        kept.push(if form == "static" { st } else { dy });
    }
    let by_algebra = std::env::var_os("BY_ALGEBRA").is_some_and(|v| v == "1");
    for p in &kept {
        if by_algebra {
            p.repeat_by_algebra(rounds).unwrap_or_else(|e| {
                eprintln!("{op}: {e}");
                std::process::exit(2)
            });
        } else {
            p.repeat(rounds);
        }
    }
    println!("{}", kept.len());
}
