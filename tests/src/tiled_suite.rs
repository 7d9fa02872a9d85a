//! The checks of the generated suite `tests/tiled_conformance.rs` ([`crate::tiled_gen`]),
//! written once here instead of into the file: the file holds the records and what cute-static
//! computes for them, and its tests hand them to [`conformance`] and [`agrees_with_make_layout_tv`].
//!
//! ```
//! use cute_static::{CopyAtom, UniversalCopy, layout, make_tiled_copy};
//! use cute_tests::tiled_suite::{Records, conformance};
//! // One record, as the file has it: CuTe's Tiler_MN of a TiledCopy, and cute-static's. No
//! // refused or skipped record, so no scratch crate is built.
//! let atom = CopyAtom::<UniversalCopy<u128>, f32>::new();
//! let copy = make_tiled_copy(atom, layout!((_32, _8):(_1, _32)), layout!((_4, _1):(_1, _0)));
//! let accepted = vec![("tiled_copy/handcrafted/0", "(_128,_8)", copy.tiler_mn().to_string())];
//! let records = Records { cases: &[], rejected: &[], skipped: &[] };
//! conformance(accepted, records, std::path::Path::new("unused"));
//! ```

use std::collections::BTreeMap;
use std::path::Path;

/// A suite's records besides the accepted ones (which it computes).
#[derive(Clone, Copy)]
pub struct Records {
    /// The code cute-static must refuse to build: `(code, the start of its error)`.
    pub cases: &'static [(&'static str, &'static str)],
    /// The records cute-static must refuse: `(id, its case in cases)`.
    pub rejected: &'static [(&'static str, usize)],
    /// The records without a cute-static form: `(id, why)`.
    pub skipped: &'static [(&'static str, &'static str)],
}

/// `op/variant` of a record id `op/variant/n`.
fn group(id: &str) -> &str {
    id.rsplit_once('/').map_or(id, |(g, _)| g)
}

/// Every record through cute-static: the accepted ones, `(id, CuTe's print, cute-static's)`,
/// compared with CuTe's (multi-line prints without trailing whitespace); the refused ones built
/// as one scratch crate under `tmp`, whose compile errors must name the same condition. Prints
/// a table by `op/variant`, then `N passed, M failed, K skipped`.
///
/// # Panics
/// A record failed, or one was skipped (a failed test).
pub fn conformance(accepted: Vec<(&str, &str, String)>, records: Records, tmp: &Path) {
    let mut table: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    let norm = |s: &str| s.trim_end().to_string();
    for (id, want, got) in accepted {
        let row = table.entry(group(id).to_string()).or_default();
        if norm(want) == norm(&got) {
            row.0 += 1;
        } else {
            row.1 += 1;
            failures.push(format!("{id}: want {want:?}, got {got:?}"));
        }
    }
    if !records.cases.is_empty() {
        let code: Vec<String> = records.cases.iter().map(|c| c.0.to_string()).collect();
        let want: Vec<&str> = records.cases.iter().map(|c| c.1).collect();
        let names: Vec<String> = (0..code.len()).map(|n| format!("case {n}")).collect();
        let prelude = crate::tiled_gen::PRELUDE;
        let errors = crate::rejections::compile_errors(tmp, "tiled_rejections", prelude, &code);
        let bad = crate::rejections::mismatches(&errors, &want, &names);
        for (id, n) in records.rejected {
            let row = table.entry(group(id).to_string()).or_default();
            match bad.iter().find(|b| b.starts_with(&format!("case {n}:"))) {
                Some(b) => {
                    row.1 += 1;
                    failures.push(format!("{id} (refused): {b}"));
                }
                None => row.0 += 1,
            }
        }
        failures.extend(
            bad.into_iter()
                .filter(|b| b.starts_with("an error of no case")),
        );
    }
    for (id, _) in records.skipped {
        table.entry(group(id).to_string()).or_default().2 += 1;
    }
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    println!(
        "{:<48} {:>6} {:>6} {:>6}",
        "op/variant", "pass", "fail", "skip"
    );
    for (g, (p, f, s)) in &table {
        println!("{g:<48} {p:>6} {f:>6} {s:>6}");
        (passed, failed, skipped) = (passed + p, failed + f, skipped + s);
    }
    for f in &failures {
        println!("FAIL {f}");
    }
    for (id, why) in records.skipped {
        println!("SKIP {id}: {why}");
    }
    println!("{passed} passed, {failed} failed, {skipped} skipped");
    assert!(
        failures.is_empty() && skipped == 0,
        "{failed} failed, {skipped} skipped"
    );
}

/// cute-dynamic's `make_layout_tv` is what `make_tiled_copy` builds: cute-static's `Tiler_MN`
/// and `TiledLayout_TV`, among the accepted records `(id, CuTe's print, cute-static's)`, agree
/// with it on every record of `agree`, `(id, thr_layout, val_layout, field)`.
///
/// ```
/// // make_tiled_copy with threads (_32,_8):(_1,_32) and values (_4,_1):(_1,_0): CuTe's Tiler_MN
/// // is (_128,_8), and cute-dynamic's make_layout_tv gives the same.
/// let accepted = vec![("tiled_copy/handcrafted/0", "(_128,_8)", "(_128,_8)".to_string())];
/// let agree = &[("tiled_copy/handcrafted/0", "(_32,_8):(_1,_32)", "(_4,_1):(_1,_0)", "Tiler_MN")];
/// cute_tests::tiled_suite::agrees_with_make_layout_tv(accepted, agree);
/// ```
///
/// # Panics
/// A record disagrees, or `agree` is empty (a failed test).
pub fn agrees_with_make_layout_tv(
    accepted: Vec<(&str, &str, String)>,
    agree: &[(&str, &str, &str, &str)],
) {
    let got: BTreeMap<&str, String> = accepted.into_iter().map(|(id, _, got)| (id, got)).collect();
    assert!(!agree.is_empty());
    for (id, thr, val, field) in agree {
        let (thr, val) = (thr.parse().expect("thr"), val.parse().expect("val"));
        let (tiler, tv) = cute_dynamic::make_layout_tv(&thr, &val).expect("make_layout_tv");
        let dynamic = if *field == "Tiler_MN" {
            tiler.to_string()
        } else {
            tv.to_string()
        };
        assert_eq!(got[id], dynamic, "{id}");
    }
}
