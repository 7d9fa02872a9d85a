// CuTe: "Shape Divisibility Condition" (composed_slice/static/6): the consumed mode does not
// compose with the swizzle's power-of-two fields.
use cute_static::{Swizzle, coord, layout};

fn main() {
    let c = Swizzle::<3, 3, 5>::new().composition(layout!((_1,_10,_2):(_1,_1,_10)));
    println!("{}", c.slice(coord!((_,_2,_))));
}
