// A rank-3 coordinate into a rank-2 layout.
use cute_static::layout;

fn main() {
    let l = layout!((_2,_3):(_1,_2));
    println!("{}", l.call((1, 2, 0)));
}
