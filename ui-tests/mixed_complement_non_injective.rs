// CuTe: "Non-injective Layout detected in complement." on the static strides of a mixed layout
// (blocked_product/mixed/5).
use cute_static::{blocked_product, layout};

fn main() {
    let r = blocked_product(layout!((_4,1):(_1,_1)), layout!((1,7,_4):(_1,_1,_7)));
    println!("{r}");
}
