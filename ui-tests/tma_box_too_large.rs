// A shared tile of 512 halves along K (its mode 1, TMA's dimension 0): one TMA box spans at most
// 256 elements a dimension, so this tile needs two loads (CuTe's make_tma_atom splits it; here
// the tile is refused while compiling).
use cute_static::layout_t;

const TILE: cute_gpu::tma::TmaTile = cute_gpu::make_tma_tile!(
    u16, swizzle 0, layout_t!((_64,_512):(_512,_1)), mode0 1, tile (64, 512)
);

fn main() {
    let _ = TILE;
}
