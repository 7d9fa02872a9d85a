#!/usr/bin/env bash
# Issue 26, point 7 (its F2 side): cute-dynamic's F2 matrices against the tensor-layouts Python
# package's `to_F2_matrix` (0.3.2, installed from PyPI into target/f2-venv), on every F2-linear
# layout with power-of-two shapes of the vector files: the same matrices, and the speed ratio
# (median of 5 repetitions each, one run, this machine).
#   bash scripts/f2-side-by-side.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/tensor-layouts-venv.sh
cargo build -q --release -p cute-tests --bin f2-bench
rust=$(target/release/f2-bench target/f2-layouts.jsonl)
echo "$rust"
"$venv/bin/python" scripts/f2-side-by-side.py target/f2-layouts.jsonl "$rust"
