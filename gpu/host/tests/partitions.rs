//! The layouts each kernel partitions with, on the host: every tile and thread partition the
//! kernels make (with the kernels' own configuration types, as cute-static computes them while
//! compiling the PTX) agrees, offset and layout, with cute-dynamic's run-time algebra on the
//! same CuTe text, for several problem sizes, blocks and threads; and the launch checks refuse
//! what the kernels cannot take.

use cute_dynamic as dy;
use cute_kernels::{sgemm_1, tiled_copy, transpose};
use cute_static::{
    StaticLayout, coord, layout, local_partition, local_partition_proj, local_tile,
    local_tile_proj, make_tensor,
};

fn dyn_tensor(layout: &str) -> dy::Tensor {
    format!("_0|{layout}").parse().expect("tensor text")
}

fn dyn_local_tile_proj(t: &dy::Tensor, tiler: &str, crd: &str, proj: &str) -> dy::Tensor {
    dy::local_tile_proj(
        t,
        &tiler.parse().unwrap(),
        &crd.parse().unwrap(),
        &proj.parse().unwrap(),
    )
    .unwrap()
}

fn dyn_tiled_mma(atom: &str, layout: &str, permutation: &str) -> dy::TiledMMA {
    dy::make_tiled_mma(
        &dy::mma_atom(atom).unwrap(),
        &layout.parse().unwrap(),
        &permutation.parse().unwrap(),
    )
    .unwrap()
}

/// A GMMA descriptor of a K-major 128-byte-swizzle tile of half_t (CuTe's
/// `make_gmma_desc<Major::K>`): layout type B128, SBO 1024 bytes (64 units), LBO 1.
fn assert_k_sw128(d: cute_gpu::gmma::GmmaDescriptor) {
    assert_eq!(
        (
            d.layout_type(),
            d.stride_byte_offset(),
            d.leading_byte_offset()
        ),
        (cute_gpu::gmma::LayoutType::B128 as u8, 64, 1)
    );
}

fn dyn_local_partition(t: &dy::Tensor, thr: &str, tid: i32) -> dy::Tensor {
    dy::local_partition(t, &thr.parse().unwrap(), dy::Int::new_dynamic(tid)).unwrap()
}

fn dyn_local_partition_proj(t: &dy::Tensor, thr: &str, tid: i32, proj: &str) -> dy::Tensor {
    dy::local_partition_proj(
        t,
        &thr.parse().unwrap(),
        dy::Int::new_dynamic(tid),
        &proj.parse().unwrap(),
    )
    .unwrap()
}

/// One sgemm_1 variant's A tile, and its copy and MMA partitions, static against dynamic.
macro_rules! sgemm_1_a {
    ($m:expr, $n:expr, $k:expr, $bx:expr, $by:expr, $tid:expr, $a:expr, $a_text:expr, $smem:ty, $ta:ty) => {{
        let (bx, by, tid) = ($bx, $by, $tid);
        let a = dyn_tensor(&$a_text);
        let ga = dyn_local_tile_proj(&a, "(_128,_128,_8)", &format!("({bx},{by},_)"), "(_1,_,_1)");
        let ga_s = local_tile_proj(
            $a,
            sgemm_1::CtaTiler::default(),
            coord!((bx, by, _)),
            coord!((_1, _, _1)),
        );
        assert_eq!(
            ga_s.to_string(),
            ga.to_string(),
            "gA {} ({bx},{by})",
            $a_text
        );
        let ta = <$ta>::new();
        assert_eq!(
            local_partition(ga_s, ta, tid).to_string(),
            dyn_local_partition(&ga, &ta.to_string(), tid).to_string(),
            "tAgA {} tid {tid}",
            $a_text
        );
        let sdata = vec![0f32; <$smem>::COSIZE as usize];
        let s = make_tensor(&sdata[..], <$smem>::new()).unwrap();
        let sa = dyn_tensor(&<$smem>::new().to_string());
        let tc = sgemm_1::MmaThreads::new();
        assert_eq!(
            local_partition(s, ta, tid).to_string(),
            dyn_local_partition(&sa, &ta.to_string(), tid).to_string()
        );
        assert_eq!(
            local_partition_proj(s, tc, tid, coord!((_1, _))).to_string(),
            dyn_local_partition_proj(&sa, &tc.to_string(), tid, "(_1,_)").to_string()
        );
        assert_eq!(
            local_partition_proj(s, tc, tid, coord!((_, _1))).to_string(),
            dyn_local_partition_proj(&sa, &tc.to_string(), tid, "(_,_1)").to_string()
        );
    }};
}

/// sgemm_1's tiles and partitions, NT and TN, against cute-dynamic.
#[test]
fn sgemm_1_partitions() {
    let tc = sgemm_1::MmaThreads::new();
    for (m, n, k) in [(256, 128, 64), (384, 1024, 200), (4096, 4096, 4096)] {
        let data = vec![0f32; (m * k).max(n * k).max(m * n) as usize];
        for (bx, by) in [(0, 0), (1, 0), (m / 128 - 1, n / 128 - 1)] {
            for tid in [0, 1, 37, 255] {
                let a_nt = make_tensor(&data[..], layout!((m, k):(_1, m))).unwrap();
                sgemm_1_a!(
                    m,
                    n,
                    k,
                    bx,
                    by,
                    tid,
                    a_nt,
                    format!("({m},{k}):(_1,{m})"),
                    sgemm_1::SmemNt,
                    sgemm_1::CopyThreadsNt
                );
                let a_tn = make_tensor(&data[..], layout!((m, k):(k, _1))).unwrap();
                sgemm_1_a!(
                    m,
                    n,
                    k,
                    bx,
                    by,
                    tid,
                    a_tn,
                    format!("({m},{k}):({k},_1)"),
                    sgemm_1::SmemTn,
                    sgemm_1::CopyThreadsTn
                );
                // C: (M,N):(_1,M), the (_1,_1,_) tile and the thread's (8,8) part.
                let c = dyn_tensor(&format!("({m},{n}):(_1,{m})"));
                let gc = dyn_local_tile_proj(
                    &c,
                    "(_128,_128,_8)",
                    &format!("({bx},{by},_)"),
                    "(_1,_1,_)",
                );
                let c_s = make_tensor(&data[..], layout!((m, n):(_1, m))).unwrap();
                let gc_s = local_tile_proj(
                    c_s,
                    sgemm_1::CtaTiler::default(),
                    coord!((bx, by, _)),
                    coord!((_1, _1, _)),
                );
                assert_eq!(gc_s.to_string(), gc.to_string());
                let tc_gc_s = local_partition_proj(gc_s, tc, tid, coord!((_1, _1)));
                let tc_gc = dyn_local_partition_proj(&gc, &tc.to_string(), tid, "(_1,_1)");
                assert_eq!(tc_gc_s.to_string(), tc_gc.to_string(), "tCgC tid {tid}");
                assert_eq!(tc_gc_s.layout().size(), sgemm_1::Accumulators::SIZE);
            }
        }
    }
}

/// tiled_copy's block tiles and thread partitions against cute-dynamic.
#[test]
fn tiled_copy_partitions() {
    let thr = tiled_copy::ThreadLayout::new();
    for (m, n) in [(256, 512), (1024, 192), (8192, 8192)] {
        let data = vec![0f32; (m * n) as usize];
        let s = make_tensor(&data[..], layout!((m, n):(_1, m))).unwrap();
        let tiled = s.tiled_divide(tiled_copy::BlockShape::default());
        let dl: dy::Layout = format!("({m},{n}):(_1,{m})").parse().unwrap();
        let dt = dy::make_tensor(dy::tiled_divide(&dl, &"(_128,_64)".parse().unwrap()).unwrap());
        assert_eq!(tiled.to_string(), dt.to_string());
        for (bx, by) in [(0, 0), (1, 2), (m / 128 - 1, n / 64 - 1)] {
            let tile = tiled.slice(coord!(((_, _), bx, by)));
            let dtile = dt
                .slice(&format!("((_,_),{bx},{by})").parse().unwrap())
                .unwrap();
            assert_eq!(tile.to_string(), dtile.to_string());
            for tid in [0, 31, 32, 255] {
                assert_eq!(
                    local_partition(tile, thr, tid).to_string(),
                    dyn_local_partition(&dtile, &thr.to_string(), tid).to_string()
                );
            }
        }
    }
}

/// The transpose's tiles and thread partitions (of the plain layouts the swizzled shared memory
/// holds) against cute-dynamic, and the swizzle's function against cute-dynamic's composed layout.
#[test]
fn transpose_partitions() {
    let thr = transpose::ThreadLayout::new();
    for (m, n) in [(128, 64), (192, 1024), (8192, 8192)] {
        let data = vec![0f32; (m * n) as usize];
        let a = make_tensor(&data[..], layout!((m, n):(_1, m))).unwrap();
        let da = dyn_tensor(&format!("({m},{n}):(_1,{m})"));
        for (bx, by) in [(0, 0), (m / 64 - 1, n / 64 - 1)] {
            let ga = local_tile(a, cute_static::tile!((_64, _64)), coord!((bx, by)));
            let dga = dy::local_tile(
                &da,
                &"(_64,_64)".parse().unwrap(),
                &format!("({bx},{by})").parse().unwrap(),
            )
            .unwrap();
            assert_eq!(ga.to_string(), dga.to_string());
            for tid in [0, 5, 200] {
                assert_eq!(
                    local_partition(ga, thr, tid).to_string(),
                    dyn_local_partition(&dga, &thr.to_string(), tid).to_string()
                );
            }
        }
    }
    let smem = vec![0f32; 4096];
    let s = make_tensor(&smem[..], transpose::SmemA::new()).unwrap();
    let ds = dyn_tensor(&transpose::SmemA::new().to_string());
    let composed: dy::ComposedLayout = format!("Sw<5,0,6> o _0 o {}", transpose::SmemA::new())
        .parse()
        .unwrap();
    for tid in [0, 5, 200] {
        let p = local_partition(s, thr, tid);
        assert_eq!(
            p.to_string(),
            dyn_local_partition(&ds, &thr.to_string(), tid).to_string()
        );
        // Element i of the swizzled tile is Sw<5,0,6>(L(i)), as CuTe's Sw o _0 o L says.
        for i in [0, 3 + 5 * 64, 4095] {
            let plain = transpose::SmemA::new().call(i);
            assert_eq!(
                transpose::SmemSwizzle::new().call(plain),
                composed.call(i).unwrap().value()
            );
        }
    }
}

/// What the kernels cannot take is refused before any launch.
#[test]
fn launch_checks() {
    use cute_kernels::LaunchError;
    assert_eq!(
        sgemm_1::check(sgemm_1::Major::Nt, 100, 128, 64).unwrap_err(),
        LaunchError::NotDivisible {
            what: "M",
            size: 100,
            tile: 128
        }
    );
    assert!(sgemm_1::check(sgemm_1::Major::Tn, 128, 128, 0).is_err());
    assert!(tiled_copy::check(-128, 64).is_err());
    assert!(transpose::check(64, 96).is_err());
    let ok = sgemm_1::check(sgemm_1::Major::Nt, 4096, 4096, 4096).unwrap();
    assert_eq!(
        (ok.grid, ok.block, ok.shared_bytes),
        ((32, 32, 1), (256, 1, 1), 8192)
    );
    // A tensor outside its allocation.
    let err = cute_gpu_host::gmem(0x1000, 100, &layout!((10, 11):(_1, 10)), "A").unwrap_err();
    assert_eq!(
        err.to_string(),
        "launch refused: A: a tensor reaches offsets 0..=109, outside its memory of 100 elements"
    );
}

/// The recorded CuTe C++ result of `op` on `args` (tests/data/tiled-vectors.jsonl).
fn recorded(op: &str, args: &[&str]) -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/tiled-vectors.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("tests/data/tiled-vectors.jsonl");
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON record");
        let same_args = v["args"]
            .as_array()
            .is_some_and(|a| a.len() == args.len() && a.iter().zip(args).all(|(x, y)| x == y));
        if v["op"] == op && same_args {
            return v["result"].as_str().expect("a result").to_string();
        }
    }
    panic!("no record of {op} {args:?}")
}

/// The TiledCopy and TiledMMA of copy_kernel_vectorized and sgemm_2 (the kernels' own types)
/// partition as CuTe C++ does, for the recorded threads.
#[test]
fn tiled_partitions_as_cute() {
    use cute_kernels::sgemm_2;
    use cute_static::{CopyAtom, UniversalCopy, make_tiled_copy};
    let data = vec![0f32; 65536];
    let copy = make_tiled_copy(
        CopyAtom::<UniversalCopy<u128>, f32>::new(),
        tiled_copy::ThreadLayout::new(),
        tiled_copy::ValueLayout::new(),
    );
    let copy_nt = sgemm_2::CopyNt::default();
    assert_eq!(copy.to_string(), copy_nt.to_string());
    let mma = sgemm_2::MmaC::default();
    let (thr, val) = ("(_32,_8):(_1,_32)", "(_4,_1):(_1,_0)");
    let fma = (
        "UniversalFMA<float,float,float>",
        "(_16,_16,_1):(_1,_16,_0)",
        "(_,_,_)",
    );
    let ld = std::hint::black_box(256);
    let ldc = std::hint::black_box(512);
    for tid in [0, 1, 37, 255] {
        let t = tid.to_string();
        // copy_kernel_vectorized's tile of a column-major matrix with a run-time ld.
        let tile = make_tensor(&data[..], layout!((_128, _64):(_1, ld))).unwrap();
        let s = copy.get_thread_slice(tid).partition_S(tile);
        let want = recorded(
            "tiled_copy_partition_S",
            &[
                "UniversalCopy<uint128_t>",
                "float",
                thr,
                val,
                "(_128,_64):(_1,256)",
                &t,
            ],
        );
        assert_eq!(s.to_string(), want, "copy partition_S, thread {tid}");
        // sgemm_2 NT's shared tiles and accumulators.
        let sa = make_tensor(&data[..], sgemm_2::SmemNt::new()).unwrap();
        let a = mma.get_slice(tid).partition_A(sa);
        let want = recorded(
            "tiled_mma_partition_A",
            &[fma.0, fma.1, fma.2, "(_128,_8):(_1,_128)", &t],
        );
        assert_eq!(a.to_string(), want, "mma partition_A, thread {tid}");
        let b = mma.get_slice(tid).partition_B(sa);
        let want = recorded(
            "tiled_mma_partition_B",
            &[fma.0, fma.1, fma.2, "(_128,_8):(_1,_128)", &t],
        );
        assert_eq!(b.to_string(), want, "mma partition_B, thread {tid}");
        let gc = make_tensor(&data[..], layout!((_128, _128):(_1, ldc))).unwrap();
        let c = mma.get_slice(tid).partition_C(gc);
        let want = recorded(
            "tiled_mma_partition_C",
            &[fma.0, fma.1, fma.2, "(_128,_128):(_1,512)", &t],
        );
        assert_eq!(c.to_string(), want, "mma partition_C, thread {tid}");
    }
}

/// The mma_sm80_16x8x16_f32f16 kernel's partitions of A, B and C (its own types), as
/// cute-static computes them, against cute-dynamic's run-time TiledMMA of the same atom, for
/// every lane of the warp; each lane's values of A cover the 16x16 tile once.
#[test]
fn mma_atom_partitions() {
    use cute_kernels::mma_atoms::{LayoutA, LayoutB, LayoutC, Sm80Mma};
    let data = vec![0u16; 256];
    let mma = Sm80Mma::default();
    let dyn_mma = dyn_tiled_mma(
        "SM80_16x8x16_F32F16F16F32_TN",
        "(_1,_1,_1):(_0,_0,_0)",
        "(_,_,_)",
    );
    let mut seen = [0u32; 256];
    for lane in 0..32 {
        let thr = mma.get_slice(lane);
        let dthr = dyn_mma.get_slice(dy::Int::new_dynamic(lane));
        let a = thr.partition_A(make_tensor(&data[..], LayoutA::new()).unwrap());
        let da = dthr
            .partition_A(dyn_tensor(&LayoutA::new().to_string()))
            .unwrap();
        assert_eq!(a.to_string(), da.to_string(), "partition_A, lane {lane}");
        let b = thr.partition_B(make_tensor(&data[..], LayoutB::new()).unwrap());
        let db = dthr
            .partition_B(dyn_tensor(&LayoutB::new().to_string()))
            .unwrap();
        assert_eq!(b.to_string(), db.to_string(), "partition_B, lane {lane}");
        let c = thr.partition_C(make_tensor(&data[..], LayoutC::new()).unwrap());
        let dc = dthr
            .partition_C(dyn_tensor(&LayoutC::new().to_string()))
            .unwrap();
        assert_eq!(c.to_string(), dc.to_string(), "partition_C, lane {lane}");
        for v in 0..8 {
            let at = da.call(&dy::IntTuple::tuple(vec![
                dy::IntTuple::d(v),
                dy::IntTuple::d(0),
                dy::IntTuple::d(0),
            ]));
            seen[at.unwrap().as_int().unwrap().value() as usize] += 1;
        }
    }
    assert!(
        seen.iter().all(|&n| n == 1),
        "A's values cover the tile once: {seen:?}"
    );
}

/// The `_smem` kernel's copies: the cp.async TiledCopies of A and B (the kernel's own types) and
/// the ldmatrix copies of A and B made by `make_tiled_copy_A/B` from its TiledMMA, as
/// cute-static computes their partitions, against cute-dynamic's run-time TiledCopy, all lanes.
#[test]
fn mma_atom_copy_partitions() {
    use cute_kernels::mma_atoms::{G2sA, G2sB, G2sBn, LayoutA, LayoutB, LayoutBn, Sm80Mma};
    use cute_static::{
        CopyAtom, SM75_U16x4_LDSM_T, SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N, make_tiled_copy_A,
        make_tiled_copy_B,
    };
    let data = vec![0u16; 256];
    let atom = |op: &str| dy::copy_atom(op, "half_t").unwrap();
    let dyn_copy = |op: &str, thr: &str, val: &str| {
        dy::make_tiled_copy(&atom(op), &thr.parse().unwrap(), &val.parse().unwrap()).unwrap()
    };
    let g2s_a = dyn_copy(
        "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
        "(_16,_2):(_2,_1)",
        "(_1,_8):(_0,_1)",
    );
    let g2s_b = dyn_copy(
        "SM80_CP_ASYNC_CACHEALWAYS<uint64_t>",
        "(_8,_4):(_4,_1)",
        "(_1,_4):(_0,_1)",
    );
    let g2s_bn = dyn_copy(
        "SM80_CP_ASYNC_CACHEALWAYS<uint64_t>",
        "(_2,_16):(_1,_2)",
        "(_4,_1):(_1,_0)",
    );
    assert_eq!(G2sA::default().to_string(), g2s_a.to_string());
    assert_eq!(G2sB::default().to_string(), g2s_b.to_string());
    assert_eq!(G2sBn::default().to_string(), g2s_bn.to_string());
    let dyn_mma = dyn_tiled_mma(
        "SM80_16x8x16_F32F16F16F32_TN",
        "(_1,_1,_1):(_0,_0,_0)",
        "(_,_,_)",
    );
    let s2r_a = make_tiled_copy_A(
        CopyAtom::<SM75_U32x4_LDSM_N, u16>::new(),
        Sm80Mma::default(),
    );
    let s2r_b = make_tiled_copy_B(
        CopyAtom::<SM75_U32x2_LDSM_N, u16>::new(),
        Sm80Mma::default(),
    );
    let dyn_s2r_a = dy::make_tiled_copy_A(&atom("SM75_U32x4_LDSM_N"), &dyn_mma).unwrap();
    let dyn_s2r_b = dy::make_tiled_copy_B(&atom("SM75_U32x2_LDSM_N"), &dyn_mma).unwrap();
    let s2r_bt = make_tiled_copy_B(
        CopyAtom::<SM75_U16x4_LDSM_T, u16>::new(),
        Sm80Mma::default(),
    );
    let dyn_s2r_bt = dy::make_tiled_copy_B(&atom("SM75_U16x4_LDSM_T"), &dyn_mma).unwrap();
    let tbn = dyn_tensor(&LayoutBn::new().to_string());
    assert_eq!(s2r_a.to_string(), dyn_s2r_a.to_string());
    assert_eq!(s2r_b.to_string(), dyn_s2r_b.to_string());
    let (ta, tb) = (
        dyn_tensor(&LayoutA::new().to_string()),
        dyn_tensor(&LayoutB::new().to_string()),
    );
    for lane in 0..32 {
        let l = dy::Int::new_dynamic(lane);
        let sa = make_tensor(&data[..], LayoutA::new()).unwrap();
        let sb = make_tensor(&data[..], LayoutB::new()).unwrap();
        let sbn = make_tensor(&data[..], LayoutBn::new()).unwrap();
        for (what, got, want) in [
            (
                "g2s A",
                G2sA::default().get_slice(lane).partition_D(sa).to_string(),
                g2s_a
                    .get_slice(l)
                    .partition_D(ta.clone())
                    .unwrap()
                    .to_string(),
            ),
            (
                "g2s B",
                G2sB::default().get_slice(lane).partition_D(sb).to_string(),
                g2s_b
                    .get_slice(l)
                    .partition_D(tb.clone())
                    .unwrap()
                    .to_string(),
            ),
            (
                "ldmatrix A",
                s2r_a.get_slice(lane).partition_S(sa).to_string(),
                dyn_s2r_a
                    .get_slice(l)
                    .partition_S(ta.clone())
                    .unwrap()
                    .to_string(),
            ),
            (
                "ldmatrix B",
                s2r_b.get_slice(lane).partition_S(sb).to_string(),
                dyn_s2r_b
                    .get_slice(l)
                    .partition_S(tb.clone())
                    .unwrap()
                    .to_string(),
            ),
            (
                "g2s B n-major",
                G2sBn::default()
                    .get_slice(lane)
                    .partition_D(sbn)
                    .to_string(),
                g2s_bn
                    .get_slice(l)
                    .partition_D(tbn.clone())
                    .unwrap()
                    .to_string(),
            ),
            (
                "ldmatrix.trans B",
                s2r_bt.get_slice(lane).partition_S(sbn).to_string(),
                dyn_s2r_bt
                    .get_slice(l)
                    .partition_S(tbn.clone())
                    .unwrap()
                    .to_string(),
            ),
        ] {
            assert_eq!(got, want, "{what}, lane {lane}");
        }
    }
}

/// hgemm_sm80's partitions (its own types, as cute-static computes them): the cp.async copy of
/// a run-time A tile, and the MMA and ldmatrix partitions of the swizzled shared tiles, against
/// cute-dynamic's run-time TiledCopy and TiledMMA on the same CuTe text, for several threads.
#[test]
fn hgemm_partitions() {
    use cute_kernels::hgemm_sm80::{CopyG2S, CtaTiler, MmaC, SmemA};
    use cute_static::{CopyAtom, SM75_U32x4_LDSM_N, Swizzle, make_tiled_copy_A};
    let data = vec![0u16; 1 << 17];
    let atom = |op: &str| dy::copy_atom(op, "half_t").unwrap();
    let dyn_copy = dy::make_tiled_copy(
        &atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>"),
        &"(_16,_8):(_8,_1)".parse().unwrap(),
        &"(_1,_8):(_0,_1)".parse().unwrap(),
    )
    .unwrap();
    assert_eq!(CopyG2S::default().to_string(), dyn_copy.to_string());
    let dyn_mma = dyn_tiled_mma(
        "SM80_16x8x16_F16F16F16F16_TN",
        "(_2,_2,_1):(_1,_2,_0)",
        "(_32,_32,_16)",
    );
    assert_eq!(MmaC::default().to_string(), dyn_mma.to_string());
    let s2r = make_tiled_copy_A(CopyAtom::<SM75_U32x4_LDSM_N, u16>::new(), MmaC::default());
    let dyn_s2r = dy::make_tiled_copy_A(&atom("SM75_U32x4_LDSM_N"), &dyn_mma).unwrap();
    let (k, lda) = (std::hint::black_box(256), std::hint::black_box(264));
    let smem = Swizzle::<3, 3, 3>::new().composition(SmemA::new());
    let smem_text = format!("_0|{smem}");
    for tid in [0, 1, 37, 127] {
        let l = dy::Int::new_dynamic(tid);
        // The CTA's A tile (BLK_M,BLK_K,k) of a run-time (M,K):(ldA,_1) at block (1, 0).
        let ga = local_tile_proj(
            make_tensor(&data[..], layout!((256, k):(lda, _1))).unwrap(),
            CtaTiler::default(),
            coord!((1, 0, _)),
            coord!((_1, _, _1)),
        );
        let dga = dyn_local_tile_proj(
            &dyn_tensor("(256,256):(264,_1)"),
            "(_128,_128,_64)",
            "(1,0,_)",
            "(_1,_,_1)",
        );
        assert_eq!(ga.to_string(), dga.to_string(), "gA");
        assert_eq!(
            CopyG2S::default()
                .get_slice(tid)
                .partition_S(ga)
                .to_string(),
            dyn_copy.get_slice(l).partition_S(dga).unwrap().to_string(),
            "copy_a partition_S, thread {tid}"
        );
        let sa = make_tensor(&data[..], smem).unwrap();
        let dsa: dy::Tensor = smem_text.parse().unwrap();
        assert_eq!(
            CopyG2S::default()
                .get_slice(tid)
                .partition_D(sa)
                .to_string(),
            dyn_copy
                .get_slice(l)
                .partition_D(dsa.clone())
                .unwrap()
                .to_string(),
            "copy_a partition_D, thread {tid}"
        );
        assert_eq!(
            s2r.get_slice(tid).partition_S(sa).to_string(),
            dyn_s2r.get_slice(l).partition_S(dsa).unwrap().to_string(),
            "ldmatrix partition_S, thread {tid}"
        );
    }
}

/// `wgmma_sm90_tn`'s layouts: its shared tiles are CuTe's `tile_to_shape` of
/// `GMMA::Layout_K_SW128_Atom<half_t>`; its MMA partitions agree with cute-dynamic's; the
/// descriptors it computes at compile time carry CuTe's fields, and move by the partition's
/// offsets (16-byte units) from atom tile to atom tile.
#[test]
fn wgmma_partitions() {
    use cute_kernels::wgmma_sm90::{CtaTiler, DESC_A, DESC_B, MmaW, SmemA, SmemB};
    use cute_static::gmma::{Layout_K_SW128_Atom, half_t};
    use cute_static::{Tensor, TensorLayout, int_tuple};
    let gmma = Layout_K_SW128_Atom::<half_t>::new()
        .tile_to_shape(int_tuple!((_128, _64, _3)))
        .to_string();
    assert_eq!(
        gmma,
        format!("Sw<3,4,3> o smem_ptr[16b](unset) o {}", SmemA::new())
    );
    assert_eq!(SmemA::new().to_string(), SmemB::new().to_string());
    // make_gmma_desc<Major::K> of a (64,16) K_SW128 tile: 128-byte swizzle, SBO 1024 bytes.
    assert_k_sw128(DESC_A);
    assert_k_sw128(DESC_B);
    let dyn_mma = dyn_tiled_mma(
        "SM90_64x64x16_F16F16F16_SS",
        "(_1,_1,_1):(_0,_0,_0)",
        "(_,_,_)",
    );
    assert_eq!(MmaW::default().to_string(), dyn_mma.to_string());
    let data = vec![0u16; 1 << 18];
    let smem_text = format!("_0|{}", SmemA::new());
    for tid in [0, 1, 77, 127] {
        let l = dy::Int::new_dynamic(tid);
        let thr = MmaW::default().get_slice(tid);
        let sa = make_tensor(&data[..], SmemA::new()).unwrap();
        let t_c_s_a = thr.partition_A(sa);
        let dsa: dy::Tensor = smem_text.parse().unwrap();
        assert_eq!(
            t_c_s_a.to_string(),
            dyn_mma.get_slice(l).partition_A(dsa).unwrap().to_string(),
            "partition_A, thread {tid}"
        );
        // Atom tile (m, k, pipe) starts (m*64 rows of 128 bytes) + (k*32 bytes) + (pipe*16 KiB)
        // on: in 16-byte units 512*m + 2*k + 1024*pipe, what the kernel adds to DESC_A.
        for (m, k, pipe) in [(0, 0, 0), (1, 0, 0), (0, 3, 0), (1, 2, 2)] {
            let at = t_c_s_a.offset() + t_c_s_a.layout().offset(1024 * (m + 2 * (k + 4 * pipe)));
            assert_eq!(at % 8, 0);
            assert_eq!(
                at / 8,
                512 * m + 2 * k + 1024 * pipe,
                "tile ({m},{k},{pipe})"
            );
        }
        let (m, n) = (std::hint::black_box(512), std::hint::black_box(384));
        let gc = local_tile_proj(
            make_tensor(&data[..], layout!((m, n):(_1, m))).unwrap(),
            CtaTiler::default(),
            coord!((2, 1, _)),
            coord!((_1, _1, _)),
        );
        let dgc = dyn_local_tile_proj(
            &dyn_tensor("(512,384):(_1,512)"),
            "(_128,_128,_64)",
            "(2,1,_)",
            "(_1,_1,_)",
        );
        let t_c_g_c = thr.partition_C(gc);
        assert_eq!(
            t_c_g_c.to_string(),
            dyn_mma.get_slice(l).partition_C(dgc).unwrap().to_string(),
            "partition_C, thread {tid}"
        );
        // The accumulators the kernel fills register by register: value v of atom (m, n) at
        // v + 32 * (m + 2 * n), compact.
        let frag: Tensor<[u16; 128], _> = MmaW::default().make_fragment_C(t_c_g_c);
        assert_eq!(
            frag.layout().to_string(),
            "((_2,_2,_8),_2,_2):((_1,_2,_4),_32,_64)"
        );
    }
}

/// `make_gmma_desc` on the GMMA atoms CuTe names, tiled as `tile_to_shape` tiles them, with the
/// fields CuTe's rule gives; and CuTe's conditions on layouts one `wgmma` cannot read.
#[test]
fn gmma_descriptors() {
    use cute_gpu::gmma::{GmmaError, LayoutType, Major, make_gmma_desc};
    use cute_gpu::make_gmma_desc;
    use cute_static::{TileToShape, int_tuple_t, layout_t};
    type K64<A> = TileToShape<A, int_tuple_t!((_64, _64))>;
    type Mn128<A> = TileToShape<A, int_tuple_t!((_128, _16))>;
    // K-major atoms of half_t, a (64,16) tile: (layout type, SBO, LBO) in 16-byte units.
    let k_major = [
        make_gmma_desc!(Major::K, u16, swizzle 0, K64<layout_t!((_8,_8):(_8,_1))>, rows 64, tile (64, 16)),
        make_gmma_desc!(Major::K, u16, swizzle 1, K64<layout_t!((_8,_16):(_16,_1))>, rows 64, tile (64, 16)),
        make_gmma_desc!(Major::K, u16, swizzle 2, K64<layout_t!((_8,_32):(_32,_1))>, rows 64, tile (64, 16)),
        make_gmma_desc!(Major::K, u16, swizzle 3, K64<layout_t!((_8,_64):(_64,_1))>, rows 64, tile (64, 16)),
    ];
    let fields = |d: cute_gpu::gmma::GmmaDescriptor| {
        (
            d.layout_type(),
            d.stride_byte_offset(),
            d.leading_byte_offset(),
        )
    };
    assert_eq!(fields(k_major[0]), (LayoutType::Interleave as u8, 8, 64));
    assert_eq!(fields(k_major[1]), (LayoutType::B32 as u8, 16, 1));
    assert_eq!(fields(k_major[2]), (LayoutType::B64 as u8, 32, 1));
    assert_eq!(fields(k_major[3]), (LayoutType::B128 as u8, 64, 1));
    // MN-major atoms of half_t, a (128,16) tile: two atoms along MN (LBO), two along K (SBO).
    let mn_major = [
        make_gmma_desc!(Major::MN, u16, swizzle 0, Mn128<layout_t!((_8,_8):(_1,_8))>, rows 128, tile (128, 16)),
        make_gmma_desc!(Major::MN, u16, swizzle 1, Mn128<layout_t!((_16,_8):(_1,_16))>, rows 128, tile (128, 16)),
        make_gmma_desc!(Major::MN, u16, swizzle 2, Mn128<layout_t!((_32,_8):(_1,_32))>, rows 128, tile (128, 16)),
        make_gmma_desc!(Major::MN, u16, swizzle 3, Mn128<layout_t!((_64,_8):(_1,_64))>, rows 128, tile (128, 16)),
    ];
    // INTER: atom 8x8 halves (8 units), 16 atoms along MN, then K: SBO 8 (the next MN
    // vector), LBO 128 (the next 8 of K).
    assert_eq!(fields(mn_major[0]), (LayoutType::Interleave as u8, 8, 128));
    // SW32: atom 16x8 halves (128 el = 16 units); 8 atoms along MN, then K: LBO 16, SBO 128.
    assert_eq!(fields(mn_major[1]), (LayoutType::B32 as u8, 128, 16));
    assert_eq!(fields(mn_major[2]), (LayoutType::B64 as u8, 128, 32));
    assert_eq!(fields(mn_major[3]), (LayoutType::B128 as u8, 128, 64));
    // The conditions, with CuTe's words and the values.
    let row_major: Vec<i32> = (0..128).map(|i| (i % 64) * 9 + i / 64).collect(); // rows of 9 units
    let e = make_gmma_desc(Major::K, LayoutType::B128, 16, 64, 2, &row_major).unwrap_err();
    assert_eq!(
        e,
        GmmaError::Stride {
            major: Major::K,
            mn: 1,
            k: 0,
            found: 9,
            expected: 8
        }
    );
    assert!(
        e.to_string()
            .starts_with("Not a canonical GMMA_K Layout: Expected stride failure.")
    );
    let e = make_gmma_desc(Major::K, LayoutType::B128, 16, 64, 3, &[0; 192]).unwrap_err();
    assert_eq!(
        e,
        GmmaError::KSize {
            major: Major::K,
            k: 3
        }
    );
    let e = make_gmma_desc(Major::MN, LayoutType::B128, 16, 8, 12, &[0; 96]).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("Not a canonical GMMA_MN Layout: Expected K-size")
    );
    let far: Vec<i32> = (0..128)
        .map(|i| (i % 64) * 8 + (i / 64) + (i % 64 / 8) * 20000)
        .collect();
    let e = make_gmma_desc(Major::K, LayoutType::B128, 16, 64, 2, &far).unwrap_err();
    assert!(
        matches!(
            e,
            GmmaError::Field {
                what: "stride byte offset",
                ..
            }
        ),
        "{e}"
    );
}

/// `wgmma_tma_sm90_tn`'s TMA boxes: CuTe's `make_tma_atom` of a K_SW128 stage (a 64x128 box,
/// K first, the 128-byte swizzle, 16 KiB each), and the rule's refusals.
#[test]
fn tma_boxes() {
    use cute_gpu::tma::{TmaError, TmaSwizzle, make_tma_tile};
    use cute_kernels::wgmma_tma_sm90::tma_boxes;
    let (a, b) = tma_boxes(512, 384, 256, 264, 256).unwrap();
    assert_eq!(
        (a.dims, a.strides_bytes, a.box_dims),
        ([256, 512], [2, 528], [64, 128])
    );
    assert_eq!(
        (b.dims, b.strides_bytes, b.box_dims),
        ([256, 384], [2, 512], [64, 128])
    );
    assert_eq!(
        (a.swizzle, a.box_bytes, a.mode0),
        (TmaSwizzle::B128, 16384, 1)
    );
    assert!(matches!(
        tma_boxes(128, 128, 64, 100, 64),
        Err(cute_kernels::LaunchError::Tma {
            what: "A",
            err: TmaError::Stride { bytes: 200 }
        })
    ));
    // A k-major shared tile `(m, k)` at `64 * m + k`, element `(i, j)` at `offsets[i + rows * j]`.
    let k_major =
        |rows: i32| -> Vec<i32> { (0..rows * 64).map(|e| 64 * (e % rows) + e / rows).collect() };
    // Under an m-major global tensor (M is TMA's dimension 0): 256-byte box rows, past the
    // 128-byte swizzle's span; with 64 rows, the tile is not the box in TMA's order.
    let e = make_tma_tile(16, 0, [128, 64], &k_major(128), 3).unwrap_err();
    assert!(
        matches!(
            e,
            TmaError::BoxRow {
                bytes: 256,
                span: 128
            }
        ),
        "{e}"
    );
    let e = make_tma_tile(16, 0, [64, 64], &k_major(64), 3).unwrap_err();
    assert!(
        matches!(
            e,
            TmaError::SmemOrder {
                i0: 1,
                i1: 0,
                found: 64,
                expected: 1
            }
        ),
        "{e}"
    );
    let tile = make_tma_tile(16, 1, [64, 64], &k_major(64), 3).unwrap();
    let e = tile.make_tma_box([128, 64], [128, 2]).unwrap_err();
    assert!(matches!(e, TmaError::NotContiguous { .. }), "{e}");
    let e = make_tma_tile(16, 1, [64, 64], &k_major(64), 4).unwrap_err();
    assert_eq!(e, TmaError::Swizzle { b: 4 });
}

/// `hgemm_ws_sm90_tn`'s layouts: its stages are CuTe's `tile_to_shape` of
/// `GMMA::Layout_K_SW128_Atom<half_t>`, its two consumer warpgroups partition A's rows and
/// share B as cute-dynamic's `TiledMMA` does, its descriptors carry CuTe's fields, and its
/// TMA boxes are a 64x128 and a 64x256 box.
#[test]
fn hgemm_ws_partitions() {
    use cute_kernels::hgemm_ws_sm90::{DESC_A, DESC_B, MmaWs, SmemA, SmemB, tma_boxes};
    use cute_static::gmma::{Layout_K_SW128_Atom, half_t};
    use cute_static::int_tuple;
    assert_eq!(
        Layout_K_SW128_Atom::<half_t>::new()
            .tile_to_shape(int_tuple!((_256, _64, _4)))
            .to_string(),
        format!("Sw<3,4,3> o smem_ptr[16b](unset) o {}", SmemB::new())
    );
    assert_k_sw128(DESC_A);
    assert_k_sw128(DESC_B);
    let dyn_mma = dyn_tiled_mma(
        "SM90_64x256x16_F32F16F16_SS",
        "(_2,_1,_1):(_1,_0,_0)",
        "(_,_,_)",
    );
    assert_eq!(MmaWs::default().to_string(), dyn_mma.to_string());
    let data = vec![0u16; 1 << 18];
    for tid in [0, 127, 128, 255] {
        let l = dy::Int::new_dynamic(tid);
        let thr = MmaWs::default().get_slice(tid);
        let ta = thr.partition_A(make_tensor(&data[..], SmemA::new()).unwrap());
        let tb = thr.partition_B(make_tensor(&data[..], SmemB::new()).unwrap());
        let dsa: dy::Tensor = format!("_0|{}", SmemA::new()).parse().unwrap();
        let dsb: dy::Tensor = format!("_0|{}", SmemB::new()).parse().unwrap();
        assert_eq!(
            ta.to_string(),
            dyn_mma.get_slice(l).partition_A(dsa).unwrap().to_string()
        );
        assert_eq!(
            tb.to_string(),
            dyn_mma.get_slice(l).partition_B(dsb).unwrap().to_string()
        );
        // The second warpgroup's A starts 64 rows (of 128 bytes) on: 512 16-byte units.
        assert_eq!(
            ta.offset() / 8,
            if tid < 128 { 0 } else { 512 },
            "thread {tid}"
        );
        assert_eq!(tb.offset(), 0);
    }
    let (a, b) = tma_boxes(8192, 8192, 8192, 8192, 8192).unwrap();
    assert_eq!((a.box_dims, b.box_dims), ([64, 128], [64, 256]));
    assert_eq!((a.box_bytes, b.box_bytes), (16384, 32768));
}

/// `mma_sm80_16x8x16_f16_stsm`'s `stmatrix` copy: `make_tiled_copy_C(Copy_Atom<SM90_U32x2_STSM_N,
/// half_t>, mma)` is cute-dynamic's, its partition of the n-major shared C tile gives each lane
/// one 16-byte row (8 contiguous halves), and the accumulators it retiles are the MMA's.
#[test]
fn stsm_partitions() {
    use cute_kernels::mma_atoms::{LayoutCs, Sm80MmaF16k16};
    use cute_static::{CopyAtom, SM90_U32x2_STSM_N, Tensor, TensorLayout, make_tiled_copy_C};
    let mma = Sm80MmaF16k16::default();
    let r2s = make_tiled_copy_C(CopyAtom::<SM90_U32x2_STSM_N, u16>::new(), mma);
    let dyn_mma = dyn_tiled_mma(
        "SM80_16x8x16_F16F16F16F16_TN",
        "(_1,_1,_1):(_0,_0,_0)",
        "(_,_,_)",
    );
    let dyn_r2s = dy::make_tiled_copy_C(
        &dy::copy_atom("SM90_U32x2_STSM_N", "half_t").unwrap(),
        &dyn_mma,
    )
    .unwrap();
    assert_eq!(r2s.to_string(), dyn_r2s.to_string());
    let data = vec![0u16; 128];
    let mut rows = std::collections::BTreeSet::new();
    for tid in 0..32 {
        let s_c = make_tensor(&data[..], LayoutCs::new()).unwrap();
        let t = r2s.get_slice(tid).partition_D(s_c);
        let dsc: dy::Tensor = format!("_0|{}", LayoutCs::new()).parse().unwrap();
        assert_eq!(
            t.to_string(),
            dyn_r2s
                .get_slice(dy::Int::new_dynamic(tid))
                .partition_D(dsc)
                .unwrap()
                .to_string(),
            "partition_D, lane {tid}"
        );
        // One row of 8 contiguous halves, 16-byte aligned.
        let first = t.offset() + t.layout().offset(0);
        assert_eq!(t.layout().size(), 8);
        assert!((0..8).all(|j| t.offset() + t.layout().offset(j) == first + j));
        assert_eq!(first % 8, 0);
        rows.insert(first);
        let frag: Tensor<[u16; 4], _> = mma.make_fragment_C(mma.get_slice(tid).partition_C(s_c));
        assert_eq!(r2s.get_slice(tid).retile_S(frag).layout().size(), 4);
    }
    // Lanes 0-15 name the 16 rows (x2: two 8x8 matrices); 16-31 repeat them.
    assert_eq!(rows.len(), 16);
}
