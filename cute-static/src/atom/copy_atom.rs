//! CuTe's `Copy_Atom`, `TiledCopy` and `ThrCopy` (`copy_atom.hpp`), and the thread-value
//! layout `make_tiled_copy` builds ([`make_layout_tv`]).
//!
//! A [`CopyAtom`] is a copy operation for a value type: the operation's bit layouts recast
//! to values. [`make_tiled_copy`] tiles it over a thread layout and a value layout into a
//! [`TiledCopy`], whose `TiledLayout_TV` maps `(thread, value)` to a coordinate of the tile
//! `Tiler_MN`. A thread's [`ThrCopy`] (`get_slice(thr_idx)`) partitions a source or a
//! destination tensor into that thread's `(CPY, CPY_M, CPY_N, ...)` values, over the same
//! engine: the layout is computed while compiling, the offset from the thread index.
//!
//! ```
//! use cute_static::{layout, make_tensor, make_tiled_copy, CopyAtom, UniversalCopy};
//! // 32x8 threads, each copying 4 consecutive floats (one 128-bit access) of a 128x8 tile.
//! let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u128>, f32>::new(),
//!                            layout!((_32,_8):(_1,_32)), layout!((_4,_1):(_1,_0)));
//! let data: Vec<f32> = (0..128 * 32).map(|i| i as f32).collect();
//! let g = make_tensor(&data[..], layout!((_128,_32):(_1,_128))).unwrap();
//! let tid = 37;
//! let mine = copy.get_slice(tid).partition_S(g);
//! assert_eq!(mine.to_string(), "148|((_4,_1),_1,_4):((_1,_0),_0,_1024)");
//! assert_eq!(mine[((2, 0), 0, 3)], (148 + 2 + 3 * 1024) as f32);
//! ```

// The result types of the partitions spell out their layout and offset expressions.
#![allow(clippy::type_complexity)]

use super::copy_traits::CopyTraits;
use super::{Computed, Computes, StepOf, TiledAtom, step, write_layout_value};
use crate::algebra::layout::L;
use crate::algebra::tensor as ts;
use crate::algebra::tiled::{self as tl, CopyAtomC, CopyC, DST, SRC, Tiled};
use crate::error::LayoutError;
use crate::expr::{CExpr, CSym};
use crate::expr::{Expr, Sym};
use crate::gmma::SizeofBits;
use crate::layout::TensorLayout;
use crate::layout::{IsLayout, LayoutOf, StaticLayout};
use crate::ops::{arg, expr_methods, expr_type, sym, twin_check};
use crate::print::write_tree;
use crate::prog::Prog;
use crate::tensor::{Part, Tensor, partitioned, tensor_op};
use crate::tuple::{IntTuple, Leaves, Static};
use crate::values::TupleOf;
use core::fmt;
use core::marker::PhantomData;

expr_type!(LayoutTvExpr, [Th: IsLayout => thr, Va: IsLayout => val] |p| ts::make_layout_tv(p, &thr, &val).1, layout);
expr_type!(TilerMnExpr, [Th: IsLayout => thr, Va: IsLayout => val] |p| ts::make_layout_tv(p, &thr, &val).0, tuple);

/// The `layout_tv` of [`make_layout_tv`]: `(thread, value) -> index` in the tile.
///
/// ```
/// use cute_static::{layout_t, LayoutTv, StaticLayout};
/// type Tv = LayoutTv<layout_t!((_2,_2):(_1,_2)), layout_t!((_2,_1):(_1,_0))>;
/// assert_eq!(Tv::new().to_string(), "(_4,_2):(_2,_1)");
/// ```
pub type LayoutTv<Th, Va> = LayoutOf<LayoutTvExpr::E<Th, Va>>;

/// The `tiler_mn` of [`make_layout_tv`]: the tile the TV layout covers.
///
/// ```
/// use cute_static::{layout_t, TilerMn};
/// type T = TilerMn<layout_t!((_2,_2):(_1,_2)), layout_t!((_2,_1):(_1,_0))>;
/// assert_eq!(T::default().to_string(), "(_4,_2)");
/// ```
pub type TilerMn<Th, Va> = TupleOf<TilerMnExpr::E<Th, Va>>;

/// CuTe's `make_layout_tv(thr_layout, val_layout)` (what [`make_tiled_copy`] builds): the tile
/// `tiler_mn` that `thr_layout` threads, each with the values of `val_layout`, cover (raked:
/// the threads are the fast index), and `layout_tv`, which maps `(thread, value)` to the
/// column-major index in that tile: `layout_mn = raked_product(thr, val)`,
/// `layout_tv = right_inverse(layout_mn).with_shape((size(thr), size(val)))`,
/// `tiler_mn = product_each(shape(layout_mn))`.
///
/// ```
/// use cute_static::{layout, make_layout_tv};
/// let (tiler, tv) = make_layout_tv(layout!((_4,_8):(_8,_1)), layout!((_2,_2):(_2,_1)));
/// assert_eq!(tiler.to_string(), "(_8,_16)");
/// assert_eq!(tv.to_string(), "((_8,_4),(_2,_2)):((_16,_2),(_8,_1))");
/// ```
#[inline(always)]
pub fn make_layout_tv<Th: IsLayout, Va: IsLayout>(
    thr_layout: Th,
    val_layout: Va,
) -> (TilerMn<Th, Va>, LayoutTv<Th, Va>) {
    let _ = <LayoutTvExpr::E<Th, Va> as Expr>::SYM;
    let _ = <TilerMnExpr::E<Th, Va> as Expr>::SYM;
    (
        TupleOf(TilerMnExpr::E((thr_layout, val_layout))),
        LayoutOf(LayoutTvExpr::E((thr_layout, val_layout))),
    )
}

// ---- Copy_Atom -----------------------------------------------------------------------------

/// CuTe's `Copy_Atom<Op, T>`: the copy operation `Op` moving values of type `T` (any
/// [`SizeofBits`] type: `f32`, `u8`, [`half_t`](crate::gmma::half_t), ...). Its layouts
/// ([`IsCopyAtom`]) are the operation's bit layouts recast to `T`
/// (`recast_layout<uint1_t, T>`, an `upcast<sizeof_bits<T>>`); an operation that does not
/// move whole values of `T` for every thread is a compile error ("CopyOperation is not valid
/// for Src of ValType.").
///
/// ```
/// use cute_static::{CopyAtom, IsCopyAtom, SM75_U32x4_LDSM_N, StaticLayout, gmma::half_t};
/// type Atom = CopyAtom<SM75_U32x4_LDSM_N, half_t>;
/// assert_eq!(<Atom as IsCopyAtom>::ValLayoutSrc::new().to_string(), "(_32,_8):(_8,_1)");
/// assert_eq!(<Atom as IsCopyAtom>::ValLayoutDst::new().to_string(), "(_32,(_2,_4)):(_2,(_1,_64))");
/// assert_eq!((Atom::NUM_VAL_SRC, Atom::NUM_VAL_DST), (8, 8));
/// ```
pub struct CopyAtom<Op, T>(PhantomData<fn() -> (Op, T)>);

impl<Op, T> Clone for CopyAtom<Op, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<Op, T> Copy for CopyAtom<Op, T> {}

impl<Op, T> Default for CopyAtom<Op, T> {
    fn default() -> Self {
        CopyAtom(PhantomData)
    }
}

impl<Op: CopyTraits, T: SizeofBits> CopyAtom<Op, T> {
    /// The atom (zero-sized); its layouts are checked here.
    ///
    /// ```
    /// let _ = cute_static::CopyAtom::<cute_static::UniversalCopy<u64>, f64>::new();
    /// ```
    pub const fn new() -> Self {
        let _ = <Self as IsCopyAtom>::ATOM;
        CopyAtom(PhantomData)
    }
}

/// What a copy atom offers: CuTe's `Copy_Atom` members. Implemented by [`CopyAtom`].
///
/// ```
/// use cute_static::{CopyAtom, IsCopyAtom, StaticLayout, UniversalCopy};
/// type Atom = CopyAtom<UniversalCopy<u128>, f32>;
/// assert_eq!(<Atom as IsCopyAtom>::ValLayoutRef::new().to_string(), "(_1,_4):(_0,_1)");
/// assert_eq!(<Atom as IsCopyAtom>::NUM_VAL_SRC, 4);
/// ```
pub trait IsCopyAtom: Copy + Default {
    /// The copy operation.
    type Op: CopyTraits;
    /// `ValType`: the values' type.
    type ValType: SizeofBits;
    /// `ThrID`: the atom's thread number to the thread index.
    type ThrID: StaticLayout;
    /// `ValLayoutSrc`: `(src thread, src value) -> value` (the bits recast to `ValType`).
    type ValLayoutSrc: StaticLayout;
    /// `ValLayoutDst`: `(dst thread, dst value) -> value`.
    type ValLayoutDst: StaticLayout;
    /// `ValLayoutRef`: `(ref thread, ref value) -> value`.
    type ValLayoutRef: StaticLayout;
    /// `NumValSrc`: how many source values one thread moves.
    const NUM_VAL_SRC: i32;
    /// `NumValDst`: how many destination values one thread moves.
    const NUM_VAL_DST: i32;
    /// The atom as the const algorithms see it.
    #[doc(hidden)]
    const ATOM: CopyAtomC;
}

/// Layout `K` (Src, Dst, Ref) of the atom `A`.
#[doc(hidden)]
pub struct AtomLayout<A, const K: usize>(PhantomData<fn() -> A>);

impl<A: IsCopyAtom, const K: usize> Computes for AtomLayout<A, K> {
    const VALUE: L = [A::ATOM.src, A::ATOM.dst, A::ATOM.ref_][K];
}

impl<Op: CopyTraits, T: SizeofBits> IsCopyAtom for CopyAtom<Op, T> {
    type Op = Op;
    type ValType = T;
    type ThrID = Op::ThrID;
    type ValLayoutSrc = LayoutOf<Computed<AtomLayout<Self, 0>>>;
    type ValLayoutDst = LayoutOf<Computed<AtomLayout<Self, 1>>>;
    type ValLayoutRef = LayoutOf<Computed<AtomLayout<Self, 2>>>;
    const NUM_VAL_SRC: i32 = Self::ATOM.src.mode(1).shape.static_size();
    const NUM_VAL_DST: i32 = Self::ATOM.dst.mode(1).shape.static_size();
    const ATOM: CopyAtomC = tl::copy_atom(
        &<Op::ThrID as IsLayout>::LAYOUT,
        [
            &<Op::SrcLayout as IsLayout>::LAYOUT,
            &<Op::DstLayout as IsLayout>::LAYOUT,
            &<Op::RefLayout as IsLayout>::LAYOUT,
        ],
        T::BITS,
    );
}

/// Print CuTe's `print(copy_atom)` text.
fn write_atom(f: &mut fmt::Formatter<'_>, atom: &CopyAtomC) -> fmt::Result {
    f.write_str("Copy_Atom\n  ThrID:        ")?;
    write_layout_value(f, &atom.thr_id)?;
    f.write_str("\n  ValLayoutSrc: ")?;
    write_layout_value(f, &atom.src)?;
    f.write_str("\n  ValLayoutDst: ")?;
    write_layout_value(f, &atom.dst)?;
    f.write_str("\n  ValLayoutRef: ")?;
    write_layout_value(f, &atom.ref_)?;
    writeln!(f, "\n  ValueType:    {}b", atom.bits)
}

/// CuTe's `print(copy_atom)`.
///
/// ```
/// use cute_static::{CopyAtom, UniversalCopy};
/// let text = CopyAtom::<UniversalCopy<u32>, f32>::new().to_string();
/// assert_eq!(text.lines().nth(2), Some("  ValLayoutSrc: (_1,_1):(_0,_1)"));
/// ```
impl<Op: CopyTraits, T: SizeofBits> fmt::Display for CopyAtom<Op, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_atom(f, &Self::ATOM)
    }
}

impl<Op: CopyTraits, T: SizeofBits> fmt::Debug for CopyAtom<Op, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

// ---- TiledCopy -----------------------------------------------------------------------------

/// CuTe's `TiledCopy<Copy_Atom, LayoutCopy_TV, ShapeTiler_MN>`: the atom `Atom` tiled so that
/// `LayoutTV` maps `(thread, value)` to a coordinate of the tile `TilerMN`. Zero-sized; made
/// by [`make_tiled_copy`]. Its layouts are in [`IsTiledCopy`] and its methods; a thread's part
/// of a tensor is [`TiledCopy::get_slice`].
///
/// ```
/// use cute_static::{layout, make_tiled_copy, CopyAtom, UniversalCopy};
/// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u32>, f32>::new(),
///                            layout!((_4,_8):(_8,_1)), layout!((_2,_2):(_2,_1)));
/// assert_eq!(copy.tiled_layout_tv().to_string(), "((_8,_4),(_2,_2)):((_16,_2),(_8,_1))");
/// assert_eq!(copy.size(), 32);
/// assert_eq!(core::mem::size_of_val(&copy), 0);
/// ```
pub struct TiledCopy<Atom, LayoutTV, TilerMN>(PhantomData<fn() -> (Atom, LayoutTV, TilerMN)>);

impl<A, Tv, Tl> Clone for TiledCopy<A, Tv, Tl> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<A, Tv, Tl> Copy for TiledCopy<A, Tv, Tl> {}

impl<A, Tv, Tl> Default for TiledCopy<A, Tv, Tl> {
    fn default() -> Self {
        TiledCopy(PhantomData)
    }
}

impl<A, Tv, Tl> Static for TiledCopy<A, Tv, Tl> {
    const VALUE: Self = TiledCopy(PhantomData);
}

impl<A, Tv, Tl> Leaves for TiledCopy<A, Tv, Tl> {
    const NDYN: usize = 0;
    #[inline(always)]
    fn dyn_leaf(&self, _: usize) -> i32 {
        0
    }
}

/// What a tiled copy offers: CuTe's `TiledCopy` members. Implemented by [`TiledCopy`].
///
/// ```
/// use cute_static::{layout, make_tiled_copy, CopyAtom, IsTiledCopy, StaticLayout, UniversalCopy};
/// fn values<TC: IsTiledCopy>(_: TC) -> i32 {
///     <TC::TiledLayout_TV as StaticLayout>::SIZE
/// }
/// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u32>, f32>::new(),
///                            layout!((_32,_8):(_1,_32)), layout!((_2,_1):(_1,_0)));
/// assert_eq!(values(copy), 512);
/// ```
#[allow(non_camel_case_types)]
pub trait IsTiledCopy: Leaves + Static + Default + TiledAtom {
    /// The copy atom.
    type Atom: IsCopyAtom;
    /// `TiledLayout_TV`: `(thread, value) -> coordinate` in the tile (column-major index).
    type TiledLayout_TV: StaticLayout;
    /// `Tiler_MN`: the tile's shape.
    type Tiler_MN: IntTuple + Static;
    /// The tiled copy as the const algorithms see it.
    #[doc(hidden)]
    const TILED: CopyC;
}

impl<A: IsCopyAtom, Tv: StaticLayout, Tl: IntTuple + Static> IsTiledCopy for TiledCopy<A, Tv, Tl> {
    type Atom = A;
    type TiledLayout_TV = Tv;
    type Tiler_MN = Tl;
    const TILED: CopyC = tl::tiled_copy(A::ATOM, &Tv::LAYOUT, &Tl::TREE);
}

impl<A: IsCopyAtom, Tv: StaticLayout, Tl: IntTuple + Static> TiledAtom for TiledCopy<A, Tv, Tl> {
    const TILED_ATOM: Tiled = Tiled::Copy(<Self as IsTiledCopy>::TILED);
}

/// CuTe's `make_tiled_copy(copy_atom, thr_layout, val_layout)`: the atom tiled so that the
/// threads of `thr_layout` (`(m,n) -> thr_idx`) each copy the values of `val_layout`
/// (`(m,n) -> val_idx`), raked: `TiledLayout_TV` and `Tiler_MN` are [`make_layout_tv`]'s.
/// CuTe's checks are compile errors: the tiling must have a multiple of the atom's threads
/// ("TiledCopy uses too few thrs for selected CopyAtom") and of its values ("TiledCopy uses
/// too few vals for selected CopyAtom").
///
/// ```
/// use cute_static::{layout, make_tiled_copy, CopyAtom, SM75_U32x4_LDSM_N, gmma::half_t};
/// let ldsm = make_tiled_copy(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new(),
///                            layout!((_32,_1):(_1,_0)), layout!((_1,_8):(_0,_1)));
/// assert_eq!(ldsm.tiler_mn().to_string(), "(_32,_8)");
/// assert_eq!(ldsm.get_layoutS_TV().to_string(), "((_8,_4),((_2,_4),_1)):((_4,_64),((_32,_1),_0))");
/// assert_eq!(ldsm.get_layoutD_TV().to_string(), "(_32,(_8,_1)):(_1,(_32,_0))");
/// ```
///
/// ```compile_fail
/// // An LDSM atom needs a warp: 8 threads are too few.
/// use cute_static::{layout, make_tiled_copy, CopyAtom, SM75_U32x4_LDSM_N, gmma::half_t};
/// let _ = make_tiled_copy(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new(),
///                         layout!((_8,_1):(_1,_0)), layout!((_1,_8):(_0,_1)));
/// ```
#[inline(always)]
pub fn make_tiled_copy<A: IsCopyAtom, Th: StaticLayout, Va: StaticLayout>(
    copy_atom: A,
    thr_layout: Th,
    val_layout: Va,
) -> TiledCopy<A, LayoutTv<Th, Va>, TilerMn<Th, Va>> {
    let _ = (copy_atom, thr_layout, val_layout);
    let _ = <TiledCopy<A, LayoutTv<Th, Va>, TilerMn<Th, Va>> as IsTiledCopy>::TILED;
    TiledCopy(PhantomData)
}

/// A layout of a tiled copy: `K` = 0 `layoutS_TV`, 1 `layoutD_TV`, 2 `layoutS_MN`,
/// 3 `layoutD_MN`.
#[doc(hidden)]
pub struct CopyLayout<TC, const K: usize>(PhantomData<fn() -> TC>);

impl<TC: IsTiledCopy, const K: usize> Computes for CopyLayout<TC, K> {
    const VALUE: L = {
        let mut p = Prog::new(0);
        let side = if K % 2 == 0 { SRC } else { DST };
        if K < 2 {
            tl::copy_layout_tv(&mut p, &TC::TILED, side)
        } else {
            tl::copy_layout_mn(&mut p, &TC::TILED, side)
        }
    };
}

/// What CuTe's `print_latex(tiled_copy)` draws of side `SIDE` (`SRC`, `DST`): `tidfrg_S/D`
/// of a reference over the tile `tile_mn = product_each(shape(Tiler_MN))`, at rest `_0`; the
/// reference is the identity layout of the tile if `IDENTITY` (what CuTe prints), its
/// column-major layout if not (each element's column-major index in the tile).
#[doc(hidden)]
pub struct CopyTvPicture<TC, const SIDE: usize, const IDENTITY: bool>(PhantomData<fn() -> TC>);

impl<TC: IsTiledCopy, const SIDE: usize, const IDENTITY: bool> Computes
    for CopyTvPicture<TC, SIDE, IDENTITY>
{
    const VALUE: L = {
        let mut p = Prog::new(0);
        let tile = crate::algebra::int_tuple::product_each(&mut p, &TC::TILED.tiler);
        let reference = if IDENTITY {
            crate::algebra::arithmetic_tuple::make_identity_layout(&tile)
        } else {
            crate::algebra::layout::make_layout(&mut p, &tile, crate::algebra::layout::Major::Left)
        };
        let tv = tl::tidfrg_unfolded(&mut p, &reference, &TC::TILED, SIDE);
        let mut crd = crate::tree::Tree::new();
        let at = crd.open();
        crd.push(crate::tree::Kind::Under, 0);
        crd.push(crate::tree::Kind::Under, 0);
        crd.push_leaf(crate::tree::V::s(0));
        crd.close(at, 3);
        crate::algebra::slice::slice(&crd, &tv)
    };
}

expr_type!(TidfrgSExpr, [A: IsLayout => a, TC: IsTiledCopy => tc] |p| tl::tidfrg_unfolded(p, &a, &tc, SRC), layout);
expr_type!(TidfrgDExpr, [A: IsLayout => a, TC: IsTiledCopy => tc] |p| tl::tidfrg_unfolded(p, &a, &tc, DST), layout);

#[allow(non_snake_case)]
impl<A, Tv, Tl> TiledCopy<A, Tv, Tl>
where
    Self: IsTiledCopy,
{
    /// `Tiler_MN`: the shape of the tile the copy covers.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_copy, CopyAtom, UniversalCopy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u128>, f32>::new(),
    ///                            layout!((_32,_8):(_1,_32)), layout!((_4,_1):(_1,_0)));
    /// assert_eq!(copy.tiler_mn().to_string(), "(_128,_8)");
    /// ```
    pub fn tiler_mn(self) -> <Self as IsTiledCopy>::Tiler_MN {
        Static::VALUE
    }

    /// `TiledLayout_TV`: `(thread, value) -> coordinate` in the tile.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_copy, CopyAtom, UniversalCopy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u128>, f32>::new(),
    ///                            layout!((_32,_8):(_1,_32)), layout!((_4,_1):(_1,_0)));
    /// assert_eq!(copy.tiled_layout_tv().to_string(), "(_256,_4):(_4,_1)");
    /// ```
    pub fn tiled_layout_tv(self) -> <Self as IsTiledCopy>::TiledLayout_TV {
        Static::VALUE
    }

    /// CuTe's `size(tiled_copy)`: the number of threads (`TiledNumThr`).
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_copy, CopyAtom, UniversalCopy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u32>, f32>::new(),
    ///                            layout!((_16,_8):(_8,_1)), layout!((_1,_1):(_0,_0)));
    /// assert_eq!(copy.size(), 128);
    /// ```
    pub const fn size(self) -> i32 {
        <Self as IsTiledCopy>::TILED.tv.mode(0).shape.static_size()
    }

    /// CuTe's `get_layoutS_TV()`: `(thr_idx, val_idx) -> coordinate` in the tile of the
    /// source's values.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_copy, CopyAtom, SM75_U16x8_LDSM_T, gmma::half_t};
    /// let copy = make_tiled_copy(CopyAtom::<SM75_U16x8_LDSM_T, half_t>::new(),
    ///                            layout!((_32,_1):(_1,_0)), layout!((_1,_8):(_0,_1)));
    /// assert_eq!(copy.get_layoutS_TV().to_string(), "((_2,_4,_4),(_8,_1)):((_32,_1,_64),(_4,_0))");
    /// ```
    pub fn get_layoutS_TV(self) -> LayoutOf<Computed<CopyLayout<Self, 0>>> {
        Static::VALUE
    }

    /// CuTe's `get_layoutD_TV()`: `(thr_idx, val_idx) -> coordinate` in the tile of the
    /// destination's values.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_copy, CopyAtom, UniversalCopy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u64>, f32>::new(),
    ///                            layout!((_4,_2):(_2,_1)), layout!((_1,_2):(_0,_1)));
    /// assert_eq!(copy.get_layoutD_TV().to_string(), "((_2,_4),(_2,_1)):((_8,_1),(_4,_0))");
    /// ```
    pub fn get_layoutD_TV(self) -> LayoutOf<Computed<CopyLayout<Self, 1>>> {
        Static::VALUE
    }

    /// CuTe's `get_layoutS_MN()`: `right_inverse(layoutS_TV).with_shape(shape(Tiler_MN))`,
    /// the coordinate in the tile to `(thr_idx, val_idx)` as one index.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_copy, CopyAtom, UniversalCopy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u64>, f32>::new(),
    ///                            layout!((_4,_2):(_2,_1)), layout!((_1,_2):(_0,_1)));
    /// assert_eq!(copy.get_layoutS_MN().to_string(), "(_4,(_2,_2)):(_2,(_8,_1))");
    /// ```
    pub fn get_layoutS_MN(self) -> LayoutOf<Computed<CopyLayout<Self, 2>>> {
        Static::VALUE
    }

    /// CuTe's `get_layoutD_MN()`: `right_inverse(layoutD_TV).with_shape(shape(Tiler_MN))`.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_copy, CopyAtom, UniversalCopy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u64>, f32>::new(),
    ///                            layout!((_4,_2):(_2,_1)), layout!((_1,_2):(_0,_1)));
    /// assert_eq!(copy.get_layoutD_MN().to_string(), "(_4,(_2,_2)):(_2,(_8,_1))");
    /// ```
    pub fn get_layoutD_MN(self) -> LayoutOf<Computed<CopyLayout<Self, 3>>> {
        Static::VALUE
    }

    /// CuTe's `tidfrg_S(layout)`: the source layout tiled by `Tiler_MN` and each tile seen
    /// through the threads, `(Thr, (FrgV, FrgX), (RestM, RestN, ...))`.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_copy, CopyAtom, UniversalCopy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u32>, f32>::new(),
    ///                            layout!((_4,_2):(_2,_1)), layout!((_1,_1):(_0,_0)));
    /// let t = copy.tidfrg_S(layout!((_8,_4):(_1,_8)));
    /// assert_eq!(t.to_string(), "((_2,_4),(_1,_1),(_2,_2)):((_8,_1),(_0,_0),(_4,_16))");
    /// ```
    pub fn tidfrg_S<T: IsLayout>(self, layout: T) -> LayoutOf<TidfrgSExpr::E<T, Self>> {
        let _ = <TidfrgSExpr::E<T, Self> as Expr>::SYM;
        LayoutOf(TidfrgSExpr::E((layout, self)))
    }

    /// CuTe's `tidfrg_D(layout)`: [`TiledCopy::tidfrg_S`] for the destination.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_copy, CopyAtom, UniversalCopy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u32>, f32>::new(),
    ///                            layout!((_4,_2):(_2,_1)), layout!((_1,_1):(_0,_0)));
    /// let t = copy.tidfrg_D(layout!((_4,_2):(_2,_1)));
    /// assert_eq!(t.to_string(), "((_2,_4),(_1,_1),(_1,_1)):((_1,_2),(_0,_0),(_0,_0))");
    /// ```
    pub fn tidfrg_D<T: IsLayout>(self, layout: T) -> LayoutOf<TidfrgDExpr::E<T, Self>> {
        let _ = <TidfrgDExpr::E<T, Self> as Expr>::SYM;
        LayoutOf(TidfrgDExpr::E((layout, self)))
    }

    /// CuTe's `get_slice(thr_idx)`: thread `thr_idx`'s part of the copy (a run-time `i32`,
    /// as `threadIdx.x` is, or a static `C<N>`).
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, make_tiled_copy, CopyAtom, UniversalCopy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u32>, f32>::new(),
    ///                            layout!((_4,_2):(_2,_1)), layout!((_1,_1):(_0,_0)));
    /// let t = make_tensor(&[0.0f32; 32][..], layout!((_8,_4):(_1,_8))).unwrap();
    /// assert_eq!(copy.get_slice(3).partition_S(t).to_string(), "9|((_1,_1),_2,_2):((_0,_0),_4,_16)");
    /// ```
    pub fn get_slice<I: IntTuple>(self, thr_idx: I) -> ThrCopy<Self, I> {
        ThrCopy::new(self, thr_idx)
    }

    /// CuTe's `get_thread_slice(thr_idx)`: [`TiledCopy::get_slice`].
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_copy, CopyAtom, UniversalCopy, C};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u32>, f32>::new(),
    ///                            layout!((_4,_2):(_2,_1)), layout!((_1,_1):(_0,_0)));
    /// assert_eq!(core::mem::size_of_val(&copy.get_thread_slice(C::<3>)), 0);
    /// ```
    pub fn get_thread_slice<I: IntTuple>(self, thr_idx: I) -> ThrCopy<Self, I> {
        self.get_slice(thr_idx)
    }

    /// CuTe's `TiledCopy::retile(tensor)`: a thread's fragment (its values first, as
    /// [`ThrCopy::partition_S`] gives them or an MMA partitions them) regrouped as the copy's
    /// atoms take them, `((atom_vals, rest_vals), rest...)` ([`ThrCopy::retile_S`]).
    ///
    /// ```
    /// use cute_static::{layout, make_fragment_like, make_tensor, make_tiled_copy, CopyAtom, Tensor, UniversalCopy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u64>, f32>::new(),
    ///                            layout!((_4,_2):(_2,_1)), layout!((_1,_2):(_0,_1)));
    /// let s = make_tensor(&[0.0f32; 64][..], layout!((_8,_8):(_1,_8))).unwrap();
    /// let part = copy.get_slice(3).partition_D(s);
    /// assert_eq!(part.to_string(), "17|((_2,_1),_2,_2):((_8,_0),_4,_32)");
    /// let frag: Tensor<[f32; 8], _> = make_fragment_like(&part);
    /// assert_eq!(copy.retile(frag).to_string(), "_0|((_2,_1),_2,_2):((_1,_0),_2,_4)");
    /// ```
    pub fn retile<E, T: TensorLayout, O: IntTuple>(
        self,
        tensor: Tensor<E, T, O>,
    ) -> Tensor<E, Retile<T, Self>, RetileOffset<O, T, Self>> {
        let _ = <RetileOffsetExpr::E<T, Self, O> as Expr>::SYM;
        partitioned::<_, T, _, _>(
            tensor.engine,
            RetileExpr::E((tensor.layout, self)),
            RetileOffsetExpr::E((tensor.layout, self, tensor.offset)),
        )
    }
}

/// CuTe's `print(tiled_copy)`.
///
/// ```
/// use cute_static::{layout, make_tiled_copy, CopyAtom, UniversalCopy};
/// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u32>, f32>::new(),
///                            layout!((_4,_2):(_2,_1)), layout!((_1,_1):(_0,_0)));
/// assert!(copy.to_string().starts_with("TiledCopy\n  Tiler_MN:       (_4,_2)\n"));
/// ```
impl<A, Tv, Tl> fmt::Display for TiledCopy<A, Tv, Tl>
where
    Self: IsTiledCopy,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tc: &CopyC = const { &<Self as IsTiledCopy>::TILED };
        f.write_str("TiledCopy\n  Tiler_MN:       ")?;
        write_tree(f, tc.tiler.root(), &|_| 0)?;
        f.write_str("\n  TiledLayout_TV: ")?;
        write_layout_value(f, &tc.tv)?;
        f.write_str("\n")?;
        write_atom(f, &tc.atom)
    }
}

impl<A, Tv, Tl> fmt::Debug for TiledCopy<A, Tv, Tl>
where
    Self: IsTiledCopy,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

// ---- ThrCopy -------------------------------------------------------------------------------

/// CuTe's `ThrCopy<TiledCopy, ThrIdx>`: thread `thr_idx`'s part of a tiled copy
/// ([`TiledCopy::get_slice`]). Zero-sized with a static index, an `i32` with a run-time one.
///
/// ```
/// use cute_static::{layout, make_tensor, make_tiled_copy, CopyAtom, UniversalCopy, C};
/// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u128>, f32>::new(),
///                            layout!((_32,_8):(_1,_32)), layout!((_4,_1):(_1,_0)));
/// let s = make_tensor(&[0.0f32; 1024][..], layout!((_128,_8):(_1,_128))).unwrap();
/// let mine = copy.get_slice(C::<37>).partition_D(s);
/// assert_eq!(mine.to_string(), "_148|((_4,_1),_1,_1):((_1,_0),_0,_0)");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ThrCopy<TC, I> {
    tiled_copy: TC,
    thr_idx: I,
}

#[allow(non_snake_case)]
impl<TC: IsTiledCopy, I: IntTuple> ThrCopy<TC, I> {
    /// CuTe's `ThrCopy(thr_idx)`: thread `thr_idx` of `tiled_copy` (an integer).
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_copy, CopyAtom, ThrCopy, UniversalCopy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u32>, f32>::new(),
    ///                            layout!((_4,_2):(_2,_1)), layout!((_1,_1):(_0,_0)));
    /// let _thread = ThrCopy::new(copy, 5);
    /// ```
    pub fn new(tiled_copy: TC, thr_idx: I) -> Self {
        const { tl::thread_index(&I::TREE) };
        ThrCopy {
            tiled_copy,
            thr_idx,
        }
    }

    /// The thread's index.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_copy, CopyAtom, UniversalCopy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u32>, f32>::new(),
    ///                            layout!((_4,_2):(_2,_1)), layout!((_1,_1):(_0,_0)));
    /// assert_eq!(copy.get_slice(5).thr_idx(), 5);
    /// ```
    pub fn thr_idx(&self) -> I {
        self.thr_idx
    }

    /// CuTe's `partition_S(tensor)`: the thread's values of a source tensor,
    /// `(CPY, CPY_M, CPY_N, ...)`: `CPY` the values of one copy (the atom's values, then the
    /// atoms a thread repeats across its tile), `CPY_M, CPY_N, ...` the tiles of `Tiler_MN`
    /// across the tensor. Over the same engine; a swizzled shared-memory tensor stays
    /// swizzled or decays as CuTe's slice does.
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, make_tiled_copy, CopyAtom, UniversalCopy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u128>, f32>::new(),
    ///                            layout!((_32,_8):(_1,_32)), layout!((_4,_1):(_1,_0)));
    /// let lda = 256;
    /// let data = vec![0.0f32; 256 * 64];
    /// let g = make_tensor(&data[..], layout!((_128,_64):(_1,lda))).unwrap();
    /// let tid = 33;
    /// assert_eq!(copy.get_slice(tid).partition_S(g).to_string(), "260|((_4,_1),_1,_8):((_1,_0),_0,2048)");
    /// ```
    pub fn partition_S<E, T: TensorLayout, O: IntTuple>(
        &self,
        tensor: Tensor<E, T, O>,
    ) -> Tensor<E, PartitionS<T, TC, I>, PartitionSOffset<O, T, TC, I>> {
        let _ = <SliceSOffsetExpr::E<Zipped<T, TC>, TC, I, O> as Expr>::SYM;
        let tc = self.tiled_copy;
        let staged: Zipped<T, TC> = step::<_, _, 16>(tensor.layout, tc);
        partitioned::<_, Zipped<T, TC>, _, _>(
            tensor.engine,
            SliceSExpr::E((staged, tc, self.thr_idx)),
            SliceSOffsetExpr::E((staged, tc, self.thr_idx, tensor.offset)),
        )
    }

    /// CuTe's `partition_D(tensor)`: [`ThrCopy::partition_S`] for a destination tensor.
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, make_tiled_copy, CopyAtom, UniversalCopy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u128>, f32>::new(),
    ///                            layout!((_32,_8):(_1,_32)), layout!((_4,_1):(_1,_0)));
    /// let s = make_tensor(&[0.0f32; 1024][..], layout!((_128,_8):(_1,_128))).unwrap();
    /// assert_eq!(copy.get_slice(40).partition_D(s).to_string(), "160|((_4,_1),_1,_1):((_1,_0),_0,_0)");
    /// ```
    pub fn partition_D<E, T: TensorLayout, O: IntTuple>(
        &self,
        tensor: Tensor<E, T, O>,
    ) -> Tensor<E, PartitionD<T, TC, I>, PartitionDOffset<O, T, TC, I>> {
        let _ = <SliceDOffsetExpr::E<Zipped<T, TC>, TC, I, O> as Expr>::SYM;
        let tc = self.tiled_copy;
        let staged: Zipped<T, TC> = step::<_, _, 16>(tensor.layout, tc);
        partitioned::<_, Zipped<T, TC>, _, _>(
            tensor.engine,
            SliceDExpr::E((staged, tc, self.thr_idx)),
            SliceDOffsetExpr::E((staged, tc, self.thr_idx, tensor.offset)),
        )
    }

    /// CuTe's `retile_S(tensor)`: [`TiledCopy::retile`] of a fragment the copy reads.
    ///
    /// ```
    /// use cute_static::{layout, make_fragment, make_tiled_copy, CopyAtom, UniversalCopy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u64>, f32>::new(),
    ///                            layout!((_4,_2):(_2,_1)), layout!((_1,_2):(_0,_1)));
    /// let frag = make_fragment([0.0f32; 8], layout!((_2,_2,_2):(_1,_2,_4)));
    /// assert_eq!(copy.get_slice(0).retile_S(frag).to_string(), "_0|((_2,_1),_2,_2):((_1,_0),_2,_4)");
    /// ```
    pub fn retile_S<E, T: TensorLayout, O: IntTuple>(
        &self,
        tensor: Tensor<E, T, O>,
    ) -> Tensor<E, Retile<T, TC>, RetileOffset<O, T, TC>> {
        let _ = <RetileOffsetExpr::E<T, TC, O> as Expr>::SYM;
        partitioned::<_, T, _, _>(
            tensor.engine,
            RetileExpr::E((tensor.layout, self.tiled_copy)),
            RetileOffsetExpr::E((tensor.layout, self.tiled_copy, tensor.offset)),
        )
    }

    /// CuTe's `retile_D(tensor)`: [`TiledCopy::retile`] of a fragment the copy writes.
    ///
    /// ```
    /// use cute_static::{layout, make_fragment, make_tiled_copy, CopyAtom, UniversalCopy};
    /// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u64>, f32>::new(),
    ///                            layout!((_4,_2):(_2,_1)), layout!((_1,_2):(_0,_1)));
    /// let mut frag = make_fragment([0.0f32; 8], layout!((_2,_2,_2):(_1,_2,_4)));
    /// let mut view = copy.get_slice(0).retile_D(frag.view_mut());
    /// view[((1, 0), 0, 1)] = 1.0;
    /// assert_eq!(frag.data()[5], 1.0);
    /// ```
    pub fn retile_D<E, T: TensorLayout, O: IntTuple>(
        &self,
        tensor: Tensor<E, T, O>,
    ) -> Tensor<E, Retile<T, TC>, RetileOffset<O, T, TC>> {
        let _ = <RetileOffsetExpr::E<T, TC, O> as Expr>::SYM;
        partitioned::<_, T, _, _>(
            tensor.engine,
            RetileExpr::E((tensor.layout, self.tiled_copy)),
            RetileOffsetExpr::E((tensor.layout, self.tiled_copy, tensor.offset)),
        )
    }
}

/// The first step of `tidfrg_S(tensor)` and `tidfrg_D(tensor)`, `zipped_divide(tensor,
/// Tiler_MN)` ([`crate::algebra::tiled::step`] 16); the second is taken with the thread's
/// slice.
type Zipped<T, TC> = StepOf<T, TC, 16>;

// The second step of `tidfrg_S/D` and the thread's slice of it: `(thr_idx, _, repeat<R>(_))`.
tensor_op!(@exprs SliceSExpr, SliceSOffsetExpr, [TC: IsTiledCopy => tc, I: IntTuple => i] |p, a| = {
    let tv = tl::tidfrg_step(p, &a, &tc, SRC, 1);
    tl::copy_slice(p, &tv, tl::thread_index(&i))
}; verdict = slice_s_verdict);
tensor_op!(@exprs SliceDExpr, SliceDOffsetExpr, [TC: IsTiledCopy => tc, I: IntTuple => i] |p, a| = {
    let tv = tl::tidfrg_step(p, &a, &tc, DST, 1);
    tl::copy_slice(p, &tv, tl::thread_index(&i))
}; verdict = slice_d_verdict);

/// The checked form of a thread's `partition_S/D` of a swizzled tensor with run-time values:
/// the slice of its `tidfrg` compared with its definition as a partition's is
/// (`crate::tensor::partition_verdict`).
fn copy_partition_verdict<E: CExpr, A: TensorLayout, TC: IsTiledCopy, I: IntTuple>(
    e: &E,
    (a, i): (&A, &I),
    side: usize,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    crate::tensor::partition_verdict(e, a, A::NDYN + I::NDYN, outcome, |p, cl| {
        let tc = TC::TILED;
        let tv = tl::tidfrg_step(p, cl, &tc, side, 1);
        let idx = tl::thread_index(&crate::expr::valued(I::TREE, i));
        let crd = tl::copy_slice_crd(&tv, idx);
        (tv, crd)
    })
}

fn slice_s_verdict<A: TensorLayout, TC: IsTiledCopy, I: IntTuple>(
    e: &SliceSExpr::E<A, TC, I>,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    copy_partition_verdict::<_, A, TC, I>(e, (&e.0.0, &e.0.2), SRC, outcome)
}

fn slice_d_verdict<A: TensorLayout, TC: IsTiledCopy, I: IntTuple>(
    e: &SliceDExpr::E<A, TC, I>,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    copy_partition_verdict::<_, A, TC, I>(e, (&e.0.0, &e.0.2), DST, outcome)
}

/// The layout of [`ThrCopy::partition_S`]: the thread's `(CPY, CPY_M, CPY_N, ...)` of a
/// tensor with layout `T` (a layout, or a composed layout as `T` is).
///
/// Naming the result in a signature:
///
/// ```
/// use cute_static::{IntTuple, IsTiledCopy, PartitionS, PartitionSOffset, Tensor, TensorLayout, ThrCopy};
/// fn part<'a, T: TensorLayout, O: IntTuple, TC: IsTiledCopy, I: IntTuple>(
///     tensor: Tensor<&'a [f32], T, O>, tc: TC, i: I,
/// ) -> Tensor<&'a [f32], PartitionS<T, TC, I>, PartitionSOffset<O, T, TC, I>> {
///     ThrCopy::new(tc, i).partition_S(tensor)
/// }
/// ```
pub type PartitionS<T, TC, I> =
    <Zipped<T, TC> as TensorLayout>::Of<SliceSExpr::E<Zipped<T, TC>, TC, I>>;

/// The offset of [`ThrCopy::partition_S`], from the tensor's offset `O` (see
/// [`PartitionS`]).
///
/// ```
/// use cute_static::{IntTuple, IsTiledCopy, PartitionS, PartitionSOffset, Tensor, TensorLayout, ThrCopy};
/// fn offset_of<T: TensorLayout, O: IntTuple, TC: IsTiledCopy, I: IntTuple>(
///     tensor: Tensor<&[f32], T, O>, tc: TC, i: I,
/// ) -> i32 {
///     let part: Tensor<&[f32], PartitionS<T, TC, I>, PartitionSOffset<O, T, TC, I>> =
///         ThrCopy::new(tc, i).partition_S(tensor);
///     part.offset()
/// }
/// ```
pub type PartitionSOffset<O, T, TC, I> = TupleOf<SliceSOffsetExpr::E<Zipped<T, TC>, TC, I, O>>;

/// The layout of [`ThrCopy::partition_D`]: the thread's `(CPY, CPY_M, CPY_N, ...)` of a
/// destination tensor with layout `T`.
///
/// Naming the result in a signature:
///
/// ```
/// use cute_static::{IntTuple, IsTiledCopy, PartitionD, PartitionDOffset, Tensor, TensorLayout, ThrCopy};
/// fn part<'a, T: TensorLayout, O: IntTuple, TC: IsTiledCopy, I: IntTuple>(
///     tensor: Tensor<&'a [f32], T, O>, tc: TC, i: I,
/// ) -> Tensor<&'a [f32], PartitionD<T, TC, I>, PartitionDOffset<O, T, TC, I>> {
///     ThrCopy::new(tc, i).partition_D(tensor)
/// }
/// ```
pub type PartitionD<T, TC, I> =
    <Zipped<T, TC> as TensorLayout>::Of<SliceDExpr::E<Zipped<T, TC>, TC, I>>;

/// The offset of [`ThrCopy::partition_D`], from the tensor's offset `O` (see
/// [`PartitionD`]).
///
/// ```
/// use cute_static::{IntTuple, IsTiledCopy, PartitionD, PartitionDOffset, Tensor, TensorLayout, ThrCopy};
/// fn offset_of<T: TensorLayout, O: IntTuple, TC: IsTiledCopy, I: IntTuple>(
///     tensor: Tensor<&[f32], T, O>, tc: TC, i: I,
/// ) -> i32 {
///     let part: Tensor<&[f32], PartitionD<T, TC, I>, PartitionDOffset<O, T, TC, I>> =
///         ThrCopy::new(tc, i).partition_D(tensor);
///     part.offset()
/// }
/// ```
pub type PartitionDOffset<O, T, TC, I> = TupleOf<SliceDOffsetExpr::E<Zipped<T, TC>, TC, I, O>>;

tensor_op! {
    /// The layout of [`TiledCopy::retile`] ([`ThrCopy::retile_S`], [`ThrCopy::retile_D`]).
    Retile, RetileExpr;
    /// The offset of [`TiledCopy::retile`], from the tensor's offset `O`.
    RetileOffset, RetileOffsetExpr;
    "cute_static::ThrCopy::new(tc, 0).retile_S(tensor)", [TC: IsTiledCopy => tc] |p, a| = tl::retile(p, &a, &tc);
}

/// CuTe's `print_latex(tiled_copy)`: the source tile at `(0,0)` and the destination tile at
/// `(0,N+3)`, each element with the thread and value that copy it.
///
/// ```
/// use cute_static::{layout, make_tiled_copy, print_latex, CopyAtom, UniversalCopy};
/// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u64>, f32>::new(),
///                            layout!((_2,_2):(_1,_2)), layout!((_2,_1):(_1,_0)));
/// let doc = print_latex(&copy).to_string();
/// assert!(doc.starts_with("% Layout S TV: ArithTuple(_0,_0) o ((_2,_2),(_2,_1)):((_2@0,_1@1),(_1@0,_0))\n"));
/// ```
impl<A, Tv, Tl> crate::picture::PrintLatex for TiledCopy<A, Tv, Tl>
where
    Self: IsTiledCopy,
{
    fn write_latex(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::picture::{TvPicture, tiled_copy_latex};
        // The tile `(M,N)`, `product_each(shape(Tiler_MN))`.
        let (m, n) = const {
            let mut p = Prog::new(0);
            let tile = crate::algebra::int_tuple::product_each(
                &mut p,
                &<Self as IsTiledCopy>::TILED.tiler,
            );
            if tile.static_size() > 1 << 16 {
                crate::error::Msg::new(
                    "print_latex: a tiled copy's tile of more than 65536 elements",
                )
                .fail()
            }
            (
                tile.mode(0).static_size() as i64,
                tile.mode(1).static_size() as i64,
            )
        };
        let s_ids = LayoutOf::<Computed<CopyTvPicture<Self, SRC, true>>>(Computed(PhantomData));
        let d_ids = LayoutOf::<Computed<CopyTvPicture<Self, DST, true>>>(Computed(PhantomData));
        let (s, d) = (
            LayoutOf::<Computed<CopyTvPicture<Self, SRC, false>>>(Computed(PhantomData)),
            LayoutOf::<Computed<CopyTvPicture<Self, DST, false>>>(Computed(PhantomData)),
        );
        let s_index = |t: i64, v: i64| i64::from(s.call((t as i32, v as i32)));
        let d_index = |t: i64, v: i64| i64::from(d.call((t as i32, v as i32)));
        let side = |coords, tv: (i32, i32), index| TvPicture {
            coords,
            threads_values: (i64::from(tv.0), i64::from(tv.1)),
            index,
        };
        tiled_copy_latex(
            f,
            (m, n),
            &side(&s_ids, (s.size_mode::<0>(), s.size_mode::<1>()), &s_index),
            &side(&d_ids, (d.size_mode::<0>(), d.size_mode::<1>()), &d_index),
        )
    }
}
