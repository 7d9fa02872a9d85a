//! Thread-value layouts: `make_layout_tv`, and the layouts of CuTe's MMA atoms.
//!
//! A thread-value (TV) layout maps `(thread, value)` to the column-major index of an element
//! in an `M x N` tile; partitioning a tile by it (composing the tile's layout with it and
//! slicing a thread) gives each thread its values, as CuTe's `TiledCopy` and `TiledMMA` do.

use crate::algebra::tensor as ts;
use crate::layout::StaticLayout;
use crate::layout::{Expr, IsLayout, LayoutOf, Sym};
use crate::ops::{arg, expr_methods, expr_type, sym, twin_check};
use crate::prog::Prog;
use crate::tuple::{IntTuple, Static};
use crate::values::TupleOf;

expr_type!(LayoutTvExpr, [Th: IsLayout => thr, Va: IsLayout => val] |p| ts::make_layout_tv(p, &thr, &val).1, layout);
expr_type!(TilerMnExpr, [Th: IsLayout => thr, Va: IsLayout => val] |p| ts::make_layout_tv(p, &thr, &val).0, tuple);

/// The `layout_tv` of [`make_layout_tv`]: `(thread, value) -> index` in the tile.
pub type LayoutTv<Th, Va> = LayoutOf<LayoutTvExpr::E<Th, Va>>;

/// The `tiler_mn` of [`make_layout_tv`]: the tile the TV layout covers.
pub type TilerMn<Th, Va> = TupleOf<TilerMnExpr::E<Th, Va>>;

/// CuTe's `make_layout_tv(thr_layout, val_layout)` (what `make_tiled_copy` builds): the tile
/// `tiler_mn` that `thr_layout` threads, each with the values of `val_layout`, cover (raked:
/// the threads are the fast index), and `layout_tv`, which maps `(thread, value)` to the
/// column-major index in that tile.
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

/// CuTe's `MMA_Traits<Atom>`: what an MMA instruction computes and which thread holds which
/// value. `ALayout`, `BLayout` and `CLayout` map `(thread, value)` to the column-major index in
/// the `MxK` tile of A, the `NxK` tile of B and the `MxN` tile of C; `ThrID` maps the atom's
/// thread number to the thread index. The atoms are in [`crate::mma_atoms`].
///
/// ```
/// use cute_static::{mma_atoms::SM80_16x8x8_F16F16F16F16_TN, MmaTraits, StaticLayout};
/// type Atom = SM80_16x8x8_F16F16F16F16_TN;
/// assert_eq!(<Atom as MmaTraits>::ALayout::new().to_string(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
/// assert_eq!(<Atom as MmaTraits>::ThrID::new().to_string(), "_32:_1");
/// ```
pub trait MmaTraits {
    /// `Shape_MNK`: the `(M,N,K)` of the instruction.
    type ShapeMNK: IntTuple + Static;
    /// `ThrID`: the atom's thread number to the thread index.
    type ThrID: StaticLayout;
    /// `ALayout`: `(thread, value)` to the index in the `MxK` tile of A.
    type ALayout: StaticLayout;
    /// `BLayout`: `(thread, value)` to the index in the `NxK` tile of B.
    type BLayout: StaticLayout;
    /// `CLayout`: `(thread, value)` to the index in the `MxN` tile of C.
    type CLayout: StaticLayout;
}
