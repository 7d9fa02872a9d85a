//! Division (tiling): `logical_divide` and its zipped, tiled and flat flavours.

use crate::coalesce::coalesce_into;
use crate::complement::{Cotarget, Reader, complement_flat};
use crate::composition::{
    Operands, coalesce_x_for, composition_impl_into, positive_shapes, require_exact,
    too_many_modes, walks_forward,
};
use crate::error::{Condition, LayoutError, Result};
use crate::exact::Exactness;
use crate::flat::{Flat, Span};
use crate::int::Int;
use crate::layout::Layout;
use crate::prelude::*;
use crate::tiler::Tiler;
use crate::twin::{Checks, checked};
use alloc::borrow::Cow;

fn logical_divide_flat(layout: &Flat, tiler: &Flat, checks: Checks) -> Result<Flat> {
    let mut out = Flat::empty();
    logical_divide_into(layout, tiler, checks, &mut out)?;
    Ok(out)
}

/// [`logical_divide_flat`], appended to `out`.
fn logical_divide_into(layout: &Flat, tiler: &Flat, checks: Checks, out: &mut Flat) -> Result<()> {
    out.push_tuple(2);
    logical_divide_modes(layout, tiler, checks, out, None)
}

/// `logical_divide(layout, tiler)`: `composition(layout, (tiler, rest))` with
/// `rest = complement(tiler, shape(coalesce(layout)))`, its two modes composed in place
/// (composition distributes over them), the tile appended to `tile` and the rest to `rest_out`
/// (`None`: to `tile` as well).
fn logical_divide_modes(
    layout: &Flat,
    tiler: &Flat,
    checks: Checks,
    tile: &mut Flat,
    rest_out: Option<&mut Flat>,
) -> Result<()> {
    let mut coalesced = Flat::empty();
    coalesce_into(layout, checks, &mut coalesced)?;
    let rest = complement_flat(
        tiler,
        Cotarget::Shape(&coalesced),
        checks,
        Reader::CompositionRhs,
    )?;
    // Composition coalesces `layout` again, as `coalesce_x`: the same layout unless the last
    // leaf is a static `_1` (a decision the twin takes on the value, so it is noted).
    let mut recoalesced = Flat::empty();
    let lhs = match layout.shape().last() {
        Some(&s) if !checks.is_constant(s, 1) => &coalesced,
        _ => {
            let rhs_forward = walks_forward(tiler) && walks_forward(&rest);
            coalesce_x_for(layout, rhs_forward, checks, &mut recoalesced)?;
            &recoalesced
        }
    };
    let mut exactness = Exactness::new(lhs.shape());
    let operands = Operands(layout, tiler);
    composition_impl_into((lhs, &operands), tiler, checks, tile, &mut exactness)?;
    let operands = Operands(layout, &rest);
    composition_impl_into(
        (lhs, &operands),
        &rest,
        checks,
        rest_out.unwrap_or(tile),
        &mut exactness,
    )?;
    require_exact(layout, lhs, &[tiler, &rest], &exactness, checks)
}

fn logical_divide_checked(layout: &Flat, tiler: &Flat) -> Result<Flat> {
    checked!(logical_divide_flat, layout, tiler; tracked)
}

/// CuTe's `logical_divide(A, B)` for a layout `B`:
/// `composition(A, make_layout(B, complement(B, shape(coalesce(A)))))`, the rank-2 layout
/// `(tile, rest)`.
///
/// ```
/// use cute_dynamic::logical_divide;
/// let a = "(_4,_2,_3):(_2,_1,_8)".parse().unwrap();
/// let r = logical_divide(&a, &"_4:_2".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// ```
pub fn logical_divide(layout: &Layout, tiler: &Layout) -> Result<Layout> {
    logical_divide_checked(layout.flat(), tiler.flat()).and_then(Flat::into_layout)
}

/// What a tiler asks of a layout, read once ([`by_tiler`]).
enum TilerKind<'a> {
    /// Apply this layout: a layout, or an integer `n` as `make_layout(n)` (`n:_1`, or `_1:_0`
    /// for a static `_1`).
    Tile(Cow<'a, Flat>),
    /// `_`: keep the layout.
    Keep,
    /// A tuple: apply its elements to the modes.
    Modes(&'a [Tiler]),
}

fn tiler_kind<'a>(tiler: &'a Tiler, checks: Checks) -> TilerKind<'a> {
    match tiler {
        Tiler::Layout(l) => TilerKind::Tile(Cow::Borrowed(l.flat())),
        Tiler::Int(n) => {
            let d = if checks.is_constant(*n, 1) { 0 } else { 1 };
            TilerKind::Tile(Cow::Owned(Flat::leaf(*n, Int::new_static(d))))
        }
        Tiler::Underscore => TilerKind::Keep,
        Tiler::Tuple(t) => TilerKind::Modes(t),
    }
}

/// The checks for dividing `layout` by `tiler`: untracked where `tiler` is a run-time 1 and the
/// shapes of `layout` are at least 1. The run divides by `1:_1`, the twin by `_1:_0`, whose
/// complement is `size(layout):_1`; composing the coalesced layout with that takes each of its
/// modes whole (stride 1 below each shape, each shape dividing the rest), so the twin fails no
/// condition there whatever the run's path.
fn divide_checks<'a>(layout: &Flat, tiler: &Tiler, checks: Checks<'a>) -> Checks<'a> {
    match tiler {
        Tiler::Int(n) if n.value() == 1 && !n.is_static() => {
            checks.untracked_where(|| positive_shapes(layout))
        }
        _ => checks,
    }
}

/// What `by_tiler` applies: CuTe's divides or products.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ByTiler {
    Divide,
    Product,
}

impl ByTiler {
    fn name(self) -> &'static str {
        match self {
            ByTiler::Divide => "logical_divide",
            ByTiler::Product => "logical_product",
        }
    }
}

/// A tiler applied by mode, as CuTe's divides and products take it: a layout (an integer `n`
/// stands for `make_layout(n)`) is applied to `layout` with `f`, which appends its result to
/// the output; `_` keeps `layout`; a tuple applies its elements to the modes of `layout`, the
/// modes beyond it kept as they are.
pub(crate) fn by_tiler(
    op: ByTiler,
    layout: &Flat,
    tiler: &Tiler,
    checks: Checks,
    f: &dyn Fn(&Flat, &Flat, Checks, &mut Flat) -> Result<()>,
) -> Result<Flat> {
    let mut out = Flat::empty();
    by_tiler_into(op, layout, tiler, checks, f, &mut out)?;
    Ok(out)
}

/// [`by_tiler`], appended to `out`.
fn by_tiler_into(
    op: ByTiler,
    layout: &Flat,
    tiler: &Tiler,
    checks: Checks,
    f: &dyn Fn(&Flat, &Flat, Checks, &mut Flat) -> Result<()>,
    out: &mut Flat,
) -> Result<()> {
    let checks = match op {
        ByTiler::Divide => divide_checks(layout, tiler, checks),
        ByTiler::Product => checks,
    };
    let t = match tiler_kind(tiler, checks) {
        TilerKind::Tile(t) => return f(layout, &t, checks, out),
        TilerKind::Keep => {
            out.push_flat(layout);
            return Ok(());
        }
        TilerKind::Modes(t) => t,
    };
    if t.len() > layout.rank() {
        return Err(too_many_modes(
            op.name(),
            tiler,
            &Layout::from_flat(layout.clone()),
        ));
    }
    let modes = layout.modes();
    out.push_tuple(u32::try_from(modes.len()).unwrap_or(u32::MAX - 1));
    for (i, m) in modes.enumerate() {
        match t.get(i) {
            Some(ti) => by_tiler_into(op, &layout.sub(m), ti, checks, f, out)?,
            None => out.push_span(layout, m),
        }
    }
    Ok(())
}

fn logical_divide_tiler_flat(layout: &Flat, tiler: &Tiler, checks: Checks) -> Result<Flat> {
    by_tiler(ByTiler::Divide, layout, tiler, checks, &logical_divide_into)
}

fn logical_divide_tiler_checked(layout: &Flat, tiler: &Tiler) -> Result<Flat> {
    checked!(logical_divide_tiler_flat, layout, tiler; tracked)
}

/// CuTe's `logical_divide(A, tiler)`: by-mode divide, `((TileM,RestM),(TileN,RestN),L,...)`.
///
/// ```
/// use cute_dynamic::logical_divide_tiler;
/// let a = "(_9,(_4,_8)):(_59,(_13,_1))".parse().unwrap();
/// let r = logical_divide_tiler(&a, &"(_3:_3,(_2,_4):(_1,_8))".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))");
/// ```
pub fn logical_divide_tiler(layout: &Layout, tiler: &Tiler) -> Result<Layout> {
    logical_divide_tiler_checked(layout.flat(), tiler).and_then(Flat::into_layout)
}

/// CuTe's `zip2_by(t, guide)` on a layout's profile: gather the first halves of the rank-2 modes
/// at the terminals of `guide` into one mode and the second halves (then the modes beyond the
/// guide) into another. First the check that the subtree `span` splits so.
fn zip2_check(f: &Flat, span: Span, guide: &Tiler) -> Result<()> {
    let mismatch = || {
        LayoutError::precondition(
            Condition::MismatchedRanks,
            format!(
                "{} does not split into (tile, rest) along {guide}",
                f.shape_of(span)
            ),
        )
    };
    if !f.is_tuple_at(span) {
        return Err(mismatch());
    }
    let modes = f.modes_of(span);
    match guide {
        Tiler::Tuple(g) if modes.len() >= g.len() => {
            modes.zip(g).try_for_each(|(m, gi)| zip2_check(f, m, gi))
        }
        Tiler::Tuple(_) => Err(mismatch()),
        _ if modes.len() == 2 => Ok(()),
        _ => Err(mismatch()),
    }
}

/// The first half of `zip2_by` of the subtree `span` (checked), appended to `out`.
fn zip2_first(f: &Flat, span: Span, guide: &Tiler, out: &mut Flat) {
    let mut modes = f.modes_of(span);
    match guide {
        Tiler::Tuple(g) => {
            out.push_tuple(u32::try_from(g.len()).unwrap_or(u32::MAX - 1));
            for (m, gi) in modes.zip(g) {
                zip2_first(f, m, gi, out);
            }
        }
        // `zip2_check` saw two modes here.
        _ => modes.next().into_iter().for_each(|m| out.push_span(f, m)),
    }
}

/// The second half of `zip2_by` of the subtree `span` (checked), appended to `out`.
fn zip2_second(f: &Flat, span: Span, guide: &Tiler, out: &mut Flat) {
    let mut modes = f.modes_of(span);
    match guide {
        Tiler::Tuple(g) => {
            out.push_tuple(u32::try_from(modes.len()).unwrap_or(u32::MAX - 1));
            for (i, m) in modes.enumerate() {
                match g.get(i) {
                    Some(gi) => zip2_second(f, m, gi, out),
                    None => out.push_span(f, m),
                }
            }
        }
        // `zip2_check` saw two modes here.
        _ => modes.nth(1).into_iter().for_each(|m| out.push_span(f, m)),
    }
}

/// CuTe's `tile_unzip(layout, tiler)`: `zip2_by` of shape and stride (one profile).
pub(crate) fn tile_unzip_flat(layout: &Flat, tiler: &Tiler) -> Result<Flat> {
    let whole = layout.whole();
    zip2_check(layout, whole, tiler)?;
    let mut out = Flat::empty();
    out.push_tuple(2);
    zip2_first(layout, whole, tiler, &mut out);
    zip2_second(layout, whole, tiler, &mut out);
    Ok(out)
}

/// `result(_, repeat<R1>(_))`: unpack the second mode.
pub(crate) fn unpack_rest(zipped: &Layout) -> Result<Layout> {
    unpack(zipped, false)
}

/// `result(repeat<R0>(_), repeat<R1>(_))`: unpack both modes.
pub(crate) fn unpack_both(zipped: &Layout) -> Result<Layout> {
    unpack(zipped, true)
}

/// The slice of a zipped layout (two modes) by `repeat<R>(_)` in its second mode (`both`: in
/// both): that mode's own modes become modes of the result, one level up; `repeat<1>(_)` is
/// `_`, which keeps a mode of rank 1 whole. On the layout's leaves in place (the one algebra's
/// `slice`, in trees of at most 128 nodes, would refuse the larger zipped layouts that this
/// crate's divides and products build).
fn unpack(zipped: &Layout, both: bool) -> Result<Layout> {
    let f = zipped.flat();
    let mut modes = f.modes();
    let (Some(first), Some(second), None) = (modes.next(), modes.next(), modes.next()) else {
        return Err(LayoutError::invalid(
            "unpack",
            format!("{zipped} is not a zipped layout of two modes"),
        ));
    };
    // A mode's own modes, or the mode itself where its rank is 1.
    let parts = |m: Span| {
        let own = f.modes_of(m);
        let whole = own.len() == 1;
        own.filter(move |_| !whole).chain(whole.then_some(m))
    };
    let spans: Vec<Span> = if both {
        parts(first).chain(parts(second)).collect()
    } else {
        core::iter::once(first).chain(parts(second)).collect()
    };
    let mut out = Flat::empty();
    out.push_tuple(u32::try_from(spans.len()).unwrap_or(u32::MAX - 1));
    spans.into_iter().for_each(|m| out.push_span(f, m));
    out.into_layout()
}

fn zipped_divide_flat(layout: &Flat, tiler: &Tiler, checks: Checks) -> Result<Flat> {
    match zipped_by_tiles(layout, tiler, checks) {
        Some(zipped) => zipped,
        None => tile_unzip_flat(&logical_divide_tiler_flat(layout, tiler, checks)?, tiler),
    }
}

/// `zipped_divide` written zipped where the tiler is a layout or a tuple of layouts (and
/// integers): a layout divides into `(tile, rest)`, which `tile_unzip` keeps; a tuple's modes
/// divide into `(tile_i, rest_i)`, and `tile_unzip` gathers `((tile_0, ...), (rest_0, ...,
/// the modes beyond the tiler))`, so each is appended where it belongs. `None` for the other
/// tilers (`_`, nested tuples): divided, then unzipped.
fn zipped_by_tiles(layout: &Flat, tiler: &Tiler, checks: Checks) -> Option<Result<Flat>> {
    let checks = divide_checks(layout, tiler, checks);
    let t = match tiler_kind(tiler, checks) {
        TilerKind::Tile(t) => return Some(logical_divide_flat(layout, &t, checks)),
        TilerKind::Keep => return None,
        TilerKind::Modes(t) => t,
    };
    if t.len() > layout.rank() {
        // The divide's message, as the divide-then-unzip path gives it.
        return Some(Err(too_many_modes(
            "logical_divide",
            tiler,
            &Layout::from_flat(layout.clone()),
        )));
    }
    let modes = layout.modes();
    let mut out = Flat::empty();
    out.push_tuple(2);
    out.push_tuple(u32::try_from(t.len()).unwrap_or(u32::MAX - 1));
    let mut rests = Flat::empty();
    rests.push_tuple(u32::try_from(modes.len()).unwrap_or(u32::MAX - 1));
    for (i, m) in modes.enumerate() {
        let Some(ti) = t.get(i) else {
            rests.push_span(layout, m);
            continue;
        };
        let mode = layout.sub(m);
        let checks = divide_checks(&mode, ti, checks);
        match tiler_kind(ti, checks) {
            TilerKind::Tile(ti) => {
                let divided = logical_divide_modes(&mode, &ti, checks, &mut out, Some(&mut rests));
                if let Err(e) = divided {
                    return Some(Err(e));
                }
            }
            // `_` or a tuple in the tiler: divided, then unzipped (nothing is returned yet).
            _ => return None,
        }
    }
    out.push_flat(&rests);
    Some(Ok(out))
}

pub(crate) fn zipped_divide_exact(
    layout: &Layout,
    tiler: &Tiler,
    checks: Checks,
) -> Result<Layout> {
    zipped_divide_flat(layout.flat(), tiler, checks).and_then(Flat::into_layout)
}

fn zipped_divide_checked(layout: &Flat, tiler: &Tiler) -> Result<Flat> {
    checked!(zipped_divide_flat, layout, tiler; tracked)
}

/// CuTe's `zipped_divide(A, tiler)`: `((TileM,TileN,...),(RestM,RestN,...,L,...))`.
///
/// ```
/// use cute_dynamic::zipped_divide;
/// let a = "(_9,(_4,_8)):(_59,(_13,_1))".parse().unwrap();
/// let r = zipped_divide(&a, &"(_3:_3,(_2,_4):(_1,_8))".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))");
/// ```
pub fn zipped_divide(layout: &Layout, tiler: &Tiler) -> Result<Layout> {
    zipped_divide_checked(layout.flat(), tiler).and_then(Flat::into_layout)
}

pub(crate) fn tiled_divide_exact(layout: &Layout, tiler: &Tiler, checks: Checks) -> Result<Layout> {
    unpack_rest(&zipped_divide_exact(layout, tiler, checks)?)
}

/// CuTe's `tiled_divide(A, tiler)`: `((TileM,TileN,...),RestM,RestN,...,L,...)`.
///
/// ```
/// use cute_dynamic::tiled_divide;
/// let a = "(_9,(_4,_8)):(_59,(_13,_1))".parse().unwrap();
/// let r = tiled_divide(&a, &"(_3:_3,(_2,_4):(_1,_8))".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "((_3,(_2,_4)),_3,(_2,_2)):((_177,(_13,_2)),_59,(_26,_1))");
/// ```
pub fn tiled_divide(layout: &Layout, tiler: &Tiler) -> Result<Layout> {
    checked!(tiled_divide_exact, layout, tiler; checks)
}

pub(crate) fn flat_divide_exact(layout: &Layout, tiler: &Tiler, checks: Checks) -> Result<Layout> {
    unpack_both(&zipped_divide_exact(layout, tiler, checks)?)
}

/// CuTe's `flat_divide(A, tiler)`: `(TileM,TileN,...,RestM,RestN,...,L,...)`.
///
/// ```
/// use cute_dynamic::flat_divide;
/// let a = "(_9,(_4,_8)):(_59,(_13,_1))".parse().unwrap();
/// let r = flat_divide(&a, &"(_3:_3,(_2,_4):(_1,_8))".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "(_3,(_2,_4),_3,(_2,_2)):(_177,(_13,_2),_59,(_26,_1))");
/// ```
pub fn flat_divide(layout: &Layout, tiler: &Tiler) -> Result<Layout> {
    checked!(flat_divide_exact, layout, tiler; checks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::twin::testing::{every_tagging, notes};

    /// A divide by a tiler, with its checks.
    type Divide = fn(&Flat, &Tiler, Checks) -> Result<Flat>;

    /// Whether dividing `layout` by `tiler` takes a decision its static twin takes the other
    /// way.
    fn diverges(divide: Divide, layout: &str, tiler: &Tiler) -> bool {
        let layout: Layout = layout.parse().unwrap();
        notes(|checks| drop(divide(layout.flat(), tiler, checks)))
    }

    /// A run-time 1 in the tiler divides by `1:_1` where the twin divides by `_1:_0`, which
    /// fails no condition on shapes of at least 1: not followed, not noted, the twin not run.
    /// Every small layout with every tagging goes through both divides (debug builds run the
    /// twin always and assert that it fails only where a decision was noted).
    #[test]
    fn a_run_time_one_in_the_tiler_is_not_followed() {
        let one = Tiler::Int(Int::new_dynamic(1));
        let two = Tiler::Layout("_2:_1".parse().unwrap());
        let by_modes = Tiler::Tuple(vec![one.clone(), two.clone()]);
        let divides: [Divide; 2] = [zipped_divide_flat, logical_divide_tiler_flat];
        for divide in divides {
            assert!(!diverges(divide, "(_4,_8):(_1,_4)", &one));
            assert!(!diverges(divide, "(4,8):(1,4)", &one));
            assert!(!diverges(divide, "(_4,_8):(_1,_4)", &by_modes));
            // A shape below 1: followed, and noted.
            assert!(diverges(divide, "(0,_8):(_1,_4)", &one));
        }
        let tilers = [
            one.clone(),
            Tiler::Tuple(vec![one.clone(), one.clone()]),
            by_modes,
            Tiler::Tuple(vec![two, one]),
            // Other run-time integers, which are followed.
            Tiler::Int(Int::new_dynamic(2)),
            Tiler::Int(Int::new_dynamic(3)),
        ];
        let layouts = every_tagging(&[
            (&[-1, 0, 1, 2, 3, 4], &[-2, 0, 1, 2, 3]),
            (&[1, 2, 3], &[0, 1, 2, 6]),
        ]);
        for l in &layouts {
            for t in &tilers {
                let _ = zipped_divide(l, t);
                let _ = logical_divide_tiler(l, t);
            }
        }
    }

    /// Written zipped where the tiler is a layout or a tuple of layouts and integers,
    /// `zipped_divide` is the divide unzipped: the same layout or the same error.
    #[test]
    fn zipped_by_tiles_is_the_divide_unzipped() {
        let layouts = [
            "(_9,(_4,_8)):(_59,(_13,_1))",
            "(4,6):(1,4)",
            "_12:_1",
            "12:2",
            "(_2,_3,_4):(_12,_4,_1)",
            "((2,3),5):((1,2),6)",
            "(_1,_8):(_0,_1)",
            "(3,(2,2),_5):(_40,(1,_20),4)",
            "(_6,_1,1):(_1,_6,6)",
        ];
        let tilers = [
            "_4",
            "4",
            "_1",
            "1",
            "_3:_3",
            "(_2,_4):(_1,_8)",
            "(_3:_3,(_2,_4):(_1,_8))",
            "(_2,_2)",
            "(_3,4:_2)",
            "(_2,_2,_2,_2)",
            "(_1,1)",
            "(_5,_7)",
            "(_4:_2,_3)",
            "(-2,_3)",
            "(0,_2)",
            "(_2,_)",
            "((_2,_2),_3)",
            "_",
        ];
        let mut fast_paths = 0;
        for l in layouts {
            let l: Layout = l.parse().unwrap();
            for t in tilers {
                let t: Tiler = t.parse().unwrap();
                let slow = logical_divide_tiler_flat(l.flat(), &t, Checks::COMPLETE)
                    .and_then(|d| tile_unzip_flat(&d, &t));
                if let Some(fast) = zipped_by_tiles(l.flat(), &t, Checks::COMPLETE) {
                    fast_paths += 1;
                    assert_eq!(fast, slow, "zipped_divide({l}, {t})");
                }
            }
        }
        // Every tiler but the last three (a `_` or a nested tuple) is written zipped; those
        // too, where they have more modes than the layout (the error comes first).
        assert!(fast_paths >= layouts.len() * (tilers.len() - 3));
    }
}
