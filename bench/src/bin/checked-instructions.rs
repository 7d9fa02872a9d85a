//! The calls whose instructions `scripts/checked-instructions.sh` counts (callgrind; issue 23,
//! point 5): cute-static's `.checked()` on mixed layouts, which runs at run time the operation's
//! checks and its static twin (the const algebra on the operands' values).
//!
//! ```text
//! checked-instructions OP ROUNDS
//! ```
//!
//! `OP` is one of [`CASES`]' names; its call is made `ROUNDS` times (a run of 0 rounds measures
//! the start-up alone).

use cute_static::{
    complement, composition, layout, logical_divide_tiler, logical_product, tile, zipped_divide,
};
use std::hint::black_box;

/// Each case: its name and one checked call (`true` when CuTe accepts it, as every case does).
const CASES: &[(&str, fn() -> bool)] = &[
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
];

fn usage() -> ! {
    let names: Vec<&str> = CASES.iter().map(|c| c.0).collect();
    eprintln!("usage: checked-instructions OP ROUNDS (OP: {})", names.join(", "));
    std::process::exit(2)
}

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let [op, rounds] = argv.as_slice() else { usage() };
    let rounds: usize = rounds.parse().unwrap_or_else(|_| usage());
    let Some((_, call)) = CASES.iter().find(|c| c.0 == op) else {
        usage()
    };
    for _ in 0..rounds {
        if !black_box(call()) {
            eprintln!("{op}: .checked() refused a case CuTe accepts");
            std::process::exit(1)
        }
    }
}
