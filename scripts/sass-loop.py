#!/usr/bin/env python3
"""Counts the SASS instructions of each kernel, and of its main loop, from `cuobjdump -sass`.

    sass-loop.py SIDE FILE.sass [NAME=REGEX ...]

The main loop is the loop (a backward branch and the instructions from its target to it) that
holds the most instructions, branches placed after the kernel's last EXIT (out-of-line retry
loops jumping back) left out; a kernel with no loop (a copy fully unrolled) reports `-`. Prints,
per kernel, `SASS side=SIDE kernel=NAME total=N loop=L ffma=F lds=S ldg=G hmma=H ldsm=M
ldgsts=A hgmma=W utmaldg=T` (the counts after `loop` inside the loop, or in the whole kernel when it has none), and `cutlass=1` where the
kernel's (mangled) name contains "cutlass". With NAME=REGEX arguments,
only the kernels whose (mangled) name matches a REGEX are printed, as NAME: how the C++
templates' instantiations are told apart (`sgemm_1_tn='gemm_device.*Li129E'`, the padded
shared layout's 129).
"""
import re
import sys

INS = re.compile(r"^\s+/\*([0-9a-f]{4,})\*/\s+(.*?);")
FUNC = re.compile(r"Function : (\S+)")


def functions(path):
    funcs, name, body = {}, None, []
    for line in open(path, errors="replace"):
        m = FUNC.search(line)
        if m:
            if name:
                funcs[name] = body
            name, body = m.group(1), []
            continue
        m = INS.match(line)
        if m and name:
            body.append((int(m.group(1), 16), m.group(2).strip()))
    if name:
        funcs[name] = body
    return funcs


def opcode(text):
    t = re.sub(r"^@!?U?P[T0-9]+\s+", "", text)
    return t.split()[0].split(".")[0] if t else ""


def count(body, lo, hi):
    ops = [opcode(t) for a, t in body if lo <= a <= hi and opcode(t) != "NOP"]
    return len(ops), ops.count("FFMA"), ops.count("LDS"), ops.count("LDG"), ops


def tensor_core(ops):
    """The tensor-core and async-copy instructions: HMMA, LDSM, LDGSTS, HGMMA, UTMALDG (SM80's
    `mma.sync`, `ldmatrix`, `cp.async`; SM90's `wgmma.mma_async`, TMA loads)."""
    return (f"hmma={ops.count('HMMA')} ldsm={ops.count('LDSM')} ldgsts={ops.count('LDGSTS')} "
            f"hgmma={ops.count('HGMMA')} utmaldg={ops.count('UTMALDG')}")


def main():
    side, path = sys.argv[1], sys.argv[2]
    wanted = [a.split("=", 1) for a in sys.argv[3:]]
    for name, body in functions(path).items():
        names = [short for short, rx in wanted if re.search(rx, name)]
        if wanted and not names:
            continue
        short = names[0] if names else name
        loops = []
        # Out-of-line code after the last EXIT (the retry loops of `mbarrier.try_wait`) jumps
        # back into the kernel: not a loop of its own.
        last_exit = max((a for a, t in body if opcode(t) == "EXIT"), default=1 << 40)
        for a, t in body:
            m = re.search(r"\bBRA\s+(?:\S+\s+)?0x([0-9a-f]+)", t)
            if m and int(m.group(1), 16) < a and a < last_exit:
                lo = int(m.group(1), 16)
                loops.append((count(body, lo, a)[0], lo, a))
        total = count(body, 0, 1 << 40)[0]
        # ptxas schedules a kernel whose name contains "cutlass" by other heuristics (a C++
        # kernel's mangled name has it when a template argument is a cutlass:: type).
        named = int("cutlass" in name)
        if loops:
            _, lo, hi = max(loops)
            n, f, s, g, ops = count(body, lo, hi)
            print(f"SASS side={side} kernel={short} total={total} loop={n} ffma={f} lds={s} ldg={g} {tensor_core(ops)} cutlass={named}")
        else:
            _, f, s, g, ops = count(body, 0, 1 << 40)
            print(f"SASS side={side} kernel={short} total={total} loop=- ffma={f} lds={s} ldg={g} {tensor_core(ops)} cutlass={named}")


if __name__ == "__main__":
    main()
