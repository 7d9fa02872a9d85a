//! `Layout<Shape, Stride>`: a zero-sized type whose shape and stride are type-level IntTuples.
//! Results of the algebra are layouts too: their shape and stride are [`ShapeOf`] / [`StrideOf`]
//! a const-evaluated expression, so every layout has the same methods and the same `Display`.

use crate::algebra::layout::{L, PLAN_CAP};
use crate::coordinate::{CoordPlan, Coordinate, Crd, coord_plan, idx_plan};
use crate::print::write_tree;
use crate::tree::Tree;
use crate::tuple::IntTuple;
use core::fmt;
use core::marker::PhantomData;

/// A static layout `Shape:Stride`. Zero-sized; all its numbers are compile-time constants.
///
/// ```
/// use cute_static::{layout_t, Layout, _2, _4, _1};
/// type RowMajor = Layout<(_4, _2), (_2, _1)>;
/// let l = RowMajor::new();
/// assert_eq!(l.to_string(), "(_4,_2):(_2,_1)");
/// assert_eq!(l.call(5), 3);
/// assert_eq!(core::mem::size_of::<RowMajor>(), 0);
/// ```
pub struct Layout<S, D>(PhantomData<fn() -> (S, D)>);

impl<S, D> Clone for Layout<S, D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S, D> Copy for Layout<S, D> {}
impl<S, D> Default for Layout<S, D> {
    fn default() -> Self {
        Layout(PhantomData)
    }
}
impl<S: IntTuple, D: IntTuple> fmt::Debug for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A type that is a static layout (every [`Layout`] whose shape and stride are IntTuples).
///
/// ```
/// use cute_static::{layout_t, StaticLayout};
/// type L = layout_t!((_4,_2):(_2,_1));
/// assert_eq!(<L as StaticLayout>::SIZE, 8);
/// ```
pub trait StaticLayout: Copy + Default {
    /// The layout as a const value.
    #[doc(hidden)]
    const LAYOUT: L;
    /// CuTe's `size`.
    const SIZE: i32 = Self::LAYOUT.size();
    /// CuTe's `cosize`.
    const COSIZE: i32 = Self::LAYOUT.cosize();
    /// CuTe's `rank`.
    const RANK: usize = Self::LAYOUT.rank();
    /// CuTe's `depth`.
    const DEPTH: usize = Self::LAYOUT.shape.depth();
    /// How `layout(i)` is computed (a compile-time constant).
    #[doc(hidden)]
    const PLAN: CoordPlan = coord_plan(&<i32 as Coordinate>::PROFILE, &Self::LAYOUT);
}

impl<S: IntTuple, D: IntTuple> StaticLayout for Layout<S, D> {
    const LAYOUT: L = L::new(S::TREE, D::TREE);
}

/// A const-evaluated layout expression (the result of an operation).
///
/// ```
/// use cute_static::{layout_t, CoalesceExpr, LayoutOf};
/// // Every operation result is `LayoutOf<E>` for its expression `E: Expr`.
/// type R = LayoutOf<CoalesceExpr<layout_t!((_2,(_1,_6)):(_1,(_6,_2)))>>;
/// assert_eq!(R::new().to_string(), "_12:_1");
/// ```
pub trait Expr {
    /// The resulting layout.
    #[doc(hidden)]
    const LAYOUT: L;
}

/// The shape of an expression's result, as a type-level IntTuple.
///
/// ```
/// use cute_static::{layout_t, CoalesceExpr, IntTuple, ShapeOf};
/// assert_eq!(<ShapeOf<CoalesceExpr<layout_t!((_2,_3):(_1,_2))>> as IntTuple>::SIZE, 6);
/// ```
pub struct ShapeOf<E>(PhantomData<fn() -> E>);
/// The stride of an expression's result, as a type-level IntTuple.
///
/// ```
/// use cute_static::{layout_t, CoalesceExpr, IntTuple, StrideOf};
/// assert_eq!(<StrideOf<CoalesceExpr<layout_t!((_2,_3):(_1,_2))>> as IntTuple>::RANK, 1);
/// ```
pub struct StrideOf<E>(PhantomData<fn() -> E>);

impl<E: Expr> IntTuple for ShapeOf<E> {
    const TREE: Tree = E::LAYOUT.shape;
}
impl<E: Expr> IntTuple for StrideOf<E> {
    const TREE: Tree = E::LAYOUT.stride;
}

/// The layout type of an expression: `Layout<ShapeOf<E>, StrideOf<E>>`.
///
/// ```
/// use cute_static::{layout_t, CompositionExpr, LayoutOf};
/// type R = LayoutOf<CompositionExpr<layout_t!((_10,_2):(_16,_4)), layout_t!((_5,_4):(_1,_5))>>;
/// assert_eq!(R::new().to_string(), "(_5,(_2,_2)):(_16,(_80,_4))");
/// ```
pub type LayoutOf<E> = Layout<ShapeOf<E>, StrideOf<E>>;

impl<S: IntTuple, D: IntTuple> Layout<S, D> {
    /// The (zero-sized) value of this layout type.
    ///
    /// ```
    /// let l = cute_static::layout!((_2,_3):(_3,_1));
    /// assert_eq!(l.size(), 6);
    /// ```
    #[inline(always)]
    pub const fn new() -> Self {
        Layout(PhantomData)
    }

    /// `layout(coord)`: the offset of an index (`i32`) or of a (nested) coordinate tuple,
    /// CuTe's `crd2idx(coord, shape, stride)`. Folds to the hand-written index arithmetic.
    ///
    /// ```
    /// let l = cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1)));
    /// assert_eq!(l.call(16), 17);
    /// assert_eq!(l.call((1, (1, 2))), 17);
    /// ```
    #[inline(always)]
    pub fn call<Cd: Coordinate>(&self, coord: Cd) -> i32 {
        let plan = const { coord_plan(&Cd::PROFILE, &<Self as StaticLayout>::LAYOUT) };
        let mut off = 0i32;
        let mut k = 0;
        while k < plan.n {
            let c = coord.leaf(plan.leaf[k]) / plan.div[k];
            let c = if plan.modulus[k] != 0 {
                c % plan.modulus[k]
            } else {
                c
            };
            off = off.wrapping_add(c.wrapping_mul(plan.stride[k]));
            k += 1;
        }
        off
    }

    /// `layout(i)` for an index, usable in `const` contexts.
    ///
    /// ```
    /// const X: i32 = cute_static::layout!((_4,_2):(_2,_1)).call_index(5);
    /// assert_eq!(X, 3);
    /// ```
    #[inline(always)]
    pub const fn call_index(&self, i: i32) -> i32 {
        let plan = const { <Self as StaticLayout>::PLAN };
        plan.eval_index(i)
    }

    /// CuTe's `crd2idx(coord, layout)`, the same as [`Layout::call`].
    ///
    /// ```
    /// let l = cute_static::layout!((_2,_3):(_3,_1));
    /// assert_eq!(l.crd2idx((1, 2)), 5);
    /// ```
    #[inline(always)]
    pub fn crd2idx<Cd: Coordinate>(&self, coord: Cd) -> i32 {
        self.call(coord)
    }

    /// CuTe's `idx2crd(idx, shape)`: the natural coordinate of a run-time index.
    ///
    /// ```
    /// let l = cute_static::layout!(((_2,_2),(_4,_2),(_2,_3)):((_1,_2),(_4,_16),(_32,_64)));
    /// assert_eq!(l.idx2crd(191).to_string(), "((1,1),(3,1),(1,2))");
    /// ```
    #[inline(always)]
    pub fn idx2crd(&self, i: i32) -> Crd {
        let plan = const { idx_plan(&<Self as StaticLayout>::LAYOUT.shape) };
        let mut vals = [0; PLAN_CAP];
        let mut k = 0;
        while k < plan.n {
            let c = i / plan.div[k];
            vals[k] = if plan.modulus[k] != 0 {
                c % plan.modulus[k]
            } else {
                c
            };
            k += 1;
        }
        Crd {
            shape: <Self as StaticLayout>::LAYOUT.shape,
            vals,
            n: plan.n,
        }
    }

    /// CuTe's `get<I>(layout)`: mode `I` as a layout.
    ///
    /// ```
    /// let l = cute_static::layout!((_4,(_3,_2)):(_2,(_8,_1)));
    /// assert_eq!(l.get::<1>().to_string(), "(_3,_2):(_8,_1)");
    /// ```
    #[inline(always)]
    pub fn get<const I: usize>(self) -> crate::ops::Get<I, Self> {
        crate::ops::get::<I, Self>(self)
    }

    /// CuTe's `layout<I>(layout)`, the same as [`Layout::get`].
    ///
    /// ```
    /// let l = cute_static::layout!((_4,(_3,_2)):(_2,(_8,_1)));
    /// assert_eq!(l.layout::<0>().to_string(), "_4:_2");
    /// ```
    #[inline(always)]
    pub fn layout<const I: usize>(self) -> crate::ops::Get<I, Self> {
        self.get::<I>()
    }

    /// CuTe's `size(layout)`.
    ///
    /// ```
    /// assert_eq!(cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1))).size(), 18);
    /// ```
    #[inline(always)]
    pub const fn size(&self) -> i32 {
        <Self as StaticLayout>::SIZE
    }

    /// CuTe's `cosize(layout)`.
    ///
    /// ```
    /// assert_eq!(cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1))).cosize(), 21);
    /// ```
    #[inline(always)]
    pub const fn cosize(&self) -> i32 {
        <Self as StaticLayout>::COSIZE
    }

    /// CuTe's `rank(layout)`.
    ///
    /// ```
    /// assert_eq!(cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1))).rank(), 2);
    /// ```
    #[inline(always)]
    pub const fn rank(&self) -> usize {
        <Self as StaticLayout>::RANK
    }

    /// CuTe's `depth(layout)`.
    ///
    /// ```
    /// assert_eq!(cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1))).depth(), 2);
    /// ```
    #[inline(always)]
    pub const fn depth(&self) -> usize {
        <Self as StaticLayout>::DEPTH
    }

    /// The shape, printed as CuTe text.
    ///
    /// ```
    /// assert_eq!(cute_static::layout!((_4,_2):(_2,_1)).shape().to_string(), "(_4,_2)");
    /// ```
    pub fn shape(&self) -> TupleText {
        TupleText(<Self as StaticLayout>::LAYOUT.shape)
    }

    /// The stride, printed as CuTe text.
    ///
    /// ```
    /// assert_eq!(cute_static::layout!((_4,_2):(_2,_1)).stride().to_string(), "(_2,_1)");
    /// ```
    pub fn stride(&self) -> TupleText {
        TupleText(<Self as StaticLayout>::LAYOUT.stride)
    }
}

/// An IntTuple value for printing (`Display` gives CuTe text).
///
/// ```
/// let l = cute_static::layout!((_4,(_2,_2)):(_1,(_8,_4)));
/// assert_eq!(l.shape().to_string(), "(_4,(_2,_2))");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TupleText(pub(crate) Tree);

impl fmt::Display for TupleText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tree(f, &self.0, 0).map(|_| ())
    }
}

impl<S: IntTuple, D: IntTuple> fmt::Display for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = <Self as StaticLayout>::LAYOUT;
        write_tree(f, &l.shape, 0)?;
        f.write_str(":")?;
        write_tree(f, &l.stride, 0).map(|_| ())
    }
}

impl<S: IntTuple, D: IntTuple, S2: IntTuple, D2: IntTuple> PartialEq<Layout<S2, D2>>
    for Layout<S, D>
{
    /// Layouts are equal when their shapes and strides are (whatever expression made them).
    fn eq(&self, _: &Layout<S2, D2>) -> bool {
        same_layout::<Self, Layout<S2, D2>>()
    }
}

/// Whether two layout types are the same layout (same shape, same stride), in `const` contexts.
///
/// ```
/// use cute_static::{same_layout, layout_t, Coalesce};
/// type L = layout_t!((_2,(_1,_6)):(_1,(_6,_2)));
/// const _: () = assert!(same_layout::<Coalesce<L>, layout_t!(_12:_1)>());
/// ```
pub const fn same_layout<A: StaticLayout, B: StaticLayout>() -> bool {
    A::LAYOUT.eq(&B::LAYOUT)
}
