//! Launches every bank-conflict probe of `cute_kernels::bank_probes` once (one block, its
//! access's threads), for Nsight Compute to count the shared-memory wavefronts, and prints
//! cute-static's prediction for each, a tab-separated line:
//!
//! ```text
//! cute-bank-probes [--ptx gpu/target/ptx/cute_kernels.ptx] [--only NAME]
//! PROBE name=bank_rm_col32_ld op=ld.shared.32 bits=32 threads=32 instructions=32 predicted=1024 ideal=32 smem=(_32,_32):(_32,_1) tv=(_32,_32):(_1,_32)
//! PROBE name=bank_cpa_rm_col32_ca op=cp.async.ca.32 bits=32 threads=32 instructions=32 predicted=1024 ideal=32 smem=(_32,_32):(_32,_1) tv=(_32,_32):(_1,_32) gmem=(_32,_32):(_32,_1)
//! ```
//!
//! A `cp.async` probe (`CP_ASYNC_CASES`) is given a zeroed global buffer of the bytes its global
//! layout reaches (a cudarc allocation: 256-byte aligned, so the model's 128-byte-aligned
//! tile start holds). `scripts/gpu-banks.sh` runs it under `ncu` and puts the counters beside
//! these lines.

use cudarc::driver::{CudaContext, CudaFunction, DevicePtr, LaunchConfig, PushKernelArg};
use cudarc::nvrtc::Ptx;
use cute_gpu_host::{Error, KernelPtr};
use cute_kernels::bank_probes::{CASES, CP_ASYNC_CASES, Text};
use cute_static::banks::BankConflicts;

/// One block of `threads` threads with `smem_bytes` of dynamic shared memory (rounded up to
/// 128 bytes; the kernel's limit raised past 48 KiB).
fn config(f: &CudaFunction, threads: u32, smem_bytes: u32) -> Result<LaunchConfig, Error> {
    let shared = smem_bytes.div_ceil(128) * 128;
    if shared > 48 * 1024 {
        f.set_attribute(
            cudarc::driver::sys::CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            shared as i32,
        )?;
    }
    Ok(LaunchConfig {
        grid_dim: (1, 1, 1),
        block_dim: (threads, 1, 1),
        shared_mem_bytes: shared,
    })
}

fn run(ptx: &str, only: Option<&str>) -> Result<(), Error> {
    let text = std::fs::read_to_string(ptx).map_err(|e| Error::Cuda(format!("{ptx}: {e}")))?;
    let ctx = CudaContext::new(0)?;
    let stream = ctx.default_stream();
    let module = ctx.load_module(Ptx::from_src(text))?;
    println!("DEVICE {}", ctx.name()?);
    for c in CASES
        .iter()
        .filter(|c| only.is_none_or(|s| c.name.contains(s)))
    {
        let f = module.load_function(c.name)?;
        let cfg = config(&f, c.block_threads(), c.smem_bytes)?;
        let b = stream.launch_builder(&f);
        // SAFETY: the probes take no arguments; each touches only the dynamic shared memory
        // its layout reaches (`smem_bytes`, given here) and traps past it.
        unsafe { { b }.launch(cfg) }?;
        stream.synchronize()?;
        println!(
            "{}",
            probe_line(c.name, &c.op, c.bits, &c.predicted, c.smem, c.tv)
        );
    }
    for c in CP_ASYNC_CASES
        .iter()
        .filter(|c| only.is_none_or(|s| c.name.contains(s)))
    {
        let f = module.load_function(c.name)?;
        let cfg = config(&f, c.block_threads(), c.smem_bytes)?;
        let len = c.gmem_bytes.div_ceil(128) * 128;
        let buf = stream.alloc_zeros::<u8>(len as usize)?;
        let addr = buf.device_ptr(&stream).0;
        if addr % 128 != 0 {
            return Err(Error::Cuda(format!(
                "{}: the global buffer at {addr:#x} is not 128-byte aligned",
                c.name
            )));
        }
        let src = KernelPtr {
            addr,
            len: u64::from(len),
        };
        let mut b = stream.launch_builder(&f);
        b.arg(&src);
        // SAFETY: the probe's one parameter is a `GmemPtr<u8>` (`KernelPtr`'s layout) to `len`
        // bytes of `buf`, alive until the synchronization below; the kernel copies from no
        // other global bytes and touches only the dynamic shared memory its shared layout
        // reaches (`smem_bytes`, given here), and traps past either.
        unsafe { b.launch(cfg) }?;
        stream.synchronize()?;
        let line = probe_line(c.name, &c.op, c.bits, &c.predicted, c.smem, c.tv);
        println!("{line}\tgmem={}", Text(c.gmem));
    }
    Ok(())
}

/// A probe's line of the table `scripts/gpu-banks.py` reads: its name, instruction, width,
/// prediction and layouts.
fn probe_line(
    name: &str,
    op: &dyn std::fmt::Display,
    bits: u32,
    p: &BankConflicts,
    smem: fn(&mut std::fmt::Formatter<'_>) -> std::fmt::Result,
    tv: fn(&mut std::fmt::Formatter<'_>) -> std::fmt::Result,
) -> String {
    format!(
        "PROBE\tname={name}\top={op}\tbits={bits}\tthreads={}\tinstructions={}\tpredicted={}\tideal={}\tsmem={}\ttv={}",
        p.threads,
        p.instructions,
        p.wavefronts,
        p.ideal,
        Text(smem),
        Text(tv),
    )
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut ptx, mut only) = ("gpu/target/ptx/cute_kernels.ptx".to_string(), None);
    while let Some(a) = args.next() {
        match (a.as_str(), args.next()) {
            ("--ptx", Some(p)) => ptx = p,
            ("--only", Some(s)) => only = Some(s),
            _ => {
                eprintln!("usage: cute-bank-probes [--ptx PTX] [--only NAME]");
                std::process::exit(2)
            }
        }
    }
    if let Err(e) = run(&ptx, only.as_deref()) {
        eprintln!("error: {e}");
        std::process::exit(1)
    }
}
