//! CuTe's copy atoms and their tilings at run time (`atom/copy_atom.hpp`): `Copy_Atom<Op, T>`,
//! `make_tiled_copy`, `TiledCopy` and the thread slice `ThrCopy` with `partition_S/D` and
//! `retile_S/D`. The operations' traits (`Copy_Traits<Op>`, their bit layouts) are cute-static's
//! types, read by CuTe name; the tiling is CuTe's rule on this crate's layout algebra.
//!
//! ```
//! use cute_dynamic::{copy_atom, make_tiled_copy, make_tensor, Int};
//! // The GEMM tutorial's copyA: 32x8 threads, 4 floats each, one 128-bit copy per thread.
//! let atom = copy_atom("UniversalCopy<uint128_t>", "float")?;
//! let copy = make_tiled_copy(&atom, &"(_32,_8):(_1,_32)".parse()?, &"(_4,_1):(_1,_0)".parse()?)?;
//! assert_eq!(copy.tiled_layout_tv().to_string(), "(_256,_4):(_4,_1)");
//! let s_a = make_tensor("(_128,_8):(_1,_128)".parse::<cute_dynamic::Layout>()?);
//! let t_as_a = copy.get_slice(Int::new_dynamic(37)).partition_S(s_a)?;
//! assert_eq!(t_as_a.to_string(), "148|((_4,_1),_1,_1):((_1,_0),_0,_0)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::atom::make_layout_tv;
use crate::coalesce::coalesce_profile;
use crate::composition::{composition, composition_tiler};
use crate::coord::Coord;
use crate::divide::zipped_divide;
use crate::error::{Condition, LayoutError, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::int_tuple_algebra::product_each;
use crate::inverse::right_inverse;
use crate::layout::Layout;
use crate::numeric::sizeof_bits;
use crate::prelude::*;
use crate::product::logical_product;
use crate::recast::upcast;
use crate::stride::make_layout;
use crate::tensor::Tensor;
use crate::tensor_data::IsTensor;
use crate::tiler::Tiler;
use core::fmt;
use cute_static::{CopyTraits, Static};

/// CuTe's `Copy_Atom<Copy_Traits<Op>, T>`: one copy instruction moving values of `T`. Its value
/// layouts are the traits' `(thread, value) -> bit` layouts recast to `T`
/// (`recast_layout<uint1_t, T>`, an `upcast<sizeof_bits<T>>`).
///
/// ```
/// let atom = cute_dynamic::copy_atom("SM75_U32x4_LDSM_N", "half_t")?;
/// assert_eq!(atom.thr_id().to_string(), "_32:_1");
/// assert_eq!(atom.val_layout_src().to_string(), "(_32,_8):(_8,_1)");
/// assert_eq!(atom.val_layout_dst().to_string(), "(_32,(_2,_4)):(_2,(_1,_64))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CopyAtom {
    op: String,
    value_bits: i32,
    thr_id: Layout,
    /// `ValLayoutSrc`, `ValLayoutDst`, `ValLayoutRef`.
    val: [Layout; 3],
}

const SRC: usize = 0;
const DST: usize = 1;
const REF: usize = 2;

/// The traits of the copy operation `T`, as text parsed back: `ThrID` and the Src, Dst and Ref
/// bit layouts.
fn traits<T: CopyTraits>() -> Result<[Layout; 4]>
where
    T::ThrID: fmt::Display,
    T::SrcLayout: fmt::Display,
    T::DstLayout: fmt::Display,
    T::RefLayout: fmt::Display,
{
    Ok([
        <T::ThrID as Static>::VALUE.to_string().parse()?,
        <T::SrcLayout as Static>::VALUE.to_string().parse()?,
        <T::DstLayout as Static>::VALUE.to_string().parse()?,
        <T::RefLayout as Static>::VALUE.to_string().parse()?,
    ])
}

/// `f::<T>()` for the unsigned type `T` of `bits` bits (the copy operations' template arguments
/// matter only by their size).
macro_rules! by_bits {
    ($bits:expr, $T:ident => $body:expr, $else:expr) => {
        match $bits {
            8 => {
                type $T = u8;
                $body
            }
            16 => {
                type $T = u16;
                $body
            }
            32 => {
                type $T = u32;
                $body
            }
            64 => {
                type $T = u64;
                $body
            }
            128 => {
                type $T = u128;
                $body
            }
            _ => $else,
        }
    };
}

/// The copy operations this crate knows, by CuTe name (for messages).
const KNOWN: &str = "UniversalCopy<S[,D]>, SM80_CP_ASYNC_CACHEALWAYS<S[,D]>, \
    SM80_CP_ASYNC_CACHEGLOBAL<S[,D]>, AutoVectorizingCopy, DefaultCopy, \
    AutoVectorizingCopyWithAssumedAlignment<8|16|32|64|128>, SM75_U32x1_LDSM_N, \
    SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N, SM75_U16x2_LDSM_T, SM75_U16x4_LDSM_T, \
    SM75_U16x8_LDSM_T, SM90_U32x1_STSM_N, SM90_U32x2_STSM_N, SM90_U32x4_STSM_N, \
    SM90_U16x2_STSM_T, SM90_U16x4_STSM_T, SM90_U16x8_STSM_T";

/// `Copy_Traits<Op>` by CuTe's name of `Op`: `[ThrID, SrcLayout, DstLayout, RefLayout]`.
fn copy_traits(op: &str) -> Result<[Layout; 4]> {
    let unknown = || {
        LayoutError::invalid(
            "Copy_Atom",
            format!("unknown copy operation {op} (known: {KNOWN})"),
        )
    };
    let name = op.trim().trim_start_matches("cute::");
    let (base, params) = match name.split_once('<') {
        Some((base, rest)) => {
            let params = rest.strip_suffix('>').ok_or_else(unknown)?;
            (base.trim(), params.split(',').map(str::trim).collect())
        }
        None => (name, Vec::new()),
    };
    let bits = |i: usize| -> Result<i32> {
        let ty = params.get(i).copied().or(params.first().copied());
        ty.and_then(sizeof_bits).ok_or_else(unknown)
    };
    match (base, params.len()) {
        ("UniversalCopy" | "SM80_CP_ASYNC_CACHEALWAYS" | "SM80_CP_ASYNC_CACHEGLOBAL", 1 | 2) => {
            // Their layouts depend on the sizes of S and D alone, the same for the three.
            by_bits!(bits(0)?, S => by_bits!(bits(1)?, D => traits::<cute_static::UniversalCopy<S, D>>(), Err(unknown())), Err(unknown()))
        }
        ("AutoVectorizingCopy" | "DefaultCopy", 0) => traits::<cute_static::AutoVectorizingCopy>(),
        ("AutoVectorizingCopyWithAssumedAlignment", 1) => match params[0].parse::<i32>() {
            // CuTe: "Expected MaxVecBits to be 8 or 16 or 32 or 64 or 128"; the layouts are
            // the same for each.
            Ok(8 | 16 | 32 | 64 | 128) => traits::<cute_static::AutoVectorizingCopy>(),
            _ => Err(LayoutError::invalid(
                "Copy_Atom",
                format!("{op}: MaxVecBits must be 8, 16, 32, 64 or 128"),
            )),
        },
        ("SM75_U32x1_LDSM_N", 0) => traits::<cute_static::SM75_U32x1_LDSM_N>(),
        ("SM75_U32x2_LDSM_N", 0) => traits::<cute_static::SM75_U32x2_LDSM_N>(),
        ("SM75_U32x4_LDSM_N", 0) => traits::<cute_static::SM75_U32x4_LDSM_N>(),
        ("SM75_U16x2_LDSM_T", 0) => traits::<cute_static::SM75_U16x2_LDSM_T>(),
        ("SM75_U16x4_LDSM_T", 0) => traits::<cute_static::SM75_U16x4_LDSM_T>(),
        ("SM75_U16x8_LDSM_T", 0) => traits::<cute_static::SM75_U16x8_LDSM_T>(),
        ("SM90_U32x1_STSM_N", 0) => traits::<cute_static::SM90_U32x1_STSM_N>(),
        ("SM90_U32x2_STSM_N", 0) => traits::<cute_static::SM90_U32x2_STSM_N>(),
        ("SM90_U32x4_STSM_N", 0) => traits::<cute_static::SM90_U32x4_STSM_N>(),
        ("SM90_U16x2_STSM_T", 0) => traits::<cute_static::SM90_U16x2_STSM_T>(),
        ("SM90_U16x4_STSM_T", 0) => traits::<cute_static::SM90_U16x4_STSM_T>(),
        ("SM90_U16x8_STSM_T", 0) => traits::<cute_static::SM90_U16x8_STSM_T>(),
        _ => Err(unknown()),
    }
}

/// CuTe's `Copy_Atom<Op, T>` for the copy operation `op` and the value type `value_type`, both by
/// their C++ names (`UniversalCopy<uint128_t>`, `SM80_CP_ASYNC_CACHEALWAYS<uint128_t>`,
/// `SM75_U32x4_LDSM_N`, ...; `float`, `half_t`, `bfloat16_t`, `uint8_t`, ...). Rule:
/// `ValLayoutX = upcast<sizeof_bits<T>>(BitLayoutX)` for X in Src, Dst, Ref, each with
/// `size<0>(ValLayoutX) == size(ThrID)` ("CopyOperation is not valid for X of ValType.").
///
/// ```
/// use cute_dynamic::{copy_atom, Condition};
/// let atom = copy_atom("UniversalCopy<uint128_t>", "float")?;
/// assert_eq!(atom.val_layout_src().to_string(), "(_1,_4):(_0,_1)");
/// // ldmatrix gives each thread 32 bits: no whole `double` for every thread.
/// let err = copy_atom("SM75_U32x1_LDSM_N", "double").unwrap_err();
/// assert_eq!(err.condition(), Some(Condition::CopyAtomDst));
/// assert!(err.to_string().starts_with("CopyOperation is not valid for Dst of ValType. ValLayoutDst = (_16,_1):(_1,_1)"));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn copy_atom(op: &str, value_type: &str) -> Result<CopyAtom> {
    let bits = sizeof_bits(value_type).ok_or_else(|| {
        LayoutError::invalid("Copy_Atom", format!("unknown value type {value_type}"))
    })?;
    let [thr_id, src, dst, ref_] = copy_traits(op)?;
    let val = [
        upcast(bits, &src)?,
        upcast(bits, &dst)?,
        upcast(bits, &ref_)?,
    ];
    let threads = thr_id.size()?;
    for ((which, side), l) in [
        (Condition::CopyAtomSrc, "Src"),
        (Condition::CopyAtomDst, "Dst"),
        (Condition::CopyAtomRef, "Ref"),
    ]
    .into_iter()
    .zip(&val)
    {
        let got = l.get(0)?.size()?.value();
        if got != threads.value() {
            return Err(LayoutError::precondition(
                which,
                format!(
                    "ValLayout{side} = {l} (the traits' bit layout recast to {bits}-bit values) \
                     has {got} threads, ThrID {thr_id} has {}",
                    threads.value()
                ),
            ));
        }
    }
    Ok(CopyAtom {
        op: op.trim().to_string(),
        value_bits: bits,
        thr_id,
        val,
    })
}

impl CopyAtom {
    /// `ThrID`: the instruction's thread number to the thread index.
    ///
    /// ```
    /// let atom = cute_dynamic::copy_atom("UniversalCopy<float>", "float")?;
    /// assert_eq!(atom.thr_id().to_string(), "_1:_0");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn thr_id(&self) -> &Layout {
        &self.thr_id
    }

    /// `ValLayoutSrc`: `(src thread, src value) -> value index`.
    ///
    /// ```
    /// let atom = cute_dynamic::copy_atom("UniversalCopy<uint64_t>", "half_t")?;
    /// assert_eq!(atom.val_layout_src().to_string(), "(_1,_4):(_0,_1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn val_layout_src(&self) -> &Layout {
        &self.val[SRC]
    }

    /// `ValLayoutDst`: `(dst thread, dst value) -> value index`.
    ///
    /// ```
    /// let atom = cute_dynamic::copy_atom("SM75_U16x2_LDSM_T", "half_t")?;
    /// assert_eq!(atom.val_layout_dst().to_string(), "((_4,_8),(_1,_2)):((_16,_1),(_1,_8))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn val_layout_dst(&self) -> &Layout {
        &self.val[DST]
    }

    /// `ValLayoutRef`: the `(thread, value)` numbering a tiled copy's TV layout is written in.
    ///
    /// ```
    /// let atom = cute_dynamic::copy_atom("SM75_U32x4_LDSM_N", "half_t")?;
    /// assert_eq!(atom.val_layout_ref(), atom.val_layout_dst());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn val_layout_ref(&self) -> &Layout {
        &self.val[REF]
    }

    /// `sizeof_bits<ValType>`.
    ///
    /// ```
    /// assert_eq!(cute_dynamic::copy_atom("DefaultCopy", "bfloat16_t")?.value_bits(), 16);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn value_bits(&self) -> i32 {
        self.value_bits
    }

    /// The copy operation's name (`SM75_U32x4_LDSM_N`, `UniversalCopy<uint128_t>`, ...).
    pub(crate) fn op_name(&self) -> &str {
        &self.op
    }

    /// `AtomNumThr`, `AtomNumVal`: the sizes of the modes of `ValLayoutRef`.
    fn num_thr_val(&self) -> Result<(Int, Int)> {
        let r = &self.val[REF];
        Ok((r.get(0)?.size()?, r.get(1)?.size()?))
    }
}

/// CuTe's `print(Copy_Atom)`.
///
/// ```
/// let atom = cute_dynamic::copy_atom("UniversalCopy<uint128_t>", "float")?;
/// assert_eq!(atom.to_string(), "Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_4):(_0,_1)\n  \
///     ValLayoutDst: (_1,_4):(_0,_1)\n  ValLayoutRef: (_1,_4):(_0,_1)\n  ValueType:    32b\n");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
impl fmt::Display for CopyAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Copy_Atom")?;
        writeln!(f, "  ThrID:        {}", self.thr_id)?;
        writeln!(f, "  ValLayoutSrc: {}", self.val[SRC])?;
        writeln!(f, "  ValLayoutDst: {}", self.val[DST])?;
        writeln!(f, "  ValLayoutRef: {}", self.val[REF])?;
        writeln!(f, "  ValueType:    {}b", self.value_bits)
    }
}

/// CuTe's `TiledCopy<Copy_Atom, TiledLayout_TV, Tiler_MN>`: an atom tiled over a block of
/// threads, `TiledLayout_TV` mapping `(thread, value)` to the column-major index in the
/// `Tiler_MN` tile. Made by [`make_tiled_copy`] (or [`crate::make_tiled_copy_A`] and its
/// siblings from a [`crate::TiledMMA`]).
///
/// ```
/// use cute_dynamic::{copy_atom, make_tiled_copy};
/// let copy = make_tiled_copy(&copy_atom("UniversalCopy<uint128_t>", "float")?,
///                            &"(_32,_8):(_1,_32)".parse()?, &"(_4,_1):(_1,_0)".parse()?)?;
/// assert_eq!(copy.tiler_mn().to_string(), "(_128,_8)");
/// assert_eq!(copy.get_layoutS_TV()?.to_string(), "(_256,(_4,_1)):(_4,(_1,_0))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TiledCopy {
    atom: CopyAtom,
    layout_tv: Layout,
    tiler_mn: IntTuple,
    /// tile2thrfrg's `((thr,...),(val,...)) -> (m,n)` for the Src and the Dst side.
    thrval2mn: [Layout; 2],
}

/// CuTe's `make_tiled_copy(copy_atom, thr_layout, val_layout)`: the threads laid out by
/// `thr_layout`, each copying the block `val_layout`. Rule: `(Tiler_MN, TiledLayout_TV) =
/// make_layout_tv(thr_layout, val_layout)` ([`make_layout_tv`]), then CuTe's two checks,
/// `TiledNumThr % AtomNumThr == 0` ("TiledCopy uses too few thrs for selected CopyAtom") and
/// `TiledNumVal % AtomNumVal == 0` ("... vals ..."). CuTe's TiledCopy is a type, so both layouts
/// must be static.
///
/// ```
/// use cute_dynamic::{copy_atom, make_tiled_copy, Condition};
/// let ldsm = copy_atom("SM75_U32x4_LDSM_N", "half_t")?;
/// let err = make_tiled_copy(&ldsm, &"(_8,_1):(_1,_0)".parse()?, &"(_1,_8):(_0,_1)".parse()?).unwrap_err();
/// assert_eq!(err.condition(), Some(Condition::TiledCopyThreads));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_tiled_copy(
    atom: &CopyAtom,
    thr_layout: &Layout,
    val_layout: &Layout,
) -> Result<TiledCopy> {
    for (what, l) in [("thr_layout", thr_layout), ("val_layout", val_layout)] {
        if !(l.shape().is_static() && l.stride().is_static()) {
            return Err(LayoutError::invalid(
                "make_tiled_copy",
                format!("{what} {l} has run-time values; a TiledCopy's layouts are static"),
            ));
        }
    }
    let (tiler, layout_tv) = make_layout_tv(thr_layout, val_layout)?;
    make_tiled_copy_impl(atom, &layout_tv, &tiler)
}

/// CuTe's `make_tiled_copy_impl(atom, layout_tv, tiler)`: `TiledCopy<Atom, LayoutTV, Tiler>`
/// with CuTe's two checks (see [`make_tiled_copy`]) and tile2thrfrg's maps of both sides.
pub(crate) fn make_tiled_copy_impl(
    atom: &CopyAtom,
    layout_tv: &Layout,
    tiler: &IntTuple,
) -> Result<TiledCopy> {
    let (atom_thr, atom_val) = atom.num_thr_val()?;
    let (tiled_thr, tiled_val) = (layout_tv.get(0)?.size()?, layout_tv.get(1)?.size()?);
    for (which, tiled, atom_n, what) in [
        (Condition::TiledCopyThreads, tiled_thr, atom_thr, "thrs"),
        (Condition::TiledCopyValues, tiled_val, atom_val, "vals"),
    ] {
        if atom_n.value() <= 0 || tiled.value() % atom_n.value() != 0 {
            return Err(LayoutError::precondition(
                which,
                format!(
                    "TiledLayout_TV = {layout_tv} has {tiled} {what}, not a multiple of the atom's {atom_n}"
                ),
            ));
        }
    }
    let thrval2mn = [
        thrval2mn(atom, layout_tv, &atom.val[SRC])?,
        thrval2mn(atom, layout_tv, &atom.val[DST])?,
    ];
    Ok(TiledCopy {
        atom: atom.clone(),
        layout_tv: layout_tv.clone(),
        tiler_mn: tiler.clone(),
        thrval2mn,
    })
}

/// `zip` of a rank-2 layout of rank-2 modes: `((a,b),(c,d)) -> ((a,c),(b,d))`.
fn zip2(l: &Layout) -> Result<Layout> {
    let (m0, m1) = (l.get(0)?, l.get(1)?);
    Layout::concat(&[
        Layout::concat(&[m0.get(0)?, m1.get(0)?])?,
        Layout::concat(&[m0.get(1)?, m1.get(1)?])?,
    ])
}

/// An integer tiler `n` of static `n`.
fn int_tiler(n: Int) -> Tiler {
    Tiler::Int(n)
}

/// A tuple of integer tilers, one per leaf of `t` (a shape such as `Tiler_MN`).
fn shape_tiler(t: &IntTuple) -> Tiler {
    match t {
        IntTuple::Int(i) => Tiler::Int(*i),
        IntTuple::Tuple(items) => Tiler::Tuple(items.iter().map(shape_tiler).collect()),
    }
}

/// `layout.compose(b, _)`: `b` applied to mode 0, the other mode kept.
pub(crate) fn compose_first(l: &Layout, b: &Layout) -> Result<Layout> {
    composition_tiler(
        l,
        &Tiler::Tuple(vec![Tiler::Layout(b.clone()), Tiler::Underscore]),
    )
}

/// `tensor.compose(b, _)`: [`compose_first`] of a tensor's layout.
pub(crate) fn compose_first_tensor(t: &Tensor, b: &Layout) -> Result<Tensor> {
    t.compose(&Tiler::Tuple(vec![
        Tiler::Layout(b.clone()),
        Tiler::Underscore,
    ]))
}

/// tile2thrfrg's map for the target layout `trg` (the atom's Src or Dst layout):
/// * `atom_layout_TV = zipped_divide(TiledLayout_TV, (AtomNumThr, AtomNumVal))`:
///   `((atom_tid,atom_val),(rest_tid,rest_val)) -> (m,n)`;
/// * `trg_layout_TV = atom_layout_TV.compose(right_inverse(AtomLayoutRef).compose(trg), _)`:
///   the atom's threads and values renumbered as the target numbers them;
/// * `thrval2mn = coalesce(zip(trg_layout_TV), (_1,(_1,_1)))`:
///   `((trg_tid,rest_tid),(trg_val,rest_val)) -> (m,n)`.
fn thrval2mn(atom: &CopyAtom, layout_tv: &Layout, trg: &Layout) -> Result<Layout> {
    let (nt, nv) = atom.num_thr_val()?;
    let ref2trg = composition(&right_inverse(&atom.val[REF])?, trg)?;
    let atom_tv = zipped_divide(layout_tv, &Tiler::Tuple(vec![int_tiler(nt), int_tiler(nv)]))?;
    let trg_tv = compose_first(&atom_tv, &ref2trg)?;
    let profile = IntTuple::tuple(vec![
        IntTuple::s(1),
        IntTuple::tuple(vec![IntTuple::s(1), IntTuple::s(1)]),
    ]);
    coalesce_profile(&zip2(&trg_tv)?, &profile)
}

/// `((_,_),c)`: the unfold of tile2thrfrg at rest coordinate `c`.
fn unfold(rest: Coord) -> Coord {
    Coord::Tuple(vec![
        Coord::Tuple(vec![Coord::Underscore, Coord::Underscore]),
        rest,
    ])
}

impl TiledCopy {
    /// `Tiler_MN`: the shape of the tile the copy covers.
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy};
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<float>", "float")?, &"(_4,_8):(_8,_1)".parse()?, &"(_2,_2):(_2,_1)".parse()?)?;
    /// assert_eq!(c.tiler_mn().to_string(), "(_8,_16)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn tiler_mn(&self) -> &IntTuple {
        &self.tiler_mn
    }

    /// `TiledLayout_TV`: `(thread, value) -> index` in the `Tiler_MN` tile.
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy};
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<float>", "float")?, &"(_4,_8):(_8,_1)".parse()?, &"(_2,_2):(_2,_1)".parse()?)?;
    /// assert_eq!(c.tiled_layout_tv().to_string(), "((_8,_4),(_2,_2)):((_16,_2),(_8,_1))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn tiled_layout_tv(&self) -> &Layout {
        &self.layout_tv
    }

    /// The atom.
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy};
    /// let atom = copy_atom("UniversalCopy<float>", "float")?;
    /// let c = make_tiled_copy(&atom, &"_32:_1".parse()?, &"_1:_0".parse()?)?;
    /// assert_eq!(c.atom(), &atom);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn atom(&self) -> &CopyAtom {
        &self.atom
    }

    /// CuTe's `size(tiled_copy)`: the number of threads, `size<0>(TiledLayout_TV)`.
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy};
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<float>", "float")?, &"(_32,_8):(_8,_1)".parse()?, &"_1:_0".parse()?)?;
    /// assert_eq!(c.size()?.value(), 256);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn size(&self) -> Result<Int> {
        self.layout_tv.get(0)?.size()
    }

    /// CuTe's `tidfrg_S(tensor)`: the tensor tiled by `Tiler_MN` and each tile laid out by the
    /// source side's threads, `(thr, (FrgV,FrgX), (RestM,RestN,...))`. Rule (tile2thrfrg):
    /// `zipped_divide(tensor, Tiler_MN).compose(thrval2mn, _)` at `((_,_),_)`, with
    /// `rank(tensor) >= rank(Tiler_MN)` ("Rank of tensor to be partitioned too small.").
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy, Tensor};
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<uint128_t>", "float")?, &"(_32,_8):(_1,_32)".parse()?, &"(_4,_1):(_1,_0)".parse()?)?;
    /// let t: Tensor = "_0|(_128,_64):(_1,_128)".parse()?;
    /// assert_eq!(c.tidfrg_S(&t)?.to_string(), "_0|(_256,(_4,_1),(_1,_8)):(_4,(_1,_0),(_0,_1024))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn tidfrg_S(&self, tensor: &Tensor) -> Result<Tensor> {
        self.tidfrg(tensor, SRC)?.slice(&unfold(Coord::Underscore))
    }

    /// CuTe's `tidfrg_D(tensor)`: [`TiledCopy::tidfrg_S`] for the destination side.
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy, Tensor};
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<uint128_t>", "float")?, &"(_32,_8):(_1,_32)".parse()?, &"(_4,_1):(_1,_0)".parse()?)?;
    /// let t: Tensor = "_0|(_128,_8):(_1,_128)".parse()?;
    /// assert_eq!(c.tidfrg_D(&t)?.to_string(), "_0|(_256,(_4,_1),(_1,_1)):(_4,(_1,_0),(_0,_0))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn tidfrg_D(&self, tensor: &Tensor) -> Result<Tensor> {
        self.tidfrg(tensor, DST)?.slice(&unfold(Coord::Underscore))
    }

    /// tile2thrfrg before its unfold: `((thr,val),(RestM,RestN,...))`.
    fn tidfrg(&self, tensor: &Tensor, side: usize) -> Result<Tensor> {
        let shape = tensor.shape()?;
        if shape.rank() < self.tiler_mn.rank() {
            return Err(LayoutError::precondition(
                Condition::PartitionRank,
                format!("{tensor} against Tiler_MN {}", self.tiler_mn),
            ));
        }
        let tiles = tensor.zipped_divide(&shape_tiler(&self.tiler_mn))?;
        compose_first_tensor(&tiles, &self.thrval2mn[side])
    }

    /// CuTe's `get_layoutS_TV()`: `(thr_idx, val_idx) -> (m,n)` of the source side, the
    /// tile2thrfrg of the reference `make_layout((shape(Tiler_MN), _1))` at rest coordinate `_0`.
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy};
    /// let c = make_tiled_copy(&copy_atom("SM75_U32x4_LDSM_N", "half_t")?, &"(_32,_1):(_1,_0)".parse()?, &"(_1,_8):(_0,_1)".parse()?)?;
    /// assert_eq!(c.get_layoutS_TV()?.to_string(), "((_8,_4),((_2,_4),_1)):((_4,_64),((_32,_1),_0))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn get_layoutS_TV(&self) -> Result<Layout> {
        self.layout_tv_of(SRC)
    }

    /// CuTe's `get_layoutD_TV()`: [`TiledCopy::get_layoutS_TV`] for the destination side.
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy};
    /// let c = make_tiled_copy(&copy_atom("SM75_U32x4_LDSM_N", "half_t")?, &"(_32,_1):(_1,_0)".parse()?, &"(_1,_8):(_0,_1)".parse()?)?;
    /// assert_eq!(c.get_layoutD_TV()?.to_string(), "(_32,(_8,_1)):(_1,(_32,_0))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn get_layoutD_TV(&self) -> Result<Layout> {
        self.layout_tv_of(DST)
    }

    fn layout_tv_of(&self, side: usize) -> Result<Layout> {
        let shape = IntTuple::tuple(vec![self.tiler_mn.clone(), IntTuple::s(1)]);
        let reference = compose_first(&make_layout(&shape)?, &self.thrval2mn[side])?;
        crate::coord::slice(&unfold(Coord::Int(Int::new_static(0))), &reference)
    }

    /// CUTLASS 3's `get_layoutS_MN()` (its first element): `(m,n) -> thr_idx + size(thr) *
    /// val_idx`, `right_inverse(get_layoutS_TV()).with_shape(shape(Tiler_MN))`.
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy};
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<uint128_t>", "float")?, &"(_32,_8):(_1,_32)".parse()?, &"(_4,_1):(_1,_0)".parse()?)?;
    /// assert_eq!(c.get_layoutS_MN()?.to_string(), "((_4,_32),_8):((_256,_1),_32)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn get_layoutS_MN(&self) -> Result<Layout> {
        self.layout_mn_of(SRC)
    }

    /// CUTLASS 3's `get_layoutD_MN()`: [`TiledCopy::get_layoutS_MN`] for the destination side.
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy};
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<uint128_t>", "float")?, &"(_32,_8):(_1,_32)".parse()?, &"(_4,_1):(_1,_0)".parse()?)?;
    /// assert_eq!(c.get_layoutD_MN()?.to_string(), "((_4,_32),_8):((_256,_1),_32)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn get_layoutD_MN(&self) -> Result<Layout> {
        self.layout_mn_of(DST)
    }

    fn layout_mn_of(&self, side: usize) -> Result<Layout> {
        let tv = self.layout_tv_of(side)?;
        composition(&right_inverse(&tv)?, &make_layout(&self.tiler_mn)?)
    }

    /// CuTe's `get_slice(thr_idx)`: the copy as thread `thr_idx` runs it.
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy, Int};
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<float>", "float")?, &"_32:_1".parse()?, &"_1:_0".parse()?)?;
    /// assert_eq!(c.get_slice(Int::new_dynamic(3)).thr_idx().value(), 3);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn get_slice(&self, thr_idx: Int) -> ThrCopy<'_> {
        ThrCopy {
            tiled: self,
            thr_idx,
        }
    }

    /// CuTe's `get_thread_slice(thr_idx)`: [`TiledCopy::get_slice`].
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy, Int};
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<float>", "float")?, &"_32:_1".parse()?, &"_1:_0".parse()?)?;
    /// assert_eq!(c.get_thread_slice(Int::new_static(5)).thr_idx().value(), 5);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn get_thread_slice(&self, thr_idx: Int) -> ThrCopy<'_> {
        self.get_slice(thr_idx)
    }

    /// CuTe's `TiledCopy::retile(tensor)` of a fragment (a tensor whose mode 0 holds a thread's
    /// `V` values, `V = size<0>(tensor)` static) into the copy's value order. Rule:
    /// * `frg_layout_mn = upcast<TiledNumThr*V>(right_inverse(TiledLayout_TV).with_shape(shape(Tiler_MN)))`;
    /// * `frg_layout_v = zipped_divide(logical_product(make_layout(V), right_inverse(frg_layout_mn)), make_layout(AtomNumVal))`;
    /// * `zipped_divide(tensor, prepend(product_each(shape(frg_layout_mn)), V)).compose(frg_layout_v, _)`
    ///   at `(_, append<R>(_0, _))`.
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy, Tensor};
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<uint128_t>", "float")?, &"(_32,_8):(_1,_32)".parse()?, &"(_4,_1):(_1,_0)".parse()?)?;
    /// let frag: Tensor = "_0|((_4,_1),_1,_8):((_1,_0),_0,_4)".parse()?;
    /// assert_eq!(c.retile(&frag)?.to_string(), "_0|((_4,_1),_1,_8):((_1,_0),_0,_4)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn retile(&self, tensor: &Tensor) -> Result<Tensor> {
        let shape = tensor.shape()?;
        let v = shape.get(0)?.size()?;
        if !v.is_static() {
            return Err(LayoutError::invalid(
                "retile",
                format!(
                    "size<0>(tensor) of {tensor} is dynamic; CuTe's upcast<TiledNumThr * V> needs it static"
                ),
            ));
        }
        let (_, atom_val) = self.atom.num_thr_val()?;
        let num_thr = self.size()?;
        let with_shape = composition(
            &right_inverse(&self.layout_tv)?,
            &make_layout(&self.tiler_mn)?,
        )?;
        let frg_mn = upcast(num_thr.checked_mul(v)?.value(), &with_shape)?;
        let product = logical_product(&make_layout(&IntTuple::Int(v))?, &right_inverse(&frg_mn)?)?;
        let frg_v = zipped_divide(
            &product,
            &Tiler::Layout(make_layout(&IntTuple::Int(atom_val))?),
        )?;
        let mut tiler = vec![Tiler::Int(v)];
        tiler.extend(
            product_each(&frg_mn.shape())?
                .leaves()
                .into_iter()
                .map(Tiler::Int),
        );
        let tiles = tensor.zipped_divide(&Tiler::Tuple(tiler))?;
        let vt = compose_first_tensor(&tiles, &frg_v)?;
        // (_, append<R>(_0, _))
        let rest = match shape.rank() {
            1 => Coord::Int(Int::new_static(0)),
            r => Coord::Tuple(
                core::iter::once(Coord::Int(Int::new_static(0)))
                    .chain((1..r).map(|_| Coord::Underscore))
                    .collect(),
            ),
        };
        vt.slice(&Coord::Tuple(vec![Coord::Underscore, rest]))
    }
}

/// CuTe's `print(TiledCopy)`.
///
/// ```
/// use cute_dynamic::{copy_atom, make_tiled_copy};
/// let c = make_tiled_copy(&copy_atom("UniversalCopy<uint128_t>", "float")?, &"(_32,_8):(_1,_32)".parse()?, &"(_4,_1):(_1,_0)".parse()?)?;
/// assert!(c.to_string().starts_with("TiledCopy\n  Tiler_MN:       (_128,_8)\n  TiledLayout_TV: (_256,_4):(_4,_1)\nCopy_Atom\n"));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
impl fmt::Display for TiledCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "TiledCopy")?;
        writeln!(f, "  Tiler_MN:       {}", self.tiler_mn)?;
        writeln!(f, "  TiledLayout_TV: {}", self.layout_tv)?;
        self.atom.fmt(f)
    }
}

/// CuTe's `ThrCopy`: a [`TiledCopy`] as one thread runs it ([`TiledCopy::get_slice`]).
///
/// ```
/// use cute_dynamic::{copy_atom, make_tiled_copy, make_tensor_on, Int, Layout};
/// let c = make_tiled_copy(&copy_atom("UniversalCopy<uint128_t>", "float")?, &"(_32,_8):(_1,_32)".parse()?, &"(_4,_1):(_1,_0)".parse()?)?;
/// let data: Vec<f32> = (0..1024).map(|i| i as f32).collect();
/// let s_a = make_tensor_on(&data[..], "(_128,_8):(_1,_128)".parse::<Layout>()?)?;
/// let mine = c.get_slice(Int::new_dynamic(37)).partition_S(s_a)?;   // a DataTensor too
/// assert_eq!(*mine.get(3)?, 151.0);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ThrCopy<'a> {
    tiled: &'a TiledCopy,
    thr_idx: Int,
}

impl ThrCopy<'_> {
    /// The thread index.
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy, Int};
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<float>", "float")?, &"_32:_1".parse()?, &"_1:_0".parse()?)?;
    /// assert!(c.get_slice(Int::new_static(7)).thr_idx().is_static());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn thr_idx(&self) -> Int {
        self.thr_idx
    }

    /// CuTe's `partition_S(tensor)`: the elements of the source tensor this thread copies,
    /// `(CPY, CPY_M, CPY_N, ...)`. Rule: `tidfrg_S(tensor)(thr_idx, _, repeat<R>(_))`.
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy, Int, Tensor};
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<uint128_t>", "float")?, &"(_32,_8):(_1,_32)".parse()?, &"(_4,_1):(_1,_0)".parse()?)?;
    /// let g_a: Tensor = "_0|(_128,_8,8):(_1,256,2048)".parse()?;
    /// let part = c.get_slice(Int::new_dynamic(37)).partition_S(g_a)?;
    /// assert_eq!(part.to_string(), "276|((_4,_1),_1,_1,8):((_1,_0),_0,_0,2048)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn partition_S<T: IsTensor>(&self, tensor: T) -> Result<T> {
        let tv = self.tiled.tidfrg(&tensor.layout_tensor(), SRC)?;
        let part = self.slice(&tv)?;
        tensor.with_layout_tensor(part)
    }

    /// CuTe's `partition_D(tensor)`: [`ThrCopy::partition_S`] for the destination side.
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy, Int, Tensor};
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<uint128_t>", "float")?, &"(_32,_8):(_1,_32)".parse()?, &"(_4,_1):(_1,_0)".parse()?)?;
    /// let s_a: Tensor = "_0|(_128,_8):(_1,_128)".parse()?;
    /// assert_eq!(c.get_slice(Int::new_static(37)).partition_D(s_a)?.to_string(), "_148|((_4,_1),_1,_1):((_1,_0),_0,_0)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn partition_D<T: IsTensor>(&self, tensor: T) -> Result<T> {
        let tv = self.tiled.tidfrg(&tensor.layout_tensor(), DST)?;
        let part = self.slice(&tv)?;
        tensor.with_layout_tensor(part)
    }

    /// `((thr_idx,_),(_,...))`: the thread's values and every rest mode, the same modes and
    /// offset as CuTe's `tidfrg(tensor)(thr_idx, _, repeat<R>(_))`.
    fn slice(&self, tv: &Tensor) -> Result<Tensor> {
        let rest = tv.shape()?.get(1)?.rank();
        tv.slice(&Coord::Tuple(vec![
            Coord::Tuple(vec![Coord::Int(self.thr_idx), Coord::Underscore]),
            Coord::underscores(rest),
        ]))
    }

    /// CuTe's `retile_S(tensor)`: [`TiledCopy::retile`].
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy, Int, Tensor};
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<uint128_t>", "float")?, &"(_32,_8):(_1,_32)".parse()?, &"(_4,_1):(_1,_0)".parse()?)?;
    /// let frag: Tensor = "_0|((_4,_1),_1,_8):((_1,_0),_0,_4)".parse()?;
    /// assert_eq!(c.get_slice(Int::new_static(0)).retile_S(frag)?.to_string(), "_0|((_4,_1),_1,_8):((_1,_0),_0,_4)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn retile_S<T: IsTensor>(&self, tensor: T) -> Result<T> {
        let t = self.tiled.retile(&tensor.layout_tensor())?;
        tensor.with_layout_tensor(t)
    }

    /// CuTe's `retile_D(tensor)`: [`TiledCopy::retile`].
    ///
    /// ```
    /// use cute_dynamic::{copy_atom, make_tiled_copy, Int, Tensor};
    /// let c = make_tiled_copy(&copy_atom("UniversalCopy<float>", "float")?, &"((_2,_4),_32):((_128,_32),_1)".parse()?, &"(_2,_1):(_1,_0)".parse()?)?;
    /// let frag: Tensor = "_0|((_1,_2),_1,_3):((_0,_1),_0,_2)".parse()?;
    /// assert_eq!(c.get_slice(Int::new_static(0)).retile_D(frag)?.to_string(), "_0|((_1,_2),_1,_3):((_0,_1),_0,_2)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn retile_D<T: IsTensor>(&self, tensor: T) -> Result<T> {
        self.retile_S(tensor)
    }
}

/// `(m, n)` of a tile shape of rank 2 (`product_each(shape(Tiler_MN))`), as the pictures need.
pub(crate) fn tile_mn(tile: &IntTuple) -> Result<(i64, i64)> {
    let each = product_each(tile)?;
    match each.leaves().as_slice() {
        [m, n] => Ok((i64::from(m.value()), i64::from(n.value()))),
        _ => Err(LayoutError::invalid(
            "print_latex",
            format!("a tile {tile} of rank other than 2"),
        )),
    }
}

/// The `(threads, values)` of a TV layout.
pub(crate) fn tv_size(tv: &Layout) -> Result<(i64, i64)> {
    let (t, v) = (tv.get(0)?.size()?, tv.get(1)?.size()?);
    Ok((i64::from(t.value()), i64::from(v.value())))
}

/// A TV layout's `(thread, value) -> index` (an error draws no node: `-1`).
pub(crate) fn tv_index(tv: &Layout) -> impl Fn(i64, i64) -> i64 + '_ {
    move |t: i64, v: i64| {
        let crd = IntTuple::tuple(vec![IntTuple::d(t as i32), IntTuple::d(v as i32)]);
        tv.call(&crd).map_or(-1, |i| i64::from(i.value()))
    }
}

/// CuTe's `print_latex(tiled_copy)`: the S and D sides of the tile, each element with the
/// thread and value that hold it, headed by the TV layouts over the tile's coordinates.
impl crate::print_layout::PrintLatex for TiledCopy {
    fn latex_document(&self) -> Result<String> {
        let tile = product_each(&self.tiler_mn)?;
        let mn = tile_mn(&tile)?;
        let at_zero = Coord::Tuple(vec![
            Coord::Underscore,
            Coord::Underscore,
            Coord::Int(Int::new_static(0)),
        ]);
        let side = |s: usize| -> Result<(String, Layout)> {
            let ids = self.tidfrg(&crate::tensor::make_identity_tensor(&tile), s)?;
            let ids = ids.slice(&unfold(Coord::Underscore))?.slice(&at_zero)?;
            let coords = match ids {
                Tensor::Coordinate { layout, .. } => layout.to_string(),
                other => other.to_string(),
            };
            let tv = self.tidfrg(&crate::tensor::make_tensor(make_layout(&tile)?), s)?;
            let tv = match tv.slice(&unfold(Coord::Underscore))?.slice(&at_zero)? {
                Tensor::Memory {
                    layout: crate::composed::AnyLayout::Plain(l),
                    ..
                } => l,
                other => {
                    return Err(LayoutError::invalid(
                        "print_latex",
                        format!("the tile's TV layout became {other}"),
                    ));
                }
            };
            Ok((coords, tv))
        };
        let ((s_ids, s_tv), (d_ids, d_tv)) = (side(SRC)?, side(DST)?);
        let (s_size, s_index) = (tv_size(&s_tv)?, tv_index(&s_tv));
        let (d_size, d_index) = (tv_size(&d_tv)?, tv_index(&d_tv));
        crate::print_layout::tiled_document(|out| {
            use cute_static::picture::{TvPicture, tiled_copy_latex};
            let s = TvPicture {
                coords: &s_ids,
                threads_values: s_size,
                index: &s_index,
            };
            let d = TvPicture {
                coords: &d_ids,
                threads_values: d_size,
                index: &d_index,
            };
            tiled_copy_latex(out, mn, &s, &d)
        })
    }
}
