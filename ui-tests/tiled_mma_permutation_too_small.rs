// CuTe accepts a permutation smaller than the atoms' tiling and its TV layouts then contradict
// its partitions (two 16-row atoms need 32 rows, the permutation has 16); cute-static refuses.
use cute_static::{layout, make_tiled_mma, mma_atoms::SM80_16x8x8_F16F16F16F16_TN, tile};

fn main() {
    let mma = make_tiled_mma(
        SM80_16x8x8_F16F16F16F16_TN,
        layout!((_2,_1,_1):(_1,_0,_0)),
        tile!((_16,_,_)),
    );
    println!("{mma}");
}
