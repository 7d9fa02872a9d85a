"""The cases of the bank-rule measurements: per line, a name, the probe kernel (KINDS), the
instructions (1) and the 32 lanes' byte addresses (4294967295: inactive). cp.async cases are
left out: its shared-memory wavefronts depend on the global addresses too (see docs/banks.md)."""
import random
import sys
KINDS = "LD4 LD8 LD16 ST4 ST8 ST16 LDSM1 LDSM2 LDSM4 LDSM1T LDSM2T LDSM4T STSM1 STSM2 STSM4 CPA4 CPA8 CPA16".split()
OFF = 0xffffffff
cases = []
def add(name, kind, rows):
    cases.append((name, kind, rows))
R = random.Random(7)
def vec_patterns(W):
    p = {}
    p["consec"] = [t * W for t in range(32)]
    for s in (2, 3, 4, 8, 16, 32):
        p[f"stride{s}"] = [t * W * s for t in range(32)]
    p["row128"] = [t * 128 for t in range(32)]
    p["row132"] = [t * 132 // W * W for t in range(32)]
    p["bcast"] = [0] * 32
    p["bcast_off"] = [64] * 32
    p["pair1"] = [(t // 2) * W for t in range(32)]
    p["pair2"] = [((t // 4) * 2 + t % 2) * W for t in range(32)]
    p["quad"] = [(t // 4) * W for t in range(32)]
    p["mod16"] = [(t % 16) * W for t in range(32)]
    p["mod8"] = [(t % 8) * W for t in range(32)]
    p["mod4"] = [(t % 4) * W for t in range(32)]
    p["xor1"] = [(t ^ 1) * W for t in range(32)]
    p["rev"] = [(31 - t) * W for t in range(32)]
    p["half_swap"] = [((t + 16) % 32) * W for t in range(32)]
    p["odd_off"] = [t * W if t % 2 == 0 else OFF for t in range(32)]
    p["first8"] = [t * W if t < 8 else OFF for t in range(32)]
    p["first8_row128"] = [t * 128 if t < 8 else OFF for t in range(32)]
    p["two_words_same_bank"] = [(t % 2) * 128 + (t // 2) * 0 for t in range(32)]
    p["colmajor8x4"] = [((t % 8) * 4 + t // 8) * W for t in range(32)]
    p["colmajor4x8"] = [((t % 4) * 8 + t // 4) * W for t in range(32)]
    p["pad_row_plus1"] = [(t // 8) * (8 * W + W) + (t % 8) * W for t in range(32)]
    for k in range(6):
        perm = list(range(32)); R.shuffle(perm)
        p[f"perm{k}"] = [perm[t] * W for t in range(32)]
    for k in range(8):
        p[f"rand{k}"] = [R.randrange(0, 4096 // W) * W for t in range(32)]
    for k in range(4):
        p[f"randsmall{k}"] = [R.randrange(0, 512 // W) * W for t in range(32)]
    return p
for W, ld, st, cp in ((4, 0, 3, 15), (8, 1, 4, 16), (16, 2, 5, 17)):
    for name, a in vec_patterns(W).items():
        add(f"{KINDS[ld]}_{name}", ld, a)
        add(f"{KINDS[st]}_{name}", st, a)
def row_patterns():
    p = {}
    p["consec"] = [t * 16 for t in range(32)]
    for s in (32, 48, 64, 128, 256):
        p[f"rowstride{s}"] = [t * s for t in range(32)]
    p["sw128"] = [t * 128 + ((t % 8) * 16) for t in range(32)]
    p["sw64"] = [t * 64 + (((t // 2) % 4) * 16) for t in range(32)]
    p["bcast"] = [0] * 32
    p["mod8"] = [(t % 8) * 16 for t in range(32)]
    p["pairrows"] = [(t // 2) * 16 for t in range(32)]
    p["mat_interleave"] = [((t % 8) * 4 + t // 8) * 16 for t in range(32)]
    p["ktile"] = [(t % 16) * 64 + (t // 16) * 16 for t in range(32)]
    for k in range(6):
        p[f"rand{k}"] = [R.randrange(0, 256) * 16 for t in range(32)]
    return p
for name, a in row_patterns().items():
    for kind in range(6, 15):
        add(f"{KINDS[kind]}_{name}", kind, a)
with open(sys.argv[1], "w") as f:
    for name, kind, a in cases:
        f.write(f"{name} {kind} 1 " + " ".join(str(x) for x in a) + "\n")
