//! Evaluation: every `cute-dynamic` operation by its CuTe name, on values of the right kind.
//!
//! [`OPS`] lists the operations with their arguments; [`apply`] runs one on evaluated
//! arguments. Where CuTe overloads a name, the kind of the arguments picks the overload:
//! `composition(A, B)` with a layout `B` is layout composition, with any other tiler it is
//! by-mode composition (`composition_tiler`); `complement(L)` is `complement1`;
//! `coalesce(L, P)` is `coalesce_profile`; and so on.
//!
//! Swizzles and composed layouts (`A o O o B`) take the same names: an operation with a composed
//! layout argument runs `cute-dynamic`'s operation on composed layouts (`A o O o op(B, ...)` for
//! most of them, CuTe's own rules for evaluation, slicing, up-/downcast, the inverses and the
//! complement); `composition(Sw, L)` swizzles a layout.

use crate::error::CliError;
use crate::value::Value;
use cute_dynamic::{
    self as cute, AnyLayout, ComposedLayout, Coord, Int, IntTuple, Layout, LayoutError, LayoutFn,
    Major, Offset, Tensor, Tiler,
};
use std::collections::HashMap;

/// Most values `call(L)` lists (the same cap as the pictures).
pub const MAX_LIST: usize = 65_536;

/// One operation: its name, how many arguments it takes, and its signature for `--list-ops`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Op {
    /// The CuTe name (or the conformance-vector name of an overload).
    pub name: &'static str,
    /// Fewest arguments.
    pub min: usize,
    /// Most arguments.
    pub max: usize,
    /// The arguments and the result: `A`, `B`, `L` layouts, `S` shapes, `T` tilers, `c`
    /// coordinates.
    pub signature: &'static str,
}

const fn op(name: &'static str, min: usize, max: usize, signature: &'static str) -> Op {
    Op {
        name,
        min,
        max,
        signature,
    }
}

/// Every operation the evaluator knows, in the order of the conformance format's op table,
/// then the constructors and accessors.
pub const OPS: &[Op] = &[
    op("size", 1, 1, "size(S | L | C | X | I) -> integer"),
    op(
        "flatten",
        1,
        1,
        "flatten(t | L) -> t with the nesting removed",
    ),
    op("shape_div", 2, 2, "shape_div(a, b) -> integer tuple"),
    op("ceil_div", 2, 2, "ceil_div(a, b) -> integer tuple"),
    op("compact_col_major", 1, 1, "compact_col_major(S) -> stride"),
    op("compact_row_major", 1, 1, "compact_row_major(S) -> stride"),
    op("idx2crd", 2, 3, "idx2crd(idx, S [, D]) -> coordinate"),
    op("crd2idx", 2, 3, "crd2idx(c, S, D) | crd2idx(c, L) -> index"),
    op("congruent", 2, 2, "congruent(a, b) -> boolean"),
    op("compatible", 2, 2, "compatible(a, b) -> boolean"),
    op(
        "weakly_congruent",
        2,
        2,
        "weakly_congruent(a, b) -> boolean",
    ),
    op(
        "call",
        1,
        2,
        "call(L | C | X | I) -> [L(0),L(1),...] | call(L | C | X | I, c) -> L(c) | call(Sw, i) -> Sw(i)",
    ),
    op("cosize", 1, 1, "cosize(L | C) -> integer"),
    op("coalesce", 1, 2, "coalesce(L | C [, P]) -> layout"),
    op(
        "coalesce_profile",
        2,
        2,
        "coalesce_profile(L | C, P) -> layout",
    ),
    op("filter", 1, 1, "filter(L) -> layout"),
    op(
        "filter_zeros",
        1,
        2,
        "filter_zeros(L) -> layout | filter_zeros(a, b) -> tuple",
    ),
    op(
        "composition",
        2,
        2,
        "composition(A | C, B | T) | composition(Sw, L) | composition(L, Sw) -> layout",
    ),
    op(
        "composition_tiler",
        2,
        2,
        "composition_tiler(A | C, T) -> layout",
    ),
    op(
        "complement",
        1,
        2,
        "complement(L | C [, cotarget]) -> layout",
    ),
    op("complement1", 1, 1, "complement1(L | C) -> layout"),
    op("right_inverse", 1, 1, "right_inverse(L | C) -> layout"),
    op("left_inverse", 1, 1, "left_inverse(L | C) -> layout"),
    op(
        "logical_divide",
        2,
        2,
        "logical_divide(A | C, B | T) -> layout",
    ),
    op(
        "logical_divide_tiler",
        2,
        2,
        "logical_divide_tiler(A | C, T) -> layout",
    ),
    op(
        "zipped_divide",
        2,
        2,
        "zipped_divide(A | C | X | I, T) -> layout | tensor",
    ),
    op("tiled_divide", 2, 2, "tiled_divide(A | C, T) -> layout"),
    op("flat_divide", 2, 2, "flat_divide(A | C, T) -> layout"),
    op(
        "logical_product",
        2,
        2,
        "logical_product(A, B | T) | logical_product(C, B) -> layout",
    ),
    op(
        "logical_product_tiler",
        2,
        2,
        "logical_product_tiler(A, T) -> layout",
    ),
    op("zipped_product", 2, 2, "zipped_product(A | C, T) -> layout"),
    op("tiled_product", 2, 2, "tiled_product(A | C, T) -> layout"),
    op("flat_product", 2, 2, "flat_product(A | C, T) -> layout"),
    op(
        "blocked_product",
        2,
        2,
        "blocked_product(A | C, B) -> layout",
    ),
    op("raked_product", 2, 2, "raked_product(A | C, B) -> layout"),
    op(
        "max_common_vector",
        2,
        2,
        "max_common_vector(A, B) -> integer",
    ),
    op(
        "max_common_layout",
        2,
        2,
        "max_common_layout(A, B) -> layout",
    ),
    op("nullspace", 1, 1, "nullspace(L) -> layout"),
    op(
        "make_ordered_layout",
        2,
        2,
        "make_ordered_layout(S, order) -> layout",
    ),
    op(
        "slice",
        2,
        2,
        "slice(c, L | C | X | I | t) -> the modes where c has '_'",
    ),
    op(
        "dice",
        2,
        2,
        "dice(c, L | t) -> the modes where c has an integer",
    ),
    op("append", 2, 2, "append(A, B) -> layout"),
    op("prepend", 2, 2, "prepend(A, B) -> layout"),
    op("tile_to_shape", 2, 2, "tile_to_shape(A | C, S) -> layout"),
    op("upcast", 2, 2, "upcast(_N, L | C | Sw) -> layout"),
    op("downcast", 2, 2, "downcast(_N, L | C | Sw) -> layout"),
    op(
        "make_layout",
        1,
        usize::MAX,
        "make_layout(S [, D]) | make_layout(L0, L1, ...) -> layout",
    ),
    op(
        "make_layout_right",
        1,
        1,
        "make_layout_right(S) -> layout (row-major)",
    ),
    op("rank", 1, 1, "rank(L | C | t) -> integer"),
    op("depth", 1, 1, "depth(L | C | t) -> integer"),
    op("shape", 1, 1, "shape(L | C | X | I) -> shape"),
    op("stride", 1, 1, "stride(L) -> stride"),
    op("get", 2, 2, "get(L | C | T | t, i) -> mode i"),
    op(
        "make_tile",
        1,
        usize::MAX,
        "make_tile(T0, T1, ...) -> tiler (a tuple of layouts, shapes, '_')",
    ),
    op(
        "make_composed_layout",
        3,
        3,
        "make_composed_layout(A, O, B) -> composed layout A o O o B (Sw or L each side)",
    ),
    op(
        "as_position_independent_swizzle_layout",
        1,
        1,
        "as_position_independent_swizzle_layout(C) -> the swizzle of a GMMA atom on element offsets",
    ),
    op("layout_a", 1, 1, "layout_a(C) -> A of A o O o B"),
    op("layout_b", 1, 1, "layout_b(C) -> B of A o O o B"),
    op(
        "make_tensor",
        1,
        1,
        "make_tensor(L | C) -> the tensor _0|L (OFF|L is a tensor literal)",
    ),
    op(
        "make_identity_tensor",
        1,
        1,
        "make_identity_tensor(S) -> identity tensor ArithTuple(_0,...) o S:(_1@0,...)",
    ),
    op(
        "make_identity_layout",
        1,
        1,
        "make_identity_layout(S) -> layout S:(_1@0,_1@1,...)",
    ),
    op(
        "local_tile",
        3,
        4,
        "local_tile(X | I, T, c [, proj]) -> the tile at c (proj e.g. (_1,_,_1))",
    ),
    op(
        "local_partition",
        3,
        4,
        "local_partition(X | I, thr, idx [, proj]) -> the elements thread idx owns",
    ),
    op(
        "inner_partition",
        3,
        3,
        "inner_partition(X | I, T, c) -> the tile at c",
    ),
    op(
        "outer_partition",
        3,
        3,
        "outer_partition(X | I, T, c) -> element c of every tile",
    ),
    op("layout", 1, 1, "layout(X | I) -> the layout of a tensor"),
    op(
        "make_layout_tv",
        2,
        2,
        "make_layout_tv(thr, val) -> (tiler_mn, layout_tv)",
    ),
    op("thr_id", 1, 1, "thr_id(MMA) -> ThrID of an MMA atom"),
    op(
        "shape_mnk",
        1,
        1,
        "shape_mnk(MMA) -> Shape_MNK of an MMA atom",
    ),
    op(
        "a_layout",
        1,
        1,
        "a_layout(MMA) -> ALayout (LayoutA_TV) of an MMA atom",
    ),
    op(
        "b_layout",
        1,
        1,
        "b_layout(MMA) -> BLayout (LayoutB_TV) of an MMA atom",
    ),
    op(
        "c_layout",
        1,
        1,
        "c_layout(MMA) -> CLayout (LayoutC_TV) of an MMA atom",
    ),
];

/// The operation called `name`.
pub fn find_op(name: &str) -> Option<&'static Op> {
    OPS.iter().find(|o| o.name == name)
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
pub fn suggest(name: &str) -> Option<&'static str> {
    OPS.iter()
        .map(|o| (distance(name, o.name), o.name))
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

struct Call<'a> {
    name: &'a str,
    at: usize,
    args: &'a [Arg],
}

impl Call<'_> {
    fn wrong(&self, i: usize, want: &str) -> CliError {
        let a = &self.args[i];
        CliError::at(
            format!(
                "{}: argument {} must be {want}, got {} {}",
                self.name,
                i + 1,
                a.value.kind(),
                a.value.show(crate::View::Cute)
            ),
            a.at,
        )
    }

    fn value(&self, i: usize) -> &Value {
        &self.args[i].value
    }

    fn layout(&self, i: usize) -> Result<&Layout, CliError> {
        self.value(i)
            .as_layout()
            .ok_or_else(|| self.wrong(i, "a layout shape:stride"))
    }

    fn tuple(&self, i: usize) -> Result<IntTuple, CliError> {
        self.value(i)
            .to_int_tuple()
            .ok_or_else(|| self.wrong(i, "an integer or an integer tuple"))
    }

    fn coord(&self, i: usize) -> Result<Coord, CliError> {
        self.value(i)
            .to_coord()
            .ok_or_else(|| self.wrong(i, "a coordinate (integers and '_')"))
    }

    fn tiler(&self, i: usize) -> Result<Tiler, CliError> {
        self.value(i)
            .to_tiler()
            .ok_or_else(|| self.wrong(i, "a tiler (layouts, integers, '_' in a tuple)"))
    }

    fn tensor(&self, i: usize) -> Result<&Tensor, CliError> {
        match self.value(i) {
            Value::Tensor(t) => Ok(t),
            _ => Err(self.wrong(
                i,
                "a tensor (OFF|L, make_tensor(L), make_identity_tensor(S))",
            )),
        }
    }

    fn int(&self, i: usize) -> Result<Int, CliError> {
        self.value(i)
            .to_int()
            .ok_or_else(|| self.wrong(i, "an integer"))
    }

    fn index(&self, i: usize) -> Result<usize, CliError> {
        let n = self.int(i)?;
        usize::try_from(n.value()).map_err(|_| self.wrong(i, "a non-negative integer"))
    }

    /// A `cute-dynamic` error, pointing at the call.
    fn algebra(&self, e: LayoutError) -> CliError {
        CliError::at(e.to_string(), self.at)
    }
}

fn static_int(i: usize) -> Value {
    let i = i32::try_from(i).unwrap_or(i32::MAX);
    Value::Tuple(IntTuple::s(i))
}

/// A swizzle or a layout, for a side of a composed layout.
fn layout_fn(v: &Value) -> Option<LayoutFn> {
    match v {
        Value::Swizzle(s) => Some(LayoutFn::Swizzle(*s)),
        Value::Layout(l) => Some(LayoutFn::Layout(l.clone())),
        _ => None,
    }
}

/// `A o O o B` from its evaluated parts: `A` and `B` swizzles or layouts, `O` an offset.
/// `side` names an argument position for errors (`a`, `b` are the positions of `A` and `B`).
pub fn make_composed(
    a: &Arg,
    offset: Offset,
    b: &Arg,
    what: &str,
) -> Result<ComposedLayout, CliError> {
    let side = |arg: &Arg, name: &str| {
        layout_fn(&arg.value).ok_or_else(|| {
            CliError::at(
                format!(
                    "{what}: {name} must be a swizzle Sw<B,M,S> or a layout shape:stride, got {} {}",
                    arg.value.kind(),
                    arg.value.show(crate::View::Cute)
                ),
                arg.at,
            )
        })
    };
    Ok(cute::make_composed_layout(
        side(a, "A")?,
        offset,
        side(b, "B")?,
    ))
}

/// Run the operation `name` on evaluated arguments. `at` is where the call starts (algebra
/// errors point there).
///
/// ```
/// use cute_cli::eval::{apply, Arg};
/// use cute_cli::{Value, View};
/// let l = |s: &str| Arg { value: Value::Layout(s.parse().unwrap()), at: 0 };
/// let r = apply("composition", 0, &[l("(10,2):(16,4)"), l("(5,4):(1,5)")]).unwrap();
/// assert_eq!(r.show(View::Cute), "((5,1),(2,2)):((16,4),(80,4))");
/// ```
pub fn apply(name: &str, at: usize, args: &[Arg]) -> Result<Value, CliError> {
    let Some(op) = find_op(name) else {
        let hint = suggest(name)
            .map(|s| format!(" (did you mean {s}?)"))
            .unwrap_or_default();
        return Err(CliError::at(
            format!("unknown operation '{name}'{hint}; `cute --list-ops` lists them"),
            at,
        ));
    };
    if args.len() < op.min || args.len() > op.max {
        let count = match (op.min, op.max) {
            (a, b) if a == b => format!("{a}"),
            (a, usize::MAX) => format!("at least {a}"),
            (a, b) => format!("{a} to {b}"),
        };
        return Err(CliError::at(
            format!(
                "{name} takes {count} argument{}, got {}: {}",
                if op.max == 1 { "" } else { "s" },
                args.len(),
                op.signature
            ),
            at,
        ));
    }
    let c = Call { name, at, args };
    run(&c).map_err(|e| match e {
        Failure::Cli(e) => e,
        Failure::Algebra(e) => c.algebra(e),
    })
}

enum Failure {
    Cli(CliError),
    Algebra(LayoutError),
}

impl From<CliError> for Failure {
    fn from(e: CliError) -> Self {
        Failure::Cli(e)
    }
}

impl From<LayoutError> for Failure {
    fn from(e: LayoutError) -> Self {
        Failure::Algebra(e)
    }
}

impl From<cute_dynamic::IntError> for Failure {
    fn from(e: cute_dynamic::IntError) -> Self {
        Failure::Algebra(e.into())
    }
}

fn lay(l: Layout) -> Result<Value, Failure> {
    Ok(Value::Layout(l))
}

fn tup(t: IntTuple) -> Result<Value, Failure> {
    Ok(Value::Tuple(t))
}

fn int(i: Int) -> Result<Value, Failure> {
    Ok(Value::Tuple(IntTuple::Int(i)))
}

/// `call(L)`: every offset, at most [`MAX_LIST`] of them.
fn call_all(c: &Call<'_>, l: &Layout) -> Result<Value, Failure> {
    let n = l.size()?.value();
    let n = usize::try_from(n)
        .map_err(|_| CliError::at(format!("call: {l} has negative size {n}"), c.at))?;
    if n > MAX_LIST {
        return Err(CliError::at(
            format!("call: {l} has {n} values, more than the {MAX_LIST} this lists"),
            c.at,
        )
        .into());
    }
    let values = (0..n)
        .map(|i| l.call(i32::try_from(i).unwrap_or(i32::MAX)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Value::List(values))
}

fn any(l: AnyLayout) -> Result<Value, Failure> {
    Ok(Value::from_any(l))
}

/// `call(C)`: every value of a composed layout, at most [`MAX_LIST`] of them.
fn call_all_composed(c: &Call<'_>, l: &ComposedLayout) -> Result<Value, Failure> {
    let n = l.size()?.value();
    let n = usize::try_from(n)
        .map_err(|_| CliError::at(format!("call: {l} has negative size {n}"), c.at))?;
    if n > MAX_LIST {
        return Err(CliError::at(
            format!("call: {l} has {n} values, more than the {MAX_LIST} this lists"),
            c.at,
        )
        .into());
    }
    let values = (0..n)
        .map(|i| l.call(i32::try_from(i).unwrap_or(i32::MAX)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Value::List(values))
}

/// The operations with a swizzle or a composed-layout argument; `None` if the call has none (or
/// the operation does not take one, which the plain path then reports).
fn run_composed(c: &Call<'_>) -> Result<Option<Value>, Failure> {
    let n = c.args.len();
    let composed = |i: usize| match c.args.get(i).map(|a| &a.value) {
        Some(Value::Composed(x)) => Some(x),
        _ => None,
    };
    let swizzle = |i: usize| match c.args.get(i).map(|a| &a.value) {
        Some(Value::Swizzle(s)) => Some(*s),
        _ => None,
    };
    let is_layout = |i: usize| c.args.get(i).is_some_and(|a| a.value.as_layout().is_some());
    let v = match (c.name, composed(0), composed(1), swizzle(0), swizzle(1)) {
        ("size", Some(x), _, _, _) => int(x.size()?),
        ("cosize", Some(x), _, _, _) => int(x.cosize()?),
        ("rank", Some(x), _, _, _) => Ok(static_int(x.shape()?.rank())),
        ("depth", Some(x), _, _, _) => Ok(static_int(x.shape()?.depth())),
        ("shape", Some(x), _, _, _) => tup(x.shape()?.clone()),
        ("call", Some(x), _, _, _) if n == 1 => call_all_composed(c, x),
        ("call", Some(x), _, _, _) => int(x.call(&c.tuple(1)?)?),
        ("call", None, _, Some(sw), _) if n == 2 => int(sw.call(c.int(1)?)),
        ("coalesce", Some(x), _, _, _) if n == 1 => any(x.coalesce()?),
        ("coalesce" | "coalesce_profile", Some(x), _, _, _) => {
            any(x.coalesce_profile(&c.tuple(1)?)?)
        }
        ("composition", None, None, Some(sw), _) => {
            any(cute::composition_swizzle(&sw, c.layout(1)?))
        }
        ("composition", None, None, _, Some(sw)) => {
            any(cute::composition_layout_swizzle(c.layout(0)?, &sw)?)
        }
        ("composition", Some(x), _, _, _) if is_layout(1) => any(x.composition(c.layout(1)?)?),
        ("composition" | "composition_tiler", Some(x), _, _, _) => {
            any(x.composition_tiler(&c.tiler(1)?)?)
        }
        ("complement", Some(x), _, _, _) if n == 2 => lay(x.complement_to(&c.tuple(1)?)?),
        ("complement" | "complement1", Some(x), _, _, _) => lay(x.complement()?),
        ("right_inverse", Some(x), _, _, _) => any(x.right_inverse()?),
        ("left_inverse", Some(x), _, _, _) => any(x.left_inverse()?),
        ("logical_divide", Some(x), _, _, _) if is_layout(1) => {
            any(x.logical_divide(c.layout(1)?)?)
        }
        ("logical_divide" | "logical_divide_tiler", Some(x), _, _, _) => {
            any(x.logical_divide_tiler(&c.tiler(1)?)?)
        }
        ("zipped_divide", Some(x), _, _, _) => any(x.zipped_divide(&c.tiler(1)?)?),
        ("tiled_divide", Some(x), _, _, _) => any(x.tiled_divide(&c.tiler(1)?)?),
        ("flat_divide", Some(x), _, _, _) => any(x.flat_divide(&c.tiler(1)?)?),
        ("logical_product", Some(x), _, _, _) => any(x.logical_product(c.layout(1)?)?),
        ("zipped_product", Some(x), _, _, _) => any(x.zipped_product(&c.tiler(1)?)?),
        ("tiled_product", Some(x), _, _, _) => any(x.tiled_product(&c.tiler(1)?)?),
        ("flat_product", Some(x), _, _, _) => any(x.flat_product(&c.tiler(1)?)?),
        ("blocked_product", Some(x), _, _, _) => any(x.blocked_product(c.layout(1)?)?),
        ("raked_product", Some(x), _, _, _) => any(x.raked_product(c.layout(1)?)?),
        ("tile_to_shape", Some(x), _, _, _) => any(x.tile_to_shape(&c.tuple(1)?)?),
        ("slice", _, Some(x), _, _) => any(x.slice(&c.coord(0)?)?),
        ("upcast", _, Some(x), _, _) => Ok(Value::Composed(x.upcast(c.int(0)?.value())?)),
        ("downcast", _, Some(x), _, _) => Ok(Value::Composed(x.downcast(c.int(0)?.value())?)),
        ("upcast", _, None, _, Some(sw)) => Ok(Value::Swizzle(sw.upcast(c.int(0)?.value())?)),
        ("downcast", _, None, _, Some(sw)) => Ok(Value::Swizzle(sw.downcast(c.int(0)?.value())?)),
        ("get", Some(x), _, _, _) => {
            // CuTe's get<I>(A o O o B) = composition(A, O, get<I>(B)).
            let LayoutFn::Layout(b) = x.layout_b() else {
                return Err(CliError::at(
                    format!("get: the inner function of {x} is a swizzle, which has no modes"),
                    c.at,
                )
                .into());
            };
            any(cute::composition_with_offset(
                x.layout_a().clone(),
                *x.offset(),
                b.get(c.index(1)?)?,
            ))
        }
        ("as_position_independent_swizzle_layout", Some(x), _, _, _) => {
            any(x.as_position_independent_swizzle_layout()?)
        }
        ("layout_a" | "layout_b", Some(x), _, _, _) => {
            let f = if c.name == "layout_a" {
                x.layout_a()
            } else {
                x.layout_b()
            };
            Ok(match f {
                LayoutFn::Swizzle(s) => Value::Swizzle(*s),
                LayoutFn::Layout(l) => Value::Layout(l.clone()),
            })
        }
        _ => return Ok(None),
    };
    v.map(Some)
}

/// Whether a value is a tensor, a layout of coordinates or an MMA atom (what [`run_tensor`]
/// takes).
fn is_tensor_kind(v: &Value) -> bool {
    matches!(v, Value::Tensor(_) | Value::CoordLayout(_) | Value::Mma(_))
}

fn has_underscore(c: &Coord) -> bool {
    match c {
        Coord::Int(_) => false,
        Coord::Underscore => true,
        Coord::Tuple(items) => items.iter().any(has_underscore),
    }
}

fn tensor(t: Tensor) -> Result<Value, Failure> {
    Ok(Value::Tensor(t))
}

/// `call(X)`: every element of a tensor (offsets, or coordinates of an identity tensor), at most
/// [`MAX_LIST`] of them.
fn call_all_tensor(c: &Call<'_>, t: &Tensor) -> Result<Value, Failure> {
    let n = t.size()?.value();
    let n = usize::try_from(n)
        .map_err(|_| CliError::at(format!("call: {t} has negative size {n}"), c.at))?;
    if n > MAX_LIST {
        return Err(CliError::at(
            format!("call: {t} has {n} elements, more than the {MAX_LIST} this lists"),
            c.at,
        )
        .into());
    }
    let values = (0..n)
        .map(|i| t.call(i32::try_from(i).unwrap_or(i32::MAX)))
        .collect::<Result<Vec<_>, _>>()?;
    if let Tensor::Memory { .. } = t {
        let ints = values.iter().filter_map(IntTuple::as_int).collect();
        return Ok(Value::List(ints));
    }
    Ok(Value::Coords(values))
}

/// The operations with a tensor, a layout of coordinates or an MMA atom argument; `None` if the
/// operation does not take one (the caller reports it).
fn run_tensor(c: &Call<'_>) -> Result<Option<Value>, Failure> {
    let n = c.args.len();
    let v = match (c.name, c.value(0)) {
        ("local_tile", _) => {
            let (t, tiler, crd) = (c.tensor(0)?, c.tiler(1)?, c.coord(2)?);
            if n == 4 {
                tensor(cute::local_tile_proj(t, &tiler, &crd, &c.coord(3)?)?)
            } else {
                tensor(cute::local_tile(t, &tiler, &crd)?)
            }
        }
        ("local_partition", _) => {
            let (t, thr, idx) = (c.tensor(0)?, c.layout(1)?, c.int(2)?);
            if n == 4 {
                tensor(cute::local_partition_proj(t, thr, idx, &c.coord(3)?)?)
            } else {
                tensor(cute::local_partition(t, thr, idx)?)
            }
        }
        ("inner_partition", _) => tensor(cute::inner_partition(
            c.tensor(0)?,
            &c.tiler(1)?,
            &c.coord(2)?,
        )?),
        ("outer_partition", _) => tensor(cute::outer_partition(
            c.tensor(0)?,
            &c.tiler(1)?,
            &c.coord(2)?,
        )?),
        ("zipped_divide", Value::Tensor(t)) => tensor(t.zipped_divide(&c.tiler(1)?)?),
        ("zipped_divide", Value::CoordLayout(l)) => {
            Ok(Value::CoordLayout(l.zipped_divide(&c.tiler(1)?)?))
        }
        ("logical_divide", Value::CoordLayout(l)) => {
            Ok(Value::CoordLayout(match c.value(1).as_layout() {
                Some(tiler) => l.logical_divide(tiler)?,
                None => l.logical_divide_tiler(&c.tiler(1)?)?,
            }))
        }
        ("composition", Value::CoordLayout(l)) => {
            Ok(Value::CoordLayout(l.composition(c.layout(1)?)?))
        }
        ("coalesce", Value::CoordLayout(l)) if n == 1 => Ok(Value::CoordLayout(l.coalesce()?)),
        ("slice", _) => match c.value(1) {
            Value::Tensor(t) => tensor(t.slice(&c.coord(0)?)?),
            Value::CoordLayout(l) => Ok(Value::CoordLayout(l.slice(&c.coord(0)?)?)),
            _ => return Ok(None),
        },
        ("dice", _) => match c.value(1) {
            Value::CoordLayout(l) => Ok(Value::CoordLayout(l.dice(&c.coord(0)?)?)),
            _ => return Ok(None),
        },
        ("call", Value::Tensor(t)) if n == 2 => {
            let crd = c.coord(1)?;
            if has_underscore(&crd) {
                tensor(t.slice(&crd)?)
            } else {
                tup(t.call(&c.tuple(1)?)?)
            }
        }
        ("call", Value::Tensor(t)) => call_all_tensor(c, t),
        ("size", Value::Tensor(t)) => int(t.size()?),
        ("size", Value::CoordLayout(l)) => int(l.size()?),
        ("shape", Value::Tensor(t)) => tup(t.shape()?),
        ("shape", Value::CoordLayout(l)) => tup(l.shape().clone()),
        ("rank", Value::Tensor(t)) => Ok(static_int(t.shape()?.rank())),
        ("rank", Value::CoordLayout(l)) => Ok(static_int(l.rank())),
        ("depth", Value::Tensor(t)) => Ok(static_int(t.shape()?.depth())),
        ("depth", Value::CoordLayout(l)) => Ok(static_int(l.shape().depth())),
        ("get", Value::CoordLayout(l)) => Ok(Value::CoordLayout(l.get(c.index(1)?)?)),
        ("layout", Value::Tensor(Tensor::Memory { layout, .. })) => any(layout.clone()),
        ("layout", Value::Tensor(Tensor::Coordinate { layout, .. })) => {
            Ok(Value::CoordLayout(layout.clone()))
        }
        ("thr_id", Value::Mma(a)) => lay(a.thr_id.clone()),
        ("shape_mnk", Value::Mma(a)) => tup(a.shape_mnk.clone()),
        ("a_layout", Value::Mma(a)) => lay(a.a_layout.clone()),
        ("b_layout", Value::Mma(a)) => lay(a.b_layout.clone()),
        ("c_layout", Value::Mma(a)) => lay(a.c_layout.clone()),
        _ => return Ok(None),
    };
    v.map(Some)
}

fn run(c: &Call<'_>) -> Result<Value, Failure> {
    let n = c.args.len();
    match c.name {
        "make_tile" => {
            let modes = (0..n).map(|i| c.tiler(i)).collect::<Result<Vec<_>, _>>()?;
            return Ok(Value::from_tiler(Tiler::Tuple(modes)));
        }
        "make_composed_layout" => {
            let offset = Offset::Int(c.int(1)?);
            return Ok(Value::Composed(make_composed(
                &c.args[0], offset, &c.args[2], c.name,
            )?));
        }
        "make_tensor" => {
            let layout = c
                .value(0)
                .as_any_layout()
                .ok_or_else(|| c.wrong(0, "a layout or a composed layout"))?;
            return Ok(Value::Tensor(cute::make_tensor(layout)));
        }
        _ => {}
    }
    if c.args.iter().any(|a| is_tensor_kind(&a.value)) {
        if let Some(v) = run_tensor(c)? {
            return Ok(v);
        }
        if let Some(i) = c.args.iter().position(|a| is_tensor_kind(&a.value)) {
            let a = &c.args[i];
            return Err(CliError::at(
                format!(
                    "{}: argument {} is {}, which {} does not take (`cute --list-ops` shows the \
                     arguments of each operation)",
                    c.name,
                    i + 1,
                    a.value.kind(),
                    c.name
                ),
                a.at,
            )
            .into());
        }
    }
    if c.args
        .iter()
        .any(|a| matches!(a.value, Value::Swizzle(_) | Value::Composed(_)))
    {
        if let Some(v) = run_composed(c)? {
            return Ok(v);
        }
        if let Some(i) = c
            .args
            .iter()
            .position(|a| matches!(a.value, Value::Swizzle(_) | Value::Composed(_)))
        {
            let a = &c.args[i];
            return Err(CliError::at(
                format!(
                    "{}: argument {} is {} {}, which {} does not take (`cute --list-ops` \
                     shows the arguments of each operation)",
                    c.name,
                    i + 1,
                    a.value.kind(),
                    a.value.show(crate::View::Cute),
                    c.name
                ),
                a.at,
            )
            .into());
        }
    }
    let is_layout = |i: usize| c.value(i).as_layout().is_some();
    match c.name {
        "size" if is_layout(0) => int(c.layout(0)?.size()?),
        "size" => int(c.tuple(0)?.size()?),
        "flatten" if is_layout(0) => {
            let l = c.layout(0)?;
            lay(Layout::new(l.shape().flatten(), l.stride().flatten())?)
        }
        "flatten" => tup(c.tuple(0)?.flatten()),
        "shape_div" => tup(cute::shape_div(&c.tuple(0)?, &c.tuple(1)?)?),
        "ceil_div" => tup(cute::ceil_div(&c.tuple(0)?, &c.tuple(1)?)?),
        "compact_col_major" => tup(cute::compact_col_major(&c.tuple(0)?)?),
        "compact_row_major" => tup(cute::compact_row_major(&c.tuple(0)?)?),
        "idx2crd" if n == 3 => tup(cute::idx2crd_strided(
            &c.tuple(0)?,
            &c.tuple(1)?,
            &c.tuple(2)?,
        )?),
        "idx2crd" => tup(cute::idx2crd(&c.tuple(0)?, &c.tuple(1)?)?),
        "crd2idx" if n == 3 => int(cute::crd2idx(&c.tuple(0)?, &c.tuple(1)?, &c.tuple(2)?)?),
        "crd2idx" => int(c.layout(1)?.crd2idx(&c.tuple(0)?)?),
        "congruent" => Ok(Value::Bool(cute::congruent(&c.tuple(0)?, &c.tuple(1)?))),
        "compatible" => Ok(Value::Bool(cute::compatible(&c.tuple(0)?, &c.tuple(1)?)?)),
        "weakly_congruent" => Ok(Value::Bool(cute::weakly_congruent(
            &c.tuple(0)?,
            &c.tuple(1)?,
        ))),
        "call" if n == 2 => int(c.layout(0)?.call(&c.tuple(1)?)?),
        "call" => call_all(c, c.layout(0)?),
        "cosize" => int(c.layout(0)?.cosize()?),
        "coalesce" if n == 1 => lay(cute::coalesce(c.layout(0)?)?),
        "coalesce" | "coalesce_profile" => lay(cute::coalesce_profile(c.layout(0)?, &c.tuple(1)?)?),
        "filter" => lay(cute::filter(c.layout(0)?)?),
        "filter_zeros" if n == 2 => tup(cute::filter_zeros(&c.tuple(0)?, &c.tuple(1)?)?),
        "filter_zeros" => lay(cute::filter_zeros_layout(c.layout(0)?)?),
        "composition" if is_layout(1) => lay(cute::composition(c.layout(0)?, c.layout(1)?)?),
        "composition" | "composition_tiler" => {
            lay(cute::composition_tiler(c.layout(0)?, &c.tiler(1)?)?)
        }
        "complement" if n == 2 => lay(cute::complement(c.layout(0)?, &c.tuple(1)?)?),
        "complement" | "complement1" => lay(cute::complement1(c.layout(0)?)?),
        "right_inverse" => lay(cute::right_inverse(c.layout(0)?)?),
        "left_inverse" => lay(cute::left_inverse(c.layout(0)?)?),
        "logical_divide" if is_layout(1) => lay(cute::logical_divide(c.layout(0)?, c.layout(1)?)?),
        "logical_divide" | "logical_divide_tiler" => {
            lay(cute::logical_divide_tiler(c.layout(0)?, &c.tiler(1)?)?)
        }
        "zipped_divide" => lay(cute::zipped_divide(c.layout(0)?, &c.tiler(1)?)?),
        "tiled_divide" => lay(cute::tiled_divide(c.layout(0)?, &c.tiler(1)?)?),
        "flat_divide" => lay(cute::flat_divide(c.layout(0)?, &c.tiler(1)?)?),
        "logical_product" if is_layout(1) => {
            lay(cute::logical_product(c.layout(0)?, c.layout(1)?)?)
        }
        "logical_product" | "logical_product_tiler" => {
            lay(cute::logical_product_tiler(c.layout(0)?, &c.tiler(1)?)?)
        }
        "zipped_product" => lay(cute::zipped_product(c.layout(0)?, &c.tiler(1)?)?),
        "tiled_product" => lay(cute::tiled_product(c.layout(0)?, &c.tiler(1)?)?),
        "flat_product" => lay(cute::flat_product(c.layout(0)?, &c.tiler(1)?)?),
        "blocked_product" => lay(cute::blocked_product(c.layout(0)?, c.layout(1)?)?),
        "raked_product" => lay(cute::raked_product(c.layout(0)?, c.layout(1)?)?),
        "max_common_vector" => int(cute::max_common_vector(c.layout(0)?, c.layout(1)?)?),
        "max_common_layout" => lay(cute::max_common_layout(c.layout(0)?, c.layout(1)?)?),
        "nullspace" => lay(cute::nullspace(c.layout(0)?)?),
        "make_ordered_layout" => lay(cute::make_ordered_layout(&c.tuple(0)?, &c.tuple(1)?)?),
        "slice" if is_layout(1) => lay(cute::slice(&c.coord(0)?, c.layout(1)?)?),
        "slice" => tup(cute::slice_tuple(&c.coord(0)?, &c.tuple(1)?)?),
        "dice" if is_layout(1) => lay(cute::dice(&c.coord(0)?, c.layout(1)?)?),
        "dice" => tup(cute::dice_tuple(&c.coord(0)?, &c.tuple(1)?)?),
        "append" => lay(cute::append(c.layout(0)?, c.layout(1)?)),
        "prepend" => lay(cute::prepend(c.layout(0)?, c.layout(1)?)),
        "tile_to_shape" => lay(cute::tile_to_shape(c.layout(0)?, &c.tuple(1)?)?),
        "upcast" => lay(cute::upcast(c.int(0)?.value(), c.layout(1)?)?),
        "downcast" => lay(cute::downcast(c.int(0)?.value(), c.layout(1)?)?),
        "make_layout" if is_layout(0) => {
            let modes = (0..n)
                .map(|i| c.layout(i).cloned())
                .collect::<Result<Vec<_>, _>>()?;
            lay(Layout::concat(&modes))
        }
        "make_layout" if n == 2 => lay(Layout::new(c.tuple(0)?, c.tuple(1)?)?),
        "make_layout" if n == 1 => lay(cute::make_layout(&c.tuple(0)?)?),
        "make_layout" => Err(CliError::at(
            "make_layout takes a shape, a shape and a stride, or layouts".to_string(),
            c.at,
        )
        .into()),
        "make_layout_right" => lay(cute::make_layout_major(&c.tuple(0)?, Major::Right)?),
        "rank" if is_layout(0) => Ok(static_int(c.layout(0)?.rank())),
        "rank" => Ok(static_int(c.tuple(0)?.rank())),
        "depth" if is_layout(0) => Ok(static_int(c.layout(0)?.depth())),
        "depth" => Ok(static_int(c.tuple(0)?.depth())),
        "shape" => tup(c.layout(0)?.shape().clone()),
        "stride" => tup(c.layout(0)?.stride().clone()),
        "get" if is_layout(0) => lay(c.layout(0)?.get(c.index(1)?)?),
        "get" if matches!(c.value(0), Value::Tiler(_)) => {
            let Value::Tiler(Tiler::Tuple(items)) = c.value(0) else {
                return Err(c.wrong(0, "a tuple").into());
            };
            let i = c.index(1)?;
            let mode = items.get(i).ok_or_else(|| {
                CliError::at(
                    format!("get: index {i} is out of range for {} modes", items.len()),
                    c.args[1].at,
                )
            })?;
            Ok(Value::from_tiler(mode.clone()))
        }
        "make_identity_tensor" => Ok(Value::Tensor(cute::make_identity_tensor(&c.tuple(0)?))),
        "make_identity_layout" => Ok(Value::CoordLayout(cute::make_identity_layout(&c.tuple(0)?))),
        "make_layout_tv" => {
            let (tiler, tv) = cute::make_layout_tv(c.layout(0)?, c.layout(1)?)?;
            let tiler = Value::Tuple(tiler)
                .to_tiler()
                .ok_or_else(|| CliError::at("make_layout_tv: no tiler", c.at))?;
            Ok(Value::Tiler(Tiler::Tuple(vec![tiler, Tiler::Layout(tv)])))
        }
        "local_tile" | "local_partition" | "inner_partition" | "outer_partition" | "layout" => {
            Err(c
                .tensor(0)
                .err()
                .unwrap_or_else(|| c.wrong(0, "a tensor"))
                .into())
        }
        "thr_id" | "shape_mnk" | "a_layout" | "b_layout" | "c_layout" => Err(c
            .wrong(0, "an MMA atom (e.g. SM80_16x8x16_F16F16F16F16_TN)")
            .into()),
        "get" => tup(c.tuple(0)?.get(c.index(1)?)?.clone()),
        other => Err(CliError::at(format!("unknown operation '{other}'"), c.at).into()),
    }
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
                let hint = if find_op(name).is_some() {
                    format!(" ({name} is an operation: call it as {name}(...))")
                } else if name.starts_with("SM") || name.starts_with("Universal") {
                    " (not an MMA atom either: `cute --list-atoms` lists them)".to_string()
                } else {
                    String::new()
                };
                CliError::at(format!("unknown name '{name}'{hint}"), *at)
            }),
        Expr::Call { name, at, args } => {
            if find_op(name).is_none() {
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
