//! Const tilers: trees whose nodes are integers, `_`, layouts or tuples of tilers.

use super::layout::{L, Major};
use crate::error::Msg;
use crate::prog::Prog;
use crate::tree::{Kind as Node, Tree, V};

/// A tiler in preorder: a `Layout` node is followed by its shape and stride subtrees.
pub type Tl = Tree;

/// What the tiler node at an index is.
#[allow(clippy::large_enum_variant)] // only used in const evaluation, where there is no Box
pub(crate) enum Kind {
    Layout(L),
    Int(V),
    Under,
    Tuple(usize),
}

pub(crate) const fn kind(t: &Tl, i: usize) -> Kind {
    match t.tag[i] {
        Node::Int => Kind::Int(t.at(i)),
        Node::Under => Kind::Under,
        Node::Layout => {
            let stride_at = t.end(i + 1);
            Kind::Layout(L::new(t.sub(i + 1), t.sub(stride_at)))
        }
        Node::Tup => Kind::Tuple(t.arity(i)),
    }
}

/// The tiler node at `i` as a layout, if it is one (`n` stands for `make_layout(n)`).
pub(crate) const fn as_layout(p: &mut Prog, t: &Tl, i: usize) -> Option<L> {
    match kind(t, i) {
        Kind::Layout(l) => Some(l),
        Kind::Int(n) => Some(super::layout::make_layout(p, &Tree::leaf(n), Major::Left)),
        _ => None,
    }
}

pub(crate) const fn too_many_modes(op: &str, t: &Tl, l: &L) -> ! {
    Msg::new(op)
        .str(": Too many modes in tiler.")
        .str(" Tiler ")
        .tree(t)
        .str(" has more modes than ")
        .layout(&l.shape, &l.stride)
        .fail()
}
