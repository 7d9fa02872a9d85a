#!/usr/bin/env bash
# Record CuTe C++'s results for the negative-value cases (scripts/negative-cases.txt) into
# tests/data/negative-vectors.jsonl, with the oracle of ../shared/oracle (g++ and CuTe's headers,
# fetched from the package index by its setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
ORACLE=../shared/oracle
out=tests/data/negative-vectors.jsonl
python3 "$ORACLE/gen.py" --per-op 0 --handcrafted negative \
    --handcrafted-file scripts/negative-cases.txt --out "$out"
python3 "$ORACLE/annotate_unchecked.py" "$out"
wc -l "$out"
