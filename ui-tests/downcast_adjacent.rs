// CuTe: "Downcast requires adjacent elements" (downcast/static/9).
use cute_static::{downcast, layout};

fn main() {
    let r = downcast::<4, _>(layout!((_4,_3):(_12,_2)));
    println!("{r}");
}
