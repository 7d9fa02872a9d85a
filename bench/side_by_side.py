#!/usr/bin/env python3
"""The side-by-side benchmark: pycute, CuTe C++ and cute-dynamic on the same inputs.

    python3 bench/side_by_side.py --rust-bin target/release/side-by-side \
        --vectors tests/data/cute-vectors.jsonl --inc "$(bash ../shared/oracle/setup.sh)" \
        --pycute-dir /tmp/cute-oracle-cache/x --workdir /tmp/side-by-side

scripts/side-by-side.sh is the one command that does all of it. Steps:

1. cute-dynamic (the Rust `side-by-side` binary): the accepted `static` records of the nine ops,
   as recorded and in their dynamic form; checked (static: CuTe's recorded text; dynamic: accepted
   and the same function) and timed; the `call` records a second time as `call_plan` (the layout's
   compiled `Plan`, row "evaluation, compiled plan"), whose C++ and pycute figures are the
   `call` record's.
2. CuTe C++: one translation unit per op, generated here, built with g++ -O2; the records' dynamic
   form with run-time `int`s, and (unless --no-static-cpp) the records as recorded with `Int<N>`.
   Each prints its result (compared with cute-dynamic's text) and its time.
3. pycute on the static records' values (bench/pycute_bench.py, its own process).
4. The table: only records every implementation ran and agreed on, for every column; the
   records left out are counted by reason.

The programs run one after the other, never at the same time.
"""
import argparse
import collections
import concurrent.futures
import datetime
import json
import math
import os
import platform
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cutetext  # noqa: E402

OPS = ["coalesce", "composition", "complement", "right_inverse", "left_inverse",
       "logical_divide", "logical_product", "zipped_divide", "call"]
# The row of cute-dynamic's compiled evaluation plan (`Layout::plan`, `Plan::call`): the `call`
# records again, id `<id>/plan` with `base` the `call` record's id. CuTe C++ and pycute evaluate
# `layout(i)` there as for `call`: their figures are the base record's, not run twice. The row is
# not an op of its own: it is left out of the geomeans.
PLAN_OP = "call_plan"
ROWS = OPS + [PLAN_OP]
LABEL = {"call": "evaluation (one index)", PLAN_OP: "evaluation, compiled plan"}
CPP_OP = {
    "coalesce": "[](auto const& a) { return coalesce(a); }",
    "composition": "[](auto const& a, auto const& b) { return composition(a, b); }",
    "complement": "[](auto const& a, auto const& b) { return complement(a, b); }",
    "right_inverse": "[](auto const& a) { return right_inverse(a); }",
    "left_inverse": "[](auto const& a) { return left_inverse(a); }",
    "logical_divide": "[](auto const& a, auto const& b) { return logical_divide(a, b); }",
    "logical_product": "[](auto const& a, auto const& b) { return logical_product(a, b); }",
    "zipped_divide": "[](auto const& a, auto const& b) { return zipped_divide(a, b); }",
}


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def load(path):
    return [json.loads(line) for line in open(path)]


def gen_tu(path, op, cases, key):
    lines = ['#include "harness.hpp"', "using namespace cute;", "",
             "int main(int argc, char** argv) {", "  bench::init(argc, argv);"]
    for c in cases:
        exprs = [cutetext.to_cpp(cutetext.parse(a)) for a in c[key]]
        if op == "call":
            lines.append('  bench::run_call("%s", %s);' % (c["id"], exprs[0]))
        else:
            lines.append('  bench::run("%s", %s, %s);' % (c["id"], CPP_OP[op], ", ".join(exprs)))
    lines += ["}", ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def build(job):
    src, exe, cmd = job
    t0 = time.time()
    p = subprocess.run(cmd + [src, "-o", exe], capture_output=True, text=True)
    return src, exe, p.returncode, p.stderr, time.time() - t0


def run_cpp(tag, by_op, key, a, cxx_cmd):
    """Build one executable per op, run them one by one; {id: (result, ns)}."""
    jobs = []
    for op, cases in by_op.items():
        if not cases:
            continue
        src = os.path.join(a.workdir, "%s_%s.cpp" % (tag, op))
        gen_tu(src, op, cases, key)
        jobs.append((src, src[:-4], cxx_cmd))
    exes, t0 = [], time.time()
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for src, exe, rc, err, dt in ex.map(build, jobs):
            if rc != 0:
                log(err[-4000:])
                sys.exit("g++ failed on %s (%s)" % (src, tag))
            exes.append(exe)
    log("C++ %s: built %d programs in %.0f s" % (tag, len(exes), time.time() - t0))
    out = {}
    for exe in exes:
        p = subprocess.run([exe, str(a.target_ms), str(a.samples)], capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit("%s failed (%d): %s" % (exe, p.returncode, p.stderr[-2000:]))
        res = {}
        for line in p.stdout.splitlines():
            if line.startswith("@R "):
                _, cid, r = line.split(" ", 2)
                res[cid] = r
            elif line.startswith("@T "):
                _, cid, ns = line.split(" ")
                out[cid] = (res[cid], float(ns))
    log("C++ %s: ran %d cases" % (tag, len(out)))
    return out


def fmt_ns(x):
    if x is None:
        return "-"
    if x >= 100:
        return "{:,.0f}".format(x)
    if x >= 10:
        return "%.1f" % x
    return "%.2f" % x


def fmt_ratio(x):
    if x is None:
        return "-"
    return "%.0f" % x if x >= 100 else ("%.1f" % x if x >= 10 else "%.2f" % x)


def geomean(xs):
    xs = [x for x in xs if x is not None and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def cmd_version(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()[0]
    except Exception:
        return "?"


def cpu_model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rust-bin", required=True)
    ap.add_argument("--vectors", required=True)
    ap.add_argument("--inc", required=True, help="g++ -I flags of the CuTe headers (setup.sh)")
    ap.add_argument("--pycute-dir", required=True, help="directory holding the pycute package")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--target-ms", type=float, default=2.0)
    ap.add_argument("--samples", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=2, help="parallel g++ processes")
    ap.add_argument("--cxx", default=os.environ.get("CXX", "g++"))
    ap.add_argument("--cxxflags", default="-O2")
    ap.add_argument("--no-static-cpp", action="store_true", help="skip the Int<N> C++ column")
    a = ap.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    timing = ["--target-ms", str(a.target_ms), "--samples", str(a.samples)]

    # 1. cute-dynamic
    rust_out = os.path.join(a.workdir, "cute-dynamic.jsonl")
    t0 = time.time()
    subprocess.run([a.rust_bin, a.vectors, rust_out] + timing, check=True)
    rust = load(rust_out)
    log("cute-dynamic: %d records in %.0f s" % (len(rust), time.time() - t0))
    candidates = [r for r in rust if r["static"]["status"] == "ok" and r["dynamic"]["status"] == "ok"
                  and not r.get("base")]

    # 2. CuTe C++
    cxx_cmd = [a.cxx, "-std=c++17"] + a.cxxflags.split() + ["-w", "-I", os.path.join(HERE, "cpp")] + a.inc.split()
    by_op = collections.OrderedDict((op, [c for c in candidates if c["op"] == op]) for op in OPS)
    cpp_dyn = run_cpp("int", by_op, "dyn_args", a, cxx_cmd)
    cpp_st = {} if a.no_static_cpp else run_cpp("static", by_op, "args", a, cxx_cmd)

    # 3. pycute
    py_in = os.path.join(a.workdir, "pycute-cases.jsonl")
    with open(py_in, "w") as f:
        for c in candidates:
            f.write(json.dumps({"id": c["id"], "op": c["op"], "args": c["args"], "result": c["result"]}) + "\n")
    py_out = os.path.join(a.workdir, "pycute.jsonl")
    env = dict(os.environ, PYTHONPATH=a.pycute_dir + os.pathsep + os.environ.get("PYTHONPATH", ""))
    t0 = time.time()
    subprocess.run([sys.executable, os.path.join(HERE, "pycute_bench.py"), py_in, py_out] + timing,
                   check=True, env=env)
    py = {r["id"]: r for r in load(py_out)}
    log("pycute: %d cases in %.0f s" % (len(py), time.time() - t0))

    # 4. the record set and the table
    reasons = collections.defaultdict(collections.Counter)
    used = collections.defaultdict(list)
    all_dyn = collections.defaultdict(collections.Counter)
    for r in rust:
        op = r["op"]
        key = r.get("base") or r["id"]
        reasons[op]["static records"] += 1
        all_dyn[op][r["all_dynamic"]] += 1
        if r["static"]["status"] != "ok":
            reasons[op]["cute-dynamic differs from the record"] += 1
            continue
        if r["dynamic"]["status"] == "rejected":
            reasons[op]["dynamic form rejected"] += 1
            continue
        if r["dynamic"]["status"] != "ok":
            reasons[op]["dynamic form: another function"] += 1
            continue
        p = py.get(key, {"status": "missing"})
        if p["status"] != "ok":
            reasons[op]["pycute " + p["status"]] += 1
            continue
        cd = cpp_dyn.get(key)
        if cd is None or cd[0] != r["dynamic"]["result"]:
            reasons[op]["C++ (int) prints another result"] += 1
            log("C++ int differs on %s: %s vs cute-dynamic %s" % (r["id"], cd and cd[0], r["dynamic"]["result"]))
            continue
        cs = cpp_st.get(key)
        if not a.no_static_cpp and (cs is None or cs[0] != r["result"]):
            reasons[op]["C++ (Int<N>) prints another result"] += 1
            log("C++ Int<N> differs on %s: %s vs %s" % (r["id"], cs and cs[0], r["result"]))
            continue
        used[op].append({"py": p["ns"], "cpp": cd[1], "cpps": cs[1] if cs else None,
                         "st": r["static"]["ns"], "dy": r["dynamic"]["ns"]})

    def mean(xs):
        xs = [x for x in xs if x is not None]
        return sum(xs) / len(xs) if xs else None

    def ratio(x, y):
        return x / y if x is not None and y else None

    rows = []
    for op in ROWS:
        u = used[op]
        m = {k: mean([x[k] for x in u]) for k in ("py", "cpp", "cpps", "st", "dy")}
        m["n"] = len(u)
        m.update(py_st=ratio(m["py"], m["st"]), py_dy=ratio(m["py"], m["dy"]),
                 st_cpp=ratio(m["st"], m["cpp"]), dy_cpp=ratio(m["dy"], m["cpp"]),
                 dy_st=ratio(m["dy"], m["st"]))
        rows.append((op, m))

    static_col = not a.no_static_cpp
    out = []
    out.append("Side-by-side benchmark, %s UTC" % datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M"))
    out.append("")
    out.append("- machine: %s, %d logical CPUs; %s" % (cpu_model(), os.cpu_count() or 0, platform.platform()))
    out.append("- cute-dynamic: Rust release build (%s); pycute: nvidia-cutlass 4.2.0.0 wheel, %s %s; "
               "CuTe C++: %s %s, same wheel's headers" % (
                   cmd_version(["rustc", "--version"]), platform.python_implementation(),
                   platform.python_version(), cmd_version([a.cxx, "--version"]), a.cxxflags))
    out.append("- timing: thread CPU time; per record, calls per batch doubled until a batch takes "
               ">= %g ms, then the median of %d batches; per op the mean over its records of ns per call"
               % (a.target_ms, a.samples))
    out.append("- inputs: the accepted `static` records of `%s`; C++ (int) and cute-dynamic (dynamic) "
               "get them with every integer dynamic, except right_inverse and left_inverse: "
               "run-time shapes, static strides" % os.path.basename(a.vectors))
    out.append("")
    head = ["op", "records", "pycute", "CuTe C++ (int)"] + (["CuTe C++ (Int<N>)"] if static_col else []) + \
        ["cute-dynamic (static)", "cute-dynamic (dynamic)", "pycute / static", "pycute / dynamic",
         "static / C++", "dynamic / C++", "dynamic / static"]
    out.append("ns per call, and ratios of those means. `pycute / static`: how many times faster "
               "cute-dynamic on the inputs as recorded is than pycute (`pycute / dynamic`: on the "
               "dynamic inputs); `static / C++`, `dynamic / C++`: how many times slower cute-dynamic "
               "on the recorded (on the dynamic) inputs is than CuTe C++ with run-time ints; "
               "`dynamic / static`: cute-dynamic on the dynamic inputs against the recorded ones. "
               "CuTe C++ (Int<N>) is the records as recorded, all-static C++: the operation happens "
               "at compile time, the column is the loop's own cost (evaluation: a run-time index).")
    out.append("")
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" * len(head))
    for op, m in rows:
        cells = [LABEL.get(op, op), str(m["n"]), fmt_ns(m["py"]), fmt_ns(m["cpp"])] + \
            ([fmt_ns(m["cpps"])] if static_col else []) + \
            [fmt_ns(m["st"]), fmt_ns(m["dy"])] + \
            [fmt_ratio(m[k]) for k in ("py_st", "py_dy", "st_cpp", "dy_cpp", "dy_st")]
        out.append("| " + " | ".join(cells) + " |")
    g = {k: geomean([m[k] for op, m in rows if op != PLAN_OP]) for k in ("py", "cpp", "cpps", "st", "dy", "py_st", "py_dy", "st_cpp", "dy_cpp", "dy_st")}
    cells = ["**geomean** (the nine ops)", str(sum(m["n"] for op, m in rows if op != PLAN_OP)),
             fmt_ns(g["py"]), fmt_ns(g["cpp"])] + \
        ([fmt_ns(g["cpps"])] if static_col else []) + [fmt_ns(g["st"]), fmt_ns(g["dy"])] + \
        ["**%s**" % fmt_ratio(g[k]) for k in ("py_st", "py_dy", "st_cpp", "dy_cpp", "dy_st")]
    out.append("| " + " | ".join(cells) + " |")
    out.append("")
    out.append("Records left out (the same for every column):")
    out.append("")
    cols = ["static records", "dynamic form rejected", "dynamic form: another function",
            "pycute rejected", "pycute differs", "C++ (int) prints another result",
            "C++ (Int<N>) prints another result", "cute-dynamic differs from the record"]
    cols = [c for c in cols if c == "static records" or any(reasons[op][c] for op in ROWS)]
    out.append("| op | " + " | ".join(cols) + " | used | all-dynamic form: ok / rejected / another function |")
    out.append("|" + "---|" * (len(cols) + 3))
    for op in ROWS:
        ad = all_dyn[op]
        out.append("| %s | %s | %d | %d / %d / %d |" % (
            LABEL.get(op, op), " | ".join(str(reasons[op][c]) for c in cols), len(used[op]),
            ad["ok"], ad["rejected"], ad["differs"]))
    text = "\n".join(out) + "\n"
    with open(os.path.join(a.workdir, "report.md"), "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
