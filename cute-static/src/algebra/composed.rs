//! Swizzles and composed layouts in const evaluation (CuTe's `swizzle.hpp`,
//! `layout_composed.hpp`, `swizzle_layout.hpp`). A composed layout `A o O o L` is the function
//! `c -> A(O + L(c))`; almost every operation applies to `L` alone and keeps `A` and `O`
//! ([`map_b`]). What an operation on a composed layout gives can be a plain layout (CuTe's
//! `composition(Sw<0,M,S>, _0, L)` is `L`, a sliced swizzle can decay), so a result is a [`CL`]
//! whose [`Form`] says which.

use super::arithmetic_tuple::moved;
use super::composition::{composition, composition_as_cute};
use super::exact;
use super::layout::L;
use super::recast;
use super::slice::{dice, slice};
use super::stride::{crd2idx, idx2crd};
use crate::bits::{shiftr, shiftr_u32};
use crate::error::{Condition, Msg};
use crate::prog::{Pred, Prog};
use crate::tree::{Kind, List, Tree, V};

/// How a slice moves a tensor's origin.
// Only ever a value of const evaluation (no heap there to box the large variant into).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy)]
pub(crate) enum Move {
    /// By a plain layout at a coordinate: `origin + of(at)`, component by component for an
    /// identity tensor's origin (`of` then has scaled basis strides).
    At { at: Tree, of: L },
    /// By an offset (what a swizzled layout's slice gives).
    By(V),
}

impl Move {
    /// The moved origin (an offset, or an arithmetic tuple).
    pub(crate) const fn origin(&self, p: &mut Prog, origin: &Tree) -> Tree {
        match self {
            Move::At { at, of } => moved(p, origin, at, of),
            Move::By(v) => {
                if !origin.is_int() {
                    Msg::new("cute-static internal error: a swizzled layout's slice moves an integer offset, not the origin ")
                        .tree(origin)
                        .fail()
                }
                Tree::leaf(p.add(origin.value(), *v))
            }
        }
    }
}

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
    const fn field(self, at: i32) -> i32 {
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
    const fn upcast(self, n: i32) -> Swz {
        let m = self.m - log2_exact(n, "upcast");
        if m >= 0 {
            Swz::new(self.b, m, self.s)
        } else {
            Swz::new(if self.b + m > 0 { self.b + m } else { 0 }, 0, self.s)
        }
    }

    /// CuTe's `downcast<N>(Sw<B,M,S>)`: `Sw<B,M+log2 N,S>`.
    const fn downcast(self, n: i32) -> Swz {
        Swz::new(self.b, self.m + log2_exact(n, "downcast"), self.s)
    }
}

/// `log2(n)` of a power of two (CuTe's `static_assert(has_single_bit(N))`).
const fn log2_exact(n: i32, op: &str) -> i32 {
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
    pub(crate) const fn value(self, p: &mut Prog) -> V {
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
    const fn is_int_zero(self) -> bool {
        matches!(self, Off::Int(v) if v.is_const(0))
    }

    /// As CuTe's swizzle arithmetic sees it: `smem_ptr` is the static 0.
    const fn bits(self) -> Off {
        match self {
            Off::Smem(_) => Off::Int(V::s(0)),
            o => o,
        }
    }
}

/// CuTe's `make_mixed_bits(C<s>, d, C<f>)`: `s | (d & f)` (`f` without the bits of `s`), an
/// integer when `d` is static or no dynamic bit is left, MixedBits otherwise.
const fn make_mixed_bits(p: &mut Prog, s: u32, d: V, f: u32) -> Off {
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
const fn xor(p: &mut Prog, a: Off, b: Off) -> Off {
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
const fn and_static(p: &mut Prog, x: Off, mask: i32) -> Off {
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
const fn shift(p: &mut Prog, x: Off, k: i32) -> Off {
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
const fn swizzled(p: &mut Prog, sw: Swz, x: Off) -> Off {
    let y = and_static(p, x, sw.yyy_mask());
    let shifted = shift_yyy(p, sw, y);
    xor(p, x, shifted)
}

/// `shiftr(x & yyy_msk, S)`: a run-time `int` below the sign bit shifts as unsigned.
const fn shift_yyy(p: &mut Prog, sw: Swz, y: Off) -> Off {
    match y {
        Off::Int(v) if v.dynamic && sw.yyy_mask() >= 0 => Off::Int(p.shiftr_u32(v, sw.s)),
        o => shift(p, o, sw.s),
    }
}

/// `x == Int<0>{}` as a CuTe boolean (static only for a static integer).
const fn eq_zero(p: &mut Prog, x: Off) -> V {
    let v = x.bits().value(p);
    p.eq(v, V::s(0))
}

/// Which function a [`CL`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The plain layout `l`.
    Plain,
    /// `sw o off o l`: a swizzled layout.
    SwOL,
    /// `l o off o sw`: what the inverses of a swizzled layout with a nonzero offset give.
    LOSw,
}

/// A composed layout, or the plain layout an operation on one gave.
#[derive(Clone, Copy, Debug)]
pub struct CL {
    pub(crate) form: Form,
    pub(crate) sw: Swz,
    pub(crate) off: Off,
    pub(crate) l: L,
}

impl CL {
    /// This composed layout with the values `vals` of its dynamic leaves (by number), all
    /// static: a static twin's operand (the offset's value, `smem_ptr` as 0).
    pub(crate) fn with_values(&self, vals: &List) -> CL {
        let value = |v: V| {
            if v.dynamic {
                vals.v[v.v as usize].v
            } else {
                v.v
            }
        };
        let off = match self.off {
            Off::Int(v) => value(v),
            Off::Smem(_) => 0,
            Off::Mixed { s, d, .. } => s as i32 | value(d),
        };
        CL {
            form: self.form,
            sw: self.sw,
            off: Off::Int(V::s(off)),
            l: self.l.with_values(vals),
        }
    }

    /// A plain layout.
    pub(crate) const fn plain(l: L) -> CL {
        CL {
            form: Form::Plain,
            sw: Swz { b: 0, m: 0, s: 0 },
            off: Off::Int(V::s(0)),
            l,
        }
    }

    /// The dynamic leaves, in the order of the operands' numbering: the offset, then `l`'s
    /// shape and stride.
    pub(crate) const fn dyn_leaves(&self) -> List {
        let mut out = List::new();
        if let Some(v) = self.off.dynamic() {
            out.push(v);
        }
        self.l.shape.push_dynamic_leaves(&mut out);
        self.l.stride.push_dynamic_leaves(&mut out);
        out
    }

    /// The operand numbering of [`CL::dyn_leaves`] moved by `offset`.
    pub(crate) const fn shifted(&self, offset: usize) -> CL {
        let mut out = *self;
        if let Some(v) = self.off.dynamic() {
            out.off = self.off.with_dynamic(V::node(v.v as usize + offset));
        }
        out.l = self.l.shifted(offset);
        out
    }

    /// The dynamic leaves numbered 0, 1, ... in [`CL::dyn_leaves`] order.
    pub(crate) const fn numbered(&self) -> CL {
        let mut out = *self;
        let mut next = 0;
        if self.off.dynamic().is_some() {
            out.off = self.off.with_dynamic(V::node(0));
            next = 1;
        }
        next = out.l.shape.number_dynamic_leaves(next);
        out.l.stride.number_dynamic_leaves(next);
        out
    }
}

/// CuTe's `make_composed_layout(sw, off, l)`: always composed.
pub(crate) const fn make(sw: Swz, off: Off, l: L) -> CL {
    CL {
        form: Form::SwOL,
        sw,
        off,
        l,
    }
}

/// CuTe's `composition(sw, off, l)`: composed, except that the identity swizzle with the static
/// offset `Int<0>` gives `l` itself.
pub(crate) const fn compose(sw: Swz, off: Off, l: L) -> CL {
    if sw.b == 0 && off.is_int_zero() {
        CL::plain(l)
    } else {
        make(sw, off, l)
    }
}

/// The message's composed layout, as CuTe prints it.
const fn describe(m: &mut Msg, c: &CL) {
    match c.form {
        Form::Plain => {}
        Form::SwOL => {
            m.sw(c.sw).str(" o ");
            off_text(m, c.off);
            m.str(" o ");
        }
        Form::LOSw => {}
    }
    m.layout(&c.l.shape, &c.l.stride);
    if let Form::LOSw = c.form {
        m.str(" o ");
        off_text(m, c.off);
        m.str(" o ").sw(c.sw);
    }
}

const fn off_text(m: &mut Msg, o: Off) {
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

const fn no_shape(op: &str, c: &CL) -> ! {
    let mut m = Msg::new(op);
    m.str(": ");
    describe(&mut m, c);
    m.str(" has a swizzle as its inner function, which has no shape")
        .fail()
}

/// `A o O o f(L)`: CuTe's rule for the operations that act on the domain `L` alone
/// (composition, divides, products, `tile_to_shape`, `coalesce`); a plain layout stays plain.
pub(crate) const fn map_b(c: &CL, op: &str, l: L) -> CL {
    match c.form {
        Form::Plain => CL::plain(l),
        Form::SwOL => compose(c.sw, c.off, l),
        Form::LOSw => no_shape(op, c),
    }
}

/// The inner layout `L` that an operation on the domain works on.
pub(crate) const fn domain(c: &CL, op: &str) -> L {
    match c.form {
        Form::LOSw => no_shape(op, c),
        _ => c.l,
    }
}

/// CuTe's `upcast<N>`/`downcast<N>` of a composed layout: of each part. A static offset is
/// divided exactly (`Static safe_div requires t % u == 0`) or multiplied; a dynamic one has no
/// `upcast<N>` in CuTe; `smem_ptr[Kb]` keeps the swizzle (it acts on bytes) and becomes
/// `smem_ptr[(K*N)b]` or `smem_ptr[(K/N)b]`. The result stays composed (CuTe's offset is then
/// not `Int<0>`).
pub(crate) const fn recast(p: &mut Prog, n: i32, c: &CL, up: bool) -> CL {
    let op = if up { "upcast" } else { "downcast" };
    if let Form::Plain = c.form {
        return CL::plain(recast_layout(p, n, &c.l, up));
    }
    let off = match c.off {
        Off::Smem(k) => Off::Smem(if up {
            match k.checked_mul(n) {
                Some(v) => v,
                None => Msg::new("i32 overflow in smem_ptr bits").fail(),
            }
        } else {
            if n <= 0 {
                Msg::new("downcast: N must be positive, got ").num(n).fail()
            }
            k / n
        }),
        Off::Mixed { s, f, d } => {
            let k = log2_exact(n, op);
            let d = p.shiftr_u32(d, if up { k } else { -k });
            let (s, f) = if up {
                (mixed_div(s, n, c), mixed_div(f, n, c))
            } else {
                (mixed_mul(s, k, c), mixed_mul(f, k, c))
            };
            make_mixed_bits(p, s, d, f)
        }
        Off::Int(v) if v.dynamic => {
            let mut m = Msg::new(op);
            m.str("<").num(n).str("> of ");
            describe(&mut m, c);
            m.str(": the offset is dynamic, and CuTe has no ")
                .str(op)
                .str("<N>(int)")
                .fail()
        }
        Off::Int(v) => {
            if !up {
                Off::Int(V::s(crate::error::mul(v.v, n)))
            } else if n == 0 || v.v % n != 0 {
                let mut m = Msg::new(Condition::SafeDivision.message());
                m.str(": offset ")
                    .num(v.v)
                    .str(" divided by ")
                    .num(n)
                    .str(" in ");
                describe(&mut m, c);
                m.fail()
            } else {
                Off::Int(V::s(v.v / n))
            }
        }
    };
    let sw = match (c.off, up) {
        (Off::Smem(_), _) => c.sw,
        (_, true) => c.sw.upcast(n),
        (_, false) => c.sw.downcast(n),
    };
    CL {
        form: c.form,
        sw,
        off,
        l: recast_layout(p, n, &c.l, up),
    }
}

/// `upcast<N>` of MixedBits' static bits or mask: CuTe's `safe_div` (exact).
const fn mixed_div(v: u32, n: i32, c: &CL) -> u32 {
    if v % n as u32 != 0 {
        let mut m = Msg::new(Condition::SafeDivision.message());
        m.str(": the MixedBits bits ")
            .num(v as i32)
            .str(" divided by ")
            .num(n)
            .str(" in ");
        describe(&mut m, c);
        m.fail()
    }
    v / n as u32
}

/// `downcast<N>` (`N = 2^k`) of MixedBits' static bits or mask, which must stay in 32 bits.
const fn mixed_mul(v: u32, k: i32, c: &CL) -> u32 {
    if k >= 32 || (k > 0 && v >> (32 - k) != 0) {
        let mut m = Msg::new("downcast: the MixedBits bits ");
        m.num(v as i32)
            .str(" times 2^")
            .num(k)
            .str(" leave 32 bits in ");
        describe(&mut m, c);
        m.fail()
    }
    v << k
}

const fn recast_layout(p: &mut Prog, n: i32, l: &L, up: bool) -> L {
    if up {
        recast::upcast(p, n, l)
    } else {
        recast::downcast(p, n, l)
    }
}

const fn inv(p: &mut Prog, l: &L, left: bool) -> L {
    if left {
        super::inverse::left_inverse(p, l)
    } else {
        super::inverse::right_inverse(p, l)
    }
}

/// CuTe's `make_swizzle<Y,Z>()`: `B = popcount(Y) = popcount(Z)` ("Number of bits in Y and Z
/// don't match"), `M = min(tz(Y), tz(Z)) % 32`, `S = tz(Y) - tz(Z)`, and `Y | Z` must be that
/// swizzle's masks ("Something went wrong.").
const fn make_swizzle(y: u32, z: u32) -> Swz {
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

/// `r(mask)`, which CuTe's `make_swizzle` needs as a compile-time value.
const fn image(p: &mut Prog, r: &L, mask: i32, sw: Swz) -> u32 {
    let v = crd2idx(p, &Tree::int(mask), &r.shape, &r.stride);
    if v.dynamic {
        Msg::new("composition(layout, swizzle): ")
            .layout(&r.shape, &r.stride)
            .str(" maps the mask ")
            .num(mask)
            .str(" of ")
            .sw(sw)
            .str(" to a run-time value; CuTe's make_swizzle<Y,Z>() needs compile-time masks")
            .fail()
    }
    v.v as u32
}

/// CuTe's `right_inverse`/`left_inverse` of a composed layout:
/// * `Sw o _0 o L` (the static offset `Int<0>`): `composition(inverse(L), Sw)`, which moves the
///   swizzle to the left: `Sw' = make_swizzle<R(yyy_msk), R(zzz_msk)>()` with `R = inverse(L)`,
///   the result `Sw' o _0 o R` (just `R` for `Sw<0,..>`);
/// * otherwise `inverse(L) o -O o Sw` (a swizzle is its own inverse; `O` must be static).
pub(crate) const fn inverse(p: &mut Prog, c: &CL, left: bool) -> CL {
    match c.form {
        Form::Plain => CL::plain(inv(p, &c.l, left)),
        Form::SwOL if c.off.is_int_zero() => {
            let r = inv(p, &c.l, left);
            let sw = make_swizzle(
                image(p, &r, c.sw.yyy_mask(), c.sw),
                image(p, &r, c.sw.zzz_mask(), c.sw),
            );
            compose(sw, Off::Int(V::s(0)), r)
        }
        _ => {
            let off = match c.off {
                Off::Int(v) if !v.dynamic => Off::Int(V::s(crate::error::sub(0, v.v))),
                _ => {
                    let mut m = Msg::new(if left {
                        "left_inverse"
                    } else {
                        "right_inverse"
                    });
                    m.str(" of ");
                    describe(&mut m, c);
                    m.str(": CuTe negates the offset, which must be a static integer")
                        .fail()
                }
            };
            let form = match c.form {
                Form::SwOL => Form::LOSw,
                _ => Form::SwOL,
            };
            let l = inv(p, &c.l, left);
            if let Form::SwOL = form {
                compose(c.sw, off, l)
            } else {
                CL {
                    form,
                    sw: c.sw,
                    off,
                    l,
                }
            }
        }
    }
}

/// CuTe's `as_position_independent_swizzle_layout(Sw o smem_ptr[Nb] o L)`: the swizzle on
/// bytes recast to `N`-bit elements (`recast_layout<uint8_t, uint_bit_t<N>>`: up- or downcast
/// by the ratio `N/8` in lowest terms), composed with `_0` (`Sw<0,..>` disappears).
pub(crate) const fn position_independent(c: &CL) -> CL {
    let bits = match (c.form, c.off) {
        (Form::SwOL, Off::Smem(bits)) => bits,
        _ => {
            let mut m = Msg::new("as_position_independent_swizzle_layout: ");
            describe(&mut m, c);
            m.str(" is not a swizzle with an smem_ptr[Nb](unset) offset")
                .fail()
        }
    };
    let known = matches!(bits, 1 | 2 | 4 | 6 | 8 | 16 | 32 | 64 | 128 | 256);
    let g = {
        let low = bits & bits.wrapping_neg();
        if low < 8 { low } else { 8 }
    };
    let (num, den) = if known { (bits / g, 8 / g) } else { (0, 0) };
    let sw = match (num, den) {
        (1, 1) => c.sw,
        (n, 1) if n > 1 => c.sw.upcast(n),
        (1, d) if d > 1 => c.sw.downcast(d),
        _ => Msg::new(
            "as_position_independent_swizzle_layout: CuTe has no recast of a swizzle from 8 to ",
        )
        .num(bits)
        .str(" bits")
        .fail(),
    };
    compose(sw, Off::Int(V::s(0)), c.l)
}

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
const fn to_mixed_bits(p: &mut Prog, l: &L, coord: &Tree) -> Off {
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
const fn signed_stride(p: &mut Prog, off: Off, partner: i32, plus: i32, minus: i32) -> V {
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
const fn decay_layout(p: &mut Prog, sw: Swz, off: Off) -> L {
    let (b, m, s) = (sw.b, sw.m, sw.s.abs());
    let (zzz, yyy) = (sw.zzz_mask(), sw.yyy_mask());
    let (z, y) = (zzz & zzz.wrapping_neg(), yyy & yyy.wrapping_neg());
    let mut zs = List::new();
    let mut ys = List::new();
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
pub(crate) const fn slice_and_offset(p: &mut Prog, crd: &Tree, c: &CL) -> (CL, Move) {
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
const fn project(p: &mut Prog, a: &L, b: &L, as_cute: bool) -> L {
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
