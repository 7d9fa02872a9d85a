//! Generates `tests/static_agreement.rs`: random all-static layouts (a fixed seed, so the file is
//! reproducible) through cute-static (compiled) and cute-dynamic (at test time), every operation,
//! requiring identical text. Inputs that cute-dynamic rejects are left out (in cute-static they
//! would not compile); `cargo run -p cute-tests --bin gen-static-agreement` rewrites the file and
//! the test `static_agreement_is_up_to_date` fails if it is stale.

use crate::run_op;
use cute_dynamic::ops::{self, Kind};
use std::fmt::Write;

/// A small deterministic generator (xorshift64*).
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const SHAPES: [i32; 9] = [1, 2, 2, 3, 4, 4, 6, 8, 2];

/// A random static shape: rank 1..=4, some modes nested once, size at most 512.
fn shape(rng: &mut Rng) -> (String, Vec<i32>) {
    loop {
        let rank = 1 + rng.below(4) as usize;
        let mut leaves = Vec::new();
        let mut parts = Vec::new();
        for _ in 0..rank {
            if rng.below(4) == 0 {
                let n = 2 + rng.below(2) as usize;
                let inner: Vec<i32> = (0..n).map(|_| SHAPES[rng.below(9) as usize]).collect();
                parts.push(format!(
                    "({})",
                    inner
                        .iter()
                        .map(|v| format!("_{v}"))
                        .collect::<Vec<_>>()
                        .join(",")
                ));
                leaves.extend(inner);
            } else {
                let v = SHAPES[rng.below(9) as usize];
                parts.push(format!("_{v}"));
                leaves.push(v);
            }
        }
        if leaves.iter().product::<i32>() <= 512 {
            let text = if rank == 1 && rng.below(2) == 0 && !parts[0].starts_with('(') {
                parts[0].clone()
            } else {
                format!("({})", parts.join(","))
            };
            return (text, leaves);
        }
    }
}

/// Strides for the leaves of a shape text: column-major, row-major, compact with gaps, or random.
fn stride_text(shape_text: &str, leaves: &[i32], rng: &mut Rng) -> String {
    let strides: Vec<i32> = match rng.below(4) {
        0 => leaves
            .iter()
            .scan(1, |acc, &s| {
                let d = *acc;
                *acc *= s;
                Some(d)
            })
            .collect(),
        1 => {
            let mut d: Vec<i32> = leaves
                .iter()
                .rev()
                .scan(1, |acc, &s| {
                    let d = *acc;
                    *acc *= s;
                    Some(d)
                })
                .collect();
            d.reverse();
            d
        }
        2 => leaves
            .iter()
            .scan(1, |acc, &s| {
                let d = *acc;
                *acc *= s * 2;
                Some(d)
            })
            .collect(),
        _ => leaves.iter().map(|_| rng.below(33) as i32).collect(),
    };
    let mut it = strides.iter();
    let mut out = String::new();
    let bytes = shape_text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'_' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            let _ = write!(out, "_{}", it.next().copied().unwrap_or(0));
            i = j;
        } else {
            out.push(bytes[i] as char);
            i += 1;
        }
    }
    out
}

fn layout(rng: &mut Rng) -> (String, Vec<i32>) {
    let (s, leaves) = shape(rng);
    let d = stride_text(&s, &leaves, rng);
    (format!("{s}:{d}"), leaves)
}

/// The size of each top-level mode of a layout text.
fn mode_sizes(layout_text: &str) -> Vec<i32> {
    let Ok(l) = layout_text.parse::<cute_dynamic::Layout>() else {
        return vec![1];
    };
    let Ok(each) = cute_dynamic::product_each(&l.shape()) else {
        return vec![1];
    };
    each.leaves().iter().map(|i| i.value()).collect()
}

/// The ops the agreement draws from: every op of the core vectors, in the order of
/// cute-dynamic's registry.
pub(crate) fn ops() -> Vec<&'static str> {
    ops::vector_names(false)
}

/// Random arguments for an op, built from a random layout by the kinds of the op's arguments in
/// cute-dynamic's registry; the ops whose arguments must fit each other (or a size) to be
/// accepted get arguments made to fit.
pub(crate) fn args_for(op: &str, rng: &mut Rng) -> Vec<String> {
    let (a, _) = layout(rng);
    let shape_of = |l: &str| {
        l.split_once(':')
            .map(|(s, _)| s.to_string())
            .unwrap_or_default()
    };
    let small = || "_2:_1".to_string();
    match op {
        "complement" => return vec![a, format!("_{}", 1 << (3 + rng.below(6)))],
        "coalesce_profile" => return vec![a, "(_1,_1)".to_string()],
        "make_ordered_layout" => {
            let (s, l) = shape(rng);
            let order = stride_text(&s, &l, rng);
            return vec![s, order];
        }
        "tile_to_shape" => {
            // Each mode of the target is a multiple of the block's mode.
            let modes = mode_sizes(&a);
            let target: Vec<String> = modes
                .iter()
                .map(|v| format!("_{}", v * (1 + rng.below(3) as i32)))
                .collect();
            return vec![a, format!("({})", target.join(","))];
        }
        "shape_div" | "ceil_div" => return vec![shape_of(&a), format!("_{}", 1 << rng.below(4))],
        "idx2crd" => return vec![format!("_{}", rng.below(64)), shape_of(&a)],
        "crd2idx" => {
            let s = shape_of(&a);
            return vec![
                format!("_{}", rng.below(64)),
                s.clone(),
                a.split_once(':')
                    .map(|(_, d)| d.to_string())
                    .unwrap_or_default(),
            ];
        }
        _ => {}
    }
    match ops::vector_op(op).map_or(&[][..], |e| e.args) {
        [Kind::IntTuple] => vec![shape_of(&a)],
        [Kind::IntTuple, Kind::IntTuple] => {
            let (b, _) = layout(rng);
            vec![shape_of(&a), shape_of(&b)]
        }
        [Kind::Layout, Kind::Layout] => {
            let (b, _) = layout(rng);
            vec![a, if rng.below(3) == 0 { small() } else { b }]
        }
        [Kind::Layout, Kind::Tiler] => {
            let (b, _) = layout(rng);
            vec![a, b]
        }
        [Kind::StaticInt, Kind::Layout] => vec![format!("_{}", 1 << rng.below(3)), a],
        [Kind::Coord, Kind::Layout] => {
            let coord: Vec<&str> = mode_sizes(&a)
                .iter()
                .map(|_| if rng.below(2) == 0 { "_" } else { "_0" })
                .collect();
            vec![format!("({})", coord.join(",")), a]
        }
        _ => vec![a],
    }
}

/// The static expression for an op (as in the static conformance file).
fn expression(op: &str, args: &[String]) -> Option<String> {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    crate::static_gen::expression_for(op, &refs)
}

/// The generated agreement file.
pub fn generate() -> String {
    let mut rng = Rng(0x00C0_FFEE_D15E_A5E5);
    let mut cases = Vec::new();
    let ops = ops();
    let mut per_op = vec![0usize; ops.len()];
    let mut attempts = 0;
    while per_op.iter().any(|&n| n < 20) && attempts < 200_000 {
        attempts += 1;
        let k = rng.below(ops.len() as u64) as usize;
        if per_op[k] >= 20 {
            continue;
        }
        let op = ops[k];
        let args = args_for(op, &mut rng);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let Ok(Some(dynamic)) = run_op(op, &refs) else {
            continue;
        };
        let Some(expr) = expression(op, &args) else {
            continue;
        };
        let dynamic = if op == "call" {
            dynamic.replace('_', "")
        } else {
            dynamic
        };
        per_op[k] += 1;
        cases.push((op, args, expr, dynamic));
    }
    // Drawn as before (the other ops' cases stay the same), then left out: one algorithm.
    cases.retain(|(op, ..)| !crate::BY_ONE_ALGEBRA.contains(op));
    let mut out = String::new();
    out.push_str("//! GENERATED by `cargo run -p cute-tests --bin gen-static-agreement`: random all-static\n");
    out.push_str(
        "//! inputs (fixed seed) through cute-static, compared at test time with cute-dynamic.\n",
    );
    let _ = writeln!(
        out,
        "//! {} cases; those of the ops cute-dynamic computes by cute-static's algorithm\n//! (`BY_ONE_ALGEBRA`) are left out. Do not edit by hand.\n",
        cases.len()
    );
    out.push_str("use cute_tests::run_op;\n\n");
    out.push_str("/// cute-dynamic's text for the same op and arguments.\n");
    out.push_str("fn dynamic(op: &str, args: &[&str]) -> String {\n");
    out.push_str("    let text = run_op(op, args).expect(\"accepted\").expect(\"known op\");\n");
    out.push_str("    if op == \"call\" {\n        text.replace('_', \"\")\n    } else {\n        text\n    }\n}\n\n");
    out.push_str("fn call_all<S, D>(l: cute_static::Layout<S, D>) -> String\nwhere\n    S: cute_static::IntTuple,\n    D: cute_static::IntTuple,\n{\n");
    out.push_str(
        "    let v: Vec<String> = (0..l.size()).map(|i| l.call(i).to_string()).collect();\n",
    );
    out.push_str("    format!(\"[{}]\", v.join(\",\"))\n}\n");
    out.push_str("\nmacro_rules! generated {\n    ($($item:item)*) => { $($item)* };\n}\n\ngenerated! {\n#[test]\nfn static_and_dynamic_agree() {\n");
    for (op, args, expr, _) in &cases {
        let what = format!("{op}{args:?}");
        let _ = writeln!(
            out,
            "    assert_eq!({expr}.to_string(), dynamic({op:?}, &{args:?}), {what:?});"
        );
    }
    out.push_str("}\n}\n");
    out
}
