//! A const layout `shape:stride` and CuTe's basic layout functions: make_layout, get, append,
//! prepend, concat, cosize, evaluation plans.

pub(crate) use super::stride::{LayoutAt, Major};
use crate::error::Msg;
use crate::prog::{Flat, Prog};
use crate::tree::{CAP, Kind, List, Tree, V};

/// A layout as a pair of const trees.
#[derive(Clone, Copy, Debug)]
pub struct L<const C: usize = CAP> {
    pub(crate) shape: Tree<C>,
    pub(crate) stride: Tree<C>,
}

impl<const C: usize> L<C> {
    /// This layout (whose dynamic leaves are numbered as `flat`'s leaves) with every dynamic
    /// leaf replaced by the node of `flat`'s program computing it, and that program: the start
    /// of a program over the roots that computes more from the layout.
    pub(crate) const fn rooted(&self, flat: &Flat) -> (Prog, L<C>) {
        let mut rooted = *self;
        rooted.shape.map_dynamic_leaves(&flat.out);
        rooted.stride.map_dynamic_leaves(&flat.out);
        (flat.prog, rooted)
    }

    /// The static twin: dynamic leaf `k` replaced by `values.v[k]`.
    pub(crate) const fn with_values(&self, values: &List<C>) -> L<C> {
        let (mut shape, mut stride) = (self.shape, self.stride);
        shape.map_dynamic_leaves(values);
        stride.map_dynamic_leaves(values);
        L { shape, stride }
    }

    /// `make_layout(shape, stride)`: shape and stride must be congruent.
    pub(crate) const fn new(shape: Tree<C>, stride: Tree<C>) -> L<C> {
        if !shape.same_profile(&stride) {
            Msg::new("Layout: shape ")
                .tree(&shape)
                .str(" and stride ")
                .tree(&stride)
                .str(" are not congruent")
                .fail()
        }
        L { shape, stride }
    }

    /// CuTe's `Layout<_1,_0>{}`.
    pub(crate) const fn trivial() -> L<C> {
        L {
            shape: Tree::int(1),
            stride: Tree::int(0),
        }
    }

    /// No node yet: a layout to write in place ([`L::open`], [`L::push_int`], ...).
    pub(crate) const fn empty() -> L<C> {
        L {
            shape: Tree::new(),
            stride: Tree::new(),
        }
    }

    /// Open a mode that is a tuple; its modes are appended next, then [`L::close`].
    pub(crate) const fn open(&mut self) -> usize {
        self.stride.open();
        self.shape.open()
    }

    /// Close the tuple opened at `at`, of `modes` modes.
    pub(crate) const fn close(&mut self, at: usize, modes: usize) {
        self.shape.close(at, modes);
        self.stride.close(at, modes);
    }

    /// Close the tuple opened at `at`, of `modes` leaves, and a single leaf stands alone (CuTe's
    /// `unwrap`).
    pub(crate) const fn close_unwrapped(&mut self, at: usize, modes: usize) {
        if modes == 1 {
            self.shape.unwrap_leaf(at);
            self.stride.unwrap_leaf(at);
        } else {
            self.close(at, modes);
        }
    }

    /// Append the mode `s:d`.
    pub(crate) const fn push_int(&mut self, s: V, d: V) {
        self.shape.push_leaf(s);
        self.stride.push_leaf(d);
    }

    /// Append the layout of the leaves `(s, d)` (of one or more modes): a single leaf stands
    /// alone, several make a tuple.
    pub(crate) const fn push_leaves(&mut self, (s, d): (&List<C>, &List<C>)) {
        self.shape.push_list(s, true);
        self.stride.push_list(d, true);
    }

    /// The rank-1 layout `s:d`.
    pub(crate) const fn int(s: V, d: V) -> L<C> {
        L {
            shape: Tree::leaf(s),
            stride: Tree::leaf(d),
        }
    }

    pub(crate) const fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// CuTe's `get<k>(layout)` (checked).
    pub(crate) const fn mode(&self, k: usize) -> L<C> {
        if k >= self.rank() {
            Msg::new("get: mode ")
                .num(k as i32)
                .str(" of rank-")
                .num(self.rank() as i32)
                .str(" layout ")
                .layout(&self.shape, &self.stride)
                .fail()
        }
        // Written in place: a tree built apart and moved in costs its capacity twice more.
        let mut m = L::empty();
        m.push_mode(self, k);
        m
    }

    /// Append the layout `l` (its trees copied in place).
    pub(crate) const fn push(&mut self, l: &L<C>) {
        self.shape.append(&l.shape);
        self.stride.append(&l.stride);
    }

    /// Append mode `k` of `l` (`get<k>(l)`, with no layout of its own built).
    pub(crate) const fn push_mode(&mut self, l: &L<C>, k: usize) {
        self.shape.append_sub(l.shape.mode_at(k));
        self.stride.append_sub(l.stride.mode_at(k));
    }

    /// CuTe's `size`: the product of the shape's leaves.
    pub(crate) const fn size<const P: usize, const T: usize>(&self, p: &mut Prog<P, T>) -> V {
        p.product(&self.shape.leaves())
    }

    /// CuTe's `cosize`: `layout(size - 1) + 1`, i.e. `1 + sum((s - 1) * |d|)` over the modes
    /// (CuTe's formula for the last offset, which for negative strides counts `|d|`).
    pub(crate) const fn cosize<const P: usize, const T: usize>(&self, p: &mut Prog<P, T>) -> V {
        let (s, d) = (self.shape.leaves(), self.stride.leaves());
        let mut sum = V::s(0);
        let mut k = 0;
        while k < s.n {
            let span = p.sub(s.v[k], V::s(1));
            let ad = p.abs(d.v[k]);
            let term = p.mul(span, ad);
            sum = p.add(sum, term);
            k += 1;
        }
        p.add(sum, V::s(1))
    }

    /// The dynamic leaves, shape first, then stride, each left to right.
    pub(crate) const fn dyn_leaves(&self) -> List<C> {
        let mut out = List::new();
        self.shape.push_dynamic_leaves(&mut out);
        self.stride.push_dynamic_leaves(&mut out);
        out
    }

    /// The operand numbering of [`L::dyn_leaves`] moved by `offset`.
    pub(crate) const fn shifted(&self, offset: usize) -> L<C> {
        L {
            shape: self.shape.shifted(offset),
            stride: self.stride.shifted(offset),
        }
    }

    /// The cursor at the root.
    pub(crate) const fn root(&self) -> LayoutAt<'_, C> {
        LayoutAt {
            shape: self.shape.root(),
            stride: self.stride.root(),
        }
    }

    pub(crate) const fn eq(&self, other: &L<C>) -> bool {
        self.shape.equals(&other.shape) && self.stride.equals(&other.stride)
    }
}

/// A builder for layouts made of modes: `make_layout(l0, l1, ...)`.
#[derive(Clone, Copy)]
pub(crate) struct Modes<const C: usize = CAP> {
    shape: Tree<C>,
    stride: Tree<C>,
    n: usize,
}

impl<const C: usize> Modes<C> {
    pub(crate) const fn new() -> Modes<C> {
        let mut m = Modes {
            shape: Tree::new(),
            stride: Tree::new(),
            n: 0,
        };
        m.shape.push(Kind::Tup, 0);
        m.stride.push(Kind::Tup, 0);
        m
    }

    pub(crate) const fn push(&mut self, l: &L<C>) {
        self.shape.append(&l.shape);
        self.stride.append(&l.stride);
        self.counted();
    }

    /// Push the mode `s:d` (no layout of its own built: each costs its capacity).
    pub(crate) const fn push_int(&mut self, s: V, d: V) {
        self.shape.push_leaf(s);
        self.stride.push_leaf(d);
        self.counted();
    }

    /// Push mode `k` of `l` (no layout of its own built).
    pub(crate) const fn push_mode(&mut self, l: &L<C>, k: usize) {
        self.shape.append_sub(l.shape.mode_at(k));
        self.stride.append_sub(l.stride.mode_at(k));
        self.counted();
    }

    /// One more mode pushed.
    const fn counted(&mut self) {
        self.n += 1;
        self.shape.val[0] = self.n as i32;
        self.stride.val[0] = self.n as i32;
    }

    /// The tuple layout of the pushed modes.
    pub(crate) const fn build(&self) -> L<C> {
        L {
            shape: self.shape,
            stride: self.stride,
        }
    }
}

/// CuTe's `make_layout(a, b)`.
pub(crate) const fn concat2<const C: usize>(a: &L<C>, b: &L<C>) -> L<C> {
    let mut m = Modes::new();
    m.push(a);
    m.push(b);
    m.build()
}

/// CuTe's `append(a, b)`: `b` as a new last mode (an integer layout first becomes a 1-mode
/// tuple). Structural only: no arithmetic, so static and dynamic leaves pass through as they are.
pub(crate) const fn append<const C: usize>(a: &L<C>, b: &L<C>) -> L<C> {
    let mut m = Modes::new();
    let mut k = 0;
    while k < a.rank() {
        m.push_mode(a, k);
        k += 1;
    }
    m.push(b);
    m.build()
}

/// CuTe's `prepend(a, b)`: `b` as a new first mode.
pub(crate) const fn prepend<const C: usize>(a: &L<C>, b: &L<C>) -> L<C> {
    let mut m = Modes::new();
    m.push(b);
    let mut k = 0;
    while k < a.rank() {
        m.push_mode(a, k);
        k += 1;
    }
    m.build()
}

/// CuTe's `append<N>(layout)`: padded with static `_1:_0` modes up to rank `n` (unchanged at
/// rank `n`). A rank above `n` is refused (a compile error; recorded at run time, where the run
/// goes on with `a`).
pub(crate) const fn append_to_rank<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    n: usize,
) -> L<C> {
    let r = a.rank();
    if r == n {
        return *a;
    }
    if r > n {
        let mut m = Msg::new("append: cannot pad rank-");
        m.num(r as i32)
            .str(" layout ")
            .layout(&a.shape, &a.stride)
            .str(" to rank ")
            .num(n as i32);
        p.refuse_invalid(&m);
        return *a;
    }
    let mut m = Modes::new();
    let mut k = 0;
    while k < r {
        m.push_mode(a, k);
        k += 1;
    }
    while k < n {
        m.push_int(V::s(1), V::s(0));
        k += 1;
    }
    m.build()
}

/// CuTe's `make_layout(shape)` (`LayoutLeft`) or `make_layout(shape, LayoutRight{})`.
pub(crate) const fn make_layout<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    shape: &Tree<C>,
    major: Major,
) -> L<C> {
    L::new(
        *shape,
        super::stride::compact_major(p, shape, V::s(1), major),
    )
}

/// Most leaves a runtime evaluation plan handles.
pub const PLAN_CAP: usize = 64;

/// CuTe's `take<B,E>(layout)`: the modes `[B, E)`. An empty range, or one past the rank, is
/// refused (a compile error; recorded at run time, where the run goes on with `a`).
pub(crate) const fn take<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    b: usize,
    e: usize,
) -> L<C> {
    if b >= e {
        let mut m = Msg::new("take: empty range error: [");
        m.num(b as i32).str(",").num(e as i32).str(")");
        p.refuse_invalid(&m);
        return *a;
    }
    if e > a.rank() {
        let mut m = Msg::new("take: range out of bounds: [");
        m.num(b as i32)
            .str(",")
            .num(e as i32)
            .str(") of rank-")
            .num(a.rank() as i32)
            .str(" layout ")
            .layout(&a.shape, &a.stride);
        p.refuse_invalid(&m);
        return *a;
    }
    let mut m = Modes::new();
    let mut k = b;
    while k < e {
        m.push_mode(a, k);
        k += 1;
    }
    m.build()
}

/// CuTe's `select<I...>(layout)`: the modes listed in `modes` (static integers), in that
/// order. Modes that are not static, or not modes of `a`, are refused (a compile error;
/// recorded at run time, where the run goes on with `a`).
pub(crate) const fn select<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    modes: &Tree<C>,
) -> L<C> {
    let list = modes.leaves();
    if !list.is_static() {
        let mut m = Msg::new("select: the modes must be static integers, got ");
        m.tree(modes);
        p.refuse_invalid(&m);
        return *a;
    }
    let mut m = Modes::new();
    let mut k = 0;
    while k < list.n {
        let i = list.v[k].v;
        if i < 0 || i as usize >= a.rank() {
            let mut msg = Msg::new("select: mode ");
            msg.num(i)
                .str(" of rank-")
                .num(a.rank() as i32)
                .str(" layout ")
                .layout(&a.shape, &a.stride);
            p.refuse_invalid(&msg);
            return *a;
        }
        m.push_mode(a, i as usize);
        k += 1;
    }
    m.build()
}

/// CuTe's `group<B,E>(layout)`: the modes `[B, E)` made one mode (refused as [`take`]'s
/// range is).
pub(crate) const fn group<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    b: usize,
    e: usize,
) -> L<C> {
    let inner = take(p, a, b, e);
    if b >= e || e > a.rank() {
        // Refused by `take`.
        return inner;
    }
    let mut m = Modes::new();
    let mut k = 0;
    while k < a.rank() {
        if k == b {
            m.push(&inner);
        }
        if k < b || k >= e {
            m.push_mode(a, k);
        }
        k += 1;
    }
    m.build()
}

/// CuTe's `replace<N>(layout, x)`: mode `n` replaced by `x` (a layout that is not a tuple is its
/// own mode 0, replaced whole). A mode past the rank is refused (a compile error; recorded at
/// run time, where the run goes on with `a`).
pub(crate) const fn replace<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    n: usize,
    x: &L<C>,
) -> L<C> {
    let r = a.rank();
    if n >= r {
        let mut m = Msg::new("replace: mode ");
        m.num(n as i32)
            .str(" of rank-")
            .num(r as i32)
            .str(" layout ")
            .layout(&a.shape, &a.stride);
        p.refuse_invalid(&m);
        return *a;
    }
    if !a.shape.root().is_tup() {
        return *x;
    }
    let mut m = Modes::new();
    let mut k = 0;
    while k < r {
        let mode = if k == n { *x } else { a.mode(k) };
        m.push(&mode);
        k += 1;
    }
    m.build()
}

/// CuTe's `flatten(layout)`: one mode per leaf of the shape and of the stride.
pub(crate) const fn flatten<const C: usize>(a: &L<C>) -> L<C> {
    L::new(a.shape.flatten(), a.stride.flatten())
}

/// A tiler node for a layout.
pub(crate) const fn layout_tiler<const C: usize>(l: &L<C>) -> Tree<C> {
    let mut t = Tree::new();
    t.push(Kind::Layout, 0);
    t.append(&l.shape);
    t.append(&l.stride);
    t
}
