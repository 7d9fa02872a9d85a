//! Generates `tests/mixed_conformance.rs`: every accepted vector of the variants `dynamic` and
//! `mixed`, and every one CuTe rejected with a signal, as compiled Rust that builds the inputs
//! with cute-static's macros (static leaves `_N` as types, dynamic leaves as run-time values the
//! compiler cannot see), applies the op and checks the result with `.checked()`:
//!
//! * accepted, no `unchecked`: `.checked()` is `Ok` and prints CuTe's result, except where the
//!   cute-dynamic runner finds CuTe's printed layout wrong ([`crate::Outcome::Corrected`]): there
//!   `.checked()` must be `Err`, naming the condition cute-dynamic names;
//! * accepted with `unchecked`: `.checked()` is `Err` and names that CuTe condition;
//! * rejected with a signal (CuTe divided by zero at run time): `.checked()` is `Err`.
//!
//! Vectors CuTe rejected while compiling are compile errors in cute-static; the test
//! `mixed_rejections` checks them ([`rejected_while_compiling`]).
//!
//! `cargo run -p cute-tests --bin gen-mixed-conformance` rewrites the file; the test
//! `mixed_conformance_is_up_to_date` fails if it is stale.

use crate::static_gen::{Record, expected, expression_for, records, test_file};
use crate::{Outcome, check_line, run_op};
use std::collections::BTreeMap;
use std::fmt::Write;

/// CuTe text with every dynamic integer replaced by `dynamic(n)`; static integers (`_8`,
/// `_-1`) and underscores stay as they are.
pub fn map_dynamic_leaves(text: &str, mut dynamic: impl FnMut(&str) -> String) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() * 2);
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let starts_number =
            c.is_ascii_digit() || (c == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit));
        if starts_number && (i == 0 || !matches!(bytes[i - 1], b'_' | b'-' | b'0'..=b'9')) {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            out.push_str(&dynamic(&text[i..j]));
            i = j;
        } else {
            out.push(c as char);
            i += 1;
        }
    }
    out
}

/// CuTe text for cute-static's macros: a dynamic integer `8` becomes the run-time value
/// `{d(8)}` (`d` is `core::hint::black_box`, so the compiler cannot see the value).
pub fn run_time_text(text: &str) -> String {
    map_dynamic_leaves(text, |n| format!("{{d({n})}}"))
}

/// The op and its arguments with every dynamic value written `D`: two vectors with the same
/// key build the same types in cute-static (a dynamic leaf is an `i32` whatever its value), so
/// they compile, or fail to compile, alike.
pub fn type_key(op: &str, args: &[&str]) -> String {
    let texts: Vec<String> = args
        .iter()
        .map(|a| map_dynamic_leaves(a, |_| "D".into()))
        .collect();
    format!("{op}({})", texts.join(", "))
}

/// The cute-static expression for an op on CuTe text with dynamic leaves.
pub fn mixed_expression(op: &str, args: &[&str]) -> Option<String> {
    let texts: Vec<String> = args.iter().map(|a| run_time_text(a)).collect();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    expression_for(op, &refs)
}

/// What the generated file checks for one vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// `.checked()` is `Ok` and prints this text.
    Prints(String),
    /// `.checked()` is `Err` naming this CuTe condition: the vector's `unchecked`.
    Unchecked(String),
    /// `.checked()` is `Err` naming this condition: CuTe's printed layout is not what the op
    /// computes on the static twin, and cute-dynamic rejects it (CORRECTED).
    Corrected(String),
    /// `.checked()` is `Err` naming this condition: CuTe's printed result is built on a
    /// composition that is not `A o B` (CUTLASS #3177), and cute-dynamic refuses it.
    Defect(String),
    /// `.checked()` is `Err`: CuTe died of this signal at run time.
    Signal(String),
    /// A compile error in cute-static naming this condition (CuTe's message for a `compile`
    /// rejection, or the `unchecked` condition where cute-static decides it while compiling).
    CompileError(String),
    /// Not a line of the mixed suite, for this reason.
    Skipped(String),
}

/// The CuTe condition text of a cute-dynamic error (`None` for arithmetic and other errors).
fn dynamic_condition(op: &str, args: &[&str]) -> Option<&'static str> {
    run_op(op, args).err()?.condition().map(|c| c.message())
}

/// Whether cute-static decides an `unchecked` condition while compiling although CuTe did not:
/// `tile_to_shape` with a mode whose block and target sizes are both static and do not divide
/// (CuTe checks only a wholly static target shape; the mode fails whatever the dynamic values
/// are).
fn static_mode_does_not_divide(op: &str, args: &[&str]) -> bool {
    let sizes = |t: &cute_dynamic::IntTuple| -> Vec<cute_dynamic::Int> {
        cute_dynamic::product_each(t).map_or(Vec::new(), |e| e.leaves())
    };
    let (Ok(block), Ok(target)) = (
        args[0].parse::<cute_dynamic::Layout>(),
        args[1].parse::<cute_dynamic::IntTuple>(),
    ) else {
        return false;
    };
    let (b, t) = (sizes(&block.shape()), sizes(&target));
    op == "tile_to_shape"
        && b.len() <= t.len()
        && b.iter().zip(&t).any(|(b, t)| {
            b.is_static() && t.is_static() && b.value() != 0 && t.value() % b.value() != 0
        })
}

/// What to check for one record of variant `dynamic` or `mixed` (`None` for other variants).
pub fn check_for(r: &Record) -> Option<Check> {
    if !matches!(r.variant.as_str(), "dynamic" | "mixed") {
        return None;
    }
    let args = r.arg_refs();
    if mixed_expression(&r.op, &args).is_none() {
        return Some(Check::Skipped(format!(
            "cute-static has no function for `{}`",
            r.op
        )));
    }
    Some(match (&r.error, &r.unchecked, &r.result) {
        (Some(kind), _, _) if kind == "compile" => {
            Check::CompileError(r.message.clone().unwrap_or_default())
        }
        (None, Some(condition), _) if static_mode_does_not_divide(&r.op, &args) => {
            Check::CompileError(condition.clone())
        }
        (Some(kind), _, _) if kind == "signal" => {
            Check::Signal(r.message.clone().unwrap_or_default())
        }
        (Some(kind), _, _) => {
            Check::Skipped(format!("error kind `{kind}` is not in the file format"))
        }
        (None, Some(condition), _) => Check::Unchecked(condition.clone()),
        (None, None, Some(result)) => match check_line(&r.line).outcome {
            Outcome::Corrected(_) => match dynamic_condition(&r.op, &args) {
                Some(condition) => Check::Corrected(condition.to_string()),
                None => Check::Skipped("CORRECTED without a condition".into()),
            },
            Outcome::Defect(_) => match dynamic_condition(&r.op, &args) {
                Some(condition) => Check::Defect(condition.to_string()),
                None => Check::Skipped("a CuTe defect without a condition".into()),
            },
            _ => Check::Prints(expected(&r.op, result)),
        },
        (None, None, None) => Check::Skipped("a record with neither result nor error".into()),
    })
}

/// How many vectors became which kind of line; the skipped ones with their reasons.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Compared with CuTe's printed result.
    pub compared: usize,
    /// `unchecked` vectors: `.checked()` names CuTe's condition.
    pub unchecked: usize,
    /// CORRECTED vectors: `.checked()` names cute-dynamic's condition.
    pub corrected: usize,
    /// CuTe defects (CUTLASS #3177): `.checked()` names the Stride Divisibility Condition.
    pub defects: usize,
    /// `signal` vectors: `.checked()` is an error.
    pub signal: usize,
    /// Compile errors in cute-static (checked by the test `mixed_rejections`): CuTe's
    /// `compile` rejections.
    pub compile: usize,
    /// Compile errors in cute-static for `unchecked` vectors that CuTe compiled.
    pub compile_unchecked: Vec<String>,
    /// `(id, reason)` of every vector left out.
    pub skipped: Vec<(String, String)>,
}

impl Summary {
    /// The number of generated assertions.
    pub fn lines(&self) -> usize {
        self.compared + self.unchecked + self.corrected + self.defects + self.signal
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} vectors: {} compared with CuTe's result, {} `unchecked` rejected with CuTe's \
             condition, {} CORRECTED rejected, {} CuTe defects (#3177) rejected, {} signal \
             rejected; {} skipped\n\
             compile errors (test mixed_rejections): {} `compile` vectors, {} `unchecked` vectors \
             cute-static decides while compiling {:?}",
            self.lines(),
            self.compared,
            self.unchecked,
            self.corrected,
            self.defects,
            self.signal,
            self.skipped.len(),
            self.compile,
            self.compile_unchecked.len(),
            self.compile_unchecked,
        )?;
        for (id, why) in &self.skipped {
            write!(f, "\n  skipped {id}: {why}")?;
        }
        Ok(())
    }
}

/// What every generated file with dynamic leaves starts with: the helpers of
/// [`crate::mixed_prelude`], written once there.
pub const COMMON_PRELUDE: &str = "use cute_tests::mixed_prelude::*;\n";

/// The generated test file and what went into it.
pub fn generate_with_summary(vectors: &str) -> (String, Summary) {
    let mut groups: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut summary = Summary::default();
    for r in records(vectors) {
        let Some(check) = check_for(&r) else {
            continue;
        };
        let expr = mixed_expression(&r.op, &r.arg_refs()).unwrap_or_default();
        let id = &r.id;
        let line = match &check {
            Check::Prints(want) => {
                summary.compared += 1;
                format!("    t.same({id:?}, text({expr}.checked()), {want:?}.into());\n")
            }
            Check::Unchecked(cond) => {
                summary.unchecked += 1;
                format!("    t.same({id:?}, condition({expr}.checked()), {cond:?}.into());\n")
            }
            Check::Corrected(cond) => {
                summary.corrected += 1;
                format!("    t.same({id:?}, condition({expr}.checked()), {cond:?}.into());\n")
            }
            Check::Defect(cond) => {
                summary.defects += 1;
                format!("    t.same({id:?}, condition({expr}.checked()), {cond:?}.into());\n")
            }
            Check::Signal(_) => {
                summary.signal += 1;
                format!("    t.same({id:?}, rejected({expr}.checked()), \"rejected\".into());\n")
            }
            Check::CompileError(_) => {
                match r.error {
                    Some(_) => summary.compile += 1,
                    None => summary.compile_unchecked.push(id.clone()),
                }
                continue;
            }
            Check::Skipped(why) => {
                summary.skipped.push((id.clone(), why.clone()));
                continue;
            }
        };
        groups.entry(r.op.clone()).or_default().push(line);
    }
    let header = [
        "GENERATED by `cargo run -p cute-tests --bin gen-mixed-conformance` from".to_string(),
        "`data/cute-vectors.jsonl`: every accepted `dynamic` and `mixed` vector, and every one"
            .into(),
        "CuTe rejected with a signal, through cute-static with run-time dynamic leaves.".into(),
        format!(
            "{} vectors: {} compared, {} `unchecked` rejected, {} CORRECTED rejected, {} CuTe",
            summary.lines(),
            summary.compared,
            summary.unchecked,
            summary.corrected,
            summary.defects,
        ),
        format!(
            "defects (CUTLASS #3177) rejected, {} signal",
            summary.signal
        ),
        format!("rejected, {} skipped.", summary.skipped.len()),
        format!(
            "{} more are compile errors in cute-static, checked by the test `mixed_rejections`:",
            summary.compile + summary.compile_unchecked.len()
        ),
        format!(
            "{} `compile` vectors and the `unchecked` {}. Do not edit by hand.",
            summary.compile,
            summary.compile_unchecked.join(", ")
        ),
    ];
    for (op, lines) in groups.iter_mut() {
        lines.insert(0, "    let mut t = Tally::default();\n".to_string());
        lines.push(format!("    t.finish({op:?});\n"));
    }
    let mut out = test_file(&header, COMMON_PRELUDE, &groups);
    if !summary.skipped.is_empty() {
        let _ = writeln!(out, "\n// Skipped:");
        for (id, why) in &summary.skipped {
            let _ = writeln!(out, "// {id}: {why}");
        }
    }
    (out, summary)
}

/// The generated test file for the given vector file text.
pub fn generate(vectors: &str) -> String {
    generate_with_summary(vectors).0
}

/// The `dynamic` and `mixed` records that are compile errors in cute-static, each with the
/// condition CuTe names ([`Check::CompileError`]).
pub fn rejected_while_compiling(vectors: &str) -> Vec<(Record, String)> {
    records(vectors)
        .filter_map(|r| match check_for(&r)? {
            Check::CompileError(condition) => Some((r, condition)),
            _ => None,
        })
        .collect()
}
