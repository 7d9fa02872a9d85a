#!/usr/bin/env bash
# Issue 26, point 2: the bank-conflict probes (gpu/kernels/src/bank_probes.rs) under Nsight
# Compute, on the GPU machine. Each probe kernel executes exactly the shared-memory
# instructions cute_static::banks models; ncu counts the wavefronts the hardware needed
# (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld / _op_st; for the cp.async probes, whose
# LDGSTS writes shared memory, sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts)
# and the instructions executed (smsp__inst_executed_op_shared_ld / _st, _op_ldsm,
# _op_shared_stsm, _op_ldgsts), and the table puts them beside cute-static's prediction. Needs
# gpu/target/ptx (scripts/gpu-build.sh) and gpu/target/host/cute-bank-probes (cargo build
# --release -p cute-gpu-host, copied there).
#
# The cp.async probes' SASS is checked too (ptxas, cuobjdump): LDGSTS and no other
# shared-memory instruction (LDS, STS, LDSM, STSM, ATOMS) but ones predicated on `!PT`, never
# executed (ptxas puts three `@!PT LDS RZ, [RZ]` before each LDGSTS; OUT/sass.txt counts them
# as `off:LDS`).
#
#   bash scripts/gpu-banks.sh OUT     # writes OUT/device.txt, OUT/sass.txt, OUT/probes.txt, OUT/ncu.csv, OUT/banks.tsv
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/gpu-banks.sh OUT}
mkdir -p "$out"
bin=gpu/target/host/cute-bank-probes
ptx=gpu/target/ptx/cute_kernels.ptx
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ncu --version | tail -1; date -u; } > "$out/device.txt"
# The cp.async probes' shared-memory instructions in SASS, a line each: kernel, then opcode=count.
ptxas -arch=sm_90a "$ptx" -o "$out/probes.cubin"
cuobjdump -sass "$out/probes.cubin" | awk '
    /Function :/ { f = $NF }
    f ~ /^bank_cpa_/ && match($0, /\/\*[0-9a-f]+\*\/ +(@!?U?P[0-9T] +)?[A-Z0-9]+/) {
        s = substr($0, RSTART, RLENGTH); op = s; sub(/.* /, "", op)
        if (op ~ /^(LDS|STS|LDSM|STSM|ATOMS|LDGSTS)$/) n[f " " (s ~ /@!PT / ? "off:" : "") op]++
    }
    END { for (k in n) print k "=" n[k] }' | sort > "$out/sass.txt"
rm "$out/probes.cubin"
if grep -Ev ' (LDGSTS|off:[A-Z]+)=' "$out/sass.txt"; then
    echo "gpu-banks: a cp.async probe has a shared-memory instruction besides LDGSTS (above)" >&2
    exit 1
fi
if [ "$(grep -c ' LDGSTS=' "$out/sass.txt")" != "$(grep -c '^\.visible \.entry bank_cpa_' "$ptx")" ]; then
    echo "gpu-banks: not every cp.async probe has LDGSTS in its SASS ($out/sass.txt)" >&2
    exit 1
fi
# A plain run first: every probe launches and completes (a fault stops here).
"$bin" --ptx "$ptx" > "$out/probes.txt"
metrics=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics=$metrics,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum
metrics=$metrics,smsp__inst_executed_op_ldsm.sum,smsp__inst_executed_op_shared_stsm.sum
metrics=$metrics,sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum,smsp__inst_executed_op_ldgsts.sum
ncu --clock-control none --csv -k regex:^bank_ --metrics "$metrics" "$bin" --ptx "$ptx" > "$out/ncu.csv"
date -u >> "$out/device.txt"
python3 scripts/gpu-banks.py "$out/probes.txt" "$out/ncu.csv" > "$out/banks.tsv"
cat "$out/device.txt" "$out/sass.txt" "$out/banks.tsv"
