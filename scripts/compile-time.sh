#!/usr/bin/env bash
# Wall time of compiling cute-static's static conformance suite (tests/tests/static_conformance.rs,
# one compiled case per accepted all-static vector) and of the rank-16/32 regression tests, with
# everything else already built. Prints seconds and milliseconds per case.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_INCREMENTAL=0
cargo test -q -p cute-tests --no-run >/dev/null 2>&1
cases=$(grep -c 'assert_eq!(' tests/tests/static_conformance.rs)
measure() {
    touch "$1"
    local start end
    start=$(date +%s.%N)
    cargo test -q -p cute-tests --test "$2" --no-run >/dev/null 2>&1
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", e - s }'
}
t=$(measure tests/tests/static_conformance.rs static_conformance)
printf 'static_conformance: %s cases, %s s, %.1f ms per case\n' "$cases" "$t" "$(awk -v t="$t" -v n="$cases" 'BEGIN { print 1000 * t / n }')"
printf 'compile_time_ranks (rank 16 and 32): %s s\n' "$(measure tests/tests/compile_time_ranks.rs compile_time_ranks)"
