//! Compile-time regression: layouts of rank 16 to 32 through the algebra. With the algebra in
//! const evaluation there is no trait-solver recursion to blow up; this file keeps it that way
//! (its build time is part of `scripts/compile-time.sh`).

use cute_static::{coalesce, composition, layout, logical_divide, right_inverse};

#[test]
fn rank_16() {
    let l = layout!((_2,_2,_2,_2,_2,_2,_2,_2,_2,_2,_2,_2,_2,_2,_2,_2):(_1,_2,_4,_8,_16,_32,_64,_128,_256,_512,_1024,_2048,_4096,_8192,_16384,_32768));
    assert_eq!(coalesce(l).to_string(), "_65536:_1");
    assert_eq!(right_inverse(l).to_string(), "_65536:_1");
    assert_eq!(
        composition(l, layout!((_4,_4):(_4,_1))).to_string(),
        "(_4,_4):(_4,_1)"
    );
}

#[test]
fn rank_32() {
    let l = layout!((_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_2,_2,_2,_2,_2,_2,_2,_2,_2,_2,_2,_2,_2,_2,_2,_2):(_0,_0,_0,_0,_0,_0,_0,_0,_0,_0,_0,_0,_0,_0,_0,_0,_1,_2,_4,_8,_16,_32,_64,_128,_256,_512,_1024,_2048,_4096,_8192,_16384,_32768));
    assert_eq!(l.rank(), 32);
    assert_eq!(coalesce(l).to_string(), "_65536:_1");
    assert_eq!(logical_divide(l, layout!(_8:_1)).size(), 65536);
}
