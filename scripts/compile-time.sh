#!/usr/bin/env bash
# Wall time of compiling cute-static's generated suites, one at a time, with everything else
# already built: the static conformance suite (tests/tests/static_conformance.rs, one compiled
# case per accepted all-static vector), the mixed conformance suite (mixed_conformance.rs, the
# dynamic and mixed vectors), the random mixed agreement (mixed_agreement_1.rs to _3.rs, each
# timed) and the static extension suite (static_ext_conformance.rs: swizzles, composed
# layouts, tensors, atoms); the rank-16/32 regression tests; and the GPU kernels' host build
# (gpu/kernels for gpu/host's tests, which evaluates the bank probes' predictions and the TMA
# tiles while compiling). Prints seconds and milliseconds per case.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_INCREMENTAL=0
cargo test -q -p cute-tests --no-run >/dev/null 2>&1
cargo build -q --profile test -p cute-kernels >/dev/null 2>&1
measure() {
    touch "$1"
    local start end
    start=$(date +%s.%N)
    cargo test -q -p cute-tests --test "$2" --no-run >/dev/null 2>&1
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", e - s }'
}
suite() { # name, pattern counting its cases
    local cases t
    cases=$(grep -c "$2" "tests/tests/$1.rs")
    t=$(measure "tests/tests/$1.rs" "$1")
    printf '%s: %s cases, %s s, %.1f ms per case\n' "$1" "$cases" "$t" "$(awk -v t="$t" -v n="$cases" 'BEGIN { print 1000 * t / n }')"
}
suite static_conformance 'assert_eq!('
suite mixed_conformance '\.checked()'
suite mixed_agreement_1 '\.checked()'
suite mixed_agreement_2 '\.checked()'
suite mixed_agreement_3 '\.checked()'
suite static_ext_conformance 'assert_eq!('
printf 'compile_time_ranks (rank 16 and 32): %s s\n' "$(measure tests/tests/compile_time_ranks.rs compile_time_ranks)"
touch gpu/kernels/src/lib.rs
start=$(date +%s.%N)
cargo build -q --profile test -p cute-kernels >/dev/null 2>&1
printf 'cute-kernels (host, test profile): %s s\n' "$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')"
