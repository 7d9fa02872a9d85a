//! Evaluation of a layout at a coordinate (CuTe's `crd2idx(coord, shape, stride)`,
//! [`Layout::call`], [`Layout::crd2idx`]), in particular at an integer coordinate (CuTe's
//! `layout(i)`, `crd2idx(i, shape, stride)`), and [`Plan`], a layout compiled for repeated
//! evaluation ([`Layout::plan`]).
//!
//! Rule (CuTe's `crd2idx` of an integer coordinate over a tuple shape): the coordinate splits
//! column-major, mode by mode: `c % size(mode)` goes into the mode, `c / size(mode)` to the
//! rest, the last mode takes what is left without a modulus; recursively. The offset is the sum
//! of `coordinate * stride` over the leaves, added right to left at each tuple
//! (`t0 + (t1 + (t2 + ...))`), every operation with CuTe's integral-constant rules ([`Int`]) and
//! checked.
//!
//! Two paths give exactly what that rule gives (value, static tag, divisibility, and errors):
//!
//! * **The fast path**, for a dynamic index (divisibility 1, as [`Layout::call`] passes it)
//!   `0 <= i < size` of a layout whose leaves are all positive, whose size fits `i32`, and whose
//!   terms cannot overflow (`sum |c_j * d_j| <= i32::MAX`). There the nested truncating
//!   division and modulus by positive sizes is flat: leaf `j` gets
//!   `(i / (s_0 * ... * s_{j-1})) % s_j`, and no operation can fail, whatever the order of the
//!   additions. The tag does not depend on the index: a leaf's term is `_0` when its stride is
//!   `_0` or when it lies in a mode whose size is `_1` and which is not the last mode of its
//!   tuple (`c % _1 == _0`, then `_0 * d == _0`); every other term is dynamic (the index is)
//!   with divisibility `divisibility(d)`; the sum is `_0` when every term is, else dynamic with
//!   the gcd of the dynamic terms' divisibilities.
//! * **The exact path** for everything else (negative or zero sizes, indices out of the domain,
//!   overflow, any other coordinate): the rule itself, step by step with [`Int`]'s checked
//!   operations in CuTe's order, reading every mode's size from a table computed once per call
//!   (the same value or the same error `size()` gives).

use crate::error::{LayoutError, Result};
use crate::flat::{Flat, LEAF};
use crate::int::{Int, IntError};
use crate::int_tuple::IntTuple;
use crate::layout::{CoordRef, Layout};
use crate::prelude::*;
use crate::stride::mismatched;
use core::fmt;

/// How many entries the inline buffers hold before they move to the heap.
const INLINE: usize = 32;

type Small<T> = crate::small::Small<T, INLINE>;

/// `gcd(a, b)` (Stein's binary algorithm; `gcd(0, b) == b`), as `Int`'s `gcd_i32` on the
/// positive divisibilities and the 0 of a static `_0` term.
fn gcd(a: u32, b: u32) -> u32 {
    if a == 0 || b == 1 {
        return b;
    }
    if b == 0 || a == 1 {
        return a;
    }
    let shift = (a | b).trailing_zeros();
    let (mut a, mut b) = (a >> a.trailing_zeros(), b);
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            core::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

/// A leaf's part of the tag summary: whether its shape is `_1`, and the divisibility of its
/// term for a dynamic coordinate (0: the term is `_0`, its stride being `_0`).
#[inline]
fn leaf_summary(s: Int, d: Int) -> (bool, u32) {
    let div = if d.is_constant(0) {
        0
    } else {
        d.divisibility().unsigned_abs()
    };
    (s.is_constant(1), div)
}

/// A tuple's tag summary from its modes' summaries, in order: all modes `_1`-sized, and the gcd
/// of the modes' divisibilities, leaving out the modes of size `_1` that are not last (their
/// coordinate is `_0`).
#[inline]
fn tuple_summary(acc: (bool, u32), mode: (bool, u32), is_last: bool) -> (bool, u32) {
    let g = if mode.0 && !is_last {
        acc.1
    } else {
        gcd(acc.1, mode.1)
    };
    (acc.0 && mode.0, g)
}

/// The fast path's result: `_0` when no term is dynamic (`div == 0`), else dynamic.
#[inline]
fn tagged(value: i32, div: u32) -> Int {
    match i32::try_from(div) {
        Ok(d) if d > 0 => Int::dynamic_with_known_divisor(value, d),
        _ => Int::new_static(0),
    }
}

/// The fast path at one index: the index still to split, the offset, `sum |term|` and the
/// product of the leaves so far (the last two saturating).
struct Walk {
    q: u32,
    acc: i64,
    abs: u64,
    size: u64,
}

impl Walk {
    /// One leaf: its coordinate `q % s`, the rest `q / s` (a mask and a shift for a power of
    /// two, the common size), its term; `None` for a leaf that is not positive.
    #[inline(always)]
    fn leaf(&mut self, s: Int, d: Int) -> Option<()> {
        let n = u32::try_from(s.value()).ok().filter(|&n| n > 0)?;
        let c = if n.is_power_of_two() {
            let c = self.q & (n - 1);
            self.q >>= n.trailing_zeros();
            c
        } else {
            let c = self.q % n;
            self.q /= n;
            c
        };
        let t = i64::from(c) * i64::from(d.value());
        self.acc = self.acc.wrapping_add(t);
        self.abs = self.abs.saturating_add(t.unsigned_abs());
        self.size = self.size.saturating_mul(u64::from(n));
        Some(())
    }
}

/// Deepest nesting [`layout_summary`] follows; deeper layouts take the exact path.
const SUMMARY_DEPTH: usize = 8;

/// The tag summary of the whole layout: a leaf's [`leaf_summary`], a tuple's
/// [`tuple_summary`] of its modes, in one pass over the profile in preorder (a stack of the
/// open tuples: modes still to come, summary so far); `None` beyond [`SUMMARY_DEPTH`].
fn layout_summary(f: &Flat) -> Option<(bool, u32)> {
    let mut open = [(0u32, (true, 0u32)); SUMMARY_DEPTH];
    let mut depth = 0;
    let mut leaves = f.shape().iter().zip(f.stride());
    for &node in f.profile() {
        let mut done = if node == LEAF {
            let (&s, &d) = leaves.next()?;
            leaf_summary(s, d)
        } else if node == 0 {
            (true, 0)
        } else {
            *open.get_mut(depth)? = (node, (true, 0));
            depth += 1;
            continue;
        };
        // Hand the finished node to its tuple; a tuple whose last mode this was is finished.
        loop {
            let Some(top) = depth.checked_sub(1) else {
                return Some(done);
            };
            let (left, sum) = open.get_mut(top)?;
            *left -= 1;
            *sum = tuple_summary(*sum, done, *left == 0);
            if *left != 0 {
                break;
            }
            done = *sum;
            depth = top;
        }
    }
    None
}

/// The fast path for the dynamic index `i`: the offset and the divisibility of the result (0:
/// `_0`) packed in one word (`value as u32 | div << 32`, returned in a register), or `None`
/// where the exact path must answer. The leaves split the index in order (the nesting does not
/// change the division by positive sizes); the profile only decides the tag.
fn fast_index(i: i32, f: &Flat) -> Option<u64> {
    let mut w = Walk {
        q: u32::try_from(i).ok()?,
        acc: 0,
        abs: 0,
        size: 1,
    };
    // The tag summary: the gcd of the divisibilities of the leaves the profile keeps
    // ([`layout_summary`]). It keeps every leaf not of shape `_1` and some of those, so it lies
    // between the gcd of all leaves and that of the leaves not `_1`: where those two agree, it
    // is their value, and the profile is not read.
    let (mut div, mut div_not_unit) = (0, 0);
    for (&s, &d) in f.shape().iter().zip(f.stride()) {
        w.leaf(s, d)?;
        let (is_unit, leaf_div) = leaf_summary(s, d);
        div = gcd(div, leaf_div);
        if !is_unit {
            div_not_unit = gcd(div_not_unit, leaf_div);
        }
    }
    let max = i32::MAX.unsigned_abs().into();
    if w.q != 0 || w.abs > max || w.size > max {
        return None;
    }
    if div != div_not_unit {
        div = layout_summary(f)?.1;
    }
    // |acc| <= abs <= i32::MAX.
    let value = i32::try_from(w.acc).ok()?;
    Some(u64::from(value as u32) | u64::from(div) << 32)
}

/// `size()` of every tuple node of `shape`, stored in pre-order, each the value or the error
/// `IntTuple::size` gives (`size(first)`, then `acc * size(next)` left to right); returns the
/// size of `shape`.
fn tuple_sizes(shape: &IntTuple, out: &mut Small<Result<Int, IntError>>) -> Result<Int, IntError> {
    match shape {
        IntTuple::Int(i) => Ok(*i),
        IntTuple::Tuple(modes) => {
            let slot = out.len();
            out.push(Ok(Int::new_static(1)));
            let mut acc: Option<Result<Int, IntError>> = None;
            for m in modes.iter() {
                let r = tuple_sizes(m, out);
                acc = Some(match acc {
                    None => r,
                    Some(Err(e)) => Err(e),
                    Some(Ok(a)) => r.and_then(|x| a.checked_mul(x)),
                });
            }
            let size = acc.unwrap_or(Ok(Int::new_static(1)));
            out[slot] = size;
            size
        }
    }
}

/// The exact path: CuTe's rule step by step, the tuples' sizes read from `sizes` (pre-order,
/// [`tuple_sizes`]); `next` is the slot of the next tuple node to be visited.
struct Exact<'a> {
    sizes: &'a [Result<Int, IntError>],
    next: usize,
}

impl Exact<'_> {
    /// `crd2idx(c, shape, stride)` for an integer coordinate.
    fn eval(&mut self, c: Int, shape: &IntTuple, stride: &IntTuple) -> Result<Int> {
        match (shape, stride) {
            (IntTuple::Int(_), IntTuple::Int(d)) => Ok(c.checked_mul(*d)?),
            (IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
                self.next += 1;
                if s.len() != d.len() {
                    return Err(mismatched("crd2idx", shape, stride));
                }
                self.split(c, s, d)
            }
            _ => Err(LayoutError::invalid(
                "crd2idx",
                format!(
                    "coordinate {} does not fit shape {shape} with stride {stride}",
                    IntTuple::Int(c)
                ),
            )),
        }
    }

    /// `c` split column-major across the modes `s` (strides `d`, as many).
    fn split(&mut self, c: Int, s: &[IntTuple], d: &[IntTuple]) -> Result<Int> {
        match (s, d) {
            ([s0, rest @ ..], [d0, drest @ ..]) if !rest.is_empty() => {
                let n = match s0 {
                    IntTuple::Int(n) => *n,
                    IntTuple::Tuple(_) => match self.sizes.get(self.next) {
                        Some(size) => (*size)?,
                        None => s0.size()?,
                    },
                };
                let here = self.eval(c.checked_rem(n)?, s0, d0)?;
                Ok(here.checked_add(self.split(c.checked_div(n)?, rest, drest)?)?)
            }
            ([s0], [d0]) => self.eval(c, s0, d0),
            _ => Ok(Int::new_static(0)),
        }
    }
}

/// The exact path for the integer coordinate `c`.
#[inline(never)]
fn exact(c: Int, shape: &IntTuple, stride: &IntTuple) -> Result<Int> {
    let mut sizes = Small::new(Ok(Int::new_static(1)));
    let _ = tuple_sizes(shape, &mut sizes);
    Exact {
        sizes: &sizes,
        next: 0,
    }
    .eval(c, shape, stride)
}

/// The fast path's answer, if it has one, for the coordinate `c` on `f`.
#[inline]
fn fast(c: Int, f: &Flat) -> Option<Int> {
    if c.is_static() || c.divisibility() != 1 {
        return None;
    }
    let packed = fast_index(c.value(), f)?;
    Some(tagged(packed as u32 as i32, (packed >> 32) as u32))
}

/// CuTe's `crd2idx(coord, shape, stride)`: the offset of a coordinate.
///
/// * integer, integer, integer: `c * d`;
/// * integer coordinate into a tuple shape: split it column-major over the modes
///   (`c % size(s0)` into mode 0, the quotient into the rest, the last mode takes what is left);
/// * tuple, tuple, tuple: the sum over the modes.
///
/// ```
/// use cute_dynamic::{crd2idx, IntTuple};
/// let s: IntTuple = "(_3,(_2,_3))".parse().unwrap();
/// let d: IntTuple = "(_3,(_12,_1))".parse().unwrap();
/// assert_eq!(crd2idx(&IntTuple::d(16), &s, &d).unwrap().value(), 17);
/// assert_eq!(crd2idx(&"(1,(1,2))".parse().unwrap(), &s, &d).unwrap().value(), 17);
/// ```
pub fn crd2idx(coord: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Result<Int> {
    match (coord, shape, stride) {
        (IntTuple::Tuple(c), IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
            if c.len() != s.len() || c.len() != d.len() {
                return Err(mismatched("crd2idx", coord, shape));
            }
            let mut terms = c.iter().zip(s.iter()).zip(d.iter());
            let Some(((c0, s0), d0)) = terms.next() else {
                return Ok(Int::new_static(0));
            };
            terms.try_fold(crd2idx(c0, s0, d0)?, |acc, ((ci, si), di)| {
                Ok(acc.checked_add(crd2idx(ci, si, di)?)?)
            })
        }
        (IntTuple::Int(c), IntTuple::Tuple(_), IntTuple::Tuple(_)) => {
            int_coordinate(*c, shape, stride)
        }
        (IntTuple::Int(c), IntTuple::Int(_), IntTuple::Int(d)) => Ok(c.checked_mul(*d)?),
        _ => Err(LayoutError::invalid(
            "crd2idx",
            format!("coordinate {coord} does not fit shape {shape} with stride {stride}"),
        )),
    }
}

/// CuTe's `crd2idx(c, shape, stride)` for an integer coordinate `c`: the fast path where it
/// applies, else the exact path.
pub(crate) fn int_coordinate(c: Int, shape: &IntTuple, stride: &IntTuple) -> Result<Int> {
    match Flat::from_tuples(shape, stride).and_then(|f| fast(c, &f)) {
        Some(v) => Ok(v),
        None => exact(c, shape, stride),
    }
}

/// CuTe's `layout(i)` for the 1-D index `i` (a dynamic integer): the fast path where it
/// applies, else the exact path. Inlined, so that the result is built in the caller's frame.
#[inline]
pub(crate) fn index(i: i32, f: &Flat) -> Result<Int> {
    let c = Int::new_dynamic(i);
    match fast(c, f) {
        Some(v) => Ok(v),
        None => exact(c, &f.shape_tuple(), &f.stride_tuple()),
    }
}

impl Layout {
    /// Evaluate the layout: the offset of an index or of a (possibly partial) coordinate.
    /// CuTe's `layout(coord)` / `crd2idx(coord, layout)`.
    ///
    /// An index is a dynamic integer (a C++ `int`): it splits column-major over the modes
    /// (`i % size(mode)` into the mode, `i / size(mode)` to the rest, the last mode takes what
    /// is left), every operation checked (overflow is an error, never a wrapped offset) and
    /// with CuTe's integral-constant rules for the tag. An index in the layout's domain is
    /// evaluated in one pass over the leaves without allocating; to evaluate the same layout at
    /// many indices, [`Layout::plan`] does the work that does not depend on the index once.
    ///
    /// ```
    /// use cute_dynamic::{IntTuple, Layout};
    /// let l: Layout = "(_3,(_2,_3)):(_3,(_12,_1))".parse().unwrap();
    /// assert_eq!(l.call(16).unwrap().value(), 17);
    /// let c: IntTuple = "(1,(1,2))".parse().unwrap();
    /// assert_eq!(l.call(&c).unwrap().value(), 17);
    /// ```
    #[inline]
    pub fn call<'c>(&self, coord: impl Into<CoordRef<'c>>) -> Result<Int> {
        match coord.into() {
            CoordRef::Index(i) => index(i, self.flat()),
            CoordRef::Coord(c) => crd2idx(c, &self.shape(), &self.stride()),
            CoordRef::Owned(c) => crd2idx(&c, &self.shape(), &self.stride()),
        }
    }

    /// The layout compiled for evaluation at many 1-D indices: [`Plan::call`]`(i)` is
    /// `self.call(i)` (same value, tag and errors), with the divisions by the modes' sizes
    /// precomputed as multiplications (see [`Plan`]). Never fails: a layout the fast path does
    /// not cover (non-positive sizes, a size or offsets beyond `i32`) gets a plan that
    /// evaluates by the rule, as `call` does.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// // CuTe: auto l = make_layout(make_shape(m, n), make_stride(1, m)); ... l(i) ...
    /// let l: Layout = "(4,3):(1,4)".parse().unwrap();
    /// let plan = l.plan();
    /// let offsets: Vec<i32> = (0..12).map(|i| plan.call(i).unwrap().value()).collect();
    /// assert_eq!(offsets, (0..12).collect::<Vec<_>>());
    /// ```
    #[must_use]
    pub fn plan(&self) -> Plan {
        Plan::new(self)
    }

    /// CuTe's `crd2idx(coord, layout)`.
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "(_2,_3):(_3,_1)".parse().unwrap();
    /// assert_eq!(l.crd2idx(&"(1,2)".parse().unwrap()).unwrap().value(), 5);
    /// ```
    pub fn crd2idx(&self, coord: &IntTuple) -> Result<Int> {
        crd2idx(coord, &self.shape(), &self.stride())
    }
}

/// One step of a plan's fast path: `q = q / s` (the previous leaf's size, by multiply-high:
/// `(q * magic) >> 64`), then the term `q * stride`.
#[derive(Clone, Copy, Debug, Default)]
struct Step {
    magic: u64,
    stride: u32,
}

/// Division of any `0 <= q < 2^31` by the invariant `2 <= s < 2^31` as a multiplication
/// (Granlund and Montgomery, "Division by invariant integers using multiplication", 1994,
/// theorem 4.2 with N = 31, l = 33): `m = floor((2^64 - 1) / s) + 1` gives
/// `2^64 <= m * s <= 2^64 + s <= 2^64 + 2^33`, so `q / s == (q * m) >> 64`, the high word of one
/// 64x64-bit multiplication (`m <= 2^63 + 1`).
fn magic(s: u32) -> u64 {
    debug_assert!(s >= 2);
    u64::MAX / u64::from(s) + 1
}

#[inline]
fn mulhi(q: u64, m: u64) -> u64 {
    ((u128::from(q) * u128::from(m)) >> 64) as u64
}

/// A layout compiled for evaluation at many 1-D indices: CuTe's `layout(i)` with the work that
/// does not depend on `i` done once.
///
/// Built by [`Layout::plan`]; [`Plan::call`] gives exactly what [`Layout::call`] gives at every
/// index (the same value, the same static/dynamic tag and divisibility, the same errors), in
/// fewer steps. For the layout's domain (`0 <= i < size`) of a layout whose leaves are all
/// positive, whose size fits `i32` and whose offsets cannot overflow
/// (`sum (s - 1) * |d| <= i32::MAX` over the leaves), the plan holds one entry per leaf (after
/// merging the leaves CuTe's `coalesce` would merge and dropping size-1 leaves): the division by
/// the previous leaf's size as the high word of a multiplication by a precomputed constant
/// (division by an invariant integer, Granlund and Montgomery), and the leaf's stride folded
/// with the previous one (`q_k * (d_k - s_(k-1) * d_(k-1))`, so the remainder is never formed);
/// `layout(i)` is then a loop of multiplications and additions, with no error possible, and the
/// result's tag, which depends only on the layout there, is precomputed. The entries are stored
/// inline in the plan (about 600 bytes), never on the heap: a size that fits `i32` leaves at most
/// 30 leaves of size 2 or more, and a layout of any number of leaves is accepted. Any other index
/// or layout (negative or zero sizes, indices outside the domain, overflow) is evaluated by the
/// rule itself, as `Layout::call` does.
///
/// ```
/// use cute_dynamic::{Int, Layout};
/// // CuTe: auto l = make_layout(make_shape (_3, make_shape (_2, _3)),
/// //                            make_stride(_3, make_stride(_12, _1)));
/// //       for (int i = 0; i < size(l); ++i) f(l(i));
/// let l: Layout = "(_3,(_2,_3)):(_3,(_12,_1))".parse()?;
/// let plan = l.plan();
/// assert_eq!(plan.call(16)?.value(), 17);
/// for i in 0..18 {
///     assert_eq!(plan.call(i)?, l.call(i)?);
/// }
/// // A dynamic index gives a dynamic offset, as `l(i)` with an `int` does in CuTe.
/// assert_eq!(plan.call(16)?, Int::new_dynamic(17));
/// // Outside the domain too, the plan agrees with `Layout::call` (the last mode takes the rest).
/// assert_eq!(plan.call(18)?, l.call(18)?);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone)]
pub struct Plan {
    layout: Layout,
    /// The layout's shape and stride as trees, for the exact path.
    shape: IntTuple,
    stride: IntTuple,
    /// The fast path's domain `0..size` (0: the layout has none).
    size: u32,
    /// The first leaf's stride; the first `len` entries of `steps` are the other leaves.
    first: u32,
    steps: [Step; INLINE],
    len: usize,
    /// The fast path's tag: 0 for `_0`, else dynamic with this divisibility.
    div: u32,
    /// The exact path's table of tuple sizes ([`tuple_sizes`]), computed once.
    sizes: Small<Result<Int, IntError>>,
}

impl fmt::Debug for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Plan")
            .field("layout", &self.layout)
            .field("domain", &self.size)
            .field("first", &self.first)
            .field("steps", &&self.steps[..self.len])
            .finish()
    }
}

impl Plan {
    pub(crate) fn new(layout: &Layout) -> Plan {
        let (shape, stride) = (layout.shape(), layout.stride());
        let mut sizes = Small::new(Ok(Int::new_static(1)));
        let _ = tuple_sizes(&shape, &mut sizes);
        let mut plan = Plan {
            layout: layout.clone(),
            shape,
            stride,
            size: 0,
            first: 0,
            steps: [Step::default(); INLINE],
            len: 0,
            div: 0,
            sizes,
        };
        let flat = layout.flat();
        let Some((_, div)) = layout_summary(flat) else {
            return plan;
        };
        let leaves = flat
            .shape()
            .iter()
            .zip(flat.stride())
            .map(|(s, d)| (s.value(), d.value()));
        let max = u64::from(i32::MAX.unsigned_abs());
        let (mut size, mut bound) = (1u64, 0u64);
        for (s, d) in leaves.clone() {
            let Ok(s) = u32::try_from(s) else {
                return plan;
            };
            if s == 0 {
                return plan;
            }
            size = size.saturating_mul(u64::from(s));
            bound = bound.saturating_add(u64::from(s - 1) * u64::from(d.unsigned_abs()));
        }
        let Ok(size) = u32::try_from(size) else {
            return plan;
        };
        if u64::from(size) > max || bound > max {
            return plan;
        }
        // Coalesce: drop size-1 leaves, merge (s0,d0),(s1,d1) into (s0*s1,d0) when d1 == s0*d0.
        // Sizes stay <= size, strides <= i32::MAX in magnitude.
        let mut merged: Small<(u32, i64)> = Small::new((1, 0));
        for (s, d) in leaves {
            let (s, d) = (s.unsigned_abs(), i64::from(d));
            if s == 1 {
                continue;
            }
            match merged.last_mut() {
                Some((s0, d0)) if d == i64::from(*s0) * *d0 => *s0 *= s,
                _ => merged.push((s, d)),
            }
        }
        // Telescoped: with q_0 = i, q_(k+1) = q_k / S_k over the merged leaves (S_k, D_k), the
        // coordinates are c_k = q_k - S_k * q_(k+1) (the last: q_L), so
        // sum c_k * D_k = q_0 * D_0 + sum_(k>=1) q_k * (D_k - S_(k-1) * D_(k-1)).
        // The q_k are exact (magic division); the rest is ring arithmetic modulo 2^32, exact
        // because the offset fits `i32` (bound above).
        // At most 30 leaves of size >= 2 have a product below 2^31: the steps always fit.
        let merged = &*merged;
        if merged.len() > INLINE + 1 {
            return plan;
        }
        if let Some(&(_, d0)) = merged.first() {
            plan.first = d0 as u32;
        }
        for (step, w) in plan.steps.iter_mut().zip(merged.windows(2)) {
            let [(s0, d0), (_, d1)] = [w[0], w[1]];
            *step = Step {
                magic: magic(s0),
                stride: (d1 - i64::from(s0) * d0) as u32,
            };
        }
        plan.len = merged.len().saturating_sub(1);
        plan.size = size;
        plan.div = div;
        plan
    }

    /// CuTe's `layout(i)`: the offset of the 1-D index `i` (a dynamic integer, as
    /// [`Layout::call`] takes it), exactly what `Layout::call(i)` gives: value, static/dynamic
    /// tag and errors.
    ///
    /// ```
    /// use cute_dynamic::{Int, Layout};
    /// // CuTe: make_layout(make_shape(4, _2), make_stride(_2, _1))(5) == 3
    /// let l: Layout = "(4,_2):(_2,_1)".parse()?;
    /// let plan = l.plan();
    /// assert_eq!(plan.call(5)?, Int::new_dynamic(3));
    /// // (_1,_4):(_0,_0) is _0 at every index, statically, as in CuTe.
    /// let z: Layout = "(_1,_4):(_0,_0)".parse()?;
    /// assert_eq!(z.plan().call(3)?, Int::new_static(0));
    /// // Overflow is an error, never a wrapped offset.
    /// let big: Layout = "(2,2):(1,2147483647)".parse()?;
    /// assert!(big.plan().call(3).is_err());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[inline]
    pub fn call(&self, i: i32) -> Result<Int> {
        match u32::try_from(i) {
            Ok(q) if q < self.size => Ok(self.fast(q)),
            _ => self.outside(i),
        }
    }

    /// An index outside the fast path's domain: the exact path, as `Layout::call` takes it
    /// there, with the table of tuple sizes computed once.
    #[inline(never)]
    fn outside(&self, i: i32) -> Result<Int> {
        Exact {
            sizes: &self.sizes,
            next: 0,
        }
        .eval(Int::new_dynamic(i), &self.shape, &self.stride)
    }

    /// The fast path: `q` in the domain, so the offset fits `i32` (see [`Plan::new`]).
    #[inline]
    fn fast(&self, q: u32) -> Int {
        let mut q = u64::from(q);
        let mut acc = (q as u32).wrapping_mul(self.first);
        let mut step = |st: &Step| {
            q = mulhi(q, st.magic);
            acc = acc.wrapping_add((q as u32).wrapping_mul(st.stride));
        };
        // Layouts of up to four leaves past the first, straight-line code.
        match (self.len, &self.steps) {
            (0, _) => {}
            (1, [a, ..]) => step(a),
            (2, [a, b, ..]) => (step(a), step(b)).1,
            (3, [a, b, c, ..]) => (step(a), step(b), step(c)).2,
            (4, [a, b, c, d, ..]) => (step(a), step(b), step(c), step(d)).3,
            (n, steps) => steps[..n.min(INLINE)].iter().for_each(step),
        }
        tagged(acc as i32, self.div)
    }

    /// The layout this plan evaluates.
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "(_4,_2):(_2,_1)".parse().unwrap();
    /// assert_eq!(l.plan().layout(), &l);
    /// ```
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The recursive `crd2idx` of an integer coordinate as it was before the plan (the
    /// reference): sizes recomputed at every level.
    fn reference(coord: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Result<Int> {
        match (coord, shape, stride) {
            (IntTuple::Int(c), IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
                if s.len() != d.len() {
                    return Err(mismatched("crd2idx", shape, stride));
                }
                reference_split(*c, s, d)
            }
            // A tuple coordinate, a leaf, or a mismatch: unchanged by the plan.
            _ => crd2idx(coord, shape, stride),
        }
    }

    fn reference_split(c: Int, s: &[IntTuple], d: &[IntTuple]) -> Result<Int> {
        match s {
            [] => Ok(Int::new_static(0)),
            [s0] => reference(&IntTuple::Int(c), s0, &d[0]),
            [s0, rest @ ..] => {
                let n = s0.size()?;
                let here = reference(&IntTuple::Int(c.checked_rem(n)?), s0, &d[0])?;
                Ok(here.checked_add(reference_split(c.checked_div(n)?, rest, &d[1..])?)?)
            }
        }
    }

    /// Results compared in full: value, tag, divisibility, or the error.
    fn show(r: &Result<Int>) -> String {
        match r {
            Ok(v) => format!("{v} {}", v.dsl()),
            Err(e) => format!("error {e:?}"),
        }
    }

    fn check_index(l: &Layout, plan: &Plan, i: i32) {
        let want = show(&reference(&IntTuple::d(i), &l.shape(), &l.stride()));
        assert_eq!(show(&l.call(i)), want, "{l} at {i}");
        assert_eq!(show(&plan.call(i)), want, "plan of {l} at {i}");
    }

    fn check_coord(c: Int, s: &IntTuple, d: &IntTuple) {
        let coord = IntTuple::Int(c);
        let want = show(&reference(&coord, s, d));
        assert_eq!(show(&crd2idx(&coord, s, d)), want, "{c} into {s}:{d}");
    }

    /// The indices checked for a layout: its whole domain up to 4096, then samples, and the
    /// edges of `i32`.
    fn indices(l: &Layout, rng: &mut Rng) -> Vec<i32> {
        let n = l.size().map(Int::value).unwrap_or(0);
        let mut v: Vec<i32> = vec![0, 1, -1, 2, i32::MAX, i32::MIN, i32::MIN + 1, i32::MAX - 1];
        if (0..=4096).contains(&n) {
            v.extend(0..=n);
        } else {
            v.extend((0..64).map(|_| rng.next() as i32));
        }
        for k in [n, n.wrapping_sub(1), n.wrapping_add(1), n.wrapping_neg()] {
            v.push(k);
        }
        v
    }

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            self.0 >> 33
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    const SHAPES: [i32; 16] = [
        1,
        2,
        3,
        4,
        5,
        8,
        0,
        -1,
        -2,
        -3,
        7,
        46341,
        65536,
        i32::MAX,
        i32::MIN,
        16,
    ];
    const STRIDES: [i32; 14] = [
        0,
        1,
        2,
        3,
        -1,
        -4,
        12,
        1 << 20,
        i32::MAX,
        i32::MIN,
        -(1 << 30),
        46341,
        7,
        64,
    ];

    fn int(rng: &mut Rng, table: &[i32], wild: u64) -> Int {
        let v = if rng.below(wild) == 0 {
            table[rng.below(table.len() as u64) as usize]
        } else {
            table[rng.below(6) as usize]
        };
        match rng.below(4) {
            0 => Int::new_dynamic(v),
            1 => Int::dynamic_with_divisor(v, [2, 3, 4][rng.below(3) as usize])
                .unwrap_or(Int::new_dynamic(v)),
            _ => Int::new_static(v),
        }
    }

    fn tree(rng: &mut Rng, depth: u32, wild: u64) -> (IntTuple, IntTuple) {
        if depth == 0 || rng.below(3) == 0 {
            return (
                IntTuple::Int(int(rng, &SHAPES, wild)),
                IntTuple::Int(int(rng, &STRIDES, wild)),
            );
        }
        let n = rng.below(5) as usize;
        let (s, d): (Vec<_>, Vec<_>) = (0..n).map(|_| tree(rng, depth - 1, wild)).unzip();
        (IntTuple::tuple(s), IntTuple::tuple(d))
    }

    #[test]
    fn random_layouts_agree_with_the_recursive_rule() {
        let mut rng = Rng(7);
        for k in 0..3000 {
            // Mostly small positive sizes (the fast path), one leaf in `wild` from the edges.
            let wild = [1000, 8, 3][k % 3];
            let (s, d) = tree(&mut rng, 3, wild);
            let l = Layout::from_parts(s.clone(), d.clone()).unwrap();
            let plan = l.plan();
            for i in indices(&l, &mut rng) {
                check_index(&l, &plan, i);
            }
            for _ in 0..8 {
                check_coord(int(&mut rng, &[0, 1, 5, -7, 100, i32::MAX], 2), &s, &d);
            }
        }
    }

    #[test]
    fn static_and_divisible_coordinates_take_the_exact_path() {
        let s: IntTuple = "(_2,(_1,3),4)".parse().unwrap();
        let d: IntTuple = "(_3,(_5,6),_0)".parse().unwrap();
        for v in [-30, -1, 0, 1, 5, 23, 24, 1000] {
            check_coord(Int::new_static(v), &s, &d);
            check_coord(Int::new_dynamic(v), &s, &d);
            if let Some(c) = Int::dynamic_with_divisor(v, 2) {
                check_coord(c, &s, &d);
            }
        }
    }

    #[test]
    fn mismatched_shapes_and_strides_give_the_same_errors() {
        for (s, d) in [
            ("(2,3)", "(1,(2,3))"),
            ("(2,(3,4))", "(1,7)"),
            ("(2,3)", "(1,2,3)"),
            ("((2,3),4)", "((1,2,5),4)"),
            ("(0,(2,3))", "(1,(2))"),
        ] {
            let (s, d): (IntTuple, IntTuple) = (s.parse().unwrap(), d.parse().unwrap());
            for v in [0, 1, 5, 30, -2] {
                check_coord(Int::new_dynamic(v), &s, &d);
                check_coord(Int::new_static(v), &s, &d);
            }
        }
    }

    #[test]
    fn tags_and_errors_on_chosen_layouts() {
        for text in [
            "_4:_3",
            "(_4,_1):(_1,_5)",
            "(_1,_4):(_5,_1)",
            "((_1,_1),4):((_3,_5),_2)",
            "((_1,1),4):((_3,_5),_2)",
            "(_4,()):(_1,())",
            "():()",
            "(_1,(_1,_1)):(_7,(_8,_9))",
            "(_4,_2):(_0,_0)",
            "(4,2):(0,0)",
            "(_-1,_0):(_1,_-4)",
            "(2,0,3):(1,2,3)",
            "(2,2):(1,2147483647)",
            "(2,2):(2147483647,1)",
            "(2,2,2):(-1,2147483647,1)",
            "(46341,46341):(46341,1)",
            "((65536,65536),2):((1,1),1)",
            "(2,(65536,65536)):(1,(1,1))",
            "(-2,3):(1,2)",
            "(2,-3):(1,2)",
            "(_-1,4):(_1,_2)",
            "(3,4):(2147483647,-2147483648)",
        ] {
            let l: Layout = text.parse().unwrap();
            let plan = l.plan();
            let mut rng = Rng(1);
            for i in indices(&l, &mut rng) {
                check_index(&l, &plan, i);
            }
        }
    }

    #[test]
    fn plans_of_many_leaves_agree() {
        let text = format!(
            "({}):({})",
            (0..40)
                .map(|k| if k % 3 == 0 { "2" } else { "1" })
                .collect::<Vec<_>>()
                .join(","),
            (0..40)
                .map(|k| (k % 7).to_string())
                .collect::<Vec<_>>()
                .join(",")
        );
        let l: Layout = text.parse().unwrap();
        let plan = l.plan();
        assert_eq!(plan.size, 1 << 14);
        let mut rng = Rng(3);
        for _ in 0..2000 {
            check_index(&l, &plan, rng.next() as i32);
        }
        // 31 leaves of 2: size 2^31 overflows, no fast path, the rule's errors.
        let l: Layout = format!(
            "({}):({})",
            vec!["2"; 31].join(","),
            vec!["0"; 31].join(",")
        )
        .parse()
        .unwrap();
        let plan = l.plan();
        assert_eq!(plan.size, 0);
        for i in [0, 1, 5, i32::MAX] {
            check_index(&l, &plan, i);
        }
    }

    #[test]
    fn plan_coalesces_and_drops_unit_leaves() {
        let l: Layout = "((_2,_4),_1,_3):((_1,_2),_7,_8)".parse().unwrap();
        let plan = l.plan();
        assert_eq!((plan.first, plan.len), (1, 0));
        for i in -3..30 {
            check_index(&l, &plan, i);
        }
        let l: Layout = "((_2,_4),_1,_3):((_1,_3),_7,_8)".parse().unwrap();
        let plan = l.plan();
        assert_eq!((plan.first, plan.len), (1, 2));
        for i in -3..30 {
            check_index(&l, &plan, i);
        }
    }

    #[test]
    fn magic_division_is_exact() {
        let mut rng = Rng(11);
        let top = i32::MAX.unsigned_abs();
        let mut divisors: Vec<u32> = (2..=4096).collect();
        for b in 1..31 {
            divisors.extend([(1u32 << b) - 1, 1 << b, (1 << b) + 1]);
        }
        divisors.push(top);
        divisors.extend((0..2000).map(|_| 2 + (rng.next() as u32) % (top - 1)));
        for &s in divisors.iter().filter(|&&s| (2..=top).contains(&s)) {
            let m = magic(s);
            let mut qs = vec![0, 1, s - 1, s, top, top - 1, top / s * s, (top / s * s) - 1];
            qs.extend((1..4u32).filter_map(|k| s.checked_mul(k)));
            qs.extend((1..4u32).filter_map(|k| s.checked_mul(k)).map(|x| x - 1));
            qs.extend((0..32).map(|_| (rng.next() as u32) % (top + 1)));
            for q in qs.into_iter().filter(|&q| q <= top) {
                assert_eq!(mulhi(u64::from(q), m), u64::from(q / s), "{q} / {s}");
            }
        }
        // Every q for a few divisors.
        for s in [3, 7, 641, 46341] {
            let m = magic(s);
            for q in (0..=top).step_by(997) {
                assert_eq!(mulhi(u64::from(q), m), u64::from(q / s), "{q} / {s}");
            }
        }
    }

    #[test]
    fn binary_gcd_matches_euclid() {
        fn euclid(a: u32, b: u32) -> u32 {
            if b == 0 { a } else { euclid(b, a % b) }
        }
        for a in 0..200 {
            for b in 0..200 {
                assert_eq!(gcd(a, b), euclid(a, b), "{a} {b}");
            }
        }
        assert_eq!(gcd(1 << 31, 1 << 30), 1 << 30);
    }
}
