//! Compile-fail tests of cute-static: every static precondition of CuTe's algebra and the
//! macros' own errors; and of the GPU layer's static layouts (`gmma_desc_*`: a shared layout one
//! `wgmma` cannot read, `cute_gpu::make_gmma_desc!`; `tma_*`: a shared tile that is not one TMA
//! box, `cute_gpu::make_tma_tile!`). The `mixed_*` cases are one per reason CuTe rejects a `dynamic` or
//! `mixed` vector while compiling (`mixed_rejections` checks every such vector). Each
//! `ui-tests/*.rs` is built as a binary of one scratch crate (cute-static with its `typenum`
//! feature), and its errors are compared with the pinned `ui-tests/*.stderr`, normalised to
//! what a user sees of their own code: the first line of each error (the condition in CuTe's
//! words, the numbers in decimal, a dynamic value as `?`) and the places in the test file it
//! points at. The frames inside cute-static are left out, so moving code inside the crate does
//! not change a pin. `ui-tests/pass/*.rs` must build without errors.
//!
//! `UI=overwrite cargo test -p cute-tests --test ui` re-pins the `.stderr` files.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The `.rs` files of a directory, sorted.
fn cases(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("ui-tests dir")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    v.sort();
    v
}

/// The places a diagnostic (and its children) points at in `file`: `line:column` and the
/// source line.
fn places(d: &serde_json::Value, file: &str, out: &mut Vec<String>) {
    for span in d["spans"].as_array().into_iter().flatten() {
        if span["file_name"]
            .as_str()
            .is_some_and(|f| f.ends_with(file))
        {
            let text = span["text"][0]["text"].as_str().unwrap_or("").trim();
            let place = format!(
                "  --> {file}:{}:{}\n   | {text}",
                span["line_start"], span["column_start"]
            );
            if !out.contains(&place) {
                out.push(place);
            }
        }
    }
    for child in d["children"].as_array().into_iter().flatten() {
        places(child, file, out);
    }
}

#[test]
fn ui() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui-tests");
    let (fail, pass) = (cases(&root), cases(&root.join("pass")));
    assert!(fail.len() >= 10, "only {} ui cases", fail.len());

    // One crate, one binary per case.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ui");
    let bins = dir.join("src/bin");
    let _ = std::fs::remove_dir_all(&bins);
    std::fs::create_dir_all(&bins).expect("crate dir");
    let cute_static = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cute-static");
    let cute_gpu = Path::new(env!("CARGO_MANIFEST_DIR")).join("../gpu/cute-gpu");
    // With the optional typenum leaves; the workspace's lock pins typenum, whose crate the
    // workspace's own build has fetched, so building the cases needs no registry. cute-gpu
    // (built for the host) for the GMMA descriptors computed while compiling.
    let manifest = format!(
        "[package]\nname = \"ui\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\
         [dependencies]\ncute-static = {{ path = {:?}, features = [\"typenum\"] }}\n\
         cute-gpu = {{ path = {:?} }}\ntypenum = \"1.17\"\n[workspace]\n",
        cute_static.display().to_string(),
        cute_gpu.display().to_string()
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).expect("manifest");
    let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.lock");
    std::fs::copy(lock, dir.join("Cargo.lock")).expect("copy the workspace's lock");
    for case in fail.iter().chain(&pass) {
        std::fs::copy(case, bins.join(case.file_name().unwrap())).expect("copy case");
    }
    let out = Command::new(env!("CARGO"))
        .current_dir(&dir)
        .args(["build", "--bins", "--keep-going", "--message-format=json"])
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");

    // Per binary: each error's first line, then the places in the case it points at. Notes
    // that follow an error (where it was instantiated) add their places to it.
    let mut got = BTreeMap::<String, Vec<String>>::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(m) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if m["reason"] != "compiler-message" {
            continue;
        }
        let name = m["target"]["name"].as_str().unwrap_or("?").to_string();
        let d = &m["message"];
        let text = d["message"].as_str().unwrap_or("");
        if text.starts_with("aborting due to") {
            continue;
        }
        let blocks = got.entry(name.clone()).or_default();
        match d["level"].as_str() {
            Some("error") => {
                let code = d["code"]["code"].as_str().map(|c| format!("[{c}]"));
                blocks.push(format!("error{}: {text}", code.unwrap_or_default()));
            }
            Some("note") if !blocks.is_empty() => {}
            _ => continue,
        }
        let mut at = Vec::new();
        places(d, &format!("{name}.rs"), &mut at);
        for p in at {
            let last = blocks.last_mut().expect("an error");
            if !last.contains(&p) {
                last.push('\n');
                last.push_str(&p);
            }
        }
    }

    let overwrite = std::env::var("UI").is_ok_and(|v| v == "overwrite");
    let mut failures = Vec::new();
    for case in &pass {
        let name = case.file_stem().unwrap().to_string_lossy().to_string();
        if let Some(errors) = got.get(&name).filter(|e| !e.is_empty()) {
            failures.push(format!("{name} must build:\n{}", errors.join("\n")));
        }
    }
    for case in &fail {
        let name = case.file_stem().unwrap().to_string_lossy().to_string();
        let text = got
            .get(&name)
            .map(|e| e.join("\n\n") + "\n")
            .unwrap_or_default();
        let pin = case.with_extension("stderr");
        if overwrite {
            std::fs::write(&pin, &text).expect("write pin");
            continue;
        }
        let want = std::fs::read_to_string(&pin).unwrap_or_default();
        if text.is_empty() {
            failures.push(format!("{name} compiled, but must not"));
        } else if text != want {
            failures.push(format!(
                "{name}: errors differ from {}\n--- got:\n{text}--- want:\n{want}",
                pin.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
