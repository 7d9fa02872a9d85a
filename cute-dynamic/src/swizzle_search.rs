//! The swizzle search: the shared-memory layout of a tile that both its writer and its reader
//! access with the fewest wavefronts, by the bank rule of [`cute_static::banks`].
//!
//! The rule: the candidates are `Sw<B,M,S> o _0 o base` for the tile's row-major and
//! column-major base layouts (CuTe's `LayoutRight` and `LayoutLeft`) and every swizzle with
//! `1 <= B <= 5`, `S >= B` and `2^(B+M+S)` dividing the tile's size (so it permutes offsets
//! inside the tile), plus the bases themselves. A candidate must keep both accesses' vectors
//! (an access whose vectors it splits is not one of the instruction's: the widest vector is
//! kept, never narrowed). The best has the fewest wavefronts of writer and reader together,
//! then the smallest `B`, `M`, `S`, row-major first.

use crate::banks::{BankConflicts, SmemOp, bank_conflicts};
use crate::prelude::*;
use crate::{
    AnyLayout, Int, IntTuple, Layout, LayoutError, Result, Swizzle, make_composed_layout,
    make_layout, make_layout_right,
};

/// The most `(thread, value)` pairs a search reads: its candidates times the pairs of both
/// accesses (a 256x256 tile of 16-bit elements, written and read a pair an element, is a third
/// of it).
pub const MAX_SEARCH_PAIRS: i64 = 1 << 28;

/// One side of a shared tile: the TV layout `(thread, value) -> ` an index of the tile, and
/// its instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    /// `(thread, value) -> ` index of the tile (column-major over its shape, as CuTe's TV
    /// layouts).
    pub tv: Layout,
    /// The shared-memory instruction.
    pub op: SmemOp,
}

/// A candidate of [`swizzle_search`]: its layout and both sides' cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwizzleChoice {
    /// `Sw<B,M,S>`, or `None` for the base layout alone.
    pub swizzle: Option<(i32, i32, i32)>,
    /// The base layout: the tile row-major or column-major.
    pub base: Layout,
    /// The writer's cost.
    pub writer: BankConflicts,
    /// The reader's cost.
    pub reader: BankConflicts,
}

impl SwizzleChoice {
    /// Both sides' wavefronts.
    ///
    /// ```
    /// # use cute_dynamic::{swizzle_search, Access};
    /// # let tv: cute_dynamic::Layout = "(_32,_32):(_1,_32)".parse()?;
    /// # let w = Access { tv: "(_32,_32):(_32,_1)".parse()?, op: "st.shared.32".parse().unwrap() };
    /// # let r = Access { tv, op: "ld.shared.32".parse().unwrap() };
    /// let best = &swizzle_search(&"(_32,_32)".parse()?, 32, &w, &r)?[0];
    /// assert_eq!(best.wavefronts(), 64);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn wavefronts(&self) -> u32 {
        self.writer.wavefronts + self.reader.wavefronts
    }

    /// The shared-memory layout, as CuTe prints it.
    ///
    /// ```
    /// # use cute_dynamic::{swizzle_search, Access};
    /// # let w = Access { tv: "(_32,_32):(_32,_1)".parse()?, op: "st.shared.32".parse().unwrap() };
    /// # let r = Access { tv: "(_32,_32):(_1,_32)".parse()?, op: "ld.shared.32".parse().unwrap() };
    /// let best = &swizzle_search(&"(_32,_32)".parse()?, 32, &w, &r)?[0];
    /// assert_eq!(best.layout()?.to_string(), "Sw<5,0,5> o _0 o (_32,_32):(_32,_1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn layout(&self) -> Result<AnyLayout> {
        Ok(match self.swizzle {
            None => AnyLayout::Plain(self.base.clone()),
            Some((b, m, s)) => AnyLayout::Composed(make_composed_layout(
                Swizzle::new(b, m, s)?,
                Int::new_static(0),
                self.base.clone(),
            )),
        })
    }

    /// The base layout's shape and stride, as `(M,N)`, `(N,1)` values.
    fn shape_stride(&self) -> (Vec<i32>, Vec<i32>) {
        let v = |t: IntTuple| t.leaves().iter().map(|x| x.value()).collect();
        (v(self.base.shape()), v(self.base.stride()))
    }

    /// The layout as cute-static code.
    ///
    /// ```
    /// # use cute_dynamic::{swizzle_search, Access};
    /// # let w = Access { tv: "(_32,_32):(_32,_1)".parse()?, op: "st.shared.32".parse().unwrap() };
    /// # let r = Access { tv: "(_32,_32):(_1,_32)".parse()?, op: "ld.shared.32".parse().unwrap() };
    /// let best = &swizzle_search(&"(_32,_32)".parse()?, 32, &w, &r)?[0];
    /// assert_eq!(best.cute_static(), "Swizzle::<5, 0, 5>::new().composition(layout!((_32,_32):(_32,_1)))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn cute_static(&self) -> String {
        let l = format!("layout!({})", self.base);
        match self.swizzle {
            None => l,
            Some((b, m, s)) => format!("Swizzle::<{b}, {m}, {s}>::new().composition({l})"),
        }
    }

    /// The layout in CuTe C++.
    ///
    /// ```
    /// # use cute_dynamic::{swizzle_search, Access};
    /// # let w = Access { tv: "(_32,_32):(_32,_1)".parse()?, op: "st.shared.32".parse().unwrap() };
    /// # let r = Access { tv: "(_32,_32):(_1,_32)".parse()?, op: "ld.shared.32".parse().unwrap() };
    /// let best = &swizzle_search(&"(_32,_32)".parse()?, 32, &w, &r)?[0];
    /// assert_eq!(best.cute_cpp(), "composition(Swizzle<5,0,5>{}, make_layout(make_shape(Int<32>{}, Int<32>{}), make_stride(Int<32>{}, Int<1>{})))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn cute_cpp(&self) -> String {
        let (shape, stride) = self.shape_stride();
        let ints = |v: &[i32]| {
            v.iter()
                .map(|x| format!("Int<{x}>{{}}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let l = format!(
            "make_layout(make_shape({}), make_stride({}))",
            ints(&shape),
            ints(&stride)
        );
        match self.swizzle {
            None => l,
            Some((b, m, s)) => format!("composition(Swizzle<{b},{m},{s}>{{}}, {l})"),
        }
    }

    /// The layout in the CuTe DSL (Python).
    ///
    /// ```
    /// # use cute_dynamic::{swizzle_search, Access};
    /// # let w = Access { tv: "(_32,_32):(_32,_1)".parse()?, op: "st.shared.32".parse().unwrap() };
    /// # let r = Access { tv: "(_32,_32):(_1,_32)".parse()?, op: "ld.shared.32".parse().unwrap() };
    /// let best = &swizzle_search(&"(_32,_32)".parse()?, 32, &w, &r)?[0];
    /// assert_eq!(best.cute_dsl(), "cute.make_composed_layout(cute.make_swizzle(5, 0, 5), 0, cute.make_layout((32, 32), stride=(32, 1)))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn cute_dsl(&self) -> String {
        let (shape, stride) = self.shape_stride();
        let tuple = |v: &[i32]| {
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let l = format!(
            "cute.make_layout(({}), stride=({}))",
            tuple(&shape),
            tuple(&stride)
        );
        match self.swizzle {
            None => l,
            Some((b, m, s)) => {
                format!("cute.make_composed_layout(cute.make_swizzle({b}, {m}, {s}), 0, {l})")
            }
        }
    }
}

/// The cost of both accesses of one candidate, or why one of them is not its instruction's
/// there (a split vector).
fn candidate(
    swizzle: Option<(i32, i32, i32)>,
    base: &Layout,
    bits: i32,
    writer: &Access,
    reader: &Access,
) -> Result<SwizzleChoice> {
    let mut c = SwizzleChoice {
        swizzle,
        base: base.clone(),
        writer: BankConflicts::new(),
        reader: BankConflicts::new(),
    };
    let smem = c.layout()?;
    c.writer = bank_conflicts(&smem, &writer.tv, bits, writer.op)?.total;
    c.reader = bank_conflicts(&smem, &reader.tv, bits, reader.op)?.total;
    Ok(c)
}

/// CuTe's swizzle search for a rank-2 static tile of `bits`-bit elements written by `writer`
/// and read by `reader`: every candidate of the rule above that keeps both accesses' vectors,
/// best first (the base layouts without a swizzle among them, to compare with). An error
/// where no candidate takes both accesses (the first candidate's reason).
///
/// ```
/// use cute_dynamic::{swizzle_search, Access};
/// // A 64x64 half_t tile written with 128-bit stores a row at a time (8 threads a row) and
/// // read with ldmatrix.x4, thread t naming 16 bytes of row t (a column of 16-byte chunks).
/// let writer = Access { tv: "((_8,_16),(_8,_4)):((_512,_1),(_64,_16))".parse()?, op: "st.shared.128".parse().unwrap() };
/// let reader = Access { tv: "(_32,(_8,_8)):(_1,(_64,_512))".parse()?, op: "ldmatrix.x4".parse().unwrap() };
/// let all = swizzle_search(&"(_64,_64)".parse()?, 16, &writer, &reader)?;
/// let best = &all[0];
/// assert_eq!((best.writer.conflicts(), best.reader.conflicts()), (0, 0));
/// assert_eq!(best.swizzle, Some((3, 3, 3)));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn swizzle_search(
    tile: &IntTuple,
    bits: i32,
    writer: &Access,
    reader: &Access,
) -> Result<Vec<SwizzleChoice>> {
    const OP: &str = "swizzle_search";
    let dims: Vec<&Int> = match tile {
        IntTuple::Tuple(v) if v.len() == 2 => v
            .iter()
            .filter_map(|x| match x {
                IntTuple::Int(i) => Some(i),
                IntTuple::Tuple(_) => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    if dims.len() != 2 || dims.iter().any(|d| !d.is_static() || d.value() < 1) {
        return Err(LayoutError::invalid(
            OP,
            format!("the tile {tile} is not a rank-2 static shape (M,N)"),
        ));
    }
    let size = i64::from(dims[0].value()) * i64::from(dims[1].value());
    let room = size.trailing_zeros() as i32; // 2^(B+M+S) must divide the tile's size
    let mut swizzles = vec![None];
    for b in 1..=5 {
        for m in 0..=room - 2 * b {
            for s in b..=room - b - m {
                swizzles.push(Some((b, m, s)));
            }
        }
    }
    let pairs = |a: &Access| -> Result<i64> { Ok(i64::from(a.tv.size()?.value())) };
    let work =
        (2 * swizzles.len() as i64).saturating_mul(pairs(writer)?.saturating_add(pairs(reader)?));
    if work > MAX_SEARCH_PAIRS {
        return Err(LayoutError::invalid(
            OP,
            format!(
                "{} candidates of {} (thread, value) pairs each, past the {MAX_SEARCH_PAIRS} pairs searched",
                2 * swizzles.len(),
                pairs(writer)? + pairs(reader)?
            ),
        ));
    }
    let mut out = Vec::new();
    let mut first_error = None;
    for (order, base) in [make_layout_right(tile)?, make_layout(tile)?]
        .into_iter()
        .enumerate()
    {
        for &sw in &swizzles {
            match candidate(sw, &base, bits, writer, reader) {
                Ok(c) => out.push((order, c)),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
    }
    if out.is_empty() {
        return Err(first_error.unwrap_or_else(|| LayoutError::invalid(OP, "no candidate")));
    }
    out.sort_by_key(|(order, c)| {
        let (b, m, s) = c.swizzle.unwrap_or((0, 0, 0));
        (c.wavefronts(), b, m, s, *order)
    });
    Ok(out.into_iter().map(|(_, c)| c).collect())
}
