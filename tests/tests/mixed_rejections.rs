//! Every `dynamic` and `mixed` vector CuTe rejected while compiling is a compile error in
//! cute-static, for the same reason (and so are the `unchecked` vectors cute-static decides
//! while compiling, see `mixed_gen::check_for`). The vectors, written as
//! `mixed_conformance.rs` writes them (dynamic leaves through `core::hint::black_box`), go into
//! one crate, built once: one function per distinct expression type (vectors that differ only in
//! dynamic values build the same types, and rustc reports an erroneous constant once), and each
//! function must have exactly one compile error, naming CuTe's condition.

use cute_tests::mixed_gen::{mixed_expression, rejected_while_compiling, type_key};
use cute_tests::rejections::{compile_errors, expected_error, mismatches};
use std::collections::BTreeMap;
use std::path::Path;

#[test]
fn every_rejected_mixed_vector_is_a_compile_error_for_the_same_reason() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/cute-vectors.jsonl");
    let text = std::fs::read_to_string(path).expect("vectors");
    // Type key -> (case, expected error, ids).
    let mut by_type: BTreeMap<String, (String, &str, Vec<String>)> = BTreeMap::new();
    let rejected = rejected_while_compiling(&text);
    for (r, cute_message) in &rejected {
        let args = r.arg_refs();
        let expr = mixed_expression(&r.op, &args).expect("an expression for every op");
        let want = expected_error(cute_message);
        let case = by_type
            .entry(type_key(&r.op, &args))
            .or_insert_with(|| (format!("let _ = {expr};"), want, Vec::new()));
        assert_eq!(case.1, want, "{}: same types, another reason", r.id);
        case.2.push(r.id.clone());
    }
    // 303 `compile` vectors and the `unchecked` tile_to_shape/mixed/33 and /50.
    assert_eq!(rejected.len(), 305, "rejected dynamic and mixed vectors");

    let cases: Vec<String> = by_type.values().map(|c| c.0.clone()).collect();
    let want: Vec<&str> = by_type.values().map(|c| c.1).collect();
    let ids: Vec<String> = by_type.values().map(|c| c.2.join(" = ")).collect();
    let prelude = "/// A dynamic leaf: the compiler cannot see its value.\n\
                   fn d(x: i32) -> i32 { core::hint::black_box(x) }";
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let errors = compile_errors(tmp, "mixed_rejections", prelude, &cases);
    assert!(!errors.built, "every case compiled");
    let failures = mismatches(&errors, &want, &ids);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!(
        "{} rejected vectors in {} distinct types: {} compile errors, 0 failed",
        rejected.len(),
        cases.len(),
        errors.by_case.len()
    );
}
