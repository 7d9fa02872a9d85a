//! CuTe's `Copy_Traits<Op>` (`copy_traits.hpp`, `copy_traits_sm75.hpp`,
//! `copy_traits_sm80.hpp`): for each copy operation, which thread takes part (`ThrID`) and
//! which bits each thread's values are, `(thread, value) -> bit`, on the source, on the
//! destination and in the reference numbering a [`TiledCopy`](super::TiledCopy) is laid out
//! in. The operations are zero-sized types with CuTe's names; the instructions themselves
//! belong to the device code.

#![allow(non_camel_case_types)]

use super::{Computed, Computes};
use crate::algebra::layout::L;
use crate::gmma::SizeofBits;
use crate::layout::{LayoutOf, StaticLayout};
use crate::layout_t;
use crate::tree::Tree;
use core::fmt;
use core::marker::PhantomData;

/// CuTe's `Copy_Traits<Op>`: the layouts of one copy instruction, in bits.
///
/// ```
/// use cute_static::{CopyTraits, SM75_U32x4_LDSM_N, StaticLayout};
/// type T = SM75_U32x4_LDSM_N;
/// assert_eq!(<T as CopyTraits>::ThrID::new().to_string(), "_32:_1");
/// assert_eq!(<T as CopyTraits>::SrcLayout::new().to_string(), "(_32,_128):(_128,_1)");
/// assert_eq!(<T as CopyTraits>::DstLayout::new().to_string(), "(_32,(_32,_4)):(_32,(_1,_1024))");
/// ```
pub trait CopyTraits: Copy + Default {
    /// `ThrID`: the instruction's thread number to the thread index.
    type ThrID: StaticLayout;
    /// `SrcLayout`: `(src thread, src value) -> bit`.
    type SrcLayout: StaticLayout;
    /// `DstLayout`: `(dst thread, dst value) -> bit`.
    type DstLayout: StaticLayout;
    /// `RefLayout`: the `(thread, value) -> bit` numbering a tiled copy's TV layout uses (the
    /// source's or the destination's).
    type RefLayout: StaticLayout;
}

/// A zero-sized marker type over element types (no bound on them, always `Copy`).
macro_rules! op_type {
    ($(#[$doc:meta])* $name:ident<$($P:ident $(= $D:ident)?),*>) => {
        $(#[$doc])*
        pub struct $name<$($P $(= $D)?),*>(PhantomData<fn() -> ($($P,)*)>);

        impl<$($P),*> Clone for $name<$($P),*> {
            fn clone(&self) -> Self {
                *self
            }
        }

        impl<$($P),*> Copy for $name<$($P),*> {}

        impl<$($P),*> Default for $name<$($P),*> {
            fn default() -> Self {
                $name(PhantomData)
            }
        }

        impl<$($P),*> fmt::Debug for $name<$($P),*> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(stringify!($name))
            }
        }

        impl<$($P),*> $name<$($P),*> {
            /// The operation (zero-sized).
            ///
            /// ```
            #[doc = concat!("let _ = cute_static::", stringify!($name), "::<u32>::new();")]
            /// ```
            pub const fn new() -> Self {
                $name(PhantomData)
            }
        }
    };
}

/// `Layout<Shape<_1, Int<sizeof_bits<S>>>>`: one thread moving the bits of one `S`,
/// `(_1,_B):(_0,_1)`.
#[doc(hidden)]
pub struct OneThreadBits<S>(PhantomData<fn() -> S>);

impl<S: SizeofBits> Computes for OneThreadBits<S> {
    const VALUE: L = {
        if S::BITS <= 0 {
            crate::error::Msg::new("Copy_Traits: sizeof_bits<S> must be positive, got ")
                .num(S::BITS)
                .fail()
        }
        L {
            shape: Tree::tuple2(&Tree::int(1), &Tree::int(S::BITS)),
            stride: Tree::tuple2(&Tree::int(0), &Tree::int(1)),
        }
    };
}

/// The bit layout of one thread moving one `S`.
type Bits<S> = LayoutOf<Computed<OneThreadBits<S>>>;

op_type!(
    /// CuTe's `UniversalCopy<S, D>`: one thread copies one `S` (`u16`, `u32`, `u64`, `u128`,
    /// any type of [`SizeofBits`]) into one `D` by assignment. CuTe's
    /// `UniversalCopy<uint128_t>` is `UniversalCopy<u128>`.
    ///
    /// ```
    /// use cute_static::{CopyTraits, StaticLayout, UniversalCopy};
    /// type T = UniversalCopy<u128>;
    /// assert_eq!(<T as CopyTraits>::SrcLayout::new().to_string(), "(_1,_128):(_0,_1)");
    /// assert_eq!(<T as CopyTraits>::ThrID::new().to_string(), "_1:_0");
    /// ```
    UniversalCopy<S, D = S>
);

impl<S: SizeofBits, D: SizeofBits> CopyTraits for UniversalCopy<S, D> {
    type ThrID = layout_t!(_1:_0);
    type SrcLayout = Bits<S>;
    type DstLayout = Bits<D>;
    type RefLayout = Bits<S>;
}

/// CuTe's `AutoVectorizingCopyWithAssumedAlignment<MaxVecBits>`: one thread, one value, the
/// widest vector the layouts and the assumed alignment allow chosen when it runs; its layouts
/// are `(_1,_1):(_0,_0)`.
///
/// ```
/// use cute_static::{AutoVectorizingCopyWithAssumedAlignment, CopyTraits, StaticLayout};
/// type T = AutoVectorizingCopyWithAssumedAlignment<64>;
/// assert_eq!(<T as CopyTraits>::SrcLayout::new().to_string(), "(_1,_1):(_0,_0)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AutoVectorizingCopyWithAssumedAlignment<const MAX_VEC_BITS: i32>;

impl<const MAX_VEC_BITS: i32> AutoVectorizingCopyWithAssumedAlignment<MAX_VEC_BITS> {
    /// The operation (zero-sized).
    ///
    /// ```
    /// let _ = cute_static::AutoVectorizingCopyWithAssumedAlignment::<8>::new();
    /// ```
    pub const fn new() -> Self {
        AutoVectorizingCopyWithAssumedAlignment
    }
}

impl<const MAX_VEC_BITS: i32> CopyTraits for AutoVectorizingCopyWithAssumedAlignment<MAX_VEC_BITS> {
    type ThrID = layout_t!(_1:_0);
    type SrcLayout = layout_t!((_1,_1):(_0,_0));
    type DstLayout = layout_t!((_1,_1):(_0,_0));
    type RefLayout = layout_t!((_1,_1):(_0,_0));
}

/// CuTe's `AutoVectorizingCopy`: [`AutoVectorizingCopyWithAssumedAlignment<128>`], which
/// assumes pointers and run-time strides maximally aligned.
///
/// ```
/// use cute_static::{make_tiled_copy, layout, AutoVectorizingCopy, CopyAtom};
/// let copy = make_tiled_copy(CopyAtom::<AutoVectorizingCopy, f32>::new(), layout!((_32,_8):(_1,_32)), layout!((_4,_1):(_1,_0)));
/// assert_eq!(copy.tiler_mn().to_string(), "(_128,_8)");
/// ```
pub type AutoVectorizingCopy = AutoVectorizingCopyWithAssumedAlignment<128>;

/// CuTe's `DefaultCopy`: [`AutoVectorizingCopyWithAssumedAlignment<8>`], which assumes no
/// alignment.
///
/// ```
/// use cute_static::{CopyTraits, DefaultCopy, StaticLayout};
/// assert_eq!(<DefaultCopy as CopyTraits>::DstLayout::new().to_string(), "(_1,_1):(_0,_0)");
/// ```
pub type DefaultCopy = AutoVectorizingCopyWithAssumedAlignment<8>;

op_type!(
    /// CuTe's `SM80_CP_ASYNC_CACHEALWAYS<S, D>`: `cp.async.ca` of one `S` (4, 8 or 16 bytes)
    /// from global to shared memory, cached in L1 and L2.
    ///
    /// ```
    /// use cute_static::{CopyTraits, SM80_CP_ASYNC_CACHEALWAYS, StaticLayout};
    /// type T = SM80_CP_ASYNC_CACHEALWAYS<u128>;
    /// assert_eq!(<T as CopyTraits>::DstLayout::new().to_string(), "(_1,_128):(_0,_1)");
    /// ```
    SM80_CP_ASYNC_CACHEALWAYS<S, D = S>
);

impl<S: SizeofBits, D: SizeofBits> CopyTraits for SM80_CP_ASYNC_CACHEALWAYS<S, D> {
    type ThrID = layout_t!(_1:_0);
    type SrcLayout = Bits<S>;
    type DstLayout = Bits<D>;
    type RefLayout = Bits<S>;
}

op_type!(
    /// CuTe's `SM80_CP_ASYNC_CACHEGLOBAL<S, D>`: `cp.async.cg` of one `S` (16 bytes) from
    /// global to shared memory, cached in L2 only.
    ///
    /// ```
    /// use cute_static::{CopyTraits, SM80_CP_ASYNC_CACHEGLOBAL, StaticLayout};
    /// type T = SM80_CP_ASYNC_CACHEGLOBAL<u128>;
    /// assert_eq!(<T as CopyTraits>::RefLayout::new().to_string(), "(_1,_128):(_0,_1)");
    /// ```
    SM80_CP_ASYNC_CACHEGLOBAL<S, D = S>
);

impl<S: SizeofBits, D: SizeofBits> CopyTraits for SM80_CP_ASYNC_CACHEGLOBAL<S, D> {
    type ThrID = layout_t!(_1:_0);
    type SrcLayout = Bits<S>;
    type DstLayout = Bits<D>;
    type RefLayout = Bits<S>;
}

/// The `ldmatrix` operations (SM75): a warp loads 8x8 matrices of 16-bit elements from shared
/// memory, each thread naming one 128-bit row (`Src`) and receiving 32-bit registers (`Dst`,
/// also the reference numbering).
macro_rules! ldsm {
    ($($(#[$doc:meta])* $name:ident: [$($src:tt)*], [$($dst:tt)*];)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl $name {
            /// The operation (zero-sized).
            ///
            /// ```
            #[doc = concat!("let _ = cute_static::", stringify!($name), "::new();")]
            /// ```
            pub const fn new() -> Self {
                $name
            }
        }

        impl CopyTraits for $name {
            type ThrID = layout_t!(_32:_1);
            type SrcLayout = layout_t!($($src)*);
            type DstLayout = layout_t!($($dst)*);
            type RefLayout = layout_t!($($dst)*);
        }
    )*};
}

ldsm! {
    /// CuTe's `SM75_U32x1_LDSM_N`: `ldmatrix.sync.aligned.x1.m8n8.shared.b16`, one 8x8 matrix,
    /// one 32-bit register per thread.
    ///
    /// ```
    /// use cute_static::{CopyTraits, SM75_U32x1_LDSM_N, StaticLayout};
    /// assert_eq!(<SM75_U32x1_LDSM_N as CopyTraits>::SrcLayout::new().to_string(), "((_8,_4),_128):((_128,_0),_1)");
    /// ```
    SM75_U32x1_LDSM_N: [((_8,_4),_128):((_128,_0),_1)], [(_32,_32):(_32,_1)];
    /// CuTe's `SM75_U32x2_LDSM_N`: `ldmatrix...x2`, two 8x8 matrices, two 32-bit registers per
    /// thread.
    ///
    /// ```
    /// use cute_static::{CopyTraits, SM75_U32x2_LDSM_N, StaticLayout};
    /// assert_eq!(<SM75_U32x2_LDSM_N as CopyTraits>::DstLayout::new().to_string(), "(_32,(_32,_2)):(_32,(_1,_1024))");
    /// ```
    SM75_U32x2_LDSM_N: [((_16,_2),_128):((_128,_0),_1)], [(_32,(_32,_2)):(_32,(_1,_1024))];
    /// CuTe's `SM75_U32x4_LDSM_N`: `ldmatrix...x4`, four 8x8 matrices, four 32-bit registers
    /// per thread.
    ///
    /// ```
    /// use cute_static::{CopyTraits, SM75_U32x4_LDSM_N, StaticLayout};
    /// assert_eq!(<SM75_U32x4_LDSM_N as CopyTraits>::RefLayout::new().to_string(), "(_32,(_32,_4)):(_32,(_1,_1024))");
    /// ```
    SM75_U32x4_LDSM_N: [(_32,_128):(_128,_1)], [(_32,(_32,_4)):(_32,(_1,_1024))];
    /// CuTe's `SM75_U16x2_LDSM_T`: `ldmatrix...x1.trans`, one 8x8 matrix transposed, two
    /// 16-bit values per thread.
    ///
    /// ```
    /// use cute_static::{CopyTraits, SM75_U16x2_LDSM_T, StaticLayout};
    /// assert_eq!(<SM75_U16x2_LDSM_T as CopyTraits>::DstLayout::new().to_string(), "((_4,_8),(_16,_2)):((_256,_16),(_1,_128))");
    /// ```
    SM75_U16x2_LDSM_T: [((_8,_4),_128):((_128,_0),_1)], [((_4,_8),(_16,_2)):((_256,_16),(_1,_128))];
    /// CuTe's `SM75_U16x4_LDSM_T`: `ldmatrix...x2.trans`, two 8x8 matrices transposed, four
    /// 16-bit values per thread.
    ///
    /// ```
    /// use cute_static::{CopyTraits, SM75_U16x4_LDSM_T, StaticLayout};
    /// assert_eq!(<SM75_U16x4_LDSM_T as CopyTraits>::DstLayout::new().to_string(), "((_4,_8),(_16,_2,_2)):((_256,_16),(_1,_128,_1024))");
    /// ```
    SM75_U16x4_LDSM_T: [((_16,_2),_128):((_128,_0),_1)], [((_4,_8),(_16,_2,_2)):((_256,_16),(_1,_128,_1024))];
    /// CuTe's `SM75_U16x8_LDSM_T`: `ldmatrix...x4.trans`, four 8x8 matrices transposed, eight
    /// 16-bit values per thread.
    ///
    /// ```
    /// use cute_static::{CopyTraits, SM75_U16x8_LDSM_T, StaticLayout};
    /// assert_eq!(<SM75_U16x8_LDSM_T as CopyTraits>::DstLayout::new().to_string(), "((_4,_8),(_16,_2,_4)):((_256,_16),(_1,_128,_1024))");
    /// ```
    SM75_U16x8_LDSM_T: [(_32,_128):(_128,_1)], [((_4,_8),(_16,_2,_4)):((_256,_16),(_1,_128,_1024))];
}

/// The `stmatrix` operations (SM90): the mirror of `ldmatrix`, a warp stores 8x8 matrices of
/// 16-bit elements to shared memory from 32-bit registers (`Src`, also the reference
/// numbering), each thread naming one 128-bit row (`Dst`): CuTe's traits are those of the
/// `ldmatrix` operation they mirror, source and destination exchanged.
macro_rules! stsm {
    ($($(#[$doc:meta])* $name:ident mirrors $ldsm:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl $name {
            /// The operation (zero-sized).
            ///
            /// ```
            #[doc = concat!("let _ = cute_static::", stringify!($name), "::new();")]
            /// ```
            pub const fn new() -> Self {
                $name
            }
        }

        impl CopyTraits for $name {
            type ThrID = layout_t!(_32:_1);
            type SrcLayout = <$ldsm as CopyTraits>::DstLayout;
            type DstLayout = <$ldsm as CopyTraits>::SrcLayout;
            type RefLayout = <$ldsm as CopyTraits>::DstLayout;
        }
    )*};
}

stsm! {
    /// CuTe's `SM90_U32x1_STSM_N`: `stmatrix.sync.aligned.x1.m8n8.shared.b16`, one 8x8 matrix
    /// from one 32-bit register per thread.
    ///
    /// ```
    /// use cute_static::{CopyTraits, SM90_U32x1_STSM_N, StaticLayout};
    /// assert_eq!(<SM90_U32x1_STSM_N as CopyTraits>::SrcLayout::new().to_string(), "(_32,_32):(_32,_1)");
    /// assert_eq!(<SM90_U32x1_STSM_N as CopyTraits>::DstLayout::new().to_string(), "((_8,_4),_128):((_128,_0),_1)");
    /// ```
    SM90_U32x1_STSM_N mirrors SM75_U32x1_LDSM_N;
    /// CuTe's `SM90_U32x2_STSM_N`: `stmatrix...x2`, two 8x8 matrices from two 32-bit registers
    /// per thread.
    ///
    /// ```
    /// use cute_static::{CopyTraits, SM90_U32x2_STSM_N, StaticLayout};
    /// assert_eq!(<SM90_U32x2_STSM_N as CopyTraits>::RefLayout::new().to_string(), "(_32,(_32,_2)):(_32,(_1,_1024))");
    /// ```
    SM90_U32x2_STSM_N mirrors SM75_U32x2_LDSM_N;
    /// CuTe's `SM90_U32x4_STSM_N`: `stmatrix...x4`, four 8x8 matrices from four 32-bit
    /// registers per thread (an epilogue's accumulators to shared memory).
    ///
    /// ```
    /// use cute_static::{CopyTraits, SM90_U32x4_STSM_N, StaticLayout};
    /// assert_eq!(<SM90_U32x4_STSM_N as CopyTraits>::DstLayout::new().to_string(), "(_32,_128):(_128,_1)");
    /// ```
    SM90_U32x4_STSM_N mirrors SM75_U32x4_LDSM_N;
    /// CuTe's `SM90_U16x2_STSM_T`: `stmatrix...x1.trans`, one 8x8 matrix stored transposed.
    ///
    /// ```
    /// use cute_static::{CopyTraits, SM90_U16x2_STSM_T, StaticLayout};
    /// assert_eq!(<SM90_U16x2_STSM_T as CopyTraits>::SrcLayout::new().to_string(), "((_4,_8),(_16,_2)):((_256,_16),(_1,_128))");
    /// ```
    SM90_U16x2_STSM_T mirrors SM75_U16x2_LDSM_T;
    /// CuTe's `SM90_U16x4_STSM_T`: `stmatrix...x2.trans`, two 8x8 matrices stored transposed.
    ///
    /// ```
    /// use cute_static::{CopyTraits, SM90_U16x4_STSM_T, StaticLayout};
    /// assert_eq!(<SM90_U16x4_STSM_T as CopyTraits>::DstLayout::new().to_string(), "((_16,_2),_128):((_128,_0),_1)");
    /// ```
    SM90_U16x4_STSM_T mirrors SM75_U16x4_LDSM_T;
    /// CuTe's `SM90_U16x8_STSM_T`: `stmatrix...x4.trans`, four 8x8 matrices stored transposed.
    ///
    /// ```
    /// use cute_static::{CopyTraits, SM90_U16x8_STSM_T, StaticLayout};
    /// assert_eq!(<SM90_U16x8_STSM_T as CopyTraits>::DstLayout::new().to_string(), "(_32,_128):(_128,_1)");
    /// ```
    SM90_U16x8_STSM_T mirrors SM75_U16x8_LDSM_T;
}
