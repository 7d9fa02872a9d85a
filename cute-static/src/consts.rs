//! CuTe's static integers by name: `_0`, `_1`, ..., `_524288`, each the type `C<N>` (CuTe's
//! `Int<N>`, printed `_N`), as `typenum::consts` holds typenum's. The crate root re-exports
//! them, so CuTe's printed text reads as Rust: `Layout<(_4, _2), (_2, _1)>`. A value without a
//! name here is `C<N>` itself.
//!
//! ```
//! use cute_static::consts::{_1, _2, _4};
//! use cute_static::{C, Layout};
//! type RowMajor = Layout<(_4, _2), (_2, _1)>;
//! assert_eq!(RowMajor::new().to_string(), "(_4,_2):(_2,_1)");
//! assert_eq!(C::<1000>::default().to_string(), "_1000");
//! ```

use crate::int::C;

macro_rules! aliases {
    ($($name:ident = $n:literal),* $(,)?) => {
        $(
            #[doc = concat!("CuTe's `_", stringify!($n), "` (`Int<", stringify!($n), ">`).")]
            ///
            /// ```
            #[doc = concat!("use cute_static::StaticInt;")]
            #[doc = concat!("assert_eq!(<cute_static::consts::", stringify!($name), " as StaticInt>::VALUE, ", stringify!($n), ");")]
            #[doc = concat!("assert_eq!(cute_static::consts::", stringify!($name), "::default().to_string(), \"_", stringify!($n), "\");")]
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
