// CuTe: "Rank of layout must be <= rank of target shape."
use cute_static::{int_tuple, layout, tile_to_shape};

fn main() {
    let r = tile_to_shape(layout!((_2,_2,_2):(_1,_2,_4)), int_tuple!((_4,_4)));
    println!("{r}");
}
