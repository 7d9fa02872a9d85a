// CuTe: "Something went wrong." (composed_right_inverse/static/13).
use cute_static::{Swizzle, layout};

fn main() {
    let c = Swizzle::<3, 4, 3>::new().composition(layout!((_8,_3,(_2,_2)):(_24,_4,(_1,_12))));
    println!("{}", c.right_inverse());
}
