//! CuTe's `tensor_impl.hpp` partitioning on const trees. A tensor is an engine and a layout
//! (plain or composed, a [`CL`]); every partitioning is a divide of the layout followed by a
//! slice, and a slice gives the sliced layout and the offset that moves the engine
//! ([`slice_and_offset`]: `layout(crd)` with every `_` read as `_0` for a plain layout; for a
//! swizzled one, the bits outside the swizzle, with the layout decayed or the selected swizzle
//! bits in its offset). Each function here returns the new layout and that move ([`Move`]),
//! which also moves an identity tensor's origin, an arithmetic tuple.

use super::by_mode::zipped_divide;
pub(crate) use super::composed::Move;
use super::composed::{CL, domain, map_b};
use super::int_tuple::product_each;
use super::layout::L;
use super::slice::{dice, dice_tree, underscores};
use super::stride::{compact_major, crd2idx};
use super::swizzle_layout::slice_and_offset;
use super::tiler::Tl;
use crate::algebra::layout::Major;
use crate::error::Msg;
use crate::prog::Prog;
use crate::tree::{At, Kind, Tree, V};

/// CuTe's `zipped_divide(tensor, tiler)`: the layout's, `A o O o zipped_divide(L, tiler)` for a
/// composed one.
const fn zipped<const P: usize, const T: usize>(p: &mut Prog<P, T>, a: &CL, t: &Tl) -> CL {
    map_b(
        a,
        "zipped_divide",
        zipped_divide(p, &domain(a, "zipped_divide"), t),
    )
}

/// CuTe's `append<R>(coord, _)`: a tuple coordinate padded with `_` to `r` elements; an
/// integer (or `_`) coordinate as it is.
const fn padded(c: &Tree, r: usize) -> Tree {
    let root = c.root();
    if !root.is_tup() {
        return *c;
    }
    let n = root.arity();
    if n > r {
        Msg::new("Mismatched Ranks: coordinate ")
            .tree(c)
            .str(" has more than ")
            .num(r as i32)
            .str(" modes")
            .fail()
    }
    let mut out = Tree::new();
    let at = out.open();
    let mut k = 0;
    while k < n {
        out.append_sub(root.child(k));
        k += 1;
    }
    while k < r {
        out.push(Kind::Under, 0);
        k += 1;
    }
    out.close(at, r);
    out
}

/// CuTe's `inner_partition(tensor, tiler, coord)`: the tile at `coord`. With
/// `Z = zipped_divide(layout, tiler)`, slice `Z` at `(repeat<R0>(_), append<R1>(coord, _))`.
pub(crate) const fn inner_partition<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: &CL,
    t: &Tl,
    c: &Tree,
) -> (CL, Move) {
    let (z, crd) = inner_parts(p, a, t, c);
    slice_and_offset(p, &crd, &z)
}

/// [`inner_partition`]'s divided layout `Z` and the coordinate it slices `Z` at.
pub(crate) const fn inner_parts<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: &CL,
    t: &Tl,
    c: &Tree,
) -> (CL, Tree) {
    let z = zipped(p, a, t);
    let mut crd = Tree::new();
    let at = crd.open();
    underscores(z.l.mode(0).rank(), &mut crd);
    crd.append(&padded(c, z.l.mode(1).rank()));
    crd.close(at, 2);
    (z, crd)
}

/// CuTe's `outer_partition(tensor, tiler, coord)`: the elements at `coord` of every tile. With
/// `Z = zipped_divide(layout, tiler)`, slice `Z` at `(append<R0>(coord, _), repeat<R1>(_))`.
pub(crate) const fn outer_partition<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: &CL,
    t: &Tl,
    c: &Tree,
) -> (CL, Move) {
    let (z, crd) = outer_parts(p, a, t, c);
    slice_and_offset(p, &crd, &z)
}

/// [`outer_partition`]'s divided layout `Z` and the coordinate it slices `Z` at.
pub(crate) const fn outer_parts<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: &CL,
    t: &Tl,
    c: &Tree,
) -> (CL, Tree) {
    let z = zipped(p, a, t);
    let mut crd = Tree::new();
    let at = crd.open();
    crd.append(&padded(c, z.l.mode(0).rank()));
    underscores(z.l.mode(1).rank(), &mut crd);
    crd.close(at, 2);
    (z, crd)
}

/// CuTe's `local_tile(tensor, tiler, coord, proj)`: `proj` (a Step such as `(_1,_,_1)`) keeps
/// the modes of `tiler` and `coord` where it has an integer; then [`inner_partition`].
pub(crate) const fn local_tile_proj<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: &CL,
    t: &Tl,
    c: &Tree,
    proj: &Tree,
) -> (CL, Move) {
    inner_partition(p, a, &dice_tree(proj, t), &dice_tree(proj, c))
}

/// CuTe's `Layout::get_flat_coord(idx)`: thread `idx`'s coordinate in `thr`, one integer per
/// top mode. `idx` splits by the strides, `(idx / d) % s` at every leaf `s:d` (a static `_1`
/// leaf is `_0`), and each top mode's coordinate folds column-major into one integer.
pub(crate) const fn flat_coord<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    thr: &L,
    idx: V,
) -> Tree {
    let (shape, stride) = (thr.shape.root(), thr.stride.root());
    if !shape.is_tup() {
        return Tree::leaf(leaf_coord(p, shape, stride, idx));
    }
    let mut out = Tree::new();
    let at = out.open();
    let mut k = 0;
    while k < shape.arity() {
        let (s, d) = (shape.child(k), stride.child(k));
        if s.is_tup() {
            let mut hier = Tree::new();
            hier_coord(p, s, d, idx, &mut hier);
            let sub = s.sub();
            let col = compact_major(p, &sub, V::s(1), Major::Left);
            out.push_leaf(crd2idx(p, &hier, &sub, &col));
        } else {
            out.push_leaf(leaf_coord(p, s, d, idx));
        }
        k += 1;
    }
    out.close(at, shape.arity());
    out
}

/// `(idx / d) % s` for the leaf `s:d` (`_0` for a static `_1`).
const fn leaf_coord<const P: usize, const T: usize>(p: &mut Prog<P, T>, s: At, d: At, idx: V) -> V {
    let s = s.v();
    if s.is_const(1) {
        return V::s(0);
    }
    let q = p.div(idx, d.v());
    p.rem(q, s)
}

/// CuTe's `idx2crd(idx, shape, stride)`: every leaf's `(idx / d) % s`, nested like the shape.
const fn hier_coord<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    s: At,
    d: At,
    idx: V,
    out: &mut Tree,
) {
    if !s.is_tup() {
        out.push_leaf(leaf_coord(p, s, d, idx));
        return;
    }
    let at = out.open();
    let mut k = 0;
    while k < s.arity() {
        hier_coord(p, s.child(k), d.child(k), idx, out);
        k += 1;
    }
    out.close(at, s.arity());
}

/// CuTe's `local_partition(tensor, thr, idx)`: the elements thread `idx` of the thread layout
/// `thr` owns: [`outer_partition`] by `product_each(shape(thr))` at thread `idx`'s flat
/// coordinate in `thr`.
pub(crate) const fn local_partition<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: &CL,
    thr: &L,
    idx: V,
) -> (CL, Move) {
    let (z, crd) = local_partition_parts(p, a, thr, idx);
    slice_and_offset(p, &crd, &z)
}

/// [`local_partition`]'s divided layout and the coordinate it slices it at.
pub(crate) const fn local_partition_parts<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: &CL,
    thr: &L,
    idx: V,
) -> (CL, Tree) {
    let tiler = if thr.shape.root().is_tup() {
        product_each(p, &thr.shape)
    } else {
        thr.shape
    };
    let c = flat_coord(p, thr, idx);
    outer_parts(p, a, &tiler, &c)
}

/// CuTe's `local_partition(tensor, thr, idx, proj)`: [`local_partition`] by `dice(proj, thr)`.
pub(crate) const fn local_partition_proj<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    a: &CL,
    thr: &L,
    idx: V,
    proj: &Tree,
) -> (CL, Move) {
    local_partition(p, a, &dice(proj, thr), idx)
}

/// The thread-value layout `make_tiled_copy(atom, thr, val)` builds (the CuTe DSL's
/// `make_layout_tv`): `(tiler_mn, layout_tv)`, with `layout_mn = raked_product(thr, val)`,
/// `layout_tv = right_inverse(layout_mn)` on the shape `(size(thr),size(val))`, and
/// `tiler_mn = product_each(shape(layout_mn))`.
pub(crate) const fn make_layout_tv<const P: usize, const T: usize>(
    p: &mut Prog<P, T>,
    thr: &L,
    val: &L,
) -> (Tree, L) {
    let layout_mn = super::product::raked_product(p, thr, val);
    let inverse = super::inverse::right_inverse(p, &layout_mn);
    let (nt, nv) = (thr.size(p), val.size(p));
    let mut shape = Tree::new();
    let at = shape.open();
    shape.push_leaf(nt);
    shape.push_leaf(nv);
    shape.close(at, 2);
    let tv_shape = super::layout::make_layout(p, &shape, Major::Left);
    let layout_tv = super::composition::composition(p, &inverse, &tv_shape);
    (product_each(p, &layout_mn.shape), layout_tv)
}
