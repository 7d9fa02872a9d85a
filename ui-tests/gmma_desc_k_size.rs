// One `wgmma` of 16-bit elements reads 16 of K (two 16-byte vectors) of a K-major tile: a tile
// of 24 is not what a descriptor describes.
use cute_gpu::gmma::Major;
use cute_static::layout_t;

const DESC: cute_gpu::gmma::GmmaDescriptor = cute_gpu::make_gmma_desc!(
    Major::K, u16, swizzle 0, layout_t!((_64,_24):(_24,_1)), rows 64, tile (64, 24)
);

fn main() {
    let _ = DESC;
}
