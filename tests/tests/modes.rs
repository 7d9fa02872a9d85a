//! The operations the vectors do not record, on mixed layouts: get, take, select, group, slice,
//! dice, upcast, downcast, size, cosize and evaluation through cute-static (static leaves as
//! types, dynamic ones as run-time values the compiler cannot see) against cute-dynamic on the
//! same text.

use cute_dynamic as dynamic;
use cute_static::{
    coord, dice, downcast, get, group, int_tuple, layout, select, slice, take, upcast,
};
use std::hint::black_box;

fn d(text: &str) -> dynamic::Layout {
    text.parse().expect("layout text")
}

#[test]
fn mode_operations_agree_with_cute_dynamic() {
    let (m, n) = (black_box(6), black_box(10));
    let l = layout!((m,(_3,n),_4):(_1,(m,{ 3 * m }),{ 3 * m * n }));
    let text = l.to_string();
    assert_eq!(text, "(6,(_3,10),_4):(_1,(6,18),180)");
    let dl = d(&text);
    let same = |got: String, want: dynamic::Layout| assert_eq!(got, want.to_string());
    same(get::<1, _>(l).to_string(), dl.get(1).unwrap());
    same(l.get::<2>().to_string(), dl.get(2).unwrap());
    same(
        take::<1, 3, _>(l).to_string(),
        dynamic::take(&dl, 1, 3).unwrap(),
    );
    same(
        select(l, int_tuple!((_2, _0))).to_string(),
        dynamic::select(&dl, &[2, 0]).unwrap(),
    );
    same(
        group::<0, 2, _>(l).to_string(),
        dynamic::group(&dl, 0, 2).unwrap(),
    );
    same(
        group::<1, 2, _>(l).to_string(),
        dynamic::group(&dl, 1, 2).unwrap(),
    );
    let c: dynamic::Coord = "(_,(1,_),2)".parse().unwrap();
    let i = black_box(1);
    same(
        slice(coord!((_, (i, _), _2)), l).to_string(),
        dynamic::slice(&c, &dl).unwrap(),
    );
    same(
        dice(coord!((_, (i, _), _2)), l).to_string(),
        dynamic::dice(&c, &dl).unwrap(),
    );
    assert_eq!(l.size(), dl.size().unwrap().value());
    assert_eq!(l.cosize(), dl.cosize().unwrap().value());
    for k in 0..l.size() {
        assert_eq!(l.call(k), dl.call(k).unwrap().value(), "L({k})");
        assert_eq!(
            l.idx2crd(k).to_string(),
            dynamic::idx2crd(&dynamic::IntTuple::d(k), &dl.shape())
                .unwrap()
                .to_string()
                .replace('_', ""),
            "idx2crd({k})"
        );
    }
}

#[test]
fn recasts_agree_with_cute_dynamic() {
    let (ld, n) = (black_box(64), black_box(3));
    let l = layout!((_8,(_4,n)):(_1,(_8,ld)));
    let dl = d(&l.to_string());
    assert_eq!(
        upcast::<2, _>(l).to_string(),
        dynamic::upcast(2, &dl).unwrap().to_string()
    );
    assert_eq!(
        downcast::<2, _>(l).to_string(),
        dynamic::downcast(2, &dl).unwrap().to_string()
    );
}

#[test]
fn make_layouts_follow_cute_stride_rules_for_mixed_shapes() {
    use cute_static::{make_layout, make_layout_right, make_ordered_layout};
    let m = black_box(7);
    let s = int_tuple!((m, (_4, m), _2));
    let ds: dynamic::IntTuple = "(7,(_4,7),_2)".parse().unwrap();
    assert_eq!(make_layout(s).to_string(), "(7,(_4,7),_2):(_1,(7,28),196)");
    assert_eq!(
        make_layout(s).to_string(),
        dynamic::make_layout(&ds).unwrap().to_string()
    );
    assert_eq!(
        make_layout_right(s).to_string(),
        dynamic::make_layout_right(&ds).unwrap().to_string()
    );
    let order = int_tuple!((_1, (_0, _2), _3));
    let dorder: dynamic::IntTuple = "(_1,(_0,_2),_3)".parse().unwrap();
    assert_eq!(
        make_ordered_layout(s, order).to_string(),
        dynamic::make_ordered_layout(&ds, &dorder)
            .unwrap()
            .to_string()
    );
}
