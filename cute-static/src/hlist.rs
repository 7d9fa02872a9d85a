//! frunk's HLists as tuples (feature `frunk`): `HCons<H, T>` is the tuple whose first mode is
//! `H` and whose other modes are those of the HList `T`, and `HNil` is `()`. So
//! `hlist![_4::default(), (m, _2::default())]` is the IntTuple `(_4,(m,_2))`, usable wherever a
//! Rust tuple is: IntTuple, tiler, slice coordinate and run-time coordinate. Unlike a Rust
//! tuple, an HList can be built by generic code one mode at a time (`HCons<M, S>` for any
//! HList `S`), and has no rank limit but the size of a const tree.
//!
//! The types are frunk_core's, which `frunk` re-exports: the feature depends on frunk_core
//! alone, without frunk's proc macros.

use crate::coordinate::{Coordinate, append_shifted};
use crate::prog::Flat;
use crate::tree::Tree;
use crate::tuple::{IntTuple, Leaves, SliceCoord, Static, Tiler};
use frunk_core::hlist::{HCons, HNil};

/// The tuple of `head` followed by the modes of `tail` (a tuple), `tail`'s dynamic leaves
/// numbered after `head`'s `offset` ones.
const fn cons(head: &Tree, tail: &Tree, offset: usize) -> Tree {
    let tail = tail.shifted(offset);
    let mut t = Tree::new();
    let at = t.open();
    t.append(head);
    let modes = tail.root();
    let mut c = 0;
    while c < modes.arity() {
        t.append_sub(modes.child(c));
        c += 1;
    }
    t.close(at, modes.arity() + 1);
    t
}

impl Leaves for HNil {
    const NDYN: usize = 0;
    #[inline(always)]
    fn dyn_leaf(&self, _: usize) -> i32 {
        0
    }
}

impl<H: Leaves, T: Leaves> Leaves for HCons<H, T> {
    const NDYN: usize = H::NDYN + T::NDYN;
    #[inline(always)]
    fn dyn_leaf(&self, k: usize) -> i32 {
        if k < H::NDYN {
            self.head.dyn_leaf(k)
        } else {
            self.tail.dyn_leaf(k - H::NDYN)
        }
    }
    fn check(&self) -> Result<(), crate::LayoutError> {
        self.head.check()?;
        self.tail.check()
    }
    const FLAT: Flat = if Self::NDYN == 0 {
        Flat::EMPTY
    } else {
        Flat::EMPTY.then(&H::FLAT).then(&T::FLAT)
    };
    #[inline(always)]
    fn root(&self, k: usize) -> i32 {
        // `const`: read at compile time, not a copy of the whole `Flat` (unoptimized builds).
        let roots = const { H::FLAT.roots };
        if k < roots {
            self.head.root(k)
        } else {
            self.tail.root(k - roots)
        }
    }
}

impl Static for HNil {
    const VALUE: Self = HNil;
}

impl<H: Static, T: Static> Static for HCons<H, T> {
    const VALUE: Self = HCons {
        head: H::VALUE,
        tail: T::VALUE,
    };
}

/// `HNil` is `()`, the empty IntTuple.
impl IntTuple for HNil {
    const TREE: Tree = Tree::unit();
}

/// An HList of IntTuples is the tuple of them.
impl<H: IntTuple, T: IntTuple + frunk_core::hlist::HList> IntTuple for HCons<H, T> {
    const TREE: Tree = cons(&H::TREE, &T::TREE, H::NDYN);
}

/// The tail of an HList tiler: its modes as a tuple (`HNil`: none). `()` is not a tiler, so
/// `HNil` is only a tail.
trait TilerModes: Leaves {
    const MODES: Tree;
}

impl TilerModes for HNil {
    const MODES: Tree = Tree::unit();
}

impl<H: Tiler, T: TilerModes> TilerModes for HCons<H, T> {
    const MODES: Tree = cons(&H::TILER, &T::MODES, H::NDYN);
}

/// An HList of tilers is the tuple of them.
impl<H: Tiler, T: TilerModes> Tiler for HCons<H, T> {
    const TILER: Tree = <Self as TilerModes>::MODES;
}

/// The tail of an HList slice coordinate (`HNil`: none).
trait SliceModes: Leaves {
    const MODES: Tree;
}

impl SliceModes for HNil {
    const MODES: Tree = Tree::unit();
}

impl<H: SliceCoord, T: SliceModes> SliceModes for HCons<H, T> {
    const MODES: Tree = cons(&H::COORD, &T::MODES, H::NDYN);
}

/// An HList of slice coordinates is the tuple of them.
impl<H: SliceCoord, T: SliceModes> SliceCoord for HCons<H, T> {
    const COORD: Tree = <Self as SliceModes>::MODES;
}

/// The tail of an HList run-time coordinate (`HNil`: none); its leaves hold their left-to-right
/// index, as [`Coordinate::PROFILE`]'s do.
trait CoordModes: Copy {
    const MODES: Tree;
    const LEAVES: usize;
    fn leaf(&self, k: usize) -> i32;
}

impl CoordModes for HNil {
    const MODES: Tree = Tree::unit();
    const LEAVES: usize = 0;
    #[inline(always)]
    fn leaf(&self, _: usize) -> i32 {
        0
    }
}

impl<H: Coordinate, T: CoordModes> CoordModes for HCons<H, T> {
    const MODES: Tree = {
        let mut tail = Tree::new();
        append_shifted(&mut tail, &T::MODES, H::LEAVES);
        cons(&H::PROFILE, &tail, 0)
    };
    const LEAVES: usize = H::LEAVES + T::LEAVES;
    #[inline(always)]
    fn leaf(&self, k: usize) -> i32 {
        if k < H::LEAVES {
            self.head.leaf(k)
        } else {
            self.tail.leaf(k - H::LEAVES)
        }
    }
}

/// An HList of run-time coordinates is the tuple of them: `layout.call(hlist![i, (j, k)])`.
impl<H: Coordinate, T: CoordModes> Coordinate for HCons<H, T> {
    const PROFILE: Tree = <Self as CoordModes>::MODES;
    const LEAVES: usize = <Self as CoordModes>::LEAVES;
    #[inline(always)]
    fn leaf(&self, k: usize) -> i32 {
        CoordModes::leaf(self, k)
    }
}
