#!/usr/bin/env bash
# Issue 24: composition is `A o B` or an error (CUTLASS #3177), exhausted on small layouts in
# both crates (tests/tests/composition_exact.rs) with the wide bounds: ranks 1 and 2, shapes 1..6,
# A's strides 0..8, B's strides -2..8, every pair with static values and again all dynamic
# through cute-dynamic, and the rank-2 pairs through cute-static at run time. Prints the counts.
# About 13 million pairs; a few minutes in release.
set -euo pipefail
cd "$(dirname "$0")/.."
CUTE_EXHAUST=wide cargo test --release -q -p cute-tests --test composition_exact -- --nocapture \
    --test-threads 1 2>&1 | grep -oE "cute-dynamic: Tally.*|cute-static at run time: .*|test result.*"
