// CuTe: a MixedBits offset, which cute-static does not represent: slicing a swizzled layout
// with a dynamic coordinate that selects swizzle bits is a compile error.
use cute_static::{Swizzle, coord, layout};

fn main() {
    let row = 3;
    let c = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    println!("{}", c.slice(coord!((row,_))));
}
