//! Compile-fail tests of cute-static (`ui-tests/*.rs` with pinned `.stderr`): every static
//! precondition of CuTe's algebra, and the macros' own errors. The first error line names the
//! condition in CuTe's words with the numbers in decimal (a dynamic value prints as `?`). The
//! `mixed_*` cases are one per reason CuTe rejects a `dynamic` or `mixed` vector while compiling
//! (`mixed_rejections` checks every such vector).
//!
//! `TRYBUILD=overwrite cargo test -p cute-tests --test ui` re-pins the `.stderr` files.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail(concat!(env!("CARGO_MANIFEST_DIR"), "/../ui-tests/*.rs"));
    // A passing case makes trybuild run `cargo build`, which reports const-evaluation errors.
    t.pass(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../ui-tests/pass/*.rs"
    ));
}
