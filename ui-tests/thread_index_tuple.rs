// A thread index is an integer (threadIdx.x or a static C<N>), not a tuple.
use cute_static::{layout, make_tiled_copy, CopyAtom, ThrCopy, UniversalCopy};

fn main() {
    let copy = make_tiled_copy(
        CopyAtom::<UniversalCopy<u32>, f32>::new(),
        layout!((_4,_2):(_2,_1)),
        layout!((_1,_1):(_0,_0)),
    );
    let thread = ThrCopy::new(copy, (1, 2));
    println!("{:?}", thread.thr_idx());
}
