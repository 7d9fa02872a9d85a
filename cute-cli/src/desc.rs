//! `--desc K|MN`: what the tensor cores' descriptors make of a shared-memory layout, by
//! cute-static's rules (the ones the GPU kernels compute theirs with): the GMMA matrix
//! descriptor of one `wgmma` operand tile at the layout's origin, and the TMA box of its first
//! `(mode 0, mode 1)` tile; each with the rule the layout breaks where it has none.
//!
//! The layout is CuTe's `Sw<B,4,3> o smem_ptr[Nb] o L` (a GMMA atom, `tile_to_shape` of one),
//! or a plain `L` with `--bits N`; `L`'s mode 0 is MN (M of A, N of B), mode 1 is K, and
//! further modes (pipeline stages) are left at 0.

use crate::error::CliError;
use cute_dynamic::{AnyLayout, Layout, LayoutFn, Offset};
use cute_static::gmma::{LayoutType, Major, make_gmma_desc, recast_u128};
use cute_static::tma::make_tma_tile;

/// The element width and byte swizzle `B` of `Sw<B,4,3>` of a shared layout, and its layout.
fn parts(l: &AnyLayout, bits: Option<u32>) -> Result<(u32, i32, Layout), CliError> {
    let need_bits = || {
        CliError::plain(
            "--desc needs the element width: a composed layout's smem_ptr[Nb] (a GMMA atom's), or --bits N"
                .to_string(),
        )
    };
    match l {
        AnyLayout::Plain(l) => Ok((bits.ok_or_else(need_bits)?, 0, l.clone())),
        AnyLayout::Composed(c) => {
            let (LayoutFn::Swizzle(sw), LayoutFn::Layout(inner)) = (c.layout_a(), c.layout_b())
            else {
                return Err(CliError::plain(format!(
                    "--desc takes Sw<B,4,3> o smem_ptr[Nb] o L (a swizzle on byte addresses after a layout), not {c}"
                )));
            };
            if sw.num_base() != 4 || sw.num_shft() != 3 {
                return Err(CliError::plain(format!(
                    "the tensor cores' swizzles are Sw<0..=3,4,3> on byte addresses, not {}",
                    LayoutFn::Swizzle(*sw)
                )));
            }
            let bits = match (c.offset(), bits) {
                (Offset::SmemPtr(b), _) => u32::try_from(*b).map_err(|_| need_bits())?,
                (Offset::Int(i), Some(b)) if i.value() == 0 => b,
                (Offset::Int(i), None) if i.value() == 0 => return Err(need_bits()),
                (o, _) => {
                    return Err(CliError::plain(format!(
                        "a shared tile starts at offset 0, not {o}"
                    )));
                }
            };
            Ok((bits, sw.num_bits(), inner.clone()))
        }
    }
}

/// The sizes of modes 0 and 1 of `l` (a rank-1 layout's mode 1 is 1).
fn tile(l: &Layout) -> Result<(i32, i32), CliError> {
    let size = |m: usize| -> Result<i32, CliError> {
        let e = |e: cute_dynamic::LayoutError| CliError::plain(e.to_string());
        Ok(l.get(m).map_err(e)?.size().map_err(e)?.value())
    };
    Ok((size(0)?, if l.rank() > 1 { size(1)? } else { 1 }))
}

/// The offsets of the first `n` indices of `l` (its `(MN, K)` tile, column-major).
fn offsets(l: &Layout, n: i32) -> Result<Vec<i32>, CliError> {
    (0..n)
        .map(|i| {
            Ok(l.call(i)
                .map_err(|e| CliError::plain(e.to_string()))?
                .value())
        })
        .collect()
}

/// The `--desc` lines of a shared layout for operands of `major`.
///
/// ```
/// use cute_cli::desc::describe;
/// use cute_static::gmma::Major;
/// // tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_64,_64)).
/// let l = "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_64):(_64,_1)".parse().unwrap();
/// let out = describe(&l, Major::K, None).unwrap();
/// assert!(out.contains("SW128, LBO 1 (16 bytes), SBO 64 (1024 bytes)"), "{out}");
/// assert!(out.contains("TMA box [64, 64] (K contiguous: dimension 0 is mode 1), 128-byte swizzle, 8192 bytes"), "{out}");
/// ```
pub fn describe(l: &AnyLayout, major: Major, bits: Option<u32>) -> Result<String, CliError> {
    let (bits, b, inner) = parts(l, bits)?;
    if !matches!(bits, 4 | 8 | 16 | 32 | 64) {
        return Err(CliError::plain(format!(
            "an element of {bits} bits: the tensor cores take 4 to 64"
        )));
    }
    let (mn, k_all) = tile(&inner)?;
    if i64::from(mn) * i64::from(k_all.max(256 / bits as i32)) > crate::MAX_CELLS as i64 {
        return Err(CliError::plain(format!(
            "--desc reads a ({mn},{k_all}) tile: at most {} elements",
            crate::MAX_CELLS
        )));
    }
    let names = match major {
        Major::K => ("K-major", "K contiguous: dimension 0 is mode 1", 1),
        Major::MN => ("MN-major", "MN contiguous: dimension 0 is mode 0", 0),
    };
    let mut out = String::new();

    // GMMA: one wgmma's operand tile, (MN, 256 bits of K) at the origin.
    let per = (128 / bits) as i32;
    let k = (256 / bits) as i32;
    out.push_str(&format!(
        "GMMA descriptor ({}, {bits}-bit elements, the ({mn},{k}) tile of one wgmma at the origin): ",
        names.0
    ));
    let gmma = (|| -> Result<String, String> {
        if k > k_all {
            return Err(format!("the layout's K is {k_all}, one wgmma reads {k}"));
        }
        let lt = LayoutType::from_swizzle_bits(b).ok_or("the swizzle is not Sw<0..=3,4,3>")?;
        let elems = offsets(&inner, mn * k).map_err(|e| e.to_string())?;
        let vectors = (mn * k / per) as usize;
        let mut v = vec![0; vectors];
        recast_u128(major, bits, mn, k, &elems, &mut v).map_err(|e| e.to_string())?;
        let (mn_units, k_units) = match major {
            Major::K => (mn, k / per),
            Major::MN => (mn / per, k),
        };
        let d =
            make_gmma_desc(major, lt, bits, mn_units, k_units, &v).map_err(|e| e.to_string())?;
        let name = match lt {
            LayoutType::Interleave => "INTERLEAVE",
            LayoutType::B32 => "SW32",
            LayoutType::B64 => "SW64",
            LayoutType::B128 => "SW128",
        };
        let (lbo, sbo) = (d.leading_byte_offset(), d.stride_byte_offset());
        Ok(format!(
            "{name}, LBO {lbo} ({} bytes), SBO {sbo} ({} bytes), start 0: {:#018x}",
            u32::from(lbo) * 16,
            u32::from(sbo) * 16,
            d.0
        ))
    })();
    match gmma {
        Ok(s) => out.push_str(&s),
        Err(e) => out.push_str(&format!("none: {e}")),
    }
    out.push('\n');

    // TMA: the whole (mode 0, mode 1) tile, dimension 0 the contiguous mode.
    let tma = (|| -> Result<String, String> {
        let elems = offsets(&inner, mn * k_all).map_err(|e| e.to_string())?;
        let t = make_tma_tile(bits, names.2, [mn, k_all], &elems, b).map_err(|e| e.to_string())?;
        let swizzle = match b {
            0 => "no swizzle".to_string(),
            b => format!("{}-byte swizzle", 16 << b),
        };
        Ok(format!(
            "TMA box {:?} ({}), {swizzle}, {} bytes a load",
            t.box_dims, names.1, t.box_bytes
        ))
    })();
    match tma {
        Ok(s) => out.push_str(&s),
        Err(e) => out.push_str(&format!(
            "TMA box of the ({mn},{k_all}) tile ({}): none: {e}",
            names.1
        )),
    }
    out.push('\n');
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(text: &str, major: Major) -> String {
        describe(&text.parse().unwrap(), major, None).unwrap()
    }

    /// CuTe's GMMA atoms tiled to (64,64): the descriptors CuTe computes (SBO 64/32/16/8 units
    /// for the K-major swizzles; LBO 1 where it is unused) and one 128-row TMA box.
    #[test]
    fn gmma_atoms() {
        let k128 = desc(
            "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_64):(_64,_1)",
            Major::K,
        );
        assert!(
            k128.contains("SW128, LBO 1 (16 bytes), SBO 64 (1024 bytes)"),
            "{k128}"
        );
        let k64 = desc(
            "Sw<2,4,3> o smem_ptr[16b](unset) o (_64,_32):(_32,_1)",
            Major::K,
        );
        assert!(
            k64.contains("SW64, LBO 1 (16 bytes), SBO 32 (512 bytes)"),
            "{k64}"
        );
        assert!(k64.contains("TMA box [32, 64]"), "{k64}");
        let inter = desc(
            "Sw<0,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_8,_2)):((_8,_64),(_1,_512))",
            Major::K,
        );
        assert!(inter.contains("INTERLEAVE"), "{inter}");
    }

    /// A padded tile: no descriptor (CuTe's words) and no TMA box, each saying why.
    #[test]
    fn padded_tile_is_explained() {
        let out = describe(&"(_64,_16):(_72,_1)".parse().unwrap(), Major::K, Some(16)).unwrap();
        assert!(
            out.contains("none: Not a canonical GMMA_K Layout: Expected stride failure."),
            "{out}"
        );
        assert!(
            out.contains("none: TMA: the shared tile is not the box in TMA's order"),
            "{out}"
        );
        assert!(describe(&"(_64,_16):(_16,_1)".parse().unwrap(), Major::K, None).is_err());
    }
}
