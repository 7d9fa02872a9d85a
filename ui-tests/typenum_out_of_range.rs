// A typenum integer outside i32 (CuTe's `int`) is a compile error, not a wrap: 2^31 as a
// shape, and a number wider than 64 bits in an IntTuple.
use cute_static::{Layout, size};
use typenum::{Exp, Prod, U2, U31, U80, Unsigned};

type TwoTo31 = Exp<U2, U31>;
type Huge = Prod<Exp<U2, U80>, U2>;

fn main() {
    assert_eq!(<TwoTo31 as Unsigned>::U64, 1 << 31);
    let a = Layout::from_parts(TwoTo31::new(), U2::new());
    println!("{a}");
    let s = size((U2::new(), Huge::new()));
    println!("{s}");
}
