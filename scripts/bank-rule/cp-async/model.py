#!/usr/bin/env python3
"""A candidate model of cp.async's shared-memory wavefronts, scored against the H100's counts
(docs/data/cp-async-h100.txt; issue 26, the part of the bank model left open).

The model, per group of lanes (32 lanes for 4-byte copies, 16 for 8-byte, 8 for 16-byte), summed:
* the global side delivers the group's lanes in rounds: a lane joins the earliest round that
  holds lanes of its source's 128-byte line only and no lane with its source address (lane order);
* the shared side writes one wavefront a step: the lanes delivered so far and not yet written,
  taken in lane order, skipping a lane whose 4-byte words share a bank with a lane already taken
  (the same word too: two writes to one word are two wavefronts);
* one round arrives a step; the group's count is the steps until every lane is written.

    python3 scripts/bank-rule/cp-async/model.py [--show]

Last scored (2026-11-27): .ca 4 B 84/84, .ca 8 B 81/84, .ca 16 B 72/84, .cg 16 B 42/144; so it
is not the hardware's rule, and cute-dynamic's bank model still has no cp.async.
"""
import random
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[3] / "docs/data/cp-async-h100.txt"
KINDS = {"cp.async.cg 16 bytes": (0, 16), "cp.async.ca 16 bytes": (1, 16),
         "cp.async.ca 8 bytes": (2, 8), "cp.async.ca 4 bytes": (3, 4)}


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
    rng = random.Random(3)
    pats = {k: patterns(rng, w) for k, w in ((0, 16), (1, 16), (2, 8), (3, 4))}
    names = list(pats[0])
    kind = None
    for line in DATA.read_text().splitlines():
        if line in KINDS:
            kind = KINDS[line]
            continue
        f = line.split()
        if not f or line.startswith("#") or f[0] == "dst":
            continue
        k, w = kind
        for src, v in zip(names, f[1:]):
            if v != "-":
                yield k, w, f[0], src, pats[k][f[0]], pats[k][src], int(v)


def group_steps(lanes, w, dst, src):
    rounds, arrival = [], {}
    for t in lanes:
        r = 0
        while True:
            if r == len(rounds):
                rounds.append([])
            if all(src[u] // 128 == src[t] // 128 and src[u] != src[t] for u in rounds[r]):
                rounds[r].append(t)
                arrival[t] = r
                break
            r += 1

    def words(t):
        return [dst[t] // 4 + i for i in range(w // 4)]

    def collide(t, u):
        return any(a % 32 == b % 32 for a in words(t) for b in words(u))

    pending, written, step = [], 0, 0
    while written < len(lanes):
        if step < len(rounds):
            pending += rounds[step]
        wave = []
        for t in pending:
            if not any(collide(t, u) for u in wave):
                wave.append(t)
        pending = [t for t in pending if t not in wave]
        written += len(wave)
        step += 1
    return step


def predict(w, dst, src):
    g = {4: 32, 8: 16, 16: 8}[w]
    return sum(group_steps(list(range(i, i + g)), w, dst, src) for i in range(0, 32, g))


def main():
    show = "--show" in sys.argv
    score = {}
    for k, w, dn, sn, dst, src, measured in cases():
        p = predict(w, dst, src)
        good, n = score.get(k, (0, 0))
        score[k] = (good + (p == measured), n + 1)
        if show and p != measured:
            print(f"kind {k} dst {dn} src {sn}: predicted {p}, measured {measured}")
    for name, (k, _) in KINDS.items():
        print(f"{name}: {score[k][0]} of {score[k][1]}")


if __name__ == "__main__":
    main()
