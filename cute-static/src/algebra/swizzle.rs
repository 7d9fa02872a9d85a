//! Swizzles and their offsets in const evaluation (CuTe's `swizzle.hpp`): `Sw<B,M,S>` ([`Swz`]),
//! a composed layout's offset ([`Off`]: an integer or CuTe's `MixedBits`) and its bit
//! arithmetic, and `make_swizzle<Y,Z>()`.

use crate::bits::{shiftr, shiftr_u32};
use crate::error::{Condition, Msg};
use crate::prog::Prog;
use crate::tree::V;

/// A swizzle `Sw<B,M,S>` (always static: its parameters are template arguments in CuTe).
#[derive(Clone, Copy, Debug)]
pub struct Swz {
    pub(crate) b: i32,
    pub(crate) m: i32,
    pub(crate) s: i32,
}

impl Swz {
    /// `Swizzle<B,M,S>` with CuTe's `static_assert`s (in its order): `M >= 0`, `B >= 0`,
    /// `|S| >= B`; and the fields must fit CuTe's `int` masks, `B + M + |S| <= 32`.
    pub(crate) const fn new(b: i32, m: i32, s: i32) -> Swz {
        let sw = Swz { b, m, s };
        let cond = if m < 0 {
            Some(Condition::SwizzleBase)
        } else if b < 0 {
            Some(Condition::SwizzleBits)
        } else if s.unsigned_abs() < b.unsigned_abs() {
            Some(Condition::SwizzleShift)
        } else {
            None
        };
        if let Some(c) = cond {
            Msg::new(c.message()).str(" ").sw(sw).fail()
        }
        if b as i64 + m as i64 + s.unsigned_abs() as i64 > 32 {
            Msg::new("Swizzle: ")
                .sw(sw)
                .str(" needs B+M+|S| <= 32 bits for its int masks")
                .fail()
        }
        sw
    }

    /// `bits(B) << at`, as CuTe's `int`.
    pub(crate) const fn field(self, at: i32) -> i32 {
        let ones = (1u64 << self.b) - 1;
        (ones << at) as u32 as i32
    }

    /// `yyy_msk = bits(B) << (M + max(0,S))`.
    pub(crate) const fn yyy_mask(self) -> i32 {
        self.field(self.m + if self.s > 0 { self.s } else { 0 })
    }

    /// `zzz_msk = bits(B) << (M - min(0,S))`.
    pub(crate) const fn zzz_mask(self) -> i32 {
        self.field(self.m - if self.s < 0 { self.s } else { 0 })
    }

    /// The size of the aligned blocks of offsets the swizzle permutes: the power of two above
    /// its `zzz` bits, the only bits it changes when neither mask has the sign bit (a set sign
    /// bit shifted right arithmetically changes every bit). 1 for the identity and when a mask
    /// has the sign bit.
    pub(crate) const fn block(self) -> u32 {
        let (yyy, zzz) = (self.yyy_mask(), self.zzz_mask());
        if yyy < 0 || zzz <= 0 {
            1
        } else {
            1 << (32 - zzz.leading_zeros())
        }
    }

    /// `x ^ shiftr(x & yyy_msk, S)`.
    #[inline(always)]
    pub(crate) const fn apply(self, x: i32) -> i32 {
        x ^ shiftr(x & self.yyy_mask(), self.s)
    }

    /// CuTe's `upcast<N>(Sw<B,M,S>)`: `Sw<B,M-log2 N,S>`, or `Sw<max(B+M-log2 N,0),0,S>` when
    /// the base runs out.
    pub(crate) const fn upcast(self, n: i32) -> Swz {
        let m = self.m - log2_exact(n, "upcast");
        if m >= 0 {
            Swz::new(self.b, m, self.s)
        } else {
            Swz::new(if self.b + m > 0 { self.b + m } else { 0 }, 0, self.s)
        }
    }

    /// CuTe's `downcast<N>(Sw<B,M,S>)`: `Sw<B,M+log2 N,S>`.
    pub(crate) const fn downcast(self, n: i32) -> Swz {
        Swz::new(self.b, self.m + log2_exact(n, "downcast"), self.s)
    }
}

/// `log2(n)` of a power of two (CuTe's `static_assert(has_single_bit(N))`).
pub(crate) const fn log2_exact(n: i32, op: &str) -> i32 {
    if n <= 0 || n.count_ones() != 1 {
        Msg::new(Condition::PowerOfTwo.message())
            .str(": ")
            .str(op)
            .str("<")
            .num(n)
            .str("> of a swizzle")
            .fail()
    }
    n.trailing_zeros() as i32
}

/// The offset `O` of a composed layout.
#[derive(Clone, Copy, Debug)]
pub enum Off {
    /// An integer, static (`_k`) or dynamic (`k`).
    Int(V),
    /// `smem_ptr[Nb](unset)`: a static 0 waiting for a pointer to `N`-bit elements.
    Smem(i32),
    /// CuTe's `MixedBits<S,F>{d}`: a 32-bit value whose bits in the static mask `f` are known
    /// only at run time (`d`, a dynamic value inside `f`) and whose others are the static `s`
    /// (`s & f == 0`); its value is `s | d`. Slicing a swizzled layout at a run-time coordinate
    /// makes one: the swizzle bits the coordinate selects.
    Mixed { s: u32, f: u32, d: V },
}

impl Off {
    /// The offset as an integer (`smem_ptr` is the static 0; a MixedBits offset `s | d`, a
    /// run-time value, is computed by `p`).
    pub(crate) const fn value<const P: usize, const T: usize>(self, p: &mut Prog<P, T>) -> V {
        match self {
            Off::Int(v) => v,
            Off::Smem(_) => V::s(0),
            // The bits of `s` and `d` are apart: `s | d == s + d`.
            Off::Mixed { s, d, .. } => p.add(V::s(s as i32), d),
        }
    }

    /// The value when it is static.
    pub(crate) const fn static_value(self) -> Option<i32> {
        match self {
            Off::Int(v) if v.is_static() => Some(v.v),
            Off::Smem(_) => Some(0),
            _ => None,
        }
    }

    /// The dynamic value this offset keeps (a run-time `int`, or MixedBits' bits), if any.
    pub(crate) const fn dynamic(self) -> Option<V> {
        match self {
            Off::Int(v) | Off::Mixed { d: v, .. } if v.dynamic => Some(v),
            _ => None,
        }
    }

    /// This offset with its dynamic value replaced by `v`.
    pub(crate) const fn with_dynamic(self, v: V) -> Off {
        match self {
            Off::Int(_) => Off::Int(v),
            Off::Mixed { s, f, .. } => Off::Mixed { s, f, d: v },
            o => o,
        }
    }

    /// CuTe's `Int<0>` (the `smem_ptr` tag is another type).
    pub(crate) const fn is_int_zero(self) -> bool {
        matches!(self, Off::Int(v) if v.is_const(0))
    }

    /// As CuTe's swizzle arithmetic sees it: `smem_ptr` is the static 0.
    pub(crate) const fn bits(self) -> Off {
        match self {
            Off::Smem(_) => Off::Int(V::s(0)),
            o => o,
        }
    }
}

/// CuTe's `make_mixed_bits(C<s>, d, C<f>)`: `s | (d & f)` (`f` without the bits of `s`), an
/// integer when `d` is static or no dynamic bit is left, MixedBits otherwise.
pub(crate) const fn make_mixed_bits<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    s: u32,
    d: V,
    f: u32,
) -> Off {
    let f = f & !s;
    if f == 0 || d.is_static() {
        return Off::Int(V::s((s | (d.v as u32 & f)) as i32));
    }
    Off::Mixed {
        s,
        f,
        d: p.bit_and(d, V::s(f as i32)),
    }
}

/// `a ^ b` with CuTe's operators (`swizzle.hpp`): integers XOR as `int`s (static when both
/// are); `M<S0,F0>{d0} ^ M<S1,F1>{d1}` is `make_mixed_bits(C<(~S0&S1&~F0)|(S0&~S1&~F1)>,
/// (S0|d0)^(S1|d1), C<F0|F1>)`; `M<S0,F0>{d} ^ C<c>` is `make_mixed_bits(C<(~S0&c&~F0)|(S0&~c)>,
/// (S0|d)^c, C<F0>)`; MixedBits and a run-time `int` make a run-time `int`.
pub(crate) const fn xor<const P: usize, const T: usize>(p: &mut Prog<P, T>, a: Off, b: Off) -> Off {
    let (a, b) = (a.bits(), b.bits());
    let (va, vb) = (a.value(p), b.value(p));
    let x = p.bit_xor(va, vb);
    match (a, b) {
        (Off::Mixed { s: s0, f: f0, .. }, Off::Mixed { s: s1, f: f1, .. }) => {
            make_mixed_bits(p, (!s0 & s1 & !f0) | (s0 & !s1 & !f1), x, f0 | f1)
        }
        (Off::Mixed { s: s0, f: f0, .. }, Off::Int(c))
        | (Off::Int(c), Off::Mixed { s: s0, f: f0, .. })
            if c.is_static() =>
        {
            let c = c.v as u32;
            make_mixed_bits(p, (!s0 & c & !f0) | (s0 & !c), x, f0)
        }
        _ => Off::Int(x),
    }
}

/// `x & C<mask>`: MixedBits keep the static and dynamic bits under the mask; an integer
/// `& C<0>` is the static `_0`.
pub(crate) const fn and_static<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    x: Off,
    mask: i32,
) -> Off {
    match x.bits() {
        Off::Mixed { s, f, d } => make_mixed_bits(p, s & mask as u32, d, f & mask as u32),
        o => {
            let v = o.value(p);
            Off::Int(p.bit_and(v, V::s(mask)))
        }
    }
}

/// `shiftr(x, C<k>)`: an integer shifts as CuTe's `int` (arithmetically); MixedBits shift
/// their static bits, dynamic bits and mask alike, as 32-bit unsigned values.
pub(crate) const fn shift<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    x: Off,
    k: i32,
) -> Off {
    match x.bits() {
        Off::Mixed { s, f, d } => {
            let d = p.shiftr_u32(d, k);
            let (s, f) = (
                shiftr_u32(s as i32, k) as u32,
                shiftr_u32(f as i32, k) as u32,
            );
            make_mixed_bits(p, s, d, f)
        }
        Off::Int(v) if v.is_static() => Off::Int(V::s(shiftr(v.v, k))),
        o => {
            let mut m = Msg::new("cute-static: shiftr of the run-time offset ");
            off_text(&mut m, o);
            m.str(" by a swizzle whose masks have the sign bit").fail()
        }
    }
}

/// The swizzle applied to an offset on CuTe's types: `x ^ shiftr(x & yyy_msk, S)`.
pub(crate) const fn swizzled<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    sw: Swz,
    x: Off,
) -> Off {
    let y = and_static(p, x, sw.yyy_mask());
    let shifted = shift_yyy(p, sw, y);
    xor(p, x, shifted)
}

/// `shiftr(x & yyy_msk, S)`: a run-time `int` below the sign bit shifts as unsigned.
pub(crate) const fn shift_yyy<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    sw: Swz,
    y: Off,
) -> Off {
    match y {
        Off::Int(v) if v.dynamic && sw.yyy_mask() >= 0 => Off::Int(p.shiftr_u32(v, sw.s)),
        o => shift(p, o, sw.s),
    }
}

/// `x == Int<0>{}` as a CuTe boolean (static only for a static integer).
pub(crate) const fn eq_zero<const P: usize, const T: usize>(p: &mut Prog<P, T>, x: Off) -> V {
    let v = x.bits().value(p);
    p.eq(v, V::s(0))
}

/// CuTe's `make_swizzle<Y,Z>()`: `B = popcount(Y) = popcount(Z)` ("Number of bits in Y and Z
/// don't match"), `M = min(tz(Y), tz(Z)) % 32`, `S = tz(Y) - tz(Z)`, and `Y | Z` must be that
/// swizzle's masks ("Something went wrong.").
pub(crate) const fn make_swizzle(y: u32, z: u32) -> Swz {
    if y.count_ones() != z.count_ones() {
        Msg::new(Condition::SwizzleMaskBits.message())
            .str(": make_swizzle<")
            .num(y as i32)
            .str(",")
            .num(z as i32)
            .str(">")
            .fail()
    }
    let (ty, tz) = (y.trailing_zeros() as i32, z.trailing_zeros() as i32);
    let m = (if ty < tz { ty } else { tz }) % 32;
    let sw = Swz::new(y.count_ones() as i32, m, ty - tz);
    if y | z != (sw.yyy_mask() | sw.zzz_mask()) as u32 {
        Msg::new(Condition::SwizzleMasks.message())
            .str(" make_swizzle<")
            .num(y as i32)
            .str(",")
            .num(z as i32)
            .str(">: Y|Z is not the mask of ")
            .sw(sw)
            .fail()
    }
    sw
}

/// A static swizzle parameter list for messages.
impl Msg {
    pub(crate) const fn sw(&mut self, sw: Swz) -> &mut Msg {
        self.str("Sw<")
            .num(sw.b)
            .str(",")
            .num(sw.m)
            .str(",")
            .num(sw.s)
            .str(">")
    }
}

pub(crate) const fn off_text(m: &mut Msg, o: Off) {
    match o {
        Off::Int(v) => {
            m.v(v);
        }
        Off::Smem(bits) => {
            m.str("smem_ptr[").num(bits).str("b](unset)");
        }
        Off::Mixed { s, f, .. } => {
            m.str("M_").num(s as i32).str("|(?&").num(f as i32).str(")");
        }
    }
}
