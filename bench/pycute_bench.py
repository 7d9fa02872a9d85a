#!/usr/bin/env python3
"""pycute's part of the side-by-side benchmark (scripts/side-by-side.sh runs it).

    python3 pycute_bench.py CASES.jsonl OUT.jsonl [--target-ms F] [--samples N]

pycute must be importable (the script puts the nvidia-cutlass wheel's copy on PYTHONPATH).
CASES.jsonl holds lines {"id", "op", "args", "result"} with the static records' texts; pycute
has no static/dynamic distinction, so it gets their values. Each case is run once and its result
compared, as a function (size and the value at every index), with CuTe's recorded result; then
it is timed as the Rust and C++ drivers time theirs: calls per batch double from 1 until a batch
takes at least the target; then the median over N batches of (batch time / calls), in the
thread's CPU time (time.thread_time_ns, CLOCK_THREAD_CPUTIME_ID).
Writes {"id", "status": "ok" | "rejected" | "differs", "ns", "detail"} per case.
"""
import argparse
import itertools
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cutetext  # noqa: E402
import pycute  # noqa: E402


def measure(f, target_ns, samples):
    def batch(reps):
        t0 = time.thread_time_ns()
        for _ in range(reps):
            f()
        return time.thread_time_ns() - t0

    reps = 1
    while batch(reps) < target_ns and reps < 1 << 40:
        reps *= 2
    v = sorted(batch(reps) / reps for _ in range(max(1, samples)))
    return v[len(v) // 2]


def prepare(op, args):
    """(run once -> list of values, the function to time)"""
    a = [cutetext.to_pycute(cutetext.parse(x), pycute) for x in args]
    if op == "call":
        L = a[0]
        n = pycute.size(L)
        it = itertools.cycle(range(n))
        return (lambda: [L(i) for i in range(n)]), (lambda: L(next(it)))
    fn = {
        "coalesce": pycute.coalesce,
        "composition": pycute.composition,
        "complement": pycute.complement,
        "right_inverse": pycute.right_inverse,
        "left_inverse": pycute.left_inverse,
        "logical_divide": pycute.logical_divide,
        "logical_product": pycute.logical_product,
        "zipped_divide": pycute.zipped_divide,
    }[op]

    def once():
        r = fn(*a)
        return cutetext.layout_values(r.shape, r.stride)

    return once, (lambda: fn(*a))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cases")
    ap.add_argument("out")
    ap.add_argument("--target-ms", type=float, default=2.0)
    ap.add_argument("--samples", type=int, default=5)
    o = ap.parse_args()
    cases = [json.loads(l) for l in open(o.cases)]
    with open(o.out, "w") as out:
        for k, c in enumerate(cases):
            rec = {"id": c["id"]}
            try:
                once, timed = prepare(c["op"], c["args"])
                got = once()
            except Exception as e:  # pycute refuses with assert or a TypeError
                rec.update(status="rejected", detail="%s: %s" % (type(e).__name__, e))
            else:
                if got != cutetext.text_values(c["result"]):
                    rec.update(status="differs", detail="values %s" % got[:16])
                else:
                    rec.update(status="ok", ns=measure(timed, o.target_ms * 1e6, o.samples))
            out.write(json.dumps(rec) + "\n")
            if (k + 1) % 50 == 0:
                print("pycute: %d/%d cases" % (k + 1, len(cases)), file=sys.stderr)


if __name__ == "__main__":
    main()
