//! CuTe's `swizzle_layout.hpp`: `slice` and `slice_and_offset` of a composed layout. A swizzled
//! layout `Sw o O o L` keeps the swizzle bits that the integers of the coordinate reach in its
//! offset (a `MixedBits` value when they are dynamic) and hands the rest to the tensor, or
//! decays to a plain layout that agrees with the swizzle on the offsets left.

use crate::composed::{
    AnyLayout, ComposedLayout, LayoutFn, composition_with_offset, flat_layout, make_composed_layout,
};
use crate::composition::composition_exact;
use crate::coord::{Coord, dice, slice};
use crate::error::{Condition, LayoutError, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::offset::{Offset, make_mixed_bits};
use crate::prelude::*;
use crate::stride::idx2crd;
use crate::swizzle::Swizzle;
use crate::twin::{Checks, MAX_ENUMERATED, Twin, is_complete_form};

impl ComposedLayout {
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
    ///    it is the slice point by point (up to 2^16 indices), and refused
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
}
