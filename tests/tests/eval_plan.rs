//! Evaluation at one index (`Layout::call(i)`) and the compiled plan (`Layout::plan`,
//! `Plan::call`) against the recursive rule they replace, re-implemented here as the reference
//! (CuTe's `crd2idx` of an integer coordinate, sizes recomputed at every level, every operation
//! checked): the same value, static tag, divisibility and error at every index checked.
//!
//! * every layout argument of every record of `data/cute-vectors.jsonl` (any op), at every index
//!   of its domain up to 4096 and at the edges of `i32`;
//! * random layouts (proptest) with zero, negative and large shapes and strides, static and
//!   dynamic leaves, dynamic leaves with a known divisor, nested and empty tuples.

use cute_dynamic::{Int, IntTuple, Layout, Result};
use cute_tests::exercise::show_int;
use proptest::prelude::*;

/// The rule as it was implemented before the plan: `crd2idx(c, shape, stride)` for an integer
/// coordinate, recursively, `size()` of the first mode recomputed at every level.
fn reference(c: Int, shape: &IntTuple, stride: &IntTuple) -> Result<Int> {
    match (shape, stride) {
        (IntTuple::Int(_), IntTuple::Int(d)) => Ok(c.checked_mul(*d)?),
        (IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
            assert_eq!(s.len(), d.len(), "layouts are congruent");
            split(c, s, d)
        }
        _ => unreachable!("layouts are congruent"),
    }
}

fn split(c: Int, s: &[IntTuple], d: &[IntTuple]) -> Result<Int> {
    match s {
        [] => Ok(Int::new_static(0)),
        [s0] => reference(c, s0, &d[0]),
        [s0, rest @ ..] => {
            let n = s0.size()?;
            let here = reference(c.checked_rem(n)?, s0, &d[0])?;
            Ok(here.checked_add(split(c.checked_div(n)?, rest, &d[1..])?)?)
        }
    }
}

/// `call`, the plan and the reference agree at `i`.
fn agree(l: &Layout, plan: &cute_dynamic::Plan, i: i32) -> std::result::Result<(), String> {
    let want = show_int(&reference(Int::new_dynamic(i), &l.shape(), &l.stride()));
    let call = show_int(&l.call(i));
    let planned = show_int(&plan.call(i));
    if call == want && planned == want {
        Ok(())
    } else {
        Err(format!(
            "{l} at {i}: reference {want}, call {call}, plan {planned}"
        ))
    }
}

fn edges(n: i32) -> Vec<i32> {
    let mut v = vec![-1, i32::MIN, i32::MIN + 1, i32::MAX, i32::MAX - 1];
    v.extend([
        n,
        n.wrapping_add(1),
        n.wrapping_sub(1),
        n.wrapping_neg(),
        n.wrapping_mul(2),
    ]);
    v
}

/// Every string argument of a record that parses as a layout.
fn layouts_of(record: &serde_json::Value) -> Vec<Layout> {
    let Some(args) = record["args"].as_array() else {
        return vec![];
    };
    args.iter()
        .filter_map(|a| a.as_str()?.parse::<Layout>().ok())
        .collect()
}

#[test]
fn every_layout_of_the_vectors_agrees_at_every_index() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/cute-vectors.jsonl");
    let text = std::fs::read_to_string(path).expect("the vector file is part of the repository");
    let mut seen = std::collections::BTreeSet::new();
    let (mut layouts, mut indices, mut call_records) = (0, 0u64, 0);
    for line in text.lines() {
        let r: serde_json::Value = serde_json::from_str(line).expect("vector line is JSON");
        if r["op"] == "call" {
            call_records += 1;
        }
        for l in layouts_of(&r) {
            if !seen.insert(l.clone()) {
                continue;
            }
            layouts += 1;
            let plan = l.plan();
            let n = l.size().map(|s| s.value()).unwrap_or(0);
            let mut is: Vec<i32> = if (0..=4096).contains(&n) {
                (0..=n).collect()
            } else {
                (0..4096).map(|k| k * (n / 4096).max(1)).collect()
            };
            is.extend(edges(n));
            for i in is {
                indices += 1;
                if let Err(e) = agree(&l, &plan, i) {
                    panic!("{}: {e}", r["id"]);
                }
            }
        }
    }
    // Sanity: the file holds the `call` records and many layouts.
    assert!(call_records >= 150, "{call_records} call records");
    assert!(layouts >= 1000, "{layouts} layouts");
    assert!(indices >= 10_000, "{indices} indices");
}

/// The recorded results of the `call` records, through the plan.
#[test]
fn call_records_through_the_plan() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/cute-vectors.jsonl");
    let text = std::fs::read_to_string(path).expect("the vector file is part of the repository");
    let mut checked = 0;
    for line in text.lines() {
        let r: serde_json::Value = serde_json::from_str(line).expect("vector line is JSON");
        let (Some("call"), Some(result)) = (r["op"].as_str(), r["result"].as_str()) else {
            continue;
        };
        let Some(l) = layouts_of(&r).pop() else {
            continue;
        };
        let plan = l.plan();
        let n = l.size().unwrap().value();
        let values: Vec<String> = (0..n).map(|i| plan.call(i).unwrap().to_string()).collect();
        assert_eq!(format!("[{}]", values.join(",")), result, "{}", r["id"]);
        checked += 1;
    }
    assert!(checked >= 100, "{checked}");
}

/// A leaf value: mostly small, sometimes zero, negative or near the `i32` limits.
fn value(small: std::ops::RangeInclusive<i32>) -> impl Strategy<Value = i32> {
    prop_oneof![
        12 => small,
        1 => Just(0),
        1 => -9..=-1i32,
        1 => prop::sample::select(vec![46341, 65536, 1 << 20, i32::MAX, i32::MIN, i32::MIN + 1, -(1 << 30)]),
        1 => any::<i32>(),
    ]
}

/// A leaf with its tag: static, dynamic, or dynamic with a known divisor.
fn leaf(small: std::ops::RangeInclusive<i32>) -> impl Strategy<Value = Int> {
    (value(small), 0..4u8, 2..=4i32).prop_map(|(v, kind, div)| match kind {
        0 => Int::new_dynamic(v),
        1 => Int::dynamic_with_divisor(v, div).unwrap_or(Int::new_dynamic(v)),
        _ => Int::new_static(v),
    })
}

/// A layout: nested tuples (empty and rank-1 ones included) of leaves.
fn layout() -> impl Strategy<Value = Layout> {
    let leafs =
        (leaf(1..=8), leaf(-4..=16)).prop_map(|(s, d)| (IntTuple::Int(s), IntTuple::Int(d)));
    leafs
        .prop_recursive(3, 24, 5, |inner| {
            prop::collection::vec(inner, 0..=5).prop_map(|modes| {
                let (s, d): (Vec<_>, Vec<_>) = modes.into_iter().unzip();
                (IntTuple::tuple(s), IntTuple::tuple(d))
            })
        })
        .prop_map(|(s, d)| Layout::from_parts(s, d).expect("congruent by construction"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_layouts_agree(l in layout(), picks in prop::collection::vec(any::<i32>(), 8)) {
        let plan = l.plan();
        let n = l.size().map(|s| s.value()).unwrap_or(0);
        let mut is: Vec<i32> = if (0..=512).contains(&n) { (0..=n).collect() } else { vec![0, 1, 2] };
        if n > 0 {
            is.extend(picks.iter().map(|p| p.rem_euclid(n)));
        }
        is.extend(picks);
        is.extend(edges(n));
        for i in is {
            prop_assert!(agree(&l, &plan, i).is_ok(), "{}", agree(&l, &plan, i).unwrap_err());
        }
    }
}
