// CuTe: "TiledCopy uses too few thrs for selected CopyAtom" (make_tiled_copy: an ldmatrix atom
// needs a warp, 8 threads are a quarter of one).
use cute_static::{gmma::half_t, layout, make_tiled_copy, CopyAtom, SM75_U32x4_LDSM_N};

fn main() {
    let copy = make_tiled_copy(
        CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new(),
        layout!((_8,_1):(_1,_0)),
        layout!((_1,_8):(_0,_1)),
    );
    println!("{copy}");
}
