//! [`TensorLayout`] for a layout and for a swizzled (composed) layout: its offsets (bounded while
//! compiling where it is static) and its tensor operations; and CuTe's check that a copy's
//! values are vectors (`copy_vectorizes`).

use super::*;

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

            fn last_mode_stride_gcd(&self) -> Option<i64> {
                let (shape, stride) = const {
                    let last = Self::LAYOUT.shape.rank() - 1;
                    (Self::LAYOUT.shape.mode(last).leaves(), Self::LAYOUT.stride.mode(last).leaves())
                };
                let value = |v: crate::tree::V| {
                    if v.dynamic {
                        self.dyn_leaf(v.v as usize)
                    } else {
                        v.v
                    }
                };
                Some((0..shape.n).fold(0, |g, k| {
                    if value(shape.v[k]) == 1 {
                        g
                    } else {
                        gcd(g, i64::from(value(stride.v[k])).abs())
                    }
                }))
            }

            type Shape = crate::ops::Shape<Self>;
            #[inline(always)]
            fn shape(&self) -> Self::Shape {
                crate::ops::shape(*self)
            }

            #[inline(always)]
            fn size_mode<const I: usize>(&self) -> i32 {
                crate::ops::size_mode::<I, Self>(*self).value()
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

/// Euclid's greatest common divisor of two non-negative integers (`gcd(0, b) = b`).
#[inline(always)]
const fn gcd(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

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

    type Shape = crate::ops::Shape<Self>;
    #[inline(always)]
    fn shape(&self) -> Self::Shape {
        ComposedOf::shape(self)
    }

    #[inline(always)]
    fn size_mode<const I: usize>(&self) -> i32 {
        ComposedOf::size_mode::<I>(self)
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
