//! Every all-static vector through cute-static's const algorithms, run on the vector text:
//! accepted vectors print CuTe's result, and every vector CuTe rejects stops evaluation (at
//! compile time in the typed API; here, a panic). The compiled, typed path is covered by
//! `static_conformance.rs`, the compile errors themselves by the ui tests.

use std::panic;

fn all_static(text: &str) -> bool {
    cute_tests::static_gen::is_all_static(text)
}

#[test]
fn every_static_vector_is_accepted_or_rejected_as_cute_does() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/cute-vectors.jsonl");
    let text = std::fs::read_to_string(path).expect("vectors");
    panic::set_hook(Box::new(|_| {}));
    let (mut accepted, mut rejected, mut failures) = (0, 0, Vec::new());
    for line in text.lines() {
        let r: serde_json::Value = serde_json::from_str(line).expect("json");
        let (op, variant, id) = (
            r["op"].as_str().unwrap(),
            r["variant"].as_str().unwrap(),
            r["id"].as_str().unwrap(),
        );
        let args: Vec<&str> = r["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        if !matches!(variant, "static" | "notebook")
            || op == "call"
            || !args.iter().all(|a| all_static(a))
        {
            continue;
        }
        let outcome =
            panic::catch_unwind(|| cute_static::__private::run(op, &args).map(|d| d.to_string()));
        match (outcome, r["result"].as_str(), r.get("error").is_some()) {
            (Ok(Some(got)), Some(want), false) if got == want => accepted += 1,
            (Err(_), _, true) => rejected += 1,
            (Ok(got), want, _) => failures.push(format!("{id}: got {got:?}, want {want:?}")),
            (Err(_), want, false) => failures.push(format!("{id}: rejected, want {want:?}")),
        }
    }
    let _ = panic::take_hook();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        accepted > 2300 && rejected >= 50,
        "accepted {accepted}, rejected {rejected}"
    );
}
