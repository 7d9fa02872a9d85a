#!/usr/bin/env python3
"""tensor-layouts' `to_F2_matrix` on the layouts `f2-bench` wrote (issue 26, point 7, its F2
side): the same matrices, and the time, median of 5 repetitions over all the layouts.

    f2-side-by-side.py LAYOUTS.jsonl RUST_LINE

RUST_LINE is f2-bench's `F2BENCH side=rust ...` line. Prints the tensor-layouts line
`F2BENCH side=tensor-layouts ...`, the layouts whose matrices differ (trailing zero rows
trimmed on both sides) or that tensor-layouts refuses, and the ratio of the times.
"""
import json
import sys
import time

from tensor_layouts.analysis import to_F2_matrix

from tensor_layouts_input import build


def trimmed(m):
    m = [list(row) for row in m]
    while m and not any(m[-1]):
        m.pop()
    return m


def main():
    rows = [json.loads(line) for line in open(sys.argv[1])]
    rust = dict(kv.split("=", 1) for kv in sys.argv[2].split()[1:])
    layouts = [build(r) for r in rows]
    differ, refused = [], []
    for r, l in zip(rows, layouts):
        try:
            theirs = to_F2_matrix(l)
        except Exception as e:  # what tensor-layouts refuses, reported below
            refused.append((r["text"], f"{type(e).__name__}: {e}"))
            continue
        if trimmed(theirs) != trimmed(r["matrix"]):
            differ.append(r["text"])
    times = []
    for _ in range(5):
        start = time.perf_counter_ns()
        for l in layouts:
            try:
                to_F2_matrix(l)
            except Exception:
                pass
        times.append(time.perf_counter_ns() - start)
    median = sorted(times)[2]
    n = len(layouts)
    print(f"F2BENCH side=tensor-layouts layouts={n} median_ns={median} per_layout_ns={median / max(n, 1):.0f}")
    print(f"F2 matrices: {n - len(differ) - len(refused)} equal, {len(differ)} differ, "
          f"{len(refused)} refused by tensor-layouts")
    for text in differ[:10]:
        print(f"  differs: {text}")
    for text, why in refused[:10]:
        print(f"  refused: {text}: {why}")
    print(f"F2 speed: cute-dynamic {int(rust['median_ns']) / 1e6:.2f} ms, tensor-layouts "
          f"{median / 1e6:.2f} ms for the {n} layouts: {median / int(rust['median_ns']):.0f}x")


if __name__ == "__main__":
    main()
