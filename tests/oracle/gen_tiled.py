#!/usr/bin/env python3
"""Record TiledCopy / TiledMMA conformance vectors from CuTe C++ (CUTLASS 4.2.0).

Writes tests/data/tiled-vectors.jsonl (format: tests/data/TILED-FORMAT.md, on top
of ../shared/conformance/FORMAT.md sections 1, 5 and 6).  Every printed value
comes from CuTe's own print(): the cases are compiled for the host with g++
against the CuTe headers and run, one forked child per case.

The compile/run/parse machinery (batches of cases in one translation unit,
rejected cases recorded with their static_assert text, static twins) is that
of the team's oracle scripts gen.py and gen_ext.py, imported at run time from
../shared/oracle (relative to the repository root; override with
$CUTE_ORACLE_DIR).  This file only describes the cases.

    python3 tests/oracle/gen_tiled.py --seed 1 --per-op 22 --out tests/data/tiled-vectors.jsonl
    python3 tests/oracle/gen_tiled.py --per-op 0 --out /tmp/hand.jsonl   # handcrafted only

Run it with --jobs 1 on a shared machine (the default).
"""
import argparse
import collections
import json
import os
import random
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ORACLE = Path(os.environ.get("CUTE_ORACLE_DIR", str((REPO / ".." / "shared" / "oracle").resolve())))
sys.path.insert(0, str(ORACLE))
sys.dont_write_bytecode = True  # leave no __pycache__ in the oracle directory

import gen  # noqa: E402
import gen_ext  # noqa: E402
from gen import I, Lay, Tile, UND, is_tup, flatten, product  # noqa: E402
from gen_ext import Name  # noqa: E402

# Random streams: random.Random("<RNG_KEY>/<seed>/<op>/<variant>").
RNG_KEY = "cute-tiled-oracle"

# ----------------------------------------------------------------------------
# C++ side
# ----------------------------------------------------------------------------
# OP prints a multi-line value (print(tiled_copy), print(tiled_mma)) between
# "@P " and "@@END"; the run output is folded back into one "@R" line before
# gen.parse_run reads it, and the newlines are restored in the record.
PRELUDE_TILED = gen_ext.PRELUDE_EXT + r'''template <class T> static void OP(T const& x) { printf("@P "); print(x); printf("@@END\n"); fflush(stdout); }
template <class A, class L, class P> static P oracle_perm(TiledMMA<A,L,P> const&) { return P{}; }
'''
NL = "\x01"  # not a line boundary for str.splitlines (\x1c-\x1e are)
_P_RE = re.compile(r"@P ((?:(?!\n@[CSARP] ).)*?)@@END\n", re.S)
_orig_parse_run = gen.parse_run


def _parse_run(out, active):
    out = _P_RE.sub(lambda m: "@R " + m.group(1).replace("\n", NL) + "\n", out)
    res = _orig_parse_run(out, active)
    for _, o in res:
        if isinstance(o.get("result"), str):
            o["result"] = o["result"].replace(NL, "\n")
    return res


COPY_FIELDS = ["Tiler_MN", "TiledLayout_TV", "layoutS_TV", "layoutD_TV", "layoutS_MN", "layoutD_MN", "print"]
MMA_FIELDS = ["ThrLayoutVMNK", "PermutationMNK", "TileShape_MNK", "LayoutA_TV", "LayoutB_TV", "LayoutC_TV", "print"]

COPY_FIELD_CODE = {
    "Tiler_MN": "OR(typename TC::Tiler_MN{});",
    "TiledLayout_TV": "OR(typename TC::TiledLayout_TV{});",
    "layoutS_TV": "OR(tc.get_layoutS_TV());",
    "layoutD_TV": "OR(tc.get_layoutD_TV());",
    # CUTLASS 4.2 has no get_layoutS_MN/get_layoutD_MN; this is the first element of
    # what CUTLASS 3.x's get_layoutS_MN() returned, computed with 4.2's functions.
    "layoutS_MN": "OR(right_inverse(tc.get_layoutS_TV()).with_shape(shape(typename TC::Tiler_MN{})));",
    "layoutD_MN": "OR(right_inverse(tc.get_layoutD_TV()).with_shape(shape(typename TC::Tiler_MN{})));",
    "print": "OP(tc);",
}
MMA_FIELD_CODE = {
    "ThrLayoutVMNK": "OR(mma.get_thr_layout_vmnk());",
    "PermutationMNK": "OR(oracle_perm(mma));",
    "TileShape_MNK": "OR(tile_shape(mma));",
    "LayoutA_TV": "OR(mma.get_layoutA_TV());",
    "LayoutB_TV": "OR(mma.get_layoutB_TV());",
    "LayoutC_TV": "OR(mma.get_layoutC_TV());",
    "print": "OP(mma);",
}

COPY_OPS = ["tiled_copy", "tiled_copy_partition_S", "tiled_copy_partition_D",
            "tiled_copy_retile_S", "tiled_copy_retile_D"]
MMA_OPS = ["tiled_mma", "tiled_mma_partition_A", "tiled_mma_partition_B", "tiled_mma_partition_C",
           "tiled_mma_partition_fragment_A", "tiled_mma_partition_fragment_B",
           "tiled_mma_partition_fragment_C"]
OPS = COPY_OPS + MMA_OPS + ["make_fragment_like"]
# Internal ops of the pre-pass (never written to the file).
PRE_OPS = ["_copy_part_D", "_copy_frag_D", "_copy_part_S"]
VARIANTS = ["static", "dynamic", "mixed"]
VARIANT_ORDER = {v: i for i, v in enumerate(["handcrafted", "perm_too_small"] + VARIANTS)}


class TiledCase(gen.Case):
    __slots__ = ()

    def body(self):
        a = []
        for k, x in enumerate(self.args):
            if not isinstance(x, Name):
                a.append("auto a%d = %s;" % (k, gen_ext.cx(x)))
        for k, x in enumerate(self.args):
            if isinstance(x, Name):
                a.append('printf("@A %%s\\n", "%s"); fflush(stdout);' % x.name)
            else:
                a.append("OA(a%d);" % k)
        op, args = self.op, self.args
        if op in COPY_OPS or op in PRE_OPS:
            o = ["auto tc = make_tiled_copy(Copy_Atom<%s, %s>{}, a2, a3);" % (args[0].code, args[1].code),
                 "using TC = decltype(tc);"]
            if op == "tiled_copy":
                o.append(COPY_FIELD_CODE[args[4].name])
            elif op in ("tiled_copy_partition_S", "tiled_copy_partition_D"):
                o.append("OT(tc.get_slice(a5).partition_%s(make_tensor(OBASE, a4)));" % op[-1])
            elif op in ("tiled_copy_retile_S", "tiled_copy_retile_D"):
                o.append("OT(tc.get_slice(0).retile_%s(make_tensor(OBASE, a4)));" % op[-1])
            elif op == "_copy_part_D":
                o.append("OR(tc.get_slice(a5).partition_D(make_tensor(OBASE, a4)).layout());")
            elif op == "_copy_part_S":
                o.append("OR(tc.get_slice(a5).partition_S(make_tensor(OBASE, a4)).layout());")
            elif op == "_copy_frag_D":
                o.append("OR(make_fragment_like(tc.get_slice(a5).partition_D(make_tensor(OBASE, a4)).layout()));")
        elif op in MMA_OPS:
            o = ["auto mma = make_tiled_mma(%s{}, a1, a2);" % args[0].code]
            if op == "tiled_mma":
                o.append(MMA_FIELD_CODE[args[3].name])
            elif op.startswith("tiled_mma_partition_fragment_"):
                o.append("OR(mma.get_slice(a4).partition_fragment_%s(make_tensor(OBASE, a3)).layout());" % op[-1])
            else:
                o.append("OT(mma.get_slice(a4).partition_%s(make_tensor(OBASE, a3)));" % op[-1])
        elif op == "make_fragment_like":
            o = ["OR(make_fragment_like(a0));"]
        else:
            raise ValueError(op)
        return a, o


def install():
    gen.PRELUDE = PRELUDE_TILED
    gen.case_sig = gen_ext.case_sig
    gen.parse_errors = gen_ext._parse_errors_noting_static_asserts
    gen.parse_run = _parse_run
    # gen_ext.annotate builds its static twins as gen_ext.ExtCase: make them ours.
    gen_ext.ExtCase = TiledCase


# ----------------------------------------------------------------------------
# Values
# ----------------------------------------------------------------------------
def P(s):
    """gen.py's notation: _N static, N dynamic, S:D layout, L(S) make_layout(S),
    R(S) LayoutRight, <a,b,c> make_tile."""
    return gen.Parser(s).parse()


def S(x):
    """Every int leaf of a plain value made static."""
    return gen._apply(x, iter(lambda: True, None))


def plain(x):
    """A parsed value (I leaves) back to plain ints (flags dropped)."""
    if isinstance(x, I):
        return x.v
    if is_tup(x):
        return tuple(plain(e) for e in x)
    if isinstance(x, Lay):
        return Lay(plain(x.shape), plain(x.stride) if x.stride is not None else None, x.ctor)
    return x


def assign_some(args, which, variant, rng, ps=None):
    """Static/dynamic assignment (FORMAT.md section 3) for the arguments at the
    positions in `which`; every other argument is made all-static (thread,
    value and atom layouts and permutations must be static in CuTe)."""
    sub = gen_ext.assign([args[i] for i in which], variant, rng, ps)
    out = []
    it = iter(sub)
    for i, x in enumerate(args):
        if i in which:
            out.append(next(it))
        elif isinstance(x, Name):
            out.append(x)
        else:
            out.append(S(x))
    return out


# ----------------------------------------------------------------------------
# Atoms
# ----------------------------------------------------------------------------
BITS = {"half_t": 16, "bfloat16_t": 16, "float": 32, "double": 64, "uint8_t": 8, "int8_t": 8,
        "int32_t": 32, "uint16_t": 16, "tfloat32_t": 32, "uint32_t": 32, "uint64_t": 64}

# copy op -> (threads of the atom, bits per thread per copy, value types it is used with)
COPY_ATOMS = collections.OrderedDict([
    ("UniversalCopy<uint16_t>", (1, 16, ["half_t", "uint8_t", "bfloat16_t"])),
    ("UniversalCopy<uint32_t>", (1, 32, ["half_t", "float", "uint8_t", "int32_t"])),
    ("UniversalCopy<uint64_t>", (1, 64, ["half_t", "float", "double", "uint8_t"])),
    ("UniversalCopy<uint128_t>", (1, 128, ["half_t", "float", "double", "uint8_t", "int32_t", "bfloat16_t"])),
    ("UniversalCopy<float>", (1, 32, ["float"])),
    ("UniversalCopy<half_t>", (1, 16, ["half_t"])),
    ("AutoVectorizingCopy", (1, None, ["half_t", "float", "double", "uint8_t"])),
    ("DefaultCopy", (1, None, ["half_t", "float", "double", "int32_t"])),
    ("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", (1, 128, ["half_t", "float", "double", "uint8_t", "bfloat16_t"])),
    ("SM80_CP_ASYNC_CACHEALWAYS<uint64_t>", (1, 64, ["half_t", "float"])),
    ("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", (1, 128, ["half_t", "float", "double", "uint8_t"])),
    ("SM75_U32x1_LDSM_N", (32, 32, ["half_t", "float", "uint8_t", "bfloat16_t"])),
    ("SM75_U32x2_LDSM_N", (32, 64, ["half_t", "float", "uint8_t"])),
    ("SM75_U32x4_LDSM_N", (32, 128, ["half_t", "float", "uint8_t", "bfloat16_t"])),
    ("SM75_U16x2_LDSM_T", (32, 32, ["half_t", "bfloat16_t"])),
    ("SM75_U16x4_LDSM_T", (32, 64, ["half_t", "bfloat16_t"])),
    ("SM75_U16x8_LDSM_T", (32, 128, ["half_t", "bfloat16_t"])),
])


def copy_atom_vals(op, vt):
    thr, bits, _ = COPY_ATOMS[op]
    return thr, (1 if bits is None else bits // BITS[vt])


# MMA atom -> (Shape_MNK, threads, partition_fragment_A/B supported on a register tensor)
MMA_ATOMS = collections.OrderedDict([
    ("UniversalFMA<float,float,float>", ((1, 1, 1), 1, True)),
    ("UniversalFMA<double,double,double>", ((1, 1, 1), 1, True)),
    ("SM80_16x8x16_F16F16F16F16_TN", ((16, 8, 16), 32, True)),
    ("SM80_16x8x8_F16F16F16F16_TN", ((16, 8, 8), 32, True)),
    ("SM80_16x8x16_F32F16F16F32_TN", ((16, 8, 16), 32, True)),
    ("SM80_16x8x16_F32BF16BF16F32_TN", ((16, 8, 16), 32, True)),
    ("SM80_16x8x8_F32TF32TF32F32_TN", ((16, 8, 8), 32, True)),
    ("SM80_8x8x4_F64F64F64F64_TN", ((8, 8, 4), 32, True)),
    ("SM80_16x8x32_S32S8S8S32_TN", ((16, 8, 32), 32, True)),
    ("SM75_16x8x8_F32F16F16F32_TN", ((16, 8, 8), 32, True)),
    ("SM70_8x8x4_F16F16F16F16_TN", ((8, 8, 4), 8, True)),
    ("SM61_DP4A", ((1, 1, 4), 1, True)),
    ("SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>", ((64, 64, 16), 128, False)),
    ("SM90_64x8x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>", ((64, 8, 16), 128, False)),
    ("SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::MN>", ((64, 64, 16), 128, False)),
    ("SM90_64x128x16_F32BF16BF16_RS<GMMA::Major::K,GMMA::Major::K>", ((64, 128, 16), 128, "A")),
    ("SM90_64x16x8_F32TF32TF32_SS_TN<>", ((64, 16, 8), 128, False)),
])


def frag_ok(atom, which):
    ok = MMA_ATOMS[atom][2]
    return ok is True or ok == which


# ----------------------------------------------------------------------------
# Case list helper
# ----------------------------------------------------------------------------
class Cases:
    def __init__(self):
        self.out, self.cnt = [], collections.Counter()

    def add(self, op, variant, args):
        k = self.cnt[(op, variant)]
        self.cnt[(op, variant)] += 1
        self.out.append(TiledCase("%s/%s/%d" % (op, variant, k), op, variant, args))


def N(s):
    return Name(s)


def idx_val(v, static):
    return I(v, static)


# ----------------------------------------------------------------------------
# Handcrafted cases
# ----------------------------------------------------------------------------
def copy_cfg(op, vt, thr, val):
    return [N(op), N(vt), P(thr), P(val)]


def mma_cfg(atom, lay, perm):
    return [N(atom), P(lay), P(perm)]


def handcrafted(pre):
    """pre: results of the pre-pass (fragment layouts), keyed by spec name."""
    C = Cases()
    H = "handcrafted"

    def idx_flavours(idxs, both):
        """(idx, static?) pairs: both flavours of every index, or alternating."""
        if both:
            return [(i, st) for i in idxs for st in (True, False)]
        return [(i, k % 2 == 0) for k, i in enumerate(idxs)]

    def copy_all(cfg, tensors_S=(), tensors_D=(), idxs=(0, 1, 37, 255), frags=(), fields=True, both=True):
        if fields:
            for f in COPY_FIELDS:
                C.add("tiled_copy", H, cfg + [N(f)])
        for t in tensors_S:
            for i, st in idx_flavours(idxs, both):
                C.add("tiled_copy_partition_S", H, cfg + [P(t), idx_val(i, st)])
        for t in tensors_D:
            for i, st in idx_flavours(idxs, both):
                C.add("tiled_copy_partition_D", H, cfg + [P(t), idx_val(i, st)])
        for fl in frags:
            C.add("make_fragment_like", H, [fl])
            C.add("tiled_copy_retile_S", H, cfg + [fl])
            C.add("tiled_copy_retile_D", H, cfg + [fl])

    def mma_all(cfg, A=(), B=(), Cc=(), idxs=(0, 1, 37, 255), frag_AB=True, variant=H, fields=True, both=True):
        if fields:
            for f in MMA_FIELDS:
                C.add("tiled_mma", variant, cfg + [N(f)])
        for which, ts in (("A", A), ("B", B), ("C", Cc)):
            for t in ts:
                for i, st in idx_flavours(idxs, both):
                    C.add("tiled_mma_partition_" + which, variant, cfg + [P(t), idx_val(i, st)])
                if which == "C" or frag_AB is True or frag_AB == which:
                    C.add("tiled_mma_partition_fragment_" + which, variant, cfg + [P(t), idx_val(idxs[-1], True)])

    # --- CuTe tutorial tiled_copy.cu: float, 32x8 threads, 4x1 values, UniversalCopy<uint128_t>;
    # the tile of tiled_divide(tensor (256,512):(_1,256), (_128,_64)) at (_,_,bx,by).
    tc1 = copy_cfg("UniversalCopy<uint128_t>", "float", "L((_32,_8))", "L((_4,_1))")
    copy_all(tc1, tensors_S=["(_128,_64):(_1,256)", "(_128,_64):(_1,_128)"],
             tensors_D=["(_128,_64):(_1,256)"], frags=pre["tc1"])
    # the same with the explicit strides written in the tutorial's comments
    copy_all(copy_cfg("UniversalCopy<uint128_t>", "float", "(_32,_8):(_1,_32)", "(_4,_1):(_1,_0)"),
             tensors_S=["(_128,_64):(_1,256)"], idxs=(0, 37), both=False)
    # --- sgemm_2.cu NT: copyA/copyB as tc1; gA = local_tile(mA (512,256):(_1,512)) -> (_128,_8,32)
    copy_all(tc1, tensors_S=["(_128,_8,32):(_1,512,4096)"], tensors_D=["(_128,_8):(_1,_128)"], fields=False)
    # --- sgemm_2.cu TN: UniversalCopy<float> (TA), thr 32x8 k-major, val 1x1; gA k-major, sA padded
    tc_tn = copy_cfg("UniversalCopy<float>", "float", "(_32,_8):(_8,_1)", "L((_1,_1))")
    copy_all(tc_tn, tensors_S=["(_128,_8,32):(256,_1,_8)"],
             tensors_D=["(_128,_8):(_1,_129)", "(_128,_8):(_1,_128)"], frags=pre["tc_tn"])
    # --- sgemm_sm80.cu: cp.async 128b, half_t 16x8 k-major threads x 1x8 values; float 32x8 x 4x1
    tc80h = copy_cfg("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "half_t", "(_16,_8):(_8,_1)", "L((_1,_8))")
    copy_all(tc80h, tensors_S=["(_128,_64,8):(512,_1,_64)"],
             tensors_D=["(_128,_64,_3):(_64,_1,_8192)", "(_128,_64):(_64,_1)"],
             idxs=(0, 1, 37, 127), frags=pre["tc80h"], both=False)
    copy_all(copy_cfg("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "float", "L((_32,_8))", "L((_4,_1))"),
             tensors_S=["(_128,_8,32):(_1,512,4096)"], tensors_D=["(_128,_8,_3):(_1,_128,_1024)"], both=False)
    copy_all(copy_cfg("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", "half_t", "(_16,_8):(_8,_1)", "L((_1,_8))"),
             tensors_S=["(_128,_64):(512,_1)"], idxs=(0, 37), both=False)
    # --- LDSM copies (shared -> registers), 32..128 threads
    for op, vt, thr, val in [("SM75_U32x4_LDSM_N", "half_t", "(_32,_1):(_1,_0)", "L((_1,_8))"),
                             ("SM75_U32x4_LDSM_N", "half_t", "(_16,_8):(_8,_1)", "L((_1,_8))"),
                             ("SM75_U32x2_LDSM_N", "half_t", "L((_16,_2))", "L((_1,_4))"),
                             ("SM75_U32x1_LDSM_N", "half_t", "L((_8,_4))", "L((_1,_2))"),
                             ("SM75_U32x4_LDSM_N", "float", "(_8,_16):(_16,_1)", "L((_1,_4))"),
                             ("SM75_U16x2_LDSM_T", "half_t", "L((_32,_1))", "L((_2,_1))"),
                             ("SM75_U16x4_LDSM_T", "half_t", "L((_16,_4))", "L((_4,_1))"),
                             ("SM75_U16x8_LDSM_T", "half_t", "L((_32,_4))", "L((_8,_1))")]:
        cfg = copy_cfg(op, vt, thr, val)
        tm, tn = copy_tiler(cfg)   # a tensor of 2x2 tiles: row-major (S) and column-major (D)
        copy_all(cfg, tensors_S=["(_%d,_%d):(_%d,_1)" % (2 * tm, 2 * tn, 2 * tn)],
                 tensors_D=["(_%d,_%d):(_1,_%d)" % (2 * tm, 2 * tn, 2 * tm)], idxs=(5, 31), both=False)
    for op, vt in [("AutoVectorizingCopy", "float"), ("DefaultCopy", "half_t"),
                   ("UniversalCopy<uint64_t>", "half_t"), ("UniversalCopy<uint32_t>", "uint8_t"),
                   ("UniversalCopy<uint16_t>", "uint8_t"), ("UniversalCopy<uint128_t>", "double")]:
        vals = copy_atom_vals(op, vt)[1]
        copy_all(copy_cfg(op, vt, "L((_8,_4))", "L((_%d,_1))" % vals),
                 tensors_S=["(_64,_16):(_1,_64)"], idxs=(0, 9), both=False)
    # --- refusals: too few threads / values for the atom
    for op, vt, thr, val in [("SM75_U32x4_LDSM_N", "half_t", "L((_8,_1))", "L((_1,_8))"),
                             ("SM75_U32x4_LDSM_N", "half_t", "L((_16,_1))", "L((_1,_8))"),
                             ("SM75_U32x4_LDSM_N", "half_t", "L((_32,_1))", "L((_1,_4))"),
                             ("SM75_U16x8_LDSM_T", "half_t", "L((_16,_2))", "L((_8,_1))"),
                             ("UniversalCopy<uint128_t>", "float", "L((_32,_8))", "L((_2,_1))"),
                             ("UniversalCopy<uint128_t>", "half_t", "L((_32,_8))", "L((_4,_1))"),
                             ("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "half_t", "(_16,_8):(_8,_1)", "L((_1,_4))"),
                             ("UniversalCopy<uint128_t>", "float", "L((_32,_8))", "L((_6,_1))")]:
        cfg = copy_cfg(op, vt, thr, val)
        for f in ("TiledLayout_TV", "print"):
            C.add("tiled_copy", H, cfg + [N(f)])
        C.add("tiled_copy_partition_S", H, cfg + [P("(_128,_64):(_1,_128)"), I(0, True)])

    # --- sgemm_2.cu NT: UniversalFMA 16x16x1 m-major; sA, sB (_128,_8):(_1,_128), gC (_128,_128):(_1,512)
    fma = "UniversalFMA<float,float,float>"
    mma_all(mma_cfg(fma, "L((_16,_16,_1))", "<_,_,_>"),
            A=["(_128,_8):(_1,_128)"], B=["(_128,_8):(_1,_128)"], Cc=["(_128,_128):(_1,512)", "(_128,_128):(_1,_128)"])
    # --- sgemm_2.cu TN: (_16,_16,_1):(_16,_1,_0); padded sA/sB (_128,_8):(_1,_129)
    mma_all(mma_cfg(fma, "(_16,_16,_1):(_16,_1,_0)", "<_,_,_>"),
            A=["(_128,_8):(_1,_129)", "(_128,_8,_3):(_1,_129,_1032)"], B=["(_128,_8):(_1,_129)"],
            Cc=["(_128,_128):(_1,512)"])
    # --- sgemm_sm80.cu: 2x2x1 SM80 tensor-core atoms, permutation (_32,_32,_16)
    for atom in ["SM80_16x8x16_F16F16F16F16_TN", "SM80_16x8x8_F16F16F16F16_TN"]:
        mma_all(mma_cfg(atom, "L((_2,_2,_1))", "<_32,_32,_16>"),
                A=["(_128,_64):(_64,_1)", "(_128,_64,_3):(_64,_1,_8192)"], B=["(_128,_64):(_64,_1)"],
                Cc=["(_128,_128):(_1,512)", "(_128,_128):(_1,_128)"], idxs=(0, 1, 37, 127), both=False)
    mma_all(mma_cfg("SM80_16x8x8_F16F16F16F16_TN", "L((_2,_2))", "<_32,_32,_16>"),
            A=["(_128,_64):(_64,_1)"], Cc=["(_128,_128):(_1,_128)"], idxs=(0, 37, 127), both=False)
    mma_all(mma_cfg("SM80_16x8x16_F16F16F16F16_TN", "L((_2,_2,_1))", "<_,_,_>"),
            A=["(_128,_64):(_64,_1)"], B=["(_128,_64):(_64,_1)"], Cc=["(_128,_128):(_1,_128)"], idxs=(0, 37), both=False)
    mma_all(mma_cfg("SM80_16x8x8_F16F16F16F16_TN", "L((_2,_2,_1))", "<_32,(_4,_4,_2):(_1,_8,_4),_8>"),
            A=["(_64,_32):(_32,_1)"], B=["(_64,_32):(_32,_1)"], Cc=["(_64,_64):(_1,_64)"], idxs=(0, 37, 127), both=False)
    mma_all(mma_cfg("SM80_16x8x8_F32TF32TF32F32_TN", "(_2,_2,_1):(_2,_1,_0)", "<_32,_32,_8>"),
            A=["(_64,_32):(_1,_64)"], Cc=["(_64,_64):(_1,_64)"], idxs=(0, 37), both=False)
    mma_all(mma_cfg("SM80_8x8x4_F64F64F64F64_TN", "L((_2,_2,_1))", "<_,_,_>"),
            A=["(_32,_16):(_1,_32)"], Cc=["(_32,_32):(_1,_32)"], idxs=(0, 37), both=False)
    mma_all(mma_cfg("SM70_8x8x4_F16F16F16F16_TN", "L((_2,_2,_1))", "<_,_,_>"),
            A=["(_32,_16):(_16,_1)"], Cc=["(_32,_32):(_1,_32)"], idxs=(0, 5, 31), both=False)
    mma_all(mma_cfg("SM75_16x8x8_F32F16F16F32_TN", "L((_1,_2,_1))", "<_,_,_>"),
            B=["(_32,_16):(_16,_1)"], idxs=(0, 37), both=False)
    # --- SM90 GMMA atoms (warpgroup of 128 threads); operands from shared memory (SS)
    for atom, lay in [("SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>", "L((_1,_1,_1))"),
                      ("SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>", "L((_2,_1,_1))"),
                      ("SM90_64x128x16_F32BF16BF16_RS<GMMA::Major::K,GMMA::Major::K>", "L((_2,_1,_1))")]:
        mma_all(mma_cfg(atom, lay, "<_,_,_>"), A=["(_128,_64):(_64,_1)"], B=["(_128,_64):(_64,_1)"],
                Cc=["(_128,_128):(_1,_128)"], idxs=(0, 37, 127), frag_AB=MMA_ATOMS[atom][2], both=False)

    # --- permutations smaller than the atoms' tiling (CuTe accepts them silently)
    T = "perm_too_small"
    for atom, lay, perm in [("SM80_16x8x16_F16F16F16F16_TN", "L((_2,_2,_1))", "<_16,_8,_16>"),
                            ("SM80_16x8x16_F16F16F16F16_TN", "L((_2,_2,_1))", "<_16,_16,_16>"),
                            ("SM80_16x8x16_F16F16F16F16_TN", "L((_2,_2,_1))", "<_32,_8,_16>"),
                            ("SM80_16x8x16_F16F16F16F16_TN", "L((_1,_1,_2))", "<_16,_8,_16>"),
                            ("SM80_16x8x8_F16F16F16F16_TN", "L((_2,_2,_1))", "<_16,_8,_8>"),
                            ("SM80_16x8x8_F16F16F16F16_TN", "L((_4,_1,_1))", "<(_4,_4):(_4,_1),_,_>"),
                            (fma, "L((_16,_16,_1))", "<_8,_8,_1>"),
                            (fma, "(_16,_16,_1):(_16,_1,_0)", "<_16,_8,_>")]:
        mma_all(mma_cfg(atom, lay, perm), A=["(_64,_32):(_32,_1)"], B=["(_64,_32):(_32,_1)"],
                Cc=["(_64,_64):(_1,_64)"], idxs=(0, 37), variant=T, both=False)
    return C.out


# ----------------------------------------------------------------------------
# Pre-pass: realistic register-fragment layouts for retile_S/D and make_fragment_like
# ----------------------------------------------------------------------------
PRE_HAND = {
    "tc1": [(("UniversalCopy<uint128_t>", "float", "L((_32,_8))", "L((_4,_1))"), "(_128,_64):(_1,_256)", 0),
            (("UniversalCopy<uint128_t>", "float", "L((_32,_8))", "L((_4,_1))"), "(_128,_8):(_1,_128)", 37)],
    "tc_tn": [(("UniversalCopy<float>", "float", "(_32,_8):(_8,_1)", "L((_1,_1))"), "(_128,_8):(_1,_129)", 1)],
    "tc80h": [(("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "half_t", "(_16,_8):(_8,_1)", "L((_1,_8))"),
               "(_128,_64,_3):(_64,_1,_8192)", 5)],
}


def pre_cases(spec_rand):
    """spec_rand: [(key, cfg_args(plain), tensor_layout(plain), idx)] from the random generators."""
    out = []
    for key, specs in PRE_HAND.items():
        for n, (cfg, t, i) in enumerate(specs):
            args = copy_cfg(*cfg) + [P(t), I(i, True)]
            out.append(TiledCase("_copy_frag_D/%s/%d" % (key, n), "_copy_frag_D", key, args))
    for n, (key, cfg, t, i, op) in enumerate(spec_rand):
        args = [cfg[0], cfg[1], S(cfg[2]), S(cfg[3]), S(t), I(i, True)]
        out.append(TiledCase("%s/%s/%d" % (op, key, n), op, key, args))
    return out


# ----------------------------------------------------------------------------
# Random generators
# ----------------------------------------------------------------------------
def factor2(rng, n):
    """(a, b) with a*b == n (n a power of two or small)."""
    divs = [d for d in range(1, n + 1) if n % d == 0]
    a = rng.choice(divs)
    return a, n // a


def rthr_layout(rng, nthr):
    """A 2-mode thread layout of nthr threads: column- or row-major, sometimes
    hierarchical in one mode."""
    a, b = factor2(rng, nthr)
    kind = rng.choice(["col", "col", "row", "row", "hier"])
    if kind == "hier" and a >= 4:
        a1 = rng.choice([d for d in range(2, a) if a % d == 0])
        a2 = a // a1
        sh = ((a1, a2), b)
        st = gen.compact_col(sh) if rng.random() < 0.5 else gen.compact_row(sh)
        return Lay(sh, st)
    sh = (a, b)
    if kind == "col":
        return Lay(sh, None, "L") if rng.random() < 0.5 else Lay(sh, gen.compact_col(sh))
    return Lay(sh, gen.compact_row(sh))


def rval_layout(rng, nval):
    a, b = factor2(rng, nval)
    if rng.random() < 0.3:          # the 1-D vector along one mode, as the tutorials write it
        a, b = (nval, 1) if rng.random() < 0.5 else (1, nval)
    sh = (a, b)
    k = rng.random()
    if k < 0.45:
        return Lay(sh, None, "L")
    if k < 0.75:
        return Lay(sh, gen.compact_row(sh))
    st = gen.compact_col(sh)
    return Lay(sh, tuple(0 if s == 1 else d for s, d in zip(sh, st)))


def rcopy(rng, bad_p=0.0):
    """A random (copy op, value type, thr layout, val layout); with probability
    bad_p one that uses too few threads or values for the atom."""
    for _ in range(100):
        op = rng.choice(list(COPY_ATOMS))
        vt = rng.choice(COPY_ATOMS[op][2])
        athr, avals = copy_atom_vals(op, vt)
        if avals >= 1:
            break
    bad = rng.random() < bad_p
    if bad and athr > 1 and rng.random() < 0.5:
        nthr = rng.choice([4, 8, 16])
    else:
        nthr = rng.choice([32, 64, 64, 128, 128, 256]) if athr > 1 else rng.choice([8, 16, 32, 64, 128, 128, 256, 256])
    mult = rng.choice([1, 1, 1, 2, 2, 4])
    while avals * mult > 32 and mult > 1:
        mult //= 2
    nval = avals * mult
    if bad and (nthr >= athr) and avals > 1:
        nval = max(1, avals // 2) if rng.random() < 0.6 else avals + avals // 2
    return [N(op), N(vt), rthr_layout(rng, nthr), rval_layout(rng, nval)]


def copy_tiler(cfg):
    """Tiler_MN of make_tiled_copy(atom, thr, val): per mode size(thr) * size(val)."""
    thr, val = plain(cfg[2]), plain(cfg[3])
    return tuple(product(t) * product(v) for t, v in zip(thr.shape, val.shape))


def rstrides(rng, sh, kinds=("col", "col", "row", "row", "pad", "perm")):
    kind = rng.choice(kinds)
    if kind == "col":
        return gen.compact_col(sh)
    if kind == "row":
        return gen.compact_row(sh)
    if kind == "pad":   # leading dimension padded (smem without bank conflicts)
        fl = flatten(sh)
        st, cur = [], 1
        for k, s in enumerate(fl):
            st.append(cur)
            cur *= s
            if k == 0:
                cur += rng.choice([1, 2, 4, 8])
        if rng.random() < 0.5:   # row-major padded
            st2, cur = [0] * len(fl), 1
            for k in reversed(range(len(fl))):
                st2[k] = cur
                cur *= fl[k]
                if k == len(fl) - 1:
                    cur += rng.choice([1, 2, 4, 8])
            st = st2
        return gen.unflatten(st, sh)
    return gen.rstride(rng, sh, "perm")


def rtensor(rng, tiler, maxsize=1 << 15, rank3_p=0.25, odd_p=0.1, hier_p=0.12):
    """A tensor layout that the tiler (one int per mode) divides, mostly; rank 3
    sometimes (a k-tile or pipeline mode), hierarchical sometimes."""
    for _ in range(100):
        mults = [rng.choice([1, 1, 2, 2, 3, 4, 8]) for _ in tiler]
        sh = [t * m for t, m in zip(tiler, mults)]
        odd = rng.random() < odd_p
        if odd:
            i = rng.randrange(len(sh))
            sh[i] = max(1, sh[i] + rng.choice([-3, -1, 1, 2, 5]))
        if rng.random() < rank3_p:
            sh.append(rng.choice([2, 3, 4, 8]))
        if product(tuple(sh)) <= maxsize:
            break
    sh = tuple(sh)
    if not odd and rng.random() < hier_p:
        i = rng.randrange(len(tiler))
        if mults[i] > 1:
            sh = sh[:i] + ((tiler[i], mults[i]),) + sh[i + 1:]
    return Lay(sh, rstrides(rng, sh))


PS_TENSOR = {"shape": 0.6, "stride": 0.4, "other": 0.5}


def g_tiled_copy(rng, v):
    cfg = rcopy(rng, bad_p=0.08)
    return cfg + [N(rng.choice(COPY_FIELDS))], []


def g_copy_partition(rng, v):
    cfg = rcopy(rng, bad_p=0.03)
    nthr = product(cfg[2].shape)
    t = rtensor(rng, copy_tiler(cfg))
    i = rng.choice([0, nthr - 1, rng.randrange(nthr), rng.randrange(nthr)])
    return cfg + [t, i], [4, 5]


def fragment_like_random(rng, nval):
    """A compact register-fragment-like layout ((V...),R1,R2) with V a multiple
    of nval or a divisor of it."""
    v = nval * rng.choice([1, 1, 2]) if rng.random() < 0.8 else max(1, nval // 2)
    vs = v if rng.random() < 0.5 else factor2(rng, v)
    r = tuple(rng.choice([1, 1, 2, 4, 8]) for _ in range(rng.choice([1, 2, 2, 3])))
    sh = (vs,) + r
    return Lay(sh, gen.compact_col(sh))


def g_copy_retile(rng, v, frags):
    if frags and rng.random() < 0.5:
        cfg, lay = rng.choice(frags)
        return list(cfg) + [lay], [4]
    cfg = rcopy(rng)
    return cfg + [fragment_like_random(rng, product(cfg[3].shape))], [4]


def g_make_fragment_like(rng, v, parts):
    k = rng.random()
    if parts and k < 0.5:
        return [rng.choice(parts)], [0]
    if k < 0.8:
        sh = gen.rshape(rng, maxsize=1024, maxdepth=2, maxrank=3, p_int=0.05)
        return [Lay(sh, gen.rstride(rng, sh))], [0]
    # partition-like: ((V),R1,R2) with strides of a strided tensor
    sh = ((rng.choice([1, 2, 4, 8]), rng.choice([1, 1, 2])), rng.choice([1, 2, 4, 8]), rng.choice([1, 2, 4]))
    return [Lay(sh, gen.rstride(rng, sh, rng.choice(["perm", "gap", "zero", "rand"])))], [0]


def ratom_layout(rng, athr):
    if athr == 1:
        n = rng.choice([8, 16, 32, 64, 128, 256, 256])
        a, b = factor2(rng, n)
        c = 1
    elif athr == 128:
        a, b, c = rng.choice([(1, 1, 1), (2, 1, 1), (1, 2, 1), (2, 2, 1)])
    else:
        n = rng.choice([1, 2, 4, 4, 8])
        a, b = factor2(rng, n)
        c = 2 if rng.random() < 0.1 else 1
    sh = (a, b, c)
    k = rng.random()
    if k < 0.15:
        return Lay((a, b), None, "L")        # rank 2: make_tiled_mma appends 1:0
    if k < 0.55:
        return Lay(sh, None, "L")
    if k < 0.85:                              # row-major over M,N
        if c == 1:
            return Lay(sh, (b, 1, 0))             # as sgemm_2's (_16,_16,_1):(_16,_1,_0)
        return Lay(sh, gen.compact_row(sh))
    return Lay(sh, gen.compact_col(sh))


def rperm_layout(rng, n):
    """A layout that permutes 0..n-1 (n a power of two), e.g. (_4,_4,_2):(_1,_8,_4)."""
    fs = []
    m = n
    while m > 1 and len(fs) < 3:
        f = rng.choice([d for d in (2, 4, 8) if m % d == 0] or [m])
        fs.append(f)
        m //= f
    if m > 1:
        fs[-1] *= m
    if len(fs) == 1:
        return Lay(fs[0], 1)
    order = list(range(len(fs)))
    rng.shuffle(order)
    st = [0] * len(fs)
    cur = 1
    for k in order:
        st[k] = cur
        cur *= fs[k]
    return Lay(tuple(fs), tuple(st))


def rperm(rng, atom, lay):
    shp = MMA_ATOMS[atom][0]
    lsh = list(lay.shape) + [1] * (3 - len(lay.shape))
    need = [shp[i] * lsh[i] for i in range(3)]
    k = rng.random()
    if k < 0.35:
        return Tile([UND, UND, UND])
    el = []
    for i in range(3):
        r = rng.random()
        if r < 0.3:
            el.append(UND)
        else:
            sz = need[i] * rng.choice([1, 1, 2] if i < 2 else [1, 1, 2])
            if i < 2 and r > 0.8 and sz >= 4 and sz & (sz - 1) == 0:
                el.append(rperm_layout(rng, sz))
            else:
                el.append(sz)
    if rng.random() < 0.1 and el[2] is UND:
        el = el[:2]                  # rank-2 permutation: make_tiled_mma appends _
    return Tile(el)


def rmma(rng):
    atom = rng.choice(list(MMA_ATOMS))
    lay = ratom_layout(rng, MMA_ATOMS[atom][1])
    return [N(atom), lay, rperm(rng, atom, lay)]


def mma_tile(cfg):
    """tile_shape(make_tiled_mma(atom, atom_layout, permutation)) as a list."""
    atom, lay = cfg[0].name, plain(cfg[1])
    perm = list(cfg[2].elems if isinstance(cfg[2], Tile) else cfg[2])
    shp = MMA_ATOMS[atom][0]
    lsh = list(lay.shape) + [1] * (3 - len(lay.shape))
    out = []
    for i in range(3):
        e = plain(perm[i]) if i < len(perm) else UND
        if e is UND:
            out.append(shp[i] * lsh[i])
        elif isinstance(e, Lay):
            out.append(product(e.shape))
        else:
            out.append(e)
    return out


PART_MODES = {"A": (0, 2), "B": (1, 2), "C": (0, 1)}


def uneven(o):
    """For a partition record: the modes (letters) of the tensor that the tile
    (Tiler_MN, or tile_shape(mma) restricted to MK/NK/MN) does not divide, or
    None.  CuTe accepts such tensors silently: the last tile reaches past the
    end of the tensor."""
    op = o["op"]
    if "partition" not in op:
        return None
    if op.startswith("tiled_copy"):
        tile, names = copy_tiler([None, None, P(o["args"][2]), P(o["args"][3])]), "MN"
        lay = P(o["args"][4])
    else:
        w = op[-1]
        full = mma_tile([Name(o["args"][0]), P(o["args"][1]), P(o["args"][2])])
        tile = [full[m] for m in PART_MODES[w]]
        names = "".join("MNK"[m] for m in PART_MODES[w])
        lay = P(o["args"][3])
    sh = plain(lay.shape)
    modes = list(sh) if is_tup(sh) else [sh]
    bad = "".join(names[i] for i, t in enumerate(tile) if i < len(modes) and product(modes[i]) % t)
    return bad or None


def mma_nthr(cfg):
    return MMA_ATOMS[cfg[0].name][1] * product(cfg[1].shape)


def g_tiled_mma(rng, v):
    return rmma(rng) + [N(rng.choice(MMA_FIELDS))], []


def g_mma_partition(which, frag=False):
    modes = PART_MODES[which]

    def g(rng, v):
        for _ in range(100):
            cfg = rmma(rng)
            if not frag or which == "C" or frag_ok(cfg[0].name, which):
                break
        tile = mma_tile(cfg)
        t = rtensor(rng, [tile[m] for m in modes], maxsize=1 << 16)
        n = mma_nthr(cfg)
        i = rng.choice([0, n - 1, rng.randrange(n), rng.randrange(n)])
        # a register fragment needs a static shape: the mixed variant leans static there
        return cfg + [t, i], [3, 4]
    return g


PS_FRAG = {"shape": 0.85, "stride": 0.4, "other": 0.5}

GENS = collections.OrderedDict([
    ("tiled_copy", g_tiled_copy),
    ("tiled_copy_partition_S", g_copy_partition),
    ("tiled_copy_partition_D", g_copy_partition),
    ("tiled_copy_retile_S", None),
    ("tiled_copy_retile_D", None),
    ("tiled_mma", g_tiled_mma),
    ("tiled_mma_partition_A", g_mma_partition("A")),
    ("tiled_mma_partition_B", g_mma_partition("B")),
    ("tiled_mma_partition_C", g_mma_partition("C")),
    ("tiled_mma_partition_fragment_A", g_mma_partition("A", True)),
    ("tiled_mma_partition_fragment_B", g_mma_partition("B", True)),
    ("tiled_mma_partition_fragment_C", g_mma_partition("C", True)),
    ("make_fragment_like", None),
])
# ops without a tensor or layout argument that could be dynamic: one variant only
STATIC_ONLY = {"tiled_copy": 2.0, "tiled_mma": 2.0}
# scale of the per-op count for (op, variant) pairs CuTe mostly rejects
# (a register fragment of dynamic shape does not compile; retile needs a static
# size of mode 0)
FEW = {("tiled_mma_partition_fragment_A", "dynamic"): 0.34, ("tiled_mma_partition_fragment_B", "dynamic"): 0.34,
       ("tiled_mma_partition_fragment_C", "dynamic"): 0.34, ("tiled_copy_retile_S", "dynamic"): 0.34,
       ("tiled_copy_retile_D", "dynamic"): 0.34}


def pre_specs(seed, per_op):
    """Static partition_D / make_fragment_like(partition_D) specs for the pre-pass
    (inputs of the random retile and make_fragment_like cases)."""
    rng = random.Random("%s/%s/pre" % (RNG_KEY, seed))
    specs = []
    n = max(4, per_op)
    for k in range(n):
        cfg = rcopy(rng)
        t = rtensor(rng, copy_tiler(cfg), odd_p=0.0)
        i = rng.randrange(product(cfg[2].shape))
        specs.append(("frag", cfg, t, i, "_copy_frag_D"))
    for k in range(n):
        cfg = rcopy(rng)
        t = rtensor(rng, copy_tiler(cfg), odd_p=0.0)
        i = rng.randrange(product(cfg[2].shape))
        specs.append(("part", cfg, t, i, "_copy_part_S" if k % 2 else "_copy_part_D"))
    return specs


def random_cases(seed, per_op, ops, pre):
    C = Cases()
    frags = [(tuple(c.args[:4]), lay) for c, lay in pre if c.variant == "frag"]
    parts = [lay for c, lay in pre if c.variant == "part"]
    for op in ops:
        for v in VARIANTS:
            if op in STATIC_ONLY and v != "static":
                continue
            rng = random.Random("%s/%s/%s/%s" % (RNG_KEY, seed, op, v))
            f = STATIC_ONLY.get(op, FEW.get((op, v), 1.0))
            for _ in range(max(1, int(round(per_op * f)))):
                if op in ("tiled_copy_retile_S", "tiled_copy_retile_D"):
                    args, which = g_copy_retile(rng, v, frags)
                    ps = {"shape": 0.9, "stride": 0.5}
                elif op == "make_fragment_like":
                    args, which = g_make_fragment_like(rng, v, parts)
                    ps = {"shape": 0.7, "stride": 0.5}
                else:
                    args, which = GENS[op](rng, v)
                    ps = PS_FRAG if "fragment" in op else PS_TENSOR
                C.add(op, v, assign_some(args, which, v, rng, ps))
    return C.out


# ----------------------------------------------------------------------------
# Main
# ----------------------------------------------------------------------------
def run_pre(seed, per_op, inc, a, log):
    specs = pre_specs(seed, per_op) if per_op > 0 else []
    cases = pre_cases(specs)
    res, _ = gen_ext.run_cases(cases, inc, a.jobs, a.batch, a.cxx, log)
    hand = collections.defaultdict(list)
    rand = []
    for c, o in sorted(res, key=lambda co: co[0].id):
        if o.get("result") is None:
            log("pre-pass: %s rejected (%s); skipped" % (c.id, o.get("message")))
            continue
        lay = plain(P(o["result"]))
        if c.variant in PRE_HAND:
            hand[c.variant].append(lay)
        else:
            rand.append((c, lay))
    rand.sort(key=lambda cl: int(cl[0].id.rsplit("/", 1)[1]))
    hand = {k: [S(x) for x in v] for k, v in hand.items()}
    return hand, rand


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-op", type=int, default=22, help="random cases per op and per variant (0: handcrafted only)")
    ap.add_argument("--out", default=str(REPO / "tests" / "data" / "tiled-vectors.jsonl"))
    ap.add_argument("--ops", default="", help="comma-separated subset of ops (default: all)")
    ap.add_argument("--no-handcrafted", action="store_true")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--batch", type=int, default=40, help="cases per translation unit")
    ap.add_argument("--no-annotate", action="store_true", help="skip the static twins (FORMAT.md 5, 6.6)")
    ap.add_argument("--cxx", default=os.environ.get("CXX", "g++"))
    ap.add_argument("--summary", default="", help="also write the summary table (markdown) here")
    a = ap.parse_args()

    def log(s):
        print(s, file=sys.stderr, flush=True)

    t0 = time.time()
    install()
    inc = gen.get_inc()
    ops = [o for o in a.ops.split(",") if o] or list(OPS)
    for o in ops:
        if o not in OPS:
            raise SystemExit("unknown op %s (known: %s)" % (o, ", ".join(OPS)))
    hand, rand = run_pre(a.seed, a.per_op, inc, a, log)
    log("pre-pass: %d fragment layouts (%.0f s)" % (sum(map(len, hand.values())) + len(rand), time.time() - t0))
    cases = []
    if not a.no_handcrafted:
        cases += [c for c in handcrafted(hand) if c.op in ops]
    if a.per_op > 0:
        cases += random_cases(a.seed, a.per_op, ops, rand)
    order = list(range(len(cases)))
    random.Random("%s/batches" % RNG_KEY).shuffle(order)
    cases = [cases[k] for k in order]
    log("generated %d cases (%d ops); batches of %d, %d job(s)" % (len(cases), len(ops), a.batch, a.jobs))
    results, ncomp = gen_ext.run_cases(cases, inc, a.jobs, a.batch, a.cxx, log)

    opi = {o: i for i, o in enumerate(OPS)}
    results.sort(key=lambda co: (opi[co[0].op], VARIANT_ORDER[co[0].variant], int(co[0].id.rsplit("/", 1)[1])))
    seen, kept, ndup = set(), [], 0
    for c, o in results:
        k = gen.key_of(o)
        if k in seen:
            ndup += 1
            continue
        seen.add(k)
        kept.append((c, o))
    ann = ""
    if not a.no_annotate:
        stats, nc2 = gen_ext.annotate(kept, inc, a, log)
        ncomp += nc2
        ann = "Static twins of accepted records with dynamic args (per record): " + ", ".join(
            "%s=%d" % kv for kv in sorted(stats.items()) if ": " not in kv[0]) + "\n" + \
            "".join("  unchecked %r: %d\n" % (k[5:], n) for k, n in sorted(stats.items()) if k.startswith("msg: ")) + \
            "".join("  static_twin_differs in %s: %d\n" % (k[9:], n)
                    for k, n in sorted(stats.items()) if k.startswith("differs: "))
    recs = [o for _, o in kept]
    for o in recs:
        u = uneven(o) if o.get("result") is not None else None
        if u:
            o["uneven"] = u
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    with open(a.out, "w") as f:
        for o in recs:
            f.write(json.dumps(o, separators=(",", ":")) + "\n")
    dt = time.time() - t0
    title = "%s (seed %d, per-op %d%s): %d records, %.0f s, %d compiles" % (
        os.path.basename(a.out), a.seed, a.per_op, "" if a.no_handcrafted else ", handcrafted",
        len(recs), dt, ncomp)
    gen.VARIANT_ORDER.clear()
    gen.VARIANT_ORDER.update(VARIANT_ORDER)
    tab = gen.summary(recs, title)
    tab += "\nDuplicates dropped: %d\n" % ndup
    tab += ann
    print(tab)
    if a.summary:
        with open(a.summary, "w") as f:
            f.write(tab + "\n")


if __name__ == "__main__":
    main()
