//! The bank-conflict side of issue 26's point 7: cute-dynamic's `bank_conflicts` on the probes
//! measured on the H100 (`docs/data/banks-h100.tsv`), and the time that takes.
//!
//!     bank-bench docs/data/banks-h100.tsv OUT.jsonl
//!
//! Writes one line per probe of a shared-memory instruction (the `cp.async` probes, whose count
//! needs the global layout too, are left out): its name, instruction, element bits, the shared
//! layout and the TV layout (shape, stride, swizzle), the wavefronts measured and
//! cute-dynamic's count, for `scripts/banks-side-by-side.py` to time tensor-layouts'
//! `bank_conflicts` on the same accesses and put its answers beside ours. Prints `BANKBENCH side=rust cases=N median_ns=T
//! per_case_ns=P` (median of 5 repetitions over all the cases, release build).

use cute_dynamic::{AnyLayout, Layout, SmemOp, bank_conflicts};
use std::fmt::Write as _;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(tsv), Some(out)) = (args.next(), args.next()) else {
        eprintln!("usage: bank-bench docs/data/banks-h100.tsv OUT.jsonl");
        std::process::exit(2)
    };
    let text = std::fs::read_to_string(&tsv).expect("the probes' table");
    let mut cases = Vec::new();
    let mut lines = String::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        if f[1].starts_with("cp.async") {
            // A cp.async probe: tensor-layouts has no model of a copy's global side.
            continue;
        }
        let op: SmemOp = f[1].parse().expect("an instruction");
        let bits: i32 = f[2].parse().expect("bits");
        let smem: AnyLayout = f[3].parse().expect("the shared layout");
        let tv: Layout = f[4].parse().expect("the TV layout");
        let ours = bank_conflicts(&smem, &tv, bits, op)
            .expect("the analysis")
            .total;
        let mut j = serde_json::json!({
            "name": f[0],
            "op": f[1],
            "bits": bits,
            "smem": cute_tests::layout_json(&smem),
            "tv": cute_tests::layout_json(&AnyLayout::Plain(tv.clone())),
            "measured": f[8].parse::<u32>().expect("the measurement"),
            "wavefronts": ours.wavefronts,
            "ideal": ours.ideal,
            "instructions": ours.instructions,
        });
        j["smem_text"] = serde_json::json!(f[3]);
        j["tv_text"] = serde_json::json!(f[4]);
        writeln!(lines, "{j}").expect("write");
        cases.push((smem, tv, bits, op));
    }
    std::fs::write(&out, lines).expect("write the cases");
    let mut times = Vec::new();
    for _ in 0..5 {
        let start = Instant::now();
        let mut total = 0u32;
        for (smem, tv, bits, op) in &cases {
            let r =
                bank_conflicts(std::hint::black_box(smem), tv, *bits, *op).expect("the analysis");
            total += r.total.wavefronts;
        }
        std::hint::black_box(total);
        times.push(start.elapsed().as_nanos());
    }
    times.sort_unstable();
    let median = times[2];
    println!(
        "BANKBENCH side=rust cases={} median_ns={median} per_case_ns={:.0}",
        cases.len(),
        median as f64 / cases.len().max(1) as f64
    );
}
