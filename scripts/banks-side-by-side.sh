#!/usr/bin/env bash
# Issue 26, point 7 (its bank side): cute-dynamic's bank_conflicts against the tensor-layouts
# Python package's bank_conflicts (0.3.2, installed from PyPI into target/f2-venv) on the 73
# probes measured on the H100 (docs/data/banks-h100.tsv): their answers beside the measurement,
# and the speed ratio (median of 5 repetitions each, one run, this machine).
#   bash scripts/banks-side-by-side.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/tensor-layouts-venv.sh
cargo build -q --release -p cute-tests --bin bank-bench
rust=$(target/release/bank-bench docs/data/banks-h100.tsv target/bank-cases.jsonl)
echo "$rust"
"$venv/bin/python" scripts/banks-side-by-side.py target/bank-cases.jsonl "$rust"
