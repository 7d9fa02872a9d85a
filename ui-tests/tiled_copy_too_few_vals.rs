// CuTe: "TiledCopy uses too few vals for selected CopyAtom" (make_tiled_copy: a 128-bit copy of
// floats moves 4 values, the value layout has 2).
use cute_static::{layout, make_tiled_copy, CopyAtom, UniversalCopy};

fn main() {
    let copy = make_tiled_copy(
        CopyAtom::<UniversalCopy<u128>, f32>::new(),
        layout!((_32,_8):(_1,_32)),
        layout!((_2,_1):(_1,_0)),
    );
    println!("{copy}");
}
