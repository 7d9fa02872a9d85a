//! Results that are not layouts: integers, IntTuples and booleans. Their static parts are
//! computed while compiling; dynamic values are computed from the operands they keep.

use crate::error::LayoutError;
use crate::expr::{Expr, LeafCode, result_type};
use crate::int::StaticInt;
use crate::print::write_tree;
use crate::prog::eval;
use crate::tree::Tree;
use crate::tuple::{IntTuple, Leaves, Tiler};
use core::fmt;

/// The integer an operation computes: static (prints `_N`, a constant) or dynamic (prints `N`).
///
/// ```
/// use cute_static::{size, int_tuple, StaticInt};
/// let s = size(int_tuple!((_4,(_3,_2))));
/// assert_eq!(s.to_string(), "_24");
/// let m = 5;
/// assert_eq!(size(int_tuple!((m, _4))).to_string(), "20");
/// ```
#[derive(Clone, Copy, Default)]
pub struct IntOf<E>(pub(crate) E);

/// The IntTuple an operation computes; prints CuTe text.
///
/// ```
/// use cute_static::{shape_div, int_tuple};
/// assert_eq!(shape_div(int_tuple!((_4,_5,_6)), int_tuple!(_40)).to_string(), "(_1,_1,_3)");
/// ```
#[derive(Clone, Copy, Default)]
pub struct TupleOf<E>(pub(crate) E);

/// The boolean an operation computes; prints `_1`/`_0` (static) or `1`/`0` (dynamic) as CuTe
/// does.
///
/// ```
/// use cute_static::{congruent, int_tuple};
/// assert_eq!(congruent(int_tuple!((_2,_3)), int_tuple!((_1,_1))).to_string(), "_1");
/// ```
#[derive(Clone, Copy, Default)]
pub struct BoolOf<E>(pub(crate) E);

macro_rules! result_value {
    ($($t:ident),*) => {$(
        impl<E: Expr> IntTuple for $t<E> {
            const TREE: Tree = E::OUT.shape;
        }

        impl<E: Expr> fmt::Display for $t<E> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_tree(f, E::OUT.shape.root(), &|k| self.dyn_leaf(k))
            }
        }

        impl<E: Expr> fmt::Debug for $t<E> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(self, f)
            }
        }

        impl<E: Expr> $t<E> {
            /// This value after the run-time checks of CuTe's preconditions on the dynamic
            /// values it was computed from.
            ///
            /// ```
            /// use cute_static::{int_tuple, shape_div, Condition};
            /// let bad = shape_div(int_tuple!(6), int_tuple!(_4));
            /// assert_eq!(bad.checked().unwrap_err().condition(), Some(Condition::Divisibility));
            /// ```
            pub fn checked(self) -> Result<Self, LayoutError> {
                Leaves::check(&self)?;
                Ok(self)
            }
        }
    )*};
}

result_type!(IntOf, TupleOf, BoolOf);
result_value!(IntOf, TupleOf, BoolOf);

impl<E: Expr> Tiler for IntOf<E> {
    const TILER: Tree = E::OUT.shape;
}

impl<E: Expr> StaticInt for IntOf<E> {
    const VALUE: i32 = E::OUT.shape.value().value();
}

/// The value of a one-leaf result: its constant, or its dynamic leaf computed by unrolled code.
#[inline(always)]
pub(crate) fn leaf_value<T: IntTuple>(t: &T) -> i32 {
    if const { T::NDYN == 0 } {
        const { T::TREE.value().v }
    } else {
        eval::<LeafCode<T>>(|k| t.root(k), 0)
    }
}

impl<E: Expr> IntOf<E> {
    /// The value (computed at run time if dynamic).
    ///
    /// ```
    /// use cute_static::{cosize, layout};
    /// assert_eq!(cosize(layout!((_4,_2):(_2,_1))).value(), 8);
    /// ```
    #[inline(always)]
    pub fn value(&self) -> i32 {
        leaf_value(self)
    }
}

impl<E: Expr> BoolOf<E> {
    /// The value (computed at run time if dynamic).
    ///
    /// ```
    /// use cute_static::{compatible, int_tuple};
    /// assert!(compatible(int_tuple!(_6), int_tuple!((_2,_3))).value());
    /// ```
    #[inline(always)]
    pub fn value(&self) -> bool {
        leaf_value(self) != 0
    }
}
