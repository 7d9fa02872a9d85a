//! `Tree`: a const-evaluable IntTuple (or coordinate, or tiler) in preorder, with a fixed
//! capacity `C` (a const generic: [`CAP`] while compiling, less in an eager run at run time,
//! where each copy of a tree costs its capacity), the helpers every const algorithm uses, and [`At`], the cursor the recursive
//! algorithms walk with. Everything here is `const fn`, because the whole algebra of this crate
//! runs in const evaluation.
//!
//! A leaf is a [`V`]: a static value (CuTe's `Int<N>`) or a dynamic one (CuTe's `int`), which
//! during const evaluation is a reference to a node of a [`crate::prog::Prog`], the straight-line
//! program that computes it at run time.

use crate::error::Msg;

/// Most nodes one tree holds (leaves plus tuples) while compiling: the capacity of the algebra's
/// trees and lists, and of the layouts made of them, unless a run picks less.
///
/// ```
/// assert_eq!(cute_static::eager::CAP, 128);
/// ```
pub const CAP: usize = 128;

/// What a tree node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A leaf: an integer, static or dynamic ([`V`]).
    Int,
    /// A tuple; its value is the number of children, which follow in preorder.
    Tup,
    /// `_` in coordinates and tilers.
    Under,
    /// A layout inside a tiler: followed by its shape subtree and its stride subtree.
    Layout,
}

/// An integer during const evaluation: static (`v` is the value) or dynamic (`v` is the index of
/// the program node that computes it; in an eager run at run time, its value:
/// [`crate::prog::Prog::eager`]); a stride may be a scaled basis `v@i...` (CuTe's `ScaledBasis`,
/// the strides of identity layouts), whose position is `basis` ([`Basis`]).
#[derive(Clone, Copy, Debug)]
pub struct V {
    pub(crate) dynamic: bool,
    /// Always 0: a `V` has no padding byte, so that an array of them (a [`List`]) starts as
    /// one `memset` at run time, not a store per field per element.
    _pad: u8,
    pub(crate) basis: u16,
    pub(crate) v: i32,
}

/// The position `i, j, ...` of a scaled basis `v@...` (CuTe's `E<i,j,...>`, outermost first), as
/// a code: `0` for a plain integer, otherwise a leading `1` followed by one hexadecimal digit per
/// index (at most 3 indices below 16, which is what a code in the 15 bits of a tree node holds).
pub(crate) struct Basis;

impl Basis {
    /// Most indices of a position.
    pub(crate) const DEPTH: usize = 3;
    /// One past the greatest index.
    pub(crate) const ARITY: usize = 16;

    /// The code of the empty position `E<>` (the integer `1`'s basis): a plain integer.
    pub(crate) const NONE: u16 = 0;

    /// The code of `path` (outermost index first); a compile error beyond what a code holds.
    pub(crate) const fn code(path: &[usize]) -> u16 {
        if path.len() > Basis::DEPTH {
            Msg::new("cute-static: a scaled basis nests at most 3 deep (the identity layout of a shape nested more than 3 levels)").fail()
        }
        let mut code = if path.is_empty() { Basis::NONE } else { 1 };
        let mut k = 0;
        while k < path.len() {
            if path[k] >= Basis::ARITY {
                Msg::new("cute-static: a scaled basis index is at most 15 (the identity layout of a shape with a mode of more than 16 modes)").fail()
            }
            code = (code << 4) | path[k] as u16;
            k += 1;
        }
        code
    }

    /// The indices of `code`, innermost first (the order CuTe prints them in: `_1@0@1` is
    /// `E<1,0>`), and how many there are.
    pub(crate) const fn indices(code: u16) -> ([usize; Basis::DEPTH], usize) {
        let mut out = [0; Basis::DEPTH];
        let mut n = 0;
        let mut c = code;
        while c > 1 {
            out[n] = (c & 15) as usize;
            c >>= 4;
            n += 1;
        }
        (out, n)
    }
}

impl V {
    /// `self` as one word (a [`crate::prog::Prog`] stores its nodes' operands so: rustc validates
    /// a constant's array of integers at once, an array of structs field by field): the value
    /// in the low 32 bits, the basis in the next 16, then whether it is dynamic.
    pub(crate) const fn bits(self) -> u64 {
        self.v as u32 as u64 | (self.basis as u64) << 32 | (self.dynamic as u64) << 48
    }

    /// The value of [`V::bits`] `w`.
    pub(crate) const fn from_bits(w: u64) -> V {
        V {
            dynamic: (w >> 48) & 1 == 1,
            _pad: 0,
            basis: (w >> 32) as u16,
            v: w as u32 as i32,
        }
    }

    /// The static integer `v`.
    pub(crate) const fn s(v: i32) -> V {
        V {
            dynamic: false,
            _pad: 0,
            basis: Basis::NONE,
            v,
        }
    }

    /// The dynamic integer computed by program node `n`.
    pub(crate) const fn node(n: usize) -> V {
        V {
            dynamic: true,
            _pad: 0,
            basis: Basis::NONE,
            v: n as i32,
        }
    }

    /// The dynamic integer of value `v`, in an eager run ([`crate::prog::Prog::eager`]).
    pub(crate) const fn eager(v: i32) -> V {
        V {
            dynamic: true,
            _pad: 0,
            basis: Basis::NONE,
            v,
        }
    }

    /// The same value as a scaled basis at `basis` (`Basis::NONE`: a plain integer).
    pub(crate) const fn at_basis(self, basis: u16) -> V {
        V { basis, ..self }
    }

    /// Whether this is a scaled basis (not a plain integer).
    pub(crate) const fn is_basis(self) -> bool {
        self.basis != Basis::NONE
    }

    pub(crate) const fn is_static(self) -> bool {
        !self.dynamic
    }

    /// CuTe's `is_constant<n, T>`: statically equal to `n` (a scaled basis never is).
    pub(crate) const fn is_const(self, n: i32) -> bool {
        !self.dynamic && self.basis == Basis::NONE && self.v == n
    }

    /// The value of a static integer (an internal error for a dynamic one).
    pub(crate) const fn value(self) -> i32 {
        if self.dynamic {
            Msg::new("cute-static internal error: the value of a dynamic integer is not known while compiling").fail()
        }
        self.v
    }

    /// The same integer: equal static values, or the same program node (at the same basis).
    pub(crate) const fn same(self, o: V) -> bool {
        self.dynamic == o.dynamic && self.basis == o.basis && self.v == o.v
    }
}

/// A tree in preorder: a tuple node stores its number of children in `val`; `meta` holds an
/// integer's dynamic flag (bit 0) and its [`Basis`] code (the bits above).
#[derive(Clone, Copy, Debug)]
pub struct Tree<const C: usize = CAP> {
    pub(crate) tag: [Kind; C],
    pub(crate) meta: [u16; C],
    pub(crate) val: [i32; C],
    pub(crate) len: usize,
}

/// Up to `CAP` integers (flattened leaves and similar lists).
#[derive(Clone, Copy, Debug)]
pub(crate) struct List<const C: usize = CAP> {
    pub(crate) v: [V; C],
    pub(crate) n: usize,
}

impl<const C: usize> List<C> {
    pub(crate) const fn new() -> List<C> {
        List {
            v: [V::s(0); C],
            n: 0,
        }
    }

    #[inline]
    pub(crate) const fn push(&mut self, x: V) {
        if self.n >= C {
            too_many_elements()
        }
        self.v[self.n] = x;
        self.n += 1;
    }

    /// The elements from `k` on, moved to the front.
    pub(crate) const fn drop_front(&mut self, k: usize) {
        let mut i = k;
        while i < self.n {
            self.v[i - k] = self.v[i];
            i += 1;
        }
        self.n -= k;
    }

    /// Whether every element is static.
    pub(crate) const fn is_static(&self) -> bool {
        let mut k = 0;
        while k < self.n {
            if self.v[k].dynamic {
                return false;
            }
            k += 1;
        }
        true
    }
}

impl<const C: usize> Tree<C> {
    /// The empty tree (no node at all; used as a builder start).
    pub(crate) const fn new() -> Tree<C> {
        Tree {
            tag: [Kind::Int; C],
            meta: [0; C],
            val: [0; C],
            len: 0,
        }
    }

    /// A single integer.
    pub(crate) const fn leaf(v: V) -> Tree<C> {
        let mut t = Tree::new();
        t.push_leaf(v);
        t
    }

    /// A single static integer.
    pub(crate) const fn int(v: i32) -> Tree<C> {
        Tree::leaf(V::s(v))
    }

    /// The empty tuple `()`.
    pub(crate) const fn unit() -> Tree<C> {
        let mut t = Tree::new();
        t.push(Kind::Tup, 0);
        t
    }

    pub(crate) const fn push(&mut self, tag: Kind, v: i32) {
        self.push_node(tag, 0, v);
    }

    #[inline]
    const fn push_node(&mut self, tag: Kind, meta: u16, v: i32) {
        if self.len >= C {
            too_many_nodes()
        }
        self.tag[self.len] = tag;
        self.meta[self.len] = meta;
        self.val[self.len] = v;
        self.len += 1;
    }

    /// Append an integer leaf.
    pub(crate) const fn push_leaf(&mut self, v: V) {
        self.push_node(Kind::Int, meta(v), v.v);
    }

    /// Start a tuple whose children follow; returns the node index to [`Tree::close`].
    pub(crate) const fn open(&mut self) -> usize {
        self.push(Kind::Tup, 0);
        self.len - 1
    }

    /// Set the number of children of the tuple opened at `at`.
    pub(crate) const fn close(&mut self, at: usize, children: usize) {
        self.val[at] = children as i32;
    }

    /// The tuple opened at `at`, whose only child is the leaf after it (the last node), replaced
    /// by that leaf.
    pub(crate) const fn unwrap_leaf(&mut self, at: usize) {
        self.tag[at] = self.tag[at + 1];
        self.meta[at] = self.meta[at + 1];
        self.val[at] = self.val[at + 1];
        self.len = at + 1;
    }

    /// Append the subtree at `x`.
    pub(crate) const fn append_sub<const D: usize>(&mut self, x: At<D>) {
        let end = x.tree.end(x.i);
        let mut k = x.i;
        while k < end {
            self.push_node(x.tree.tag[k], x.tree.meta[k], x.tree.val[k]);
            k += 1;
        }
    }

    /// Append a whole tree.
    pub(crate) const fn append<const D: usize>(&mut self, src: &Tree<D>) {
        self.append_sub(src.root());
    }

    /// One past the last node of the subtree rooted at `i`.
    pub(crate) const fn end(&self, i: usize) -> usize {
        let mut pending = 1usize;
        let mut k = i;
        while pending > 0 {
            pending -= 1;
            match self.tag[k] {
                Kind::Tup => pending += self.val[k] as usize,
                Kind::Layout => pending += 2,
                _ => {}
            }
            k += 1;
        }
        k
    }

    /// The cursor at the root.
    pub(crate) const fn root(&self) -> At<'_, C> {
        At { tree: self, i: 0 }
    }

    /// The cursor at node `i`.
    pub(crate) const fn at_node(&self, i: usize) -> At<'_, C> {
        At { tree: self, i }
    }

    /// Whether node `i` is an integer.
    pub(crate) const fn is_int_at(&self, i: usize) -> bool {
        matches!(self.tag[i], Kind::Int)
    }

    /// The integer at node `i` (callers check `is_int_at`).
    pub(crate) const fn at(&self, i: usize) -> V {
        V {
            dynamic: self.dyn_at(i),
            _pad: 0,
            basis: self.meta[i] >> 1,
            v: self.val[i],
        }
    }

    /// Whether node `i` is a dynamic integer.
    pub(crate) const fn dyn_at(&self, i: usize) -> bool {
        self.meta[i] & 1 != 0
    }

    /// Overwrite the integer at node `i`.
    pub(crate) const fn set(&mut self, i: usize, v: V) {
        self.meta[i] = meta(v);
        self.val[i] = v.v;
    }

    /// Overwrite the value at node `i` by a plain integer's, keeping the node's basis (a scaled
    /// basis stays one); a scaled basis `v` brings its own.
    pub(crate) const fn set_value(&mut self, i: usize, v: V) {
        if v.is_basis() {
            self.set(i, v);
        } else {
            let basis = self.at(i).basis;
            self.set(i, v.at_basis(basis));
        }
    }

    /// Whether some leaf is a scaled basis.
    pub(crate) const fn has_basis(&self) -> bool {
        let mut k = 0;
        while k < self.len {
            if self.is_int_at(k) && self.meta[k] >> 1 != Basis::NONE {
                return true;
            }
            k += 1;
        }
        false
    }

    /// Whether the root is an integer.
    pub(crate) const fn is_int(&self) -> bool {
        self.root().is_int()
    }

    /// The root integer (callers check `is_int`).
    pub(crate) const fn value(&self) -> V {
        self.at(0)
    }

    /// CuTe's `rank`: children of a tuple, 1 for anything else.
    pub(crate) const fn rank(&self) -> usize {
        let r = self.root();
        if r.is_tup() { r.arity() } else { 1 }
    }

    /// CuTe's `get<k>`: mode `k` (an integer is its own mode 0).
    pub(crate) const fn mode(&self, k: usize) -> Tree<C> {
        self.mode_at(k).sub()
    }

    /// The cursor at mode `k` (CuTe's `get<k>`: an integer is its own mode 0).
    pub(crate) const fn mode_at(&self, k: usize) -> At<'_, C> {
        let r = self.root();
        if r.is_tup() { r.child(k) } else { r }
    }

    /// CuTe's `depth`.
    pub(crate) const fn depth(&self) -> usize {
        self.root().depth()
    }

    /// The leaf values, left to right.
    pub(crate) const fn leaves(&self) -> List<C> {
        let mut out = List::new();
        self.push_leaves(&mut out);
        out
    }

    /// Append the leaves, left to right, to `out`.
    pub(crate) const fn push_leaves(&self, out: &mut List<C>) {
        let mut k = 0;
        while k < self.len {
            if self.is_int_at(k) {
                out.push(self.at(k));
            }
            k += 1;
        }
    }

    /// Whether every leaf is static.
    pub(crate) const fn is_static(&self) -> bool {
        let mut k = 0;
        while k < self.len {
            if self.is_int_at(k) && self.dyn_at(k) {
                return false;
            }
            k += 1;
        }
        true
    }

    /// Append the dynamic leaves, left to right, to `out`.
    pub(crate) const fn push_dynamic_leaves(&self, out: &mut List<C>) {
        let mut k = 0;
        while k < self.len {
            if self.is_int_at(k) && self.dyn_at(k) {
                out.push(self.at(k));
            }
            k += 1;
        }
    }

    /// Number the dynamic leaves `first`, `first + 1`, ... left to right; returns the next
    /// number.
    pub(crate) const fn number_dynamic_leaves(&mut self, first: usize) -> usize {
        let mut next = first;
        let mut k = 0;
        while k < self.len {
            if self.is_int_at(k) && self.dyn_at(k) {
                self.set_value(k, V::node(next));
                next += 1;
            }
            k += 1;
        }
        next
    }

    /// The static twin: every dynamic leaf `k` replaced by `to.v[k]`.
    pub(crate) const fn with_values<const D: usize>(&self, to: &List<D>) -> Tree<C> {
        let mut t = *self;
        t.map_dynamic_leaves(to);
        t
    }

    /// Replace every dynamic leaf `k` by `to.v[k]`.
    pub(crate) const fn map_dynamic_leaves<const D: usize>(&mut self, to: &List<D>) {
        let mut k = 0;
        while k < self.len {
            if self.is_int_at(k) && self.dyn_at(k) {
                self.set_value(k, to.v[self.val[k] as usize]);
            }
            k += 1;
        }
    }

    /// The same tree with every dynamic leaf's reference moved by `offset` (operand `k`'s
    /// leaves become the program's inputs after those of operands `0..k`).
    pub(crate) const fn shifted(&self, offset: usize) -> Tree<C> {
        let mut t = *self;
        let mut k = 0;
        while k < t.len {
            if t.is_int_at(k) && t.dyn_at(k) {
                t.val[k] += offset as i32;
            }
            k += 1;
        }
        t
    }

    /// The static product of the leaves, for trees known to be static (CuTe's `size`).
    pub(crate) const fn static_size(&self) -> i32 {
        let l = self.leaves();
        let mut p = 1i32;
        let mut i = 0;
        while i < l.n {
            p = crate::error::mul(p, l.v[i].value());
            i += 1;
        }
        p
    }

    /// A flat tuple of `list`; a single element stands alone when `unwrap` is set.
    pub(crate) const fn from_list(list: &List<C>, unwrap: bool) -> Tree<C> {
        let mut t = Tree::new();
        t.push_list(list, unwrap);
        t
    }

    /// Append [`Tree::from_list`]`(list, unwrap)`.
    pub(crate) const fn push_list(&mut self, list: &List<C>, unwrap: bool) {
        if unwrap && list.n == 1 {
            self.push_leaf(list.v[0]);
            return;
        }
        self.push(Kind::Tup, list.n as i32);
        let mut k = 0;
        while k < list.n {
            self.push_leaf(list.v[k]);
            k += 1;
        }
    }

    /// CuTe's `flatten`: an integer stays an integer.
    pub(crate) const fn flatten(&self) -> Tree<C> {
        if self.is_int() {
            *self
        } else {
            Tree::from_list(&self.leaves(), false)
        }
    }

    /// Same nesting, node for node.
    pub(crate) const fn same_profile(&self, other: &Tree<C>) -> bool {
        self.same_profile_in((0, self.len), other, (0, other.len))
    }

    /// [`Tree::same_profile`] of this tree's nodes `i .. end` and `other`'s `j .. other_end`.
    pub(crate) const fn same_profile_in(
        &self,
        (i, end): (usize, usize),
        other: &Tree<C>,
        (j, other_end): (usize, usize),
    ) -> bool {
        if end - i != other_end - j {
            return false;
        }
        let mut k = 0;
        while i + k < end {
            let (x, y) = (i + k, j + k);
            let same_kind = matches!(
                (self.tag[x], other.tag[y]),
                (Kind::Int, Kind::Int)
                    | (Kind::Tup, Kind::Tup)
                    | (Kind::Under, Kind::Under)
                    | (Kind::Layout, Kind::Layout)
            );
            if !same_kind || (matches!(self.tag[x], Kind::Tup) && self.val[x] != other.val[y]) {
                return false;
            }
            k += 1;
        }
        true
    }

    /// Node-by-node equality (dynamic leaves: the same program node).
    pub(crate) const fn equals(&self, other: &Tree<C>) -> bool {
        if !self.same_profile(other) {
            return false;
        }
        let mut k = 0;
        while k < self.len {
            if self.val[k] != other.val[k] || self.meta[k] != other.meta[k] {
                return false;
            }
            k += 1;
        }
        true
    }

    /// A tuple of the given trees.
    pub(crate) const fn tuple2(a: &Tree<C>, b: &Tree<C>) -> Tree<C> {
        let mut t = Tree::new();
        t.push(Kind::Tup, 2);
        t.append(a);
        t.append(b);
        t
    }
}

/// A node of a tree: the cursor the recursive algorithms walk with.
#[derive(Clone, Copy)]
pub(crate) struct At<'a, const C: usize = CAP> {
    tree: &'a Tree<C>,
    i: usize,
}

impl<'a, const C: usize> At<'a, C> {
    /// The node's index in its tree.
    pub(crate) const fn index(self) -> usize {
        self.i
    }

    /// The tree this node belongs to (whole, from its root).
    pub(crate) const fn tree(self) -> &'a Tree<C> {
        self.tree
    }

    pub(crate) const fn kind(self) -> Kind {
        self.tree.tag[self.i]
    }

    pub(crate) const fn is_tup(self) -> bool {
        matches!(self.kind(), Kind::Tup)
    }

    pub(crate) const fn is_int(self) -> bool {
        matches!(self.kind(), Kind::Int)
    }

    /// Number of children of a tuple.
    pub(crate) const fn arity(self) -> usize {
        self.tree.val[self.i] as usize
    }

    /// The integer of a leaf (callers check `is_int`).
    pub(crate) const fn v(self) -> V {
        self.tree.at(self.i)
    }

    /// Child `k` of a tuple (of a tiler's layout node: 0 is the shape, 1 the stride).
    pub(crate) const fn child(self, k: usize) -> At<'a, C> {
        let mut i = self.i + 1;
        let mut n = 0;
        while n < k {
            i = self.tree.end(i);
            n += 1;
        }
        At { tree: self.tree, i }
    }

    /// The subtree here as a tree of its own.
    pub(crate) const fn sub(self) -> Tree<C> {
        let mut t = Tree::new();
        t.append_sub(self);
        t
    }

    /// The leaf values of the subtree here, left to right.
    pub(crate) const fn leaves(self) -> List<C> {
        let mut out = List::new();
        let end = self.tree.end(self.i);
        let mut k = self.i;
        while k < end {
            if self.tree.is_int_at(k) {
                out.push(self.tree.at(k));
            }
            k += 1;
        }
        out
    }

    /// CuTe's `depth`.
    pub(crate) const fn depth(self) -> usize {
        if !self.is_tup() {
            return 0;
        }
        let mut best = 0;
        let mut c = 0;
        while c < self.arity() {
            let d = self.child(c).depth();
            if d > best {
                best = d;
            }
            c += 1;
        }
        best + 1
    }
}

/// A tree node's `meta` for the integer `v`.
/// [`Tree::push_node`] past the capacity (out of line: every push inlines the check).
#[cold]
#[inline(never)]
const fn too_many_nodes() -> ! {
    Msg::new("cute-static: more than 128 nodes in one tuple").fail()
}

/// [`List::push`] past the capacity.
#[cold]
#[inline(never)]
const fn too_many_elements() -> ! {
    Msg::new("cute-static: more than 128 elements").fail()
}

const fn meta(v: V) -> u16 {
    (v.basis << 1) | v.dynamic as u16
}

/// Trees, layouts and const integers in the messages of compile errors ([`Msg`]), as CuTe
/// prints them.
impl Msg {
    /// An integer during const evaluation: `_N` if static, `?` (a run-time value) if dynamic.
    pub(crate) const fn v(&mut self, v: V) -> &mut Msg {
        if v.dynamic {
            self.str("?");
        } else {
            self.int(v.v);
        }
        let (indices, n) = Basis::indices(v.basis);
        let mut k = 0;
        while k < n {
            self.str("@").num(indices[k] as i32);
            k += 1;
        }
        self
    }

    /// A tree in CuTe text.
    pub(crate) const fn tree<const C: usize>(&mut self, t: &Tree<C>) -> &mut Msg {
        self.node(t.root())
    }

    const fn node<const C: usize>(&mut self, t: At<C>) -> &mut Msg {
        match t.kind() {
            Kind::Int => self.v(t.v()),
            Kind::Under => self.str("_"),
            Kind::Layout => self.node(t.child(0)).str(":").node(t.child(1)),
            Kind::Tup => {
                self.str("(");
                let mut c = 0;
                while c < t.arity() {
                    if c > 0 {
                        self.str(",");
                    }
                    self.node(t.child(c));
                    c += 1;
                }
                self.str(")")
            }
        }
    }

    /// A layout `shape:stride` in CuTe text.
    pub(crate) const fn layout<const C: usize>(
        &mut self,
        shape: &Tree<C>,
        stride: &Tree<C>,
    ) -> &mut Msg {
        self.tree(shape);
        self.str(":");
        self.tree(stride)
    }
}
