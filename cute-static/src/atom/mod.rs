//! CuTe's atoms and their tilings (`cute/atom/`): the layout side of copy and MMA
//! instructions.
//!
//! * [`copy_traits`](CopyTraits): what one copy instruction moves, `(thread, value) -> bit`
//!   (CuTe's `Copy_Traits<Op>`), for the copy operations CuTe names ([`UniversalCopy`],
//!   [`SM75_U32x4_LDSM_N`], [`SM80_CP_ASYNC_CACHEALWAYS`], ...);
//! * [`CopyAtom`]: an operation for a value type (CuTe's `Copy_Atom<Op, T>`), and its tiling
//!   over threads and values, [`TiledCopy`] ([`make_tiled_copy`]), which gives each thread its
//!   part of a tensor ([`ThrCopy`]);
//! * [`MmaTraits`]: the layouts of an MMA instruction (the atoms are in
//!   [`mma_atoms`](crate::mma_atoms)), and its tiling, [`TiledMMA`] ([`make_tiled_mma`]), with
//!   each thread's part of A, B and C ([`ThrMMA`]) and its register fragments.
//!
//! Everything here is static: a tiled atom is a zero-sized type whose layouts are computed
//! while compiling, and partitioning a tensor computes the thread's layout while compiling
//! too, leaving the thread index (a run-time `i32`, as `threadIdx.x` is, or a static `C<N>`)
//! to the offset.

mod copy_atom;
mod copy_traits;
mod mma_atom;
mod mma_traits;

pub use copy_atom::{
    CopyAtom, IsCopyAtom, IsTiledCopy, LayoutTv, PartitionD, PartitionDOffset, PartitionS,
    PartitionSOffset, Retile, RetileOffset, ThrCopy, TiledCopy, TilerMn, make_layout_tv,
    make_tiled_copy,
};
pub use copy_traits::{
    AutoVectorizingCopy, AutoVectorizingCopyWithAssumedAlignment, CopyTraits, DefaultCopy,
    SM75_U16x2_LDSM_T, SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T, SM75_U32x1_LDSM_N, SM75_U32x2_LDSM_N,
    SM75_U32x4_LDSM_N, SM80_CP_ASYNC_CACHEALWAYS, SM80_CP_ASYNC_CACHEGLOBAL, SM90_U16x2_STSM_T,
    SM90_U16x4_STSM_T, SM90_U16x8_STSM_T, SM90_U32x1_STSM_N, SM90_U32x2_STSM_N, SM90_U32x4_STSM_N,
    UniversalCopy,
};
#[cfg(test)]
pub(crate) use mma_atom::mma_atom;
pub use mma_atom::{
    IsTiledMma, MakeFragmentA, MakeFragmentB, MakeFragmentC, PartitionA, PartitionAOffset,
    PartitionB, PartitionBOffset, PartitionC, PartitionCOffset, ThrMMA, TiledMMA,
    make_tiled_copy_A, make_tiled_copy_B, make_tiled_copy_C, make_tiled_mma,
};
pub use mma_traits::MmaTraits;

use crate::algebra::composed::Form;
use crate::algebra::layout::L;
use crate::algebra::tiled::{self as tl, Tiled};
use crate::error::Msg;
use crate::expr::{CExpr, CSym};
use crate::expr::{Expr, Sym};
use crate::layout::TensorLayout;
use crate::prog::Prog;
use crate::tree::Tree;
use crate::tuple::{Leaves, Static};
use core::marker::PhantomData;

/// A layout or an IntTuple that a type's constants determine (an atom's layouts, a tiled
/// atom's TV layouts, a fragment's layout), computed while compiling.
#[doc(hidden)]
pub trait Computes {
    /// The value: a layout, or an IntTuple as the shape with an empty stride.
    const VALUE: L;
}

/// The value of `K` as an expression without operands: a static result type
/// (`LayoutOf<Computed<K>>`, `TupleOf<Computed<K>>`), zero-sized.
#[doc(hidden)]
pub struct Computed<K>(PhantomData<fn() -> K>);

impl<K> Clone for Computed<K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K> Copy for Computed<K> {}

impl<K> Default for Computed<K> {
    fn default() -> Self {
        Computed(PhantomData)
    }
}

impl<K: Computes> Expr for Computed<K> {
    const SYM: Sym = Sym {
        layout: K::VALUE,
        prog: Prog::new(0),
    };
    type Args = ();
    fn args(&self) -> &() {
        &()
    }
}

impl<K> Static for Computed<K> {
    const VALUE: Self = Computed(PhantomData);
}

/// Print an all-static const layout as CuTe does.
pub(crate) fn write_layout_value(f: &mut core::fmt::Formatter<'_>, l: &L) -> core::fmt::Result {
    crate::print::write_tree(f, l.shape.root(), &|_| 0)?;
    f.write_str(":")?;
    crate::print::write_tree(f, l.stride.root(), &|_| 0)
}

/// An IntTuple as a [`Computes`] value.
pub(crate) const fn tuple_value(t: Tree) -> L {
    L {
        shape: t,
        stride: Tree::new(),
    }
}

/// A tiled atom ([`TiledCopy`], [`TiledMMA`]) as the steps of its partitions see it.
#[doc(hidden)]
pub trait TiledAtom: Leaves + Static {
    /// The tiled atom.
    const TILED_ATOM: Tiled;
}

/// Step `K` of partitioning a tensor with layout `A` by the tiled atom `T`
/// ([`tl::step`]: a divide or a composition of the layout, plain or swizzled), computed with
/// a program of its own, so that the long chains a partition of a run-time tensor makes stay
/// within a program's capacity.
#[doc(hidden)]
#[derive(Clone, Copy, Default)]
pub struct Step<A, T, const K: usize>(pub(crate) (A, T));

impl<A: TensorLayout, T: TiledAtom, const K: usize> Step<A, T, K> {
    const OUT: CSym = {
        let a = A::CL;
        let mut prog = Prog::new(A::NDYN);
        let cl = tl::step(&mut prog, &a, &T::TILED_ATOM, K);
        CSym { cl, prog }
    };
}

impl<A: TensorLayout, T: TiledAtom, const K: usize> CExpr for Step<A, T, K> {
    const CSYM: CSym = Self::OUT;
    type Args = (A, T);
    fn args(&self) -> &(A, T) {
        &self.0
    }
}

impl<A: TensorLayout, T: TiledAtom, const K: usize> Expr for Step<A, T, K> {
    const SYM: Sym = {
        let out = Self::OUT;
        match out.cl.form {
            Form::Plain => Sym {
                layout: out.cl.l,
                prog: out.prog,
            },
            _ => Msg::new(
                "cute-static internal error: a partition step of a plain layout gave a composed one",
            )
            .fail(),
        }
    };
    type Args = (A, T);
    fn args(&self) -> &(A, T) {
        &self.0
    }
}

impl<A: Static, T: Static, const K: usize> Static for Step<A, T, K> {
    const VALUE: Self = Step((A::VALUE, T::VALUE));
}

/// The layout step `K` gives: a layout, or a composed layout as `A` is.
pub(crate) type StepOf<A, T, const K: usize> = <A as TensorLayout>::Of<Step<A, T, K>>;

/// Step `K` of `layout`'s partition by `tiled`.
#[inline(always)]
pub(crate) fn step<A: TensorLayout, T: TiledAtom, const K: usize>(
    layout: A,
    tiled: T,
) -> StepOf<A, T, K> {
    A::of(Step((layout, tiled)))
}
