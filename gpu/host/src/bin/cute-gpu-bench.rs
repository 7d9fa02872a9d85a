//! Runs the Rust CuTe kernels on the GPU: each at several sizes (non-square ones too), checked
//! against a reference on fresh random inputs, then timed with CUDA events (warm-up, then
//! `--reps` repetitions of a timed batch of launches; the median is reported).
//!
//! ```text
//! cute-gpu-bench [--ptx gpu/target/ptx/cute_kernels.ptx (or a .cubin ptxas made of it)] [--reps 5] [--check-only] [--small]
//!                [--only NAME] [--entry-prefix P] [--side S]
//! ```
//!
//! `--only NAME` runs only the kernels whose name contains `NAME` (e.g. `sgemm_2_nt`, `copy`).
//! `--entry-prefix P` loads each kernel as `P` + its name (the PTX of
//! `cute_kernels.cutlass-names.ptx` names them `cutlass_...`), and `--side S` labels the result
//! lines `side=S` (default `rust`).
//!
//! Every result line reads
//! `RESULT side=rust kernel=K size=S unit=U median=X reps=x1,x2,...` (GB/s counts bytes read
//! plus bytes written; TFLOP/s counts 2*M*N*K), which `scripts/gpu-side-by-side.sh` puts beside
//! the CuTe C++ twins' lines.

use cudarc::cublas::{CudaBlas, Gemm, GemmConfig, sys::cublasOperation_t};
use cudarc::driver::{
    CudaContext, CudaFunction, CudaSlice, CudaStream, DevicePtr, LaunchConfig, PushKernelArg,
    sys::CUevent_flags,
};
use cudarc::nvrtc::Ptx;
use cute_gpu_host::{Error, gmem, tma_map};
use cute_kernels::sgemm_1::{self, Major};
use cute_kernels::{
    hgemm_sm80, hgemm_ws_sm90, mma_atoms, sgemm_2, tiled_copy, transpose, wgmma_sm90,
    wgmma_tma_sm90,
};
use cute_static::layout;
use std::sync::Arc;

/// The options.
struct Opts {
    ptx: String,
    reps: usize,
    check_only: bool,
    small: bool,
    only: Option<String>,
    entry_prefix: String,
    side: String,
}

impl Opts {
    /// Whether `--only` lets the kernel `name` run.
    fn wants(&self, name: &str) -> bool {
        self.only.as_deref().is_none_or(|s| name.contains(s))
    }
}

fn opts() -> Result<Opts, String> {
    let mut o = Opts {
        ptx: "gpu/target/ptx/cute_kernels.ptx".into(),
        reps: 5,
        check_only: false,
        small: false,
        only: None,
        entry_prefix: String::new(),
        side: "rust".into(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--ptx" => o.ptx = args.next().ok_or("--ptx needs a path")?,
            "--reps" => {
                o.reps = args
                    .next()
                    .and_then(|r| r.parse().ok())
                    .filter(|&r| r > 0)
                    .ok_or("--reps needs a positive number")?
            }
            "--check-only" => o.check_only = true,
            "--small" => o.small = true,
            "--only" => o.only = Some(args.next().ok_or("--only needs a kernel name")?),
            "--entry-prefix" => {
                o.entry_prefix = args.next().ok_or("--entry-prefix needs a prefix")?
            }
            "--side" => o.side = args.next().ok_or("--side needs a label")?,
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    Ok(o)
}

/// A deterministic stream of floats in [-1, 1) (xorshift64*), a new seed per check.
fn random(n: usize, seed: u64) -> Vec<f32> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n)
        .map(|_| {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            let r = x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 40; // 24 bits
            (r as f32) / (1u32 << 23) as f32 - 1.0
        })
        .collect()
}

/// The GPU, its stream and the kernels' module.
struct Gpu {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    module: Arc<cudarc::driver::CudaModule>,
    seed: u64,
    /// Prefixed to every kernel name (`--entry-prefix`).
    entry_prefix: String,
}

impl Gpu {
    fn function(&self, name: &str) -> Result<CudaFunction, Error> {
        Ok(self
            .module
            .load_function(&format!("{}{name}", self.entry_prefix))?)
    }

    fn upload(&self, v: &[f32]) -> Result<CudaSlice<f32>, Error> {
        Ok(self.stream.clone_htod(v)?)
    }

    fn download(&self, d: &CudaSlice<f32>) -> Result<Vec<f32>, Error> {
        Ok(self.stream.clone_dtoh(d)?)
    }

    fn next_seed(&mut self) -> u64 {
        self.seed += 1;
        self.seed
    }

    fn addr(&self, d: &CudaSlice<f32>) -> u64 {
        let (p, _sync) = d.device_ptr(&self.stream);
        p
    }

    /// Milliseconds per call of `f`, `reps` times: each a batch of launches between two events,
    /// the batch long enough to time (about 20 ms), after a warm-up.
    fn time(
        &self,
        reps: usize,
        mut f: impl FnMut() -> Result<(), Error>,
    ) -> Result<Vec<f64>, Error> {
        let start = self.ctx.new_event(Some(CUevent_flags::CU_EVENT_DEFAULT))?;
        let end = self.ctx.new_event(Some(CUevent_flags::CU_EVENT_DEFAULT))?;
        f()?;
        start.record(&self.stream)?;
        f()?;
        end.record(&self.stream)?;
        end.synchronize()?;
        let once = f64::from(start.elapsed_ms(&end)?).max(1e-3);
        let batch = ((20.0 / once).ceil() as usize).clamp(1, 1000);
        let mut out = Vec::with_capacity(reps);
        for _ in 0..reps {
            start.record(&self.stream)?;
            for _ in 0..batch {
                f()?;
            }
            end.record(&self.stream)?;
            end.synchronize()?;
            out.push(f64::from(start.elapsed_ms(&end)?) / batch as f64);
        }
        Ok(out)
    }
}

fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    s[s.len() / 2]
}

/// Prints a result line: `rate(ms)` gives the figure per repetition.
fn report(o: &Opts, kernel: &str, size: &str, unit: &str, ms: &[f64], rate: impl Fn(f64) -> f64) {
    let figures: Vec<f64> = ms.iter().map(|&t| rate(t)).collect();
    let reps: Vec<String> = figures.iter().map(|x| format!("{x:.1}")).collect();
    println!(
        "RESULT side={} kernel={kernel} size={size} unit={unit} median={:.1} reps={}",
        o.side,
        median(&figures),
        reps.join(",")
    );
}

/// Bytes read plus written per millisecond, in GB/s.
fn gbps(bytes: f64) -> impl Fn(f64) -> f64 {
    move |ms| bytes / (ms * 1e-3) / 1e9
}

fn cfg(l: sgemm_1::Launch) -> LaunchConfig {
    LaunchConfig {
        grid_dim: l.grid,
        block_dim: l.block,
        shared_mem_bytes: l.shared_bytes,
    }
}

/// The plain device-to-device copy of `m*n` floats: the memory system's limit.
fn device_copy(g: &mut Gpu, o: &Opts, m: usize, n: usize) -> Result<(), Error> {
    let seed = g.next_seed();
    let s = g.upload(&random(m * n, seed))?;
    let mut d = g.stream.alloc_zeros::<f32>(m * n)?;
    let ms = g.time(o.reps, || Ok(g.stream.memcpy_dtod(&s, &mut d)?))?;
    report(
        o,
        "device_copy",
        &format!("{m}x{n}"),
        "GB/s",
        &ms,
        gbps((8 * m * n) as f64),
    );
    Ok(())
}

/// `copy_kernel` / `copy_kernel_vectorized` / `copy_if_kernel`: S to D, `(M,N)` column-major.
fn tiled_copy_run(
    g: &mut Gpu,
    o: &Opts,
    name: &str,
    m: i32,
    n: i32,
    time: bool,
) -> Result<(), Error> {
    let launch = if name == "copy_if_kernel" {
        tiled_copy::check_if(m, n)?
    } else {
        tiled_copy::check(m, n)?
    };
    let f = g.function(name)?;
    let len = (m as usize) * (n as usize);
    let host = random(len, g.next_seed());
    let s = g.upload(&host)?;
    let d = g.upload(&vec![f32::NAN; len])?;
    let whole = layout!((m, n):(_1, m));
    let (ps, pd) = (
        gmem(g.addr(&s), len as u64, &whole, "S")?,
        gmem(g.addr(&d), len as u64, &whole, "D")?,
    );
    let run = || -> Result<(), Error> {
        let mut b = g.stream.launch_builder(&f);
        b.arg(&ps).arg(&pd).arg(&m).arg(&n);
        // SAFETY: the arguments are those of the kernel's signature, its problem checked by
        // `tiled_copy::check` and its tensors by `gmem` (the allocations hold M*N floats).
        unsafe { b.launch(cfg(launch)) }?;
        Ok(())
    };
    run()?;
    if g.download(&d)? != host {
        return Err(Error::Wrong(format!("{name} {m}x{n}: D differs from S")));
    }
    println!("CHECK side=rust kernel={name} size={m}x{n} ok");
    if time {
        let ms = g.time(o.reps, run)?;
        report(
            o,
            name,
            &format!("{m}x{n}"),
            "GB/s",
            &ms,
            gbps((8 * len) as f64),
        );
    }
    Ok(())
}

/// `transpose`: B = A^T.
fn transpose_run(g: &mut Gpu, o: &Opts, m: i32, n: i32, time: bool) -> Result<(), Error> {
    let name = "transpose";
    let launch = transpose::check(m, n)?;
    let f = g.function(name)?;
    let (mu, nu) = (m as usize, n as usize);
    let host = random(mu * nu, g.next_seed());
    let a = g.upload(&host)?;
    let b = g.upload(&vec![f32::NAN; mu * nu])?;
    let pa = gmem(g.addr(&a), (mu * nu) as u64, &layout!((m, n):(_1, m)), "A")?;
    let pb = gmem(g.addr(&b), (mu * nu) as u64, &layout!((n, m):(_1, n)), "B")?;
    let run = || -> Result<(), Error> {
        let mut bl = g.stream.launch_builder(&f);
        bl.arg(&pa).arg(&pb).arg(&m).arg(&n);
        // SAFETY: the kernel's arguments; its problem checked by `transpose::check`, its
        // tensors by `gmem`.
        unsafe { bl.launch(cfg(launch)) }?;
        Ok(())
    };
    run()?;
    let out = g.download(&b)?;
    for j in 0..nu {
        for i in 0..mu {
            if out[j + i * nu] != host[i + j * mu] {
                return Err(Error::Wrong(format!(
                    "{name} {m}x{n}: B({j},{i}) != A({i},{j})"
                )));
            }
        }
    }
    println!("CHECK side=rust kernel={name} size={m}x{n} ok");
    if time {
        let ms = g.time(o.reps, run)?;
        report(
            o,
            name,
            &format!("{m}x{n}"),
            "GB/s",
            &ms,
            gbps((8 * mu * nu) as f64),
        );
    }
    Ok(())
}

/// The bits of the `half_t` of a small integer (`|x| <= 2048`: exact).
fn half_bits(x: i32) -> u16 {
    let a = x.unsigned_abs();
    let sign = if x < 0 { 0x8000 } else { 0 };
    if a == 0 {
        return sign;
    }
    let e = 31 - a.leading_zeros(); // a = 1.f * 2^e
    let mantissa = (a << (10 - e)) & 0x3ff;
    sign | ((e + 15) << 10) as u16 | mantissa as u16
}

/// The value of the `half_t` bits `h` (normal numbers and zeros, what the atoms' checks give).
fn half_value(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let (e, m) = (i32::from((h >> 10) & 0x1f), f32::from(h & 0x3ff));
    if e == 0 {
        sign * m * 2f32.powi(-24)
    } else {
        sign * (1.0 + m / 1024.0) * 2f32.powi(e - 15)
    }
}

/// One MMA atom check kernel (`cute_kernels::mma_atoms`): its name, `(M, N, K)`, whether B is
/// n-major in memory, whether C is `half_t`.
struct AtomCheck {
    name: &'static str,
    mnk: (usize, usize, usize),
    b_n_major: bool,
    c_half: bool,
}

const ATOM_CHECKS: [AtomCheck; 6] = [
    AtomCheck {
        name: "mma_sm80_16x8x16_f32f16",
        mnk: (16, 8, 16),
        b_n_major: false,
        c_half: false,
    },
    AtomCheck {
        name: "mma_sm80_16x8x16_f32f16_smem",
        mnk: (16, 8, 16),
        b_n_major: false,
        c_half: false,
    },
    AtomCheck {
        name: "mma_sm80_16x8x16_f32f16_ldsm_t",
        mnk: (16, 8, 16),
        b_n_major: true,
        c_half: false,
    },
    AtomCheck {
        name: "mma_sm80_16x8x16_f16",
        mnk: (16, 8, 16),
        b_n_major: false,
        c_half: true,
    },
    AtomCheck {
        name: "mma_sm80_16x8x16_f16_stsm",
        mnk: (16, 8, 16),
        b_n_major: false,
        c_half: true,
    },
    AtomCheck {
        name: "mma_sm80_16x8x8_f16",
        mnk: (16, 8, 8),
        b_n_major: false,
        c_half: true,
    },
];

/// An MMA atom check kernel: one warp's atom on small integers in `half_t` (exact in `half_t`
/// and `float`), A `(M,K)` k-major, B `(N,K)` k- or n-major, C `(M,N)` m-major, fed from
/// global memory into registers, or through shared memory (`cp.async`, `ldmatrix`); C compared
/// element by element with the host's product: a value any TV layout puts in the wrong place
/// gives a wrong product.
fn mma_atoms_run(g: &mut Gpu, k: &AtomCheck) -> Result<(), Error> {
    let name = k.name;
    let f = g.function(name)?;
    let (m, n, kk) = k.mnk;
    let ints = |len: usize, seed: u64| -> Vec<i32> {
        random(len, seed)
            .iter()
            .map(|v| (v * 7.0).round() as i32)
            .collect()
    };
    let (ha, hb) = (ints(m * kk, g.next_seed()), ints(n * kk, g.next_seed()));
    let bits = |v: &[i32]| v.iter().map(|&x| half_bits(x)).collect::<Vec<u16>>();
    let a: CudaSlice<u16> = g.stream.clone_htod(&bits(&ha))?;
    let b: CudaSlice<u16> = g.stream.clone_htod(&bits(&hb))?;
    let addr16 = |d: &CudaSlice<u16>| d.device_ptr(&g.stream).0;
    let (mi, ni, ki) = (m as i32, n as i32, kk as i32);
    let pa = gmem(
        addr16(&a),
        (m * kk) as u64,
        &layout!((mi, ki):(ki, _1)),
        "A",
    )?;
    let pb = if k.b_n_major {
        gmem(
            addr16(&b),
            (n * kk) as u64,
            &layout!((ni, ki):(_1, ni)),
            "B",
        )?
    } else {
        gmem(
            addr16(&b),
            (n * kk) as u64,
            &layout!((ni, ki):(ki, _1)),
            "B",
        )?
    };
    let c_layout = layout!((mi, ni):(_1, mi));
    let out: Vec<f32> = if k.c_half {
        let c: CudaSlice<u16> = g.stream.clone_htod(&vec![0x7e00u16; m * n])?; // NaNs
        let pc = gmem(addr16(&c), (m * n) as u64, &c_layout, "C")?;
        let mut bl = g.stream.launch_builder(&f);
        bl.arg(&pa).arg(&pb).arg(&pc);
        // SAFETY: the kernel's arguments, its tensors checked by `gmem`; one warp (`check`).
        unsafe { bl.launch(cfg(mma_atoms::check())) }?;
        g.stream
            .clone_dtoh(&c)?
            .into_iter()
            .map(half_value)
            .collect()
    } else {
        let c = g.upload(&vec![f32::NAN; m * n])?;
        let pc = gmem(g.addr(&c), (m * n) as u64, &c_layout, "C")?;
        let mut bl = g.stream.launch_builder(&f);
        bl.arg(&pa).arg(&pb).arg(&pc);
        // SAFETY: as above.
        unsafe { bl.launch(cfg(mma_atoms::check())) }?;
        g.download(&c)?
    };
    let b_at = |j: usize, l: usize| {
        if k.b_n_major {
            hb[j + l * n]
        } else {
            hb[j * kk + l]
        }
    };
    for i in 0..m {
        for j in 0..n {
            let want: i32 = (0..kk).map(|l| ha[i * kk + l] * b_at(j, l)).sum();
            let got = out[i + m * j];
            if got != want as f32 {
                return Err(Error::Wrong(format!(
                    "{name}: C({i},{j}) = {got}, want {want}"
                )));
            }
        }
    }
    println!("CHECK side=rust kernel={name} size={m}x{n}x{kk} ok");
    Ok(())
}

/// Which tutorial GEMM.
#[derive(Clone, Copy)]
enum Sgemm {
    /// `sgemm_1`.
    One,
    /// `sgemm_2`.
    Two,
}

/// `sgemm_1_nt` / `sgemm_1_tn` / `sgemm_2_nt` / `sgemm_2_tn`: C = A B^T (alpha 1, beta 0, as the tutorial), checked against
/// cuBLAS's SGEMM of the same operands (relative Frobenius error at most 1e-5).
fn sgemm_run(
    g: &mut Gpu,
    blas: &CudaBlas,
    o: &Opts,
    kernel: Sgemm,
    major: Major,
    (m, n, k): (i32, i32, i32),
    time: bool,
) -> Result<(), Error> {
    let name = match (kernel, major) {
        (Sgemm::One, Major::Nt) => "sgemm_1_nt",
        (Sgemm::One, Major::Tn) => "sgemm_1_tn",
        (Sgemm::Two, Major::Nt) => "sgemm_2_nt",
        (Sgemm::Two, Major::Tn) => "sgemm_2_tn",
    };
    if !o.wants(name) {
        return Ok(());
    }
    let launch = match kernel {
        Sgemm::One => sgemm_1::check(major, m, n, k)?,
        Sgemm::Two => sgemm_2::check(major, m, n, k)?,
    };
    let f = g.function(name)?;
    let (mu, nu, ku) = (m as usize, n as usize, k as usize);
    let (lda, ldb, ldc) = match major {
        Major::Nt => (m, n, m),
        Major::Tn => (k, k, m),
    };
    let (sa, sb) = (g.next_seed(), g.next_seed());
    let a = g.upload(&random(mu * ku, sa))?;
    let b = g.upload(&random(nu * ku, sb))?;
    let c = g.upload(&vec![1e30f32; mu * nu])?; // beta = 0: every element must be written
    let mut r = g.upload(&vec![0f32; mu * nu])?;
    // A is (M,K) and B is (N,K): m- and n-major for NT, k-major for TN; each checked against
    // its allocation with the layout the kernel makes of it.
    let operand = |d: &CudaSlice<f32>, rows: i32, ld: i32, what| {
        let len = rows as u64 * k as u64;
        match major {
            Major::Nt => gmem(g.addr(d), len, &layout!((rows, k):(_1, ld)), what),
            Major::Tn => gmem(g.addr(d), len, &layout!((rows, k):(ld, _1)), what),
        }
    };
    let (pa, pb) = (operand(&a, m, lda, "A")?, operand(&b, n, ldb, "B")?);
    let pc = gmem(
        g.addr(&c),
        (mu * nu) as u64,
        &layout!((m, n):(_1, ldc)),
        "C",
    )?;
    let (alpha, beta) = (1.0f32, 0.0f32);
    let run = || -> Result<(), Error> {
        let mut bl = g.stream.launch_builder(&f);
        bl.arg(&m).arg(&n).arg(&k).arg(&alpha);
        bl.arg(&pa)
            .arg(&lda)
            .arg(&pb)
            .arg(&ldb)
            .arg(&beta)
            .arg(&pc)
            .arg(&ldc);
        // SAFETY: the kernel's arguments in its order; its problem checked by `sgemm_1::check`,
        // its tensors by `gmem`.
        unsafe { bl.launch(cfg(launch)) }?;
        Ok(())
    };
    run()?;
    let (ta, tb) = match major {
        Major::Nt => (
            cublasOperation_t::CUBLAS_OP_N,
            cublasOperation_t::CUBLAS_OP_T,
        ),
        Major::Tn => (
            cublasOperation_t::CUBLAS_OP_T,
            cublasOperation_t::CUBLAS_OP_N,
        ),
    };
    let gc = GemmConfig {
        transa: ta,
        transb: tb,
        m,
        n,
        k,
        alpha,
        lda,
        ldb,
        beta,
        ldc,
    };
    // SAFETY: A, B and R hold the M*K, N*K and M*N floats the configuration describes.
    unsafe { blas.gemm(gc, &a, &b, &mut r) }?;
    let (out, want) = (g.download(&c)?, g.download(&r)?);
    gemm_verdict(g, o, name, (m, n, k), (&out, &want, 1e-5), time, run)
}

/// A GEMM's result `out` against cuBLAS's `want` (relative Frobenius error at most `tol`), the
/// CHECK line, then, if `time`, its TFLOP/s (`2*M*N*K`) over `run`.
fn gemm_verdict(
    g: &Gpu,
    o: &Opts,
    name: &str,
    (m, n, k): (i32, i32, i32),
    (out, want, tol): (&[f32], &[f32], f64),
    time: bool,
    run: impl Fn() -> Result<(), Error>,
) -> Result<(), Error> {
    let (mut err, mut norm) = (0f64, 0f64);
    for (x, y) in out.iter().zip(want) {
        err += f64::from(x - y).powi(2);
        norm += f64::from(*y).powi(2);
    }
    let rel = (err / norm).sqrt();
    if rel.is_nan() || rel > tol {
        return Err(Error::Wrong(format!(
            "{name} {m}x{n}x{k}: relative error {rel:.3e} against cuBLAS"
        )));
    }
    println!("CHECK side=rust kernel={name} size={m}x{n}x{k} ok rel_err={rel:.2e}");
    if time {
        let ms = g.time(o.reps, run)?;
        let flops = 2.0 * f64::from(m) * f64::from(n) * f64::from(k);
        report(o, name, &format!("{m}x{n}x{k}"), "TFLOP/s", &ms, move |t| {
            flops / (t * 1e-3) / 1e12
        });
    }
    Ok(())
}

/// A 16-bit TN GEMM kernel: its name, its launch check (both take the tutorial's `gemm_tn`
/// arguments), the TMA boxes it reads A and B by (then its arguments are `m, n, k, alpha,
/// tma_a, tma_b, beta, C, ldC`; without, `m, n, k, alpha, A, ldA, B, ldB, beta, C, ldC`), its
/// sizes (the first is the `--small` one; each of 4096 and up is timed), and its element type.
type HgemmKernel = (
    &'static str,
    fn(i32, i32, i32, i32, i32, i32) -> Result<sgemm_1::Launch, cute_kernels::LaunchError>,
    Option<TmaBoxes>,
    &'static [(i32, i32, i32)],
    Half,
);

/// The 16-bit element type of an HGEMM's A, B and C.
#[derive(Clone, Copy)]
enum Half {
    /// `half_t` (IEEE binary16).
    F16,
    /// `bfloat16_t` (the upper half of a `float`).
    Bf16,
}

impl Half {
    /// The bits of `j/8`, for an integer `|j| <= 8` (exact in both types).
    fn eighth(self, j: i32) -> u16 {
        match self {
            // j's bits with the exponent 3 lower (0 stays 0).
            Half::F16 if j == 0 => 0,
            Half::F16 => half_bits(j) - (3 << 10),
            Half::Bf16 => ((j as f32 / 8.0).to_bits() >> 16) as u16,
        }
    }
    /// The value of the bits `h`.
    fn value(self, h: u16) -> f32 {
        match self {
            Half::F16 => half_value(h),
            Half::Bf16 => f32::from_bits(u32::from(h) << 16),
        }
    }
    /// A NaN.
    fn nan(self) -> u16 {
        match self {
            Half::F16 => 0x7e00,
            Half::Bf16 => 0x7fc0,
        }
    }
}

/// A kernel's TMA boxes of A and B for `(M, N, K, ldA, ldB)`.
type TmaBoxes =
    fn(
        i32,
        i32,
        i32,
        i32,
        i32,
    ) -> Result<(cute_gpu::tma::TmaBox, cute_gpu::tma::TmaBox), cute_kernels::LaunchError>;

/// The tutorial HGEMMs' sizes.
const TUTORIAL_SIZES: &[(i32, i32, i32)] = &[(256, 128, 64), (384, 1024, 192), (4096, 4096, 4096)];

/// The sizes of the warp-specialized GEMMs (their tile is 128x256).
const WS_SIZES: &[(i32, i32, i32)] = &[
    (256, 256, 64),
    (384, 1024, 192),
    (4096, 4096, 4096),
    (8192, 8192, 8192),
];

/// The 16-bit TN GEMMs: `sgemm_sm80.cu`'s, `hopper/wgmma_sm90.cu`'s,
/// `hopper/wgmma_tma_sm90.cu`'s (`half_t`) and our warp-specialized one (`half_t` and
/// `bfloat16_t`).
const HGEMMS: [HgemmKernel; 5] = [
    (
        "hgemm_sm80_tn",
        hgemm_sm80::check,
        None,
        TUTORIAL_SIZES,
        Half::F16,
    ),
    (
        "wgmma_sm90_tn",
        wgmma_sm90::check,
        None,
        TUTORIAL_SIZES,
        Half::F16,
    ),
    (
        "wgmma_tma_sm90_tn",
        wgmma_tma_sm90::check,
        Some(wgmma_tma_sm90::tma_boxes),
        TUTORIAL_SIZES,
        Half::F16,
    ),
    (
        "hgemm_ws_sm90_tn",
        hgemm_ws_sm90::check,
        Some(hgemm_ws_sm90::tma_boxes),
        WS_SIZES,
        Half::F16,
    ),
    (
        "gemm_ws_sm90_tn_bf16",
        hgemm_ws_sm90::check,
        Some(hgemm_ws_sm90::tma_boxes),
        WS_SIZES,
        Half::Bf16,
    ),
];

/// A 16-bit TN GEMM ([`HGEMMS`]): C = A B^T, A `(M,K)` and B `(N,K)` k-major, C `(M,N)`
/// m-major, all `half_t` or all `bfloat16_t`; inputs `j/8` for integers `|j| <= 8` (exact in
/// both), checked against cuBLAS's SGEMM of the same values (the relative Frobenius error of
/// the 16-bit accumulation or result at most 1e-2).
fn hgemm_run(
    g: &mut Gpu,
    blas: &CudaBlas,
    o: &Opts,
    (name, check, tma, _, half): HgemmKernel,
    (m, n, k): (i32, i32, i32),
    time: bool,
) -> Result<(), Error> {
    if !o.wants(name) {
        return Ok(());
    }
    let (lda, ldb, ldc) = (k, k, m);
    let launch = check(m, n, k, lda, ldb, ldc)?;
    let f = g.function(name)?;
    f.set_attribute(
        cudarc::driver::sys::CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        launch.shared_bytes as i32,
    )?;
    let (mu, nu, ku) = (m as usize, n as usize, k as usize);
    let eighths = |len: usize, seed: u64| -> Vec<i32> {
        random(len, seed)
            .iter()
            .map(|v| (v * 8.0).round() as i32)
            .collect()
    };
    let (ia, ib) = (
        eighths(mu * ku, g.next_seed()),
        eighths(nu * ku, g.next_seed()),
    );
    let halves = |v: &[i32]| -> Vec<u16> { v.iter().map(|&j| half.eighth(j)).collect() };
    let floats = |v: &[i32]| v.iter().map(|&j| j as f32 / 8.0).collect::<Vec<f32>>();
    let a: CudaSlice<u16> = g.stream.clone_htod(&halves(&ia))?;
    let b: CudaSlice<u16> = g.stream.clone_htod(&halves(&ib))?;
    let c: CudaSlice<u16> = g.stream.clone_htod(&vec![half.nan(); mu * nu])?; // NaNs: beta = 0
    let (a32, b32) = (g.upload(&floats(&ia))?, g.upload(&floats(&ib))?);
    let mut r = g.upload(&vec![0f32; mu * nu])?;
    let addr16 = |d: &CudaSlice<u16>| d.device_ptr(&g.stream).0;
    let pa = gmem(
        addr16(&a),
        (mu * ku) as u64,
        &layout!((m, k):(lda, _1)),
        "A",
    )?;
    let pb = gmem(
        addr16(&b),
        (nu * ku) as u64,
        &layout!((n, k):(ldb, _1)),
        "B",
    )?;
    let pc = gmem(
        addr16(&c),
        (mu * nu) as u64,
        &layout!((m, n):(_1, ldc)),
        "C",
    )?;
    let (alpha, beta) = (1.0f32, 0.0f32);
    // The TMA kernels' tensor maps (kept alive while the kernel runs).
    let maps = if let Some(tma_boxes) = tma {
        let (box_a, box_b) = tma_boxes(m, n, k, lda, ldb)?;
        let (keep_a, map_a) = tma_map(&g.stream, &box_a, pa.addr)?;
        let (keep_b, map_b) = tma_map(&g.stream, &box_b, pb.addr)?;
        Some(((keep_a, keep_b), (map_a, map_b)))
    } else {
        None
    };
    let run = || -> Result<(), Error> {
        let mut bl = g.stream.launch_builder(&f);
        bl.arg(&m).arg(&n).arg(&k).arg(&alpha);
        match &maps {
            Some((_, (map_a, map_b))) => {
                bl.arg(map_a).arg(map_b);
            }
            None => {
                bl.arg(&pa).arg(&lda).arg(&pb).arg(&ldb);
            }
        }
        bl.arg(&beta).arg(&pc).arg(&ldc);
        // SAFETY: the kernel's arguments in its order; its problem checked by its `check`,
        // its tensors by `gmem`; its shared memory allowed above.
        unsafe { bl.launch(cfg(launch)) }?;
        Ok(())
    };
    run()?;
    let gc = GemmConfig {
        transa: cublasOperation_t::CUBLAS_OP_T,
        transb: cublasOperation_t::CUBLAS_OP_N,
        m,
        n,
        k,
        alpha,
        lda,
        ldb,
        beta,
        ldc,
    };
    // SAFETY: A, B and R hold the M*K, N*K and M*N floats the configuration describes.
    unsafe { blas.gemm(gc, &a32, &b32, &mut r) }?;
    let out: Vec<f32> = g
        .stream
        .clone_dtoh(&c)?
        .into_iter()
        .map(|h| half.value(h))
        .collect();
    let want = g.download(&r)?;
    gemm_verdict(g, o, name, (m, n, k), (&out, &want, 1e-2), time, run)
}

/// Launches that must be refused on the host, never reach the GPU.
fn refusals() -> Result<(), Error> {
    let cases: [(&str, Result<sgemm_1::Launch, cute_kernels::LaunchError>); 5] = [
        ("sgemm_1 M=1000", sgemm_1::check(Major::Nt, 1000, 128, 64)),
        ("sgemm_1 K=12", sgemm_1::check(Major::Tn, 128, 128, 12)),
        ("tiled_copy N=100", tiled_copy::check(128, 100)),
        ("transpose M=96", transpose::check(96, 64)),
        (
            "wgmma_sm90 ldA=100",
            wgmma_sm90::check(128, 128, 64, 100, 64, 128),
        ),
    ];
    for (what, r) in cases {
        match r {
            Err(e) => println!("REFUSED {what}: {e}"),
            Ok(_) => return Err(Error::Wrong(format!("{what} was not refused"))),
        }
    }
    // A k-major A whose rows (ldA = 4100 halves, 8200 bytes) TMA cannot stride.
    match wgmma_tma_sm90::tma_boxes(128, 128, 64, 4100, 64) {
        Err(e) => println!("REFUSED wgmma_tma_sm90 TMA box of ldA=4100: {e}"),
        Ok(_) => {
            return Err(Error::Wrong(
                "the TMA box of ldA=4100 was not refused".into(),
            ));
        }
    }
    Ok(())
}

fn main() {
    let o = match opts() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("cute-gpu-bench: {e}");
            std::process::exit(2)
        }
    };
    if let Err(e) = run(&o) {
        eprintln!("cute-gpu-bench: {e}");
        std::process::exit(1)
    }
}

fn run(o: &Opts) -> Result<(), Error> {
    let image = std::fs::read(&o.ptx).map_err(|e| Error::Cuda(format!("{}: {e}", o.ptx)))?;
    let ctx = CudaContext::new(0)?;
    let stream = ctx.default_stream();
    // A `.cubin` (the PTX compiled ahead of time by ptxas) is loaded as it is; PTX text is
    // compiled by the driver.
    let module = if o.ptx.ends_with(".cubin") {
        ctx.load_module(Ptx::from_binary(image))?
    } else {
        let text = String::from_utf8(image)
            .map_err(|e| Error::Cuda(format!("{}: not PTX text: {e}", o.ptx)))?;
        ctx.load_module(Ptx::from_src(text))?
    };
    let mut g = Gpu {
        ctx,
        stream: stream.clone(),
        module,
        seed: 0,
        entry_prefix: o.entry_prefix.clone(),
    };
    println!("DEVICE {}", g.ctx.name()?);
    refusals()?;
    let time = !o.check_only;
    let copy_sizes: &[(i32, i32)] = if o.small {
        &[(256, 512)]
    } else {
        &[(256, 512), (1024, 192), (8192, 8192)]
    };
    for &(m, n) in copy_sizes {
        let t = time && m == 8192;
        for name in ["copy_kernel", "copy_kernel_vectorized"] {
            if o.wants(name) {
                tiled_copy_run(&mut g, o, name, m, n, t)?;
            }
        }
    }
    let if_sizes: &[(i32, i32)] = if o.small {
        &[(528, 300)]
    } else {
        &[(528, 300), (1000, 999), (8190, 8190)]
    };
    for &(m, n) in if_sizes {
        if o.wants("copy_if_kernel") {
            tiled_copy_run(&mut g, o, "copy_if_kernel", m, n, time && m == 8190)?;
        }
    }
    let tr_sizes: &[(i32, i32)] = if o.small {
        &[(128, 64)]
    } else {
        &[(128, 64), (192, 1024), (8192, 8192)]
    };
    for &(m, n) in tr_sizes {
        if o.wants("transpose") {
            transpose_run(&mut g, o, m, n, time && m == 8192)?;
        }
    }
    for k in &ATOM_CHECKS {
        if o.wants(k.name) {
            mma_atoms_run(&mut g, k)?;
        }
    }
    if time && o.wants("device_copy") {
        device_copy(&mut g, o, 8192, 8192)?;
    }
    let blas = CudaBlas::new(stream)?;
    let gemm_sizes: &[(i32, i32, i32)] = if o.small {
        &[(256, 128, 64)]
    } else {
        &[(256, 128, 64), (384, 1024, 200), (4096, 4096, 4096)]
    };
    for kernel in HGEMMS {
        let sizes = if o.small { &kernel.3[..1] } else { kernel.3 };
        for &size in sizes {
            hgemm_run(&mut g, &blas, o, kernel, size, time && size.0 >= 4096)?;
        }
    }
    for &size in gemm_sizes {
        let t = time && size.0 == 4096;
        for kernel in [Sgemm::One, Sgemm::Two] {
            sgemm_run(&mut g, &blas, o, kernel, Major::Nt, size, t)?;
            sgemm_run(&mut g, &blas, o, kernel, Major::Tn, size, t)?;
        }
    }
    Ok(())
}
