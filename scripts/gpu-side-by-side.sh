#!/usr/bin/env bash
# The Rust CuTe kernels beside their CuTe C++ twins, in one run on the GPU machine.
#
# Here (no GPU): scripts/gpu-build.sh (the PTX), `cargo build --release -p cute-gpu-host`
# (copy target/release/cute-gpu-bench to gpu/target/host/), scripts/gpu-cutlass.sh (CUTLASS's
# headers and tutorial). Then, on the GPU machine, from the repository root, carrying
# gpu/target:
#     bash scripts/gpu-side-by-side.sh [OUT_DIR]
# It builds the twins with nvcc (CUTLASS's own tutorial kernels, gpu/twins/*.cu), runs every
# kernel on both sides at the same sizes (5 repetitions each, the median reported; each Rust
# result checked against its reference first), counts each kernel's SASS (cuobjdump), runs the
# Rust kernels under compute-sanitizer (memcheck, racecheck), and prints the table
# (scripts/gpu-table.py), also written to OUT_DIR/table.md.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${1:-${OUT:-/tmp/gpu-side-by-side}}
mkdir -p "$out"
w=$(mktemp -d)
status=0
note() { echo "== $*" | tee -a "$out/run.log"; }

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee "$out/run.log"
mkdir -p "$w/cutlass" && tar -xzf gpu/target/cutlass.tar.gz -C "$w/cutlass"
lib=$(dirname "$(find /usr/local/cuda*/ /usr/lib/x86_64-linux-gnu /opt -name 'libcublas.so.1[0-9]*' 2>/dev/null | head -1)")
export LD_LIBRARY_PATH="${lib}:${LD_LIBRARY_PATH:-}"

note "building the CuTe C++ twins"
nvcc_flags=(-O3 -std=c++17 -arch=sm_90a --expt-relaxed-constexpr -I "$w/cutlass/include"
    -I "$w/cutlass/tools/util/include" -I "$w/cutlass/examples/cute/tutorial" -I gpu/twins)
twins=()
for t in gpu/twins/twin_*.cu; do
    b=$(basename "$t" .cu); b=${b#twin_}
    nvcc "${nvcc_flags[@]}" "$t" -o "$w/$b" >"$w/$b.build.log" 2>&1 &
    twins+=("$b")
done
wait
for b in "${twins[@]}"; do
    [ -x "$w/$b" ] || { echo "twin $b did not build:"; tail -30 "$w/$b.build.log"; status=1; }
    cat "$w/$b.build.log" >>"$out/build.log"
done

note "Rust kernels: checks and times"
bench=(gpu/target/host/cute-gpu-bench --ptx gpu/target/ptx/cute_kernels.ptx)
"${bench[@]}" 2>&1 | tee "$out/rust.log" || status=1

note "Rust kernels named cutlass_...: checks and times"
# ptxas schedules a kernel whose name contains "cutlass" by other heuristics; a C++ twin gets
# them where its template arguments name a cutlass:: type (its SASS line says cutlass=1).
gpu/target/host/cute-gpu-bench --ptx gpu/target/ptx/cute_kernels.cutlass-names.ptx \
    --entry-prefix cutlass_ --side rust-cutlass-name 2>&1 | tee "$out/rust-cutlass-name.log" || status=1

note "CuTe C++ twins: times"
{
    [ -x "$w/tiled_copy" ] && "$w/tiled_copy" 8192 8192
    [ -x "$w/tiled_copy_if" ] && "$w/tiled_copy_if" 8190 8190
    [ -x "$w/transpose" ] && "$w/transpose" 8192 8192
    [ -x "$w/sgemm_1" ] && "$w/sgemm_1" 4096 4096 4096
    [ -x "$w/sgemm_2" ] && "$w/sgemm_2" 4096 4096 4096
    [ -x "$w/sgemm_sm80" ] && "$w/sgemm_sm80" 4096 4096 4096
    [ -x "$w/wgmma_sm90" ] && "$w/wgmma_sm90" 4096 4096 4096
    [ -x "$w/wgmma_tma_sm90" ] && "$w/wgmma_tma_sm90" 4096 4096 4096
} 2>&1 | tee "$out/cpp.log"

note "cuBLAS (PyTorch's fp16 and bf16 matmul) for the kernels measured against it"
{
    python3 scripts/gpu-cublas.py hgemm_ws_sm90_tn half 4096x4096x4096 8192x8192x8192
    python3 scripts/gpu-cublas.py gemm_ws_sm90_tn_bf16 bfloat16 4096x4096x4096 8192x8192x8192
} 2>&1 | tee "$out/cublas.log"

note "SASS"
ptxas -arch=sm_90a -O3 gpu/target/ptx/cute_kernels.ptx -o "$w/rust.cubin" &&
    cuobjdump -sass "$w/rust.cubin" >"$w/rust.sass" &&
    python3 scripts/sass-loop.py rust "$w/rust.sass" | tee "$out/sass.log"
for b in "${twins[@]}"; do [ -x "$w/$b" ] && cuobjdump -sass "$w/$b" >"$w/$b.sass"; done
{
    python3 scripts/sass-loop.py cpp "$w/tiled_copy.sass" 'copy_kernel_vectorized=copy_kernel_vectorized' 'copy_kernel=copy_kernelI(?!.*TiledCopy)'
    python3 scripts/sass-loop.py cpp "$w/tiled_copy_if.sass" 'copy_if_kernel=copy_if_kernel'
    grep -h "Function :" "$w"/*.sass | sed 's/^/FUNC /'
    python3 scripts/sass-loop.py cpp "$w/transpose.sass" 'transpose=transpose_kernel'
    # The TN instantiations' A stride is (int, _1): `fNS1_IJiNS3_ILi1EEEEE` in the mangled name.
    tn='gemm_device.*?fNS1_IJiNS3_ILi1EEEEE' nt='gemm_device.*?fNS1_IJNS3_ILi1EEEiEEE'
    python3 scripts/sass-loop.py cpp "$w/sgemm_1.sass" "sgemm_1_tn=$tn" "sgemm_1_nt=$nt"
    python3 scripts/sass-loop.py cpp "$w/sgemm_2.sass" "sgemm_2_tn=$tn" "sgemm_2_nt=$nt"
    python3 scripts/sass-loop.py cpp "$w/sgemm_sm80.sass" "hgemm_sm80_tn=gemm_device"
    # Its TN instantiation: A's stride (int, _1) after the half_t element type.
    python3 scripts/sass-loop.py cpp "$w/wgmma_sm90.sass" 'wgmma_sm90_tn=gemm_device.*?half_tENS1_IJiNS3_ILi1EEEEE'
    python3 scripts/sass-loop.py cpp "$w/wgmma_tma_sm90.sass" 'wgmma_tma_sm90_tn=gemm_device.*?MajorE0E'
} 2>&1 | tee -a "$out/sass.log"

note "compute-sanitizer (Rust kernels, small sizes)"
for tool in memcheck racecheck synccheck; do
    compute-sanitizer --tool "$tool" --error-exitcode 9 "${bench[@]}" --check-only --small \
        >"$out/sanitizer-$tool.log" 2>&1
    rc=$?
    echo "compute-sanitizer --tool $tool: exit $rc; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/sanitizer-$tool.log" | tail -1)" | tee -a "$out/run.log"
    [ $rc -eq 0 ] || status=1
done

note "table"
python3 scripts/gpu-table.py "$out/rust.log" "$out/rust-cutlass-name.log" "$out/cpp.log" "$out/cublas.log" "$out/sass.log" | tee "$out/table.md"
rm -rf "$w"
exit $status
