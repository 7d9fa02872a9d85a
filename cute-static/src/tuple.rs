//! Type-level IntTuples, tilers and coordinates: `C<N>`, `_` ([`Underscore`]) and Rust tuples of
//! them (rank up to 32), each with its value as a const tree.

use crate::algebra::layout::L;
use crate::int::C;
use crate::tree::{LAYOUT, Tree, UNDER};

/// A type-level IntTuple: `C<N>` or a tuple of IntTuples, e.g. `(C<2>, (C<3>, C<4>))`.
///
/// ```
/// use cute_static::{IntTuple, _2, _3};
/// assert_eq!(<(_2, (_3, _2)) as IntTuple>::RANK, 2);
/// ```
pub trait IntTuple {
    /// The value as a const tree.
    #[doc(hidden)]
    const TREE: Tree;
    /// CuTe's `rank`.
    const RANK: usize = Self::TREE.rank();
    /// CuTe's `depth`.
    const DEPTH: usize = Self::TREE.depth();
    /// CuTe's `size` (product of the leaves).
    const SIZE: i32 = Self::TREE.size();
}

/// CuTe's `_` (`Underscore`): "all of this mode" in coordinates, "leave this mode" in tilers.
///
/// ```
/// use cute_static::{Underscore, StaticCoord};
/// let _: Underscore = Underscore;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Underscore;

/// A type-level tiler: a layout, `C<N>` (meaning `N:_1`), [`Underscore`], or a tuple of tilers.
///
/// ```
/// use cute_static::{layout, tile, logical_divide_tiler};
/// // `(_3:_3, _)`: divide mode 0 by `3:3`, leave mode 1 alone.
/// let r = logical_divide_tiler(layout!((_9,_4):(_1,_9)), tile!((_3:_3,_)));
/// assert_eq!(r.to_string(), "((_3,_3),_4):((_3,_1),_9)");
/// ```
pub trait StaticTiler {
    /// The tiler as a const tree.
    #[doc(hidden)]
    const TILER: Tree;
}

/// A type-level coordinate whose leaves are `C<N>` or [`Underscore`] (for `slice` and `dice`).
///
/// ```
/// use cute_static::{coord, layout, slice};
/// assert_eq!(slice(coord!((_,_1)), layout!((_4,_2):(_2,_1))).to_string(), "(_4):(_2)");
/// ```
pub trait StaticCoord {
    /// The coordinate as a const tree.
    #[doc(hidden)]
    const COORD: Tree;
}

impl<const N: i32> IntTuple for C<N> {
    const TREE: Tree = Tree::int(N);
}

impl<const N: i32> StaticTiler for C<N> {
    const TILER: Tree = Tree::int(N);
}

impl<const N: i32> StaticCoord for C<N> {
    const COORD: Tree = Tree::int(N);
}

impl StaticTiler for Underscore {
    const TILER: Tree = {
        let mut t = Tree::new();
        t.push(UNDER, 0);
        t
    };
}

impl StaticCoord for Underscore {
    const COORD: Tree = <Underscore as StaticTiler>::TILER;
}

impl IntTuple for () {
    const TREE: Tree = Tree::unit();
}

/// A tiler node for a layout.
pub(crate) const fn layout_tiler(l: &L) -> Tree {
    let mut t = Tree::new();
    t.push(LAYOUT, 0);
    t.append(&l.shape);
    t.append(&l.stride);
    t
}

macro_rules! tuple_impls {
    ($($T:ident),+) => {
        impl<$($T: IntTuple),+> IntTuple for ($($T,)+) {
            const TREE: Tree = {
                let mut t = Tree::new();
                let at = t.open();
                let mut n = 0;
                $( t.append(&$T::TREE); n += 1; )+
                t.close(at, n);
                t
            };
        }
        impl<$($T: StaticTiler),+> StaticTiler for ($($T,)+) {
            const TILER: Tree = {
                let mut t = Tree::new();
                let at = t.open();
                let mut n = 0;
                $( t.append(&$T::TILER); n += 1; )+
                t.close(at, n);
                t
            };
        }
        impl<$($T: StaticCoord),+> StaticCoord for ($($T,)+) {
            const COORD: Tree = {
                let mut t = Tree::new();
                let at = t.open();
                let mut n = 0;
                $( t.append(&$T::COORD); n += 1; )+
                t.close(at, n);
                t
            };
        }
    };
}

macro_rules! all_tuple_impls {
    ($first:ident $(, $rest:ident)*) => {
        tuple_impls!($first $(, $rest)*);
        all_tuple_impls!($($rest),*);
    };
    () => {};
}

all_tuple_impls!(
    A31, A30, A29, A28, A27, A26, A25, A24, A23, A22, A21, A20, A19, A18, A17, A16, A15, A14, A13,
    A12, A11, A10, A9, A8, A7, A6, A5, A4, A3, A2, A1, A0
);
