// CuTe: "abs(SShift) must be more than BBits." (make_composed_swizzle/static/10).
use cute_static::{layout, Swizzle};

fn main() {
    let c = Swizzle::<2, 0, 1>::new().composition(layout!((_8,_8):(_1,_8)));
    println!("{c}");
}
