// A passing case: with one, trybuild runs `cargo build` rather than `cargo check`, and the
// const-evaluation errors of the other cases (CuTe's static_asserts) are reported.
use cute_static::{composition, layout};

fn main() {
    assert_eq!(composition(layout!((_10,_2):(_16,_4)), layout!((_5,_4):(_1,_5))).to_string(), "(_5,(_2,_2)):(_16,(_80,_4))");
}
