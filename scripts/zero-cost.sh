#!/usr/bin/env bash
# Instruction counts (callgrind) of the same loop over a cute-static layout and over the
# hand-written index arithmetic (cute-static/examples/zero_cost.rs). Each count is the whole run
# of the example for one loop minus a run that calls no loop (start-up and argument parsing), so
# it also holds when LLVM merges a pair into one function because their code is identical.
# Prints one line per pair with the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-100000}
cargo build -q --release -p cute-static --example zero_cost
bin=target/release/examples/zero_cost
"$bin" check >/dev/null   # the loops agree
count() {
    local out
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" "$1" "$N" >/dev/null 2>&1
    callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }'
    rm -f "$out"
}
base=$(count baseline)
printf '%-14s %14s %14s %8s\n' loop cute-static hand-written ratio
for pair in row_major hierarchical divided zipped gemm composed swizzled; do
    s=$(( $(count "static_$pair") - base ))
    h=$(( $(count "hand_$pair") - base ))
    printf '%-14s %14s %14s %8s\n' "$pair" "$s" "$h" "$(awk -v s="$s" -v h="$h" 'BEGIN { printf "%.4f", s / h }')"
done
