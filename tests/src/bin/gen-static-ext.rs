//! Rewrites `tests/static_ext_conformance.rs` from `data/cute-ext-vectors.jsonl`.

fn main() -> std::io::Result<()> {
    let dir = env!("CARGO_MANIFEST_DIR");
    let vectors = std::fs::read_to_string(format!("{dir}/data/cute-ext-vectors.jsonl"))?;
    let generated = cute_tests::static_ext_gen::generate(&vectors);
    std::fs::write(format!("{dir}/tests/static_ext_conformance.rs"), &generated)?;
    println!(
        "{} extension records written to tests/static_ext_conformance.rs",
        cute_tests::static_ext_gen::count(&generated)
    );
    Ok(())
}
