#!/usr/bin/env python3
"""Cases for the third round of cp.async probes (issue 26; cpa3.cu, cpa.cu).

    python3 gen3.py DIR     # DIR/diag.txt, DIR/cg.txt, DIR/ca.txt (cpa3's format: name kind
                            # mask(hex) 32 shared, 32 global offsets), DIR/dup.txt, DIR/dupall.txt
                            # (cpa.cu's format: name kind 32 shared, 32 global offsets; the lanes
                            # outside the mask repeat the copy of the first active lane)

cg.txt: .cg 16 B, few active lanes (pairs of lanes, subsets of a line, partial maps, full lines,
two groups) and whole-warp cases; ca.txt: .ca 16/8/4 B cases of one group and of the whole warp.
"""
import random
import sys
from pathlib import Path

R = random.Random(20261127)


class Out:
    def __init__(self):
        self.rows = []

    def case(self, name, kind, lanes):
        """lanes: {lane: (dst byte offset, src byte offset)}"""
        d, s, m = [0] * 32, [0] * 32, 0
        for t, (a, b) in sorted(lanes.items()):
            d[t], s[t] = a, b
            m |= 1 << t
        self.rows.append((name, kind, m, d, s))

    def write(self, path):
        with open(path, "w") as f:
            for name, kind, m, d, s in self.rows:
                f.write(f"{name} {kind} {m:08x} " + " ".join(map(str, d + s)) + "\n")

    def write_dup(self, path, keep=None):
        with open(path, "w") as f:
            for name, kind, m, d, s in self.rows:
                if keep and not keep(name):
                    continue
                first = min(t for t in range(32) if m >> t & 1)
                dd = [d[t] if m >> t & 1 else d[first] for t in range(32)]
                ss = [s[t] if m >> t & 1 else s[first] for t in range(32)]
                f.write(f"dup_{name} {kind} " + " ".join(map(str, dd + ss)) + "\n")


def ch(row, c, w=16):
    return row * 128 + c * w


def first_round(o):
    """gen.py's patterns for the .cg table (four cases)"""
    pats = {"consec": lambda t: t * 16, "stride3": lambda t: t * 48,
            "colmajor": lambda t: ((t % 8) * 4 + t // 8) * 16, "pair2": lambda t: ((t // 4) * 2 + t % 2) * 16}
    for dn, sn in (("consec", "consec"), ("consec", "stride3"), ("stride3", "stride3"), ("colmajor", "pair2")):
        o.case(f"R_{dn}_{sn}", 0, {t: (pats[dn](t), pats[sn](t)) for t in range(32)})


def cg(o):
    K = 0
    # 1. pairs, lanes 0 and 1, line 0 -> row 0: (p0 -> q0), (p1 -> q1)
    cells = [(p, q) for p in range(8) for q in range(8)]
    for i, (p0, q0) in enumerate(cells):
        for p1, q1 in cells[i + 1:]:
            o.case(f"P_{p0}{q0}_{p1}{q1}", K, {0: (ch(0, q0), ch(0, p0)), 1: (ch(0, q1), ch(0, p1))})
    for n in range(150):  # the other lane order
        (p0, q0), (p1, q1) = R.sample(cells, 2)
        o.case(f"Pr_{p0}{q0}_{p1}{q1}", K, {0: (ch(0, q0), ch(0, p0)), 1: (ch(0, q1), ch(0, p1))})
    # 2. pairs on other lanes of group 0
    for a, b in ((0, 7), (2, 5), (6, 7)):
        for n in range(40):
            (p0, q0), (p1, q1) = R.sample(cells, 2)
            o.case(f"Pl{a}{b}_{p0}{q0}_{p1}{q1}", K, {a: (ch(0, q0), ch(0, p0)), b: (ch(0, q1), ch(0, p1))})
    # 3. pairs across groups
    for p1, q1 in cells:
        o.case(f"X08_00_{p1}{q1}", K, {0: (ch(0, 0), ch(0, 0)), 8: (ch(0, q1), ch(0, p1))})
    for a, b in ((0, 16), (0, 24), (7, 8), (5, 29)):
        for n in range(30):
            (p0, q0), (p1, q1) = R.sample(cells, 2)
            o.case(f"X{a}.{b}_{p0}{q0}_{p1}{q1}", K, {a: (ch(0, q0), ch(0, p0)), b: (ch(0, q1), ch(0, p1))})
    # 4. pairs over two lines / two rows
    for (l1, r1, tag) in ((1, 0, "L"), (0, 1, "W"), (1, 1, "LW")):
        for p1, q1 in cells:
            o.case(f"{tag}_00_{p1}{q1}", K, {0: (ch(0, 0), ch(0, 0)), 1: (ch(r1, q1), ch(l1, p1))})
    # 5. identity copies of every subset of a line (lanes 0.. in chunk order)
    for m in range(1, 256):
        S = [p for p in range(8) if m >> p & 1]
        o.case("S_" + "".join(map(str, S)), K, {i: (ch(0, p), ch(0, p)) for i, p in enumerate(S)})
    # 6. subsets with a uniform xor
    for x in range(1, 8):
        for n in range(25):
            S = sorted(R.sample(range(8), R.randint(2, 7)))
            o.case(f"SX{x}_" + "".join(map(str, S)), K, {i: (ch(0, p ^ x), ch(0, p)) for i, p in enumerate(S)})
    # 7. random partial maps, distinct sources and destinations
    for n in range(300):
        k = R.randint(3, 7)
        ps = R.sample(range(8), k)
        qs = R.sample(range(8), k)
        o.case(f"M_" + "".join(f"{p}{q}" for p, q in zip(ps, qs)), K,
               {i: (ch(0, q), ch(0, p)) for i, (p, q) in enumerate(zip(ps, qs))})
    # 8. random partial maps with repeats
    for n in range(150):
        k = R.randint(3, 8)
        ps = [R.randrange(8) for _ in range(k)]
        qs = [R.randrange(8) for _ in range(k)]
        o.case(f"MR_" + "".join(f"{p}{q}" for p, q in zip(ps, qs)), K,
               {i: (ch(0, q), ch(0, p)) for i, (p, q) in enumerate(zip(ps, qs))})
    # 9. full lines: random permutations, lanes in chunk order, then random lane order
    for n in range(150):
        sig = list(range(8))
        R.shuffle(sig)
        order = list(range(8))
        if n >= 100:
            R.shuffle(order)
        o.case("F_" + "".join(map(str, sig)) + "_" + "".join(map(str, order)), K,
               {i: (ch(0, sig[p]), ch(0, p)) for i, p in enumerate(order)})
    # 10. one line into one row from two groups (k lanes each)
    for n in range(100):
        k0, k1 = R.randint(1, 4), R.randint(1, 4)
        ps = R.sample(range(8), k0 + k1)
        qs = R.sample(range(8), k0 + k1)
        lanes = {}
        for i in range(k0):
            lanes[i] = (ch(0, qs[i]), ch(0, ps[i]))
        for i in range(k1):
            lanes[8 + i] = (ch(0, qs[k0 + i]), ch(0, ps[k0 + i]))
        o.case(f"G2_{k0}{k1}_" + "".join(f"{p}{q}" for p, q in zip(ps, qs)), K, lanes)
    # 11. group 0 only, chunks of two lines to chunks of two rows
    for n in range(200):
        k = R.randint(2, 8)
        o.case(f"MM_{n}", K, {t: (R.randrange(16) * 16, R.randrange(16) * 16) for t in range(k)})
    # 12. a few lanes anywhere in the warp, two lines, two rows
    for n in range(200):
        lanes = R.sample(range(32), R.randint(2, 6))
        o.case(f"MG_{n}", K, {t: (R.randrange(16) * 16, R.randrange(16) * 16) for t in lanes})
    # 13. whole-warp cases
    whole(o, K, 300, "V")


def whole(o, K, count, tag, w=16):
    n_per_row = 128 // w
    for n in range(count):
        style = n % 6
        if style == 0:    # a swizzled tile: group rows, xor of the chunk by a row constant
            x = [R.randrange(8) for _ in range(32)]
            pitch = R.choice([128, 256, 384, 512])
            src = [(t // 8) * pitch + (t % 8) * 16 for t in range(32)]
            dst = [(t // 8) * 128 + ((t % 8) ^ x[t // 8]) * 16 for t in range(32)]
        elif style == 1:  # random chunks of a few lines to random chunks of a few rows
            L, W = R.randint(1, 4), R.randint(1, 4)
            src = [R.randrange(L * n_per_row) * w for _ in range(32)]
            dst = [R.randrange(W * n_per_row) * w for _ in range(32)]
        elif style == 2:  # a permutation of 512 bytes to a permutation of 512 bytes
            a, b = list(range(32)), list(range(32))
            R.shuffle(a)
            R.shuffle(b)
            src = [a[t] * w for t in range(32)]
            dst = [b[t] * w for t in range(32)]
        elif style == 3:  # strided sources / destinations
            ss, ds = R.choice([1, 2, 3, 4, 5, 8]), R.choice([1, 2, 3, 5, 8])
            src = [t * ss * w for t in range(32)]
            dst = [t * ds * w for t in range(32)]
        elif style == 4:  # lanes permuted within groups, same permutation both sides + noise
            perm = list(range(8))
            R.shuffle(perm)
            src = [((t // 8) * 8 + perm[t % 8]) * w for t in range(32)]
            dst = [((t // 8) * 8 + (perm[t % 8] ^ R.choice([0, 0, 0, 1, 2]))) * w for t in range(32)]
        else:             # a transposing copy: lanes down a column
            rows = R.choice([4, 8])
            src = [((t % rows) * (32 // rows) + t // rows) * w for t in range(32)]
            dst = [t * w for t in range(32)]
            if R.random() < 0.5:
                src, dst = dst, src
        o.case(f"{tag}{n}_{style}", K, {t: (dst[t], src[t]) for t in range(32)})


def ca(o):
    # .ca 16 B: one group, random chunks of up to 4 lines and rows
    for n in range(300):
        k = R.randint(2, 8)
        L, W = R.randint(1, 4), R.randint(1, 4)
        lanes = R.sample(range(8), k)
        o.case(f"A16_{n}", 1, {t: (R.randrange(W * 8) * 16, R.randrange(L * 8) * 16) for t in lanes})
    for n in range(40):  # two groups
        lanes = R.sample(range(16), R.randint(2, 6))
        o.case(f"A16g_{n}", 1, {t: (R.randrange(16) * 16, R.randrange(16) * 16) for t in lanes})
    # .ca 8 B: one half warp; .ca 4 B: the warp
    for n in range(150):
        k = R.randint(2, 16)
        L, W = R.randint(1, 3), R.randint(1, 3)
        lanes = R.sample(range(16), k)
        o.case(f"A8_{n}", 2, {t: (R.randrange(W * 16) * 8, R.randrange(L * 16) * 8) for t in lanes})
    for n in range(100):
        k = R.randint(2, 32)
        L, W = R.randint(1, 3), R.randint(1, 3)
        lanes = R.sample(range(32), k)
        o.case(f"A4_{n}", 3, {t: (R.randrange(W * 32) * 4, R.randrange(L * 32) * 4) for t in lanes})
    whole(o, 1, 60, "VA16_")
    whole(o, 2, 45, "VA8_", 8)
    whole(o, 3, 45, "VA4_", 4)


def main():
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    diag = Out()
    first_round(diag)
    for p0, q0, p1, q1 in ((0, 0, 1, 1), (0, 0, 1, 2), (0, 0, 3, 1), (0, 0, 0, 1), (0, 1, 1, 0)):
        diag.case(f"P_{p0}{q0}_{p1}{q1}", 0, {0: (ch(0, q0), ch(0, p0)), 1: (ch(0, q1), ch(0, p1))})
    diag.case("full_id", 0, {t: (ch(0, t), ch(0, t)) for t in range(8)})
    diag.case("ca_pair", 1, {0: (0, 0), 1: (16, 16)})
    diag.write(out / "diag.txt")
    diag.write_dup(out / "diagdup.txt")
    c = Out()
    first_round(c)
    cg(c)
    c.write(out / "cg.txt")
    c.write_dup(out / "dup.txt", keep=lambda n: n.startswith(("R_", "P_", "X08", "S_", "F_", "L_", "W_", "LW_")))
    c.write_dup(out / "dupall.txt")
    a = Out()
    ca(a)
    a.write(out / "ca.txt")
    print(len(diag.rows), len(c.rows), len(a.rows), file=sys.stderr)


if __name__ == "__main__":
    main()
