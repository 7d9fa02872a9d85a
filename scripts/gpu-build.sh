#!/usr/bin/env bash
# Builds the GPU kernels (gpu/kernels) to PTX for sm_90a (Hopper with its `wgmma`) with the nightly toolchain that
# gpu/rust-toolchain.toml names, and checks that the PTX stands alone (no unresolved function:
# everything a kernel calls must be inlined or generic, the PTX is one crate's assembly).
#   scripts/gpu-build.sh            -> gpu/target/ptx/cute_kernels.ptx
# The target's prebuilt core cannot be fetched, so core is built from rust-src
# (-Zbuild-std=core), and the target's default linker (llvm-bitcode-linker) is not available,
# so the kernels are an rlib whose assembly output (--emit=asm) is the PTX.
set -euo pipefail
cd "$(dirname "$0")/../gpu"
export CARGO_TERM_COLOR=never
# The toolchain file asks for rust-src; older rustups do not install components on demand.
rustup component add rust-src --toolchain nightly >/dev/null 2>&1 || true
# rustc writes the assembly only when it compiles the crate: clean it so that it does.
cargo +nightly clean -q -p cute-kernels --release --target nvptx64-nvidia-cuda
rm -f target/nvptx64-nvidia-cuda/release/deps/cute_kernels-*.s
cargo +nightly rustc -p cute-kernels --release -Zbuild-std=core \
    --target nvptx64-nvidia-cuda -- --emit=asm -C target-cpu=sm_90a \
    -C llvm-args=-unroll-threshold=4000
ptx=$(ls target/nvptx64-nvidia-cuda/release/deps/cute_kernels-*.s)
mkdir -p target/ptx
# CUDA's __launch_bounds__: `cute_gpu::launch_bounds!` leaves `// cute-gpu launch_bounds NAME
# MAX_THREADS MIN_BLOCKS` in the module (rustc has no attribute for them); each becomes
# `.maxntid` (and `.minnctapersm` unless 0) on the entry NAME, between its parameters and body.
awk '
    FNR == NR { if ($1 == "//" && $2 == "cute-gpu" && $3 == "launch_bounds") { t[$4] = $5; b[$4] = $6 } next }
    /^\.visible \.entry / { name = $3; sub(/\(.*/, "", name) }
    /^\{/ && (name in t) {
        print ".maxntid " t[name] ", 1, 1"
        if (b[name] > 0) print ".minnctapersm " b[name]
        done[name] = 1; name = ""
    }
    { print }
    END { for (k in t) if (!(k in done)) { print "gpu-build: launch_bounds names " k ", not a kernel of the PTX" > "/dev/stderr"; exit 1 } }
' "$ptx" "$ptx" >target/ptx/cute_kernels.ptx
# The same PTX with every kernel's name prefixed `cutlass_`: ptxas (CUDA 12.9 and 13.0) applies
# other scheduling heuristics to a kernel whose name contains "cutlass", which a CuTe C++ kernel
# gets when its template arguments name a `cutlass::` type (docs/gpu.md, "Kernel names");
# scripts/gpu-side-by-side.sh times the Rust kernels both ways.
names=$(grep '^\.visible \.entry' target/ptx/cute_kernels.ptx | sed 's/.*entry //; s/(.*//')
rename=()
for n in $names; do rename+=(-e "s/\b$n\b/cutlass_$n/g"); done
sed "${rename[@]}" target/ptx/cute_kernels.ptx >target/ptx/cute_kernels.cutlass-names.ptx
if grep -n '^\.extern \.func' target/ptx/cute_kernels.ptx; then
    echo "gpu-build: the PTX calls functions it does not define (above): a kernel reaches a" >&2
    echo "non-inline function of another crate (often a panic path)" >&2
    exit 1
fi
echo "gpu-build: $(grep -c '^\.visible \.entry' target/ptx/cute_kernels.ptx) kernels in gpu/target/ptx/cute_kernels.ptx:" \
    $(grep '^\.visible \.entry' target/ptx/cute_kernels.ptx | sed 's/.*entry //; s/(.*//')
