//! `call` with a constant argument compiles to what is left of the arithmetic: build
//! `cute-static/examples/zero_cost.rs` in release and emit LLVM IR. `fold_row_major` and
//! `fold_divided` (static layouts) must be a single `ret i32 <constant>`, the right constants;
//! `fold_mixed` (a zipped_divide of a layout with a run-time `m`) must be the multiplication by
//! `m` and an addition of constants, nothing else.

use cute_static::{layout, logical_divide, tile, zipped_divide};
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

/// The instructions of a function body (no labels, no comments).
fn instructions(body: &str) -> Vec<&str> {
    body.lines()
        .skip(1)
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.ends_with(':') && !l.starts_with(';'))
        .collect()
}

/// The example's LLVM IR (release, one codegen unit).
fn example_ir() -> String {
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
    std::fs::read_to_string(ll).expect("IR")
}

#[test]
fn call_with_constant_argument_folds() {
    let ir = example_ir();
    let row_major = layout!((_8,_64):(_64,_1)).call(37);
    let divided = logical_divide(layout!((_8,_64):(_64,_1)), layout!(_4:_2)).call((3, 5));
    for (name, want) in [("fold_row_major", row_major), ("fold_divided", divided)] {
        let body = function_body(&ir, name);
        assert_eq!(
            instructions(body),
            vec![format!("ret i32 {want}")],
            "{name}:\n{body}"
        );
    }
    // 3 + 5m + 32 + 2 * 32m: one multiplication by the run-time m, one addition, the return.
    let m = 10;
    let mixed = zipped_divide(layout!((m, m):(_1, m)), tile!((_32, _32))).call(((3, 5), (1, 2)));
    assert_eq!(mixed, 35 + 69 * m);
    let body = function_body(&ir, "fold_mixed");
    let ops: Vec<&str> = instructions(body)
        .iter()
        .map(|l| {
            let rhs = l.split_once(" = ").map_or(*l, |(_, r)| r);
            rhs.split_whitespace().next().unwrap_or("")
        })
        .collect();
    assert_eq!(ops, ["mul", "add", "ret"], "fold_mixed:\n{body}");
    assert!(
        body.contains("mul i32 %m, 69") && body.contains(", 35"),
        "fold_mixed:\n{body}"
    );
}
