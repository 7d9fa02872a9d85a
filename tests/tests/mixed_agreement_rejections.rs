//! The random mixed cases of `mixed_agreement_*.rs` that are not in those files because
//! cute-static does not compile them: the ones cute-dynamic rejects on their static values alone (no other
//! dynamic values make cute-dynamic accept them), and the ones over cute-static's capacity
//! (`mixed_agree_gen::OVER_CAPACITY`). One crate, built once, one function per distinct
//! expression type (rustc reports an erroneous constant once):
//!
//! * each listed capacity case has exactly its capacity error;
//! * every other case has exactly one compile error, a failed precondition of cute-static's
//!   (CuTe's static_assert), or none: the static values alone did not decide it (cute-dynamic's
//!   rejection depends on the dynamic values after all), and then a second crate runs it and
//!   its `.checked()` must be an error, as cute-dynamic's is.
//!
//! Which condition a compile error names is not compared with cute-dynamic's: cute-dynamic
//! reports the first failing check over all values, cute-static the first failing check on the
//! static values, and where several fail the two can differ.

use cute_tests::mixed_agree_gen::compile_time_cases;
use cute_tests::rejections::{compile_errors, panic_text, run_cases};
use std::path::Path;

const PRELUDE: &str = "/// A dynamic leaf: the compiler cannot see its value.\n\
    fn d(x: i32) -> i32 { core::hint::black_box(x) }";

#[test]
fn random_mixed_cases_cute_static_does_not_compile_are_rejected() {
    let (over_capacity, by_type): (Vec<_>, Vec<_>) = compile_time_cases()
        .into_iter()
        .partition(|(_, same_type)| same_type[0].over_capacity.is_some());
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));

    // The listed capacity cases: their run-time program is computed where a value is used
    // (`Expr::CODE`), and the error names no line of the case, so they are counted.
    let cases: Vec<String> = over_capacity
        .iter()
        .map(|(expr, _)| format!("let _ = {expr}.checked().map(|v| v.to_string());"))
        .collect();
    let errors = compile_errors(tmp, "mixed_agreement_capacity", PRELUDE, &cases);
    let mut want: Vec<&str> = over_capacity
        .iter()
        .filter_map(|(_, c)| c[0].over_capacity)
        .collect();
    let mut got: Vec<&str> = errors
        .unattributed
        .iter()
        .chain(errors.by_case.values().flatten())
        .map(|e| panic_text(e))
        .collect();
    want.sort_unstable();
    got.sort_unstable();
    assert_eq!(got, want, "capacity errors, one per listed case");

    let cases: Vec<String> = by_type
        .iter()
        .map(|(expr, _)| format!("let _ = {expr};"))
        .collect();
    let errors = compile_errors(tmp, "mixed_agreement_rejections", PRELUDE, &cases);
    assert!(!errors.built, "every case compiled");
    assert!(errors.unattributed.is_empty(), "{:?}", errors.unattributed);
    let (mut failures, mut compiled, mut at_compile_time) = (Vec::new(), Vec::new(), 0);
    for (n, (expr, same_type)) in by_type.iter().enumerate() {
        let what = format!("{}{:?}", same_type[0].op, same_type[0].args);
        match errors
            .by_case
            .get(&n)
            .map(Vec::as_slice)
            .unwrap_or_default()
        {
            [] => compiled.push((what, expr, same_type.len())),
            [one]
                if one.starts_with("evaluation panicked: ")
                    && !panic_text(one).starts_with("cute-static:") =>
            {
                at_compile_time += same_type.len()
            }
            got => failures.push(format!("{what}: want one failed precondition, got {got:?}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );

    // The cases cute-static compiles: their `.checked()` must be an error.
    let run: Vec<String> = compiled
        .iter()
        .map(|(_, expr, _)| {
            format!(
                "match {expr}.checked() {{ Ok(v) => v.to_string(), Err(_) => \"rejected\".into() }}"
            )
        })
        .collect();
    let verdicts = run_cases(tmp, "mixed_agreement_rejections_run", PRELUDE, &run);
    assert_eq!(verdicts.len(), run.len());
    let accepted: Vec<String> = compiled
        .iter()
        .zip(&verdicts)
        .filter(|(_, v)| *v != "rejected")
        .map(|((what, _, _), v)| format!("{what}: cute-static {v}, cute-dynamic rejected"))
        .collect();
    assert!(
        accepted.is_empty(),
        "{} accepted:\n{}",
        accepted.len(),
        accepted.join("\n")
    );
    println!(
        "{} cases over cute-static's capacity; {} cases in {} distinct types cute-dynamic rejects: \
         {at_compile_time} compile errors, {} rejected at run time, 0 failed",
        over_capacity.len(),
        by_type.iter().map(|(_, c)| c.len()).sum::<usize>(),
        by_type.len(),
        compiled.iter().map(|(_, _, n)| n).sum::<usize>()
    );
}
