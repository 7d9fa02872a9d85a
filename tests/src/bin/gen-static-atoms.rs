//! Rewrites `cute-static/src/mma_atoms.rs` from cute-dynamic's atom registry.

fn main() -> std::io::Result<()> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../cute-static/src/mma_atoms.rs"
    );
    std::fs::write(path, cute_tests::atoms_gen::generate())?;
    println!(
        "{} MMA atoms written to cute-static/src/mma_atoms.rs",
        cute_tests::atoms_gen::names().len()
    );
    Ok(())
}
