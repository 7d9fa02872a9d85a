//! Issue 26, point 3: the swizzle search on the cases of the CUTLASS issues (docs/banks.md
//! says where each comes from). Each answer was also run on the H100 (`bank_issue*` probes of
//! `gpu/kernels/src/bank_probes.rs`, docs/data/banks-h100.tsv).

use cute_dynamic::{Access, SwizzleChoice, swizzle_search};

fn search(tile: &str, bits: i32, w: (&str, &str), r: (&str, &str)) -> Vec<SwizzleChoice> {
    let a = |(tv, op): (&str, &str)| Access {
        tv: tv.parse().unwrap(),
        op: op.parse().unwrap(),
    };
    swizzle_search(&tile.parse().unwrap(), bits, &a(w), &a(r)).unwrap()
}

/// The best layout and both sides' (wavefronts, ideal); then the row-major base's.
fn answer(all: &[SwizzleChoice]) -> (String, [u32; 4], [u32; 4]) {
    let cost = |c: &SwizzleChoice| {
        [
            c.writer.wavefronts,
            c.writer.ideal,
            c.reader.wavefronts,
            c.reader.ideal,
        ]
    };
    let base = all.iter().find(|c| c.swizzle.is_none()).unwrap();
    (
        all[0].layout().unwrap().to_string(),
        cost(&all[0]),
        cost(base),
    )
}

/// #1882: a 16x32 half_t tile, row-major, copied through shared memory by 16x16 column-major
/// threads of 2 values (32-bit accesses): 8 ways on both sides; a swizzle removes them.
#[test]
fn issue_1882() {
    let tv = "((_16,_16),_2):((_1,_32),_16)";
    let all = search("(_16,_32)", 16, (tv, "st.shared.32"), (tv, "ld.shared.32"));
    let (best, cost, base) = answer(&all);
    assert_eq!(best, "Sw<3,2,4> o _0 o (_16,_32):(_32,_1)");
    assert_eq!((cost, base), ([8, 8, 8, 8], [64, 8, 64, 8]));
    // The maintainers' answer, row-major threads, needs none.
    let tv = "((_16,_16),_2):((_32,_1),_16)";
    let (best, cost, _) = answer(&search(
        "(_16,_32)",
        16,
        (tv, "st.shared.32"),
        (tv, "ld.shared.32"),
    ));
    assert_eq!((best.as_str(), cost), ("(_16,_32):(_32,_1)", [8, 8, 8, 8]));
}

/// #3172: a 128x32 half_t tile, M-major, read by ldmatrix.x4.trans for an SM80 16x8x16 A
/// fragment; the reporter's own Sw<3,3,4> is the answer, conflict-free for ldmatrix.
#[test]
fn issue_3172() {
    let all = search(
        "(_128,_32)",
        16,
        ("((_16,_8),(_8,_4)):((_8,_128),(_1,_1024))", "st.shared.128"),
        ("((_8,_2,_2),_8):((_128,_8,_1024),_1)", "ldmatrix.x4.trans"),
    );
    let (best, cost, _) = answer(&all);
    assert_eq!(best, "Sw<3,3,4> o _0 o (_128,_32):(_1,_128)");
    assert_eq!(cost, [64, 64, 4, 4]);
    let plain = all
        .iter()
        .find(|c| c.swizzle.is_none() && c.base.to_string() == "(_128,_32):(_1,_128)")
        .unwrap();
    assert_eq!((plain.reader.wavefronts, plain.reader.ideal), (32, 4));
}

/// #2810: the CuTe DSL Ampere GEMM's K-major B tile, 128x32 half_t, written 128 bits a thread
/// by (32,4):(4,1) threads and read by ldmatrix.x4: the demo's own Sw<2,3,3>.
#[test]
fn issue_2810() {
    let all = search(
        "(_128,_32)",
        16,
        ("((_4,_32),_8):((_1024,_1),_128)", "st.shared.128"),
        ("((_8,_2,_2),_8):((_1,_1024,_8),_128)", "ldmatrix.x4"),
    );
    let (best, cost, base) = answer(&all);
    assert_eq!(best, "Sw<2,3,3> o _0 o (_128,_32):(_32,_1)");
    assert_eq!((cost, base), ([16, 16, 4, 4], [16, 16, 16, 4]));
}

/// #1234: sgemm_nt_1's 128x8 float tiles: the tutorial's own column-major layout is already
/// conflict-free for its copy and its reads.
#[test]
fn issue_1234() {
    let all = search(
        "(_128,_8)",
        32,
        ("((_32,_8),_4):((_1,_128),_32)", "st.shared.32"),
        ("((_16,_16),_8):((_1,_0),_16)", "ld.shared.32"),
    );
    let (best, cost, _) = answer(&all);
    assert_eq!(
        (best.as_str(), cost),
        ("(_128,_8):(_1,_128)", [32, 32, 64, 64])
    );
}
