// CuTe: a compile error (no matching `repeat<R1>(Underscore)`), and the complement inside
// logical_product fails "Dynamic-stride complement only for rank-1 layouts" (tiled_product/dynamic/10).
use cute_static::{layout, tiled_product};

fn main() {
    let r = tiled_product(layout!((6,(1)):(1,(1))), layout!(((8)):((1))));
    println!("{r}");
}
