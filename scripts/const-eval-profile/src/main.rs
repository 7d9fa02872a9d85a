//! `const-eval-profile PROFILE.mm_profdata [N]`: the compile-time evaluations of constants
//! (statics' initializers, consts) a rustc self-profile recorded, the `N` longest (default 40),
//! each with its item's path, after the time of the profile's longest query kinds. Times are
//! inclusive: an evaluation's time counts the evaluations it asked for.

use analyzeme::ProfilingData;
use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

/// The item's path in a query's argument (`... ~ crate[hash]::path)), args: [...] ...`), or the
/// argument itself (a static's initializer names its path).
fn item(arg: &str) -> String {
    let path = arg.find("~ ").map_or(arg, |i| &arg[i + 2..]);
    let path = path.split(")), args:").next().unwrap_or(path);
    let args = arg
        .split("args: [")
        .nth(1)
        .and_then(|a| a.split("] }").next());
    match args {
        Some(a) if !a.is_empty() => format!("{path} [{}]", a.chars().take(100).collect::<String>()),
        _ => path.to_string(),
    }
}

fn main() {
    let mut argv = std::env::args().skip(1);
    let Some(file) = argv.next() else {
        eprintln!("usage: const-eval-profile PROFILE.mm_profdata [N]");
        std::process::exit(2);
    };
    let top: usize = argv.next().and_then(|n| n.parse().ok()).unwrap_or(40);
    let data = match ProfilingData::new(Path::new(&file)) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("const-eval-profile: cannot read {file}: {e}");
            std::process::exit(1);
        }
    };
    let (mut by_kind, mut evals) = (HashMap::<String, Duration>::new(), Vec::new());
    for e in data.iter_full() {
        let Some(d) = e.duration() else { continue };
        *by_kind.entry(e.label.to_string()).or_default() += d;
        if matches!(
            &*e.label,
            "eval_to_allocation_raw" | "eval_static_initializer"
        ) {
            let arg = e
                .additional_data
                .first()
                .map(|a| a.to_string())
                .unwrap_or_default();
            evals.push((d, e.label.to_string(), item(&arg)));
        }
    }
    let mut kinds: Vec<_> = by_kind.into_iter().collect();
    kinds.sort_by_key(|k| std::cmp::Reverse(k.1));
    println!("query kinds (inclusive seconds):");
    for (k, d) in kinds.iter().take(8) {
        println!("{:10.2}  {k}", d.as_secs_f64());
    }
    evals.sort_by_key(|e| std::cmp::Reverse(e.0));
    println!("the {top} longest evaluations of constants (inclusive seconds):");
    for (d, label, what) in evals.iter().take(top) {
        let kind = if label == "eval_static_initializer" {
            "static"
        } else {
            "const "
        };
        println!("{:10.3}  {kind} {what}", d.as_secs_f64());
    }
}
