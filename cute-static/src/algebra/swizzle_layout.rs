//! Slicing a swizzled layout in const evaluation (CuTe's `swizzle_layout.hpp`): CuTe's
//! `slice_and_offset`, where the selected swizzle bits move the offset (as `MixedBits` when a
//! run-time value selects them) and the result keeps the swizzle or decays to a plain layout.

use super::composed::{CL, Form, Move, compose, describe, domain, make};
use super::composition::{composition, composition_as_cute};
use super::exact;
use super::layout::L;
use super::slice::{dice, slice};
use super::stride::{crd2idx, idx2crd};
use super::swizzle::{Off, Swz, and_static, eq_zero, make_mixed_bits, swizzled, xor};
use crate::error::{Condition, Msg};
use crate::prog::{Pred, Prog};
use crate::tree::{CAP, Kind, List, Tree, V};

/// `2^e` as a static integer.
const fn pow2(e: i32) -> V {
    if e < 0 || e > 30 {
        Msg::new("slice of a swizzled layout: 2^")
            .num(e)
            .str(" does not fit in i32")
            .fail()
    }
    V::s(1 << e)
}

const fn flat(shape: &List, stride: &List) -> L {
    L::new(
        Tree::from_list(shape, false),
        Tree::from_list(stride, false),
    )
}

const fn list5(v: [V; 5]) -> List {
    let mut l = List::new();
    let mut k = 0;
    while k < 5 {
        l.push(v[k]);
        k += 1;
    }
    l
}

/// The projections of `Sw<B,M,S>` over `(2^M, 2^B, 2^(|S|-B), 2^B, 1)`: onto the swizzle bits
/// (the Z and Y fields) and onto the others.
const fn projections(sw: Swz) -> (L, L) {
    let (b, m, s) = (sw.b, sw.m, sw.s.abs());
    let shape = list5([pow2(m), pow2(b), pow2(s - b), pow2(b), V::s(1)]);
    let z = V::s(0);
    let only = list5([z, pow2(m), z, pow2(m + s), z]);
    let anti = list5([V::s(1), z, pow2(m + b), z, pow2(m + b + s)]);
    (flat(&shape, &only), flat(&shape, &anti))
}

const fn has(t: &Tree, kind: Kind) -> bool {
    let mut k = 0;
    while k < t.len {
        if matches!(
            (t.tag[k], kind),
            (Kind::Int, Kind::Int) | (Kind::Under, Kind::Under)
        ) {
            return true;
        }
        k += 1;
    }
    false
}

/// A mode `s:d` a swizzled slice consumes, whose `what` CuTe needs static, is not.
const fn dynamic_mode(s: V, d: V, what: &str) -> ! {
    Msg::new("slice of a swizzled layout: the consumed mode ")
        .v(s)
        .str(":")
        .v(d)
        .str(" has a dynamic ")
        .str(what)
        .str("; CuTe needs it static")
        .fail()
}

/// CuTe's `to_mixed_bits(layout, coord)`: XOR over the leaves `s:d` (each with a static
/// power-of-two or zero `s*d`) of `make_mixed_bits(C<0>, c*d, C<(s-1)*d>)`, folded from the
/// back as CuTe folds (`a0 ^ (a1 ^ ...)`): MixedBits where a run-time `c` selects swizzle bits.
const fn to_mixed_bits<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    l: &L,
    coord: &Tree,
) -> Off {
    let crd = idx2crd(p, coord, &l.shape);
    let (s, d, c) = (l.shape.leaves(), l.stride.leaves(), crd.leaves());
    let mut acc = Off::Int(V::s(0));
    let mut k = s.n;
    while k > 0 {
        k -= 1;
        let span = p.mul(s.v[k], d.v[k]);
        if span.dynamic {
            dynamic_mode(s.v[k], d.v[k], "shape*stride")
        }
        if span.v != 0 && (span.v < 0 || span.v.count_ones() != 1) {
            Msg::new(Condition::SwizzleSlicePow2.message())
                .str(" The consumed mode ")
                .v(s.v[k])
                .str(":")
                .v(d.v[k])
                .fail()
        }
        let below = p.sub(s.v[k], V::s(1));
        let f = p.mul(below, d.v[k]);
        if f.dynamic {
            dynamic_mode(s.v[k], d.v[k], "mask (shape-1)*stride")
        }
        let cd = p.mul(c.v[k], d.v[k]);
        let bits = make_mixed_bits(p, 0, cd, f.v as u32);
        acc = if k + 1 == s.n {
            bits
        } else {
            xor(p, bits, acc)
        };
    }
    acc
}

/// `plus` where the bit `partner` of `off` is clear, `minus` where it is set (CuTe's
/// `(off & partner) == Int<0>{} ? plus : minus`, a run-time value when that bit is).
const fn signed_stride<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    off: Off,
    partner: i32,
    plus: i32,
    minus: i32,
) -> V {
    let bit = and_static(p, off, partner);
    let clear = eq_zero(p, bit);
    if clear.is_static() {
        return V::s(if clear.v != 0 { plus } else { minus });
    }
    let step = p.mul(clear, V::s(plus.wrapping_sub(minus)));
    p.add(V::s(minus), step)
}

/// The plain layout a sliced swizzle decays to: `(2^M, (2,..,2), 2^(|S|-B), (2,..,2), 1)` with
/// strides `(1, lo, 2^(M+B), hi, 2^(M+B+|S|))`, flattened. A Z-field bit `i` has stride
/// `±z*2^i` (minus when its Y partner in `off` is set), a Y-field bit `(y±z)*2^i` (minus when
/// its Z partner is set); a bit of `off` known only at run time (MixedBits, a run-time `int`)
/// makes that stride a run-time value.
const fn decay_layout<const P: usize, const T: usize>(p: &mut Prog<P, T>, sw: Swz, off: Off) -> L {
    let (b, m, s) = (sw.b, sw.m, sw.s.abs());
    let (zzz, yyy) = (sw.zzz_mask(), sw.yyy_mask());
    let (z, y) = (zzz & zzz.wrapping_neg(), yyy & yyy.wrapping_neg());
    let mut zs = List::<CAP>::new();
    let mut ys = List::<CAP>::new();
    let mut i = 0;
    while i < b {
        zs.push(signed_stride(p, off, y << i, z << i, z.wrapping_neg() << i));
        ys.push(signed_stride(
            p,
            off,
            z << i,
            y.wrapping_add(z) << i,
            y.wrapping_sub(z) << i,
        ));
        i += 1;
    }
    let (lo, hi) = if z < y { (zs, ys) } else { (ys, zs) };
    let (mut shape, mut stride) = (List::new(), List::new());
    shape.push(pow2(m));
    stride.push(V::s(1));
    let mut k = 0;
    while k < lo.n {
        shape.push(V::s(2));
        stride.push(lo.v[k]);
        k += 1;
    }
    shape.push(pow2(s - b));
    stride.push(pow2(m + b));
    k = 0;
    while k < hi.n {
        shape.push(V::s(2));
        stride.push(hi.v[k]);
        k += 1;
    }
    shape.push(V::s(1));
    stride.push(pow2(m + b + s));
    flat(&shape, &stride)
}

/// `c` with every `_` replaced by a static `_0`.
pub(crate) const fn zero_underscores(c: &Tree) -> Tree {
    let mut out = *c;
    let mut k = 0;
    while k < out.len {
        if matches!(out.tag[k], Kind::Under) {
            out.tag[k] = Kind::Int;
            out.set(k, V::s(0));
        }
        k += 1;
    }
    out
}

/// CuTe's `slice_and_offset(crd, layout)`: the layout of the modes under the `_`s of `crd`, and
/// the offset a tensor adds to its pointer.
///
/// A plain layout `L` (`layout.hpp`): `(slice(crd, L), L(crd))`, every `_` read as `_0` (for an
/// identity layout, whose strides are scaled bases, `L(crd)` is an arithmetic tuple).
///
/// A swizzled layout `Sw<B,M,S> o O o L` (`swizzle_layout.hpp`), with `sliced = slice(crd, L)`,
/// `diced = dice(crd, L)`, `dc` the integers of `crd`:
/// 1. all `_`: `(Sw o O o sliced, _0)`; no `_` at all does not compile in CuTe;
/// 2. split what the integers select into the swizzle bits and the others:
///    `off_zy = O ^ zy(diced(dc))` (each consumed mode a static power-of-two `shape*stride`; a
///    run-time `dc` there makes MixedBits, [`Off::Mixed`]) and `off_anti = anti(diced(dc))`;
/// 3. `active = zy(sliced(size-1))`: if some Y bit of it has its Z partner in it too, the
///    result stays swizzled: `(Sw o off_zy o sliced, off_anti)`;
/// 4. otherwise it decays: `(W o sliced, Sw(off_zy) + off_anti)`, `W` the plain layout that
///    agrees with `Sw` on the offsets reachable from `off_zy`. CuTe also decays when `active`
///    is dynamic, which is wrong if the remaining modes do reach a Y bit and its Z partner: a
///    run-time check of the checked form ([`Condition::SwizzleSliceDecay`]).
pub(crate) const fn slice_and_offset<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    crd: &Tree,
    c: &CL,
) -> (CL, Move) {
    let l = domain(c, "slice");
    let sliced = slice(crd, &l);
    if let Form::Plain = c.form {
        let at = zero_underscores(crd);
        return (CL::plain(sliced), Move::At { at, of: l });
    }
    if !has(crd, Kind::Int) {
        return (compose(c.sw, c.off, sliced), Move::By(V::s(0)));
    }
    if !has(crd, Kind::Under) {
        let mut m = Msg::new("slice(");
        m.tree(crd).str(", ");
        describe(&mut m, c);
        m.str("): the coordinate has no `_`; CuTe's slice of a swizzled layout keeps at least one mode (no matching function for call to 'make_layout()')").fail()
    }
    let sw = c.sw;
    let (only_zy, anti_zy) = projections(sw);
    let diced = dice(crd, &l);
    let dc = if crd.is_int() {
        *crd
    } else {
        Tree::from_list(&crd.leaves(), false)
    };
    // CuTe finds the swizzle bits through compositions with projections of the swizzle that its
    // weak Stride Divisibility Condition lets through although they need not be `A o B`
    // (CUTLASS #3177). On static values CuTe's are taken and its answer is checked against the
    // slice's definition ([`check_slice`]); on run-time values they must be `A o B`.
    let base = match c.off {
        Off::Int(o) if o.is_static() && crd.is_static() && exact::is_static(&l) => {
            let at = zero_underscores(crd);
            let at = crd2idx(p, &at, &l.shape, &l.stride);
            Some(o.v as i64 + at.v as i64)
        }
        _ => None,
    };
    let as_cute = base.is_some();
    let zy_part = project(p, &only_zy, &diced, as_cute);
    let zy = to_mixed_bits(p, &zy_part, &dc);
    let off_zy = xor(p, c.off, zy);
    let anti_part = project(p, &anti_zy, &diced, as_cute);
    let off_anti = crd2idx(p, &dc, &anti_part.shape, &anti_part.stride);
    let sliced_zy = project(p, &only_zy, &sliced, as_cute);
    let size = sliced_zy.size(p);
    let last = p.sub(size, V::s(1));
    let active = crd2idx(p, &Tree::leaf(last), &sliced_zy.shape, &sliced_zy.stride);
    if active.is_static() && active.v & !sw.apply(active.v) != 0 {
        if let (Some(base), Off::Int(o)) = (base, off_zy) {
            check_slice(crd, c, (base, &sliced), (&sliced, Some(o.v), off_anti.v));
        }
        return (make(sw, off_zy, sliced), Move::By(off_anti));
    }
    if active.dynamic {
        p.check_at_run_time(
            Pred::SwizzleNoCollision,
            active,
            V::s(sw.yyy_mask()),
            V::s(sw.s),
        );
    }
    let w = decay_layout(p, sw, off_zy);
    let moved = swizzled(p, sw, off_zy).value(p);
    let offset = p.add(moved, off_anti);
    let decayed = project(p, &w, &sliced, as_cute);
    if let Some(base) = base {
        check_slice(crd, c, (base, &sliced), (&decayed, None, offset.v));
    }
    (CL::plain(decayed), Move::By(offset))
}

/// `x` as an `i32`, if it is one.
const fn narrow(x: i64) -> Option<i32> {
    if x < i32::MIN as i64 || x > i32::MAX as i64 {
        None
    } else {
        Some(x as i32)
    }
}

/// A composition inside a swizzled slice: CuTe's own if `as_cute` (checked afterwards), else
/// `A o B` or an error.
const fn project<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: &L,
    b: &L,
    as_cute: bool,
) -> L {
    if as_cute {
        composition_as_cute(p, a, b)
    } else {
        composition(p, a, b)
    }
}

/// The slice of the swizzled `c` at `crd`, all static, against its definition: the answer
/// `(l, off)` (a layout swizzled at offset `zy`, or plain) must give `Sw(base + sliced(i))` at
/// every index `i` of the remaining modes, `base` being `O + L(crd with its _ at 0)`. A compile
/// error at the first index where it does not.
const fn check_slice(
    crd: &Tree,
    c: &CL,
    (base, sliced): (i64, &L),
    (l, zy, off): (&L, Option<i32>, i32),
) {
    let n = match exact::size_of(sliced) {
        Some(n) => n,
        None => return,
    };
    let mut i = 0;
    while i < n && i < exact::MAX_ENUMERATED {
        let want = match exact::value_at(sliced, i) {
            Some(x) => match narrow(base + x) {
                Some(x) => Some(c.sw.apply(x) as i64),
                None => None,
            },
            None => None,
        };
        let got = match (exact::value_at(l, i), zy) {
            (Some(x), None) => Some(x + off as i64),
            (Some(x), Some(zy)) => match narrow(zy as i64 + x) {
                Some(x) => Some(c.sw.apply(x) as i64 + off as i64),
                None => None,
            },
            (None, _) => None,
        };
        let same = matches!((got, want), (Some(g), Some(w)) if g == w);
        if !same {
            let mut m = Msg::new(Condition::SwizzleSliceDecay.message());
            m.str(": slice(").tree(crd).str(", ");
            describe(&mut m, c);
            m.str(") is ")
                .layout(&l.shape, &l.stride)
                .str(" at offset ")
                .num(off)
                .str(", which is not the slice: at ")
                .num64(i);
            if let (Some(g), Some(w)) = (got, want) {
                m.str(" it is ")
                    .num64(g)
                    .str(" where the layout gives ")
                    .num64(w);
            }
            m.str("; CuTe decays it (its remaining offsets carry into the swizzle's bits, or its compositions with the swizzle's projections are not A o B, CUTLASS #3177)")
                .fail()
        }
        i += 1;
    }
}
