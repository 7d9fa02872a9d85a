// CuTe: "Dynamic owning tensors not supported" (make_fragment_like of a tensor whose shape is
// known only at run time).
use cute_static::{layout, make_fragment_like, make_tensor, Tensor};

fn main() {
    let m = std::hint::black_box(4);
    let data = [0.0f32; 64];
    let t = make_tensor(&data[..], layout!((m,_4):(_1,m))).unwrap();
    let frag: Tensor<[f32; 16], _> = make_fragment_like(&t);
    println!("{}", frag.layout());
}
