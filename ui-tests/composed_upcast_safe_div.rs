// CuTe: "Static safe_div requires t % u == 0" (composed_upcast/static/1).
use cute_static::{C, Swizzle, layout, make_composed_layout};

fn main() {
    let c = make_composed_layout(Swizzle::<2, 1, 5>::new(), C::<54>, layout!((_5):(_1)));
    println!("{}", c.upcast::<8>());
}
