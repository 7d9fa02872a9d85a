//! The macros keep the hygiene of a dynamic leaf's tokens: a name a `macro_rules!` macro
//! passes in (an `expr` or `ident` fragment) resolves where that macro's caller wrote it.

use cute_static::{coord, layout, tile};

macro_rules! col_major {
    ($m:expr, $n:expr) => {
        layout!(($m, $n):(_1, $m))
    };
}

macro_rules! row_major {
    ($m:ident, $n:ident) => {
        layout!(($m, $n):($n, _1))
    };
}

macro_rules! tile_at {
    ($b:expr) => {
        (tile!((_32, $b)), coord!((_, $b)))
    };
}

#[test]
fn names_from_macro_rules_fragments() {
    let (m, n) = (std::hint::black_box(5), std::hint::black_box(3));
    assert_eq!(col_major!(m, n).to_string(), "(5,3):(_1,5)");
    assert_eq!(row_major!(m, n).to_string(), "(5,3):(3,_1)");
    let (t, c) = tile_at!(n);
    assert_eq!((t.1, c.1), (3, 3));
    // A block leaf keeps working beside them.
    let ld = 8;
    assert_eq!(
        layout!((m, n):(_1, { ld * 2 })).to_string(),
        "(5,3):(_1,16)"
    );
}
