//! A GEMM micro-kernel on the CPU, written with cute-static as a CuTe kernel is written:
//! run-time `M`, `N`, `K`; static block tiles `(BM,BN,BK) = (_32,_32,_8)`; 64 "threads" (a loop
//! here) arranged `(_8,_8)`, partitioned by a thread-value layout; each thread accumulates its
//! 4x4 values in a register fragment tensor.
//!
//! `C = A * B^T` with `A` `(M,K)`, `B` `(N,K)` and `C` `(M,N)`, all column-major (CuTe's "NT"
//! GEMM). `gemm_cute` is the kernel; `gemm_hand` is the same algorithm with the index arithmetic
//! written by hand; `gemm_naive` is the textbook triple loop.
//!
//! ```text
//! cargo run --release -p cute-static --example gemm            # check, then time the three
//! cargo run --release -p cute-static --example gemm -- check   # check only
//! cargo run --release -p cute-static --example gemm -- cute 64 # one kernel on 64x64x64 (callgrind)
//! ```
//!
//! `scripts/zero-cost.sh` counts the instructions of `cute` against `hand` (callgrind).

use cute_static::{
    coord, layout, local_partition_proj, local_tile_proj, make_fragment, make_tensor,
    make_tensor_mut, tile,
};
use std::hint::black_box;
use std::time::Instant;

/// The kernel: block tiles by `local_tile` with CuTe's mainloop projections, threads by
/// `local_partition` (A, B) and by the thread-value layout (C), a register fragment for the
/// accumulators.
#[inline(never)]
pub fn gemm_cute(m: i32, n: i32, k: i32, a: &[f32], b: &[f32], c: &mut [f32]) {
    let ma = make_tensor(a, layout!((m, k):(_1, m))).expect("A holds M*K elements");
    let mb = make_tensor(b, layout!((n, k):(_1, n))).expect("B holds N*K elements");
    let mut mc = make_tensor_mut(c, layout!((m, n):(_1, m))).expect("C holds M*N elements");
    let cta = tile!((_32, _32, _8));
    // 8x8 threads; thread t = (t0, t1) owns rows t0 + 8i and columns t1 + 8j of the block.
    let thr = layout!((_8, _8):(_1, _8));
    // (thread, value) -> index in the 32x32 block of C, column-major.
    let tv = layout!(((_8, _8), (_4, _4)):((_1, _32), (_8, _256)));
    for bn in 0..n / 32 {
        for bm in 0..m / 32 {
            let ga = local_tile_proj(ma, cta, coord!((bm, bn, _)), coord!((_1, _, _1))); // (BM,BK,k)
            let gb = local_tile_proj(mb, cta, coord!((bm, bn, _)), coord!((_, _1, _1))); // (BN,BK,k)
            for tid in 0..64 {
                let ta = local_partition_proj(ga, thr, tid, coord!((_1, _))); // (4,BK,k)
                let tb = local_partition_proj(gb, thr, tid, coord!((_, _1))); // (4,BK,k)
                let mut acc = make_fragment([0f32; 16], layout!((_4, _4):(_1, _4)));
                let mut ra = make_fragment([0f32; 4], layout!(_4:_1));
                let mut rb = make_fragment([0f32; 4], layout!(_4:_1));
                for kt in 0..k / 8 {
                    for kk in 0..8 {
                        // Copy this k's column of A and row of B to registers, then the outer
                        // product into the accumulators.
                        for i in 0..4 {
                            ra[i] = ta[(i, kk, kt)];
                            rb[i] = tb[(i, kk, kt)];
                        }
                        for j in 0..4 {
                            for i in 0..4 {
                                acc[(i, j)] += ra[i] * rb[j];
                            }
                        }
                    }
                }
                let gc =
                    local_tile_proj(mc.view_mut(), cta, coord!((bm, bn, _)), coord!((_1, _1, _)));
                let mut tc = gc.compose(tv).slice(coord!((tid, (_, _)))); // (4,4)
                for j in 0..4 {
                    for i in 0..4 {
                        tc[(i, j)] = acc[(i, j)];
                    }
                }
            }
        }
    }
}

/// The same algorithm, the index arithmetic by hand.
#[inline(never)]
pub fn gemm_hand(m: i32, n: i32, k: i32, a: &[f32], b: &[f32], c: &mut [f32]) {
    for bn in 0..n / 32 {
        for bm in 0..m / 32 {
            for tid in 0..64 {
                let (t0, t1) = (tid % 8, tid / 8);
                let mut acc = [0f32; 16];
                let (mut ra, mut rb) = ([0f32; 4], [0f32; 4]);
                for kt in 0..k / 8 {
                    for kk in 0..8 {
                        let kx = kt * 8 + kk;
                        for i in 0..4 {
                            ra[i as usize] = a[(bm * 32 + t0 + 8 * i + kx * m) as usize];
                            rb[i as usize] = b[(bn * 32 + t1 + 8 * i + kx * n) as usize];
                        }
                        for j in 0..4 {
                            for i in 0..4 {
                                acc[(i + 4 * j) as usize] += ra[i as usize] * rb[j as usize];
                            }
                        }
                    }
                }
                for j in 0..4 {
                    for i in 0..4 {
                        let (row, col) = (bm * 32 + t0 + 8 * i, bn * 32 + t1 + 8 * j);
                        c[(row + col * m) as usize] = acc[(i + 4 * j) as usize];
                    }
                }
            }
        }
    }
}

/// The textbook triple loop.
#[inline(never)]
pub fn gemm_naive(m: i32, n: i32, k: i32, a: &[f32], b: &[f32], c: &mut [f32]) {
    let (m, n, k) = (m as usize, n as usize, k as usize);
    for j in 0..n {
        for i in 0..m {
            let mut sum = 0f32;
            for kx in 0..k {
                sum += a[i + kx * m] * b[j + kx * n];
            }
            c[i + j * m] = sum;
        }
    }
}

type Kernel = fn(i32, i32, i32, &[f32], &[f32], &mut [f32]);

/// Inputs of an `m x n x k` problem: small integers, so that every sum is exact in `f32` and
/// the three kernels agree bit for bit.
fn inputs(m: i32, n: i32, k: i32) -> (Vec<f32>, Vec<f32>) {
    let a = (0..m * k).map(|i| ((i * 7) % 5 - 2) as f32).collect();
    let b = (0..n * k).map(|i| ((i * 3) % 7 - 3) as f32).collect();
    (a, b)
}

fn run(kernel: Kernel, (m, n, k): (i32, i32, i32)) -> Vec<f32> {
    let (a, b) = inputs(m, n, k);
    let mut c = vec![0f32; (m * n) as usize];
    kernel(black_box(m), black_box(n), black_box(k), &a, &b, &mut c);
    c
}

/// The three kernels agree on a few problem sizes (multiples of the block tile).
fn check() {
    for shape in [(32, 32, 8), (64, 96, 24), (128, 64, 40), (96, 32, 128)] {
        let want = run(gemm_naive, shape);
        assert_eq!(run(gemm_cute, shape), want, "cute-static kernel, {shape:?}");
        assert_eq!(
            run(gemm_hand, shape),
            want,
            "hand-written kernel, {shape:?}"
        );
    }
}

/// The best of `reps` runs, in milliseconds.
fn time(kernel: Kernel, size: i32, reps: usize) -> f64 {
    let (a, b) = inputs(size, size, size);
    let mut c = vec![0f32; (size * size) as usize];
    (0..reps)
        .map(|_| {
            let start = Instant::now();
            kernel(
                black_box(size),
                black_box(size),
                black_box(size),
                &a,
                &b,
                &mut c,
            );
            black_box(&c);
            start.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(256);
    let kernel: Option<Kernel> = match args.first().map(String::as_str) {
        Some("cute") => Some(gemm_cute),
        Some("hand") => Some(gemm_hand),
        Some("naive") => Some(gemm_naive),
        Some("baseline") => None,
        Some("check") => {
            check();
            println!("gemm: the cute-static, hand-written and naive kernels agree");
            return;
        }
        _ => {
            check();
            println!(
                "GEMM {size}x{size}x{size}, f32, best of 5 runs (ms; ratio to the naive loop):"
            );
            let times = [
                ("cute-static", time(gemm_cute, size, 5)),
                ("hand-written", time(gemm_hand, size, 5)),
                ("naive loop", time(gemm_naive, size, 5)),
            ];
            let naive = times[2].1;
            for (name, t) in times {
                println!("  {name:<13} {t:9.2}  {:6.3}", t / naive);
            }
            return;
        }
    };
    // The baseline builds the same inputs and output and runs no kernel.
    black_box(run(
        kernel.unwrap_or(|_, _, _, _, _, _| {}),
        (size, size, size),
    ));
}

#[test]
fn the_three_kernels_agree() {
    check();
}
