//! `cargo run --example notebook` prints exactly the lines the CuTe DSL notebook printed
//! (`data/cute_layout_algebra_dsl.ipynb`), except that tilers print as CuTe text where Python
//! printed object addresses.

#[path = "../../cute-dynamic/examples/notebook.rs"]
mod notebook;

/// Every line the notebook's code cells printed, in order.
fn notebook_lines() -> Vec<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/cute_layout_algebra_dsl.ipynb"
    );
    let text = std::fs::read_to_string(path).expect("the notebook is part of the repository");
    let nb: serde_json::Value = serde_json::from_str(&text).expect("the notebook is JSON");
    let mut out = String::new();
    for cell in nb["cells"].as_array().expect("cells") {
        for output in cell["outputs"].as_array().into_iter().flatten() {
            for piece in output["text"].as_array().into_iter().flatten() {
                out.push_str(piece.as_str().expect("text"));
            }
        }
    }
    out.lines().map(str::to_string).collect()
}

#[test]
fn example_prints_the_notebook_lines() {
    let mut buf = Vec::new();
    notebook::run(&mut buf).expect("the example runs");
    let ours: Vec<String> = String::from_utf8(buf)
        .expect("utf-8")
        .lines()
        .map(str::to_string)
        .collect();
    let theirs = notebook_lines();
    assert_eq!(ours.len(), theirs.len(), "line count");
    assert_eq!(
        theirs.iter().filter(|l| l.starts_with("Index ")).count(),
        144
    );
    for (n, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        if b.contains("cutlass.cute.core._Layout object at") {
            assert_eq!(a, ">>> Tiler : (3:3, (2,4):(1,8))", "line {}", n + 1);
        } else {
            assert_eq!(a, b, "line {}", n + 1);
        }
    }
}
