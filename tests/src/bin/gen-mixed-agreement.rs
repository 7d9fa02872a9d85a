//! Rewrites `tests/mixed_agreement.rs` (random mixed static/dynamic inputs through both crates)
//! and prints how many cases went where.

fn main() -> std::io::Result<()> {
    let dir = env!("CARGO_MANIFEST_DIR");
    let generated = cute_tests::mixed_agree_gen::generate();
    std::fs::write(format!("{dir}/tests/mixed_agreement.rs"), &generated)?;
    let compile = cute_tests::mixed_agree_gen::compile_time_cases();
    println!(
        "{} cases written to tests/mixed_agreement.rs; {} more, in {} distinct types, for the test mixed_agreement_rejections",
        generated.matches("    t.same(").count() + generated.matches("    t.deviates(").count(),
        compile.iter().map(|(_, c)| c.len()).sum::<usize>(),
        compile.len()
    );
    Ok(())
}
