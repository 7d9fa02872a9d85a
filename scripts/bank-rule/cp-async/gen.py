import random
R = random.Random(3)
def pats(W):
    p = {}
    p["consec"] = [t*W for t in range(32)]
    p["pair1"] = [(t//2)*W for t in range(32)]
    p["pair2"] = [((t//4)*2 + t%2)*W for t in range(32)]
    p["quad"] = [(t//4)*W for t in range(32)]
    p["mod8"] = [(t%8)*W for t in range(32)]
    p["bcast"] = [0]*32
    p["stride2"] = [t*2*W for t in range(32)]
    p["stride3"] = [t*3*W for t in range(32)]
    p["row128"] = [t*128 for t in range(32)]
    p["rev"] = [(31-t)*W for t in range(32)]
    perm = list(range(32)); R.shuffle(perm)
    p["perm"] = [perm[t]*W for t in range(32)]
    p["colmajor8x4"] = [((t%8)*4 + t//8)*W for t in range(32)]
    return p
import sys
out = open(sys.argv[1], "w")
n = 0
for kind, W in ((0,16),(1,16),(2,8),(3,4)):
    P = pats(W)
    for dn, d in P.items():
        for sn, s in P.items():
            if kind > 0 and sn not in ("consec", "bcast", "perm", "stride2", "row128", "pair1", "mod8"): continue
            out.write(f"k{kind}_d{dn}_s{sn} {kind} " + " ".join(map(str, d)) + " " + " ".join(map(str, s)) + "\n"); n += 1

