//! cute-static's tensors against cute-dynamic's on the same text: slicing, the divides and the
//! partitions on mixed layouts (static leaves as types, dynamic ones as run-time values the
//! compiler cannot see), then element access through the partitions against the offsets
//! cute-dynamic computes.

use cute_dynamic as dynamic;
use cute_static::{
    coord, inner_partition, layout, local_partition, local_partition_proj, local_tile,
    local_tile_proj, make_fragment, make_tensor, make_tensor_mut, outer_partition, tile,
};
use std::hint::black_box;

fn t(text: &str) -> dynamic::Tensor {
    text.parse().expect("tensor text")
}

fn c(text: &str) -> dynamic::Coord {
    text.parse().expect("coordinate text")
}

fn tl(text: &str) -> dynamic::Tiler {
    text.parse().expect("tiler text")
}

fn l(text: &str) -> dynamic::Layout {
    text.parse().expect("layout text")
}

#[test]
fn partitions_agree_with_cute_dynamic() {
    let (m, k, lda) = (black_box(256), black_box(128), black_box(256));
    let data = vec![0u8; 256 * 128];
    let a = make_tensor(&data[..], layout!((m, k):(_1, lda))).unwrap();
    let da = t("_0|(256,128):(_1,256)");
    let (i, j) = (black_box(1), black_box(3));

    let got = local_tile(a, tile!((_64, _32)), coord!((i, j)));
    let want = dynamic::local_tile(&da, &tl("(_64,_32)"), &c("(1,3)")).unwrap();
    assert_eq!(got.to_string(), want.to_string());

    let got = inner_partition(a, tile!((_64, _32)), coord!((i, _)));
    let want = dynamic::inner_partition(&da, &tl("(_64,_32)"), &c("(1,_)")).unwrap();
    assert_eq!(got.to_string(), want.to_string());

    let got = outer_partition(a, tile!((_64, _32)), coord!((i, j)));
    let want = dynamic::outer_partition(&da, &tl("(_64,_32)"), &c("(1,3)")).unwrap();
    assert_eq!(got.to_string(), want.to_string());

    let got = local_tile_proj(
        a,
        tile!((_64, _64, _32)),
        coord!((i, _1, _)),
        coord!((_1, _, _1)),
    );
    let want = dynamic::local_tile_proj(&da, &tl("(_64,_64,_32)"), &c("(1,_1,_)"), &c("(_1,_,_1)"))
        .unwrap();
    assert_eq!(got.to_string(), want.to_string());

    let thr = layout!((_16, _8):(_8, _1));
    for tid in [0, 5, 37, 127] {
        let id = black_box(tid);
        let got = local_partition(a, thr, id);
        let want =
            dynamic::local_partition(&da, &l("(_16,_8):(_8,_1)"), dynamic::Int::new_dynamic(tid))
                .unwrap();
        assert_eq!(got.to_string(), want.to_string(), "thread {tid}");
        let got = local_partition_proj(
            a,
            layout!((_16, _8, _1):(_8, _1, _0)),
            id,
            coord!((_1, _, _1)),
        );
        let want = dynamic::local_partition_proj(
            &da,
            &l("(_16,_8,_1):(_8,_1,_0)"),
            dynamic::Int::new_dynamic(tid),
            &c("(_1,_,_1)"),
        )
        .unwrap();
        assert_eq!(got.to_string(), want.to_string(), "thread {tid}, projected");
    }

    let got = a.slice(coord!((_, j)));
    let want = da.slice(&c("(_,3)")).unwrap();
    assert_eq!(got.to_string(), want.to_string());
    let got = a.zipped_divide(tile!((_64, _32)));
    let want = da.zipped_divide(&tl("(_64,_32)")).unwrap();
    assert_eq!(got.to_string(), want.to_string());
}

#[test]
fn elements_through_partitions_are_the_engine_elements_cute_dynamic_names() {
    let (m, n) = (black_box(24), black_box(20));
    let data: Vec<i32> = (0..m * n).collect();
    let a = make_tensor(&data[..], layout!((m, n):(n, _1))).unwrap();
    let da = t("_0|(24,20):(20,_1)");
    let tiles = local_tile(
        a,
        tile!((_8, _4)),
        coord!(({ black_box(2) }, { black_box(3) })),
    );
    let dtiles = dynamic::local_tile(&da, &tl("(_8,_4)"), &c("(2,3)")).unwrap();
    for x in 0..8 {
        for y in 0..4 {
            let crd: dynamic::IntTuple = format!("({x},{y})").parse().unwrap();
            let want = dtiles
                .call(&crd)
                .unwrap()
                .to_string()
                .trim_start_matches('_')
                .parse::<i32>()
                .unwrap();
            assert_eq!(tiles[(x, y)], want, "({x},{y})");
        }
    }
    // Past the tile: still inside the matrix, so a valid element (CuTe does not check either);
    // past the matrix: `get` refuses.
    let first = local_tile(a, tile!((_8, _4)), coord!((_0, _0)));
    assert_eq!(first.get((x_past(), 0)), Some(&160));
    assert!(tiles.get((x_past(), 0)).is_none());
}

fn x_past() -> i32 {
    black_box(8)
}

#[test]
fn out_of_range_is_refused_once_at_construction() {
    let data = [0f32; 63];
    let err = make_tensor(&data[..], layout!((_8, _8):(_1, _8))).map(|_| ());
    assert_eq!(
        err.unwrap_err().to_string(),
        "tensor layout reaches offsets 0..=63, outside the 63 elements of its data"
    );
    let neg = make_tensor(&data[..], layout!((_8, _8):(_1, -8))).map(|_| ());
    assert!(neg.is_err());
    let empty = make_tensor(&data[..0], layout!((_0, { black_box(5) }):(_1, _0)));
    assert!(empty.is_ok());
    let mut buf = [0; 12];
    let mut w = make_tensor_mut(&mut buf[..], layout!((_3, _4):(_4, _1))).unwrap();
    w[(2, 3)] = 1;
    assert_eq!(buf[11], 1);
}

#[test]
fn register_fragments_accumulate_in_place() {
    let mut acc = make_fragment([0i64; 16], layout!((_4, _4):(_1, _4)));
    for k in 0..3 {
        for x in 0..4 {
            for y in 0..4 {
                acc[(x, y)] += i64::from(x * 10 + y + k);
            }
        }
    }
    assert_eq!(acc[(3, 2)], 3 * 32 + 3);
    assert_eq!(core::mem::size_of_val(&acc), 16 * 8);
}
