// CuTe: "tile_to_shape: block shape does not divide the target shape." (tile_to_shape/static/19).
use cute_static::{int_tuple, layout, tile_to_shape};

fn main() {
    let r = tile_to_shape(layout!((_8):(_1)), int_tuple!((_6)));
    println!("{r}");
}
