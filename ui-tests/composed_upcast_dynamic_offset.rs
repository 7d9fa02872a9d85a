// CuTe: no matching function for call to upcast<N>(const int&): a dynamic offset.
use cute_static::{Swizzle, layout, make_composed_layout};

fn main() {
    let offset = 64;
    let c = make_composed_layout(Swizzle::<2, 3, 3>::new(), offset, layout!((_8,_8):(_8,_1)));
    println!("{}", c.upcast::<2>());
}
