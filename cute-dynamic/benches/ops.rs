#![allow(missing_docs)] // criterion_group! generates undocumented items
//! ns per operation for the core algebra, on the notebook inputs recorded in the conformance
//! vectors (`tests/data/cute-vectors.jsonl`, variant `notebook`). Run: `cargo bench -p cute-dynamic`.

use criterion::{Criterion, criterion_group, criterion_main};
use cute_dynamic::{self as cute, IntTuple, Layout, Tiler};
use std::hint::black_box;
use std::time::Duration;

fn l(s: &str) -> Layout {
    s.parse().expect("benchmark input parses")
}

fn t(s: &str) -> Tiler {
    s.parse().expect("benchmark input parses")
}

fn ops(c: &mut Criterion) {
    let coal = l("((_2,(_3,_4)),(_3,_2),_1):((_4,(_8,_24)),(_2,_6),_12)");
    let (ca, cb) = (l("(_10,_2):(_16,_4)"), l("(_5,_4):(_1,_5)"));
    let (da, db) = (l("(10,2):(16,4)"), l("(5,4):(1,5)"));
    let comp = l("(_2,_2):(_1,_6)");
    let cot = IntTuple::s(24);
    let (la, lb) = (l("(_4,_2,_3):(_2,_1,_8)"), l("_4:_2"));
    let (za, zt) = (
        l("(_9,(_4,_8)):(_59,(_13,_1))"),
        t("(_3:_3,(_2,_4):(_1,_8))"),
    );
    let (pa, pb) = (l("(_2,_2):(_4,_1)"), l("_6:_1"));
    let (ba, bb) = (l("(_2,_5):(_5,_1)"), l("(_3,_4):(_1,_3)"));
    let eval = l("((_2,(_3,_4)),(_3,_2),_1):((_4,(_8,_24)),(_2,_6),_12)");

    c.bench_function("coalesce", |b| b.iter(|| cute::coalesce(black_box(&coal))));
    c.bench_function("composition/static", |b| {
        b.iter(|| cute::composition(black_box(&ca), black_box(&cb)))
    });
    c.bench_function("composition/dynamic", |b| {
        b.iter(|| cute::composition(black_box(&da), black_box(&db)))
    });
    c.bench_function("complement", |b| {
        b.iter(|| cute::complement(black_box(&comp), black_box(&cot)))
    });
    c.bench_function("logical_divide", |b| {
        b.iter(|| cute::logical_divide(black_box(&la), black_box(&lb)))
    });
    c.bench_function("zipped_divide", |b| {
        b.iter(|| cute::zipped_divide(black_box(&za), black_box(&zt)))
    });
    c.bench_function("logical_product", |b| {
        b.iter(|| cute::logical_product(black_box(&pa), black_box(&pb)))
    });
    c.bench_function("blocked_product", |b| {
        b.iter(|| cute::blocked_product(black_box(&ba), black_box(&bb)))
    });
    c.bench_function("evaluation (one index)", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % 144;
            eval.call(black_box(i))
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    targets = ops
}
criterion_main!(benches);
