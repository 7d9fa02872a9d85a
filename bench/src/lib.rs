//! Measuring instruments for cute-dynamic.
//!
//! * `side-by-side` (run by `scripts/side-by-side.sh`): checks and times cute-dynamic on the
//!   public static vectors of nine operations, as recorded and with every integer dynamic, and
//!   writes the records it used for the pycute and CuTe C++ drivers under `bench/`.
//! * `scaling`: time per operation against the number of leaves and against the size.
//!
//! Every timing is [`measure`]'s: the number of calls per batch doubles from 1 until one batch
//! takes at least the target time; then `samples` batches of that many calls are timed and the
//! figure is the median over the batches of (batch time / calls), time being the thread's CPU
//! time. The Python and C++ drivers (`bench/pycute_bench.py`, `bench/cpp/harness.hpp`) do
//! exactly the same.

use cpu_time::ThreadTime;
use cute_dynamic::{self as cute, Coord, IntTuple, Layout, Tiler};
use std::hint::black_box;
use std::time::Duration;

/// The operations of the side-by-side benchmark, in table order (conformance op names; `call`
/// is the evaluation of a layout at one index).
pub const OPS: [&str; 9] = [
    "coalesce",
    "composition",
    "complement",
    "right_inverse",
    "left_inverse",
    "logical_divide",
    "logical_product",
    "zipped_divide",
    "call",
];

/// Operations whose instructions `scripts/op-instructions.sh` counts besides [`OPS`], outside
/// the side-by-side table (issue 23: cute-dynamic's own and, with `BY_ALGEBRA=1`, the one
/// algebra's; `filter_zeros`, `nullspace`, `upcast`, `downcast`, `slice`, `dice`, `append`,
/// `prepend` and the functions on IntTuples from `shape_div` on, which cute-dynamic computes by the one algebra,
/// only without `BY_ALGEBRA`).
pub const MORE_OPS: [&str; 17] = [
    "filter",
    "filter_zeros",
    "complement1",
    "nullspace",
    "coalesce_profile",
    "upcast",
    "downcast",
    "slice",
    "dice",
    "append",
    "prepend",
    "shape_div",
    "ceil_div",
    "idx2crd",
    "compact_col_major",
    "compact_row_major",
    "make_ordered_layout",
];

/// The benchmark's row for [`cute_dynamic::Plan`]: the records of `call`, each evaluated by its
/// layout's plan ([`cute_dynamic::Layout::plan`], built once outside the timed loop). CuTe C++
/// and pycute have no such thing; their figures for it are those of `call` (`layout(i)`).
pub const PLAN_OP: &str = "call_plan";

/// How the "dynamic" form of an op's inputs is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DynamicForm {
    /// Every integer dynamic (`_8` -> `8`).
    All,
    /// Shapes dynamic, strides kept static: CuTe's `left_inverse` refuses dynamic strides
    /// (`Left inverse requires static strides.`) and its `right_inverse` of a layout without a
    /// static stride `_1` is the degenerate `_1:_0`, so for the two inverses the all-dynamic
    /// form measures nothing; this is the most dynamic form CuTe computes them on. So for
    /// `downcast`, which needs a static stride `_1`.
    Shapes,
}

/// The dynamic form used for `op`.
pub fn dynamic_form(op: &str) -> DynamicForm {
    match op {
        "right_inverse" | "left_inverse" | "downcast" => DynamicForm::Shapes,
        _ => DynamicForm::All,
    }
}

/// The text with every static integer made dynamic: `_8` -> `8`, `_-1` -> `-1`; a bare `_`
/// (a tiler's or coordinate's underscore) stays.
///
/// ```
/// assert_eq!(cute_bench::dynamic_text("(_4,_3,_24:_1,_)"), "(4,3,24:1,_)");
/// assert_eq!(cute_bench::dynamic_text("_-1:_2"), "-1:2");
/// ```
pub fn dynamic_text(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in b.iter().enumerate() {
        let next = b.get(i + 1).copied();
        if c == b'_' && matches!(next, Some(n) if n.is_ascii_digit() || n == b'-') {
            continue;
        }
        out.push(c as char);
    }
    out
}

/// The layout text `shape:stride` with the shape's integers made dynamic and the stride's kept.
/// A layout argument (not a tiler) has exactly one `:`.
///
/// ```
/// assert_eq!(cute_bench::shapes_dynamic_text("(_2,(_3,_4)):(_12,(_4,_1))"), "(2,(3,4)):(_12,(_4,_1))");
/// ```
pub fn shapes_dynamic_text(s: &str) -> String {
    match s.split_once(':') {
        Some((shape, stride)) => format!("{}:{stride}", dynamic_text(shape)),
        None => dynamic_text(s),
    }
}

/// The dynamic form of the arguments of `op`.
pub fn dynamic_args(op: &str, args: &[String]) -> Vec<String> {
    args.iter()
        .map(|a| match dynamic_form(op) {
            DynamicForm::All => dynamic_text(a),
            DynamicForm::Shapes => shapes_dynamic_text(a),
        })
        .collect()
}

/// Timing parameters of [`measure`].
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// Minimum duration of one batch.
    pub target: Duration,
    /// Number of timed batches (the median is reported).
    pub samples: usize,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            target: Duration::from_millis(2),
            samples: 5,
        }
    }
}

/// Nanoseconds per call of `f`: calls per batch double from 1 until a batch takes at least
/// `t.target`; then the median over `t.samples` batches of (batch time / calls). Time is the
/// calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), so that time the scheduler gives to
/// other processes on a shared machine is not counted.
pub fn measure(mut f: impl FnMut(), t: &Timing) -> f64 {
    let mut batch = |reps: u64| {
        let start = ThreadTime::now();
        for _ in 0..reps {
            f();
        }
        start.elapsed()
    };
    let mut reps: u64 = 1;
    while batch(reps) < t.target && reps < 1 << 40 {
        reps *= 2;
    }
    let mut ns: Vec<f64> = (0..t.samples.max(1))
        .map(|_| batch(reps).as_nanos() as f64 / reps as f64)
        .collect();
    ns.sort_by(f64::total_cmp);
    ns[ns.len() / 2]
}

/// One benchmark input, parsed: the operation and its arguments.
#[derive(Clone, Debug)]
pub enum Prepared {
    /// `coalesce(L)`
    Coalesce(Layout),
    /// `composition(A, B)`
    Composition(Layout, Layout),
    /// `complement(L, cotarget)`
    Complement(Layout, IntTuple),
    /// `right_inverse(L)`
    RightInverse(Layout),
    /// `left_inverse(L)`
    LeftInverse(Layout),
    /// `logical_divide(A, B)`
    LogicalDivide(Layout, Layout),
    /// `logical_product(A, B)`
    LogicalProduct(Layout, Layout),
    /// `zipped_divide(A, T)`
    ZippedDivide(Layout, Tiler),
    /// `filter(L)` (op-instructions only)
    Filter(Layout),
    /// `filter_zeros(L)` (op-instructions only)
    FilterZeros(Layout),
    /// `complement(L)` (op-instructions only)
    Complement1(Layout),
    /// `nullspace(L)` (op-instructions only)
    Nullspace(Layout),
    /// `coalesce(L, profile)` (op-instructions only)
    CoalesceProfile(Layout, IntTuple),
    /// `upcast<N>(L)` (op-instructions only)
    Upcast(i32, Layout),
    /// `downcast<N>(L)` (op-instructions only)
    Downcast(i32, Layout),
    /// `slice(crd, L)` (op-instructions only)
    Slice(Coord, Layout),
    /// `dice(crd, L)` (op-instructions only)
    Dice(Coord, Layout),
    /// `append(A, B)` (op-instructions only)
    Append(Layout, Layout),
    /// `prepend(A, B)` (op-instructions only)
    Prepend(Layout, Layout),
    /// `shape_div(a, b)` (op-instructions only)
    ShapeDiv(IntTuple, IntTuple),
    /// `ceil_div(a, b)` (op-instructions only)
    CeilDiv(IntTuple, IntTuple),
    /// `idx2crd(idx, shape)` (op-instructions only)
    Idx2Crd(IntTuple, IntTuple),
    /// `compact_col_major(shape)` (op-instructions only)
    CompactColMajor(IntTuple),
    /// `compact_row_major(shape)` (op-instructions only)
    CompactRowMajor(IntTuple),
    /// `make_ordered_layout(shape, order)` (op-instructions only)
    MakeOrderedLayout(IntTuple, IntTuple),
    /// `L(i)`, the index cycling through `0..size(L)`
    Call(Layout),
    /// `L(i)` by the layout's plan ([`PLAN_OP`]), the index cycling through `0..size(L)`
    CallPlan(Layout, Box<cute::Plan>),
}

fn parse<T: core::str::FromStr>(args: &[&str], i: usize) -> Result<T, String>
where
    T::Err: core::fmt::Display,
{
    let s = args.get(i).ok_or_else(|| format!("argument {i} missing"))?;
    s.parse().map_err(|e: T::Err| format!("{s}: {e}"))
}

/// The template argument `N` (`_N`, or `N` in the dynamic form) of `upcast<N>` and
/// `downcast<N>`, the first argument.
fn template_int(args: &[&str]) -> Result<i32, String> {
    let s = args.first().ok_or("argument 0 missing")?;
    s.trim_start_matches('_')
        .parse()
        .map_err(|e| format!("{s}: {e}"))
}

impl Prepared {
    /// Parse the arguments of `op` (conformance op names, [`OPS`]).
    pub fn new(op: &str, args: &[&str]) -> Result<Prepared, String> {
        Ok(match op {
            "coalesce" => Prepared::Coalesce(parse(args, 0)?),
            "composition" => Prepared::Composition(parse(args, 0)?, parse(args, 1)?),
            "complement" => Prepared::Complement(parse(args, 0)?, parse(args, 1)?),
            "right_inverse" => Prepared::RightInverse(parse(args, 0)?),
            "left_inverse" => Prepared::LeftInverse(parse(args, 0)?),
            "logical_divide" => Prepared::LogicalDivide(parse(args, 0)?, parse(args, 1)?),
            "logical_product" => Prepared::LogicalProduct(parse(args, 0)?, parse(args, 1)?),
            "zipped_divide" => Prepared::ZippedDivide(parse(args, 0)?, parse(args, 1)?),
            "filter" => Prepared::Filter(parse(args, 0)?),
            "filter_zeros" => Prepared::FilterZeros(parse(args, 0)?),
            "complement1" => Prepared::Complement1(parse(args, 0)?),
            "nullspace" => Prepared::Nullspace(parse(args, 0)?),
            "coalesce_profile" => Prepared::CoalesceProfile(parse(args, 0)?, parse(args, 1)?),
            "upcast" => Prepared::Upcast(template_int(args)?, parse(args, 1)?),
            "downcast" => Prepared::Downcast(template_int(args)?, parse(args, 1)?),
            "slice" => Prepared::Slice(parse(args, 0)?, parse(args, 1)?),
            "dice" => Prepared::Dice(parse(args, 0)?, parse(args, 1)?),
            "append" => Prepared::Append(parse(args, 0)?, parse(args, 1)?),
            "prepend" => Prepared::Prepend(parse(args, 0)?, parse(args, 1)?),
            "shape_div" => Prepared::ShapeDiv(parse(args, 0)?, parse(args, 1)?),
            "ceil_div" => Prepared::CeilDiv(parse(args, 0)?, parse(args, 1)?),
            "idx2crd" => Prepared::Idx2Crd(parse(args, 0)?, parse(args, 1)?),
            "compact_col_major" => Prepared::CompactColMajor(parse(args, 0)?),
            "compact_row_major" => Prepared::CompactRowMajor(parse(args, 0)?),
            "make_ordered_layout" => Prepared::MakeOrderedLayout(parse(args, 0)?, parse(args, 1)?),
            "call" => Prepared::Call(parse(args, 0)?),
            PLAN_OP => {
                let l: Layout = parse(args, 0)?;
                let plan = Box::new(l.plan());
                Prepared::CallPlan(l, plan)
            }
            _ => return Err(format!("op {op} is not benchmarked")),
        })
    }

    /// Run once and print the result as CuTe does (`call`: the list of all values, as the
    /// vectors record it). `Err` holds cute-dynamic's refusal.
    pub fn run(&self) -> Result<String, String> {
        let text = |r: cute::Result<IntTuple>| r.map(|t| t.to_string()).map_err(|e| e.to_string());
        let r = match self {
            Prepared::ShapeDiv(a, b) => return text(cute::shape_div(a, b)),
            Prepared::CeilDiv(a, b) => return text(cute::ceil_div(a, b)),
            Prepared::Idx2Crd(i, s) => return text(cute::idx2crd(i, s)),
            Prepared::CompactColMajor(s) => return text(cute::compact_col_major(s)),
            Prepared::CompactRowMajor(s) => return text(cute::compact_row_major(s)),
            Prepared::MakeOrderedLayout(s, o) => cute::make_ordered_layout(s, o),
            Prepared::Coalesce(l) => cute::coalesce(l),
            Prepared::Composition(a, b) => cute::composition(a, b),
            Prepared::Complement(l, c) => cute::complement(l, c),
            Prepared::RightInverse(l) => cute::right_inverse(l),
            Prepared::LeftInverse(l) => cute::left_inverse(l),
            Prepared::LogicalDivide(a, b) => cute::logical_divide(a, b),
            Prepared::LogicalProduct(a, b) => cute::logical_product(a, b),
            Prepared::ZippedDivide(a, t) => cute::zipped_divide(a, t),
            Prepared::Filter(l) => cute::filter(l),
            Prepared::FilterZeros(l) => cute::filter_zeros(l),
            Prepared::Complement1(l) => cute::complement1(l),
            Prepared::Nullspace(l) => cute::nullspace(l),
            Prepared::CoalesceProfile(l, p) => cute::coalesce_profile(l, p),
            Prepared::Upcast(n, l) => cute::upcast(*n, l),
            Prepared::Downcast(n, l) => cute::downcast(*n, l),
            Prepared::Slice(c, l) => cute::slice(c, l),
            Prepared::Dice(c, l) => cute::dice(c, l),
            Prepared::Append(a, b) => cute::append(a, b),
            Prepared::Prepend(a, b) => cute::prepend(a, b),
            Prepared::Call(l) => {
                let n = l.size().map_err(|e| e.to_string())?.value();
                let v: Result<Vec<String>, _> =
                    (0..n).map(|i| l.call(i).map(|x| x.to_string())).collect();
                return Ok(format!("[{}]", v.map_err(|e| e.to_string())?.join(",")));
            }
            Prepared::CallPlan(l, plan) => {
                let n = l.size().map_err(|e| e.to_string())?.value();
                let v: Result<Vec<String>, _> = (0..n)
                    .map(|i| plan.call(i).map(|x| x.to_string()))
                    .collect();
                return Ok(format!("[{}]", v.map_err(|e| e.to_string())?.join(",")));
            }
        };
        r.map(|l| l.to_string()).map_err(|e| e.to_string())
    }

    /// Nanoseconds per call ([`measure`]). Inputs go through [`black_box`] on every call, and
    /// so does the result (which is dropped inside the loop, as a caller would drop it).
    pub fn time(&self, t: &Timing) -> f64 {
        self.with_call(Measure(t))
    }

    /// `calls` calls, as [`Prepared::time`] makes them (for instruction counts).
    pub fn repeat(&self, calls: usize) {
        self.with_call(Repeat(calls));
    }

    /// `calls` calls of the op by cute-static's algorithm ([`cute::one_algebra`]), for the
    /// operations that have it: those cute-dynamic still computes by its own algorithms (not
    /// the ones it computes by the one algebra anyway, nor the evaluations). `Err` names the op
    /// otherwise.
    pub fn repeat_by_algebra(&self, calls: usize) -> Result<(), String> {
        let runner = Repeat(calls);
        use cute::one_algebra as one;
        match self {
            Prepared::Coalesce(l) => runner.run(|| drop(black_box(one::coalesce(black_box(l))))),
            Prepared::Composition(a, b) => {
                runner.run(|| drop(black_box(one::composition(black_box(a), black_box(b)))))
            }
            Prepared::LogicalDivide(a, b) => {
                runner.run(|| drop(black_box(one::logical_divide(black_box(a), black_box(b)))))
            }
            Prepared::ZippedDivide(a, t) => {
                runner.run(|| drop(black_box(one::zipped_divide(black_box(a), black_box(t)))))
            }
            Prepared::Complement(l, c) => {
                runner.run(|| drop(black_box(one::complement(black_box(l), black_box(c)))))
            }
            Prepared::RightInverse(l) => {
                runner.run(|| drop(black_box(one::right_inverse(black_box(l)))))
            }
            Prepared::LogicalProduct(a, b) => {
                runner.run(|| drop(black_box(one::logical_product(black_box(a), black_box(b)))))
            }
            Prepared::LeftInverse(l) => {
                runner.run(|| drop(black_box(one::left_inverse(black_box(l)))))
            }
            Prepared::Filter(l) => runner.run(|| drop(black_box(one::filter(black_box(l))))),
            Prepared::Complement1(l) => {
                runner.run(|| drop(black_box(one::complement1(black_box(l)))))
            }
            Prepared::CoalesceProfile(l, p) => {
                runner.run(|| drop(black_box(one::coalesce_profile(black_box(l), black_box(p)))))
            }
            _ => return Err(format!("{self:?}: not run by the one algebra")),
        }
        Ok(())
    }

    /// `runner` given the call of this op on these inputs, one closure per op so that the
    /// dispatch is not part of the call. `call` and the plan cycle the index through
    /// `0..size(L)`.
    fn with_call<R: Runner>(&self, runner: R) -> R::Out {
        match self {
            Prepared::Coalesce(l) => runner.run(|| drop(black_box(cute::coalesce(black_box(l))))),
            Prepared::Composition(a, b) => {
                runner.run(|| drop(black_box(cute::composition(black_box(a), black_box(b)))))
            }
            Prepared::Complement(l, c) => {
                runner.run(|| drop(black_box(cute::complement(black_box(l), black_box(c)))))
            }
            Prepared::RightInverse(l) => {
                runner.run(|| drop(black_box(cute::right_inverse(black_box(l)))))
            }
            Prepared::LeftInverse(l) => {
                runner.run(|| drop(black_box(cute::left_inverse(black_box(l)))))
            }
            Prepared::LogicalDivide(a, b) => {
                runner.run(|| drop(black_box(cute::logical_divide(black_box(a), black_box(b)))))
            }
            Prepared::LogicalProduct(a, b) => {
                runner.run(|| drop(black_box(cute::logical_product(black_box(a), black_box(b)))))
            }
            Prepared::ZippedDivide(a, b) => {
                runner.run(|| drop(black_box(cute::zipped_divide(black_box(a), black_box(b)))))
            }
            Prepared::Filter(l) => runner.run(|| drop(black_box(cute::filter(black_box(l))))),
            Prepared::FilterZeros(l) => {
                runner.run(|| drop(black_box(cute::filter_zeros(black_box(l)))))
            }
            Prepared::Complement1(l) => {
                runner.run(|| drop(black_box(cute::complement1(black_box(l)))))
            }
            Prepared::Nullspace(l) => runner.run(|| drop(black_box(cute::nullspace(black_box(l))))),
            Prepared::CoalesceProfile(l, p) => runner.run(|| {
                drop(black_box(cute::coalesce_profile(
                    black_box(l),
                    black_box(p),
                )))
            }),
            Prepared::Upcast(n, l) => {
                runner.run(|| drop(black_box(cute::upcast(black_box(*n), black_box(l)))))
            }
            Prepared::Downcast(n, l) => {
                runner.run(|| drop(black_box(cute::downcast(black_box(*n), black_box(l)))))
            }
            Prepared::Slice(c, l) => {
                runner.run(|| drop(black_box(cute::slice(black_box(c), black_box(l)))))
            }
            Prepared::Dice(c, l) => {
                runner.run(|| drop(black_box(cute::dice(black_box(c), black_box(l)))))
            }
            Prepared::Append(a, b) => {
                runner.run(|| drop(black_box(cute::append(black_box(a), black_box(b)))))
            }
            Prepared::Prepend(a, b) => {
                runner.run(|| drop(black_box(cute::prepend(black_box(a), black_box(b)))))
            }
            Prepared::ShapeDiv(a, b) => {
                runner.run(|| drop(black_box(cute::shape_div(black_box(a), black_box(b)))))
            }
            Prepared::CeilDiv(a, b) => {
                runner.run(|| drop(black_box(cute::ceil_div(black_box(a), black_box(b)))))
            }
            Prepared::Idx2Crd(i, s) => {
                runner.run(|| drop(black_box(cute::idx2crd(black_box(i), black_box(s)))))
            }
            Prepared::CompactColMajor(s) => {
                runner.run(|| drop(black_box(cute::compact_col_major(black_box(s)))))
            }
            Prepared::CompactRowMajor(s) => {
                runner.run(|| drop(black_box(cute::compact_row_major(black_box(s)))))
            }
            Prepared::MakeOrderedLayout(s, o) => runner.run(|| {
                drop(black_box(cute::make_ordered_layout(
                    black_box(s),
                    black_box(o),
                )))
            }),
            Prepared::Call(l) => {
                let n = l.size().map(|s| s.value()).unwrap_or(1).max(1);
                let mut i = 0;
                runner.run(|| {
                    black_box(black_box(l).call(i)).ok();
                    i += 1;
                    if i == n {
                        i = 0;
                    }
                })
            }
            Prepared::CallPlan(l, plan) => {
                let plan: &cute::Plan = plan;
                let n = l.size().map(|s| s.value()).unwrap_or(1).max(1);
                let mut i = 0;
                runner.run(|| {
                    black_box(black_box(plan).call(i)).ok();
                    i += 1;
                    if i == n {
                        i = 0;
                    }
                })
            }
        }
    }
}

/// What is done with an op's call ([`Prepared::with_call`]): generic, so that each op's closure
/// is compiled into it.
trait Runner {
    type Out;
    fn run(self, call: impl FnMut()) -> Self::Out;
}

/// Time the call ([`measure`]).
struct Measure<'t>(&'t Timing);

impl Runner for Measure<'_> {
    type Out = f64;
    fn run(self, call: impl FnMut()) -> f64 {
        measure(call, self.0)
    }
}

/// Make the call so many times.
struct Repeat(usize);

impl Runner for Repeat {
    type Out = ();
    fn run(self, mut call: impl FnMut()) {
        (0..self.0).for_each(|_| call());
    }
}

/// The outcome of running `op` on `args` against the recorded `reference`: the printed
/// result, and the prepared inputs if the result is CuTe's (`exact`: the same text; otherwise
/// the same function, [`same_function`]). `Err` holds cute-dynamic's refusal.
pub fn check(
    op: &str,
    args: &[String],
    reference: &str,
    exact: bool,
) -> Result<(String, Option<Prepared>), String> {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let p = Prepared::new(op, &refs)?;
    let r = p.run()?;
    let ok = if exact {
        r == reference
    } else {
        same_function(&r, reference)
    };
    Ok((r, ok.then_some(p)))
}

/// Whether two printed results are the same function: for layouts, the same size and the same
/// value at every 1-D coordinate; `call` lists and IntTuples must hold the same values (static
/// or not).
pub fn same_function(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    if a.starts_with('[') || !(a.contains(':') || b.contains(':')) {
        return dynamic_text(a) == dynamic_text(b);
    }
    let (Ok(la), Ok(lb)) = (a.parse::<Layout>(), b.parse::<Layout>()) else {
        return false;
    };
    match (la.size(), lb.size()) {
        (Ok(n), Ok(m)) if n.value() == m.value() && n.value() >= 0 => (0..n.value())
            .all(|i| matches!((la.call(i), lb.call(i)), (Ok(x), Ok(y)) if x.value() == y.value())),
        _ => false,
    }
}

/// Inputs of the scaling tables.
pub mod scaling {
    /// Flat layout text `(s0,...,s(n-1)):(d0,...)` with row-major compact strides (no two modes
    /// merge, so coalesce keeps every mode that is not 1); `_` prefixes every integer when
    /// `static_`.
    pub fn row_major(shape: &[i64], static_: bool) -> String {
        let p = if static_ { "_" } else { "" };
        let mut strides = vec![0i64; shape.len()];
        let mut acc = 1i64;
        for k in (0..shape.len()).rev() {
            strides[k] = acc;
            acc *= shape[k];
        }
        let join = |v: &[i64]| {
            v.iter()
                .map(|x| format!("{p}{x}"))
                .collect::<Vec<_>>()
                .join(",")
        };
        format!("({}):({})", join(shape), join(&strides))
    }

    /// `n` leaves of total size `2^16`: for `n <= 16` every leaf is `2^(16/n)` (n a power of
    /// two); for larger `n`, sixteen leaves are 2 and the others 1, the 2s spread evenly (leaf
    /// `k` is 2 when `16k mod n < 16`; leaf 0 is always 2).
    pub fn leaves_shape(n: usize) -> Vec<i64> {
        assert!(n >= 1 && (n > 16 || 16 % n == 0), "{n} leaves");
        if n <= 16 {
            vec![1i64 << (16 / n); n]
        } else {
            (0..n)
                .map(|k| if (16 * k) % n < 16 { 2 } else { 1 })
                .collect()
        }
    }

    /// Four leaves of total size `2^e`, the exponent split as evenly as possible (larger
    /// exponents first).
    pub fn size_shape(e: u32) -> Vec<i64> {
        (0..4u32)
            .map(|k| 1i64 << (e / 4 + u32::from(k < e % 4)))
            .collect()
    }

    /// The arguments of `op` on the flat row-major layout of `shape`: the second operand is
    /// fixed (`composition`: `size/2 : 2`; `complement`: cotarget `size`; `logical_divide`,
    /// `logical_product`: `2:1`; `zipped_divide`: the tiler `(2:1)`).
    pub fn args(op: &str, shape: &[i64], static_: bool) -> Vec<String> {
        let p = if static_ { "_" } else { "" };
        let size: i64 = shape.iter().product();
        let a = row_major(shape, static_);
        match op {
            "composition" => vec![a, format!("{p}{}:{p}2", size / 2)],
            "complement" => vec![a, format!("{p}{size}")],
            "logical_divide" | "logical_product" => vec![a, format!("{p}2:{p}1")],
            "zipped_divide" => vec![a, format!("({p}2:{p}1)")],
            _ => vec![a],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dynamic_forms() {
        assert_eq!(dynamic_text("(_,_2:_1)"), "(_,2:1)");
        assert_eq!(
            dynamic_args("left_inverse", &["(_2,_3):(_3,_1)".into()]),
            ["(2,3):(_3,_1)"]
        );
        assert_eq!(
            dynamic_args("complement", &["(_2,_3):(_3,_1)".into(), "_12".into()]),
            ["(2,3):(3,1)", "12"]
        );
    }

    #[test]
    fn scaling_inputs_have_the_stated_leaves_and_size() {
        for n in [1, 2, 4, 8, 16, 32, 64] {
            let s = scaling::leaves_shape(n);
            assert_eq!(s.len(), n);
            assert_eq!(s.iter().product::<i64>(), 1 << 16);
            assert_eq!(s[0], 2.max(s[0]));
            for op in OPS {
                let args = scaling::args(op, &s, true);
                let refs: Vec<&str> = args.iter().map(String::as_str).collect();
                let p = Prepared::new(op, &refs).unwrap();
                if let Prepared::Coalesce(l) = &p {
                    assert_eq!(l.shape().leaves().len(), n);
                }
            }
        }
        for e in (4..=28).step_by(4).chain([30]) {
            let s = scaling::size_shape(e);
            assert_eq!(s.iter().product::<i64>(), 1 << e);
        }
    }

    #[test]
    fn same_function_compares_values() {
        assert!(same_function("_24:_1", "(2,3,4):(1,2,6)"));
        assert!(!same_function("(2,3):(1,2)", "(2,3):(3,1)"));
        assert!(!same_function("_6:_1", "_8:_1"));
        assert!(same_function("[_0,_0]", "[0,0]"));
        assert!(same_function("(_1,(_2,_3))", "(1,(2,3))"));
        assert!(!same_function("(_1,_2)", "(1,3)"));
    }

    #[test]
    fn prepared_runs_and_times() {
        let p = Prepared::new("call", &["(_2,_2):(_2,_1)"]).unwrap();
        assert_eq!(p.run().unwrap(), "[0,2,1,3]");
        let q = Prepared::new(PLAN_OP, &["(_2,_2):(_2,_1)"]).unwrap();
        assert_eq!(q.run().unwrap(), "[0,2,1,3]");
        let t = Timing {
            target: Duration::from_micros(10),
            samples: 1,
        };
        assert!(p.time(&t) > 0.0);
    }
}
