//! Issue 24: composition is `A o B` or an error (CUTLASS #3177), exhausted on small layouts in
//! both crates against the point-by-point definition: `R(c) == A(B(c))` wherever B maps into
//! A's domain (`0 <= B(c) < size(A)`).
//!
//! Every pair of layouts within the bounds (`Bounds`), with static values and again with every
//! value dynamic, through cute-dynamic:
//! * accepted: the result is `A o B` on A's domain (no silent wrong composition);
//! * refused as CuTe's defect (the Stride Divisibility Condition, CUTLASS #3177): the error names
//!   an index where CuTe's answer and `A o B` differ, checked here on its own (`A(B(i))` is what
//!   the message says and is not CuTe's value), so that nothing right is refused;
//! * refused by CuTe's own conditions: as CuTe does.
//!
//! And every pair of rank 2 through cute-static with run-time values (`.checked()`): the same
//! verdict as cute-dynamic, and the same text where both accept.
//!
//! The bounds of `cargo test` are small; `scripts/exhaust-composition.sh` runs wider ones
//! (`CUTE_EXHAUST=wide`) and prints the counts.

use cute_dynamic::{Condition, Layout, composition};
use cute_static::layout;

/// What is exhausted: ranks 1 and 2, shapes `1..=shape`, A's strides `0..=stride`, B's strides
/// `-neg..=stride`.
struct Bounds {
    shape: i32,
    stride: i32,
    neg: i32,
}

fn bounds() -> Bounds {
    match std::env::var("CUTE_EXHAUST").as_deref() {
        Ok("wide") => Bounds {
            shape: 6,
            stride: 8,
            neg: 2,
        },
        _ => Bounds {
            shape: 4,
            stride: 5,
            neg: 1,
        },
    }
}

/// Every layout of rank 1 and 2 within the bounds, as `(shapes, strides)`.
fn layouts(b: &Bounds, strides: std::ops::RangeInclusive<i32>) -> Vec<(Vec<i32>, Vec<i32>)> {
    let mut out = Vec::new();
    for s0 in 1..=b.shape {
        for d0 in strides.clone() {
            out.push((vec![s0], vec![d0]));
            for s1 in 1..=b.shape {
                for d1 in strides.clone() {
                    out.push((vec![s0, s1], vec![d0, d1]));
                }
            }
        }
    }
    out
}

/// CuTe text, every value static (`_N`) or dynamic (`N`).
fn text((shape, stride): &(Vec<i32>, Vec<i32>), dynamic: bool) -> String {
    let tag = if dynamic { "" } else { "_" };
    let join = |v: &[i32]| {
        let items: Vec<String> = v.iter().map(|x| format!("{tag}{x}")).collect();
        match items.len() {
            1 => items[0].clone(),
            _ => format!("({})", items.join(",")),
        }
    };
    format!("{}:{}", join(shape), join(stride))
}

/// `l(i)` by CuTe's rule for an integer (colexicographic, the last mode taking the rest).
fn at((shape, stride): &(Vec<i32>, Vec<i32>), mut i: i64) -> i64 {
    let mut v = 0;
    for (k, (&s, &d)) in shape.iter().zip(stride).enumerate() {
        let c = if k + 1 == shape.len() {
            i
        } else {
            let c = i % i64::from(s);
            i /= i64::from(s);
            c
        };
        v += c * i64::from(d);
    }
    v
}

fn size(l: &(Vec<i32>, Vec<i32>)) -> i64 {
    l.0.iter().map(|&s| i64::from(s)).product()
}

/// The first index where `r` is not `A o B` on A's domain.
fn first_difference(a: &(Vec<i32>, Vec<i32>), b: &(Vec<i32>, Vec<i32>), r: &Layout) -> Option<i64> {
    let n = size(b);
    if r.size().map(|s| i64::from(s.value())) != Ok(n) {
        return Some(-1);
    }
    (0..n).find(|&i| {
        let j = at(b, i);
        let got = r.call(i as i32).map(|v| i64::from(v.value()));
        (0..size(a)).contains(&j) && got != Ok(at(a, j))
    })
}

/// The numbers of a #3177 message: `at I it is X, A(B(I)) = A(J) = Y`.
fn named_difference(message: &str) -> Option<(i64, i64, i64, i64)> {
    let rest = message.split("which is not A o B: at ").nth(1)?;
    let (i, rest) = rest.split_once(" it is ")?;
    let (x, rest) = rest.split_once(", A(B(")?;
    let (_, rest) = rest.split_once(")) = A(")?;
    let (j, y) = rest.split_once(") = ")?;
    let y = y
        .split(|c: char| !(c.is_ascii_digit() || c == '-'))
        .next()?;
    Some((
        i.parse().ok()?,
        x.parse().ok()?,
        j.parse().ok()?,
        y.parse().ok()?,
    ))
}

#[derive(Default, Debug)]
struct Tally {
    pairs: usize,
    accepted: usize,
    defects: usize,
    cute_refused: usize,
    failures: Vec<String>,
}

#[test]
fn cute_dynamic_composition_is_a_o_b_or_names_where_cute_is_wrong() {
    let b = bounds();
    let (lhs, rhs) = (layouts(&b, 0..=b.stride), layouts(&b, -b.neg..=b.stride));
    let mut t = Tally::default();
    for dynamic in [false, true] {
        for a in &lhs {
            let la: Layout = text(a, dynamic).parse().expect("A parses");
            for bl in &rhs {
                let lb: Layout = text(bl, dynamic).parse().expect("B parses");
                t.pairs += 1;
                let what = || format!("{la} o {lb}");
                match composition(&la, &lb) {
                    Ok(r) => {
                        t.accepted += 1;
                        if let Some(i) = first_difference(a, bl, &r) {
                            t.failures.push(format!("{}: {r} is wrong at {i}", what()));
                        }
                    }
                    Err(e) if e.condition() == Some(Condition::StrideDivisibilityComplete) => {
                        t.defects += 1;
                        let message = e.to_string();
                        let right = named_difference(&message).is_some_and(|(i, x, j, y)| {
                            at(bl, i) == j && (0..size(a)).contains(&j) && at(a, j) == y && x != y
                        });
                        if !right || !message.contains("CUTLASS #3177") {
                            t.failures
                                .push(format!("{}: refused without a difference: {e}", what()));
                        }
                    }
                    Err(_) => t.cute_refused += 1,
                }
            }
        }
    }
    println!("cute-dynamic: {t:?}");
    assert!(t.failures.is_empty(), "{}", t.failures.join("\n"));
    assert!(
        t.accepted > 0 && t.defects > 0 && t.cute_refused > 0,
        "{t:?}"
    );
}

#[test]
fn cute_static_run_time_composition_agrees_with_cute_dynamic() {
    let b = bounds();
    let two = |l: &(Vec<i32>, Vec<i32>)| l.0.len() == 2;
    let lhs: Vec<_> = layouts(&b, 0..=b.stride).into_iter().filter(two).collect();
    let rhs: Vec<_> = layouts(&b, -b.neg..=b.stride)
        .into_iter()
        .filter(two)
        .collect();
    let d = |x: i32| core::hint::black_box(x);
    let (mut pairs, mut accepted, mut failures) = (0usize, 0usize, Vec::new());
    for a in &lhs {
        let la = layout!(({d(a.0[0])}, {d(a.0[1])}):({d(a.1[0])}, {d(a.1[1])}));
        for bl in &rhs {
            let lb = layout!(({d(bl.0[0])}, {d(bl.0[1])}):({d(bl.1[0])}, {d(bl.1[1])}));
            pairs += 1;
            let r = cute_static::composition(la, lb);
            let static_verdict = r.checked().map(|r| r.to_string());
            let (ta, tb) = (text(a, true), text(bl, true));
            let dynamic_verdict =
                composition(&ta.parse().unwrap(), &tb.parse().unwrap()).map(|r| r.to_string());
            match (&static_verdict, &dynamic_verdict) {
                (Ok(x), Ok(y)) if x == y => accepted += 1,
                (Err(_), Err(_)) => {}
                _ => failures.push(format!(
                    "{ta} o {tb}: cute-static {static_verdict:?}, cute-dynamic {dynamic_verdict:?}"
                )),
            }
        }
    }
    println!("cute-static at run time: {pairs} pairs, {accepted} accepted by both");
    assert!(
        failures.is_empty(),
        "{}\n{} in all",
        failures[..failures.len().min(20)].join("\n"),
        failures.len()
    );
}
