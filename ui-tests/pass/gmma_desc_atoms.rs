// CuTe's GMMA atoms tiled by tile_to_shape are what `wgmma` reads: K-major SW128 and MN-major
// SW64 tiles of half_t have descriptors.
use cute_gpu::gmma::Major;
use cute_static::{TileToShape, int_tuple_t, layout_t};

type KSw128 = TileToShape<layout_t!((_8,_64):(_64,_1)), int_tuple_t!((_128, _64))>;
type MnSw64 = TileToShape<layout_t!((_32,_8):(_1,_32)), int_tuple_t!((_128, _16))>;

const K: cute_gpu::gmma::GmmaDescriptor =
    cute_gpu::make_gmma_desc!(Major::K, u16, swizzle 3, KSw128, rows 128, tile (64, 16));
const MN: cute_gpu::gmma::GmmaDescriptor =
    cute_gpu::make_gmma_desc!(Major::MN, u16, swizzle 2, MnSw64, rows 128, tile (128, 16));

fn main() {
    assert_eq!(K.stride_byte_offset(), 64);
    assert_eq!(MN.leading_byte_offset(), 32);
}
