//! CuTe's tiled MMA at run time (`atom/mma_atom.hpp`): `make_tiled_mma`, `TiledMMA` with its TV
//! layouts, the thread slice `ThrMMA` with `partition_A/B/C` and `partition_fragment_A/B/C`, and
//! `make_tiled_copy_A/B/C`. The atoms' layouts are [`MmaAtom`]'s; the tiling is CuTe's rule on
//! this crate's layout algebra.
//!
//! ```
//! use cute_dynamic::{make_tiled_mma, mma_atom, Int, Tensor};
//! // The GEMM tutorial's mmaC: 16x16 threads, one FMA each.
//! let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
//! let s_a: Tensor = "_0|(_128,_8):(_1,_128)".parse()?;
//! let t_cs_a = mma.get_slice(Int::new_dynamic(37)).partition_A(s_a)?;
//! assert_eq!(t_cs_a.to_string(), "5|(_1,_8,_8):(_0,_16,_128)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::atom::MmaAtom;
use crate::complement::complement1;
use crate::composition::{composition, composition_tiler};
use crate::coord::Coord;
use crate::copy_atom::{
    CopyAtom, TiledCopy, compose_first, compose_first_tensor, make_tiled_copy_impl, tv_index,
    tv_size,
};
use crate::error::{Condition, LayoutError, Result};
use crate::fragment::make_fragment_like_layout;
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::inverse::right_inverse;
use crate::layout::Layout;
use crate::mode_ops::append_to_rank;
use crate::prelude::*;
use crate::product::tiled_product;
use crate::stride::make_layout;
use crate::tensor::{Tensor, flat_coord};
use crate::tensor_data::IsTensor;
use crate::tiler::Tiler;
use core::fmt;

/// The operands of an MMA: A is `M x K`, B is `N x K`, C is `M x N`.
const A: usize = 0;
const B: usize = 1;
const C: usize = 2;
/// Each operand's modes of `MNK`.
const MODES: [(usize, usize); 3] = [(0, 2), (1, 2), (0, 1)];
const NAMES: [&str; 3] = ["A", "B", "C"];
const MNK: [&str; 3] = ["M", "N", "K"];

/// CuTe's `TiledMMA<MMA_Atom, AtomLayoutMNK, PermutationMNK>`: an MMA atom repeated over a
/// layout of atoms (`ThrLayoutVMNK`) and a permutation of each of M, N and K. Made by
/// [`make_tiled_mma`].
///
/// ```
/// use cute_dynamic::{make_tiled_mma, mma_atom};
/// let mma = make_tiled_mma(&mma_atom("SM80_16x8x8_F16F16F16F16_TN")?, &"(_2,_2):(_1,_2)".parse()?, &"(_32,_32)".parse()?)?;
/// assert_eq!(mma.get_thr_layout_vmnk().to_string(), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
/// assert_eq!(mma.permutations().to_string(), "(_32,_32,_)");
/// assert_eq!(mma.tile_shape()?.to_string(), "(_32,_32,_8)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TiledMMA {
    atom: MmaAtom,
    vmnk: Layout,
    /// `PermutationMNK`, rank 3, `_` where a mode is not permuted.
    perm: Vec<Tiler>,
}

/// The size of a tiler mode: `n` for an integer, the size of a layout, the product of a tuple's.
fn tiler_size(t: &Tiler) -> Result<Int> {
    match t {
        Tiler::Int(n) => Ok(*n),
        Tiler::Layout(l) => l.size(),
        Tiler::Tuple(items) => items.iter().try_fold(Int::new_static(1), |acc, x| {
            Ok(acc.checked_mul(tiler_size(x)?)?)
        }),
        Tiler::Underscore => Err(LayoutError::invalid("TiledMMA", "the size of `_`")),
    }
}

/// Whether a tiler has run-time values.
fn tiler_is_static(t: &Tiler) -> bool {
    match t {
        Tiler::Int(n) => n.is_static(),
        Tiler::Layout(l) => l.shape().is_static() && l.stride().is_static(),
        Tiler::Tuple(items) => items.iter().all(tiler_is_static),
        Tiler::Underscore => true,
    }
}

/// The layout `n:_1` of CuTe's `make_layout(n)` (`_1:_0` for a static `_1`), as a tiler.
fn int_layout(n: Int) -> Result<Tiler> {
    Ok(Tiler::Layout(make_layout(&IntTuple::Int(n))?))
}

/// CuTe's `make_tiled_mma(mma_atom, atom_layout, permutations)`: the atom repeated over
/// `atom_layout` (rank <= 3, padded with `_1:_0`), each mode of MNK permuted by `permutations`
/// (rank <= 3, padded with `_`; `_` leaves a mode as the atoms tile it). Rule:
/// `ThrLayoutVMNK = tiled_product(AtomThrID, append<3>(atom_layout, _1:_0))`. CuTe's checks
/// ("TiledMMA requires rank-3 AtomLayoutMNK", "... rank-3 PermutationMNK", "... static
/// permutations of MNK.") and one CuTe does not make: a permutation mode at least as large as
/// the atoms' tiling of that mode, `size<I>(AtomShape_MNK) * size<I+1>(ThrLayoutVMNK)` (smaller,
/// CuTe accepts it and its TV layouts contradict its partitions).
///
/// ```
/// use cute_dynamic::{make_tiled_mma, mma_atom, Condition};
/// let atom = mma_atom("SM80_16x8x16_F16F16F16F16_TN")?;
/// let err = make_tiled_mma(&atom, &"(_2,_2,_1):(_1,_2,_0)".parse()?, &"(_16,_8,_16)".parse()?).unwrap_err();
/// assert_eq!(err.condition(), Some(Condition::TiledMmaPermutationSize));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_tiled_mma(
    atom: &MmaAtom,
    atom_layout: &Layout,
    permutations: &Tiler,
) -> Result<TiledMMA> {
    if atom_layout.rank() > 3 {
        return Err(LayoutError::precondition(
            Condition::TiledMmaLayoutRank,
            format!("got {atom_layout}"),
        ));
    }
    let mut perm = match permutations {
        Tiler::Tuple(items) => items.clone(),
        other => vec![other.clone()],
    };
    if perm.len() > 3 {
        return Err(LayoutError::precondition(
            Condition::TiledMmaPermutationRank,
            format!("got {permutations}"),
        ));
    }
    perm.resize(3, Tiler::Underscore);
    if !perm.iter().all(tiler_is_static) {
        return Err(LayoutError::precondition(
            Condition::TiledMmaStaticPermutation,
            format!("PermutationMNK = {}", Tiler::Tuple(perm)),
        ));
    }
    let thr_mnk = append_to_rank(atom_layout, 3)?;
    let vmnk = tiled_product(&atom.thr_id, &Tiler::Layout(thr_mnk))?;
    let mma = TiledMMA {
        atom: atom.clone(),
        vmnk,
        perm,
    };
    for (i, (mode, m)) in mma.perm.iter().zip(MNK).enumerate() {
        if matches!(mode, Tiler::Underscore) {
            continue;
        }
        let (size, atoms) = (tiler_size(mode)?, mma.atoms_extent(i)?);
        if size.value() < atoms.value() {
            return Err(LayoutError::precondition(
                Condition::TiledMmaPermutationSize,
                format!(
                    "mode {m} ({mode}) has size {size}, but size<{i}>(AtomShape_MNK) * \
                     size<{}>(ThrLayoutVMNK) = {atoms} (CuTe accepts it and its TV layouts \
                     contradict its partitions)",
                    i + 1
                ),
            ));
        }
    }
    Ok(mma)
}

impl TiledMMA {
    /// `size<I>(AtomShape_MNK) * size<I+1>(ThrLayoutVMNK)`: the extent of mode `I` of the atoms'
    /// tiling.
    fn atoms_extent(&self, i: usize) -> Result<Int> {
        let atom = self.atom.shape_mnk.get(i)?.size()?;
        Ok(atom.checked_mul(self.vmnk.get(i + 1)?.size()?)?)
    }

    /// CuTe's `permutation_mnk<I>()`: the permutation of mode `I`, or the atoms' extent where
    /// it is `_`.
    fn permutation_mnk(&self, i: usize) -> Result<Tiler> {
        match &self.perm[i] {
            Tiler::Underscore => Ok(Tiler::Int(self.atoms_extent(i)?)),
            mode => Ok(mode.clone()),
        }
    }

    /// CuTe's `get_thr_layout_vmnk()`: `(thr_v, thr_m, thr_n, thr_k) -> thread index`.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// assert_eq!(mma.get_thr_layout_vmnk().to_string(), "(_1,_16,_16,_1):(_0,_1,_16,_0)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn get_thr_layout_vmnk(&self) -> &Layout {
        &self.vmnk
    }

    /// `PermutationMNK`: the permutations, padded to rank 3 with `_`.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16):(_1,_16)".parse()?, &"_16".parse()?)?;
    /// assert_eq!(mma.permutations().to_string(), "(_16,_,_)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn permutations(&self) -> Tiler {
        Tiler::Tuple(self.perm.clone())
    }

    /// The atom.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom};
    /// let mma = make_tiled_mma(&mma_atom("SM61_DP4A")?, &"_4:_1".parse()?, &"(_,_,_)".parse()?)?;
    /// assert_eq!(mma.atom().name, "SM61_DP4A");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn atom(&self) -> &MmaAtom {
        &self.atom
    }

    /// CuTe's `size(tiled_mma)`: the number of threads, `size(ThrLayoutVMNK)`.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom};
    /// let mma = make_tiled_mma(&mma_atom("SM80_16x8x8_F16F16F16F16_TN")?, &"(_2,_2):(_1,_2)".parse()?, &"(_,_,_)".parse()?)?;
    /// assert_eq!(mma.size()?.value(), 128);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn size(&self) -> Result<Int> {
        self.vmnk.size()
    }

    /// CuTe's `tile_size_mnk<I>()`: `size(permutation_mnk<I>())`, the extent of mode `I`
    /// (0, 1, 2 for M, N, K) of the tile the MMA covers.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom};
    /// let mma = make_tiled_mma(&mma_atom("SM80_16x8x8_F16F16F16F16_TN")?, &"(_2,_2):(_1,_2)".parse()?, &"(_32,_32)".parse()?)?;
    /// assert_eq!(mma.tile_size(2)?.value(), 8);
    /// assert!(mma.tile_size(3).is_err());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn tile_size(&self, i: usize) -> Result<Int> {
        if i >= 3 {
            return Err(LayoutError::out_of_range(
                "tile_size",
                format!("mode {i} of (M,N,K)"),
            ));
        }
        tiler_size(&self.permutation_mnk(i)?)
    }

    /// CuTe's `tile_shape(tiled_mma)`: `(tile_size<0>, tile_size<1>, tile_size<2>)`.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// assert_eq!(mma.tile_shape()?.to_string(), "(_16,_16,_1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn tile_shape(&self) -> Result<IntTuple> {
        (0..3)
            .map(|i| Ok(IntTuple::Int(self.tile_size(i)?)))
            .collect::<Result<Vec<_>>>()
            .map(IntTuple::tuple)
    }

    /// CuTe's `thrfrg_A/B/C(tensor)` for operand `x`, with modes `(I,J)` of MNK:
    /// 1. `logical_divide(tensor, (permutation_mnk<I>, permutation_mnk<J>))`: `(PermI,PermJ)`;
    /// 2. `zipped_divide` by `(make_layout(size<I>(AtomShape_MNK)), make_layout(size<J>(AtomShape_MNK)))`:
    ///    `((AtomI,AtomJ),(RestI,RestJ))`;
    /// 3. `.compose(AtomLayoutX_TV, _)`: `((ThrV,FrgV),(RestI,RestJ))`;
    /// 4. `zipped_divide` by `(_, (make_layout(size<I+1>(ThrLayoutVMNK)), make_layout(size<J+1>(ThrLayoutVMNK))))`:
    ///    `((ThrV,(ThrI,ThrJ)),(FrgV,(RestI,RestJ)))`.
    fn thrfrg(&self, tensor: &Tensor, x: usize) -> Result<Tensor> {
        let (i, j) = MODES[x];
        if tensor.shape()?.rank() < 2 {
            return Err(LayoutError::invalid(
                "TiledMMA",
                format!("thrfrg_{}: rank(tensor) >= _2, got {tensor}", NAMES[x]),
            ));
        }
        let perm = Tiler::Tuple(vec![self.permutation_mnk(i)?, self.permutation_mnk(j)?]);
        let permuted = tensor.logical_divide(&perm)?;
        let shape = &self.atom.shape_mnk;
        let atom_tile = Tiler::Tuple(vec![
            int_layout(shape.get(i)?.size()?)?,
            int_layout(shape.get(j)?.size()?)?,
        ]);
        let tiles = permuted.zipped_divide(&atom_tile)?;
        let tv = compose_first_tensor(&tiles, self.atom_layout_tv(x))?;
        let threads = Tiler::Tuple(vec![
            int_layout(self.vmnk.get(i + 1)?.size()?)?,
            int_layout(self.vmnk.get(j + 1)?.size()?)?,
        ]);
        tv.zipped_divide(&Tiler::Tuple(vec![Tiler::Underscore, threads]))
    }

    /// The atom's `(thread, value)` layout of operand `x`.
    fn atom_layout_tv(&self, x: usize) -> &Layout {
        match x {
            A => &self.atom.a_layout,
            B => &self.atom.b_layout,
            _ => &self.atom.c_layout,
        }
    }

    /// CuTe's `thrfrg_A(tensor)`: `((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK,...)))`.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, Tensor};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// let s_a: Tensor = "_0|(_128,_8):(_1,_128)".parse()?;
    /// assert_eq!(mma.thrfrg_A(&s_a)?.to_string(), "_0|((_1,(_16,_1)),(_1,(_8,_8))):((_0,(_1,_0)),(_0,(_16,_128)))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn thrfrg_A(&self, tensor: &Tensor) -> Result<Tensor> {
        self.thrfrg(tensor, A)
    }

    /// CuTe's `thrfrg_B(tensor)`: `((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK,...)))`.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, Tensor};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// let s_b: Tensor = "_0|(_128,_8):(_1,_128)".parse()?;
    /// assert_eq!(mma.thrfrg_B(&s_b)?.to_string(), "_0|((_1,(_16,_1)),(_1,(_8,_8))):((_0,(_1,_0)),(_0,(_16,_128)))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn thrfrg_B(&self, tensor: &Tensor) -> Result<Tensor> {
        self.thrfrg(tensor, B)
    }

    /// CuTe's `thrfrg_C(tensor)`: `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN,...)))`.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, Tensor};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// let g_c: Tensor = "_0|(_128,_128):(_1,_128)".parse()?;
    /// assert_eq!(mma.thrfrg_C(&g_c)?.to_string(), "_0|((_1,(_16,_16)),(_1,(_8,_8))):((_0,(_1,_128)),(_0,(_16,_2048)))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn thrfrg_C(&self, tensor: &Tensor) -> Result<Tensor> {
        self.thrfrg(tensor, C)
    }

    /// The `thr_idx -> (ThrV,ThrM,ThrN,ThrK)` map of the TV layouts:
    /// `composition(make_layout((size(ThrLayoutVMNK),_1),(_1,_0)), right_inverse(make_layout(ThrLayoutVMNK, complement(ThrLayoutVMNK))))`.
    fn thridx_to_thrid(&self) -> Result<Layout> {
        let size = self.vmnk.size()?;
        let first = Layout::from_parts(
            IntTuple::tuple(vec![IntTuple::Int(size), IntTuple::s(1)]),
            IntTuple::tuple(vec![IntTuple::s(1), IntTuple::s(0)]),
        )?;
        let whole = Layout::concat(&[self.vmnk.clone(), complement1(&self.vmnk)?])?;
        composition(&first, &right_inverse(&whole)?)
    }

    /// CuTe's `get_layoutA_TV/B_TV/C_TV`: `(thr_idx, val) -> coord` in the operand's tile, the
    /// `thrfrg_X` of the reference `make_layout((tile_size<I>, tile_size<J>))`; for A and B its
    /// `(ThrI,ThrJ)` threads first become `(ThrM,ThrN,ThrK)` threads (the other operand's thread
    /// mode stride 0), then `.compose(thridx_2_thrid, _)`.
    fn layout_tv(&self, x: usize) -> Result<Layout> {
        let (i, j) = MODES[x];
        let shape = IntTuple::tuple(vec![
            IntTuple::Int(self.tile_size(i)?),
            IntTuple::Int(self.tile_size(j)?),
        ]);
        let reference = crate::tensor::make_tensor(make_layout(&shape)?);
        let thr = match self.thrfrg(&reference, x)? {
            Tensor::Memory {
                layout: crate::composed::AnyLayout::Plain(l),
                ..
            } => l,
            other => {
                return Err(LayoutError::invalid(
                    "TiledMMA",
                    format!("the reference tile became {other}"),
                ));
            }
        };
        let thr = if x == C {
            thr
        } else {
            let (m, n) = (self.vmnk.get(1)?.size()?, self.vmnk.get(2)?.size()?);
            let strides = if x == A { (1, 0) } else { (0, 1) };
            let mn = Layout::from_parts(
                IntTuple::tuple(vec![IntTuple::Int(m), IntTuple::Int(n)]),
                IntTuple::tuple(vec![IntTuple::s(strides.0), IntTuple::s(strides.1)]),
            )?;
            let inner = Tiler::Tuple(vec![Tiler::Layout(mn), Tiler::Underscore]);
            let tile = Tiler::Tuple(vec![Tiler::Underscore, inner]);
            composition_tiler(&thr, &Tiler::Tuple(vec![tile, Tiler::Underscore]))?
        };
        compose_first(&thr, &self.thridx_to_thrid()?)
    }

    /// CuTe's `get_layoutA_TV()`: `(thr_idx, val) -> (m,k)` in the `M x K` tile.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// assert_eq!(mma.get_layoutA_TV()?.to_string(), "((_16,_16),(_1,(_1,_1))):((_1,_0),(_0,(_0,_0)))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn get_layoutA_TV(&self) -> Result<Layout> {
        self.layout_tv(A)
    }

    /// CuTe's `get_layoutB_TV()`: `(thr_idx, val) -> (n,k)` in the `N x K` tile.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// assert_eq!(mma.get_layoutB_TV()?.to_string(), "((_16,_16),(_1,(_1,_1))):((_0,_1),(_0,(_0,_0)))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn get_layoutB_TV(&self) -> Result<Layout> {
        self.layout_tv(B)
    }

    /// CuTe's `get_layoutC_TV()`: `(thr_idx, val) -> (m,n)` in the `M x N` tile.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// assert_eq!(mma.get_layoutC_TV()?.to_string(), "(_256,(_1,(_1,_1))):(_1,(_0,(_0,_0)))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn get_layoutC_TV(&self) -> Result<Layout> {
        self.layout_tv(C)
    }

    /// CuTe's `get_slice(thr_idx)`: the MMA as thread `thr_idx` runs it.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, Int};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// assert_eq!(mma.get_slice(Int::new_dynamic(37)).thr_idx().value(), 37);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn get_slice(&self, thr_idx: Int) -> ThrMMA<'_> {
        ThrMMA {
            tiled: self,
            thr_idx,
        }
    }

    /// CuTe's `get_thread_slice(thr_idx)`: [`TiledMMA::get_slice`].
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, Int};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// assert!(mma.get_thread_slice(Int::new_static(3)).thr_idx().is_static());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn get_thread_slice(&self, thr_idx: Int) -> ThrMMA<'_> {
        self.get_slice(thr_idx)
    }

    /// CuTe's `make_fragment_A/B/C(tensor)` of a partitioned tensor (rank >= 3, its first mode
    /// the atom's values, `size<0>(tensor) == size<1>(LayoutX_TV)`): the layout of the register
    /// fragment, for C `make_layout(shape(tensor))` (accumulators), for A and B
    /// `make_fragment_like(tensor)`. A register fragment's layout is static ("Dynamic owning
    /// tensors not supported"); an SM90 GMMA operand read from shared memory has a descriptor,
    /// not registers, for a fragment.
    fn fragment(&self, tensor: &Tensor, x: usize) -> Result<Layout> {
        let layout = match tensor {
            Tensor::Memory {
                layout: crate::composed::AnyLayout::Plain(l),
                ..
            } => l.clone(),
            Tensor::Memory {
                layout: crate::composed::AnyLayout::Composed(c),
                ..
            } => match c.layout_b() {
                crate::composed::LayoutFn::Layout(l) => l.clone(),
                crate::composed::LayoutFn::Swizzle(_) => {
                    return Err(LayoutError::invalid(
                        "make_fragment",
                        format!("{c}: the inner function is a swizzle, which has no shape"),
                    ));
                }
            },
            // An identity tensor's values are coordinates: its fragment follows its shape.
            Tensor::Coordinate { layout, .. } => make_layout(layout.shape())?,
        };
        let values = self.atom_layout_tv(x).get(1)?.size()?;
        let first = if layout.rank() >= 3 {
            Some(layout.get(0)?.size()?)
        } else {
            None
        };
        if first.is_none_or(|s| !(s.is_static() && s.value() == values.value())) {
            return Err(LayoutError::invalid(
                "make_fragment",
                format!(
                    "make_fragment_{}: expects a partitioned tensor (rank >= 3, size<0> = \
                     size<1>(Layout{}_TV) = {values}), got {layout}",
                    NAMES[x], NAMES[x]
                ),
            ));
        }
        let fragment = if x == C {
            make_layout(&layout.shape())?
        } else if self.smem_operand(x) {
            return Err(LayoutError::invalid(
                "make_fragment",
                format!(
                    "make_fragment_{0}: {1} reads {0} from shared memory through GMMA \
                     descriptors (FrgType{0} = GMMA::smem_desc): its fragment is a descriptor, \
                     not registers",
                    NAMES[x], self.atom.name
                ),
            ));
        } else {
            make_fragment_like_layout(&layout)?
        };
        if !(fragment.shape().is_static() && fragment.stride().is_static()) {
            return Err(LayoutError::precondition(
                Condition::DynamicOwningTensor,
                format!(
                    "the fragment's layout {fragment} has run-time values; a register fragment \
                     needs a static layout"
                ),
            ));
        }
        Ok(fragment)
    }

    /// Whether operand `x` of an SM90 GMMA atom comes from shared memory (A of `_SS`, B of both).
    fn smem_operand(&self, x: usize) -> bool {
        let name = self.atom.name.as_str();
        name.starts_with("SM90_")
            && match x {
                A => name.contains("_SS"),
                B => name.contains("_SS") || name.contains("_RS"),
                _ => false,
            }
    }

    /// CuTe's `make_fragment_A(tensor)`: the layout of the register fragment of A for a
    /// tensor partitioned by [`ThrMMA::partition_A`] (own it with
    /// [`crate::make_owning_tensor`]).
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, Int, Tensor};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// let t_cs_a = mma.get_slice(Int::new_static(0)).partition_A("_0|(_128,_8):(_1,_128)".parse::<Tensor>()?)?;
    /// assert_eq!(mma.make_fragment_A(&t_cs_a)?.to_string(), "(_1,_8,_8):(_0,_1,_8)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn make_fragment_A(&self, tensor: &Tensor) -> Result<Layout> {
        self.fragment(tensor, A)
    }

    /// CuTe's `make_fragment_B(tensor)`: [`TiledMMA::make_fragment_A`] for B.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, Int, Tensor};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// let t_cs_b = mma.get_slice(Int::new_static(0)).partition_B("_0|(_128,_8):(_1,_128)".parse::<Tensor>()?)?;
    /// assert_eq!(mma.make_fragment_B(&t_cs_b)?.to_string(), "(_1,_8,_8):(_0,_1,_8)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn make_fragment_B(&self, tensor: &Tensor) -> Result<Layout> {
        self.fragment(tensor, B)
    }

    /// CuTe's `make_fragment_C(tensor)`: the accumulators' layout, `make_layout(shape(tensor))`.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, Int, Tensor};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// let t_cg_c = mma.get_slice(Int::new_static(37)).partition_C("_0|(_128,_128):(_1,_128)".parse::<Tensor>()?)?;
    /// assert_eq!(mma.make_fragment_C(&t_cg_c)?.to_string(), "(_1,_8,_8):(_0,_1,_8)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn make_fragment_C(&self, tensor: &Tensor) -> Result<Layout> {
        self.fragment(tensor, C)
    }
}

/// CuTe's `print(TiledMMA)`.
///
/// ```
/// use cute_dynamic::{make_tiled_mma, mma_atom};
/// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
/// assert!(mma.to_string().starts_with("TiledMMA\n  ThrLayoutVMNK:  (_1,_16,_16,_1):(_0,_1,_16,_0)\n  PermutationMNK: (_,_,_)\nMMA_Atom\n"));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
impl fmt::Display for TiledMMA {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "TiledMMA")?;
        writeln!(f, "  ThrLayoutVMNK:  {}", self.vmnk)?;
        writeln!(f, "  PermutationMNK: {}", self.permutations())?;
        writeln!(f, "MMA_Atom")?;
        writeln!(f, "  ThrID:      {}", self.atom.thr_id)?;
        writeln!(f, "  Shape_MNK:  {}", self.atom.shape_mnk)?;
        writeln!(f, "  LayoutA_TV: {}", self.atom.a_layout)?;
        writeln!(f, "  LayoutB_TV: {}", self.atom.b_layout)?;
        writeln!(f, "  LayoutC_TV: {}", self.atom.c_layout)
    }
}

/// CuTe's `ThrMMA`: a [`TiledMMA`] as one thread runs it ([`TiledMMA::get_slice`]).
///
/// ```
/// use cute_dynamic::{make_tiled_mma, mma_atom, make_tensor_on, Int, Layout};
/// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
/// let data: Vec<f32> = (0..1024).map(|i| i as f32).collect();
/// let s_a = make_tensor_on(&data[..], "(_128,_8):(_1,_128)".parse::<Layout>()?)?;
/// let t_cs_a = mma.get_slice(Int::new_dynamic(37)).partition_A(s_a)?;   // (MMA, MMA_M, MMA_K)
/// assert_eq!(*t_cs_a.get((0, 1, 2))?, 5.0 + 16.0 + 256.0);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ThrMMA<'a> {
    tiled: &'a TiledMMA,
    thr_idx: Int,
}

impl ThrMMA<'_> {
    /// The thread index.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, Int};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_2,_2):(_1,_2)".parse()?, &"(_,_,_)".parse()?)?;
    /// assert_eq!(mma.get_slice(Int::new_static(3)).thr_idx().value(), 3);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn thr_idx(&self) -> Int {
        self.thr_idx
    }

    /// `thrfrg_X(tensor)` at `((v,(i,j)),(_,repeat<rank<1,1>>(_)))` with `(v,m,n,k)` the
    /// thread's flat coordinate in `ThrLayoutVMNK` (`get_flat_coord(thr_idx)`): the thread's
    /// `(MMA, MMA_I, MMA_J, ...)`.
    fn partition(&self, tensor: &Tensor, x: usize) -> Result<Tensor> {
        let thr = self.tiled.thrfrg(tensor, x)?;
        let Coord::Tuple(vmnk) = flat_coord(&self.tiled.vmnk, self.thr_idx)? else {
            return Err(LayoutError::invalid(
                "TiledMMA",
                format!("ThrLayoutVMNK {} is not rank 4", self.tiled.vmnk),
            ));
        };
        let (i, j) = MODES[x];
        let thread = Coord::Tuple(vec![
            vmnk[0].clone(),
            Coord::Tuple(vec![vmnk[i + 1].clone(), vmnk[j + 1].clone()]),
        ]);
        let rest = thr.shape()?.get(1)?.get(1)?.rank();
        let values = Coord::Tuple(vec![Coord::Underscore, Coord::underscores(rest)]);
        thr.slice(&Coord::Tuple(vec![thread, values]))
    }

    /// CuTe's `partition_A(tensor)`: the elements of A (`M x K`, or more modes) this thread
    /// reads, `(MMA, MMA_M, MMA_K, ...)`.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, Int, Tensor};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// let s_a: Tensor = "_0|(_128,_8):(_1,_128)".parse()?;
    /// assert_eq!(mma.get_slice(Int::new_static(37)).partition_A(s_a)?.to_string(), "_5|(_1,_8,_8):(_0,_16,_128)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn partition_A<T: IsTensor>(&self, tensor: T) -> Result<T> {
        let part = self.partition(&tensor.layout_tensor(), A)?;
        tensor.with_layout_tensor(part)
    }

    /// CuTe's `partition_B(tensor)`: `(MMA, MMA_N, MMA_K, ...)` of B (`N x K`).
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, Int, Tensor};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// let s_b: Tensor = "_0|(_128,_8):(_1,_128)".parse()?;
    /// assert_eq!(mma.get_slice(Int::new_static(37)).partition_B(s_b)?.to_string(), "_2|(_1,_8,_8):(_0,_16,_128)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn partition_B<T: IsTensor>(&self, tensor: T) -> Result<T> {
        let part = self.partition(&tensor.layout_tensor(), B)?;
        tensor.with_layout_tensor(part)
    }

    /// CuTe's `partition_C(tensor)`: `(MMA, MMA_M, MMA_N, ...)` of C (`M x N`).
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, Int, Tensor};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// let g_c: Tensor = "_0|(_128,_128):(_1,_128)".parse()?;
    /// assert_eq!(mma.get_slice(Int::new_static(37)).partition_C(g_c)?.to_string(), "_261|(_1,_8,_8):(_0,_16,_2048)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn partition_C<T: IsTensor>(&self, tensor: T) -> Result<T> {
        let part = self.partition(&tensor.layout_tensor(), C)?;
        tensor.with_layout_tensor(part)
    }

    /// CuTe's `partition_fragment_A(tensor)`: `make_fragment_A(partition_A(tensor))`, the
    /// layout of this thread's register fragment of A ([`TiledMMA::make_fragment_A`]).
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, Int, Tensor};
    /// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F16F16F16F16_TN")?, &"(_2,_2,_1):(_1,_2,_0)".parse()?, &"(_32,_32,_16)".parse()?)?;
    /// let s_a: Tensor = "_0|(_64,_32):(_32,_1)".parse()?;
    /// assert_eq!(mma.get_slice(Int::new_static(37)).partition_fragment_A(&s_a)?.to_string(), "((_2,_2,_2),_2,_2):((_1,_2,_4),_16,_8)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn partition_fragment_A(&self, tensor: &Tensor) -> Result<Layout> {
        self.tiled.fragment(&self.partition(tensor, A)?, A)
    }

    /// CuTe's `partition_fragment_B(tensor)`: [`ThrMMA::partition_fragment_A`] for B.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, Int, Tensor};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// let s_b: Tensor = "_0|(_128,_8):(_1,_128)".parse()?;
    /// assert_eq!(mma.get_slice(Int::new_static(255)).partition_fragment_B(&s_b)?.to_string(), "(_1,_8,_8):(_0,_1,_8)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn partition_fragment_B(&self, tensor: &Tensor) -> Result<Layout> {
        self.tiled.fragment(&self.partition(tensor, B)?, B)
    }

    /// CuTe's `partition_fragment_C(tensor)`: the layout of this thread's accumulators.
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, Condition, Int, Tensor};
    /// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
    /// let g_c: Tensor = "_0|(_128,_128):(_1,_128)".parse()?;
    /// assert_eq!(mma.get_slice(Int::new_static(37)).partition_fragment_C(&g_c)?.to_string(), "(_1,_8,_8):(_0,_1,_8)");
    /// // A run-time tile gives a run-time fragment, which CuTe refuses.
    /// let dynamic: Tensor = "_0|(128,128):(1,128)".parse()?;
    /// let err = mma.get_slice(Int::new_static(37)).partition_fragment_C(&dynamic).unwrap_err();
    /// assert_eq!(err.condition(), Some(Condition::DynamicOwningTensor));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[allow(non_snake_case)]
    pub fn partition_fragment_C(&self, tensor: &Tensor) -> Result<Layout> {
        self.tiled.fragment(&self.partition(tensor, C)?, C)
    }
}

/// CuTe's `make_tiled_copy_A(copy_atom, tiled_mma)`: a TiledCopy whose threads and values are
/// those of the MMA's A operand, `make_tiled_copy_impl(atom, get_layoutA_TV(),
/// (tile_size<0>, tile_size<2>))`.
///
/// ```
/// use cute_dynamic::{copy_atom, make_tiled_copy_A, make_tiled_mma, mma_atom};
/// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F16F16F16F16_TN")?, &"(_2,_2,_1):(_1,_2,_0)".parse()?, &"(_,_,_)".parse()?)?;
/// let copy = make_tiled_copy_A(&copy_atom("SM75_U32x4_LDSM_N", "half_t")?, &mma)?;
/// assert_eq!(copy.tiler_mn().to_string(), "(_32,_16)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[allow(non_snake_case)]
pub fn make_tiled_copy_A(atom: &CopyAtom, mma: &TiledMMA) -> Result<TiledCopy> {
    copy_for(atom, mma, A)
}

/// CuTe's `make_tiled_copy_B(copy_atom, tiled_mma)`: [`make_tiled_copy_A`] for B, the tile
/// `(tile_size<1>, tile_size<2>)`.
///
/// ```
/// use cute_dynamic::{copy_atom, make_tiled_copy_B, make_tiled_mma, mma_atom};
/// let mma = make_tiled_mma(&mma_atom("SM80_16x8x16_F16F16F16F16_TN")?, &"(_2,_2,_1):(_1,_2,_0)".parse()?, &"(_,_,_)".parse()?)?;
/// let copy = make_tiled_copy_B(&copy_atom("SM75_U32x2_LDSM_N", "half_t")?, &mma)?;
/// assert_eq!(copy.tiler_mn().to_string(), "(_16,_16)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[allow(non_snake_case)]
pub fn make_tiled_copy_B(atom: &CopyAtom, mma: &TiledMMA) -> Result<TiledCopy> {
    copy_for(atom, mma, B)
}

/// CuTe's `make_tiled_copy_C(copy_atom, tiled_mma)`: [`make_tiled_copy_A`] for C, the tile
/// `(tile_size<0>, tile_size<1>)`.
///
/// ```
/// use cute_dynamic::{copy_atom, make_tiled_copy_C, make_tiled_mma, mma_atom};
/// let mma = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?, &"(_,_,_)".parse()?)?;
/// let copy = make_tiled_copy_C(&copy_atom("UniversalCopy<float>", "float")?, &mma)?;
/// assert_eq!(copy.tiler_mn().to_string(), "(_16,_16)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[allow(non_snake_case)]
pub fn make_tiled_copy_C(atom: &CopyAtom, mma: &TiledMMA) -> Result<TiledCopy> {
    copy_for(atom, mma, C)
}

fn copy_for(atom: &CopyAtom, mma: &TiledMMA, x: usize) -> Result<TiledCopy> {
    let (i, j) = MODES[x];
    let tiler = IntTuple::tuple(vec![
        IntTuple::Int(mma.tile_size(i)?),
        IntTuple::Int(mma.tile_size(j)?),
    ]);
    make_tiled_copy_impl(atom, &mma.layout_tv(x)?, &tiler)
}

/// CuTe's `print_latex(tiled_mma)`: C, with A to its left and B above it, each element with the
/// thread and value that hold it, headed by the TV layouts over each tile's coordinates
/// (`composition(make_identity_layout(tile), LayoutX_TV)`).
impl crate::print_layout::PrintLatex for TiledMMA {
    fn latex_document(&self) -> Result<String> {
        let (m, n, k) = (self.tile_size(0)?, self.tile_size(1)?, self.tile_size(2)?);
        let operand = |x: usize| -> Result<(String, Layout)> {
            let (i, j) = MODES[x];
            let tile = IntTuple::tuple(vec![
                IntTuple::Int(self.tile_size(i)?),
                IntTuple::Int(self.tile_size(j)?),
            ]);
            let tv = self.layout_tv(x)?;
            let coords = crate::coord_layout::make_identity_layout(&tile).composition(&tv)?;
            Ok((coords.to_string(), tv))
        };
        let ((c_ids, c_tv), (a_ids, a_tv), (b_ids, b_tv)) = (operand(C)?, operand(A)?, operand(B)?);
        let (c_size, c_index) = (tv_size(&c_tv)?, tv_index(&c_tv));
        let (a_size, a_index) = (tv_size(&a_tv)?, tv_index(&a_tv));
        let (b_size, b_index) = (tv_size(&b_tv)?, tv_index(&b_tv));
        let mnk = (
            i64::from(m.value()),
            i64::from(n.value()),
            i64::from(k.value()),
        );
        crate::print_layout::tiled_document(|out| {
            use cute_static::picture::{TvPicture, tiled_mma_latex};
            let c = TvPicture {
                coords: &c_ids,
                threads_values: c_size,
                index: &c_index,
            };
            let a = TvPicture {
                coords: &a_ids,
                threads_values: a_size,
                index: &a_index,
            };
            let b = TvPicture {
                coords: &b_ids,
                threads_values: b_size,
                index: &b_index,
            };
            tiled_mma_latex(out, mnk, &c, &a, &b)
        })
    }
}
