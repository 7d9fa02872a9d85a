#!/usr/bin/env bash
# Instructions per call (callgrind) of cute-dynamic's nine benchmarked operations on the records
# the side-by-side benchmark uses, static and dynamic forms (issue 9, point 2; docs/bench.md,
# section 4). Each figure is (a run of ROUNDS rounds - a run of 0) / (ROUNDS * records), so
# start-up and parsing do not count. Unlike times, these counts do not move with the machine's
# load.
#
#   scripts/op-instructions.sh [OP ...]       # default: all nine and call_plan; ROUNDS=20
#   BY_ALGEBRA=1 scripts/op-instructions.sh coalesce composition complement right_inverse \
#       left_inverse logical_divide logical_product zipped_divide
#                                              # the same records through cute-static's algorithm
#                                              # (cute_dynamic::one_algebra; issue 23, point 1)
#   scripts/op-instructions.sh filter filter_zeros complement1 nullspace coalesce_profile
#                                              # the ops outside the side-by-side table that it
#                                              # also counts (cute_bench::MORE_OPS)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-20}
VECTORS=tests/data/cute-vectors.jsonl
cargo build -q --release -p cute-bench --bin op-instructions
bin=target/release/op-instructions
. scripts/callgrind-count.sh
count() { callgrind_count "$bin" "$VECTORS" "$@"; }
ops=("$@")
[ ${#ops[@]} -gt 0 ] || ops=(coalesce composition complement right_inverse left_inverse logical_divide logical_product zipped_divide call call_plan)
printf '%-16s %8s %12s %12s %8s\n' op records static dynamic 'dyn/st'
for op in "${ops[@]}"; do
    n=$("$bin" "$VECTORS" "$op" static 0)
    row=()
    for form in static dynamic; do
        zero=$(count "$op" "$form" 0)
        many=$(count "$op" "$form" "$ROUNDS")
        row+=("$(( (many - zero) / (ROUNDS * n) ))")
    done
    printf '%-16s %8s %12s %12s %8s\n' "$op" "$n" "${row[0]}" "${row[1]}" \
        "$(awk -v a="${row[0]}" -v b="${row[1]}" 'BEGIN { printf "%.2f", b / a }')"
done
