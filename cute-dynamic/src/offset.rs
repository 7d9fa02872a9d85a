//! The offset `O` of a composed layout `A o O o B` (CuTe's `layout_composed.hpp`): an integer,
//! the `smem_ptr[Nb](unset)` tag or a `MixedBits` value, with CuTe's operators on them
//! (`swizzle.hpp`'s `^`, `&`, `shiftr`, `make_mixed_bits`) and their `upcast`/`downcast`.

use crate::error::{Condition, ErrorKind, LayoutError, Result};
use crate::int::{Bool, Int};
use crate::prelude::*;
use crate::swizzle::{MixedBits, Swizzle, log2_exact};
use crate::twin::Twin;
use core::fmt;

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
///
/// [`ComposedLayout`]: crate::ComposedLayout
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
pub(crate) fn make_mixed_bits(s: u32, d: Int, f: u32) -> Offset {
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
    pub(crate) fn is_constant_zero(&self) -> bool {
        matches!(self, Offset::Int(i) if i.is_constant(0))
    }

    /// `a ^ b` with CuTe's operators (`swizzle.hpp`):
    /// * static ^ static is static; a run-time int on either side makes a run-time int (a
    ///   MixedBits operand converts to `uint32_t`);
    /// * `M<S0,F0>{d0} ^ M<S1,F1>{d1}` = `make_mixed_bits(C<(~S0&S1&~F0)|(S0&~S1&~F1)>,
    ///   (S0|d0)^(S1|d1), C<F0|F1>)`;
    /// * `M<S0,F0>{d} ^ C<c>` = `make_mixed_bits(C<(~S0&c&~F0)|(S0&~c)>, (S0|d)^c, C<F0>)`.
    pub(crate) fn xor(&self, other: &Offset) -> Offset {
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
    pub(crate) fn and_static(&self, mask: i32) -> Offset {
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
    pub(crate) fn eq_zero(&self) -> Bool {
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
    pub(crate) fn add(&self, i: Int) -> Result<Int> {
        match self.int() {
            Some(o) => Ok(o.checked_add(i)?),
            None => Ok(Int::new_dynamic(self.value()).checked_add(Int::new_dynamic(i.value()))?),
        }
    }

    /// The swizzle applied to this offset: `x ^ shiftr(x & yyy_mask, S)` on CuTe's types.
    pub(crate) fn swizzled(&self, sw: &Swizzle) -> Offset {
        self.xor(&self.and_static(sw.yyy_mask()).shiftr(sw.num_shft()))
    }

    /// CuTe's `upcast<N>` of an offset: `safe_div` by `N` (static values must divide); a
    /// run-time int has no `upcast<N>` in CuTe.
    pub(crate) fn upcast(&self, n: i32) -> Result<Offset> {
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
    pub(crate) fn downcast(&self, n: i32) -> Result<Offset> {
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
    pub(crate) fn negated(&self, op: &'static str) -> Result<Offset> {
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

impl fmt::Display for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Offset::Int(i) => i.fmt(f),
            Offset::SmemPtr(bits) => write!(f, "smem_ptr[{bits}b](unset)"),
            Offset::Mixed(m) => m.fmt(f),
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
