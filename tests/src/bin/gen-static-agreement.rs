//! Rewrites `tests/static_agreement.rs` (random static inputs through both crates).

fn main() -> std::io::Result<()> {
    let dir = env!("CARGO_MANIFEST_DIR");
    let generated = cute_tests::agree_gen::generate();
    std::fs::write(format!("{dir}/tests/static_agreement.rs"), &generated)?;
    println!(
        "{} cases written to tests/static_agreement.rs",
        generated.matches("assert_eq!(").count()
    );
    Ok(())
}
