#!/usr/bin/env python3
"""The side-by-side table of scripts/gpu-side-by-side.sh, from the RESULT and SASS lines of
cute-gpu-bench (side=rust), the CuTe C++ twins (side=cpp) and sass-loop.py.

    gpu-table.py LOG...

Prints a markdown table: kernel, size, unit, CuTe C++ (median of its repetitions), whether the
C++ kernel's name contains "cutlass" (ptxas then applies other scheduling heuristics), Rust, the
ratio Rust / C++ (higher is better for both GB/s and TFLOP/s), the same Rust PTX with its
kernels named `cutlass_...` (side=rust-cutlass-name) and its ratio, and the device copy's GB/s
with each memory-bound kernel's share of it; the kernels measured against cuBLAS (side=cublas,
scripts/gpu-cublas.py) in a table of their own; then the SASS counts of both sides.
"""
import re
import sys

LINE = re.compile(r"^(RESULT|SASS) (.*)$")


def fields(rest):
    return dict(kv.split("=", 1) for kv in rest.split())


def main():
    results, sass = {}, {}
    for path in sys.argv[1:]:
        for line in open(path, errors="replace"):
            m = LINE.match(line.strip())
            if not m:
                continue
            f = fields(m.group(2))
            if m.group(1) == "RESULT":
                results[(f["kernel"], f["size"], f["side"])] = f
            else:
                sass[(f["kernel"], f["side"])] = f
    copy = next((float(f["median"]) for (k, _, _), f in results.items() if k == "device_copy"), None)
    named = {k: f.get("cutlass") == "1" for (k, side), f in sass.items() if side == "cpp"}
    print("| kernel | size | unit | CuTe C++ | C++ name has `cutlass` | Rust | Rust / C++ "
          "| Rust named `cutlass_` | its ratio | Rust / device copy |")
    print("|---|---|---|---:|:---:|---:|---:|---:|---:|---:|")
    against_cublas = {(k, s) for (k, s, side) in results if side == "cublas"}
    for k, size in sorted({(k, s) for (k, s, _) in results if k != "device_copy"} - against_cublas):
        cpp, rust = results.get((k, size, "cpp")), results.get((k, size, "rust"))
        alt = results.get((k, size, "rust-cutlass-name"))
        unit = (cpp or rust)["unit"]
        c = float(cpp["median"]) if cpp else None
        r = float(rust["median"]) if rust else None
        a = float(alt["median"]) if alt else None
        ratio = f"{r / c:.2f}" if c and r else "-"
        ratio_a = f"{a / c:.2f}" if c and a else "-"
        share = f"{100 * r / copy:.0f}%" if r and copy and unit == "GB/s" else ""
        has = {True: "yes", False: "no"}.get(named.get(k), "?")
        print(f"| {k} | {size} | {unit} | {c if c is not None else '-'} | {has} "
              f"| {r if r is not None else '-'} | {ratio} | {a if a is not None else '-'} "
              f"| {ratio_a} | {share} |")
    if copy:
        size = next(s for (k, s, _) in results if k == "device_copy")
        print(f"| device_copy | {size} | GB/s | | | {copy} | | | | 100% |")
    if against_cublas:
        print()
        print("| kernel | size | unit | cuBLAS (PyTorch, same types) | Rust | Rust / cuBLAS | Rust named `cutlass_` | its ratio |")
        print("|---|---|---|---:|---:|---:|---:|---:|")
        for k, size in sorted(against_cublas):
            b = float(results[(k, size, "cublas")]["median"])
            rust, alt = results.get((k, size, "rust")), results.get((k, size, "rust-cutlass-name"))
            r = float(rust["median"]) if rust else None
            a = float(alt["median"]) if alt else None
            print(f"| {k} | {size} | TFLOP/s | {b} | {r if r is not None else '-'} "
                  f"| {f'{r / b:.2f}' if r else '-'} | {a if a is not None else '-'} "
                  f"| {f'{a / b:.2f}' if a else '-'} |")
    if sass:
        print()
        print("| kernel | side | SASS instructions | main loop | FFMA / LDS / LDG in the loop (or kernel) | HMMA / LDSM / LDGSTS / HGMMA / UTMALDG |")
        print("|---|---|---:|---:|---|---|")
        for (k, side), f in sorted(sass.items()):
            tc = " / ".join(f.get(x, "-") for x in ("hmma", "ldsm", "ldgsts", "hgmma", "utmaldg"))
            print(f"| {k} | {side} | {f['total']} | {f['loop']} | {f['ffma']} / {f['lds']} / {f['ldg']} | {tc} |")


if __name__ == "__main__":
    main()
