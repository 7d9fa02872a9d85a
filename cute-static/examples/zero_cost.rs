//! Zero cost, measured: the same loop over a static layout and over the hand-written index
//! arithmetic. `scripts/zero-cost.sh` counts the instructions of each pair with callgrind; the
//! `fold_*` functions show `call` with a constant argument folding to a constant (the test
//! `tests/tests/folding.rs` checks their LLVM IR).

use cute_static::{
    Swizzle, composition, int_tuple, layout, layout_t, logical_divide, tile, zipped_divide,
};
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

/// Run-time sizes: an `(m,n):(_1,m)` matrix cut into `(_32,_32)` tiles by `zipped_divide`,
/// every tile and every element walked.
#[inline(never)]
pub fn static_zipped(m: i32, n: i32) -> i64 {
    let tiled = zipped_divide(layout!((m, n):(_1, m)), tile!((_32, _32)));
    let (tiles_m, tiles_n) = ((m + 31) / 32, (n + 31) / 32);
    let mut sum = 0i64;
    for tn in 0..tiles_n {
        for tm in 0..tiles_m {
            for j in 0..32 {
                for i in 0..32 {
                    sum += i64::from(tiled.call(((i, j), (tm, tn))));
                }
            }
        }
    }
    sum
}

/// The same, by hand.
#[inline(never)]
pub fn hand_zipped(m: i32, n: i32) -> i64 {
    let (tiles_m, tiles_n) = ((m + 31) / 32, (n + 31) / 32);
    let mut sum = 0i64;
    for tn in 0..tiles_n {
        for tm in 0..tiles_m {
            for j in 0..32 {
                for i in 0..32 {
                    sum += i64::from(i + j * m + tm * 32 + tn * 32 * m);
                }
            }
        }
    }
    sum
}

/// A GEMM's A operand `(m,k):(_1,lda)`: the `(_128,_32)` block of block row `bm` at every
/// k-tile, and the `(_32,_8)` thread layout's partition of it for thread `tid` (4x4 values).
#[inline(never)]
pub fn static_gemm(m: i32, k: i32, lda: i32, bm: i32, tid: i32) -> i64 {
    let blocks = zipped_divide(layout!((m, k):(_1, lda)), tile!((_128, _32)));
    let threads = zipped_divide(blocks.get::<0>(), tile!((_32, _8)));
    let k_tiles = (k + 31) / 32;
    let _ = m;
    let mut sum = 0i64;
    for kt in 0..k_tiles {
        let block = blocks.call((0, (bm, kt)));
        for v in 0..16 {
            sum += i64::from(block + threads.call((tid, v)));
        }
    }
    sum
}

/// The same, by hand.
#[inline(never)]
pub fn hand_gemm(m: i32, k: i32, lda: i32, bm: i32, tid: i32) -> i64 {
    let k_tiles = (k + 31) / 32;
    let _ = m;
    let mut sum = 0i64;
    for kt in 0..k_tiles {
        let block = bm * 128 + kt * 32 * lda;
        for v in 0..16 {
            let thread = tid % 32 + (tid / 32) * lda;
            sum += i64::from(block + thread + (v % 4) * 32 + (v / 4) * 8 * lda);
        }
    }
    sum
}

/// A `(_64,_64):(_1,ld)` column-major tile with a run-time leading dimension, composed with a
/// static layout that transposes each 8x8 block of a column.
#[inline(never)]
pub fn static_composed(ld: i32, n: i32) -> i64 {
    let l = composition(
        layout!((_64, _64):(_1, ld)),
        layout!(((_8, _8), _64):((_8, _1), _64)),
    );
    (0..n).map(|i| i64::from(l.call(black_box(i) & 4095))).sum()
}

/// The same, by hand.
#[inline(never)]
pub fn hand_composed(ld: i32, n: i32) -> i64 {
    (0..n)
        .map(|i| {
            let i = black_box(i) & 4095;
            i64::from((i % 8) * 8 + (i / 8) % 8 + (i / 64) * ld)
        })
        .sum()
}

/// `layout(coord)` of a layout with a run-time `m` at a constant coordinate: only the
/// multiplication by `m` is left (`35 + 69 * m`).
#[inline(never)]
pub fn fold_mixed(m: i32) -> i32 {
    zipped_divide(layout!((m, m):(_1, m)), tile!((_32, _32))).call(((3, 5), (1, 2)))
}

/// `layout(37)` of a static layout: a constant.
#[inline(never)]
pub fn fold_row_major() -> i32 {
    RowMajor::new().call(37)
}

/// A swizzled shared-memory tile: the 128-byte-swizzled K-major `half_t` atom on elements,
/// `Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`, tiled to `(_64,_64)` by `tile_to_shape`; every
/// `(row, col)` walked.
#[inline(never)]
pub fn static_swizzled(n: i32) -> i64 {
    let atom = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    let smem = atom.tile_to_shape(int_tuple!((_64, _64)));
    (0..n)
        .map(|i| {
            let i = black_box(i);
            i64::from(smem.call((i & 63, (i >> 6) & 63)))
        })
        .sum()
}

/// The same, by hand: `((_8,_8),(_64,_1)):((_64,_512),(_1,_0))`, then the XOR of bits 6..8
/// into bits 3..5.
#[inline(never)]
pub fn hand_swizzled(n: i32) -> i64 {
    (0..n)
        .map(|i| {
            let i = black_box(i);
            let (r, c) = (i & 63, (i >> 6) & 63);
            let x = (r % 8) * 64 + (r / 8) * 512 + c;
            i64::from(x ^ ((x & 448) >> 3))
        })
        .sum()
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
        "static_zipped" => static_zipped(black_box(n / 64), black_box(n / 48)),
        "hand_zipped" => hand_zipped(black_box(n / 64), black_box(n / 48)),
        "static_gemm" => static_gemm(
            black_box(4096),
            black_box(n),
            black_box(4099),
            black_box(3),
            black_box(77),
        ),
        "hand_gemm" => hand_gemm(
            black_box(4096),
            black_box(n),
            black_box(4099),
            black_box(3),
            black_box(77),
        ),
        "static_composed" => static_composed(black_box(4099), n),
        "hand_composed" => hand_composed(black_box(4099), n),
        "static_swizzled" => static_swizzled(n),
        "hand_swizzled" => hand_swizzled(n),
        "baseline" => black_box(0),
        _ => {
            let pairs = [
                (static_row_major(4096), hand_row_major(4096)),
                (static_hierarchical(4096), hand_hierarchical(4096)),
                (static_divided(4096), hand_divided(4096)),
                (static_zipped(100, 70), hand_zipped(100, 70)),
                (
                    static_gemm(4096, 1000, 4099, 3, 77),
                    hand_gemm(4096, 1000, 4099, 3, 77),
                ),
                (static_composed(4099, 8192), hand_composed(4099, 8192)),
                (static_swizzled(8192), hand_swizzled(8192)),
            ];
            assert!(
                pairs.iter().all(|(a, b)| a == b),
                "static and hand-written loops disagree: {pairs:?}"
            );
            println!(
                "fold_row_major() = {}, fold_divided() = {}, fold_mixed(10) = {}",
                fold_row_major(),
                fold_divided(),
                fold_mixed(black_box(10))
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
