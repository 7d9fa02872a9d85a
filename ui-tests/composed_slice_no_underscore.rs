// CuTe: no matching function for call to make_layout() (composed_slice/static/11): a
// swizzled layout sliced by a coordinate without `_`.
use cute_static::{Swizzle, coord, layout};

fn main() {
    let c = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    println!("{}", c.slice(coord!((_1,_2))));
}
