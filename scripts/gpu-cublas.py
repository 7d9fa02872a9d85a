#!/usr/bin/env python3
"""cuBLAS's fp16 or bf16 GEMM (through PyTorch, on the GPU machine) at the sizes of the Rust
kernels that are measured against it, timed as cute-gpu-bench times (median of 5 repetitions,
each a batch of launches of about 20 ms between two CUDA events, after a warm-up).

    gpu-cublas.py KERNEL {half|bfloat16} MxNxK...

Prints `RESULT side=cublas kernel=KERNEL size=MxNxK unit=TFLOP/s median=... reps=...` for
C (M,N) = A (M,K) B (N,K)^T, A and B k-major, all of the type (cuBLAS accumulates in float).
"""
import sys

import torch


def time_ms(fn, reps=5):
    fn()
    torch.cuda.synchronize()
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    stop.record()
    torch.cuda.synchronize()
    batch = max(1, int(20.0 / max(start.elapsed_time(stop), 1e-3)))
    out = []
    for _ in range(reps):
        start.record()
        for _ in range(batch):
            fn()
        stop.record()
        torch.cuda.synchronize()
        out.append(start.elapsed_time(stop) / batch)
    return out


def main():
    kernel, dtype = sys.argv[1], getattr(torch, sys.argv[2])
    for size in sys.argv[3:]:
        m, n, k = (int(x) for x in size.split("x"))
        a = torch.randn(m, k, device="cuda", dtype=dtype)
        b = torch.randn(n, k, device="cuda", dtype=dtype)
        c = torch.empty(m, n, device="cuda", dtype=dtype)
        reps = time_ms(lambda: torch.matmul(a, b.t(), out=c))
        tflops = [2.0 * m * n * k / (t * 1e-3) / 1e12 for t in reps]
        med = sorted(tflops)[len(tflops) // 2]
        print(f"RESULT side=cublas kernel={kernel} size={size} unit=TFLOP/s median={med:.1f} "
              f"reps={','.join(f'{t:.1f}' for t in tflops)}")


if __name__ == "__main__":
    main()
