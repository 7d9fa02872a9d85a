#!/usr/bin/env bash
# Issue 26, point 2: the bank-conflict probes (gpu/kernels/src/bank_probes.rs) under Nsight
# Compute, on the GPU machine. Each probe kernel executes exactly the shared-memory
# instructions cute_static::banks models; ncu counts the wavefronts the hardware needed
# (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld / _op_st) and the instructions executed
# (smsp__inst_executed_op_shared_ld / _st, _op_ldsm, _op_shared_stsm), and the table puts
# them beside cute-static's prediction. Needs gpu/target/ptx (scripts/gpu-build.sh) and
# gpu/target/host/cute-bank-probes (cargo build --release -p cute-gpu-host, copied there).
#
#   bash scripts/gpu-banks.sh OUT     # writes OUT/probes.txt, OUT/ncu.csv, OUT/banks.tsv
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/gpu-banks.sh OUT}
mkdir -p "$out"
bin=gpu/target/host/cute-bank-probes
ptx=gpu/target/ptx/cute_kernels.ptx
# A plain run first: every probe launches and completes (a fault stops here).
"$bin" --ptx "$ptx" > "$out/probes.txt"
metrics=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics=$metrics,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum
metrics=$metrics,smsp__inst_executed_op_ldsm.sum,smsp__inst_executed_op_shared_stsm.sum
ncu --clock-control none --csv -k regex:^bank_ --metrics "$metrics" "$bin" --ptx "$ptx" > "$out/ncu.csv"
python3 scripts/gpu-banks.py "$out/probes.txt" "$out/ncu.csv" > "$out/banks.tsv"
cat "$out/banks.tsv"
