//! CuTe's `swizzle.hpp`: the XOR swizzle functor `Swizzle<B,M,S>`, `make_swizzle<Y,Z>()`, and
//! `MixedBits`, a 32-bit value whose bits are partly static and partly dynamic.
//!
//! ```text
//! 0bxxxxxxxxxxxxxxxYYYxxxxxxxZZZxxxx
//!                               ^--^ M: the low bits that never change
//!                  ^-^       ^-^     B: the number of bits in each field
//!                    ^---------^     S: the distance from Z up to Y (negative: Y is the lower field)
//! ```
//! `Sw(x) = x ^ shiftr(x & yyy_mask, S)`: the Y field is XORed into the Z field.

use crate::error::{Condition, LayoutError, Result};
use crate::int::Int;
use crate::prelude::*;
use core::fmt;

/// CuTe's `Swizzle<B,M,S>`: the function `x -> x ^ shiftr(x & yyy_mask, S)` on offsets, with
/// `yyy_mask = bits(B) << (M + max(0,S))` and `zzz_mask = bits(B) << (M - min(0,S))`.
/// Always static (its parameters are template arguments in CuTe); printed `Sw<B,M,S>`.
///
/// ```
/// use cute_dynamic::Swizzle;
/// let sw = Swizzle::new(3, 4, 3)?;
/// assert_eq!((sw.yyy_mask(), sw.zzz_mask()), (896, 112));
/// assert_eq!((sw.apply(128), sw.apply(200)), (144, 216));
/// assert_eq!(sw.to_string(), "Sw<3,4,3>");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swizzle {
    bits: i32,
    base: i32,
    shift: i32,
}

/// `shiftr(v, s)`: `v >> s` for `s >= 0`, `v << -s` otherwise (0 once every bit is shifted out).
pub(crate) fn shiftr(v: i32, s: i32) -> i32 {
    let amount = s.unsigned_abs();
    if s >= 0 {
        v.checked_shr(amount).unwrap_or(if v < 0 { -1 } else { 0 })
    } else {
        v.checked_shl(amount).unwrap_or(0)
    }
}

impl Swizzle {
    /// `Swizzle<B,M,S>` with CuTe's `static_assert`s as errors: `B >= 0` ("BBits must be
    /// positive."), `M >= 0` ("MBase must be positive."), `|S| >= B` ("abs(SShift) must be more
    /// than BBits."). Its masks are `int`s, so the fields must also fit in 32 bits
    /// (`B + M + |S| <= 32`).
    ///
    /// ```
    /// use cute_dynamic::{Condition, Swizzle};
    /// assert!(Swizzle::new(3, 3, 3).is_ok());
    /// assert_eq!(Swizzle::new(3, 2, 1).unwrap_err().condition(), Some(Condition::SwizzleShift));
    /// assert_eq!(Swizzle::new(-1, 4, 3).unwrap_err().condition(), Some(Condition::SwizzleBits));
    /// ```
    pub fn new(b: i32, m: i32, s: i32) -> Result<Swizzle> {
        let name = || format!("Sw<{b},{m},{s}>");
        if m < 0 {
            return Err(LayoutError::precondition(Condition::SwizzleBase, name()));
        }
        if b < 0 {
            return Err(LayoutError::precondition(Condition::SwizzleBits, name()));
        }
        if s.unsigned_abs() < b.unsigned_abs() {
            return Err(LayoutError::precondition(Condition::SwizzleShift, name()));
        }
        if i64::from(b) + i64::from(m) + i64::from(s.unsigned_abs()) > 32 {
            return Err(LayoutError::invalid(
                "Swizzle",
                format!("{} needs B+M+|S| <= 32 bits for its int masks", name()),
            ));
        }
        Ok(Swizzle {
            bits: b,
            base: m,
            shift: s,
        })
    }

    /// A swizzle whose parameters the caller knows to be valid (`B, M >= 0`, `|S| >= B`,
    /// `B + M + |S| <= 32`).
    pub(crate) const fn from_valid(b: i32, m: i32, s: i32) -> Swizzle {
        Swizzle {
            bits: b,
            base: m,
            shift: s,
        }
    }

    /// `B`, CuTe's `num_bits`: the number of bits in each of the two fields.
    ///
    /// ```
    /// assert_eq!(cute_dynamic::Swizzle::new(3, 4, 3)?.num_bits(), 3);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn num_bits(&self) -> i32 {
        self.bits
    }

    /// `M`, CuTe's `num_base`: the number of low bits left alone.
    ///
    /// ```
    /// assert_eq!(cute_dynamic::Swizzle::new(3, 4, 3)?.num_base(), 4);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn num_base(&self) -> i32 {
        self.base
    }

    /// `S`, CuTe's `num_shft`: how far the Y field lies above the Z field (negative: below).
    ///
    /// ```
    /// assert_eq!(cute_dynamic::Swizzle::new(2, 0, -3)?.num_shft(), -3);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn num_shft(&self) -> i32 {
        self.shift
    }

    /// `bits(B) << n` as CuTe's `int` (the fields fit in 32 bits, see [`Swizzle::new`]).
    fn field(&self, at: i32) -> i32 {
        let ones = (1u64 << self.bits) - 1;
        let mask = ones.checked_shl(at.unsigned_abs()).unwrap_or(0);
        // Two's complement, as CuTe's int mask with bit 31 set.
        mask as u32 as i32
    }

    /// `yyy_msk`: the bits XORed into the Z field, `bits(B) << (M + max(0,S))`.
    ///
    /// ```
    /// assert_eq!(cute_dynamic::Swizzle::new(2, 1, -3)?.yyy_mask(), 0b110);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn yyy_mask(&self) -> i32 {
        self.field(self.base + self.shift.max(0))
    }

    /// `zzz_msk`: the bits that change, `bits(B) << (M - min(0,S))`.
    ///
    /// ```
    /// assert_eq!(cute_dynamic::Swizzle::new(2, 1, -3)?.zzz_mask(), 0b110000);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn zzz_mask(&self) -> i32 {
        self.field(self.base - self.shift.min(0))
    }

    /// `swizzle_code`: `yyy_mask | zzz_mask`, every bit the swizzle reads or writes.
    ///
    /// ```
    /// assert_eq!(cute_dynamic::Swizzle::new(1, 0, 1)?.swizzle_code(), 0b11);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn swizzle_code(&self) -> u32 {
        (self.yyy_mask() | self.zzz_mask()) as u32
    }

    /// The swizzle applied to an offset: `offset ^ shiftr(offset & yyy_mask, S)` (CuTe's
    /// `Swizzle::apply`). `Sw<0,M,S>` is the identity.
    ///
    /// ```
    /// use cute_dynamic::Swizzle;
    /// let sw = Swizzle::new(2, 2, -2)?;                  // Y = bits 2,3; Z = bits 4,5
    /// assert_eq!(sw.apply(4), 20);
    /// assert_eq!(Swizzle::new(0, 4, 3)?.apply(1000), 1000);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn apply(&self, offset: i32) -> i32 {
        offset ^ shiftr(offset & self.yyy_mask(), self.shift)
    }

    /// The swizzle applied to an [`Int`], keeping its static/dynamic tag (a swizzled static
    /// offset is static).
    ///
    /// ```
    /// use cute_dynamic::{Int, Swizzle};
    /// let sw = Swizzle::new(3, 4, 3)?;
    /// assert_eq!(sw.call(Int::new_static(128)), Int::new_static(144));
    /// assert_eq!(sw.call(Int::new_dynamic(200)), Int::new_dynamic(216));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn call(&self, offset: Int) -> Int {
        Int::with_tag(self.apply(offset.value()), offset.is_static())
    }

    /// CuTe's `upcast<N>(Swizzle<B,M,S>)`: the swizzle on elements `N` times larger, which sees
    /// `log2 N` fewer low bits: `Sw<B,M-log2 N,S>`, or `Sw<max(B+M-log2 N,0),0,S>` when the
    /// base runs out. `N` must be a power of two.
    ///
    /// ```
    /// use cute_dynamic::Swizzle;
    /// assert_eq!(Swizzle::new(3, 4, 3)?.upcast(2)?.to_string(), "Sw<3,3,3>");
    /// assert_eq!(Swizzle::new(3, 1, 3)?.upcast(8)?.to_string(), "Sw<1,0,3>");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn upcast(&self, n: i32) -> Result<Swizzle> {
        let log2n = log2_exact(n, "upcast")?;
        let new_m = self.base - log2n;
        if new_m >= 0 {
            Swizzle::new(self.bits, new_m, self.shift)
        } else {
            Swizzle::new((self.bits + new_m).max(0), 0, self.shift)
        }
    }

    /// CuTe's `downcast<N>(Swizzle<B,M,S>)`: the swizzle on elements `N` times smaller,
    /// `Sw<B,M+log2 N,S>`. `N` must be a power of two.
    ///
    /// ```
    /// use cute_dynamic::Swizzle;
    /// assert_eq!(Swizzle::new(2, 2, 3)?.downcast(8)?.to_string(), "Sw<2,5,3>");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn downcast(&self, n: i32) -> Result<Swizzle> {
        let log2n = log2_exact(n, "downcast")?;
        Swizzle::new(self.bits, self.base + log2n, self.shift)
    }
}

/// `log2(n)` for a power of two `n` (CuTe's `static_assert(has_single_bit(N))`).
pub(crate) fn log2_exact(n: i32, op: &str) -> Result<i32> {
    if n <= 0 || n.count_ones() != 1 {
        return Err(LayoutError::precondition(
            Condition::PowerOfTwo,
            format!("{op}<{n}> of a swizzle"),
        ));
    }
    Ok(n.trailing_zeros() as i32)
}

/// CuTe's `make_swizzle<Y,Z>()`: the swizzle whose Y field is the mask `y` and whose Z field is
/// the mask `z`. Rule: `B = popcount(Y) = popcount(Z)` ("Number of bits in Y and Z don't
/// match"), `M = min(tz(Y), tz(Z)) % 32`, `S = tz(Y) - tz(Z)`, and `Y | Z` must be exactly that
/// swizzle's masks ("Something went wrong."). `make_swizzle(0, 0)` is the identity `Sw<0,0,0>`.
///
/// ```
/// use cute_dynamic::make_swizzle;
/// assert_eq!(make_swizzle(0b1000, 0b0100)?.to_string(), "Sw<1,2,1>");
/// assert_eq!(make_swizzle(0b1100_0000, 0b0000_0110)?.to_string(), "Sw<2,1,5>");
/// assert!(make_swizzle(0b1010, 0b0001).is_err());
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_swizzle(y: u32, z: u32) -> Result<Swizzle> {
    let (b, bz) = (y.count_ones(), z.count_ones());
    if b != bz {
        return Err(LayoutError::precondition(
            Condition::SwizzleMaskBits,
            format!("make_swizzle<{y},{z}>: {b} and {bz} bits"),
        ));
    }
    let (tz_y, tz_z) = (y.trailing_zeros(), z.trailing_zeros());
    let m = tz_y.min(tz_z) % 32;
    // Every value below is at most 32, so the casts are exact.
    let sw = Swizzle::new(b as i32, m as i32, tz_y as i32 - tz_z as i32)?;
    if y | z != sw.swizzle_code() {
        return Err(LayoutError::precondition(
            Condition::SwizzleMasks,
            format!(
                "make_swizzle<{y},{z}>: Y|Z is not the mask {} of {sw}",
                sw.swizzle_code()
            ),
        ));
    }
    Ok(sw)
}

impl fmt::Display for Swizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", self.bits, self.base, self.shift)
    }
}

/// CuTe's `MixedBits<S,F>{d}`: a 32-bit unsigned value whose bits in the mask `F` are known only
/// at run time (`d`, already masked) and whose other bits are the static `S`. Its value is
/// `S | d`. Printed `M_S|(d&F)=V`. Slicing a swizzled layout with a dynamic coordinate makes
/// one (the swizzle bits of the offset that the coordinate selects).
///
/// ```
/// use cute_dynamic::MixedBits;
/// let m = MixedBits::new(0, 192, 128)?;
/// assert_eq!(m.value(), 128);
/// assert_eq!(m.to_string(), "M_0|(128&192)=128");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MixedBits {
    static_bits: u32,
    flags: u32,
    dynamic_bits: u32,
}

impl MixedBits {
    /// `MixedBits<static_bits, flags>{dynamic_bits}` with CuTe's invariants: at least one dynamic
    /// bit, no overlap of static bits and flags, and dynamic bits only inside the flags.
    ///
    /// ```
    /// use cute_dynamic::MixedBits;
    /// assert!(MixedBits::new(1, 0, 0).is_err());      // no dynamic bit
    /// assert!(MixedBits::new(1, 1, 0).is_err());      // overlap
    /// assert!(MixedBits::new(0, 6, 8).is_err());      // a dynamic bit outside the flags
    /// ```
    pub fn new(static_bits: u32, flags: u32, dynamic_bits: u32) -> Result<MixedBits> {
        let broken = if flags == 0 {
            Some("Should be at least one dynamic bit in MixedBits.")
        } else if static_bits & flags != 0 {
            Some("No static/dynamic overlap allowed in MixedBits.")
        } else if dynamic_bits & !flags != 0 {
            Some("dynamic bits outside the flags")
        } else {
            None
        };
        match broken {
            Some(why) => Err(LayoutError::invalid(
                "MixedBits",
                format!("M_{static_bits}|({dynamic_bits}&{flags}): {why}"),
            )),
            None => Ok(MixedBits {
                static_bits,
                flags,
                dynamic_bits,
            }),
        }
    }

    /// For values that meet the invariants by construction (CuTe's `make_mixed_bits`).
    pub(crate) const fn from_parts(static_bits: u32, flags: u32, dynamic_bits: u32) -> MixedBits {
        MixedBits {
            static_bits,
            flags,
            dynamic_bits,
        }
    }

    /// The static bits `S`.
    ///
    /// ```
    /// assert_eq!(cute_dynamic::MixedBits::new(1, 6, 4)?.static_bits(), 1);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn static_bits(&self) -> u32 {
        self.static_bits
    }

    /// The mask `F` of the dynamic bits.
    ///
    /// ```
    /// assert_eq!(cute_dynamic::MixedBits::new(1, 6, 4)?.flags(), 6);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn flags(&self) -> u32 {
        self.flags
    }

    /// The run-time part `d` (inside `F`).
    ///
    /// ```
    /// assert_eq!(cute_dynamic::MixedBits::new(1, 6, 4)?.dynamic_bits(), 4);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn dynamic_bits(&self) -> u32 {
        self.dynamic_bits
    }

    /// The value `S | d`.
    ///
    /// ```
    /// assert_eq!(cute_dynamic::MixedBits::new(1, 6, 4)?.value(), 5);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn value(&self) -> u32 {
        self.static_bits | self.dynamic_bits
    }
}

impl fmt::Display for MixedBits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "M_{}|({}&{})={}",
            self.static_bits,
            self.dynamic_bits,
            self.flags,
            self.value()
        )
    }
}
