#!/usr/bin/env bash
# Instructions per call (callgrind) of cute-static's const algebra run at run time (issue 23,
# points 1 and 5): cute-static's `.checked()` on mixed layouts (the operation's checks and its
# static twin, the algebra on the operands' values), and cute-dynamic's layouts of coordinates
# (identity layouts: the algebra run eagerly, and its static twin where a value is dynamic).
# Each figure is (a run of ROUNDS calls - a run of 0) / ROUNDS, so start-up does not count;
# counts do not move with the machine's load.
#
#   scripts/algebra-instructions.sh [OP ...]     # default: every case; ROUNDS=200
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-200}
cargo build -q --release -p cute-bench --bin algebra-instructions
bin=target/release/algebra-instructions
. scripts/callgrind-count.sh
count() { callgrind_count "$bin" "$@"; }
ops=("$@")
[ ${#ops[@]} -gt 0 ] || ops=(composition complement logical_divide zipped_divide logical_product
    plain_composition eager_plain_composition one_algebra_composition identity_composition
    identity_zipped_divide)
printf '%-24s %12s\n' op 'instr/call'
for op in "${ops[@]}"; do
    zero=$(count "$op" 0)
    many=$(count "$op" "$ROUNDS")
    printf '%-24s %12s\n' "$op" "$(( (many - zero) / ROUNDS ))"
done
