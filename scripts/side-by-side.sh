#!/usr/bin/env bash
# Side-by-side benchmark (issue 9, point 1): pycute, CuTe C++ and cute-dynamic on the same
# inputs, the accepted `static` records of tests/data/cute-vectors.jsonl for coalesce,
# composition, complement, right_inverse, left_inverse, logical_divide, logical_product,
# zipped_divide and evaluation at one index. Prints ns per call of each, the ratios and their
# geometric means over the ops (bench/side_by_side.py says how; docs/bench.md has the figures).
#
#   scripts/side-by-side.sh [--target-ms F] [--samples N] [--no-static-cpp] ...
#
# Needs python3 with pip, g++ and cargo; the CuTe headers and pycute come from the
# nvidia-cutlass 4.2.0.0 wheel, fetched by ../shared/oracle/setup.sh into its cache
# ($CUTE_ORACLE_CACHE, default /tmp/cute-oracle-cache) on the first run. Work files go to
# $BENCH_DIR (default: a new temporary directory, kept; its path is printed).
set -euo pipefail
cd "$(dirname "$0")/.."
ORACLE=${ORACLE:-../shared/oracle}
INC=$(bash "$ORACLE/setup.sh")
CACHE=${CUTE_ORACLE_CACHE:-/tmp/cute-oracle-cache}
WORK=${BENCH_DIR:-$(mktemp -d -t side-by-side.XXXXXX)}
echo "work files: $WORK" >&2
cargo build --release -q -p cute-bench --bin side-by-side
python3 bench/side_by_side.py --rust-bin target/release/side-by-side \
    --vectors tests/data/cute-vectors.jsonl --inc "$INC" --pycute-dir "$CACHE/x" \
    --workdir "$WORK" "$@"
