// CuTe: "TiledMMA requires rank-3 PermutationMNK" (make_tiled_mma with a rank-4 permutation).
use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile};

fn main() {
    let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_4,_4,_1,_1)));
    println!("{mma}");
}
