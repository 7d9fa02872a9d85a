// CuTe: "Divisibility condition" in upcast (upcast/static/38).
use cute_static::{layout, upcast};

fn main() {
    let r = upcast::<4, _>(layout!((_6,_4,_1):(_1,_6,_24)));
    println!("{r}");
}
