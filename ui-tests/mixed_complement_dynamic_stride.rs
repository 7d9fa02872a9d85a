// CuTe: "Dynamic-stride complement only for rank-1 layouts" (complement/dynamic/2: dynamic values).
use cute_static::{complement, int_tuple, layout};

fn main() {
    let r = complement(layout!((1,2,4):(8,4,1)), int_tuple!(24));
    println!("{r}");
}
