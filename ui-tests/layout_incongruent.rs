// Shape and stride of different profiles: the macro refuses the text.
use cute_static::layout;

fn main() {
    let l = layout!((_2,_3):(_1));
    println!("{l}");
}
