// CuTe: "Divisibility Condition" (shape_div/static/12).
use cute_static::{int_tuple, shape_div};

fn main() {
    let r = shape_div(int_tuple!(_26), int_tuple!((_5)));
    println!("{r}");
}
