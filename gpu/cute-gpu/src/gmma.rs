//! CuTe's GMMA shared-memory matrix descriptors: the rules are cute-static's
//! ([`cute_static::gmma`]: [`GmmaDescriptor`], [`make_gmma_desc`],
//! [`recast_u128`], ...), shared with `cute --desc`; this module adds [`make_gmma_desc!`](crate::make_gmma_desc),
//! which evaluates them on a kernel's static shared layout while compiling.

pub use cute_static::gmma::{
    GmmaDescriptor, GmmaError, LayoutType, Major, make_gmma_desc, recast_u128,
};

/// CuTe's `make_gmma_desc<Major>(tensor<0>(smem_tensor))` for a static shared-memory layout,
/// at compile time: the descriptor (start address 0, to be set with
/// [`GmmaDescriptor::with_start`]) of the `(MN, K)` tile at the origin of `$layout` (elements
/// `$T`; its mode 0 of `$rows` elements is MN, mode 1 is K; element `(m, k)` at
/// `call_index(m + rows * k)`), swizzled by `Sw<$b,4,3>` on byte addresses. A layout that one
/// `wgmma` cannot read is a compile error with CuTe's condition.
///
/// ```
/// use cute_gpu::gmma::Major;
/// use cute_static::{int_tuple_t, layout_t, TileToShape};
/// // tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64,_3)), the swizzle apart.
/// type Smem = TileToShape<layout_t!((_8,_64):(_64,_1)), int_tuple_t!((_128, _64, _3))>;
/// const D: cute_gpu::gmma::GmmaDescriptor =
///     cute_gpu::make_gmma_desc!(Major::K, u16, swizzle 3, Smem, rows 128, tile (64, 16));
/// assert_eq!((D.stride_byte_offset(), D.leading_byte_offset(), D.layout_type()), (64, 1, 1));
/// ```
///
/// ```compile_fail
/// use cute_gpu::gmma::Major;
/// use cute_static::layout_t;
/// // Rows of 72 halves: not the 128-byte swizzle's canonical layout.
/// const D: cute_gpu::gmma::GmmaDescriptor =
///     cute_gpu::make_gmma_desc!(Major::K, u16, swizzle 3, layout_t!((_64,_16):(_72,_1)), rows 64, tile (64, 16));
/// ```
#[macro_export]
macro_rules! make_gmma_desc {
    ($major:expr, $T:ty, swizzle $b:literal, $layout:ty, rows $rows:expr, tile ($mn:expr, $k:expr)) => {
        const {
            const MN: usize = $mn;
            const K: usize = $k;
            const BITS: u32 = <$T as $crate::Elem>::BITS;
            const PER: usize = 128 / BITS as usize;
            const ROWS: usize = ($rows) as usize;
            // The layout's offsets up to the tile's last element, `(MN - 1) + ROWS * (K - 1)`.
            const SPAN: usize = if K == 0 { 0 } else { MN + ROWS * (K - 1) };
            const ALL: [i32; SPAN] = <$layout>::new().call_indices::<SPAN>();
            const ELEMS: [i32; MN * K] = {
                let mut e = [0; MN * K];
                let mut i = 0;
                while i < MN * K {
                    e[i] = ALL[i % MN + ROWS * (i / MN)];
                    i += 1;
                }
                e
            };
            const VECTORS: ([i32; MN * K / PER], i32, i32) = {
                let mut v = [0; MN * K / PER];
                match $crate::gmma::recast_u128($major, BITS, MN as i32, K as i32, &ELEMS, &mut v) {
                    Ok(()) => {}
                    Err(e) => panic!("{}", e.message()), // a compile error: this is a `const` block
                }
                match $major {
                    $crate::gmma::Major::K => (v, MN as i32, (K / PER) as i32),
                    $crate::gmma::Major::MN => (v, (MN / PER) as i32, K as i32),
                }
            };
            let layout_type = match $crate::gmma::LayoutType::from_swizzle_bits($b) {
                Some(t) => t,
                None => {
                    panic!("GMMA descriptors take the swizzles Sw<0..=3,4,3> on byte addresses") // a compile error: this is a `const` block
                }
            };
            match $crate::gmma::make_gmma_desc(
                $major,
                layout_type,
                BITS,
                VECTORS.1,
                VECTORS.2,
                &VECTORS.0,
            ) {
                Ok(d) => d,
                Err(e) => panic!("{}", e.message()), // a compile error: this is a `const` block
            }
        }
    };
}
