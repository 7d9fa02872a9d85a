//! CuTe's `layout_composed.hpp`, `swizzle_layout.hpp` and the GMMA shared-memory atoms:
//! `ComposedLayout` `A o O o B`, the function `c -> A(O + B(c))`, where `A` is usually a
//! [`Swizzle`] and `B` a [`Layout`] that gives the domain (shape, size, coordinates).
//!
//! Almost every layout operation applies to `B` alone and keeps `A` and `O`:
//! `op(A o O o B, x) = A o O o op(B, x)`. The exceptions (evaluation, slicing, up-/downcast,
//! the inverses, complement) are headed by their own rules below.
//!
//! ```
//! use cute_dynamic::ComposedLayout;
//! let c: ComposedLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
//! assert_eq!(c.call(1)?.value(), 72);
//! let smem = c.tile_to_shape(&"(_128,_128)".parse()?)?;
//! assert_eq!(smem.to_string(), "Sw<3,3,3> o _0 o ((_8,_16),(_64,_2)):((_64,_512),(_1,_8192))");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::composition::composition_exact;
use crate::coord::{Coord, dice, slice};
use crate::error::{Condition, ErrorKind, LayoutError, Result};
use crate::int::{Bool, Int};
use crate::int_tuple::IntTuple;
use crate::layout::{CoordRef, Layout};
use crate::prelude::*;
use crate::stride::idx2crd;
use crate::swizzle::{MixedBits, Swizzle, log2_exact, make_swizzle};
use crate::tiler::Tiler;
use crate::twin::{Checks, MAX_ENUMERATED, Twin, checked, is_complete_form};
use core::fmt;

/// One side of a [`ComposedLayout`]: a swizzle functor or a plain layout.
///
/// ```
/// use cute_dynamic::{LayoutFn, Swizzle};
/// let f = LayoutFn::from(Swizzle::new(2, 0, 3)?);
/// assert_eq!(f.to_string(), "Sw<2,0,3>");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LayoutFn {
    /// A swizzle `Sw<B,M,S>`.
    Swizzle(Swizzle),
    /// A layout `shape:stride`.
    Layout(Layout),
}

impl From<Swizzle> for LayoutFn {
    fn from(s: Swizzle) -> LayoutFn {
        LayoutFn::Swizzle(s)
    }
}

impl From<Layout> for LayoutFn {
    fn from(l: Layout) -> LayoutFn {
        LayoutFn::Layout(l)
    }
}

impl LayoutFn {
    /// The function at an offset (a layout reads it as a 1-D coordinate).
    fn call(&self, x: Int) -> Result<Int> {
        match self {
            LayoutFn::Swizzle(s) => Ok(s.call(x)),
            LayoutFn::Layout(l) => l.call(&IntTuple::Int(x)),
        }
    }
}

/// The offset `O` of a [`ComposedLayout`]: an integer (`_k` or `k`), the tag `smem_ptr[Nb](unset)`
/// (a static 0 that waits for a shared-memory pointer to `N`-bit elements, as in the GMMA atoms),
/// or a [`MixedBits`] value left by slicing with a dynamic coordinate.
///
/// ```
/// use cute_dynamic::{Int, Offset};
/// assert_eq!(Offset::Int(Int::new_static(0)).to_string(), "_0");
/// assert_eq!(Offset::SmemPtr(16).to_string(), "smem_ptr[16b](unset)");
/// assert_eq!(Offset::SmemPtr(16).value(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Offset {
    /// An integer offset, static or dynamic.
    Int(Int),
    /// CuTe's `smem_ptr_flag_bits<N>`: the static 0 of a layout waiting for an `N`-bit smem pointer.
    SmemPtr(i32),
    /// Bits known partly at compile time and partly at run time.
    Mixed(MixedBits),
}

impl From<Int> for Offset {
    fn from(i: Int) -> Offset {
        Offset::Int(i)
    }
}

/// CuTe's `make_mixed_bits(C<s>, d, C<f>)`: `s | (d & f)`, static when `d` is static or no
/// dynamic bit is left (`f & !s == 0`), a [`MixedBits`] otherwise.
fn make_mixed_bits(s: u32, d: Int, f: u32) -> Offset {
    let new_f = f & !s;
    let dv = d.value() as u32;
    if new_f == 0 || d.is_static() {
        return Offset::Int(Int::new_static((s | (dv & new_f)) as i32));
    }
    Offset::Mixed(MixedBits::from_parts(s, new_f, dv & new_f))
}

fn dynamic_u32(v: u32) -> Int {
    Int::new_dynamic(v as i32)
}

impl Offset {
    /// The value of the offset (0 for `smem_ptr`, `S | d` for MixedBits, as a C++ `int`).
    ///
    /// ```
    /// use cute_dynamic::{MixedBits, Offset};
    /// assert_eq!(Offset::Mixed(MixedBits::new(1, 6, 4)?).value(), 5);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn value(&self) -> i32 {
        match self {
            Offset::Int(i) => i.value(),
            Offset::SmemPtr(_) => 0,
            Offset::Mixed(m) => m.value() as i32,
        }
    }

    /// As an integer with CuTe's tag: `smem_ptr` is the static 0; MixedBits is `None`.
    fn int(&self) -> Option<Int> {
        match self {
            Offset::Int(i) => Some(*i),
            Offset::SmemPtr(_) => Some(Int::new_static(0)),
            Offset::Mixed(_) => None,
        }
    }

    /// Whether this is CuTe's `Int<0>` (the `smem_ptr` tag is not: it is another type).
    fn is_constant_zero(&self) -> bool {
        matches!(self, Offset::Int(i) if i.is_constant(0))
    }

    /// `a ^ b` with CuTe's operators (`swizzle.hpp`):
    /// * static ^ static is static; a run-time int on either side makes a run-time int (a
    ///   MixedBits operand converts to `uint32_t`);
    /// * `M<S0,F0>{d0} ^ M<S1,F1>{d1}` = `make_mixed_bits(C<(~S0&S1&~F0)|(S0&~S1&~F1)>,
    ///   (S0|d0)^(S1|d1), C<F0|F1>)`;
    /// * `M<S0,F0>{d} ^ C<c>` = `make_mixed_bits(C<(~S0&c&~F0)|(S0&~c)>, (S0|d)^c, C<F0>)`.
    fn xor(&self, other: &Offset) -> Offset {
        match (self, other, self.int(), other.int()) {
            (_, _, Some(a), Some(b)) => Offset::Int(Int::with_tag(
                a.value() ^ b.value(),
                a.is_static() && b.is_static(),
            )),
            (Offset::Mixed(m0), Offset::Mixed(m1), _, _) => {
                let (s0, f0, s1, f1) = (m0.static_bits(), m0.flags(), m1.static_bits(), m1.flags());
                make_mixed_bits(
                    (!s0 & s1 & !f0) | (s0 & !s1 & !f1),
                    dynamic_u32((s0 | m0.dynamic_bits()) ^ (s1 | m1.dynamic_bits())),
                    f0 | f1,
                )
            }
            (Offset::Mixed(m), _, _, Some(c)) | (_, Offset::Mixed(m), Some(c), _) => {
                if !c.is_static() {
                    // A run-time int meets the MixedBits' conversion to uint32_t.
                    return Offset::Int(Int::new_dynamic(m.value() as i32 ^ c.value()));
                }
                let (s0, f0, c) = (m.static_bits(), m.flags(), c.value() as u32);
                make_mixed_bits(
                    (!s0 & c & !f0) | (s0 & !c),
                    dynamic_u32((s0 | m.dynamic_bits()) ^ c),
                    f0,
                )
            }
            _ => Offset::Int(Int::new_dynamic(self.value() ^ other.value())),
        }
    }

    /// `x & C<mask>`: `M<S0,F0>{d} & C<m>` = `make_mixed_bits(C<S0&m>, d, C<F0&m>)`; an int
    /// `& C<0>` is the static `_0`.
    fn and_static(&self, mask: i32) -> Offset {
        match (self, self.int()) {
            (_, Some(_)) if mask == 0 => Offset::Int(Int::new_static(0)),
            (_, Some(i)) => Offset::Int(Int::with_tag(i.value() & mask, i.is_static())),
            (Offset::Mixed(m), None) => make_mixed_bits(
                m.static_bits() & mask as u32,
                dynamic_u32(m.dynamic_bits()),
                m.flags() & mask as u32,
            ),
            _ => *self,
        }
    }

    /// `shiftr(x, C<s>)`: MixedBits shift their static bits, dynamic bits and flags alike.
    fn shiftr(&self, s: i32) -> Offset {
        let shift = |v: u32| {
            if s >= 0 {
                v.checked_shr(s.unsigned_abs()).unwrap_or(0)
            } else {
                v.checked_shl(s.unsigned_abs()).unwrap_or(0)
            }
        };
        match (self, self.int()) {
            (_, Some(i)) => Offset::Int(Int::with_tag(
                crate::swizzle::shiftr(i.value(), s),
                i.is_static(),
            )),
            (Offset::Mixed(m), None) => make_mixed_bits(
                shift(m.static_bits()),
                dynamic_u32(shift(m.dynamic_bits())),
                shift(m.flags()),
            ),
            _ => *self,
        }
    }

    /// `x == Int<0>{}`: static only for a static integer (MixedBits compare at run time).
    fn eq_zero(&self) -> Bool {
        match self.int() {
            Some(i) => Bool {
                value: i.value() == 0,
                is_static: i.is_static(),
            },
            None => Bool {
                value: self.value() == 0,
                is_static: false,
            },
        }
    }

    /// `x + i`: integer addition; a MixedBits operand is a run-time `uint32_t`.
    fn add(&self, i: Int) -> Result<Int> {
        match self.int() {
            Some(o) => Ok(o.checked_add(i)?),
            None => Ok(Int::new_dynamic(self.value()).checked_add(Int::new_dynamic(i.value()))?),
        }
    }

    /// The swizzle applied to this offset: `x ^ shiftr(x & yyy_mask, S)` on CuTe's types.
    fn swizzled(&self, sw: &Swizzle) -> Offset {
        self.xor(&self.and_static(sw.yyy_mask()).shiftr(sw.num_shft()))
    }

    /// CuTe's `upcast<N>` of an offset: `safe_div` by `N` (static values must divide); a
    /// run-time int has no `upcast<N>` in CuTe.
    fn upcast(&self, n: i32) -> Result<Offset> {
        match self {
            Offset::Int(i) if i.is_static() => Ok(Offset::Int(Int::new_static(safe_div(
                i.value(),
                n,
                "offset",
            )?))),
            Offset::Int(i) => Err(dynamic_offset("upcast", *i)),
            Offset::SmemPtr(bits) => Ok(Offset::SmemPtr(bits.checked_mul(n).ok_or_else(|| {
                LayoutError::from(crate::int::IntError::Overflow {
                    op: "*",
                    lhs: *bits,
                    rhs: n,
                })
            })?)),
            Offset::Mixed(m) => {
                log2_exact(n, "upcast")?;
                let s = safe_div(m.static_bits() as i32, n, "MixedBits static bits")?;
                let f = safe_div(m.flags() as i32, n, "MixedBits flags")?;
                Ok(make_mixed_bits(
                    s as u32,
                    dynamic_u32(m.dynamic_bits() / n.unsigned_abs()),
                    f as u32,
                ))
            }
        }
    }

    /// CuTe's `downcast<N>` of an offset: times `N`; a run-time int has no `downcast<N>`.
    fn downcast(&self, n: i32) -> Result<Offset> {
        let times = |v: i32| {
            Int::new_static(v)
                .checked_mul(Int::new_static(n))
                .map_err(LayoutError::from)
        };
        match self {
            Offset::Int(i) if i.is_static() => Ok(Offset::Int(times(i.value())?)),
            Offset::Int(i) => Err(dynamic_offset("downcast", *i)),
            Offset::SmemPtr(bits) => {
                if n <= 0 {
                    return Err(ErrorKind::NonPositive {
                        op: "downcast",
                        value: n,
                    }
                    .into());
                }
                Ok(Offset::SmemPtr(bits / n))
            }
            Offset::Mixed(m) => {
                log2_exact(n, "downcast")?;
                let by = n.unsigned_abs();
                let wide = |v: u32| {
                    v.checked_mul(by).ok_or_else(|| {
                        LayoutError::invalid("downcast", format!("MixedBits {m} times {n}"))
                    })
                };
                Ok(make_mixed_bits(
                    wide(m.static_bits())?,
                    dynamic_u32(wide(m.dynamic_bits())?),
                    wide(m.flags())?,
                ))
            }
        }
    }

    /// CuTe's `right_inverse`/`left_inverse` of an integer offset: `-O`.
    fn negated(&self, op: &'static str) -> Result<Offset> {
        match self {
            Offset::Int(i) if i.is_static() => Ok(Offset::Int(
                Int::new_static(0)
                    .checked_sub(*i)
                    .map_err(LayoutError::from)?,
            )),
            Offset::Int(i) => Err(dynamic_offset(op, *i)),
            other => Err(LayoutError::invalid(
                op,
                format!("CuTe has no {op} of the offset {other}"),
            )),
        }
    }
}

fn dynamic_offset(op: &'static str, i: Int) -> LayoutError {
    LayoutError::invalid(
        op,
        format!(
            "the offset {i} is dynamic: CuTe's {op} of a composed layout needs a static offset"
        ),
    )
}

/// CuTe's `safe_div(C<t>, C<u>)`: `t / u`, which must be exact.
fn safe_div(t: i32, u: i32, what: &str) -> Result<i32> {
    match (t.checked_rem(u), t.checked_div(u)) {
        (Some(0), Some(q)) => Ok(q),
        _ => Err(LayoutError::precondition(
            Condition::SafeDivision,
            format!("{what} {t} divided by {u}"),
        )),
    }
}

/// CuTe's `ComposedLayout<A,O,B>`: the function `c -> A(O + B(c))`. Its shape, size and
/// coordinates are those of `B`. Printed `A o O o B`, e.g. `Sw<3,4,3> o _0 o (_8,_64):(_64,_1)`.
///
/// ```
/// use cute_dynamic::ComposedLayout;
/// let c: ComposedLayout = "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)".parse()?;
/// assert_eq!(c.size()?.value(), 512);
/// assert_eq!(c.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ComposedLayout {
    layout_a: LayoutFn,
    offset: Offset,
    layout_b: LayoutFn,
}

/// CuTe's `make_composed_layout(A, O, B)`: always a composed layout (no simplification).
///
/// ```
/// use cute_dynamic::{make_composed_layout, Int, Swizzle};
/// let c = make_composed_layout(Swizzle::new(0, 4, 3)?, Int::new_static(0), "_8:_1".parse::<cute_dynamic::Layout>()?);
/// assert_eq!(c.to_string(), "Sw<0,4,3> o _0 o _8:_1");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_composed_layout(
    a: impl Into<LayoutFn>,
    offset: impl Into<Offset>,
    b: impl Into<LayoutFn>,
) -> ComposedLayout {
    ComposedLayout {
        layout_a: a.into(),
        offset: offset.into(),
        layout_b: b.into(),
    }
}

/// A layout that may or may not be composed: what CuTe's operations on composed layouts return,
/// since `composition(Sw<0,M,S>, _0, L)` (the identity swizzle) is just `L`, and slicing a
/// swizzled layout can decay to a plain layout.
///
/// ```
/// use cute_dynamic::AnyLayout;
/// let p: AnyLayout = "(_8,_8):(_8,_1)".parse()?;
/// let c: AnyLayout = "Sw<1,0,3> o _0 o (_8,_8):(_8,_1)".parse()?;
/// assert!(p.as_layout().is_some() && c.as_composed().is_some());
/// assert_eq!(c.call(1)?.value(), 8 ^ 1);                  // Sw(L(1)) = Sw(8)
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyLayout {
    /// A plain layout.
    Plain(Layout),
    /// A composed layout.
    Composed(ComposedLayout),
}

impl AnyLayout {
    /// The plain layout, if this is one.
    ///
    /// ```
    /// let l: cute_dynamic::AnyLayout = "_4:_1".parse()?;
    /// assert_eq!(l.as_layout().unwrap().to_string(), "_4:_1");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn as_layout(&self) -> Option<&Layout> {
        match self {
            AnyLayout::Plain(l) => Some(l),
            AnyLayout::Composed(_) => None,
        }
    }

    /// The composed layout, if this is one.
    ///
    /// ```
    /// let l: cute_dynamic::AnyLayout = "Sw<1,0,1> o _0 o _4:_1".parse()?;
    /// assert_eq!(l.as_composed().unwrap().offset().to_string(), "_0");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn as_composed(&self) -> Option<&ComposedLayout> {
        match self {
            AnyLayout::Composed(c) => Some(c),
            AnyLayout::Plain(_) => None,
        }
    }

    /// The size of the domain.
    ///
    /// ```
    /// let l: cute_dynamic::AnyLayout = "Sw<1,0,1> o _0 o (_4,8):(_1,_4)".parse()?;
    /// assert_eq!(l.size()?.to_string(), "32");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn size(&self) -> Result<Int> {
        match self {
            AnyLayout::Plain(l) => l.size(),
            AnyLayout::Composed(c) => c.size(),
        }
    }

    /// CuTe's `cosize`: of the layout, or of the inner layout `B` of a composed one.
    ///
    /// ```
    /// let l: cute_dynamic::AnyLayout = "Sw<1,0,1> o _0 o (_4,2):(_1,_8)".parse()?;
    /// assert_eq!(l.cosize()?.to_string(), "12");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn cosize(&self) -> Result<Int> {
        match self {
            AnyLayout::Plain(l) => l.cosize(),
            AnyLayout::Composed(c) => c.cosize(),
        }
    }

    /// CuTe's `shape`: of the layout, or of the inner layout `B` of a composed one (an error if
    /// `B` is a swizzle, which has no shape).
    ///
    /// ```
    /// let l: cute_dynamic::AnyLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
    /// assert_eq!(l.shape()?.to_string(), "(_8,_64)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn shape(&self) -> Result<IntTuple> {
        match self {
            AnyLayout::Plain(l) => Ok(l.shape()),
            AnyLayout::Composed(c) => c.shape(),
        }
    }

    /// Evaluate at an index or a coordinate.
    ///
    /// ```
    /// let l: cute_dynamic::AnyLayout = "Sw<1,0,1> o _0 o _4:_1".parse()?;
    /// assert_eq!(l.call(2)?.value(), 3);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn call<'c>(&self, coord: impl Into<CoordRef<'c>>) -> Result<Int> {
        match self {
            AnyLayout::Plain(l) => l.call(coord),
            AnyLayout::Composed(c) => c.call(coord),
        }
    }
}

impl From<Layout> for AnyLayout {
    fn from(l: Layout) -> AnyLayout {
        AnyLayout::Plain(l)
    }
}

impl From<ComposedLayout> for AnyLayout {
    fn from(c: ComposedLayout) -> AnyLayout {
        AnyLayout::Composed(c)
    }
}

/// CuTe's three-argument `composition(A, O, B)`: a composed layout, except that the identity
/// swizzle with the static offset `_0` (`Int<0>`, not the `smem_ptr` tag) gives `B` itself.
///
/// ```
/// use cute_dynamic::{composition_with_offset, Int, Layout, Swizzle};
/// let l: Layout = "(_8,_8):(_8,_1)".parse()?;
/// let id = composition_with_offset(Swizzle::new(0, 4, 3)?, Int::new_static(0), l.clone());
/// assert_eq!(id.to_string(), "(_8,_8):(_8,_1)");
/// let sw = composition_with_offset(Swizzle::new(1, 4, 3)?, Int::new_static(0), l);
/// assert_eq!(sw.to_string(), "Sw<1,4,3> o _0 o (_8,_8):(_8,_1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn composition_with_offset(
    a: impl Into<LayoutFn>,
    offset: impl Into<Offset>,
    b: impl Into<LayoutFn>,
) -> AnyLayout {
    let c = make_composed_layout(a, offset, b);
    match (&c.layout_a, &c.layout_b) {
        (LayoutFn::Swizzle(s), LayoutFn::Layout(l))
            if s.num_bits() == 0 && c.offset.is_constant_zero() =>
        {
            AnyLayout::Plain(l.clone())
        }
        _ => AnyLayout::Composed(c),
    }
}

/// CuTe's `composition(Sw, L)`: the swizzled layout `Sw o _0 o L` (`L` itself for `Sw<0,M,S>`).
///
/// ```
/// use cute_dynamic::{composition_swizzle, Swizzle};
/// let r = composition_swizzle(&Swizzle::new(3, 3, 3)?, &"(_8,_64):(_64,_1)".parse()?);
/// assert_eq!(r.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[must_use]
pub fn composition_swizzle(sw: &Swizzle, layout: &Layout) -> AnyLayout {
    composition_with_offset(*sw, Int::new_static(0), layout.clone())
}

/// CuTe's `composition(L, Sw)`: moves the swizzle to the left of `L`. Rule: the swizzle's masks
/// are mapped through `L`, `Y' = L(yyy_mask)` and `Z' = L(zzz_mask)` (both compile-time values
/// in CuTe), and the result is `make_swizzle<Y',Z'>() o _0 o L` (just `L` when `Y' = Z' = 0`).
///
/// ```
/// use cute_dynamic::{composition_layout_swizzle, Swizzle};
/// // left_inverse(Sw<3,3,5> o _0 o (_8,_64):(_64,_1)): the swizzle moves through (_64,_8):(_8,_1).
/// let l = "(_64,_8):(_8,_1)".parse()?;
/// let r = composition_layout_swizzle(&l, &Swizzle::new(3, 3, 5)?)?;
/// assert_eq!(r.to_string(), "Sw<3,2,-4> o _0 o (_64,_8):(_8,_1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn composition_layout_swizzle(layout: &Layout, sw: &Swizzle) -> Result<AnyLayout> {
    let image = |mask: i32| -> Result<u32> {
        let v = layout.call(&IntTuple::Int(Int::new_static(mask)))?;
        if !v.is_static() {
            return Err(LayoutError::invalid(
                "composition",
                format!(
                    "{layout} maps the mask {mask} of {sw} to the run-time value {v}: CuTe's \
                     make_swizzle needs compile-time masks"
                ),
            ));
        }
        Ok(v.value() as u32)
    };
    let new_sw = make_swizzle(image(sw.yyy_mask())?, image(sw.zzz_mask())?)?;
    Ok(composition_swizzle(&new_sw, layout))
}

impl ComposedLayout {
    /// `A`, CuTe's `layout_a()`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o _4:_1".parse()?;
    /// assert_eq!(c.layout_a().to_string(), "Sw<1,0,1>");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn layout_a(&self) -> &LayoutFn {
        &self.layout_a
    }

    /// `O`, CuTe's `offset()`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o 7 o _4:_1".parse()?;
    /// assert_eq!(c.offset().to_string(), "7");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn offset(&self) -> &Offset {
        &self.offset
    }

    /// `B`, CuTe's `layout_b()`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o _4:_1".parse()?;
    /// assert_eq!(c.layout_b().to_string(), "_4:_1");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn layout_b(&self) -> &LayoutFn {
        &self.layout_b
    }

    /// `B` as a layout (every shape-based operation needs one).
    fn inner(&self, op: &'static str) -> Result<&Layout> {
        match &self.layout_b {
            LayoutFn::Layout(l) => Ok(l),
            LayoutFn::Swizzle(s) => Err(LayoutError::invalid(
                op,
                format!("{self}: the inner function {s} is a swizzle, which has no shape"),
            )),
        }
    }

    /// The shape of `B`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o (_4,2):(_1,_4)".parse()?;
    /// assert_eq!(c.shape()?.to_string(), "(_4,2)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn shape(&self) -> Result<IntTuple> {
        Ok(self.inner("shape")?.shape())
    }

    /// CuTe's `size(C)`: the size of `B`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o (_4,2):(_1,_4)".parse()?;
    /// assert_eq!(c.size()?.to_string(), "8");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn size(&self) -> Result<Int> {
        self.inner("size")?.size()
    }

    /// CuTe's `cosize(C)`: the cosize of `B`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o (_4,2):(_1,_8)".parse()?;
    /// assert_eq!(c.cosize()?.to_string(), "12");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn cosize(&self) -> Result<Int> {
        self.inner("cosize")?.cosize()
    }

    /// CuTe's `C(c)` = `A(O + B(c))`, for an index or a coordinate of `B`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
    /// let row1: Vec<i32> = (0..4).map(|i| c.call(i).map(|v| v.value())).collect::<Result<_, _>>()?;
    /// assert_eq!(row1, [0, 72, 144, 216]);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn call<'c>(&self, coord: impl Into<CoordRef<'c>>) -> Result<Int> {
        let inner = match (&self.layout_b, coord.into()) {
            (LayoutFn::Layout(l), c) => l.call(c)?,
            (LayoutFn::Swizzle(s), CoordRef::Index(i)) => s.call(Int::new_dynamic(i)),
            (LayoutFn::Swizzle(s), CoordRef::Coord(IntTuple::Int(i))) => s.call(*i),
            (LayoutFn::Swizzle(s), CoordRef::Owned(IntTuple::Int(i))) => s.call(i),
            (LayoutFn::Swizzle(s), CoordRef::Coord(c)) => {
                return Err(LayoutError::invalid(
                    "call",
                    format!("the swizzle {s} takes an integer, not {c}"),
                ));
            }
            (LayoutFn::Swizzle(s), CoordRef::Owned(c)) => {
                return Err(LayoutError::invalid(
                    "call",
                    format!("the swizzle {s} takes an integer, not {c}"),
                ));
            }
        };
        self.layout_a.call(self.offset.add(inner)?)
    }

    /// `A o O o f(B)`, CuTe's rule for every operation that acts on `B` alone.
    fn map_b(
        &self,
        op: &'static str,
        f: impl FnOnce(&Layout) -> Result<Layout>,
    ) -> Result<AnyLayout> {
        let b = f(self.inner(op)?)?;
        Ok(composition_with_offset(
            self.layout_a.clone(),
            self.offset,
            b,
        ))
    }

    /// CuTe's `composition(C, L)` = `A o O o composition(B, L)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,3,3> o _238 o (_2,_3):(_3,_1)".parse()?;
    /// assert_eq!(c.composition(&"_3:_2".parse()?)?.to_string(), "Sw<2,3,3> o _238 o _3:_1");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn composition(&self, layout: &Layout) -> Result<AnyLayout> {
        self.map_b("composition", |b| crate::composition(b, layout))
    }

    /// CuTe's `composition(C, tiler)` = `A o O o composition(B, tiler)` (by-mode).
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,2,3> o _0 o (128,8):(_1,_128)".parse()?;
    /// assert_eq!(c.composition_tiler(&"(128)".parse()?)?.to_string(), "Sw<2,2,3> o _0 o (128):(_1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn composition_tiler(&self, tiler: &Tiler) -> Result<AnyLayout> {
        self.map_b("composition", |b| crate::composition_tiler(b, tiler))
    }

    /// CuTe's `logical_divide(C, L)` = `A o O o logical_divide(B, L)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,1,1> o _0 o _8:_1".parse()?;
    /// assert_eq!(c.logical_divide(&"_2:_1".parse()?)?.to_string(), "Sw<1,1,1> o _0 o (_2,_4):(_1,_2)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn logical_divide(&self, tiler: &Layout) -> Result<AnyLayout> {
        self.map_b("logical_divide", |b| crate::logical_divide(b, tiler))
    }

    /// CuTe's `logical_divide(C, tiler)` = `A o O o logical_divide(B, tiler)` (by-mode).
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<3,0,3> o _0 o (_8,_4):(_4,_1)".parse()?;
    /// let r = c.logical_divide_tiler(&"(_1,_4:_1)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<3,0,3> o _0 o ((_1,_8),(_4,_1)):((_0,_4),(_1,_0))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn logical_divide_tiler(&self, tiler: &Tiler) -> Result<AnyLayout> {
        self.map_b("logical_divide", |b| crate::logical_divide_tiler(b, tiler))
    }

    /// CuTe's `zipped_divide(C, tiler)` = `A o O o zipped_divide(B, tiler)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,3,3> o _47 o (_8,_64):(_64,_1)".parse()?;
    /// let r = c.zipped_divide(&"(_8,(_8,_8):(_1,_8))".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<1,3,3> o _47 o ((_8,(_8,_8)),(_1,_1)):((_64,(_1,_8)),(_0,_0))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn zipped_divide(&self, tiler: &Tiler) -> Result<AnyLayout> {
        self.map_b("zipped_divide", |b| crate::zipped_divide(b, tiler))
    }

    /// CuTe's `tiled_divide(C, tiler)` = `A o O o tiled_divide(B, tiler)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<3,1,3> o _0 o (_64,_8):(_8,_1)".parse()?;
    /// let r = c.tiled_divide(&"(_4,(_2,_4):(_1,_2))".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<3,1,3> o _0 o ((_4,(_2,_4)),_16,_1):((_8,(_1,_2)),_32,_0)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn tiled_divide(&self, tiler: &Tiler) -> Result<AnyLayout> {
        self.map_b("tiled_divide", |b| crate::tiled_divide(b, tiler))
    }

    /// CuTe's `flat_divide(C, tiler)` = `A o O o flat_divide(B, tiler)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,4,3> o _0 o (_16,_8):(_1,_16)".parse()?;
    /// let r = c.flat_divide(&"(_4:_1,_2)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<1,4,3> o _0 o (_4,_2,_4,_4):(_1,_16,_4,_32)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn flat_divide(&self, tiler: &Tiler) -> Result<AnyLayout> {
        self.map_b("flat_divide", |b| crate::flat_divide(b, tiler))
    }

    /// CuTe's `logical_product(C, L)` = `A o O o logical_product(B, L)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,4,2> o _0 o (_4,_8):(_1,_4)".parse()?;
    /// let r = c.logical_product(&"(_2):(_1)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<2,4,2> o _0 o ((_4,_8),(_2)):((_1,_4),(_32))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn logical_product(&self, tiler: &Layout) -> Result<AnyLayout> {
        self.map_b("logical_product", |b| crate::logical_product(b, tiler))
    }

    /// CuTe's `zipped_product(C, tiler)` = `A o O o zipped_product(B, tiler)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o (_5,_4):(_4,_1)".parse()?;
    /// let r = c.zipped_product(&"(_2,_2):(_2,_1)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<1,0,1> o _0 o ((_5,_4),(_2,_2)):((_4,_1),(_40,_20))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn zipped_product(&self, tiler: &Tiler) -> Result<AnyLayout> {
        self.map_b("zipped_product", |b| crate::zipped_product(b, tiler))
    }

    /// CuTe's `tiled_product(C, tiler)` = `A o O o tiled_product(B, tiler)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o (_5,_4):(_4,_1)".parse()?;
    /// let r = c.tiled_product(&"(_2,_2):(_2,_1)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<1,0,1> o _0 o ((_5,_4),_2,_2):((_4,_1),_40,_20)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn tiled_product(&self, tiler: &Tiler) -> Result<AnyLayout> {
        self.map_b("tiled_product", |b| crate::tiled_product(b, tiler))
    }

    /// CuTe's `flat_product(C, tiler)` = `A o O o flat_product(B, tiler)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o (_5,_4):(_4,_1)".parse()?;
    /// let r = c.flat_product(&"(_2,_2):(_2,_1)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<1,0,1> o _0 o (_5,_4,_2,_2):(_4,_1,_40,_20)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn flat_product(&self, tiler: &Tiler) -> Result<AnyLayout> {
        self.map_b("flat_product", |b| crate::flat_product(b, tiler))
    }

    /// CuTe's `blocked_product(C, L)` = `A o O o blocked_product(B, L)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
    /// let r = c.blocked_product(&"(_2,_1):(_1,_2)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<3,3,3> o _0 o ((_8,_2),(_64,_1)):((_64,_512),(_1,_1024))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn blocked_product(&self, tiler: &Layout) -> Result<AnyLayout> {
        self.map_b("blocked_product", |b| crate::blocked_product(b, tiler))
    }

    /// CuTe's `raked_product(C, L)` = `A o O o raked_product(B, L)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,5,5> o _0 o (_8,_4,_2):(_1,_8,_32)".parse()?;
    /// let r = c.raked_product(&"(_5):(_2)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<2,5,5> o _0 o ((_5,_8),(_1,_4),(_1,_2)):((_128,_1),(_0,_8),(_0,_32))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn raked_product(&self, tiler: &Layout) -> Result<AnyLayout> {
        self.map_b("raked_product", |b| crate::raked_product(b, tiler))
    }

    /// CuTe's `tile_to_shape(C, shape)` = `A o O o tile_to_shape(B, shape)`: how kernels build
    /// shared-memory layouts from GMMA atoms.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,3,3> o _0 o (_8,_32):(_32,_1)".parse()?;
    /// let r = c.tile_to_shape(&"(_128,_128)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<2,3,3> o _0 o ((_8,_16),(_32,_4)):((_32,_256),(_1,_4096))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn tile_to_shape(&self, shape: &IntTuple) -> Result<AnyLayout> {
        self.map_b("tile_to_shape", |b| crate::tile_to_shape(b, shape))
    }

    /// CuTe's `coalesce(C)` = `A o O o coalesce(B)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,2,2> o _0 o (_2,_2,_2):(_1,_2,_4)".parse()?;
    /// assert_eq!(c.coalesce()?.to_string(), "Sw<2,2,2> o _0 o _8:_1");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn coalesce(&self) -> Result<AnyLayout> {
        self.map_b("coalesce", crate::coalesce)
    }

    /// CuTe's `coalesce(C, profile)` = `A o O o coalesce(B, profile)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,2,2> o _0 o ((_2,_2),_2):((_1,_2),_4)".parse()?;
    /// assert_eq!(c.coalesce_profile(&"(_1,_1)".parse()?)?.to_string(), "Sw<2,2,2> o _0 o (_4,_2):(_1,_4)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn coalesce_profile(&self, profile: &IntTuple) -> Result<AnyLayout> {
        self.map_b("coalesce", |b| crate::coalesce_profile(b, profile))
    }

    /// CuTe's `complement(C, cotarget)` = `complement(B, cotarget)`: a plain layout, the swizzle
    /// and the offset play no part.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,2,2> o _0 o (8,4):(_4,_1)".parse()?;
    /// assert_eq!(c.complement_to(&"_64".parse()?)?.to_string(), "(1,2):(4,32)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn complement_to(&self, cotarget: &IntTuple) -> Result<Layout> {
        crate::complement(self.inner("complement")?, cotarget)
    }

    /// CuTe's `complement(C)` = `complement(B, cosize(B))`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,2,2> o _0 o (8,4):(_4,_1)".parse()?;
    /// assert_eq!(c.complement()?.to_string(), "(1,1):(4,32)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn complement(&self) -> Result<Layout> {
        self.complement_to(&self.cosize()?.into())
    }

    /// CuTe's `upcast<N>(C)`: `upcast<N>` of each part. A swizzle sees `log2 N` fewer low bits
    /// ([`Swizzle::upcast`]), a static offset is divided exactly ("Static safe_div requires
    /// t % u == 0"; a run-time offset has no `upcast` in CuTe), `B` as [`crate::upcast`]. For
    /// the `smem_ptr[Kb]` tag the swizzle stays (it acts on bytes) and the tag becomes
    /// `smem_ptr[(K*N)b]`. The result stays composed even for `Sw<0,..>` (CuTe's offset is then
    /// an unsigned constant, not `Int<0>`).
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,5,2> o _0 o ((_2,_24,_8)):((_192,_8,_1))".parse()?;
    /// assert_eq!(c.upcast(8)?.to_string(), "Sw<2,2,2> o _0 o ((_2,_24,_1)):((_24,_1,_1))");
    /// let atom: cute_dynamic::ComposedLayout = "Sw<3,4,3> o smem_ptr[1b](unset) o (_8,_1024):(_1024,_1)".parse()?;
    /// assert_eq!(atom.upcast(16)?.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn upcast(&self, n: i32) -> Result<ComposedLayout> {
        self.recast(n, Swizzle::upcast, crate::upcast, Offset::upcast)
    }

    /// CuTe's `downcast<N>(C)`: `downcast<N>` of each part. A swizzle sees `log2 N` more low bits
    /// ([`Swizzle::downcast`]), a static offset is multiplied by `N` (a run-time offset has no
    /// `downcast` in CuTe), `B` as [`crate::downcast`]. The `smem_ptr[Kb]` tag keeps the swizzle
    /// and becomes `smem_ptr[(K/N)b]`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,2,3> o _0 o (_16,_8):(_1,_16)".parse()?;
    /// assert_eq!(c.downcast(8)?.to_string(), "Sw<2,5,3> o _0 o (_128,_8):(_1,_128)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn downcast(&self, n: i32) -> Result<ComposedLayout> {
        self.recast(n, Swizzle::downcast, crate::downcast, Offset::downcast)
    }

    /// `upcast<N>`/`downcast<N>` of each part; with the `smem_ptr` tag, the swizzle stays.
    fn recast(
        &self,
        n: i32,
        swizzle: fn(&Swizzle, i32) -> Result<Swizzle>,
        layout: fn(i32, &Layout) -> Result<Layout>,
        offset: fn(&Offset, i32) -> Result<Offset>,
    ) -> Result<ComposedLayout> {
        let part = |f: &LayoutFn| -> Result<LayoutFn> {
            Ok(match f {
                LayoutFn::Swizzle(s) => LayoutFn::Swizzle(swizzle(s, n)?),
                LayoutFn::Layout(l) => LayoutFn::Layout(layout(n, l)?),
            })
        };
        let a = match self.offset {
            Offset::SmemPtr(_) => self.layout_a.clone(),
            _ => part(&self.layout_a)?,
        };
        Ok(make_composed_layout(
            a,
            offset(&self.offset, n)?,
            part(&self.layout_b)?,
        ))
    }

    /// Both inverses follow one rule (`inverse` is `right_inverse` or `left_inverse` of a layout):
    /// * `Sw o _0 o B` (static offset 0): `composition(inverse(B), Sw)`, which moves the swizzle
    ///   to the left ([`composition_layout_swizzle`]);
    /// * otherwise `inverse(B) o -O o inverse(A)` (a swizzle is its own inverse; the offset must
    ///   be a static integer).
    fn inverse(&self, op: &'static str, inv: fn(&Layout) -> Result<Layout>) -> Result<AnyLayout> {
        let invert = |f: &LayoutFn| -> Result<LayoutFn> {
            Ok(match f {
                LayoutFn::Swizzle(s) => LayoutFn::Swizzle(*s),
                LayoutFn::Layout(l) => LayoutFn::Layout(inv(l)?),
            })
        };
        if let (LayoutFn::Swizzle(sw), true) = (&self.layout_a, self.offset.is_constant_zero()) {
            return composition_layout_swizzle(&inv(self.inner(op)?)?, sw);
        }
        let b = invert(&self.layout_b)?;
        let o = self.offset.negated(op)?;
        Ok(composition_with_offset(b, o, invert(&self.layout_a)?))
    }

    /// CuTe's `right_inverse(C)`. With the static offset `_0`: `composition(right_inverse(B),
    /// Sw)`, the swizzle moved to the left of the inverse (its masks mapped through it; they must
    /// still form a swizzle: "Number of bits in Y and Z don't match", "Something went wrong.",
    /// "abs(SShift) must be more than BBits."). Otherwise `right_inverse(B) o -O o Sw`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,3,1> o _0 o (_8,_8):(_8,_1)".parse()?;
    /// assert_eq!(c.right_inverse()?.to_string(), "Sw<1,0,1> o _0 o (_8,_8):(_8,_1)");
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,5,3> o _420 o (_8,_8):(_1,_8)".parse()?;
    /// assert_eq!(c.right_inverse()?.to_string(), "_64:_1 o _-420 o Sw<1,5,3>");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn right_inverse(&self) -> Result<AnyLayout> {
        let c = self;
        checked!(right_inverse_exact, c)
    }

    /// CuTe's `left_inverse(C)`: as [`ComposedLayout::right_inverse`] with `left_inverse(B)`
    /// (which needs static strides).
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<3,3,5> o _0 o (_8,_64):(_64,_1)".parse()?;
    /// assert_eq!(c.left_inverse()?.to_string(), "Sw<3,2,-4> o _0 o (_64,_8):(_8,_1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn left_inverse(&self) -> Result<AnyLayout> {
        let c = self;
        checked!(left_inverse_exact, c)
    }

    /// CuTe's `as_position_independent_swizzle_layout(C)` for a layout `Sw o smem_ptr[Nb] o B`
    /// (a GMMA atom, whose swizzle acts on byte addresses): the same swizzle on `N`-bit element
    /// offsets, `recast_layout<uint8_t, uint_bit_t<N>>(Sw) o _0 o B` (the swizzle up- or
    /// downcast by `N/8`; `Sw<0,..>` disappears).
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)".parse()?;
    /// assert_eq!(c.as_position_independent_swizzle_layout()?.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn as_position_independent_swizzle_layout(&self) -> Result<AnyLayout> {
        let op = "as_position_independent_swizzle_layout";
        let (LayoutFn::Swizzle(sw), Offset::SmemPtr(bits)) = (&self.layout_a, self.offset) else {
            return Err(LayoutError::invalid(
                op,
                format!("{self} is not a swizzle with an smem_ptr[Nb](unset) offset"),
            ));
        };
        if ![1, 2, 4, 6, 8, 16, 32, 64, 128, 256].contains(&bits) {
            return Err(LayoutError::invalid(
                op,
                format!("CuTe has no uint_bit_t<{bits}>"),
            ));
        }
        // recast_layout<uint8_t, uint_bit_t<N>>: the ratio N/8 in lowest terms, num/den.
        let g = (bits & bits.wrapping_neg()).min(8);
        let (num, den) = (bits / g, 8 / g);
        let recast = match (num, den) {
            (1, 1) => *sw,
            (n, 1) => sw.upcast(n)?,
            (1, d) => sw.downcast(d)?,
            _ => {
                return Err(LayoutError::invalid(
                    op,
                    format!("CuTe's recast_layout of {sw} from 8 to {bits} bits does not compile"),
                ));
            }
        };
        Ok(composition_with_offset(
            recast,
            Int::new_static(0),
            self.inner(op)?.clone(),
        ))
    }

    /// CuTe's `slice(crd, C)`: the layout part of [`ComposedLayout::slice_and_offset`].
    ///
    /// ```
    /// use cute_dynamic::ComposedLayout;
    /// let c: ComposedLayout = "Sw<3,3,3> o _0 o (_512,_2):(_1,_512)".parse()?;
    /// assert_eq!(c.slice(&"(_,1)".parse()?)?.to_string(), "Sw<3,3,3> o _0 o (_512):(_1)");
    /// let c: ComposedLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
    /// assert_eq!(c.slice(&"(_,3)".parse()?)?.to_string(), "((_2,_2,_2)):((72,144,288))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn slice(&self, crd: &Coord) -> Result<AnyLayout> {
        Ok(self.slice_and_offset(crd)?.0)
    }

    /// CuTe's `slice_and_offset(crd, C)`: the sliced layout and the offset that a tensor adds to
    /// its pointer.
    ///
    /// For a swizzle `Sw<B,M,S> o O o L` (`swizzle_layout.hpp`), with `sliced = slice(crd, L)`,
    /// `diced = dice(crd, L)` and `dc` the integers of `crd`:
    /// 1. all `_`: `(Sw o O o sliced, _0)`;
    /// 2. split the diced offset into the swizzle bits (`zy`) and the rest (`anti`):
    ///    `off_zy = O ^ zy(diced(dc))` (a MixedBits value when `dc` is dynamic; each consumed mode
    ///    needs a static power-of-two `shape*stride`), `off_anti = anti(diced(dc))`;
    /// 3. `active = zy(sliced(size-1))`: if it is static and some Y bit has its Z partner in it,
    ///    the result stays swizzled: `(Sw o off_zy o sliced, off_anti)`;
    /// 4. otherwise it decays to the plain layout `W o sliced` where `W` agrees with `Sw` on the
    ///    reachable offsets (one stride per Z and Y bit, signed by the bits of `off_zy`), and the
    ///    offset is `Sw(off_zy) + off_anti`. CuTe also decays when `active` is dynamic; where
    ///    the remaining modes do reach a Y bit and its Z partner, CuTe's answer is kept only if
    ///    it is the slice point by point (up to [`MAX_ENUMERATED`] indices), and refused
    ///    otherwise ([`Condition::SwizzleSliceDecay`], naming the first index where they part).
    ///
    /// For any other `A o O o L`: `(A o (O + L(crd with _ as 0)) o slice(crd, L), _0)`.
    ///
    /// ```
    /// use cute_dynamic::ComposedLayout;
    /// let c: ComposedLayout = "Sw<2,3,3> o _0 o (_16,_2,_2):(_1,_64,_128)".parse()?;
    /// let (l, off) = c.slice_and_offset(&"(_,_,1)".parse()?)?;
    /// assert_eq!(l.to_string(), "Sw<2,3,3> o M_0|(128&128)=128 o (_16,_2):(_1,_64)");
    /// assert_eq!(off.to_string(), "_0");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn slice_and_offset(&self, crd: &Coord) -> Result<(AnyLayout, Offset)> {
        // CuTe finds the swizzle bits a slice reaches through compositions with projections of
        // the swizzle that its weak Stride Divisibility Condition lets through although they
        // need not be `A o B` (CUTLASS #3177), and decays a slice whose remaining offsets carry
        // into the swizzle's bits: its answer stands where it is the slice.
        // The same where a divisibility condition of those compositions fails on run-time values,
        // which CuTe does not check: its answer stands where it is the slice.
        let unchecked_by_cute = |e: &LayoutError| {
            matches!(
                e.condition(),
                Some(Condition::StrideDivisibility | Condition::ShapeDivisibility)
            ) && !self.is_all_static()
        };
        let ((layout, offset, reaches), cause) = match self.slice_through(crd, &crate::composition)
        {
            Err(e) if is_complete_form(&e) || unchecked_by_cute(&e) => {
                let unchecked = |a: &Layout, b: &Layout| composition_exact(a, b, Checks::UNCHECKED);
                (self.slice_through(crd, &unchecked)?, Some(e))
            }
            other => (other?, None),
        };
        let cute = (layout, offset);
        if has_integer(crd) {
            self.check_slice(crd, &cute, cause, reaches)?;
        }
        Ok(cute)
    }

    /// `Ok` if the slice `(l, off)` of a swizzled `C` is `C` at `crd`: `l(i) + off == Sw(O +
    /// L(crd with its _ at the coordinates of i))` for every index of the remaining modes (up to
    /// [`MAX_ENUMERATED`] of them; a larger slice is taken at CuTe's word unless `cause` or
    /// `reaches`, the note of a decay whose remaining modes reach a Y bit and its Z partner);
    /// otherwise the error naming the first index where they part ([`Condition::SwizzleSliceDecay`],
    /// with `cause`, CuTe's composition that is not `A o B`, appended).
    fn check_slice(
        &self,
        crd: &Coord,
        (l, off): &(AnyLayout, Offset),
        cause: Option<LayoutError>,
        reaches: Option<String>,
    ) -> Result<()> {
        let LayoutFn::Swizzle(sw) = &self.layout_a else {
            return cause.map_or(Ok(()), Err);
        };
        let layout = self.inner("slice")?;
        let sliced = slice(crd, layout)?;
        let base = i64::from(layout.call(&underscores_to_zero(crd))?.value())
            + i64::from(self.offset.value());
        let n = sliced.size()?.value();
        if n > MAX_ENUMERATED {
            return match (cause, reaches) {
                (Some(e), _) => Err(e),
                (None, Some(why)) => Err(LayoutError::precondition(
                    Condition::SwizzleSliceDecay,
                    format!("{why}, too many indices ({n}) to compare it with the slice"),
                )),
                (None, None) => Ok(()),
            };
        }
        let value = |i: i32| -> Option<(i64, i64)> {
            let at = base + i64::from(sliced.call(i).ok()?.value());
            let want = i64::from(sw.apply(i32::try_from(at).ok()?));
            let got = i64::from(l.call(i).ok()?.value()) + i64::from(off.value());
            Some((got, want))
        };
        let Some(i) = (0..n).find(|&i| value(i).is_none_or(|(got, want)| got != want)) else {
            return Ok(());
        };
        let (got, want) = value(i).unzip();
        let why = match &cause {
            Some(e) => format!("; CuTe's compositions with the swizzle's projections: {e}"),
            None => "; CuTe decays it although its remaining offsets carry into the swizzle's bits"
                .into(),
        };
        Err(LayoutError::precondition(
            Condition::SwizzleSliceDecay,
            format!(
                "slice({crd}, {self}) is {l} at offset {}, which is not the slice: at {i} it is \
                 {} where the layout gives {}{why}",
                off.value(),
                got.map_or("?".into(), |g| g.to_string()),
                want.map_or("?".into(), |w| w.to_string()),
            ),
        ))
    }

    /// [`ComposedLayout::slice_and_offset`], the compositions with the swizzle's projections
    /// made by `compose`; with the note of a decay whose dynamic remaining modes reach a Y bit
    /// and its Z partner (CuTe's answer then stands only if it is the slice).
    fn slice_through(
        &self,
        crd: &Coord,
        compose: &dyn Fn(&Layout, &Layout) -> Result<Layout>,
    ) -> Result<(AnyLayout, Offset, Option<String>)> {
        let layout = self.inner("slice")?;
        let sliced = slice(crd, layout)?;
        let sw = match &self.layout_a {
            LayoutFn::Swizzle(sw) => *sw,
            LayoutFn::Layout(_) => {
                let off = layout.call(&underscores_to_zero(crd))?;
                let composed =
                    make_composed_layout(self.layout_a.clone(), self.offset.add(off)?, sliced);
                return Ok((composed.into(), Offset::Int(Int::new_static(0)), None));
            }
        };
        if !has_integer(crd) {
            let l = composition_with_offset(sw, self.offset, sliced);
            return Ok((l, Offset::Int(Int::new_static(0)), None));
        }
        if !has_underscore(crd) {
            return Err(LayoutError::invalid(
                "slice",
                format!(
                    "{crd} has no `_`: CuTe's slice of a swizzled layout keeps at least one mode"
                ),
            ));
        }
        let p = SwizzleProjections::new(&sw)?;
        let diced = dice(crd, layout)?;
        let dc = dice_coord(crd);
        let off_zy = self
            .offset
            .xor(&to_mixed_bits(&compose(&p.only_zy, &diced)?, &dc)?);
        let off_anti = compose(&p.anti_zy, &diced)?.call(&dc)?;
        let sliced_zy = compose(&p.only_zy, &sliced)?;
        let last = sliced_zy.size()?.checked_sub(Int::new_static(1))?;
        let active = sliced_zy.call(&IntTuple::Int(last))?;
        let collides = active.value() & !sw.apply(active.value()) != 0;
        if collides && active.is_static() {
            let l = make_composed_layout(sw, off_zy, sliced);
            return Ok((l.into(), Offset::Int(off_anti), None));
        }
        let reaches = collides.then(|| {
            format!(
                "slice({crd}, {self}): CuTe decays it although the dynamic remaining modes \
                 {sliced} reach the swizzle bits {} of {sw}",
                active.value()
            )
        });
        let w = decay_layout(&sw, &off_zy)?;
        let offset = off_zy.swizzled(&sw);
        let total = Offset::Int(offset.add(off_anti)?);
        Ok((compose(&w, &sliced)?.into(), total, reaches))
    }
}

fn right_inverse_exact(c: &ComposedLayout) -> Result<AnyLayout> {
    c.inverse("right_inverse", crate::right_inverse)
}

fn left_inverse_exact(c: &ComposedLayout) -> Result<AnyLayout> {
    c.inverse("left_inverse", crate::left_inverse)
}

fn has_integer(c: &Coord) -> bool {
    match c {
        Coord::Int(_) => true,
        Coord::Underscore => false,
        Coord::Tuple(t) => t.iter().any(has_integer),
    }
}

fn has_underscore(c: &Coord) -> bool {
    match c {
        Coord::Int(_) => false,
        Coord::Underscore => true,
        Coord::Tuple(t) => t.iter().any(has_underscore),
    }
}

/// `dice(crd, crd)`: the integers of a coordinate, nested as `dice` nests them.
fn dice_coord(c: &Coord) -> IntTuple {
    fn lift(c: &Coord, out: &mut Vec<IntTuple>) {
        match c {
            Coord::Int(i) => out.push(IntTuple::Int(*i)),
            Coord::Underscore => {}
            Coord::Tuple(t) => t.iter().for_each(|x| lift(x, out)),
        }
    }
    match c {
        Coord::Int(i) => IntTuple::Int(*i),
        _ => {
            let mut out = Vec::new();
            lift(c, &mut out);
            IntTuple::tuple(out)
        }
    }
}

/// The coordinate with every `_` replaced by `_0` (CuTe's `crd2idx` of a sliced coordinate).
pub(crate) fn underscores_to_zero(c: &Coord) -> IntTuple {
    match c {
        Coord::Int(i) => IntTuple::Int(*i),
        Coord::Underscore => IntTuple::s(0),
        Coord::Tuple(t) => t.iter().map(underscores_to_zero).collect(),
    }
}

/// `2^e` as a static integer (an error past `i32`).
fn pow2(e: i32) -> Result<Int> {
    1i32.checked_shl(e.unsigned_abs())
        .filter(|v| *v > 0)
        .map(Int::new_static)
        .ok_or_else(|| LayoutError::invalid("slice", format!("2^{e} does not fit in i32")))
}

fn flat_layout(shape: &[Int], stride: &[Int]) -> Layout {
    // A tuple of leaves (one level of nesting, well within what CuTe text reads back).
    let mut flat = crate::flat::Flat::empty();
    flat.push_tuple(u32::try_from(shape.len()).unwrap_or(u32::MAX - 1));
    for (&s, &d) in shape.iter().zip(stride) {
        flat.push_leaf(s, d);
    }
    Layout::from_flat(flat)
}

/// The projections of `Sw<B,M,S>` over the shape `(2^M, 2^B, 2^(|S|-B), 2^B, 1)`: onto the
/// swizzle bits (Z and Y fields) and onto the others.
struct SwizzleProjections {
    only_zy: Layout,
    anti_zy: Layout,
}

impl SwizzleProjections {
    fn new(sw: &Swizzle) -> Result<SwizzleProjections> {
        let (b, m, s) = (sw.num_bits(), sw.num_base(), sw.num_shft().abs());
        let shape = [
            pow2(m)?,
            pow2(b)?,
            pow2(s - b)?,
            pow2(b)?,
            Int::new_static(1),
        ];
        let zero = Int::new_static(0);
        let only = [zero, pow2(m)?, zero, pow2(m + s)?, zero];
        let anti = [
            Int::new_static(1),
            zero,
            pow2(m + b)?,
            zero,
            pow2(m + b + s)?,
        ];
        Ok(SwizzleProjections {
            only_zy: flat_layout(&shape, &only),
            anti_zy: flat_layout(&shape, &anti),
        })
    }
}

/// CuTe's `to_mixed_bits(layout, coord)`: XOR over the leaves `s:d` (each with a static
/// power-of-two or zero `s*d`) of `c*d` within the mask `(s-1)*d`.
fn to_mixed_bits(layout: &Layout, coord: &IntTuple) -> Result<Offset> {
    fn leaves(s: &IntTuple, d: &IntTuple, c: &IntTuple) -> Result<Offset> {
        match (s, d, c) {
            (IntTuple::Tuple(s), IntTuple::Tuple(d), IntTuple::Tuple(c))
                if s.len() == d.len() && s.len() == c.len() =>
            {
                // CuTe's fold (a0 ^ (a1 ^ (... ^ an))).
                let mut acc: Option<Offset> = None;
                for k in (0..s.len()).rev() {
                    let x = leaves(&s[k], &d[k], &c[k])?;
                    acc = Some(match acc {
                        None => x,
                        Some(a) => x.xor(&a),
                    });
                }
                Ok(acc.unwrap_or(Offset::Int(Int::new_static(0))))
            }
            (IntTuple::Int(s), IntTuple::Int(d), IntTuple::Int(c)) => {
                let span = s.checked_mul(*d)?;
                if !span.is_static() {
                    return Err(LayoutError::invalid(
                        "slice",
                        format!(
                            "the consumed mode {s}:{d} is dynamic: CuTe's slice of a swizzled \
                             layout needs a static shape*stride"
                        ),
                    ));
                }
                let v = span.value();
                if v != 0 && (v < 0 || v.count_ones() != 1) {
                    return Err(LayoutError::precondition(
                        Condition::SwizzleSlicePow2,
                        format!("the consumed mode {s}:{d}"),
                    ));
                }
                let f = s.checked_sub(Int::new_static(1))?.checked_mul(*d)?;
                Ok(make_mixed_bits(0, c.checked_mul(*d)?, f.value() as u32))
            }
            _ => Err(LayoutError::precondition(
                Condition::MismatchedRanks,
                format!("to_mixed_bits: coordinate {c} against {s}:{d}"),
            )),
        }
    }
    let crd = idx2crd(coord, &layout.shape())?;
    leaves(&layout.shape(), &layout.stride(), &crd)
}

/// The plain layout a sliced swizzle decays to: `(2^M, (2,..,2), 2^(|S|-B), (2,..,2), 1)` with
/// strides `(1, lo, 2^(M+B), hi, 2^(M+B+|S|))`, flattened. A Z-field bit `i` has stride
/// `±z*2^i` (minus when the Y partner bit of `off_zy` is set), a Y-field bit `(y±z)*2^i`
/// (minus when the Z partner bit is set); a stride is static when that bit of `off_zy` is.
fn decay_layout(sw: &Swizzle, off_zy: &Offset) -> Result<Layout> {
    let (b, m, s) = (sw.num_bits(), sw.num_base(), sw.num_shft().abs());
    let (zzz, yyy) = (sw.zzz_mask(), sw.yyy_mask());
    let (z, y) = (zzz & zzz.wrapping_neg(), yyy & yyy.wrapping_neg());
    let strides = |z_field: bool| -> Result<Vec<Int>> {
        (0..b)
            .map(|i| {
                let bit = |v: i32| v.checked_shl(i.unsigned_abs()).unwrap_or(0);
                let partner = if z_field { y } else { z };
                let clear = off_zy.and_static(bit(partner)).eq_zero();
                let (plus, minus) = if z_field {
                    (z, z.wrapping_neg())
                } else {
                    (y.wrapping_add(z), y.wrapping_sub(z))
                };
                Ok(Int::with_tag(
                    bit(if clear.value { plus } else { minus }),
                    clear.is_static,
                ))
            })
            .collect()
    };
    let (lo, hi) = if z < y {
        (strides(true)?, strides(false)?)
    } else {
        (strides(false)?, strides(true)?)
    };
    let two = Int::new_static(2);
    let mut shape = vec![pow2(m)?];
    let mut stride = vec![Int::new_static(1)];
    shape.extend(core::iter::repeat_n(two, lo.len()));
    stride.extend(lo);
    shape.push(pow2(s - b)?);
    stride.push(pow2(m + b)?);
    shape.extend(core::iter::repeat_n(two, hi.len()));
    stride.extend(hi);
    shape.push(Int::new_static(1));
    stride.push(pow2(m + b + s)?);
    Ok(flat_layout(&shape, &stride))
}

impl fmt::Display for LayoutFn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutFn::Swizzle(s) => s.fmt(f),
            LayoutFn::Layout(l) => l.fmt(f),
        }
    }
}

impl fmt::Display for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Offset::Int(i) => i.fmt(f),
            Offset::SmemPtr(bits) => write!(f, "smem_ptr[{bits}b](unset)"),
            Offset::Mixed(m) => m.fmt(f),
        }
    }
}

impl fmt::Display for ComposedLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o {}", self.layout_a, self.offset, self.layout_b)
    }
}

impl fmt::Display for AnyLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyLayout::Plain(l) => l.fmt(f),
            AnyLayout::Composed(c) => c.fmt(f),
        }
    }
}

impl Twin for Offset {
    fn is_all_static(&self) -> bool {
        !matches!(self, Offset::Int(i) if !i.is_static()) && !matches!(self, Offset::Mixed(_))
    }
    fn static_twin(&self) -> Self {
        match self {
            Offset::Int(i) => Offset::Int(i.static_twin()),
            Offset::SmemPtr(b) => Offset::SmemPtr(*b),
            Offset::Mixed(m) => Offset::Int(Int::new_static(m.value() as i32)),
        }
    }
}

impl Twin for LayoutFn {
    fn is_all_static(&self) -> bool {
        match self {
            LayoutFn::Swizzle(_) => true,
            LayoutFn::Layout(l) => l.is_all_static(),
        }
    }
    fn static_twin(&self) -> Self {
        match self {
            LayoutFn::Swizzle(s) => LayoutFn::Swizzle(*s),
            LayoutFn::Layout(l) => LayoutFn::Layout(l.static_twin()),
        }
    }
}

impl Twin for ComposedLayout {
    fn is_all_static(&self) -> bool {
        self.layout_a.is_all_static()
            && self.offset.is_all_static()
            && self.layout_b.is_all_static()
    }
    fn static_twin(&self) -> Self {
        ComposedLayout {
            layout_a: self.layout_a.static_twin(),
            offset: self.offset.static_twin(),
            layout_b: self.layout_b.static_twin(),
        }
    }
}

/// Which dimension of a GMMA shared-memory atom is contiguous: `K` (K-major, `(8,W):(W,1)`)
/// or `MN` (M/N-major, `(W,8):(1,W)`).
///
/// ```
/// use cute_dynamic::{gmma_layout_atom_bits, GmmaMajor, GmmaSwizzle};
/// let k = gmma_layout_atom_bits(GmmaMajor::K, GmmaSwizzle::Inter);
/// assert_eq!(k.to_string(), "Sw<0,4,3> o smem_ptr[1b](unset) o (_8,_128):(_128,_1)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GmmaMajor {
    /// K-major.
    K,
    /// M- or N-major.
    MN,
}

/// The swizzle width of a GMMA shared-memory atom: none (`INTER`, interleaved), 32, 64 or 128
/// bytes (`Sw<0,4,3>`, `Sw<1,4,3>`, `Sw<2,4,3>`, `Sw<3,4,3>` on byte addresses).
///
/// ```
/// use cute_dynamic::{gmma_layout_atom_bits, GmmaMajor, GmmaSwizzle};
/// let mn = gmma_layout_atom_bits(GmmaMajor::MN, GmmaSwizzle::Sw128);
/// assert_eq!(mn.to_string(), "Sw<3,4,3> o smem_ptr[1b](unset) o (_1024,_8):(_1,_1024)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GmmaSwizzle {
    /// `INTER`: no swizzle.
    Inter,
    /// `SW32`: 32-byte swizzle.
    Sw32,
    /// `SW64`: 64-byte swizzle.
    Sw64,
    /// `SW128`: 128-byte swizzle.
    Sw128,
}

/// CuTe's `GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom_Bits`: the atom in units of bits,
/// `Sw<b,4,3> o smem_ptr[1b](unset) o L` with `L = (8,W):(W,1)` (K-major) or `(W,8):(1,W)`
/// (MN-major), `W = 128 << b`.
///
/// ```
/// use cute_dynamic::{gmma_layout_atom_bits, GmmaMajor, GmmaSwizzle};
/// let a = gmma_layout_atom_bits(GmmaMajor::K, GmmaSwizzle::Sw128);
/// assert_eq!(a.to_string(), "Sw<3,4,3> o smem_ptr[1b](unset) o (_8,_1024):(_1024,_1)");
/// ```
#[must_use]
pub fn gmma_layout_atom_bits(major: GmmaMajor, swizzle: GmmaSwizzle) -> ComposedLayout {
    let b = match swizzle {
        GmmaSwizzle::Inter => 0,
        GmmaSwizzle::Sw32 => 1,
        GmmaSwizzle::Sw64 => 2,
        GmmaSwizzle::Sw128 => 3,
    };
    let (w, eight, one) = (
        Int::new_static(128 << b),
        Int::new_static(8),
        Int::new_static(1),
    );
    let (shape, stride) = match major {
        GmmaMajor::K => ([eight, w], [w, one]),
        GmmaMajor::MN => ([w, eight], [one, w]),
    };
    let sw = Swizzle::from_valid(b, 4, 3);
    make_composed_layout(sw, Offset::SmemPtr(1), flat_layout(&shape, &stride))
}

/// CuTe's `GMMA::Layout_{K,MN}_{..}_Atom<T>` for a value type of `value_bits` bits:
/// `upcast<value_bits>` of the bit atom ([`gmma_layout_atom_bits`]).
///
/// ```
/// use cute_dynamic::{gmma_layout_atom, GmmaMajor, GmmaSwizzle};
/// let a = gmma_layout_atom(GmmaMajor::K, GmmaSwizzle::Sw128, 16)?;       // half_t
/// assert_eq!(a.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn gmma_layout_atom(
    major: GmmaMajor,
    swizzle: GmmaSwizzle,
    value_bits: i32,
) -> Result<ComposedLayout> {
    gmma_layout_atom_bits(major, swizzle).upcast(value_bits)
}

/// The size in bits of a CUTLASS value type name (`half_t`, `float`, `tfloat32_t`, `uint8_t`, ...).
pub(crate) fn sizeof_bits(name: &str) -> Option<i32> {
    let name = name
        .trim_start_matches("cutlass::")
        .trim_start_matches("cute::");
    Some(match name {
        "int8_t" | "uint8_t" | "float_e4m3_t" | "float_e5m2_t" | "float_ue8m0_t" => 8,
        "half_t" | "bfloat16_t" | "int16_t" | "uint16_t" => 16,
        "float" | "tfloat32_t" | "int32_t" | "uint32_t" => 32,
        "double" | "int64_t" | "uint64_t" => 64,
        "uint128_t" => 128,
        _ => return None,
    })
}

/// A GMMA atom by its C++ name: `GMMA::Layout_K_SW128_Atom<half_t>`, `Layout_MN_INTER_Atom<float>`,
/// `GMMA::Layout_K_SW32_Atom_Bits`, ... (the `GMMA::`/`SM90::GMMA::` prefix is optional).
///
/// ```
/// use cute_dynamic::gmma_atom;
/// let a = gmma_atom("GMMA::Layout_MN_SW64_Atom<float>")?;
/// assert_eq!(a.to_string(), "Sw<2,4,3> o smem_ptr[32b](unset) o (_16,_8):(_1,_16)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn gmma_atom(name: &str) -> Result<ComposedLayout> {
    let unknown = || LayoutError::invalid("gmma_atom", format!("unknown GMMA atom {name}"));
    let short = name
        .trim_start_matches("cute::")
        .trim_start_matches("SM90::")
        .trim_start_matches("GMMA::");
    let rest = short.strip_prefix("Layout_").ok_or_else(unknown)?;
    let (major, rest) = if let Some(r) = rest.strip_prefix("MN_") {
        (GmmaMajor::MN, r)
    } else if let Some(r) = rest.strip_prefix("K_") {
        (GmmaMajor::K, r)
    } else {
        return Err(unknown());
    };
    let (swizzle, rest) = [
        ("INTER_", GmmaSwizzle::Inter),
        ("SW32_", GmmaSwizzle::Sw32),
        ("SW64_", GmmaSwizzle::Sw64),
        ("SW128_", GmmaSwizzle::Sw128),
    ]
    .iter()
    .find_map(|(p, s)| rest.strip_prefix(p).map(|r| (*s, r)))
    .ok_or_else(unknown)?;
    if rest == "Atom_Bits" {
        return Ok(gmma_layout_atom_bits(major, swizzle));
    }
    let ty = rest
        .strip_prefix("Atom<")
        .and_then(|r| r.strip_suffix('>'))
        .ok_or_else(unknown)?;
    let bits = sizeof_bits(ty).ok_or_else(unknown)?;
    gmma_layout_atom(major, swizzle, bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `crd` with its `_` leaves filled, in order, by the coordinate of `i` in the sliced shape.
    fn filled(crd: &Coord, sliced: &IntTuple, i: i32) -> IntTuple {
        fn fill(c: &Coord, parts: &mut alloc::vec::IntoIter<IntTuple>) -> IntTuple {
            match c {
                Coord::Int(x) => IntTuple::Int(*x),
                Coord::Underscore => parts.next().unwrap_or(IntTuple::s(0)),
                Coord::Tuple(t) => t.iter().map(|x| fill(x, parts)).collect(),
            }
        }
        let at = idx2crd(&IntTuple::d(i), sliced).unwrap();
        let parts: Vec<IntTuple> = match (crd, &at) {
            (Coord::Tuple(_), IntTuple::Tuple(t)) => t.to_vec(),
            _ => vec![at.clone()],
        };
        fill(crd, &mut parts.into_iter())
    }

    /// The slicing law: `C(crd filled with i) == sliced(i) + offset` for every `i`.
    fn check_slice_law(c: &ComposedLayout, crd: &Coord) -> Result<bool> {
        let (sliced, offset) = c.slice_and_offset(crd)?;
        let shape = slice(crd, c.inner("test")?)?.shape();
        for i in 0..sliced.size()?.value() {
            let want = c.call(&filled(crd, &shape, i))?.value();
            let got = offset.add(sliced.call(i)?)?.value();
            assert_eq!(got, want, "slice({crd}, {c}) = {sliced} + {offset} at {i}");
        }
        Ok(true)
    }

    #[test]
    fn slices_of_swizzled_layouts_keep_the_function() {
        let layouts = [
            "(_8,_64):(_64,_1)",
            "(_64,_8):(_1,_64)",
            "(_16,_16):(_16,_1)",
            "((_8,_2),(_32,_2)):((_32,_256),(_1,_512))",
            "(_16,_2,_2):(_1,_64,_128)",
        ];
        let swizzles = [
            "Sw<3,3,3>",
            "Sw<2,3,3>",
            "Sw<1,4,-3>",
            "Sw<3,1,4>",
            "Sw<2,0,-2>",
        ];
        let mut checked = 0;
        for l in layouts {
            for sw in swizzles {
                // CuTe's slicing adds offsets as if their bits were disjoint (it XORs the
                // swizzle bits): the law holds for offsets beyond the layout's bits.
                for off in ["_0", "_4096", "4096"] {
                    let c: ComposedLayout = format!("{sw} o {off} o {l}").parse().unwrap();
                    let rank = c.inner("test").unwrap().rank();
                    for mode in 0..rank {
                        let size = c.shape().unwrap().get(mode).unwrap().size().unwrap();
                        for k in [0, 1, 3, 5].into_iter().filter(|k| *k < size.value()) {
                            for tag in [true, false] {
                                let mut parts = vec![Coord::Underscore; rank];
                                parts[mode] = Coord::Int(Int::with_tag(k, tag));
                                let crd = Coord::Tuple(parts);
                                if check_slice_law(&c, &crd).unwrap_or(false) {
                                    checked += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 300, "{checked}");
    }

    #[test]
    fn mixed_bits_operators_compute_the_values() {
        let values = [
            Offset::Int(Int::new_static(0)),
            Offset::Int(Int::new_static(0b1010_0110)),
            Offset::Int(Int::new_dynamic(0b0110_0011)),
            Offset::Mixed(MixedBits::new(0, 0b1100_0000, 0b0100_0000).unwrap()),
            Offset::Mixed(MixedBits::new(0b0001, 0b0110, 0b0010).unwrap()),
            Offset::Mixed(MixedBits::new(0b1000_0000, 0b0011_1000, 0b0010_1000).unwrap()),
            Offset::SmemPtr(16),
        ];
        for a in &values {
            for b in &values {
                assert_eq!(a.xor(b).value(), a.value() ^ b.value(), "{a} ^ {b}");
            }
            for mask in [0, 0b0100_0000, 0b1111_0000, 0b0000_1111] {
                assert_eq!(a.and_static(mask).value(), a.value() & mask, "{a} & {mask}");
            }
            for s in [-3, -1, 0, 2, 4] {
                let want = crate::swizzle::shiftr(a.value(), s);
                assert_eq!(a.shiftr(s).value(), want, "shiftr({a}, {s})");
            }
            let sw = Swizzle::new(2, 2, 4).unwrap();
            assert_eq!(a.swizzled(&sw).value(), sw.apply(a.value()), "Sw({a})");
            assert_eq!(a.eq_zero().value, a.value() == 0);
        }
        // Static bits stay static: only a MixedBits flag makes a result dynamic.
        let m = Offset::Mixed(MixedBits::new(0, 0b1100_0000, 0b0100_0000).unwrap());
        assert!(m.and_static(0b0011_1111).eq_zero().is_static);
        assert!(!m.and_static(0b0100_0000).eq_zero().is_static);
    }

    #[test]
    fn position_independent_swizzles_follow_the_element_width() {
        let pi = |bits: i32| {
            let c = make_composed_layout(
                Swizzle::new(3, 4, 3).unwrap(),
                Offset::SmemPtr(bits),
                "(_8,_64):(_64,_1)".parse::<Layout>().unwrap(),
            );
            c.as_position_independent_swizzle_layout()
                .map(|r| r.as_composed().map(|c| c.layout_a().to_string()))
        };
        assert_eq!(pi(1).unwrap().as_deref(), Some("Sw<3,7,3>"));
        assert_eq!(pi(4).unwrap().as_deref(), Some("Sw<3,5,3>"));
        assert_eq!(pi(8).unwrap().as_deref(), Some("Sw<3,4,3>"));
        assert_eq!(pi(64).unwrap().as_deref(), Some("Sw<3,1,3>"));
        assert_eq!(pi(256).unwrap().as_deref(), Some("Sw<2,0,3>"));
        assert!(pi(6).is_err() && pi(12).is_err());
        let plain = make_composed_layout(
            Swizzle::new(3, 4, 3).unwrap(),
            Int::new_static(0),
            "_8:_1".parse::<Layout>().unwrap(),
        );
        assert!(plain.as_position_independent_swizzle_layout().is_err());
    }

    #[test]
    fn gmma_atom_names() {
        let a = gmma_atom("SM90::GMMA::Layout_K_SW64_Atom<cutlass::bfloat16_t>").unwrap();
        assert_eq!(
            a,
            gmma_layout_atom(GmmaMajor::K, GmmaSwizzle::Sw64, 16).unwrap()
        );
        for bad in [
            "",
            "GMMA::Layout_K_SW16_Atom<half_t>",
            "Layout_X_SW32_Atom<float>",
            "GMMA::Layout_MN_INTER_Atom<char>",
            "GMMA::Layout_K_SW32_Atom<float",
        ] {
            assert!(gmma_atom(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn hostile_input_is_an_error_not_a_panic() {
        let texts = [
            "",
            " o ",
            "Sw<",
            "Sw<1,2>",
            "Sw<99999999999,1,1> o _0 o _1:_1",
            "Sw<1,1,1> o _0",
            "Sw<1,1,1> o _0 o _4:_1 o _0",
            "Sw<1,1,1> o M_1|(2&3)=3 o _4:_1",
            "Sw<1,1,1> o M_0|(2&3)=9 o _4:_1",
            "Sw<1,1,1> o smem_ptr[ o _4:_1",
            "Sw<1,1,1> o (1,2) o _4:_1",
            "Sw<33,0,33> o _0 o _4:_1",
            "Sw<-2147483648,0,0> o _0 o _4:_1",
            "Sw<1,1,-2147483648> o _0 o _4:_1",
            "é o é o é",
        ];
        for t in texts {
            assert!(t.parse::<AnyLayout>().is_err(), "{t}");
        }
        let extremes = [
            "Sw<16,0,16> o _2147483647 o (_2,_1073741824):(_1073741824,_1)",
            "Sw<1,30,1> o -2147483648 o 2147483647:2147483647",
            "Sw<0,31,1> o _0 o (_65536,_65536):(_65536,_1)",
            "Sw<4,0,28> o smem_ptr[2147483647b](unset) o _8:_-2147483648",
            "_64:_1 o _-420 o Sw<1,5,3>",
        ];
        for t in extremes {
            let c: ComposedLayout = t.parse().unwrap();
            let _ = c.call(3);
            let _ = c.call(i32::MAX);
            let _ = c.coalesce();
            let _ = c.upcast(2);
            let _ = c.upcast(0);
            let _ = c.downcast(1 << 30);
            let _ = c.downcast(-4);
            let _ = c.right_inverse();
            let _ = c.left_inverse();
            let _ = c.complement();
            let _ = c.as_position_independent_swizzle_layout();
            let _ = c.tile_to_shape(&"(_2147483647,_2)".parse().unwrap());
            for crd in ["(_,1)", "(1,_)", "(2147483647,_)", "_", "(_,(_,_))"] {
                let _ = c.slice_and_offset(&crd.parse().unwrap());
            }
        }
        assert!(make_swizzle(u32::MAX, u32::MAX).is_err());
        assert!(make_swizzle(1 << 31, 1 << 30).is_ok());
    }
}
