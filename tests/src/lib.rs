//! Conformance runner: feeds CuTe's recorded vectors (`data/cute-vectors.jsonl`) to
//! `cute-dynamic` and compares printed results.
//!
//! ```
//! let line = r#"{"id":"size/static/1","op":"size","variant":"static","args":["(_6,_3)"],"result":"_18"}"#;
//! assert_eq!(cute_tests::check_line(line).outcome, cute_tests::Outcome::Pass);
//! ```

pub mod static_gen;

use cute_dynamic as cute;
use cute_dynamic::{Coord, ErrorKind, IntTuple, Layout, LayoutError, Tiler};
use std::collections::BTreeMap;

/// What happened to one vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The result (or the refusal) matches CuTe.
    Pass,
    /// It does not; the reason says how.
    Fail(String),
    /// The vector could not be run (never happens for known ops).
    Skip(String),
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

fn layout(s: &str) -> Result<Layout, LayoutError> {
    s.parse()
}
fn tuple(s: &str) -> Result<IntTuple, LayoutError> {
    s.parse()
}
fn tiler(s: &str) -> Result<Tiler, LayoutError> {
    s.parse()
}

/// The static template argument `_N` of upcast/downcast.
fn template_int(s: &str) -> Result<i32, LayoutError> {
    match tuple(s)?.as_int() {
        Some(i) if i.is_static() => Ok(i.value()),
        _ => Err(LayoutError::from(ErrorKind::InvalidArgument {
            op: "upcast",
            detail: format!("{s} is not _N"),
        })),
    }
}

/// Run one op on CuTe-text arguments and print the result as CuTe would.
/// `Ok(None)` means the op name is unknown.
pub fn run_op(op: &str, args: &[&str]) -> Result<Option<String>, LayoutError> {
    let arg = |i: usize| -> Result<&str, LayoutError> {
        args.get(i)
            .copied()
            .ok_or(LayoutError::from(ErrorKind::InvalidArgument {
                op: "conform",
                detail: format!("{op} needs argument {i}"),
            }))
    };
    let out = match op {
        "size" => tuple(arg(0)?)?.size()?.to_string(),
        "flatten" => tuple(arg(0)?)?.flatten().to_string(),
        "shape_div" => cute::shape_div(&tuple(arg(0)?)?, &tuple(arg(1)?)?)?.to_string(),
        "ceil_div" => cute::ceil_div(&tuple(arg(0)?)?, &tuple(arg(1)?)?)?.to_string(),
        "compact_col_major" => cute::compact_col_major(&tuple(arg(0)?)?)?.to_string(),
        "compact_row_major" => cute::compact_row_major(&tuple(arg(0)?)?)?.to_string(),
        "idx2crd" => cute::idx2crd(&tuple(arg(0)?)?, &tuple(arg(1)?)?)?.to_string(),
        "crd2idx" => {
            cute::crd2idx(&tuple(arg(0)?)?, &tuple(arg(1)?)?, &tuple(arg(2)?)?)?.to_string()
        }
        "congruent" => cute::congruent(&tuple(arg(0)?)?, &tuple(arg(1)?)?).to_string(),
        "compatible" => cute::compatible(&tuple(arg(0)?)?, &tuple(arg(1)?)?)?.to_string(),
        "weakly_congruent" => {
            cute::weakly_congruent(&tuple(arg(0)?)?, &tuple(arg(1)?)?).to_string()
        }
        "call" => {
            let l = layout(arg(0)?)?;
            let n = l.size()?.value();
            let values: Vec<String> = (0..n)
                .map(|i| Ok(l.call(i)?.to_string()))
                .collect::<Result<_, LayoutError>>()?;
            format!("[{}]", values.join(","))
        }
        "cosize" => layout(arg(0)?)?.cosize()?.to_string(),
        "coalesce" => cute::coalesce(&layout(arg(0)?)?)?.to_string(),
        "coalesce_profile" => {
            cute::coalesce_profile(&layout(arg(0)?)?, &tuple(arg(1)?)?)?.to_string()
        }
        "filter" => cute::filter(&layout(arg(0)?)?)?.to_string(),
        "filter_zeros" => cute::filter_zeros_layout(&layout(arg(0)?)?)?.to_string(),
        "composition" => cute::composition(&layout(arg(0)?)?, &layout(arg(1)?)?)?.to_string(),
        "composition_tiler" => {
            cute::composition_tiler(&layout(arg(0)?)?, &tiler(arg(1)?)?)?.to_string()
        }
        "complement" => cute::complement(&layout(arg(0)?)?, &tuple(arg(1)?)?)?.to_string(),
        "complement1" => cute::complement1(&layout(arg(0)?)?)?.to_string(),
        "right_inverse" => cute::right_inverse(&layout(arg(0)?)?)?.to_string(),
        "left_inverse" => cute::left_inverse(&layout(arg(0)?)?)?.to_string(),
        "logical_divide" => cute::logical_divide(&layout(arg(0)?)?, &layout(arg(1)?)?)?.to_string(),
        "logical_divide_tiler" => {
            cute::logical_divide_tiler(&layout(arg(0)?)?, &tiler(arg(1)?)?)?.to_string()
        }
        "zipped_divide" => cute::zipped_divide(&layout(arg(0)?)?, &tiler(arg(1)?)?)?.to_string(),
        "tiled_divide" => cute::tiled_divide(&layout(arg(0)?)?, &tiler(arg(1)?)?)?.to_string(),
        "flat_divide" => cute::flat_divide(&layout(arg(0)?)?, &tiler(arg(1)?)?)?.to_string(),
        "logical_product" => {
            cute::logical_product(&layout(arg(0)?)?, &layout(arg(1)?)?)?.to_string()
        }
        "zipped_product" => cute::zipped_product(&layout(arg(0)?)?, &tiler(arg(1)?)?)?.to_string(),
        "tiled_product" => cute::tiled_product(&layout(arg(0)?)?, &tiler(arg(1)?)?)?.to_string(),
        "flat_product" => cute::flat_product(&layout(arg(0)?)?, &tiler(arg(1)?)?)?.to_string(),
        "blocked_product" => {
            cute::blocked_product(&layout(arg(0)?)?, &layout(arg(1)?)?)?.to_string()
        }
        "raked_product" => cute::raked_product(&layout(arg(0)?)?, &layout(arg(1)?)?)?.to_string(),
        "max_common_vector" => {
            cute::max_common_vector(&layout(arg(0)?)?, &layout(arg(1)?)?)?.to_string()
        }
        "max_common_layout" => {
            cute::max_common_layout(&layout(arg(0)?)?, &layout(arg(1)?)?)?.to_string()
        }
        "nullspace" => cute::nullspace(&layout(arg(0)?)?)?.to_string(),
        "make_ordered_layout" => {
            cute::make_ordered_layout(&tuple(arg(0)?)?, &tuple(arg(1)?)?)?.to_string()
        }
        "slice" => cute::slice(&arg(0)?.parse::<Coord>()?, &layout(arg(1)?)?)?.to_string(),
        "dice" => cute::dice(&arg(0)?.parse::<Coord>()?, &layout(arg(1)?)?)?.to_string(),
        "append" => cute::append(&layout(arg(0)?)?, &layout(arg(1)?)?).to_string(),
        "prepend" => cute::prepend(&layout(arg(0)?)?, &layout(arg(1)?)?).to_string(),
        "tile_to_shape" => cute::tile_to_shape(&layout(arg(0)?)?, &tuple(arg(1)?)?)?.to_string(),
        "upcast" => cute::upcast(template_int(arg(0)?)?, &layout(arg(1)?)?)?.to_string(),
        "downcast" => cute::downcast(template_int(arg(0)?)?, &layout(arg(1)?)?)?.to_string(),
        _ => return Ok(None),
    };
    Ok(Some(out))
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
        (Err(e), false, want) => {
            Outcome::Fail(format!("rejected ({e}), want {}", want.unwrap_or_default()))
        }
    };
    Verdict {
        id,
        op,
        variant,
        outcome,
    }
}

/// Per (op, variant): passed, failed, skipped.
pub type Table = BTreeMap<(String, String), [usize; 3]>;

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
        let slot = match v.outcome {
            Outcome::Pass => 0,
            Outcome::Fail(_) => 1,
            Outcome::Skip(_) => 2,
        };
        table
            .entry((v.op.clone(), v.variant.clone()))
            .or_insert([0; 3])[slot] += 1;
        verdicts.push(v);
    }
    (verdicts, table)
}

/// The totals line: `N passed, M failed, K skipped`.
pub fn totals(table: &Table) -> [usize; 3] {
    table.values().fold([0; 3], |acc, r| {
        [acc[0] + r[0], acc[1] + r[1], acc[2] + r[2]]
    })
}

/// The README, so that its Rust tour runs as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
