// CuTe: "Left inverse requires static strides." (left_inverse/dynamic/0).
use cute_static::{layout, left_inverse};

fn main() {
    let r = left_inverse(layout!((3,(1,2)):(1,(3,3))));
    println!("{r}");
}
