// A register fragment's array has the fragment's cosize elements (CuTe's
// ArrayEngine<T, cosize_v<Layout>>): 16 elements cannot be a (_4,_2,_3) fragment's 24.
use cute_static::{layout, make_fragment_like, Tensor};

fn main() {
    let frag: Tensor<[f32; 16], _> = make_fragment_like(layout!((_4,_2,_3):(_1,_512,_64)));
    println!("{}", frag.layout());
}
