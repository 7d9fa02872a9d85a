//! A tiled matrix transpose through a swizzled tile buffer, on the CPU, written with cute-static
//! as CuTe's transpose kernel is written: run-time `M` and `N`; static `(_32,_32)` tiles; each
//! tile of `A` is copied into a 32x32 buffer whose layout is `Sw<5,0,5> o (_32,_32):(_32,_1)`
//! (row-major, the column XORed with the row: on a GPU, reading a column of it then touches 32
//! different banks), and written to `B = A^T` reading the buffer transposed.
//!
//! `A` is `(M,N)` and `B` is `(N,M)`, both column-major. `transpose_cute` is the kernel;
//! `transpose_hand` is the same algorithm with the index arithmetic (and the XOR) by hand;
//! `transpose_naive` is the plain double loop.
//!
//! ```text
//! cargo run --release -p cute-static --example transpose              # check, then time the three
//! cargo run --release -p cute-static --example transpose -- check     # check only
//! cargo run --release -p cute-static --example transpose -- cute 256  # one kernel (callgrind)
//! ```

use cute_static::{
    Swizzle, coord, layout, local_tile, make_fragment, make_tensor, make_tensor_mut, tile,
};
use std::hint::black_box;
use std::time::Instant;

/// The kernel: tiles by `local_tile`, the buffer a register-style tensor over an array with the
/// swizzled layout.
#[inline(never)]
pub fn transpose_cute(m: i32, n: i32, a: &[f32], b: &mut [f32]) {
    let ma = make_tensor(a, layout!((m, n):(_1, m))).expect("A holds M*N elements");
    let mut mb = make_tensor_mut(b, layout!((n, m):(_1, n))).expect("B holds N*M elements");
    let smem = Swizzle::<5, 0, 5>::new().composition(layout!((_32, _32):(_32, _1)));
    let mut buf = make_fragment([0f32; 1024], smem);
    for tn in 0..n / 32 {
        for tm in 0..m / 32 {
            let ga = local_tile(ma, tile!((_32, _32)), coord!((tm, tn)));
            for j in 0..32 {
                for i in 0..32 {
                    buf[(i, j)] = ga[(i, j)];
                }
            }
            let mut gb = local_tile(mb.view_mut(), tile!((_32, _32)), coord!((tn, tm)));
            for i in 0..32 {
                for j in 0..32 {
                    gb[(j, i)] = buf[(i, j)];
                }
            }
        }
    }
}

/// The same algorithm, the index arithmetic by hand.
#[inline(never)]
pub fn transpose_hand(m: i32, n: i32, a: &[f32], b: &mut [f32]) {
    let mut buf = [0f32; 1024];
    // Sw<5,0,5> of the row-major offset `32*i + j`: bits 5..10 XORed into bits 0..5.
    let at = |i: i32, j: i32| {
        let x = 32 * i + j;
        (x ^ ((x & 0x3e0) >> 5)) as usize
    };
    for tn in 0..n / 32 {
        for tm in 0..m / 32 {
            for j in 0..32 {
                for i in 0..32 {
                    buf[at(i, j)] = a[(tm * 32 + i + (tn * 32 + j) * m) as usize];
                }
            }
            for i in 0..32 {
                for j in 0..32 {
                    b[(tn * 32 + j + (tm * 32 + i) * n) as usize] = buf[at(i, j)];
                }
            }
        }
    }
}

/// The plain double loop.
#[inline(never)]
pub fn transpose_naive(m: i32, n: i32, a: &[f32], b: &mut [f32]) {
    let (m, n) = (m as usize, n as usize);
    for j in 0..n {
        for i in 0..m {
            b[j + i * n] = a[i + j * m];
        }
    }
}

type Kernel = fn(i32, i32, &[f32], &mut [f32]);

fn input(m: i32, n: i32) -> Vec<f32> {
    (0..m * n).map(|i| i as f32).collect()
}

fn run(kernel: Kernel, (m, n): (i32, i32)) -> Vec<f32> {
    let a = input(m, n);
    let mut b = vec![0f32; (m * n) as usize];
    kernel(black_box(m), black_box(n), &a, &mut b);
    b
}

/// The three kernels agree on a few sizes (multiples of the tile).
fn check() {
    for shape in [(32, 32), (64, 96), (160, 32), (96, 128)] {
        let want = run(transpose_naive, shape);
        assert_eq!(
            run(transpose_cute, shape),
            want,
            "cute-static kernel, {shape:?}"
        );
        assert_eq!(
            run(transpose_hand, shape),
            want,
            "hand-written kernel, {shape:?}"
        );
    }
}

/// The best of `reps` runs, in milliseconds.
fn time(kernel: Kernel, size: i32, reps: usize) -> f64 {
    let a = input(size, size);
    let mut b = vec![0f32; (size * size) as usize];
    (0..reps)
        .map(|_| {
            let start = Instant::now();
            kernel(black_box(size), black_box(size), &a, &mut b);
            black_box(&b);
            start.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2048);
    let kernel: Option<Kernel> = match args.first().map(String::as_str) {
        Some("cute") => Some(transpose_cute),
        Some("hand") => Some(transpose_hand),
        Some("naive") => Some(transpose_naive),
        Some("baseline") => None,
        Some("check") => {
            check();
            println!("transpose: the cute-static, hand-written and naive kernels agree");
            return;
        }
        _ => {
            check();
            println!("transpose {size}x{size}, f32, best of 5 runs (ms; ratio to the naive loop):");
            let times = [
                ("cute-static", time(transpose_cute, size, 5)),
                ("hand-written", time(transpose_hand, size, 5)),
                ("naive loop", time(transpose_naive, size, 5)),
            ];
            let naive = times[2].1;
            for (name, t) in times {
                println!("  {name:<13} {t:9.2}  {:6.3}", t / naive);
            }
            return;
        }
    };
    // The baseline builds the same input and output and runs no kernel.
    black_box(run(kernel.unwrap_or(|_, _, _, _| {}), (size, size)));
}

#[test]
fn the_three_kernels_agree() {
    check();
}
