//! Swizzles and composed layouts in const evaluation (CuTe's `swizzle.hpp`,
//! `layout_composed.hpp`, `swizzle_layout.hpp`). A composed layout `A o O o L` is the function
//! `c -> A(O + L(c))`; almost every operation applies to `L` alone and keeps `A` and `O`
//! ([`map_b`]). What an operation on a composed layout gives can be a plain layout (CuTe's
//! `composition(Sw<0,M,S>, _0, L)` is `L`, a sliced swizzle can decay), so a result is a [`CL`]
//! whose [`Form`] says which.

use super::arithmetic_tuple::moved;
use super::layout::L;
use super::recast;
use super::stride::crd2idx;
use super::swizzle::{Off, Swz, log2_exact, make_mixed_bits, make_swizzle, off_text};
use crate::error::{Condition, Msg};
use crate::prog::Prog;
use crate::tree::{List, Tree, V};

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
    pub(crate) const fn origin<const P: usize, const T: usize>(
        &self,
        p: &mut Prog<P, T>,
        origin: &Tree,
    ) -> Tree {
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
pub(crate) const fn describe(m: &mut Msg, c: &CL) {
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

pub(crate) const fn no_shape(op: &str, c: &CL) -> ! {
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
pub(crate) const fn recast<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    n: i32,
    c: &CL,
    up: bool,
) -> CL {
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
pub(crate) const fn mixed_div(v: u32, n: i32, c: &CL) -> u32 {
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
pub(crate) const fn mixed_mul(v: u32, k: i32, c: &CL) -> u32 {
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

pub(crate) const fn recast_layout<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    n: i32,
    l: &L,
    up: bool,
) -> L {
    if up {
        recast::upcast(p, n, l)
    } else {
        recast::downcast(p, n, l)
    }
}

pub(crate) const fn inv<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    l: &L,
    left: bool,
) -> L {
    if left {
        super::inverse::left_inverse(p, l)
    } else {
        super::inverse::right_inverse(p, l)
    }
}

/// `r(mask)`, which CuTe's `make_swizzle` needs as a compile-time value.
pub(crate) const fn image<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    r: &L,
    mask: i32,
    sw: Swz,
) -> u32 {
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
pub(crate) const fn inverse<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    c: &CL,
    left: bool,
) -> CL {
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
