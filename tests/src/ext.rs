//! Conformance runner for the extension vectors (`data/cute-ext-vectors.jsonl`, FORMAT.md
//! section 6): swizzles, composed (swizzled) layouts, the GMMA shared-memory atoms, tensors and
//! their partitions, identity tensors, the MMA atoms' layouts and `make_layout_tv` through
//! `cute-dynamic`. Ops of the file that cute-dynamic does not implement (none today) are listed
//! in [`NOT_YET_IMPLEMENTED`] and reported as skipped.
//!
//! Comparison (FORMAT.md 5 and 6.6): an accepted record must give exactly its `result`; a
//! rejected record or one marked `unchecked` must be rejected; a record marked
//! `static_twin_differs` passes with a rejection or with a result that is, as a function, CuTe's
//! `result` or the static twin's.
//!
//! ```
//! use cute_tests::{Outcome, ext::check_ext_line};
//! let line = r#"{"id":"swizzle/static/9","op":"swizzle","variant":"static","args":["Sw<1,0,1>","4"],"result":"[0,1,3,2]"}"#;
//! assert_eq!(check_ext_line(line).outcome, Outcome::Pass);
//! ```

use crate::{Outcome, Table, Verdict};
use cute_dynamic::{AnyLayout, LayoutError, Tensor};

/// Ops of the extension file that cute-dynamic does not implement yet: their records are
/// skipped. Every op of the file is implemented.
pub const NOT_YET_IMPLEMENTED: &[&str] = &[];

/// Run one extension op on CuTe-text arguments and print the result as CuTe would
/// ([`crate::run_op`]: the registry of cute-dynamic runs the ops of both vector files).
/// `Ok(None)` means the op is unknown.
///
/// ```
/// let r = cute_tests::ext::run_ext_op("composed_coalesce", &["Sw<2,2,2> o _0 o (_2,_2,_2):(_1,_2,_4)"]);
/// assert_eq!(r.unwrap().unwrap(), "Sw<2,2,2> o _0 o _8:_1");
/// ```
pub fn run_ext_op(op: &str, args: &[&str]) -> Result<Option<String>, LayoutError> {
    crate::run_op(op, args)
}

/// The fields of a record that the verdict needs.
struct Record<'a> {
    op: &'a str,
    args: Vec<&'a str>,
    result: Option<&'a str>,
    must_reject: bool,
    twin: Option<&'a str>,
}

fn record(v: &serde_json::Value) -> Result<Record<'_>, String> {
    let field = |k: &str| v.get(k).and_then(serde_json::Value::as_str);
    let args = v
        .get("args")
        .and_then(serde_json::Value::as_array)
        .ok_or("record without args")?
        .iter()
        .map(|a| a.as_str().ok_or("non-string argument"))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Record {
        op: field("op").ok_or("record without op")?,
        args,
        result: field("result"),
        // The tiled vectors' `perm_too_small` records: CuTe accepts them, and its TV layouts
        // contradict its partitions; both crates refuse them (TILED-FORMAT.md section 5).
        must_reject: v.get("error").is_some()
            || v.get("unchecked").is_some()
            || field("variant") == Some("perm_too_small"),
        twin: field("static_twin_differs"),
    })
}

/// Whether two printed (composed) layouts or memory tensors are the same function: same size,
/// same values (a tensor `OFF|L` is `OFF + L(i)`).
fn same_function(a: &str, b: &str) -> bool {
    if let (Ok(a), Ok(b)) = (a.parse::<Tensor>(), b.parse::<Tensor>()) {
        return match (a.size(), b.size()) {
            (Ok(n), Ok(m)) if n.value() == m.value() && (0..=1 << 20).contains(&n.value()) => {
                (0..n.value()).all(|i| matches!((a.call(i), b.call(i)), (Ok(x), Ok(y)) if x == y))
            }
            _ => false,
        };
    }
    let (Ok(a), Ok(b)) = (a.parse::<AnyLayout>(), b.parse::<AnyLayout>()) else {
        return false;
    };
    match (a.size(), b.size()) {
        (Ok(n), Ok(m)) if n.value() == m.value() && (0..=1 << 20).contains(&n.value()) => (0..n
            .value())
            .all(|i| matches!((a.call(i), b.call(i)), (Ok(x), Ok(y)) if x.value() == y.value())),
        _ => false,
    }
}

fn judge(r: &Record<'_>) -> Outcome {
    if NOT_YET_IMPLEMENTED.contains(&r.op) {
        return Outcome::Skip(format!("{} is not implemented in cute-dynamic yet", r.op));
    }
    let got = match run_ext_op(r.op, &r.args) {
        Ok(None) => return Outcome::Fail(format!("unknown op {}", r.op)),
        Ok(Some(got)) => got,
        Err(_) if r.must_reject || r.twin.is_some() => return Outcome::Pass,
        // Built on a composition that is not `A o B` (CUTLASS #3177): the error names where.
        Err(e) if crate::is_defect(&e) => {
            return Outcome::Defect(format!("refused ({e}); CuTe printed {:?}", r.result));
        }
        // A composition inside the operation that the rule does not prove `A o B`, with
        // run-time values, which neither crate compares point by point there: a limitation.
        Err(e) if e.to_string().contains("not shown to be A o B") => {
            return Outcome::Skip(format!(
                "refused as not shown to be A o B (a limitation): {e}"
            ));
        }
        Err(e) => return Outcome::Fail(format!("rejected ({e}), want {:?}", r.result)),
    };
    match (r.must_reject, r.result, r.twin) {
        (true, _, _) => Outcome::Fail(format!("accepted ({got}) but CuTe rejects it")),
        (false, Some(want), _) if got == want => Outcome::Pass,
        (false, Some(want), Some(twin))
            if same_function(&got, want) || same_function(&got, twin) =>
        {
            Outcome::Pass
        }
        (false, Some(want), twin) => Outcome::Fail(match twin {
            Some(t) => format!("got {got}, want {want} or the function of {t}"),
            None => format!("got {got}, want {want}"),
        }),
        (false, None, _) => Outcome::Fail("record has neither result nor error".into()),
    }
}

/// Judge one JSON line of the extension vector file.
///
/// ```
/// use cute_tests::{Outcome, ext::check_ext_line};
/// let line = r#"{"id":"x/static/0","op":"tensor_slice","variant":"static","args":["_0|(_5,_8):(_8,_1)","(_1,_)"],"result":"_8|(_8):(_1)"}"#;
/// assert_eq!(check_ext_line(line).outcome, Outcome::Pass);
/// ```
pub fn check_ext_line(line: &str) -> Verdict {
    let value: serde_json::Value = serde_json::from_str(line).unwrap_or(serde_json::Value::Null);
    let name = |k: &str| {
        value
            .get(k)
            .and_then(|x| x.as_str())
            .unwrap_or("?")
            .to_string()
    };
    let outcome = match (&value, record(&value)) {
        (serde_json::Value::Null, _) => Outcome::Fail("malformed JSON".into()),
        (_, Err(why)) => Outcome::Fail(why),
        (_, Ok(r)) => judge(&r),
    };
    Verdict {
        id: name("id"),
        op: name("op"),
        variant: name("variant"),
        outcome,
    }
}

/// Judge every line of the extension vector file: the verdicts and the per-(op, variant) table
/// (passed, failed, skipped, a corrected count that is always 0 here, and the CuTe defects
/// refused among the passes).
///
/// ```
/// let (verdicts, table) = cute_tests::ext::check_ext_all("oops\n");
/// assert_eq!(verdicts[0].id, "line 1");
/// assert_eq!(cute_tests::totals(&table), [0, 1, 0, 0, 0]);
/// ```
pub fn check_ext_all(text: &str) -> (Vec<Verdict>, Table) {
    let verdicts: Vec<Verdict> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, l)| {
            let v = check_ext_line(l);
            match v.id.as_str() {
                "?" => Verdict {
                    id: format!("line {}", n + 1),
                    ..v
                },
                _ => v,
            }
        })
        .collect();
    let mut table = Table::new();
    for v in &verdicts {
        let row = table
            .entry((v.op.clone(), v.variant.clone()))
            .or_insert([0; 5]);
        match v.outcome {
            Outcome::Pass | Outcome::Corrected(_) => row[0] += 1,
            Outcome::Defect(_) => {
                row[0] += 1;
                row[4] += 1;
            }
            Outcome::Fail(_) => row[1] += 1,
            Outcome::Skip(_) => row[2] += 1,
        }
    }
    (verdicts, table)
}
