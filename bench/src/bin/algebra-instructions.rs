//! The calls whose instructions `scripts/algebra-instructions.sh` counts (callgrind; issue 23,
//! points 1 and 5): cute-static's const algebra run at run time. cute-static's `.checked()` on
//! mixed layouts runs the operation's checks and its static twin (the algebra on the operands'
//! values); cute-dynamic's layouts of coordinates (`CoordLayout`, identity tensors) run the
//! algebra eagerly, and its static twin where a value is dynamic.
//!
//! ```text
//! algebra-instructions OP ROUNDS
//! ```
//!
//! `OP` is one of [`CASES`]' names; its call is made `ROUNDS` times (a run of 0 rounds measures
//! the start-up alone).

use cute_dynamic::{CoordLayout, Layout, Tiler, make_identity_layout};
use cute_static::{
    complement, composition, layout, logical_divide_tiler, logical_product, tile, zipped_divide,
};
use std::hint::black_box;
use std::sync::LazyLock;

/// A case: its name and one call (`true` when it gives CuTe's answer, as every case does).
type Case = (&'static str, fn() -> bool);

const CASES: &[Case] = &[
    ("composition", || {
        let (a, b) = black_box((layout!((_6, _2):(8, _2)), layout!((_4, _3):(_3, _1))));
        composition(a, b).checked().is_ok()
    }),
    ("complement", || {
        let (a, n) = black_box((layout!((_4, 2):(_1, _4)), cute_static::int_tuple!(64)));
        complement(a, n).checked().is_ok()
    }),
    ("logical_divide", || {
        let a = black_box(layout!((16, _8):(_1, 16)));
        logical_divide_tiler(a, tile!((_4, _2))).checked().is_ok()
    }),
    ("zipped_divide", || {
        let a = black_box(layout!((16, _8):(_1, 16)));
        zipped_divide(a, tile!((_4, _2))).checked().is_ok()
    }),
    ("logical_product", || {
        let (a, b) = black_box((layout!((_2, 2):(_1, _2)), layout!((_3, _2):(_1, _3))));
        logical_product(a, b).checked().is_ok()
    }),
    ("plain_composition", || {
        let (a, _, b) = black_box(&*PLAIN_COMPOSITION);
        cute_dynamic::composition(a, b).is_ok()
    }),
    ("eager_plain_composition", || {
        let (_, a, b) = black_box(&*PLAIN_COMPOSITION);
        a.composition(b).is_ok()
    }),
    ("one_algebra_composition", || {
        let (a, _, b) = black_box(&*PLAIN_COMPOSITION);
        cute_dynamic::one_algebra::composition(a, b).is_ok()
    }),
    ("identity_composition", || {
        let (a, b) = black_box(&*IDENTITY_COMPOSITION);
        a.composition(b).is_ok()
    }),
    ("identity_zipped_divide", || {
        let (a, t) = black_box(&*IDENTITY_ZIPPED);
        a.zipped_divide(t).is_ok()
    }),
];

/// `composition((_8,_4):(_1,_8), (_4,_4):(_2,_8))`, all static: a plain layout, as cute-dynamic's
/// `Layout` and as a layout of coordinates whose strides are integers (the same operands
/// through cute-static's algebra, eagerly: the price of moving the plain layouts onto it).
static PLAIN_COMPOSITION: LazyLock<(Layout, CoordLayout, Layout)> = LazyLock::new(|| {
    let a: Layout = "(_8,_4):(_1,_8)".parse().expect("a layout");
    let c: CoordLayout = "(_8,_4):(_1,_8)".parse().expect("a layout of coordinates");
    (a, c, "(_4,_4):(_2,_8)".parse().expect("a layout"))
});

/// `composition((_8,_4):(_1@0,_1@1), (_4,_4):(_2,_8))`, all static.
static IDENTITY_COMPOSITION: LazyLock<(CoordLayout, Layout)> = LazyLock::new(|| {
    let a = make_identity_layout(&"(_8,_4)".parse().expect("a shape"));
    (a, "(_4,_4):(_2,_8)".parse().expect("a layout"))
});

/// `zipped_divide((256,128):(_1@0,_1@1), (_128,_8))`, the identity layout of a run-time shape.
static IDENTITY_ZIPPED: LazyLock<(CoordLayout, Tiler)> = LazyLock::new(|| {
    let a = make_identity_layout(&"(256,128)".parse().expect("a shape"));
    (a, "(_128,_8)".parse().expect("a tiler"))
});

fn usage() -> ! {
    let names: Vec<&str> = CASES.iter().map(|c| c.0).collect();
    eprintln!(
        "usage: checked-instructions OP ROUNDS (OP: {})",
        names.join(", ")
    );
    std::process::exit(2)
}

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let [op, rounds] = argv.as_slice() else {
        usage()
    };
    let rounds: usize = rounds.parse().unwrap_or_else(|_| usage());
    let Some((_, call)) = CASES.iter().find(|c| c.0 == op) else {
        usage()
    };
    for _ in 0..rounds {
        if !black_box(call()) {
            eprintln!("{op}: refused a case CuTe accepts");
            std::process::exit(1)
        }
    }
}
