"""Puts Nsight Compute's counts of the bank-conflict probes (ncu --csv) beside cute-static's
predictions (cute-bank-probes' PROBE lines): one tab-separated row a probe, the cp.async
probes' global layout in the last column ("-" for the others). Exit status 1 if any
prediction differs from the measurement, or a cp.async probe shows shared-memory work besides
its LDGSTS: a load or store wavefront, or an STS, LDSM or STSM executed. (Its LDS count is
not used: ptxas puts three `@!PT LDS RZ, [RZ]` before each LDGSTS, predicated off, which
smsp__inst_executed_op_shared_ld counts as executed though they touch no shared memory; the
load wavefronts are 0, and gpu-banks.sh checks the SASS for any other LDS.) Used by
scripts/gpu-banks.sh."""
import csv
import sys

probes, ncu = sys.argv[1], sys.argv[2]
cases = []
for line in open(probes):
    if line.startswith("PROBE\t"):
        fields = dict(f.split("=", 1) for f in line.rstrip("\n").split("\t")[1:])
        cases.append(fields)
rows = list(csv.reader(l for l in open(ncu) if l.startswith('"')))
head = rows[0]
name, metric, value = head.index("Kernel Name"), head.index("Metric Name"), head.index("Metric Value")
measured = {}
for r in rows[1:]:
    measured.setdefault(r[name], {})[r[metric]] = int(float(r[value].replace(",", "")))
print("\t".join(["case", "op", "bits", "smem", "tv", "instructions", "ncu instructions",
                 "predicted wavefronts", "ncu wavefronts", "ideal", "equal", "gmem"]))
# Shared-memory work other than LDGSTS's: a cp.async probe has none.
OTHER = ["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
         "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
         "smsp__inst_executed_op_shared_st.sum", "smsp__inst_executed_op_ldsm.sum",
         "smsp__inst_executed_op_shared_stsm.sum"]
bad = 0
for c in cases:
    m = measured.get(c["name"], {})
    other = 0
    if c["op"].startswith("cp.async"):
        wf = m.get("sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum")
        ins = m.get("smsp__inst_executed_op_ldgsts.sum")
        other = sum(m.get(k, 1) for k in OTHER)
        if other:
            print(f"# {c['name']}: shared-memory work besides LDGSTS: "
                  + ", ".join(f"{k} {m.get(k)}" for k in OTHER), file=sys.stderr)
    else:
        load = c["op"].startswith(("ld.", "ldmatrix"))
        wf = m.get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" + ("ld" if load else "st") + ".sum")
        if c["op"].startswith("ldmatrix"):
            ins = m.get("smsp__inst_executed_op_ldsm.sum")
        elif c["op"].startswith("stmatrix"):
            ins = m.get("smsp__inst_executed_op_shared_stsm.sum")
        else:
            ins = m.get("smsp__inst_executed_op_shared_" + ("ld" if load else "st") + ".sum")
    ok = wf == int(c["predicted"]) and ins == int(c["instructions"]) and other == 0
    bad += not ok
    print("\t".join([c["name"], c["op"], c["bits"], c["smem"], c["tv"], c["instructions"], str(ins),
                     c["predicted"], str(wf), c["ideal"], "yes" if ok else "NO",
                     c.get("gmem", "-")]))
print(f"# {len(cases) - bad} of {len(cases)} probes: predicted = measured", file=sys.stderr)
sys.exit(1 if bad else 0)
