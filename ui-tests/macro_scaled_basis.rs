// A scaled basis `v@i` is CuTe text (a stride of make_identity_layout), but no leaf of
// cute-static's layout! (its strides are integers): the macro points at the `@`.
use cute_static::layout;

fn main() {
    let l = layout!((_4,_8):(_1@0,_1@1));
    println!("{l}");
}
