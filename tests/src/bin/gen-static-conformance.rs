//! Rewrites `tests/static_conformance.rs` from `data/cute-vectors.jsonl`.

fn main() -> std::io::Result<()> {
    let dir = env!("CARGO_MANIFEST_DIR");
    let vectors = std::fs::read_to_string(format!("{dir}/data/cute-vectors.jsonl"))?;
    let generated = cute_tests::static_gen::generate(&vectors);
    std::fs::write(format!("{dir}/tests/static_conformance.rs"), &generated)?;
    println!(
        "{} static vectors written to tests/static_conformance.rs",
        cute_tests::static_gen::count(&generated)
    );
    Ok(())
}
