// CuTe: "TiledMMA requires rank-3 AtomLayoutMNK" (make_tiled_mma with a rank-4 atom layout).
use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile};

fn main() {
    let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_2,_2):(_1,_2,_4,_8)), tile!((_,_,_)));
    println!("{mma}");
}
