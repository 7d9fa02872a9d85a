"""Puts Nsight Compute's counts of the bank-conflict probes (ncu --csv) beside cute-static's
predictions (cute-bank-probes' PROBE lines): one tab-separated row a probe. Exit status 1 if
any prediction differs from the measurement. Used by scripts/gpu-banks.sh."""
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
                 "predicted wavefronts", "ncu wavefronts", "ideal", "equal"]))
bad = 0
for c in cases:
    m = measured.get(c["name"], {})
    load = c["op"].startswith(("ld.", "ldmatrix"))
    wf = m.get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" + ("ld" if load else "st") + ".sum")
    if c["op"].startswith("ldmatrix"):
        ins = m.get("smsp__inst_executed_op_ldsm.sum")
    elif c["op"].startswith("stmatrix"):
        ins = m.get("smsp__inst_executed_op_shared_stsm.sum")
    else:
        ins = m.get("smsp__inst_executed_op_shared_" + ("ld" if load else "st") + ".sum")
    ok = wf == int(c["predicted"]) and ins == int(c["instructions"])
    bad += not ok
    print("\t".join([c["name"], c["op"], c["bits"], c["smem"], c["tv"], c["instructions"], str(ins),
                     c["predicted"], str(wf), c["ideal"], "yes" if ok else "NO"]))
print(f"# {len(cases) - bad} of {len(cases)} probes: predicted = measured", file=sys.stderr)
sys.exit(1 if bad else 0)
