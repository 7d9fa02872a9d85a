//! CuTe's GMMA shared-memory layout atoms (`cute/atom/mma_traits_sm90_gmma.hpp`, namespace
//! `GMMA`), as named types: `Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom_Bits` (in units of
//! bits, `Sw<b,4,3> o smem_ptr[1b](unset) o L`) and `Layout_..._Atom<T>` for an element type
//! `T`, CuTe's `upcast<sizeof_bits<T>>` of the bit atom. Element types are Rust's (`u8`,
//! `f32`, ...) or the CUTLASS markers of this module (`half_t`, `bfloat16_t`, `tfloat32_t`,
//! ...).
//!
//! ```
//! use cute_static::{int_tuple, gmma::{half_t, Layout_K_SW128_Atom}};
//! // CuTe: tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_128,_64>{})
//! let smem = Layout_K_SW128_Atom::<half_t>::new().tile_to_shape(int_tuple!((_128,_64)));
//! assert_eq!(smem.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))");
//! ```

#![allow(non_camel_case_types)]

use crate::algebra::composed as cd;
use crate::composed::{ComposedLayout, ComposedOf, IsComposed};
use crate::expr::{CExpr, CSym};
use crate::prog::Prog;
use crate::swizzle::{SmemPtr, Swizzle};
use crate::tuple::Static;
use core::marker::PhantomData;

pub use crate::gmma_desc::{
    GmmaDescriptor, GmmaError, LayoutType, Major, make_gmma_desc, recast_u128,
};

/// CuTe's `sizeof_bits<T>`: the width of an element type in bits.
///
/// ```
/// use cute_static::gmma::{half_t, SizeofBits};
/// assert_eq!((half_t::BITS, f32::BITS, u8::BITS), (16, 32, 8));
/// ```
pub trait SizeofBits {
    /// The width in bits.
    const BITS: i32;
}

macro_rules! markers {
    ($($(#[$doc:meta])* $name:ident = $bits:literal),* $(,)?) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
        impl SizeofBits for $name {
            const BITS: i32 = $bits;
        }
    )*};
}

markers!(
    /// CUTLASS's `half_t` (IEEE binary16), 16 bits.
    ///
    /// ```
    /// use cute_static::gmma::{half_t, SizeofBits};
    /// assert_eq!(half_t::BITS, 16);
    /// ```
    half_t = 16,
    /// CUTLASS's `bfloat16_t`, 16 bits.
    ///
    /// ```
    /// use cute_static::gmma::{bfloat16_t, SizeofBits};
    /// assert_eq!(bfloat16_t::BITS, 16);
    /// ```
    bfloat16_t = 16,
    /// CUTLASS's `tfloat32_t` (stored in 32 bits).
    ///
    /// ```
    /// use cute_static::gmma::{tfloat32_t, SizeofBits};
    /// assert_eq!(tfloat32_t::BITS, 32);
    /// ```
    tfloat32_t = 32,
    /// CUTLASS's `float_e4m3_t` (FP8), 8 bits.
    ///
    /// ```
    /// use cute_static::gmma::{float_e4m3_t, SizeofBits};
    /// assert_eq!(float_e4m3_t::BITS, 8);
    /// ```
    float_e4m3_t = 8,
    /// CUTLASS's `float_e5m2_t` (FP8), 8 bits.
    ///
    /// ```
    /// use cute_static::gmma::{float_e5m2_t, SizeofBits};
    /// assert_eq!(float_e5m2_t::BITS, 8);
    /// ```
    float_e5m2_t = 8,
);

macro_rules! prim_bits {
    ($($t:ty = $bits:literal),*) => {$(
        impl SizeofBits for $t {
            const BITS: i32 = $bits;
        }
    )*};
}

prim_bits!(
    u8 = 8,
    i8 = 8,
    u16 = 16,
    i16 = 16,
    u32 = 32,
    i32 = 32,
    f32 = 32,
    u64 = 64,
    i64 = 64,
    f64 = 64,
    u128 = 128,
    i128 = 128
);

/// The element atom: `upcast<sizeof_bits<T>>` of a bit atom.
#[doc(hidden)]
pub struct AtomOf<T, A>(PhantomData<fn() -> T>, (A,));

impl<T, A: Copy> Clone for AtomOf<T, A> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T, A: Copy> Copy for AtomOf<T, A> {}

impl<T: SizeofBits, A: IsComposed> CExpr for AtomOf<T, A> {
    const CSYM: CSym = {
        let mut prog = Prog::new(A::NDYN);
        let cl = cd::recast(&mut prog, T::BITS, &A::COMPOSED, true);
        CSym { cl, prog }
    };
    type Args = (A,);
    #[inline(always)]
    fn args(&self) -> &(A,) {
        &self.1
    }
}

impl<T, A: Static> Static for AtomOf<T, A> {
    const VALUE: Self = AtomOf(PhantomData, (A::VALUE,));
}

macro_rules! atoms {
    ($($bits:ident, $atom:ident, $b:literal, $shape:ty, $stride:ty, $text:literal, $elem:literal;)*) => {$(
        #[doc = concat!("CuTe's `GMMA::", stringify!($bits), "`: `", $text, "`.")]
        ///
        /// ```
        #[doc = concat!("use cute_static::gmma::", stringify!($bits), ";")]
        #[doc = concat!("assert_eq!(", stringify!($bits), "::new().to_string(), \"", $text, "\");")]
        /// ```
        pub type $bits = ComposedLayout<Swizzle<$b, 4, 3>, SmemPtr<1>, crate::Layout<$shape, $stride>>;

        #[doc = concat!("CuTe's `GMMA::", stringify!($atom), "<T>`: `upcast<sizeof_bits<T>>` of [`", stringify!($bits), "`].")]
        ///
        /// ```
        #[doc = concat!("use cute_static::gmma::{half_t, ", stringify!($atom), "};")]
        #[doc = concat!("assert_eq!(", stringify!($atom), "::<half_t>::new().to_string(), \"", $elem, "\");")]
        /// ```
        pub type $atom<T> = ComposedOf<AtomOf<T, $bits>>;
    )*};
}

use crate::consts::{_1, _8, _128, _256, _512, _1024};

atoms!(
    Layout_K_INTER_Atom_Bits, Layout_K_INTER_Atom, 0, (_8, _128), (_128, _1),
        "Sw<0,4,3> o smem_ptr[1b](unset) o (_8,_128):(_128,_1)", "Sw<0,4,3> o smem_ptr[16b](unset) o (_8,_8):(_8,_1)";
    Layout_K_SW32_Atom_Bits, Layout_K_SW32_Atom, 1, (_8, _256), (_256, _1),
        "Sw<1,4,3> o smem_ptr[1b](unset) o (_8,_256):(_256,_1)", "Sw<1,4,3> o smem_ptr[16b](unset) o (_8,_16):(_16,_1)";
    Layout_K_SW64_Atom_Bits, Layout_K_SW64_Atom, 2, (_8, _512), (_512, _1),
        "Sw<2,4,3> o smem_ptr[1b](unset) o (_8,_512):(_512,_1)", "Sw<2,4,3> o smem_ptr[16b](unset) o (_8,_32):(_32,_1)";
    Layout_K_SW128_Atom_Bits, Layout_K_SW128_Atom, 3, (_8, _1024), (_1024, _1),
        "Sw<3,4,3> o smem_ptr[1b](unset) o (_8,_1024):(_1024,_1)", "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)";
    Layout_MN_INTER_Atom_Bits, Layout_MN_INTER_Atom, 0, (_128, _8), (_1, _128),
        "Sw<0,4,3> o smem_ptr[1b](unset) o (_128,_8):(_1,_128)", "Sw<0,4,3> o smem_ptr[16b](unset) o (_8,_8):(_1,_8)";
    Layout_MN_SW32_Atom_Bits, Layout_MN_SW32_Atom, 1, (_256, _8), (_1, _256),
        "Sw<1,4,3> o smem_ptr[1b](unset) o (_256,_8):(_1,_256)", "Sw<1,4,3> o smem_ptr[16b](unset) o (_16,_8):(_1,_16)";
    Layout_MN_SW64_Atom_Bits, Layout_MN_SW64_Atom, 2, (_512, _8), (_1, _512),
        "Sw<2,4,3> o smem_ptr[1b](unset) o (_512,_8):(_1,_512)", "Sw<2,4,3> o smem_ptr[16b](unset) o (_32,_8):(_1,_32)";
    Layout_MN_SW128_Atom_Bits, Layout_MN_SW128_Atom, 3, (_1024, _8), (_1, _1024),
        "Sw<3,4,3> o smem_ptr[1b](unset) o (_1024,_8):(_1,_1024)", "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)";
);
