//! CuTe's TMA box rule for a rank-2 tile (`make_tma_atom`, `cute/atom/copy_traits_sm90_tma.hpp`),
//! the host's side of `SM90_TMA_LOAD`: the shared tile's rules ([`make_tma_tile`], while
//! compiling where the layout is static: `cute_gpu::make_tma_tile!`) and the global tensor's
//! ([`TmaTile::make_tma_box`]), each broken rule a [`TmaError`]. `cute --desc` explains a
//! layout's; the GPU layer (`cute_gpu::tma`) loads with it.
//!
//! The rule (ours, for rank 2; CuTe's `make_tma_atom` derives the same box by inverting the
//! shared layout over the global one):
//!
//! * the global tensor's mode of stride 1 is TMA's dimension 0; the other mode's stride, in
//!   bytes, is a multiple of 16 (and under 2^40); the global address is 16-byte aligned;
//! * the shared tile holds the box in TMA's order, dimension 0 contiguous: tile element
//!   `(i0, i1)` (dimension 0, dimension 1) at `i0 + box0 * i1`, its swizzle `Sw<B,4,3>` on byte
//!   addresses (TMA's none, 32-, 64-, 128-byte swizzle for `B` = 0..3) applied on top;
//! * each box dimension is at most 256 elements, and dimension 0 is a multiple of 16 bytes and,
//!   swizzled, at most the swizzle's span (32, 64 or 128 bytes).

use core::fmt;

/// TMA's swizzle of the shared box (`CUtensorMapSwizzle`), from `Sw<B,4,3>` on bytes.
///
/// ```
/// assert_eq!(cute_static::tma::TmaSwizzle::B128 as u32, 3); // CU_TENSOR_MAP_SWIZZLE_128B
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TmaSwizzle {
    /// No swizzle.
    None = 0,
    /// 32-byte span (`Sw<1,4,3>`).
    B32 = 1,
    /// 64-byte span (`Sw<2,4,3>`).
    B64 = 2,
    /// 128-byte span (`Sw<3,4,3>`).
    B128 = 3,
}

/// What the host passes to `cuTensorMapEncodeTiled` for a rank-2 tile: the global tensor in
/// TMA's dimension order (dimension 0 contiguous) and the box.
///
/// ```
/// // A (64,32) float tile, m-major in shared memory (element (m, n) at m + 64 n).
/// let offsets: Vec<i32> = (0..64 * 32).collect();
/// let tile = cute_static::tma::make_tma_tile(32, 0, [64, 32], &offsets, 0).unwrap();
/// let b = tile.make_tma_box([256, 128], [1, 256]).unwrap();
/// assert_eq!(b.box_dims, [64, 32]); // M contiguous: dimension 0 is M
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmaBox {
    /// `globalDim`: the tensor's extents, dimension 0 first.
    pub dims: [u64; 2],
    /// The strides in bytes, dimension 0 first (dimension 0's is the element's size;
    /// `globalStrides` takes dimension 1's).
    pub strides_bytes: [u64; 2],
    /// `boxDim`: the box, dimension 0 first.
    pub box_dims: [u32; 2],
    /// The box's swizzle.
    pub swizzle: TmaSwizzle,
    /// The bytes one load moves (`tma_transaction_bytes`).
    pub box_bytes: u32,
    /// Which mode of the tile is TMA's dimension 0.
    pub mode0: usize,
}

/// Why a tile is not one TMA box, with the values found.
///
/// ```
/// let offsets: Vec<i32> = (0..128 * 512).map(|e| 512 * (e % 128) + e / 128).collect();
/// let e = cute_static::tma::make_tma_tile(16, 1, [128, 512], &offsets, 0).unwrap_err();
/// assert_eq!(e.to_string(), "TMA: a box dimension is at most 256 elements (dimension 0 = 512)");
/// assert_eq!(e.message(), "TMA: a box dimension is at most 256 elements");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TmaError {
    /// No mode of the global tensor has stride 1.
    NotContiguous {
        /// The global strides (elements).
        strides: [i64; 2],
    },
    /// The other mode's stride in bytes is not a multiple of 16 (or too large).
    Stride {
        /// The stride in bytes.
        bytes: i64,
    },
    /// A box dimension over 256 elements.
    BoxTooLarge {
        /// The dimension.
        dim: usize,
        /// Its size.
        size: i32,
    },
    /// Dimension 0 of the box is not a multiple of 16 bytes, or exceeds the swizzle's span.
    BoxRow {
        /// The box's dimension-0 bytes.
        bytes: i32,
        /// The swizzle's span in bytes (0: none).
        span: i32,
    },
    /// The shared tile is not the box in TMA's order: element `(i0, i1)` lies at `found`, the
    /// box puts it at `expected`.
    SmemOrder {
        /// Dimension-0 coordinate.
        i0: i32,
        /// Dimension-1 coordinate.
        i1: i32,
        /// The tile's offset.
        found: i32,
        /// The box's offset.
        expected: i32,
    },
    /// The swizzle is not `Sw<0..=3,4,3>` on bytes.
    Swizzle {
        /// Its `B`.
        b: i32,
    },
}

impl fmt::Display for TmaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TmaError::NotContiguous { strides } => write!(
                f,
                "TMA: the global tensor needs a mode of stride 1 (strides {strides:?})"
            ),
            TmaError::Stride { bytes } => write!(
                f,
                "TMA: a global stride is a multiple of 16 bytes under 2^40 ({bytes} bytes)"
            ),
            TmaError::BoxTooLarge { dim, size } => write!(
                f,
                "TMA: a box dimension is at most 256 elements (dimension {dim} = {size})"
            ),
            TmaError::BoxRow { bytes, span } => write!(
                f,
                "TMA: the box's contiguous dimension is a multiple of 16 bytes, at most the swizzle's span ({bytes} bytes, span {span})"
            ),
            TmaError::SmemOrder {
                i0,
                i1,
                found,
                expected,
            } => write!(
                f,
                "TMA: the shared tile is not the box in TMA's order (element ({i0},{i1}) at {found}, the box's at {expected})"
            ),
            TmaError::Swizzle { b } => write!(
                f,
                "TMA: the swizzles are Sw<0..=3,4,3> on byte addresses (B = {b})"
            ),
        }
    }
}

impl TmaError {
    /// The rule broken, without the values: the text of the compile error
    /// `cute_gpu::make_tma_tile!` gives (a `const` panic takes no formatted values).
    pub const fn message(&self) -> &'static str {
        match self {
            TmaError::NotContiguous { .. } => {
                "TMA: the global tensor's mode of stride 1 is the box's dimension 0"
            }
            TmaError::Stride { .. } => "TMA: a global stride is a multiple of 16 bytes under 2^40",
            TmaError::BoxTooLarge { .. } => "TMA: a box dimension is at most 256 elements",
            TmaError::BoxRow { .. } => {
                "TMA: a box's dimension 0 is a multiple of 16 bytes and at most the swizzle's span"
            }
            TmaError::SmemOrder { .. } => "TMA: the shared tile is not the box in TMA's order",
            TmaError::Swizzle { .. } => "TMA: the swizzles are Sw<0..=3,4,3> on byte addresses",
        }
    }
}

/// The shared side of a TMA box: what a static shared tile decides, by the module's rule
/// ([`make_tma_tile`], `cute_gpu::make_tma_tile!`); [`TmaTile::make_tma_box`] adds the global tensor.
///
/// ```
/// // A k-major (64,64) half_t tile: element (m, k) at 64 m + k; K (mode 1) is dimension 0.
/// let offsets: Vec<i32> = (0..64 * 64).map(|e| 64 * (e % 64) + e / 64).collect();
/// let t = cute_static::tma::make_tma_tile(16, 1, [64, 64], &offsets, 3).unwrap();
/// assert_eq!((t.box_dims, t.box_bytes), ([64, 64], 8192));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmaTile {
    /// Which mode of the tile is TMA's dimension 0 (the global tensor's mode of stride 1).
    pub mode0: usize,
    /// `boxDim`: the box, dimension 0 first.
    pub box_dims: [u32; 2],
    /// The box's swizzle.
    pub swizzle: TmaSwizzle,
    /// The bytes one load moves (`tma_transaction_bytes`).
    pub box_bytes: u32,
    /// The element's bits.
    pub bits: u32,
}

/// The shared tile's rule, while compiling where it can: a tile of shape `tile` (elements of
/// `bits` bits) whose mode `mode0` is TMA's dimension 0, element `(i, j)` at shared offset
/// `offsets[i + tile[0] * j]` before the swizzle `Sw<swizzle_b,4,3>` on bytes, is one box:
/// each dimension at most 256 elements, dimension 0 a multiple of 16 bytes and at most the
/// swizzle's span, and the tile the box in TMA's order (dimension 0 contiguous).
///
/// ```
/// use cute_static::tma::make_tma_tile;
/// // A row-major (64,64) tile under a k-major box is one; a padded one (rows of 72) is not.
/// let rows = |ld: i32| (0..64 * 64).map(move |e| ld * (e % 64) + e / 64).collect::<Vec<_>>();
/// assert!(make_tma_tile(16, 1, [64, 64], &rows(64), 3).is_ok());
/// assert!(make_tma_tile(16, 1, [64, 64], &rows(72), 0).is_err());
/// ```
pub const fn make_tma_tile(
    bits: u32,
    mode0: usize,
    tile: [i32; 2],
    offsets: &[i32],
    swizzle_b: i32,
) -> Result<TmaTile, TmaError> {
    let swizzle = match swizzle_b {
        0 => TmaSwizzle::None,
        1 => TmaSwizzle::B32,
        2 => TmaSwizzle::B64,
        3 => TmaSwizzle::B128,
        b => return Err(TmaError::Swizzle { b }),
    };
    let box_dims = if mode0 == 0 { tile } else { [tile[1], tile[0]] };
    let mut dim = 0;
    while dim < 2 {
        if box_dims[dim] < 1 || box_dims[dim] > 256 {
            return Err(TmaError::BoxTooLarge {
                dim,
                size: box_dims[dim],
            });
        }
        dim += 1;
    }
    let row = box_dims[0] * bits as i32 / 8;
    let span = if swizzle_b == 0 { 0 } else { 16 << swizzle_b };
    if row % 16 != 0 || (span > 0 && row > span) {
        return Err(TmaError::BoxRow { bytes: row, span });
    }
    if offsets.len() != (tile[0] * tile[1]) as usize {
        return Err(TmaError::SmemOrder {
            i0: 0,
            i1: 0,
            found: offsets.len() as i32,
            expected: tile[0] * tile[1],
        });
    }
    let mut i1 = 0;
    while i1 < box_dims[1] {
        let mut i0 = 0;
        while i0 < box_dims[0] {
            let (i, j) = if mode0 == 0 { (i0, i1) } else { (i1, i0) };
            let found = offsets[(i + tile[0] * j) as usize] - offsets[0];
            let expected = i0 + box_dims[0] * i1;
            if found != expected {
                return Err(TmaError::SmemOrder {
                    i0,
                    i1,
                    found,
                    expected,
                });
            }
            i0 += 1;
        }
        i1 += 1;
    }
    Ok(TmaTile {
        mode0,
        box_dims: [box_dims[0] as u32, box_dims[1] as u32],
        swizzle,
        box_bytes: (box_dims[0] * box_dims[1]) as u32 * bits / 8,
        bits,
    })
}

impl TmaTile {
    /// CuTe's `make_tma_atom` for this tile over the global tensor of `shape` and `stride`
    /// (elements, in the tile's modes): the global side of the rule, its mode `mode0` of
    /// stride 1 and the other's stride a multiple of 16 bytes under 2^40.
    ///
    /// ```
    /// let offsets: Vec<i32> = (0..64 * 64).map(|e| 64 * (e % 64) + e / 64).collect();
    /// let t = cute_static::tma::make_tma_tile(16, 1, [64, 64], &offsets, 3).unwrap();
    /// assert!(t.make_tma_box([256, 256], [256, 1]).is_ok());
    /// assert!(t.make_tma_box([256, 256], [1, 256]).is_err()); // m-major: K is not contiguous
    /// assert!(t.make_tma_box([256, 250], [250, 1]).is_err()); // 500-byte rows
    /// ```
    pub fn make_tma_box(&self, shape: [i32; 2], stride: [i64; 2]) -> Result<TmaBox, TmaError> {
        let (mode0, mode1) = (self.mode0, 1 - self.mode0);
        if stride[mode0] != 1 {
            return Err(TmaError::NotContiguous { strides: stride });
        }
        // An overflowing stride is past 2^40 bytes, which the check below refuses.
        let stride1 = stride[mode1]
            .checked_mul(i64::from(self.bits))
            .map_or(i64::MAX, |b| b / 8);
        if stride1 <= 0 || stride1 % 16 != 0 || stride1 >= 1 << 40 {
            return Err(TmaError::Stride { bytes: stride1 });
        }
        Ok(TmaBox {
            dims: [shape[mode0] as u64, shape[mode1] as u64],
            strides_bytes: [u64::from(self.bits / 8), stride1 as u64],
            box_dims: self.box_dims,
            swizzle: self.swizzle,
            box_bytes: self.box_bytes,
            mode0,
        })
    }
}
