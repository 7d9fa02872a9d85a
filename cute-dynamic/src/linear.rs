//! F2 linear layouts, Triton's `LinearLayout`, both ways.
//!
//! The rule: a layout with power-of-two shapes maps an index to the sum of its bits' images
//! (bit `b` of a mode of stride `d` has image `d << b`); it is *F2-linear*, a linear map over
//! the bits with XOR as addition, exactly when that sum never carries: when the images of
//! distinct bits share no bit. `Sw o L` (a swizzle after such a layout, offset 0) is F2-linear
//! too, its images `Sw(image)`, since a swizzle is an XOR of bits. A `LinearLayout` lists, per
//! input dimension, the image of each of its bits ("bases"); its value at an input is the XOR
//! of the images of the input's set bits.
//!
//! Back, a linear layout whose images share no bit is the plain layout of one `(2,2,...)` mode
//! a dimension with those strides, coalesced; otherwise, the swizzle `Sw<B,M,S>` (the smallest
//! `B`, then `M`, then `S` from `B` to 10, then from `-B` to -10) that maps the images to ones
//! that share no bit gives `Sw o _0 o L`.

use crate::prelude::*;
use crate::{AnyLayout, Int, IntTuple, Layout, LayoutError, LayoutFn, Offset, Result, Swizzle};
use alloc::borrow::Cow;
use alloc::sync::Arc;
use core::fmt;

/// One input dimension of a [`LinearLayout`]: its name and the image of each of its bits, bit 0
/// first (`2^bases.len()` inputs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InDim {
    /// `dim0`, `dim1`, ... for a layout's modes; `register`, `lane`, `warp` for a TV layout.
    pub name: Cow<'static, str>,
    /// The image of each bit.
    pub bases: Vec<i64>,
}

/// Triton's `LinearLayout` with one output dimension, `offset`: named input dimensions, each
/// with the image of each of its bits; its value at an input is the XOR of the images of the
/// input's set bits. Made from a CuTe layout by [`to_linear_layout`] or [`tv_to_linear_layout`],
/// and back by [`from_linear_layout`].
///
/// ```
/// use cute_dynamic::{to_linear_layout, AnyLayout};
/// // CuTe's 128-byte swizzle atom of half_t, Sw<3,3,3> o (_8,_64):(_64,_1).
/// let l: AnyLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
/// let ll = to_linear_layout(&l)?;
/// assert_eq!(ll.to_string(), "dim0: [72, 144, 288], dim1: [1, 2, 4, 8, 16, 32] -> offset");
/// assert_eq!(ll.call(&[3, 5]), l.call(3 + 8 * 5)?.value() as i64);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinearLayout {
    ins: Vec<InDim>,
}

impl LinearLayout {
    /// A linear layout of these input dimensions.
    ///
    /// ```
    /// use cute_dynamic::{InDim, LinearLayout};
    /// let ll = LinearLayout::new(vec![InDim { name: "dim0".into(), bases: vec![1, 2] }]);
    /// assert_eq!(ll.call(&[3]), 3);
    /// ```
    #[must_use]
    pub fn new(ins: Vec<InDim>) -> LinearLayout {
        LinearLayout { ins }
    }

    /// The input dimensions.
    ///
    /// ```
    /// let ll = cute_dynamic::to_linear_layout(&"(_4,_2):(_2,_1)".parse()?)?;
    /// assert_eq!(ll.ins()[0].bases, vec![2, 4]);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn ins(&self) -> &[InDim] {
        &self.ins
    }

    /// The value at an input, one value a dimension: the XOR of the images of its set bits.
    ///
    /// ```
    /// let ll = cute_dynamic::to_linear_layout(&"(_4,_2):(_2,_1)".parse()?)?;
    /// assert_eq!(ll.call(&[3, 1]), 2 ^ 4 ^ 1);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn call(&self, input: &[i64]) -> i64 {
        let mut out = 0;
        for (dim, &x) in self.ins.iter().zip(input) {
            // The set bits of `x` (two's complement) that have an image, lowest first; bits past
            // the input's 64 are 0.
            let mut bits = x as u64;
            if dim.bases.len() < 64 {
                bits &= (1u64 << dim.bases.len()) - 1;
            }
            while bits != 0 {
                out ^= dim.bases[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
        }
        out
    }

    /// The F2 matrix: a row an output bit (bit 0 first), a column an input bit (dimension by
    /// dimension, bit 0 first), `1` where the input bit's image has the output bit.
    ///
    /// ```
    /// let ll = cute_dynamic::to_linear_layout(&"Sw<1,0,1> o _0 o _4:_1".parse()?)?;
    /// assert_eq!(ll.matrix(), "        dim0\noffset0 1 1\noffset1 0 1\n");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn matrix(&self) -> String {
        let all: Vec<i64> = self
            .ins
            .iter()
            .flat_map(|d| d.bases.iter().copied())
            .collect();
        let rows = all.iter().fold(0, |acc, &x| acc | x);
        let rows = (64 - rows.leading_zeros()).max(1) as usize;
        let label = |k: usize| format!("offset{k}");
        let width = label(rows - 1).len();
        // A dimension's columns: its bits, two characters each, at least its name wide.
        let widths: Vec<usize> = self
            .ins
            .iter()
            .map(|d| d.name.len().max((2 * d.bases.len()).max(1) - 1))
            .collect();
        let mut out = format!("{:width$}", "");
        for (d, w) in self.ins.iter().zip(&widths) {
            out.push_str(&format!(" {:<w$}", d.name));
        }
        let mut out = out.trim_end().to_string();
        out.push('\n');
        for k in 0..rows {
            let mut line = format!("{:width$}", label(k));
            for (d, w) in self.ins.iter().zip(&widths) {
                let bits: Vec<&str> = d
                    .bases
                    .iter()
                    .map(|&x| if (x >> k) & 1 == 1 { "1" } else { "0" })
                    .collect();
                line.push_str(&format!(" {:<w$}", bits.join(" ")));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for LinearLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, d) in self.ins.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}: {:?}", d.name, d.bases)?;
        }
        f.write_str(" -> offset")
    }
}

/// The refusal of a layout that is not F2-linear, or of a linear layout no CuTe layout is.
fn not_linear(op: &'static str, detail: String) -> LayoutError {
    LayoutError::invalid(op, detail)
}

/// The images of the bits of one mode's leaves (colexicographic: the first leaf's bits first);
/// `mode` names the mode in an error.
fn mode_bases(
    op: &'static str,
    shape: &[Int],
    stride: &[Int],
    mode: &dyn Fn() -> String,
) -> Result<Vec<i64>> {
    let mut bases = Vec::new();
    for (s, d) in shape.iter().zip(stride) {
        let (s, d) = (i64::from(s.value()), i64::from(d.value()));
        if s < 1 || s & (s - 1) != 0 {
            return Err(not_linear(
                op,
                format!(
                    "a shape of {s} is not a power of two: {} is not F2-linear",
                    mode()
                ),
            ));
        }
        if d < 0 && s > 1 {
            return Err(not_linear(
                op,
                format!(
                    "the stride {d} is negative: {} is not F2-linear (its offsets are not bit vectors)",
                    mode()
                ),
            ));
        }
        for b in 0..s.trailing_zeros() {
            bases.push(d << b);
        }
    }
    Ok(bases)
}

/// The images of the bits of each top-level mode of `l`.
fn modes_bases(op: &'static str, l: &Layout) -> Result<Vec<Vec<i64>>> {
    let flat = l.flat();
    let (shape, stride) = (flat.shape(), flat.stride());
    flat.modes()
        .enumerate()
        .map(|(m, span)| {
            let r = span.leaf_range();
            let mode = || l.get(m).map_or_else(|_| l.to_string(), |g| g.to_string());
            mode_bases(op, &shape[r.clone()], &stride[r], &mode)
        })
        .collect()
}

/// The images must share no bit (XOR is then their sum): the first two that do, named.
fn disjoint(op: &'static str, layout: &dyn fmt::Display, dims: &[InDim]) -> Result<()> {
    let mut seen = 0i64;
    let clash = dims.iter().flat_map(|d| d.bases.iter()).any(|&x| {
        let c = seen & x != 0;
        seen |= x;
        c
    });
    if !clash {
        return Ok(());
    }
    let all: Vec<(&str, usize, i64)> = dims
        .iter()
        .flat_map(|d| {
            d.bases
                .iter()
                .enumerate()
                .map(move |(b, &x)| (&*d.name, b, x))
        })
        .collect();
    let mut seen = 0i64;
    for (k, &(name, b, x)) in all.iter().enumerate() {
        if seen & x != 0 {
            let (name2, b2, x2) = all[..k]
                .iter()
                .copied()
                .find(|&(_, _, y)| y & x != 0)
                .unwrap_or(("?", 0, 0));
            return Err(not_linear(
                op,
                format!(
                    "{layout} is not F2-linear: bit {b2} of {name2} maps to {x2} and bit {b} of {name} to {x}, which share bits, so their sum carries"
                ),
            ));
        }
        seen |= x;
    }
    Ok(())
}

/// The first dimensions' names.
const DIMS: [&str; 8] = [
    "dim0", "dim1", "dim2", "dim3", "dim4", "dim5", "dim6", "dim7",
];

/// A plain layout's dimensions: one a top-level mode, `dim0`, `dim1`, ...
fn layout_dims(op: &'static str, l: &Layout) -> Result<Vec<InDim>> {
    let dims: Vec<InDim> = modes_bases(op, l)?
        .into_iter()
        .enumerate()
        .map(|(m, bases)| InDim {
            name: match DIMS.get(m) {
                Some(&n) => Cow::Borrowed(n),
                None => Cow::Owned(format!("dim{m}")),
            },
            bases,
        })
        .collect();
    disjoint(op, l, &dims)?;
    Ok(dims)
}

/// A layout or swizzled layout with power-of-two shapes as Triton's `LinearLayout`: one input
/// dimension a top-level mode (`dim0`, ...), the output its offset. `Err` naming why it is not
/// F2-linear: a shape not a power of two, a negative stride, two bits whose images share a
/// bit (their sum carries), a composed layout other than `Sw o 0 o L` (a nonzero offset is
/// affine, not linear).
///
/// ```
/// use cute_dynamic::to_linear_layout;
/// let ll = to_linear_layout(&"(_4,(_2,_2)):(_2,(_1,_8))".parse()?)?;
/// assert_eq!(ll.to_string(), "dim0: [2, 4], dim1: [1, 8] -> offset");
/// let e = to_linear_layout(&"(_4,_2):(_1,_3)".parse()?).unwrap_err();
/// assert!(e.to_string().contains("bit 0 of dim0 maps to 1 and bit 0 of dim1 to 3"));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn to_linear_layout(l: &AnyLayout) -> Result<LinearLayout> {
    const OP: &str = "to_linear_layout";
    match l {
        AnyLayout::Plain(l) => Ok(LinearLayout::new(layout_dims(OP, l)?)),
        AnyLayout::Composed(c) => {
            let (LayoutFn::Swizzle(sw), LayoutFn::Layout(inner)) = (c.layout_a(), c.layout_b())
            else {
                return Err(not_linear(
                    OP,
                    format!("{c} is not Sw o 0 o L: not F2-linear"),
                ));
            };
            let zero = match c.offset() {
                Offset::Int(i) => i.value() == 0,
                Offset::SmemPtr(_) => true,
                Offset::Mixed(m) => m.value() == 0,
            };
            if !zero {
                return Err(not_linear(
                    OP,
                    format!("{c} has a nonzero offset: affine, not F2-linear"),
                ));
            }
            let mut dims = layout_dims(OP, inner)?;
            for d in &mut dims {
                for x in &mut d.bases {
                    *x = i64::from(sw.apply(*x as i32));
                }
            }
            Ok(LinearLayout::new(dims))
        }
    }
}

/// A TV layout `(thread, value) -> index` (CuTe's `TiledLayout_TV`, an atom's `ALayout`) as
/// Triton's distributed `LinearLayout`: input dimensions `register` (the values), `lane` (the
/// thread's bits 0 to 4) and `warp` (the rest), the output the index into the tile. `Err` as
/// [`to_linear_layout`], or for a layout not of rank 2.
///
/// ```
/// use cute_dynamic::{mma_atom, tv_to_linear_layout};
/// // SM80_16x8x16_F32F16F16F32_TN's C layout: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8)).
/// let c = mma_atom("SM80_16x8x16_F32F16F16F32_TN")?.c_layout;
/// let ll = tv_to_linear_layout(&c)?;
/// assert_eq!(ll.to_string(), "register: [16, 8], lane: [32, 64, 1, 2, 4], warp: [] -> offset");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn tv_to_linear_layout(tv: &Layout) -> Result<LinearLayout> {
    const OP: &str = "tv_to_linear_layout";
    if tv.rank() != 2 {
        return Err(not_linear(
            OP,
            format!("{tv} is not a (thread, value) layout of rank 2"),
        ));
    }
    let mut bases = modes_bases(OP, tv)?;
    let (val, thr) = (
        bases.pop().unwrap_or_default(),
        bases.pop().unwrap_or_default(),
    );
    let lane = thr.len().min(5);
    let dims = vec![
        InDim {
            name: "register".into(),
            bases: val,
        },
        InDim {
            name: "lane".into(),
            bases: thr[..lane].to_vec(),
        },
        InDim {
            name: "warp".into(),
            bases: thr[lane..].to_vec(),
        },
    ];
    disjoint(OP, tv, &dims)?;
    Ok(LinearLayout::new(dims))
}

/// Whether the images share no bit (and none is negative): their XOR is then their sum, a
/// plain layout's.
fn plain_images(images: &[i64]) -> bool {
    let mut seen = 0i64;
    images.iter().all(|&x| {
        let ok = x >= 0 && seen & x == 0;
        seen |= x;
        ok
    })
}

/// The layout of one `(2,2,...):(images)` mode a dimension, each mode coalesced.
fn plain_layout(dims: &[Vec<i64>]) -> Result<Layout> {
    let int = |v: i64| -> Result<Int> {
        i32::try_from(v)
            .map(Int::new_static)
            .map_err(|_| not_linear("from_linear_layout", format!("the image {v} is past i32")))
    };
    let tuple = |v: Vec<IntTuple>| IntTuple::Tuple(Arc::from(v));
    let mut modes = Vec::new();
    for bases in dims {
        let mode = if bases.is_empty() {
            Layout::from_parts(
                IntTuple::Int(Int::new_static(1)),
                IntTuple::Int(Int::new_static(0)),
            )?
        } else {
            let shape = tuple(
                bases
                    .iter()
                    .map(|_| Ok(IntTuple::Int(Int::new_static(2))))
                    .collect::<Result<_>>()?,
            );
            let stride = tuple(
                bases
                    .iter()
                    .map(|&x| Ok(IntTuple::Int(int(x)?)))
                    .collect::<Result<_>>()?,
            );
            crate::coalesce(&Layout::from_parts(shape, stride)?)?
        };
        modes.push(mode);
    }
    if modes.len() == 1 {
        return Ok(modes.remove(0));
    }
    Layout::concat(&modes)
}

/// The CuTe layout of a linear layout, exactly: the plain layout of one mode a dimension
/// (`(2,2,...)` with the images as strides, coalesced) where the images share no bit, else
/// `Sw o _0 o L` with the first swizzle `Sw<B,M,S>` (the smallest `B`, then `M`, then `S` from
/// `B` to 10, then from `-B` to -10) that maps them to images that share none. `Err` where
/// none does (two equal images, say: their XOR is 0, a layout's sum is not).
///
/// ```
/// use cute_dynamic::{from_linear_layout, to_linear_layout, AnyLayout};
/// let l: AnyLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
/// let back = from_linear_layout(&to_linear_layout(&l)?)?;
/// assert_eq!(back.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn from_linear_layout(ll: &LinearLayout) -> Result<AnyLayout> {
    let dims: Vec<Vec<i64>> = ll.ins.iter().map(|d| d.bases.clone()).collect();
    let all: Vec<i64> = dims.iter().flatten().copied().collect();
    if plain_images(&all) {
        return Ok(AnyLayout::Plain(plain_layout(&dims)?));
    }
    for b in 1..=8 {
        for m in 0..=8 {
            for s in (b..=10).chain((-10..=-b).rev()) {
                let Ok(sw) = Swizzle::new(b, m, s) else {
                    continue;
                };
                let apply = |x: i64| i32::try_from(x).ok().map(|x| i64::from(sw.apply(x)));
                let Some(mapped) = dims
                    .iter()
                    .map(|d| d.iter().map(|&x| apply(x)).collect::<Option<Vec<_>>>())
                    .collect::<Option<Vec<_>>>()
                else {
                    continue;
                };
                if plain_images(&mapped.iter().flatten().copied().collect::<Vec<_>>()) {
                    let inner = plain_layout(&mapped)?;
                    return Ok(AnyLayout::Composed(crate::make_composed_layout(
                        sw,
                        Int::new_static(0),
                        inner,
                    )));
                }
            }
        }
    }
    Err(not_linear(
        "from_linear_layout",
        format!(
            "{ll}: no layout, plain or Sw<B,M,S> o _0 o L, has these images (two of them equal or overlapping after every swizzle)"
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::{InDim, LinearLayout};
    use alloc::format;

    /// `call` is the XOR of the images of the input's set bits, bit by bit: over short and
    /// long (past 64 bits) dimensions, negative inputs and inputs with bits past the images.
    #[test]
    fn call_is_the_xor_of_the_images_of_the_set_bits() {
        let images = |n: usize| {
            (0..n)
                .map(|b| ((b as i64 + 1) * 0x9e37) ^ (1 << (b % 40)))
                .collect()
        };
        let ll = LinearLayout::new(
            [0, 1, 3, 63, 64, 70]
                .iter()
                .map(|&n| InDim {
                    name: format!("dim{n}").into(),
                    bases: images(n),
                })
                .collect(),
        );
        let by_bits = |input: &[i64]| {
            let mut out = 0;
            for (dim, &x) in ll.ins().iter().zip(input) {
                for (b, &image) in dim.bases.iter().enumerate() {
                    if b < 64 && (x >> b) & 1 == 1 {
                        out ^= image;
                    }
                }
            }
            out
        };
        for x in [
            0,
            1,
            2,
            5,
            7,
            8,
            255,
            -1,
            -2,
            i64::MIN,
            i64::MAX,
            0x5555_5555_5555_5555,
        ] {
            let input = [x; 6];
            assert_eq!(ll.call(&input), by_bits(&input), "{x}");
            for k in 0..6 {
                let mut one = [0; 6];
                one[k] = x;
                assert_eq!(ll.call(&one), by_bits(&one), "{x} in dimension {k}");
            }
        }
    }
}
