//! Evaluation: every `cute-dynamic` operation by its CuTe name, on values of the right kind.
//!
//! The operations are cute-dynamic's registry ([`cute_dynamic::ops`], one entry per overload:
//! CuTe's name, the kinds of the arguments, the CuTe call, the kind of the result); [`apply`]
//! runs the first overload of a name whose kinds take the evaluated arguments. Where CuTe
//! overloads a name, the kind of the arguments picks the overload: `composition(A, B)` with a
//! layout `B` is layout composition, with any other tiler it is by-mode composition
//! (`composition_tiler`); `complement(L)` is `complement1`; `coalesce(L, P)` is
//! `coalesce_profile`; and so on.
//!
//! Swizzles and composed layouts (`A o O o B`) take the same names: an operation with a composed
//! layout argument runs `cute-dynamic`'s operation on composed layouts (`A o O o op(B, ...)` for
//! most of them, CuTe's own rules for evaluation, slicing, up-/downcast, the inverses and the
//! complement); `composition(Sw, L)` swizzles a layout.

use crate::error::CliError;
use crate::value::Value;
use cute_dynamic::ops::{self, Kind, Op, Operand};
use cute_dynamic::{self as cute, ComposedLayout, Coord, LayoutFn, Offset, Tensor, Tiler};
use std::collections::HashMap;

/// Most values `call(L)` lists (the same cap as the pictures).
pub const MAX_LIST: usize = ops::MAX_LIST;

/// The names of the operations, each once: CuTe's names, then the conformance vectors' names of
/// CuTe's overloads (`composition_tiler`), from cute-dynamic's registry ([`cute_dynamic::ops`]).
///
/// ```
/// let names = cute_cli::eval::op_names();
/// assert!(names.contains(&"composition") && names.contains(&"composition_tiler"));
/// ```
pub fn op_names() -> Vec<&'static str> {
    ops::names()
}

/// Whether `name` is an operation.
///
/// ```
/// assert!(cute_cli::eval::is_op("zipped_divide") && !cute_cli::eval::is_op("zipped"));
/// ```
pub fn is_op(name: &str) -> bool {
    ops::overloads(name).next().is_some()
}

/// One overload in a signature: its argument letters per position, its result.
struct Form {
    name: &'static str,
    args: Vec<Vec<&'static str>>,
    required: usize,
    variadic: bool,
    result: &'static str,
}

impl Form {
    fn text(&self) -> String {
        let mut parts: Vec<String> = self.args.iter().map(|k| k.join(" | ")).collect();
        if self.variadic {
            parts.push("...".into());
        }
        let (required, optional) = parts.split_at(self.required.min(parts.len()));
        let mut args = required.join(", ");
        if !optional.is_empty() && !self.variadic {
            args.push_str(&format!(" [, {}]", optional.join(", ")));
        } else if !optional.is_empty() {
            args.push_str(&format!(", {}", optional.join(", ")));
        }
        format!("{}({args}) -> {}", self.name, self.result)
    }
}

/// The signature of an operation, from its overloads in the registry: overloads with the same
/// result that differ in one argument are one form (`size(S | L | C | X | I) -> integer`).
///
/// ```
/// assert_eq!(cute_cli::eval::signature("cosize"), "cosize(L | C) -> integer");
/// ```
pub fn signature(name: &str) -> String {
    let mut forms: Vec<Form> = Vec::new();
    for op in ops::overloads(name) {
        let args: Vec<Vec<&'static str>> = op.args.iter().map(|k| vec![k.letter()]).collect();
        let merged = forms.iter_mut().any(|f| {
            let differ: Vec<usize> = (0..args.len())
                .filter(|&i| f.args.get(i).is_none_or(|a| !a.contains(&args[i][0])))
                .collect();
            // One position may vary, so that the form claims no overload that is not there.
            let varying = (0..f.args.len()).find(|&i| f.args[i].len() > 1);
            let fits = f.result == op.result.noun()
                && f.args.len() == args.len()
                && f.required == op.required
                && f.variadic == op.variadic
                && match differ[..] {
                    [] => true,
                    [i] => varying.is_none_or(|v| v == i),
                    _ => false,
                };
            if fits {
                if let Some(&i) = differ.first() {
                    f.args[i].push(args[i][0]);
                }
            }
            fits
        });
        if !merged {
            forms.push(Form {
                name: op.alias.filter(|a| *a == name).unwrap_or(op.name),
                args,
                required: op.required,
                variadic: op.variadic,
                result: op.result.noun(),
            });
        }
    }
    forms.iter().map(Form::text).collect::<Vec<_>>().join(" | ")
}

/// Levenshtein distance, for "did you mean".
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(here + 1);
            prev = here;
        }
    }
    row[b.len()]
}

/// The known operation closest to a misspelt name, if one is close.
///
/// ```
/// assert_eq!(cute_cli::eval::suggest("composiiton"), Some("composition"));
/// ```
pub fn suggest(name: &str) -> Option<&'static str> {
    op_names()
        .into_iter()
        .map(|n| (distance(name, n), n))
        .filter(|(d, n)| *d <= 2.max(n.len() / 4))
        .min()
        .map(|(_, n)| n)
}

/// An evaluated argument and where its expression starts in the input.
#[derive(Clone, Debug)]
pub struct Arg {
    /// The value.
    pub value: Value,
    /// Byte offset of the argument's expression.
    pub at: usize,
}

/// `A o O o B` from its evaluated parts: `A` and `B` swizzles or layouts, `O` an offset.
/// `what` names the expression for errors.
pub fn make_composed(
    a: &Arg,
    offset: Offset,
    b: &Arg,
    what: &str,
) -> Result<ComposedLayout, CliError> {
    let side = |arg: &Arg, name: &str| match arg.value.operand(Kind::LayoutFn) {
        Some(Operand::Swizzle(s)) => Ok(LayoutFn::Swizzle(s)),
        Some(Operand::Layout(l)) => Ok(LayoutFn::Layout(l)),
        _ => Err(CliError::at(
            format!(
                "{what}: {name} must be a swizzle Sw<B,M,S> or a layout shape:stride, got {} {}",
                arg.value.kind(),
                arg.value.show(crate::View::Cute)
            ),
            arg.at,
        )),
    };
    Ok(cute::make_composed_layout(
        side(a, "A")?,
        offset,
        side(b, "B")?,
    ))
}

/// Whether a value is of a kind that only some operations take (tensors, layouts of
/// coordinates, MMA atoms, swizzles, composed layouts): an operation none of whose overloads
/// takes it "does not take" it, where a plain value "must be" what the operation wants.
fn is_special(v: &Value) -> bool {
    matches!(
        v,
        Value::Tensor(_)
            | Value::CoordLayout(_)
            | Value::Mma(_)
            | Value::Swizzle(_)
            | Value::Composed(_)
    )
}

/// Why no overload of `name` takes the arguments.
fn mismatch(name: &str, overloads: &[&Op], args: &[Arg]) -> CliError {
    let first_bad = |op: &Op| {
        (0..args.len()).find(|&i| op.arg(i).and_then(|k| args[i].value.operand(k)).is_none())
    };
    // The overload that takes the longest run of the arguments (the first of equals).
    let (op, i) = overloads
        .iter()
        .filter_map(|op| first_bad(op).map(|i| (*op, i)))
        .fold(None, |best: Option<(&Op, usize)>, (op, i)| match best {
            Some((_, j)) if j >= i => best,
            _ => Some((op, i)),
        })
        .unwrap_or((overloads[0], 0));
    let a = &args[i];
    let taken = overloads
        .iter()
        .any(|o| o.arg(i).and_then(|k| a.value.operand(k)).is_some());
    let message = if is_special(&a.value) && !taken {
        format!(
            "{name}: argument {} is {} {}, which {name} does not take (`cute --list-ops` shows \
             the arguments of each operation)",
            i + 1,
            a.value.kind(),
            a.value.show(crate::View::Cute)
        )
    } else {
        let want = op.arg(i).map_or("another value", Kind::describe);
        format!(
            "{name}: argument {} must be {want}, got {} {}",
            i + 1,
            a.value.kind(),
            a.value.show(crate::View::Cute)
        )
    };
    CliError::at(message, a.at)
}

/// Run the operation `name` on evaluated arguments: the first of its overloads in cute-dynamic's
/// registry whose kinds take the arguments. `at` is where the call starts (algebra errors point
/// there).
///
/// ```
/// use cute_cli::eval::{apply, Arg};
/// use cute_cli::{Value, View};
/// let l = |s: &str| Arg { value: Value::Layout(s.parse().unwrap()), at: 0 };
/// let r = apply("composition", 0, &[l("(10,2):(16,4)"), l("(5,4):(1,5)")]).unwrap();
/// assert_eq!(r.show(View::Cute), "((5,1),(2,2)):((16,4),(80,4))");
/// ```
pub fn apply(name: &str, at: usize, args: &[Arg]) -> Result<Value, CliError> {
    let overloads: Vec<&Op> = ops::overloads(name).collect();
    if overloads.is_empty() {
        let hint = suggest(name)
            .map(|s| format!(" (did you mean {s}?)"))
            .unwrap_or_default();
        return Err(CliError::at(
            format!("unknown operation '{name}'{hint}; `cute --list-ops` lists them"),
            at,
        ));
    }
    let takes: Vec<&Op> = overloads
        .iter()
        .copied()
        .filter(|op| op.takes(args.len()))
        .collect();
    if takes.is_empty() {
        let min = overloads.iter().map(|o| o.required).min().unwrap_or(0);
        let max = overloads
            .iter()
            .map(|o| if o.variadic { usize::MAX } else { o.args.len() })
            .max()
            .unwrap_or(0);
        let count = match (min, max) {
            (a, b) if a == b => format!("{a}"),
            (a, usize::MAX) => format!("at least {a}"),
            (a, b) => format!("{a} to {b}"),
        };
        return Err(CliError::at(
            format!(
                "{name} takes {count} argument{}, got {}: {}",
                if max == 1 { "" } else { "s" },
                args.len(),
                signature(name)
            ),
            at,
        ));
    }
    for op in &takes {
        let operands: Option<Vec<Operand>> = args
            .iter()
            .enumerate()
            .map(|(i, a)| a.value.operand(op.arg(i)?))
            .collect();
        if let Some(operands) = operands {
            return op
                .apply(&operands)
                .map(Value::from_operand)
                .map_err(|e| CliError::at(e.to_string(), at));
        }
    }
    Err(mismatch(name, &takes, args))
}

/// Names bound in a session (`A = ...`).
pub type Names = HashMap<String, Value>;

/// Evaluate a parsed expression, looking names up in `names`.
pub fn eval(expr: &crate::parse::Expr, names: &Names) -> Result<Value, CliError> {
    use crate::parse::Expr;
    match expr {
        Expr::Literal { value, .. } => Ok(value.clone()),
        Expr::Name { name, at } => names
            .get(name)
            .cloned()
            .or_else(|| crate::named::mma(name))
            .ok_or_else(|| {
                let hint = if is_op(name) {
                    format!(" ({name} is an operation: call it as {name}(...))")
                } else if name.starts_with("SM") || name.starts_with("Universal") {
                    " (not an MMA atom either: `cute --list-atoms` lists them)".to_string()
                } else {
                    String::new()
                };
                CliError::at(format!("unknown name '{name}'{hint}"), *at)
            }),
        Expr::Call { name, at, args } => {
            if !is_op(name) {
                if let Some(value) = names.get(name) {
                    let callee = Arg {
                        value: value.clone(),
                        at: *at,
                    };
                    return apply_value(callee, &eval_args(args, names)?, *at);
                }
                return apply(name, *at, &[]);
            }
            apply(name, *at, &eval_args(args, names)?)
        }
        Expr::Apply { callee, args, at } => {
            let callee = Arg {
                value: eval(callee, names)?,
                at: callee.at(),
            };
            apply_value(callee, &eval_args(args, names)?, *at)
        }
        Expr::Tensor { offset, layout, .. } => {
            let o = eval(offset, names)?;
            let offset_value = o.to_int().ok_or_else(|| {
                CliError::at(
                    format!(
                        "the offset of a tensor OFF|L must be an integer, got {} {}",
                        o.kind(),
                        o.show(crate::View::Cute)
                    ),
                    offset.at(),
                )
            })?;
            let l = eval(layout, names)?;
            let layout = l.as_any_layout().ok_or_else(|| {
                CliError::at(
                    format!(
                        "the layout of a tensor OFF|L must be a layout or a composed layout, got \
                         {} {}",
                        l.kind(),
                        l.show(crate::View::Cute)
                    ),
                    layout.at(),
                )
            })?;
            Ok(Value::Tensor(Tensor::Memory {
                offset: offset_value,
                layout,
            }))
        }
        Expr::Composed {
            a, offset, b, at, ..
        } => {
            let a = Arg {
                value: eval(a, names)?,
                at: a.at(),
            };
            let b = Arg {
                value: eval(b, names)?,
                at: b.at(),
            };
            let offset = match offset {
                crate::parse::OffsetExpr::Tag { value, .. } => *value,
                crate::parse::OffsetExpr::Expr(e) => {
                    let v = eval(e, names)?;
                    Offset::Int(v.to_int().ok_or_else(|| {
                        CliError::at(
                            format!(
                                "the offset of a composed layout must be an integer, \
                                 smem_ptr[Nb](unset) or a MixedBits print, got {} {}",
                                v.kind(),
                                v.show(crate::View::Cute)
                            ),
                            e.at(),
                        )
                    })?)
                }
            };
            let _ = at;
            Ok(Value::Composed(make_composed(
                &a,
                offset,
                &b,
                "composed layout",
            )?))
        }
    }
}

fn eval_args(args: &[crate::parse::Expr], names: &Names) -> Result<Vec<Arg>, CliError> {
    args.iter()
        .map(|a| {
            Ok(Arg {
                value: eval(a, names)?,
                at: a.at(),
            })
        })
        .collect()
}

fn has_underscore(c: &Coord) -> bool {
    match c {
        Coord::Int(_) => false,
        Coord::Underscore => true,
        Coord::Tuple(items) => items.iter().any(has_underscore),
    }
}

/// `F(c)`: a layout, composed layout, swizzle or tensor applied to a coordinate (one argument,
/// or the modes of a coordinate), as `call(F, c)`; a coordinate with `_` slices, as
/// `slice(c, F)` (CuTe's `tensor(_,3)`).
pub fn apply_value(callee: Arg, args: &[Arg], at: usize) -> Result<Value, CliError> {
    let callable = callee.value.as_any_layout().is_some()
        || matches!(callee.value, Value::Swizzle(_) | Value::Tensor(_));
    if !callable {
        return Err(CliError::at(
            format!(
                "{} {} cannot be applied to a coordinate; only layouts, composed layouts, \
                 swizzles and tensors can",
                callee.value.kind(),
                callee.value.show(crate::View::Cute)
            ),
            at,
        ));
    }
    let coord = match args {
        [] => {
            return Err(CliError::at(
                "a coordinate is needed between the parentheses, e.g. Sw<3,4,3>(128)",
                at,
            ));
        }
        [one] => one.clone(),
        many => {
            let modes = many
                .iter()
                .map(|a| {
                    a.value.to_coord().ok_or_else(|| {
                        CliError::at(
                            format!(
                                "a coordinate mode must be an integer, '_' or a tuple of them, \
                                 got {} {}",
                                a.value.kind(),
                                a.value.show(crate::View::Cute)
                            ),
                            a.at,
                        )
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            Arg {
                value: Value::from_tiler(
                    Value::Coord(Coord::Tuple(modes))
                        .to_tiler()
                        .unwrap_or(Tiler::Underscore),
                ),
                at: many[0].at,
            }
        }
    };
    let sliced = matches!(&coord.value, Value::Coord(c) if has_underscore(c));
    if sliced && !matches!(callee.value, Value::Swizzle(_)) {
        return apply("slice", at, &[coord, callee]);
    }
    apply("call", at, &[callee, coord])
}
