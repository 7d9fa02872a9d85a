//! Zero cost, measured: the same loop over a static layout and over the hand-written index
//! arithmetic. `scripts/zero-cost.sh` counts the instructions of each pair with callgrind; the
//! `fold_*` functions show `call` with a constant argument folding to a constant (the test
//! `tests/tests/folding.rs` checks their LLVM IR).

use cute_static::{layout, layout_t, logical_divide, tile, zipped_divide};
use std::hint::black_box;

/// A rank-2 row-major tile.
type RowMajor = layout_t!((_8,_64):(_64,_1));
/// A hierarchical layout: 2x2 blocks of 4x4.
type Hier = layout_t!(((_2,_4),(_2,_4)):((_1,_4),(_2,_16)));

/// Sum of `layout(i)` over a row-major tile.
#[inline(never)]
pub fn static_row_major(n: i32) -> i64 {
    let l = RowMajor::new();
    (0..n).map(|i| i64::from(l.call(black_box(i) & 511))).sum()
}

/// The same, by hand.
#[inline(never)]
pub fn hand_row_major(n: i32) -> i64 {
    (0..n)
        .map(|i| {
            let i = black_box(i) & 511;
            i64::from((i % 8) * 64 + i / 8)
        })
        .sum()
}

/// Sum of `layout(i)` over a hierarchical layout.
#[inline(never)]
pub fn static_hierarchical(n: i32) -> i64 {
    let l = Hier::new();
    (0..n).map(|i| i64::from(l.call(black_box(i) & 63))).sum()
}

/// The same, by hand.
#[inline(never)]
pub fn hand_hierarchical(n: i32) -> i64 {
    (0..n)
        .map(|i| {
            let i = black_box(i) & 63;
            i64::from((i % 2) + ((i / 2) % 4) * 4 + ((i / 8) % 2) * 2 + (i / 16) * 16)
        })
        .sum()
}

/// Sum of `layout((tile, rest))` over `zipped_divide` of the row-major tile by `(4:1, 16:1)`.
#[inline(never)]
pub fn static_divided(n: i32) -> i64 {
    let l = zipped_divide(RowMajor::new(), tile!((_4:_1,_16:_1)));
    (0..n)
        .map(|i| {
            let i = black_box(i);
            i64::from(l.call((i & 63, (i >> 6) & 7)))
        })
        .sum()
}

/// The same, by hand: the tile is 4 rows x 16 columns (row stride 64), the rest 2 x 4 tiles
/// (4 rows and 16 columns apart).
#[inline(never)]
pub fn hand_divided(n: i32) -> i64 {
    (0..n)
        .map(|i| {
            let i = black_box(i);
            let (t, r) = (i & 63, (i >> 6) & 7);
            i64::from((t % 4) * 64 + t / 4 + (r % 2) * 256 + (r / 2) * 16)
        })
        .sum()
}

/// `layout(37)` of a static layout: a constant.
#[inline(never)]
pub fn fold_row_major() -> i32 {
    RowMajor::new().call(37)
}

/// `logical_divide(layout, 4:2)((3, 5))`: a constant.
#[inline(never)]
pub fn fold_divided() -> i32 {
    logical_divide(layout!((_8,_64):(_64,_1)), layout!(_4:_2)).call((3, 5))
}

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let n = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let r = match which.as_str() {
        "static_row_major" => static_row_major(n),
        "hand_row_major" => hand_row_major(n),
        "static_hierarchical" => static_hierarchical(n),
        "hand_hierarchical" => hand_hierarchical(n),
        "static_divided" => static_divided(n),
        "hand_divided" => hand_divided(n),
        _ => {
            let pairs = [
                (static_row_major(4096), hand_row_major(4096)),
                (static_hierarchical(4096), hand_hierarchical(4096)),
                (static_divided(4096), hand_divided(4096)),
            ];
            assert!(
                pairs.iter().all(|(a, b)| a == b),
                "static and hand-written loops disagree: {pairs:?}"
            );
            println!(
                "fold_row_major() = {}, fold_divided() = {}",
                fold_row_major(),
                fold_divided()
            );
            println!(
                "size_of::<RowMajor>() = {}",
                core::mem::size_of::<RowMajor>()
            );
            0
        }
    };
    println!("{r}");
}
