//! Const tilers: trees whose nodes are integers, `_`, layouts or tuples of tilers.

use super::layout::{L, Modes};
use super::stride::compact_leaf;
use crate::error::{Condition, Msg};
use crate::prog::Prog;
use crate::tree::{At, CAP, Kind as Node, Tree, V};

/// A tiler in preorder: a `Layout` node is followed by its shape and stride subtrees.
pub type Tl<const C: usize = CAP> = Tree<C>;

/// What a tiler node is.
#[allow(clippy::large_enum_variant)] // only used in const evaluation, where there is no Box
pub(crate) enum Kind<const C: usize = CAP> {
    Layout(L<C>),
    Int(V),
    Under,
    Tuple(usize),
}

pub(crate) const fn kind<const C: usize>(t: At<C>) -> Kind<C> {
    match t.kind() {
        Node::Int => Kind::Int(t.v()),
        Node::Under => Kind::Under,
        Node::Layout => Kind::Layout(L::new(t.child(0).sub(), t.child(1).sub())),
        Node::Tup => Kind::Tuple(t.arity()),
    }
}

/// The tiler node `t` as a layout, if it is one (`n` stands for `make_layout(n)`: `n:_1`, or
/// `_1:_0`).
pub(crate) const fn as_layout<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    t: At<C>,
) -> Option<L<C>> {
    match kind(t) {
        Kind::Layout(l) => Some(l),
        Kind::Int(n) => Some(L::int(n, compact_leaf(p, n, &mut V::s(1)))),
        _ => None,
    }
}

/// CuTe's refusal of a tiler with more modes than the layout `l` it applies to (`op`): a compile
/// error, or recorded at run time, where the caller goes on with `l`.
pub(crate) const fn too_many_modes<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    op: &str,
    t: &Tl<C>,
    l: &L<C>,
) {
    let mut m = Msg::new(op);
    m.str(": Too many modes in tiler.")
        .str(" Tiler ")
        .tree(t)
        .str(" has more modes than ")
        .layout(&l.shape, &l.stride);
    p.refuse(Condition::MismatchedRanks, &m);
}

/// CuTe's `make_layout(l0, l1, ...)`: the modes of the tiler `t` (layouts, or integers `n`
/// meaning `n:_1`) as the modes of one layout.
pub(crate) const fn concat<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    t: &Tl<C>,
) -> L<C> {
    let root = t.root();
    let n = if root.is_tup() { root.arity() } else { 1 };
    let mut m = Modes::new();
    let mut k = 0;
    while k < n {
        let mode = if root.is_tup() { root.child(k) } else { root };
        match as_layout(p, mode) {
            Some(l) => m.push(&l),
            None => Msg::new("make_layout(l0, l1, ...): mode ")
                .num(k as i32)
                .str(" of ")
                .tree(t)
                .str(" is not a layout")
                .fail(),
        }
        k += 1;
    }
    m.build()
}
