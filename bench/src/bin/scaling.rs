//! Time per operation of cute-dynamic against the number of leaves and against the size
//! (issue 9, point 3). Prints two markdown tables.
//!
//! ```text
//! cargo run --release -p cute-bench --bin scaling [-- --target-ms F --samples N --rounds R]
//! ```
//!
//! The layout is flat with row-major compact strides (`(s0,...,sn-1):(...,s(n-1),1)`: no two
//! modes merge, it is injective and compact, so every op accepts it statically);
//! [`cute_bench::scaling`] gives the shapes and the second operands. Each op runs on the layout as
//! written with static integers, and in the dynamic form of the side-by-side benchmark (every
//! integer dynamic; for the two inverses run-time shapes and static strides). A cell is ns per
//! call: [`cute_bench::measure`] in each of R rounds over the whole table, the median over the
//! rounds (so that a burst of load on a shared machine hits one round of a cell, not a run of
//! neighbouring cells). `rej.` marks an input cute-dynamic refuses (the reasons are listed below
//! the table); `†` a dynamic form that gives another function than the static one (CuTe's result
//! on those values, timed all the same). Where the all-dynamic form is refused, the dynamic row
//! times run-time shapes with static strides instead, marked `‡` (`rej.` with two notes: both
//! refused). The row `evaluation, plan` evaluates by the layout's `Plan` (built once, outside the
//! timed loop).

use cute_bench::{
    DynamicForm, OPS, PLAN_OP, Prepared, Timing, dynamic_args, dynamic_form, scaling,
    shapes_dynamic_text,
};
use cute_dynamic::Layout;
use std::collections::BTreeMap;
use std::time::Duration;

/// The same function, checked at every index up to 2^16 and at about 4,100 spread indices above.
fn same_function(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    let (Ok(la), Ok(lb)) = (a.parse::<Layout>(), b.parse::<Layout>()) else {
        return false;
    };
    let (Ok(n), Ok(m)) = (la.size(), lb.size()) else {
        return false;
    };
    let n = n.value();
    if n != m.value() || n < 0 {
        return false;
    }
    let check =
        |i: i32| matches!((la.call(i), lb.call(i)), (Ok(x), Ok(y)) if x.value() == y.value());
    if n <= 1 << 16 {
        (0..n).all(check)
    } else {
        let step = (n / 4096).max(1);
        (0..n).step_by(step as usize).all(check) && (n - 3..n).all(check)
    }
}

/// A refusal without the input it names (one note per kind of refusal).
fn reason(e: String) -> String {
    for cut in [": (", ". "] {
        if let Some((head, _)) = e.split_once(cut) {
            return format!("{head}{}", if cut == ". " { "." } else { "" });
        }
    }
    e
}

/// Run once: the printed result (`call`: its value at the last index) or the refusal.
fn run(op: &str, args: &[String]) -> (Prepared, Result<String, String>) {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let p = Prepared::new(op, &refs).expect("scaling inputs parse");
    let r = match &p {
        Prepared::Call(l) => l
            .size()
            .and_then(|n| l.call(n.value() - 1))
            .map(|v| format!("L(size-1) = {v}"))
            .map_err(|e| e.to_string()),
        Prepared::CallPlan(l, plan) => l
            .size()
            .and_then(|n| plan.call(n.value() - 1))
            .map(|v| format!("L(size-1) = {v}"))
            .map_err(|e| e.to_string()),
        _ => p.run(),
    };
    (p, r.map_err(reason))
}

/// One cell: what is timed (if anything), its marks and the refusals it notes.
struct Cell {
    timed: Option<Prepared>,
    mark: &'static str,
    refusals: Vec<String>,
    ns: Vec<f64>,
}

fn static_cell(op: &str, shape: &[i64]) -> (Cell, Option<String>) {
    let (p, r) = run(op, &scaling::args(op, shape, true));
    match r {
        Ok(r) => (
            Cell {
                timed: Some(p),
                mark: "",
                refusals: vec![],
                ns: vec![],
            },
            Some(r),
        ),
        Err(e) => (
            Cell {
                timed: None,
                mark: "",
                refusals: vec![e],
                ns: vec![],
            },
            None,
        ),
    }
}

fn dynamic_cell(op: &str, shape: &[i64], static_result: Option<&str>) -> Cell {
    let args = scaling::args(op, shape, true);
    let mut forms = vec![(dynamic_args(op, &args), "")];
    if dynamic_form(op) == DynamicForm::All {
        forms.push((args.iter().map(|a| shapes_dynamic_text(a)).collect(), " ‡"));
    }
    let mut refusals = vec![];
    for (form, mark) in forms {
        match run(op, &form) {
            (p, Ok(r)) => {
                let differs = !matches!(p, Prepared::Call(_) | Prepared::CallPlan(..))
                    && static_result.is_some_and(|s| !same_function(s, &r));
                let mark = match (differs, mark) {
                    (true, "") => " †",
                    (true, _) => " ‡†",
                    (false, m) => m,
                };
                return Cell {
                    timed: Some(p),
                    mark,
                    refusals: vec![],
                    ns: vec![],
                };
            }
            (_, Err(e)) => refusals.push(e),
        }
    }
    Cell {
        timed: None,
        mark: "",
        refusals,
        ns: vec![],
    }
}

fn fmt(ns: f64) -> String {
    if ns >= 100.0 {
        format!("{ns:.0}")
    } else {
        format!("{ns:.1}")
    }
}

fn median(v: &[f64]) -> Option<f64> {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied()
}

fn ratio(a: Option<f64>, b: Option<f64>) -> String {
    match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => format!("{:.2}", a / b),
        _ => "-".into(),
    }
}

/// One table: a row per op and form, a column per input; `extra` adds ratio columns (column
/// `hi` over column `lo`), `spread` a column of the largest over the smallest time of the row.
fn table(
    title: &str,
    points: &[(String, Vec<i64>)],
    extra: &[(&str, usize, usize)],
    spread: bool,
    t: &Timing,
    rounds: usize,
) -> String {
    // Check every cell first, then time all of them once per round.
    let mut rows: Vec<(String, &str, Vec<Cell>)> = Vec::new();
    for op in OPS.into_iter().chain([PLAN_OP]) {
        let (cells, results): (Vec<Cell>, Vec<Option<String>>) =
            points.iter().map(|(_, s)| static_cell(op, s)).unzip();
        let dynamic = points
            .iter()
            .zip(&results)
            .map(|((_, s), r)| dynamic_cell(op, s, r.as_deref()))
            .collect();
        let label = match op {
            "call" => "evaluation",
            PLAN_OP => "evaluation, plan",
            _ => op,
        };
        rows.push((label.into(), "static", cells));
        rows.push((label.into(), "dynamic", dynamic));
    }
    for round in 0..rounds {
        for (_, _, cells) in &mut rows {
            for c in cells.iter_mut() {
                if let Some(p) = &c.timed {
                    c.ns.push(p.time(t));
                }
            }
        }
        eprintln!("{:.24}...: round {} of {rounds}", title, round + 1);
    }
    let mut notes: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = format!("{title}\n\n| op | form |");
    for (name, _) in points {
        out += &format!(" {name} |");
    }
    for (name, _, _) in extra {
        out += &format!(" {name} |");
    }
    if spread {
        out += " max/min |";
    }
    out += "\n|---|---|";
    out += &"---|".repeat(points.len() + extra.len() + usize::from(spread));
    out += "\n";
    for (label, form, cells) in &rows {
        out += &format!("| {label} | {form} |");
        let ns: Vec<Option<f64>> = cells.iter().map(|c| median(&c.ns)).collect();
        for (c, ns) in cells.iter().zip(&ns) {
            match ns {
                Some(ns) => out += &format!(" {}{} |", fmt(*ns), c.mark),
                None => {
                    let mut keys: Vec<String> = c
                        .refusals
                        .iter()
                        .map(|e| {
                            let k = notes.len() + 1;
                            notes.entry(e.clone()).or_insert(k).to_string()
                        })
                        .collect();
                    keys.dedup();
                    out += &format!(" rej.<sup>{}</sup> |", keys.join(","));
                }
            }
        }
        for (_, hi, lo) in extra {
            out += &format!(" {} |", ratio(ns[*hi], ns[*lo]));
        }
        if spread {
            let ok: Vec<f64> = ns.iter().flatten().copied().collect();
            let max = ok.iter().copied().reduce(f64::max);
            let min = ok.iter().copied().reduce(f64::min);
            out += &format!(" {} |", ratio(max, min));
        }
        out += "\n";
    }
    if !notes.is_empty() {
        out += "\n";
        let mut by_k: Vec<(usize, String)> = notes.into_iter().map(|(e, k)| (k, e)).collect();
        by_k.sort();
        for (k, e) in by_k {
            out += &format!("<sup>{k}</sup> {e}  \n");
        }
    }
    out
}

fn main() {
    let mut t = Timing::default();
    let mut rounds = 3;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let v = it.next().and_then(|s| s.parse::<f64>().ok());
        match (a.as_str(), v) {
            ("--target-ms", Some(ms)) => t.target = Duration::from_secs_f64(ms / 1e3),
            ("--samples", Some(n)) if n >= 1.0 => t.samples = n as usize,
            ("--rounds", Some(n)) if n >= 1.0 => rounds = n as usize,
            _ => {
                eprintln!("usage: scaling [--target-ms F] [--samples N] [--rounds R]");
                std::process::exit(2)
            }
        }
    }
    println!(
        "cute-dynamic scaling: ns per call (thread CPU time), the median over {rounds} rounds of \
         the median of {} batches of at least {:?} each\n",
        t.samples, t.target
    );
    let leaves: Vec<(String, Vec<i64>)> = [1, 2, 4, 8, 16, 32, 64]
        .iter()
        .map(|&n| (format!("{n}"), scaling::leaves_shape(n)))
        .collect();
    println!(
        "{}",
        table(
            "Against the number of leaves n (flat row-major layout of size 2^16; n > 16: sixteen \
             leaves 2, the others 1):",
            &leaves,
            &[("16/8", 4, 3), ("64/16", 6, 4)],
            false,
            &t,
            rounds,
        )
    );
    let sizes: Vec<(String, Vec<i64>)> = [4, 8, 12, 16, 20, 24, 28, 30]
        .iter()
        .map(|&e| (format!("2^{e}"), scaling::size_shape(e)))
        .collect();
    println!(
        "{}",
        table(
            "Against the size (flat row-major layout of 4 leaves, the exponent split evenly):",
            &sizes,
            &[],
            true,
            &t,
            rounds,
        )
    );
}
