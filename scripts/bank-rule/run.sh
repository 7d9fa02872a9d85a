#!/usr/bin/env bash
# Issue 26: the measurements the bank-conflict rule of cute_static::banks was fitted to and is
# tested against (tests/data/bank-rule-h100.txt). On the GPU machine: builds probe.cu (one warp,
# one shared-memory instruction a launch, at the lanes' byte addresses of each case of
# gen.py), runs every case under Nsight Compute and writes OUT/bank-rule-h100.txt.
#
#   bash scripts/bank-rule/run.sh OUT
set -euo pipefail
cd "$(dirname "$0")"
out=${1:?usage: scripts/bank-rule/run.sh OUT}
mkdir -p "$out"
python3 gen.py "$out/cases.txt"
nvcc -O3 -std=c++17 -arch=sm_90a probe.cu -o "$out/probe"
ncu --clock-control none --csv \
    --metrics l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum \
    "$out/probe" "$out/cases.txt" > "$out/ncu.csv"
python3 to_data.py "$out/cases.txt" "$out/ncu.csv" > "$out/bank-rule-h100.txt"
