// Not CuTe text: `_` must be followed by digits (`_3x` is neither `_3` nor a Rust name). The
// macro points at the offending token.
use cute_static::layout;

fn main() {
    let l = layout!((_2,_3x):(_1,_2));
    println!("{l}");
}
