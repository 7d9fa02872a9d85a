// CuTe: "Left inverse divisibility condition" (left_inverse/static/5).
use cute_static::{layout, left_inverse};

fn main() {
    let r = left_inverse(layout!((_2,_2,_8):(_0,_5,_4)));
    println!("{r}");
}
