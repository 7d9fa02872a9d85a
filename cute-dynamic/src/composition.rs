//! `composition(A, B)`: the layout `A ∘ B` with `(A ∘ B)(c) == A(B(c))`.
//!
//! Post-conditions: `compatible(B, result)` and `result(c) == A(B(c))` for every `c` in B's domain.

use crate::coalesce::coalesce_x_into;
use crate::error::{Condition, LayoutError, Result};
use crate::exact::{self, Domain, Exactness};
use crate::flat::{Flat, LEAF, LEAVES};
use crate::int::Int;
use crate::layout::Layout;
use crate::prelude::*;
use crate::small::Small;
use crate::tiler::Tiler;
use crate::twin::{Checks, Twin, checked};

/// CuTe's Stride Divisibility Condition for one mode of `lhs` (`shape`), taking `count`
/// elements at `stride`: `stride % shape == 0` or `stride < shape`. CuTe checks it only when
/// both are static; the values are known here, so it is checked always. This is CuTe's weak
/// form: what it lets through that is not `A o B` is found once the walk is done
/// ([`crate::exact`]).
fn check_stride_divisibility(
    lhs: &dyn core::fmt::Display,
    shape: Int,
    stride: Int,
    count: Int,
    checks: Checks,
) -> Result<()> {
    // A single element lands at offset 0 whatever the stride: with a run-time count of 1 there
    // is nothing wrong to detect (CuTe itself checks static values only). The static twin
    // checks CuTe's condition here; the two meet again if it holds.
    if count.value() == 1 && !(shape.is_static() && stride.is_static()) {
        let holds = stride.value() < shape.value()
            || stride.checked_rem(shape).is_ok_and(|r| r.value() == 0);
        checks.decide_converging(true, false, holds);
        return Ok(());
    }
    let checked = checks.checks_values() || (shape.is_static() && stride.is_static());
    if !checked {
        return Ok(()); // CuTe's run exactly: it checks static values only
    }
    if !(stride.value() < shape.value() || stride.checked_rem(shape)?.value() == 0) {
        return Err(LayoutError::precondition(
            Condition::StrideDivisibility,
            format!("stride {stride} against shape {shape} of {lhs}"),
        ));
    }
    Ok(())
}

/// The operands of a composition as its errors name them: A and B as they were given, not the
/// coalesced A the walk runs on.
pub(crate) struct Operands<'a>(
    pub(crate) &'a dyn core::fmt::Display,
    pub(crate) &'a dyn core::fmt::Display,
);

impl core::fmt::Display for Operands<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "A = {}, composed with B = {}", self.0, self.1)
    }
}

/// CuTe's `composition_impl` on a coalesced `lhs` and one `rhs` mode:
/// * `rhs` a tuple: compose mode by mode (right-distributivity);
/// * `rhs` stride `_0`: `rhs` itself;
/// * `lhs` an integer: `rhs_shape : rhs_stride * lhs_stride`;
/// * otherwise walk the modes of `lhs`: divide `rhs_stride` out of them (Stride Divisibility
///   Condition), then keep `rhs_shape` elements (Shape Divisibility Condition); the last mode of
///   `lhs` takes the rest.
///
/// Both conditions are checked on every value, static or dynamic (CuTe checks static ones only).
///
/// The result is appended to `out`: a product's or a divide's modes are written in place.
/// Composition distributes over `rhs`'s modes, walked in order, so `rhs = (a, b)` is composed
/// as `a`, then `b`, after a tuple node of 2 (without building `(a, b)`).
pub(crate) fn composition_impl_into(
    (lhs, operands): (&Flat, &Operands<'_>),
    rhs: &Flat,
    checks: Checks,
    out: &mut Flat,
    exactness: &mut Exactness,
) -> Result<()> {
    let mut leaf = 0;
    for &node in rhs.profile() {
        if node != LEAF {
            out.push_tuple(node);
            continue;
        }
        let (rs, rd) = (rhs.shape()[leaf], rhs.stride()[leaf]);
        leaf += 1;
        compose_mode((lhs, operands), rs, rd, checks, out, exactness)?;
    }
    Ok(())
}

/// CuTe's walk of one mode `rs:rd` of `rhs` through the modes of a coalesced `lhs` of several
/// leaves, whose shapes are `lshape` (`lhs` itself only for messages): `rd` is divided out of
/// the leaves (Stride Divisibility Condition), then `rs` elements are kept (Shape Divisibility
/// Condition). Each mode of the result but the last is handed to `piece(shape, leaf, scale)` as
/// it is found: `shape` elements at `scale` times the stride of `lhs`'s leaf `leaf`. Returns
/// what is left, `(rest_shape, rest_scale)`, for the last leaf. Layouts and coordinate layouts
/// share it (their strides differ).
pub(crate) fn walk(
    lhs: &dyn core::fmt::Display,
    lshape: &[Int],
    (rs, rd): (Int, Int),
    (checks, exactness): (Checks, &mut Exactness),
    mut piece: impl FnMut(Int, usize, Int) -> Result<()>,
) -> Result<(Int, Int)> {
    let last = lshape.len().saturating_sub(1);
    let (mut rest_shape, mut rest_stride) = (rs, rd);
    exactness.leaf(rd);
    for (i, &curr_shape) in lshape[..last].iter().enumerate() {
        check_stride_divisibility(lhs, curr_shape, rest_stride, rest_shape, checks)?;
        exactness.step(lshape, i, (rest_stride, rest_shape));
        let abs_stride = rest_stride.abs()?;
        let next_shape = curr_shape.ceil_div(abs_stride)?;
        let next_stride = abs_stride
            .ceil_div(curr_shape)?
            .checked_mul(rest_stride.signum())?;
        // The twin skips a run-time 1 the run walks through: for positive values the run then
        // takes a piece of shape 1 (`rest % 1`, `rest / 1`), and both go on from the same values.
        let skip = next_shape.is_constant(1) || rest_shape.is_constant(1);
        let twin_skips = next_shape.value() == 1 || rest_shape.value() == 1;
        let positive = next_shape.value() >= 1 && rest_shape.value() >= 1;
        if checks.decide_converging(skip, twin_skips, positive) {
            rest_stride = next_stride;
            continue;
        }
        let new_shape = next_shape.min(rest_shape);
        let checked = checks.checks_values() || (rest_shape.is_static() && new_shape.is_static());
        if checked && rest_shape.checked_rem(new_shape)?.value() != 0 {
            return Err(LayoutError::precondition(
                Condition::ShapeDivisibility,
                format!("shape {rest_shape} against {new_shape} of {lhs}"),
            ));
        }
        piece(new_shape, i, rest_stride)?;
        exactness.piece(lshape.len(), (new_shape, i, rest_stride));
        rest_shape = rest_shape.checked_div(new_shape)?;
        rest_stride = next_stride;
    }
    Ok((rest_shape, rest_stride))
}

/// One mode `rs:rd` of `rhs` (a leaf) composed with the coalesced `lhs`, appended to `out`, its
/// pieces noted in `exactness`.
///
/// Its decisions on `rd` and on the rest only shape this mode's result: the twin taking them
/// the other way checks nothing the run does not (a run-time `0` stride that walks `lhs`
/// divides by zero and fails), so they are not noted as the twin's path leaving the run's.
fn compose_mode(
    (lhs, operands): (&Flat, &Operands<'_>),
    rs: Int,
    rd: Int,
    checks: Checks,
    out: &mut Flat,
    exactness: &mut Exactness,
) -> Result<()> {
    let is_constant =
        |x: Int, v: i32| checks.decide_converging(x.is_constant(v), x.value() == v, true);
    if is_constant(rd, 0) {
        out.push_leaf(rs, rd);
        return Ok(());
    }
    if lhs.is_leaf() {
        out.push_leaf(rs, rd.checked_mul(lhs.stride()[0])?);
        return Ok(());
    }
    let (lshape, lstride) = (lhs.shape(), lhs.stride());
    let mut modes: Small<(Int, Int), LEAVES> = Small::new((rs, rd));
    let walked = walk(
        operands,
        lshape,
        (rs, rd),
        (checks, exactness),
        |shape, i, scale| {
            modes.push((shape, scale.checked_mul(lstride[i])?));
            Ok(())
        },
    )?;
    let (rest_shape, rest_stride) = walked;
    let last_stride = rest_stride.checked_mul(lstride[lstride.len() - 1])?;
    if modes.is_empty() || (modes.len() == 1 && is_constant(rest_shape, 1)) {
        // One mode: CuTe unwraps the 1-tuple.
        let (s, d) = modes.first().copied().unwrap_or((rest_shape, last_stride));
        out.push_leaf(s, d);
        return Ok(());
    }
    if !is_constant(rest_shape, 1) {
        modes.push((rest_shape, last_stride));
    }
    out.push_tuple(u32::try_from(modes.len()).unwrap_or(LEAF - 1));
    modes.iter().for_each(|&(s, d)| out.push_leaf(s, d));
    Ok(())
}

/// Whether every shape of `f` is at least 1.
pub(crate) fn positive_shapes(f: &Flat) -> bool {
    f.shape().iter().all(|s| s.value() >= 1)
}

/// Whether `f`, as composition's right operand, walks A forward: every shape at least 1 and
/// every stride at least 0. (A negative stride passes CuTe's weak Stride Divisibility
/// Condition, `stride < shape`, on every mode, so it steps over `s1` and then `s2` where the
/// mode `s1*s2` merged from them takes a piece: the coarser A of the twin is not harmless.)
pub(crate) fn walks_forward(f: &Flat) -> bool {
    positive_shapes(f) && f.stride().iter().all(|d| d.value() >= 0)
}

/// `composition_impl` on `coalesce_x(lhs)`.
///
/// The twin's `lhs` is coarser than the run's (modes merged, run-time 1s dropped), which passes
/// [`walk`] wherever the run's does, for a `rhs` that [`walks_forward`]: a mode of size 1 is a step that
/// changes neither the rest nor any condition, and a mode `s1*s2` merged from `s1` and then `s2`
/// takes in one step what those take in two (the same rest, the same conditions; when the
/// stride is below `s1`, the complete form held on `s1` makes `s1` a multiple of it or the
/// rest fit in it). A mode merged into the last one is not walked at all. So coalesce's
/// decisions converge here.
pub(crate) fn composition_flat(lhs: &Flat, rhs: &Flat, checks: Checks) -> Result<Flat> {
    let mut coalesced = Flat::empty();
    coalesce_x_for(lhs, walks_forward(rhs), checks, &mut coalesced)?;
    let mut out = Flat::empty();
    let mut exactness = Exactness::new(coalesced.shape());
    let operands = Operands(lhs, rhs);
    composition_impl_into(
        (&coalesced, &operands),
        rhs,
        checks,
        &mut out,
        &mut exactness,
    )?;
    if checks.is_exact() {
        let how = (Domain::OfA, checks.is_compared());
        exact::require(how, lhs, rhs, &out, (&exactness, coalesced.shape()))?;
    }
    Ok(out)
}

/// After `lhs` (the coalesced `a`) was composed in place with the modes `parts` of B (a divide's
/// tile and rest, a product's tiler), noting `exactness`: `Ok` if that is `A o B`
/// ([`exact::require`]; where the pieces prove nothing, `R` is computed again for the
/// comparison).
pub(crate) fn require_exact(
    a: &Flat,
    lhs: &Flat,
    parts: &[&Flat],
    exactness: &Exactness,
    checks: Checks,
) -> Result<()> {
    if !checks.is_exact() || exactness.is_proven(lhs.shape()) {
        return Ok(());
    }
    let mut b = Flat::empty();
    b.push_tuple(u32::try_from(parts.len()).unwrap_or(LEAF - 1));
    parts.iter().for_each(|p| b.push_flat(p));
    let mut r = Flat::empty();
    let mut unused = Exactness::new(lhs.shape());
    let operands = Operands(a, &b);
    composition_impl_into((lhs, &operands), &b, Checks::UNCHECKED, &mut r, &mut unused)?;
    exact::require((Domain::OfA, false), a, &b, &r, (exactness, lhs.shape()))
}

/// Composition's `coalesce_x(lhs)`, for a `rhs` that [`walks_forward`] if `rhs_forward`
/// (then, with `lhs`'s shapes at least 1, coalesce's decisions converge: see
/// [`composition_flat`]), written to the empty `out`.
pub(crate) fn coalesce_x_for(
    lhs: &Flat,
    rhs_forward: bool,
    checks: Checks,
    out: &mut Flat,
) -> Result<()> {
    let harmless = rhs_forward && positive_shapes(lhs);
    coalesce_x_into(lhs, checks.coarsening_harmless(harmless), out)
}

pub(crate) fn composition_exact(lhs: &Layout, rhs: &Layout, checks: Checks) -> Result<Layout> {
    composition_flat(lhs.flat(), rhs.flat(), checks).and_then(Flat::into_layout)
}

/// The `composition` operation itself: a composition the rule does not prove is compared point
/// by point whatever its values ([`Checks::compared`]).
fn composition_op(lhs: &Flat, rhs: &Flat, checks: Checks) -> Result<Flat> {
    composition_flat(lhs, rhs, checks.compared())
}

fn composition_checked(lhs: &Flat, rhs: &Flat) -> Result<Flat> {
    checked!(composition_op, lhs, rhs; tracked)
}

/// CuTe's `composition(A, B)` of two layouts.
///
/// ```
/// use cute_dynamic::composition;
/// let a = "(_10,_2):(_16,_4)".parse().unwrap();
/// let b = "(_5,_4):(_1,_5)".parse().unwrap();
/// assert_eq!(composition(&a, &b).unwrap().to_string(), "(_5,(_2,_2)):(_16,(_80,_4))");
/// // All dynamic: CuTe cannot drop the size-1 mode.
/// let a = "(10,2):(16,4)".parse().unwrap();
/// let b = "(5,4):(1,5)".parse().unwrap();
/// assert_eq!(composition(&a, &b).unwrap().to_string(), "((5,1),(2,2)):((16,4),(80,4))");
/// ```
pub fn composition(lhs: &Layout, rhs: &Layout) -> Result<Layout> {
    composition_checked(lhs.flat(), rhs.flat())
        .and_then(Flat::into_layout)
        .or_else(|error| {
            cute_if_composition(lhs, rhs, error, || {
                composition_exact(lhs, rhs, Checks::UNCHECKED)
            })
        })
}

/// `composition(lhs, rhs)` refused with `error`: where CuTe C++ does not check a divisibility
/// condition because values are dynamic (the static twin fails it, CUTLASS #3513), its answer
/// (`as_cute`) is kept if it is `A o B` point by point wherever CuTe evaluates it
/// (`Domain::Extended`, up to `MAX_ENUMERATED` indices); otherwise the error stands. An
/// all-static input is refused by CuTe itself, at compile time.
pub(crate) fn cute_if_composition(
    lhs: &Layout,
    rhs: &Layout,
    error: LayoutError,
    as_cute: impl FnOnce() -> Result<Layout>,
) -> Result<Layout> {
    let cute_condition = matches!(
        error.condition(),
        Some(Condition::StrideDivisibility | Condition::ShapeDivisibility)
    );
    if !cute_condition || (lhs.is_all_static() && rhs.is_all_static()) {
        return Err(error);
    }
    match as_cute() {
        Ok(cute) if is_composition(lhs, rhs, &cute) => Ok(cute),
        _ => Err(error),
    }
}

/// Whether `r` is `composition(a, b)` point by point wherever CuTe evaluates it
/// ([`exact::compare`], [`Domain::Extended`]).
fn is_composition(a: &Layout, b: &Layout, r: &Layout) -> bool {
    let (a, b, r) = (a.flat(), b.flat(), r.flat());
    let unproven = Exactness::unproven();
    exact::require((Domain::Extended, true), a, b, r, (&unproven, a.shape())).is_ok()
}

pub(crate) fn composition_tiler_exact(
    lhs: &Layout,
    tiler: &Tiler,
    checks: Checks,
) -> Result<Layout> {
    match tiler {
        Tiler::Layout(rhs) => composition_exact(lhs, rhs, checks),
        Tiler::Underscore => Ok(lhs.clone()),
        Tiler::Int(n) => composition_flat(lhs.flat(), &Flat::leaf(*n, Int::new_static(1)), checks)
            .and_then(Flat::into_layout),
        Tiler::Tuple(t) => {
            if t.len() > lhs.rank() {
                return Err(too_many_modes("composition", tiler, lhs));
            }
            // Modes of lhs that the tiler does not cover are dropped.
            let modes: Vec<Layout> = lhs
                .modes()
                .zip(t.iter())
                .map(|(l, r)| composition_tiler_exact(&l, r, checks))
                .collect::<Result<_>>()?;
            Layout::concat(&modes)
        }
    }
}

pub(crate) fn too_many_modes(op: &'static str, tiler: &Tiler, layout: &Layout) -> LayoutError {
    LayoutError::precondition(
        Condition::MismatchedRanks,
        format!("{op}: tiler {tiler} has more modes than layout {layout}"),
    )
}

/// CuTe's `composition(A, tiler)`: by-mode composition. A tuple tiler composes mode `i` of `A`
/// with element `i` (modes of `A` beyond the tiler are dropped), `_` keeps a mode, an integer
/// `n` stands for `n:_1`.
///
/// ```
/// use cute_dynamic::composition_tiler;
/// let a = "(12,(4,8)):(59,(13,1))".parse().unwrap();
/// let r = composition_tiler(&a, &"(_3,_8)".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "(_3,(4,2)):(59,(13,1))");
/// ```
pub fn composition_tiler(lhs: &Layout, tiler: &Tiler) -> Result<Layout> {
    checked!(composition_tiler_exact, lhs, tiler; checks)
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;
    use crate::twin::Twin;
    use crate::{Condition, Layout, composition};

    fn l(text: &str) -> Layout {
        text.parse().unwrap()
    }

    /// Issue 23: where CuTe does not check a divisibility condition on run-time values (its
    /// static twin fails it), its answer stands if it is `A o B` point by point (the answer
    /// CuTe C++ 4.2 prints, recorded in `tests/data/issue-vectors.jsonl`), and the error stands
    /// if not.
    #[test]
    fn cutes_unchecked_answer_stands_where_it_is_the_composition() {
        let (a, b) = (l("(6,_8):(_4,_2)"), l("(2,1,4):(_1,_8,_12)"));
        let twin = composition(&a.static_twin(), &b.static_twin()).unwrap_err();
        assert_eq!(twin.condition(), Some(Condition::StrideDivisibility));
        let r = composition(&a, &b).unwrap();
        assert_eq!(
            r.to_string(),
            "((2,1),(1,1),(1,4)):((_4,2),(_32,4),(_48,4))"
        );
        for i in 0..b.size().unwrap().value() {
            let j = b.call(i).unwrap().value();
            assert_eq!(r.call(i).unwrap(), a.call(j).unwrap(), "at {i}");
        }
        // CuTe prints ((6,1),(6,1)):((96,1),(96,1)), 36 elements where B has 60: refused.
        let e = composition(&l("(16,32):(32,1)"), &l("(6,10):(3,3)")).unwrap_err();
        assert!(matches!(
            e.condition(),
            Some(Condition::ShapeDivisibility | Condition::StrideDivisibilityComplete)
        ));
    }
}
