//! Generates `tests/tiled_conformance.rs`: every record of `data/tiled-vectors.jsonl` (CuTe's
//! `TiledCopy`, `TiledMMA` and `make_fragment_like`, recorded from CuTe C++; format in
//! `data/TILED-FORMAT.md`) as compiled Rust that builds the tiled atom with cute-static's
//! types, applies the op and prints the result. Accepted records are compiled into the test;
//! rejected ones (CuTe's compile errors, and the `perm_too_small` records, which CuTe accepts
//! but cute-static must refuse) are built as a scratch crate whose compile errors must name
//! the same condition. The test ends with `N passed, M failed, K skipped`.
//! `cargo run -p cute-tests --bin gen-tiled` rewrites the file; the test
//! `tiled_conformance_is_up_to_date` fails if it is stale.

use crate::static_gen::{Record, records};
use std::collections::BTreeMap;
use std::fmt::Write;

/// A copy operation's template argument (`uint128_t`, ...) as a Rust type.
fn bits_type(ty: &str) -> Option<&'static str> {
    Some(match ty {
        "uint128_t" | "cute::uint128_t" => "u128",
        "uint64_t" => "u64",
        "uint32_t" => "u32",
        "uint16_t" => "u16",
        "uint8_t" => "u8",
        _ => crate::static_ext_gen::element(ty)?,
    })
}

/// A value type of the vectors (`float`, `half_t`, ...) as a Rust type.
fn value_type(ty: &str) -> Option<&'static str> {
    crate::static_ext_gen::element(ty.strip_prefix("cute::").unwrap_or(ty)).or(match ty {
        "uint64_t" => Some("u64"),
        "int64_t" => Some("i64"),
        _ => None,
    })
}

/// A copy operation (`UniversalCopy<uint128_t>`, `SM75_U32x4_LDSM_N`, ...) as its cute-static
/// type.
fn copy_op(name: &str) -> Option<String> {
    let name = name.strip_prefix("cute::").unwrap_or(name);
    let (base, params) = match name.split_once('<') {
        Some((b, rest)) => (b, Some(rest.strip_suffix('>')?)),
        None => (name, None),
    };
    match (base, params) {
        ("UniversalCopy" | "SM80_CP_ASYNC_CACHEALWAYS" | "SM80_CP_ASYNC_CACHEGLOBAL", Some(p)) => {
            let types: Vec<&str> = p
                .split(',')
                .map(|t| bits_type(t.trim()))
                .collect::<Option<_>>()?;
            Some(format!("cute_static::{base}<{}>", types.join(", ")))
        }
        ("AutoVectorizingCopyWithAssumedAlignment", Some(p)) => Some(format!(
            "cute_static::{base}<{}>",
            p.trim().parse::<i32>().ok()?
        )),
        (
            "AutoVectorizingCopy"
            | "DefaultCopy"
            | "SM75_U32x1_LDSM_N"
            | "SM75_U32x2_LDSM_N"
            | "SM75_U32x4_LDSM_N"
            | "SM75_U16x2_LDSM_T"
            | "SM75_U16x4_LDSM_T"
            | "SM75_U16x8_LDSM_T",
            None,
        ) => Some(format!("cute_static::{base}")),
        _ => None,
    }
}

/// An MMA atom (`UniversalFMA<float,float,float>`, `SM80_16x8x16_F16F16F16F16_TN`) as its
/// cute-static value (the layouts do not depend on the template arguments).
fn mma_atom(name: &str) -> Option<String> {
    let name = name.strip_prefix("cute::").unwrap_or(name);
    let bare = name.split('<').next()?;
    cute_tests_known_atom(bare).then(|| format!("cute_static::mma_atoms::{bare}"))
}

/// Whether cute-static has the atom `bare` (the atoms of `cute-static/src/mma_atoms.rs`).
fn cute_tests_known_atom(bare: &str) -> bool {
    crate::atoms_gen::names().iter().any(|n| n == bare)
}

/// A layout argument as `layout!(...)`.
fn layout(text: &str) -> String {
    format!("cute_static::layout!({text})")
}

/// A tensor argument (`L`, `_0|L` or a swizzled `_0|Sw<B,M,S> o O o L`) as the prelude's
/// `tensor(...)` over static data.
fn tensor(text: &str) -> Option<String> {
    let text = if text.contains('|') {
        text.to_string()
    } else {
        format!("_0|{text}")
    };
    crate::static_ext_gen::tensor(&text)
}

/// A thread index: `_5` static (`C<5>`), `5` a run-time `i32`.
fn thread(text: &str) -> Option<String> {
    match text.strip_prefix('_') {
        Some(n) => Some(format!("cute_static::C::<{}>", n.parse::<i32>().ok()?)),
        None => Some(format!(
            "std::hint::black_box({}i32)",
            text.parse::<i32>().ok()?
        )),
    }
}

/// `make_tiled_copy(Copy_Atom<op, T>{}, thr, val)`.
fn tiled_copy(args: &[&str]) -> Option<String> {
    Some(format!(
        "cute_static::make_tiled_copy(cute_static::CopyAtom::<{}, {}>::new(), {}, {})",
        copy_op(args.first()?)?,
        value_type(args.get(1)?)?,
        layout(args.get(2)?),
        layout(args.get(3)?)
    ))
}

/// `make_tiled_mma(atom, atom_layout, permutation)`.
fn tiled_mma(args: &[&str]) -> Option<String> {
    Some(format!(
        "cute_static::make_tiled_mma({}, {}, cute_static::tile!({}))",
        mma_atom(args.first()?)?,
        layout(args.get(1)?),
        args.get(2)?
    ))
}

/// The cute-static expression (a `String`) for one record, or `None` for an op or argument it
/// has no form for. For a rejected record, the expression whose building must fail.
pub fn expression_for(op: &str, args: &[&str]) -> Option<String> {
    let arg = |i: usize| args.get(i).copied();
    Some(match op {
        "tiled_copy" => {
            let tc = tiled_copy(args)?;
            let method = match arg(4)? {
                "Tiler_MN" => "tiler_mn",
                "TiledLayout_TV" => "tiled_layout_tv",
                "layoutS_TV" => "get_layoutS_TV",
                "layoutD_TV" => "get_layoutD_TV",
                "layoutS_MN" => "get_layoutS_MN",
                "layoutD_MN" => "get_layoutD_MN",
                "print" => return Some(format!("{tc}.to_string()")),
                _ => return None,
            };
            format!("{tc}.{method}().to_string()")
        }
        "tiled_copy_partition_S" | "tiled_copy_partition_D" => {
            let side = &op[op.len() - 1..];
            format!(
                "{}.get_slice({}).partition_{side}({}).to_string()",
                tiled_copy(args)?,
                thread(arg(5)?)?,
                tensor(arg(4)?)?
            )
        }
        "tiled_copy_retile_S" | "tiled_copy_retile_D" => {
            let side = &op[op.len() - 1..];
            format!(
                "{}.get_slice(0).retile_{side}({}).to_string()",
                tiled_copy(args)?,
                tensor(arg(4)?)?
            )
        }
        "tiled_mma" => {
            let tm = tiled_mma(args)?;
            let method = match arg(3)? {
                "ThrLayoutVMNK" => "get_thr_layout_vmnk",
                "PermutationMNK" => "permutations",
                "TileShape_MNK" => "tile_shape",
                "LayoutA_TV" => "get_layoutA_TV",
                "LayoutB_TV" => "get_layoutB_TV",
                "LayoutC_TV" => "get_layoutC_TV",
                "print" => return Some(format!("{tm}.to_string()")),
                _ => return None,
            };
            format!("{tm}.{method}().to_string()")
        }
        "tiled_mma_partition_A" | "tiled_mma_partition_B" | "tiled_mma_partition_C" => {
            let x = &op[op.len() - 1..];
            format!(
                "{}.get_slice({}).partition_{x}({}).to_string()",
                tiled_mma(args)?,
                thread(arg(4)?)?,
                tensor(arg(3)?)?
            )
        }
        "tiled_mma_partition_fragment_A"
        | "tiled_mma_partition_fragment_B"
        | "tiled_mma_partition_fragment_C" => {
            let x = &op[op.len() - 1..];
            format!(
                "fragment_{}({}, {}, {})",
                x.to_lowercase(),
                tiled_mma(args)?,
                thread(arg(4)?)?,
                tensor(arg(3)?)?
            )
        }
        "make_fragment_like" => {
            format!(
                "cute_static::make_fragment_like_layout({}).to_string()",
                layout(arg(0)?)
            )
        }
        _ => return None,
    })
}

/// How cute-static's compile error starts for a record it must refuse: CuTe's words, or for
/// the `perm_too_small` records (which CuTe accepts) the condition cute-static adds.
pub fn expected_error(r: &Record) -> String {
    let message = r.message.as_deref().unwrap_or_default();
    if r.variant == "perm_too_small" {
        cute_dynamic::Condition::TiledMmaPermutationSize.message()
    } else if message.starts_with("the value of ‘V’ is not usable in a constant expression") {
        // retile's `upcast<TiledNumThr * V>` of a run-time `V = size<0>(tensor)`
        "retile: size<0>(tensor)"
    } else if message == "‘value’ is not a member of ‘bool’" && r.op.contains("fragment") {
        // make_fragment_X's static assertion `size<0>(tensor) == size<1>(LayoutX_TV)` on a
        // run-time size
        "make_fragment_"
    } else {
        crate::rejections::expected_error(message)
    }
    .to_string()
}

/// Whether cute-static must refuse the record while compiling.
pub fn refused(r: &Record) -> bool {
    r.error.is_some() || r.variant == "perm_too_small"
}

/// The helpers the expressions use.
pub const PRELUDE: &str = r#"/// The input tensor `_0|l` of a record, over zeroed data.
#[allow(dead_code)]
fn tensor<L: cute_static::TensorLayout>(l: L) -> cute_static::Tensor<&'static [u8], L> {
    static DATA: [u8; 1 << 20] = [0; 1 << 20];
    cute_static::make_tensor(&DATA[..], l).expect("the layout fits the data")
}

macro_rules! fragment {
    ($name:ident, $make:ident, $part:ident) => {
        /// The layout of `partition_fragment_X(tensor)` of thread `i`.
        #[allow(dead_code)]
        fn $name<TM: cute_static::IsTiledMma, I: cute_static::IntTuple, L: cute_static::TensorLayout, O: cute_static::IntTuple>(
            tm: TM,
            i: I,
            t: cute_static::Tensor<&'static [u8], L, O>,
        ) -> String {
            type F<L, TM, I> = cute_static::FragmentLayout<cute_static::$make<cute_static::$part<L, TM, I>, TM>>;
            let _ = (cute_static::ThrMMA::new(tm, i), t);
            let _ = <F<L, TM, I> as cute_static::StaticLayout>::SIZE;
            F::<L, TM, I>::new().to_string()
        }
    };
}
fragment!(fragment_a, MakeFragmentA, PartitionA);
fragment!(fragment_b, MakeFragmentB, PartitionB);
fragment!(fragment_c, MakeFragmentC, PartitionC);
"#;

/// Most run-time values in a result cute-static computes: a result with more (a partition of
/// a tensor whose shape and strides are all run-time values, whose thread modes CuTe cannot
/// merge) needs more than the 512 run-time operations one cute-static result holds, and does
/// not compile (`cute-static: more than 512 run-time operations in one result`).
const CAPACITY: usize = 64;

/// How many run-time (dynamic) integers a printed result has: the integers not marked `_`.
fn run_time_values(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut n = 0;
    let mut k = 0;
    while k < bytes.len() {
        if bytes[k].is_ascii_digit() {
            let start = k;
            while k < bytes.len() && bytes[k].is_ascii_digit() {
                k += 1;
            }
            let before = bytes[..start].iter().rev().find(|&&b| b != b'-');
            if before != Some(&b'_') {
                n += 1;
            }
        } else {
            k += 1;
        }
    }
    n
}

/// A string literal.
fn lit(s: &str) -> String {
    format!("{s:?}")
}

/// The code whose build must fail for a refused record: the tiled atom alone where the error
/// is the tiled atom's (so that records sharing one share the case: rustc reports an erroneous
/// constant once), else the whole expression.
fn refused_code(r: &Record, expr: &str) -> String {
    let args = r.arg_refs();
    let want = expected_error(r);
    let atom = if want.starts_with("TiledMMA") && r.op.starts_with("tiled_mma") {
        tiled_mma(&args)
    } else if (want.starts_with("TiledCopy") || want.starts_with("CopyOperation"))
        && r.op.starts_with("tiled_copy")
    {
        tiled_copy(&args)
    } else {
        None
    };
    // retile_S and retile_D are one function in CuTe and here (one case for both).
    let code = atom.unwrap_or_else(|| expr.replace(".retile_D(", ".retile_S("));
    format!("let _ = {code};")
}

/// The generated test file for the given vector file text.
pub fn generate(vectors: &str) -> String {
    let mut by_op: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let (mut rejected, mut skipped, mut agree) = (Vec::new(), Vec::new(), Vec::new());
    let mut cases: Vec<(String, String)> = Vec::new();
    let mut total = 0;
    for r in records(vectors) {
        total += 1;
        let args = r.arg_refs();
        let Some(expr) = expression_for(&r.op, &args) else {
            skipped.push(format!(
                "    ({}, \"no cute-static form for its op or arguments\"),\n",
                lit(&r.id)
            ));
            continue;
        };
        if refused(&r) {
            let case = (refused_code(&r, &expr), expected_error(&r));
            let n = match cases.iter().position(|c| c.0 == case.0) {
                Some(n) => n,
                None => {
                    cases.push(case);
                    cases.len() - 1
                }
            };
            rejected.push(format!("    ({}, {n}),\n", lit(&r.id)));
            continue;
        }
        let Some(want) = &r.result else {
            skipped.push(format!("    ({}, \"no result\"),\n", lit(&r.id)));
            continue;
        };
        let values = run_time_values(want);
        if values > CAPACITY {
            skipped.push(format!(
                "    ({}, \"{values} run-time values: beyond the 512 run-time operations of one cute-static result\"),\n",
                lit(&r.id)
            ));
            continue;
        }
        by_op.entry(r.op.clone()).or_default().push(format!(
            "        ({}, {}, {expr}),\n",
            lit(&r.id),
            lit(want)
        ));
        if r.op == "tiled_copy" && matches!(args[4], "Tiler_MN" | "TiledLayout_TV") {
            agree.push(format!(
                "    ({}, {}, {}, {}),\n",
                lit(&r.id),
                lit(args[2]),
                lit(args[3]),
                lit(args[4])
            ));
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! GENERATED by `cargo run -p cute-tests --bin gen-tiled` from `data/tiled-vectors.jsonl`:\n\
         //! CuTe's TiledCopy, TiledMMA and make_fragment_like through cute-static, {total} records.\n\
         //! Do not edit by hand.\n"
    );
    out.push_str("#![allow(clippy::all, non_snake_case)]\n\n");
    // Inside a brace-delimited macro call, rustfmt leaves the generated lines as they are.
    out.push_str(
        "macro_rules! generated {\n    ($($item:item)*) => { $($item)* };\n}\n\ngenerated! {\n\n",
    );
    out.push_str(PRELUDE);
    out.push_str(
        "\n/// The accepted records: `(id, CuTe's result, cute-static's)`, by op.\n\
         fn accepted() -> Vec<(&'static str, &'static str, String)> {\n    \
         let mut out = Vec::new();\n",
    );
    for name in by_op.keys() {
        let _ = writeln!(out, "    out.extend({name}());");
    }
    out.push_str("    out\n}\n");
    for (name, lines) in &by_op {
        let _ = write!(
            out,
            "\nfn {name}() -> Vec<(&'static str, &'static str, String)> {{\n    vec![\n"
        );
        for l in lines {
            out.push_str(l);
        }
        out.push_str("    ]\n}\n");
    }
    out.push_str(
        "\n/// The code cute-static must refuse to build: `(code, the start of its error)`.\n\
         const CASES: &[(&str, &str)] = &[\n",
    );
    for (code, want) in &cases {
        let _ = writeln!(out, "    ({}, {}),", lit(code), lit(want));
    }
    out.push_str(
        "];\n\n/// The records cute-static must refuse: `(id, its case in CASES)`.\n\
         const REJECTED: &[(&str, usize)] = &[\n",
    );
    for l in &rejected {
        out.push_str(l);
    }
    out.push_str("];\n\n/// The records without a cute-static form: `(id, why)`.\nconst SKIPPED: &[(&str, &str)] = &[\n");
    for l in &skipped {
        out.push_str(l);
    }
    out.push_str(
        "];\n\n/// The `Tiler_MN` and `TiledLayout_TV` records, for cute-dynamic's `make_layout_tv`:\n\
         /// `(id, thr_layout, val_layout, field)`.\nconst AGREE: &[(&str, &str, &str, &str)] = &[\n",
    );
    for l in &agree {
        out.push_str(l);
    }
    out.push_str("];\n");
    out.push_str(RUNNER);
    out.push_str("}\n");
    out
}

/// The tests of the generated file.
const RUNNER: &str = r#"
/// Every record through cute-static (`cute_tests::tiled_suite::conformance`).
#[test]
fn tiled_conformance() {
    let records = cute_tests::tiled_suite::Records {
        cases: CASES,
        rejected: REJECTED,
        skipped: SKIPPED,
    };
    let tmp = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    cute_tests::tiled_suite::conformance(accepted(), records, tmp);
}

/// cute-static's `Tiler_MN` and `TiledLayout_TV` agree with cute-dynamic's `make_layout_tv` (the
/// whole file runs through cute-dynamic's TiledCopy and TiledMMA in `tiled_dynamic.rs`).
#[test]
fn tiled_copy_agrees_with_cute_dynamic() {
    cute_tests::tiled_suite::agrees_with_make_layout_tv(accepted(), AGREE);
}

#[test]
fn tiled_conformance_is_up_to_date() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let vectors =
        std::fs::read_to_string(format!("{dir}/data/tiled-vectors.jsonl")).expect("vectors");
    assert!(
        include_str!("tiled_conformance.rs") == cute_tests::tiled_gen::generate(&vectors),
        "tests/tiled_conformance.rs is stale: run `cargo run -p cute-tests --bin gen-tiled`"
    );
}
"#;
