//! Results that are not layouts: static integers, IntTuples and booleans computed at compile time.

use crate::int::StaticInt;
use crate::print::write_tree;
use crate::tree::Tree;
use crate::tuple::IntTuple;
use core::fmt;
use core::marker::PhantomData;

/// A const-evaluated integer expression.
///
/// ```
/// use cute_static::{layout_t, CosizeExpr, IntExpr};
/// assert_eq!(<CosizeExpr<layout_t!((_4,_2):(_2,_1))> as IntExpr>::VALUE, 8);
/// ```
pub trait IntExpr {
    /// The value.
    #[doc(hidden)]
    const VALUE: i32;
}

/// A const-evaluated IntTuple expression.
///
/// ```
/// use cute_static::{int_tuple_t, FlattenExpr, Flatten};
/// assert_eq!(Flatten::<int_tuple_t!(((_2,_3),_4))>::default().to_string(), "(_2,_3,_4)");
/// let _ = core::marker::PhantomData::<FlattenExpr<int_tuple_t!(_2)>>;
/// ```
pub trait TupleExpr {
    /// The value.
    #[doc(hidden)]
    const TREE: Tree;
}

/// A const-evaluated boolean expression.
///
/// ```
/// use cute_static::{int_tuple_t, BoolExpr, CongruentExpr};
/// assert!(<CongruentExpr<int_tuple_t!((_2,_3)), int_tuple_t!((_4,_5))> as BoolExpr>::VALUE);
/// ```
pub trait BoolExpr {
    /// The value.
    #[doc(hidden)]
    const VALUE: bool;
}

/// The static integer an expression computes; prints `_N`.
///
/// ```
/// use cute_static::{size, int_tuple, StaticInt};
/// let s = size(int_tuple!((_4,(_3,_2))));
/// assert_eq!(s.to_string(), "_24");
/// ```
pub struct IntOf<E>(PhantomData<fn() -> E>);

/// The static IntTuple an expression computes; prints CuTe text.
///
/// ```
/// use cute_static::{shape_div, int_tuple};
/// assert_eq!(shape_div(int_tuple!((_4,_5,_6)), int_tuple!(_40)).to_string(), "(_1,_1,_3)");
/// ```
pub struct TupleOf<E>(PhantomData<fn() -> E>);

/// The static boolean an expression computes; prints `_1` or `_0` as CuTe does.
///
/// ```
/// use cute_static::{congruent, int_tuple};
/// assert_eq!(congruent(int_tuple!((_2,_3)), int_tuple!((_1,_1))).to_string(), "_1");
/// ```
pub struct BoolOf<E>(PhantomData<fn() -> E>);

macro_rules! zst {
    ($($t:ident),*) => {$(
        impl<E> Clone for $t<E> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<E> Copy for $t<E> {}
        impl<E> Default for $t<E> {
            fn default() -> Self {
                $t(PhantomData)
            }
        }
        impl<E> fmt::Debug for $t<E> where Self: fmt::Display {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(self, f)
            }
        }
    )*};
}
zst!(IntOf, TupleOf, BoolOf);

impl<E: IntExpr> StaticInt for IntOf<E> {
    const VALUE: i32 = E::VALUE;
}

impl<E: IntExpr> IntOf<E> {
    /// The value, usable in `const` contexts.
    ///
    /// ```
    /// use cute_static::{layout_t, Cosize};
    /// const N: i32 = Cosize::<layout_t!((_4,_2):(_2,_1))>::value();
    /// assert_eq!(N, 8);
    /// ```
    pub const fn value() -> i32 {
        E::VALUE
    }
}

impl<E: IntExpr> fmt::Display for IntOf<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "_{}", E::VALUE)
    }
}

impl<E: TupleExpr> IntTuple for TupleOf<E> {
    const TREE: Tree = E::TREE;
}

impl<E: TupleExpr> fmt::Display for TupleOf<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tree(f, &E::TREE, 0).map(|_| ())
    }
}

impl<E: BoolExpr> BoolOf<E> {
    /// The value, usable in `const` contexts.
    ///
    /// ```
    /// use cute_static::{Compatible, int_tuple_t};
    /// const B: bool = Compatible::<int_tuple_t!(_6), int_tuple_t!((_2,_3))>::value();
    /// assert!(B);
    /// ```
    pub const fn value() -> bool {
        E::VALUE
    }
}

impl<E: BoolExpr> fmt::Display for BoolOf<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if E::VALUE { "_1" } else { "_0" })
    }
}
