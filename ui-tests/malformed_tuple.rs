// Not CuTe text: two modes without a comma between them, inside a nested tuple. The macro
// points at the token where the comma should be.
use cute_static::layout;

fn main() {
    let l = layout!((_2,(_3 _4)):(_1,(_2,_6)));
    println!("{l}");
}
