//! Fuzz-style properties: nothing in cute-dynamic panics. Arbitrary text goes into every parser,
//! and arbitrary layouts, tuples, tilers and coordinates (zero, negative and huge values, empty
//! and rank-1 tuples, static and dynamic leaves) go into every public operation, which must
//! answer `Ok` or `Err` and satisfy the post-conditions `cute_tests::exercise` checks (the body
//! shared with the `ops` fuzz target; this file only generates its inputs). A panic fails the
//! case (proptest catches it and shrinks the input).

use cute_dynamic::{Coord, Int, IntTuple, Layout, Tiler};
use cute_tests::exercise::{EXTREMES, Inputs, every_operation, one_algebra_pairs};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};
use std::collections::BTreeMap;

fn config() -> Config {
    Config {
        cases: 1000,
        // No regression files: this suite must not write into the source tree.
        failure_persistence: None,
        max_shrink_iters: 4_000,
        max_shrink_time: 15_000,
        ..Config::default()
    }
}

// ------------------------------------------------------------------------------------------------
// Text
// ------------------------------------------------------------------------------------------------

/// Tokens of CuTe text, including the i32 limits and just beyond them.
const TOKENS: &[&str] = &[
    "_",
    "-",
    "(",
    ")",
    ",",
    ":",
    " ",
    "()",
    "_0",
    "0",
    "-0",
    "_-0",
    "1",
    "_1",
    "-1",
    "_-1",
    "00",
    "_-",
    "--1",
    "1_",
    ":(",
    "):",
    "_-2147483648",
    "-2147483648",
    "2147483647",
    "_2147483647",
    "2147483648",
    "_-2147483649",
    "46341",
    "_65536",
];

fn cute_char() -> impl Strategy<Value = char> {
    prop_oneof![
        6 => prop::sample::select(&['_', '-', '(', ')', ',', ':'][..]),
        4 => proptest::char::range('0', '9'),
        1 => prop::sample::select(&[' ', '\t', '\n', 'x', '+', '.', '\u{e9}', '\0', '\u{10ffff}'][..]),
    ]
}

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(TOKENS).prop_map(String::from),
        1 => "[0-9]{1,300}",
        1 => "_?-?[0-9]{1,12}",
    ]
}

/// Strings over CuTe's alphabet: random characters, random token sequences, very deep nesting
/// (far beyond the parser's limit) and very long digit runs.
fn cute_text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => vec(cute_char(), 0..64).prop_map(String::from_iter),
        3 => vec(token(), 0..24).prop_map(|t| t.concat()),
        1 => (1usize..=1200).prop_map(|n| "(".repeat(n)),
        1 => (1usize..=1200).prop_map(|n| ")".repeat(n)),
        1 => (1usize..=300, token()).prop_map(|(n, t)| {
            format!("{}{t}{}", "(".repeat(n), ")".repeat(n))
        }),
        1 => (1usize..=100).prop_map(|n| {
            let (open, close) = ("(".repeat(n), ")".repeat(n));
            format!("{open}_1{close}:{open}_1{close}")
        }),
        1 => (0usize..=200, token()).prop_map(|(n, t)| format!("({})", vec![t; n].join(","))),
        1 => "[0-9]{1,2000}",
    ]
}

/// Parse `text` as every kind of CuTe value; whatever parses prints and parses back to itself.
fn parse_everything(text: &str) -> Result<(), TestCaseError> {
    if let Ok(t) = text.parse::<IntTuple>() {
        let _ = (t.dsl().to_string(), t.values().to_string());
        prop_assert_eq!(t.to_string().parse::<IntTuple>().ok(), Some(t));
    }
    if let Ok(l) = text.parse::<Layout>() {
        let _ = (l.dsl().to_string(), l.values().to_string());
        prop_assert_eq!(l.to_string().parse::<Layout>().ok(), Some(l));
    }
    if let Ok(t) = text.parse::<Tiler>() {
        let _ = (t.dsl().to_string(), t.values().to_string());
        prop_assert_eq!(t.to_string().parse::<Tiler>().ok(), Some(t));
    }
    if let Ok(c) = text.parse::<Coord>() {
        prop_assert_eq!(c.to_string().parse::<Coord>().ok(), Some(c));
    }
    if let Ok(d) = text.parse::<cute_dynamic::CoordStride>() {
        prop_assert_eq!(
            d.to_string().parse::<cute_dynamic::CoordStride>().ok(),
            Some(d)
        );
    }
    if let Ok(l) = text.parse::<cute_dynamic::CoordLayout>() {
        let _ = (l.coalesce(), l.size());
        prop_assert_eq!(
            l.to_string().parse::<cute_dynamic::CoordLayout>().ok(),
            Some(l)
        );
    }
    if let Ok(t) = text.parse::<cute_dynamic::Tensor>() {
        let _ = (t.call(1), t.size());
        prop_assert_eq!(t.to_string().parse::<cute_dynamic::Tensor>().ok(), Some(t));
    }
    for e in [
        text.parse::<IntTuple>().err().map(|e| e.to_string()),
        text.parse::<Layout>().err().map(|e| e.to_string()),
        text.parse::<Tiler>().err().map(|e| e.to_string()),
        text.parse::<Coord>().err().map(|e| e.to_string()),
    ]
    .into_iter()
    .flatten()
    {
        prop_assert!(!e.is_empty());
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn parsing_any_string_never_panics(text in ".*") {
        parse_everything(&text)?;
    }

    #[test]
    fn parsing_cute_like_text_never_panics(text in cute_text()) {
        parse_everything(&text)?;
    }
}

#[test]
fn parsing_limits() {
    let deep = "(".repeat(1000);
    assert!(deep.parse::<IntTuple>().is_err());
    let nested = format!("{}1{}", "(".repeat(1000), ")".repeat(1000));
    assert!(nested.parse::<IntTuple>().is_err());
    assert!(nested.parse::<Tiler>().is_err());
    let max = "(_2147483647,2147483647):(2147483647,_-2147483648)";
    assert_eq!(max.parse::<Layout>().unwrap().to_string(), max);
    // CuTe accepts negative shapes (complements of negative strides produce them).
    let min = "(_-2147483648,2147483647):(2147483647,_-2147483648)";
    assert_eq!(min.parse::<Layout>().unwrap().to_string(), min);
    let t = "(_-2147483648,2147483647)".parse::<IntTuple>().unwrap();
    assert_eq!(t.to_string(), "(_-2147483648,2147483647)");
    assert!("_2147483648".parse::<IntTuple>().is_err());
    assert!("-2147483649".parse::<IntTuple>().is_err());
    assert!("9".repeat(2000).parse::<IntTuple>().is_err());
}

// ------------------------------------------------------------------------------------------------
// Values
// ------------------------------------------------------------------------------------------------

fn value() -> impl Strategy<Value = i32> {
    prop_oneof![8 => -5..=5i32, 2 => prop::sample::select(EXTREMES), 1 => any::<i32>()]
}

/// A leaf of a generated shape/stride pair: two values with their tags.
#[derive(Clone, Debug)]
struct Leaf {
    shape: (i32, bool),
    stride: (i32, bool),
}

/// A tree of leaves: depth ≤ 3, rank 0..=4 (empty and rank-1 tuples included).
#[derive(Clone, Debug)]
enum Tree {
    Leaf(Leaf),
    Node(Vec<Tree>),
}

fn leaf() -> impl Strategy<Value = Tree> {
    ((value(), any::<bool>()), (value(), any::<bool>()))
        .prop_map(|(shape, stride)| Tree::Leaf(Leaf { shape, stride }))
}

fn tree() -> impl Strategy<Value = Tree> {
    leaf().prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            1 => Just(Tree::Node(vec![])),
            8 => vec(inner, 1..=4).prop_map(Tree::Node),
        ]
    })
}

fn int_text((v, is_static): (i32, bool)) -> String {
    if is_static {
        format!("_{v}")
    } else {
        v.to_string()
    }
}

impl Tree {
    fn text(&self, part: &dyn Fn(&Leaf) -> (i32, bool)) -> String {
        match self {
            Tree::Leaf(l) => int_text(part(l)),
            Tree::Node(c) => {
                let items: Vec<String> = c.iter().map(|t| t.text(part)).collect();
                format!("({})", items.join(","))
            }
        }
    }

    fn shape_text(&self) -> String {
        self.text(&|l| l.shape)
    }

    fn stride_text(&self) -> String {
        self.text(&|l| l.stride)
    }

    /// The layout text as generated (its shape may have negative values).
    fn raw_layout_text(&self) -> String {
        format!("{}:{}", self.shape_text(), self.stride_text())
    }

    /// The layout text with every shape value made non-negative (`|i32::MIN|` saturates): the
    /// layouts of most cases.
    fn layout_text(&self) -> String {
        let shape = self.text(&|l| (l.shape.0.checked_abs().unwrap_or(i32::MAX), l.shape.1));
        format!("{shape}:{}", self.stride_text())
    }
}

/// Generated layout text with blanks after punctuation (the parser skips them).
fn spaced_layout_text() -> impl Strategy<Value = String> {
    (
        tree(),
        vec(prop::sample::select(&["", "", " ", "\t", "\n  "][..]), 64),
    )
        .prop_map(|(t, blanks)| {
            let mut out = String::new();
            let mut k = 0;
            for ch in t.layout_text().chars() {
                out.push(ch);
                if "(),:".contains(ch) {
                    out.push_str(blanks[k % blanks.len()]);
                    k += 1;
                }
            }
            out
        })
}

/// Layouts, one in four with the negative shapes CuTe's complements produce.
fn layout() -> impl Strategy<Value = Layout> {
    (tree(), 0..4u32).prop_map(|(t, k)| {
        let text = if k == 0 {
            t.raw_layout_text()
        } else {
            t.layout_text()
        };
        text.parse()
            .unwrap_or_else(|e| panic!("generated layout {text} does not parse: {e}"))
    })
}

fn int_tuple() -> impl Strategy<Value = IntTuple> {
    tree().prop_map(|t| {
        let text = t.shape_text();
        text.parse()
            .unwrap_or_else(|e| panic!("generated tuple {text} does not parse: {e}"))
    })
}

/// Tiler text: layouts, integers, `_` and tuples of them.
fn tiler() -> impl Strategy<Value = Tiler> {
    let element = prop_oneof![
        3 => tree().prop_map(|t| t.layout_text()),
        2 => (value(), any::<bool>()).prop_map(int_text),
        1 => Just("_".to_string()),
    ];
    element
        .prop_recursive(2, 12, 4, |inner| {
            vec(inner, 0..=4).prop_map(|items| format!("({})", items.join(",")))
        })
        .prop_map(|text| {
            text.parse()
                .unwrap_or_else(|e| panic!("generated tiler {text} does not parse: {e}"))
        })
}

/// Coordinate text: integers, `_` and tuples of them.
fn coord() -> impl Strategy<Value = Coord> {
    let element = prop_oneof![
        2 => (value(), any::<bool>()).prop_map(int_text),
        2 => Just("_".to_string()),
    ];
    element
        .prop_recursive(3, 16, 4, |inner| {
            vec(inner, 0..=4).prop_map(|items| format!("({})", items.join(",")))
        })
        .prop_map(|text| {
            text.parse()
                .unwrap_or_else(|e| panic!("generated coordinate {text} does not parse: {e}"))
        })
}

/// The inputs of one case of [`every_operation`].
fn inputs() -> impl Strategy<Value = Inputs> {
    (
        layout(),
        layout(),
        int_tuple(),
        int_tuple(),
        tiler(),
        coord(),
        prop_oneof![4 => -2..=9i32, 1 => prop::sample::select(EXTREMES)],
        0..6usize,
        0..6usize,
        // Swizzle parameters `Sw<B,M,S>`, invalid ones included (the fuzz target's ranges).
        (-1..=8i32, -1..=8i32, -9..=9i32),
    )
        .prop_map(|(a, b, t, u, tiler, coord, n, i, j, sw)| Inputs {
            a,
            b,
            t,
            u,
            tiler,
            coord,
            n,
            i,
            j,
            sw,
        })
}

fn int() -> impl Strategy<Value = Int> {
    (
        prop_oneof![3 => value(), 1 => any::<i32>()],
        any::<bool>(),
        0..4u32,
    )
        .prop_map(|(v, is_static, div)| {
            let d = [1, 2, 3, -1][div as usize];
            if is_static {
                Int::new_static(v)
            } else {
                Int::dynamic_with_divisor(v, d).unwrap_or(Int::new_dynamic(v))
            }
        })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn every_operation_answers_ok_or_err(x in inputs()) {
        every_operation(&x);
    }

    #[test]
    fn every_operation_on_layouts_from_text(
        a in prop_oneof![1 => cute_text(), 3 => spaced_layout_text()],
        b in layout(),
        x in inputs(),
    ) {
        // Whatever parses from text is a layout like any other.
        if let Ok(a) = a.parse::<Layout>() {
            every_operation(&Inputs { a, b, ..x });
        }
    }

    #[test]
    fn layout_text_parses(t in tree()) {
        // Everything generated here is congruent and parses, negative and zero shapes
        // included (CuTe's make_layout accepts them).
        let text = t.raw_layout_text();
        let parsed = text.parse::<Layout>();
        let why = parsed.as_ref().err().map(ToString::to_string);
        prop_assert!(parsed.is_ok(), "{}: {:?}", text, why);
    }

    #[test]
    fn integer_arithmetic_never_panics(x in int(), y in int()) {
        let _ = (x.to_string(), x.dsl().to_string(), x.divisibility(), x.is_static());
        let _ = x.checked_mul(y).map(|v| v.to_string());
        let _ = x.checked_add(y).map(|v| v.to_string());
        let _ = x.checked_sub(y).map(|v| v.to_string());
        let _ = x.checked_div(y).map(|v| v.to_string());
        let _ = x.checked_rem(y).map(|v| v.to_string());
        let _ = x.ceil_div(y).map(|v| v.to_string());
        let _ = x.abs().map(|v| v.to_string());
        let _ = (x.min(y), x.max(y), x.gcd(y), x.signum());
        let _ = (x.eq_int(y).to_string(), x.lt(y).and(y.lt(x)).to_string());
        let _ = Int::dynamic_with_divisor(x.value(), y.value());
    }
}

/// A stride leaf of a layout of coordinates: an integer, or a scaled basis, mostly at a position
/// up to 3 deep with indices up to 3, at times up to 4 deep with indices up to 17 (beyond what
/// cute-static's algebra takes: refused, not a panic).
fn coord_stride_leaf() -> impl Strategy<Value = String> {
    prop_oneof![
        1 => (value(), any::<bool>()).prop_map(int_text),
        6 => ((value(), any::<bool>()), vec(0..4usize, 1..=3)).prop_map(|(v, modes)| {
            let at: String = modes.iter().rev().map(|m| format!("@{m}")).collect();
            format!("{}{at}", int_text(v))
        }),
        1 => ((value(), any::<bool>()), vec(0..18usize, 1..=4)).prop_map(|(v, modes)| {
            let at: String = modes.iter().rev().map(|m| format!("@{m}")).collect();
            format!("{}{at}", int_text(v))
        }),
    ]
}

/// A layout of coordinates: a generated shape with a stride of the same profile whose leaves are
/// integers and scaled bases ([`coord_stride_leaf`]).
fn coord_layout() -> impl Strategy<Value = cute_dynamic::CoordLayout> {
    (tree(), vec(coord_stride_leaf(), 24)).prop_map(|(t, leaves)| {
        let mut next = leaves.iter().cycle();
        let shape = t.text(&|l| (l.shape.0.checked_abs().unwrap_or(i32::MAX), l.shape.1));
        let profile = t.text(&|_| (0, true));
        let stride: String = profile
            .split("_0")
            .enumerate()
            .flat_map(|(k, piece)| {
                let leaf = if k == 0 {
                    String::new()
                } else {
                    next.next().cloned().unwrap_or_default()
                };
                [leaf, piece.to_string()]
            })
            .collect();
        let text = format!("{shape}:{stride}");
        text.parse().unwrap_or_else(|e| {
            panic!("generated layout of coordinates {text} does not parse: {e}")
        })
    })
}

proptest! {
    #![proptest_config(config())]

    /// The operations of layouts of coordinates run cute-static's algorithms at run time (the
    /// one algebra): any layout and tiler gives `Ok` or `Err`, never a panic (a tree past the
    /// algebra's capacity, a scaled basis it cannot hold and a structure CuTe refuses included).
    #[test]
    fn coordinate_layout_operations_never_panic(l in coord_layout(), t in tiler(), b in layout()) {
        let results = [
            l.coalesce(),
            l.composition(&b),
            l.composition_tiler(&t),
            l.logical_divide(&b),
            l.logical_divide_tiler(&t),
            l.zipped_divide(&t),
            l.tiled_divide(&t),
            l.flat_divide(&t),
        ];
        for r in results {
            match r {
                Ok(r) => prop_assert!(r.to_string().parse::<cute_dynamic::CoordLayout>().is_ok()),
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
    }
}

/// Issue 23: the one algebra's answers beside cute-dynamic's own on random inputs (the same
/// generator as the properties above, a fixed seed), by operation and class. Where both answer
/// they give the same layout (`every_operation` asserts it); here every operation listed in
/// `EXACT` must also refuse exactly where cute-dynamic refuses, with the same CuTe condition.
/// The others' drift is printed (`-- --nocapture`): both refuse with different conditions (a
/// check met in another order), the one algebra refuses (no leaf to coalesce, the 128 nodes of
/// its trees, an `i32` overflow in a product cute-dynamic does not compute), or it answers where
/// cute-dynamic refuses. `ONE_ALGEBRA_CASES` sets the number of inputs (2,000 by default).
#[test]
fn one_algebra_drift() {
    const EXACT: &[&str] = &[
        "coalesce",
        "coalesce_profile",
        "complement",
        "complement1",
        "filter",
        "filter_zeros",
        "left_inverse",
        "right_inverse",
    ];
    let cases: usize = std::env::var("ONE_ALGEBRA_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let mut runner = TestRunner::deterministic();
    let strategy = inputs();
    let mut table: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for _ in 0..cases {
        let x = strategy
            .new_tree(&mut runner)
            .expect("the generator makes inputs")
            .current();
        for (op, own, by) in one_algebra_pairs(&x) {
            let class = match (&own, &by) {
                (Ok(_), Ok(_)) => "same layout",
                (Err(e), Err(f)) if e.condition() == f.condition() => "same refusal",
                (Err(_), Err(_)) => "different refusals",
                (Ok(_), Err(_)) => "only cute-dynamic answers",
                (Err(_), Ok(_)) => "only the one algebra answers",
            };
            assert!(
                !EXACT.contains(&op) || class.starts_with("same"),
                "{op}({:?}): cute-dynamic's {own:?}, the one algebra's {by:?}",
                x
            );
            *table.entry((op, class)).or_default() += 1;
        }
    }
    for ((op, class), n) in &table {
        println!("{op:22} {class:30} {n:6}");
    }
}
