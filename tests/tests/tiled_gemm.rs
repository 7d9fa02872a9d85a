//! CuTe's `sgemm_2` (NT) mainloop on the host with cute-static's TiledCopy and TiledMMA: every
//! thread of a CTA simulated in turn, copying its part of the A and B tiles from global to
//! shared memory through a register fragment (`partition_S`, `partition_D`,
//! `make_fragment_like`) and accumulating its part of C (`partition_A/B/C`); the product is
//! compared with the naive one.

use cute_static::mma_atoms::UniversalFMA;
use cute_static::*;

/// sgemm_2 (NT) on the host: C = A * B^T, A (M,K) and B (N,K) column-major, every thread of a
/// CTA simulated in turn.
fn sgemm(m: i32, n: i32, k: i32, a: &[f32], b: &[f32], c: &mut [f32]) {
    let copy_a = make_tiled_copy(
        CopyAtom::<UniversalCopy<u128>, f32>::new(),
        layout!((_32,_8):(_1,_32)),
        layout!((_4,_1):(_1,_0)),
    );
    let copy_b = copy_a;
    let mma = make_tiled_mma(
        UniversalFMA,
        layout!((_16,_16,_1):(_1,_16,_0)),
        tile!((_, _, _)),
    );
    let m_a = make_tensor(a, layout!((m, k):(_1, m))).unwrap();
    let m_b = make_tensor(b, layout!((n, k):(_1, n))).unwrap();
    let s_layout = layout!((_128,_8):(_1,_128));
    for bn in 0..n / 128 {
        for bm in 0..m / 128 {
            let g_a = local_tile_proj(
                m_a,
                tile!((_128, _128, _8)),
                coord!((bm, bn, _)),
                coord!((_1, _, _1)),
            );
            let g_b = local_tile_proj(
                m_b,
                tile!((_128, _128, _8)),
                coord!((bm, bn, _)),
                coord!((_, _1, _1)),
            );
            let mut acc = vec![[0f32; 64]; 256];
            let mut s_a = [0f32; 1024];
            let mut s_b = [0f32; 1024];
            for kt in 0..k / 8 {
                for tid in 0..256 {
                    let ta_ga = copy_a.get_slice(tid).partition_S(g_a); // (CPY,CPY_M,CPY_K,k)
                    let mut ta_sa = copy_a
                        .get_slice(tid)
                        .partition_D(make_tensor_mut(&mut s_a[..], s_layout).unwrap());
                    let mut ta_ra: Tensor<[f32; 4], _> = make_fragment_like(&ta_sa);
                    for v in 0..4 {
                        ta_ra[((v, 0), 0, 0)] = ta_ga[((v, 0), 0, 0, kt)];
                    }
                    for v in 0..4 {
                        ta_sa[((v, 0), 0, 0)] = ta_ra[((v, 0), 0, 0)];
                    }
                    let tb_gb = copy_b.get_slice(tid).partition_S(g_b);
                    let mut tb_sb = copy_b
                        .get_slice(tid)
                        .partition_D(make_tensor_mut(&mut s_b[..], s_layout).unwrap());
                    for v in 0..4 {
                        tb_sb[((v, 0), 0, 0)] = tb_gb[((v, 0), 0, 0, kt)];
                    }
                }
                for tid in 0..256 {
                    let thr = mma.get_slice(tid);
                    let tc_sa = thr.partition_A(make_tensor(&s_a[..], s_layout).unwrap()); // (MMA,MMA_M,MMA_K)
                    let tc_sb = thr.partition_B(make_tensor(&s_b[..], s_layout).unwrap());
                    let mut tc_rc =
                        make_fragment(acc[tid as usize], layout!((_1,_8,_8):(_0,_1,_8)));
                    for kk in 0..8 {
                        for j in 0..8 {
                            for i in 0..8 {
                                tc_rc[(0, i, j)] += tc_sa[(0, i, kk)] * tc_sb[(0, j, kk)];
                            }
                        }
                    }
                    acc[tid as usize] = *tc_rc.data().first_chunk::<64>().unwrap();
                }
            }
            let ldc = m;
            for tid in 0..256 {
                let g_c = local_tile_proj(
                    make_tensor_mut(&mut c[..], layout!((m, n):(_1, ldc))).unwrap(),
                    tile!((_128, _128, _8)),
                    coord!((bm, bn, _)),
                    coord!((_1, _1, _)),
                );
                let mut tc_gc = mma.get_slice(tid).partition_C(g_c);
                let rc = make_fragment(acc[tid as usize], layout!((_1,_8,_8):(_0,_1,_8)));
                for j in 0..8 {
                    for i in 0..8 {
                        tc_gc[(0, i, j)] = rc[(0, i, j)];
                    }
                }
            }
        }
    }
}

#[test]
fn sgemm_2_with_tiled_copy_and_tiled_mma_computes_the_product() {
    let (m, n, k) = (
        std::hint::black_box(256),
        std::hint::black_box(128),
        std::hint::black_box(16),
    );
    let a: Vec<f32> = (0..m * k).map(|i| ((i * 7) % 13) as f32).collect();
    let b: Vec<f32> = (0..n * k).map(|i| ((i * 5) % 11) as f32).collect();
    let mut c = vec![0f32; (m * n) as usize];
    sgemm(m, n, k, &a, &b, &mut c);
    for j in 0..n {
        for i in 0..m {
            let want: f32 = (0..k)
                .map(|kk| a[(i + kk * m) as usize] * b[(j + kk * n) as usize])
                .sum();
            assert_eq!(c[(i + j * m) as usize], want, "C({i},{j})");
        }
    }
}
