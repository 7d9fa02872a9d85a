// CuTe: "the value of 'V' is not usable in a constant expression" (retile's upcast<TiledNumThr *
// V> needs the fragment's first mode static).
use cute_static::{layout, make_tensor, make_tiled_copy, CopyAtom, UniversalCopy};

fn main() {
    let copy = make_tiled_copy(
        CopyAtom::<UniversalCopy<u64>, f32>::new(),
        layout!((_4,_2):(_2,_1)),
        layout!((_1,_2):(_0,_1)),
    );
    let v = std::hint::black_box(2);
    let data = [0.0f32; 64];
    let frag = make_tensor(&data[..], layout!((v,_2,_2):(_1,v,{ 2 * v }))).unwrap();
    let r = copy.get_slice(0).retile_S(frag);
    println!("{r}");
}
