// CuTe: "Rank of tensor to be partitioned too small." (ThrCopy::partition_S of a rank-1 tensor
// by a copy tiling (M,N) tiles).
use cute_static::{layout, make_tensor, make_tiled_copy, CopyAtom, UniversalCopy};

fn main() {
    let copy = make_tiled_copy(
        CopyAtom::<UniversalCopy<u32>, f32>::new(),
        layout!((_32,_8):(_1,_32)),
        layout!((_1,_1):(_0,_0)),
    );
    let data = [0.0f32; 1024];
    let t = make_tensor(&data[..], layout!(_1024:_1)).unwrap();
    let part = copy.get_slice(3).partition_S(t);
    println!("{part}");
}
