//! The one algebra: cute-static's const algorithms, run on this crate's values. An operation's
//! operands are handed over node by node, the algorithm runs eagerly on them (a dynamic integer
//! is its value, computed on the spot with CuTe's static/dynamic rules), and the result is read
//! back. CuTe's conditions are checked on every value as the algorithm meets them.
//!
//! The static twin is one wrapper around the run: where an operand has a run-time integer, the
//! same algorithm runs again with every integer static, as CuTe computes when it knows the
//! values, and a condition that this twin fails is CuTe's refusal of the input (CuTe C++ skips
//! it on run-time values and may return a wrong layout, CUTLASS #3513).
//!
//! So far the layouts with scaled-basis strides (`CoordLayout`, the layouts of identity
//! tensors) run here; the plain layouts still have their own algorithms in this crate.

use crate::arithmetic_tuple::{CoordStride, ScaledBasis};
use crate::error::{LayoutError, Result};
use crate::flat::LEAF;
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::prelude::*;
use crate::tiler::Tiler;
use cute_static::eager::{self, CAP, Node, Op, Tuple, Unfit};

/// CuTe's `op` (its name `name`, for errors) on the layout of coordinates `shape:stride` and
/// `tiler`, by cute-static's algorithm, with the static twin's conditions: the result's shape
/// and stride.
pub(crate) fn coordinates_op(
    op: Op,
    name: &'static str,
    (shape, stride): (&IntTuple, &CoordStride),
    tiler: &Tiler,
) -> Result<(IntTuple, CoordStride)> {
    // Small trees first (each copy of a tree costs its capacity), then the algebra's most, 128,
    // which refuse with the capacity's error: a composition of two rank-2 layouts runs in 16
    // nodes, a divide of them in 64 (its bound is 36 nodes); a run that does not fit costs its
    // operands' building again.
    let full = |out: &core::result::Result<_, Capacity>| matches!(out, Err(Capacity::Unfit(c)) if c.is_full());
    let mut out = if op == Op::CompositionTiler {
        coordinates_op_in::<16>(op, name, (shape, stride), tiler)
    } else {
        Err(Capacity::Unfit(Unfit::FULL))
    };
    if full(&out) {
        out = coordinates_op_in::<64>(op, name, (shape, stride), tiler);
    }
    if full(&out) {
        out = coordinates_op_in::<CAP>(op, name, (shape, stride), tiler);
    }
    out.map_err(|e| match e {
        Capacity::Unfit(c) => {
            LayoutError::invalid(name, format!("{}: {shape}:{stride} with {tiler}", c.0))
        }
        Capacity::Error(e) => e,
    })
}

/// Why a run in trees of some capacity gave no result: operands the algebra cannot hold (too
/// large for the capacity, [`Unfit::is_full`], or malformed), or the operation's error.
enum Capacity {
    Unfit(Unfit),
    Error(LayoutError),
}

/// [`coordinates_op`] in trees of `C` nodes.
fn coordinates_op_in<const C: usize>(
    op: Op,
    name: &'static str,
    (shape, stride): (&IntTuple, &CoordStride),
    tiler: &Tiler,
) -> core::result::Result<(IntTuple, CoordStride), Capacity> {
    let fail = |e, refusal| {
        let operands = format!("{shape}:{stride} with {tiler}");
        Capacity::Error(from_static(e, refusal, name, &operands))
    };
    let ea = layout::<C>(shape, stride).map_err(Capacity::Unfit)?;
    let mut et = Tuple::<C>::new();
    tiler_tuple(tiler, &mut et).map_err(Capacity::Unfit)?;
    let run = eager::run(op, &ea, &et, false).map_err(Capacity::Unfit)?;
    if let Some(e) = run.failure {
        return Err(fail(e, run.refusal()));
    }
    let out = back(&run.layout).map_err(Capacity::Error)?;
    if !(ea.is_static() && et.is_static()) {
        let twin = eager::run(op, &ea, &et, true).map_err(Capacity::Unfit)?;
        if let Some(e) = twin.failure {
            return Err(fail(e, twin.refusal()));
        }
    }
    Ok(out)
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
        return LayoutError::invalid(name, format!("{e}: {operands}"));
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

fn tiler_tuple<const C: usize>(t: &Tiler, out: &mut Tuple<C>) -> core::result::Result<(), Unfit> {
    match t {
        Tiler::Layout(l) => {
            out.layout()?;
            let f = l.flat();
            flat_tuple(f.profile(), f.shape(), out)?;
            flat_tuple(f.profile(), f.stride(), out)
        }
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

fn layout<const C: usize>(
    s: &IntTuple,
    d: &CoordStride,
) -> core::result::Result<eager::Layout<C>, Unfit> {
    let (mut shape, mut strides) = (Tuple::new(), Tuple::new());
    int_tuple(s, &mut shape)?;
    stride(d, &mut strides)?;
    eager::Layout::new(shape, strides)
}

/// A layout of the algebra as the shape and stride of a layout of coordinates.
fn back<const C: usize>(l: &eager::Layout<C>) -> Result<(IntTuple, CoordStride)> {
    let (shape, stride) = (l.shape(), l.stride());
    let unexpected = || LayoutError::invalid("the algebra", "a result that is not a layout");
    let shape = read(&shape, &mut 0, &|n| match n {
        Node::Int { value, dynamic, .. } => Some(IntTuple::Int(int(value, dynamic))),
        _ => None,
    })
    .ok_or_else(unexpected)?;
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
