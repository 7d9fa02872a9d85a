//! `complement(L, cotarget)`: the layout of the offsets `L` does not reach, up to `cotarget`.
//!
//! Post-conditions: the result is ordered (`result(i-1) < result(i)`), disjoint from `L`
//! (`result(i) != L(j)` except at 0), and `size(result) >= cotarget / size(filter(L))`.

use crate::coalesce::{coalesce_modes, coalesce_shape, filter_into};
use crate::error::{Condition, LayoutError, Result};
use crate::flat::{Flat, LEAVES};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::{Layout, on_flat};
use crate::prelude::*;
use crate::small::Small;
use crate::stride::make_layout;
use crate::twin::{Checks, checked};

fn non_injective(layout: &Flat, stride: Int, covered: Int) -> LayoutError {
    LayoutError::precondition(
        Condition::NonInjectiveComplement,
        format!("stride {stride} of {layout} falls inside the {covered} offsets already covered"),
    )
}

/// A complement's cotarget: an IntTuple, or the shape of a coalesced layout (a leaf or a tuple
/// of leaves: `logical_divide`'s, read from its leaves without building a tree).
#[derive(Clone, Copy)]
pub(crate) enum Cotarget<'a> {
    Tuple(&'a IntTuple),
    Shape(&'a Flat),
}

impl Cotarget<'_> {
    fn tuple(self) -> IntTuple {
        match self {
            Cotarget::Tuple(t) => t.clone(),
            Cotarget::Shape(f) => f.shape_tuple(),
        }
    }

    fn is_static(self) -> bool {
        match self {
            Cotarget::Tuple(t) => t.is_static(),
            Cotarget::Shape(f) => f.shape().iter().all(|s| s.is_static()),
        }
    }

    /// The leaves of `ceil_div(cotarget, d)`, in order: CuTe's fold of the divisor across the
    /// modes from the left (`ceil_div(a_i, rest)`, then `rest = ceil_div(rest, size(a_i))`),
    /// walked on the leaves without building the tuple.
    fn divided_leaves(self, d: Int) -> Result<Small<Int, LEAVES>> {
        fn walk(a: &IntTuple, d: Int, out: &mut Small<Int, LEAVES>) -> Result<()> {
            match a {
                IntTuple::Int(x) => out.push(x.ceil_div(d)?),
                IntTuple::Tuple(modes) => {
                    let mut rest = d;
                    for ai in modes.iter() {
                        walk(ai, rest, out)?;
                        rest = match ai {
                            IntTuple::Int(x) => rest.ceil_div(*x)?,
                            IntTuple::Tuple(_) => rest.ceil_div(ai.size()?)?,
                        };
                    }
                }
            }
            Ok(())
        }
        let mut out = Small::new(Int::new_static(1));
        match self {
            Cotarget::Tuple(t) => walk(t, d, &mut out)?,
            // A leaf has one leaf: `[0]` is in range.
            Cotarget::Shape(f) if f.is_leaf() => out.push(f.shape()[0].ceil_div(d)?),
            // A tuple of leaves: the fold, leaf by leaf.
            Cotarget::Shape(f) if f.profile().len() == f.shape().len() + 1 => {
                let mut rest = d;
                for &a in f.shape() {
                    out.push(a.ceil_div(rest)?);
                    rest = rest.ceil_div(a)?;
                }
            }
            Cotarget::Shape(f) => walk(&f.shape_tuple(), d, &mut out)?,
        }
        Ok(out)
    }
}

/// Who reads a complement's result. That decides whether the decisions that only shape it (the
/// rest's leaves merged, its `_1`s, the final coalesce), which the twin takes towards a coarser
/// layout, converge ([`Checks::coarsening_harmless`]).
#[derive(Clone, Copy)]
pub(crate) enum Reader {
    /// Nothing: the result is the operation's.
    Nothing,
    /// logical_product's composition, as its `lhs` (`rhs_positive`: whether every shape of its
    /// `rhs` is at least 1): a coarser `lhs` passes wherever the run's does when every shape is
    /// at least 1 ([`crate::composition::composition_flat`]).
    CompositionLhs { rhs_positive: bool },
    /// logical_divide's composition, in its `rhs`, where a coarser form can fail (two modes that
    /// each stay inside a mode of `lhs` can overflow it merged); only a run-time 1 as the whole
    /// rest, dropped, is harmless there.
    CompositionRhs,
}

fn complement_filtered(
    filtered: &Flat,
    cotarget: Cotarget,
    checks: Checks,
    reader: Reader,
) -> Result<Flat> {
    if filtered.is_leaf() && checks.is_constant(filtered.stride()[0], 0) {
        if !cotarget.is_static() {
            // Not followed decision by decision: the twin runs.
            checks.diverge();
        }
        // `make_layout(coalesce(cotarget))`; of one integer `s` that is `s:_1` (`_1:_0` for a
        // static `_1`), built here: the one algebra's hand-over costs twice this whole
        // complement.
        return match coalesce_shape(&cotarget.tuple())? {
            IntTuple::Int(s) if s.is_constant(1) => Ok(Flat::leaf(s, Int::new_static(0))),
            IntTuple::Int(s) => Ok(Flat::leaf(s, Int::new_static(1))),
            shape => Ok(make_layout(&shape)?.flat().clone()),
        };
    }
    let (shape, stride) = (filtered.shape(), filtered.stride());
    if checks.decide(
        shape.len() != 1 && !stride.iter().all(|d| d.is_static()),
        false,
    ) {
        return Err(LayoutError::precondition(
            Condition::DynamicStrideComplement,
            format!("{filtered} has rank {} and a dynamic stride", shape.len()),
        ));
    }
    // CuTe takes the mode of least stride first (the first such, on a tie), until one is left:
    // with the strides static (checked above, where there are two modes or more), that is
    // their order sorted by value, stably.
    let mut order: Small<usize, LEAVES> = Small::new(0);
    for k in 0..stride.len() {
        order.push(k);
        let mut j = k;
        while j > 0 && stride[order[j - 1]].value() > stride[order[j]].value() {
            order.swap(j - 1, j);
            j -= 1;
        }
    }
    // The result's modes: each shape is paired with the stride before it (the first `_1`).
    let mut rshape: Small<Int, LEAVES> = Small::new(Int::new_static(1));
    let mut rstride: Small<Int, LEAVES> = Small::new(Int::new_static(1));
    let mut last = Int::new_static(1);
    // `filter` leaves at least one mode.
    let (&i, firsts) = order.split_last().unwrap_or((&0, &[]));
    for &k in firsts {
        let new_shape = stride[k].checked_div(last)?;
        if new_shape.value() == 0 {
            return Err(non_injective(filtered, stride[k], last));
        }
        rshape.push(new_shape);
        rstride.push(last);
        last = stride[k].checked_mul(shape[k])?;
    }
    let new_shape = stride[i].checked_div(last)?;
    if new_shape.value() == 0 {
        return Err(non_injective(filtered, stride[i], last));
    }
    rshape.push(new_shape);
    rstride.push(last);
    let new_stride = stride[i].checked_mul(shape[i])?;
    // The rest: `coalesce_shape(ceil_div(cotarget, new_stride))` at its compact column-major
    // strides from `new_stride`, leaf by leaf (coalesce reads only the leaves, in order, so
    // `((result...), rest)` is the result's modes followed by the rest's leaves).
    let leaves = cotarget.divided_leaves(new_stride)?;
    let positive = |s: Int| s.value() >= 1;
    let tail = checks.coarsening_harmless(match reader {
        Reader::Nothing => true,
        Reader::CompositionLhs { rhs_positive } => {
            rhs_positive
                && rshape.iter().all(|&s| positive(s))
                && leaves.iter().all(|&s| positive(s))
        }
        Reader::CompositionRhs => false,
    });
    // `coalesce_shape`: neighbours of the same kind (static or dynamic) multiply.
    let mut rest: Small<Int, LEAVES> = Small::new(Int::new_static(1));
    for &a in leaves.iter() {
        match rest.last_mut() {
            Some(back) if tail.decide_coarsening(back.is_static() == a.is_static(), true) => {
                *back = back.checked_mul(a)?;
            }
            _ => rest.push(a),
        }
    }
    // In logical_divide's `rhs`, a run-time 1 as the whole rest is the result's last mode, and
    // one as the first mode (a stride 1) its first; the twin drops both (`_1`), and no modes
    // merge across an end. Composition walks such a mode as a count of 1 (its condition checked
    // where CuTe's fails, `check_stride_divisibility`) and otherwise adds a mode of size 1.
    let tail = match reader {
        Reader::CompositionRhs => tail.end_ones_harmless(
            rest.len() == 1
                && rshape.iter().all(|&s| positive(s))
                && leaves.iter().all(|&s| positive(s)),
        ),
        _ => tail,
    };
    // `compact_col_major_from`: a `_1` gets stride `_0`, the others the size so far.
    let mut current = new_stride;
    for &s in rest.iter() {
        if tail.decide_converging(s.is_constant(1), s.value() == 1, tail.drops_end_ones()) {
            rshape.push(s);
            rstride.push(Int::new_static(0));
        } else {
            rshape.push(s);
            rstride.push(current);
            current = current.checked_mul(s)?;
        }
    }
    coalesce_modes(&rshape, &rstride, tail)
}

/// CuTe's `complement` of `layout` (filtered first), read by `reader`.
pub(crate) fn complement_flat(
    layout: &Flat,
    cotarget: Cotarget,
    checks: Checks,
    reader: Reader,
) -> Result<Flat> {
    let mut filtered = Flat::empty();
    filter_into(layout, checks, &mut filtered)?;
    complement_filtered(&filtered, cotarget, checks, reader)
}

/// The complement as the result ([`Reader::Nothing`]), filtered with coalesce's decisions
/// converging where the shapes are at least 1: the twin's coarser filtered layout (strides
/// merged, run-time 1s dropped) then passes the injectivity check wherever the run's does (a
/// merged `s1:d1`, `s2:s1*d1` is taken in one step where the run takes two, with nothing
/// between them; a size-1 mode only adds a link to the chain of offsets).
fn as_result<'a>(layout: &Flat, checks: Checks<'a>) -> Checks<'a> {
    checks.coarsening_harmless(crate::composition::positive_shapes(layout))
}

fn complement_tuple(layout: &Flat, cotarget: &IntTuple, checks: Checks) -> Result<Flat> {
    let checks = as_result(layout, checks);
    complement_flat(layout, Cotarget::Tuple(cotarget), checks, Reader::Nothing)
}

fn complement_checked(layout: &Flat, cotarget: &IntTuple) -> Result<Flat> {
    checked!(complement_tuple, layout, cotarget; tracked)
}

/// CuTe's `complement(layout, cotarget)`; `cotarget` is an integer or a shape.
///
/// ```
/// use cute_dynamic::{complement, IntTuple};
/// let l = "(_2,_2):(_1,_6)".parse().unwrap();
/// assert_eq!(complement(&l, &IntTuple::s(24)).unwrap().to_string(), "(_3,_2):(_2,_12)");
/// let l = "_4:_2".parse().unwrap();
/// assert_eq!(complement(&l, &IntTuple::s(24)).unwrap().to_string(), "(_2,_3):(_1,_8)");
/// ```
pub fn complement(layout: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    on_flat(layout, |l| complement_checked(l, cotarget))
}

fn complement1_flat(layout: &Flat, checks: Checks) -> Result<Flat> {
    let checks = as_result(layout, checks);
    let mut filtered = Flat::empty();
    filter_into(layout, checks, &mut filtered)?;
    let cosize = filtered.cosize()?;
    complement_filtered(
        &filtered,
        Cotarget::Tuple(&cosize.into()),
        checks,
        Reader::Nothing,
    )
}

fn complement1_checked(layout: &Flat) -> Result<Flat> {
    checked!(complement1_flat, layout; tracked)
}

/// CuTe's `complement(layout)`: the cotarget defaults to `cosize(filter(layout))`.
///
/// ```
/// use cute_dynamic::complement1;
/// let l = "(_2,_2):(_1,_6)".parse().unwrap();
/// assert_eq!(complement1(&l).unwrap().to_string(), "_3:_2");
/// ```
pub fn complement1(layout: &Layout) -> Result<Layout> {
    on_flat(layout, complement1_checked)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::int_tuple_algebra::ceil_div;

    /// The leaf walk agrees with `ceil_div` on the tree (the one algebra's), for nested cotargets
    /// (where it no longer builds the tuple): the same leaves, or both failed arithmetic (the
    /// failing operation may differ: the walk divides by a mode's size where the algebra divides
    /// mode by mode).
    #[test]
    fn divided_leaves_are_the_leaves_of_ceil_div() {
        let cotargets = [
            "_12",
            "7",
            "()",
            "(_4,_6)",
            "(_2,(_3,5),_4)",
            "((_2,_3),(4,(_5,_1)),_7)",
            "(_0,_4)",
            "(_4,(_0,_2))",
            "(-3,_4)",
            "(_2147483647,(_2,_2))",
            "((),_6)",
        ];
        for text in cotargets {
            let t: IntTuple = text.parse().unwrap();
            for d in [-4, -1, 0, 1, 2, 3, 5, 7, 64, i32::MAX, i32::MIN] {
                for d in [Int::new_static(d), Int::new_dynamic(d)] {
                    let arithmetic = |e: LayoutError| matches!(e.kind(), ErrorKind::Arithmetic(_));
                    let walked = Cotarget::Tuple(&t).divided_leaves(d);
                    let walked = walked.map(|l| l.to_vec()).map_err(arithmetic);
                    let tree = ceil_div(&t, &d.into()).map(|r| r.leaves());
                    assert_eq!(walked, tree.map_err(arithmetic), "ceil_div({text}, {d})");
                }
            }
        }
    }
}
