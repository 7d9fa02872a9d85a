// A K-major shared tile whose rows are 72 halves apart (a padded layout, 144 bytes a row) has
// no GMMA descriptor: `wgmma` reads 8-row core matrices of 16-byte rows at a fixed stride.
use cute_gpu::gmma::Major;
use cute_static::layout_t;

const DESC: cute_gpu::gmma::GmmaDescriptor = cute_gpu::make_gmma_desc!(
    Major::K, u16, swizzle 3, layout_t!((_64,_16):(_72,_1)), rows 64, tile (64, 16)
);

fn main() {
    let _ = DESC;
}
