//! Static integers: `C<N>` (CuTe's `Int<N>`), the aliases `_0`, `_1`, ..., and integer results.

use core::fmt;

/// A static integer, CuTe's `Int<N>` / `C<N>`; printed `_N`. Zero-sized.
///
/// ```
/// use cute_static::{C, StaticInt, _4};
/// use static_assertions::{assert_eq_size, assert_type_eq_all, const_assert_eq};
/// const_assert_eq!(<C<1536> as StaticInt>::VALUE, 1536);
/// assert_eq!(_4::default().to_string(), "_4");
/// assert_eq_size!(C<1536>, ()); // zero-sized
/// assert_type_eq_all!(_4, C<4>); // the aliases are `C<N>`
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct C<const N: i32>;

/// A type that stands for a compile-time integer.
///
/// ```
/// use cute_static::{StaticInt, _8};
/// assert_eq!(_8::VALUE, 8);
/// ```
pub trait StaticInt {
    /// The value.
    const VALUE: i32;
}

impl<const N: i32> StaticInt for C<N> {
    const VALUE: i32 = N;
}

impl<const N: i32> fmt::Display for C<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "_{N}")
    }
}

impl<const N: i32> C<N> {
    /// The value, usable in `const` contexts.
    ///
    /// ```
    /// const V: i32 = cute_static::C::<12>::value();
    /// assert_eq!(V, 12);
    /// ```
    pub const fn value() -> i32 {
        N
    }
}

macro_rules! aliases {
    ($($name:ident = $n:literal),* $(,)?) => {
        $(
            #[doc = concat!("CuTe's `_", stringify!($n), "` (`Int<", stringify!($n), ">`).")]
            ///
            /// ```
            #[doc = concat!("use cute_static::StaticInt;")]
            #[doc = concat!("assert_eq!(<cute_static::", stringify!($name), " as StaticInt>::VALUE, ", stringify!($n), ");")]
            #[doc = concat!("assert_eq!(cute_static::", stringify!($name), "::default().to_string(), \"_", stringify!($n), "\");")]
            /// ```
            pub type $name = C<$n>;
        )*
    };
}

aliases!(
    _0 = 0,
    _1 = 1,
    _2 = 2,
    _3 = 3,
    _4 = 4,
    _5 = 5,
    _6 = 6,
    _7 = 7,
    _8 = 8,
    _9 = 9,
    _10 = 10,
    _11 = 11,
    _12 = 12,
    _13 = 13,
    _14 = 14,
    _15 = 15,
    _16 = 16,
    _24 = 24,
    _32 = 32,
    _48 = 48,
    _64 = 64,
    _80 = 80,
    _96 = 96,
    _112 = 112,
    _128 = 128,
    _144 = 144,
    _160 = 160,
    _176 = 176,
    _192 = 192,
    _208 = 208,
    _224 = 224,
    _240 = 240,
    _256 = 256,
    _384 = 384,
    _512 = 512,
    _768 = 768,
    _1024 = 1024,
    _1536 = 1536,
    _2048 = 2048,
    _3072 = 3072,
    _4096 = 4096,
    _8192 = 8192,
    _16384 = 16384,
    _32768 = 32768,
    _65536 = 65536,
    _131072 = 131072,
    _262144 = 262144,
    _524288 = 524288,
);
