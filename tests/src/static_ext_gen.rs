//! Generates `tests/static_ext_conformance.rs`: every accepted all-static record of the
//! extension vectors (`data/cute-ext-vectors.jsonl`, FORMAT.md section 6) of the ops cute-static
//! implements (swizzles, composed layouts, GMMA atoms, tensors, TV layouts, MMA atoms) as
//! compiled Rust that builds the inputs with cute-static's types and macros, applies the op and
//! compares the printed result. `cargo run -p cute-tests --bin gen-static-ext` rewrites the
//! file; the test `static_ext_conformance_is_up_to_date` fails if it is stale. The all-static
//! records CuTe rejects are compile errors (`tests/static_ext_rejections.rs`).
//!
//! The tensor ops run on input tensors with plain and with swizzled layouts (`_0|Sw<B,M,S> o O
//! o L`, built by `make_composed_layout`); a layout reaching a negative offset would be left out
//! (`tensor()` says why; none of the vectors' does). The identity-tensor ops (`identity_*`) run
//! on `make_identity_tensor(shape)`. make_layout_tv and the MMA atoms (by type) run as they are.
//! A new family of ops joins by an arm in [`expression_for`] (and, if its arguments are not CuTe
//! text, in [`all_static`]).

use crate::static_gen::{Record, is_all_static, records, test_file};
use cute_dynamic::ops::{self, Kind};
use std::collections::BTreeMap;

/// `Sw<B,M,S>` as the cute-static type `Swizzle<B, M, S>` (negative parameters in braces).
fn swizzle_type(text: &str) -> Option<String> {
    let inner = text.strip_prefix("Sw<")?.strip_suffix('>')?;
    let params: Vec<i32> = inner
        .split(',')
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let [b, m, s] = params[..] else { return None };
    Some(format!(
        "cute_static::Swizzle::<{}, {}, {}>",
        param(b),
        param(m),
        param(s)
    ))
}

/// A const-generic argument: negative values need braces.
fn param(v: i32) -> String {
    if v < 0 {
        format!("{{ {v} }}")
    } else {
        v.to_string()
    }
}

/// An offset as CuTe prints it (`_k`, `smem_ptr[Nb](unset)`), as a cute-static value.
fn offset(text: &str) -> Option<String> {
    if let Some(bits) = text
        .strip_prefix("smem_ptr[")
        .and_then(|r| r.strip_suffix("b](unset)"))
    {
        return Some(format!("cute_static::SmemPtr::<{bits}>"));
    }
    let v: i32 = text.strip_prefix('_')?.parse().ok()?;
    Some(format!("cute_static::C::<{}>", param(v)))
}

/// A composed layout `Sw<B,M,S> o O o L` as `make_composed_layout(...)`.
fn composed(text: &str) -> Option<String> {
    let parts: Vec<&str> = text.split(" o ").collect();
    let [a, o, l] = parts[..] else { return None };
    Some(format!(
        "cute_static::make_composed_layout({}::new(), {}, cute_static::layout!({l}))",
        swizzle_type(a)?,
        offset(o)?
    ))
}

/// The element type of a GMMA atom: CUTLASS's markers or Rust's primitives.
pub fn element(ty: &str) -> Option<&'static str> {
    Some(match ty {
        "half_t" => "cute_static::gmma::half_t",
        "bfloat16_t" => "cute_static::gmma::bfloat16_t",
        "tfloat32_t" => "cute_static::gmma::tfloat32_t",
        "float" => "f32",
        "double" => "f64",
        "uint8_t" => "u8",
        "int8_t" => "i8",
        "uint16_t" => "u16",
        "int16_t" => "i16",
        "uint32_t" => "u32",
        "int32_t" => "i32",
        _ => return None,
    })
}

/// `GMMA::Layout_K_SW128_Atom<half_t>` as `cute_static::gmma::Layout_K_SW128_Atom::<half_t>::new()`.
fn gmma_atom(name: &str) -> Option<String> {
    let short = name.strip_prefix("GMMA::").unwrap_or(name);
    if short.ends_with("_Atom_Bits") {
        return Some(format!("cute_static::gmma::{short}::new()"));
    }
    let (atom, ty) = short.strip_suffix('>')?.split_once('<')?;
    Some(format!(
        "cute_static::gmma::{atom}::<{}>::new()",
        element(ty)?
    ))
}

/// Whether a record's inputs are all static, reading each argument as its op does (names of
/// GMMA atoms are not CuTe text; a swizzle's parameters and domain size are template arguments
/// and a loop bound).
pub fn all_static(op: &str, args: &[&str]) -> bool {
    let text = |a: &&str| {
        let mut s = a.to_string();
        for (open, close, by) in [("Sw<", ">", ""), ("smem_ptr[", "](unset)", "_0")] {
            while let Some(k) = s.find(open) {
                let end = s[k..].find(close).map_or(s.len(), |e| k + e + close.len());
                s.replace_range(k..end, by);
            }
        }
        // A scaled basis `v@i@j` is static when `v` is.
        while let Some(k) = s.find('@') {
            let end = s[k + 1..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(s.len(), |e| k + 1 + e);
            s.replace_range(k..end, "");
        }
        !s.contains("M_") && is_all_static(&s)
    };
    let entry = ops::vector_op(op);
    args.iter().enumerate().all(|(i, a)| {
        match entry.and_then(|e| e.arg(i)) {
            // Names, not CuTe text.
            Some(Kind::GmmaAtom | Kind::MmaAtom | Kind::Field) => true,
            // How many values a swizzle lists: a loop bound.
            Some(Kind::Int) if op == "swizzle" => true,
            _ => text(a),
        }
    })
}

/// The least and greatest offsets of a plain layout in CuTe text (`None` if it does not parse).
fn offset_range(layout: &str) -> Option<(i64, i64)> {
    let l: cute_dynamic::Layout = layout.parse().ok()?;
    let (shape, stride) = (l.shape().leaves(), l.stride().leaves());
    let (mut lo, mut hi) = (0i64, 0i64);
    for (s, d) in shape.iter().zip(&stride) {
        let reach = (i64::from(s.value()) - 1) * i64::from(d.value());
        if reach < 0 {
            lo += reach;
        } else {
            hi += reach;
        }
    }
    Some((lo, hi))
}

/// Elements of the data every generated tensor is made over.
const TENSOR_DATA: i64 = 1 << 20;

/// The greatest offset `Sw<B,M,S>` gives for offsets `0..=hi`, as cute-static bounds it when it
/// makes the tensor: below the next power of two above `hi`, with the swizzle's Z bits set.
fn swizzled_bound(sw: &str, hi: i64) -> Option<i64> {
    let inner = sw.strip_prefix("Sw<")?.strip_suffix('>')?;
    let params: Vec<i64> = inner
        .split(',')
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let [b, m, s] = params[..] else { return None };
    let zzz = ((1i64 << b) - 1) << (m - s.min(0));
    let fill = if hi == 0 {
        0
    } else {
        (1i64 << (64 - hi.leading_zeros())) - 1
    };
    Some(fill | zzz)
}

/// An input tensor `_0|L` (`L` plain, or swizzled `Sw<B,M,S> o O o L` built by `composed`) as
/// `tensor(...)` over the prelude's data, `None` unless every offset it reaches lies in that
/// data. A tensor over a slice starts at element 0 of it, so a layout reaching a negative offset
/// cannot be made safely; CuTe's `make_tensor(ptr + base, L)` would need a tensor made at a base
/// position, which cute-static has no constructor for (no record needs one: every input layout
/// of the vectors starts at offset 0).
pub fn tensor(text: &str) -> Option<String> {
    let layout = text.strip_prefix("_0|")?;
    let (expr, lo, hi) = match layout.split(" o ").collect::<Vec<_>>()[..] {
        [l] => {
            let (lo, hi) = offset_range(l)?;
            (format!("cute_static::layout!({l})"), lo, hi)
        }
        [sw, o, l] => {
            let off: i64 = o.strip_prefix('_')?.parse().ok()?;
            let (lo, hi) = offset_range(l)?;
            let (lo, hi) = (lo + off, hi + off);
            (composed(layout)?, lo, swizzled_bound(sw, hi.max(0))?)
        }
        _ => return None,
    };
    (lo >= 0 && hi < TENSOR_DATA).then(|| format!("tensor({expr})"))
}

/// An input identity tensor `ArithTuple(_0,...) o S:(basis strides)` as
/// `make_identity_tensor(S)`, after checking that it is one (cute-dynamic builds the same text).
fn identity_tensor(text: &str) -> Option<String> {
    let (_, layout) = text.split_once(" o ")?;
    let (shape, _) = layout.split_once(':')?;
    let built = cute_dynamic::make_identity_tensor(&shape.parse().ok()?);
    (built.to_string() == text)
        .then(|| format!("cute_static::make_identity_tensor(cute_static::int_tuple!({shape}))"))
}

/// The input tensor of a partition record: an identity tensor for the `identity_*` ops, a
/// tensor over memory otherwise.
fn input_tensor(op: &str, text: &str) -> Option<String> {
    if op.starts_with("identity_") {
        identity_tensor(text)
    } else {
        tensor(text)
    }
}

/// An MMA atom of the vectors (`SM90_..._SS<GMMA::Major::K,...>`, `UniversalFMA<float,...>`) as
/// its cute-static type (the layouts do not depend on the template arguments).
fn mma_atom(name: &str) -> String {
    let bare = name.split('<').next().unwrap_or(name);
    format!("cute_static::mma_atoms::{bare}")
}

/// The cute-static form of an argument of `kind` of the extension op `op`.
fn argument(op: &str, kind: Kind, text: &str) -> Option<String> {
    match kind {
        Kind::Composed => composed(text),
        Kind::Swizzle => Some(format!("{}::new()", swizzle_type(text)?)),
        Kind::Tensor => input_tensor(op, text),
        Kind::Int => crate::static_gen::macro_for(Kind::IntTuple, text),
        kind => crate::static_gen::macro_for(kind, text),
    }
}

/// The cute-static expression for one record, or `None` for an op (or an argument) it has no
/// form for. An op of cute-dynamic's registry on a composed layout or a swizzle is a method of
/// it, with the overload's Rust name from the registry (`composition_tiler`, `complement1`), a
/// template argument `_N` its turbofish; any other op is
/// cute-static's function of the op's CuTe name (`_proj` with a projection). Lists (`swizzle`,
/// `composed_call`) are built by the prelude's `list`.
pub fn expression_for(op: &str, args: &[&str]) -> Option<String> {
    let arg = |i: usize| args.get(i).copied();
    let s = |i: usize| crate::static_gen::macro_for(Kind::IntTuple, arg(i)?);
    match op {
        "swizzle" => {
            return Some(format!(
                "list(|i| {}::new().call(i), {})",
                swizzle_type(arg(0)?)?,
                arg(1)?
            ));
        }
        "composed_call" => {
            return Some(format!(
                "{{ let c = {}; list(|i| c.call(i), c.size()) }}",
                composed(arg(0)?)?
            ));
        }
        "gmma_atoms" => {
            let atom = gmma_atom(arg(0)?)?;
            return Some(match arg(1) {
                Some(_) => format!("{atom}.tile_to_shape({})", s(1)?),
                None => atom,
            });
        }
        "tensor_slice" => {
            return Some(format!(
                "{}.slice(cute_static::coord!({}))",
                tensor(arg(0)?)?,
                arg(1)?
            ));
        }
        "identity_tensor_call" => {
            return Some(format!(
                "{{ let t = cute_static::make_identity_tensor({}); strings(|i| t.call(i).to_string(), cute_static::size({}).value()) }}",
                s(0)?,
                s(0)?
            ));
        }
        "make_layout_tv" => {
            return Some(format!(
                "{{ let (tiler, tv) = cute_static::make_layout_tv({}, {}); format!(\"({{tiler}},{{tv}})\") }}",
                crate::static_gen::macro_for(Kind::Layout, arg(0)?)?,
                crate::static_gen::macro_for(Kind::Layout, arg(1)?)?
            ));
        }
        "mma_atom_layouts" => {
            let traits = format!("<{} as cute_static::MmaTraits>", mma_atom(arg(0)?));
            return Some(match arg(1)? {
                "Shape_MNK" => format!(
                    "cute_static::make_layout(<{traits}::ShapeMNK as cute_static::Static>::VALUE).shape()"
                ),
                field @ ("ThrID" | "ALayout" | "BLayout" | "CLayout") => {
                    format!("{traits}::{field}::new()")
                }
                _ => return None,
            });
        }
        _ => {}
    }
    let entry = ops::vector_op(op).filter(|e| e.extension)?;
    let receiver =
        (0..args.len()).find(|&i| matches!(entry.arg(i), Some(Kind::Composed | Kind::Swizzle)));
    let mut template = None;
    let mut parts = Vec::new();
    for (i, text) in args.iter().enumerate() {
        match entry.arg(i)? {
            Kind::StaticInt => template = Some(text.strip_prefix('_')?),
            _ if Some(i) == receiver => {}
            kind => parts.push(argument(op, kind, text)?),
        }
    }
    let parts = parts.join(", ");
    match receiver {
        Some(r) => {
            let method = entry.rust_name();
            let template = template.map(|n| format!("::<{n}>")).unwrap_or_default();
            let recv = argument(op, entry.arg(r)?, args[r])?;
            Some(format!("{recv}.{method}{template}({parts})"))
        }
        None => {
            let proj = if args.len() > entry.required {
                "_proj"
            } else {
                ""
            };
            Some(format!("cute_static::{}{proj}({parts})", entry.name))
        }
    }
}

/// The all-static records of the ops [`expression_for`] knows, with their expressions.
pub fn cases(vectors: &str) -> impl Iterator<Item = (Record, String)> + '_ {
    records(vectors).filter_map(|r| {
        let args = r.arg_refs();
        if !all_static(&r.op, &args) {
            return None;
        }
        let expr = expression_for(&r.op, &args)?;
        Some((r, expr))
    })
}

/// The helpers the expressions use.
pub const PRELUDE: &str = "/// `f(i)` for `i` in `0..n`, as the vectors print lists.\n\
    #[allow(dead_code)]\n\
    fn list(f: impl Fn(i32) -> i32, n: i32) -> String {\n    \
    strings(|i| f(i).to_string(), n)\n}\n\n\
    /// `f(i)` for `i` in `0..n`, as the vectors print lists of tuples.\n\
    #[allow(dead_code)]\n\
    fn strings(f: impl Fn(i32) -> String, n: i32) -> String {\n    \
    let v: Vec<String> = (0..n).map(f).collect();\n    \
    format!(\"[{}]\", v.join(\",\"))\n}\n\n\
    /// The input tensor `_0|l` of a record, over zeroed data.\n\
    #[allow(dead_code)]\n\
    fn tensor<L: cute_static::TensorLayout>(l: L) -> cute_static::Tensor<&'static [u8], L> {\n    \
    static DATA: [u8; 1 << 20] = [0; 1 << 20];\n    \
    cute_static::make_tensor(&DATA[..], l).expect(\"the layout fits the data\")\n}\n";

/// The generated test file for the given vector file text.
pub fn generate(vectors: &str) -> String {
    let mut by_op: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut defects = Vec::new();
    for (r, expr) in cases(vectors) {
        let (Some(want), None) = (&r.result, &r.error) else {
            continue;
        };
        if crate::refused_as_defect(&r.op, &r.arg_refs()) {
            defects.push(r.id.clone());
            continue;
        }
        let id = &r.id;
        // `call` returns plain `i32`s; CuTe tags a value static (`_0`) where its inputs are.
        let want = match r.op.as_str() {
            "swizzle" | "composed_call" => want.replace('_', ""),
            _ => want.clone(),
        };
        by_op.entry(r.op.clone()).or_default().push(format!(
            "    assert_eq!({expr}.to_string(), {want:?}, {id:?});\n"
        ));
    }
    let total: usize = by_op.values().map(Vec::len).sum();
    let header = [
        "GENERATED by `cargo run -p cute-tests --bin gen-static-ext` from".to_string(),
        "`data/cute-ext-vectors.jsonl`: every accepted all-static record of the swizzle,".into(),
        "composed-layout and GMMA-atom ops, the tensor ops on plain and swizzled tensors,".into(),
        "the identity layouts and tensors, make_layout_tv and the MMA atoms through cute-static."
            .into(),
        format!("{total} records. Do not edit by hand. Left out, as CuTe defects that"),
        "cute-static refuses while compiling (CUTLASS #3177; the test `static_ext_rejections`):"
            .into(),
        format!("{}.", defects.join(", ")),
    ];
    test_file(&header, PRELUDE, &by_op)
}

/// How many records [`generate`] turns into tests.
pub fn count(generated: &str) -> usize {
    generated.matches("assert_eq!(").count()
}

/// How cute-static's compile error starts for an extension record CuTe rejected with
/// `cute_message` (CuTe's `static_assert` text, or the condition behind its C++ type errors).
pub fn expected_error(cute_message: &str) -> &str {
    if cute_message.starts_with("no matching function for call to ‘make_layout()’") {
        // slicing a swizzled layout with no `_` in the coordinate
        "slice("
    } else {
        crate::rejections::expected_error(cute_message)
    }
}
