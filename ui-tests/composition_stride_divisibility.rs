// CuTe: "Stride Divisibility Condition" (composition/static, flat_product/static/13 ...).
use cute_static::{composition, layout};

fn main() {
    let r = composition(layout!((_4,_1):(_1,_1)), layout!(_6:_5));
    println!("{r}");
}
