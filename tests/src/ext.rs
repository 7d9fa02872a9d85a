//! Conformance runner for the extension vectors (`data/cute-ext-vectors.jsonl`, FORMAT.md
//! section 6): swizzles, composed (swizzled) layouts, the GMMA shared-memory atoms, tensors and
//! their partitions, identity tensors, the MMA atoms' layouts and `make_layout_tv` through
//! `cute-dynamic`. Ops of the file that cute-dynamic does not implement (none today) are listed
//! in [`NOT_YET_IMPLEMENTED`] and reported as skipped.
//!
//! Comparison (FORMAT.md 5 and 6.6): an accepted record must give exactly its `result`; a
//! rejected record or one marked `unchecked` must be rejected; a record marked
//! `static_twin_differs` passes with a rejection or with a result that is, as a function, CuTe's
//! `result` or the static twin's.
//!
//! ```
//! use cute_tests::{Outcome, ext::check_ext_line};
//! let line = r#"{"id":"swizzle/static/9","op":"swizzle","variant":"static","args":["Sw<1,0,1>","4"],"result":"[0,1,3,2]"}"#;
//! assert_eq!(check_ext_line(line).outcome, Outcome::Pass);
//! ```

use crate::{Outcome, Table, Verdict};
use cute_dynamic as cute;
use cute_dynamic::{AnyLayout, ComposedLayout, Coord, IntTuple, LayoutError, Tensor};

/// Ops of the extension file that cute-dynamic does not implement yet: their records are
/// skipped. Every op of the file is implemented.
pub const NOT_YET_IMPLEMENTED: &[&str] = &[];

fn composed(s: &str) -> Result<ComposedLayout, LayoutError> {
    s.parse()
}

/// The `_N` of `upcast<N>`/`downcast<N>` (a template argument: static), or any integer.
fn integer(s: &str, want_static: bool) -> Result<i32, LayoutError> {
    let n: IntTuple = s.parse()?;
    n.as_int()
        .filter(|i| i.is_static() || !want_static)
        .map(|i| i.value())
        .ok_or_else(|| {
            cute::ErrorKind::InvalidArgument {
                op: "conform-ext",
                detail: format!("{s} is not an integer (a static _N for a template argument)"),
            }
            .into()
        })
}

/// `[v0,v1,...]`: the values of `f` at `0..n` (dynamic indices), as the `swizzle`,
/// `composed_call` and `identity_tensor_call` lists print.
fn listed<T: std::fmt::Display>(
    n: i32,
    f: impl Fn(i32) -> Result<T, LayoutError>,
) -> Result<String, LayoutError> {
    let values = (0..n)
        .map(|i| f(i).map(|v| v.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(format!("[{}]", values.join(",")))
}

/// Run one extension op on CuTe-text arguments and print the result as CuTe would.
/// `Ok(None)` means the op is unknown (or listed in [`NOT_YET_IMPLEMENTED`]).
///
/// ```
/// let r = cute_tests::ext::run_ext_op("composed_coalesce", &["Sw<2,2,2> o _0 o (_2,_2,_2):(_1,_2,_4)"]);
/// assert_eq!(r.unwrap().unwrap(), "Sw<2,2,2> o _0 o _8:_1");
/// ```
pub fn run_ext_op(op: &str, args: &[&str]) -> Result<Option<String>, LayoutError> {
    let [a0, a1] = [0, 1].map(|i| {
        args.get(i).copied().ok_or_else(|| {
            LayoutError::from(cute::ErrorKind::InvalidArgument {
                op: "conform-ext",
                detail: format!("{op} needs argument {i}"),
            })
        })
    });
    if let Some(out) = run_tensor_op(op, args)? {
        return Ok(Some(out));
    }
    let out: AnyLayout = match op {
        "swizzle" => {
            let sw: cute::Swizzle = a0?.parse()?;
            let n = integer(a1?, false)?;
            return listed(n, |i| Ok(sw.call(cute::Int::new_dynamic(i)))).map(Some);
        }
        "composed_call" => {
            let c = composed(a0?)?;
            // CuTe prints each value with its tag: `_0` where everything is static.
            return listed(c.size()?.value(), |i| c.call(i)).map(Some);
        }
        "make_composed_swizzle" => cute::composition_swizzle(&a0?.parse()?, &a1?.parse()?),
        "composed_composition" => composed(a0?)?.composition(&a1?.parse()?)?,
        "composed_composition_tiler" => composed(a0?)?.composition_tiler(&a1?.parse()?)?,
        "composed_logical_divide" => composed(a0?)?.logical_divide_tiler(&a1?.parse()?)?,
        "composed_zipped_divide" => composed(a0?)?.zipped_divide(&a1?.parse()?)?,
        "composed_tiled_divide" => composed(a0?)?.tiled_divide(&a1?.parse()?)?,
        "composed_flat_divide" => composed(a0?)?.flat_divide(&a1?.parse()?)?,
        "composed_logical_product" => composed(a0?)?.logical_product(&a1?.parse()?)?,
        "composed_blocked_product" => composed(a0?)?.blocked_product(&a1?.parse()?)?,
        "composed_raked_product" => composed(a0?)?.raked_product(&a1?.parse()?)?,
        "composed_tile_to_shape" => composed(a0?)?.tile_to_shape(&a1?.parse()?)?,
        "composed_slice" => composed(a1?)?.slice(&a0?.parse::<Coord>()?)?,
        "composed_coalesce" => composed(a0?)?.coalesce()?,
        "composed_upcast" => composed(a1?)?.upcast(integer(a0?, true)?)?.into(),
        "composed_downcast" => composed(a1?)?.downcast(integer(a0?, true)?)?.into(),
        "composed_right_inverse" => composed(a0?)?.right_inverse()?,
        "composed_left_inverse" => composed(a0?)?.left_inverse()?,
        "composed_complement" => composed(a0?)?.complement()?.into(),
        "composed_position_independent" => {
            composed(a0?)?.as_position_independent_swizzle_layout()?
        }
        "gmma_atoms" => {
            let atom = cute::gmma_atom(a0?)?;
            match a1 {
                Ok(shape) => atom.tile_to_shape(&shape.parse()?)?,
                Err(_) => atom.into(),
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(out.to_string()))
}

/// The ops on tensors, identity tensors, TV layouts and MMA atoms (their results are not
/// layouts). `Ok(None)` for any other op.
fn run_tensor_op(op: &str, args: &[&str]) -> Result<Option<String>, LayoutError> {
    let arg = |i: usize| {
        args.get(i).copied().ok_or_else(|| {
            LayoutError::from(cute::ErrorKind::InvalidArgument {
                op: "conform-ext",
                detail: format!("{op} needs argument {i}"),
            })
        })
    };
    let tensor = || arg(0)?.parse::<Tensor>();
    let index = |i: usize| -> Result<cute::Int, LayoutError> {
        let n: IntTuple = arg(i)?.parse()?;
        n.as_int().ok_or_else(|| {
            cute::ErrorKind::InvalidArgument {
                op: "conform-ext",
                detail: format!("the thread index {n} is not an integer"),
            }
            .into()
        })
    };
    let out: Tensor = match op {
        "tensor_slice" => tensor()?.slice(&arg(1)?.parse()?)?,
        "inner_partition" => {
            cute::inner_partition(&tensor()?, &arg(1)?.parse()?, &arg(2)?.parse()?)?
        }
        "outer_partition" => {
            cute::outer_partition(&tensor()?, &arg(1)?.parse()?, &arg(2)?.parse()?)?
        }
        "local_tile" | "identity_local_tile" => {
            let (t, tiler, crd) = (tensor()?, arg(1)?.parse()?, arg(2)?.parse()?);
            match args.get(3) {
                Some(proj) => cute::local_tile_proj(&t, &tiler, &crd, &proj.parse()?)?,
                None => cute::local_tile(&t, &tiler, &crd)?,
            }
        }
        "local_partition" | "identity_local_partition" => {
            let (t, thr, idx) = (tensor()?, arg(1)?.parse()?, index(2)?);
            match args.get(3) {
                Some(proj) => cute::local_partition_proj(&t, &thr, idx, &proj.parse()?)?,
                None => cute::local_partition(&t, &thr, idx)?,
            }
        }
        "identity_tensor" => cute::make_identity_tensor(&arg(0)?.parse()?),
        "identity_tensor_call" => {
            let t = cute::make_identity_tensor(&arg(0)?.parse()?);
            return listed(t.size()?.value(), |i| t.call(i)).map(Some);
        }
        "identity_layout" => {
            return Ok(Some(
                cute::make_identity_layout(&arg(0)?.parse()?).to_string(),
            ));
        }
        "make_layout_tv" => {
            let (tiler, tv) = cute::make_layout_tv(&arg(0)?.parse()?, &arg(1)?.parse()?)?;
            return Ok(Some(format!("({tiler},{tv})")));
        }
        "mma_atom_layouts" => {
            let atom = cute::mma_atom(arg(0)?)?;
            let out = match arg(1)? {
                "ThrID" => atom.thr_id.to_string(),
                "Shape_MNK" => atom.shape_mnk.to_string(),
                "ALayout" => atom.a_layout.to_string(),
                "BLayout" => atom.b_layout.to_string(),
                "CLayout" => atom.c_layout.to_string(),
                other => {
                    return Err(cute::ErrorKind::InvalidArgument {
                        op: "conform-ext",
                        detail: format!("MMA_Traits has no member {other}"),
                    }
                    .into());
                }
            };
            return Ok(Some(out));
        }
        _ => return Ok(None),
    };
    Ok(Some(out.to_string()))
}

/// The fields of a record that the verdict needs.
struct Record<'a> {
    op: &'a str,
    args: Vec<&'a str>,
    result: Option<&'a str>,
    must_reject: bool,
    twin: Option<&'a str>,
}

fn record(v: &serde_json::Value) -> Result<Record<'_>, String> {
    let field = |k: &str| v.get(k).and_then(serde_json::Value::as_str);
    let args = v
        .get("args")
        .and_then(serde_json::Value::as_array)
        .ok_or("record without args")?
        .iter()
        .map(|a| a.as_str().ok_or("non-string argument"))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Record {
        op: field("op").ok_or("record without op")?,
        args,
        result: field("result"),
        must_reject: v.get("error").is_some() || v.get("unchecked").is_some(),
        twin: field("static_twin_differs"),
    })
}

/// Whether two printed (composed) layouts or memory tensors are the same function: same size,
/// same values (a tensor `OFF|L` is `OFF + L(i)`).
fn same_function(a: &str, b: &str) -> bool {
    if let (Ok(a), Ok(b)) = (a.parse::<Tensor>(), b.parse::<Tensor>()) {
        return match (a.size(), b.size()) {
            (Ok(n), Ok(m)) if n.value() == m.value() && (0..=1 << 20).contains(&n.value()) => {
                (0..n.value()).all(|i| matches!((a.call(i), b.call(i)), (Ok(x), Ok(y)) if x == y))
            }
            _ => false,
        };
    }
    let (Ok(a), Ok(b)) = (a.parse::<AnyLayout>(), b.parse::<AnyLayout>()) else {
        return false;
    };
    match (a.size(), b.size()) {
        (Ok(n), Ok(m)) if n.value() == m.value() && (0..=1 << 20).contains(&n.value()) => (0..n
            .value())
            .all(|i| matches!((a.call(i), b.call(i)), (Ok(x), Ok(y)) if x.value() == y.value())),
        _ => false,
    }
}

fn judge(r: &Record<'_>) -> Outcome {
    if NOT_YET_IMPLEMENTED.contains(&r.op) {
        return Outcome::Skip(format!("{} is not implemented in cute-dynamic yet", r.op));
    }
    let got = match run_ext_op(r.op, &r.args) {
        Ok(None) => return Outcome::Fail(format!("unknown op {}", r.op)),
        Ok(Some(got)) => got,
        Err(_) if r.must_reject || r.twin.is_some() => return Outcome::Pass,
        Err(e) => return Outcome::Fail(format!("rejected ({e}), want {:?}", r.result)),
    };
    match (r.must_reject, r.result, r.twin) {
        (true, _, _) => Outcome::Fail(format!("accepted ({got}) but CuTe rejects it")),
        (false, Some(want), _) if got == want => Outcome::Pass,
        (false, Some(want), Some(twin))
            if same_function(&got, want) || same_function(&got, twin) =>
        {
            Outcome::Pass
        }
        (false, Some(want), twin) => Outcome::Fail(match twin {
            Some(t) => format!("got {got}, want {want} or the function of {t}"),
            None => format!("got {got}, want {want}"),
        }),
        (false, None, _) => Outcome::Fail("record has neither result nor error".into()),
    }
}

/// Judge one JSON line of the extension vector file.
///
/// ```
/// use cute_tests::{Outcome, ext::check_ext_line};
/// let line = r#"{"id":"x/static/0","op":"tensor_slice","variant":"static","args":["_0|(_5,_8):(_8,_1)","(_1,_)"],"result":"_8|(_8):(_1)"}"#;
/// assert_eq!(check_ext_line(line).outcome, Outcome::Pass);
/// ```
pub fn check_ext_line(line: &str) -> Verdict {
    let value: serde_json::Value = serde_json::from_str(line).unwrap_or(serde_json::Value::Null);
    let name = |k: &str| {
        value
            .get(k)
            .and_then(|x| x.as_str())
            .unwrap_or("?")
            .to_string()
    };
    let outcome = match (&value, record(&value)) {
        (serde_json::Value::Null, _) => Outcome::Fail("malformed JSON".into()),
        (_, Err(why)) => Outcome::Fail(why),
        (_, Ok(r)) => judge(&r),
    };
    Verdict {
        id: name("id"),
        op: name("op"),
        variant: name("variant"),
        outcome,
    }
}

/// Judge every line of the extension vector file: the verdicts and the per-(op, variant) table
/// (passed, failed, skipped, and a corrected count that is always 0 here).
///
/// ```
/// let (verdicts, table) = cute_tests::ext::check_ext_all("oops\n");
/// assert_eq!(verdicts[0].id, "line 1");
/// assert_eq!(cute_tests::totals(&table), [0, 1, 0, 0]);
/// ```
pub fn check_ext_all(text: &str) -> (Vec<Verdict>, Table) {
    let verdicts: Vec<Verdict> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, l)| {
            let v = check_ext_line(l);
            match v.id.as_str() {
                "?" => Verdict {
                    id: format!("line {}", n + 1),
                    ..v
                },
                _ => v,
            }
        })
        .collect();
    let mut table = Table::new();
    for v in &verdicts {
        let column = match v.outcome {
            Outcome::Pass | Outcome::Corrected(_) => 0,
            Outcome::Fail(_) => 1,
            Outcome::Skip(_) => 2,
        };
        table
            .entry((v.op.clone(), v.variant.clone()))
            .or_insert([0; 4])[column] += 1;
    }
    (verdicts, table)
}
