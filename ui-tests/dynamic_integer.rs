// cute-static layouts are static: a plain `3` is a dynamic integer in CuTe text.
use cute_static::layout;

fn main() {
    let l = layout!((_2,3):(_1,_2));
    println!("{l}");
}
