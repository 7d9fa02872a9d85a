// CuTe: a compile error (tuple_size of an integer) when a `_` mode cannot split into (tile, rest)
// (zipped_divide/static/7).
use cute_static::{layout, tile, zipped_divide};

fn main() {
    let r = zipped_divide(layout!((_2,_3):(_1,_2)), tile!((_,_3)));
    println!("{r}");
}
