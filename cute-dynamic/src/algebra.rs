//! The one algebra: cute-static's const algorithms, run on this crate's values. An operation's
//! operands are handed over node by node, the algorithm runs eagerly on them (a dynamic integer
//! is its value, computed on the spot with CuTe's static/dynamic rules), and the result is read
//! back. CuTe's conditions are checked on every value as the algorithm meets them.
//!
//! The static twin is one wrapper around the run: where an operand has a run-time integer, the
//! same algorithm runs again with every integer static, as CuTe computes when it knows the
//! values, and a condition that this twin fails is CuTe's refusal of the input (CuTe C++ skips
//! it on run-time values and may return a wrong layout, CUTLASS #3513). The twin's arithmetic
//! does not count (its overflow is in values the run may never compute), nor its answer not
//! being `A o B` (the run's own is checked as it is computed), as in `crate::twin::checked`.
//!
//! So far these run here: the layouts with scaled-basis strides (`CoordLayout`, the layouts of
//! identity tensors), of the plain layouts `nullspace`, `upcast`, `downcast`, `slice`, `dice`,
//! `make_layout_like` and the operations on modes (`crate::mode_ops`), and the functions on
//! IntTuples that compute (`crate::int_tuple_algebra`, and the compact strides, `compact_order`
//! and `idx2crd` of `crate::stride`). The plain layouts' other operations still have their own
//! algorithms in this crate, and run here only through the hidden [`crate::one_algebra`], to
//! measure and compare.

use crate::arithmetic_tuple::{CoordStride, ScaledBasis};
use crate::error::{LayoutError, Result};
use crate::flat::{Flat, LEAF};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::prelude::*;
use crate::tiler::Tiler;
use crate::twin::is_complete_form;
use core::fmt;
use cute_static::eager::{self, CAP, LayoutNode, Mode, Node, Op, Tuple, Unfit};

/// CuTe's `op` (its name `name`, for errors) on the layout of coordinates `shape:stride` and
/// `tiler`, by cute-static's algorithm, with the static twin's conditions: the result's shape
/// and stride.
pub(crate) fn coordinates_op(
    op: Op,
    name: &'static str,
    (shape, stride): (&IntTuple, &CoordStride),
    tiler: &Tiler,
) -> Result<(IntTuple, CoordStride)> {
    let mut out = None;
    run(op, name, &Coordinates(shape, stride), tiler, &mut out)?;
    read_back(out)
}

/// CuTe's `op` (its name `name`, for errors) on the plain layout `a` and `tiler`, by
/// cute-static's algorithm, with the static twin's conditions (none for CuTe's own answer,
/// `Op::CompositionAsCute`).
pub(crate) fn plain_op(
    op: Op,
    name: &'static str,
    a: &Layout,
    tiler: &impl TilerOperand,
) -> Result<Layout> {
    // Written in place: a layout returned through each layer of `Result` is copied each time.
    let mut out = Flat::empty();
    run(op, name, a, tiler, &mut out)?;
    out.into_layout()
}

/// CuTe's `op` on IntTuples (its name `name`, for errors; `Op::on_int_tuples`): on `a` and the
/// second operand `b` (an IntTuple, or an integer), by cute-static's algorithm.
pub(crate) fn int_tuple_op(
    op: Op,
    name: &'static str,
    a: &IntTuple,
    b: &impl TilerOperand,
) -> Result<IntTuple> {
    let mut out = None;
    run(op, name, &OfIntTuple(a), b, &mut out)?;
    read_back(out)
}

/// The result a run read back (always there after a run without error).
fn read_back<T>(out: Option<T>) -> Result<T> {
    out.ok_or_else(|| LayoutError::invalid("the algebra", "no result read back"))
}

/// A tiler as handed over to the algebra: a [`Tiler`], or a layout `B` (`composition(A, B)`,
/// `logical_divide(A, B)`).
pub(crate) trait TilerOperand: fmt::Display {
    /// The algebra's tiler of it.
    fn build<const C: usize>(&self, out: &mut Tuple<C>) -> core::result::Result<(), Unfit>;
}

impl TilerOperand for Tiler {
    fn build<const C: usize>(&self, out: &mut Tuple<C>) -> core::result::Result<(), Unfit> {
        tiler_tuple(self, out)
    }
}

impl TilerOperand for IntTuple {
    fn build<const C: usize>(&self, out: &mut Tuple<C>) -> core::result::Result<(), Unfit> {
        int_tuple(self, out)
    }
}

impl TilerOperand for Layout {
    fn build<const C: usize>(&self, out: &mut Tuple<C>) -> core::result::Result<(), Unfit> {
        layout_node(self, out)
    }
}

/// A layout as handed over to the algebra, node by node, and as read back from it.
trait Operand: fmt::Display {
    /// The result read back, written in place ([`Operand::read`]).
    type Out;
    /// How the operation runs: whether a composition not shown to be `A o B` with run-time
    /// values is compared point by point (the layouts of coordinates, and `composition` itself,
    /// `Op::Composition`) or refused (the other operations on plain layouts, as cute-dynamic's
    /// own and while compiling).
    const MODE: Mode;
    /// The algebra's layout of it, in trees of `C` nodes.
    fn build<const C: usize>(&self) -> core::result::Result<eager::Layout<C>, Unfit>;
    /// The algebra's result as this crate's, written to `out` (as the caller made it).
    fn read<const C: usize>(l: &eager::Layout<C>, out: &mut Self::Out) -> Result<()>;
}

/// A layout of coordinates, by its shape and its stride.
struct Coordinates<'a>(&'a IntTuple, &'a CoordStride);

impl fmt::Display for Coordinates<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.0, self.1)
    }
}

impl Operand for Coordinates<'_> {
    type Out = Option<(IntTuple, CoordStride)>;
    const MODE: Mode = Mode::Compared;
    fn build<const C: usize>(&self) -> core::result::Result<eager::Layout<C>, Unfit> {
        let (mut shape, mut strides) = (Tuple::new(), Tuple::new());
        int_tuple(self.0, &mut shape)?;
        stride(self.1, &mut strides)?;
        eager::Layout::new(shape, strides)
    }
    fn read<const C: usize>(l: &eager::Layout<C>, out: &mut Self::Out) -> Result<()> {
        *out = Some(back(l)?);
        Ok(())
    }
}

/// An IntTuple as the operations on IntTuples take it (`Op::on_int_tuples`): the shape of A,
/// whose stride is the same tuple (not read); the result is read back from the result's shape.
struct OfIntTuple<'a>(&'a IntTuple);

impl fmt::Display for OfIntTuple<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Operand for OfIntTuple<'_> {
    type Out = Option<IntTuple>;
    const MODE: Mode = Mode::Eager;
    fn build<const C: usize>(&self) -> core::result::Result<eager::Layout<C>, Unfit> {
        let mut t = Tuple::new();
        int_tuple(self.0, &mut t)?;
        eager::Layout::of_int_tuple(t)
    }
    fn read<const C: usize>(l: &eager::Layout<C>, out: &mut Self::Out) -> Result<()> {
        *out = int_tuple_of(&l.shape());
        Ok(())
    }
}

impl Operand for Layout {
    type Out = Flat;
    const MODE: Mode = Mode::Eager;
    fn build<const C: usize>(&self) -> core::result::Result<eager::Layout<C>, Unfit> {
        let f = self.flat();
        let mut out = eager::LayoutBuilder::new();
        let mut leaves = f.shape().iter().zip(f.stride());
        let int = |i: &Int| (i.value(), !i.is_static());
        for &node in f.profile() {
            if node == LEAF {
                let (s, d) = leaves
                    .next()
                    .ok_or(Unfit("a profile with more leaves than values"))?;
                out.leaf(int(s), int(d))?;
            } else {
                out.tuple(node as usize)?;
            }
        }
        out.build()
    }
    /// The shape's and the stride's nodes side by side (congruent: a leaf of one is a leaf of
    /// the other).
    fn read<const C: usize>(l: &eager::Layout<C>, out: &mut Flat) -> Result<()> {
        for i in 0.. {
            match l.mode(i) {
                None => return Ok(()),
                Some(LayoutNode::Tuple(n)) => out.push_tuple(n as u32),
                Some(LayoutNode::Leaf {
                    shape: (s, s_dynamic),
                    stride: (d, d_dynamic),
                    scaled: false,
                }) => out.push_leaf(int(s, s_dynamic), int(d, d_dynamic)),
                Some(LayoutNode::Leaf { scaled: true, .. }) => break,
            }
        }
        Err(LayoutError::invalid(
            "the algebra",
            "a result that is not a layout of integers",
        ))
    }
}

/// [`coordinates_op`] and [`plain_op`]: `op` on `a` and `tiler`, and its static twin where a
/// value is dynamic (but for CuTe's own answer, `Op::CompositionAsCute`).
fn run<A: Operand, T: TilerOperand>(
    op: Op,
    name: &'static str,
    a: &A,
    tiler: &T,
    out: &mut A::Out,
) -> Result<()> {
    // The operands in trees of 16 nodes where they fit (each copy of a tree costs its capacity;
    // the run picks the trees it needs), else of the algebra's most, 128, which refuse with the
    // capacity's error.
    let done = match run_in::<A, T, 16>(op, name, (a, tiler), out) {
        Err(Capacity::Unfit(c)) if c.is_full() => run_in::<A, T, CAP>(op, name, (a, tiler), out),
        done => done,
    };
    done.map_err(|e| match e {
        Capacity::Unfit(c) => LayoutError::invalid(name, format!("{}: {a} with {tiler}", c.0)),
        Capacity::Error(e) => e,
    })
}

/// Why a run gave no result: operands the algebra cannot hold (too large for the capacity,
/// [`Unfit::is_full`], or malformed), or the operation's error.
enum Capacity {
    Unfit(Unfit),
    Error(LayoutError),
}

/// [`run`] with the operands in trees of `C` nodes.
fn run_in<A: Operand, T: TilerOperand, const C: usize>(
    op: Op,
    name: &'static str,
    (a, tiler): (&A, &T),
    out: &mut A::Out,
) -> core::result::Result<(), Capacity> {
    let ea = a.build::<C>().map_err(Capacity::Unfit)?;
    let mut et = Tuple::<C>::new();
    tiler.build(&mut et).map_err(Capacity::Unfit)?;
    let failed = Failed { name, a, tiler };
    eager::run(op, &ea, &et, A::MODE, Back(failed, out)).map_err(Capacity::Unfit)??;
    // An operation whose twin cannot refuse what its run accepts runs the twin only in debug
    // builds, to hold `Op::twin_can_refuse` to the algorithms' code.
    let can_refuse = op.twin_can_refuse();
    let twin = (can_refuse || cfg!(debug_assertions))
        && op != Op::CompositionAsCute
        && !(ea.is_static() && et.is_static());
    if twin {
        // The twin is an all-static input: only CuTe's own conditions on it count (as in
        // `crate::twin::checked`), not its arithmetic, nor its answer not being `A o B`, which
        // says nothing of the run's (checked on its own).
        match eager::run(op, &ea, &et, Mode::Twin, failed).map_err(Capacity::Unfit)? {
            Err(Capacity::Error(e)) if e.condition().is_none() || is_complete_form(&e) => {}
            twin => {
                debug_assert!(
                    can_refuse || twin.is_ok(),
                    "{name}: the static twin refused what the run accepted, which `Op::twin_can_refuse` says it cannot"
                );
                twin?;
            }
        }
    }
    Ok(())
}

/// Reads a run's failure as this crate's error, naming the operation and its operands.
struct Failed<'a, A, T> {
    name: &'static str,
    a: &'a A,
    tiler: &'a T,
}

impl<A, T> Clone for Failed<'_, A, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<A, T> Copy for Failed<'_, A, T> {}

impl<A: Operand, T: TilerOperand> eager::Reader for Failed<'_, A, T> {
    type Out = core::result::Result<(), Capacity>;
    fn read<const C: usize>(self, run: eager::Run<'_, C>) -> Self::Out {
        match run.failure {
            None => Ok(()),
            Some(e) => {
                let operands = format!("{} with {}", self.a, self.tiler);
                let e = from_static(e, run.refusal(), self.name, &operands);
                Err(Capacity::Error(e))
            }
        }
    }
}

/// Reads a run's result back into its second field, or its failure as [`Failed`] does.
struct Back<'a, 'o, A: Operand, T>(Failed<'a, A, T>, &'o mut A::Out);

impl<A: Operand, T: TilerOperand> eager::Reader for Back<'_, '_, A, T> {
    type Out = core::result::Result<(), Capacity>;
    fn read<const C: usize>(self, run: eager::Run<'_, C>) -> Self::Out {
        let layout = run.layout;
        self.0.read(run)?;
        A::read(layout, self.1).map_err(Capacity::Error)
    }
}

/// cute-static's error (a condition with its values, failed arithmetic, a refused structure
/// with the text of its compile error, `refusal`) as this crate's, naming the operation and its
/// operands where the values do not say it.
fn from_static(
    e: cute_static::LayoutError,
    refusal: Option<&str>,
    name: &'static str,
    operands: &str,
) -> LayoutError {
    if let Some(a) = e.arithmetic() {
        return a.into();
    }
    let Some(condition) = e.condition() else {
        // Operands refused by no named condition: the compile error's text, if any.
        let detail = match refusal {
            Some(text) => text
                .strip_prefix(name)
                .and_then(|t| t.strip_prefix(": "))
                .unwrap_or(text),
            None => &e.to_string(),
        };
        return LayoutError::invalid(name, format!("{detail} ({operands})"));
    };
    // The text is the condition's message, then `: ` (or ` ` after a sentence) and the values.
    let text = refusal.map_or_else(|| e.to_string(), String::from);
    let detail = text
        .strip_prefix(condition.message())
        .map(|d| d.trim_start_matches(':').trim_start())
        .filter(|d| !d.is_empty());
    let detail = match detail {
        Some(d) => format!("{d} ({name}: {operands})"),
        None => format!("{name}: {operands}"),
    };
    LayoutError::precondition(condition, detail)
}

fn int_tuple<const C: usize>(t: &IntTuple, out: &mut Tuple<C>) -> core::result::Result<(), Unfit> {
    match t {
        IntTuple::Int(i) => out.int(i.value(), !i.is_static()),
        IntTuple::Tuple(items) => {
            let at = out.open()?;
            items.iter().try_for_each(|x| int_tuple(x, out))?;
            out.close(at, items.len());
            Ok(())
        }
    }
}

/// The shape (`leaves`: the shapes) or the stride (the strides) of a layout given by its
/// profile in preorder ([`crate::flat`]).
fn flat_tuple<const C: usize>(
    profile: &[u32],
    leaves: &[Int],
    out: &mut Tuple<C>,
) -> core::result::Result<(), Unfit> {
    let mut leaf = leaves.iter();
    for &node in profile {
        if node == LEAF {
            let i = leaf
                .next()
                .ok_or(Unfit("a profile with more leaves than values"))?;
            out.int(i.value(), !i.is_static())?;
        } else {
            let at = out.open()?;
            out.close(at, node as usize);
        }
    }
    Ok(())
}

fn stride<const C: usize>(d: &CoordStride, out: &mut Tuple<C>) -> core::result::Result<(), Unfit> {
    match d {
        CoordStride::Int(i) => out.int(i.value(), !i.is_static()),
        CoordStride::Basis(b) => out.scaled(b.value().value(), !b.value().is_static(), b.modes()),
        CoordStride::Tuple(items) => {
            let at = out.open()?;
            items.iter().try_for_each(|x| stride(x, out))?;
            out.close(at, items.len());
            Ok(())
        }
    }
}

/// A layout node of a tiler: its shape, then its stride.
fn layout_node<const C: usize>(l: &Layout, out: &mut Tuple<C>) -> core::result::Result<(), Unfit> {
    out.layout()?;
    let f = l.flat();
    flat_tuple(f.profile(), f.shape(), out)?;
    flat_tuple(f.profile(), f.stride(), out)
}

fn tiler_tuple<const C: usize>(t: &Tiler, out: &mut Tuple<C>) -> core::result::Result<(), Unfit> {
    match t {
        Tiler::Layout(l) => layout_node(l, out),
        Tiler::Int(i) => out.int(i.value(), !i.is_static()),
        Tiler::Underscore => out.under(),
        Tiler::Tuple(items) => {
            let at = out.open()?;
            items.iter().try_for_each(|x| tiler_tuple(x, out))?;
            out.close(at, items.len());
            Ok(())
        }
    }
}

/// A layout of the algebra as the shape and stride of a layout of coordinates.
fn back<const C: usize>(l: &eager::Layout<C>) -> Result<(IntTuple, CoordStride)> {
    let (shape, stride) = (l.shape(), l.stride());
    let unexpected = || LayoutError::invalid("the algebra", "a result that is not a layout");
    let shape = int_tuple_of(&shape).ok_or_else(unexpected)?;
    let stride = read(&stride, &mut 0, &|n| match n {
        Node::Int {
            value,
            dynamic,
            depth: 0,
            ..
        } => Some(CoordStride::Int(int(value, dynamic))),
        Node::Int {
            value,
            dynamic,
            modes,
            depth,
        } => Some(CoordStride::Basis(ScaledBasis::new(
            int(value, dynamic),
            modes[..depth].to_vec(),
        ))),
        _ => None,
    })
    .ok_or_else(unexpected)?;
    Ok((shape, stride))
}

/// A tuple of the algebra as an IntTuple (`None` if it holds anything but integers and tuples).
fn int_tuple_of<const C: usize>(t: &Tuple<C>) -> Option<IntTuple> {
    read(t, &mut 0, &|n| match n {
        Node::Int {
            value,
            dynamic,
            depth: 0,
            ..
        } => Some(IntTuple::Int(int(value, dynamic))),
        _ => None,
    })
}

fn int(value: i32, dynamic: bool) -> Int {
    if dynamic {
        Int::new_dynamic(value)
    } else {
        Int::new_static(value)
    }
}

/// The subtree at node `*at` (moved past it), its leaves made by `leaf`: an IntTuple or a stride.
fn read<T: FromIterator<T>, const C: usize>(
    t: &Tuple<C>,
    at: &mut usize,
    leaf: &dyn Fn(Node) -> Option<T>,
) -> Option<T> {
    let node = t.node(*at)?;
    *at += 1;
    match node {
        Node::Tuple(n) => (0..n).map(|_| read(t, at, leaf)).collect(),
        n => leaf(n),
    }
}
