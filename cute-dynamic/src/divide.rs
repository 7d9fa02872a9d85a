//! Division (tiling): `logical_divide` and its zipped, tiled and flat flavours.

use crate::coalesce::coalesce_flat;
use crate::complement::complement_flat;
use crate::composition::{composition_flat, too_many_modes};
use crate::coord::{Coord, slice};
use crate::error::{Condition, LayoutError, Result};
use crate::flat::Flat;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::prelude::*;
use crate::tiler::Tiler;
use crate::twin::{Checks, checked};

fn logical_divide_flat(layout: &Flat, tiler: &Flat, checks: Checks) -> Result<Flat> {
    let rest = complement_flat(tiler, &coalesce_flat(layout)?.shape_tuple())?;
    composition_flat(layout, &tiler.pair(&rest), checks)
}

pub(crate) fn logical_divide_exact(
    layout: &Layout,
    tiler: &Layout,
    checks: Checks,
) -> Result<Layout> {
    logical_divide_flat(&Flat::of(layout), &Flat::of(tiler), checks).map(|r| r.to_layout())
}

fn logical_divide_checked(layout: &Flat, tiler: &Flat) -> Result<Flat> {
    checked!(logical_divide_flat, layout, tiler; checks)
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
    logical_divide_checked(&Flat::of(layout), &Flat::of(tiler)).map(|r| r.to_layout())
}

/// Apply `f` mode by mode for a tuple tiler (modes beyond the tiler are kept as they are).
pub(crate) fn by_mode(
    op: &'static str,
    layout: &Layout,
    tiler: &Tiler,
    f: impl Fn(&Layout, &Tiler) -> Result<Layout>,
) -> Result<Layout> {
    let Tiler::Tuple(t) = tiler else {
        return f(layout, tiler);
    };
    if t.len() > layout.rank() {
        return Err(too_many_modes(op, tiler, layout));
    }
    let modes: Vec<Layout> = layout
        .modes()
        .enumerate()
        .map(|(i, m)| match t.get(i) {
            Some(ti) => f(&m, ti),
            None => Ok(m),
        })
        .collect::<Result<_>>()?;
    Ok(Layout::concat(&modes))
}

pub(crate) fn logical_divide_tiler_exact(
    layout: &Layout,
    tiler: &Tiler,
    checks: Checks,
) -> Result<Layout> {
    match tiler {
        Tiler::Tuple(_) => by_mode("logical_divide", layout, tiler, |l, t| {
            logical_divide_tiler_exact(l, t, checks)
        }),
        Tiler::Underscore => Ok(layout.clone()),
        _ => match tiler.as_layout()? {
            Some(t) => logical_divide_exact(layout, &t, checks),
            None => Ok(layout.clone()),
        },
    }
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
    checked!(logical_divide_tiler_exact, layout, tiler; checks)
}

/// CuTe's `zip2_by(t, guide)`: gather the first halves of the rank-2 modes at the terminals of
/// `guide` into one mode and the second halves (then the modes beyond the guide) into another.
fn zip2_by(t: &IntTuple, guide: &Tiler) -> Result<IntTuple> {
    let mismatch = || {
        LayoutError::precondition(
            Condition::MismatchedRanks,
            format!("{t} does not split into (tile, rest) along {guide}"),
        )
    };
    let modes = t.as_tuple().ok_or_else(mismatch)?;
    match guide {
        Tiler::Tuple(g) => {
            if modes.len() < g.len() {
                return Err(mismatch());
            }
            let (mut first, mut second) = (Vec::new(), Vec::new());
            for (m, gi) in modes.iter().zip(g) {
                let split = zip2_by(m, gi)?;
                let pair = split.as_tuple().ok_or_else(mismatch)?;
                first.push(pair[0].clone());
                second.push(pair[1].clone());
            }
            second.extend(modes[g.len()..].iter().cloned());
            Ok(IntTuple::tuple(vec![
                IntTuple::tuple(first),
                IntTuple::tuple(second),
            ]))
        }
        _ if modes.len() == 2 => Ok(t.clone()),
        _ => Err(mismatch()),
    }
}

/// CuTe's `tile_unzip(layout, tiler)`.
pub(crate) fn tile_unzip(layout: &Layout, tiler: &Tiler) -> Result<Layout> {
    Ok(Layout::raw(
        zip2_by(layout.shape(), tiler)?,
        zip2_by(layout.stride(), tiler)?,
    ))
}

/// `result(_, repeat<R1>(_))`: unpack the second mode.
pub(crate) fn unpack_rest(zipped: &Layout) -> Result<Layout> {
    let r1 = zipped.get(1)?.rank();
    slice(
        &Coord::Tuple(vec![Coord::Underscore, Coord::underscores(r1)]),
        zipped,
    )
}

/// `result(repeat<R0>(_), repeat<R1>(_))`: unpack both modes.
pub(crate) fn unpack_both(zipped: &Layout) -> Result<Layout> {
    let (r0, r1) = (zipped.get(0)?.rank(), zipped.get(1)?.rank());
    slice(
        &Coord::Tuple(vec![Coord::underscores(r0), Coord::underscores(r1)]),
        zipped,
    )
}

pub(crate) fn zipped_divide_exact(
    layout: &Layout,
    tiler: &Tiler,
    checks: Checks,
) -> Result<Layout> {
    tile_unzip(&logical_divide_tiler_exact(layout, tiler, checks)?, tiler)
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
    checked!(zipped_divide_exact, layout, tiler; checks)
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
