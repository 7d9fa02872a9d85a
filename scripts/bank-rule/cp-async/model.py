#!/usr/bin/env python3
"""A model of cp.async's shared-memory wavefronts (SASS LDGSTS) on the H100, as Nsight Compute
counts them (sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum), from one warp's
32 shared destination and global source byte offsets and its active lanes (issue 26):
predict(cache, width, dst, src, active). Offsets are taken from 128-byte-aligned bases: a
global "line" is src >> 7, a shared "row" is dst >> 7, a bank is (byte offset >> 2) & 31, and a
lane's banks are those of the width / 4 words it copies (one word for 4 bytes).

cp.async.ca (4, 8 or 16 bytes a lane):
  * the lanes are cut into groups of 128 / width consecutive lanes (32, 16 or 8), counted apart;
  * in a group, two active lanes clash when their global bytes share a bank (the same position
    in a 128-byte line, whether the lines differ or the address is the very same) or their shared
    bytes share a bank (a bank conflict, or the same word: two writes of one word do not merge);
  * a group costs 1 + the largest number of lanes that one active lane clashes with, and the
    count is the sum over the groups. (This is not the chromatic number of the clash graph: a
    lane that clashes with one lane on the global side and with another on the shared side costs
    3 although those two could share a wavefront.)

cp.async.cg (16 bytes a lane):
  * of active lanes writing the same shared address only the first (lowest lane) counts; the
    others are free, whatever they read (a lane repeating another's exact copy is free too);
  * the kept lanes are split into pieces by (global line, shared row), over the whole warp (no
    groups of 8 lanes); the count is the sum of the pieces' costs (pieces never share a wavefront);
  * in a piece, let X = ((src ^ dst) >> 4) & 7 (the 16-byte chunk index moved by xor). A lane is
    "whole" when the other 16-byte half of its 32-byte global sector (src ^ 16) is copied, in the
    same round (below), with the same X. A lane's class is (X & 3, whole, and for a lane that is
    not whole the half it reads, (src >> 4) & 1); bit 2 of X is free (a 64-byte swap costs
    nothing). One wavefront serves one class of a round;
  * rounds: with no global address read by two kept lanes of the piece there is one round. When
    lanes read the same 16-byte global address (to different shared addresses), the k-th such
    reader in lane order goes to round k (counting from 0); then each lane whose source is read once goes, in lane
    order, to the round where it adds the fewest new classes (ties: the latest round). A piece
    costs the number of classes summed over its rounds.
  The rounds are the rule's weak part: its misses (below) all copy one global chunk to two or more
  shared addresses; every .cg case without such a repeat is predicted exactly.

    python3 scripts/bank-rule/cp-async/model.py [--show]
    python3 scripts/bank-rule/cp-async/model.py --explicit tests/data/cp-async-h100-1.txt

Last scored (2026-11-27, printed by this script):
  docs/data/cp-async-h100.txt (first round, all 32 lanes active):
    .cg 16 B 140/144 (95/95 without a repeated source), .ca 16 B 84/84, .ca 8 B 84/84, .ca 4 B 84/84
  docs/data/cp-async-h100-2.txt (runs 3 and 1, masks of active lanes):
    .cg 16 B 4476/4496 (3872/3872 without a repeated source), .ca 16 B 440/440, .ca 8 B 210/210,
    .ca 4 B 160/160
"""
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "docs/data/cp-async-h100.txt"
DATA2 = ROOT / "docs/data/cp-async-h100-2.txt"
KINDS = {"cp.async.cg 16 bytes": (0, 16), "cp.async.ca 16 bytes": (1, 16),
         "cp.async.ca 8 bytes": (2, 8), "cp.async.ca 4 bytes": (3, 4)}
WIDTH = {0: 16, 1: 16, 2: 8, 3: 4}
NAME = {0: ".cg 16 B", 1: ".ca 16 B", 2: ".ca 8 B", 3: ".ca 4 B"}


# --- the model ------------------------------------------------------------------------------

def ca_wavefronts(width, dst, src, active):
    """cp.async.ca: per group of 128/width lanes, 1 + the most lanes one lane clashes with."""
    per = 128 // width

    def banks(a):
        return {(a // 4 + i) % 32 for i in range(max(1, width // 4))}

    total = 0
    for start in range(0, 32, per):
        lanes = [t for t in active if start <= t < start + per]
        if not lanes:
            continue
        sb = {t: banks(src[t]) for t in lanes}
        db = {t: banks(dst[t]) for t in lanes}
        total += 1 + max(sum(1 for u in lanes if u != t and (sb[t] & sb[u] or db[t] & db[u]))
                         for t in lanes)
    return total


def cg_classes(copies):
    """The classes of one round of one piece: copies are (src, dst) byte offsets."""
    moves = {(s, ((s ^ d) >> 4) & 7) for s, d in copies}
    out = set()
    for s, d in copies:
        x = ((s ^ d) >> 4) & 7
        whole = (s ^ 16, x) in moves
        out.add((x & 3, whole, None if whole else (s >> 4) & 1))
    return out


def cg_piece(copies):
    """One (line, row) piece, copies in lane order with distinct destinations."""
    reads = Counter(s for s, _ in copies)
    rounds, nth, single = [], Counter(), []
    for s, d in copies:
        if reads[s] > 1:
            r = nth[s]
            nth[s] += 1
            while len(rounds) <= r:
                rounds.append([])
            rounds[r].append((s, d))
        else:
            single.append((s, d))
    if not rounds:
        rounds.append([])
    for c in single:
        best = None
        for r in reversed(range(len(rounds))):
            grow = len(cg_classes(rounds[r] + [c])) - len(cg_classes(rounds[r]))
            if best is None or grow < best[0]:
                best = (grow, r)
        rounds[best[1]].append(c)
    return sum(len(cg_classes(r)) for r in rounds)


def cg_wavefronts(dst, src, active):
    kept, seen = [], set()
    for t in sorted(active):
        if dst[t] not in seen:
            seen.add(dst[t])
            kept.append(t)
    pieces = defaultdict(list)
    for t in kept:
        pieces[(src[t] >> 7, dst[t] >> 7)].append((src[t], dst[t]))
    return sum(cg_piece(p) for p in pieces.values())


def predict(cache, width, dst, src, active=range(32)):
    """cache "cg" (width 16) or "ca" (width 4, 8 or 16); dst, src: 32 byte offsets each;
    active: the active lanes."""
    active = sorted(set(active))
    if not active:
        return 0
    if cache == "cg":
        assert width == 16, "cp.async.cg copies 16 bytes"
        return cg_wavefronts(dst, src, active)
    assert cache == "ca" and width in (4, 8, 16)
    return ca_wavefronts(width, dst, src, active)


def wavefronts(kind, dst, src, active=range(32)):
    """kind as in the data files: 0 .cg 16 B; 1, 2, 3: .ca 16, 8, 4 B."""
    return predict("cg" if kind == 0 else "ca", WIDTH[kind], dst, src, active)


# --- the measurements -------------------------------------------------------------------------

def patterns(rng, w):
    """gen.py's patterns (the same generator, called in the same order)."""
    p = {
        "consec": [t * w for t in range(32)],
        "pair1": [(t // 2) * w for t in range(32)],
        "pair2": [((t // 4) * 2 + t % 2) * w for t in range(32)],
        "quad": [(t // 4) * w for t in range(32)],
        "mod8": [(t % 8) * w for t in range(32)],
        "bcast": [0] * 32,
        "stride2": [t * 2 * w for t in range(32)],
        "stride3": [t * 3 * w for t in range(32)],
        "row128": [t * 128 for t in range(32)],
        "rev": [(31 - t) * w for t in range(32)],
    }
    perm = list(range(32))
    rng.shuffle(perm)
    p["perm"] = [perm[t] * w for t in range(32)]
    p["colmajor8x4"] = [((t % 8) * 4 + t // 8) * w for t in range(32)]
    return p


def cases():
    """The first round's table: (kind, name, dst, src, active lanes, measured)."""
    rng = random.Random(3)
    pats = {k: patterns(rng, w) for k, w in ((0, 16), (1, 16), (2, 8), (3, 4))}
    names = list(pats[0])
    kind = None
    for line in DATA.read_text().splitlines():
        if line in KINDS:
            kind = KINDS[line][0]
            continue
        f = line.split()
        if not f or line.startswith("#") or f[0] == "dst":
            continue
        for src, v in zip(names, f[1:]):
            if v != "-":
                yield kind, f"dst {f[0]} src {src}", pats[kind][f[0]], pats[kind][src], range(32), int(v)


def cases2():
    """The second table: rows name kind measured lane:dst:src..."""
    for line in DATA2.read_text().splitlines():
        f = line.split()
        if len(f) < 4 or line.startswith(("#", "run ")):
            continue
        dst, src, active = [0] * 32, [0] * 32, []
        for x in f[3:]:
            t, a, b = map(int, x.split(":"))
            dst[t], src[t] = a, b
            active.append(t)
        yield int(f[1]), f[0], dst, src, active, int(f[2])


def repeats_source(kind, dst, src, active):
    """Does one global address go to two or more shared addresses (the .cg rule's weak part)?"""
    copies = {(src[t], dst[t]) for t in active}
    return len({s for s, _ in copies}) < len(copies)


def explicit(path):
    """The first round's table with its patterns spelled out, in the second table's row format
    (name kind measured lane:dst:src ...): what tests/tests/banks.rs reads."""
    with open(path, "w") as out:
        out.write("# docs/data/cp-async-h100.txt (cp.async's shared wavefronts on the H100, first round), each\n"
                  "# case spelled out by scripts/bank-rule/cp-async/model.py --explicit: name kind measured\n"
                  "# lane:dst:src ... (kind 0 .cg 16 B; 1, 2, 3: .ca 16, 8, 4 B; byte offsets)\n")
        for kind, name, dst, src, active, measured in cases():
            lanes = " ".join(f"{t}:{dst[t]}:{src[t]}" for t in active)
            out.write(f"{name.replace(' ', '_')} {kind} {measured} {lanes}\n")


def main():
    if "--explicit" in sys.argv:
        explicit(sys.argv[sys.argv.index("--explicit") + 1])
        return
    show = "--show" in sys.argv
    for title, rows in (("docs/data/cp-async-h100.txt", cases()), ("docs/data/cp-async-h100-2.txt", cases2())):
        score = defaultdict(lambda: [0, 0])
        clean = [0, 0]
        for kind, name, dst, src, active, measured in rows:
            p = wavefronts(kind, dst, src, active)
            s = score[kind]
            s[0] += p == measured
            s[1] += 1
            if kind == 0 and not repeats_source(kind, dst, src, active):
                clean[0] += p == measured
                clean[1] += 1
            if show and p != measured:
                print(f"{title} {NAME[kind]} {name}: predicted {p}, measured {measured}")
        print(title + ": " + ", ".join(f"{NAME[k]} {score[k][0]}/{score[k][1]}" for k in sorted(score))
              + f" (.cg without a repeated source: {clean[0]}/{clean[1]})")


if __name__ == "__main__":
    main()
