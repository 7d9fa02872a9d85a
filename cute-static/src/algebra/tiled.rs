//! CuTe's tilings of atoms on const trees: `TiledCopy` (`copy_atom.hpp`), `TiledMMA`
//! (`mma_atom.hpp`) and `make_fragment_like` (`layout.hpp`). An atom's layouts are static, so
//! a tiled atom is computed once per type ([`CopyC`], [`MmaC`]); partitioning a tensor is a
//! divide and a composition of the tensor's layout (plain or swizzled, a [`CL`]) followed by a
//! slice at the thread's coordinate, which moves the tensor's offset ([`Move`]).

use super::by_mode::{logical_divide_tiler, tiled_product, zipped_divide};
use super::coalesce::coalesce_profile;
use super::complement::complement1;
use super::composed::{CL, domain, map_b};
use super::composition::{composition, composition_tiler};
use super::int_tuple::{filter_zeros, product_each};
use super::inverse::right_inverse;
use super::layout::{L, Major, append_to_rank, concat2, make_layout, take};
use super::product::logical_product;
use super::recast::upcast;
use super::slice::{slice, underscores};
use super::stride::{compact_major, compact_order};
use super::swizzle_layout::slice_and_offset;
use super::tensor::{Move, flat_coord};
use super::tiler::Tl;
use crate::algebra::layout::layout_tiler;
use crate::error::{Condition, Msg};
use crate::prog::Prog;
use crate::tree::{At, Kind, Tree, V};

// ---- Tiler and coordinate builders ---------------------------------------------------------

/// The tiler `_`.
const fn under() -> Tl {
    let mut t = Tree::new();
    t.push(Kind::Under, 0);
    t
}

/// `layout.compose(b, _)`: `b` applied to mode 0, mode 1 kept.
const fn compose_first<const P: usize, const T: usize>(p: &mut Prog<P, T>, l: &L, b: &L) -> L {
    composition_tiler(p, l, &Tree::tuple2(&layout_tiler(b), &under()))
}

/// The layout `n:_1` (`_1:_0` for a static `_1`), CuTe's `make_layout(n)`, as a tiler node.
const fn int_layout<const P: usize, const T: usize>(p: &mut Prog<P, T>, n: V) -> Tl {
    layout_tiler(&make_layout(p, &Tree::leaf(n), Major::Left))
}

/// The static size of `l` (all of an atom's layouts are static).
const fn size_of<const P: usize, const T: usize>(p: &mut Prog<P, T>, l: &L) -> i32 {
    l.size(p).value()
}

// ---- Copy atoms and TiledCopy --------------------------------------------------------------

/// CuTe's `Copy_Atom<Copy_Traits<Op>, T>`: the traits' thread map and their `(thr,val) -> bit`
/// layouts recast to elements of `bits` bits.
#[derive(Clone, Copy, Debug)]
pub struct CopyAtomC {
    pub(crate) thr_id: L,
    pub(crate) src: L,
    pub(crate) dst: L,
    pub(crate) ref_: L,
    pub(crate) bits: i32,
}

/// `ValLayout{Src,Dst,Ref}` must each have `size(ThrID)` threads:
/// `size<0>(ValLayoutX) == size(ThrID)`, else "CopyOperation is not valid for X of ValType.".
const fn atom_threads<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    l: &L,
    threads: i32,
    which: Condition,
    bits: i32,
) {
    let got = size_of(p, &l.mode(0));
    if got != threads {
        let which_str = match which {
            Condition::CopyAtomSrc => "Src",
            Condition::CopyAtomDst => "Dst",
            _ => "Ref",
        };
        Msg::new(which.message())
            .str(" ValLayout")
            .str(which_str)
            .str(" = ")
            .layout(&l.shape, &l.stride)
            .str(" (the traits' bit layout recast to ")
            .num(bits)
            .str("-bit values) has ")
            .num(got)
            .str(" threads, ThrID has ")
            .num(threads)
            .fail()
    }
}

/// CuTe's `Copy_Atom`: `ValLayoutX = recast_layout<uint1_t, ValType>(BitLayoutX)`, which is
/// `upcast<sizeof_bits<ValType>>` of the bit layout, for X in Src, Dst, Ref, with
/// `size<0>(ValLayoutX) == size(ThrID)`.
pub(crate) const fn copy_atom(thr_id: &L, bit_layouts: [&L; 3], bits: i32) -> CopyAtomC {
    let mut p = Prog::new(0);
    let src = upcast(&mut p, bits, bit_layouts[0]);
    let dst = upcast(&mut p, bits, bit_layouts[1]);
    let ref_ = upcast(&mut p, bits, bit_layouts[2]);
    let threads = size_of(&mut p, thr_id);
    atom_threads(&mut p, &src, threads, Condition::CopyAtomSrc, bits);
    atom_threads(&mut p, &dst, threads, Condition::CopyAtomDst, bits);
    atom_threads(&mut p, &ref_, threads, Condition::CopyAtomRef, bits);
    CopyAtomC {
        thr_id: *thr_id,
        src,
        dst,
        ref_,
        bits,
    }
}

/// A `TiledCopy<Copy_Atom, LayoutCopy_TV, ShapeTiler_MN>`: the atom, `TiledLayout_TV`
/// (`(tid,vid) -> coord` in the tile), `Tiler_MN`, and tile2thrfrg's `(thr,val) -> (m,n)` for
/// the Src and the Dst side ([`thrval2mn`]).
#[derive(Clone, Copy, Debug)]
pub struct CopyC {
    pub(crate) atom: CopyAtomC,
    pub(crate) tv: L,
    pub(crate) tiler: Tree,
    pub(crate) thrval2mn: [L; 2],
}

/// Which side of a copy: the index into [`CopyC::thrval2mn`].
pub(crate) const SRC: usize = 0;
pub(crate) const DST: usize = 1;

impl CopyC {
    /// `AtomNumThr`, `AtomNumVal`: the sizes of the modes of `AtomLayoutRef`.
    const fn atom_thr_val<const P: usize, const T: usize>(&self, p: &mut Prog<P, T>) -> (i32, i32) {
        (
            size_of(p, &self.atom.ref_.mode(0)),
            size_of(p, &self.atom.ref_.mode(1)),
        )
    }
}

/// `TiledNumThr % AtomNumThr == 0` and `TiledNumVal % AtomNumVal == 0`, CuTe's two checks.
const fn enough(tiled: i32, atom: i32, which: Condition, tv: &L) {
    if atom <= 0 || tiled % atom != 0 {
        let what = match which {
            Condition::TiledCopyThreads => "thrs",
            _ => "vals",
        };
        Msg::new(which.message())
            .str(": TiledLayout_TV = ")
            .layout(&tv.shape, &tv.stride)
            .str(" has ")
            .num(tiled)
            .str(" ")
            .str(what)
            .str(", not a multiple of the atom's ")
            .num(atom)
            .fail()
    }
}

/// `zip` of a rank-2 layout of rank-2 modes: `((a,b),(c,d)) -> ((a,c),(b,d))`.
const fn zip2(l: &L) -> L {
    let (m0, m1) = (l.mode(0), l.mode(1));
    concat2(
        &concat2(&m0.mode(0), &m1.mode(0)),
        &concat2(&m0.mode(1), &m1.mode(1)),
    )
}

/// `tile2thrfrg`'s map for the target layout `trg` (the atom's Src or Dst layout):
/// * `atom_layout_TV = zipped_divide(TiledLayout_TV, (AtomNumThr, AtomNumVal))`, which is
///   `((atom_tid,atom_val),(rest_tid,rest_val)) -> (m,n)`;
/// * `trg_layout_TV = atom_layout_TV.compose(right_inverse(AtomLayoutRef).compose(trg), _)`:
///   the atom's threads and values renumbered as the target numbers them;
/// * `thrval2mn = coalesce(zip(trg_layout_TV), (_1,(_1,_1)))`:
///   `((trg_tid,rest_tid),(trg_val,rest_val)) -> (m,n)`, each of the three parts coalesced.
const fn thrval2mn<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    atom: &CopyAtomC,
    tv: &L,
    trg: &L,
) -> L {
    let (nt, nv) = (
        size_of(p, &atom.ref_.mode(0)),
        size_of(p, &atom.ref_.mode(1)),
    );
    let inverse = right_inverse(p, &atom.ref_);
    let ref2trg = composition(p, &inverse, trg);
    let atom_shape = Tree::tuple2(&Tree::int(nt), &Tree::int(nv));
    let atom_tv = zipped_divide(p, tv, &atom_shape);
    let trg_tv = compose_first(p, &atom_tv, &ref2trg);
    let profile = Tree::tuple2(&Tree::int(1), &Tree::tuple2(&Tree::int(1), &Tree::int(1)));
    coalesce_profile(p, &zip2(&trg_tv), &profile)
}

/// CuTe's `TiledCopy<Atom, TiledLayout_TV, Tiler_MN>` with its two checks.
pub(crate) const fn tiled_copy(atom: CopyAtomC, tv: &L, tiler: &Tree) -> CopyC {
    let mut p = Prog::new(0);
    let tc = CopyC {
        atom,
        tv: *tv,
        tiler: *tiler,
        thrval2mn: [L::trivial(), L::trivial()],
    };
    let (atom_thr, atom_val) = tc.atom_thr_val(&mut p);
    let (tiled_thr, tiled_val) = (size_of(&mut p, &tv.mode(0)), size_of(&mut p, &tv.mode(1)));
    enough(tiled_thr, atom_thr, Condition::TiledCopyThreads, tv);
    enough(tiled_val, atom_val, Condition::TiledCopyValues, tv);
    let src = thrval2mn(&mut p, &atom, tv, &atom.src);
    let dst = thrval2mn(&mut p, &atom, tv, &atom.dst);
    CopyC {
        thrval2mn: [src, dst],
        ..tc
    }
}

/// `rank(tensor) >= rank(Tiler_MN)`, else "Rank of tensor to be partitioned too small.".
const fn rank_at_least(l: &L, tiler: &Tree) {
    if l.rank() < tiler.rank() {
        Msg::new(Condition::PartitionRank.message())
            .str(" ")
            .layout(&l.shape, &l.stride)
            .str(" against Tiler_MN ")
            .tree(tiler)
            .fail()
    }
}

/// Step `s` of CuTe's `TiledCopy::tidfrg_S/D(tensor)` before its unfold: 0,
/// `zipped_divide(tensor, Tiler_MN)`, `((TileM,TileN),(RestM,RestN,...))`; 1,
/// `.compose(thrval2mn, _)`, `((thr,(FrgV,FrgX)),(RestM,RestN,...))`. A swizzled tensor keeps
/// its swizzle.
pub(crate) const fn tidfrg_step<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: &CL,
    tc: &CopyC,
    side: usize,
    s: usize,
) -> CL {
    let l = domain(a, "tidfrg");
    let out = if s == 0 {
        rank_at_least(&l, &tc.tiler);
        zipped_divide(p, &l, &tc.tiler)
    } else {
        compose_first(p, &l, &tc.thrval2mn[side])
    };
    map_b(a, "tidfrg", out)
}

/// CuTe's `TiledCopy::tidfrg_S/D(tensor)` before its unfold (both steps of [`tidfrg_step`]).
pub(crate) const fn tidfrg<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: &CL,
    tc: &CopyC,
    side: usize,
) -> CL {
    let z = tidfrg_step(p, a, tc, side, 0);
    tidfrg_step(p, &z, tc, side, 1)
}

/// CuTe's `tidfrg_S/D(layout)`: [`tidfrg`] unfolded at `((_,_),_)`, the rank-3
/// `(Thr, (FrgV,FrgX), (RestM,RestN,...))`.
pub(crate) const fn tidfrg_unfolded<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    l: &L,
    tc: &CopyC,
    side: usize,
) -> L {
    let tv = tidfrg(p, &CL::plain(*l), tc, side).l;
    let mut crd = Tree::new();
    let at = crd.open();
    let thr = crd.open();
    crd.push(Kind::Under, 0);
    crd.push(Kind::Under, 0);
    crd.close(thr, 2);
    crd.push(Kind::Under, 0);
    crd.close(at, 2);
    slice(&crd, &tv)
}

/// A thread index: an integer (static or run-time), not a tuple.
pub(crate) const fn thread_index(i: &Tree) -> V {
    if !i.is_int() {
        Msg::new("get_slice: the thread index must be an integer, got ")
            .tree(i)
            .fail()
    }
    i.value()
}

/// CuTe's `ThrCopy::partition_S/D(tensor)` of the tensor's [`tidfrg`] `tv`:
/// `tidfrg(tensor)(thr_idx, _, repeat<R>(_))`, the thread's `(CPY, CPY_M, CPY_N, ...)`; sliced
/// here in one step at `((thr_idx,_),(_,...))`, which selects the same modes and the same
/// offset.
pub(crate) const fn copy_slice<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    tv: &CL,
    idx: V,
) -> (CL, Move) {
    slice_and_offset(p, &copy_slice_crd(tv, idx), tv)
}

/// The coordinate [`copy_slice`] slices `tv` at: `((thr_idx,_),(_,...))`.
pub(crate) const fn copy_slice_crd(tv: &CL, idx: V) -> Tree {
    let mut crd = Tree::new();
    let at = crd.open();
    let thr = crd.open();
    crd.push_leaf(idx);
    crd.push(Kind::Under, 0);
    crd.close(thr, 2);
    underscores(tv.l.mode(1).rank(), &mut crd);
    crd.close(at, 2);
    crd
}

/// CuTe's `get_layoutS_TV` / `get_layoutD_TV`: tile2thrfrg of the reference
/// `make_layout((shape(Tiler_MN), _1))` at rest coordinate `_0`, the layout
/// `(thr_idx, val_idx) -> (m,n)` of the Src or Dst side.
pub(crate) const fn copy_layout_tv<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    tc: &CopyC,
    side: usize,
) -> L {
    let shape = Tree::tuple2(&tc.tiler, &Tree::int(1));
    let reference = make_layout(p, &shape, Major::Left);
    let tv = compose_first(p, &reference, &tc.thrval2mn[side]);
    let mut crd = Tree::new();
    let at = crd.open();
    let thr = crd.open();
    crd.push(Kind::Under, 0);
    crd.push(Kind::Under, 0);
    crd.close(thr, 2);
    crd.push_leaf(V::s(0));
    crd.close(at, 2);
    slice(&crd, &tv)
}

/// CuTe's `get_layoutS_MN` / `get_layoutD_MN`:
/// `right_inverse(layoutX_TV).with_shape(shape(Tiler_MN))`, `(m,n) -> (thr_idx,val_idx)`.
pub(crate) const fn copy_layout_mn<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    tc: &CopyC,
    side: usize,
) -> L {
    let tv = copy_layout_tv(p, tc, side);
    let inverse = right_inverse(p, &tv);
    let mn = make_layout(p, &tc.tiler, Major::Left);
    composition(p, &inverse, &mn)
}

/// CuTe's `TiledCopy::retile(tensor)`, for a tensor whose first mode holds a thread's values
/// (a fragment), with `V = size<0>(tensor)` (static):
/// * `frg_layout_mn = upcast<TiledNumThr*V>(right_inverse(TiledLayout_TV).with_shape(shape(Tiler_MN)))`:
///   `(m,n) -> v_idx`, the shape and order of those `V` values in the tile;
/// * `frg_layout_v = zipped_divide(logical_product(make_layout(V), right_inverse(frg_layout_mn)), make_layout(AtomNumVal))`:
///   `(atom_vals, rest_vals) -> (v,m,n)`;
/// * `zipped_divide(tensor, prepend(product_each(shape(frg_layout_mn)), V)).compose(frg_layout_v, _)`
///   at `(_, append<R>(_0, _))`.
pub(crate) const fn retile<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: &CL,
    tc: &CopyC,
) -> (CL, Move) {
    let l = domain(a, "retile");
    let v = l.mode(0).size(p);
    if v.dynamic {
        Msg::new("retile: size<0>(tensor) of ")
            .layout(&l.shape, &l.stride)
            .str(" is dynamic; CuTe's upcast<TiledNumThr * V> needs it static")
            .fail()
    }
    let (_, atom_val) = tc.atom_thr_val(p);
    let num_thr = size_of(p, &tc.tv.mode(0));
    let inverse = right_inverse(p, &tc.tv);
    let mn = make_layout(p, &tc.tiler, Major::Left);
    let with_shape = composition(p, &inverse, &mn);
    let frg_mn = upcast(p, crate::error::mul(num_thr, v.v), &with_shape);
    let values = make_layout(p, &Tree::leaf(v), Major::Left);
    let frg_inverse = right_inverse(p, &frg_mn);
    let product = logical_product(p, &values, &frg_inverse);
    let atom_vals = int_layout(p, V::s(atom_val));
    let frg_v = zipped_divide(p, &product, &atom_vals);
    let each = product_each(p, &frg_mn.shape);
    let mut tiler = Tree::new();
    let at = tiler.open();
    tiler.push_leaf(v);
    let mut k = 0;
    while k < each.rank() {
        tiler.append(&each.mode(k));
        k += 1;
    }
    tiler.close(at, k + 1);
    let t = zipped_divide(p, &l, &tiler);
    let vt = compose_first(p, &t, &frg_v);
    let vt = map_b(a, "retile", vt);
    // (_, append<R>(_0, _))
    let r = l.rank();
    let mut crd = Tree::new();
    let at = crd.open();
    crd.push(Kind::Under, 0);
    if r == 1 {
        crd.push_leaf(V::s(0));
    } else {
        let rest = crd.open();
        crd.push_leaf(V::s(0));
        let mut k = 1;
        while k < r {
            crd.push(Kind::Under, 0);
            k += 1;
        }
        crd.close(rest, r);
    }
    crd.close(at, 2);
    slice_and_offset(p, &crd, &vt)
}

// ---- MMA atoms and TiledMMA ----------------------------------------------------------------

/// CuTe's `MMA_Atom`: `Shape_MNK`, `ThrID` and the `(thr,val)` layouts of A, B and C.
#[derive(Clone, Copy, Debug)]
pub struct MmaAtomC {
    pub(crate) shape_mnk: Tree,
    pub(crate) thr_id: L,
    pub(crate) tv: [L; 3],
    /// Whether A's and B's fragments are shared-memory descriptors (SM90 GMMA).
    pub(crate) smem_desc: [bool; 2],
}

/// The operands of an MMA: their index into [`MmaAtomC::tv`] and their modes of `MNK`.
pub(crate) const A: usize = 0;
pub(crate) const B: usize = 1;
pub(crate) const C: usize = 2;
const MODES: [(usize, usize); 3] = [(0, 2), (1, 2), (0, 1)];
const NAMES: [&str; 3] = ["A", "B", "C"];
const MNK: [&str; 3] = ["M", "N", "K"];

/// A `TiledMMA<Atom, AtomLayoutMNK, PermutationMNK>`: the atom, `ThrLayoutVMNK` and the
/// permutation (rank 3, `_` where the mode is not permuted).
#[derive(Clone, Copy, Debug)]
pub struct MmaC {
    pub(crate) atom: MmaAtomC,
    pub(crate) vmnk: L,
    pub(crate) perm: Tl,
}

/// CuTe's `append<3>(permutations, _)`: a tuple padded with `_` to rank 3, anything else the
/// first of three modes. More than 3 modes: "TiledMMA requires rank-3 PermutationMNK".
const fn perm3(perm: &Tl) -> Tl {
    let root = perm.root();
    let n = if root.is_tup() { root.arity() } else { 1 };
    if n > 3 {
        Msg::new(Condition::TiledMmaPermutationRank.message())
            .str(", got ")
            .tree(perm)
            .fail()
    }
    let mut out = Tree::new();
    let at = out.open();
    if root.is_tup() {
        let mut k = 0;
        while k < n {
            out.append_sub(root.child(k));
            k += 1;
        }
    } else {
        out.append(perm);
    }
    let mut k = n;
    while k < 3 {
        out.push(Kind::Under, 0);
        k += 1;
    }
    out.close(at, 3);
    out
}

/// The size of a permutation mode (an integer `n` or a layout).
const fn tile_node_size<const P: usize, const T: usize>(p: &mut Prog<P, T>, t: At) -> V {
    match t.kind() {
        Kind::Layout => p.product(&t.child(0).leaves()),
        _ => p.product(&t.leaves()),
    }
}

impl MmaC {
    /// `size<I>(AtomShape_MNK) * size<I+1>(ThrLayoutVMNK)`: the extent of mode `I` of the
    /// atoms' tiling.
    const fn atoms_extent<const P: usize, const T: usize>(
        &self,
        p: &mut Prog<P, T>,
        i: usize,
    ) -> V {
        let atom = p.product(&self.atom.shape_mnk.mode(i).leaves());
        let thr = self.vmnk.mode(i + 1).size(p);
        p.mul(atom, thr)
    }

    /// CuTe's `permutation_mnk<I>()`: the permutation's mode `I`, or the atoms' extent
    /// (an integer) where it is `_`.
    pub(crate) const fn permutation_mnk<const P: usize, const T: usize>(
        &self,
        p: &mut Prog<P, T>,
        i: usize,
    ) -> Tl {
        let mode = self.perm.root().child(i);
        if matches!(mode.kind(), Kind::Under) {
            Tree::leaf(self.atoms_extent(p, i))
        } else {
            mode.sub()
        }
    }

    /// CuTe's `tile_size_mnk<I>()`: `size(permutation_mnk<I>())`.
    pub(crate) const fn tile_size<const P: usize, const T: usize>(
        &self,
        p: &mut Prog<P, T>,
        i: usize,
    ) -> V {
        let t = self.permutation_mnk(p, i);
        tile_node_size(p, t.root())
    }
}

/// CuTe's `TiledMMA` (`make_tiled_mma(atom, thr_layout, permutations)`):
/// `AtomLayoutMNK = append<3>(thr_layout, _1:_0)`, `PermutationMNK = append<3>(permutations, _)`,
/// `ThrLayoutVMNK = tiled_product(AtomThrID, AtomLayoutMNK)`, with CuTe's checks (rank 3,
/// static permutations) and one CuTe does not make: a permutation mode must be at least as
/// large as the atoms' tiling of that mode (smaller, CuTe's TV layouts and partitions
/// disagree).
pub(crate) const fn tiled_mma(atom: MmaAtomC, thr_layout: &L, perm: &Tl) -> MmaC {
    if thr_layout.rank() > 3 {
        Msg::new(Condition::TiledMmaLayoutRank.message())
            .str(", got ")
            .layout(&thr_layout.shape, &thr_layout.stride)
            .fail()
    }
    let perm = perm3(perm);
    if !perm.is_static() {
        Msg::new(Condition::TiledMmaStaticPermutation.message())
            .str(" PermutationMNK = ")
            .tree(&perm)
            .fail()
    }
    let mut p = Prog::new(0);
    let thr_mnk = append_to_rank(&mut p, thr_layout, 3);
    let vmnk = tiled_product(&mut p, &atom.thr_id, &layout_tiler(&thr_mnk));
    let t = MmaC { atom, vmnk, perm };
    let mut i = 0;
    while i < 3 {
        let mode = perm.root().child(i);
        if !matches!(mode.kind(), Kind::Under) {
            let size = tile_node_size(&mut p, mode).value();
            let atoms = t.atoms_extent(&mut p, i).value();
            if size < atoms {
                Msg::new(Condition::TiledMmaPermutationSize.message())
                    .str(": mode ")
                    .str(MNK[i])
                    .str(" (")
                    .tree(&mode.sub())
                    .str(") has size ")
                    .num(size)
                    .str(", but size<")
                    .num(i as i32)
                    .str(">(AtomShape_MNK) * size<")
                    .num(i as i32 + 1)
                    .str(">(ThrLayoutVMNK) = ")
                    .num(atoms)
                    .str(" (CuTe accepts it and its TV layouts contradict its partitions)")
                    .fail()
            }
        }
        i += 1;
    }
    t
}

/// Step `s` of CuTe's `TiledMMA::thrfrg_A/B/C(tensor)`, for operand X with modes `(I,J)` of
/// MNK:
/// 0. `logical_divide(tensor, (permutation_mnk<I>, permutation_mnk<J>))` — `(PermI,PermJ)`;
/// 1. `zipped_divide` by `(make_layout(size<I>(AtomShape_MNK)), make_layout(size<J>(AtomShape_MNK)))`
///    — `((AtomI,AtomJ),(RestI,RestJ))`;
/// 2. `.compose(AtomLayoutX_TV, _)` — `((ThrV,FrgV),(RestI,RestJ))`;
/// 3. `zipped_divide` by `(_, (make_layout(size<I+1>(ThrLayoutVMNK)), make_layout(size<J+1>(ThrLayoutVMNK))))`
///    — `((ThrV,(ThrI,ThrJ)),(FrgV,(RestI,RestJ)))`.
pub(crate) const fn thrfrg_step<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: &CL,
    t: &MmaC,
    x: usize,
    s: usize,
) -> CL {
    let l = domain(a, "thrfrg");
    let (i, j) = MODES[x];
    let out = match s {
        0 => {
            if l.rank() < 2 {
                Msg::new("TiledMMA: thrfrg_")
                    .str(NAMES[x])
                    .str(" needs rank(tensor) >= _2, got ")
                    .layout(&l.shape, &l.stride)
                    .fail()
            }
            let t_tile = Tree::tuple2(&t.permutation_mnk(p, i), &t.permutation_mnk(p, j));
            logical_divide_tiler(p, &l, &t_tile)
        }
        1 => {
            let (si, sj) = (
                p.product(&t.atom.shape_mnk.mode(i).leaves()),
                p.product(&t.atom.shape_mnk.mode(j).leaves()),
            );
            let atom_tile = Tree::tuple2(&int_layout(p, si), &int_layout(p, sj));
            zipped_divide(p, &l, &atom_tile)
        }
        2 => compose_first(p, &l, &t.atom.tv[x]),
        _ => {
            let (ti, tj) = (t.vmnk.mode(i + 1).size(p), t.vmnk.mode(j + 1).size(p));
            let threads = Tree::tuple2(&int_layout(p, ti), &int_layout(p, tj));
            zipped_divide(p, &l, &Tree::tuple2(&under(), &threads))
        }
    };
    map_b(a, "thrfrg", out)
}

/// CuTe's `TiledMMA::thrfrg_A/B/C(tensor)`: the four steps of [`thrfrg_step`].
pub(crate) const fn thrfrg<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: &CL,
    t: &MmaC,
    x: usize,
) -> CL {
    let mut out = *a;
    let mut s = 0;
    while s < 4 {
        out = thrfrg_step(p, &out, t, x, s);
        s += 1;
    }
    out
}

/// What a tiled atom is, for the steps of its partitions ([`step`]).
// Only ever a value of const evaluation (no heap there to box the large variant into).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug)]
pub enum Tiled {
    Copy(CopyC),
    Mma(MmaC),
}

/// Step `k` of partitioning a tensor with layout `a` by a tiled atom, each computed with a
/// program of its own (a long chain on run-time layouts stays within a program's capacity;
/// the last step is taken with the thread's slice): `k = 4*x + s` is step `s` of `thrfrg_X`
/// ([`thrfrg_step`], `x` 0, 1, 2 for A, B, C) of a TiledMMA, `k = 16` the first step of
/// `tidfrg_S/D` ([`tidfrg_step`]) of a TiledCopy.
pub(crate) const fn step<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: &CL,
    t: &Tiled,
    k: usize,
) -> CL {
    match t {
        Tiled::Mma(m) if k < 12 => thrfrg_step(p, a, m, k / 4, k % 4),
        Tiled::Copy(c) if k == 16 => tidfrg_step(p, a, c, SRC, 0),
        _ => Msg::new("cute-static internal error: no partition step ")
            .num(k as i32)
            .str(" for this tiled atom")
            .fail(),
    }
}

/// CuTe's `ThrMMA::partition_A/B/C(tensor)` of the tensor's [`thrfrg`] `thr`: at
/// `((v,(i,j)),(_,repeat<rank<1,1>>(_)))` with `(v,m,n,k)` the thread's flat coordinate in
/// `ThrLayoutVMNK` (`get_flat_coord(thr_idx)`): the thread's `(MMA, MMA_I, MMA_J, ...)`.
pub(crate) const fn mma_slice<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    thr: &CL,
    t: &MmaC,
    x: usize,
    idx: V,
) -> (CL, Move) {
    let crd = mma_slice_crd(p, thr, t, x, idx);
    slice_and_offset(p, &crd, thr)
}

/// The coordinate [`mma_slice`] slices `thr` at.
pub(crate) const fn mma_slice_crd<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    thr: &CL,
    t: &MmaC,
    x: usize,
    idx: V,
) -> Tree {
    let vmnk = flat_coord(p, &t.vmnk, idx);
    let (i, j) = MODES[x];
    let mut crd = Tree::new();
    let at = crd.open();
    let thr_at = crd.open();
    crd.append(&vmnk.mode(0));
    crd.append(&Tree::tuple2(&vmnk.mode(i + 1), &vmnk.mode(j + 1)));
    crd.close(thr_at, 2);
    let frg = crd.open();
    crd.push(Kind::Under, 0);
    underscores(thr.l.mode(1).mode(1).rank(), &mut crd);
    crd.close(frg, 2);
    crd.close(at, 2);
    crd
}

/// CuTe's `MMA_Atom::make_fragment_A/B/C(tensor)` of a partitioned tensor (rank >= 3, its
/// first mode the atom's values, `size<0>(tensor) == size<1>(LayoutX_TV)`): for C
/// `make_layout(shape(tensor))` (accumulators), for A and B `make_fragment_like(tensor)`.
/// (A swizzled tensor's fragment is that of its inner layout.)
pub(crate) const fn mma_fragment<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: &CL,
    t: &MmaC,
    x: usize,
) -> L {
    let l = a.l;
    let values = size_of(p, &t.atom.tv[x].mode(1));
    if l.rank() < 3 || !l.mode(0).size(p).is_const(values) {
        Msg::new("make_fragment_")
            .str(NAMES[x])
            .str(": expects a partitioned tensor (rank >= 3, size<0> = size<1>(Layout")
            .str(NAMES[x])
            .str("_TV) = ")
            .num(values)
            .str("), got ")
            .layout(&l.shape, &l.stride)
            .fail()
    }
    if x == C {
        make_layout(p, &l.shape, Major::Left)
    } else if t.atom.smem_desc[x] {
        Msg::new("make_fragment_")
            .str(NAMES[x])
            .str(": the atom reads ")
            .str(NAMES[x])
            .str(" from shared memory through GMMA descriptors (FrgType")
            .str(NAMES[x])
            .str(" = GMMA::smem_desc): its fragment is a descriptor, not registers, which cute-static does not model")
            .fail()
    } else {
        fragment_like(p, &l)
    }
}

/// The `thr_idx -> (ThrV,ThrM,ThrN,ThrK)` map of the TV layouts:
/// `composition(make_layout((size(ThrLayoutVMNK),_1),(_1,_0)), right_inverse(make_layout(ThrLayoutVMNK, complement(ThrLayoutVMNK))))`.
const fn thridx_to_thrid<const P: usize, const T: usize>(p: &mut Prog<P, T>, t: &MmaC) -> L {
    let size = t.vmnk.size(p);
    let shape = Tree::tuple2(&Tree::leaf(size), &Tree::int(1));
    let first = L::new(shape, Tree::tuple2(&Tree::int(1), &Tree::int(0)));
    let rest = complement1(p, &t.vmnk);
    let whole = concat2(&t.vmnk, &rest);
    let inverse = right_inverse(p, &whole);
    composition(p, &first, &inverse)
}

/// CuTe's `get_layoutA_TV/B_TV/C_TV`: `(thr_idx, val) -> coord` in the operand's tile of
/// `(tile_size<I>, tile_size<J>)`. `thrfrg_X` of the reference `make_layout((tile_size<I>,
/// tile_size<J>))`; for A and B its `(ThrI,ThrJ)` threads first become `(ThrM,ThrN,ThrK)`
/// threads (the other operand's thread mode stride 0: `(_,(make_layout((size<1>,size<2>),
/// (_1,_0) or (_0,_1)),_))`), then `compose(thridx_2_thrid, _)`.
pub(crate) const fn mma_layout_tv<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    t: &MmaC,
    x: usize,
) -> L {
    let (i, j) = MODES[x];
    let shape = Tree::tuple2(
        &Tree::leaf(t.tile_size(p, i)),
        &Tree::leaf(t.tile_size(p, j)),
    );
    let reference = make_layout(p, &shape, Major::Left);
    let thr = thrfrg(p, &CL::plain(reference), t, x).l;
    let thr = if x == C {
        thr
    } else {
        let (m, n) = (t.vmnk.mode(1).size(p), t.vmnk.mode(2).size(p));
        let strides = if x == A {
            Tree::tuple2(&Tree::int(1), &Tree::int(0))
        } else {
            Tree::tuple2(&Tree::int(0), &Tree::int(1))
        };
        let mn = L::new(Tree::tuple2(&Tree::leaf(m), &Tree::leaf(n)), strides);
        let inner = Tree::tuple2(&layout_tiler(&mn), &under());
        let tile = Tree::tuple2(&under(), &inner);
        composition_tiler(p, &thr, &Tree::tuple2(&tile, &under()))
    };
    let to_thrid = thridx_to_thrid(p, t);
    compose_first(p, &thr, &to_thrid)
}

// ---- Fragments -----------------------------------------------------------------------------

/// CuTe's `make_fragment_like(layout)` (`layout.hpp`): a compact layout of the same shape for
/// a register fragment. With rank `R > 1` and a static shape, mode 0 is column-major (keeping
/// its static `_0` strides as `_0`) and the other modes follow the order of their strides:
/// `tiled_product(make_layout(shape<0>, compact_major<LayoutLeft>(filter_zeros(stride<0>, shape<0>))),
/// make_ordered_layout(take<1,R>(shape), take<1,R>(stride)))`. Otherwise `make_layout(shape)`.
pub(crate) const fn fragment_like<const P: usize, const T: usize>(p: &mut Prog<P, T>, l: &L) -> L {
    let r = l.rank();
    if r > 1 && l.shape.is_static() {
        let (s0, d0) = (l.shape.mode(0), l.stride.mode(0));
        let kept = filter_zeros(p, &d0, &s0);
        let first = L::new(s0, compact_major(p, &kept, V::s(1), Major::Left));
        let rest = take(p, l, 1, r);
        let ordered = L::new(rest.shape, compact_order(p, &rest.shape, &rest.stride));
        tiled_product(p, &first, &layout_tiler(&ordered))
    } else {
        make_layout(p, &l.shape, Major::Left)
    }
}

/// An owning tensor's layout must be static: "Dynamic owning tensors not supported".
/// CuTe's `make_layout_like(layout)`: a compact layout of the same shape whose strides are in
/// the order of `l`'s, static `_0` strides kept: `make_layout(shape, compact_order(
/// filter_zeros(stride, shape), stride))`.
pub(crate) const fn layout_like<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    l: &L<C>,
) -> L<C> {
    let kept = filter_zeros(p, &l.stride, &l.shape);
    L::new(l.shape, compact_order(p, &kept, &l.stride))
}

pub(crate) const fn owning(l: &L) -> L {
    if !l.shape.is_static() || !l.stride.is_static() {
        Msg::new(Condition::DynamicOwningTensor.message())
            .str(": the fragment's layout ")
            .layout(&l.shape, &l.stride)
            .str(", which has run-time values; a register fragment needs a static layout")
            .fail()
    }
    *l
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::layout::IsLayout;
    use crate::tuple::Tiler;
    use crate::{layout_t, mma_atoms::SM80_16x8x8_F16F16F16F16_TN, tile_t};
    use std::string::ToString;

    /// A const layout as CuTe prints it (all static).
    fn text(l: &L) -> std::string::String {
        struct Show<'a>(&'a L);
        impl core::fmt::Display for Show<'_> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                crate::atom::write_layout_value(f, self.0)
            }
        }
        Show(l).to_string()
    }

    /// The SM80 16x8x8 atom as the algorithms see it.
    fn sm80() -> MmaAtomC {
        crate::atom::mma_atom::<SM80_16x8x8_F16F16F16F16_TN>()
    }

    #[test]
    fn permutations_are_padded_to_rank_3() {
        let t = tiled_mma(
            sm80(),
            &<layout_t!((_2,_2):(_1,_2)) as IsLayout>::LAYOUT,
            &<tile_t!((_32, _32)) as Tiler>::TILER,
        );
        let mut p = Prog::new(0);
        assert_eq!(text(&t.vmnk), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
        let sizes: std::vec::Vec<i32> = (0..3).map(|i| t.tile_size(&mut p, i).value()).collect();
        assert_eq!(sizes, [32, 32, 8]); // K: `_` is the atom's 8 times 1 thread block
    }

    #[test]
    #[should_panic(
        expected = "TiledMMA: the permutation of a mode is smaller than the atoms' tiling of it: mode N (_8) has size 8"
    )]
    fn a_permutation_smaller_than_the_atoms_is_refused() {
        tiled_mma(
            sm80(),
            &<layout_t!((_2,_2,_1):(_1,_2,_0)) as IsLayout>::LAYOUT,
            &<tile_t!((_32, _8, _8)) as Tiler>::TILER,
        );
    }

    #[test]
    fn fragments_are_compact_with_mode_0_first() {
        let mut p = Prog::new(0);
        let l = <layout_t!(((_2,_2),_2,_3):((_0,_64),_1024,_4)) as IsLayout>::LAYOUT;
        assert_eq!(
            text(&fragment_like(&mut p, &l)),
            "((_2,_2),_2,_3):((_0,_1),_6,_2)"
        );
        let rank1 = <layout_t!(_8:_4) as IsLayout>::LAYOUT;
        assert_eq!(text(&fragment_like(&mut p, &rank1)), "_8:_1");
    }
}
