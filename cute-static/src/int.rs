//! Static integers: `C<N>` (CuTe's `Int<N>`); the aliases `_0`, `_1`, ... are in
//! [`crate::consts`].

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
