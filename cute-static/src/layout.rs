//! Layouts: [`Layout<Shape, Stride>`] built from IntTuples, and [`LayoutOf<E>`], the result of an
//! operation. Both have the same methods and print as CuTe prints them. Their structure and static
//! values are types; their dynamic values are run-time `i32`s (an all-static layout is
//! zero-sized).

use crate::algebra::layout::{L, PLAN_CAP};
use crate::coordinate::{Coordinate, Crd, coord_plan, idx_plan};
use crate::error::LayoutError;
use crate::print::write_tree;
use crate::prog::{Code, Prog, run, run_checked};
use crate::tree::{CAP, List, Tree, V};
use crate::tuple::{IntTuple, Leaves, Static, Tiler, layout_tiler};
use core::fmt;

/// A layout `Shape:Stride` of IntTuples, CuTe's `Layout<Shape, Stride>`. Static leaves (`C<N>`)
/// are types; dynamic leaves (`i32`) are stored, so an all-static layout is zero-sized and
/// `Layout<(i32, C<4>), (C<1>, i32)>` is 8 bytes.
///
/// ```
/// use cute_static::{layout, Layout, _2, _4, _1};
/// type RowMajor = Layout<(_4, _2), (_2, _1)>;
/// let l = RowMajor::new();
/// assert_eq!(l.to_string(), "(_4,_2):(_2,_1)");
/// assert_eq!(l.call(5), 3);
/// assert_eq!(core::mem::size_of::<RowMajor>(), 0);
/// // A run-time M: column-major (M,_4):(_1,M).
/// let m = 100;
/// let a = layout!((m, _4):(_1, m));
/// assert_eq!(a.to_string(), "(100,_4):(_1,100)");
/// assert_eq!(a.call((3, 2)), 203);
/// assert_eq!(core::mem::size_of_val(&a), 8);
/// ```
#[derive(Clone, Copy, Default, Hash)]
pub struct Layout<S, D> {
    shape: S,
    stride: D,
}

impl<S: IntTuple, D: IntTuple> Layout<S, D> {
    /// CuTe's `make_layout(shape, stride)`: shape and stride must be congruent (checked while
    /// compiling).
    ///
    /// ```
    /// use cute_static::{Layout, _1};
    /// let l = Layout::from_parts((7, _1::default()), (_1::default(), 7));
    /// assert_eq!(l.to_string(), "(7,_1):(_1,7)");
    /// ```
    #[inline(always)]
    pub fn from_parts(shape: S, stride: D) -> Self {
        let _ = <Self as IsLayout>::LAYOUT;
        Layout { shape, stride }
    }
}

/// A layout type: [`Layout`] or the result of an operation ([`LayoutOf`]). Generic code over
/// layouts takes `L: IsLayout` (CuTe's `is_layout`).
///
/// ```
/// use cute_static::{composition, layout, IsLayout};
/// fn offset<L: IsLayout>(l: L, i: i32) -> i32 {
///     cute_static::call(&l, i)
/// }
/// assert_eq!(offset(layout!((_4,_2):(_2,_1)), 5), 3);
/// ```
pub trait IsLayout: Leaves {
    /// The structure as a const layout; dynamic leaves hold their number.
    #[doc(hidden)]
    const LAYOUT: L;
}

/// A layout whose leaves are all static: its numbers are associated constants.
///
/// ```
/// use cute_static::{layout_t, StaticLayout};
/// type L = layout_t!((_4,_2):(_2,_1));
/// assert_eq!(<L as StaticLayout>::SIZE, 8);
/// ```
pub trait StaticLayout: IsLayout + Static {
    /// CuTe's `size`.
    const SIZE: i32 = Self::LAYOUT.shape.static_size();
    /// CuTe's `cosize`.
    const COSIZE: i32 = {
        let mut p = Prog::new(0);
        Self::LAYOUT.cosize(&mut p).value()
    };
    /// CuTe's `rank`.
    const RANK: usize = Self::LAYOUT.rank();
    /// CuTe's `depth`.
    const DEPTH: usize = Self::LAYOUT.shape.depth();
}

impl<T: IsLayout + Static> StaticLayout for T {}

impl<S: IntTuple, D: IntTuple> Leaves for Layout<S, D> {
    const NDYN: usize = S::NDYN + D::NDYN;
    #[inline(always)]
    fn dyn_leaf(&self, k: usize) -> i32 {
        if k < S::NDYN {
            self.shape.dyn_leaf(k)
        } else {
            self.stride.dyn_leaf(k - S::NDYN)
        }
    }
}

impl<S: IntTuple, D: IntTuple> IsLayout for Layout<S, D> {
    const LAYOUT: L = L::new(S::TREE, D::TREE.shifted(S::NDYN));
}

impl<S: Static, D: Static> Static for Layout<S, D> {
    const VALUE: Self = Layout {
        shape: S::VALUE,
        stride: D::VALUE,
    };
}

/// The symbolic result of an operation: its layout (or IntTuple, as the shape) whose dynamic
/// leaves are nodes of its program.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Sym {
    pub(crate) layout: L,
    pub(crate) prog: Prog,
}

impl Sym {
    /// An IntTuple result (no stride).
    pub(crate) const fn tuple(t: Tree, prog: Prog) -> Sym {
        Sym {
            layout: L {
                shape: t,
                stride: Tree::new(),
            },
            prog,
        }
    }
}

/// The dynamic leaves numbered 0, 1, ... (shape first, then stride).
const fn numbered(l: &L) -> L {
    let mut out = *l;
    let next = out.shape.number_dynamic_leaves(0);
    out.stride.number_dynamic_leaves(next);
    out
}

/// An operation applied to its operands, which it keeps: its result is computed while
/// compiling ([`Expr::SYM`]) except the dynamic values, which it computes from the operands'
/// on demand.
#[doc(hidden)]
pub trait Expr: Copy {
    /// The result, symbolically.
    const SYM: Sym;
    /// The result's structure, dynamic leaves numbered.
    const OUT: L = numbered(&Self::SYM.layout);
    /// The result's dynamic leaves as straight-line code over the operands'.
    const CODE: Code = Code::compile(&Self::SYM.prog, &Self::SYM.layout.dyn_leaves());
    /// Dynamic leaf `k` of the operands, in order.
    fn input(&self, k: usize) -> i32;
    /// The operands' run-time checks.
    fn check_args(&self) -> Result<(), LayoutError>;
}

/// Dynamic leaf `k` of an expression's result.
#[inline(always)]
pub(crate) fn expr_leaf<E: Expr>(e: &E, k: usize) -> i32 {
    let code: &Code = const { &E::CODE };
    run(code, k, |i| e.input(i))
}

/// The run-time checks of an expression and everything it was computed from.
pub(crate) fn expr_check<E: Expr>(e: &E) -> Result<(), LayoutError> {
    e.check_args()?;
    let prog: &Prog = const { &E::SYM.prog };
    run_checked(prog, |i| e.input(i))
}

/// The layout an operation computes: CuTe's result, with the operation's operands kept so that
/// its dynamic values are computed where they are used. Every operation returning a layout
/// returns a `LayoutOf`.
///
/// ```
/// use cute_static::{composition, layout};
/// let r = composition(layout!((_10,_2):(_16,_4)), layout!((_5,_4):(_1,_5)));
/// assert_eq!(r.to_string(), "(_5,(_2,_2)):(_16,(_80,_4))");
/// assert_eq!(core::mem::size_of_val(&r), 0);
/// ```
#[derive(Clone, Copy, Default)]
pub struct LayoutOf<E>(pub(crate) E);

/// What every result type shares: its dynamic leaves are its expression's, computed on demand
/// from the operands it keeps, and its checks are its expression's.
macro_rules! result_type {
    ($($t:ident),*) => {$(
        impl<E: Expr> Leaves for $t<E> {
            const NDYN: usize = E::OUT.dyn_leaves().n;
            #[inline(always)]
            fn dyn_leaf(&self, k: usize) -> i32 {
                $crate::layout::expr_leaf(&self.0, k)
            }
            fn check(&self) -> Result<(), LayoutError> {
                $crate::layout::expr_check(&self.0)
            }
        }

        impl<E: Static> Static for $t<E> {
            const VALUE: Self = $t(E::VALUE);
        }
    )*};
}
pub(crate) use result_type;

result_type!(LayoutOf);

impl<E: Expr> IsLayout for LayoutOf<E> {
    const LAYOUT: L = E::OUT;
}

impl<E: Expr> Tiler for LayoutOf<E> {
    const TILER: Tree = layout_tiler(&E::OUT);
}

/// CuTe's `layout(coord)` for any layout; the same as the `call` method.
///
/// ```
/// let l = cute_static::layout!((_4,_2):(_2,_1));
/// assert_eq!(cute_static::call(&l, 5), 3);
/// ```
#[inline(always)]
pub fn call<T: IsLayout, Cd: Coordinate>(l: &T, coord: Cd) -> i32 {
    if const { T::NDYN == 0 } {
        let plan = const { &coord_plan(&Cd::PROFILE, &T::LAYOUT).statics() };
        let mut off = 0i32;
        let mut k = 0;
        while k < plan.n {
            off = off.wrapping_add(plan.term(k, coord.leaf(plan.leaf[k])));
            k += 1;
        }
        return off;
    }
    let plan = const { &coord_plan(&Cd::PROFILE, &T::LAYOUT) };
    let value = |v: V| {
        if v.dynamic {
            run(&plan.code, v.v as usize, |k| l.dyn_leaf(k))
        } else {
            v.v
        }
    };
    let mut off = 0i32;
    let mut k = 0;
    while k < plan.n {
        let mut c = coord.leaf(plan.leaf[k]);
        if !plan.div[k].is_const(1) {
            let d = value(plan.div[k]);
            c = if d == 0 { 0 } else { c.wrapping_div(d) };
        }
        if plan.has_mod[k] {
            let m = value(plan.modulus[k]);
            c = if m == 0 { 0 } else { c.wrapping_rem(m) };
        }
        off = off.wrapping_add(c.wrapping_mul(value(plan.stride[k])));
        k += 1;
    }
    off
}

/// Print a layout's shape and stride with its dynamic values.
fn write_layout<T: IsLayout>(f: &mut fmt::Formatter<'_>, l: &T) -> fmt::Result {
    let get = |k: usize| l.dyn_leaf(k);
    write_tree(f, &T::LAYOUT.shape, 0, &get)?;
    f.write_str(":")?;
    write_tree(f, &T::LAYOUT.stride, 0, &get).map(|_| ())
}

/// The shape or the stride of a layout, its dynamic leaves renumbered in order and read.
fn part<T: IsLayout>(l: &T, stride: bool) -> TupleText {
    let mut tree = if stride {
        T::LAYOUT.stride
    } else {
        T::LAYOUT.shape
    };
    let mut vals = [0; CAP];
    let slots = tree.leaves();
    let mut n = 0;
    for v in &slots.v[..slots.n] {
        if v.dynamic {
            vals[n] = l.dyn_leaf(v.v as usize);
            n += 1;
        }
    }
    tree.number_dynamic_leaves(0);
    TupleText { tree, vals }
}

/// The product of the shape's leaves, at run time.
#[inline(always)]
fn run_size<T: IsLayout>(l: &T) -> i32 {
    let leaves: &List = const { &T::LAYOUT.shape.leaves() };
    let mut p = 1i32;
    let mut k = 0;
    while k < leaves.n {
        let v = leaves.v[k];
        p = p.wrapping_mul(if v.dynamic {
            l.dyn_leaf(v.v as usize)
        } else {
            v.v
        });
        k += 1;
    }
    p
}

/// `1 + sum((s - 1) * |d|)`, at run time.
#[inline(always)]
fn run_cosize<T: IsLayout>(l: &T) -> i32 {
    let s: &List = const { &T::LAYOUT.shape.leaves() };
    let d: &List = const { &T::LAYOUT.stride.leaves() };
    let get = |v: V| {
        if v.dynamic {
            l.dyn_leaf(v.v as usize)
        } else {
            v.v
        }
    };
    let mut sum = 1i32;
    let mut k = 0;
    while k < s.n {
        let span = get(s.v[k]).wrapping_sub(1);
        sum = sum.wrapping_add(span.wrapping_mul(get(d.v[k]).wrapping_abs()));
        k += 1;
    }
    sum
}

macro_rules! layout_methods {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*> $T {
            /// `layout(coord)`: the offset of an index (`i32`) or of a (nested) coordinate
            /// tuple, CuTe's `crd2idx(coord, shape, stride)`. For an all-static layout this
            /// folds to the hand-written index arithmetic (a constant for a constant
            /// coordinate); a layout with dynamic leaves does not fold that far yet.
            ///
            /// ```
            /// let l = cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1)));
            /// assert_eq!(l.call(16), 17);
            /// assert_eq!(l.call((1, (1, 2))), 17);
            /// ```
            #[inline(always)]
            pub fn call<Cd: Coordinate>(&self, coord: Cd) -> i32 {
                call(self, coord)
            }

            /// CuTe's `crd2idx(coord, layout)`, the same as `call`.
            ///
            /// ```
            /// let l = cute_static::layout!((_2,_3):(_3,_1));
            /// assert_eq!(l.crd2idx((1, 2)), 5);
            /// ```
            #[inline(always)]
            pub fn crd2idx<Cd: Coordinate>(&self, coord: Cd) -> i32 {
                call(self, coord)
            }

            /// CuTe's `idx2crd(idx, shape)`: the natural coordinate of a run-time index.
            ///
            /// ```
            /// let l = cute_static::layout!(((_2,_2),(_4,_2),(_2,_3)):((_1,_2),(_4,_16),(_32,_64)));
            /// assert_eq!(l.idx2crd(191).to_string(), "((1,1),(3,1),(1,2))");
            /// ```
            #[inline(always)]
            pub fn idx2crd(&self, i: i32) -> Crd {
                let plan = const { &idx_plan(&<Self as IsLayout>::LAYOUT) };
                let value = |v: V| {
                    if v.dynamic {
                        run(&plan.code, v.v as usize, |k| self.dyn_leaf(k))
                    } else {
                        v.v
                    }
                };
                let mut vals = [0; PLAN_CAP];
                let mut k = 0;
                while k < plan.n {
                    let d = value(plan.div[k]);
                    let mut c = if d == 0 { 0 } else { i.wrapping_div(d) };
                    if plan.has_mod[k] {
                        let m = value(plan.modulus[k]);
                        c = if m == 0 { 0 } else { c.wrapping_rem(m) };
                    }
                    vals[k] = c;
                    k += 1;
                }
                Crd {
                    shape: <Self as IsLayout>::LAYOUT.shape,
                    vals,
                    n: plan.n,
                }
            }

            /// CuTe's `get<I>(layout)`: mode `I` as a layout.
            ///
            /// ```
            /// let l = cute_static::layout!((_4,(_3,_2)):(_2,(_8,_1)));
            /// assert_eq!(l.get::<1>().to_string(), "(_3,_2):(_8,_1)");
            /// ```
            #[inline(always)]
            pub fn get<const I: usize>(self) -> crate::ops::Get<I, Self> {
                crate::ops::get::<I, Self>(self)
            }

            /// CuTe's `layout<I>(layout)`, the same as `get`.
            ///
            /// ```
            /// let l = cute_static::layout!((_4,(_3,_2)):(_2,(_8,_1)));
            /// assert_eq!(l.layout::<0>().to_string(), "_4:_2");
            /// ```
            #[inline(always)]
            pub fn layout<const I: usize>(self) -> crate::ops::Get<I, Self> {
                self.get::<I>()
            }

            /// CuTe's `size(layout)`.
            ///
            /// ```
            /// assert_eq!(cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1))).size(), 18);
            /// let m = 5;
            /// assert_eq!(cute_static::layout!((m,_4):(_1,m)).size(), 20);
            /// ```
            #[inline(always)]
            pub fn size(&self) -> i32 {
                run_size(self)
            }

            /// CuTe's `cosize(layout)`.
            ///
            /// ```
            /// assert_eq!(cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1))).cosize(), 21);
            /// ```
            #[inline(always)]
            pub fn cosize(&self) -> i32 {
                run_cosize(self)
            }

            /// CuTe's `rank(layout)`.
            ///
            /// ```
            /// assert_eq!(cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1))).rank(), 2);
            /// ```
            #[inline(always)]
            pub const fn rank(&self) -> usize {
                <Self as IsLayout>::LAYOUT.rank()
            }

            /// CuTe's `depth(layout)`.
            ///
            /// ```
            /// assert_eq!(cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1))).depth(), 2);
            /// ```
            #[inline(always)]
            pub const fn depth(&self) -> usize {
                <Self as IsLayout>::LAYOUT.shape.depth()
            }

            /// The shape, printed as CuTe text.
            ///
            /// ```
            /// assert_eq!(cute_static::layout!((_4,_2):(_2,_1)).shape().to_string(), "(_4,_2)");
            /// ```
            pub fn shape(&self) -> TupleText {
                part(self, false)
            }

            /// The stride, printed as CuTe text.
            ///
            /// ```
            /// let n = 9;
            /// assert_eq!(cute_static::layout!((_4,_2):(n,_1)).stride().to_string(), "(9,_1)");
            /// ```
            pub fn stride(&self) -> TupleText {
                part(self, true)
            }

            /// This layout after the run-time checks of CuTe's preconditions on the dynamic
            /// values it was computed from (CuTe C++ checks only static values and returns a
            /// wrong layout otherwise). Checks the whole chain of operations.
            ///
            /// ```
            /// use cute_static::{composition, layout, Condition};
            /// let bad = composition(layout!((4, 1):(1, _1)), layout!(_6:_5));
            /// assert_eq!(bad.checked().unwrap_err().condition(), Some(Condition::StrideDivisibility));
            /// let good = composition(layout!((4, 2):(1, 4)), layout!(_4:_2));
            /// assert_eq!(good.checked().unwrap().to_string(), "(2,2):(2,4)");
            /// ```
            pub fn checked(self) -> Result<Self, LayoutError> {
                Leaves::check(&self)?;
                Ok(self)
            }
        }

        impl<$($g)*> fmt::Display for $T {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_layout(f, self)
            }
        }

        impl<$($g)*> fmt::Debug for $T {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_layout(f, self)
            }
        }
    )*};
}

layout_methods!([S: IntTuple, D: IntTuple] Layout<S, D>, [E: Expr] LayoutOf<E>);

macro_rules! static_methods {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*> $T {
            /// The value of this all-static layout type (zero-sized).
            ///
            /// ```
            /// let l = cute_static::layout!((_2,_3):(_3,_1));
            /// assert_eq!(l.size(), 6);
            /// ```
            #[inline(always)]
            pub const fn new() -> Self {
                <Self as Static>::VALUE
            }

            /// `layout(i)` for an index, usable in `const` contexts.
            ///
            /// ```
            /// const X: i32 = cute_static::layout!((_4,_2):(_2,_1)).call_index(5);
            /// assert_eq!(X, 3);
            /// ```
            #[inline(always)]
            pub const fn call_index(&self, i: i32) -> i32 {
                let plan = const { &coord_plan(&<i32 as Coordinate>::PROFILE, &<Self as IsLayout>::LAYOUT).statics() };
                let mut off = 0i32;
                let mut k = 0;
                while k < plan.n {
                    off = off.wrapping_add(plan.term(k, i));
                    k += 1;
                }
                off
            }
        }
    )*};
}

static_methods!([S: IntTuple + Static, D: IntTuple + Static] Layout<S, D>, [E: Expr + Static] LayoutOf<E>);

/// An IntTuple value for printing (`Display` gives CuTe text).
///
/// ```
/// let l = cute_static::layout!((_4,(_2,_2)):(_1,(_8,_4)));
/// assert_eq!(l.shape().to_string(), "(_4,(_2,_2))");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TupleText {
    tree: Tree,
    vals: [i32; CAP],
}

impl fmt::Display for TupleText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tree(f, &self.tree, 0, &|k| self.vals[k]).map(|_| ())
    }
}

/// Whether two layouts print the same: the same structure, the same static values and the same
/// dynamic values (static `_4` and dynamic `4` differ, as in CuTe's text).
fn same_text<A: IsLayout, B: IsLayout>(a: &A, b: &B) -> bool {
    let (x, y) = (A::LAYOUT, B::LAYOUT);
    let same_tree = |s: &Tree, t: &Tree| {
        s.same_profile(t)
            && (0..s.len).all(|k| {
                if !s.is_int_at(k) {
                    return true;
                }
                let (u, v) = (s.at(k), t.at(k));
                match (u.dynamic, v.dynamic) {
                    (false, false) => u.v == v.v,
                    (true, true) => a.dyn_leaf(u.v as usize) == b.dyn_leaf(v.v as usize),
                    _ => false,
                }
            })
    };
    same_tree(&x.shape, &y.shape) && same_tree(&x.stride, &y.stride)
}

macro_rules! layout_eq {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*, T: IsLayout> PartialEq<T> for $T {
            /// Layouts are equal when they print the same, whatever operations made them.
            fn eq(&self, other: &T) -> bool {
                same_text(self, other)
            }
        }
    )*};
}

layout_eq!([S: IntTuple, D: IntTuple] Layout<S, D>, [E: Expr] LayoutOf<E>);

/// Whether two all-static layout types are the same layout (same shape, same stride), in
/// `const` contexts.
///
/// ```
/// use cute_static::{same_layout, layout_t, Coalesce};
/// type L = layout_t!((_2,(_1,_6)):(_1,(_6,_2)));
/// const _: () = assert!(same_layout::<Coalesce<L>, layout_t!(_12:_1)>());
/// ```
pub const fn same_layout<A: StaticLayout, B: StaticLayout>() -> bool {
    A::LAYOUT.eq(&B::LAYOUT)
}
