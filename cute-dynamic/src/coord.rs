//! Coordinates with underscores and CuTe's `slice` / `dice` (by cute-static's algorithm).

use crate::algebra::{TilerOperand, plain_op};
use crate::error::Result;
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::prelude::*;
use crate::twin::Twin;
use cute_static::eager::{Op, Tuple, Unfit};

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

/// A coordinate as the algebra's tiler of integers, `_` and tuples.
impl TilerOperand for Coord {
    fn build<const C: usize>(&self, out: &mut Tuple<C>) -> core::result::Result<(), Unfit> {
        match self {
            Coord::Int(i) => out.int(i.value(), !i.is_static()),
            Coord::Underscore => out.under(),
            Coord::Tuple(items) => {
                let at = out.open()?;
                items.iter().try_for_each(|x| x.build(out))?;
                out.close(at, items.len());
                Ok(())
            }
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

/// CuTe's `slice` (`op` "slice") or `dice` of an IntTuple: that of any layout of that shape, by
/// cute-static's algorithm (the layout `t:t`, whose shape is read back).
fn slice_or_dice_tuple(op: Op, name: &'static str, crd: &Coord, t: &IntTuple) -> Result<IntTuple> {
    let layout = Layout::from_parts(t.clone(), t.clone())?;
    Ok(plain_op(op, name, &layout, crd)?.shape())
}

/// CuTe's `slice(crd, t)`: the parts of `t` where `crd` has `_`.
///
/// ```
/// use cute_dynamic::slice_tuple;
/// let t = "((2,3),4)".parse().unwrap();
/// assert_eq!(slice_tuple(&"((_,1),_)".parse().unwrap(), &t).unwrap().to_string(), "(2,4)");
/// ```
pub fn slice_tuple(crd: &Coord, t: &IntTuple) -> Result<IntTuple> {
    slice_or_dice_tuple(Op::Slice, "slice", crd, t)
}

/// CuTe's `dice(crd, t)`: the parts of `t` where `crd` has an integer.
///
/// ```
/// use cute_dynamic::dice_tuple;
/// let t = "((2,3),4)".parse().unwrap();
/// assert_eq!(dice_tuple(&"((_,1),_)".parse().unwrap(), &t).unwrap().to_string(), "(3)");
/// ```
pub fn dice_tuple(crd: &Coord, t: &IntTuple) -> Result<IntTuple> {
    slice_or_dice_tuple(Op::Dice, "dice", crd, t)
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
    plain_op(Op::Slice, "slice", layout, crd)
}

/// CuTe's `dice(crd, layout)`: the sublayout of the modes where `crd` has an integer.
///
/// ```
/// use cute_dynamic::dice;
/// let l = "(_2,(_3,_4)):(_1,(_2,_6))".parse().unwrap();
/// assert_eq!(dice(&"(1,(_,2))".parse().unwrap(), &l).unwrap().to_string(), "(_2,_4):(_1,_6)");
/// ```
pub fn dice(crd: &Coord, layout: &Layout) -> Result<Layout> {
    plain_op(Op::Dice, "dice", layout, crd)
}
