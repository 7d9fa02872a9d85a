//! typenum's integers as static leaves (feature `typenum`): `U0`, `U8`, `P3`, `N2`, `Z0`, ...
//! are accepted wherever `C<N>` is, as IntTuple, tiler and slice-coordinate leaves and as a
//! composed layout's offset, and every operation gives the same result as with `C<N>` (the same
//! const tree: `U4` and `_4` are the same leaf once the type is read).
//!
//! The impls are on typenum's type constructors (`UTerm`, `UInt<U, B>`, `Z0`, `PInt<U>`,
//! `NInt<U>`), not blanket impls over `typenum::Unsigned` / `typenum::Integer`: a blanket impl
//! would overlap with this crate's impls for `C<N>`, `i32` and tuples (typenum may add its
//! traits to any type). Generic code over typenum numbers bounds them by [`IntTuple`] (or
//! [`StaticInt`]) next to `Unsigned`.
//!
//! A value outside `i32` (CuTe's `int`) is a compile error, not a wrap.

use crate::composed::Offset;
use crate::error::Msg;
use crate::int::StaticInt;
use crate::tree::{Tree, V};
use crate::tuple::{IntTuple, Leaves, SliceCoord, Static, Tiler};
use typenum::{Bit, NInt, NonZero, PInt, UInt, UTerm, Unsigned, Z0};

/// The value of a typenum unsigned integer, computed bit by bit as `i64` (saturating, so a
/// number of any width gives a value to compare with `i32`'s range).
trait Magnitude {
    const MAG: i64;
}

impl Magnitude for UTerm {
    const MAG: i64 = 0;
}

impl<U: Magnitude, B: Bit> Magnitude for UInt<U, B> {
    const MAG: i64 = U::MAG.saturating_mul(2).saturating_add(B::U8 as i64);
}

/// `v` as an `i32` leaf; out of range is a compile error (the callers are associated consts).
const fn leaf(v: i64) -> i32 {
    if v < i32::MIN as i64 || v > i32::MAX as i64 {
        let mut m = Msg::new("typenum integer ");
        if v.unsigned_abs() >= i64::MAX as u64 {
            m.str("of magnitude 2^63 or more");
        } else {
            m.num64(v);
        }
        m.str(" is out of range for a static leaf (i32, CuTe's int)")
            .fail()
    }
    v as i32
}

/// The impls a static leaf has (those of `C<N>`), for one typenum type with value `$v`.
macro_rules! typenum_leaf {
    ([$($g:tt)*] $T:ty, $v:expr, $doc:literal) => {
        #[doc = $doc]
        impl<$($g)*> StaticInt for $T {
            const VALUE: i32 = leaf($v);
        }

        impl<$($g)*> Leaves for $T {
            const NDYN: usize = 0;
            #[inline(always)]
            fn dyn_leaf(&self, _: usize) -> i32 {
                0
            }
        }

        #[doc = $doc]
        impl<$($g)*> IntTuple for $T {
            const TREE: Tree = Tree::int(<$T as StaticInt>::VALUE);
        }

        impl<$($g)*> Tiler for $T {
            const TILER: Tree = Tree::int(<$T as StaticInt>::VALUE);
        }

        impl<$($g)*> SliceCoord for $T {
            const COORD: Tree = Tree::int(<$T as StaticInt>::VALUE);
        }

        impl<$($g)*> Offset for $T {
            const OFFSET: crate::algebra::swizzle::Off =
                crate::algebra::swizzle::Off::Int(V::s(<$T as StaticInt>::VALUE));
        }
    };
}

typenum_leaf!([] UTerm, 0, "typenum's `U0` (feature `typenum`): the static leaf `_0`.");
typenum_leaf!(
    [U: Unsigned + Magnitude, B: Bit] UInt<U, B>,
    <UInt<U, B> as Magnitude>::MAG,
    "typenum's `U1`, `U8`, ... (feature `typenum`): the static leaf `_N`; above `i32::MAX`, a \
     compile error (`Magnitude`, private, is the value of any typenum unsigned integer)."
);
typenum_leaf!([] Z0, 0, "typenum's `Z0` (feature `typenum`): the static leaf `_0`.");
typenum_leaf!(
    [U: Unsigned + NonZero + Magnitude] PInt<U>,
    U::MAG,
    "typenum's `P1`, `P8`, ... (feature `typenum`): the static leaf `_N`; above `i32::MAX`, a \
     compile error."
);
typenum_leaf!(
    [U: Unsigned + NonZero + Magnitude] NInt<U>,
    -U::MAG,
    "typenum's `N1`, `N8`, ... (feature `typenum`): the static leaf `_-N`; below `i32::MIN`, a \
     compile error."
);

// `Static` needs the value in a `const`: typenum's `UInt`, `PInt` and `NInt` have private
// fields and no `const` constructor, so only its unit structs can be `Static`. (A layout of
// `U4`s is still zero-sized; it is built with `Default` or `Layout::from_parts`.)
impl Static for UTerm {
    const VALUE: Self = UTerm;
}

impl Static for Z0 {
    const VALUE: Self = Z0;
}
