// Not CuTe's check (CUTLASS #3177): CuTe's weak Stride Divisibility Condition accepts
// (_6,_2):(_1,_8) o _4:_4 and prints (_2,_2):(_4,_8), which is not A o B at 2 (8, where
// A(B(2)) = A(8) = 10); `composition/static/14` of the vectors is such a case.
use cute_static::{composition, layout};

fn main() {
    let r = composition(layout!((_6,_2):(_1,_8)), layout!(_4:_4));
    println!("{r}");
}
