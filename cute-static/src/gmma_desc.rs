//! CuTe's GMMA shared-memory matrix descriptors (`cute/arch/mma_sm90_desc.hpp`,
//! `make_gmma_desc` of `cute/atom/mma_traits_sm90_gmma.hpp`): the 64-bit word through which an
//! SM90 `wgmma.mma_async` reads an operand tile from shared memory.
//!
//! The rule (CuTe's): in units of `uint128_t` (`T` = 16 bytes), a descriptor describes one of
//! the canonical layouts below, the swizzle `Sw<B,4,3>` acting on byte addresses, `W` = 1, 2, 4
//! or 8 for the interleaved, 32-, 64- and 128-byte swizzles:
//!
//! * K-major, tile `((8,n),2)` (MN then K): `((8,n),2):((W,SBO),1)`, or
//!   `((8,n),2):((1,SBO),LBO)` interleaved;
//! * MN-major, tile `((W,n),(8,k))`: `((W,n),(8,k)):((1,LBO),(W,SBO))`, or
//!   `((1,n),(8,k)):((X,SBO),(1,LBO))` interleaved;
//!
//! and the descriptor holds the tile's start address, `LBO` and `SBO` (in 16-byte units) and
//! the swizzle. A layout of another form cannot be read by one `wgmma`: CuTe's static
//! assertion, here [`GmmaError`] with CuTe's words, a compile error through
//! `cute_gpu::make_gmma_desc!` for a static layout (the GPU kernels' descriptors), and
//! `cute --desc` explains a layout's.
//!
//! ```
//! use cute_static::gmma::{make_gmma_desc, LayoutType, Major};
//! // tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, (_128,_64)): a (64,16) tile of it in
//! // uint128 units is (64,2):(8,1); CuTe's descriptor: SBO 1024 bytes (64 units), LBO 1.
//! let offsets: Vec<i32> = (0..128).map(|i| (i % 64) * 8 + i / 64).collect();
//! let d = make_gmma_desc(Major::K, LayoutType::B128, 16, 64, 2, &offsets).unwrap();
//! assert_eq!((d.stride_byte_offset(), d.leading_byte_offset(), d.layout_type()), (64, 1, 1));
//! ```

use core::fmt;

/// CuTe's `GMMA::Major`: which mode of an operand tile is contiguous in shared memory.
///
/// ```
/// use cute_static::gmma::Major;
/// assert_ne!(Major::K, Major::MN); // GMMA::Major::K, GMMA::Major::MN
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Major {
    /// `GMMA::Major::K`: K contiguous (a TN GEMM's A and B).
    K,
    /// `GMMA::Major::MN`: M (of A) or N (of B) contiguous.
    MN,
}

/// CuTe's `GMMA::LayoutType`, bits 62-63 of a descriptor: the swizzle of its canonical layout,
/// `Sw<B,4,3>` on byte addresses (`B` = 0, 1, 2, 3 for `INTERLEAVE`, `B32`, `B64`, `B128`).
///
/// ```
/// use cute_static::gmma::LayoutType;
/// // GMMA::Layout_K_SW128_Atom is Sw<3,4,3> o ...
/// assert_eq!(LayoutType::from_swizzle_bits(3), Some(LayoutType::B128));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutType {
    /// No swizzle (`Sw<0,4,3>`), 8x16-byte core matrices.
    Interleave = 0,
    /// `Sw<3,4,3>`: 128-byte rows.
    B128 = 1,
    /// `Sw<2,4,3>`: 64-byte rows.
    B64 = 2,
    /// `Sw<1,4,3>`: 32-byte rows.
    B32 = 3,
}

impl LayoutType {
    /// The layout type of the byte-address swizzle `Sw<B,4,3>`; `None` for `B` over 3.
    ///
    /// ```
    /// assert_eq!(cute_static::gmma::LayoutType::from_swizzle_bits(0), Some(cute_static::gmma::LayoutType::Interleave));
    /// ```
    pub const fn from_swizzle_bits(b: i32) -> Option<LayoutType> {
        match b {
            0 => Some(LayoutType::Interleave),
            1 => Some(LayoutType::B32),
            2 => Some(LayoutType::B64),
            3 => Some(LayoutType::B128),
            _ => None,
        }
    }

    /// `W`: the swizzle's row in 16-byte units (1 interleaved, 2, 4, 8).
    const fn width(self) -> i32 {
        match self {
            LayoutType::Interleave => 1,
            LayoutType::B32 => 2,
            LayoutType::B64 => 4,
            LayoutType::B128 => 8,
        }
    }
}

/// Why a shared-memory layout has no GMMA descriptor: CuTe's static assertions in
/// `make_gmma_desc`, with the values found.
///
/// ```
/// use cute_static::gmma::{make_gmma_desc, LayoutType, Major};
/// let e = make_gmma_desc(Major::K, LayoutType::B128, 16, 12, 2, &[0; 24]).unwrap_err();
/// assert!(e.to_string().starts_with("Not a canonical GMMA_K Layout: Expected MN-size multiple of 8."));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GmmaError {
    /// The MN extent of a K-major tile is not a multiple of 8 rows.
    MnSize {
        /// The tile's MN extent.
        mn: i32,
    },
    /// The K extent (in 16-byte units) is not what one `wgmma` reads.
    KSize {
        /// The descriptor's major mode.
        major: Major,
        /// The tile's K extent in 16-byte units.
        k: i32,
    },
    /// The offsets of the tile (fewer than its size given, or a negative one).
    Profile {
        /// The descriptor's major mode.
        major: Major,
    },
    /// The tile is not the canonical layout: the element `(mn, k)` (16-byte units) lies at
    /// `found`, the canonical layout puts it at `expected`.
    Stride {
        /// The descriptor's major mode.
        major: Major,
        /// MN coordinate.
        mn: i32,
        /// K coordinate.
        k: i32,
        /// The layout's offset (16-byte units).
        found: i32,
        /// The canonical layout's offset.
        expected: i32,
    },
    /// An offset or byte offset does not fit the descriptor's 14-bit field.
    Field {
        /// The field.
        what: &'static str,
        /// Its value in 16-byte units.
        value: i32,
    },
}

impl GmmaError {
    /// CuTe's text for the condition.
    ///
    /// ```
    /// use cute_static::gmma::{GmmaError, Major};
    /// assert_eq!(GmmaError::Profile { major: Major::MN }.message(), "Not a canonical GMMA_MN Layout: Expected profile failure.");
    /// ```
    pub const fn message(&self) -> &'static str {
        match self {
            GmmaError::MnSize { .. } => {
                "Not a canonical GMMA_K Layout: Expected MN-size multiple of 8."
            }
            GmmaError::KSize {
                major: Major::K, ..
            } => {
                "Not a canonical GMMA_K Layout: Expected K-size 2 for dense or 4 for sparse (in units of uint128_t)."
            }
            GmmaError::KSize {
                major: Major::MN, ..
            } => {
                "Not a canonical GMMA_MN Layout: Expected K-size 256/sizeof_bits<T> for dense or (128|512)/sizeof_bits<T> for sparse."
            }
            GmmaError::Profile { major: Major::K } => {
                "Not a canonical GMMA_K Layout: Expected profile failure."
            }
            GmmaError::Profile { major: Major::MN } => {
                "Not a canonical GMMA_MN Layout: Expected profile failure."
            }
            GmmaError::Stride {
                major: Major::K, ..
            } => "Not a canonical GMMA_K Layout: Expected stride failure.",
            GmmaError::Stride {
                major: Major::MN, ..
            } => "Not a canonical GMMA_MN Layout: Expected stride failure.",
            GmmaError::Field { .. } => {
                "GMMA descriptor: an address or byte offset does not fit its 14-bit field (16-byte units)."
            }
        }
    }
}

impl fmt::Display for GmmaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())?;
        match *self {
            GmmaError::MnSize { mn } => write!(f, " (MN = {mn})"),
            GmmaError::KSize { k, .. } => write!(f, " (K = {k} x uint128_t)"),
            GmmaError::Profile { .. } => Ok(()),
            GmmaError::Stride {
                mn,
                k,
                found,
                expected,
                ..
            } => write!(
                f,
                " (element ({mn},{k}) in uint128_t units at {found}, the canonical layout's at {expected})"
            ),
            GmmaError::Field { what, value } => write!(f, " ({what} = {value})"),
        }
    }
}

/// CuTe's `GmmaDescriptor`: bits 0-13 the start address, 16-29 the leading byte offset, 32-45
/// the stride byte offset (all in 16-byte units), 49-51 the base offset, 62-63 the
/// [`LayoutType`].
///
/// ```
/// use cute_static::gmma::{GmmaDescriptor, LayoutType};
/// let d = GmmaDescriptor::new(LayoutType::B128, 1, 64).with_start(0x400);
/// assert_eq!(d.0, (1 << 62) | (64 << 32) | (1 << 16) | 0x40);
/// assert_eq!(d.plus(2).start_address(), 0x42); // 32 bytes on: the next k-block of 16 halves
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct GmmaDescriptor(pub u64);

impl GmmaDescriptor {
    /// A descriptor of `layout_type` with the leading and stride byte offsets `lbo`, `sbo`
    /// (16-byte units, 14 bits each), start address 0 and base offset 0.
    ///
    /// ```
    /// let d = cute_static::gmma::GmmaDescriptor::new(cute_static::gmma::LayoutType::B64, 1, 32);
    /// assert_eq!((d.leading_byte_offset(), d.stride_byte_offset(), d.layout_type()), (1, 32, 2));
    /// ```
    pub const fn new(layout_type: LayoutType, lbo: u16, sbo: u16) -> GmmaDescriptor {
        GmmaDescriptor(
            ((layout_type as u64) << 62)
                | (((sbo & 0x3fff) as u64) << 32)
                | (((lbo & 0x3fff) as u64) << 16),
        )
    }

    /// The descriptor with the start address `byte_address` (a `.shared` address, 16-byte
    /// aligned: its bits 4-17).
    ///
    /// ```
    /// let d = cute_static::gmma::GmmaDescriptor(0).with_start(0x1230);
    /// assert_eq!(d.start_address(), 0x123);
    /// ```
    #[inline(always)]
    pub const fn with_start(self, byte_address: u32) -> GmmaDescriptor {
        GmmaDescriptor((self.0 & !0x3fff) | ((byte_address >> 4) & 0x3fff) as u64)
    }

    /// CuTe's `DescriptorIterator + i`: the descriptor of the tile `units` 16-byte units on
    /// (added to the whole word, as CuTe does).
    ///
    /// ```
    /// assert_eq!(cute_static::gmma::GmmaDescriptor(0x40).plus(512).0, 0x240);
    /// ```
    #[inline(always)]
    pub const fn plus(self, units: i32) -> GmmaDescriptor {
        GmmaDescriptor(self.0.wrapping_add(units as i64 as u64))
    }

    /// The start address field (16-byte units).
    ///
    /// ```
    /// assert_eq!(cute_static::gmma::GmmaDescriptor(0x40).start_address(), 0x40);
    /// ```
    pub const fn start_address(self) -> u16 {
        (self.0 & 0x3fff) as u16
    }

    /// The leading byte offset field (16-byte units).
    ///
    /// ```
    /// assert_eq!(cute_static::gmma::GmmaDescriptor(1 << 16).leading_byte_offset(), 1);
    /// ```
    pub const fn leading_byte_offset(self) -> u16 {
        ((self.0 >> 16) & 0x3fff) as u16
    }

    /// The stride byte offset field (16-byte units).
    ///
    /// ```
    /// assert_eq!(cute_static::gmma::GmmaDescriptor(64 << 32).stride_byte_offset(), 64);
    /// ```
    pub const fn stride_byte_offset(self) -> u16 {
        ((self.0 >> 32) & 0x3fff) as u16
    }

    /// The layout type field ([`LayoutType`] as its number).
    ///
    /// ```
    /// assert_eq!(cute_static::gmma::GmmaDescriptor(1 << 62).layout_type(), 1);
    /// ```
    pub const fn layout_type(self) -> u8 {
        (self.0 >> 62) as u8
    }
}

/// CuTe's `recast<uint128_t>` of an operand tile: the offsets (in elements of `bits` bits,
/// column-major over `(MN, K)`) of each 16-byte vector `(mn, kk)` (`kk` counting 16-byte
/// vectors along K for [`Major::K`], along MN for [`Major::MN`]) written into `out`, or `Err`
/// unless each vector is 16 contiguous, aligned bytes.
///
/// ```
/// use cute_static::gmma::{recast_u128, Major};
/// // (8,16):(16,1) halves: rows of 16 = 2 vectors of 8.
/// let elems: Vec<i32> = (0..128).map(|i| (i % 8) * 16 + i / 8).collect();
/// let mut out = [0; 16];
/// recast_u128(Major::K, 16, 8, 16, &elems, &mut out).unwrap();
/// assert_eq!(&out[..3], &[0, 2, 4]); // (0,0), (1,0), (2,0) in 16-byte units
/// assert_eq!(out[8], 1);             // (0,1)
/// ```
pub const fn recast_u128(
    major: Major,
    bits: u32,
    mn: i32,
    k: i32,
    elems: &[i32],
    out: &mut [i32],
) -> Result<(), GmmaError> {
    let per = 128 / bits as i32; // elements a vector
    let (vmn, vk) = match major {
        Major::K => (mn, k / per),
        Major::MN => (mn / per, k),
    };
    if elems.len() < (mn * k) as usize || out.len() < (vmn * vk) as usize || bits > 128 {
        return Err(GmmaError::Profile { major });
    }
    let mut v = 0;
    while v < vmn * vk {
        let (a, b) = (v % vmn, v / vmn);
        let (m0, k0) = match major {
            Major::K => (a, b * per),
            Major::MN => (a * per, b),
        };
        let first = elems[(m0 + mn * k0) as usize];
        if first < 0 || first % per != 0 {
            return Err(GmmaError::Profile { major });
        }
        let mut j = 1;
        while j < per {
            let (mj, kj) = match major {
                Major::K => (m0, k0 + j),
                Major::MN => (m0 + j, k0),
            };
            if elems[(mj + mn * kj) as usize] != first + j {
                return Err(GmmaError::Profile { major });
            }
            j += 1;
        }
        out[v as usize] = first / per;
        v += 1;
    }
    Ok(())
}

/// CuTe's `make_gmma_desc<Major>` of an operand tile of `bits`-bit elements given as its
/// offsets in 16-byte units (`recast<uint128_t>`, column-major over the tile's `mn x k`
/// vectors: [`Major::K`] counts `k` in 16-byte vectors, [`Major::MN`] counts `mn` in them and
/// `k` in elements) and its swizzle: the descriptor (start address 0) if the tile is the
/// canonical layout of the module's rule, else CuTe's condition. Every offset is checked
/// against the canonical layout (CuTe checks the strides of its `logical_divide`, which
/// accepts the same layouts); a stride over a mode of one (`n = 1`) is unused by the
/// instruction and written 0.
///
/// ```
/// use cute_static::gmma::{make_gmma_desc, LayoutType, Major};
/// // tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, (_64,_16)) in uint128 units: (8,16):(1,8).
/// let offsets: Vec<i32> = (0..128).map(|i| (i % 8) + 8 * (i / 8)).collect();
/// let d = make_gmma_desc(Major::MN, LayoutType::B128, 16, 8, 16, &offsets).unwrap();
/// assert_eq!((d.layout_type(), d.stride_byte_offset()), (1, 64));
/// ```
pub const fn make_gmma_desc(
    major: Major,
    layout_type: LayoutType,
    bits: u32,
    mn: i32,
    k: i32,
    offsets: &[i32],
) -> Result<GmmaDescriptor, GmmaError> {
    let w = layout_type.width();
    if mn <= 0 || k <= 0 || offsets.len() < (mn * k) as usize {
        return Err(GmmaError::Profile { major });
    }
    // The strides of the canonical layout, read where the layout has them; every offset is
    // checked against them below.
    let (lbo, sbo) = match major {
        Major::K => {
            if mn % 8 != 0 {
                return Err(GmmaError::MnSize { mn });
            }
            if k != 2 && k != 4 {
                return Err(GmmaError::KSize { major, k });
            }
            // ((8,n),2):((W,SBO),1), or ((8,n),2):((1,SBO),LBO) interleaved.
            let sbo = if mn > 8 { at(offsets, mn, 8, 0) } else { 0 };
            let lbo = match layout_type {
                LayoutType::Interleave => at(offsets, mn, 0, 1),
                _ => 1,
            };
            (lbo, sbo)
        }
        Major::MN => {
            let kb = k * bits as i32;
            if kb != 256 && kb != 128 && kb != 512 {
                return Err(GmmaError::KSize { major, k });
            }
            if k % 8 != 0 || mn % w != 0 {
                return Err(GmmaError::Profile { major });
            }
            let next_k = if k > 8 { at(offsets, mn, 0, 8) } else { 0 };
            match layout_type {
                // ((1,n),(8,k)):((X,SBO),(1,LBO))
                LayoutType::Interleave => (next_k, if mn > 1 { at(offsets, mn, 1, 0) } else { 0 }),
                // ((W,n),(8,k)):((1,LBO),(W,SBO))
                _ => (if mn > w { at(offsets, mn, w, 0) } else { 0 }, next_k),
            }
        }
    };
    let mut kk = 0;
    while kk < k {
        let mut m = 0;
        while m < mn {
            let expected = match (major, layout_type) {
                (Major::K, LayoutType::Interleave) => (m % 8) + (m / 8) * sbo + kk * lbo,
                (Major::K, _) => (m % 8) * w + (m / 8) * sbo + kk,
                (Major::MN, LayoutType::Interleave) => m * sbo + (kk % 8) + (kk / 8) * lbo,
                (Major::MN, _) => (m % w) + (m / w) * lbo + (kk % 8) * w + (kk / 8) * sbo,
            };
            let found = at(offsets, mn, m, kk);
            if found != expected {
                return Err(GmmaError::Stride {
                    major,
                    mn: m,
                    k: kk,
                    found,
                    expected,
                });
            }
            m += 1;
        }
        kk += 1;
    }
    if lbo < 0 || lbo > 0x3fff {
        return Err(GmmaError::Field {
            what: "leading byte offset",
            value: lbo,
        });
    }
    if sbo < 0 || sbo > 0x3fff {
        return Err(GmmaError::Field {
            what: "stride byte offset",
            value: sbo,
        });
    }
    Ok(GmmaDescriptor::new(layout_type, lbo as u16, sbo as u16))
}

/// The offset of vector `(m, kk)` of a column-major `mn x _` tile from its first.
const fn at(offsets: &[i32], mn: i32, m: i32, kk: i32) -> i32 {
    offsets[(m + mn * kk) as usize] - offsets[0]
}
