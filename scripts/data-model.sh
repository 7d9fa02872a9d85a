#!/usr/bin/env bash
# Instructions per call (callgrind) of coalesce in cute-dynamic's data model and in the compact
# one of bench/src/bin/data-model.rs, static and dynamic inputs (issue 9, point 2; docs/bench.md,
# section 4). Each figure is (a run of CALLS calls - a run of 0 calls) / CALLS, so start-up and
# parsing do not count. The binary checks first that both give CuTe's result.
set -euo pipefail
cd "$(dirname "$0")/.."
CALLS=${CALLS:-100000}
cargo build -q --release -p cute-bench --bin data-model
bin=target/release/data-model
. scripts/callgrind-count.sh
count() { callgrind_count "$bin" "$@"; }
printf '%-14s %-8s %16s\n' model input 'instructions/call'
for model in cute-dynamic compact; do
    for input in static dynamic; do
        zero=$(count "$model" "$input" 0)
        many=$(count "$model" "$input" "$CALLS")
        printf '%-14s %-8s %16s\n' "$model" "$input" "$(( (many - zero) / CALLS ))"
    done
done
