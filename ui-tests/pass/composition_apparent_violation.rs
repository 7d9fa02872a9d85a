// The stride 4 does not divide the shape 6 it walks, but both elements of B stay in that mode:
// (_6,_2):(_1,_8) o _2:_4 is _2:_4, which is A o B, and compiles.
use cute_static::{composition, layout};

fn main() {
    let r = composition(layout!((_6,_2):(_1,_8)), layout!(_2:_4));
    assert_eq!(r.to_string(), "_2:_4");
}
