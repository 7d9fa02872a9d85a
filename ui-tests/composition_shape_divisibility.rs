// CuTe: "Shape Divisibility Condition" (composition/static/36).
use cute_static::{composition, layout};

fn main() {
    let r = composition(layout!(((_4,_7,_1),_2,_3,_4):((_1,_12,_672),_336,_4,_84)), layout!((_9):(_4)));
    println!("{r}");
}
