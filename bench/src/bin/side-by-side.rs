//! cute-dynamic's part of the side-by-side benchmark (`scripts/side-by-side.sh` runs it).
//!
//! ```text
//! side-by-side VECTORS OUT.jsonl [--target-ms F] [--samples N]
//! ```
//!
//! Reads the conformance vectors, keeps the accepted records of variant `static` of the nine
//! benchmarked ops ([`cute_bench::OPS`]), and for each one: runs it as recorded (the result must
//! print as CuTe's), makes the dynamic form ([`cute_bench::dynamic_args`]) and runs that (it must
//! be accepted and be the same function as the static result), and times both forms that pass.
//! Writes one JSON line per record: its inputs in both forms, both results, the verdicts and the
//! ns per call; the pycute and C++ drivers read this file. Each `call` record is written a second
//! time as op [`PLAN_OP`] (id `<id>/plan`, `"base": <id>`): the same layout evaluated by its
//! `Plan`, whose C++ and pycute figures are those of the `call` record.

use cute_bench::{
    DynamicForm, OPS, PLAN_OP, Prepared, Timing, dynamic_args, dynamic_form, dynamic_text,
};
use serde_json::{Value, json};
use std::io::Write;
use std::time::Duration;

fn usage() -> ! {
    eprintln!("usage: side-by-side VECTORS OUT.jsonl [--target-ms F] [--samples N]");
    std::process::exit(2)
}

/// The verdict of one form: its printed result (or refusal) and whether it is usable.
fn verdict(op: &str, args: &[String], reference: &str, exact: bool) -> (Value, Option<Prepared>) {
    match cute_bench::check(op, args, reference, exact) {
        Err(e) => (json!({"status": "rejected", "error": e}), None),
        Ok((r, p)) => {
            let status = if p.is_some() { "ok" } else { "differs" };
            (json!({"status": status, "result": r}), p)
        }
    }
}

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let (mut pos, mut timing) = (Vec::new(), Timing::default());
    let mut it = argv.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--target-ms" => {
                let ms: f64 = it
                    .next()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or_else(|| usage());
                timing.target = Duration::from_secs_f64(ms / 1e3);
            }
            "--samples" => {
                timing.samples = it
                    .next()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or_else(|| usage())
            }
            _ if a.starts_with("--") => usage(),
            _ => pos.push(a.clone()),
        }
    }
    let [vectors, out] = pos.as_slice() else {
        usage()
    };
    let text = std::fs::read_to_string(vectors).unwrap_or_else(|e| {
        eprintln!("{vectors}: {e}");
        std::process::exit(1)
    });
    let mut outf = std::io::BufWriter::new(std::fs::File::create(out).unwrap_or_else(|e| {
        eprintln!("{out}: {e}");
        std::process::exit(1)
    }));
    let mut n = 0;
    for line in text.lines() {
        let r: Value = serde_json::from_str(line).expect("vector line is JSON");
        let (op, variant) = (r["op"].as_str().unwrap_or(""), r["variant"].as_str());
        let Some(result) = r["result"].as_str() else {
            continue;
        };
        if variant != Some("static") || !OPS.contains(&op) {
            continue;
        }
        let args: Vec<String> = r["args"]
            .as_array()
            .expect("args")
            .iter()
            .map(|a| a.as_str().expect("arg is a string").to_string())
            .collect();
        let forms: &[&str] = if op == "call" {
            &["call", PLAN_OP]
        } else {
            &[op]
        };
        for &op in forms {
            let (id, base) = if op == PLAN_OP {
                (
                    json!(format!("{}/plan", r["id"].as_str().unwrap_or("?"))),
                    r["id"].clone(),
                )
            } else {
                (r["id"].clone(), Value::Null)
            };
            let dyn_args = dynamic_args(op, &args);
            let (mut st, sp) = verdict(op, &args, result, true);
            let (mut dy, dp) = match &sp {
                Some(_) => verdict(op, &dyn_args, result, false),
                None => (json!({"status": "not run"}), None),
            };
            // What the all-dynamic form does, where the benchmark uses another dynamic form.
            let all_dynamic = if dynamic_form(op) == DynamicForm::All {
                dy["status"].clone()
            } else {
                let all: Vec<String> = args.iter().map(|a| dynamic_text(a)).collect();
                verdict(op, &all, result, false).0["status"].clone()
            };
            if let Some(p) = &sp {
                st["ns"] = json!(p.time(&timing));
            }
            if let Some(p) = &dp {
                dy["ns"] = json!(p.time(&timing));
            }
            let rec = json!({
                "id": id, "base": base, "op": op, "args": args, "dyn_args": dyn_args, "result": result,
                "static": st, "dynamic": dy, "all_dynamic": all_dynamic,
            });
            writeln!(outf, "{rec}").expect("write");
            n += 1;
        }
    }
    outf.flush().expect("write");
    eprintln!("cute-dynamic: {n} records checked and timed");
}
