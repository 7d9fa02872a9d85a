// CuTe: "Stride Divisibility Condition" on static values of a mixed input
// (zipped_product/mixed/10: the composition inside logical_product).
use cute_static::{layout, zipped_product};

fn main() {
    let r = zipped_product(layout!((_4):(_2)), layout!((5,5):(_5,_1)));
    println!("{r}");
}
