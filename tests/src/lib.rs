//! Conformance runner: feeds CuTe's recorded vectors (`data/cute-vectors.jsonl`) to
//! `cute-dynamic` and compares printed results.
//!
//! ```
//! let line = r#"{"id":"size/static/1","op":"size","variant":"static","args":["(_6,_3)"],"result":"_18"}"#;
//! assert_eq!(cute_tests::check_line(line).outcome, cute_tests::Outcome::Pass);
//! ```

pub mod agree_gen;
pub mod atoms_gen;
pub mod exercise;
pub mod exercise_cli;
pub mod ext;
pub mod mixed_agree_gen;
pub mod mixed_gen;
pub mod mixed_prelude;
pub mod rejections;
pub mod static_ext_gen;
pub mod static_gen;
pub mod tiled_gen;
pub mod tiled_suite;

use cute_dynamic as cute;
use cute_dynamic::{Layout, LayoutError};
use std::collections::BTreeMap;

/// The ops of the vector files that cute-dynamic computes by cute-static's algorithm (issue 23,
/// point 1): the generated agreement suites (`static_agreement.rs`, `mixed_agreement_*.rs`)
/// leave them out, since both crates run one algorithm there and agreement between two copies
/// is all those suites check (point 4). Conformance still runs every vector through both
/// crates' public APIs.
///
/// ```
/// assert!(cute_tests::BY_ONE_ALGEBRA.contains(&"shape_div"));
/// assert!(!cute_tests::BY_ONE_ALGEBRA.contains(&"composition"));
/// ```
pub const BY_ONE_ALGEBRA: [&str; 15] = [
    "append",
    "ceil_div",
    "compact_col_major",
    "compact_row_major",
    "dice",
    "downcast",
    "filter_zeros",
    "flatten",
    "idx2crd",
    "make_ordered_layout",
    "nullspace",
    "prepend",
    "shape_div",
    "slice",
    "upcast",
];

/// What happened to one vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The result (or the refusal) matches CuTe.
    Pass,
    /// It does not; the reason says how.
    Fail(String),
    /// The vector could not be run (never happens for known ops).
    Skip(String),
    /// CuTe accepted dynamic values and printed a layout that is not the function its all-static
    /// twin computes (a divisibility or injectivity condition its dynamic arithmetic skipped, the
    /// CUTLASS #3513 class that the vector file does not mark `unchecked`); cute-dynamic rejects
    /// it, as it must. Counted as passed; the reason says what was checked.
    Corrected(String),
    /// CuTe accepted the input and printed a result built on a composition that is not `A o B`
    /// (its weak Stride Divisibility Condition, CUTLASS #3177); both crates refuse it, naming
    /// the first index where the two differ. Counted as passed; for `composition` itself the
    /// runner checks CuTe's recorded result against `A o B` on its own.
    Defect(String),
}

/// One vector's verdict.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The vector's id (or the line number for a malformed line).
    pub id: String,
    /// The op name (or `?`).
    pub op: String,
    /// The variant (or `?`).
    pub variant: String,
    /// The outcome.
    pub outcome: Outcome,
}

/// Run one op of the vector files on CuTe-text arguments and print the result as CuTe would:
/// the op's entry in cute-dynamic's registry ([`cute_dynamic::ops`]), its arguments read by their
/// kinds. `Ok(None)` means the op name is unknown.
///
/// ```
/// let r = cute_tests::run_op("zipped_divide", &["(_8,_8):(_1,_8)", "(_4,_2)"]).unwrap();
/// assert_eq!(r.as_deref(), Some("((_4,_2),(_2,_4)):((_1,_8),(_4,_16))"));
/// assert_eq!(cute_tests::run_op("no_such_op", &[]).unwrap(), None);
/// ```
pub fn run_op(op: &str, args: &[&str]) -> Result<Option<String>, LayoutError> {
    if cute::ops::vector_op(op).is_none() {
        return Ok(None);
    }
    cute::ops::run(op, args).map(|r| Some(r.to_string()))
}

/// Judge one JSON line of the vector file.
pub fn check_line(line: &str) -> Verdict {
    let fail = |id: String, op: String, variant: String, why: String| Verdict {
        id,
        op,
        variant,
        outcome: Outcome::Fail(why),
    };
    let record: serde_json::Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            return fail(
                "?".into(),
                "?".into(),
                "?".into(),
                format!("malformed JSON: {e}"),
            );
        }
    };
    let text = |k: &str| record.get(k).and_then(|v| v.as_str()).map(str::to_string);
    let id = text("id").unwrap_or_else(|| "?".into());
    let (Some(op), Some(variant)) = (text("op"), text("variant")) else {
        return fail(
            id,
            "?".into(),
            "?".into(),
            "record without op or variant".into(),
        );
    };
    let Some(args) = record.get("args").and_then(|a| a.as_array()) else {
        return fail(id, op, variant, "record without args".into());
    };
    let args: Option<Vec<&str>> = args.iter().map(|a| a.as_str()).collect();
    let Some(args) = args else {
        return fail(id, op, variant, "non-string argument".into());
    };
    let must_reject = record.get("error").is_some() || record.get("unchecked").is_some();
    let expected = text("result");
    let outcome = match (run_op(&op, &args), must_reject, expected) {
        (Ok(None), _, _) => Outcome::Fail(format!("unknown op {op}")),
        (Ok(Some(got)), true, _) => Outcome::Fail(format!("accepted ({got}) but CuTe rejects it")),
        (Ok(Some(got)), false, Some(want)) if got == want => Outcome::Pass,
        (Ok(Some(got)), false, Some(want)) => Outcome::Fail(format!("got {got}, want {want}")),
        (Ok(Some(_)), false, None) => Outcome::Fail("record has neither result nor error".into()),
        (Err(_), true, _) => Outcome::Pass,
        (Err(e), false, Some(want)) if is_defect(&e) => {
            match composition_is_wrong(&op, &args, &want) {
                Some(true) => Outcome::Defect(format!("refused ({e}); CuTe printed {want}")),
                Some(false) => Outcome::Fail(format!("refused ({e}), but CuTe's {want} is A o B")),
                None => Outcome::Fail(format!("refused ({e}), want {want}")),
            }
        }
        (Err(e), false, Some(want)) => match wrong_in_cute(&op, &args, &want) {
            Some(twin) => Outcome::Corrected(format!(
                "rejected ({e}); CuTe's {want} is not the function of the static twin's {twin}"
            )),
            None => Outcome::Fail(format!("rejected ({e}), want {want}")),
        },
        (Err(e), false, None) => Outcome::Fail(format!("rejected ({e}), record has no result")),
    };
    Verdict {
        id,
        op,
        variant,
        outcome,
    }
}

/// The runners' line after their table when `d` of the passes are CuTe defects refused.
pub fn defects_line(d: usize) -> Option<String> {
    (d > 0).then(|| {
        format!(
            "{d} of the passes are CuTe defects refused: CuTe printed a result built on a \
             composition that is not A o B (its weak Stride Divisibility Condition, CUTLASS #3177)"
        )
    })
}

/// Whether cute-dynamic refuses `op(args)` as a CuTe defect ([`Outcome::Defect`]): a result
/// built on a composition that is not `A o B` (CUTLASS #3177). The generated suites leave such
/// records out of their comparisons with CuTe's text and check the refusal instead.
pub fn refused_as_defect(op: &str, args: &[&str]) -> bool {
    run_op(op, args).is_err_and(|e| is_defect(&e))
}

/// Whether `e` is the refusal of a CuTe defect: a composition CuTe's weak Stride Divisibility
/// Condition lets through although it is not `A o B` (CUTLASS #3177), or a swizzled slice CuTe
/// decays to a layout that is not the slice.
pub(crate) fn is_defect(e: &LayoutError) -> bool {
    let text = e.to_string();
    match e.condition() {
        Some(cute::Condition::StrideDivisibilityComplete) => {
            text.contains("CUTLASS #3177") && !text.contains("not shown")
        }
        // A swizzled slice CuTe decays to a layout that is not the slice.
        Some(cute::Condition::SwizzleSliceDecay) => text.contains("which is not the slice"),
        _ => false,
    }
}

/// Whether CuTe's recorded result `R` of `composition(A, B)` is not `A o B`, checked here on its
/// own: `R(i) != A(B(i))` at some index of B's domain where `0 <= B(i) < size(A)`, or the sizes
/// differ; a domain of over 2^16 indices counts as wrong (the crates refuse what they cannot
/// show right). The other operations built on composition are taken at the error's word
/// (`Some(true)`: it names the index). `None` where the texts do not parse.
fn composition_is_wrong(op: &str, args: &[&str], recorded: &str) -> Option<bool> {
    if op != "composition" {
        return Some(true);
    }
    let parse = |t: &str| t.parse::<Layout>().ok();
    let (a, b, r) = (
        parse(args.first()?)?,
        parse(args.get(1)?)?,
        parse(recorded)?,
    );
    let (na, nb, nr) = (
        a.size().ok()?.value(),
        b.size().ok()?.value(),
        r.size().ok()?.value(),
    );
    if nb != nr || nb > 1 << 16 {
        return Some(true);
    }
    Some((0..nb).any(|i| match b.call(i).map(|j| j.value()) {
        Ok(j) if (0..na).contains(&j) => {
            r.call(i).ok().map(|v| v.value()) != a.call(j).ok().map(|v| v.value())
        }
        _ => false,
    }))
}

/// Every dynamic integer of CuTe text made static (`8` becomes `_8`).
pub fn static_twin_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut prev = ' ';
    for c in text.chars() {
        let starts_number = (c.is_ascii_digit() || c == '-')
            && !(prev.is_ascii_digit() || prev == '-' || prev == '_');
        if starts_number {
            out.push('_');
        }
        out.push(c);
        prev = c;
    }
    out
}

/// The values of a layout over its domain (at most 65,536 of them).
fn function_of(l: &Layout) -> Option<Vec<i32>> {
    let n = l.size().ok()?.value();
    if !(0..=65_536).contains(&n) {
        return None;
    }
    (0..n).map(|i| l.call(i).ok().map(|v| v.value())).collect()
}

/// If CuTe's recorded layout differs, as a function, from what the same op computes on the
/// all-static twin of the arguments, the twin's result (CuTe's recorded answer is wrong).
fn wrong_in_cute(op: &str, args: &[&str], recorded: &str) -> Option<String> {
    let twins: Vec<String> = args.iter().map(|a| static_twin_text(a)).collect();
    let twin_args: Vec<&str> = twins.iter().map(String::as_str).collect();
    if twin_args == args {
        return None;
    }
    let twin = run_op(op, &twin_args).ok()??;
    let (recorded_l, twin_l): (Layout, Layout) = (recorded.parse().ok()?, twin.parse().ok()?);
    (function_of(&recorded_l)? != function_of(&twin_l)?).then_some(twin)
}

/// Per (op, variant): passed, failed, skipped, and how many of the passes are corrections and
/// CuTe defects refused.
pub type Table = BTreeMap<(String, String), [usize; 5]>;

/// Judge every line of a vector file's text.
pub fn check_all(text: &str) -> (Vec<Verdict>, Table) {
    let mut verdicts = Vec::new();
    let mut table = Table::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let mut v = check_line(line);
        if v.id == "?" {
            v.id = format!("line {}", n + 1);
        }
        let row = table
            .entry((v.op.clone(), v.variant.clone()))
            .or_insert([0; 5]);
        match v.outcome {
            Outcome::Pass => row[0] += 1,
            Outcome::Corrected(_) => {
                row[0] += 1;
                row[3] += 1;
            }
            Outcome::Defect(_) => {
                row[0] += 1;
                row[4] += 1;
            }
            Outcome::Fail(_) => row[1] += 1,
            Outcome::Skip(_) => row[2] += 1,
        }
        verdicts.push(v);
    }
    (verdicts, table)
}

/// The totals: passed, failed, skipped, corrected and CuTe defects refused (the last two
/// subsets of passed).
pub fn totals(table: &Table) -> [usize; 5] {
    table
        .values()
        .fold([0; 5], |acc, r| core::array::from_fn(|k| acc[k] + r[k]))
}

/// Every layout string (a value with `:`) among the arguments and results of the vector files
/// `data/cute-vectors.jsonl`, `data/cute-ext-vectors.jsonl` and `data/tiled-vectors.jsonl`,
/// each once, sorted: the inputs of the F2 linear-layout round trips and their benchmark.
pub fn vector_layout_strings() -> std::io::Result<std::collections::BTreeSet<String>> {
    let mut out = std::collections::BTreeSet::new();
    for file in [
        "cute-vectors.jsonl",
        "cute-ext-vectors.jsonl",
        "tiled-vectors.jsonl",
    ] {
        let path = format!("{}/data/{file}", env!("CARGO_MANIFEST_DIR"));
        for line in std::fs::read_to_string(path)?.lines() {
            let r: serde_json::Value = serde_json::from_str(line).map_err(std::io::Error::other)?;
            let args = r["args"].as_array().cloned().unwrap_or_default();
            for v in args.iter().chain(std::iter::once(&r["result"])) {
                if let Some(s) = v.as_str().filter(|s| s.contains(':')) {
                    out.insert(s.to_string());
                }
            }
        }
    }
    Ok(out)
}

/// The README, so that its Rust tour runs as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

/// An IntTuple as a nested JSON list of its values (the benchmarks' layouts for Python).
pub fn int_tuple_json(t: &cute_dynamic::IntTuple) -> serde_json::Value {
    match t {
        cute_dynamic::IntTuple::Int(i) => serde_json::json!(i.value()),
        cute_dynamic::IntTuple::Tuple(v) => {
            serde_json::Value::Array(v.iter().map(int_tuple_json).collect())
        }
    }
}

/// A plain or `Sw o _0 o L` layout as JSON: `shape`, `stride` (nested lists) and `swizzle`
/// (`[B,M,S]` or null); `None` for another composed layout.
pub fn layout_json(l: &cute_dynamic::AnyLayout) -> Option<serde_json::Value> {
    use cute_dynamic::{AnyLayout, LayoutFn, Offset};
    let (inner, swizzle) = match l {
        AnyLayout::Plain(p) => (p.clone(), serde_json::Value::Null),
        AnyLayout::Composed(c) => match (c.layout_a(), c.layout_b()) {
            (LayoutFn::Swizzle(sw), LayoutFn::Layout(p))
                if match c.offset() {
                    Offset::Int(i) => i.value() == 0,
                    Offset::SmemPtr(_) => true,
                    Offset::Mixed(m) => m.value() == 0,
                } =>
            {
                (
                    p.clone(),
                    serde_json::json!([sw.num_bits(), sw.num_base(), sw.num_shft()]),
                )
            }
            _ => return None,
        },
    };
    Some(serde_json::json!({
        "shape": int_tuple_json(&inner.shape()),
        "stride": int_tuple_json(&inner.stride()),
        "swizzle": swizzle,
    }))
}
