#!/usr/bin/env bash
# cp.async, second round (issue 26): gen2.py's cases, one warp a launch with a mask of active
# lanes, Nsight Compute's LDGSTS shared wavefronts. On the GPU machine:
#   bash scripts/bank-rule/cp-async/run2.sh OUT [SECONDS]   # OUT/cpa2.csv, OUT/names.txt
# Also tries one launch of 132 blocks (one a multiprocessor) with per-instance values (OUT/inst*).
# Run once (2026-11-27): the .cg rows read 0 (see cpa2.cu); run3.sh superseded it. Its .ca rows
# are in docs/data/cp-async-h100-2.txt.
set -uo pipefail
cd "$(dirname "$0")"
out=${1:?usage: run2.sh OUT [SECONDS]}
lim=${2:-170}
mkdir -p "$out"
python3 gen2.py "$out/cases2.txt"
nvcc -O3 -arch=sm_90a cpa2.cu -o /tmp/cpa2 || exit 1
M=sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt"
ncu --version >> "$out/device.txt"
date -u >> "$out/device.txt"
grep ' 0 ' "$out/cases2.txt" | grep '^P_' | head -132 > /tmp/inst.txt
timeout 60 ncu --clock-control none --csv --print-metric-instances values \
  --metrics $M,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum \
  /tmp/cpa2 /tmp/inst.txt "$out/inst_names.txt" 10 inst 132 > "$out/inst.csv" 2>&1
echo "inst rc=$?"
SECONDS=0
timeout $((lim + 90)) ncu --clock-control none --csv --metrics $M \
  /tmp/cpa2 "$out/cases2.txt" "$out/names.txt" "$lim" > "$out/cpa2.csv" 2> "$out/cpa2.err"
echo "main rc=$? in ${SECONDS}s"
tail -3 "$out/cpa2.err"
date -u >> "$out/device.txt"
