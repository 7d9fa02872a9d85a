#!/usr/bin/env python3
"""Cases for cpa2.cu (cp.async, second round; issue 26): few active lanes, so that a count tells
which lanes one wavefront can serve. A case: name, kind (0 .cg 16 B, 1 .ca 16 B, 2 .ca 8 B,
3 .ca 4 B), mask of active lanes (hex), 32 shared and 32 global byte offsets (0 for inactive lanes).
Written in priority order (cpa2 stops at its time limit). Run once with run2.sh; its .cg rows
read 0 (see cpa2.cu) and gen3.py superseded it.

    python3 gen2.py CASES
"""
import random
import sys

R = random.Random(2026)
OUT = []


def case(name, kind, lanes):
    """lanes: {lane: (dst byte offset, src byte offset)}"""
    d = [0] * 32
    s = [0] * 32
    m = 0
    for t, (a, b) in lanes.items():
        d[t], s[t] = a, b
        m |= 1 << t
    OUT.append(f"{name} {kind} {m:08x} " + " ".join(map(str, d)) + " " + " ".join(map(str, s)))


def ch(line, c, w=16):
    """byte offset of chunk c (units of w bytes) of 128-byte line/row `line`"""
    return line * 128 + c * w


def lanes_of(pairs, start=0, w=16):
    """pairs: list of ((src line, src chunk), (dst row, dst chunk)), lanes from start in order"""
    return {start + i: (ch(r, q, w), ch(l, p, w)) for i, ((l, p), (r, q)) in enumerate(pairs)}


def sec_sanity():
    # sanity: four cases of the first round (gen.py's patterns, all lanes)
    for dn, sn in ((lambda t: t * 16, lambda t: t * 16), (lambda t: t * 16, lambda t: t * 48),
                   (lambda t: t * 48, lambda t: t * 48),
                   (lambda t: ((t % 8) * 4 + t // 8) * 16, lambda t: ((t // 4) * 2 + t % 2) * 16)):
        case(f"R{len(OUT)}", 0, {t: (dn(t), sn(t)) for t in range(32)})


def sec_full():
    # F: a full line to one row, 8 lanes of group 0: lane i reads chunk i, writes sigma(i)
    for n in range(24):
        sig = list(range(8))
        R.shuffle(sig)
        case("F_" + "".join(map(str, sig)), 0, lanes_of([((0, i), (0, sig[i])) for i in range(8)]))
    # FX: a full line with a uniform xor, lanes scrambled
    for x in range(8):
        order = list(range(8))
        R.shuffle(order)
        case(f"FX_{x}_" + "".join(map(str, order)), 0,
             lanes_of([((0, i), (0, i ^ x)) for i in order]))


def sec_subsets():
    # S: identity copies of a subset of the line's chunks (lanes 0.. in chunk order)
    subs = [[a, b] for a in range(8) for b in range(a + 1, 8)]
    subs += [[a, b, c] for a in range(8) for b in range(a + 1, 8) for c in range(b + 1, 8)]
    big = [sorted(R.sample(range(8), k)) for k in (4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 7, 7)]
    for S in subs[:28] + big:
        case("S_" + "".join(map(str, S)), 0, lanes_of([((0, p), (0, p)) for p in S]))


def sec_misc():
    # C: cross-group pairs: lane a and lane b, (p0 -> q0), (p1 -> q1), one line, one row
    for a, b in ((0, 8), (0, 16), (7, 8), (0, 31)):
        for p0, q0, p1, q1 in ((0, 0, 5, 5), (0, 0, 1, 1), (0, 0, 4, 4), (0, 0, 5, 3), (0, 1, 1, 0),
                               (0, 0, 3, 1), (0, 4, 1, 5)):
            case(f"C{a}_{b}_{p0}{q0}_{p1}{q1}", 0,
                 {a: (ch(0, q0), ch(0, p0)), b: (ch(0, q1), ch(0, p1))})
    # CF: a full identity line split over groups: chunks 0-3 by lanes 0-3, 4-7 by lanes 8-11
    case("CF_id_0-7_g0", 0, {**lanes_of([((0, i), (0, i)) for i in range(4)]),
                                **lanes_of([((0, i), (0, i)) for i in range(4, 8)], 4)})
    case("CF_id_0-3_8-11b", 0, {**lanes_of([((0, i), (0, i)) for i in range(4)]),
                                 **{8 + i: (ch(0, 4 + i), ch(0, 4 + i)) for i in range(4)}})
    case("CF_id_2each", 0, {g * 8 + j: (ch(0, g * 2 + j), ch(0, g * 2 + j)) for g in range(4) for j in range(2)})
    case("CF_x5_2each", 0, {g * 8 + j: (ch(0, (g * 2 + j) ^ 5), ch(0, g * 2 + j)) for g in range(4) for j in range(2)})
    case("CF_id_1each", 0, {g * 8: (ch(0, g), ch(0, g)) for g in range(4)})
    case("CF_id_1each_h", 0, {g * 8: (ch(0, g * 2), ch(0, g * 2)) for g in range(4)})
    # D: duplicated sources
    case("D_same_0to0_0to1", 0, lanes_of([((0, 0), (0, 0)), ((0, 0), (0, 1))]))
    case("D_same_0to0_0to4", 0, lanes_of([((0, 0), (0, 0)), ((0, 0), (0, 4))]))
    case("D_same_0to0_0to8", 0, lanes_of([((0, 0), (0, 0)), ((0, 0), (1, 0))]))
    case("D_x_0to0_0to8", 0, {0: (ch(0, 0), ch(0, 0)), 8: (ch(1, 0), ch(0, 0))})
    case("D_x_0to0_0to1", 0, {0: (ch(0, 0), ch(0, 0)), 8: (ch(0, 1), ch(0, 0))})
    case("D_full2rows_g01", 0, {**lanes_of([((0, i), (0, i)) for i in range(8)]),
                                **lanes_of([((0, i), (1, i)) for i in range(8)], 8)})
    case("D_full2rows_g0", 0, {**lanes_of([((0, i), (0, i)) for i in range(4)]),
                               **lanes_of([((0, i), (1, i)) for i in range(4)], 4)})
    case("D_half2rows_g01", 0, {**lanes_of([((0, i), (0, i)) for i in range(4)]),
                                **lanes_of([((0, i), (1, i)) for i in range(4)], 8)})
    # W: same destination
    case("W_same_dst_2lines", 0, lanes_of([((0, 0), (0, 0)), ((1, 0), (0, 0))]))
    case("W_same_dst_1line", 0, lanes_of([((0, 0), (0, 0)), ((0, 1), (0, 0))]))
    case("W_same_dst_x", 0, {0: (ch(0, 0), ch(0, 0)), 8: (ch(0, 0), ch(1, 0))})
    case("W_same_dst_plus", 0, lanes_of([((0, 0), (0, 0)), ((1, 0), (0, 0)), ((0, 1), (0, 1))]))
    case("W_same_dst_plus2", 0, lanes_of([((0, 0), (0, 0)), ((1, 0), (0, 0)), ((1, 1), (0, 1))]))
    # L: two lines in one group
    case("L_2lines_1row", 0, lanes_of([((0, 0), (0, 0)), ((1, 1), (0, 1))]))
    case("L_2lines_1row_s", 0, lanes_of([((0, 0), (0, 0)), ((1, 0), (0, 1))]))
    case("L_2lines_2rows", 0, lanes_of([((0, 0), (0, 0)), ((1, 0), (1, 0))]))
    case("L_1line_2rows", 0, lanes_of([((0, 0), (0, 0)), ((0, 1), (1, 1))]))
    case("L_1line_2rows_s", 0, lanes_of([((0, 0), (0, 0)), ((0, 1), (1, 0))]))
    case("L_full_2rows", 0, lanes_of([((0, i), (i // 4, i)) for i in range(8)]))
    case("L_full_2rows_b", 0, lanes_of([((0, i), (i % 2, i)) for i in range(8)]))
    case("L_2lines_full_row", 0, lanes_of([((i // 4, i), (0, i)) for i in range(8)]))
    case("L_2lines_full_row_b", 0, lanes_of([((i % 2, i), (0, i)) for i in range(8)]))
    # M: the mode switch: a partial pair plus lanes that complete the line / the row
    for p0, q0, p1, q1 in ((0, 0, 3, 1), (0, 0, 1, 3), (0, 0, 2, 1), (0, 0, 5, 7), (0, 1, 2, 0)):
        rest = [(p, q) for p, q in zip([x for x in range(8) if x not in (p0, p1)],
                                       [x for x in range(8) if x not in (q0, q1)])]
        base = [((0, p0), (0, q0)), ((0, p1), (0, q1))]
        case(f"M_{p0}{q0}_{p1}{q1}_full", 0, lanes_of(base + [((0, p), (0, q)) for p, q in rest]))
        case(f"M_{p0}{q0}_{p1}{q1}_srcfull", 0,
             lanes_of(base + [((0, p), (1, q)) for p, q in rest]))
        case(f"M_{p0}{q0}_{p1}{q1}_dstfull", 0,
             lanes_of(base + [((1, p), (0, q)) for p, q in rest]))


def sec_pairs():
    # P: two lanes (0, 1), one source line, one destination row: (p0 -> q0), (p1 -> q1)
    pairs = []
    for p0, q0 in ((0, 0), (0, 1), (1, 0)):
        for p1 in range(8):
            for q1 in range(8):
                if p1 != p0 and q1 != q0:
                    pairs.append((p0, q0, p1, q1))
    for p0, q0, p1, q1 in pairs:
        case(f"P_{p0}{q0}_{p1}{q1}", 0, lanes_of([((0, p0), (0, q0)), ((0, p1), (0, q1))]))


def sec_ca():
    # --- .ca 16 B -------------------------------------------------------------------------
    for p0, q0, p1, q1 in ((0, 0, 1, 1), (0, 0, 1, 2), (0, 0, 5, 3), (0, 0, 2, 4), (0, 1, 1, 0),
                           (0, 0, 0, 1), (0, 0, 1, 0), (0, 0, 4, 4)):
        case(f"A16_P_{p0}{q0}_{p1}{q1}", 1, lanes_of([((0, p0), (0, q0)), ((0, p1), (0, q1))]))
        case(f"A16_C_{p0}{q0}_{p1}{q1}", 1, {0: (ch(0, q0), ch(0, p0)), 8: (ch(0, q1), ch(0, p1))})
    case("A16_L_2lines", 1, lanes_of([((0, 0), (0, 0)), ((1, 1), (0, 1))]))
    case("A16_L_2lines_x", 1, {0: (ch(0, 0), ch(0, 0)), 8: (ch(0, 1), ch(1, 1))})
    case("A16_L_2rows", 1, lanes_of([((0, 0), (0, 0)), ((0, 1), (1, 0))]))
    case("A16_L_2rows_x", 1, {0: (ch(0, 0), ch(0, 0)), 8: (ch(1, 0), ch(0, 1))})
    for n in range(6):
        sig = list(range(8))
        R.shuffle(sig)
        case("A16_F_" + "".join(map(str, sig)), 1, lanes_of([((0, i), (0, sig[i])) for i in range(8)]))
    # two groups, same line / different lines
    case("A16_G2_sameline", 1, {**lanes_of([((0, i), (0, i)) for i in range(4)]),
                                **{8 + i: (ch(0, 4 + i), ch(0, 4 + i)) for i in range(4)}})
    case("A16_G2_2lines", 1, {**lanes_of([((0, i), (0, i)) for i in range(8)]),
                              **{8 + i: (ch(1, i), ch(1, i)) for i in range(8)}})
    case("A16_G2_2lines_swap", 1, {**lanes_of([((0, i), (0, i)) for i in range(8)]),
                                   **{8 + i: (ch(1, i), ch(0, i) + 512) for i in range(8)}})
    case("A16_G4_lines01", 1, {t: (ch(t // 8, t % 8), ch((t // 8) % 2, t % 8) + 128 * 0) for t in range(32)})
    # --- .ca 8 B / 4 B ----------------------------------------------------------------------
    for k, w in ((2, 8), (3, 4)):
        n = 128 // w
        for a, b in ((0, 1), (0, 16), (0, 31)):
            for (p0, q0, p1, q1) in ((0, 0, 1, 1), (0, 0, 0, 1), (0, 0, 1, 0), (0, 0, n - 1, 3)):
                case(f"A{w}_{a}_{b}_{p0}.{q0}_{p1}.{q1}", k,
                     {a: (ch(0, q0, w), ch(0, p0, w)), b: (ch(0, q1, w), ch(0, p1, w))})
            case(f"A{w}_{a}_{b}_2lines", k, {a: (ch(0, 0, w), ch(0, 0, w)), b: (ch(0, 1, w), ch(1, 1, w))})


def sec_valid():
    # V: random whole-warp cases for validation: each group copies rows of a tile
    for n in range(40):
        kind = 0 if n < 30 else 1
        lines = [R.randrange(8) for _ in range(32)]
        src = [R.randrange(16) * 128 + R.randrange(8) * 16 for _ in range(32)]
        style = n % 3
        if style == 0:    # a random swizzle of a contiguous tile
            x = [R.randrange(8) for _ in range(8)]
            dst = [((t // 8) * 128 + ((t % 8) ^ x[(t // 8) % 8]) * 16) for t in range(32)]
            src = [R.randrange(4) * 512 + t * 16 for t in range(32)]
        elif style == 1:  # random chunks of random lines
            dst = [R.randrange(32) * 16 for _ in range(32)]
        else:             # rows of a tile with a row pitch
            pitch = R.choice([128, 256, 384, 640])
            dst = [(t // 8) * 128 + ((t % 8) ^ (t // 8)) * 16 for t in range(32)]
            src = [(t // 8) * pitch + (t % 8) * 16 for t in range(32)]
        case(f"V{n}", kind, {t: (dst[t], src[t]) for t in range(32)})





def sec_subsets_rest():
    # S (rest): identity copies of three chunks
    subs = [[a, b] for a in range(8) for b in range(a + 1, 8)]
    subs += [[a, b, c] for a in range(8) for b in range(a + 1, 8) for c in range(b + 1, 8)]
    big = [sorted(R.sample(range(8), k)) for k in (4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 7, 7)]
    for S in subs[28:]:
        case("S_" + "".join(map(str, S)), 0, lanes_of([((0, p), (0, p)) for p in S]))


def sec_pairs_rest():
    # --- .cg 16 B: the rest of the pairs -----------------------------------------------------
    for p0, q0 in ((0, 2), (0, 4), (2, 5), (4, 0)):
        for p1 in range(8):
            for q1 in range(8):
                if p1 != p0 and q1 != q0:
                    case(f"P_{p0}{q0}_{p1}{q1}", 0, lanes_of([((0, p0), (0, q0)), ((0, p1), (0, q1))]))


def main():
    sec_sanity()
    sec_full()
    sec_subsets()
    sec_misc()
    sec_pairs()
    sec_ca()
    sec_valid()
    sec_subsets_rest()
    sec_pairs_rest()


if __name__ == "__main__":
    main()
    with open(sys.argv[1], "w") as f:
        f.write("\n".join(OUT) + "\n")
    print(len(OUT), "cases", file=sys.stderr)
