//! The algebra on run-time values, for cute-dynamic (hidden: not an API of this crate). The
//! operands are built node by node, an operation of `algebra` runs on them eagerly (a
//! dynamic integer is its value, computed on the spot with CuTe's static/dynamic rules:
//! `Prog::eager`) or as their static twin (every integer static: `Prog::twin`), and the
//! result is read back node by node. A failure of the run (a precondition, arithmetic, a
//! structure CuTe refuses) comes back with the result; the result then means nothing.
//!
//! ```
//! use cute_static::eager::{Layout, Mode, Node, Op, Reader, Run, Tuple};
//! // (_8,_4):(_1@0,_1@1) divided by the tiler (_2,_).
//! // Tuples of 16 nodes hold the operands (one that needs more says `Unfit::is_full`; then
//! // build it again in tuples of more nodes, 128 at most); the run picks its own.
//! let mut shape: Tuple<16> = Tuple::new();
//! let at = shape.open().unwrap();
//! shape.int(8, false).unwrap();
//! shape.int(4, false).unwrap();
//! shape.close(at, 2);
//! let mut stride = Tuple::new();
//! let at = stride.open().unwrap();
//! stride.scaled(1, false, &[0]).unwrap();
//! stride.scaled(1, false, &[1]).unwrap();
//! stride.close(at, 2);
//! let mut tiler = Tuple::new();
//! let at = tiler.open().unwrap();
//! tiler.int(2, false).unwrap();
//! tiler.under().unwrap();
//! tiler.close(at, 2);
//! let a = Layout::new(shape, stride).unwrap();
//! // The reader is given the result in trees of the capacity the run needed.
//! struct Nodes;
//! impl Reader for Nodes {
//!     type Out = (bool, Option<Node>, Option<Node>);
//!     fn read<const C: usize>(self, run: Run<'_, C>) -> Self::Out {
//!         let (shape, stride) = (run.layout.shape(), run.layout.stride());
//!         (run.failure.is_none(), shape.node(0), stride.node(3))
//!     }
//! }
//! let (ok, shape_root, stride_3) =
//!     cute_static::eager::run(Op::LogicalDivideTiler, &a, &tiler, Mode::Eager, Nodes).unwrap();
//! assert!(ok);
//! // ((_2,_4),_4):((_1@0,_2@0),_1@1)
//! assert_eq!(shape_root, Some(Node::Tuple(2)));
//! let two_at_0 = Node::Int { value: 2, dynamic: false, modes: [0, 0, 0], depth: 1 };
//! assert_eq!(stride_3, Some(two_at_0));
//! ```

use crate::algebra::layout::{self, L};
use crate::algebra::stride::{self, Major};
use crate::algebra::{
    by_mode, coalesce, complement, composition, int_tuple, inverse, product, recast, slice, tiled,
    tiler,
};
use crate::error::{LayoutError, Msg};
use crate::prog::Prog;
pub use crate::tree::CAP;
use crate::tree::{At, Basis, Kind, Tree, V};

/// An IntTuple, a stride of integers and scaled bases, or a tiler, in preorder, of at most `C`
/// nodes (each copy of a tuple costs its capacity: build small operands small).
#[derive(Clone, Copy)]
pub struct Tuple<const C: usize = CAP>(Tree<C>);

/// One node of a [`Tuple`] as read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Node {
    /// An integer, or the scaled basis `value@...` at `modes[..depth]` (outermost first).
    Int {
        /// The value (a scaled basis's scale).
        value: i32,
        /// Whether it is a run-time integer.
        dynamic: bool,
        /// The position of a scaled basis, outermost index first.
        modes: [usize; Basis::DEPTH],
        /// How many indices `modes` holds (0: a plain integer).
        depth: usize,
    },
    /// A tuple of this many children, which follow.
    Tuple(usize),
    /// `_` in a tiler.
    Under,
    /// A layout in a tiler: its shape, then its stride, follow.
    Layout,
}

/// One node of a [`Layout`] as read back ([`Layout::mode`]): the shape's and the stride's side
/// by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutNode {
    /// A tuple of this many modes, which follow.
    Tuple(usize),
    /// A leaf `shape:stride`, each an integer `(value, dynamic)`; `scaled`: the stride is a
    /// scaled basis (its value the scale).
    Leaf {
        /// The shape's integer.
        shape: (i32, bool),
        /// The stride's integer (a scaled basis's scale).
        stride: (i32, bool),
        /// Whether the stride is a scaled basis.
        scaled: bool,
    },
}

/// Why an operand cannot be built, or an operation not run on it: a malformed operand, or one
/// past the algebra's fixed capacity (its tuples' `C` nodes, at most 128; scaled bases 3
/// deep).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unfit(pub &'static str);

impl Unfit {
    /// A tuple or a run past its capacity ([`Unfit::is_full`]).
    ///
    /// ```
    /// assert!(cute_static::eager::Unfit::FULL.is_full());
    /// ```
    pub const FULL: Unfit = Unfit("more nodes than a tuple of the algebra holds (128 at most)");

    /// Whether this is only a capacity too small: the same operands may fit tuples of more
    /// nodes.
    ///
    /// ```
    /// use cute_static::eager::Tuple;
    /// let mut t: Tuple<2> = Tuple::new();
    /// t.int(1, false).unwrap();
    /// t.int(2, false).unwrap();
    /// assert!(t.int(3, false).unwrap_err().is_full());
    /// ```
    #[must_use]
    pub fn is_full(&self) -> bool {
        *self == Unfit::FULL
    }
}

impl<const C: usize> Default for Tuple<C> {
    fn default() -> Tuple<C> {
        Tuple::new()
    }
}

impl<const C: usize> Tuple<C> {
    /// No node yet.
    #[must_use]
    pub const fn new() -> Tuple<C> {
        Tuple(Tree::new())
    }

    const fn room(&self) -> Result<(), Unfit> {
        if self.0.len >= C {
            Err(Unfit::FULL)
        } else {
            Ok(())
        }
    }

    /// Append an integer.
    ///
    /// # Errors
    /// The tuple is full.
    pub fn int(&mut self, value: i32, dynamic: bool) -> Result<(), Unfit> {
        self.room()?;
        let v = if dynamic {
            V::eager(value)
        } else {
            V::s(value)
        };
        self.0.push_leaf(v);
        Ok(())
    }

    /// Append the scaled basis `value@...` at `modes` (outermost first).
    ///
    /// # Errors
    /// The tuple is full, or the position is deeper than 3 or an index above 15.
    pub fn scaled(&mut self, value: i32, dynamic: bool, modes: &[usize]) -> Result<(), Unfit> {
        self.room()?;
        if modes.len() > Basis::DEPTH || modes.iter().any(|&m| m >= Basis::ARITY) {
            return Err(Unfit(
                "a scaled basis nested more than 3 deep or with an index above 15",
            ));
        }
        let v = if dynamic {
            V::eager(value)
        } else {
            V::s(value)
        };
        self.0.push_leaf(v.at_basis(Basis::code(modes)));
        Ok(())
    }

    /// Append `_`.
    ///
    /// # Errors
    /// The tuple is full.
    pub fn under(&mut self) -> Result<(), Unfit> {
        self.room()?;
        self.0.push(Kind::Under, 0);
        Ok(())
    }

    /// Append a layout node (of a tiler): its shape and its stride are appended next.
    ///
    /// # Errors
    /// The tuple is full.
    pub fn layout(&mut self) -> Result<(), Unfit> {
        self.room()?;
        self.0.push(Kind::Layout, 0);
        Ok(())
    }

    /// Open a tuple; its children are appended next, then [`Tuple::close`] with their number.
    ///
    /// # Errors
    /// The tuple is full.
    pub fn open(&mut self) -> Result<usize, Unfit> {
        self.room()?;
        Ok(self.0.open())
    }

    /// Close the tuple opened at `at` with `children` children (a tuple left open, or closed with
    /// the wrong number, makes an operand that [`run`] refuses).
    pub fn close(&mut self, at: usize, children: usize) {
        if at < self.0.len && matches!(self.0.tag[at], Kind::Tup) {
            self.0.close(at, children.min(C));
        }
    }

    /// Whether every integer is static (CuTe's `Int<N>`): a run on it needs no static twin.
    ///
    /// ```
    /// use cute_static::eager::Tuple;
    /// // (_8,4)
    /// let mut t: Tuple<16> = Tuple::new();
    /// let at = t.open().unwrap();
    /// t.int(8, false).unwrap();
    /// t.int(4, true).unwrap();
    /// t.close(at, 2);
    /// assert!(!t.is_static());
    /// ```
    #[must_use]
    pub const fn is_static(&self) -> bool {
        self.0.is_static()
    }

    /// Node `i` (preorder); `None` past the last.
    #[must_use]
    pub fn node(&self, i: usize) -> Option<Node> {
        if i >= self.0.len {
            return None;
        }
        Some(match self.0.tag[i] {
            Kind::Int if self.0.meta[i] >> 1 == 0 => Node::Int {
                value: self.0.val[i],
                dynamic: self.0.meta[i] & 1 == 1,
                modes: [0; Basis::DEPTH],
                depth: 0,
            },
            Kind::Int => {
                let v = self.0.at(i);
                let (inner_first, depth) = Basis::indices(v.basis);
                let mut modes = [0; Basis::DEPTH];
                for (k, m) in modes.iter_mut().take(depth).enumerate() {
                    *m = inner_first[depth - 1 - k];
                }
                Node::Int {
                    value: v.v,
                    dynamic: v.dynamic,
                    modes,
                    depth,
                }
            }
            Kind::Tup => Node::Tuple(self.0.val[i] as usize),
            Kind::Under => Node::Under,
            Kind::Layout => Node::Layout,
        })
    }

    /// Whether this is a whole tiler: a whole preorder, each layout node's shape and stride
    /// congruent IntTuples.
    fn is_tiler(&self) -> bool {
        let t = &self.0;
        self.is_whole()
            && (0..t.len).all(|i| {
                !matches!(t.tag[i], Kind::Layout) || {
                    let shape = t.at_node(i).child(0).index();
                    let stride = t.end(shape);
                    congruent_int_tuples(t, (shape, stride), t, (stride, t.end(stride)))
                }
            })
    }

    /// Whether the preorder is whole: each tuple's children, a layout's shape and stride.
    fn is_whole(&self) -> bool {
        let mut pending = 1usize;
        for i in 0..self.0.len {
            if pending == 0 {
                return false;
            }
            pending -= 1;
            match self.0.tag[i] {
                Kind::Tup => pending = pending.saturating_add(self.0.val[i].max(0) as usize),
                Kind::Layout => pending += 2,
                Kind::Int | Kind::Under => {}
            }
        }
        pending == 0
    }
}

/// Whether the nodes `a.0 .. a.1` of `s` and `b.0 .. b.1` of `d` (whole subtrees) are IntTuples of
/// one profile: integers and tuples only, node for node alike.
fn congruent_int_tuples<const C: usize>(
    s: &Tree<C>,
    a: (usize, usize),
    d: &Tree<C>,
    b: (usize, usize),
) -> bool {
    is_int_tuple(&s.tag[a.0..a.1]) && s.same_profile_in(a, d, b)
}

/// A layout: a shape and a congruent stride, trees of `C` nodes.
#[derive(Clone, Copy)]
pub struct Layout<const C: usize = CAP>(L<C>);

impl<const C: usize> Layout<C> {
    /// The layout `shape:stride`.
    ///
    /// # Errors
    /// Either is not a whole IntTuple (a `_` or a layout node in it, or missing children), or they
    /// are not congruent.
    pub fn new(shape: Tuple<C>, stride: Tuple<C>) -> Result<Layout<C>, Unfit> {
        let whole = shape.is_whole() && stride.is_whole();
        if !whole || !congruent_int_tuples(&shape.0, (0, shape.0.len), &stride.0, (0, stride.0.len))
        {
            return Err(Unfit(
                "a shape and a stride that are not congruent IntTuples",
            ));
        }
        // Congruent: checked just above.
        Ok(Layout(L {
            shape: shape.0,
            stride: stride.0,
        }))
    }

    /// The layout `t:t` of the IntTuple `t`: the first operand of an operation on IntTuples
    /// ([`Op::on_int_tuples`], which reads its shape only), with no congruence to check.
    ///
    /// ```
    /// use cute_static::eager::{Layout, Mode, Node, Op, Reader, Run, Tuple};
    /// // shape_div((_4,_6), _8) == (_1,_3)
    /// let mut a: Tuple<16> = Tuple::new();
    /// let at = a.open().unwrap();
    /// a.int(4, false).unwrap();
    /// a.int(6, false).unwrap();
    /// a.close(at, 2);
    /// let mut b = Tuple::new();
    /// b.int(8, false).unwrap();
    /// struct Second;
    /// impl Reader for Second {
    ///     type Out = Option<Node>;
    ///     fn read<const C: usize>(self, run: Run<'_, C>) -> Option<Node> {
    ///         run.layout.shape().node(2)
    ///     }
    /// }
    /// let a = Layout::of_int_tuple(a).unwrap();
    /// let three = cute_static::eager::run(Op::ShapeDiv, &a, &b, Mode::Eager, Second).unwrap();
    /// assert_eq!(three, Some(Node::Int { value: 3, dynamic: false, modes: [0; 3], depth: 0 }));
    /// ```
    ///
    /// # Errors
    /// `t` is not a whole IntTuple (a `_` or a layout node in it, or missing children).
    pub fn of_int_tuple(t: Tuple<C>) -> Result<Layout<C>, Unfit> {
        if !(t.is_whole() && is_int_tuple(&t.0.tag[..t.0.len])) {
            return Err(Unfit("an operand that is not a whole IntTuple"));
        }
        Ok(Layout(L {
            shape: t.0,
            stride: t.0,
        }))
    }

    /// Whether every integer of the shape and the stride is static (CuTe's `Int<N>`).
    ///
    /// ```
    /// use cute_static::eager::{Layout, Tuple};
    /// // _8:_1
    /// let (mut shape, mut stride): (Tuple<16>, Tuple<16>) = (Tuple::new(), Tuple::new());
    /// shape.int(8, false).unwrap();
    /// stride.int(1, false).unwrap();
    /// assert!(Layout::new(shape, stride).unwrap().is_static());
    /// ```
    #[must_use]
    pub const fn is_static(&self) -> bool {
        self.0.shape.is_static() && self.0.stride.is_static()
    }

    /// Node `i` of the layout in preorder, the shape's and the stride's side by side (they are
    /// congruent: a leaf of one is a leaf of the other); `None` past the last. Reads the trees in
    /// place, where [`Layout::shape`] and [`Layout::stride`] copy them.
    ///
    /// ```
    /// use cute_static::eager::{LayoutBuilder, LayoutNode};
    /// // (_4,8):(_1,_4)
    /// let mut b: LayoutBuilder<16> = LayoutBuilder::new();
    /// b.tuple(2).unwrap();
    /// b.leaf((4, false), (1, false)).unwrap();
    /// b.leaf((8, true), (4, false)).unwrap();
    /// let l = b.build().unwrap();
    /// assert_eq!(l.mode(0), Some(LayoutNode::Tuple(2)));
    /// let leaf = LayoutNode::Leaf { shape: (8, true), stride: (4, false), scaled: false };
    /// assert_eq!(l.mode(2), Some(leaf));
    /// assert_eq!(l.mode(3), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn mode(&self, i: usize) -> Option<LayoutNode> {
        let (s, d) = (&self.0.shape, &self.0.stride);
        if i >= s.len {
            return None;
        }
        Some(match s.tag[i] {
            Kind::Int => LayoutNode::Leaf {
                shape: (s.val[i], s.dyn_at(i)),
                stride: (d.val[i], d.dyn_at(i)),
                scaled: d.meta[i] >> 1 != 0,
            },
            _ => LayoutNode::Tuple(s.val[i] as usize),
        })
    }

    /// The shape.
    #[must_use]
    pub const fn shape(&self) -> Tuple<C> {
        Tuple(self.0.shape)
    }

    /// The stride.
    #[must_use]
    pub const fn stride(&self) -> Tuple<C> {
        Tuple(self.0.stride)
    }
}

/// A [`Layout`] built node by node, its shape and its stride side by side (so congruent as
/// built): a tuple of some modes, or a leaf `s:d`, in preorder.
///
/// ```
/// use cute_static::eager::{LayoutBuilder, Node};
/// // (_4,8):(_1,_4)
/// let mut b: LayoutBuilder<16> = LayoutBuilder::new();
/// b.tuple(2).unwrap();
/// b.leaf((4, false), (1, false)).unwrap();
/// b.leaf((8, true), (4, false)).unwrap();
/// let l = b.build().unwrap();
/// assert_eq!(l.shape().node(2), Some(Node::Int { value: 8, dynamic: true, modes: [0; 3], depth: 0 }));
/// ```
#[derive(Clone, Copy)]
pub struct LayoutBuilder<const C: usize = CAP> {
    l: L<C>,
    /// Nodes still to come for the preorder to be whole; `None` once it was whole and a node
    /// followed.
    pending: Option<usize>,
}

impl<const C: usize> Default for LayoutBuilder<C> {
    fn default() -> LayoutBuilder<C> {
        LayoutBuilder::new()
    }
}

impl<const C: usize> LayoutBuilder<C> {
    /// No node yet.
    #[must_use]
    pub const fn new() -> LayoutBuilder<C> {
        LayoutBuilder {
            l: L {
                shape: Tree::new(),
                stride: Tree::new(),
            },
            pending: Some(1),
        }
    }

    /// One more node, whose children are `children` more to come.
    #[inline]
    fn node(&mut self, children: usize) -> Result<(), Unfit> {
        if self.l.shape.len >= C {
            return Err(Unfit::FULL);
        }
        self.pending = match self.pending {
            Some(n) if n > 0 => Some(n - 1 + children),
            _ => None,
        };
        Ok(())
    }

    /// Append a tuple of `modes` modes (they follow).
    ///
    /// # Errors
    /// The layout is full.
    #[inline]
    pub fn tuple(&mut self, modes: usize) -> Result<(), Unfit> {
        self.node(modes)?;
        let n = i32::try_from(modes).map_err(|_| Unfit::FULL)?;
        self.l.shape.push(Kind::Tup, n);
        self.l.stride.push(Kind::Tup, n);
        Ok(())
    }

    /// Append the leaf `s:d`, each an integer `(value, dynamic)`.
    ///
    /// # Errors
    /// The layout is full.
    #[inline]
    pub fn leaf(&mut self, s: (i32, bool), d: (i32, bool)) -> Result<(), Unfit> {
        self.node(0)?;
        let int = |(v, dynamic): (i32, bool)| if dynamic { V::eager(v) } else { V::s(v) };
        self.l.shape.push_leaf(int(s));
        self.l.stride.push_leaf(int(d));
        Ok(())
    }

    /// The layout.
    ///
    /// # Errors
    /// The preorder is not whole: a tuple is missing modes, or a node follows the whole layout.
    pub fn build(self) -> Result<Layout<C>, Unfit> {
        match self.pending {
            Some(0) => Ok(Layout(self.l)),
            _ => Err(Unfit(
                "a layout whose tuples miss modes or that has nodes past its end",
            )),
        }
    }
}

/// The operations [`run`] runs, each CuTe's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `coalesce(A)` (the tiler is not read).
    Coalesce,
    /// `composition(A, tiler)`, by mode for a tuple tiler (a layout node: `composition(A, B)`
    /// as a tiler, a result not shown to be `A o B` with run-time values refused).
    CompositionTiler,
    /// `composition(A, B)`, the tiler a layout node: a result not shown to be `A o B` is
    /// compared point by point ([`Mode::Compared`]).
    Composition,
    /// `logical_divide(A, tiler)`.
    LogicalDivideTiler,
    /// `zipped_divide(A, tiler)`.
    ZippedDivide,
    /// `tiled_divide(A, tiler)`.
    TiledDivide,
    /// `flat_divide(A, tiler)`.
    FlatDivide,
    /// `complement(A, cotarget)`, the tiler an IntTuple (plain integers only).
    Complement,
    /// `right_inverse(A)` (the tiler is not read; plain integers only).
    RightInverse,
    /// `logical_product(A, tiler)`, by mode for a tuple tiler (a layout node:
    /// `logical_product(A, B)`; plain integers only).
    LogicalProductTiler,
    /// `composition(A, B)` (the tiler a layout node) as CuTe C++ computes it on run-time
    /// integers: its preconditions on them not checked (CuTe's are static assertions), the
    /// answer not checked to be `A o B` (the caller compares it). Never a static twin.
    CompositionAsCute,
    /// `filter_zeros(A)` (the tiler is not read; plain integers only).
    FilterZeros,
    /// `filter(A)` (the tiler is not read; plain integers only).
    Filter,
    /// `coalesce(A, profile)`, the tiler an IntTuple (plain integers only).
    CoalesceProfile,
    /// `complement(A)`, the cotarget `cosize(filter(A))` (the tiler is not read; plain integers
    /// only).
    Complement1,
    /// `left_inverse(A)` (the tiler is not read; plain integers only).
    LeftInverse,
    /// `nullspace(A)` (the tiler is not read; plain integers only).
    Nullspace,
    /// `zipped_product(A, tiler)` (plain integers only).
    ZippedProduct,
    /// `tiled_product(A, tiler)` (plain integers only).
    TiledProduct,
    /// `flat_product(A, tiler)` (plain integers only).
    FlatProduct,
    /// `blocked_product(A, B)`, the tiler a layout node (plain integers only).
    BlockedProduct,
    /// `raked_product(A, B)`, the tiler a layout node (plain integers only).
    RakedProduct,
    /// `tile_to_shape(A, target)`, the tiler an IntTuple (plain integers only).
    TileToShape,
    /// `max_common_layout(A, B)`, the tiler a layout node (plain integers only).
    MaxCommonLayout,
    /// `max_common_vector(A, B)`, the tiler a layout node (plain integers only): the result is
    /// the layout `n:_1` of the vector `n`.
    MaxCommonVector,
    /// `upcast<N>(A)`, the tiler the static integer `N` (plain integers only).
    Upcast,
    /// `downcast<N>(A)`, the tiler the static integer `N` (plain integers only).
    Downcast,
    /// `slice(crd, A)`, the tiler the coordinate `crd` (integers, `_` and tuples).
    Slice,
    /// `dice(crd, A)`, the tiler the coordinate `crd` (integers, `_` and tuples).
    Dice,
    /// `append(A, B)`, the tiler a layout node.
    Append,
    /// `prepend(A, B)`, the tiler a layout node.
    Prepend,
    /// `append<N>(A)`, the tiler the static integer `N`.
    AppendToRank,
    /// `take<B,E>(A)`, the tiler the static integers `(B,E)`.
    Take,
    /// `group<B,E>(A)`, the tiler the static integers `(B,E)`.
    Group,
    /// `select<I...>(A)`, the tiler the static integers `(I...)` (or one).
    Select,
    /// `flatten(A)` (the tiler is not read).
    Flatten,
    /// `replace<N>(A, X)`, the tiler `(N, X)`: the static integer `N` and a layout node.
    Replace,
    /// `make_layout_like(A)` (the tiler is not read; plain integers only).
    LayoutLike,
    /// `shape_div(a, b)`, an operation on IntTuples ([`Op::on_int_tuples`]): `a` A's shape,
    /// `b` the tiler.
    ShapeDiv,
    /// `ceil_div(a, b)` on IntTuples: `a` A's shape, `b` the tiler.
    CeilDiv,
    /// `filter_zeros(a, b)` on IntTuples: `a` A's shape, `b` the tiler.
    FilterZerosOf,
    /// `product_each(a)` on an IntTuple: `a` A's shape (the tiler is not read).
    ProductEach,
    /// `compact_major<LayoutLeft>(a, current)` on an IntTuple: `a` A's shape, the tiler the
    /// integer `current`.
    CompactLeft,
    /// `compact_major<LayoutRight>(a, current)` on an IntTuple: `a` A's shape, the tiler the
    /// integer `current`.
    CompactRight,
    /// `compact_order(a, order)` on IntTuples: `a` A's shape, `order` the tiler.
    CompactOrder,
    /// `idx2crd(idx, shape)` on IntTuples: `idx` A's shape, `shape` the tiler.
    Idx2Crd,
}

/// How [`run`] runs an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Eagerly on the operands' values (a dynamic integer is its value, tagged dynamic). A
    /// composition that its rule does not show to be `A o B` is compared point by point where
    /// every value is static and refused otherwise (cute-dynamic's operations on plain layouts
    /// but `composition` itself), as while compiling.
    Eager,
    /// Eagerly, and such a composition is compared point by point on its values wherever it is
    /// (`composition(A, B)` itself, [`Op::Composition`], runs so in either mode; so do
    /// cute-dynamic's layouts of coordinates).
    Compared,
    /// As the operands' static twin: every integer made static, as CuTe computes when it knows
    /// the values.
    Twin,
}

/// What an operation takes as its second operand (the tiler of [`run`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Second {
    /// A tiler (or nothing it reads).
    Tiler,
    /// An IntTuple: a cotarget, a profile, a target shape.
    IntTuple,
    /// A layout node: B.
    Layout,
    /// A static integer: `N` of `upcast<N>` and `downcast<N>`.
    StaticInt,
    /// A coordinate: integers, `_` and tuples.
    Coord,
    /// Static integers: a tuple of them, or one.
    StaticInts,
    /// A pair of static integers, `(B,E)`.
    Range,
    /// One integer, static or dynamic.
    Int,
    /// A static integer and a layout node, `(N, X)`.
    IntAndLayout,
}

impl Op {
    /// Whether the operation takes scaled bases (the strides of identity layouts); the others
    /// take plain integers only.
    const fn takes_scaled_bases(self) -> bool {
        matches!(
            self,
            Op::Coalesce
                | Op::CompositionTiler
                | Op::Composition
                | Op::CompositionAsCute
                | Op::LogicalDivideTiler
                | Op::ZippedDivide
                | Op::TiledDivide
                | Op::FlatDivide
        ) || self.is_structural()
    }

    /// Whether the operation reads its operands' structure only, not their values: `slice`,
    /// `dice`, `append`, `prepend`, `append<N>`, `take`, `group`, `select`, `flatten`,
    /// `replace`.
    const fn is_structural(self) -> bool {
        matches!(
            self,
            Op::Slice
                | Op::Dice
                | Op::Append
                | Op::Prepend
                | Op::AppendToRank
                | Op::Take
                | Op::Group
                | Op::Select
                | Op::Flatten
                | Op::Replace
        )
    }

    /// Whether the operation is one on IntTuples: its first IntTuple is A's shape (A's stride
    /// is not read), its result the layout `r:r` of its IntTuple `r`.
    ///
    /// ```
    /// use cute_static::eager::Op;
    /// assert!(Op::ShapeDiv.on_int_tuples());
    /// assert!(!Op::Coalesce.on_int_tuples());
    /// ```
    #[must_use]
    pub const fn on_int_tuples(self) -> bool {
        matches!(
            self,
            Op::ShapeDiv
                | Op::CeilDiv
                | Op::FilterZerosOf
                | Op::ProductEach
                | Op::CompactLeft
                | Op::CompactRight
                | Op::CompactOrder
                | Op::Idx2Crd
        )
    }

    /// What the operation takes as its second operand.
    const fn second(self) -> Second {
        match self {
            Op::Complement | Op::CoalesceProfile | Op::TileToShape => Second::IntTuple,
            Op::ShapeDiv | Op::CeilDiv | Op::FilterZerosOf | Op::CompactOrder | Op::Idx2Crd => {
                Second::IntTuple
            }
            Op::CompactLeft | Op::CompactRight => Second::Int,
            Op::Composition
            | Op::CompositionAsCute
            | Op::BlockedProduct
            | Op::RakedProduct
            | Op::MaxCommonLayout
            | Op::MaxCommonVector
            | Op::Append
            | Op::Prepend => Second::Layout,
            Op::Upcast | Op::Downcast | Op::AppendToRank => Second::StaticInt,
            Op::Select => Second::StaticInts,
            Op::Take | Op::Group => Second::Range,
            Op::Replace => Second::IntAndLayout,
            Op::Slice | Op::Dice => Second::Coord,
            _ => Second::Tiler,
        }
    }

    /// Whether the operation's static twin can refuse an input that its run accepts. Not where
    /// the operation checks no CuTe condition on its way (coalesce, its profile and filter
    /// forms, `filter_zeros`, `nullspace`, `right_inverse`, `make_layout_like`: a twin's failed
    /// arithmetic is not CuTe's refusal of the input), nor for `left_inverse`, whose conditions
    /// hold on the twin's coalesced layout wherever they hold on the run's: the twin's is
    /// coarser (a merge keeps one of two strides), its strides a subsequence of the run's in the
    /// same order, and a chain of multiples stays one when links are dropped. Nor for `upcast`,
    /// whose run checks the twin's one condition on every stride, dynamic ones too, on the same
    /// values; nor for `downcast`, whose twin finds a stride `_1` wherever the run does; nor for
    /// the operations that read the structure only (`Op::is_structural`), nor for those on
    /// IntTuples (`Op::on_int_tuples`), whose one condition besides their operands' ranks,
    /// `shape_div`'s divisibility, the run checks on the same values, dynamic ones too.
    ///
    /// ```
    /// use cute_static::eager::Op;
    /// assert!(!Op::Coalesce.twin_can_refuse());
    /// assert!(Op::CompositionTiler.twin_can_refuse());
    /// ```
    #[must_use]
    pub const fn twin_can_refuse(self) -> bool {
        !matches!(
            self,
            Op::Coalesce
                | Op::CoalesceProfile
                | Op::Filter
                | Op::FilterZeros
                | Op::Nullspace
                | Op::RightInverse
                | Op::LeftInverse
                | Op::Upcast
                | Op::Downcast
                | Op::LayoutLike
        ) && !self.is_structural()
            && !self.on_int_tuples()
    }
}

/// What a run's trees are bounded for ([`bound`]): the by-mode operations' shapes.
#[derive(Clone, Copy)]
enum Shape {
    Compose,
    Divide,
    Product,
}

/// What a run gives its [`Reader`]: the result, and the run's first failure (CuTe's condition
/// with its values, failed arithmetic, a refused structure), after which the result means
/// nothing.
pub struct Run<'r, const C: usize> {
    /// The result.
    pub layout: &'r Layout<C>,
    /// The first failure, if any.
    pub failure: Option<LayoutError>,
    refusal: Option<&'r Msg>,
}

impl<const C: usize> Run<'_, C> {
    /// The text of the first failure where it is a refused structure or a composition shown not
    /// to be `A o B`: the compile error it stands for, with the operands where it was met.
    #[must_use]
    pub fn refusal(&self) -> Option<&str> {
        self.refusal.map(Msg::as_str)
    }
}

/// What reads a [`Run`] back: the run's trees have the capacity its operands need (16, 32, 64
/// or 128 nodes), which the reader is given, not told beforehand.
pub trait Reader {
    /// What it reads.
    type Out;
    /// Read the run's result and failure.
    fn read<const C: usize>(self, run: Run<'_, C>) -> Self::Out;
}

/// The nodes and the leaves of the subtree at `at`, and its runs of leaves alike static or
/// dynamic (the leaves of CuTe's `coalesce` of it as an IntTuple, at most).
fn span<const C: usize>(at: At<'_, C>) -> (usize, usize, usize) {
    let (t, i) = (at.tree(), at.index());
    let end = t.end(i);
    let (mut leaves, mut runs, mut last) = (0, 0, None);
    for k in (i..end).filter(|&k| t.is_int_at(k)) {
        leaves += 1;
        if last != Some(t.dyn_at(k)) {
            runs += 1;
            last = Some(t.dyn_at(k));
        }
    }
    (end - i, leaves, runs)
}

/// A bound on the nodes of every tree of a divide, a composition or a product (`shape`) of the
/// layout mode of shape `a` by the tiler node `t`. The rule: a composition `A o B` replaces each
/// leaf of B by at most one piece of each mode of A, so its trees have at most `nodes(B) +
/// leaves(B) * leaves(A)` nodes, besides A's own; a logical divide composes with `(B,
/// complement(B, shape(coalesce(A))))`, whose complement has a mode for each leaf of B and one
/// more, then the rest of A's coalesced shape (at most one leaf for each run of A's leaves alike
/// static or dynamic); a logical product is `(A, complement(A, size(A) * cosize(B)) o B)`, whose
/// complement has a mode for each leaf of A and two more; by mode, the modes add up, and the
/// modes past a tuple tiler are kept (a tiler with more modes than the layout is refused).
/// A mode with no leaf (`()`) that the algorithms coalesce (a divided, composed or multiplied
/// mode, a divisor, which a divide complements) is refused there, and the run goes on with
/// `_1:_0` in its place: it counts as one leaf.
fn bound<const C: usize>(shape: Shape, a: At<'_, C>, t: At<'_, C>) -> usize {
    let (na, la, runs) = span(a);
    // A mode with no leaf is refused as it is coalesced, and goes on as `_1:_0`.
    let (la, runs) = (la.max(1), runs.max(1));
    let (nb, lb) = match t.kind() {
        Kind::Under => return na,
        Kind::Tup => {
            let (n, r) = (t.arity(), if a.is_tup() { a.arity() } else { 1 });
            if n > r {
                return na + 1;
            }
            let mode = |k| if a.is_tup() { a.child(k) } else { a };
            let modes = (0..r).map(|k| {
                if k < n {
                    bound(shape, mode(k), t.child(k))
                } else {
                    span(mode(k)).0
                }
            });
            return modes.sum::<usize>() + 1;
        }
        Kind::Int => (1, 1),
        Kind::Layout => {
            let (nb, lb, _) = span(t.child(0));
            (nb, lb.max(1))
        }
    };
    match shape {
        Shape::Compose => (nb + lb * la).max(na),
        Shape::Divide => {
            let complement = lb + 1 + runs;
            let (divisor_nodes, divisor_leaves) = (2 + nb + 2 * complement, lb + complement);
            divisor_nodes + divisor_leaves * la + na
        }
        Shape::Product => {
            let complement = la + 2;
            1 + na + (1 + 2 * complement) + nb + lb * complement
        }
    }
}

/// A bound on the nodes of every tree of `op` on the layout of shape `a` and
/// the tiler `t` ([`bound`] for the by-mode operations; a complement has a mode for each leaf of
/// A and one more, then the rest of the cotarget's leaves; an inverse a mode for each leaf of A
/// and one more; a filter or a nullspace at most A's nodes and a tuple; a blocked or raked
/// product, or `tile_to_shape`, the product of the operands padded to one rank, and a pair for
/// each mode; a recast, a slice, `make_layout_like` and the operations on modes at most their
/// operands' nodes and a tuple, `append<N>` `N` modes more, `select` each listed mode any of A's;
/// a mode with no leaf counts as one leaf, as [`bound`] says).
fn op_bound<const C: usize>(op: Op, a: At<'_, C>, t: At<'_, C>) -> usize {
    match op {
        Op::Coalesce => span(a).0,
        Op::CompositionTiler | Op::Composition | Op::CompositionAsCute => {
            bound(Shape::Compose, a, t)
        }
        Op::LogicalDivideTiler | Op::ZippedDivide | Op::TiledDivide | Op::FlatDivide => {
            bound(Shape::Divide, a, t)
        }
        Op::LogicalProductTiler => bound(Shape::Product, a, t),
        Op::Complement => {
            let ((na, la, _), (nc, lc, _)) = (span(a), span(t));
            2 + la.max(1) + lc + nc.max(na)
        }
        Op::RightInverse | Op::LeftInverse | Op::Complement1 => {
            let (na, la, _) = span(a);
            3 + la.max(1) + na
        }
        Op::FilterZeros | Op::Filter | Op::Nullspace => span(a).0 + 1,
        Op::Upcast | Op::Downcast => span(a).0,
        Op::Slice | Op::Dice | Op::Flatten => span(a).0 + 1,
        Op::Append | Op::Prepend => span(a).0 + span(t.child(0)).0 + 2,
        Op::Take | Op::Group => span(a).0 + 2,
        // `_1:_0` modes up to rank `N`.
        Op::AppendToRank => span(a).0 + 2 + t.v().v.max(0) as usize,
        // Each mode listed may be any mode of A.
        Op::Select => span(a).0 * span(t).1 + 1,
        Op::Replace => span(a).0 + span(t.child(1)).0 + 1,
        Op::LayoutLike => span(a).0,
        Op::CoalesceProfile => span(a).0,
        // On IntTuples: A's shape's profile, or the tiler's (the parts of `b` that `a`'s
        // integers pick, the coordinate of each mode of a shape), or one integer for each mode.
        Op::ShapeDiv | Op::CeilDiv | Op::CompactLeft | Op::CompactRight | Op::CompactOrder => {
            span(a).0
        }
        Op::FilterZerosOf | Op::Idx2Crd => span(t).0,
        Op::ProductEach => rank(a) + 1,
        Op::ZippedProduct | Op::TiledProduct | Op::FlatProduct => bound(Shape::Product, a, t),
        Op::BlockedProduct | Op::RakedProduct => {
            let b = t.child(0);
            let r = rank(a).max(rank(b));
            rank_matched_bound(padded(a, r), padded(b, r), r)
        }
        Op::MaxCommonLayout | Op::MaxCommonVector => {
            // `right_inverse(B)`, A composed with it, and that inverse composed with a mode.
            let ((na, la, _), (nb, lb, _)) = (span(a), span(t.child(0)));
            let lb = lb.max(1);
            let inverse = (3 + lb + nb, lb + 1);
            inverse.0 + inverse.1 * la.max(1) + na + lb + 3
        }
        Op::TileToShape => {
            let r = rank(t);
            if rank(a) > r {
                // Refused as the run starts ("Rank of layout must be <= rank of target shape").
                return span(a).0;
            }
            rank_matched_bound(padded(a, r), (r + 1, r), r)
        }
    }
}

/// CuTe's `rank` of a node.
fn rank<const C: usize>(a: At<'_, C>) -> usize {
    if a.is_tup() { a.arity() } else { 1 }
}

/// The nodes and the leaves of the layout mode of shape `a` padded to rank `r` with `_1:_0`
/// modes (`append<r>`; an integer becomes a tuple).
fn padded<const C: usize>(a: At<'_, C>, r: usize) -> (usize, usize) {
    let (na, la, _) = span(a);
    let extra = r.saturating_sub(rank(a));
    (na + extra + 1, la + extra)
}

/// A bound on the nodes of every tree of `logical_product(a, b)` of two layouts of rank `r`
/// (`(nodes, leaves)` each; see [`bound`]), then zipped mode by mode (blocked and raked
/// products, `tile_to_shape`): the product's modes and a pair for each of the `r` modes.
fn rank_matched_bound((na, la): (usize, usize), (nb, lb): (usize, usize), r: usize) -> usize {
    let (la, lb) = (la.max(1), lb.max(1));
    let complement = la + 2;
    let product = 1 + na + (1 + 2 * complement) + nb + lb * complement;
    product + na + r + 2
}

/// Whether a tree holds static plain integers and tuples only, none negative.
fn static_ints<const C: usize>(t: &Tree<C>) -> bool {
    (0..t.len).all(|i| match t.tag[i] {
        Kind::Tup => true,
        Kind::Int => !t.dyn_at(i) && !t.at(i).is_basis() && t.val[i] >= 0,
        _ => false,
    })
}

/// Whether a tree is `(N, X)`: a static integer of at least 0 and a layout node.
fn int_and_layout<const C: usize>(t: &Tree<C>) -> bool {
    let root = t.root();
    root.is_tup()
        && root.arity() == 2
        && t.is_int_at(1)
        && !t.dyn_at(1)
        && !t.at(1).is_basis()
        && t.val[1] >= 0
        && matches!(root.child(1).kind(), Kind::Layout)
}

/// Whether nodes of these kinds are an IntTuple's: integers and tuples only.
fn is_int_tuple(kinds: &[Kind]) -> bool {
    kinds.iter().all(|k| matches!(k, Kind::Int | Kind::Tup))
}

/// Whether a tree has a scaled basis (which the operations on plain layouts do not take).
fn has_basis<const C: usize>(t: &Tree<C>) -> bool {
    (0..t.len).any(|i| t.is_int_at(i) && t.at(i).is_basis())
}

/// CuTe's `op` on `a` and `tiler`, eagerly on the operands as given or as their static twin
/// (`mode`), in trees of the capacity the run needs (16, 32, 64 or 128 nodes, whatever the
/// operands' `C`), read back by `reader`.
///
/// # Errors
/// A tiler whose preorder is not whole or whose layouts are not congruent, operands of a kind
/// the operation does not take (a scaled basis where it takes plain integers, a tiler where it
/// takes an IntTuple or a layout), or operands too large for every tree of the run to stay
/// within 128 nodes (the bound of `bound`, [`Unfit::FULL`]).
pub fn run<const C: usize, R: Reader>(
    op: Op,
    a: &Layout<C>,
    tiler: &Tuple<C>,
    mode: Mode,
    reader: R,
) -> Result<R::Out, Unfit> {
    let twin = matches!(mode, Mode::Twin);
    if !tiler.is_tiler() {
        return Err(Unfit(
            "a tiler with missing children or a layout whose shape and stride are not congruent",
        ));
    }
    if !op.takes_scaled_bases() && (has_basis(&a.0.stride) || has_basis(&tiler.0)) {
        return Err(Unfit("a scaled basis in an operation on plain layouts"));
    }
    match op.second() {
        Second::IntTuple if !is_int_tuple(&tiler.0.tag[..tiler.0.len]) => {
            return Err(Unfit(
                "a cotarget, profile or target that is not an IntTuple",
            ));
        }
        Second::Layout if !matches!(tiler.0.root().kind(), Kind::Layout) => {
            return Err(Unfit(
                "an operation of two layouts given a tiler that is not one",
            ));
        }
        Second::StaticInt if !(tiler.0.len == 1 && static_ints(&tiler.0)) => {
            return Err(Unfit(
                "an operand that is not a static integer of at least 0",
            ));
        }
        Second::Coord if tiler.0.tag[..tiler.0.len].contains(&Kind::Layout) => {
            return Err(Unfit("a coordinate with a layout in it"));
        }
        Second::StaticInts | Second::Range if !static_ints(&tiler.0) => {
            return Err(Unfit("modes that are not static integers of at least 0"));
        }
        Second::Range if !(tiler.0.len == 3 && tiler.0.root().arity() == 2) => {
            return Err(Unfit("a range that is not a pair (B,E)"));
        }
        Second::Int if !(tiler.0.len == 1 && tiler.0.is_int_at(0)) => {
            return Err(Unfit("an operand that is not one integer"));
        }
        Second::IntAndLayout if !int_and_layout(&tiler.0) => {
            return Err(Unfit(
                "a replacement that is not a static integer and a layout node",
            ));
        }
        _ => {}
    }
    if matches!(op, Op::CompositionAsCute) && twin {
        return Err(Unfit("CuTe's own composition, which has no static twin"));
    }
    // Trees that hold the run (room for the zipped forms' two extra tuples besides) and the
    // operands (a tiler may hold more than the result uses).
    let room = op_bound(op, a.0.shape.root(), tiler.0.root())
        .max(a.0.shape.len)
        .max(tiler.0.len)
        + 8;
    // The smallest trees that hold the run (each copy of a tree costs its capacity); the
    // operands' own where they are small or mostly needed (a copy of them for the twin).
    let (a, t) = (&a.0, &tiler.0);
    Ok(match room {
        _ if room <= C && (C <= 16 || room > C / 2) && !twin => at(op, a, t, mode, reader),
        _ if room <= C && (C <= 16 || room > C / 2) => {
            resized_at::<C, C, R>(op, a, t, mode, reader)
        }
        ..=16 => resized_at::<C, 16, R>(op, a, t, mode, reader),
        17..=32 => resized_at::<C, 32, R>(op, a, t, mode, reader),
        33..=64 => resized_at::<C, 64, R>(op, a, t, mode, reader),
        65..=CAP => resized_at::<C, CAP, R>(op, a, t, mode, reader),
        _ => return Err(Unfit::FULL),
    })
}

/// [`run`] in trees of `D` nodes: the operands copied into them (and made static for the twin,
/// [`Mode::Twin`]).
fn resized_at<const C: usize, const D: usize, R: Reader>(
    op: Op,
    a: &L<C>,
    t: &Tree<C>,
    mode: Mode,
    reader: R,
) -> R::Out {
    let (mut a, mut t): (L<D>, Tree<D>) = (resized(a), resized_tree(t));
    if matches!(mode, Mode::Twin) {
        make_static(&mut a, &mut t);
    }
    at(op, &a, &t, mode, reader)
}

/// Every integer of `a` and `t` made static: the static twin's operands.
fn make_static<const C: usize>(a: &mut L<C>, t: &mut Tree<C>) {
    for t in [&mut a.shape, &mut a.stride, t] {
        for i in 0..t.len {
            if t.is_int_at(i) {
                let v = t.at(i);
                t.set(i, V::s(v.v).at_basis(v.basis));
            }
        }
    }
}

/// `op` on `a` and `t` as `mode` says, the reader given the result.
fn at<const C: usize, R: Reader>(op: Op, a: &L<C>, t: &Tree<C>, mode: Mode, reader: R) -> R::Out {
    let mut p = match (mode, op) {
        (Mode::Twin, _) => Prog::twin(),
        (_, Op::CompositionAsCute) => Prog::as_cute(),
        (Mode::Compared, _) | (_, Op::Composition) => Prog::eager_compared(),
        (Mode::Eager, _) => Prog::eager(),
    };
    let p = &mut p;
    let out = Layout(match op {
        Op::Coalesce => coalesce::coalesce(p, a),
        Op::CompositionTiler | Op::Composition => composition::composition_tiler(p, a, t),
        Op::LogicalDivideTiler => by_mode::logical_divide_tiler(p, a, t),
        Op::ZippedDivide => by_mode::zipped_divide(p, a, t),
        Op::TiledDivide => by_mode::tiled_divide(p, a, t),
        Op::FlatDivide => by_mode::flat_divide(p, a, t),
        Op::Complement => complement::complement(p, a, t),
        Op::RightInverse => inverse::right_inverse(p, a),
        Op::LogicalProductTiler => by_mode::logical_product_tiler(p, a, t),
        Op::CompositionAsCute
        | Op::BlockedProduct
        | Op::RakedProduct
        | Op::MaxCommonLayout
        | Op::MaxCommonVector
        | Op::Append
        | Op::Prepend => match (op, tiler::kind(t.root())) {
            (Op::BlockedProduct, tiler::Kind::Layout(b)) => product::blocked_product(p, a, &b),
            (Op::RakedProduct, tiler::Kind::Layout(b)) => product::raked_product(p, a, &b),
            (Op::MaxCommonLayout, tiler::Kind::Layout(b)) => inverse::max_common_layout(p, a, &b),
            (Op::MaxCommonVector, tiler::Kind::Layout(b)) => {
                L::int(inverse::max_common_vector(p, a, &b), V::s(1))
            }
            (Op::Append, tiler::Kind::Layout(b)) => layout::append(a, &b),
            (Op::Prepend, tiler::Kind::Layout(b)) => layout::prepend(a, &b),
            (_, tiler::Kind::Layout(b)) => composition::composition_as_cute(p, a, &b),
            // Refused before the run.
            _ => *a,
        },
        Op::FilterZeros => coalesce::filter_zeros(p, a),
        Op::Filter => coalesce::filter(p, a),
        Op::CoalesceProfile => coalesce::coalesce_profile(p, a, t),
        Op::Complement1 => complement::complement1(p, a),
        Op::LeftInverse => inverse::left_inverse(p, a),
        Op::Nullspace => inverse::nullspace(p, a),
        Op::ZippedProduct => by_mode::zipped_product(p, a, t),
        Op::TiledProduct => by_mode::tiled_product(p, a, t),
        Op::FlatProduct => by_mode::flat_product(p, a, t),
        Op::TileToShape => product::tile_to_shape(p, a, t),
        // The tiler is a static integer (checked before the run).
        Op::Upcast => recast::upcast(p, t.val[0], a),
        Op::Downcast => recast::downcast(p, t.val[0], a),
        Op::Slice => slice::slice_or_dice_layout(p, t, a, true),
        Op::Dice => slice::slice_or_dice_layout(p, t, a, false),
        // The tilers are static integers (checked before the run).
        Op::AppendToRank => layout::append_to_rank(p, a, t.val[0] as usize),
        Op::Take => layout::take(p, a, t.val[1] as usize, t.val[2] as usize),
        Op::Group => layout::group(p, a, t.val[1] as usize, t.val[2] as usize),
        Op::Select => layout::select(p, a, t),
        Op::Flatten => layout::flatten(a),
        Op::LayoutLike => tiled::layout_like(p, a),
        Op::Replace => match tiler::kind(t.root().child(1)) {
            tiler::Kind::Layout(x) => layout::replace(p, a, t.val[1] as usize, &x),
            // Refused before the run.
            _ => *a,
        },
        Op::ShapeDiv => int_tuple_result(int_tuple::shape_div(p, &a.shape, t)),
        Op::CeilDiv => int_tuple_result(int_tuple::ceil_div(p, &a.shape, t)),
        Op::FilterZerosOf => int_tuple_result(int_tuple::filter_zeros(p, &a.shape, t)),
        Op::ProductEach => int_tuple_result(int_tuple::product_each(p, &a.shape)),
        // The tiler is one integer (checked before the run).
        Op::CompactLeft => {
            int_tuple_result(stride::compact_major(p, &a.shape, t.at(0), Major::Left))
        }
        Op::CompactRight => {
            int_tuple_result(stride::compact_major(p, &a.shape, t.at(0), Major::Right))
        }
        Op::CompactOrder => int_tuple_result(stride::compact_order(p, &a.shape, t)),
        Op::Idx2Crd => int_tuple_result(stride::idx2crd(p, &a.shape, t)),
    });
    reader.read(Run {
        layout: &out,
        failure: p.outcome().err(),
        refusal: p.refusal(),
    })
}

/// The result `r:r` of an operation on IntTuples ([`Op::on_int_tuples`]).
const fn int_tuple_result<const C: usize>(r: Tree<C>) -> L<C> {
    L {
        shape: r,
        stride: r,
    }
}

/// The same layout with trees of `D` nodes (the run's bound makes sure it fits).
fn resized<const C: usize, const D: usize>(l: &L<C>) -> L<D> {
    L {
        shape: resized_tree(&l.shape),
        stride: resized_tree(&l.stride),
    }
}

/// The same tree with `D` nodes (at run time: its nodes copied as slices, not one by one as
/// `Tree::append` does). `t.len <= D`: the run's trees hold its operands (`room`).
fn resized_tree<const C: usize, const D: usize>(t: &Tree<C>) -> Tree<D> {
    let mut out = Tree::<D>::new();
    let n = t.len;
    out.tag[..n].copy_from_slice(&t.tag[..n]);
    out.meta[..n].copy_from_slice(&t.meta[..n]);
    out.val[..n].copy_from_slice(&t.val[..n]);
    out.len = n;
    out
}
