// CuTe: "logical_divide: Too many modes in tiler."
use cute_static::{layout, logical_divide_tiler, tile};

fn main() {
    let r = logical_divide_tiler(layout!((_4,_4):(_1,_4)), tile!((_2,_2,_2)));
    println!("{r}");
}
