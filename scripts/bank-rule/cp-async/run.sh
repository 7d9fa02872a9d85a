#!/usr/bin/env bash
# cp.async's shared-memory wavefronts against its shared and global addresses (issue 26: the
# part of the bank model left open, docs/banks.md). On the GPU machine: one warp, one cp.async
# a launch (.cg 16 bytes; .ca 16, 8, 4), each lane's shared destination and global source
# byte offsets from gen.py's patterns; Nsight Compute's LDGSTS shared wavefronts.
#   bash scripts/bank-rule/cp-async/run.sh OUT    # OUT/cpa.csv
set -euo pipefail
cd "$(dirname "$0")"
out=${1:?usage: run.sh OUT}
mkdir -p "$out"
python3 gen.py "$out/cases.txt"
nvcc -O3 -arch=sm_90a cpa.cu -o "$out/cpa"
ncu --clock-control none --csv --metrics sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum \
    "$out/cpa" "$out/cases.txt" > "$out/cpa.csv"
