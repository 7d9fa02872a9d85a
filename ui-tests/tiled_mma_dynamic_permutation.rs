// CuTe: "TiledMMA requires static permutations of MNK." (make_tiled_mma with a run-time size).
use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile};

fn main() {
    let m = std::hint::black_box(32);
    let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((m,_,_)));
    println!("{mma}");
}
