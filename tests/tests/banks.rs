//! Issue 26: the bank-conflict rule of `cute_static::banks` against the H100's own counts, and
//! the two crates' analyses of layouts against each other.

use cute_dynamic::{AnyLayout, Layout, SmemOp, bank_conflicts, cp_async_bank_conflicts};
use cute_static::banks::{self, CpAsync, CpAsyncError, cp_async_wavefronts, wavefronts};
use cute_static::{Swizzle, Swizzled, layout_t};

// The swizzle search on the CUTLASS issues' cases, in this test binary.
#[path = "banks/swizzle_search_cases.rs"]
mod swizzle_search_cases;

/// Every measured instruction of `tests/data/bank-rule-h100.txt` (`scripts/bank-rule/run.sh`
/// on the H100): the rule gives Nsight Compute's wavefronts.
#[test]
fn the_rule_gives_the_h100s_counts() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/bank-rule-h100.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut n = 0;
    let mut wrong = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split(' ').collect();
        let op: SmemOp = f[1].parse().unwrap();
        let measured: u32 = f[2].parse().unwrap();
        let mut addr = [None; 32];
        for (l, a) in f[3..].iter().enumerate() {
            addr[l] = a.parse().ok();
        }
        let predicted = wavefronts(op, &addr).count;
        if predicted != measured {
            wrong.push(format!(
                "{}: predicted {predicted}, measured {measured}",
                f[0]
            ));
        }
        n += 1;
    }
    assert_eq!(n, 441);
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// Every measured `cp.async` of the H100 (`scripts/bank-rule/cp-async/`: 396 cases with all
/// lanes active, spelled out in `tests/data/cp-async-h100-1.txt`, and 5,306 with masks of
/// active lanes, `docs/data/cp-async-h100-2.txt`): the rule gives Nsight Compute's count for
/// every `.ca` copy and every `.cg` copy without a global chunk copied to two shared addresses,
/// and refuses those.
#[test]
fn the_cp_async_rule_gives_the_h100s_counts() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut counts = [[0u32; 2]; 4];
    let mut wrong = Vec::new();
    for path in [
        "/data/cp-async-h100-1.txt",
        "/../docs/data/cp-async-h100-2.txt",
    ] {
        let text = std::fs::read_to_string(format!("{root}{path}")).unwrap();
        for line in text.lines() {
            let f: Vec<&str> = line.split(' ').collect();
            if f.len() < 4 || line.starts_with('#') || line.starts_with("run ") {
                continue;
            }
            let kind: usize = f[1].parse().unwrap();
            let measured: u32 = f[2].parse().unwrap();
            let op = CpAsync {
                bytes: [16, 16, 8, 4][kind],
                global: kind == 0,
            };
            let (mut dst, mut src) = ([None; 32], [0; 32]);
            for lane in &f[3..] {
                let v: Vec<u32> = lane.split(':').map(|x| x.parse().unwrap()).collect();
                dst[v[0] as usize] = Some(v[1]);
                src[v[0] as usize] = v[2];
            }
            match cp_async_wavefronts(op, &dst, &src) {
                Ok(w) if w.count == measured => counts[kind][0] += 1,
                Ok(w) => wrong.push(format!(
                    "{}: predicted {}, measured {measured}",
                    f[0], w.count
                )),
                Err(CpAsyncError::RepeatedSource { .. }) if kind == 0 => counts[kind][1] += 1,
                Err(e) => wrong.push(format!("{}: {}", f[0], e.message().as_str())),
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    // (predicted exactly, refused): .cg 16 B, .ca 16 B, .ca 8 B, .ca 4 B.
    assert_eq!(counts, [[3967, 673], [524, 0], [294, 0], [244, 0]]);
}

fn dynamic(smem: &str, tv: &str, bits: i32, op: SmemOp) -> banks::BankConflicts {
    let smem: AnyLayout = smem.parse().unwrap();
    let tv: Layout = tv.parse().unwrap();
    bank_conflicts(&smem, &tv, bits, op).unwrap().total
}

/// A cp.async copy through cute-static while compiling and cute-dynamic at run time: CuTe's
/// SM80 GEMM's 16-byte copies of a 64x64 K-major half_t tile (8 threads a row, 32 rows a pass)
/// into the tile plain, swizzled and with rows padded by 16 bytes.
#[test]
fn both_crates_count_cp_async_alike() {
    type Tv = layout_t!(((_8,_32),(_8,_2)):((_512,_1),(_64,_32)));
    type G = layout_t!((_64,_64):(_64,_1));
    const CA: CpAsync = CpAsync {
        bytes: 16,
        global: false,
    };
    const CG: CpAsync = CpAsync {
        bytes: 16,
        global: true,
    };
    const PLAIN: [banks::BankConflicts; 2] = [
        banks::cp_async_bank_conflicts::<G, G, Tv>(CA, 16),
        banks::cp_async_bank_conflicts::<G, G, Tv>(CG, 16),
    ];
    const SWIZZLED: [banks::BankConflicts; 2] = [
        banks::cp_async_bank_conflicts::<G, Swizzled<Swizzle<3, 3, 3>, G>, Tv>(CA, 16),
        banks::cp_async_bank_conflicts::<G, Swizzled<Swizzle<3, 3, 3>, G>, Tv>(CG, 16),
    ];
    const PADDED: [banks::BankConflicts; 2] = [
        banks::cp_async_bank_conflicts::<G, layout_t!((_64,_64):(_72,_1)), Tv>(CA, 16),
        banks::cp_async_bank_conflicts::<G, layout_t!((_64,_64):(_72,_1)), Tv>(CG, 16),
    ];
    let tv: Layout = "((_8,_32),(_8,_2)):((_512,_1),(_64,_32))".parse().unwrap();
    let gmem: AnyLayout = "(_64,_64):(_64,_1)".parse().unwrap();
    for (smem, want) in [
        ("(_64,_64):(_64,_1)", PLAIN),
        ("Sw<3,3,3> o _0 o (_64,_64):(_64,_1)", SWIZZLED),
        ("(_64,_64):(_72,_1)", PADDED),
    ] {
        let smem: AnyLayout = smem.parse().unwrap();
        for (op, want) in [CA, CG].into_iter().zip(want) {
            let got = cp_async_bank_conflicts(&gmem, &smem, &tv, 16, op).unwrap();
            assert_eq!(got.total, want, "{smem} {op}");
        }
    }
    // Row-major in both: the copy moves each 128-byte line whole, one wavefront a group of 8
    // lanes (.ca) or a line (.cg), as the swizzle that moves 16-byte chunks within the line.
    assert_eq!((PLAIN[0].wavefronts, PLAIN[0].ideal), (64, 64));
    assert_eq!((PLAIN[1].wavefronts, PLAIN[1].ideal), (64, 64));
    assert_eq!((SWIZZLED[0].conflicts(), SWIZZLED[1].conflicts()), (0, 0));
    // Rows padded by 16 bytes: .ca writes each row's 8 chunks (a group of lanes) in distinct
    // banks still; .cg writes by (global line, shared 128-byte row) piece, and a padded row
    // straddles two shared rows: 168 wavefronts, not 64.
    assert_eq!(
        (PADDED[0].wavefronts, PADDED[1].wavefronts),
        (64, 168),
        "{PADDED:?}"
    );
}

/// The same access through cute-static while compiling and cute-dynamic at run time.
#[test]
fn both_crates_count_alike() {
    const LDSM4: SmemOp = SmemOp::Ldmatrix { x: 4, trans: false };
    const LDS128: SmemOp = SmemOp::Load { bytes: 16 };
    const STS32: SmemOp = SmemOp::Store { bytes: 4 };
    const A: banks::BankConflicts = banks::bank_conflicts::<
        Swizzled<Swizzle<3, 3, 3>, layout_t!((_8,_64):(_64,_1))>,
        layout_t!(((_8,_8),_8):((_1,_64),_8)),
    >(LDSM4, 16);
    const B: banks::BankConflicts = banks::bank_conflicts::<
        layout_t!((_32,_32):(_36,_1)),
        layout_t!((_32,_32):(_1,_32)),
    >(LDS128, 32);
    const C: banks::BankConflicts = banks::bank_conflicts::<
        layout_t!((_128,_8):(_1,_129)),
        layout_t!(((_8,_32),_4):((_128,_1),_32)),
    >(STS32, 32);
    assert_eq!(
        A,
        dynamic(
            "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)",
            "((_8,_8),_8):((_1,_64),_8)",
            16,
            LDSM4
        )
    );
    assert_eq!(
        B,
        dynamic("(_32,_32):(_36,_1)", "(_32,_32):(_1,_32)", 32, LDS128)
    );
    assert_eq!(
        C,
        dynamic(
            "(_128,_8):(_1,_129)",
            "((_8,_32),_4):((_128,_1),_32)",
            32,
            STS32
        )
    );
    assert_eq!((A.wavefronts, A.ideal), (8, 8));
    assert_eq!((B.wavefronts, B.ideal), (32, 32));
    // sgemm_2.cu's TN shared tile, padded to 129: its copy's k-major stores still collide 4
    // ways (lane 8a + b at bank a + b, a < 4, b < 8).
    assert_eq!((C.instructions, C.wavefronts, C.ideal), (32, 128, 32));
    let (i, w) = C.worst.unwrap();
    assert_eq!(
        (i, w.count, w.bank, w.lanes),
        (0, 4, 3, 1 << 3 | 1 << 10 | 1 << 17 | 1 << 24)
    );
}

/// What is not one access of the instruction is an error naming the thread and the value.
#[test]
fn refusals() {
    let err = |smem: &str, tv: &str, bits, op| {
        let smem: AnyLayout = smem.parse().unwrap();
        bank_conflicts(&smem, &tv.parse().unwrap(), bits, op)
            .unwrap_err()
            .to_string()
    };
    let lds128 = SmemOp::Load { bytes: 16 };
    // Column-major tile, a thread's values along a row: not 4 consecutive floats.
    let e = err("(_32,_32):(_1,_32)", "(_32,_32):(_1,_32)", 32, lds128);
    assert!(e.contains("the vector of thread 0 from its value 0"), "{e}");
    assert!(e.contains("value 1 is at offset 32, not 1"), "{e}");
    // Vectors that start off their alignment.
    let e = err("(_32,_33):(_33,_1)", "(_32,_32):(_1,_32)", 32, lds128);
    assert!(e.contains("value 0 is at offset 33, not 32"), "{e}");
    let e = err("(_32,_32):(_32,_1)", "(_32,_32):(_1,_32)", 4, lds128);
    assert!(e.contains("elements of 4 bits"), "{e}");
    let e = err("(_32,_32):(_32,_1)", "(_32,_30):(_1,_32)", 32, lds128);
    assert!(e.contains("30 values are not a whole number"), "{e}");
    let e = err("_32:-1", "(_32,_1):(_1,_0)", 32, SmemOp::Load { bytes: 4 });
    assert!(
        e.contains("thread 1 reaches offset -1, outside shared memory's 32-bit addresses"),
        "{e}"
    );
    let e = err("(_32,_32):(_32,_1)", "_32:_1", 32, lds128);
    assert!(e.contains("is not a TV layout"), "{e}");
    let e = err(
        "(_32,_32):(_32,_1)",
        "(_32,_32):(_1,_32)",
        32,
        SmemOp::Load { bytes: 2 },
    );
    assert!(e.contains("not an instruction the hardware has"), "{e}");
}

/// The names `cute banks --op` and the docs use, both ways.
#[test]
fn instruction_names() {
    for name in [
        "ld.shared.32",
        "ld.shared.64",
        "ld.shared.128",
        "st.shared.32",
        "st.shared.128",
        "ldmatrix.x1",
        "ldmatrix.x4.trans",
        "stmatrix.x2",
        "stmatrix.x4.trans",
    ] {
        assert_eq!(name.parse::<SmemOp>().unwrap().to_string(), name);
    }
    assert!("ld.shared.16".parse::<SmemOp>().is_err());
    assert!("ldmatrix.x3".parse::<SmemOp>().is_err());
}

/// A TiledCopy as the access: `make_tiled_copy_A` of `ldmatrix` atoms for an SM80 MMA, over
/// K-major and M-major tiles, with and without CuTe's swizzles; the operand the atom cannot
/// read is refused as CuTe's `Copy_Traits` check does.
#[test]
fn tiled_copies() {
    use cute_dynamic::{copy_atom, make_tiled_copy_A, make_tiled_mma, mma_atom};
    let mma = make_tiled_mma(
        &mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap(),
        &"(_2,_2,_1):(_1,_2,_0)".parse().unwrap(),
        &"(_,_,_)".parse().unwrap(),
    )
    .unwrap();
    let cost = |atom: &str, smem: &str| {
        let copy = make_tiled_copy_A(&copy_atom(atom, "half_t").unwrap(), &mma).unwrap();
        copy.bank_conflicts_S(&smem.parse().unwrap())
            .map(|r| (r.total.instructions, r.total.wavefronts, r.total.ideal))
            .map_err(|e| e.to_string())
    };
    let k_major = "(_128,_64):(_64,_1)";
    let k_sw = "Sw<3,3,3> o _0 o (_128,_64):(_64,_1)";
    let m_major = "(_128,_64):(_1,_128)";
    let m_sw = "Sw<3,3,4> o _0 o (_128,_64):(_1,_128)";
    assert_eq!(cost("SM75_U32x4_LDSM_N", k_major), Ok((64, 2048, 256)));
    assert_eq!(cost("SM75_U32x4_LDSM_N", k_sw), Ok((64, 256, 256)));
    assert_eq!(cost("SM75_U32x1_LDSM_N", k_sw), Ok((256, 256, 256)));
    assert_eq!(cost("SM75_U16x8_LDSM_T", m_major), Ok((64, 2048, 256)));
    assert_eq!(cost("SM75_U16x8_LDSM_T", m_sw), Ok((64, 256, 256)));
    let e = cost("SM75_U32x4_LDSM_N", m_major).unwrap_err();
    assert!(e.contains("value 1 is at offset 128, not 1"), "{e}");
    // cp.async is not modelled, and an ldmatrix has no shared destination.
    let c = |op: &str| {
        cute_dynamic::make_tiled_copy(
            &copy_atom(op, "half_t").unwrap(),
            &"(_32,_1):(_1,_0)".parse().unwrap(),
            &"(_1,_8):(_0,_1)".parse().unwrap(),
        )
        .unwrap()
    };
    let smem: AnyLayout = "(_32,_8):(_8,_1)".parse().unwrap();
    let e = c("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>")
        .bank_conflicts_D(&smem)
        .unwrap_err()
        .to_string();
    assert!(e.contains("TiledCopy::bank_conflicts_cp_async"), "{e}");
    // The cp.async count, with the global tile: 32 consecutive 16-byte rows each side.
    let gmem: AnyLayout = "(_32,_8):(_8,_1)".parse().unwrap();
    for op in [
        "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
        "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>",
    ] {
        let r = c(op).bank_conflicts_cp_async(&gmem, &smem).unwrap();
        assert_eq!(
            (r.total.instructions, r.total.wavefronts, r.total.ideal),
            (1, 4, 4),
            "{op}"
        );
        // Each instruction's count is the rule's on its own addresses.
        let ins = &r.instructions[0];
        let want = cp_async_wavefronts(
            CpAsync {
                bytes: 16,
                global: op.contains("GLOBAL"),
            },
            &ins.addr,
            &ins.src.unwrap(),
        );
        assert_eq!(want, Ok(ins.wavefronts));
    }
    // Every thread reading row 0 into its own row: .ca serializes the same global bank, .cg's
    // repeated source is refused.
    let row0: AnyLayout = "(_32,_8):(_0,_1)".parse().unwrap();
    let r = c("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>")
        .bank_conflicts_cp_async(&row0, &smem)
        .unwrap();
    assert_eq!(r.total.wavefronts, 32);
    let e = c("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>")
        .bank_conflicts_cp_async(&row0, &smem)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("a global chunk copied to several shared addresses is not modelled"),
        "{e}"
    );
    let e = c("SM75_U32x4_LDSM_N")
        .bank_conflicts_cp_async(&gmem, &smem)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("does not access shared memory on its destination side"),
        "{e}"
    );
    let e = c("SM75_U32x4_LDSM_N")
        .bank_conflicts_D(&smem)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("does not access shared memory on its destination side"),
        "{e}"
    );
}

/// A search past `MAX_SEARCH_PAIRS` is refused before any candidate is tried.
#[test]
fn search_limit() {
    use cute_dynamic::{Access, swizzle_search};
    let a = |tv: &str, op: &str| Access {
        tv: tv.parse().unwrap(),
        op: op.parse().unwrap(),
    };
    let e = swizzle_search(
        &"(_1024,_1024)".parse().unwrap(),
        32,
        &a("(_1024,_1024):(_1024,_1)", "st.shared.32"),
        &a("(_1024,_1024):(_1,_1024)", "ld.shared.32"),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("pairs searched"), "{e}");
}

/// A TV layout that reaches past the shared layout's domain is refused, not extrapolated.
#[test]
fn outside_the_tile() {
    let smem: AnyLayout = "(_8,_8):(_8,_1)".parse().unwrap();
    let e = bank_conflicts(
        &smem,
        &"(_32,_4):(_1,_32)".parse().unwrap(),
        32,
        SmemOp::Load { bytes: 4 },
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("value 2 of thread 0 of (_32,_4):(_1,_32) is index 64, outside the 64 elements"),
        "{e}"
    );
}
