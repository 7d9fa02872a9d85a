#!/usr/bin/env bash
# Instruction counts (callgrind) of the same loop over a cute-static layout and over the
# hand-written index arithmetic (cute-static/examples/zero_cost.rs), and of the kernels written
# with cute-static against the same kernels with hand-written index arithmetic
# (cute-static/examples/gemm.rs, transpose.rs). Each count is the whole run
# of the example for one loop minus a run that calls no loop (start-up and argument parsing), so
# it also holds when LLVM merges a pair into one function because their code is identical.
# Prints one line per pair with the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-100000}
cargo build -q --release -p cute-static --example zero_cost
bin=target/release/examples/zero_cost
"$bin" check >/dev/null   # the loops agree
. scripts/callgrind-count.sh
count() { callgrind_count "$@"; }
ratio() {
    awk -v s="$1" -v h="$2" 'BEGIN { printf "%.4f", s / h }'
}
base=$(count "$bin" baseline)
printf '%-14s %14s %14s %8s\n' loop cute-static hand-written ratio
for pair in row_major hierarchical divided zipped gemm composed swizzled; do
    s=$(( $(count "$bin" "static_$pair") - base ))
    h=$(( $(count "$bin" "hand_$pair") - base ))
    printf '%-14s %14s %14s %8s\n' "$pair" "$s" "$h" "$(ratio "$s" "$h")"
done

# The kernels of cute-static/examples (each checks itself against its naive loop first): the
# whole kernel on a run-time problem size, minus a run that only builds the inputs.
SIZE=${SIZE:-64}
for kernel in gemm transpose; do
    cargo build -q --release -p cute-static --example "$kernel"
    kbin=target/release/examples/$kernel
    "$kbin" check >/dev/null
    kbase=$(count "$kbin" baseline "$SIZE")
    s=$(( $(count "$kbin" cute "$SIZE") - kbase ))
    h=$(( $(count "$kbin" hand "$SIZE") - kbase ))
    printf '%-14s %14s %14s %8s\n' "$kernel kernel" "$s" "$h" "$(ratio "$s" "$h")"
done
