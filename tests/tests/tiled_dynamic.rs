//! The tiled vectors (`data/tiled-vectors.jsonl`: CuTe's TiledCopy, TiledMMA and
//! make_fragment_like, recorded from CuTe C++) through cute-dynamic's run-time TiledCopy and
//! TiledMMA, by the registry (`cute_dynamic::ops`): every accepted record prints CuTe's text,
//! and every refused one (CuTe's compile errors, and the `perm_too_small` records, which CuTe
//! accepts and both crates refuse) is an `Err` naming the same condition.

use cute_tests::ext::check_ext_all;
use cute_tests::static_gen::records;
use cute_tests::{Outcome, totals};

fn vectors() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/tiled-vectors.jsonl");
    std::fs::read_to_string(path).expect("the vector file is part of the repository")
}

#[test]
fn every_tiled_vector_passes_through_cute_dynamic() {
    let text = vectors();
    let (verdicts, table) = check_ext_all(&text);
    let failures: Vec<String> = verdicts
        .iter()
        .filter(|v| !matches!(v.outcome, Outcome::Pass))
        .map(|v| format!("{}: {:?}", v.id, v.outcome))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(totals(&table), [1459, 0, 0, 0, 0]);
    assert_eq!(verdicts.len(), text.lines().count());
}

/// What cute-dynamic's error says for CuTe's refusal `r`: the condition cute-static names
/// (`tiled_gen::expected_error`), in cute-dynamic's words where they differ.
fn expected(r: &cute_tests::static_gen::Record) -> String {
    match r.message.as_deref() {
        // A tiler with more modes than the layout: CuTe's words in logical_divide, the
        // condition's name here.
        Some("logical_divide: Too many modes in tiler.") => {
            "Mismatched Ranks: logical_divide".into()
        }
        _ => cute_tests::tiled_gen::expected_error(r),
    }
}

#[test]
fn every_refusal_names_cute_condition() {
    let text = vectors();
    let mut refused = 0;
    let mut wrong = Vec::new();
    for r in records(&text).filter(cute_tests::tiled_gen::refused) {
        refused += 1;
        let args: Vec<&str> = r.args.iter().map(String::as_str).collect();
        let want = expected(&r);
        match cute_tests::run_op(&r.op, &args) {
            Err(e) if e.to_string().contains(&want) => {}
            Err(e) => wrong.push(format!("{}: {e}, want {want:?}", r.id)),
            Ok(got) => wrong.push(format!("{}: accepted ({got:?}), want {want:?}", r.id)),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!(refused, 104 + 128);
}
