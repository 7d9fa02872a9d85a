//! frunk's HLists as tuples (cute-static's `frunk` feature, enabled for these tests by
//! cute-tests' dev-dependency): an HList of IntTuples, tilers or coordinates gives what the
//! Rust tuple of the same elements gives, and generic code can build one a mode at a time.

use cute_static::{
    _1, _2, _3, _4, _8, IntTuple, Layout, StaticLayout, Underscore, composition, coord, int_tuple,
    layout, logical_divide_tiler, make_layout, size, slice, tile, zipped_divide,
};
use frunk_core::hlist::{HCons, HNil};
use frunk_core::{HList, hlist};
use static_assertions::{assert_eq_size, const_assert_eq};

type Shape = HList![_4, HList![_2, _3]];

// Static HLists are zero-sized and static; their layouts are static layouts.
assert_eq_size!(Shape, ());
assert_eq_size!(HList![i32, _4, i32], [i32; 2]);
const_assert_eq!(<Shape as IntTuple>::RANK, 2);
const_assert_eq!(<Shape as IntTuple>::DEPTH, 2);
const_assert_eq!(<HNil as IntTuple>::RANK, 0);
const_assert_eq!(
    <Layout<Shape, HList![_1, HList![_4, _8]]> as StaticLayout>::SIZE,
    24
);
const_assert_eq!(
    <Layout<Shape, HList![_1, HList![_4, _8]]> as StaticLayout>::COSIZE,
    24
);

#[test]
fn hlist_layouts_are_tuple_layouts() {
    let h = Layout::<Shape, HList![_1, HList![_4, _8]]>::new();
    let t = layout!((_4,(_2,_3)):(_1,(_4,_8)));
    assert_eq!(h.to_string(), "(_4,(_2,_3)):(_1,(_4,_8))");
    assert!(h == t);
    for i in 0..24 {
        assert_eq!(h.call(i), t.call(i));
    }
    // Nested Rust tuples and HLists mix.
    let mixed = Layout::<HList![_4, (_2, _3)], (_1, HList![_4, _8])>::new();
    assert!(mixed == t);
    // One mode: `(_4)`, as `(_4,)`.
    assert_eq!(
        Layout::<HList![_4], HList![_2]>::new().to_string(),
        Layout::<(_4,), (_2,)>::new().to_string()
    );
}

#[test]
fn operations_and_dynamic_leaves() {
    let (m, n) = (std::hint::black_box(100), std::hint::black_box(60));
    let h = Layout::from_parts(hlist![m, n], hlist![_1::default(), m]);
    let t = layout!((m, n):(_1, m));
    assert_eq!(h.to_string(), "(100,60):(_1,100)");
    assert!(h == t);
    assert_eq!(core::mem::size_of_val(&h), 12);

    let tiler = hlist![_4::default(), Layout::<_2, _1>::new()];
    let z = zipped_divide(h, tiler);
    assert!(z == zipped_divide(t, tile!((_4, _2:_1))));
    let d = logical_divide_tiler(h, hlist![_8::default(), Underscore]);
    assert!(d == logical_divide_tiler(t, tile!((_8, _))));
    assert_eq!(d.to_string(), "((_8,13),60):((_1,_8),100)");

    let s = slice(hlist![Underscore, 7], h);
    assert!(s == slice(coord!((_, 7)), t));
    assert!(make_layout(hlist![m, _4::default()]) == make_layout(int_tuple!((m, _4))));
    assert_eq!(
        size(hlist![m, hlist![_2::default(), n]]).value(),
        100 * 2 * 60
    );
    assert!(
        composition(h, Layout::<HList![_4, _2], HList![_2, _1]>::new())
            == composition(t, layout!((_4,_2):(_2,_1)))
    );
}

#[test]
fn coordinates() {
    let t = layout!((_3,(_2,_3)):(_3,(_12,_1)));
    assert_eq!(t.call(hlist![1, hlist![1, 2]]), t.call((1, (1, 2))));
    assert_eq!(t.call(hlist![1, (1, 2)]), 17);
    assert_eq!(t.call(hlist![1, 5]), 17);
}

/// A mode prepended to a shape of any rank: generic code builds the tuple by its type, which it
/// cannot do with Rust tuples.
fn prepend_mode<M: IntTuple, S: IntTuple + frunk_core::hlist::HList>(m: M, s: S) -> HCons<M, S> {
    HCons { head: m, tail: s }
}

#[test]
fn generic_construction() {
    let s = prepend_mode(_8::default(), hlist![_4::default(), _2::default()]);
    assert_eq!(make_layout(s).to_string(), "(_8,_4,_2):(_1,_8,_32)");
    assert!(make_layout(s) == make_layout(int_tuple!((_8, _4, _2))));
    let s = prepend_mode(_3::default(), s);
    assert_eq!(make_layout(s).to_string(), "(_3,_8,_4,_2):(_1,_3,_24,_96)");
    assert_eq!(<HCons<_3, HNil> as IntTuple>::RANK, 1);
}
