//! Layouts: [`Layout<Shape, Stride>`] built from IntTuples, and [`LayoutOf<E>`], the result of an
//! operation. Both have the same methods and print as CuTe prints them. Their structure and static
//! values are types; their dynamic values are run-time `i32`s (an all-static layout is
//! zero-sized).

use crate::algebra::composed::CL;
use crate::algebra::layout::layout_tiler;
use crate::algebra::layout::{L, PLAN_CAP};
use crate::coordinate::{Coordinate, Crd, call_code, idx_code};
use crate::error::LayoutError;
use crate::expr::CExpr;
use crate::expr::{Expr, dyn_values};
use crate::print::write_tree;
use crate::prog::{Flat, Prog, Program, Straight, eval, eval_const};
use crate::tree::{List, Tree, V};
use crate::tuple::{IntTuple, Leaves, Static, Tiler};
use core::fmt;
use core::marker::PhantomData;

/// A layout `Shape:Stride` of IntTuples, CuTe's `Layout<Shape, Stride>`. Static leaves (`C<N>`)
/// are types; dynamic leaves (`i32`) are stored, so an all-static layout is zero-sized and
/// `Layout<(i32, C<4>), (C<1>, i32)>` is 8 bytes.
///
/// ```
/// use cute_static::{layout, layout_t, Layout, _2, _4, _1};
/// use static_assertions::{assert_eq_size, assert_type_eq_all};
/// type RowMajor = Layout<(_4, _2), (_2, _1)>;
/// let l = RowMajor::new();
/// assert_eq!(l.to_string(), "(_4,_2):(_2,_1)");
/// assert_eq!(l.call(5), 3);
/// assert_eq_size!(RowMajor, ());
/// assert_type_eq_all!(layout_t!((_4,_2):(_2,_1)), RowMajor);
/// assert_eq_size!(layout_t!((m,_4):(_1,n)), [i32; 2]);
/// // A run-time M: column-major (M,_4):(_1,M).
/// let m = 100;
/// let a = layout!((m, _4):(_1, m));
/// assert_eq!(a.to_string(), "(100,_4):(_1,100)");
/// assert_eq!(a.call((3, 2)), 203);
/// assert_eq!(core::mem::size_of_val(&a), 8);
/// ```
#[derive(Clone, Copy, Default, Hash)]
pub struct Layout<S, D> {
    shape: S,
    stride: D,
}

impl<S: IntTuple, D: IntTuple> Layout<S, D> {
    /// CuTe's `make_layout(shape, stride)`: shape and stride must be congruent (checked while
    /// compiling).
    ///
    /// ```
    /// use cute_static::{Layout, _1};
    /// let l = Layout::from_parts((7, _1::default()), (_1::default(), 7));
    /// assert_eq!(l.to_string(), "(7,_1):(_1,7)");
    /// ```
    #[inline(always)]
    pub fn from_parts(shape: S, stride: D) -> Self {
        let _ = <Self as IsLayout>::LAYOUT;
        Layout { shape, stride }
    }
}

/// A layout type: [`Layout`] or the result of an operation ([`LayoutOf`]). Generic code over
/// layouts takes `L: IsLayout` (CuTe's `is_layout`) and asks it what CuTe's free functions ask
/// a layout: `size`, `size_mode::<I>` (CuTe's `size<I>`), `rank`, `shape`, `cosize`
/// ([`TensorLayout`]'s, which every layout is), `depth`, `stride`, `get::<I>` and `call` (below).
///
/// ```
/// use cute_static::{composition, layout, make_layout, IsLayout};
/// fn offset<L: IsLayout>(l: L, i: i32) -> i32 {
///     l.call(i)
/// }
/// assert_eq!(offset(layout!((_4,_2):(_2,_1)), 5), 3);
/// // CuTe's `make_layout(shape(l))`, `size<1>(l)`, `stride<0>(l)` in generic code:
/// fn compact_like<L: IsLayout>(l: L) -> (String, i32, String) {
///     (make_layout(l.shape()).to_string(), l.size_mode::<1>(), l.get::<0>().stride().to_string())
/// }
/// let m = 3;
/// let (compact, cols, stride0) = compact_like(layout!((m,_4):(_4,_1)));
/// assert_eq!((compact.as_str(), cols, stride0.as_str()), ("(3,_4):(_1,3)", 4, "_4"));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a layout",
    label = "a layout is expected here",
    note = "a tiler (a tuple of layouts and integers, `tile!((_3:_4, _8))`) goes to an operation's `_tiler` form: `composition_tiler`, `logical_divide_tiler`, `logical_product_tiler` (`zipped_divide`, `tiled_divide`, `flat_divide`, `local_tile` and the other products take tilers directly)",
    note = "a shape alone becomes a layout with `make_layout(shape)`; a swizzled layout (`ComposedOf`) has the composed operations as its methods"
)]
pub trait IsLayout: TensorLayout {
    /// The structure as a const layout; dynamic leaves hold their number.
    #[doc(hidden)]
    const LAYOUT: L;

    /// CuTe's `layout(coord)`: the offset of an index or a (nested) coordinate.
    ///
    /// ```
    /// use cute_static::IsLayout;
    /// fn at<L: IsLayout>(l: &L) -> i32 { l.call((1, 2)) }
    /// assert_eq!(at(&cute_static::layout!((_2,_3):(_3,_1))), 5);
    /// ```
    #[inline(always)]
    fn call<Cd: Coordinate>(&self, coord: Cd) -> i32 {
        call(self, coord)
    }

    /// CuTe's `depth(layout)`.
    ///
    /// ```
    /// use cute_static::IsLayout;
    /// fn depth_of<L: IsLayout>(l: L) -> usize { l.depth() }
    /// assert_eq!(depth_of(cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1)))), 2);
    /// ```
    #[inline(always)]
    fn depth(&self) -> usize {
        const { Self::LAYOUT.shape.depth() }
    }

    /// CuTe's `stride(layout)`: the stride as an IntTuple value.
    ///
    /// ```
    /// use cute_static::IsLayout;
    /// fn stride_of<L: IsLayout>(l: L) -> String { l.stride().to_string() }
    /// let n = 9;
    /// assert_eq!(stride_of(cute_static::layout!((_4,_2):(n,_1))), "(9,_1)");
    /// ```
    fn stride(&self) -> Self::Stride;
    /// The type of [`IsLayout::stride`]: CuTe's `stride(layout)`, an IntTuple.
    #[doc(hidden)]
    type Stride: IntTuple + fmt::Display + fmt::Debug;

    /// CuTe's `get<I>(layout)` (`layout<I>`): mode `I` as a layout.
    ///
    /// ```
    /// use cute_static::IsLayout;
    /// fn second<L: IsLayout>(l: L) -> String { l.get::<1>().to_string() }
    /// assert_eq!(second(cute_static::layout!((_4,(_3,_2)):(_2,(_8,_1)))), "(_3,_2):(_8,_1)");
    /// ```
    fn get<const I: usize>(self) -> Self::Mode<I>;
    /// The type of [`IsLayout::get`]: CuTe's `get<I>(layout)`, a layout.
    #[doc(hidden)]
    type Mode<const I: usize>: IsLayout + fmt::Display + fmt::Debug;
}

/// What a tensor's layout must do: map a coordinate to an offset, bound its offsets, and take
/// the tensor operations (slices, divides, partitions). A layout ([`IsLayout`]) is one, and so
/// is a composed layout ([`ComposedOf`](crate::ComposedOf), e.g. a swizzled shared-memory tile); no other type is
/// (the trait is sealed: the tensor operations run CuTe's algorithm for each).
///
/// ```
/// use cute_static::{layout, Swizzle, TensorLayout};
/// let l = layout!((_4,_3):(_3,-1));
/// assert_eq!(l.offset((1, 2)), 1);
/// assert_eq!(l.offset_range(), Some((-2, 9)));
/// let smem = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
/// assert_eq!(smem.offset((1, 0)), 72);
/// assert_eq!(smem.offset_range(), Some((0, 511)));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tensor layout",
    label = "a layout or a swizzled (composed) layout is expected here",
    note = "a tensor's layout is a layout (`layout!(...)`, `make_layout(shape)`, an operation's result) or a composed layout (`Swizzle::<B,M,S>::new().composition(layout)`)"
)]
pub trait TensorLayout: Leaves + sealed::Sealed {
    /// `layout(coord)`.
    fn offset<Cd: Coordinate>(&self, coord: Cd) -> i32;
    /// CuTe's `size(layout)`: the number of coordinates of the domain (a constant where the
    /// shape is static).
    fn size(&self) -> i32;
    /// CuTe's `cosize(layout)` (of a composed layout, its layout's).
    ///
    /// ```
    /// use cute_static::{layout, TensorLayout};
    /// fn cosize_of<L: TensorLayout>(l: L) -> i32 { l.cosize() }
    /// assert_eq!(cosize_of(layout!((_3,(_2,_3)):(_3,(_12,_1)))), 21);
    /// ```
    fn cosize(&self) -> i32;
    /// CuTe's `rank(layout)`: the rank of the domain's shape.
    ///
    /// ```
    /// use cute_static::{layout, Swizzle, TensorLayout};
    /// fn rank_of<L: TensorLayout>(l: L) -> usize { l.rank() }
    /// assert_eq!(rank_of(layout!((_4,(_2,_3),_5):(_1,(_4,_8),_24))), 3);
    /// assert_eq!(rank_of(Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)))), 2);
    /// ```
    #[inline(always)]
    fn rank(&self) -> usize {
        const { crate::algebra::composed::domain(&Self::CL, "rank").rank() }
    }
    /// CuTe's `shape(layout)`: the domain's shape as an IntTuple value.
    ///
    /// ```
    /// use cute_static::{layout, make_layout, Swizzle, TensorLayout};
    /// fn compact<L: TensorLayout>(l: L) -> String { make_layout(l.shape()).to_string() }
    /// let smem = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// assert_eq!(compact(smem), "(_8,_64):(_1,_8)");
    /// ```
    fn shape(&self) -> Self::Shape;
    /// The type of [`TensorLayout::shape`]: CuTe's `shape(layout)`, an IntTuple.
    #[doc(hidden)]
    type Shape: IntTuple + fmt::Display + fmt::Debug;
    /// CuTe's `size<I>(layout)`: the size of the domain's mode `I`.
    ///
    /// ```
    /// use cute_static::{layout, TensorLayout};
    /// fn cols<L: TensorLayout>(l: L) -> i32 { l.size_mode::<1>() }
    /// let n = 5;
    /// assert_eq!(cols(layout!((_4,n):(n,_1))), 5);
    /// ```
    fn size_mode<const I: usize>(&self) -> i32;
    /// The least and the greatest offset of the layout's domain (`Some((0, -1))` for an empty
    /// domain; `None` when they do not fit in `i64` or a shape is negative).
    fn offset_range(&self) -> Option<(i64, i64)>;
    /// How far apart the origins of the slices along the last mode can lie: the greatest
    /// common divisor of the strides of that mode's leaves of extent above 1 (`Some(0)` if
    /// there are none), so that `layout(c, k) - layout(c, 0)` is a multiple of it for every
    /// `c`. `None` for a composed layout, whose slices are not translates of one another.
    ///
    /// ```
    /// use cute_static::{layout, Swizzle, TensorLayout};
    /// let (ld, n) = (96, 3);
    /// assert_eq!(layout!((_4,_2,(_8,n)):(_1,_4,(ld,_512))).last_mode_stride_gcd(), Some(32));
    /// // Leaves of extent 1 never move a slice; a rank-1 layout's last mode is the layout.
    /// assert_eq!(layout!((_4,(_1,_3)):(_1,(_7,-6))).last_mode_stride_gcd(), Some(6));
    /// assert_eq!(layout!((_4,_1):(_1,_5)).last_mode_stride_gcd(), Some(0));
    /// assert_eq!(layout!(_8:_2).last_mode_stride_gcd(), Some(2));
    /// let smem = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// assert_eq!(smem.last_mode_stride_gcd(), None);
    /// ```
    #[doc(hidden)]
    fn last_mode_stride_gcd(&self) -> Option<i64> {
        None
    }
    /// The same while compiling, for a layout without run-time values (`None` otherwise): what
    /// [`make_fragment`](crate::make_fragment) checks.
    const STATIC_RANGE: Option<(i64, i64)>;
    /// A power of two `P` such that the offsets of [`TensorLayout::offset_and_unswizzled`]
    /// agree on every bit but the `log2 P` lowest: 1 for a plain layout, the block of
    /// offsets a swizzle permutes for a swizzled one.
    #[doc(hidden)]
    const BLOCK: u32 = 1;
    /// `(layout(coord), u)`: `u` an offset computed before the layout's last bit operations
    /// (a swizzled layout's unswizzled offset, which LLVM bounds as it bounds index
    /// arithmetic), equal to `layout(coord)` but in the bits below [`TensorLayout::BLOCK`].
    #[doc(hidden)]
    #[inline(always)]
    fn offset_and_unswizzled<Cd: Coordinate>(&self, coord: Cd) -> (i32, i32) {
        let offset = self.offset(coord);
        (offset, offset)
    }

    /// The layout as the const algorithms see it, its dynamic leaves numbered in [`Leaves`]
    /// order (a plain layout is `CL::plain`).
    #[doc(hidden)]
    const CL: CL;
    /// The layout of a tensor operation's result `X` (a slice or a partition): a layout
    /// ([`LayoutOf`]) from a layout, a composed layout ([`ComposedOf`](crate::ComposedOf), which may print as the
    /// plain layout a swizzle decayed to) from a composed one.
    #[doc(hidden)]
    type Of<X: Expr + CExpr>: TensorLayout;
    /// `X` as [`TensorLayout::Of`].
    #[doc(hidden)]
    fn of<X: Expr + CExpr>(x: X) -> Self::Of<X>;
    /// `logical_divide(layout, tiler)`.
    #[doc(hidden)]
    type LogicalDivide<T: Tiler>: TensorLayout;
    /// `logical_divide(layout, tiler)`.
    #[doc(hidden)]
    fn logical_divide_of<T: Tiler>(l: Self, tiler: T) -> Self::LogicalDivide<T>;
    /// `zipped_divide(layout, tiler)`.
    #[doc(hidden)]
    type ZippedDivide<T: Tiler>: TensorLayout;
    /// `zipped_divide(layout, tiler)`.
    #[doc(hidden)]
    fn zipped_divide_of<T: Tiler>(l: Self, tiler: T) -> Self::ZippedDivide<T>;
    /// `tiled_divide(layout, tiler)`.
    #[doc(hidden)]
    type TiledDivide<T: Tiler>: TensorLayout;
    /// `tiled_divide(layout, tiler)`.
    #[doc(hidden)]
    fn tiled_divide_of<T: Tiler>(l: Self, tiler: T) -> Self::TiledDivide<T>;
    /// `flat_divide(layout, tiler)`.
    #[doc(hidden)]
    type FlatDivide<T: Tiler>: TensorLayout;
    /// `flat_divide(layout, tiler)`.
    #[doc(hidden)]
    fn flat_divide_of<T: Tiler>(l: Self, tiler: T) -> Self::FlatDivide<T>;
    /// `composition(layout, b)`.
    #[doc(hidden)]
    type Composition<B: IsLayout>: TensorLayout;
    /// `composition(layout, b)`.
    #[doc(hidden)]
    fn composition_of<B: IsLayout>(l: Self, b: B) -> Self::Composition<B>;
}

pub(crate) mod sealed {
    /// The layouts [`super::TensorLayout`] is implemented for (a composed layout's impl is in
    /// `composed.rs`).
    pub trait Sealed {}
    impl<T: super::IsLayout> Sealed for T {}
}

/// A layout whose leaves are all static: its numbers are associated constants.
///
/// ```
/// use cute_static::{layout_t, Composition, StaticLayout};
/// use static_assertions::{assert_impl_all, assert_not_impl_any, const_assert_eq};
/// type L = layout_t!((_4,_2):(_2,_1));
/// const_assert_eq!(<L as StaticLayout>::SIZE, 8);
/// const_assert_eq!(<L as StaticLayout>::COSIZE, 8);
/// type R = Composition<layout_t!((_10,_2):(_16,_4)), layout_t!((_5,_4):(_1,_5))>;
/// const_assert_eq!(<R as StaticLayout>::SIZE, 20);
/// const_assert_eq!(<R as StaticLayout>::COSIZE, 149);
/// const_assert_eq!(<R as StaticLayout>::RANK, 2);
/// const_assert_eq!(<R as StaticLayout>::DEPTH, 2);
/// assert_impl_all!(R: StaticLayout);
/// assert_not_impl_any!(layout_t!((m,_2):(_2,_1)): StaticLayout); // a dynamic leaf
/// ```
pub trait StaticLayout: IsLayout + Static {
    /// CuTe's `size`.
    const SIZE: i32 = Self::LAYOUT.shape.static_size();
    /// CuTe's `cosize`.
    const COSIZE: i32 = {
        let mut p = Prog::new(0);
        Self::LAYOUT.cosize(&mut p).value()
    };
    /// CuTe's `rank`.
    const RANK: usize = Self::LAYOUT.rank();
    /// CuTe's `depth`.
    const DEPTH: usize = Self::LAYOUT.shape.depth();
}

impl<T: IsLayout + Static> StaticLayout for T {}

impl<S: IntTuple, D: IntTuple> Leaves for Layout<S, D> {
    const NDYN: usize = S::NDYN + D::NDYN;
    #[inline(always)]
    fn dyn_leaf(&self, k: usize) -> i32 {
        if k < S::NDYN {
            self.shape.dyn_leaf(k)
        } else {
            self.stride.dyn_leaf(k - S::NDYN)
        }
    }
    fn check(&self) -> Result<(), LayoutError> {
        self.shape.check()?;
        self.stride.check()
    }
    const FLAT: Flat = if Self::NDYN == 0 {
        Flat::EMPTY
    } else {
        Flat::EMPTY.then(&S::FLAT).then(&D::FLAT)
    };
    #[inline(always)]
    fn root(&self, k: usize) -> i32 {
        // `const`: read at compile time, not a copy of the whole `Flat` (unoptimized builds).
        let roots = const { S::FLAT.roots };
        if k < roots {
            self.shape.root(k)
        } else {
            self.stride.root(k - roots)
        }
    }
}

impl<S: Static, D: Static> Static for Layout<S, D> {
    const VALUE: Self = Layout {
        shape: S::VALUE,
        stride: D::VALUE,
    };
}

/// The most indices of B's domain [`composition_answer`] enumerates (as cute-dynamic).
const MAX_ENUMERATED: i32 = 1 << 16;

/// Where a divisibility condition that CuTe does not check on run-time values failed (`error`),
/// or the walk's pieces do not prove `A o B` ([`crate::algebra::exact`]): `Ok` if CuTe's
/// composition `r` of `a` and `b` is `A o B`, `r(i) == a(b(i))` at every index of b's domain
/// where `0 <= b(i) < size(a)` (for CuTe's own conditions, wherever `b(i) >= 0`; enumerated up
/// to 2^16 indices, beyond which `error` stands), or the error naming the first index where they
/// differ. The same rule as cute-dynamic's.
pub(crate) fn composition_answer<A: IsLayout, B: IsLayout, R: IsLayout>(
    error: LayoutError,
    a: &A,
    b: &B,
    r: &R,
) -> Result<(), LayoutError> {
    // CuTe's own conditions, which only its run-time values skip: its answer stands if right
    // wherever CuTe evaluates it (`B(i) >= 0`, A's last mode taking the rest); the walk's pieces
    // not proving `A o B`: if right where B maps into A's domain.
    let extended = match error.condition() {
        Some(crate::Condition::StrideDivisibility | crate::Condition::ShapeDivisibility) => true,
        Some(crate::Condition::StrideDivisibilityComplete) => false,
        _ => return Err(error),
    };
    // The three layouts with their values, evaluated by the algebra's own `crd2idx` on static
    // values (a static twin's program: no code is generated per layout type, and an arithmetic
    // failure is recorded, not a panic).
    let (la, lb, lr) = (
        A::LAYOUT.with_values(&dyn_values(a)),
        B::LAYOUT.with_values(&dyn_values(b)),
        R::LAYOUT.with_values(&dyn_values(r)),
    );
    let mut p = Prog::twin();
    let size = |p: &mut crate::prog::AtRun, l: &L| p.product(&l.shape.leaves()).v;
    let at = |p: &mut crate::prog::AtRun, l: &L, i: i32| {
        crate::algebra::stride::crd2idx(p, &Tree::leaf(V::s(i)), &l.shape, &l.stride).v
    };
    let (na, nb) = (size(&mut p, &la), size(&mut p, &lb));
    if size(&mut p, &lr) != nb {
        return Err(error);
    }
    // B's coordinates are `0 <= c_k < s_k` in every mode: none if a shape is below 1.
    let leaves = lb.shape.leaves();
    if !extended && leaves.v[..leaves.n].iter().any(|s| s.v < 1) {
        return Ok(());
    }
    if !(0..=MAX_ENUMERATED).contains(&nb) {
        return Err(error);
    }
    let differs = (0..nb).find_map(|i| {
        let j = at(&mut p, &lb, i);
        let (x, y) = (at(&mut p, &lr, i), at(&mut p, &la, j));
        let compared = j >= 0 && (extended || j < na);
        (compared && x != y).then_some((i, x, y))
    });
    p.outcome().map_err(|_| error)?;
    match differs {
        None => Ok(()),
        // CuTe's own condition, which its answer is not right without: that error stands.
        Some(_) if extended => Err(error),
        Some((i, x, y)) => Err(LayoutError::condition_failed(
            crate::prog::Pred::NotComposition,
            i,
            x,
            y,
        )),
    }
}

/// The product of the static leaves, wrapping as C++ `int` does (dynamic leaves count as 1).
const fn static_size(t: &Tree) -> i32 {
    let l = t.leaves();
    let (mut p, mut k) = (1i32, 0);
    while k < l.n {
        if !l.v[k].dynamic {
            p = p.wrapping_mul(l.v[k].v);
        }
        k += 1;
    }
    p
}

/// The layout an operation computes: CuTe's result, with the operation's operands kept so that
/// its dynamic values are computed where they are used. Every operation returning a layout
/// returns a `LayoutOf`.
///
/// ```
/// use cute_static::{composition, layout};
/// let r = composition(layout!((_10,_2):(_16,_4)), layout!((_5,_4):(_1,_5)));
/// assert_eq!(r.to_string(), "(_5,(_2,_2)):(_16,(_80,_4))");
/// assert_eq!(core::mem::size_of_val(&r), 0);
/// ```
#[derive(Clone, Copy, Default)]
pub struct LayoutOf<E>(pub(crate) E);

crate::expr::result_type!(LayoutOf);

impl<E: Expr> Tiler for LayoutOf<E> {
    const TILER: Tree = layout_tiler(&E::OUT);
}

/// CuTe's `layout(coord)` for any layout; the same as the `call` method.
///
/// ```
/// let l = cute_static::layout!((_4,_2):(_2,_1));
/// assert_eq!(cute_static::call(&l, 5), 3);
/// ```
#[inline(always)]
pub fn call<T: IsLayout, Cd: Coordinate>(l: &T, coord: Cd) -> i32 {
    let _ = <CallCode<T, Cd> as Program>::CODE; // a rank error is reported at the caller
    let roots = const { T::FLAT.roots };
    let input = |k: usize| {
        if k < roots {
            l.root(k)
        } else {
            coord.leaf(k - roots)
        }
    };
    eval::<CallCode<T, Cd>>(input, 0)
}

/// The programs computing a layout's run-time values from its roots: `layout(coord)`,
/// `idx2crd(i)`, `size`, `cosize`, and its dynamic leaves.
pub(crate) struct CallCode<T, Cd>(PhantomData<(T, Cd)>);
pub(crate) struct IdxCode<T>(PhantomData<T>);
/// CuTe's `size(layout)` of any layout: a constant where the shape is static.
#[inline(always)]
pub(crate) fn size_of_layout<T: IsLayout>(l: &T) -> i32 {
    // A static shape has a static size, whatever the strides are (a tile of a run-time matrix).
    if const { <T as Leaves>::NDYN == 0 || <T as IsLayout>::LAYOUT.shape.is_static() } {
        const { static_size(&<T as IsLayout>::LAYOUT.shape) }
    } else {
        eval::<SizeCode<T>>(|k| l.root(k), 0)
    }
}

pub(crate) struct SizeCode<T>(PhantomData<T>);

/// CuTe's `cosize(layout)` of any layout.
#[inline(always)]
pub(crate) fn cosize_of_layout<T: IsLayout>(l: &T) -> i32 {
    eval::<SizeCode<T>>(|k| l.root(k), 1)
}
impl<T: IsLayout, Cd: Coordinate> Program for CallCode<T, Cd> {
    const CODE: Straight = call_code(&Cd::PROFILE, &T::LAYOUT, &T::FLAT);
}

impl<T: IsLayout> Program for IdxCode<T> {
    const CODE: Straight = idx_code(&T::LAYOUT, &T::FLAT);
}

/// Output 0: `size`; output 1: `cosize`.
impl<T: IsLayout> Program for SizeCode<T> {
    const CODE: Straight = {
        let (mut p, l) = T::LAYOUT.rooted(&T::FLAT);
        let mut outs = List::new();
        outs.push(p.product(&l.shape.leaves()));
        outs.push(l.cosize(&mut p));
        Straight::compile(&p, &outs)
    };
}

/// Print a layout's shape and stride with its dynamic values.
fn write_layout<T: IsLayout>(f: &mut fmt::Formatter<'_>, l: &T) -> fmt::Result {
    let get = |k: usize| l.dyn_leaf(k);
    write_tree(f, T::LAYOUT.shape.root(), &get)?;
    f.write_str(":")?;
    write_tree(f, T::LAYOUT.stride.root(), &get)
}

macro_rules! layout_methods {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*> $T {
            /// `layout(coord)`: the offset of an index (`i32`) or of a (nested) coordinate
            /// tuple, CuTe's `crd2idx(coord, shape, stride)`. This compiles to the hand-written
            /// index arithmetic: a constant for an all-static layout at a constant coordinate,
            /// only the multiplications by run-time values for a layout with dynamic leaves.
            ///
            /// ```
            /// let l = cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1)));
            /// assert_eq!(l.call(16), 17);
            /// assert_eq!(l.call((1, (1, 2))), 17);
            /// ```
            #[inline(always)]
            pub fn call<Cd: Coordinate>(&self, coord: Cd) -> i32 {
                let _ = <CallCode<Self, Cd> as Program>::CODE;
                call(self, coord)
            }

            /// CuTe's `crd2idx(coord, layout)`, the same as `call`.
            ///
            /// ```
            /// let l = cute_static::layout!((_2,_3):(_3,_1));
            /// assert_eq!(l.crd2idx((1, 2)), 5);
            /// ```
            #[inline(always)]
            pub fn crd2idx<Cd: Coordinate>(&self, coord: Cd) -> i32 {
                let _ = <CallCode<Self, Cd> as Program>::CODE;
                call(self, coord)
            }

            /// CuTe's `idx2crd(idx, shape)`: the natural coordinate of a run-time index.
            ///
            /// ```
            /// let l = cute_static::layout!(((_2,_2),(_4,_2),(_2,_3)):((_1,_2),(_4,_16),(_32,_64)));
            /// assert_eq!(l.idx2crd(191).to_string(), "((1,1),(3,1),(1,2))");
            /// ```
            #[inline(always)]
            pub fn idx2crd(&self, i: i32) -> Crd {
                let n = const { <Self as IsLayout>::LAYOUT.shape.leaves().n };
                let roots = const { <Self as Leaves>::FLAT.roots };
                let input = |k: usize| if k < roots { self.root(k) } else { i };
                let mut vals = [0; PLAN_CAP];
                let mut k = 0;
                while k < n {
                    vals[k] = eval::<IdxCode<Self>>(input, k);
                    k += 1;
                }
                Crd {
                    shape: <Self as IsLayout>::LAYOUT.shape,
                    vals,
                    n,
                }
            }

            /// CuTe's `get<I>(layout)`: mode `I` as a layout.
            ///
            /// ```
            /// let l = cute_static::layout!((_4,(_3,_2)):(_2,(_8,_1)));
            /// assert_eq!(l.get::<1>().to_string(), "(_3,_2):(_8,_1)");
            /// ```
            #[inline(always)]
            pub fn get<const I: usize>(self) -> <Self as IsLayout>::Mode<I> {
                IsLayout::get::<I>(self)
            }

            /// CuTe's `layout<I>(layout)`, the same as `get`.
            ///
            /// ```
            /// let l = cute_static::layout!((_4,(_3,_2)):(_2,(_8,_1)));
            /// assert_eq!(l.layout::<0>().to_string(), "_4:_2");
            /// ```
            #[inline(always)]
            pub fn layout<const I: usize>(self) -> <Self as IsLayout>::Mode<I> {
                IsLayout::get::<I>(self)
            }

            /// CuTe's `size(layout)`.
            ///
            /// ```
            /// assert_eq!(cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1))).size(), 18);
            /// let m = 5;
            /// assert_eq!(cute_static::layout!((m,_4):(_1,m)).size(), 20);
            /// ```
            #[inline(always)]
            pub fn size(&self) -> i32 {
                size_of_layout(self)
            }

            /// CuTe's `cosize(layout)`.
            ///
            /// ```
            /// assert_eq!(cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1))).cosize(), 21);
            /// ```
            #[inline(always)]
            pub fn cosize(&self) -> i32 {
                TensorLayout::cosize(self)
            }

            /// CuTe's `rank(layout)`.
            ///
            /// ```
            /// assert_eq!(cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1))).rank(), 2);
            /// ```
            #[inline(always)]
            pub const fn rank(&self) -> usize {
                <Self as IsLayout>::LAYOUT.rank()
            }

            /// CuTe's `depth(layout)`.
            ///
            /// ```
            /// assert_eq!(cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1))).depth(), 2);
            /// ```
            #[inline(always)]
            pub const fn depth(&self) -> usize {
                <Self as IsLayout>::LAYOUT.shape.depth()
            }

            /// CuTe's `shape(layout)`: the shape as an IntTuple value, which prints as CuTe
            /// text and goes wherever an IntTuple does.
            ///
            /// ```
            /// use cute_static::{layout, make_layout_right};
            /// let l = layout!((_4,_2):(_1,_4));
            /// assert_eq!(l.shape().to_string(), "(_4,_2)");
            /// assert_eq!(make_layout_right(l.shape()).to_string(), "(_4,_2):(_2,_1)");
            /// ```
            #[inline(always)]
            pub fn shape(&self) -> <Self as TensorLayout>::Shape {
                TensorLayout::shape(self)
            }

            /// CuTe's `stride(layout)`: the stride as an IntTuple value.
            ///
            /// ```
            /// let n = 9;
            /// assert_eq!(cute_static::layout!((_4,_2):(n,_1)).stride().to_string(), "(9,_1)");
            /// ```
            #[inline(always)]
            pub fn stride(&self) -> <Self as IsLayout>::Stride {
                IsLayout::stride(self)
            }

            /// CuTe's `size<I>(layout)`: the size of mode `I`.
            ///
            /// ```
            /// let n = 7;
            /// let l = cute_static::layout!(((_2,_4),n):((_1,_2),_8));
            /// assert_eq!((l.size_mode::<0>(), l.size_mode::<1>()), (8, 7));
            /// ```
            #[inline(always)]
            pub fn size_mode<const I: usize>(&self) -> i32 {
                TensorLayout::size_mode::<I>(self)
            }

            /// This layout after the run-time checks of CuTe's preconditions on the dynamic
            /// values it was computed from (CuTe C++ checks only static values and returns a
            /// wrong layout otherwise). Checks the whole chain of operations. A `composition`
            /// that fails a divisibility check stands where CuTe's answer is `A o B` point by
            /// point on B's domain (up to 2^16 indices), as in cute-dynamic.
            ///
            /// ```
            /// use cute_static::{composition, layout, Condition};
            /// let bad = composition(layout!((4, 1):(1, _1)), layout!(_6:_5));
            /// assert_eq!(bad.checked().unwrap_err().condition(), Some(Condition::StrideDivisibility));
            /// let good = composition(layout!((4, 2):(1, 4)), layout!(_4:_2));
            /// assert_eq!(good.checked().unwrap().to_string(), "(2,2):(2,4)");
            /// ```
            pub fn checked(self) -> Result<Self, LayoutError> {
                Leaves::check(&self)?;
                Ok(self)
            }
        }

        impl<$($g)*> fmt::Display for $T {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_layout(f, self)
            }
        }

        impl<$($g)*> fmt::Debug for $T {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_layout(f, self)
            }
        }
    )*};
}

layout_methods!([S: IntTuple, D: IntTuple] Layout<S, D>, [E: Expr] LayoutOf<E>);

macro_rules! static_methods {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*> $T {
            /// The value of this all-static layout type (zero-sized).
            ///
            /// ```
            /// let l = cute_static::layout!((_2,_3):(_3,_1));
            /// assert_eq!(l.size(), 6);
            /// ```
            #[inline(always)]
            pub const fn new() -> Self {
                <Self as Static>::VALUE
            }

            /// `layout(i)` for an index, usable in `const` contexts.
            ///
            /// ```
            /// const X: i32 = cute_static::layout!((_4,_2):(_2,_1)).call_index(5);
            /// assert_eq!(X, 3);
            /// ```
            #[inline(always)]
            pub const fn call_index(&self, i: i32) -> i32 {
                eval_const(const { &<CallCode<Self, i32> as Program>::CODE }, &[i], 0)
            }

            /// `layout(i)` for each index `0 .. N`, usable in `const` contexts: a table of a
            /// tile's offsets (`cute_gpu::make_tma_tile!`), the layout walked once from index
            /// to index instead of evaluated at each (as [`call_index`](Self::call_index) gives
            /// them).
            ///
            /// ```
            /// const T: [i32; 8] = cute_static::layout!((_4,_2):(_2,_1)).call_indices::<8>();
            /// assert_eq!(T, [0, 2, 4, 6, 1, 3, 5, 7]);
            /// ```
            pub const fn call_indices<const N: usize>(&self) -> [i32; N] {
                let l = &<Self as IsLayout>::LAYOUT;
                let (shape, stride) = (l.shape.leaves(), l.stride.leaves());
                let mut wide = [0i64; N];
                let mut out = [0i32; N];
                let tabulated = crate::algebra::exact::tabulate(&shape, &stride, &mut wide);
                let mut i = 0;
                while i < N {
                    // `call_index`'s `i32` arithmetic wraps as the truncation of the sum does.
                    out[i] = if tabulated { wide[i] as i32 } else { self.call_index(i as i32) };
                    i += 1;
                }
                out
            }
        }
    )*};
}

static_methods!([S: IntTuple + Static, D: IntTuple + Static] Layout<S, D>, [E: Expr + Static] LayoutOf<E>);

/// Whether two layouts print the same: the same structure, the same static values and the same
/// dynamic values (static `_4` and dynamic `4` differ, as in CuTe's text).
fn same_text<A: IsLayout, B: IsLayout>(a: &A, b: &B) -> bool {
    let (x, y) = (A::LAYOUT, B::LAYOUT);
    let same_tree = |s: &Tree, t: &Tree| {
        s.same_profile(t)
            && (0..s.len).all(|k| {
                if !s.is_int_at(k) {
                    return true;
                }
                let (u, v) = (s.at(k), t.at(k));
                match (u.dynamic, v.dynamic) {
                    (false, false) => u.v == v.v,
                    (true, true) => a.dyn_leaf(u.v as usize) == b.dyn_leaf(v.v as usize),
                    _ => false,
                }
            })
    };
    same_tree(&x.shape, &y.shape) && same_tree(&x.stride, &y.stride)
}

macro_rules! layout_eq {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*, T: IsLayout> PartialEq<T> for $T {
            /// Layouts are equal when they print the same, whatever operations made them.
            fn eq(&self, other: &T) -> bool {
                same_text(self, other)
            }
        }
    )*};
}

layout_eq!([S: IntTuple, D: IntTuple] Layout<S, D>, [E: Expr] LayoutOf<E>);

/// Whether two all-static layout types are the same layout (same shape, same stride), in
/// `const` contexts.
///
/// ```
/// use cute_static::{same_layout, layout_t, Coalesce};
/// type L = layout_t!((_2,(_1,_6)):(_1,(_6,_2)));
/// static_assertions::const_assert!(same_layout::<Coalesce<L>, layout_t!(_12:_1)>());
/// ```
pub const fn same_layout<A: StaticLayout, B: StaticLayout>() -> bool {
    A::LAYOUT.eq(&B::LAYOUT)
}

impl<S: IntTuple, D: IntTuple> Tiler for Layout<S, D> {
    const TILER: Tree = layout_tiler(&<Layout<S, D> as IsLayout>::LAYOUT);
}
