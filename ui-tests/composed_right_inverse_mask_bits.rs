// CuTe: "Number of bits in Y and Z don't match" (composed_right_inverse/static/20).
use cute_static::{Swizzle, layout};

fn main() {
    let c = Swizzle::<1, 4, 4>::new().composition(layout!((_2,((_2),(_7,_2,_4))):(_2,((_28),(_4,_1,_56)))));
    println!("{}", c.right_inverse());
}
