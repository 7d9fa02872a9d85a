// Not CuTe text: the macro points at the offending token.
use cute_static::layout;

fn main() {
    let l = layout!((_2,x3):(_1,_2));
    println!("{l}");
}
