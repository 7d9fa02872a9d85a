//! cute-static's tensors against cute-dynamic's on the same text: slicing, the divides and the
//! partitions on mixed layouts (static leaves as types, dynamic ones as run-time values the
//! compiler cannot see) and on swizzled shared-memory tiles, then element access through the
//! partitions against the offsets cute-dynamic computes and the elements of the tensor they
//! were taken from.

use cute_dynamic as dynamic;
use cute_static::{
    C, Condition, Swizzle, coord, inner_partition, layout, local_partition, local_partition_proj,
    local_tile, local_tile_proj, make_fragment, make_tensor, make_tensor_mut, outer_partition,
    tile,
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

/// A swizzled `(_64,_8)` shared-memory tile, `Sw<3,3,3>`: its slices and partitions print what
/// cute-dynamic prints (the swizzle kept, its selected bits in its offset, or decayed to a plain
/// layout), and every element of each is the tile's element at the matching coordinate. Run-time
/// integers are fine where they select no swizzle bit.
#[test]
fn swizzled_partitions_are_views_of_the_tiles_elements() {
    let data: Vec<i32> = (0..2048).collect();
    let smem = Swizzle::<3, 3, 3>::new().composition(layout!((_64, _8):(_1, _64)));
    let s = make_tensor(&data[..], smem).unwrap();
    let ds = t("_0|Sw<3,3,3> o _0 o (_64,_8):(_1,_64)");

    let col = s.slice(coord!((_, _5)));
    assert_eq!(col.to_string(), "_360|((_8,_2,_2,_2)):((_1,_-8,_16,_-32))");
    assert_eq!(col.to_string(), ds.slice(&c("(_,_5)")).unwrap().to_string());
    let row = s.slice(coord!((_19, _)));
    assert_eq!(row.to_string(), "_19|((_2,_2,_2)):((_72,_112,_288))");
    for i in 0..64 {
        assert_eq!(col[i], s[(i, 5)], "column 5, row {i}");
    }
    for j in 0..8 {
        assert_eq!(row[j], s[(19, j)], "row 19, column {j}");
    }

    let tile = local_tile(s, tile!((_16, _4)), coord!((_2, _1)));
    assert_eq!(tile.to_string(), "_0|Sw<3,3,3> o _288 o (_16,_4):(_1,_64)");
    let want = dynamic::local_tile(&ds, &tl("(_16,_4)"), &c("(_2,_1)")).unwrap();
    assert_eq!(tile.to_string(), want.to_string());
    for x in 0..16 {
        for y in 0..4 {
            assert_eq!(tile[(x, y)], s[(32 + x, 4 + y)], "tile ({x},{y})");
        }
    }

    // Thread 13 of (_8,_4):(_1,_8) is (5,1): it owns (5 + 8i, 1 + 4j).
    let mine = local_partition(s, layout!((_8, _4):(_1, _8)), C::<13>);
    assert_eq!(mine.to_string(), "_5|Sw<3,3,3> o _64 o (_8,_2):(_8,_256)");
    for i in 0..8 {
        for j in 0..2 {
            assert_eq!(
                mine[(i, j)],
                s[(5 + 8 * i, 1 + 4 * j)],
                "thread 13 ({i},{j})"
            );
        }
    }
    // A run-time thread index selecting a row within 8: no swizzle bit.
    for tid in 0..8 {
        let mine = local_partition(s, layout!((_8, _1):(_1, _0)), black_box(tid));
        let want =
            dynamic::local_partition(&ds, &l("(_8,_1):(_1,_0)"), dynamic::Int::new_dynamic(tid))
                .unwrap();
        assert_eq!(mine.to_string(), want.to_string(), "thread {tid}");
        for i in 0..8 {
            for j in 0..8 {
                assert_eq!(mine[(i, j)], s[(tid + 8 * i, j)], "thread {tid} ({i},{j})");
            }
        }
    }

    // A run-time stage of a pipelined buffer: the stage bits lie above the swizzle's.
    let buffer = Swizzle::<3, 3, 3>::new().composition(layout!((_8, _64, _4):(_64, _1, _512)));
    let stages = make_tensor(&data[..], buffer).unwrap();
    for k in 0..4 {
        let stage = stages.slice(coord!((_, _, { black_box(k) })));
        let want = format!("{}|Sw<3,3,3> o _0 o (_8,_64):(_64,_1)", 512 * k);
        assert_eq!(stage.to_string(), want);
        for x in 0..8 {
            for y in 0..64 {
                assert_eq!(stage[(x, y)], stages[(x, y, k)], "stage {k} ({x},{y})");
            }
        }
    }
}

/// Run-time coordinates that select swizzle bits: the offset becomes CuTe's MixedBits (the
/// swizzle bits known only at run time), the text and every element as cute-dynamic's.
#[test]
fn run_time_coordinates_that_select_swizzle_bits_make_mixed_bits() {
    let data: Vec<i32> = (0..4096).collect();
    let smem = Swizzle::<3, 3, 3>::new().composition(layout!((_64, _8):(_1, _64)));
    let s = make_tensor(&data[..], smem).unwrap();
    let ds = t("_0|Sw<3,3,3> o _0 o (_64,_8):(_1,_64)");

    // Every thread of (_8,_4):(_1,_8), the index known only at run time.
    for tid in 0..32 {
        let mine = local_partition(s, layout!((_8, _4):(_1, _8)), black_box(tid));
        let want =
            dynamic::local_partition(&ds, &l("(_8,_4):(_1,_8)"), dynamic::Int::new_dynamic(tid))
                .unwrap();
        assert_eq!(mine.to_string(), want.to_string(), "thread {tid}");
        let (x, y) = (tid % 8, tid / 8);
        for i in 0..8 {
            for j in 0..2 {
                assert_eq!(
                    mine[(i, j)],
                    s[(x + 8 * i, y + 4 * j)],
                    "thread {tid} ({i},{j})"
                );
            }
        }
    }

    // Tiles at run-time coordinates (tile m spans rows 16m.., the swizzle's Z bits).
    for m in 0..4 {
        for n in 0..2 {
            let tile = local_tile(
                s,
                tile!((_16, _4)),
                coord!(({ black_box(m) }, { black_box(n) })),
            );
            let want =
                dynamic::local_tile(&ds, &tl("(_16,_4)"), &c(&format!("({m},{n})"))).unwrap();
            assert_eq!(tile.to_string(), want.to_string(), "tile ({m},{n})");
            for x in 0..16 {
                for y in 0..4 {
                    assert_eq!(
                        tile[(x, y)],
                        s[(16 * m + x, 4 * n + y)],
                        "tile ({m},{n}) ({x},{y})"
                    );
                }
            }
        }
    }

    // A GEMM's shared-memory tile: a 128B-swizzled (_8,_64) K-major atom tiled to (_64,_64),
    // rows of it by a run-time row, decaying to a plain layout with run-time strides.
    let atom = Swizzle::<3, 3, 3>::new().composition(layout!((_8, _64):(_64, _1)));
    let sa = make_tensor(
        &data[..],
        atom.tile_to_shape(cute_static::int_tuple!((_64, _64))),
    )
    .unwrap();
    let dsa = t("_0|Sw<3,3,3> o _0 o ((_8,_8),(_64,_1)):((_64,_512),(_1,_0))");
    assert_eq!(sa.to_string(), dsa.to_string());
    for r in 0..64 {
        let row = sa.slice(coord!(({ black_box(r) }, _)));
        let want = dsa.slice(&c(&format!("({r},_)"))).unwrap();
        assert_eq!(row.to_string(), want.to_string(), "row {r}");
        for k in 0..64 {
            assert_eq!(row[k], sa[(r, k)], "row {r}, column {k}");
        }
    }
}

/// CuTe decays a swizzle sliced down to a run-time shape without knowing whether that shape
/// reaches a Y bit and its Z partner; where it does, the result names other elements, and
/// `layout().checked()` says so.
#[test]
fn a_swizzle_decayed_over_a_run_time_shape_is_checked() {
    let data: Vec<i32> = (0..1024).collect();
    for (m, fits) in [(64, true), (512, false)] {
        let m = black_box(m);
        let smem = Swizzle::<3, 3, 3>::new().composition(layout!((m, _2):(_1, _512)));
        let t = make_tensor(&data[..], smem).unwrap();
        let column = t.slice(coord!((_, _1)));
        let want = dynamic::Tensor::Memory {
            offset: dynamic::Int::new_static(0),
            layout: format!("Sw<3,3,3> o _0 o ({m},_2):(_1,_512)")
                .parse()
                .unwrap(),
        };
        match want.slice(&c("(_,_1)")) {
            Ok(d) => assert_eq!(column.to_string(), d.to_string()),
            Err(e) => assert_eq!(e.condition(), Some(dynamic::Condition::SwizzleSliceDecay)),
        }
        let agree = (0..m).all(|i| column[i] == t[(i, 1)]);
        assert_eq!(agree, fits, "m = {m}");
        match column.layout().checked() {
            Ok(_) => assert!(fits),
            Err(e) => {
                assert!(!fits);
                assert_eq!(e.condition(), Some(Condition::SwizzleSliceDecay));
            }
        }
    }
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

#[test]
fn identity_tensors_with_run_time_shapes_agree_with_cute_dynamic() {
    use cute_static::{elem_less, int_tuple, make_identity_tensor};
    // A GEMM's C predicate: the (_32,_16) CTA tile at (m, n) of a (100, 70) problem, partitioned
    // over (_8,_4) threads; every element's coordinate against the problem's shape.
    let (rows, cols) = (black_box(100), black_box(70));
    let (bm, bn, thread) = (black_box(3), black_box(4), black_box(2));
    let cc = make_identity_tensor(int_tuple!((rows, cols)));
    let dc = dynamic::make_identity_tensor(&"(100,70)".parse().unwrap());
    assert_eq!(cc.to_string(), dc.to_string());

    let tile = local_tile(cc, tile!((_32, _16)), coord!((bm, bn)));
    let dtile = dynamic::local_tile(&dc, &tl("(_32,_16)"), &c("(3,4)")).unwrap();
    assert_eq!(tile.to_string(), dtile.to_string());

    let mine = local_partition(tile, layout!((_8, _4):(_1, _8)), thread);
    let dmine =
        dynamic::local_partition(&dtile, &l("(_8,_4):(_1,_8)"), dynamic::Int::new_dynamic(2))
            .unwrap();
    assert_eq!(mine.to_string(), dmine.to_string());

    let mut inside = 0;
    for i in 0..4 {
        for j in 0..4 {
            let got = mine.call((i, j));
            let want = dmine.call(&format!("({i},{j})").parse().unwrap()).unwrap();
            assert_eq!(got.to_string(), want.to_string(), "({i},{j})");
            let [r, col] = got.leaves() else {
                panic!("two components")
            };
            assert_eq!(elem_less(got, (rows, cols)), *r < 100 && *col < 70);
            inside += usize::from(elem_less(got, (rows, cols)));
        }
    }
    // Thread 2 is at (2,0) of the threads: rows 98, 106, 114, 122 (only 98 < 100) and
    // columns 64, 68, 72, 76 (64 and 68 < 70).
    assert_eq!(inside, 2);
}

/// An identity tensor's coordinates as CuTe C++ 4.2 gives them (`data/issue-vectors.jsonl`,
/// issue 23): a size-1 mode that takes the rest of a run-time index (the last mode of a tuple
/// that is not the last of its own) holds a run-time `0`, printed `0`, where `x % _1` (a size-1
/// mode before others) is `_0`.
#[test]
fn identity_tensor_coordinates_keep_cutes_run_time_zeros() {
    let records = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/issue-vectors.jsonl"
    ))
    .expect("the vector file is part of the repository");
    let cute = |shape: &str| -> String {
        let key = format!("\"args\":[\"{shape}\"],\"result\":\"");
        let at = records.find(&key).expect("a record of the shape") + key.len();
        records[at..at + records[at..].find('"').expect("the result")].to_string()
    };
    macro_rules! coordinates {
        ($($shape:tt)*) => {{
            let t = cute_static::make_identity_tensor(cute_static::int_tuple!($($shape)*));
            let n = cute_static::size(cute_static::int_tuple!($($shape)*)).value();
            let all: Vec<String> = (0..n).map(|i| t.call(i).to_string()).collect();
            assert_eq!(format!("[{}]", all.join(",")), cute(stringify!($($shape)*).replace(' ', "").as_str()));
        }};
    }
    coordinates!(((_2, _1), _3));
    coordinates!((_3, (_2, _1)));
    coordinates!(((_1, _2), _3));
    coordinates!(((_1, _1), _2));
    coordinates!(((_2, (_1, _2)), _3));
    coordinates!(((_2, _1), (_1, _3)));
    coordinates!((((_2, _1)), _2));
    coordinates!((_2, (_2, (_1, _1))));
}

/// Slices of a swizzled layout whose remaining modes are run-time values (issue 23 point 6a):
/// where CuTe's compositions with the swizzle's projections fail a divisibility condition CuTe
/// does not check on run-time values, both crates keep CuTe's answer exactly where it is the
/// slice (compared point by point), and refuse it elsewhere: the same verdict and text from
/// cute-static's `.checked()` and cute-dynamic, over a grid of run-time shapes and strides.
#[test]
fn mixed_swizzled_slices_agree_with_cute_dynamic() {
    use cute_static::make_composed_layout;
    let (mut kept, mut refused) = (0, 0);
    for d0 in 1..=4 {
        for d1 in 1..=4 {
            for e0 in -3..=8 {
                for e1 in -3..=12 {
                    let (a, b, x, y) = black_box((d0, d1, e0, e1));
                    let swizzled = make_composed_layout(
                        Swizzle::<1, 0, 1>::new(),
                        C::<0>,
                        layout!((a, b, _2):(x, y, _1)),
                    );
                    let s = swizzled.slice(coord!((_, _, 1)));
                    let text = format!("Sw<1,0,1> o _0 o ({d0},{d1},_2):({e0},{e1},_1)");
                    let want: dynamic::ComposedLayout = text.parse().unwrap();
                    let d = want.slice(&c("(_,_,1)"));
                    match (s.checked(), d) {
                        (Ok(s), Ok(d)) => {
                            assert_eq!(s.to_string(), d.to_string(), "{text}");
                            kept += 1;
                        }
                        (Err(_), Err(_)) => refused += 1,
                        (s, d) => panic!("{text}: cute-static {s:?}, cute-dynamic {d:?}"),
                    }
                }
            }
        }
    }
    assert_eq!((kept, refused), (552, 2520));
}

/// The 43 slices of swizzled layouts with run-time remaining modes recorded from CuTe C++ 4.2
/// for issue 23 (`data/issue-vectors.jsonl`, `composed_slice/issue23/2..44`) through
/// cute-static's checked form: each is CuTe's text and `Ok` (18 of them were refused before
/// the checked form compared CuTe's slice with its definition point by point).
#[test]
fn issue23_swizzled_slices_checked_as_cute() {
    use cute_static::make_composed_layout;
    let cases: Vec<(&str, Result<String, cute_static::LayoutError>)> = vec![
        (
            "((1,1,1),(1,2,2)):((3,2,4),(2,1,4))",
            make_composed_layout(
                Swizzle::<1, 0, 1>::new(),
                C::<0>,
                layout!((1,4,_2):(3,2,_1)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,1),(1,1,4)):((-3,6,4),(-8,12,8))",
            make_composed_layout(
                Swizzle::<1, 0, 1>::new(),
                C::<0>,
                layout!((1,4,_4):(3,8,_2)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,1),(1,1,4)):((-6,9,8),(-8,12,8))",
            make_composed_layout(
                Swizzle::<1, 0, 1>::new(),
                C::<0>,
                layout!((1,4,_2):(6,8,_2)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,3),(1,2,1)):((4,2,4),(2,1,4))",
            make_composed_layout(
                Swizzle::<1, 0, 1>::new(),
                C::<0>,
                layout!((3,3,_2):(4,2,_1)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,2,2),(1,1,1)):((2,3,4),(6,9,8))",
            make_composed_layout(
                Swizzle::<1, 0, 1>::new(),
                C::<0>,
                layout!((4,1,_2):(2,6,_4)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,4),(1,1,1)):((4,6,4),(6,9,8))",
            make_composed_layout(
                Swizzle::<1, 0, 1>::new(),
                C::<0>,
                layout!((4,1,_4):(4,6,_4)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,4),(1,2,1)):((4,2,4),(2,1,4))",
            make_composed_layout(
                Swizzle::<1, 0, 1>::new(),
                C::<0>,
                layout!((4,3,_2):(4,2,_1)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,1),(1,2,2)):((3,6,8),(4,6,8))",
            make_composed_layout(
                Swizzle::<1, 1, 1>::new(),
                C::<0>,
                layout!((1,4,_2):(3,4,_8)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,1),(1,2,2)):((6,12,8),(4,6,8))",
            make_composed_layout(
                Swizzle::<1, 1, 1>::new(),
                C::<0>,
                layout!((1,4,_2):(6,4,_8)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((2,1,1),(1,2,1)):((1,2,8),(4,2,8))",
            make_composed_layout(
                Swizzle::<1, 1, 1>::new(),
                C::<0>,
                layout!((2,3,_2):(1,4,_2)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((3,1,1),(2,1,1)):((1,6,8),(1,6,8))",
            make_composed_layout(
                Swizzle::<1, 1, 1>::new(),
                C::<0>,
                layout!((3,2,_2):(1,1,_8)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,1,3),(1,1,2,1)):((8,8,4,8),(4,4,2,8))",
            make_composed_layout(
                Swizzle::<1, 1, 1>::new(),
                C::<0>,
                layout!((3,3,_4):(8,4,_2)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,2,2),(1,1,1,1)):((4,4,2,8),(3,4,2,8))",
            make_composed_layout(
                Swizzle::<1, 1, 1>::new(),
                C::<0>,
                layout!((4,1,_4):(4,3,_2)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,1,4),(1,1,1,1)):((8,-8,12,8),(6,-6,12,8))",
            make_composed_layout(
                Swizzle::<1, 1, 1>::new(),
                C::<0>,
                layout!((4,1,_2):(8,6,_4)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,1,1),(2,2,1,1)):((3,-4,5,16),(1,-2,5,16))",
            make_composed_layout(
                Swizzle::<2, 0, 2>::new(),
                C::<0>,
                layout!((1,4,_2):(3,1,_8)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,1,1,1),(1,1,2,2,1)):((6,6,10,6,16),(4,4,5,6,16))",
            make_composed_layout(
                Swizzle::<2, 0, 2>::new(),
                C::<0>,
                layout!((1,4,_4):(6,4,_2)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,2,1),(1,2,1)):((4,5,16),(8,10,16))",
            make_composed_layout(
                Swizzle::<2, 0, 2>::new(),
                C::<0>,
                layout!((2,3,_2):(4,8,_16)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,4,1),(1,1,1)):((4,5,16),(6,10,16))",
            make_composed_layout(
                Swizzle::<2, 0, 2>::new(),
                C::<0>,
                layout!((4,1,_2):(4,6,_16)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,1),(2,2,1)):((3,5,8),(2,5,8))",
            make_composed_layout(
                Swizzle::<1, 0, 2>::new(),
                C::<0>,
                layout!((1,4,_2):(3,2,_16)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,1),(4,1,1)):((6,10,8),(1,5,8))",
            make_composed_layout(
                Swizzle::<1, 0, 2>::new(),
                C::<0>,
                layout!((1,4,_2):(6,1,_16)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((2,1,1),(1,1,2)):((3,5,8),(8,10,8))",
            make_composed_layout(
                Swizzle::<1, 0, 2>::new(),
                C::<0>,
                layout!((2,2,_2):(3,8,_8)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,2),(1,2,1)):((8,10,8),(4,5,8))",
            make_composed_layout(
                Swizzle::<1, 0, 2>::new(),
                C::<0>,
                layout!((2,3,_2):(8,4,_8)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,3),(3,1,1)):((8,10,8),(1,5,8))",
            make_composed_layout(
                Swizzle::<1, 0, 2>::new(),
                C::<0>,
                layout!((3,3,_2):(8,1,_8)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((2,2,1,1),(1,1,1,1)):((-1,2,5,8),(-6,6,10,8))",
            make_composed_layout(
                Swizzle::<1, 0, 2>::new(),
                C::<0>,
                layout!((4,1,_4):(1,6,_4)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,2,2),(1,1,1,1)):((4,4,5,8),(6,6,10,8))",
            make_composed_layout(
                Swizzle::<1, 0, 2>::new(),
                C::<0>,
                layout!((4,1,_4):(4,6,_2)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,4),(2,1,1)):((8,10,8),(3,5,8))",
            make_composed_layout(
                Swizzle::<1, 0, 2>::new(),
                C::<0>,
                layout!((4,2,_2):(8,3,_8)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,1,1),(4,1,1,1)):((3,-4,10,32),(1,-4,10,32))",
            make_composed_layout(
                Swizzle::<2, 1, 2>::new(),
                C::<0>,
                layout!((1,4,_2):(3,1,_16)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,1,1,1),(1,2,2,1,1)):((6,-6,8,10,32),(2,-2,4,10,32))",
            make_composed_layout(
                Swizzle::<2, 1, 2>::new(),
                C::<0>,
                layout!((1,4,_2):(6,2,_8)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((2,1,1),(2,1,1)):((3,10,32),(3,10,32))",
            make_composed_layout(
                Swizzle::<2, 1, 2>::new(),
                C::<0>,
                layout!((2,2,_2):(3,3,_1)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((2,1,1),(3,1,1)):((4,10,32),(1,10,32))",
            make_composed_layout(
                Swizzle::<2, 1, 2>::new(),
                C::<0>,
                layout!((2,3,_2):(4,1,_1)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((3,1,1),(3,1,1)):((1,10,32),(1,10,32))",
            make_composed_layout(
                Swizzle::<2, 1, 2>::new(),
                C::<0>,
                layout!((3,3,_2):(1,1,_1)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((2,2,1,1,1,1),(1,1,1,1,1,1)):((1,2,4,10,12,32),(6,6,8,10,12,32))",
            make_composed_layout(
                Swizzle::<2, 1, 2>::new(),
                C::<0>,
                layout!((4,1,_4):(1,6,_4)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,1,2,2,1),(1,1,1,1,1,1)):((8,8,8,10,12,32),(3,4,4,10,12,32))",
            make_composed_layout(
                Swizzle::<2, 1, 2>::new(),
                C::<0>,
                layout!((4,1,_4):(8,3,_4)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,1),(1,2,2)):((6,12,16),(8,12,16))",
            make_composed_layout(
                Swizzle::<1, 2, 1>::new(),
                C::<0>,
                layout!((1,4,_2):(6,8,_1)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((2,1,1),(1,2,1)):((1,12,16),(8,12,16))",
            make_composed_layout(
                Swizzle::<1, 2, 1>::new(),
                C::<0>,
                layout!((2,3,_4):(1,8,_2)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((3,1,1),(2,1,1)):((2,12,16),(1,12,16))",
            make_composed_layout(
                Swizzle::<1, 2, 1>::new(),
                C::<0>,
                layout!((3,2,_2):(2,1,_16)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((4,1,1),(1,1,1)):((1,4,16),(6,4,16))",
            make_composed_layout(
                Swizzle::<1, 2, 1>::new(),
                C::<0>,
                layout!((4,1,_2):(1,6,_4)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((4,1,1,1),(1,1,2,1)):((1,4,4,16),(8,8,4,16))",
            make_composed_layout(
                Swizzle::<1, 2, 1>::new(),
                C::<0>,
                layout!((4,3,_4):(1,8,_4)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,1,1,1,1),(2,2,1,1,1)):((6,-6,8,9,32),(1,-2,4,9,32))",
            make_composed_layout(
                Swizzle::<2, 0, 3>::new(),
                C::<0>,
                layout!((1,4,_2):(6,1,_16)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((2,1,1,1),(1,2,1,1)):((6,7,18,32),(8,7,18,32))",
            make_composed_layout(
                Swizzle::<2, 0, 3>::new(),
                C::<0>,
                layout!((2,2,_2):(6,8,_1)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,3,1,1),(1,2,1,1)):((-2,2,9,32),(-2,2,9,32))",
            make_composed_layout(
                Swizzle::<2, 0, 3>::new(),
                C::<0>,
                layout!((3,2,_2):(2,2,_8)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((2,2,1,1,1),(1,1,1,1,1)):((1,-2,4,9,32),(6,-6,8,9,32))",
            make_composed_layout(
                Swizzle::<2, 0, 3>::new(),
                C::<0>,
                layout!((4,1,_2):(1,6,_16)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
        (
            "((1,4,1),(1,1,1)):((8,9,32),(6,9,32))",
            make_composed_layout(
                Swizzle::<2, 0, 3>::new(),
                C::<0>,
                layout!((4,1,_2):(8,6,_4)),
            )
            .slice(coord!((_, _, 1)))
            .checked()
            .map(|x| x.to_string()),
        ),
    ];
    assert_eq!(cases.len(), 43);
    for (want, got) in cases {
        assert_eq!(got.as_deref(), Ok(want));
    }
}

/// The same for tensors: a slice of a swizzled tensor with run-time remaining modes is, under
/// `.checked()`, either the slice element by element (and cute-dynamic keeps it too) or
/// refused (as cute-dynamic refuses it). Before, 35 of these 1,872 slices passed the checked
/// form with elements that are not the tensor's.
#[test]
fn mixed_swizzled_tensor_slices_are_the_slice_or_refused() {
    use cute_static::make_composed_layout;
    let data: Vec<i32> = (0..4096).collect();
    let (mut kept, mut refused) = (0, 0);
    for d0 in 1..=4 {
        for d1 in 1..=4 {
            for e0 in 0..=8 {
                for e1 in 0..=12 {
                    let (a, b, x, y) = black_box((d0, d1, e0, e1));
                    let swizzled = make_composed_layout(
                        Swizzle::<1, 0, 1>::new(),
                        C::<0>,
                        layout!((a, b, _2):(x, y, _1)),
                    );
                    let t = make_tensor(&data[..], swizzled).unwrap();
                    let s = t.slice(coord!((_, _, 1)));
                    let text = format!("Sw<1,0,1> o _0 o ({d0},{d1},_2):({e0},{e1},_1)");
                    let dy: dynamic::ComposedLayout = text.parse().unwrap();
                    let dy = dy.slice(&c("(_,_,1)"));
                    let is_slice = (0..d0 * d1).all(|i| s[i] == t[(i % d0, i / d0, 1)]);
                    match s.layout().checked() {
                        Ok(_) => {
                            assert!(is_slice && dy.is_ok(), "{text}");
                            kept += 1;
                        }
                        Err(e) => {
                            assert!(dy.is_err(), "{text}: {e}");
                            refused += 1;
                        }
                    }
                }
            }
        }
    }
    assert_eq!((kept, refused), (382, 1490));
}

/// Partitions of swizzled tensors with run-time shapes (`local_partition` by a `(_2,_2)` thread
/// layout, each thread): under `.checked()` each is the partition element by element (and
/// cute-dynamic keeps it) or refused (as cute-dynamic refuses it): 282 kept, 198 refused of
/// 480. Before, 22 wrong ones passed the checked form.
#[test]
fn mixed_swizzled_partitions_are_the_partition_or_refused() {
    let data: Vec<i32> = (0..1 << 16).collect();
    let (mut kept, mut refused) = (0, 0);
    macro_rules! scan {
        ($b:literal, $m:literal, $s:literal, $s0:ident, $s1:ident) => {
            for d0 in [2, 4, 6, 8, 16] {
                for d1 in [2, 4, 6, 8] {
                    for tid in 0..4 {
                        let (a, b, th) = black_box((d0, d1, tid));
                        let swizzled = cute_static::make_composed_layout(
                            Swizzle::<$b, $m, $s>::new(),
                            C::<0>,
                            layout!((a, b):($s0, $s1)),
                        );
                        let tt = make_tensor(&data[..], swizzled).unwrap();
                        let p = local_partition(tt, layout!((_2, _2):(_1, _2)), th);
                        let text = format!(
                            "_0|Sw<{},{},{}> o _0 o ({d0},{d1}):({},{})",
                            $b,
                            $m,
                            $s,
                            stringify!($s0),
                            stringify!($s1)
                        );
                        let dy = dynamic::local_partition(
                            &t(&text),
                            &l("(_2,_2):(_1,_2)"),
                            dynamic::Int::new_dynamic(tid),
                        );
                        let is_partition = (0..d0 / 2).all(|i| {
                            (0..d1 / 2).all(|j| p[(i, j)] == tt[(2 * i + tid % 2, 2 * j + tid / 2)])
                        });
                        match p.layout().checked() {
                            Ok(_) => {
                                assert!(is_partition && dy.is_ok(), "{text} thread {tid}");
                                kept += 1;
                            }
                            Err(e) => {
                                assert!(dy.is_err(), "{text} thread {tid}: {e}");
                                refused += 1;
                            }
                        }
                    }
                }
            }
        };
    }
    scan!(2, 0, 2, _1, _16);
    scan!(2, 0, 2, _1, _8);
    scan!(1, 2, 2, _1, _16);
    scan!(2, 1, 3, _2, _32);
    scan!(3, 0, 3, _1, _4);
    scan!(1, 0, 3, _1, _2);
    assert_eq!((kept, refused), (282, 198));
}

/// A TiledCopy's and a TiledMMA's thread partitions of swizzled tensors with run-time shapes
/// under `.checked()`: the same verdict and text as cute-dynamic's, whose partitions compare
/// the slice with its definition point by point (48 kept, 72 refused; before, wrong ones such
/// as `partition_S` of `Sw<3,0,3> o (6,2):(_1,_4)` at thread 2 passed).
#[test]
fn mixed_swizzled_tiled_partitions_agree_with_cute_dynamic() {
    use cute_static::mma_atoms::UniversalFMA;
    use cute_static::{CopyAtom, TiledMMA, UniversalCopy, layout_t, make_tiled_copy, tile_t};
    let data: Vec<i32> = (0..1 << 16).collect();
    let copy = make_tiled_copy(
        CopyAtom::<UniversalCopy<u32>, u32>::new(),
        layout!((_2, _2):(_1, _2)),
        layout!((_1, _1):(_0, _0)),
    );
    let dcopy = dynamic::make_tiled_copy(
        &dynamic::copy_atom("UniversalCopy<uint32_t>", "uint32_t").unwrap(),
        &l("(_2,_2):(_1,_2)"),
        &l("(_1,_1):(_0,_0)"),
    )
    .unwrap();
    type Mma = TiledMMA<UniversalFMA, layout_t!((_2,_2,_1):(_1,_2,_0)), tile_t!((_, _, _))>;
    let dmma = dynamic::make_tiled_mma(
        &dynamic::mma_atom("UniversalFMA").unwrap(),
        &l("(_2,_2,_1):(_1,_2,_0)"),
        &"(_,_,_)".parse().unwrap(),
    )
    .unwrap();
    let (mut kept, mut refused) = (0, 0);
    let mut tally = |s: Result<String, cute_static::LayoutError>,
                     d: Result<String, _>,
                     what: &str| {
        match (s, d) {
            (Ok(s), Ok(d)) => {
                assert_eq!(s, d, "{what}");
                kept += 1;
            }
            (Err(_), Err::<String, dynamic::LayoutError>(_)) => refused += 1,
            (s, d) => panic!("{what}: cute-static {s:?}, cute-dynamic {d:?}"),
        }
    };
    for d0 in [2, 4, 6, 8, 12] {
        for d1 in [2, 4, 6] {
            for tid in 0..4 {
                let (a, b, th) = black_box((d0, d1, tid));
                let swizzled = cute_static::make_composed_layout(
                    Swizzle::<3, 0, 3>::new(),
                    C::<0>,
                    layout!((a, b):(_1, _4)),
                );
                let tt = make_tensor(&data[..], swizzled).unwrap();
                let text = format!("_0|Sw<3,0,3> o _0 o ({d0},{d1}):(_1,_4)");
                let ps = copy.get_slice(th).partition_S(tt);
                let dps = dcopy
                    .get_slice(dynamic::Int::new_dynamic(tid))
                    .partition_S(t(&text));
                tally(
                    ps.layout().checked().map(|_| ps.to_string()),
                    dps.map(|p| p.to_string()),
                    &format!("partition_S {text} thread {tid}"),
                );
                let pc = Mma::default().get_slice(th).partition_C(tt);
                let dpc = dmma
                    .get_slice(dynamic::Int::new_dynamic(tid))
                    .partition_C(t(&text));
                tally(
                    pc.layout().checked().map(|_| pc.to_string()),
                    dpc.map(|p| p.to_string()),
                    &format!("partition_C {text} thread {tid}"),
                );
            }
        }
    }
    assert_eq!((kept, refused), (48, 72));
}
