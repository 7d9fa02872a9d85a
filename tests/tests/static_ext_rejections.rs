//! Every all-static extension record CuTe rejects (swizzles, composed layouts, GMMA atoms, the
//! tensor ops on swizzled tensors) is a compile error in cute-static, for the same reason: a
//! crate with one function per rejected record (the expressions `static_ext_conformance.rs`
//! uses) is built once, and each function must have exactly one compile error, naming the same
//! condition as CuTe. (The ui tests pin the full text of one error per reason.)

use cute_tests::rejections::{assert_defects_refused, compile_errors, mismatches};
use cute_tests::static_ext_gen::{PRELUDE, cases, expected_error};
use std::path::Path;

#[test]
fn every_rejected_static_ext_record_is_a_compile_error_for_the_same_reason() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/cute-ext-vectors.jsonl");
    let text = std::fs::read_to_string(path).expect("vectors");
    let (mut exprs, mut want, mut ids) = (Vec::new(), Vec::new(), Vec::new());
    for (r, expr) in cases(&text) {
        if r.error.is_none() {
            continue;
        }
        // rustc reports an erroneous constant once: one case per distinct expression type.
        exprs.push(format!("let _ = {expr};"));
        want.push(expected_error(r.message.as_deref().unwrap_or_default()).to_string());
        ids.push(r.id);
    }
    assert_eq!(exprs.len(), 64, "rejected all-static extension records");

    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let errors = compile_errors(tmp, "static_ext_rejections", PRELUDE, &exprs);
    assert!(!errors.built, "every case compiled");
    let want: Vec<&str> = want.iter().map(String::as_str).collect();
    let failures = mismatches(&errors, &want, &ids);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every all-static extension record whose recorded result is built on a composition that is
/// not `A o B` (CUTLASS #3177; a swizzled slice that decays through one and is not the slice)
/// is a compile error in cute-static, naming the condition, the issue and where CuTe's answer
/// is wrong.
#[test]
fn every_static_ext_cute_defect_is_a_compile_error() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/cute-ext-vectors.jsonl");
    let text = std::fs::read_to_string(path).expect("vectors");
    let (mut exprs, mut ids) = (Vec::new(), Vec::new());
    for (r, expr) in cases(&text) {
        if r.error.is_some() || !cute_tests::refused_as_defect(&r.op, &r.arg_refs()) {
            continue;
        }
        exprs.push(format!("let _ = {expr};"));
        ids.push(r.id);
    }
    assert_eq!(
        ids,
        [
            "composed_composition/static/11",
            "composed_composition/static/45",
            "composed_slice/static/7",
            "composed_slice/static/23",
            "identity_local_partition/static/24",
        ]
    );
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    assert_defects_refused(tmp, "static_ext_defects", PRELUDE, &exprs, &ids);
}
