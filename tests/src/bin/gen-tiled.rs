//! Rewrites `tests/tiled_conformance.rs` from `data/tiled-vectors.jsonl`.

fn main() -> std::io::Result<()> {
    let dir = env!("CARGO_MANIFEST_DIR");
    // Another vector file (for trying records out) as the first argument.
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| format!("{dir}/data/tiled-vectors.jsonl"));
    let vectors = std::fs::read_to_string(path)?;
    let generated = cute_tests::tiled_gen::generate(&vectors);
    std::fs::write(format!("{dir}/tests/tiled_conformance.rs"), &generated)?;
    println!(
        "{} tiled records written to tests/tiled_conformance.rs",
        cute_tests::static_gen::records(&vectors).count()
    );
    Ok(())
}
