// A padded shared tile (rows of 72 halves, 144 bytes) is not one TMA box: TMA writes the box
// densely, dimension 0 (K) contiguous, so row r of the box lands at 64 * r, not 72 * r.
use cute_static::layout_t;

const TILE: cute_gpu::tma::TmaTile = cute_gpu::make_tma_tile!(
    u16, swizzle 0, layout_t!((_64,_64):(_72,_1)), mode0 1, tile (64, 64)
);

fn main() {
    let _ = TILE;
}
