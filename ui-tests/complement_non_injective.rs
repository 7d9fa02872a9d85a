// CuTe: "Non-injective Layout detected in complement."
use cute_static::{complement, int_tuple, layout};

fn main() {
    let r = complement(layout!((_2,_2):(_1,_1)), int_tuple!(_8));
    println!("{r}");
}
