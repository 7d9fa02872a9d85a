//! CuTe's `swizzle.hpp`: the XOR swizzle functor `Swizzle<B,M,S>` and the offset tag
//! `smem_ptr[Nb](unset)` of the GMMA shared-memory atoms.
//!
//! ```text
//! 0bxxxxxxxxxxxxxxxYYYxxxxxxxZZZxxxx
//!                               ^--^ M: the low bits that never change
//!                  ^-^       ^-^     B: the number of bits in each field
//!                    ^---------^     S: the distance from Z up to Y (negative: Y is the lower field)
//! ```

use crate::algebra::swizzle::Swz;
use crate::tuple::{Leaves, Static};
use core::fmt;

/// CuTe's `Swizzle<B,M,S>`: the function `x -> x ^ shiftr(x & yyy_mask, S)` on offsets, with
/// `yyy_mask = bits(B) << (M + max(0,S))` (`shiftr` shifts left for a negative `S`). Zero-sized;
/// printed `Sw<B,M,S>`. CuTe's `static_assert`s are compile errors in its words:
/// `MBase must be positive.` (`M >= 0`), `BBits must be positive.` (`B >= 0`),
/// `abs(SShift) must be more than BBits.` (`|S| >= B`); the masks are `int`s, so also
/// `B + M + |S| <= 32`.
///
/// ```
/// use cute_static::Swizzle;
/// let sw = Swizzle::<3, 4, 3>::new();       // CuTe: Swizzle<3,4,3>{}
/// assert_eq!((sw.call(128), sw.call(200)), (144, 216));
/// assert_eq!(sw.to_string(), "Sw<3,4,3>");
/// assert_eq!(core::mem::size_of_val(&sw), 0);
/// const YYY: i32 = Swizzle::<3, 4, 3>::YYY_MASK;
/// assert_eq!(YYY, 896);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Swizzle<const B: i32, const M: i32, const S: i32>;

impl<const B: i32, const M: i32, const S: i32> Swizzle<B, M, S> {
    /// The swizzle, its parameters checked while compiling (CuTe's `static_assert`s).
    pub(crate) const SWZ: Swz = Swz::new(B, M, S);

    /// CuTe's `yyy_msk`: the bits XORed into the Z field, `bits(B) << (M + max(0,S))`.
    pub const YYY_MASK: i32 = Self::SWZ.yyy_mask();

    /// CuTe's `zzz_msk`: the bits that change, `bits(B) << (M - min(0,S))`.
    ///
    /// ```
    /// assert_eq!(cute_static::Swizzle::<3, 4, 3>::ZZZ_MASK, 112);
    /// ```
    pub const ZZZ_MASK: i32 = Self::SWZ.zzz_mask();

    /// `Swizzle<B,M,S>{}`: a compile error in CuTe's words if the parameters are invalid.
    ///
    /// ```
    /// let sw = cute_static::Swizzle::<2, 0, -3>::new();
    /// assert_eq!(sw.call(2), 2 ^ (2 << 3));
    /// ```
    #[inline(always)]
    pub const fn new() -> Self {
        let _ = Self::SWZ;
        Swizzle
    }

    /// CuTe's `Swizzle::operator()`: `offset ^ shiftr(offset & yyy_mask, S)`. Compiles to one
    /// AND, one shift and one XOR (nothing for `Sw<0,M,S>`, the identity), written with the mask
    /// and the shift as constants so that LLVM bounds the result as it bounds the hand-written
    /// XOR (and drops the bounds checks it makes unnecessary).
    ///
    /// ```
    /// use cute_static::Swizzle;
    /// assert_eq!(Swizzle::<1, 0, 1>::new().call(2), 3);
    /// assert_eq!(Swizzle::<0, 4, 3>::new().call(1000), 1000);
    /// ```
    #[inline(always)]
    pub const fn call(&self, offset: i32) -> i32 {
        let yyy = Self::YYY_MASK;
        if S >= 32 || S <= -32 {
            offset // only the identity `Sw<0,0,±32>` shifts this far (B + M + |S| <= 32)
        } else if S >= 0 {
            offset ^ ((offset & yyy) >> S)
        } else {
            offset ^ ((offset & yyy) << -S)
        }
    }
}

impl<const B: i32, const M: i32, const S: i32> fmt::Display for Swizzle<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{B},{M},{S}>")
    }
}

impl<const B: i32, const M: i32, const S: i32> fmt::Debug for Swizzle<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<const B: i32, const M: i32, const S: i32> Leaves for Swizzle<B, M, S> {
    const NDYN: usize = 0;
    #[inline(always)]
    fn dyn_leaf(&self, _: usize) -> i32 {
        0
    }
}

impl<const B: i32, const M: i32, const S: i32> Static for Swizzle<B, M, S> {
    const VALUE: Self = Swizzle;
}

/// CuTe's `smem_ptr_flag_bits<N>`, printed `smem_ptr[Nb](unset)`: the offset of a GMMA
/// shared-memory atom, a static 0 that waits for a pointer to `N`-bit elements. It behaves as
/// `_0` except in `upcast`/`downcast` (the swizzle, which acts on bytes, stays and `N` scales)
/// and in `as_position_independent_swizzle_layout`.
///
/// ```
/// use cute_static::SmemPtr;
/// assert_eq!(SmemPtr::<16>.to_string(), "smem_ptr[16b](unset)");
/// ```
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct SmemPtr<const BITS: i32>;

impl<const BITS: i32> fmt::Display for SmemPtr<BITS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "smem_ptr[{BITS}b](unset)")
    }
}

impl<const BITS: i32> Leaves for SmemPtr<BITS> {
    const NDYN: usize = 0;
    #[inline(always)]
    fn dyn_leaf(&self, _: usize) -> i32 {
        0
    }
}

impl<const BITS: i32> Static for SmemPtr<BITS> {
    const VALUE: Self = SmemPtr;
}
