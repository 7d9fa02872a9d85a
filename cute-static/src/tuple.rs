//! Type-level IntTuples, tilers and coordinates: `C<N>` (static), `i32` (dynamic), `_`
//! ([`Underscore`]) and Rust tuples of them (rank up to 32). Each type has its structure as a
//! const tree (which leaves are static, their values) and holds its dynamic values.

use crate::int::C;
use crate::print::write_tree;
use crate::prog::Flat;
use crate::tree::{CAP, Kind, Tree, V};
use core::fmt;

/// What every argument of an operation offers: its dynamic leaves, numbered left to right
/// (for a layout: the shape's, then the stride's), and its own run-time checks.
#[doc(hidden)]
pub trait Leaves: Copy {
    /// How many leaves are dynamic.
    const NDYN: usize;
    /// Dynamic leaf `k`.
    fn dyn_leaf(&self, k: usize) -> i32;
    /// The run-time preconditions of everything this value was computed from.
    fn check(&self) -> Result<(), crate::LayoutError> {
        Ok(())
    }
    /// The dynamic leaves as one program over the roots: the `i32`s this value was built
    /// from, through every operation in between.
    const FLAT: Flat = if Self::NDYN == 0 {
        Flat::EMPTY
    } else {
        Flat::identity(Self::NDYN)
    };
    /// Root `k` (for a value built directly from `i32`s, its dynamic leaf `k`).
    #[inline(always)]
    fn root(&self, k: usize) -> i32 {
        self.dyn_leaf(k)
    }
}

/// A type-level IntTuple: `C<N>` (static), `i32` (dynamic) or a tuple of IntTuples, e.g.
/// `(C<2>, (i32, C<4>))`. All-static IntTuples are zero-sized.
///
/// ```
/// use cute_static::{IntTuple, _2, _3};
/// use static_assertions::{assert_eq_size, const_assert_eq};
/// const_assert_eq!(<(_2, (_3, _2)) as IntTuple>::RANK, 2);
/// const_assert_eq!(<(i32, (_3, _2)) as IntTuple>::DEPTH, 2);
/// assert_eq_size!((i32, _3), i32); // only the dynamic leaf is stored
/// assert_eq_size!((_2, (_3, _2)), ());
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an IntTuple",
    label = "an IntTuple (a shape, a stride, a coordinate) is expected here",
    note = "IntTuples are static integers `C<N>` (`_4`), run-time `i32`s and tuples of them: `int_tuple!((_4,(m,_2)))`",
    note = "of a layout, `layout.shape()` and `layout.stride()` are IntTuples; its size is `layout.size()` (CuTe's `size(layout)`)"
)]
pub trait IntTuple: Leaves {
    /// The structure as a const tree; dynamic leaves hold their number.
    #[doc(hidden)]
    const TREE: Tree;
    /// CuTe's `rank`.
    const RANK: usize = Self::TREE.rank();
    /// CuTe's `depth`.
    const DEPTH: usize = Self::TREE.depth();

    /// The IntTuple as CuTe prints it (`print(t)`), for `{}` and `to_string` (a Rust tuple has
    /// no `Display` of its own).
    ///
    /// ```
    /// use cute_static::{int_tuple, IntTuple};
    /// let m = 12;
    /// assert_eq!(int_tuple!((_16,(m,_8))).display().to_string(), "(_16,(12,_8))");
    /// ```
    fn display(&self) -> TupleText {
        TupleText::of(self)
    }
}

/// An IntTuple whose leaves are all static: its single value is a constant.
///
/// ```
/// use cute_static::{Static, int_tuple_t};
/// type S = int_tuple_t!((_4,(_3,_2)));
/// assert_eq!(<S as Static>::VALUE, S::default());
/// ```
pub trait Static: Copy {
    /// The value.
    const VALUE: Self;
}

impl<const N: i32> Static for C<N> {
    const VALUE: Self = C;
}

impl Static for () {
    const VALUE: Self = ();
}

/// CuTe's `_` (`Underscore`): "all of this mode" in coordinates, "leave this mode" in tilers.
///
/// ```
/// use cute_static::{coord, layout, slice, Underscore};
/// let _: Underscore = Underscore;
/// assert_eq!(slice(coord!((_, 1)), layout!((_4,_2):(_2,_1))).to_string(), "(_4):(_2)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Underscore;

impl Static for Underscore {
    const VALUE: Self = Underscore;
}

/// A tiler: a layout, an integer `n` (meaning `n:_1`), [`Underscore`], or a tuple of tilers.
///
/// ```
/// use cute_static::{layout, tile, logical_divide_tiler};
/// // `(_3:_3, _)`: divide mode 0 by `3:3`, leave mode 1 alone.
/// let r = logical_divide_tiler(layout!((_9,_4):(_1,_9)), tile!((_3:_3,_)));
/// assert_eq!(r.to_string(), "((_3,_3),_4):((_3,_1),_9)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tiler",
    label = "a tiler is expected here",
    note = "a tiler is a layout, an integer `n` (the layout `n:_1`), `_`, or a tuple of them: `tile!((_3:_4, _8))`"
)]
pub trait Tiler: Leaves {
    /// The tiler as a const tree.
    #[doc(hidden)]
    const TILER: Tree;
}

/// A coordinate for `slice` and `dice`: integers (static or dynamic) and [`Underscore`]s.
///
/// ```
/// use cute_static::{coord, dice, layout};
/// assert_eq!(dice(coord!((_,_1)), layout!((_4,_2):(_2,_1))).to_string(), "(_2):(_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a slice coordinate",
    label = "a coordinate of integers and `_` is expected here",
    note = "a slice coordinate is an integer, `_` (`Underscore`), or a tuple of them: `coord!((_, 1))`"
)]
pub trait SliceCoord: Leaves {
    /// The coordinate as a const tree.
    #[doc(hidden)]
    const COORD: Tree;
}

impl<const N: i32> Leaves for C<N> {
    const NDYN: usize = 0;
    #[inline(always)]
    fn dyn_leaf(&self, _: usize) -> i32 {
        0
    }
}

impl<const N: i32> IntTuple for C<N> {
    const TREE: Tree = Tree::int(N);
}

impl<const N: i32> Tiler for C<N> {
    const TILER: Tree = Tree::int(N);
}

impl<const N: i32> SliceCoord for C<N> {
    const COORD: Tree = Tree::int(N);
}

impl Leaves for i32 {
    const NDYN: usize = 1;
    #[inline(always)]
    fn dyn_leaf(&self, _: usize) -> i32 {
        *self
    }
}

/// `i32` is a dynamic integer: CuTe's `int`, printed without `_`.
impl IntTuple for i32 {
    const TREE: Tree = Tree::leaf(V::node(0));
}

impl Tiler for i32 {
    const TILER: Tree = Tree::leaf(V::node(0));
}

impl SliceCoord for i32 {
    const COORD: Tree = Tree::leaf(V::node(0));
}

impl Leaves for Underscore {
    const NDYN: usize = 0;
    #[inline(always)]
    fn dyn_leaf(&self, _: usize) -> i32 {
        0
    }
}

const fn under() -> Tree {
    let mut t = Tree::new();
    t.push(Kind::Under, 0);
    t
}

impl Tiler for Underscore {
    const TILER: Tree = under();
}

impl SliceCoord for Underscore {
    const COORD: Tree = under();
}

impl Leaves for () {
    const NDYN: usize = 0;
    #[inline(always)]
    fn dyn_leaf(&self, _: usize) -> i32 {
        0
    }
}

impl IntTuple for () {
    const TREE: Tree = Tree::unit();
}

/// A tuple of trees, each with its dynamic leaves numbered after those of the ones before.
macro_rules! tuple_tree {
    ($C:ident, $($T:ident),+) => {{
        let mut t = Tree::new();
        let at = t.open();
        let (mut n, mut offset) = (0, 0);
        $( t.append(&$T::$C.shifted(offset)); offset += $T::NDYN; n += 1; )+
        let _ = offset;
        t.close(at, n);
        t
    }};
}

macro_rules! tuple_impls {
    ($($T:ident $i:tt),+) => {
        impl<$($T: Leaves),+> Leaves for ($($T,)+) {
            const NDYN: usize = 0 $(+ $T::NDYN)+;
            #[inline(always)]
            fn dyn_leaf(&self, k: usize) -> i32 {
                let mut base = 0;
                $(
                    if k < base + $T::NDYN {
                        return self.$i.dyn_leaf(k - base);
                    }
                    base += $T::NDYN;
                )+
                let _ = base;
                0
            }
            fn check(&self) -> Result<(), crate::LayoutError> {
                $( self.$i.check()?; )+
                Ok(())
            }
            const FLAT: Flat = if Self::NDYN == 0 {
                Flat::EMPTY
            } else {
                Flat::EMPTY $(.then(&$T::FLAT))+
            };
            #[inline(always)]
            fn root(&self, k: usize) -> i32 {
                // `const`: read at compile time, not a copy of the whole `Flat` (unoptimized
                // builds).
                let mut base = 0;
                $(
                    let roots = const { $T::FLAT.roots };
                    if k < base + roots {
                        return self.$i.root(k - base);
                    }
                    base += roots;
                )+
                let _ = base;
                0
            }
        }
        impl<$($T: Static),+> Static for ($($T,)+) {
            const VALUE: Self = ($($T::VALUE,)+);
        }
        impl<$($T: IntTuple),+> IntTuple for ($($T,)+) {
            const TREE: Tree = tuple_tree!(TREE, $($T),+);
        }
        impl<$($T: Tiler),+> Tiler for ($($T,)+) {
            const TILER: Tree = tuple_tree!(TILER, $($T),+);
        }
        impl<$($T: SliceCoord),+> SliceCoord for ($($T,)+) {
            const COORD: Tree = tuple_tree!(COORD, $($T),+);
        }
    };
}

macro_rules! all_tuple_impls {
    ($first:ident $fi:tt $(, $rest:ident $ri:tt)*) => {
        all_tuple_impls!(@rev [$first $fi] $($rest $ri)*);
        all_tuple_impls!($($rest $ri),*);
    };
    () => {};
    (@rev [$($done:tt)*] $next:ident $ni:tt $($rest:tt)*) => {
        all_tuple_impls!(@rev [$next $ni $($done)*] $($rest)*);
    };
    (@rev [$($T:ident $i:tt)*]) => {
        tuple_impls!($($T $i),*);
    };
}

all_tuple_impls!(
    A31 31, A30 30, A29 29, A28 28, A27 27, A26 26, A25 25, A24 24, A23 23, A22 22, A21 21,
    A20 20, A19 19, A18 18, A17 17, A16 16, A15 15, A14 14, A13 13, A12 12, A11 11, A10 10,
    A9 9, A8 8, A7 7, A6 6, A5 5, A4 4, A3 3, A2 2, A1 1, A0 0
);

/// An IntTuple value for printing (`Display` gives CuTe text).
///
/// ```
/// let l = cute_static::layout!((_4,(_2,_2)):(_1,(_8,_4)));
/// assert_eq!(l.shape().to_string(), "(_4,(_2,_2))");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TupleText {
    tree: Tree,
    vals: [i32; CAP],
}

impl TupleText {
    /// An IntTuple with its dynamic values, for printing.
    pub(crate) fn of<T: IntTuple>(t: &T) -> TupleText {
        let mut vals = [0; CAP];
        for (k, v) in vals.iter_mut().enumerate().take(T::NDYN) {
            *v = t.dyn_leaf(k);
        }
        TupleText {
            tree: T::TREE,
            vals,
        }
    }

    /// An all-static tree (a tiler may have `_` and layouts) for printing.
    pub(crate) const fn of_static(tree: Tree) -> TupleText {
        TupleText {
            tree,
            vals: [0; CAP],
        }
    }
}

impl fmt::Display for TupleText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tree(f, self.tree.root(), &|k| self.vals[k])
    }
}
