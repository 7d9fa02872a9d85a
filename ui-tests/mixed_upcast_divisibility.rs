// CuTe: "Divisibility condition" in upcast on static strides of a mixed layout (upcast/mixed/10).
use cute_static::{layout, upcast};

fn main() {
    let r = upcast::<8, _>(layout!((_6,_9):(1,_6)));
    println!("{r}");
}
