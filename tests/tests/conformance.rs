//! Every CuTe vector in `data/cute-vectors.jsonl` through cute-dynamic: 0 failed, 0 skipped.

use cute_tests::{Outcome, check_all, totals};

#[test]
fn all_vectors_pass() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/cute-vectors.jsonl");
    let text = std::fs::read_to_string(path).expect("the vector file is part of the repository");
    let (verdicts, table) = check_all(&text);
    let failures: Vec<String> = verdicts
        .iter()
        .filter_map(|v| match &v.outcome {
            Outcome::Pass | Outcome::Corrected(_) | Outcome::Defect(_) => None,
            other => Some(format!("{}: {other:?}", v.id)),
        })
        .collect();
    let [passed, failed, skipped, corrected, defects] = totals(&table);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!((failed, skipped), (0, 0));
    assert_eq!(passed, text.lines().count());
    // Dynamic vectors where CuTe's recorded layout is wrong (it differs, evaluated, from the same
    // op on the static twin); cute-dynamic rejects them. A regression that rejects a correct
    // vector is a failure above, not a correction.
    let corrected_ids: Vec<&str> = verdicts
        .iter()
        .filter(|v| matches!(v.outcome, Outcome::Corrected(_)))
        .map(|v| v.id.as_str())
        .collect();
    assert_eq!(corrected, 9, "{corrected_ids:?}");
    // Records whose result is built on a composition that is not `A o B` (CuTe's weak Stride
    // Divisibility Condition, CUTLASS #3177), refused with the first index where they differ;
    // listed in docs/cute-defects.md.
    let defect_ids: Vec<&str> = verdicts
        .iter()
        .filter(|v| matches!(v.outcome, Outcome::Defect(_)))
        .map(|v| v.id.as_str())
        .collect();
    assert_eq!(
        defect_ids,
        [
            "composition/static/14",
            "logical_divide/static/14",
            "logical_divide/static/56",
            "logical_divide/dynamic/18",
            "logical_divide/mixed/47",
            "logical_product/mixed/10",
            "zipped_product/dynamic/58",
            "tiled_product/static/52",
            "tiled_product/dynamic/55",
            "flat_product/static/37",
            "blocked_product/dynamic/33",
            "raked_product/dynamic/51",
        ]
    );
    assert_eq!(defects, defect_ids.len());
}

#[test]
fn malformed_lines_fail_with_a_reason() {
    let (verdicts, table) = check_all(
        "not json\n{\"id\":\"x/y/0\",\"op\":\"nope\",\"variant\":\"static\",\"args\":[]}\n",
    );
    assert_eq!(totals(&table), [0, 2, 0, 0, 0]);
    assert!(matches!(&verdicts[0].outcome, Outcome::Fail(why) if why.contains("malformed JSON")));
    assert!(matches!(&verdicts[1].outcome, Outcome::Fail(why) if why.contains("unknown op")));
}

#[test]
fn wrong_results_and_wrong_acceptance_fail() {
    let wrong =
        r#"{"id":"size/static/0","op":"size","variant":"static","args":["(_6)"],"result":"_7"}"#;
    assert!(matches!(
        cute_tests::check_line(wrong).outcome,
        Outcome::Fail(_)
    ));
    let accepted = r#"{"id":"size/static/0","op":"size","variant":"static","args":["(_6)"],"result":null,"error":"compile","message":"x"}"#;
    assert!(matches!(
        cute_tests::check_line(accepted).outcome,
        Outcome::Fail(_)
    ));
}

#[test]
fn static_conformance_is_up_to_date() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let vectors =
        std::fs::read_to_string(format!("{dir}/data/cute-vectors.jsonl")).expect("vectors");
    let checked_in = std::fs::read_to_string(format!("{dir}/tests/static_conformance.rs"))
        .expect("generated file");
    assert!(
        checked_in == cute_tests::static_gen::generate(&vectors),
        "tests/static_conformance.rs is stale: run `cargo run -p cute-tests --bin gen-static-conformance`"
    );
}

#[test]
fn static_agreement_is_up_to_date() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let checked_in = std::fs::read_to_string(format!("{dir}/tests/static_agreement.rs"))
        .expect("generated file");
    assert!(
        checked_in == cute_tests::agree_gen::generate(),
        "tests/static_agreement.rs is stale: run `cargo run -p cute-tests --bin gen-static-agreement`"
    );
}

/// Every string among the arguments and results of the vector file `data/FILE`.
fn vector_strings(file: &str) -> Vec<String> {
    let path = format!("{}/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("vectors");
    let mut out = Vec::new();
    for line in text.lines() {
        let r: serde_json::Value = serde_json::from_str(line).expect("json");
        let values = r["args"]
            .as_array()
            .expect("args")
            .iter()
            .chain(std::iter::once(&r["result"]));
        out.extend(values.filter_map(|v| v.as_str()).map(str::to_string));
    }
    out
}

#[test]
fn every_vector_string_round_trips() {
    let mut checked = 0;
    for s in vector_strings("cute-vectors.jsonl") {
        if s.starts_with('[') {
            continue; // the `call` result list is not a CuTe value
        }
        // A tiler is the most general value: integers, `_`, tuples and layouts.
        let parsed: cute_dynamic::Tiler = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(parsed.to_string(), s);
        checked += 1;
    }
    assert!(checked > 15_000, "{checked}");
}

/// cute-dynamic's `serde` feature: every value of the vectors (and of the extension vectors:
/// swizzles, composed layouts, tensors) serializes as its CuTe text and deserializes to the same
/// value.
#[test]
fn every_vector_value_round_trips_through_serde() {
    use cute_dynamic::{AnyLayout, Tensor, Tiler};
    fn round_trip<T>(s: &str) -> bool
    where
        T: std::str::FromStr + serde::Serialize + serde::de::DeserializeOwned + PartialEq,
    {
        let Ok(v) = s.parse::<T>() else {
            return false;
        };
        let json = serde_json::to_string(&v).expect("serialize");
        assert_eq!(json, serde_json::to_string(s).expect("a JSON string"));
        assert!(
            serde_json::from_str::<T>(&json).expect("deserialize") == v,
            "{s}"
        );
        true
    }
    let mut checked = 0;
    for file in ["cute-vectors.jsonl", "cute-ext-vectors.jsonl"] {
        for s in vector_strings(file) {
            let s = s.as_str();
            let any =
                round_trip::<Tiler>(s) || round_trip::<AnyLayout>(s) || round_trip::<Tensor>(s);
            checked += usize::from(any);
        }
    }
    assert!(checked > 20_000, "{checked}");
    // Malformed text is refused with the parser's message.
    let e = serde_json::from_str::<cute_dynamic::Layout>(r#""(_2,_2):(_1)""#).unwrap_err();
    let parser = "(_2,_2):(_1)".parse::<cute_dynamic::Layout>().unwrap_err();
    assert!(e.to_string().starts_with(&parser.to_string()), "{e}");
}

#[test]
fn mixed_conformance_is_up_to_date() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let vectors =
        std::fs::read_to_string(format!("{dir}/data/cute-vectors.jsonl")).expect("vectors");
    let checked_in = std::fs::read_to_string(format!("{dir}/tests/mixed_conformance.rs"))
        .expect("generated file");
    assert!(
        checked_in == cute_tests::mixed_gen::generate(&vectors),
        "tests/mixed_conformance.rs is stale: run `cargo run -p cute-tests --bin gen-mixed-conformance`"
    );
}

#[test]
fn mixed_agreement_is_up_to_date() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let generated = cute_tests::mixed_agree_gen::generate();
    assert_eq!(generated.len(), cute_tests::mixed_agree_gen::PARTS);
    for (k, file) in generated.iter().enumerate() {
        let path = format!("{dir}/tests/mixed_agreement_{}.rs", k + 1);
        let checked_in = std::fs::read_to_string(&path).expect("generated file");
        assert!(
            checked_in == *file,
            "{path} is stale: run `cargo run -p cute-tests --bin gen-mixed-agreement`"
        );
    }
    assert!(
        !std::path::Path::new(&format!(
            "{dir}/tests/mixed_agreement_{}.rs",
            generated.len() + 1
        ))
        .exists(),
        "a mixed_agreement part past the last: run `cargo run -p cute-tests --bin gen-mixed-agreement`"
    );
}

#[test]
fn static_atoms_are_up_to_date() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../cute-static/src/mma_atoms.rs"
    );
    let checked_in = std::fs::read_to_string(path).expect("generated file");
    assert!(
        checked_in == cute_tests::atoms_gen::generate(),
        "cute-static/src/mma_atoms.rs is stale: run `cargo run -p cute-tests --bin gen-static-atoms`"
    );
}

#[test]
fn static_ext_conformance_is_up_to_date() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let vectors =
        std::fs::read_to_string(format!("{dir}/data/cute-ext-vectors.jsonl")).expect("vectors");
    let checked_in = std::fs::read_to_string(format!("{dir}/tests/static_ext_conformance.rs"))
        .expect("generated file");
    assert!(
        checked_in == cute_tests::static_ext_gen::generate(&vectors),
        "tests/static_ext_conformance.rs is stale: run `cargo run -p cute-tests --bin gen-static-ext`"
    );
}

/// Every all-static record of the extension vectors is one of the generated cute-static tests
/// (accepted ones in `static_ext_conformance.rs`, rejected ones in `static_ext_rejections.rs`):
/// no op and no argument form is left out.
#[test]
fn every_all_static_ext_record_runs_through_cute_static() {
    use cute_tests::static_ext_gen::{all_static, expression_for};
    let dir = env!("CARGO_MANIFEST_DIR");
    let vectors =
        std::fs::read_to_string(format!("{dir}/data/cute-ext-vectors.jsonl")).expect("vectors");
    let (mut total, mut left_out) = (0, Vec::new());
    for r in cute_tests::static_gen::records(&vectors) {
        let args = r.arg_refs();
        if !all_static(&r.op, &args) {
            continue;
        }
        total += 1;
        if expression_for(&r.op, &args).is_none() {
            left_out.push(r.id);
        }
    }
    assert!(
        left_out.is_empty(),
        "all-static records left out: {left_out:?}"
    );
    assert_eq!(total, 1743 + 64, "all-static extension records");
}

/// Issue 23, point 1: the plain layouts' operations by cute-static's algorithm
/// (`cute_dynamic::one_algebra`, hidden while it costs more than cute-dynamic's own) give
/// cute-dynamic's answer on every record of those operations: the same layout, or a refusal
/// with the same CuTe condition (including CuTe's unchecked composition kept where it is
/// `A o B`: `issue-vectors.jsonl`).
#[test]
fn one_algebra_gives_cute_dynamics_answers() {
    use cute_dynamic::{Layout, Tiler, one_algebra as one};
    let mut differ = Vec::new();
    let mut records = 0;
    for file in ["cute-vectors.jsonl", "issue-vectors.jsonl"] {
        let path = format!("{}/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).expect("the vector file is in the repository");
        for line in text.lines() {
            let r: serde_json::Value = serde_json::from_str(line).expect("json");
            let op = r["op"].as_str().expect("an op");
            let args: Vec<&str> = r["args"]
                .as_array()
                .expect("args")
                .iter()
                .map(|a| a.as_str().expect("a string argument"))
                .collect();
            let run = |a: &Layout| -> Option<Result<String, cute_dynamic::LayoutError>> {
                let tiler = || args[1].parse::<Tiler>().expect("a tiler");
                let layout = || args[1].parse::<Layout>().expect("a layout");
                let tuple = || {
                    args[1]
                        .parse::<cute_dynamic::IntTuple>()
                        .expect("an IntTuple")
                };
                Some(
                    match op {
                        "coalesce" => one::coalesce(a),
                        "composition" => one::composition(a, &layout()),
                        "composition_tiler" => one::composition_tiler(a, &tiler()),
                        "logical_divide" => one::logical_divide(a, &layout()),
                        "logical_divide_tiler" => one::logical_divide_tiler(a, &tiler()),
                        "zipped_divide" => one::zipped_divide(a, &tiler()),
                        "tiled_divide" => one::tiled_divide(a, &tiler()),
                        "flat_divide" => one::flat_divide(a, &tiler()),
                        "complement" => one::complement(a, &tuple()),
                        "right_inverse" => one::right_inverse(a),
                        "logical_product" => one::logical_product(a, &layout()),
                        "logical_product_tiler" => one::logical_product_tiler(a, &tiler()),
                        "filter" => one::filter(a),
                        "coalesce_profile" => one::coalesce_profile(a, &tuple()),
                        "complement1" => one::complement1(a),
                        "left_inverse" => one::left_inverse(a),
                        "zipped_product" => one::zipped_product(a, &tiler()),
                        "tiled_product" => one::tiled_product(a, &tiler()),
                        "flat_product" => one::flat_product(a, &tiler()),
                        "blocked_product" => one::blocked_product(a, &layout()),
                        "raked_product" => one::raked_product(a, &layout()),
                        "tile_to_shape" => one::tile_to_shape(a, &tuple()),
                        "max_common_layout" => one::max_common_layout(a, &layout()),
                        "max_common_vector" => {
                            return Some(
                                one::max_common_vector(a, &layout()).map(|n| n.to_string()),
                            );
                        }
                        _ => return None,
                    }
                    .map(|l| l.to_string()),
                )
            };
            let a: Layout = match args.first().map(|a| a.parse()) {
                Some(Ok(a)) => a,
                _ => continue,
            };
            let Some(one) = run(&a) else { continue };
            records += 1;
            let own = cute_tests::run_op(op, &args).map(|r| r.expect("a known op"));
            let same = match (&own, &one) {
                (Ok(x), Ok(y)) => x == y,
                (Err(x), Err(y)) => x.condition() == y.condition(),
                _ => false,
            };
            if !same {
                differ.push(format!("{}: {own:?} / {one:?}", r["id"]));
            }
        }
    }
    assert_eq!(records, 3983);
    assert!(differ.is_empty(), "{differ:?}");
}
