// A passing case: the ui driver requires it to build without errors, so a regression that
// rejects valid input shows up here too.
use cute_static::{composition, layout};

fn main() {
    assert_eq!(composition(layout!((_10,_2):(_16,_4)), layout!((_5,_4):(_1,_5))).to_string(), "(_5,(_2,_2)):(_16,(_80,_4))");
    let m = 100;
    assert_eq!(layout!((m, _4):(_1, m)).call((3, 2)), 203);
}
