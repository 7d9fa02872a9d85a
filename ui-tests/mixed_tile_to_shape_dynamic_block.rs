// CuTe: a compile error (`value` is not a member of `bool`): its static assertion that the
// block divides a static target shape gets a dynamic block size (tile_to_shape/mixed/28).
use cute_static::{int_tuple, layout, tile_to_shape};

fn main() {
    let r = tile_to_shape(layout!((8):(_1)), int_tuple!((_32)));
    println!("{r}");
}
