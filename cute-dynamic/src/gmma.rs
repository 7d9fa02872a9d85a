//! The GMMA shared-memory layout atoms (CuTe's `atom/mma_traits_sm90_gmma.hpp`):
//! `GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>`, swizzled composed layouts
//! `Sw<b,4,3> o smem_ptr[Nb](unset) o L`, by major-ness, swizzle width and value type.

use crate::composed::{ComposedLayout, flat_layout, make_composed_layout};
use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::numeric::sizeof_bits;
use crate::offset::Offset;
use crate::prelude::*;
use crate::swizzle::Swizzle;

/// Which dimension of a GMMA shared-memory atom is contiguous: `K` (K-major, `(8,W):(W,1)`)
/// or `MN` (M/N-major, `(W,8):(1,W)`).
///
/// ```
/// use cute_dynamic::{gmma_layout_atom_bits, GmmaMajor, GmmaSwizzle};
/// let k = gmma_layout_atom_bits(GmmaMajor::K, GmmaSwizzle::Inter);
/// assert_eq!(k.to_string(), "Sw<0,4,3> o smem_ptr[1b](unset) o (_8,_128):(_128,_1)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GmmaMajor {
    /// K-major.
    K,
    /// M- or N-major.
    MN,
}

/// The swizzle width of a GMMA shared-memory atom: none (`INTER`, interleaved), 32, 64 or 128
/// bytes (`Sw<0,4,3>`, `Sw<1,4,3>`, `Sw<2,4,3>`, `Sw<3,4,3>` on byte addresses).
///
/// ```
/// use cute_dynamic::{gmma_layout_atom_bits, GmmaMajor, GmmaSwizzle};
/// let mn = gmma_layout_atom_bits(GmmaMajor::MN, GmmaSwizzle::Sw128);
/// assert_eq!(mn.to_string(), "Sw<3,4,3> o smem_ptr[1b](unset) o (_1024,_8):(_1,_1024)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GmmaSwizzle {
    /// `INTER`: no swizzle.
    Inter,
    /// `SW32`: 32-byte swizzle.
    Sw32,
    /// `SW64`: 64-byte swizzle.
    Sw64,
    /// `SW128`: 128-byte swizzle.
    Sw128,
}

/// CuTe's `GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom_Bits`: the atom in units of bits,
/// `Sw<b,4,3> o smem_ptr[1b](unset) o L` with `L = (8,W):(W,1)` (K-major) or `(W,8):(1,W)`
/// (MN-major), `W = 128 << b`.
///
/// ```
/// use cute_dynamic::{gmma_layout_atom_bits, GmmaMajor, GmmaSwizzle};
/// let a = gmma_layout_atom_bits(GmmaMajor::K, GmmaSwizzle::Sw128);
/// assert_eq!(a.to_string(), "Sw<3,4,3> o smem_ptr[1b](unset) o (_8,_1024):(_1024,_1)");
/// ```
#[must_use]
pub fn gmma_layout_atom_bits(major: GmmaMajor, swizzle: GmmaSwizzle) -> ComposedLayout {
    let b = match swizzle {
        GmmaSwizzle::Inter => 0,
        GmmaSwizzle::Sw32 => 1,
        GmmaSwizzle::Sw64 => 2,
        GmmaSwizzle::Sw128 => 3,
    };
    let (w, eight, one) = (
        Int::new_static(128 << b),
        Int::new_static(8),
        Int::new_static(1),
    );
    let (shape, stride) = match major {
        GmmaMajor::K => ([eight, w], [w, one]),
        GmmaMajor::MN => ([w, eight], [one, w]),
    };
    let sw = Swizzle::from_valid(b, 4, 3);
    make_composed_layout(sw, Offset::SmemPtr(1), flat_layout(&shape, &stride))
}

/// CuTe's `GMMA::Layout_{K,MN}_{..}_Atom<T>` for a value type of `value_bits` bits:
/// `upcast<value_bits>` of the bit atom ([`gmma_layout_atom_bits`]).
///
/// ```
/// use cute_dynamic::{gmma_layout_atom, GmmaMajor, GmmaSwizzle};
/// let a = gmma_layout_atom(GmmaMajor::K, GmmaSwizzle::Sw128, 16)?;       // half_t
/// assert_eq!(a.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn gmma_layout_atom(
    major: GmmaMajor,
    swizzle: GmmaSwizzle,
    value_bits: i32,
) -> Result<ComposedLayout> {
    gmma_layout_atom_bits(major, swizzle).upcast(value_bits)
}
/// A GMMA atom by its C++ name: `GMMA::Layout_K_SW128_Atom<half_t>`, `Layout_MN_INTER_Atom<float>`,
/// `GMMA::Layout_K_SW32_Atom_Bits`, ... (the `GMMA::`/`SM90::GMMA::` prefix is optional).
///
/// ```
/// use cute_dynamic::gmma_atom;
/// let a = gmma_atom("GMMA::Layout_MN_SW64_Atom<float>")?;
/// assert_eq!(a.to_string(), "Sw<2,4,3> o smem_ptr[32b](unset) o (_16,_8):(_1,_16)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn gmma_atom(name: &str) -> Result<ComposedLayout> {
    let unknown = || LayoutError::invalid("gmma_atom", format!("unknown GMMA atom {name}"));
    let short = name
        .trim_start_matches("cute::")
        .trim_start_matches("SM90::")
        .trim_start_matches("GMMA::");
    let rest = short.strip_prefix("Layout_").ok_or_else(unknown)?;
    let (major, rest) = if let Some(r) = rest.strip_prefix("MN_") {
        (GmmaMajor::MN, r)
    } else if let Some(r) = rest.strip_prefix("K_") {
        (GmmaMajor::K, r)
    } else {
        return Err(unknown());
    };
    let (swizzle, rest) = [
        ("INTER_", GmmaSwizzle::Inter),
        ("SW32_", GmmaSwizzle::Sw32),
        ("SW64_", GmmaSwizzle::Sw64),
        ("SW128_", GmmaSwizzle::Sw128),
    ]
    .iter()
    .find_map(|(p, s)| rest.strip_prefix(p).map(|r| (*s, r)))
    .ok_or_else(unknown)?;
    if rest == "Atom_Bits" {
        return Ok(gmma_layout_atom_bits(major, swizzle));
    }
    let ty = rest
        .strip_prefix("Atom<")
        .and_then(|r| r.strip_suffix('>'))
        .ok_or_else(unknown)?;
    let bits = sizeof_bits(ty).ok_or_else(unknown)?;
    gmma_layout_atom(major, swizzle, bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gmma_atom_names() {
        let a = gmma_atom("SM90::GMMA::Layout_K_SW64_Atom<cutlass::bfloat16_t>").unwrap();
        assert_eq!(
            a,
            gmma_layout_atom(GmmaMajor::K, GmmaSwizzle::Sw64, 16).unwrap()
        );
        for bad in [
            "",
            "GMMA::Layout_K_SW16_Atom<half_t>",
            "Layout_X_SW32_Atom<float>",
            "GMMA::Layout_MN_INTER_Atom<char>",
            "GMMA::Layout_K_SW32_Atom<float",
        ] {
            assert!(gmma_atom(bad).is_err(), "{bad}");
        }
    }
}
