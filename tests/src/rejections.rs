//! Cases that must not compile: a scratch crate (depending on cute-static) with one function
//! per case, each on its own line, built once with `cargo build`; its compiler errors are read
//! from cargo's JSON messages and attributed to the cases by line (an error inside cute-static
//! is followed by the note "the above error was encountered while instantiating", which names
//! the case's line).
//!
//! rustc reports an erroneous constant once, at its first use: two cases with the same types
//! give one error. Callers therefore build one case per distinct expression type.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// The compiler errors of a scratch crate, by case.
#[derive(Debug, Default)]
pub struct CompileErrors {
    /// Case number → the first line of each error attributed to it.
    pub by_case: BTreeMap<usize, Vec<String>>,
    /// Errors that name no case (with the lines they name).
    pub unattributed: Vec<String>,
    /// Whether the crate built (it must not).
    pub built: bool,
}

/// The lines of `src/lib.rs` a compiler message points to, its notes included.
fn lines_in_lib(message: &serde_json::Value, out: &mut Vec<u64>) {
    for span in message["spans"].as_array().into_iter().flatten() {
        if span["file_name"].as_str() == Some("src/lib.rs") {
            if let Some(l) = span["line_start"].as_u64() {
                out.push(l);
            }
        }
    }
    for child in message["children"].as_array().into_iter().flatten() {
        lines_in_lib(child, out);
    }
}

/// Write the scratch crate `tmp/<name>`: `prelude`, then one line per case,
/// `<vis>fn case_<n>()<ret> { <case n> }`, as `src/<file>`. Returns the line of case 0.
fn write_crate(
    tmp: &Path,
    (name, file): (&str, &str),
    prelude: &str,
    cases: &[String],
    (vis, ret): (&str, &str),
) -> u64 {
    let dir = tmp.join(name);
    std::fs::create_dir_all(dir.join("src")).expect("crate dir");
    let cute_static = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cute-static");
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\
         [dependencies]\ncute-static = {{ path = {:?} }}\n[workspace]\n",
        cute_static.display().to_string()
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).expect("manifest");
    let mut src = prelude.to_string();
    if !src.is_empty() && !src.ends_with('\n') {
        src.push('\n');
    }
    let first_case_line = src.lines().count() as u64 + 1;
    for (n, case) in cases.iter().enumerate() {
        src.push_str(&format!("{vis}fn case_{n}(){ret} {{ {case} }}\n"));
    }
    std::fs::write(dir.join("src").join(file), src).expect("cases");
    first_case_line
}

/// Build a crate named `name` holding `prelude` and then one line per case,
/// `pub fn case_<n>() { <case n> }`, and return its errors by case. The crate lives in
/// `tmp/<name>` and builds into `tmp/target`, shared between callers (cute-static is built
/// once).
pub fn compile_errors(tmp: &Path, name: &str, prelude: &str, cases: &[String]) -> CompileErrors {
    let dir = tmp.join(name);
    let first_case_line = write_crate(tmp, (name, "lib.rs"), prelude, cases, ("pub ", ""));
    let out = Command::new(env!("CARGO"))
        .current_dir(&dir)
        .args(["build", "--message-format=json", "--target-dir"])
        .arg(tmp.join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    let mut errors = CompileErrors {
        built: out.status.success(),
        ..CompileErrors::default()
    };
    let case_of = |lines: &[u64]| -> Option<usize> {
        let mut cases: Vec<usize> = lines
            .iter()
            .filter_map(|&l| l.checked_sub(first_case_line))
            .map(|n| n as usize)
            .filter(|&n| n < cases.len())
            .collect();
        cases.dedup();
        match cases.as_slice() {
            [n] => Some(*n),
            _ => None,
        }
    };
    // An error inside cute-static is followed by notes, one of them naming the case's line.
    let mut pending: Option<String> = None;
    let settle = |errors: &mut CompileErrors, text: String, case: Option<usize>| match case {
        Some(n) => errors.by_case.entry(n).or_default().push(text),
        None => errors.unattributed.push(text),
    };
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(m) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let message = &m["message"];
        if m["reason"] != "compiler-message" {
            continue;
        }
        let text = message["message"].as_str().unwrap_or_default().to_string();
        let mut lines = Vec::new();
        lines_in_lib(message, &mut lines);
        lines.sort_unstable();
        match message["level"].as_str() {
            Some("error") => {
                if text.starts_with("aborting due to") || text.starts_with("could not compile") {
                    continue;
                }
                if let Some(p) = pending.take() {
                    settle(&mut errors, p, None);
                }
                match case_of(&lines) {
                    Some(n) => settle(&mut errors, text, Some(n)),
                    None => pending = Some(text),
                }
            }
            Some("note") => {
                if let Some(n) = case_of(&lines) {
                    if let Some(p) = pending.take() {
                        settle(&mut errors, p, Some(n));
                    }
                }
            }
            _ => {}
        }
    }
    if let Some(p) = pending.take() {
        settle(&mut errors, p, None);
    }
    errors
}

/// The text of a const-evaluation panic (cute-static's compile errors), or the whole message
/// for other errors.
pub fn panic_text(error: &str) -> &str {
    error.strip_prefix("evaluation panicked: ").unwrap_or(error)
}

/// How cute-static's compile error starts for a case CuTe rejected while compiling with
/// `cute_message`: CuTe's `static_assert` text, or for CuTe's C++ type errors the condition
/// behind them.
pub fn expected_error(cute_message: &str) -> &str {
    if cute_message.starts_with("incomplete type") || cute_message == "Mismatched ranks" {
        // `tuple_size<int>`: a tiler or profile mode against an integer mode.
        "Mismatched Ranks"
    } else if cute_message.starts_with("no matching function for call to ‘repeat<") {
        // tiled_product/flat_product of a layout with dynamic strides: the complement inside
        // logical_product fails CuTe's static_assert too; g++ reports the type error first.
        "Dynamic-stride complement only for rank-1 layouts"
    } else if cute_message == "‘value’ is not a member of ‘bool’" {
        // tile_to_shape: CuTe's static assertion that a dynamic block divides a static target.
        "tile_to_shape: a static target shape"
    } else {
        cute_message
    }
}

/// The compile errors of case `n`, as their panic texts.
fn errors_of(errors: &CompileErrors, n: usize) -> Vec<&str> {
    errors
        .by_case
        .get(&n)
        .map(|v| v.iter().map(|e| panic_text(e)).collect())
        .unwrap_or_default()
}

/// The errors that belong to no case, one failure line each.
fn unattributed(errors: &CompileErrors) -> Vec<String> {
    errors
        .unattributed
        .iter()
        .map(|e| format!("an error of no case: {e}"))
        .collect()
}

/// Every case must have exactly one compile error, starting with its expected text; the
/// failures, one line each.
pub fn mismatches(errors: &CompileErrors, expected: &[&str], describe: &[String]) -> Vec<String> {
    let mut out = unattributed(errors);
    for (n, want) in expected.iter().enumerate() {
        let got = errors_of(errors, n);
        // Or a CuTe defect refused first: a composition inside that is not `A o B` (CUTLASS
        // #3177), which both crates refuse before CuTe's own condition is reached.
        let defect = |e: &str| e.contains("CUTLASS #3177") && e.contains("which is not");
        let ok = matches!(got.as_slice(), [one] if one.starts_with(want) || defect(one));
        if !ok {
            out.push(format!(
                "{}: want one error `{want}...`, got {got:?}",
                describe[n]
            ));
        }
    }
    out
}

/// Every case must have exactly one compile error, the refusal of a CuTe defect: the Stride
/// Divisibility Condition, CUTLASS #3177, and what is wrong with CuTe's answer (or a swizzled
/// slice CuTe decays to a layout that is not the slice, and where). The failures,
/// one line each.
pub fn defect_mismatches(errors: &CompileErrors, ids: &[String]) -> Vec<String> {
    let mut out = unattributed(errors);
    for (n, id) in ids.iter().enumerate() {
        let got = errors_of(errors, n);
        let composition = |e: &str| {
            e.starts_with("Stride Divisibility Condition: ")
                && e.contains("CUTLASS #3177")
                && (e.contains("which is not") || e.contains("not shown"))
        };
        let slice = |e: &str| {
            e.starts_with("A swizzled slice decays only if") && e.contains("which is not the slice")
        };
        let ok = matches!(got.as_slice(), [one] if composition(one) || slice(one));
        if !ok {
            out.push(format!("{id}: want one #3177 refusal, got {got:?}"));
        }
    }
    out
}

/// Build a crate named `name` of `prelude` and one function per case in `tmp`: every case must
/// be one compile error refusing a CuTe defect ([`defect_mismatches`]); panics listing those
/// that are not.
pub fn assert_defects_refused(
    tmp: &Path,
    name: &str,
    prelude: &str,
    cases: &[String],
    ids: &[String],
) {
    let errors = compile_errors(tmp, name, prelude, cases);
    assert!(!errors.built, "every case compiled");
    let failures = defect_mismatches(&errors, ids);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Build and run a binary crate named `name` holding `prelude`, one function per case,
/// `fn case_<n>() -> String { <case n> }`, and a `main` that prints each case's string on its
/// own line; returns those strings in order. Panics if the crate does not build or run.
pub fn run_cases(tmp: &Path, name: &str, prelude: &str, cases: &[String]) -> Vec<String> {
    let mut main = String::from("fn main() {\n");
    for n in 0..cases.len() {
        main.push_str(&format!(
            "    println!(\"{{}}\", case_{n}().replace('\\n', \" \"));\n"
        ));
    }
    main.push_str("}\n");
    let prelude = format!("{prelude}\n{main}");
    write_crate(tmp, (name, "main.rs"), &prelude, cases, ("", " -> String"));
    let out = Command::new(env!("CARGO"))
        .current_dir(tmp.join(name))
        .args(["run", "-q", "--target-dir"])
        .arg(tmp.join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{name} does not build or run:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}
