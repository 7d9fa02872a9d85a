//! CuTe's `TiledMMA` and `ThrMMA` (`mma_atom.hpp`): an MMA atom ([`MmaTraits`]) tiled over
//! threads (`AtomLayoutMNK`) and permuted (`PermutationMNK`), and each thread's part of the
//! A, B and C tensors and its register fragments.
//!
//! ```
//! use cute_static::{layout, make_tensor, make_tiled_mma, mma_atoms::UniversalFMA, tile};
//! // 16x16 threads, one FMA each per step: a 16x16x1 tile (sgemm's `mma`).
//! let mma = make_tiled_mma(UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_)));
//! let data = vec![0.0f32; 128 * 128];
//! let c = make_tensor(&data[..], layout!((_128,_128):(_1,_128))).unwrap();
//! let tid = 20;
//! let mine = mma.get_slice(tid).partition_C(c);
//! assert_eq!(mine.to_string(), "132|(_1,_8,_8):(_0,_16,_2048)");
//! let acc: cute_static::Tensor<[f32; 64], _> = mma.get_slice(tid).partition_fragment_C(c);
//! assert_eq!(acc.layout().to_string(), "(_1,_8,_8):(_0,_1,_8)");
//! ```

// The result types of the partitions spell out their layout and offset expressions.
#![allow(clippy::type_complexity)]
#![allow(non_snake_case)]

use super::copy_atom::{IsCopyAtom, IsTiledCopy, TiledCopy};
use super::mma_traits::MmaTraits;
use super::{Computed, Computes, StepOf, TiledAtom, step, tuple_value, write_layout_value};
use crate::algebra::composed::CL;
use crate::algebra::layout::L;
use crate::algebra::tiled::{self as tl, MmaAtomC, MmaC, Tiled};
use crate::error::LayoutError;
use crate::expr::{CExpr, CSym};
use crate::expr::{Expr, Sym};
use crate::layout::{IsLayout, LayoutOf, TensorLayout};
use crate::ops::{arg, expr_methods, expr_type, sym, twin_check};
use crate::print::write_tree;
use crate::prog::Prog;
use crate::tensor::{
    Fragment, FragmentLayout, Part, Tensor, partitioned, register_fragment, tensor_op,
};
use crate::tree::Tree;
use crate::tuple::TupleText;
use crate::tuple::{IntTuple, Leaves, Static, Tiler};
use crate::values::TupleOf;
use core::fmt;
use core::marker::PhantomData;

/// The atom `A` as the const algorithms see it.
pub(crate) const fn mma_atom<A: MmaTraits>() -> MmaAtomC {
    MmaAtomC {
        shape_mnk: <A::ShapeMNK as IntTuple>::TREE,
        thr_id: <A::ThrID as IsLayout>::LAYOUT,
        tv: [
            <A::ALayout as IsLayout>::LAYOUT,
            <A::BLayout as IsLayout>::LAYOUT,
            <A::CLayout as IsLayout>::LAYOUT,
        ],
        smem_desc: [A::SMEM_DESC.0, A::SMEM_DESC.1],
    }
}

/// CuTe's `TiledMMA<MMA_Atom, AtomLayoutMNK, PermutationMNK>`: the atom `Atom` repeated over
/// the threads of `AtomLayoutMNK` (`(m,n,k) -> thread block`, rank up to 3) and its tile
/// permuted by `PermutationMNK` (a tiler of up to 3 modes, `_` where a mode is the atoms'
/// extent). Zero-sized; made by [`make_tiled_mma`]. A thread's part of A, B and C is
/// [`TiledMMA::get_slice`].
///
/// ```
/// use cute_static::{layout, make_tiled_mma, mma_atoms::SM80_16x8x16_F16F16F16F16_TN, tile};
/// let mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_32,_32,_16)));
/// assert_eq!(mma.get_thr_layout_vmnk().to_string(), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
/// assert_eq!(mma.tile_shape().to_string(), "(_32,_32,_16)");
/// assert_eq!(mma.size(), 128);
/// ```
pub struct TiledMMA<Atom, AtomLayoutMNK, PermutationMNK>(
    PhantomData<fn() -> (Atom, AtomLayoutMNK, PermutationMNK)>,
);

impl<A, Ly, P> Clone for TiledMMA<A, Ly, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<A, Ly, P> Copy for TiledMMA<A, Ly, P> {}

impl<A, Ly, P> Default for TiledMMA<A, Ly, P> {
    fn default() -> Self {
        TiledMMA(PhantomData)
    }
}

impl<A, Ly, P> Static for TiledMMA<A, Ly, P> {
    const VALUE: Self = TiledMMA(PhantomData);
}

impl<A, Ly, P> Leaves for TiledMMA<A, Ly, P> {
    const NDYN: usize = 0;
    #[inline(always)]
    fn dyn_leaf(&self, _: usize) -> i32 {
        0
    }
}

/// What a tiled MMA offers to generic code. Implemented by [`TiledMMA`].
///
/// ```
/// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile, IsTiledMma, MmaTraits, StaticLayout};
/// fn atom_threads<TM: IsTiledMma>(_: TM) -> i32 {
///     <<TM::Atom as MmaTraits>::ThrID as StaticLayout>::SIZE
/// }
/// let mma = make_tiled_mma(UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_)));
/// assert_eq!(atom_threads(mma), 1);
/// ```
pub trait IsTiledMma: Leaves + Static + Default + TiledAtom {
    /// The MMA atom.
    type Atom: MmaTraits;
    /// The tiled MMA as the const algorithms see it.
    #[doc(hidden)]
    const TILED: MmaC;
}

impl<A: MmaTraits, Ly: IsLayout, P: Tiler> IsTiledMma for TiledMMA<A, Ly, P> {
    type Atom = A;
    const TILED: MmaC = {
        if Ly::NDYN != 0 {
            crate::error::Msg::new(
                "TiledMMA: the atom layout (AtomLayoutMNK) must be static in cute-static, got ",
            )
            .layout(&Ly::LAYOUT.shape, &Ly::LAYOUT.stride)
            .fail()
        }
        tl::tiled_mma(mma_atom::<A>(), &Ly::LAYOUT, &P::TILER)
    };
}

impl<A: MmaTraits, Ly: IsLayout, P: Tiler> TiledAtom for TiledMMA<A, Ly, P> {
    const TILED_ATOM: Tiled = Tiled::Mma(<Self as IsTiledMma>::TILED);
}

/// CuTe's `make_tiled_mma(mma_atom, atom_layout, permutations)`: the atom repeated over the
/// threads of `atom_layout` (`append<3>(atom_layout, _1:_0)`) with `PermutationMNK =
/// append<3>(permutations, _)`. CuTe's checks are compile errors: "TiledMMA requires rank-3
/// AtomLayoutMNK", "TiledMMA requires rank-3 PermutationMNK", "TiledMMA requires static
/// permutations of MNK.". So is a permutation mode smaller than the atoms' tiling of that mode
/// (`size<I>(AtomShape_MNK) * size<I+1>(ThrLayoutVMNK)`), which CuTe accepts although its TV
/// layouts then contradict its partitions.
///
/// ```
/// use cute_static::{layout, make_tiled_mma, mma_atoms::SM80_16x8x8_F16F16F16F16_TN, tile};
/// let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((_2,_2):(_2,_1)), tile!((_32,_32)));
/// assert_eq!(mma.permutations().to_string(), "(_32,_32,_)");
/// assert_eq!(mma.tile_shape().to_string(), "(_32,_32,_8)");
/// ```
///
/// ```compile_fail
/// // 2 atoms of 16 rows need 32 rows, not 16.
/// use cute_static::{layout, make_tiled_mma, mma_atoms::SM80_16x8x8_F16F16F16F16_TN, tile};
/// let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((_2,_1,_1):(_1,_0,_0)), tile!((_16,_,_)));
/// ```
#[inline(always)]
pub fn make_tiled_mma<A: MmaTraits, Ly: IsLayout, P: Tiler>(
    mma_atom: A,
    atom_layout: Ly,
    permutations: P,
) -> TiledMMA<A, Ly, P> {
    let _ = (mma_atom, atom_layout, permutations);
    let _ = <TiledMMA<A, Ly, P> as IsTiledMma>::TILED;
    TiledMMA(PhantomData)
}

/// A layout of a tiled MMA: `K` = 0, 1, 2 `LayoutA_TV`, `LayoutB_TV`, `LayoutC_TV`; 3
/// `ThrLayoutVMNK`.
#[doc(hidden)]
pub struct MmaLayout<TM, const K: usize>(PhantomData<fn() -> TM>);

impl<TM: IsTiledMma, const K: usize> Computes for MmaLayout<TM, K> {
    const VALUE: L = {
        let mut p = Prog::new(0);
        if K == 3 {
            TM::TILED.vmnk
        } else {
            tl::mma_layout_tv(&mut p, &TM::TILED, K)
        }
    };
}

/// What CuTe's `print_latex(tiled_mma)` prints of `LayoutK_TV` (`K` = 0, 1, 2: A, B, C): the
/// identity tensor of its tile (`(M,K)`, `(N,K)`, `(M,N)`) composed with it,
/// `composition(make_identity_layout(select(tile_mnk)), layout_TV)`.
#[doc(hidden)]
pub struct MmaTvCoords<TM, const K: usize>(PhantomData<fn() -> TM>);

impl<TM: IsTiledMma, const K: usize> Computes for MmaTvCoords<TM, K> {
    const VALUE: L = {
        let mut p = Prog::new(0);
        let t = &TM::TILED;
        let (i, j) = match K {
            0 => (0, 2),
            1 => (1, 2),
            _ => (0, 1),
        };
        let mut shape = Tree::new();
        let at = shape.open();
        shape.push_leaf(t.tile_size(&mut p, i));
        shape.push_leaf(t.tile_size(&mut p, j));
        shape.close(at, 2);
        let identity = crate::algebra::arithmetic_tuple::make_identity_layout(&shape);
        let tv = tl::mma_layout_tv(&mut p, t, K);
        crate::algebra::composition::composition(&mut p, &identity, &tv)
    };
}

/// The tile shape `(tile_size<0>, tile_size<1>, tile_size<2>)` of a tiled MMA.
#[doc(hidden)]
pub struct MmaTileShape<TM>(PhantomData<fn() -> TM>);

impl<TM: IsTiledMma> Computes for MmaTileShape<TM> {
    const VALUE: L = {
        let mut p = Prog::new(0);
        let t = &TM::TILED;
        let mut shape = Tree::new();
        let at = shape.open();
        let mut i = 0;
        while i < 3 {
            shape.push_leaf(t.tile_size(&mut p, i));
            i += 1;
        }
        shape.close(at, 3);
        tuple_value(shape)
    };
}

/// The tile `(tile_size<I>, tile_size<J>)` of operand `X` (0 A, 1 B, 2 C) of a tiled MMA: what
/// `make_tiled_copy_A/B/C` tiles.
#[doc(hidden)]
pub struct MmaOperandTile<TM, const X: usize>(PhantomData<fn() -> TM>);

impl<TM: IsTiledMma, const X: usize> Computes for MmaOperandTile<TM, X> {
    const VALUE: L = {
        let mut p = Prog::new(0);
        let (i, j) = [(0, 2), (1, 2), (0, 1)][X];
        let t = &TM::TILED;
        let (si, sj) = (t.tile_size(&mut p, i), t.tile_size(&mut p, j));
        tuple_value(Tree::tuple2(&Tree::leaf(si), &Tree::leaf(sj)))
    };
}

/// The tiled copy `make_tiled_copy_A/B/C` gives: the MMA's TV layout of operand `X` and its
/// tile.
type CopyFor<A, TM, const X: usize> =
    TiledCopy<A, LayoutOf<Computed<MmaLayout<TM, X>>>, TupleOf<Computed<MmaOperandTile<TM, X>>>>;

/// CuTe's `make_tiled_copy_A(copy_atom, tiled_mma)`: the copy atom tiled as the MMA holds A,
/// `TiledLayout_TV = get_layoutA_TV()` over the tile `(tile_size<0>, tile_size<2>)`, so that a
/// thread copies the values it computes with (e.g. `ldmatrix` from shared memory into the
/// fragment of [`ThrMMA::partition_fragment_A`], through [`ThrCopy::retile_D`](crate::ThrCopy::retile_D)).
///
/// ```
/// use cute_static::{layout, make_tiled_copy_A, make_tiled_mma, mma_atoms::SM80_16x8x16_F16F16F16F16_TN,
///                   tile, CopyAtom, SM75_U32x4_LDSM_N, gmma::half_t};
/// let mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_32,_32,_16)));
/// let s2r = make_tiled_copy_A(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new(), mma);
/// assert_eq!(s2r.tiler_mn().to_string(), "(_32,_16)");
/// ```
pub fn make_tiled_copy_A<A: IsCopyAtom, TM: IsTiledMma>(
    copy_atom: A,
    tiled_mma: TM,
) -> CopyFor<A, TM, 0> {
    let _ = (copy_atom, tiled_mma);
    let _ = <CopyFor<A, TM, 0> as IsTiledCopy>::TILED;
    Default::default()
}

/// CuTe's `make_tiled_copy_B(copy_atom, tiled_mma)`: the copy atom tiled as the MMA holds B,
/// over the tile `(tile_size<1>, tile_size<2>)`.
///
/// ```
/// use cute_static::{layout, make_tiled_copy_B, make_tiled_mma, mma_atoms::SM80_16x8x16_F16F16F16F16_TN,
///                   tile, CopyAtom, SM75_U32x2_LDSM_N, gmma::half_t};
/// let mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_32,_32,_16)));
/// let s2r = make_tiled_copy_B(CopyAtom::<SM75_U32x2_LDSM_N, half_t>::new(), mma);
/// assert_eq!(s2r.tiler_mn().to_string(), "(_32,_16)");
/// ```
pub fn make_tiled_copy_B<A: IsCopyAtom, TM: IsTiledMma>(
    copy_atom: A,
    tiled_mma: TM,
) -> CopyFor<A, TM, 1> {
    let _ = (copy_atom, tiled_mma);
    let _ = <CopyFor<A, TM, 1> as IsTiledCopy>::TILED;
    Default::default()
}

/// CuTe's `make_tiled_copy_C(copy_atom, tiled_mma)`: the copy atom tiled as the MMA holds C,
/// over the tile `(tile_size<0>, tile_size<1>)` (the epilogue's copy of the accumulators).
///
/// ```
/// use cute_static::{layout, make_tiled_copy_C, make_tiled_mma, mma_atoms::UniversalFMA, tile,
///                   CopyAtom, UniversalCopy};
/// let mma = make_tiled_mma(UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_)));
/// let r2g = make_tiled_copy_C(CopyAtom::<UniversalCopy<u32>, f32>::new(), mma);
/// assert_eq!(r2g.tiled_layout_tv().to_string(), "(_256,(_1,(_1,_1))):(_1,(_0,(_0,_0)))");
/// ```
pub fn make_tiled_copy_C<A: IsCopyAtom, TM: IsTiledMma>(
    copy_atom: A,
    tiled_mma: TM,
) -> CopyFor<A, TM, 2> {
    let _ = (copy_atom, tiled_mma);
    let _ = <CopyFor<A, TM, 2> as IsTiledCopy>::TILED;
    Default::default()
}

expr_type!(ThrfrgAExpr, [T: IsLayout => t, TM: IsTiledMma => tm] |p| tl::thrfrg(p, &CL::plain(t), &tm, tl::A).l, layout);
expr_type!(ThrfrgBExpr, [T: IsLayout => t, TM: IsTiledMma => tm] |p| tl::thrfrg(p, &CL::plain(t), &tm, tl::B).l, layout);
expr_type!(ThrfrgCExpr, [T: IsLayout => t, TM: IsTiledMma => tm] |p| tl::thrfrg(p, &CL::plain(t), &tm, tl::C).l, layout);
expr_type!(MakeFragmentAExpr, [T: TensorLayout => t, TM: IsTiledMma => tm] |p| tl::mma_fragment(p, &t, &tm, tl::A), layout);
expr_type!(MakeFragmentBExpr, [T: TensorLayout => t, TM: IsTiledMma => tm] |p| tl::mma_fragment(p, &t, &tm, tl::B), layout);
expr_type!(MakeFragmentCExpr, [T: TensorLayout => t, TM: IsTiledMma => tm] |p| tl::mma_fragment(p, &t, &tm, tl::C), layout);

/// The layout of [`TiledMMA::make_fragment_A`] for a partitioned tensor with layout `T`:
/// `make_fragment_like(T)`.
///
/// ```
/// use cute_static::{layout_t, make_tiled_mma, mma_atoms::UniversalFMA, MakeFragmentA, StaticLayout};
/// type TM = cute_static::TiledMMA<UniversalFMA, layout_t!((_16,_16,_1):(_1,_16,_0)), cute_static::Underscore>;
/// type F = MakeFragmentA<layout_t!((_1,_8,_8):(_0,_16,_1024)), TM>;
/// assert_eq!(F::new().to_string(), "(_1,_8,_8):(_0,_1,_8)");
/// ```
pub type MakeFragmentA<T, TM> = LayoutOf<MakeFragmentAExpr::E<T, TM>>;

/// The layout of [`TiledMMA::make_fragment_B`] for a partitioned tensor with layout `T`:
/// `make_fragment_like(T)`.
///
/// ```
/// use cute_static::{layout_t, MakeFragmentB, StaticLayout};
/// type TM = cute_static::TiledMMA<cute_static::mma_atoms::UniversalFMA, layout_t!((_16,_16,_1):(_1,_16,_0)), cute_static::Underscore>;
/// type F = MakeFragmentB<layout_t!((_1,_8,_8):(_0,_16,_1024)), TM>;
/// assert_eq!(F::new().to_string(), "(_1,_8,_8):(_0,_1,_8)");
/// ```
pub type MakeFragmentB<T, TM> = LayoutOf<MakeFragmentBExpr::E<T, TM>>;

/// The layout of [`TiledMMA::make_fragment_C`] for a partitioned tensor with layout `T`:
/// `make_layout(shape(T))`.
///
/// ```
/// use cute_static::{layout_t, MakeFragmentC, StaticLayout};
/// type TM = cute_static::TiledMMA<cute_static::mma_atoms::UniversalFMA, layout_t!((_16,_16,_1):(_1,_16,_0)), cute_static::Underscore>;
/// type F = MakeFragmentC<layout_t!((_1,_8,_8):(_0,_16,_2048)), TM>;
/// assert_eq!(F::new().to_string(), "(_1,_8,_8):(_0,_1,_8)");
/// ```
pub type MakeFragmentC<T, TM> = LayoutOf<MakeFragmentCExpr::E<T, TM>>;

/// The permutation of a tiled MMA for printing.
fn permutation_text(t: &MmaC) -> TupleText {
    TupleText::of_static(t.perm)
}

#[allow(non_snake_case)]
impl<A, Ly, P> TiledMMA<A, Ly, P>
where
    Self: IsTiledMma,
{
    /// CuTe's `get_thr_layout_vmnk()`: `ThrLayoutVMNK = tiled_product(AtomThrID,
    /// AtomLayoutMNK)`, `(thr_v, thr_m, thr_n, thr_k) -> thr_idx`.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_)));
    /// assert_eq!(mma.get_thr_layout_vmnk().to_string(), "(_1,_16,_16,_1):(_0,_1,_16,_0)");
    /// ```
    pub fn get_thr_layout_vmnk(self) -> LayoutOf<Computed<MmaLayout<Self, 3>>> {
        Static::VALUE
    }

    /// CuTe's `PermutationMNK`: the permutations, rank 3 (`_` where a mode is the atoms'
    /// extent).
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_32,(_4,_4,_2):(_1,_8,_4),_8)));
    /// assert_eq!(mma.permutations().to_string(), "(_32,(_4,_4,_2):(_1,_8,_4),_8)");
    /// ```
    pub fn permutations(self) -> TupleText {
        permutation_text(&<Self as IsTiledMma>::TILED)
    }

    /// CuTe's `size(tiled_mma)`: the number of threads, `size(ThrLayoutVMNK)`.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_)));
    /// assert_eq!(mma.size(), 256);
    /// ```
    pub const fn size(self) -> i32 {
        <Self as IsTiledMma>::TILED.vmnk.shape.static_size()
    }

    /// CuTe's `tile_size<I>(tiled_mma)`: the size of mode `I` (M, N, K) of the tile, that of
    /// `permutation_mnk<I>()`.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_32,_)));
    /// assert_eq!((mma.tile_size::<0>(), mma.tile_size::<1>(), mma.tile_size::<2>()), (16, 32, 1));
    /// ```
    pub const fn tile_size<const I: usize>(self) -> i32 {
        let mut p = Prog::new(0);
        <Self as IsTiledMma>::TILED.tile_size(&mut p, I).value()
    }

    /// CuTe's `tile_shape(tiled_mma)`: `(tile_size<0>, tile_size<1>, tile_size<2>)`.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_mma, mma_atoms::SM80_16x8x16_F16F16F16F16_TN, tile};
    /// let mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_,_,_)));
    /// assert_eq!(mma.tile_shape().to_string(), "(_32,_16,_16)");
    /// ```
    pub fn tile_shape(self) -> TupleOf<Computed<MmaTileShape<Self>>> {
        Static::VALUE
    }

    /// CuTe's `get_layoutA_TV()`: `(thr_idx, val) -> (m,k)` in the `(tile_size<0>,
    /// tile_size<2>)` tile of A (column-major index).
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_,_,_)));
    /// assert_eq!(mma.get_layoutA_TV().to_string(), "((_2,_2),(_1,(_1,_1))):((_1,_0),(_0,(_0,_0)))");
    /// ```
    pub fn get_layoutA_TV(self) -> LayoutOf<Computed<MmaLayout<Self, 0>>> {
        Static::VALUE
    }

    /// CuTe's `get_layoutB_TV()`: `(thr_idx, val) -> (n,k)` in the `(tile_size<1>,
    /// tile_size<2>)` tile of B.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_,_,_)));
    /// assert_eq!(mma.get_layoutB_TV().to_string(), "((_2,_2),(_1,(_1,_1))):((_0,_1),(_0,(_0,_0)))");
    /// ```
    pub fn get_layoutB_TV(self) -> LayoutOf<Computed<MmaLayout<Self, 1>>> {
        Static::VALUE
    }

    /// CuTe's `get_layoutC_TV()`: `(thr_idx, val) -> (m,n)` in the `(tile_size<0>,
    /// tile_size<1>)` tile of C.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_,_,_)));
    /// assert_eq!(mma.get_layoutC_TV().to_string(), "(_4,(_1,(_1,_1))):(_1,(_0,(_0,_0)))");
    /// ```
    pub fn get_layoutC_TV(self) -> LayoutOf<Computed<MmaLayout<Self, 2>>> {
        Static::VALUE
    }

    /// CuTe's `thrfrg_A(layout)`: an `(M,K,...)` layout as
    /// `((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK,...)))`.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_,_,_)));
    /// assert_eq!(mma.thrfrg_A(layout!((_4,_2):(_1,_4))).to_string(),
    ///            "((_1,(_2,_1)),(_1,(_2,_2))):((_0,(_1,_0)),(_0,(_2,_4)))");
    /// ```
    pub fn thrfrg_A<T: IsLayout>(self, layout: T) -> LayoutOf<ThrfrgAExpr::E<T, Self>> {
        let _ = <ThrfrgAExpr::E<T, Self> as Expr>::SYM;
        LayoutOf(ThrfrgAExpr::E((layout, self)))
    }

    /// CuTe's `thrfrg_B(layout)`: an `(N,K,...)` layout as
    /// `((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK,...)))`.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_,_,_)));
    /// assert_eq!(mma.thrfrg_B(layout!((_4,_2):(_1,_4))).to_string(),
    ///            "((_1,(_2,_1)),(_1,(_2,_2))):((_0,(_1,_0)),(_0,(_2,_4)))");
    /// ```
    pub fn thrfrg_B<T: IsLayout>(self, layout: T) -> LayoutOf<ThrfrgBExpr::E<T, Self>> {
        let _ = <ThrfrgBExpr::E<T, Self> as Expr>::SYM;
        LayoutOf(ThrfrgBExpr::E((layout, self)))
    }

    /// CuTe's `thrfrg_C(layout)`: an `(M,N,...)` layout as
    /// `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN,...)))`.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_,_,_)));
    /// assert_eq!(mma.thrfrg_C(layout!((_4,_4):(_1,_4))).to_string(),
    ///            "((_1,(_2,_2)),(_1,(_2,_2))):((_0,(_1,_4)),(_0,(_2,_8)))");
    /// ```
    pub fn thrfrg_C<T: IsLayout>(self, layout: T) -> LayoutOf<ThrfrgCExpr::E<T, Self>> {
        let _ = <ThrfrgCExpr::E<T, Self> as Expr>::SYM;
        LayoutOf(ThrfrgCExpr::E((layout, self)))
    }

    /// CuTe's `get_slice(thr_idx)`: thread `thr_idx`'s part of the MMA (a run-time `i32`, as
    /// `threadIdx.x` is, or a static `C<N>`), at its coordinate in `ThrLayoutVMNK`.
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, make_tiled_mma, mma_atoms::UniversalFMA, tile};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_,_,_)));
    /// let c = make_tensor(&[0.0f32; 16][..], layout!((_4,_4):(_1,_4))).unwrap();
    /// assert_eq!(mma.get_slice(3).partition_C(c).to_string(), "5|(_1,_2,_2):(_0,_2,_8)");
    /// ```
    pub fn get_slice<I: IntTuple>(self, thr_idx: I) -> ThrMMA<Self, I> {
        ThrMMA::new(self, thr_idx)
    }

    /// CuTe's `get_thread_slice(thr_idx)`: [`TiledMMA::get_slice`].
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile, C};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_,_,_)));
    /// assert_eq!(core::mem::size_of_val(&mma.get_thread_slice(C::<1>)), 0);
    /// ```
    pub fn get_thread_slice<I: IntTuple>(self, thr_idx: I) -> ThrMMA<Self, I> {
        self.get_slice(thr_idx)
    }

    /// CuTe's `make_fragment_A(tensor)`: registers for a thread's partition of A
    /// ([`ThrMMA::partition_A`]), `make_fragment_like` of its layout. `N` (the array's length)
    /// must be the fragment's cosize (a compile error names it otherwise).
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, make_tiled_mma, mma_atoms::UniversalFMA, tile, Tensor};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_,_,_)));
    /// let a = make_tensor(&[0.0f32; 32][..], layout!((_4,_8):(_8,_1))).unwrap();
    /// let part = mma.get_slice(1).partition_A(a);
    /// let frag: Tensor<[f32; 16], _> = mma.make_fragment_A(part);
    /// assert_eq!(frag.layout().to_string(), "(_1,_2,_8):(_0,_8,_1)");
    /// ```
    pub fn make_fragment_A<T: Copy + Default, const N: usize, E, X: TensorLayout, O>(
        self,
        tensor: Tensor<E, X, O>,
    ) -> Tensor<[T; N], FragmentLayout<MakeFragmentA<X, Self>>> {
        let _ = tensor;
        let () = Fragment::<N, FragmentLayout<MakeFragmentA<X, Self>>>::CHECKED;
        register_fragment()
    }

    /// CuTe's `make_fragment_B(tensor)`: registers for a thread's partition of B,
    /// `make_fragment_like` of its layout.
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, make_tiled_mma, mma_atoms::UniversalFMA, tile, Tensor};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_,_,_)));
    /// let b = make_tensor(&[0.0f32; 32][..], layout!((_4,_8):(_1,_4))).unwrap();
    /// let frag: Tensor<[f32; 16], _> = mma.make_fragment_B(mma.get_slice(2).partition_B(b));
    /// assert_eq!(frag.layout().to_string(), "(_1,_2,_8):(_0,_1,_2)");
    /// ```
    pub fn make_fragment_B<T: Copy + Default, const N: usize, E, X: TensorLayout, O>(
        self,
        tensor: Tensor<E, X, O>,
    ) -> Tensor<[T; N], FragmentLayout<MakeFragmentB<X, Self>>> {
        let _ = tensor;
        let () = Fragment::<N, FragmentLayout<MakeFragmentB<X, Self>>>::CHECKED;
        register_fragment()
    }

    /// CuTe's `make_fragment_C(tensor)`: accumulators for a thread's partition of C,
    /// `make_layout(shape(tensor))`.
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, make_tiled_mma, mma_atoms::UniversalFMA, tile, Tensor};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_,_,_)));
    /// let c = make_tensor(&[0.0f32; 16][..], layout!((_4,_4):(_4,_1))).unwrap();
    /// let acc: Tensor<[f32; 4], _> = mma.make_fragment_C(mma.get_slice(0).partition_C(c));
    /// assert_eq!(acc.layout().to_string(), "(_1,_2,_2):(_0,_1,_2)");
    /// ```
    pub fn make_fragment_C<T: Copy + Default, const N: usize, E, X: TensorLayout, O>(
        self,
        tensor: Tensor<E, X, O>,
    ) -> Tensor<[T; N], FragmentLayout<MakeFragmentC<X, Self>>> {
        let _ = tensor;
        let () = Fragment::<N, FragmentLayout<MakeFragmentC<X, Self>>>::CHECKED;
        register_fragment()
    }
}

/// CuTe's `print(tiled_mma)`.
///
/// ```
/// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile};
/// let mma = make_tiled_mma(UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_)));
/// assert!(mma.to_string().starts_with("TiledMMA\n  ThrLayoutVMNK:  (_1,_16,_16,_1):(_0,_1,_16,_0)\n"));
/// ```
impl<A, Ly, P> fmt::Display for TiledMMA<A, Ly, P>
where
    Self: IsTiledMma,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t: &MmaC = const { &<Self as IsTiledMma>::TILED };
        f.write_str("TiledMMA\n  ThrLayoutVMNK:  ")?;
        write_layout_value(f, &t.vmnk)?;
        write!(f, "\n  PermutationMNK: {}\n", permutation_text(t))?;
        f.write_str("MMA_Atom\n  ThrID:      ")?;
        write_layout_value(f, &t.atom.thr_id)?;
        f.write_str("\n  Shape_MNK:  ")?;
        write_tree(f, t.atom.shape_mnk.root(), &|_| 0)?;
        for (name, l) in ["A", "B", "C"].iter().zip(&t.atom.tv) {
            write!(f, "\n  Layout{name}_TV: ")?;
            write_layout_value(f, l)?;
        }
        f.write_str("\n")
    }
}

impl<A, Ly, P> fmt::Debug for TiledMMA<A, Ly, P>
where
    Self: IsTiledMma,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// CuTe's `ThrMMA<TiledMMA, ThrVMNK>`: thread `thr_idx`'s part of a tiled MMA
/// ([`TiledMMA::get_slice`]), at its coordinate in `ThrLayoutVMNK`. Zero-sized with a static
/// index, an `i32` with a run-time one.
///
/// ```
/// use cute_static::{layout, make_tensor, make_tiled_mma, mma_atoms::UniversalFMA, tile, C};
/// let mma = make_tiled_mma(UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_)));
/// let a = make_tensor(&[0.0f32; 1024][..], layout!((_128,_8):(_1,_128))).unwrap();
/// assert_eq!(mma.get_slice(C::<17>).partition_A(a).to_string(), "_1|(_1,_8,_8):(_0,_16,_128)");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ThrMMA<TM, I> {
    tiled_mma: TM,
    thr_idx: I,
}

#[allow(non_snake_case)]
impl<TM: IsTiledMma, I: IntTuple> ThrMMA<TM, I> {
    /// Thread `thr_idx` of `tiled_mma` (an integer).
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile, ThrMMA};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_,_,_)));
    /// let _thread = ThrMMA::new(mma, 3);
    /// ```
    pub fn new(tiled_mma: TM, thr_idx: I) -> Self {
        const { tl::thread_index(&I::TREE) };
        ThrMMA { tiled_mma, thr_idx }
    }

    /// The thread's index.
    ///
    /// ```
    /// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, tile};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_,_,_)));
    /// assert_eq!(mma.get_slice(3).thr_idx(), 3);
    /// ```
    pub fn thr_idx(&self) -> I {
        self.thr_idx
    }

    /// CuTe's `partition_A(tensor)`: the thread's values of an `(M,K,...)` tensor,
    /// `(MMA, MMA_M, MMA_K, ...)`.
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, make_tiled_mma, mma_atoms::UniversalFMA, tile};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_)));
    /// let a = make_tensor(&[0.0f32; 1024][..], layout!((_128,_8):(_1,_128))).unwrap();
    /// let tid = 33;
    /// assert_eq!(mma.get_slice(tid).partition_A(a).to_string(), "1|(_1,_8,_8):(_0,_16,_128)");
    /// ```
    pub fn partition_A<E, T: TensorLayout, O: IntTuple>(
        &self,
        tensor: Tensor<E, T, O>,
    ) -> Tensor<E, PartitionA<T, TM, I>, PartitionAOffset<O, T, TM, I>> {
        let _ = <SliceAOffsetExpr::E<ThrfrgA<T, TM>, TM, I, O> as Expr>::SYM;
        let staged: ThrfrgA<T, TM> = three_steps(tensor.layout, self.tiled_mma);
        partitioned::<_, ThrfrgA<T, TM>, _, _>(
            tensor.engine,
            SliceAExpr::E((staged, self.tiled_mma, self.thr_idx)),
            SliceAOffsetExpr::E((staged, self.tiled_mma, self.thr_idx, tensor.offset)),
        )
    }

    /// CuTe's `partition_B(tensor)`: the thread's values of an `(N,K,...)` tensor,
    /// `(MMA, MMA_N, MMA_K, ...)`.
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, make_tiled_mma, mma_atoms::UniversalFMA, tile};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_)));
    /// let b = make_tensor(&[0.0f32; 1024][..], layout!((_128,_8):(_1,_128))).unwrap();
    /// let tid = 33;
    /// assert_eq!(mma.get_slice(tid).partition_B(b).to_string(), "2|(_1,_8,_8):(_0,_16,_128)");
    /// ```
    pub fn partition_B<E, T: TensorLayout, O: IntTuple>(
        &self,
        tensor: Tensor<E, T, O>,
    ) -> Tensor<E, PartitionB<T, TM, I>, PartitionBOffset<O, T, TM, I>> {
        let _ = <SliceBOffsetExpr::E<ThrfrgB<T, TM>, TM, I, O> as Expr>::SYM;
        let staged: ThrfrgB<T, TM> = three_steps(tensor.layout, self.tiled_mma);
        partitioned::<_, ThrfrgB<T, TM>, _, _>(
            tensor.engine,
            SliceBExpr::E((staged, self.tiled_mma, self.thr_idx)),
            SliceBOffsetExpr::E((staged, self.tiled_mma, self.thr_idx, tensor.offset)),
        )
    }

    /// CuTe's `partition_C(tensor)`: the thread's values of an `(M,N,...)` tensor,
    /// `(MMA, MMA_M, MMA_N, ...)`.
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, make_tiled_mma, mma_atoms::UniversalFMA, tile};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_)));
    /// let c = make_tensor(&[0.0f32; 4096][..], layout!((_64,_64):(_1,_64))).unwrap();
    /// assert_eq!(mma.get_slice(18).partition_C(c).to_string(), "66|(_1,_4,_4):(_0,_16,_1024)");
    /// ```
    pub fn partition_C<E, T: TensorLayout, O: IntTuple>(
        &self,
        tensor: Tensor<E, T, O>,
    ) -> Tensor<E, PartitionC<T, TM, I>, PartitionCOffset<O, T, TM, I>> {
        let _ = <SliceCOffsetExpr::E<ThrfrgC<T, TM>, TM, I, O> as Expr>::SYM;
        let staged: ThrfrgC<T, TM> = three_steps(tensor.layout, self.tiled_mma);
        partitioned::<_, ThrfrgC<T, TM>, _, _>(
            tensor.engine,
            SliceCExpr::E((staged, self.tiled_mma, self.thr_idx)),
            SliceCOffsetExpr::E((staged, self.tiled_mma, self.thr_idx, tensor.offset)),
        )
    }

    /// CuTe's `partition_fragment_A(tensor)`: `make_fragment_A(partition_A(tensor))`, the
    /// thread's registers for A. `N` must be the fragment's cosize.
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, make_tiled_mma, mma_atoms::UniversalFMA, tile, Tensor};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_)));
    /// let a = make_tensor(&[0.0f32; 1024][..], layout!((_128,_8):(_1,_128))).unwrap();
    /// let frag: Tensor<[f32; 64], _> = mma.get_slice(5).partition_fragment_A(a);
    /// assert_eq!(frag.layout().to_string(), "(_1,_8,_8):(_0,_1,_8)");
    /// ```
    pub fn partition_fragment_A<
        T: Copy + Default,
        const N: usize,
        E,
        X: TensorLayout,
        O: IntTuple,
    >(
        &self,
        tensor: Tensor<E, X, O>,
    ) -> Tensor<[T; N], FragmentLayout<MakeFragmentA<PartitionA<X, TM, I>, TM>>> {
        let _ = tensor;
        let () = Fragment::<N, FragmentLayout<MakeFragmentA<PartitionA<X, TM, I>, TM>>>::CHECKED;
        register_fragment()
    }

    /// CuTe's `partition_fragment_B(tensor)`: `make_fragment_B(partition_B(tensor))`.
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, make_tiled_mma, mma_atoms::UniversalFMA, tile, Tensor};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_)));
    /// let b = make_tensor(&[0.0f32; 1024][..], layout!((_128,_8):(_1,_128))).unwrap();
    /// let frag: Tensor<[f32; 64], _> = mma.get_slice(5).partition_fragment_B(b);
    /// assert_eq!(frag.layout().to_string(), "(_1,_8,_8):(_0,_1,_8)");
    /// ```
    pub fn partition_fragment_B<
        T: Copy + Default,
        const N: usize,
        E,
        X: TensorLayout,
        O: IntTuple,
    >(
        &self,
        tensor: Tensor<E, X, O>,
    ) -> Tensor<[T; N], FragmentLayout<MakeFragmentB<PartitionB<X, TM, I>, TM>>> {
        let _ = tensor;
        let () = Fragment::<N, FragmentLayout<MakeFragmentB<PartitionB<X, TM, I>, TM>>>::CHECKED;
        register_fragment()
    }

    /// CuTe's `partition_fragment_C(tensor)`: `make_fragment_C(partition_C(tensor))`, the
    /// thread's accumulators.
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, make_tiled_mma, mma_atoms::UniversalFMA, tile, Tensor};
    /// let mma = make_tiled_mma(UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_)));
    /// let c = make_tensor(&[0.0f32; 4096][..], layout!((_64,_64):(_64,_1))).unwrap();
    /// let mut acc: Tensor<[f32; 16], _> = mma.get_slice(5).partition_fragment_C(c);
    /// acc[(0, 1, 2)] += 1.0;
    /// assert_eq!(acc.layout().to_string(), "(_1,_4,_4):(_0,_1,_4)");
    /// assert_eq!(acc.data()[9], 1.0);
    /// ```
    pub fn partition_fragment_C<
        T: Copy + Default,
        const N: usize,
        E,
        X: TensorLayout,
        O: IntTuple,
    >(
        &self,
        tensor: Tensor<E, X, O>,
    ) -> Tensor<[T; N], FragmentLayout<MakeFragmentC<PartitionC<X, TM, I>, TM>>> {
        let _ = tensor;
        let () = Fragment::<N, FragmentLayout<MakeFragmentC<PartitionC<X, TM, I>, TM>>>::CHECKED;
        register_fragment()
    }
}

/// The first three steps of `thrfrg_A/B/C(tensor)` ([`crate::algebra::tiled::step`] 0 to 2, 4
/// to 6, 8 to 10); the fourth is taken with the thread's slice.
type ThrfrgA<T, TM> = ThreeSteps<T, TM, 0, 1, 2>;
type ThrfrgB<T, TM> = ThreeSteps<T, TM, 4, 5, 6>;
type ThrfrgC<T, TM> = ThreeSteps<T, TM, 8, 9, 10>;
type ThreeSteps<T, TM, const K0: usize, const K1: usize, const K2: usize> =
    StepOf<StepOf<StepOf<T, TM, K0>, TM, K1>, TM, K2>;

/// Steps `K0` to `K2` of `layout`'s partition by `tiled`.
#[inline(always)]
fn three_steps<
    T: TensorLayout,
    TM: TiledAtom + Copy,
    const K0: usize,
    const K1: usize,
    const K2: usize,
>(
    layout: T,
    tiled: TM,
) -> ThreeSteps<T, TM, K0, K1, K2> {
    step::<_, _, K2>(
        step::<_, _, K1>(step::<_, _, K0>(layout, tiled), tiled),
        tiled,
    )
}

// The last step of `thrfrg_X` and the thread's slice of it:
// `((v,(i,j)),(_,repeat<rank<1,1>>(_)))`.
tensor_op!(@exprs SliceAExpr, SliceAOffsetExpr, [TM: IsTiledMma => tm, I: IntTuple => i] |p, a| = {
    let thr = tl::thrfrg_step(p, &a, &tm, tl::A, 3);
    tl::mma_slice(p, &thr, &tm, tl::A, tl::thread_index(&i))
}; verdict = slice_a_verdict);
tensor_op!(@exprs SliceBExpr, SliceBOffsetExpr, [TM: IsTiledMma => tm, I: IntTuple => i] |p, a| = {
    let thr = tl::thrfrg_step(p, &a, &tm, tl::B, 3);
    tl::mma_slice(p, &thr, &tm, tl::B, tl::thread_index(&i))
}; verdict = slice_b_verdict);
tensor_op!(@exprs SliceCExpr, SliceCOffsetExpr, [TM: IsTiledMma => tm, I: IntTuple => i] |p, a| = {
    let thr = tl::thrfrg_step(p, &a, &tm, tl::C, 3);
    tl::mma_slice(p, &thr, &tm, tl::C, tl::thread_index(&i))
}; verdict = slice_c_verdict);

/// The checked form of a thread's `partition_A/B/C` of a swizzled tensor with run-time values:
/// the slice of its `thrfrg` compared with its definition as a partition's is
/// (`crate::tensor::partition_verdict`).
fn mma_partition_verdict<E: CExpr, A: TensorLayout, TM: IsTiledMma, I: IntTuple>(
    e: &E,
    (a, i): (&A, &I),
    x: usize,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    crate::tensor::partition_verdict(e, a, A::NDYN + I::NDYN, outcome, |p, cl| {
        let tm = TM::TILED;
        let thr = tl::thrfrg_step(p, cl, &tm, x, 3);
        let idx = tl::thread_index(&crate::expr::valued(I::TREE, i));
        let crd = tl::mma_slice_crd(p, &thr, &tm, x, idx);
        (thr, crd)
    })
}

macro_rules! mma_verdicts {
    ($($f:ident, $E:ident, $x:expr;)*) => {$(
        fn $f<A: TensorLayout, TM: IsTiledMma, I: IntTuple>(
            e: &$E::E<A, TM, I>,
            outcome: Result<(), LayoutError>,
        ) -> Result<(), LayoutError> {
            mma_partition_verdict::<_, A, TM, I>(e, (&e.0.0, &e.0.2), $x, outcome)
        }
    )*};
}

mma_verdicts! {
    slice_a_verdict, SliceAExpr, tl::A;
    slice_b_verdict, SliceBExpr, tl::B;
    slice_c_verdict, SliceCExpr, tl::C;
}

/// The layout of [`ThrMMA::partition_A`]: the thread's `(MMA, MMA_M, MMA_K, ...)` of a tensor
/// with layout `T` (a layout, or a composed layout as `T` is).
///
/// Naming the result in a signature:
///
/// ```
/// use cute_static::{IntTuple, IsTiledMma, PartitionA, PartitionAOffset, Tensor, TensorLayout, ThrMMA};
/// fn part<'a, T: TensorLayout, O: IntTuple, TM: IsTiledMma, I: IntTuple>(
///     tensor: Tensor<&'a [f32], T, O>, tm: TM, i: I,
/// ) -> Tensor<&'a [f32], PartitionA<T, TM, I>, PartitionAOffset<O, T, TM, I>> {
///     ThrMMA::new(tm, i).partition_A(tensor)
/// }
/// ```
pub type PartitionA<T, TM, I> =
    <ThrfrgA<T, TM> as TensorLayout>::Of<SliceAExpr::E<ThrfrgA<T, TM>, TM, I>>;

/// The offset of [`ThrMMA::partition_A`], from the tensor's offset `O` (see [`PartitionA`]).
///
/// ```
/// use cute_static::{IntTuple, IsTiledMma, PartitionA, PartitionAOffset, Tensor, TensorLayout, ThrMMA};
/// fn offset_of<T: TensorLayout, O: IntTuple, TM: IsTiledMma, I: IntTuple>(
///     tensor: Tensor<&[f32], T, O>, tm: TM, i: I,
/// ) -> i32 {
///     let part: Tensor<&[f32], PartitionA<T, TM, I>, PartitionAOffset<O, T, TM, I>> =
///         ThrMMA::new(tm, i).partition_A(tensor);
///     part.offset()
/// }
/// ```
pub type PartitionAOffset<O, T, TM, I> = TupleOf<SliceAOffsetExpr::E<ThrfrgA<T, TM>, TM, I, O>>;

/// The layout of [`ThrMMA::partition_B`]: the thread's `(MMA, MMA_N, MMA_K, ...)`.
///
/// Naming the result in a signature:
///
/// ```
/// use cute_static::{IntTuple, IsTiledMma, PartitionB, PartitionBOffset, Tensor, TensorLayout, ThrMMA};
/// fn part<'a, T: TensorLayout, O: IntTuple, TM: IsTiledMma, I: IntTuple>(
///     tensor: Tensor<&'a [f32], T, O>, tm: TM, i: I,
/// ) -> Tensor<&'a [f32], PartitionB<T, TM, I>, PartitionBOffset<O, T, TM, I>> {
///     ThrMMA::new(tm, i).partition_B(tensor)
/// }
/// ```
pub type PartitionB<T, TM, I> =
    <ThrfrgB<T, TM> as TensorLayout>::Of<SliceBExpr::E<ThrfrgB<T, TM>, TM, I>>;

/// The offset of [`ThrMMA::partition_B`], from the tensor's offset `O` (see [`PartitionB`]).
///
/// ```
/// use cute_static::{IntTuple, IsTiledMma, PartitionB, PartitionBOffset, Tensor, TensorLayout, ThrMMA};
/// fn offset_of<T: TensorLayout, O: IntTuple, TM: IsTiledMma, I: IntTuple>(
///     tensor: Tensor<&[f32], T, O>, tm: TM, i: I,
/// ) -> i32 {
///     let part: Tensor<&[f32], PartitionB<T, TM, I>, PartitionBOffset<O, T, TM, I>> =
///         ThrMMA::new(tm, i).partition_B(tensor);
///     part.offset()
/// }
/// ```
pub type PartitionBOffset<O, T, TM, I> = TupleOf<SliceBOffsetExpr::E<ThrfrgB<T, TM>, TM, I, O>>;

/// The layout of [`ThrMMA::partition_C`]: the thread's `(MMA, MMA_M, MMA_N, ...)`.
///
/// Naming the result in a signature:
///
/// ```
/// use cute_static::{IntTuple, IsTiledMma, PartitionC, PartitionCOffset, Tensor, TensorLayout, ThrMMA};
/// fn part<'a, T: TensorLayout, O: IntTuple, TM: IsTiledMma, I: IntTuple>(
///     tensor: Tensor<&'a [f32], T, O>, tm: TM, i: I,
/// ) -> Tensor<&'a [f32], PartitionC<T, TM, I>, PartitionCOffset<O, T, TM, I>> {
///     ThrMMA::new(tm, i).partition_C(tensor)
/// }
/// ```
pub type PartitionC<T, TM, I> =
    <ThrfrgC<T, TM> as TensorLayout>::Of<SliceCExpr::E<ThrfrgC<T, TM>, TM, I>>;

/// The offset of [`ThrMMA::partition_C`], from the tensor's offset `O` (see [`PartitionC`]).
///
/// ```
/// use cute_static::{IntTuple, IsTiledMma, PartitionC, PartitionCOffset, Tensor, TensorLayout, ThrMMA};
/// fn offset_of<T: TensorLayout, O: IntTuple, TM: IsTiledMma, I: IntTuple>(
///     tensor: Tensor<&[f32], T, O>, tm: TM, i: I,
/// ) -> i32 {
///     let part: Tensor<&[f32], PartitionC<T, TM, I>, PartitionCOffset<O, T, TM, I>> =
///         ThrMMA::new(tm, i).partition_C(tensor);
///     part.offset()
/// }
/// ```
pub type PartitionCOffset<O, T, TM, I> = TupleOf<SliceCOffsetExpr::E<ThrfrgC<T, TM>, TM, I, O>>;

/// Whether a tiled MMA's tiles fit [`crate::picture::tv_nodes`] (at most 2^16 cells each).
const fn pictured_tiles(m: i32, n: i32, k: i32) {
    let most = 1 << 16;
    if m as i64 * n as i64 > most || m as i64 * k as i64 > most || n as i64 * k as i64 > most {
        crate::error::Msg::new("print_latex: a tiled MMA's tiles of more than 65536 elements")
            .fail()
    }
}

/// CuTe's `print_latex(tiled_mma)`: C at `(0,0)`, A to its left at `(0,-K-1)`, B above it at
/// `(-K-1,0)`, each element with the thread and value that hold it.
///
/// ```
/// use cute_static::{layout, make_tiled_mma, mma_atoms::UniversalFMA, print_latex, tile};
/// let mma = make_tiled_mma(UniversalFMA, layout!((_2,_2,_1):(_1,_2,_0)), tile!((_,_,_)));
/// let doc = print_latex(&mma).to_string();
/// assert!(doc.starts_with("% LayoutC: ArithTuple(_0,_0) o ((_2,_2),(_1,(_1,_1))):((_1@0,_1@1),(_0,(_0,_0)))\n"));
/// assert!(doc.contains("\\node[fill={rgb,255:red,255;green,255;blue,175}] at (0,1) {\\shortstack{T2 \\\\ V0}};\n"));
/// ```
impl<A: MmaTraits, Ly: IsLayout, P: Tiler> crate::picture::PrintLatex for TiledMMA<A, Ly, P> {
    fn write_latex(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::picture::{TvPicture, tiled_mma_latex};
        let mma = *self;
        let (mm, nn, kk) = (
            mma.tile_size::<0>(),
            mma.tile_size::<1>(),
            mma.tile_size::<2>(),
        );
        const {
            let t = <Self as Static>::VALUE;
            pictured_tiles(t.tile_size::<0>(), t.tile_size::<1>(), t.tile_size::<2>())
        };
        let (m, n, k) = (i64::from(mm), i64::from(nn), i64::from(kk));
        let c_ids = LayoutOf::<Computed<MmaTvCoords<Self, 2>>>(Computed(PhantomData));
        let a_ids = LayoutOf::<Computed<MmaTvCoords<Self, 0>>>(Computed(PhantomData));
        let b_ids = LayoutOf::<Computed<MmaTvCoords<Self, 1>>>(Computed(PhantomData));
        // Each TV layout maps (thread, value) to the column-major index of its tile.
        let (c, a, b) = (
            mma.get_layoutC_TV(),
            mma.get_layoutA_TV(),
            mma.get_layoutB_TV(),
        );
        let c_index = |t: i64, v: i64| i64::from(c.call((t as i32, v as i32)));
        let a_index = |t: i64, v: i64| i64::from(a.call((t as i32, v as i32)));
        let b_index = |t: i64, v: i64| i64::from(b.call((t as i32, v as i32)));
        let operand = |coords, tv: (i32, i32), index| TvPicture {
            coords,
            threads_values: (i64::from(tv.0), i64::from(tv.1)),
            index,
        };
        tiled_mma_latex(
            f,
            (m, n, k),
            &operand(&c_ids, (c.size_mode::<0>(), c.size_mode::<1>()), &c_index),
            &operand(&a_ids, (a.size_mode::<0>(), a.size_mode::<1>()), &a_index),
            &operand(&b_ids, (b.size_mode::<0>(), b.size_mode::<1>()), &b_index),
        )
    }
}
