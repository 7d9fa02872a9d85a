//! CuTe's extension vectors (`tests/data/cute-ext-vectors.jsonl`, FORMAT.md section 6) through
//! the `cute` binary: every record of all 34 ops (swizzles, composed layouts, GMMA atoms,
//! tensors and their partitions, identity tensors and layouts, MMA atoms, `make_layout_tv`),
//! written as the expression a user types (`composed_logical_divide` is `logical_divide(C, T)`,
//! `swizzle` is `Sw<B,M,S>(i)` for each `i`, `gmma_atoms` is the atom's C++ name,
//! `tensor_slice` is `slice(crd, X)`, `identity_tensor_call` is `call(make_identity_tensor(S))`,
//! `mma_atom_layouts` is `Atom::Field`, ...), many per process in the session mode. An accepted record must print CuTe's `result` exactly; a rejected (or
//! `unchecked`) one must fail; a record whose static twin differs may do either (cute-dynamic's
//! own suite checks those as functions).

mod common;

use common::session_results;
use serde_json::Value as Json;
use std::collections::BTreeMap;

struct Record {
    id: String,
    op: String,
    args: Vec<String>,
    /// `None`: CuTe rejects it.
    result: Option<String>,
    /// `static_twin_differs`: a rejection is also right.
    twin: bool,
}

fn records() -> Vec<Record> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/cute-ext-vectors.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("read the extension vector file");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let r: Json = serde_json::from_str(line).expect("JSON record");
            let s = |k: &str| r.get(k).and_then(Json::as_str).map(str::to_string);
            let rejected = r.get("error").is_some() || r.get("unchecked").is_some();
            Record {
                id: s("id").expect("id"),
                op: s("op").expect("op"),
                args: r["args"]
                    .as_array()
                    .expect("args")
                    .iter()
                    .map(|a| a.as_str().expect("string arg").to_string())
                    .collect(),
                result: if rejected { None } else { s("result") },
                twin: r.get("static_twin_differs").is_some(),
            }
        })
        .collect()
}

/// The expressions of a record: one line, or (for `swizzle`) one line per listed value. An op
/// that `cute` calls is its overload in cute-dynamic's registry, by the name that picks it (the
/// core vectors' name of one of CuTe's overloads, `logical_divide_tiler(C, T)`, else CuTe's);
/// the ops of the vectors alone are written as a user writes them.
fn lines(r: &Record) -> Option<Vec<String>> {
    let a = &r.args;
    let op = cute_dynamic::ops::vector_op(&r.op)?;
    if op.callable {
        let name = op.rust_name();
        return Some(vec![format!("{name}({})", a.join(", "))]);
    }
    let one = match r.op.as_str() {
        "swizzle" => {
            let n: usize = a[1].parse().ok()?;
            return Some((0..n).map(|i| format!("{}({i})", a[0])).collect());
        }
        "gmma_atoms" if a.len() == 1 => a[0].clone(),
        "gmma_atoms" => format!("tile_to_shape({}, {})", a[0], a[1]),
        "tensor_slice" => format!("slice({}, {})", a[1], a[0]),
        "identity_tensor_call" => format!("call(make_identity_tensor({}))", a[0]),
        "mma_atom_layouts" => format!("{}::{}", a[0], a[1]),
        _ => return None,
    };
    Some(vec![one])
}

#[test]
fn extension_vectors_through_the_binary() {
    let all = records();
    let mut input = Vec::new();
    let mut spans = Vec::new(); // (record, first line, number of lines)
    for (k, r) in all.iter().enumerate() {
        if let Some(ls) = lines(r) {
            spans.push((k, input.len(), ls.len()));
            input.extend(ls);
        }
    }
    let (_, results) = session_results(&input);
    let mut per_op: BTreeMap<&str, [usize; 2]> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut defects = 0;
    let mut not_shown = Vec::new();
    for (k, first, count) in spans {
        let r = &all[k];
        let got: Result<Vec<String>, ()> = results[first..first + count].iter().cloned().collect();
        let got = got.map(|values| {
            if r.op == "swizzle" {
                format!("[{}]", values.join(","))
            } else {
                values.concat()
            }
        });
        let ok = match (&got, &r.result) {
            (Err(()), None) => true,
            (Err(()), Some(_)) if r.twin => true,
            (Err(()), Some(_)) if is_defect(r) => {
                defects += 1;
                true
            }
            (Err(()), Some(_)) if is_not_shown(r) => {
                not_shown.push(r.id.as_str());
                true
            }
            (Err(()), Some(_)) => false,
            (Ok(g), Some(want)) => g == want,
            (Ok(_), None) => false,
        };
        per_op.entry(&r.op).or_default()[usize::from(!ok)] += 1;
        if !ok {
            failures.push(format!(
                "{}: {} gave {:?}, want {:?}",
                r.id, input[first], got, r.result
            ));
        }
    }
    let ops: Vec<&str> = per_op.keys().copied().collect();
    assert_eq!(ops.len(), 34, "every op of the extension vectors: {ops:?}");
    let passed: usize = per_op.values().map(|c| c[0]).sum();
    assert!(
        failures.is_empty(),
        "{} failed, {passed} passed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(passed, 4516, "{per_op:?}");
    assert_eq!(defects, 12, "CuTe defects refused");
    // Compositions not shown to be `A o B` with run-time values (a limitation): none here.
    assert!(not_shown.is_empty(), "{not_shown:?}");
}

/// Whether the library refuses the record as a composition not shown to be `A o B` (run-time
/// values inside an operation built on composition: a limitation).
fn is_not_shown(r: &Record) -> bool {
    let args: Vec<&str> = r.args.iter().map(String::as_str).collect();
    cute_dynamic::ops::run(&r.op, &args)
        .is_err_and(|e| e.to_string().contains("not shown to be A o B"))
}

/// Whether the library refuses the record as a CuTe defect: a result built on a composition
/// that is not `A o B` (CUTLASS #3177), or a swizzled slice CuTe decays to a layout that is not
/// the slice; its error names where.
fn is_defect(r: &Record) -> bool {
    let args: Vec<&str> = r.args.iter().map(String::as_str).collect();
    cute_dynamic::ops::run(&r.op, &args).is_err_and(|e| {
        let text = e.to_string();
        match e.condition() {
            Some(cute_dynamic::Condition::StrideDivisibilityComplete) => {
                text.contains("CUTLASS #3177") && !text.contains("not shown")
            }
            Some(cute_dynamic::Condition::SwizzleSliceDecay) => {
                text.contains("which is not the slice")
            }
            _ => false,
        }
    })
}
