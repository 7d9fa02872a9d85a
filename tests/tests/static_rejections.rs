//! Every all-static vector CuTe rejects is a compile error in cute-static, for the same reason:
//! a crate with one function per rejected vector (the typed API, as `static_conformance.rs`
//! writes it) is built once, and its errors must be one per vector, naming the same conditions
//! as CuTe. (The ui tests pin the full text of one error per reason.)

use cute_tests::static_gen::{expression_for, is_all_static};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// The condition a CuTe message names; CuTe's compiler-level rank errors ("incomplete type
/// `tuple_size<...>`", "Mismatched ranks") are cute-static's "Mismatched Ranks".
fn condition(cute_message: &str) -> String {
    if cute_message.starts_with("incomplete type") || cute_message == "Mismatched ranks" {
        "Mismatched Ranks".into()
    } else {
        cute_message.into()
    }
}

#[test]
fn every_rejected_static_vector_is_a_compile_error_for_the_same_reason() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/cute-vectors.jsonl");
    let text = std::fs::read_to_string(path).expect("vectors");
    let (mut cases, mut want) = (String::new(), BTreeMap::<String, usize>::new());
    for line in text.lines() {
        let r: serde_json::Value = serde_json::from_str(line).expect("json");
        let (op, variant) = (r["op"].as_str().unwrap(), r["variant"].as_str().unwrap());
        let args: Vec<&str> = r["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        if !matches!(variant, "static" | "notebook")
            || r.get("error").is_none()
            || !args.iter().all(|a| is_all_static(a))
        {
            continue;
        }
        let expr = expression_for(op, &args).expect("an expression for every op");
        let n = want.values().sum::<usize>();
        cases.push_str(&format!("pub fn case_{n}() {{ let _ = {expr}; }}\n"));
        *want
            .entry(condition(r["message"].as_str().unwrap()))
            .or_default() += 1;
    }
    let total: usize = want.values().sum();
    assert!(total >= 50, "only {total} rejected static vectors");

    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("static_rejections");
    std::fs::create_dir_all(dir.join("src")).expect("crate dir");
    let cute_static = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cute-static");
    let manifest = format!(
        "[package]\nname = \"rejections\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\
         [dependencies]\ncute-static = {{ path = {:?} }}\n[workspace]\n",
        cute_static.display().to_string()
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).expect("manifest");
    std::fs::write(dir.join("src/lib.rs"), cases).expect("cases");
    let out = Command::new(env!("CARGO"))
        .current_dir(&dir)
        .args(["build", "--message-format=json"])
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    assert!(!out.status.success(), "every case compiled");

    let mut got = BTreeMap::<String, usize>::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(m) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let message = &m["message"];
        if m["reason"] != "compiler-message" || message["level"] != "error" {
            continue;
        }
        let Some(text) = message["message"]
            .as_str()
            .and_then(|t| t.strip_prefix("evaluation panicked: "))
        else {
            continue;
        };
        let named = want
            .keys()
            .find(|c| text.starts_with(c.as_str()))
            .cloned()
            .unwrap_or_else(|| format!("unexpected: {text}"));
        *got.entry(named).or_default() += 1;
    }
    assert_eq!(
        got, want,
        "compile errors by condition (one per rejected vector)"
    );
}
