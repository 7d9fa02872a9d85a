// CuTe: a compile error (incomplete type `tuple_size<int>`): a `_` of the tiler where the
// divided mode is an integer with nothing to split (zipped_divide/dynamic/40).
use cute_static::{layout, tile, zipped_divide};

fn main() {
    let r = zipped_divide(layout!((4,5,(1,4),8):(5,1,(24,1),5)), tile!((4:1,_)));
    println!("{r}");
}
