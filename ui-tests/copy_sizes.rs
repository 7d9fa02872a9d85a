// CuTe's copy walks size(dst) elements of both tensors: static sizes 12 and 8 differ.
use cute_static::{copy, layout, make_fragment};

fn main() {
    let a = make_fragment([0; 12], layout!((_3,_4):(_4,_1)));
    let mut b = make_fragment([0; 8], layout!(_8:_1));
    copy(&a, &mut b).unwrap();
}
