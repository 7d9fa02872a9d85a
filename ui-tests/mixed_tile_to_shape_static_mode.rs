// CuTe compiles this (its check needs a wholly static target shape) and returns a wrong layout;
// the vector is marked `unchecked` ("tile_to_shape: block shape does not divide the target
// shape."). Mode 0 is _6 against _8 whatever the dynamic values are, so it is a compile error
// here (tile_to_shape/mixed/33).
use cute_static::{int_tuple, layout, tile_to_shape};

fn main() {
    let r = tile_to_shape(layout!((_6,3):(_3,_1)), int_tuple!((_8,9,_5)));
    println!("{r}");
}
