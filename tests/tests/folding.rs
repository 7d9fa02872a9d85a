//! `call` on a static layout with a constant argument compiles to a constant: build
//! `cute-static/examples/zero_cost.rs` in release, emit LLVM IR, and require that `fold_row_major`
//! and `fold_divided` are a single `ret i32 <constant>`, the right constants.

use cute_static::{layout, logical_divide};
use std::path::Path;
use std::process::Command;

/// The body of the function whose (mangled) name contains `name`.
fn function_body<'a>(ir: &'a str, name: &str) -> &'a str {
    let start = ir
        .match_indices("\ndefine")
        .map(|(at, _)| at + 1)
        .find(|&at| ir[at..].lines().next().is_some_and(|l| l.contains(name)))
        .unwrap_or_else(|| panic!("no function {name} in the IR"));
    let body = &ir[start..];
    &body[..body.find("\n}").unwrap_or(body.len())]
}

#[test]
fn static_call_with_constant_argument_is_a_constant() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("folding");
    let status = Command::new(env!("CARGO"))
        .current_dir(&root)
        .args([
            "rustc",
            "-q",
            "--release",
            "-p",
            "cute-static",
            "--example",
            "zero_cost",
            "--target-dir",
        ])
        .arg(&target)
        .args(["--", "--emit=llvm-ir", "-Ccodegen-units=1"])
        .status()
        .expect("cargo runs");
    assert!(status.success(), "building the example failed");
    let dir = target.join("release/examples");
    let ll = std::fs::read_dir(&dir)
        .expect("examples dir")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| {
            p.extension().is_some_and(|e| e == "ll") && p.to_string_lossy().contains("zero_cost")
        })
        .expect("an .ll file");
    let ir = std::fs::read_to_string(ll).expect("IR");
    let row_major = layout!((_8,_64):(_64,_1)).call(37);
    let divided = logical_divide(layout!((_8,_64):(_64,_1)), layout!(_4:_2)).call((3, 5));
    for (name, want) in [("fold_row_major", row_major), ("fold_divided", divided)] {
        let body = function_body(&ir, name);
        let instructions: Vec<&str> = body
            .lines()
            .skip(1)
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.ends_with(':') && !l.starts_with(';'))
            .collect();
        assert_eq!(
            instructions,
            vec![format!("ret i32 {want}")],
            "{name}:\n{body}"
        );
    }
}
