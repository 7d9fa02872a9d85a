// No form of CuTe's gemm takes A (M,K), B (N,K) and C (M): C must be (M,N).
use cute_static::{gemm, layout, make_fragment};

fn main() {
    let a = make_fragment([1; 6], layout!((_2,_3):(_3,_1)));
    let b = make_fragment([1; 6], layout!((_2,_3):(_3,_1)));
    let mut c = make_fragment([0; 2], layout!(_2:_1));
    gemm(&a, &b, &mut c).unwrap();
}
