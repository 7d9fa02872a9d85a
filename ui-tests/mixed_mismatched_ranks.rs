// CuTe: "Mismatched Ranks" (blocked_product/dynamic/34: a rank-1 tuple against an integer).
use cute_static::{blocked_product, layout};

fn main() {
    let r = blocked_product(layout!((3):(1)), layout!(4:1));
    println!("{r}");
}
