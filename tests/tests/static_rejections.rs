//! Every all-static vector CuTe rejects is a compile error in cute-static, for the same reason:
//! a crate with one function per rejected vector (the typed API, as `static_conformance.rs`
//! writes it) is built once, and each function must have exactly one compile error, naming the
//! same condition as CuTe. (The ui tests pin the full text of one error per reason.)

use cute_tests::rejections::{assert_defects_refused, compile_errors, expected_error, mismatches};
use cute_tests::static_gen::{expression_for, is_all_static, records};
use std::path::Path;

#[test]
fn every_rejected_static_vector_is_a_compile_error_for_the_same_reason() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/cute-vectors.jsonl");
    let text = std::fs::read_to_string(path).expect("vectors");
    let (mut cases, mut want, mut ids) = (Vec::new(), Vec::new(), Vec::new());
    for r in records(&text) {
        let args = r.arg_refs();
        if !matches!(r.variant.as_str(), "static" | "notebook")
            || r.error.is_none()
            || !args.iter().all(|a| is_all_static(a))
        {
            continue;
        }
        let expr = expression_for(&r.op, &args).expect("an expression for every op");
        cases.push(format!("let _ = {expr};"));
        want.push(expected_error(r.message.as_deref().unwrap_or_default()).to_string());
        ids.push(r.id);
    }
    assert_eq!(cases.len(), 53, "rejected all-static vectors");

    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let errors = compile_errors(tmp, "static_rejections", "", &cases);
    assert!(!errors.built, "every case compiled");
    let want: Vec<&str> = want.iter().map(String::as_str).collect();
    let failures = mismatches(&errors, &want, &ids);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every all-static vector whose recorded result is built on a composition that is not `A o B`
/// (CuTe's weak Stride Divisibility Condition, CUTLASS #3177; cute-dynamic refuses it, and the
/// conformance runner lists it as a defect) is a compile error in cute-static, naming the
/// condition, the issue and where CuTe's answer is wrong.
#[test]
fn every_static_cute_defect_is_a_compile_error() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/cute-vectors.jsonl");
    let text = std::fs::read_to_string(path).expect("vectors");
    let (mut cases, mut ids) = (Vec::new(), Vec::new());
    for r in records(&text) {
        let args = r.arg_refs();
        if r.variant != "static" || r.error.is_some() || !args.iter().all(|a| is_all_static(a)) {
            continue;
        }
        if !cute_tests::refused_as_defect(&r.op, &args) {
            continue;
        }
        let expr = expression_for(&r.op, &args).expect("an expression for every op");
        cases.push(format!("let _ = {expr};"));
        ids.push(r.id);
    }
    assert_eq!(
        ids,
        [
            "composition/static/14",
            "logical_divide/static/14",
            "logical_divide/static/56",
            "tiled_product/static/52",
            "flat_product/static/37",
        ]
    );
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    assert_defects_refused(tmp, "static_defects", "", &cases, &ids);
}
