//! CuTe's `Tensor` (`tensor_impl.hpp`): an engine (where the elements are) and a layout (from a
//! coordinate to an element offset), at an offset into the engine.
//!
//! The engine is a borrowed slice, a mutable slice or an owned array (a register fragment).
//! A tensor over a slice checks once, when it is made, that every offset its layout reaches
//! lies in the slice; a fragment's array length is checked against the layout at compile time.
//! Indexing is safe Rust indexing of the slice at `offset + layout(coord)`: [`Tensor::get`]
//! returns `None` outside, `tensor[coord]` panics there as slice indexing does. No `unsafe`.
//! A swizzled layout over an array of a power-of-two length checks its unswizzled offset
//! instead, which lies in the array exactly when the swizzled one does and which LLVM bounds
//! as it bounds hand-written index arithmetic (then the check disappears, as in a hand-written
//! loop), and indexes the array with the swizzled offset masked to its length.
//!
//! Slicing with `_` and the partitions kernels use ([`local_tile`], [`local_partition`],
//! [`inner_partition`], [`outer_partition`]) give tensors over the same engine: a divide of the
//! layout followed by a slice, which moves the offset by `layout(crd)` (every `_` read as `_0`).
//! The new layout and offset are computed while compiling wherever they are static, so an
//! all-static tile of a tensor is a zero-sized layout and a constant offset, and a run-time
//! tile costs the index arithmetic CuTe's does.
//!
//! The layout may be a swizzled one (a [`ComposedOf`], e.g. a shared-memory tile): then the
//! slice is CuTe's `slice_and_offset` for swizzles. The offset moves by the bits of
//! `layout(crd)` the swizzle leaves alone; the result keeps the swizzle (the selected swizzle
//! bits as its offset) if its modes still reach a bit the swizzle moves, and otherwise decays
//! into a plain layout, the selected bits swizzled into the offset. Every element of the result
//! is the element of the tensor CuTe names. A run-time integer that selects swizzle bits (a
//! thread's index partitioning a shared-memory tile) gives CuTe's `MixedBits` offset, bits known
//! at run time, and the swizzle bits it decays with become run-time strides. A run-time shape left in a swizzled slice makes CuTe decay the swizzle without knowing that it
//! may; `tensor.layout().checked()` then reports [`Condition::SwizzleSliceDecay`](crate::Condition)
//! where it may not.
//!
//! ```
//! use cute_static::{coord, layout, local_partition, local_tile, make_tensor, tile};
//! // A 256x128 column-major matrix with a run-time leading dimension.
//! let (m, k, lda) = (256, 128, 256);
//! let data: Vec<f32> = (0..lda * k).map(|i| i as f32).collect();
//! let a = make_tensor(&data[..], layout!((m, k):(_1, lda))).unwrap();
//! // The (_128,_32) tile at (1, 2), then the elements thread 5 of a (_32,_8) thread layout owns.
//! let ta = local_tile(a, tile!((_128,_32)), coord!((1, 2)));
//! assert_eq!(ta.to_string(), "16512|(_128,_32):(_1,256)");
//! let tt = local_partition(ta, layout!((_32,_8):(_1,_32)), 5);
//! assert_eq!(tt.to_string(), "16517|(_4,_4):(_32,2048)");
//! assert_eq!(tt[(1, 2)], (16517 + 32 + 2 * 2048) as f32);
//!
//! // A swizzled (_64,_8) shared-memory tile: thread 3 of 8 owns 8 rows of it, still swizzled.
//! use cute_static::Swizzle;
//! let smem = Swizzle::<3, 3, 3>::new().composition(layout!((_64,_8):(_1,_64)));
//! let sa = make_tensor(&data[..512], smem).unwrap();
//! let mine = local_partition(sa, layout!((_8,_1):(_1,_0)), 3);
//! assert_eq!(mine.to_string(), "3|Sw<3,3,3> o _0 o (_8,_8):(_8,_64)");
//! assert_eq!(mine[(2, 5)], sa[(3 + 8 * 2, 5)]);
//! ```

// The result types of the partitions spell out their layout and offset expressions.
#![allow(clippy::type_complexity)]

use crate::algebra::arithmetic_tuple::{leaf_positions, zeros_like};
use crate::algebra::composed::{self as cd, CL, Form, Swz};
use crate::algebra::exact as ex;
use crate::algebra::layout::PLAN_CAP;
use crate::algebra::tensor as ts;
use crate::algebra::tensor::Move;
use crate::algebra::tiled as tl;
use crate::atom::{Computed, Computes};
use crate::composed::{CExpr, CSym, ComposedOf};
use crate::coordinate::Coordinate;
use crate::coordinate::call_terms;
use crate::error::{LayoutError, Msg};
use crate::expr::{Expr, Sym};
use crate::int::C;
use crate::layout::{IsLayout, LayoutOf, StaticLayout, call};
use crate::ops::{
    MakeIdentityLayout, arg, expr_methods, expr_type, make_identity_layout, sym, twin_check,
};
use crate::print::write_tree;
use crate::prog::{Op, Prog, Program, Straight, eval};
use crate::tree::{Kind, List, Tree, V};
use crate::tuple::{IntTuple, Leaves, SliceCoord, Static, Tiler};
use crate::values::{TupleOf, leaf_value};
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Index, IndexMut};

/// Where a tensor's elements are: CuTe's engine. Implemented for `&[T]`, `&mut [T]` and
/// `[T; N]` (an owned register fragment).
///
/// ```
/// use cute_static::Engine;
/// let data = [1, 2, 3];
/// assert_eq!((&data[..]).data().len(), 3);
/// ```
pub trait Engine {
    /// The element type.
    type Elem;
    /// The number of elements when the type fixes it (an array), `None` otherwise.
    #[doc(hidden)]
    const LEN: Option<usize> = None;
    /// The elements.
    fn data(&self) -> &[Self::Elem];
}

/// An engine whose elements can be written.
///
/// ```
/// use cute_static::EngineMut;
/// let mut data = [1, 2, 3];
/// data.data_mut()[0] = 7;
/// assert_eq!(data[0], 7);
/// ```
pub trait EngineMut: Engine {
    /// The elements, writable.
    fn data_mut(&mut self) -> &mut [Self::Elem];
}

impl<T> Engine for &[T] {
    type Elem = T;
    #[inline(always)]
    fn data(&self) -> &[T] {
        self
    }
}

impl<T> Engine for &mut [T] {
    type Elem = T;
    #[inline(always)]
    fn data(&self) -> &[T] {
        self
    }
}

impl<T> EngineMut for &mut [T] {
    #[inline(always)]
    fn data_mut(&mut self) -> &mut [T] {
        self
    }
}

impl<T, const N: usize> Engine for [T; N] {
    type Elem = T;
    const LEN: Option<usize> = Some(N);
    #[inline(always)]
    fn data(&self) -> &[T] {
        self
    }
}

impl<T, const N: usize> EngineMut for [T; N] {
    #[inline(always)]
    fn data_mut(&mut self) -> &mut [T] {
        self
    }
}

/// What a tensor's layout must do: map a coordinate to an offset, bound its offsets, and take
/// the tensor operations (slices, divides, partitions). A layout ([`IsLayout`]) is one, and so
/// is a composed layout ([`ComposedOf`], e.g. a swizzled shared-memory tile); no other type is
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
    #[inline(always)]
    fn shape(&self) -> crate::ops::Shape<Self> {
        crate::ops::shape(*self)
    }
    /// CuTe's `size<I>(layout)`: the size of the domain's mode `I`.
    ///
    /// ```
    /// use cute_static::{layout, TensorLayout};
    /// fn cols<L: TensorLayout>(l: L) -> i32 { l.size_mode::<1>() }
    /// let n = 5;
    /// assert_eq!(cols(layout!((_4,n):(n,_1))), 5);
    /// ```
    #[inline(always)]
    fn size_mode<const I: usize>(&self) -> i32 {
        crate::ops::size_mode::<I, Self>(*self).value()
    }
    /// The least and the greatest offset of the layout's domain (`Some((0, -1))` for an empty
    /// domain; `None` when they do not fit in `i64` or a shape is negative).
    fn offset_range(&self) -> Option<(i64, i64)>;
    /// The same while compiling, for a layout without run-time values (`None` otherwise): what
    /// [`make_fragment`] checks.
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
    /// ([`LayoutOf`]) from a layout, a composed layout ([`ComposedOf`], which may print as the
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

mod sealed {
    /// The layouts [`super::TensorLayout`] is implemented for.
    pub trait Sealed {}
    impl<T: crate::IsLayout> Sealed for T {}
    impl<E: crate::composed::CExpr> Sealed for crate::ComposedOf<E> {}
}

/// The tensor layout of a layout type: its tensor operations are the layout operations,
/// and give layouts (one impl per layout type, so that the associated types normalize where
/// generic code names them).
macro_rules! layout_tensor_layout {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*> TensorLayout for $T {
            const STATIC_RANGE: Option<(i64, i64)> = range_of(&Self::LAYOUT);

            #[inline(always)]
            fn offset<Cd: Coordinate>(&self, coord: Cd) -> i32 {
                call(self, coord)
            }

            #[inline(always)]
            fn size(&self) -> i32 {
                crate::layout::size_of_layout(self)
            }

            #[inline(always)]
            fn cosize(&self) -> i32 {
                crate::layout::cosize_of_layout(self)
            }

            fn offset_range(&self) -> Option<(i64, i64)> {
                let _ = const { range_of(&Self::LAYOUT) };
                let (shape, stride) = const { (Self::LAYOUT.shape.leaves(), Self::LAYOUT.stride.leaves()) };
                let value = |v: crate::tree::V| {
                    if v.dynamic {
                        self.dyn_leaf(v.v as usize)
                    } else {
                        v.v
                    }
                };
                (0..shape.n).try_fold((0, 0), |range, k| {
                    with_mode(Some(range), value(shape.v[k]), value(stride.v[k]))
                })
            }

            const CL: CL = CL::plain(Self::LAYOUT);
            type Of<X: Expr + CExpr> = LayoutOf<X>;
            #[inline(always)]
            fn of<X: Expr + CExpr>(x: X) -> LayoutOf<X> {
                let _ = X::SYM;
                LayoutOf(x)
            }
            type LogicalDivide<Tl: Tiler> = crate::ops::LogicalDivideTiler<Self, Tl>;
            #[inline(always)]
            fn logical_divide_of<Tl: Tiler>(l: Self, tiler: Tl) -> Self::LogicalDivide<Tl> {
                crate::ops::logical_divide_tiler(l, tiler)
            }
            type ZippedDivide<Tl: Tiler> = crate::ops::ZippedDivide<Self, Tl>;
            #[inline(always)]
            fn zipped_divide_of<Tl: Tiler>(l: Self, tiler: Tl) -> Self::ZippedDivide<Tl> {
                crate::ops::zipped_divide(l, tiler)
            }
            type TiledDivide<Tl: Tiler> = crate::ops::TiledDivide<Self, Tl>;
            #[inline(always)]
            fn tiled_divide_of<Tl: Tiler>(l: Self, tiler: Tl) -> Self::TiledDivide<Tl> {
                crate::ops::tiled_divide(l, tiler)
            }
            type FlatDivide<Tl: Tiler> = crate::ops::FlatDivide<Self, Tl>;
            #[inline(always)]
            fn flat_divide_of<Tl: Tiler>(l: Self, tiler: Tl) -> Self::FlatDivide<Tl> {
                crate::ops::flat_divide(l, tiler)
            }
            type Composition<B: IsLayout> = crate::ops::Composition<Self, B>;
            #[inline(always)]
            fn composition_of<B: IsLayout>(l: Self, b: B) -> Self::Composition<B> {
                crate::ops::composition(l, b)
            }
        }
    )*};
}

layout_tensor_layout!([S: IntTuple, D: IntTuple] crate::Layout<S, D>, [E: Expr] LayoutOf<E>);

/// The offsets a swizzle can give for offsets `lo..=hi` (`lo >= 0`): it only flips `zzz` bits,
/// so they stay below the next power of two above `hi`, with the `zzz` bits set at most.
const fn swizzled_range(range: Option<(i64, i64)>, sw: Swz) -> Option<(i64, i64)> {
    match range {
        Some((lo, hi)) if hi < lo => Some((0, -1)),
        Some((lo, hi)) if lo >= 0 => {
            let fill = if hi == 0 {
                0
            } else {
                (1i64 << (64 - hi.leading_zeros())) - 1
            };
            Some((0, fill | sw.zzz_mask() as u32 as i64))
        }
        _ => None,
    }
}

/// `range` moved by `offset`.
const fn moved(range: Option<(i64, i64)>, offset: i64) -> Option<(i64, i64)> {
    match range {
        Some((lo, hi)) if hi < lo => Some((0, -1)),
        Some((lo, hi)) => Some((lo + offset, hi + offset)),
        None => None,
    }
}

/// A composed layout's offsets: its layout's, moved by its offset, through its swizzle. The
/// form `L o O o Sw` (from the inverses) is not bounded here.
#[inline]
const fn composed_range(cl: &CL, inner: Option<(i64, i64)>, offset: i64) -> Option<(i64, i64)> {
    match cl.form {
        Form::Plain => inner,
        Form::SwOL => swizzled_range(moved(inner, offset), cl.sw),
        Form::LOSw => None,
    }
}

/// A swizzled (composed) layout is a tensor layout: a shared-memory tile such as
/// `Sw<5,0,5> o (_32,_32):(_32,_1)`. Its tensor operations are the composed layout's (a slice
/// or a partition may decay the swizzle to a plain layout, as CuTe's does).
///
/// ```
/// use cute_static::{layout, make_fragment, Swizzle};
/// let smem = Swizzle::<5, 0, 5>::new().composition(layout!((_32, _32):(_32, _1)));
/// let mut tile = make_fragment([0u16; 1024], smem);
/// tile[(3, 5)] = 7; // row 3, column 5 ^ 3
/// assert_eq!(tile.data()[3 * 32 + 6], 7);
/// ```
impl<E: CExpr> TensorLayout for ComposedOf<E> {
    const STATIC_RANGE: Option<(i64, i64)> = {
        let out = E::OUT;
        match (range_of(&out.l), out.off.static_value()) {
            (range, Some(off)) => composed_range(&out, range, off as i64),
            _ => None,
        }
    };

    const BLOCK: u32 = match E::OUT.form {
        Form::SwOL => E::OUT.sw.block(),
        Form::Plain | Form::LOSw => 1,
    };

    #[inline(always)]
    fn offset<Cd: Coordinate>(&self, coord: Cd) -> i32 {
        self.call(coord)
    }

    #[inline(always)]
    fn size(&self) -> i32 {
        ComposedOf::size(self)
    }

    #[inline(always)]
    fn cosize(&self) -> i32 {
        ComposedOf::cosize(self)
    }

    #[inline(always)]
    fn offset_and_unswizzled<Cd: Coordinate>(&self, coord: Cd) -> (i32, i32) {
        if const { Self::BLOCK == 1 } {
            let offset = self.call(coord);
            (offset, offset)
        } else {
            let unswizzled = self.offset_value().wrapping_add(self.inner().call(coord));
            let sw: Swz = const { E::OUT.sw };
            (sw.apply(unswizzled), unswizzled)
        }
    }

    fn offset_range(&self) -> Option<(i64, i64)> {
        if let Some(range) = const { Self::STATIC_RANGE } {
            return Some(range);
        }
        let out: &CL = const { &E::OUT };
        composed_range(
            out,
            self.inner().offset_range(),
            i64::from(self.offset_value()),
        )
    }

    const CL: CL = E::OUT;
    type Of<X: Expr + CExpr> = ComposedOf<X>;
    #[inline(always)]
    fn of<X: Expr + CExpr>(x: X) -> ComposedOf<X> {
        let _ = X::CSYM;
        ComposedOf(x)
    }
    type LogicalDivide<T: Tiler> = ComposedOf<crate::composed::LogicalDivideTilerC::E<Self, T>>;
    #[inline(always)]
    fn logical_divide_of<T: Tiler>(l: Self, tiler: T) -> Self::LogicalDivide<T> {
        l.logical_divide_tiler(tiler)
    }
    type ZippedDivide<T: Tiler> = ComposedOf<crate::composed::ZippedDivideC::E<Self, T>>;
    #[inline(always)]
    fn zipped_divide_of<T: Tiler>(l: Self, tiler: T) -> Self::ZippedDivide<T> {
        l.zipped_divide(tiler)
    }
    type TiledDivide<T: Tiler> = ComposedOf<crate::composed::TiledDivideC::E<Self, T>>;
    #[inline(always)]
    fn tiled_divide_of<T: Tiler>(l: Self, tiler: T) -> Self::TiledDivide<T> {
        l.tiled_divide(tiler)
    }
    type FlatDivide<T: Tiler> = ComposedOf<crate::composed::FlatDivideC::E<Self, T>>;
    #[inline(always)]
    fn flat_divide_of<T: Tiler>(l: Self, tiler: T) -> Self::FlatDivide<T> {
        l.flat_divide(tiler)
    }
    type Composition<B: IsLayout> = ComposedOf<crate::composed::CompositionC::E<Self, B>>;
    #[inline(always)]
    fn composition_of<B: IsLayout>(l: Self, b: B) -> Self::Composition<B> {
        l.composition(b)
    }
}

/// A tensor: an engine `E`, a layout `L`, and the offset `O` of its origin in the engine (an
/// integer, static like `C<0>` or dynamic `i32`, or the offset an operation computed). CuTe
/// prints a tensor as its pointer and layout; this crate prints `offset|layout`, as the
/// conformance vectors do.
///
/// ```
/// use cute_static::{coord, layout, make_tensor};
/// let data: Vec<i32> = (0..24).collect();
/// let t = make_tensor(&data[..], layout!((_6,_4):(_4,_1))).unwrap();
/// assert_eq!(t.to_string(), "_0|(_6,_4):(_4,_1)");
/// assert_eq!(t[(2, 3)], 11);
/// let row = t.slice(coord!((2, _)));
/// assert_eq!(row.to_string(), "8|(_4):(_1)"); // a run-time 2: a run-time offset
/// assert_eq!(row[3], 11);
/// ```
#[derive(Clone, Copy)]
pub struct Tensor<E, L, O = C<0>> {
    pub(crate) engine: E,
    pub(crate) layout: L,
    pub(crate) offset: O,
}

/// Check that every offset of `layout` lies in `0..len`.
fn check_bounds<L: TensorLayout>(layout: &L, len: usize) -> Result<(), LayoutError> {
    match layout.offset_range() {
        Some((lo, hi)) if hi < lo => Ok(()),
        Some((lo, hi)) if lo >= 0 && hi <= i64::from(i32::MAX) && (hi as usize) < len => Ok(()),
        Some((lo, hi)) => Err(LayoutError::tensor_bounds(Some((lo, hi)), len)),
        None => Err(LayoutError::tensor_bounds(None, len)),
    }
}

/// CuTe's `make_tensor(ptr, layout)` over a slice: `Err` unless every offset the layout
/// reaches lies in the slice (checked once, here).
///
/// ```
/// use cute_static::{layout, make_tensor};
/// let data = [0.0f32; 32];
/// assert!(make_tensor(&data[..], layout!((_4,_8):(_1,_4))).is_ok());
/// let err = make_tensor(&data[..], layout!((_4,_8):(_1,_5))).map(|_| ()).unwrap_err();
/// assert_eq!(err.to_string(), "tensor layout reaches offsets 0..=38, outside the 32 elements of its data");
/// ```
pub fn make_tensor<T, L: TensorLayout>(
    data: &[T],
    layout: L,
) -> Result<Tensor<&[T], L>, LayoutError> {
    check_bounds(&layout, data.len())?;
    Ok(Tensor {
        engine: data,
        layout,
        offset: C,
    })
}

/// [`make_tensor`] over a mutable slice.
///
/// ```
/// use cute_static::{layout, make_tensor_mut};
/// let mut data = [0; 8];
/// let mut t = make_tensor_mut(&mut data[..], layout!((_2,_4):(_4,_1))).unwrap();
/// t[(1, 2)] = 5;
/// assert_eq!(data[6], 5);
/// ```
pub fn make_tensor_mut<T, L: TensorLayout>(
    data: &mut [T],
    layout: L,
) -> Result<Tensor<&mut [T], L>, LayoutError> {
    check_bounds(&layout, data.len())?;
    Ok(Tensor {
        engine: data,
        layout,
        offset: C,
    })
}

/// The offsets `range` reached so far with the flat mode `s:d` added: `None` for a negative
/// shape or offsets beyond `i64`; a size-0 mode empties the domain (`Some((0, -1))`, which
/// stays).
const fn with_mode(range: Option<(i64, i64)>, s: i32, d: i32) -> Option<(i64, i64)> {
    let Some((lo, hi)) = range else { return None };
    if hi < lo {
        return range;
    }
    if s < 0 {
        return None;
    }
    if s == 0 {
        return Some((0, -1));
    }
    let reach = (s as i64 - 1) * d as i64; // |s|, |d| < 2^31: no overflow
    if reach < 0 {
        match lo.checked_add(reach) {
            Some(lo) => Some((lo, hi)),
            None => None,
        }
    } else {
        match hi.checked_add(reach) {
            Some(hi) => Some((lo, hi)),
            None => None,
        }
    }
}

/// The least and greatest offsets of an all-static layout, while compiling (`None` if it has a
/// run-time value; see [`with_mode`]).
pub(crate) const fn range_of(l: &crate::algebra::layout::L) -> Option<(i64, i64)> {
    if l.stride.has_basis() {
        Msg::new("the offsets of ")
            .layout(&l.shape, &l.stride)
            .str(": its strides are scaled bases, so its values are coordinates, not offsets (the layout of an identity tensor, make_identity_tensor, not of a tensor over memory)")
            .fail()
    }
    let (shape, stride) = (l.shape.leaves(), l.stride.leaves());
    if !shape.is_static() || !stride.is_static() {
        return None;
    }
    let mut range = Some((0, 0));
    let mut k = 0;
    while k < shape.n {
        range = with_mode(range, shape.v[k].v, stride.v[k].v);
        k += 1;
    }
    range
}

/// CuTe's check in `copy_unpack` (`Copy_Traits`), while compiling: a copy instruction takes
/// each thread's values in registers of `k` values (`ldmatrix` a 16-byte row of 8 `half_t`, a
/// 128-bit `UniversalCopy` 4 `float`s), so the values `v*k .. v*k + k` of a thread's partition
/// must be `k` consecutive offsets from a multiple of `k`. A compile error in CuTe's words
/// naming the first vector that is not, for a layout without run-time values; nothing for one
/// with them or a composed one (the GPU layer checks those as it copies). `side` is `"src"` or
/// `"dst"`.
///
/// ```
/// use cute_static::{copy_vectorizes, layout_t};
/// // A k-major row of 8 halves is one ldmatrix row.
/// const _: () = copy_vectorizes::<layout_t!((_8,_4):(_1,_64))>(8, "src");
/// ```
#[doc(hidden)]
pub const fn copy_vectorizes<L: TensorLayout>(k: i32, side: &str) {
    let cl = L::CL;
    let l = &cl.l;
    if k <= 1 || !matches!(cl.form, Form::Plain) || l.stride.has_basis() || !ex::is_static(l) {
        return;
    }
    let n = match ex::size_of(l) {
        Some(n) if n <= 1 << 16 => n,
        _ => return,
    };
    let k64 = k as i64;
    let mut v = 0;
    while v * k64 < n {
        let first = ex::value_at(l, v * k64);
        let mut j = 0;
        while j < k64 {
            let ok = match (first, ex::value_at(l, v * k64 + j)) {
                (Some(f), Some(x)) => f.rem_euclid(k64) == 0 && x == f + j,
                _ => false,
            };
            if !ok {
                let mut m = Msg::new("Copy_Traits: ");
                m.str(side)
                    .str(" failed to vectorize into registers. Layout is incompatible with this CopyOp: values ")
                    .num64(v * k64)
                    .str("..")
                    .num64(v * k64 + k64)
                    .str(" of ")
                    .layout(&l.shape, &l.stride)
                    .str(" are not ")
                    .num(k)
                    .str(" consecutive offsets from a multiple of ")
                    .num(k)
                    .str(" (value ")
                    .num64(v * k64 + j)
                    .str(" at offset ");
                match ex::value_at(l, v * k64 + j) {
                    Some(x) => m.num64(x),
                    None => m.str("?"),
                };
                m.str(")").fail()
            }
            j += 1;
        }
        v += 1;
    }
}

/// Whether offsets `range` fit an array of `n` elements; a compile error otherwise.
const fn fragment_fits(range: Option<(i64, i64)>, n: usize) {
    match range {
        None => Msg::new(
            "make_fragment: the layout has run-time values; a register fragment needs a static layout",
        )
        .fail(),
        Some((lo, hi)) if hi >= lo && (lo < 0 || hi >= n as i64) => {
            Msg::new("make_fragment: the layout reaches offsets ")
                .num(lo as i32)
                .str("..=")
                .num(hi as i32)
                .str(", outside an array of ")
                .num(n as i32)
                .str(" elements")
                .fail()
        }
        Some(_) => {}
    }
}

/// CuTe's `make_tensor<T>(layout)` for registers: a tensor owning `data`, an array whose
/// length is checked against the all-static layout at compile time.
///
/// ```
/// use cute_static::{layout, make_fragment};
/// let mut acc = make_fragment([0.0f32; 8], layout!((_4,_2):(_2,_1)));
/// acc[(3, 1)] += 2.5;
/// assert_eq!(acc.data()[7], 2.5);
/// ```
///
/// ```compile_fail
/// // 8 elements cannot hold offsets up to 11.
/// let acc = cute_static::make_fragment([0.0f32; 8], cute_static::layout!((_4,_2):(_1,_8)));
/// ```
pub fn make_fragment<T, const N: usize, L: TensorLayout>(
    data: [T; N],
    layout: L,
) -> Tensor<[T; N], L> {
    const { fragment_fits(L::STATIC_RANGE, N) };
    Tensor {
        engine: data,
        layout,
        offset: C,
    }
}

impl<E, L: TensorLayout> Tensor<E, L> {
    /// CuTe's `make_tensor(iterator, layout)` over an engine that is neither a slice nor an
    /// array: a pointer into memory this crate cannot see, such as a GPU's global or shared
    /// memory (the `cute-gpu` crate's engines). Nothing is checked here and nothing can be read
    /// through such a tensor from this crate: its engine's own crate reads and writes at
    /// [`Tensor::offset`] plus the layout's [`TensorLayout::offset`], after checking them
    /// against what it knows of its memory. The tensor operations (slices, divides,
    /// partitions) work on it as on any tensor.
    ///
    /// ```
    /// use cute_static::{layout, local_partition, Tensor};
    /// #[derive(Clone, Copy)]
    /// struct DevicePtr(u64);                      // an address the host cannot read
    /// let t = Tensor::from_engine(DevicePtr(0x7000), layout!((_64,_8):(_1,_64)));
    /// let mine = local_partition(t, layout!((_16,_8):(_1,_16)), 21);
    /// assert_eq!((mine.engine().0, mine.offset()), (0x7000, 5 + 64));
    /// assert_eq!(mine.layout().to_string(), "(_4,_1):(_16,_0)");
    /// ```
    #[inline(always)]
    pub fn from_engine(engine: E, layout: L) -> Self {
        Tensor {
            engine,
            layout,
            offset: C,
        }
    }
}

impl<E, L: TensorLayout, O: IntTuple> Tensor<E, L, O> {
    /// The layout.
    ///
    /// ```
    /// let t = cute_static::make_tensor(&[1, 2][..], cute_static::layout!(_2:_1)).unwrap();
    /// assert_eq!(t.layout().to_string(), "_2:_1");
    /// ```
    #[inline(always)]
    pub fn layout(&self) -> &L {
        &self.layout
    }

    /// CuTe's `size(tensor)`: the number of elements of its layout's domain.
    ///
    /// ```
    /// let m = 6;
    /// let t = cute_static::make_tensor(&[0; 24][..], cute_static::layout!((m,_4):(_4,_1))).unwrap();
    /// assert_eq!(t.size(), 24);
    /// ```
    #[inline(always)]
    pub fn size(&self) -> i32 {
        self.layout.size()
    }

    /// CuTe's `size<I>(tensor)`: the size of mode `I`.
    ///
    /// ```
    /// let t = cute_static::make_fragment([0; 24], cute_static::layout!((_6,_4):(_4,_1)));
    /// assert_eq!((t.size_mode::<0>(), t.size_mode::<1>()), (6, 4));
    /// ```
    #[inline(always)]
    pub fn size_mode<const I: usize>(&self) -> i32 {
        self.layout.size_mode::<I>()
    }

    /// CuTe's `shape(tensor)`: the shape of its layout, an IntTuple value.
    ///
    /// ```
    /// use cute_static::{layout, make_fragment, make_layout};
    /// let t = make_fragment([0; 24], layout!((_6,_4):(_4,_1)));
    /// assert_eq!(t.shape().to_string(), "(_6,_4)");
    /// assert_eq!(make_layout(t.shape()).to_string(), "(_6,_4):(_1,_6)");
    /// ```
    #[inline(always)]
    pub fn shape(&self) -> crate::ops::Shape<L> {
        crate::ops::shape(self.layout)
    }

    /// CuTe's `cosize(tensor)`: the cosize of its layout.
    ///
    /// ```
    /// let t = cute_static::make_fragment([0; 12], cute_static::layout!((_3,_4):(_4,_1)));
    /// assert_eq!(t.cosize(), 12);
    /// ```
    #[inline(always)]
    pub fn cosize(&self) -> i32 {
        self.layout.cosize()
    }

    /// CuTe's `rank(tensor)`.
    ///
    /// ```
    /// let t = cute_static::make_fragment([0; 24], cute_static::layout!((_6,(_2,_2)):(_4,(_1,_2))));
    /// assert_eq!(t.rank(), 2);
    /// ```
    #[inline(always)]
    pub fn rank(&self) -> usize {
        self.layout.rank()
    }

    /// The offset of the tensor's origin in its engine.
    ///
    /// ```
    /// use cute_static::{coord, layout, make_tensor};
    /// let t = make_tensor(&[0; 12][..], layout!((_3,_4):(_4,_1))).unwrap();
    /// assert_eq!(t.slice(coord!((2, _))).offset(), 8);
    /// ```
    #[inline(always)]
    pub fn offset(&self) -> i32 {
        leaf_value(&self.offset)
    }

    /// The engine: the slice, the array, or the pointer of [`Tensor::from_engine`].
    ///
    /// ```
    /// let t = cute_static::make_tensor(&[1, 2, 3][..], cute_static::layout!(_2:_1)).unwrap();
    /// assert_eq!(t.engine().len(), 3);
    /// ```
    #[inline(always)]
    pub fn engine(&self) -> &E {
        &self.engine
    }

    /// The engine, writable (a register fragment's array, or a device pointer's crate writing
    /// through it).
    ///
    /// ```
    /// let mut t = cute_static::make_fragment([0; 4], cute_static::layout!(_4:_1));
    /// t.engine_mut()[2] = 5;
    /// assert_eq!(t[2], 5);
    /// ```
    #[inline(always)]
    pub fn engine_mut(&mut self) -> &mut E {
        &mut self.engine
    }
}

impl<E, L: IsLayout, O: IntTuple> Tensor<E, L, O> {
    /// CuTe's `stride(tensor)`: the stride of its (plain) layout, an IntTuple value.
    ///
    /// ```
    /// let n = 9;
    /// let t = cute_static::make_tensor(&[0; 40][..], cute_static::layout!((_4,_4):(n,_1))).unwrap();
    /// assert_eq!(t.stride().to_string(), "(9,_1)");
    /// ```
    #[inline(always)]
    pub fn stride(&self) -> crate::ops::Stride<L> {
        crate::ops::stride(self.layout)
    }
}

/// The layout of a register fragment whose layout is `X`: `X` itself, which must be all
/// static (CuTe's "Dynamic owning tensors not supported" otherwise); zero-sized.
///
/// ```
/// use cute_static::{layout_t, FragmentLayout, FragmentLike, StaticLayout};
/// type F = FragmentLayout<FragmentLike<layout_t!((_4,_2,_3):(_1,_12,_4))>>;
/// assert_eq!(F::new().to_string(), "(_4,_2,_3):(_1,_12,_4)");
/// assert_eq!(<F as StaticLayout>::COSIZE, 24);
/// ```
pub type FragmentLayout<X> = LayoutOf<Computed<Owning<X>>>;

/// The static layout `X` of an owning (register) tensor.
#[doc(hidden)]
pub struct Owning<X>(PhantomData<fn() -> X>);

impl<X: IsLayout> Computes for Owning<X> {
    const VALUE: crate::algebra::layout::L = tl::owning(&X::LAYOUT);
}

/// An array of `n` elements holds a fragment of cosize `cosize` only if `n == cosize`.
const fn fragment_length(cosize: i32, n: usize, l: &crate::algebra::layout::L) {
    if cosize < 0 || cosize as usize != n {
        Msg::new("register fragment: the layout ")
            .layout(&l.shape, &l.stride)
            .str(" has cosize ")
            .num(cosize)
            .str(", so its array needs ")
            .num(cosize)
            .str(" elements, not ")
            .num(n as i32)
            .fail()
    }
}

/// The checks of a register fragment of `N` elements with layout `F`: `F` is static and
/// `N == cosize(F)`. The public functions evaluate [`Fragment::CHECKED`] themselves, so that
/// the compile error points at the user's call.
pub(crate) struct Fragment<const N: usize, F>(PhantomData<F>);

impl<const N: usize, F: StaticLayout> Fragment<N, F> {
    pub(crate) const CHECKED: () = fragment_length(F::COSIZE, N, &F::LAYOUT);
}

/// CuTe's `make_tensor<T>(layout)` for a static fragment layout `F`: `N` default values
/// (registers), `N` checked to be `cosize(F)` while compiling ([`Fragment::CHECKED`]).
#[inline(always)]
pub(crate) fn register_fragment<T: Copy + Default, const N: usize, F: StaticLayout>()
-> Tensor<[T; N], F> {
    let () = Fragment::<N, F>::CHECKED;
    Tensor {
        engine: [T::default(); N],
        layout: F::VALUE,
        offset: C,
    }
}

/// What [`make_fragment_like`] takes: a tensor (by reference) or a layout.
///
/// ```
/// use cute_static::{layout, make_fragment_like, make_tensor, Tensor};
/// let t = make_tensor(&[0u8; 8][..], layout!((_2,_4):(_4,_1))).unwrap();
/// let a: Tensor<[u8; 8], _> = make_fragment_like(&t);
/// let b: Tensor<[u8; 8], _> = make_fragment_like(layout!((_2,_4):(_4,_1)));
/// assert_eq!(a.layout().to_string(), b.layout().to_string());
/// ```
pub trait FragmentSource {
    /// The layout a fragment like it copies.
    type Layout: TensorLayout;
}

impl<L: TensorLayout> FragmentSource for L {
    type Layout = L;
}

impl<E, L: TensorLayout, O> FragmentSource for &Tensor<E, L, O> {
    type Layout = L;
}

/// CuTe's `make_fragment_like(tensor)` and `make_fragment_like<T>(layout)`
/// (`tensor_impl.hpp`): a register fragment of `T`s with the shape of a tensor (or layout),
/// [`make_fragment_like_layout`](crate::make_fragment_like_layout) of its layout: mode 0 column-major, the other modes in the
/// order of their strides, so that copying between them vectorizes. A plain array of `N`
/// elements (no allocation, for device code), `N` inferred from the annotation and checked
/// against the fragment's cosize while compiling; the layout must be all static ("Dynamic
/// owning tensors not supported"). The elements start as `T::default()`.
///
/// ```
/// use cute_static::{layout, make_fragment_like, make_tensor, Tensor};
/// let data = vec![0.0f32; 4096];
/// let g = make_tensor(&data[..], layout!((_4,_2,_3):(_1,_512,_64))).unwrap();
/// let mut r: Tensor<[f32; 24], _> = make_fragment_like(&g);
/// assert_eq!(r.layout().to_string(), "(_4,_2,_3):(_1,_12,_4)");
/// r[(1, 1, 2)] = 2.0;
/// assert_eq!(r.data()[21], 2.0);
/// ```
///
/// ```compile_fail
/// // The fragment has 24 elements, not 16.
/// use cute_static::{layout, make_fragment_like, Tensor};
/// let r: Tensor<[f32; 16], _> = make_fragment_like(layout!((_4,_2,_3):(_1,_512,_64)));
/// ```
#[inline(always)]
pub fn make_fragment_like<T: Copy + Default, const N: usize, X: FragmentSource>(
    x: X,
) -> Tensor<[T; N], FragmentLayout<crate::ops::FragmentLike<X::Layout>>> {
    let _ = x;
    let () = Fragment::<N, FragmentLayout<crate::ops::FragmentLike<X::Layout>>>::CHECKED;
    register_fragment()
}

/// CuTe's `make_tensor_like(tensor)` and `make_tensor_like<T>(layout)`: a register tensor of
/// `T`s with the shape of a tensor (or layout) and [`make_layout_like`](crate::make_layout_like)
/// of its layout: compact, its strides in the order of the source's (where
/// [`make_fragment_like`] keeps mode 0 column-major). A plain array of `N` elements, `N`
/// checked against the layout's cosize while compiling; the layout must be all static. The
/// elements start as `T::default()`.
///
/// ```
/// use cute_static::{layout, make_tensor, make_tensor_like, Tensor};
/// let data = vec![0.0f32; 4096];
/// let g = make_tensor(&data[..], layout!((_4,_2,_3):(_1,_512,_64))).unwrap();
/// let r: Tensor<[f32; 24], _> = make_tensor_like(&g);
/// assert_eq!(r.layout().to_string(), "(_4,_2,_3):(_1,_12,_4)");
/// let t: Tensor<[u8; 12], _> = make_tensor_like(layout!((_4,_3):(_3,_1)));
/// assert_eq!(t.layout().to_string(), "(_4,_3):(_3,_1)");
/// ```
#[inline(always)]
pub fn make_tensor_like<T: Copy + Default, const N: usize, X: FragmentSource>(
    x: X,
) -> Tensor<[T; N], FragmentLayout<crate::ops::MakeLayoutLike<X::Layout>>> {
    let _ = x;
    let () = Fragment::<N, FragmentLayout<crate::ops::MakeLayoutLike<X::Layout>>>::CHECKED;
    register_fragment()
}

impl<E: Engine, L: TensorLayout, O: IntTuple> Tensor<E, L, O> {
    /// The engine's elements (the whole slice or array, not only the tensor's).
    ///
    /// ```
    /// let t = cute_static::make_tensor(&[1, 2, 3][..], cute_static::layout!(_2:_1)).unwrap();
    /// assert_eq!(t.data().len(), 3);
    /// ```
    pub fn data(&self) -> &[E::Elem] {
        self.engine.data()
    }

    /// `N - 1` for an engine of `N` elements, `N` a power of two fixed by the engine's type, and
    /// a layout whose offsets agree with its unswizzled offsets but in the bits below `P <= N`
    /// ([`TensorLayout::BLOCK`] > 1: a swizzled layout) at a static tensor offset that is a
    /// multiple of `P`: then an index lies in `0..N` exactly when the unswizzled one does, and
    /// equals itself masked with `N - 1` there. 0 otherwise.
    const MASK: u32 = {
        let block = L::BLOCK;
        let aligned = O::NDYN == 0 && (O::TREE.value().v as u32) % block == 0;
        match E::LEN {
            Some(n)
                if block > 1
                    && aligned
                    && n.is_power_of_two()
                    && n >= block as usize
                    && n <= 1 << 31 =>
            {
                (n - 1) as u32
            }
            _ => 0,
        }
    };

    /// Where `coord` is in the engine: `offset + layout(coord)` in CuTe's `int` arithmetic, as
    /// `layout(coord)` itself (exact for the coordinates of the domain: the tensor was made
    /// with every offset in `0..=i32::MAX`).
    #[inline(always)]
    fn position<Cd: Coordinate>(&self, coord: Cd) -> Position {
        let offset = self.offset();
        if const { Self::MASK == 0 } {
            let at = offset.wrapping_add(self.layout.offset(coord));
            Position {
                at,
                bound: at,
                mask: 0,
            }
        } else {
            let (at, unswizzled) = self.layout.offset_and_unswizzled(coord);
            Position {
                at: offset.wrapping_add(at),
                bound: offset.wrapping_add(unswizzled),
                mask: Self::MASK,
            }
        }
    }

    /// The element at `coord` (an index or a coordinate), `None` if it lies outside the
    /// engine (a coordinate outside the shape may still land inside; CuTe does not check
    /// coordinates either).
    ///
    /// ```
    /// use cute_static::{layout, make_tensor};
    /// let t = make_tensor(&[10, 11, 12, 13][..], layout!((_2,_2):(_2,_1))).unwrap();
    /// assert_eq!(t.get((1, 0)), Some(&12));
    /// assert_eq!(t.get((5, 0)), None);
    /// ```
    #[inline(always)]
    pub fn get<Cd: Coordinate>(&self, coord: Cd) -> Option<&E::Elem> {
        self.position(coord).get(self.engine.data())
    }

    /// A tensor borrowing this one's elements, with the same layout and offset.
    ///
    /// ```
    /// use cute_static::{layout, make_fragment};
    /// let frag = make_fragment([1, 2, 3, 4], layout!((_2,_2):(_1,_2)));
    /// assert_eq!(frag.view()[(1, 1)], 4);
    /// ```
    pub fn view(&self) -> Tensor<&[E::Elem], L, O> {
        Tensor {
            engine: self.engine.data(),
            layout: self.layout,
            offset: self.offset,
        }
    }
}

impl<E: EngineMut, L: TensorLayout, O: IntTuple> Tensor<E, L, O> {
    /// The element at `coord`, writable; `None` if it lies outside the engine.
    ///
    /// ```
    /// use cute_static::{layout, make_fragment};
    /// let mut frag = make_fragment([0; 4], layout!((_2,_2):(_1,_2)));
    /// *frag.get_mut((1, 1)).unwrap() = 9;
    /// assert_eq!(frag.data(), &[0, 0, 0, 9]);
    /// ```
    #[inline(always)]
    pub fn get_mut<Cd: Coordinate>(&mut self, coord: Cd) -> Option<&mut E::Elem> {
        self.position(coord).get_mut(self.engine.data_mut())
    }

    /// A tensor borrowing this one's elements mutably, with the same layout and offset.
    ///
    /// ```
    /// use cute_static::{coord, layout, make_fragment};
    /// let mut frag = make_fragment([0; 6], layout!((_2,_3):(_3,_1)));
    /// let mut row = frag.view_mut().slice(coord!((1, _)));
    /// row[2] = 7;
    /// assert_eq!(frag.data(), &[0, 0, 0, 0, 0, 7]);
    /// ```
    pub fn view_mut(&mut self) -> Tensor<&mut [E::Elem], L, O> {
        Tensor {
            engine: self.engine.data_mut(),
            layout: self.layout,
            offset: self.offset,
        }
    }
}

#[cold]
#[inline(never)]
fn index_failed(len: usize) -> ! {
    // Reached only through `tensor[coord]` (Rust's `Index` contract, as for slices, which
    // cannot return an error) with a coordinate whose offset lies outside the engine; the
    // checked forms `get`/`get_mut` return `None` there instead.
    let (head, tail) = (
        "tensor index out of bounds: the coordinate's offset",
        "elements of its engine",
    );
    panic!("{head} is not in the {len} {tail}") // by design, as `slice[i]`: `Index` cannot return an error
}

/// `tensor[coord]`: the element at `coord`. Panics, as slice indexing does, if it lies outside
/// the engine ([`Tensor::get`] returns `None` instead).
impl<E: Engine, L: TensorLayout, O: IntTuple, Cd: Coordinate> Index<Cd> for Tensor<E, L, O> {
    type Output = E::Elem;
    #[inline(always)]
    fn index(&self, coord: Cd) -> &E::Elem {
        let data = self.engine.data();
        match self.position(coord).get(data) {
            Some(x) => x,
            None => index_failed(data.len()),
        }
    }
}

/// `tensor[coord] = x`. Panics, as slice indexing does, if `coord` lies outside the engine
/// ([`Tensor::get_mut`] returns `None` instead).
impl<E: EngineMut, L: TensorLayout, O: IntTuple, Cd: Coordinate> IndexMut<Cd> for Tensor<E, L, O> {
    #[inline(always)]
    fn index_mut(&mut self, coord: Cd) -> &mut E::Elem {
        let at = self.position(coord);
        let data = self.engine.data_mut();
        let len = data.len();
        match at.get_mut(data) {
            Some(x) => x,
            None => index_failed(len),
        }
    }
}

/// An element's place in an engine: index `at` (a negative one lies past any slice). With a
/// nonzero `mask`, `M - 1` for an engine of `M` elements (a power of two): `at` is in `0..M`
/// exactly when `bound` is, and is `at & mask` there, so the bounds check is on `bound` (which
/// LLVM can prove in range, as it proves index arithmetic) and the masked index needs none.
#[derive(Clone, Copy)]
struct Position {
    at: i32,
    bound: i32,
    mask: u32,
}

impl Position {
    /// The index to look up in an engine of `len` elements; `None` when the mask shows it
    /// outside.
    #[inline(always)]
    fn index(self, len: usize) -> Option<usize> {
        if self.mask != 0 && len == self.mask as usize + 1 {
            ((self.bound as u32) <= self.mask).then_some((self.at as u32 & self.mask) as usize)
        } else {
            Some(self.at as isize as usize)
        }
    }

    #[inline(always)]
    fn get<T>(self, data: &[T]) -> Option<&T> {
        data.get(self.index(data.len())?)
    }

    #[inline(always)]
    fn get_mut<T>(self, data: &mut [T]) -> Option<&mut T> {
        data.get_mut(self.index(data.len())?)
    }
}

impl<E: Engine, L: fmt::Display, O: fmt::Display> fmt::Display for Tensor<E, L, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}|{}", self.offset, self.layout)
    }
}

/// An identity tensor prints as CuTe prints it: `ArithTuple(origin) o layout`.
impl<L: fmt::Display, O: fmt::Display> fmt::Display for Tensor<ArithmeticTupleIterator, L, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ArithTuple{} o {}", self.offset, self.layout)
    }
}

impl<E, L, O> fmt::Debug for Tensor<E, L, O>
where
    Self: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The engine of an identity tensor ([`make_identity_tensor`]), CuTe's
/// `ArithmeticTupleIterator`: no elements, only the coordinate the tensor starts at (its
/// origin, an arithmetic tuple).
///
/// ```
/// use cute_static::{int_tuple, make_identity_tensor};
/// let c = make_identity_tensor(int_tuple!((_4, _8)));
/// assert_eq!(c.to_string(), "ArithTuple(_0,_0) o (_4,_8):(_1@0,_1@1)");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ArithmeticTupleIterator;

expr_type!(IdentityOriginExpr, [S: IntTuple => s] |p| zeros_like(&s), tuple);

/// The origin of [`make_identity_tensor`]`(shape)`: `_0` nested like `S`.
///
/// ```
/// use cute_static::{int_tuple, make_identity_tensor, IdentityOrigin, IntTuple};
/// fn origin_text<S: IntTuple>(_: IdentityOrigin<S>) {}
/// assert!(make_identity_tensor(int_tuple!((_4, (2, _3)))).to_string().starts_with("ArithTuple(_0,(_0,_0)) o"));
/// ```
pub type IdentityOrigin<S> = TupleOf<IdentityOriginExpr::E<S>>;

/// The type of [`make_identity_tensor`]`(shape)`, to name it in a signature or a field.
///
/// ```
/// use cute_static::{make_identity_tensor, IdentityTensor, IntTuple};
/// fn coordinates<S: IntTuple>(shape: S) -> IdentityTensor<S> {
///     make_identity_tensor(shape)
/// }
/// let (m, n) = (100, 60);
/// assert_eq!(coordinates((m, n)).to_string(), "ArithTuple(_0,_0) o (100,60):(_1@0,_1@1)");
/// ```
pub type IdentityTensor<S> =
    Tensor<ArithmeticTupleIterator, MakeIdentityLayout<S>, IdentityOrigin<S>>;

/// CuTe's `make_identity_tensor(shape)`: the tensor whose element at a coordinate is that
/// coordinate, `ArithTuple(_0,...) o make_identity_layout(shape)`. Partitioned as the data
/// tensors of a kernel are (`local_tile`, `local_partition`, ...), it tells each thread the
/// coordinates of its elements, for predication at the edges of a run-time shape.
///
/// ```
/// use cute_static::{
///     coord, elem_less, int_tuple, layout, local_partition, local_tile, make_identity_tensor, tile,
/// };
/// let (m, n) = (100, 60);
/// let c = make_identity_tensor(int_tuple!((m, n)));
/// // The (_32,_32) tile at (3, 1), then the elements thread 5 of a (_8,_4) layout owns.
/// let tile = local_tile(c, tile!((_32, _32)), coord!((3, 1)));
/// assert_eq!(tile.to_string(), "ArithTuple(96,32) o (_32,_32):(_1@0,_1@1)");
/// let mine = local_partition(tile, layout!((_8, _4):(_1, _8)), 5);
/// assert_eq!(mine.call((0, 1)).to_string(), "(101,36)");
/// assert!(!elem_less(mine.call((0, 1)), (m, n))); // row 101 is past the 100 rows
/// ```
#[inline(always)]
pub fn make_identity_tensor<S: IntTuple>(shape: S) -> IdentityTensor<S> {
    let _ = <IdentityOriginExpr::E<S> as Expr>::SYM;
    Tensor {
        engine: ArithmeticTupleIterator,
        layout: make_identity_layout(shape),
        offset: TupleOf(IdentityOriginExpr::E((shape,))),
    }
}

/// `tensor(coord)` of an identity tensor with layout `L` at origin `O`, for coordinates of type
/// `Cd`: the program computing the layout's part of each component, and the result's
/// structure (a static component, or dynamic leaf `k` for component `k`). It names the
/// [`ArithmeticTuple`] an identity tensor's `call` gives.
///
/// ```
/// use cute_static::{int_tuple, make_identity_tensor, ArithmeticTuple, IdentityCall};
/// let c = make_identity_tensor(int_tuple!((_4, _8)));
/// let x: ArithmeticTuple<IdentityCall<_, _, i32>> = c.call(9);
/// assert_eq!(x.to_string(), "(1,2)");
/// ```
pub struct IdentityCall<L, O, Cd>(PhantomData<(L, O, Cd)>);

/// The structure of an arithmetic tuple a computation gives (see [`ArithmeticTuple`]).
#[doc(hidden)]
pub trait TupleShape {
    /// Static components hold their value, dynamic ones their index.
    const TREE: Tree;
    /// The number of components.
    const N: usize;
}

impl<L: IsLayout, O: IntTuple, Cd: Coordinate> IdentityCall<L, O, Cd> {
    const PLAN: (Straight, Tree) = {
        let origin = O::TREE;
        let (code, terms) =
            call_terms(&Cd::PROFILE, &L::LAYOUT, &L::FLAT, &leaf_positions(&origin));
        let mut out = origin;
        let (mut k, mut j) = (0, 0);
        while k < out.len {
            if out.is_int_at(k) {
                let (o, t) = (out.at(k), terms.v[j]);
                out.set(
                    k,
                    if o.is_static() && t.is_static() {
                        V::s(crate::error::add(o.v, t.v))
                    } else {
                        V::node(j)
                    },
                );
                j += 1;
            }
            k += 1;
        }
        (code, out)
    };
}

impl<L: IsLayout, O: IntTuple, Cd: Coordinate> Program for IdentityCall<L, O, Cd> {
    const CODE: Straight = Self::PLAN.0;
}

impl<L: IsLayout, O: IntTuple, Cd: Coordinate> TupleShape for IdentityCall<L, O, Cd> {
    const TREE: Tree = Self::PLAN.1;
    const N: usize = O::TREE.leaves().n;
}

/// A coordinate an identity tensor gives (CuTe's `ArithmeticTuple`): prints as CuTe prints it,
/// its static components as `_N`.
///
/// ```
/// use cute_static::{int_tuple, make_identity_tensor};
/// let c = make_identity_tensor(int_tuple!((_4, (_2, _3))));
/// let x = c.call(13);
/// assert_eq!(x.to_string(), "(1,(1,1))");
/// assert_eq!(x.leaves(), [1, 1, 1]);
/// ```
pub struct ArithmeticTuple<K> {
    vals: [i32; PLAN_CAP],
    shape: PhantomData<K>,
}

impl<K> Clone for ArithmeticTuple<K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K> Copy for ArithmeticTuple<K> {}

impl<K: TupleShape> ArithmeticTuple<K> {
    /// The components, left to right.
    ///
    /// ```
    /// use cute_static::{int_tuple, make_identity_tensor};
    /// assert_eq!(make_identity_tensor(int_tuple!((_4, _8))).call(9).leaves(), [1, 2]);
    /// ```
    pub fn leaves(&self) -> &[i32] {
        &self.vals[..K::N]
    }
}

impl<K: TupleShape> fmt::Display for ArithmeticTuple<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tree(f, K::TREE.root(), &|k| self.vals[k])
    }
}

impl<K: TupleShape> fmt::Debug for ArithmeticTuple<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<L: IsLayout, O: IntTuple> Tensor<ArithmeticTupleIterator, L, O> {
    /// `tensor(coord)`: the coordinate this identity tensor holds at `coord` (an index or a
    /// coordinate), `origin + layout(coord)`.
    ///
    /// ```
    /// use cute_static::{coord, int_tuple, make_identity_tensor};
    /// let c = make_identity_tensor(int_tuple!((8, _6)));
    /// assert_eq!(c.call((3, 2)).to_string(), "(3,2)");
    /// let row = c.slice(coord!((_, 4)));
    /// assert_eq!(row.to_string(), "ArithTuple(_0,4) o (8):(_1@0)");
    /// assert_eq!(row.call(5).leaves(), [5, 4]);
    /// ```
    #[inline(always)]
    pub fn call<Cd: Coordinate>(&self, coord: Cd) -> ArithmeticTuple<IdentityCall<L, O, Cd>> {
        let (n, roots) = const { (O::TREE.leaves().n, L::FLAT.roots) };
        let origin = const { O::TREE.leaves() };
        let input = |k: usize| {
            if k < roots {
                self.layout.root(k)
            } else {
                coord.leaf(k - roots)
            }
        };
        let mut vals = [0; PLAN_CAP];
        let mut k = 0;
        while k < n {
            let o = origin.v[k];
            let o = if o.dynamic {
                self.offset.dyn_leaf(o.v as usize)
            } else {
                o.v
            };
            vals[k] = o.wrapping_add(eval::<IdentityCall<L, O, Cd>>(input, k));
            k += 1;
        }
        ArithmeticTuple {
            vals,
            shape: PhantomData,
        }
    }
}

/// CuTe's `elem_less(a, b)`: every component of the coordinate `a` below `b`'s, the test a
/// kernel's predicate makes of an identity tensor's coordinate against the problem's shape.
///
/// ```
/// use cute_static::{elem_less, int_tuple, make_identity_tensor};
/// let c = make_identity_tensor(int_tuple!((_4, _8)));
/// assert!(elem_less(c.call((3, 7)), (4, 8)));
/// assert!(!elem_less(c.call((3, 7)), (4, 7)));
/// ```
pub fn elem_less<K: TupleShape, B: Coordinate>(a: ArithmeticTuple<K>, b: B) -> bool {
    const { same_leaf_count(K::N, B::LEAVES) };
    a.leaves().iter().enumerate().all(|(k, &x)| x < b.leaf(k))
}

/// `elem_less` compares component by component: a compile error unless both have as many.
const fn same_leaf_count(a: usize, b: usize) {
    if a != b {
        Msg::new("elem_less: a coordinate of ")
            .num(a as i32)
            .str(" components against a bound of ")
            .num(b as i32)
            .fail()
    }
}

/// `c` has a `_` somewhere (a slice, not an element); a compile error otherwise.
const fn has_underscore(c: &Tree) -> &Tree {
    let mut k = 0;
    while k < c.len {
        if matches!(c.tag[k], Kind::Under) {
            return c;
        }
        k += 1;
    }
    Msg::new("slice: coordinate ")
        .tree(c)
        .str(" has no `_`: it names an element (index the tensor), not a subtensor")
        .fail()
}

/// What a tensor operation computes, once for its two result types: the new layout, the move
/// of the tensor's offset, and the program over the operands (the tensor's layout first, then
/// the others: `operands` dynamic leaves) that computes them.
#[derive(Clone, Copy)]
pub(crate) struct Part {
    pub(crate) cl: CL,
    pub(crate) moved: Move,
    pub(crate) prog: Prog,
    pub(crate) operands: usize,
}

impl Part {
    /// The new layout, composed (or decayed to plain).
    pub(crate) const fn csym(&self) -> CSym {
        CSym {
            cl: self.cl,
            prog: self.prog,
        }
    }

    /// The new layout of a tensor with a plain layout, which stays plain.
    pub(crate) const fn plain_sym(&self) -> Sym {
        match self.cl.form {
            Form::Plain => Sym {
                layout: self.cl.l,
                prog: self.prog,
            },
            _ => Msg::new(
                "cute-static internal error: a tensor operation on a plain layout gave a composed one",
            )
            .fail(),
        }
    }

    /// The new origin, the tensor's `origin` moved (its dynamic leaves are the operands after
    /// the others): an offset, or an identity tensor's arithmetic tuple.
    pub(crate) const fn offset_sym(&self, origin: &Tree) -> Sym {
        let mut prog = self.prog;
        let mut dynamic = List::new();
        origin.push_dynamic_leaves(&mut dynamic);
        let mut inputs = List::new();
        while inputs.n < dynamic.n {
            let leaf = V::s((self.operands + inputs.n) as i32);
            inputs.push(prog.push(Op::Input, leaf, V::s(0), V::s(0)));
        }
        let origin = origin.with_values(&inputs);
        let moved = self.moved.origin(&mut prog, &origin);
        Sym::tuple(moved, prog)
    }
}

/// A tensor operation on a tensor with layout `A` (any [`TensorLayout`]) and operands `B...`:
/// `$body` computes the new layout and the move of the offset (a [`CL`] and a [`V`]) once, in
/// `PART`; the layout is a result type of its own (`$Layout`, a layout or a composed layout as
/// `A` is), and so is the offset (`$Offset`: the tensor's offset plus the move).
macro_rules! tensor_op {
    (
        $(#[$ldoc:meta])* $Layout:ident, $LExpr:ident;
        $(#[$odoc:meta])* $Offset:ident, $OExpr:ident;
        $call:literal, [$($B:ident: $BB:ident => $b:ident),+] |$p:ident, $a:ident| = $body:expr;
        $(verdict = $verdict:ident;)?
    ) => {
        tensor_op!(@exprs $LExpr, $OExpr, [$($B: $BB => $b),+] |$p, $a| = $body $(; verdict = $verdict)?);

        $(#[$ldoc])*
        #[doc = ""]
        #[doc = tensor_op!(@example $call, $Layout, $Offset, [$($B: $BB => $b),+])]
        pub type $Layout<A, $($B),+> = <A as TensorLayout>::Of<$LExpr::E<A, $($B),+>>;

        $(#[$odoc])*
        #[doc = ""]
        #[doc = tensor_op!(@example $call, $Layout, $Offset, [$($B: $BB => $b),+])]
        pub type $Offset<O, A, $($B),+> = TupleOf<$OExpr::E<A, $($B,)+ O>>;
    };
    // The expression types alone: the layout's (`$LExpr::E<A, B...>`) and the offset's
    // (`$OExpr::E<A, B..., O>`).
    (@exprs $LExpr:ident, $OExpr:ident, [$($B:ident: $BB:ident => $b:ident),+] |$p:ident, $a:ident| = $body:expr $(; verdict = $verdict:ident)?) => {
        #[allow(non_snake_case)]
        mod $LExpr {
            use super::*;

            #[derive(Clone, Copy, Default)]
            pub struct E<A, $($B),+>(pub(crate) (A, $($B,)+));

            impl<A: TensorLayout, $($B: $BB),+> E<A, $($B),+> {
                pub(crate) const PART: Part = {
                    let $a = arg!(TensorLayout, A, 0);
                    let offset = A::NDYN;
                    $( let $b = arg!($BB, $B, offset); let offset = offset + $B::NDYN; )+
                    let mut prog = Prog::new(offset);
                    let (cl, moved) = {
                        let $p = &mut prog;
                        $body
                    };
                    Part { cl, moved, prog, operands: offset }
                };
            }

            impl<A: TensorLayout, $($B: $BB),+> CExpr for E<A, $($B),+> {
                const CSYM: CSym = Self::PART.csym();
                expr_methods!((A, $($B,)+));
                $(
                    fn verdict(&self, outcome: Result<(), crate::LayoutError>) -> Result<(), crate::LayoutError> {
                        $verdict(self, outcome)
                    }
                )?
            }

            impl<A: TensorLayout, $($B: $BB),+> Expr for E<A, $($B),+> {
                const SYM: Sym = Self::PART.plain_sym();
                expr_methods!((A, $($B,)+));
            }

            impl<A: Static, $($B: Static),+> Static for E<A, $($B),+> {
                const VALUE: Self = E((A::VALUE, $($B::VALUE,)+));
            }
        }

        #[allow(non_snake_case)]
        mod $OExpr {
            use super::*;

            #[derive(Clone, Copy, Default)]
            pub struct E<A, $($B,)+ O>(pub(crate) (A, $($B,)+ O));

            impl<A: TensorLayout, $($B: $BB,)+ O: IntTuple> Expr for E<A, $($B,)+ O> {
                const SYM: Sym = super::$LExpr::E::<A, $($B),+>::PART.offset_sym(&O::TREE);
                expr_methods!((A, $($B,)+ O));
            }

            impl<A: Static, $($B: Static,)+ O: Static> Static for E<A, $($B,)+ O> {
                const VALUE: Self = E((A::VALUE, $($B::VALUE,)+ O::VALUE));
            }
        }
    };
    (@example $call:literal, $Layout:ident, $Offset:ident, [$($B:ident: $BB:ident => $b:ident),+]) => {
        concat!(
            "Naming the result in a signature:\n\n```\n",
            "use cute_static::{IntTuple, Tensor, TensorLayout, ", stringify!($Layout), ", ", stringify!($Offset), "};\n",
            "fn part<'a, A: TensorLayout, O: IntTuple", $(", ", stringify!($B), ": cute_static::", stringify!($BB),)+ ">(\n",
            "    tensor: Tensor<&'a [f32], A, O>", $(", ", stringify!($b), ": ", stringify!($B),)+ ",\n",
            ") -> Tensor<&'a [f32], ", stringify!($Layout), "<A", $(", ", stringify!($B),)+ ">, ",
            stringify!($Offset), "<O, A", $(", ", stringify!($B),)+ ">> {\n",
            "    ", $call, "\n}\n```"
        )
    };
}

pub(crate) use tensor_op;

tensor_op! {
    /// The layout of `tensor.slice(crd)` ([`Tensor::slice`]): `slice(crd, layout)`, or for a
    /// swizzled layout the layout part of CuTe's `slice_and_offset` (still swizzled, or decayed
    /// to a plain layout).
    SliceLayout, SliceLayoutExpr;
    /// The offset of `tensor.slice(crd)` ([`Tensor::slice`]), from the tensor's offset `O`.
    SliceOffset, SliceOffsetExpr;
    "tensor.slice(c)", [Cd: SliceCoord => c] |p, a| = cd::slice_and_offset(p, has_underscore(&c), &a);
    verdict = slice_verdict;
}

/// The checked form of a swizzled tensor's slice with run-time values: its layout is the
/// slice (up to the offset the tensor carries), compared point by point as a swizzled
/// layout's slice is (`ComposedOf::slice`'s checked form, the same rule).
fn slice_verdict<A: TensorLayout, Cd: SliceCoord>(
    e: &SliceLayoutExpr::E<A, Cd>,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    let (a, crd) = &e.0;
    let r = crate::composed::ComposedOf(*e);
    crate::composed::swizzled_slice_verdict(
        &A::CL.with_values(&crate::expr::dyn_values(a)),
        &valued(Cd::COORD, crd),
        A::NDYN + Cd::NDYN,
        |i| r.call(i),
        outcome,
    )
}

tensor_op! {
    /// The layout of the tile [`inner_partition`] and [`local_tile`] give.
    InnerPartition, InnerPartitionExpr;
    /// The offset of the tile [`inner_partition`] and [`local_tile`] give, from the tensor's
    /// offset `O`.
    InnerPartitionOffset, InnerPartitionOffsetExpr;
    "cute_static::inner_partition(tensor, t, c)", [T: Tiler => t, Cd: SliceCoord => c] |p, a| = ts::inner_partition(p, &a, &t, &c);
    verdict = inner_partition_verdict;
}

tensor_op! {
    /// The layout of the tensor [`outer_partition`] gives.
    OuterPartition, OuterPartitionExpr;
    /// The offset of the tensor [`outer_partition`] gives, from the tensor's offset `O`.
    OuterPartitionOffset, OuterPartitionOffsetExpr;
    "cute_static::outer_partition(tensor, t, c)", [T: Tiler => t, Cd: SliceCoord => c] |p, a| = ts::outer_partition(p, &a, &t, &c);
    verdict = outer_partition_verdict;
}

tensor_op! {
    /// The layout of the tiles [`local_tile_proj`] gives.
    LocalTileProj, LocalTileProjExpr;
    /// The offset of the tiles [`local_tile_proj`] gives, from the tensor's offset `O`.
    LocalTileProjOffset, LocalTileProjOffsetExpr;
    "cute_static::local_tile_proj(tensor, t, c, proj)", [T: Tiler => t, Cd: SliceCoord => c, P: SliceCoord => proj] |p, a| = ts::local_tile_proj(p, &a, &t, &c, &proj);
    verdict = local_tile_proj_verdict;
}

tensor_op! {
    /// The layout of the tensor [`local_partition`] gives.
    LocalPartition, LocalPartitionExpr;
    /// The offset of the tensor [`local_partition`] gives, from the tensor's offset `O`.
    LocalPartitionOffset, LocalPartitionOffsetExpr;
    "cute_static::local_partition(tensor, thr, i)", [Th: IsLayout => thr, I: IntTuple => i] |p, a| = ts::local_partition(p, &a, &thr, i.value());
    verdict = local_partition_verdict;
}

tensor_op! {
    /// The layout of the tensor [`local_partition_proj`] gives.
    LocalPartitionProj, LocalPartitionProjExpr;
    /// The offset of the tensor [`local_partition_proj`] gives, from the tensor's offset `O`.
    LocalPartitionProjOffset, LocalPartitionProjOffsetExpr;
    "cute_static::local_partition_proj(tensor, thr, i, proj)", [Th: IsLayout => thr, I: IntTuple => i, P: SliceCoord => proj] |p, a| = ts::local_partition_proj(p, &a, &thr, i.value(), &proj);
    verdict = local_partition_proj_verdict;
}

/// The tensor an operation gives: over the same engine, its layout and offset expressions over
/// the same operands (the layout a layout or a composed layout as the tensor's `A` is). The
/// public functions evaluate the offset's `SYM` themselves (it computes the operation, `PART`):
/// rustc names the function that first uses a failing constant, and that must be the one the
/// user called.
#[inline(always)]
pub(crate) fn partitioned<E, A: TensorLayout, X: Expr + CExpr, Y: Expr>(
    engine: E,
    layout: X,
    offset: Y,
) -> Tensor<E, A::Of<X>, TupleOf<Y>> {
    Tensor {
        engine,
        layout: A::of(layout),
        offset: TupleOf(offset),
    }
}

impl<E, L: TensorLayout, O: IntTuple> Tensor<E, L, O> {
    /// `tensor(crd)` for a coordinate with `_`s: the subtensor of the modes under the `_`s.
    /// CuTe's `slice_and_offset`: the layout becomes `slice(crd, layout)` and the offset moves
    /// by `layout(crd)` (every `_` read as `_0`). A swizzled layout `Sw o O o L` moves the
    /// offset by the bits the swizzle leaves alone and keeps the swizzle, with the selected
    /// swizzle bits as its offset, if the remaining modes still reach a bit it moves; otherwise
    /// the swizzle decays into a plain layout ([`ComposedOf::slice`]). A coordinate without `_`
    /// is a compile error (index the element instead). A run-time integer that selects swizzle
    /// bits gives CuTe's `MixedBits` offset (`M_S|(d&F)=V`).
    ///
    /// ```
    /// use cute_static::{coord, layout, make_tensor, Swizzle};
    /// let data: Vec<i32> = (0..512).collect();
    /// let t = make_tensor(&data[..], layout!((_6,_8,_4):(_1,_6,_48))).unwrap();
    /// let s = t.slice(coord!((_4,_0,_)));
    /// assert_eq!(s.to_string(), "_4|(_4):(_48)");
    /// assert_eq!(s[2], 100);
    /// // A swizzled shared-memory tile: column 3 decays to a plain layout.
    /// let smem = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// let sw = make_tensor(&data[..], smem).unwrap();
    /// let col = sw.slice(coord!((_, _3)));
    /// assert_eq!(col.to_string(), "_3|(_8):(_72)");
    /// assert_eq!(col[5], sw[(5, 3)]);
    /// ```
    #[inline(always)]
    pub fn slice<Cd: SliceCoord>(
        self,
        crd: Cd,
    ) -> Tensor<E, SliceLayout<L, Cd>, SliceOffset<O, L, Cd>> {
        let _ = <SliceOffsetExpr::E<L, Cd, O> as Expr>::SYM;
        partitioned::<_, L, _, _>(
            self.engine,
            SliceLayoutExpr::E((self.layout, crd)),
            SliceOffsetExpr::E((self.layout, crd, self.offset)),
        )
    }

    /// CuTe's `logical_divide(tensor, tiler)`: the same elements with the divided layout
    /// ([`logical_divide_tiler`](crate::logical_divide_tiler), [`ComposedOf::logical_divide_tiler`]).
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, tile, Swizzle};
    /// let t = make_tensor(&[0; 24][..], layout!((_4,_6):(_6,_1))).unwrap();
    /// assert_eq!(t.logical_divide(tile!((_2,_3))).to_string(), "_0|((_2,_2),(_3,_2)):((_6,_12),(_1,_3))");
    /// let sw = Swizzle::<1, 0, 1>::new().composition(layout!((_4,_6):(_6,_1)));
    /// let t = make_tensor(&[0; 32][..], sw).unwrap();
    /// assert_eq!(t.logical_divide(tile!((_2,_3))).to_string(), "_0|Sw<1,0,1> o _0 o ((_2,_2),(_3,_2)):((_6,_12),(_1,_3))");
    /// ```
    pub fn logical_divide<T: Tiler>(self, tiler: T) -> Tensor<E, L::LogicalDivide<T>, O> {
        let layout = self.layout;
        self.with_layout(L::logical_divide_of(layout, tiler))
    }

    /// CuTe's `zipped_divide(tensor, tiler)`: `((tile),(rest))` ([`zipped_divide`](crate::zipped_divide),
    /// [`ComposedOf::zipped_divide`]).
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, tile, Swizzle};
    /// let m = 8;
    /// let t = make_tensor(&[0; 192][..], layout!((m,_24):(_1,m))).unwrap();
    /// assert_eq!(t.zipped_divide(tile!((_4,_8))).to_string(), "_0|((_4,_8),(2,_3)):((_1,8),(_4,64))");
    /// let sw = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// let t = make_tensor(&[0; 512][..], sw).unwrap();
    /// assert_eq!(t.zipped_divide(tile!((_8,_32))).to_string(), "_0|Sw<3,3,3> o _0 o ((_8,_32),(_1,_2)):((_64,_1),(_0,_32))");
    /// ```
    pub fn zipped_divide<T: Tiler>(self, tiler: T) -> Tensor<E, L::ZippedDivide<T>, O> {
        let layout = self.layout;
        self.with_layout(L::zipped_divide_of(layout, tiler))
    }

    /// CuTe's `tiled_divide(tensor, tiler)`: `((tile),rest0,rest1,...)` ([`tiled_divide`](crate::tiled_divide),
    /// [`ComposedOf::tiled_divide`]).
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, tile, Swizzle};
    /// let t = make_tensor(&[0; 24][..], layout!((_4,_6):(_6,_1))).unwrap();
    /// assert_eq!(t.tiled_divide(tile!((_2,_3))).to_string(), "_0|((_2,_3),_2,_2):((_6,_1),_12,_3)");
    /// let sw = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// let t = make_tensor(&[0; 512][..], sw).unwrap();
    /// assert_eq!(t.tiled_divide(tile!((_8,_32))).to_string(), "_0|Sw<3,3,3> o _0 o ((_8,_32),_1,_2):((_64,_1),_0,_32)");
    /// ```
    pub fn tiled_divide<T: Tiler>(self, tiler: T) -> Tensor<E, L::TiledDivide<T>, O> {
        let layout = self.layout;
        self.with_layout(L::tiled_divide_of(layout, tiler))
    }

    /// CuTe's `flat_divide(tensor, tiler)`: `(tile0,tile1,...,rest0,rest1,...)` ([`flat_divide`](crate::flat_divide),
    /// [`ComposedOf::flat_divide`]).
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, tile, Swizzle};
    /// let t = make_tensor(&[0; 24][..], layout!((_4,_6):(_6,_1))).unwrap();
    /// assert_eq!(t.flat_divide(tile!((_2,_3))).to_string(), "_0|(_2,_3,_2,_2):(_6,_1,_12,_3)");
    /// let sw = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// let t = make_tensor(&[0; 512][..], sw).unwrap();
    /// assert_eq!(t.flat_divide(tile!((_8,_32))).to_string(), "_0|Sw<3,3,3> o _0 o (_8,_32,_1,_2):(_64,_1,_0,_32)");
    /// ```
    pub fn flat_divide<T: Tiler>(self, tiler: T) -> Tensor<E, L::FlatDivide<T>, O> {
        let layout = self.layout;
        self.with_layout(L::flat_divide_of(layout, tiler))
    }

    /// CuTe's `tensor.compose(layout)`: the same elements through `composition(layout(tensor),
    /// b)`, e.g. a tile seen through a thread-value layout as `(thread, value)`, or a swizzled
    /// shared-memory tile read transposed (`A o O o composition(L, b)`).
    ///
    /// ```
    /// use cute_static::{coord, layout, make_fragment, make_layout_tv, make_tensor, Swizzle};
    /// let (_tiler, tv) = make_layout_tv(layout!((_2,_2):(_1,_2)), layout!((_2,_2):(_1,_2)));
    /// let data: Vec<i32> = (0..16).collect();
    /// let tile = make_tensor(&data[..], layout!((_4,_4):(_1,_4))).unwrap();
    /// assert_eq!(tv.to_string(), "((_2,_2),(_2,_2)):((_2,_8),(_1,_4))");
    /// // Thread 3's values: `_` on each value mode keeps them as two modes.
    /// let mine = tile.compose(tv).slice(coord!((_3, (_, _))));
    /// assert_eq!(mine.to_string(), "_10|(_2,_2):(_1,_4)");
    /// assert_eq!(mine[(1, 1)], 15);
    ///
    /// let smem = Swizzle::<5, 0, 5>::new().composition(layout!((_32, _32):(_32, _1)));
    /// let mut tile = make_fragment([0u16; 1024], smem);
    /// tile[(3, 5)] = 7;
    /// let transposed = tile.view().compose(layout!((_32, _32):(_32, _1)));
    /// assert_eq!(transposed[(5, 3)], 7);
    /// ```
    pub fn compose<B: IsLayout>(self, b: B) -> Tensor<E, L::Composition<B>, O> {
        let layout = self.layout;
        self.with_layout(L::composition_of(layout, b))
    }

    fn with_layout<M>(self, layout: M) -> Tensor<E, M, O> {
        Tensor {
            engine: self.engine,
            layout,
            offset: self.offset,
        }
    }
}

/// CuTe's `inner_partition(tensor, tiler, coord)`: the tile at `coord` of
/// `zipped_divide(tensor, tiler)` (a tuple `coord` is padded with `_`). On a swizzled tensor
/// the tile stays swizzled or decays to a plain layout, with CuTe's offset
/// ([`Tensor::slice`]).
///
/// ```
/// use cute_static::{coord, inner_partition, layout, make_tensor, tile, Swizzle};
/// let t = make_tensor(&[0; 192][..], layout!((8,_24):(_1,8))).unwrap();
/// assert_eq!(inner_partition(t, tile!((_4,_8)), coord!((1,2))).to_string(), "132|(_4,_8):(_1,8)");
/// let sw = Swizzle::<2, 0, 2>::new().composition(layout!((_8,_16):(_16,_1)));
/// let t = make_tensor(&[0; 128][..], sw).unwrap();
/// assert_eq!(inner_partition(t, tile!((_8,_8)), coord!((_0,_1))).to_string(), "_0|Sw<2,0,2> o _8 o (_8,_8):(_16,_1)");
/// ```
#[inline(always)]
pub fn inner_partition<E, L: TensorLayout, O: IntTuple, T: Tiler, Cd: SliceCoord>(
    tensor: Tensor<E, L, O>,
    tiler: T,
    coord: Cd,
) -> Tensor<E, InnerPartition<L, T, Cd>, InnerPartitionOffset<O, L, T, Cd>> {
    let _ = <InnerPartitionOffsetExpr::E<L, T, Cd, O> as Expr>::SYM;
    partitioned::<_, L, _, _>(
        tensor.engine,
        InnerPartitionExpr::E((tensor.layout, tiler, coord)),
        InnerPartitionOffsetExpr::E((tensor.layout, tiler, coord, tensor.offset)),
    )
}

/// CuTe's `outer_partition(tensor, tiler, coord)`: the elements at `coord` of every tile of
/// `zipped_divide(tensor, tiler)`.
///
/// ```
/// use cute_static::{coord, layout, make_tensor, outer_partition, tile, Swizzle};
/// let t = make_tensor(&[0; 192][..], layout!((8,_24):(_1,8))).unwrap();
/// assert_eq!(outer_partition(t, tile!((_4,_8)), 5).to_string(), "9|(2,_3):(_4,64)");
/// let sw = Swizzle::<3, 3, 3>::new().composition(layout!((_4,_8):(_1,_4)));
/// let t = make_tensor(&[0; 64][..], sw).unwrap();
/// assert_eq!(outer_partition(t, tile!((_2)), coord!((_0))).to_string(), "_0|(_2,_8):(_2,_4)");
/// ```
#[inline(always)]
pub fn outer_partition<E, L: TensorLayout, O: IntTuple, T: Tiler, Cd: SliceCoord>(
    tensor: Tensor<E, L, O>,
    tiler: T,
    coord: Cd,
) -> Tensor<E, OuterPartition<L, T, Cd>, OuterPartitionOffset<O, L, T, Cd>> {
    let _ = <OuterPartitionOffsetExpr::E<L, T, Cd, O> as Expr>::SYM;
    partitioned::<_, L, _, _>(
        tensor.engine,
        OuterPartitionExpr::E((tensor.layout, tiler, coord)),
        OuterPartitionOffsetExpr::E((tensor.layout, tiler, coord, tensor.offset)),
    )
}

/// CuTe's `local_tile(tensor, tiler, coord)`: the tile at `coord`, [`inner_partition`]. A tile
/// of a swizzled tensor keeps the swizzle where the tile still spans the bits it moves, and is
/// a plain layout at a moved offset where it does not.
///
/// ```
/// use cute_static::{coord, layout, local_tile, make_tensor, tile, Swizzle};
/// let data = vec![0.0f32; 256 * 256];
/// let t = make_tensor(&data[..], layout!((256,256):(_1,256))).unwrap();
/// assert_eq!(local_tile(t, tile!((_128,_128)), coord!((1,1))).to_string(), "32896|(_128,_128):(_1,256)");
/// // Tile 18 of 4 rows of a swizzled (_128,_8) tile: the swizzle decays into the strides.
/// let sw = Swizzle::<3, 4, 3>::new().composition(layout!((_128,_8):(_1,_128)));
/// let t = make_tensor(&data[..1024], sw).unwrap();
/// let rows = local_tile(t, tile!((_4:_1)), coord!((_18)));
/// assert_eq!(rows.to_string(), "_72|((_4),(_4,_2)):((_1),(_144,_448))");
/// assert_eq!(core::mem::size_of_val(&rows), core::mem::size_of::<&[f32]>());
/// ```
#[inline(always)]
pub fn local_tile<E, L: TensorLayout, O: IntTuple, T: Tiler, Cd: SliceCoord>(
    tensor: Tensor<E, L, O>,
    tiler: T,
    coord: Cd,
) -> Tensor<E, InnerPartition<L, T, Cd>, InnerPartitionOffset<O, L, T, Cd>> {
    let _ = <InnerPartitionOffsetExpr::E<L, T, Cd, O> as Expr>::SYM;
    inner_partition(tensor, tiler, coord)
}

/// CuTe's `local_tile(tensor, tiler, coord, proj)`: the projection `proj` (a Step such as
/// `(_1,_,_1)`) keeps the modes of `tiler` and `coord` where it has `_1`, as a GEMM mainloop
/// takes the `(BM,BK,k)` tiles of A with the CTA tiler `(BM,BN,BK)` and coordinate `(m,n,_)`.
///
/// ```
/// use cute_static::{coord, layout, local_tile_proj, make_tensor, tile, Swizzle};
/// let data = vec![0.0f32; 256 * 128];
/// let a = make_tensor(&data[..], layout!((256,128):(_1,256))).unwrap();
/// let ta = local_tile_proj(a, tile!((_128,_128,_8)), coord!((1,0,_)), coord!((_1,_,_1)));
/// assert_eq!(ta.to_string(), "128|(_128,_8,16):(_1,256,2048)");
/// let sw = Swizzle::<3, 3, -4>::new().composition(layout!((_128,_2):(_1,_128)));
/// let s = make_tensor(&data[..1024], sw).unwrap();
/// let ts = local_tile_proj(s, tile!((_32,_8,_1)), coord!((_0,_1,_1)), coord!((_1,_,_1)));
/// assert_eq!(ts.to_string(), "_128|((_8,_2,_2),_1):((_1,_-120,_272),_0)");
/// ```
#[inline(always)]
pub fn local_tile_proj<E, L: TensorLayout, O: IntTuple, T: Tiler, Cd: SliceCoord, P: SliceCoord>(
    tensor: Tensor<E, L, O>,
    tiler: T,
    coord: Cd,
    proj: P,
) -> Tensor<E, LocalTileProj<L, T, Cd, P>, LocalTileProjOffset<O, L, T, Cd, P>> {
    let _ = <LocalTileProjOffsetExpr::E<L, T, Cd, P, O> as Expr>::SYM;
    partitioned::<_, L, _, _>(
        tensor.engine,
        LocalTileProjExpr::E((tensor.layout, tiler, coord, proj)),
        LocalTileProjOffsetExpr::E((tensor.layout, tiler, coord, proj, tensor.offset)),
    )
}

/// CuTe's `local_partition(tensor, thr_layout, thr_idx)`: the elements thread `thr_idx` of the
/// thread layout owns, [`outer_partition`] by the thread layout's shape at the thread's
/// coordinate in it. A swizzled shared-memory tile gives each thread a swizzled or a plain
/// layout, as CuTe does; the thread index must be static where it selects swizzle bits.
///
/// ```
/// use cute_static::{layout, local_partition, make_tensor, Swizzle, C};
/// let t = make_tensor(&[0; 1024][..], layout!((_128,_8):(_1,_128))).unwrap();
/// let thread = 37;
/// assert_eq!(local_partition(t, layout!((_32,_8):(_1,_32)), thread).to_string(), "133|(_4,_1):(_32,_0)");
/// let sw = Swizzle::<3, 3, 5>::new().composition(layout!((_8,_128):(_128,_1)));
/// let t = make_tensor(&[0; 1024][..], sw).unwrap();
/// let mine = local_partition(t, layout!((_2,_64):(_64,_1)), C::<79>);
/// assert_eq!(mine.to_string(), "_143|((_2,_2),_2):((_248,_528),_64)");
/// ```
#[inline(always)]
pub fn local_partition<E, L: TensorLayout, O: IntTuple, Th: IsLayout, I: IntTuple>(
    tensor: Tensor<E, L, O>,
    thr_layout: Th,
    thr_idx: I,
) -> Tensor<E, LocalPartition<L, Th, I>, LocalPartitionOffset<O, L, Th, I>> {
    let _ = <LocalPartitionOffsetExpr::E<L, Th, I, O> as Expr>::SYM;
    partitioned::<_, L, _, _>(
        tensor.engine,
        LocalPartitionExpr::E((tensor.layout, thr_layout, thr_idx)),
        LocalPartitionOffsetExpr::E((tensor.layout, thr_layout, thr_idx, tensor.offset)),
    )
}

/// CuTe's `local_partition(tensor, thr_layout, thr_idx, proj)`: [`local_partition`] by the
/// modes of the thread layout where `proj` has `_1`.
///
/// ```
/// use cute_static::{coord, layout, local_partition_proj, make_tensor, Swizzle, _3};
/// let t = make_tensor(&[0; 256][..], layout!((_16,_16):(_1,_16))).unwrap();
/// let p = local_partition_proj(t, layout!((_4,_8,_2):(_1,_4,_0)), 13, coord!((_1,_1,_)));
/// assert_eq!(p.to_string(), "49|(_4,_2):(_4,_128)");
/// // The rows thread 3 of 8 owns in a swizzled tile: still swizzled (they reach its bits).
/// let sw = Swizzle::<3, 3, 3>::new().composition(layout!((_64,_8):(_1,_64)));
/// let t = make_tensor(&[0; 512][..], sw).unwrap();
/// let p = local_partition_proj(t, layout!((_8,_8):(_1,_8)), _3::default(), coord!((_1,_)));
/// assert_eq!(p.to_string(), "_3|Sw<3,3,3> o _0 o (_8,_8):(_8,_64)");
/// ```
#[inline(always)]
pub fn local_partition_proj<
    E,
    L: TensorLayout,
    O: IntTuple,
    Th: IsLayout,
    I: IntTuple,
    P: SliceCoord,
>(
    tensor: Tensor<E, L, O>,
    thr_layout: Th,
    thr_idx: I,
    proj: P,
) -> Tensor<E, LocalPartitionProj<L, Th, I, P>, LocalPartitionProjOffset<O, L, Th, I, P>> {
    let _ = <LocalPartitionProjOffsetExpr::E<L, Th, I, P, O> as Expr>::SYM;
    partitioned::<_, L, _, _>(
        tensor.engine,
        LocalPartitionProjExpr::E((tensor.layout, thr_layout, thr_idx, proj)),
        LocalPartitionProjOffsetExpr::E((tensor.layout, thr_layout, thr_idx, proj, tensor.offset)),
    )
}

/// The checked form of a partition of a swizzled tensor with run-time values: its layout is
/// the slice of the divided layout it takes (up to the offset the tensor carries), compared
/// point by point as a swizzled slice is ([`slice_verdict`]). `parts` recomputes, in a static
/// twin on the operands' values, the divided layout and the coordinate of the slice; where
/// the twin fails, the outcome of the checks stands.
pub(crate) fn partition_verdict<E: CExpr, A: TensorLayout>(
    e: &E,
    a: &A,
    ndyn: usize,
    outcome: Result<(), LayoutError>,
    parts: impl FnOnce(&mut Prog, &CL) -> (CL, Tree),
) -> Result<(), LayoutError> {
    use crate::algebra::composed::Form;
    if !matches!(A::CL.form, Form::SwOL) || ndyn == 0 || !crate::composed::verifiable(&outcome) {
        return outcome;
    }
    let operand = A::CL.with_values(&crate::expr::dyn_values(a));
    let mut p = Prog::twin();
    let (z, crd) = parts(&mut p, &operand);
    if p.twin_outcome().is_err() {
        return outcome;
    }
    let r = crate::composed::ComposedOf(*e);
    crate::composed::swizzled_slice_verdict(&z, &crd, ndyn, |i| r.call(i), outcome)
}

use crate::expr::valued;

fn inner_partition_verdict<A: TensorLayout, T: Tiler, Cd: SliceCoord>(
    e: &InnerPartitionExpr::E<A, T, Cd>,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    let (a, t, c) = &e.0;
    let n = A::NDYN + T::NDYN + Cd::NDYN;
    partition_verdict(e, a, n, outcome, |p, cl| {
        ts::inner_parts(p, cl, &valued(T::TILER, t), &valued(Cd::COORD, c))
    })
}

fn outer_partition_verdict<A: TensorLayout, T: Tiler, Cd: SliceCoord>(
    e: &OuterPartitionExpr::E<A, T, Cd>,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    let (a, t, c) = &e.0;
    let n = A::NDYN + T::NDYN + Cd::NDYN;
    partition_verdict(e, a, n, outcome, |p, cl| {
        ts::outer_parts(p, cl, &valued(T::TILER, t), &valued(Cd::COORD, c))
    })
}

fn local_tile_proj_verdict<A: TensorLayout, T: Tiler, Cd: SliceCoord, P: SliceCoord>(
    e: &LocalTileProjExpr::E<A, T, Cd, P>,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    let (a, t, c, proj) = &e.0;
    let n = A::NDYN + T::NDYN + Cd::NDYN + P::NDYN;
    partition_verdict(e, a, n, outcome, |p, cl| {
        let proj = valued(P::COORD, proj);
        let t = crate::algebra::slice::dice_tree(&proj, &valued(T::TILER, t));
        let c = crate::algebra::slice::dice_tree(&proj, &valued(Cd::COORD, c));
        ts::inner_parts(p, cl, &t, &c)
    })
}

fn local_partition_verdict<A: TensorLayout, Th: IsLayout, I: IntTuple>(
    e: &LocalPartitionExpr::E<A, Th, I>,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    let (a, thr, i) = &e.0;
    let n = A::NDYN + Th::NDYN + I::NDYN;
    partition_verdict(e, a, n, outcome, |p, cl| {
        let thr = Th::LAYOUT.with_values(&crate::expr::dyn_values(thr));
        ts::local_partition_parts(p, cl, &thr, valued(I::TREE, i).value())
    })
}

fn local_partition_proj_verdict<A: TensorLayout, Th: IsLayout, I: IntTuple, P: SliceCoord>(
    e: &LocalPartitionProjExpr::E<A, Th, I, P>,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    let (a, thr, i, proj) = &e.0;
    let n = A::NDYN + Th::NDYN + I::NDYN + P::NDYN;
    partition_verdict(e, a, n, outcome, |p, cl| {
        let thr = Th::LAYOUT.with_values(&crate::expr::dyn_values(thr));
        let thr = crate::algebra::slice::dice(&valued(P::COORD, proj), &thr);
        ts::local_partition_parts(p, cl, &thr, valued(I::TREE, i).value())
    })
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::{Swizzle, layout, make_composed_layout};

    /// The element `get` must give: `data[layout(coord)]` (wrapping in `i32`), `None` outside.
    fn expected<L: TensorLayout, Cd: Coordinate>(data: &[i32], l: &L, coord: Cd) -> Option<i32> {
        data.get(l.offset(coord) as isize as usize).copied()
    }

    /// Every access form agrees with [`expected`] at the coordinates `(i, j)` for `i`, `j` in
    /// `coords` and at the indices `k` in `coords`, the fragment holding `0, 1, 2, ...`.
    fn agrees<const N: usize, L: TensorLayout>(l: L, coords: &[i32]) {
        let data: [i32; N] = core::array::from_fn(|k| k as i32);
        let mut t = make_fragment(data, l);
        let mut panics = 0;
        let mut check = |coord: (i32, i32)| {
            let want = expected(&data, &l, coord);
            assert_eq!(t.get(coord).copied(), want, "get {coord:?}");
            assert_eq!(t.get_mut(coord).map(|x| *x), want, "get_mut {coord:?}");
            match want {
                Some(x) => assert_eq!((t[coord], &mut t[coord]), (x, &mut { x })),
                None if panics < 2 => {
                    panics += 1;
                    let t = std::panic::AssertUnwindSafe(&t);
                    assert!(std::panic::catch_unwind(|| t[coord]).is_err(), "{coord:?}");
                }
                None => {}
            }
        };
        for &i in coords {
            for &j in coords {
                check((i, j));
            }
        }
        for &k in coords {
            assert_eq!(t.get(k).copied(), expected(&data, &l, k), "get {k}");
        }
        for k in 0..N as i32 {
            let coord = (k / 32, k % 32);
            if let Some(x) = t.get_mut(coord) {
                *x = -1;
                assert_eq!(expected(t.data(), &l, coord), Some(-1), "write {coord:?}");
            }
        }
    }

    fn mask<const N: usize, L: TensorLayout>(_: &L) -> u32 {
        Tensor::<[i32; N], L>::MASK
    }

    const COORDS: [i32; 14] = [
        i32::MIN,
        -33,
        -1,
        0,
        1,
        5,
        31,
        32,
        33,
        64,
        1000,
        1 << 26,
        i32::MAX - 1,
        i32::MAX,
    ];

    #[test]
    fn swizzled_fragments_index_as_their_layout() {
        let sw505 = Swizzle::<5, 0, 5>::new().composition(layout!((_32, _32):(_32, _1)));
        assert_eq!(mask::<1024, _>(&sw505), 1023);
        assert_eq!(mask::<1500, _>(&sw505), 0);
        agrees::<1024, _>(sw505, &COORDS);
        agrees::<2048, _>(sw505, &COORDS); // a longer array: offsets past the layout's
        agrees::<1500, _>(sw505, &COORDS); // not a power of two: the swizzled offset is checked
        let sw_neg = Swizzle::<2, 1, { -3 }>::new().composition(layout!((_8, _32):(_32, _1)));
        assert_eq!(mask::<256, _>(&sw_neg), 255);
        agrees::<256, _>(sw_neg, &COORDS);
        let with_offset = make_composed_layout(
            Swizzle::<3, 0, 3>::new(),
            C::<16>,
            layout!((_32, _8):(_8, _1)),
        );
        assert_eq!(mask::<512, _>(&with_offset), 511);
        agrees::<512, _>(with_offset, &COORDS);
        let sign_bit = Swizzle::<1, 0, 31>::new().composition(layout!((_2, _2):(_1, _0)));
        assert_eq!(mask::<2, _>(&sign_bit), 0);
        agrees::<2, _>(sign_bit, &COORDS);
    }

    #[test]
    fn blocks_of_swizzles() {
        use crate::algebra::composed::Swz;
        assert_eq!(Swz::new(5, 0, 5).block(), 32);
        assert_eq!(Swz::new(3, 4, 3).block(), 128);
        assert_eq!(Swz::new(2, 1, -3).block(), 64);
        assert_eq!(Swz::new(0, 4, 3).block(), 1);
        assert_eq!(Swz::new(1, 0, 31).block(), 1); // yyy has the sign bit
        assert_eq!(Swz::new(1, 30, -1).block(), 1); // zzz has the sign bit
        assert_eq!(Swz::new(1, 29, -1).block(), 1 << 31);
    }
}
