//! Rewrites `tests/mixed_agreement_*.rs` (random mixed static/dynamic inputs through both
//! crates) and prints how many cases went where.

fn main() -> std::io::Result<()> {
    let dir = env!("CARGO_MANIFEST_DIR");
    let generated = cute_tests::mixed_agree_gen::generate();
    let mut cases = 0;
    for (k, file) in generated.iter().enumerate() {
        std::fs::write(format!("{dir}/tests/mixed_agreement_{}.rs", k + 1), file)?;
        cases += file.matches("    t.same(").count() + file.matches("    t.deviates(").count();
    }
    let compile = cute_tests::mixed_agree_gen::compile_time_cases();
    println!(
        "{cases} cases written to tests/mixed_agreement_*.rs ({} files); {} more, in {} distinct types, for the test mixed_agreement_rejections",
        generated.len(),
        compile.iter().map(|(_, c)| c.len()).sum::<usize>(),
        compile.len()
    );
    Ok(())
}
