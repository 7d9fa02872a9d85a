"""tests/data/bank-rule-h100.txt from the probe's cases and ncu's CSV (launch n: case n)."""
import csv
import sys

KINDS = "LD4 LD8 LD16 ST4 ST8 ST16 LDSM1 LDSM2 LDSM4 LDSM1T LDSM2T LDSM4T STSM1 STSM2 STSM4".split()
NAMES = dict(LD4="ld.shared.32", LD8="ld.shared.64", LD16="ld.shared.128", ST4="st.shared.32",
             ST8="st.shared.64", ST16="st.shared.128", LDSM1="ldmatrix.x1", LDSM2="ldmatrix.x2",
             LDSM4="ldmatrix.x4", LDSM1T="ldmatrix.x1.trans", LDSM2T="ldmatrix.x2.trans",
             LDSM4T="ldmatrix.x4.trans", STSM1="stmatrix.x1", STSM2="stmatrix.x2", STSM4="stmatrix.x4")
cases = [line.split() for line in open(sys.argv[1])]
rows = list(csv.reader(l for l in open(sys.argv[2]) if l.startswith('"')))
h = rows[0]
iid, im, iv = h.index("ID"), h.index("Metric Name"), h.index("Metric Value")
meas = {}
for r in rows[1:]:
    meas.setdefault(int(r[iid]), {})[r[im]] = int(float(r[iv].replace(",", "")))
print("# Nsight Compute's shared-memory wavefronts for one warp instruction, on an NVIDIA H100 80GB HBM3")
print("# (ncu 2025.3.1, driver 580.159.04, 2026-11-27): l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum for")
print("# loads, _op_st.sum for stores, each instruction alone in its kernel (one warp). A line: the case,")
print("# the instruction, the wavefronts measured, then the 32 lanes' byte addresses ('-': an inactive lane).")
for i, (name, kind, _n, *addr) in enumerate(cases):
    k = KINDS[int(kind)]
    m = meas[i]["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" + ("st" if k.startswith("ST") else "ld") + ".sum"]
    lanes = ["-" if a == "4294967295" else a for a in addr]
    print(name, NAMES[k], m, *lanes)
