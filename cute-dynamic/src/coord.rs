//! Coordinates with underscores and CuTe's `slice` / `dice`.

use crate::error::{Condition, LayoutError, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::prelude::*;
use crate::twin::Twin;

/// A coordinate whose leaves are integers or `_` (CuTe's `Underscore`), e.g. `(_,2)`.
///
/// ```
/// use cute_dynamic::Coord;
/// let c: Coord = "((_1),_,_)".parse().unwrap();
/// assert_eq!(c.to_string(), "((_1),_,_)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Coord {
    /// An integer coordinate.
    Int(Int),
    /// `_`: keep this mode.
    Underscore,
    /// A tuple of coordinates.
    Tuple(Vec<Coord>),
}

impl Coord {
    /// `_` repeated `n` times as a tuple; a single `_` for `n == 1` (CuTe's `repeat<N>(_)`).
    ///
    /// ```
    /// assert_eq!(cute_dynamic::Coord::underscores(3).to_string(), "(_,_,_)");
    /// ```
    #[must_use]
    pub fn underscores(n: usize) -> Coord {
        if n == 1 {
            Coord::Underscore
        } else {
            Coord::Tuple(vec![Coord::Underscore; n])
        }
    }
}

impl Twin for Coord {
    fn is_all_static(&self) -> bool {
        match self {
            Coord::Int(i) => i.is_static(),
            Coord::Underscore => true,
            Coord::Tuple(t) => t.iter().all(Twin::is_all_static),
        }
    }
    fn static_twin(&self) -> Self {
        match self {
            Coord::Int(i) => Coord::Int(i.static_twin()),
            Coord::Underscore => Coord::Underscore,
            Coord::Tuple(t) => Coord::Tuple(t.iter().map(Twin::static_twin).collect()),
        }
    }
}

fn mismatched(op: &'static str, c: &Coord, t: &IntTuple) -> LayoutError {
    LayoutError::precondition(
        Condition::MismatchedRanks,
        format!("{op}: coordinate {c} against {t}"),
    )
}

/// Keep the parts of `t` where the coordinate has `_` (`keep_under == true`) or an integer.
/// Nested results are lifted (concatenated) into the enclosing tuple, as CuTe's `filter_tuple`.
fn lift(
    op: &'static str,
    c: &Coord,
    t: &IntTuple,
    keep_under: bool,
    out: &mut Vec<IntTuple>,
) -> Result<()> {
    match c {
        Coord::Tuple(cs) => {
            let ts = t.as_tuple().filter(|ts| ts.len() == cs.len());
            let ts = ts.ok_or_else(|| mismatched(op, c, t))?;
            cs.iter()
                .zip(ts.iter())
                .try_for_each(|(ci, ti)| lift(op, ci, ti, keep_under, out))
        }
        Coord::Underscore if keep_under => {
            out.push(t.clone());
            Ok(())
        }
        Coord::Int(_) if !keep_under => {
            out.push(t.clone());
            Ok(())
        }
        _ => Ok(()),
    }
}

fn slice_or_dice(op: &'static str, c: &Coord, t: &IntTuple, keep_under: bool) -> Result<IntTuple> {
    match c {
        Coord::Tuple(_) => {
            let mut out = Vec::new();
            lift(op, c, t, keep_under, &mut out)?;
            Ok(IntTuple::tuple(out))
        }
        Coord::Underscore if keep_under => Ok(t.clone()),
        Coord::Int(_) if !keep_under => Ok(t.clone()),
        _ => Ok(IntTuple::tuple(vec![])),
    }
}

/// CuTe's `slice(crd, t)`: the parts of `t` where `crd` has `_`.
///
/// ```
/// use cute_dynamic::slice_tuple;
/// let t = "((2,3),4)".parse().unwrap();
/// assert_eq!(slice_tuple(&"((_,1),_)".parse().unwrap(), &t).unwrap().to_string(), "(2,4)");
/// ```
pub fn slice_tuple(crd: &Coord, t: &IntTuple) -> Result<IntTuple> {
    slice_or_dice("slice", crd, t, true)
}

/// CuTe's `dice(crd, t)`: the parts of `t` where `crd` has an integer.
///
/// ```
/// use cute_dynamic::dice_tuple;
/// let t = "((2,3),4)".parse().unwrap();
/// assert_eq!(dice_tuple(&"((_,1),_)".parse().unwrap(), &t).unwrap().to_string(), "(3)");
/// ```
pub fn dice_tuple(crd: &Coord, t: &IntTuple) -> Result<IntTuple> {
    slice_or_dice("dice", crd, t, false)
}

/// CuTe's `slice(crd, layout)` (also `layout(crd)` when `crd` has a `_`): the sublayout of the
/// modes where `crd` has `_`.
///
/// ```
/// use cute_dynamic::slice;
/// let l = "(_2,(_3,_4)):(_1,(_2,_6))".parse().unwrap();
/// assert_eq!(slice(&"(1,(_,2))".parse().unwrap(), &l).unwrap().to_string(), "(_3):(_2)");
/// ```
pub fn slice(crd: &Coord, layout: &Layout) -> Result<Layout> {
    Layout::from_parts(
        slice_tuple(crd, &layout.shape())?,
        slice_tuple(crd, &layout.stride())?,
    )
}

/// CuTe's `dice(crd, layout)`: the sublayout of the modes where `crd` has an integer.
///
/// ```
/// use cute_dynamic::dice;
/// let l = "(_2,(_3,_4)):(_1,(_2,_6))".parse().unwrap();
/// assert_eq!(dice(&"(1,(_,2))".parse().unwrap(), &l).unwrap().to_string(), "(_2,_4):(_1,_6)");
/// ```
pub fn dice(crd: &Coord, layout: &Layout) -> Result<Layout> {
    Layout::from_parts(
        dice_tuple(crd, &layout.shape())?,
        dice_tuple(crd, &layout.stride())?,
    )
}
