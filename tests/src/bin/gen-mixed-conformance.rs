//! Rewrites `tests/mixed_conformance.rs` from `data/cute-vectors.jsonl` and prints how many
//! vectors became which kind of line (and every skipped one with its reason).

fn main() -> std::io::Result<()> {
    let dir = env!("CARGO_MANIFEST_DIR");
    let vectors = std::fs::read_to_string(format!("{dir}/data/cute-vectors.jsonl"))?;
    let (generated, summary) = cute_tests::mixed_gen::generate_with_summary(&vectors);
    std::fs::write(format!("{dir}/tests/mixed_conformance.rs"), &generated)?;
    println!("tests/mixed_conformance.rs: {summary}");
    Ok(())
}
