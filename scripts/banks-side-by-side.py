#!/usr/bin/env python3
"""tensor-layouts' `bank_conflicts` on the bank-conflict probes `bank-bench` wrote (issue 26,
point 7, its bank side): its answer beside the H100's measurement and ours, and the time,
median of 5 repetitions over all the cases.

    banks-side-by-side.py CASES.jsonl RUST_LINE

tensor-layouts is given what it documents: the access as one layout, `thread -> offset` with
the values as further modes (here `compose(smem, tv)`), and the element's bytes; it answers
`max_ways`, the most distinct words one bank holds among the first 32 threads' accesses, all
values at once. Ours is per instruction: the wavefronts the hardware needs. The table prints
both as "times the conflict-free cost" (ours: wavefronts / ideal; measured: the H100's
wavefronts / ideal) so they can be read side by side.
"""
import json
import sys
import time

from tensor_layouts.analysis import bank_conflicts
from tensor_layouts.layouts.algebra import compose

from tensor_layouts_input import build


def theirs(c):
    access = compose(build(c["smem"]), build(c["tv"]))
    return bank_conflicts(access, element_bytes=c["bits"] // 8)["max_ways"]


def main():
    cases = [json.loads(line) for line in open(sys.argv[1])]
    rust = dict(kv.split("=", 1) for kv in sys.argv[2].split()[1:])
    print("| case | shared layout | TV layout | instruction, bits | instructions | H100 wavefronts | predicted | ideal | H100 / ideal | tensor-layouts max_ways |")
    print("|---|---|---|---|---:|---:|---:|---:|---:|---:|")
    agree = 0
    for c in cases:
        ways = theirs(c)
        factor = c["measured"] / c["ideal"]
        same = abs(ways - factor) < 1e-9
        agree += same
        print(f"| `{c['name'][5:]}` | `{c['smem_text']}` | `{c['tv_text']}` | {c['op']}, {c['bits']} | "
              f"{c['instructions']} | {c['measured']} | {c['wavefronts']} | {c['ideal']} | {factor:.2f} | "
              f"{ways}{'' if same else ' (differs)'} |")
    times = []
    for _ in range(5):
        start = time.perf_counter_ns()
        for c in cases:
            theirs(c)
        times.append(time.perf_counter_ns() - start)
    median = sorted(times)[2]
    n = len(cases)
    print()
    print(f"BANKBENCH side=tensor-layouts cases={n} median_ns={median} per_case_ns={median / max(n, 1):.0f}")
    print(f"tensor-layouts' max_ways equals the H100's wavefronts / ideal on {agree} of {n} probes")
    print(f"bank speed: cute-dynamic {int(rust['median_ns']) / 1e6:.2f} ms, tensor-layouts "
          f"{median / 1e6:.2f} ms for the {n} probes: {median / int(rust['median_ns']):.0f}x")


if __name__ == "__main__":
    main()
