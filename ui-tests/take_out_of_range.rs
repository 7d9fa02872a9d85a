// CuTe: "take: range out of bounds".
use cute_static::{layout, take};

fn main() {
    let r = take::<1, 4, _>(layout!((_2,_3):(_1,_2)));
    println!("{r}");
}
