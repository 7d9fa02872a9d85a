// CuTe: "Downcast requires adjacent elements": no static stride _1 (downcast/dynamic/0).
use cute_static::{downcast, layout};

fn main() {
    let r = downcast::<4, _>(layout!((2):(1)));
    println!("{r}");
}
