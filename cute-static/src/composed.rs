//! Composed layouts, CuTe's `ComposedLayout<A,O,L>` (`layout_composed.hpp`): the function
//! `c -> A(O + L(c))` with the shape, size, rank and coordinates of `L`. `A` is a [`Swizzle`]
//! (the swizzled shared-memory layouts and the GMMA atoms), `O` an offset (`_k`, a run-time
//! `i32`, or [`SmemPtr`]), `L` a layout.
//!
//! Every operation CuTe defines on composed layouts is a method of [`ComposedOf`] with CuTe's
//! name; like the layout operations, its const body runs CuTe's algorithm while compiling and
//! its result keeps its operands. Most apply to `L` alone, `op(A o O o L, x) = A o O o op(L, x)`;
//! a result can be a plain layout where CuTe's is (`composition(Sw<0,M,S>, L)` is `L`, a sliced
//! swizzle can decay), and then it prints and evaluates as that layout.
//!
//! ```
//! use cute_static::{layout, Swizzle};
//! let smem = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
//! assert_eq!(smem.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
//! assert_eq!(smem.call((1, 0)), 72);                     // Sw(64) = 64 ^ (64 >> 3)
//! let tiles = smem.tile_to_shape(cute_static::int_tuple!((_128,_128)));
//! assert_eq!(tiles.to_string(), "Sw<3,3,3> o _0 o ((_8,_16),(_64,_2)):((_64,_512),(_1,_8192))");
//! assert_eq!(core::mem::size_of_val(&tiles), 0);
//! ```

use crate::algebra::complement as cm;
use crate::algebra::composed::{self as cd, CL, Form};
use crate::algebra::swizzle::{Off, Swz};
use crate::algebra::swizzle_layout as sl;
use crate::algebra::{
    by_mode as bm, coalesce as co, composition as cp, divide as dv, product as pr,
};
use crate::coordinate::Coordinate;
use crate::error::LayoutError;
use crate::expr::{CExpr, CSym, Expr, Sym, leaf_of};
use crate::int::C;
use crate::layout::{IsLayout, LayoutOf};
use crate::ops::arg;
use crate::prog::{Flat, Prog, run_checked};
use crate::swizzle::{SmemPtr, Swizzle};
use crate::tree::{Tree, V};
use crate::tuple::{IntTuple, Leaves, SliceCoord, Static, Tiler};
use crate::values::IntOf;
use core::fmt;

/// Why `call` of an `L o O o Sw` refuses a coordinate (a compile error).
const LO_SW_CALL: &str =
    "a composed layout `L o O o Sw` takes an integer: its domain is the swizzle's";

/// A composed layout type (the operand of the operations on composed layouts).
#[doc(hidden)]
pub trait IsComposed: Leaves {
    /// The structure; dynamic leaves numbered (offset first, then `L`).
    const COMPOSED: CL;
}

/// The offset `O` of a composed layout: a static `C<N>` (`_N`), a run-time `i32`, or
/// [`SmemPtr`] (`smem_ptr[Nb](unset)`, the GMMA atoms' static 0).
///
/// ```
/// use cute_static::{layout, make_composed_layout, Swizzle, _4};
/// let c = make_composed_layout(Swizzle::<1, 0, 1>::new(), _4::default(), layout!(_4:_1));
/// assert_eq!(c.to_string(), "Sw<1,0,1> o _4 o _4:_1");
/// ```
pub trait Offset: Leaves {
    /// The offset in const evaluation.
    #[doc(hidden)]
    const OFFSET: Off;
}

impl<const N: i32> Offset for C<N> {
    const OFFSET: Off = Off::Int(V::s(N));
}

impl Offset for i32 {
    const OFFSET: Off = Off::Int(V::node(0));
}

impl<const BITS: i32> Offset for SmemPtr<BITS> {
    const OFFSET: Off = Off::Smem(BITS);
}

/// A swizzle functor, the `A` of a composed layout: [`Swizzle`].
///
/// ```
/// use cute_static::{layout, make_composed_layout, Swizzle, _0};
/// let c = make_composed_layout(Swizzle::<2, 0, 2>::new(), _0::default(), layout!(_16:_1));
/// assert_eq!(c.call(4), 5);
/// ```
pub trait SwizzleFn: Leaves {
    /// The swizzle in const evaluation.
    #[doc(hidden)]
    const SWZ: Swz;
}

impl<const B: i32, const M: i32, const S: i32> SwizzleFn for Swizzle<B, M, S> {
    const SWZ: Swz = Swizzle::<B, M, S>::SWZ;
}

/// A composed layout an operation computes (or the plain layout it decays to, as in CuTe),
/// keeping its operands: the composed counterpart of [`LayoutOf`]. [`ComposedLayout`] is the
/// one [`make_composed_layout`] builds. Zero-sized when every part is static.
///
/// ```
/// use cute_static::{layout, Swizzle};
/// let c = Swizzle::<1, 3, 1>::new().composition(layout!((_8,_8):(_8,_1)));
/// assert_eq!(c.right_inverse().to_string(), "Sw<1,0,1> o _0 o (_8,_8):(_8,_1)");
/// assert_eq!(core::mem::size_of_val(&c), 0);
/// ```
#[derive(Clone, Copy, Default)]
pub struct ComposedOf<E>(pub(crate) E);

impl<E: CExpr> Leaves for ComposedOf<E> {
    const NDYN: usize = E::OUT.dyn_leaves().n;
    fn dyn_leaf(&self, k: usize) -> i32 {
        if const { Self::NDYN == 0 } {
            0
        } else {
            leaf_of(self, k)
        }
    }
    fn check(&self) -> Result<(), LayoutError> {
        self.0.args().check()?;
        let prog: &Prog = const { &E::CSYM.prog };
        self.0
            .verdict(run_checked(prog, |i| self.0.args().dyn_leaf(i)))
    }
    const FLAT: Flat = if Self::NDYN == 0 {
        Flat::EMPTY
    } else {
        <E::Args as Leaves>::FLAT.apply(&E::CSYM.prog, &E::CSYM.cl.dyn_leaves())
    };
    #[inline(always)]
    fn root(&self, k: usize) -> i32 {
        self.0.args().root(k)
    }
}

impl<E: CExpr> crate::layout::sealed::Sealed for ComposedOf<E> {}

impl<E: CExpr> IsComposed for ComposedOf<E> {
    const COMPOSED: CL = E::OUT;
}

impl<E: CExpr + Static> Static for ComposedOf<E> {
    const VALUE: Self = ComposedOf(E::VALUE);
}

/// The parts of a composed layout as values of the layout machinery: its layout `L` and its
/// offset.
mod part {
    use super::*;

    #[derive(Clone, Copy)]
    pub struct Inner<T>(pub(crate) (T,));

    impl<T: IsComposed> Expr for Inner<T> {
        const SYM: Sym = Sym {
            layout: T::COMPOSED.l,
            prog: Prog::new(T::NDYN),
        };
        type Args = (T,);
        #[inline(always)]
        fn args(&self) -> &(T,) {
            &self.0
        }
    }

    #[derive(Clone, Copy)]
    pub struct Offset<T>(pub(crate) (T,));

    impl<T: IsComposed> Expr for Offset<T> {
        const SYM: Sym = {
            let mut p = Prog::new(T::NDYN);
            let v = T::COMPOSED.off.value(&mut p);
            Sym::tuple(Tree::leaf(v), p)
        };
        type Args = (T,);
        #[inline(always)]
        fn args(&self) -> &(T,) {
            &self.0
        }
    }
}

/// A composed layout's text: `Sw<B,M,S> o O o L` (or `L` for a plain result, `L o O o Sw` for
/// the inverse of one with an offset).
fn write_composed<E: CExpr>(f: &mut fmt::Formatter<'_>, c: &ComposedOf<E>) -> fmt::Result {
    let out: &CL = const { &E::OUT };
    let sw = |f: &mut fmt::Formatter<'_>| write!(f, "Sw<{},{},{}>", out.sw.b, out.sw.m, out.sw.s);
    let off = |f: &mut fmt::Formatter<'_>| match out.off {
        Off::Int(v) if v.dynamic => write!(f, "{}", c.offset_value()),
        Off::Int(v) => write!(f, "_{}", v.v),
        Off::Smem(bits) => write!(f, "smem_ptr[{bits}b](unset)"),
        // CuTe prints MixedBits as `M_S|(d&F)=value`.
        Off::Mixed { s, f: mask, .. } => {
            let value = c.offset_value() as u32;
            write!(f, "M_{s}|({}&{mask})={value}", value & mask)
        }
    };
    match out.form {
        Form::Plain => write!(f, "{}", c.inner()),
        Form::SwOL => {
            sw(f)?;
            f.write_str(" o ")?;
            off(f)?;
            write!(f, " o {}", c.inner())
        }
        Form::LOSw => {
            write!(f, "{} o ", c.inner())?;
            off(f)?;
            f.write_str(" o ")?;
            sw(f)
        }
    }
}

impl<E: CExpr> fmt::Display for ComposedOf<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_composed(f, self)
    }
}

impl<E: CExpr> fmt::Debug for ComposedOf<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_composed(f, self)
    }
}

impl<E: CExpr> ComposedOf<E> {
    /// The layout `L` (for `L o O o Sw`, the outer layout).
    #[inline(always)]
    pub(crate) fn inner(&self) -> LayoutOf<part::Inner<Self>> {
        LayoutOf(part::Inner((*self,)))
    }

    /// The offset's value (`smem_ptr` is 0).
    #[inline(always)]
    pub(crate) fn offset_value(&self) -> i32 {
        if let Some(v) = const { E::OUT.off.static_value() } {
            v
        } else {
            IntOf(part::Offset((*self,))).value()
        }
    }

    /// CuTe's `C(coord)` = `A(O + L(coord))`, for an index or a coordinate of `L`: the
    /// layout's index arithmetic, the offset added, then the swizzle's AND, shift and XOR with
    /// constant masks (a constant for an all-static layout at a constant coordinate).
    ///
    /// ```
    /// use cute_static::{layout, Swizzle};
    /// let c = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// assert_eq!([c.call(0), c.call(1), c.call(2), c.call(3)], [0, 72, 144, 216]);
    /// assert_eq!(c.call((1, 2)), 74);
    /// ```
    #[inline(always)]
    pub fn call<Cd: Coordinate>(&self, coord: Cd) -> i32 {
        const {
            if matches!(E::OUT.form, Form::LOSw) && !Cd::PROFILE.is_int() {
                panic!("{}", LO_SW_CALL) // a compile error: this is a `const` block
            }
        }
        let sw: Swz = const { E::OUT.sw };
        match const { E::OUT.form } {
            Form::Plain => self.inner().call(coord),
            Form::SwOL => sw.apply(self.offset_value().wrapping_add(self.inner().call(coord))),
            Form::LOSw => {
                let i = sw.apply(coord.leaf(0));
                self.inner().call(self.offset_value().wrapping_add(i))
            }
        }
    }

    /// CuTe's `size(C)`: the size of `L`.
    ///
    /// ```
    /// use cute_static::{layout, Swizzle};
    /// let n = 5;
    /// assert_eq!(Swizzle::<1, 0, 1>::new().composition(layout!((_4,n):(_1,_4))).size(), 20);
    /// ```
    #[inline(always)]
    pub fn size(&self) -> i32 {
        self.inner().size()
    }

    /// CuTe's `cosize(C)`: the cosize of `L`.
    ///
    /// ```
    /// use cute_static::{layout, Swizzle};
    /// assert_eq!(Swizzle::<1, 0, 1>::new().composition(layout!((_4,_2):(_1,_8))).cosize(), 12);
    /// ```
    #[inline(always)]
    pub fn cosize(&self) -> i32 {
        self.inner().cosize()
    }

    /// CuTe's `rank(C)`: the rank of `L`.
    ///
    /// ```
    /// use cute_static::{layout, Swizzle};
    /// assert_eq!(Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1))).rank(), 2);
    /// ```
    #[inline(always)]
    pub const fn rank(&self) -> usize {
        E::OUT.l.rank()
    }

    /// CuTe's `shape(C)`: the shape of its domain, an IntTuple value.
    ///
    /// ```
    /// use cute_static::{layout, make_layout, Swizzle};
    /// let c = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// assert_eq!(c.shape().to_string(), "(_8,_64)");
    /// assert_eq!(make_layout(c.shape()).to_string(), "(_8,_64):(_1,_8)");
    /// ```
    #[inline(always)]
    pub fn shape(&self) -> crate::ops::Shape<Self> {
        crate::ops::shape(*self)
    }

    /// CuTe's `size<I>(C)`: the size of its domain's mode `I`.
    ///
    /// ```
    /// use cute_static::{layout, Swizzle};
    /// let c = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// assert_eq!(c.size_mode::<1>(), 64);
    /// ```
    #[inline(always)]
    pub fn size_mode<const I: usize>(&self) -> i32 {
        crate::ops::size_mode::<I, Self>(*self).value()
    }

    /// This composed layout after the run-time checks of CuTe's preconditions on the dynamic
    /// values it was computed from (the whole chain of operations).
    ///
    /// ```
    /// use cute_static::{layout, Swizzle};
    /// let m = 64;
    /// let c = Swizzle::<3, 3, 3>::new().composition(layout!((_8,m):(m,_1)));
    /// assert!(c.coalesce().checked().is_ok());
    /// ```
    pub fn checked(self) -> Result<Self, LayoutError> {
        Leaves::check(&self)?;
        Ok(self)
    }
}

impl<E: CExpr + Static> ComposedOf<E> {
    /// The value of this all-static composed layout type (zero-sized).
    ///
    /// ```
    /// use cute_static::gmma::{half_t, Layout_K_SW128_Atom};
    /// let atom = Layout_K_SW128_Atom::<half_t>::new();
    /// assert_eq!(atom.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
    /// ```
    #[inline(always)]
    pub const fn new() -> Self {
        <Self as Static>::VALUE
    }
}

/// An operation on a composed layout `c` and further operands: its expression type (in a
/// module of its own) and the method of [`ComposedOf`] with CuTe's name.
macro_rules! cop {
    (
        $(#[$doc:meta])*
        $name:ident, $Expr:ident, [$($A:ident: $AB:ident => $a:ident),*] |$p:ident, $c:ident| $body:expr
    ) => {
        cop! { $(#[$doc])* $name, $Expr, [$($A: $AB => $a),*] |$p, $c| $body; verdict = outcome }
    };
    (
        $(#[$doc:meta])*
        $name:ident, $Expr:ident, [$($A:ident: $AB:ident => $a:ident),*] |$p:ident, $c:ident| $body:expr;
        verdict = $verdict:ident
    ) => {
        #[allow(non_snake_case)]
        pub(crate) mod $Expr {
            use super::*;

            #[derive(Clone, Copy, Default)]
            pub struct E<Cp, $($A),*>(pub(crate) (Cp, $($A,)*));

            impl<Cp: IsComposed, $($A: $AB),*> CExpr for E<Cp, $($A),*> {
                const CSYM: CSym = {
                    let $c = Cp::COMPOSED;
                    let _ = &$c;
                    let offset = Cp::NDYN;
                    $( let $a = arg!($AB, $A, offset); let offset = offset + $A::NDYN; )*
                    let mut prog = Prog::new(offset);
                    let cl = {
                        let $p = &mut prog;
                        let _ = &$p;
                        $body
                    };
                    CSym { cl, prog }
                };
                type Args = (Cp, $($A,)*);
                #[inline(always)]
                fn args(&self) -> &Self::Args {
                    &self.0
                }
                fn verdict(&self, outcome: Result<(), LayoutError>) -> Result<(), LayoutError> {
                    $verdict(self, outcome)
                }
            }

            impl<Cp: Static, $($A: Static),*> Static for E<Cp, $($A),*> {
                const VALUE: Self = E((Cp::VALUE, $($A::VALUE,)*));
            }
        }

        impl<X: CExpr> ComposedOf<X> {
            $(#[$doc])*
            #[inline(always)]
            pub fn $name<$($A: $AB),*>(self, $($a: $A),*) -> ComposedOf<$Expr::E<Self, $($A),*>> {
                let _ = <$Expr::E<Self, $($A),*> as CExpr>::CSYM;
                ComposedOf($Expr::E((self, $($a,)*)))
            }
        }
    };
}

cop! {
    /// CuTe's `composition(C, B)` = `A o O o composition(L, B)`.
    ///
    /// ```
    /// use cute_static::{layout, make_composed_layout, Swizzle, C};
    /// let c = make_composed_layout(Swizzle::<2, 3, 3>::new(), C::<238>, layout!((_2,_3):(_3,_1)));
    /// assert_eq!(c.composition(layout!(_3:_2)).to_string(), "Sw<2,3,3> o _238 o _3:_1");
    /// ```
    composition, CompositionC, [B: IsLayout => b] |p, c|
        cd::map_b(&c, "composition", cp::composition(p, &cd::domain(&c, "composition"), &b))
}

cop! {
    /// CuTe's `composition(C, tiler)` = `A o O o composition(L, tiler)` (by mode).
    ///
    /// ```
    /// use cute_static::{layout, tile, Swizzle};
    /// let c = Swizzle::<2, 2, 3>::new().composition(layout!((_128,_8):(_1,_128)));
    /// assert_eq!(c.composition_tiler(tile!((_32))).to_string(), "Sw<2,2,3> o _0 o (_32):(_1)");
    /// ```
    composition_tiler, CompositionTilerC, [T: Tiler => t] |p, c|
        cd::map_b(&c, "composition", cp::composition_tiler(p, &cd::domain(&c, "composition"), &t))
}

cop! {
    /// CuTe's `logical_divide(C, B)` = `A o O o logical_divide(L, B)`.
    ///
    /// ```
    /// use cute_static::{layout, Swizzle};
    /// let c = Swizzle::<1, 1, 1>::new().composition(layout!(_8:_1));
    /// assert_eq!(c.logical_divide(layout!(_2:_1)).to_string(), "Sw<1,1,1> o _0 o (_2,_4):(_1,_2)");
    /// ```
    logical_divide, LogicalDivideC, [B: IsLayout => b] |p, c|
        cd::map_b(&c, "logical_divide", dv::logical_divide(p, &cd::domain(&c, "logical_divide"), &b))
}

cop! {
    /// CuTe's `logical_divide(C, tiler)` = `A o O o logical_divide(L, tiler)` (by mode).
    ///
    /// ```
    /// use cute_static::{layout, tile, Swizzle};
    /// let c = Swizzle::<1, 1, 1>::new().composition(layout!((_8,_4):(_1,_8)));
    /// assert_eq!(c.logical_divide_tiler(tile!((_2,_2))).to_string(), "Sw<1,1,1> o _0 o ((_2,_4),(_2,_2)):((_1,_2),(_8,_16))");
    /// ```
    logical_divide_tiler, LogicalDivideTilerC, [T: Tiler => t] |p, c|
        cd::map_b(&c, "logical_divide", bm::logical_divide_tiler(p, &cd::domain(&c, "logical_divide"), &t))
}

cop! {
    /// CuTe's `zipped_divide(C, tiler)` = `A o O o zipped_divide(L, tiler)`.
    ///
    /// ```
    /// use cute_static::{layout, tile, Swizzle};
    /// let c = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// let r = c.zipped_divide(tile!((_8,_32)));
    /// assert_eq!(r.to_string(), "Sw<3,3,3> o _0 o ((_8,_32),(_1,_2)):((_64,_1),(_0,_32))");
    /// ```
    zipped_divide, ZippedDivideC, [T: Tiler => t] |p, c|
        cd::map_b(&c, "zipped_divide", bm::zipped_divide(p, &cd::domain(&c, "zipped_divide"), &t))
}

cop! {
    /// CuTe's `tiled_divide(C, tiler)` = `A o O o tiled_divide(L, tiler)`.
    ///
    /// ```
    /// use cute_static::{layout, tile, Swizzle};
    /// let c = Swizzle::<3, 1, 3>::new().composition(layout!((_64,_8):(_8,_1)));
    /// let r = c.tiled_divide(tile!((_4,(_2,_4):(_1,_2))));
    /// assert_eq!(r.to_string(), "Sw<3,1,3> o _0 o ((_4,(_2,_4)),_16,_1):((_8,(_1,_2)),_32,_0)");
    /// ```
    tiled_divide, TiledDivideC, [T: Tiler => t] |p, c|
        cd::map_b(&c, "tiled_divide", bm::tiled_divide(p, &cd::domain(&c, "tiled_divide"), &t))
}

cop! {
    /// CuTe's `flat_divide(C, tiler)` = `A o O o flat_divide(L, tiler)`.
    ///
    /// ```
    /// use cute_static::{layout, tile, Swizzle};
    /// let c = Swizzle::<1, 4, 3>::new().composition(layout!((_16,_8):(_1,_16)));
    /// let r = c.flat_divide(tile!((_4:_1,_2)));
    /// assert_eq!(r.to_string(), "Sw<1,4,3> o _0 o (_4,_2,_4,_4):(_1,_16,_4,_32)");
    /// ```
    flat_divide, FlatDivideC, [T: Tiler => t] |p, c|
        cd::map_b(&c, "flat_divide", bm::flat_divide(p, &cd::domain(&c, "flat_divide"), &t))
}

cop! {
    /// CuTe's `logical_product(C, B)` = `A o O o logical_product(L, B)`.
    ///
    /// ```
    /// use cute_static::{layout, Swizzle};
    /// let c = Swizzle::<2, 4, 2>::new().composition(layout!((_4,_8):(_1,_4)));
    /// let r = c.logical_product(layout!((_2):(_1)));
    /// assert_eq!(r.to_string(), "Sw<2,4,2> o _0 o ((_4,_8),(_2)):((_1,_4),(_32))");
    /// ```
    logical_product, LogicalProductC, [B: IsLayout => b] |p, c|
        cd::map_b(&c, "logical_product", pr::logical_product(p, &cd::domain(&c, "logical_product"), &b))
}

cop! {
    /// CuTe's `blocked_product(C, B)` = `A o O o blocked_product(L, B)`.
    ///
    /// ```
    /// use cute_static::{layout, Swizzle};
    /// let c = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// let r = c.blocked_product(layout!((_2,_1):(_1,_2)));
    /// assert_eq!(r.to_string(), "Sw<3,3,3> o _0 o ((_8,_2),(_64,_1)):((_64,_512),(_1,_1024))");
    /// ```
    blocked_product, BlockedProductC, [B: IsLayout => b] |p, c|
        cd::map_b(&c, "blocked_product", pr::blocked_product(p, &cd::domain(&c, "blocked_product"), &b))
}

cop! {
    /// CuTe's `raked_product(C, B)` = `A o O o raked_product(L, B)`.
    ///
    /// ```
    /// use cute_static::{layout, Swizzle};
    /// let c = Swizzle::<2, 5, 5>::new().composition(layout!((_8,_4,_2):(_1,_8,_32)));
    /// let r = c.raked_product(layout!((_5):(_2)));
    /// assert_eq!(r.to_string(), "Sw<2,5,5> o _0 o ((_5,_8),(_1,_4),(_1,_2)):((_128,_1),(_0,_8),(_0,_32))");
    /// ```
    raked_product, RakedProductC, [B: IsLayout => b] |p, c|
        cd::map_b(&c, "raked_product", pr::raked_product(p, &cd::domain(&c, "raked_product"), &b))
}

cop! {
    /// CuTe's `tile_to_shape(C, shape)` = `A o O o tile_to_shape(L, shape)`: how kernels build
    /// shared-memory layouts from GMMA atoms.
    ///
    /// ```
    /// use cute_static::{int_tuple, gmma::{half_t, Layout_K_SW128_Atom}};
    /// let smem = Layout_K_SW128_Atom::<half_t>::new().tile_to_shape(int_tuple!((_128,_64)));
    /// assert_eq!(smem.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))");
    /// ```
    tile_to_shape, TileToShapeC, [S: IntTuple => s] |p, c|
        cd::map_b(&c, "tile_to_shape", pr::tile_to_shape(p, &cd::domain(&c, "tile_to_shape"), &s))
}

cop! {
    /// CuTe's `coalesce(C)` = `A o O o coalesce(L)`.
    ///
    /// ```
    /// use cute_static::{layout, Swizzle};
    /// let c = Swizzle::<2, 2, 2>::new().composition(layout!((_2,_2,_2):(_1,_2,_4)));
    /// assert_eq!(c.coalesce().to_string(), "Sw<2,2,2> o _0 o _8:_1");
    /// ```
    coalesce, CoalesceC, [] |p, c|
        cd::map_b(&c, "coalesce", co::coalesce(p, &cd::domain(&c, "coalesce")))
}

cop! {
    /// CuTe's `slice(crd, C)`: the layout part of `slice_and_offset` (the offset part moves a
    /// tensor's offset: [`Tensor::slice`](crate::Tensor::slice)). Slicing keeps the modes
    /// where `crd` has `_`; the swizzle bits the integers select move into the offset, and the
    /// result stays swizzled if the remaining modes reach a bit of the swizzle's Y field and its
    /// Z partner, else it decays to a plain layout that agrees with the swizzle there (CuTe's
    /// rule, `swizzle_layout.hpp`). Run-time integers that select swizzle bits make the offset
    /// CuTe's `MixedBits`, printed `M_S|(d&F)=V`: the static bits `S`, the bits `d` under the
    /// mask `F` known at run time, and the value `V`.
    ///
    /// ```
    /// use cute_static::{coord, layout, Swizzle};
    /// let c = Swizzle::<3, 3, 3>::new().composition(layout!((_512,_2):(_1,_512)));
    /// assert_eq!(c.slice(coord!((_,_1))).to_string(), "Sw<3,3,3> o _0 o (_512):(_1)");
    /// let c = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// assert_eq!(c.slice(coord!((_,_3))).to_string(), "(_8):(_72)"); // decays: a plain layout
    /// ```
    slice, SliceC, [Cd: SliceCoord => crd] |p, c| sl::slice_and_offset(p, &crd, &c).0;
    verdict = slice_verdict
}

/// The outcome of an operation's checks stands (the operations with no point-by-point
/// definition).
fn outcome<T>(_: &T, outcome: Result<(), LayoutError>) -> Result<(), LayoutError> {
    outcome
}

/// The most indices of a slice [`slice_verdict`] compares (as cute-dynamic).
const MAX_ENUMERATED: i32 = 1 << 16;

/// The checked form of `slice(crd, Sw o O o L)` with run-time values: CuTe's slice `R` must be
/// the slice, `R(i) + t == Sw(O + L(crd with its _ at the coordinates of i))` for one offset
/// `t` (the tensor's, `slice_and_offset`'s second part) at every index of the remaining modes.
/// Compared point by point (up to 2^16 indices) wherever the checks passed, or failed only on
/// a divisibility condition of CuTe's compositions with the swizzle's projections (which CuTe
/// does not check on run-time values) or on the decay of a slice whose run-time remaining
/// modes may reach a Y bit and its Z partner (which CuTe decays unchecked): kept where `R` is
/// the slice, refused (`NotSlice`, Condition::SwizzleSliceDecay) where it is not. Beyond 2^16 indices the checks' outcome
/// stands. The rule of cute-dynamic's `ComposedLayout::slice_and_offset`. An all-static slice
/// was compared while compiling.
fn slice_verdict<Cp: IsComposed, Cd: SliceCoord>(
    e: &SliceC::E<Cp, Cd>,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    let (c, crd) = &e.0;
    let r = ComposedOf(*e);
    swizzled_slice_verdict(
        &Cp::COMPOSED.with_values(&crate::expr::dyn_values(c)),
        &crate::expr::valued(Cd::COORD, crd),
        Cp::NDYN + Cd::NDYN,
        |i| r.call(i),
        outcome,
    )
}

/// Whether a swizzled slice's checks came out so that comparing it with its definition
/// decides: they passed, or failed only on a condition CuTe does not check on run-time values
/// (the divisibility of its compositions with the swizzle's projections, the decay of
/// remaining modes that may reach a Y bit and its Z partner).
pub(crate) fn verifiable(outcome: &Result<(), LayoutError>) -> bool {
    use crate::Condition as K;
    match outcome {
        Ok(()) => true,
        Err(e) => matches!(
            e.condition(),
            Some(
                K::StrideDivisibility
                    | K::ShapeDivisibility
                    | K::StrideDivisibilityComplete
                    | K::SwizzleSliceDecay
            )
        ),
    }
}

/// [`slice_verdict`] for the swizzled `cl` with its run-time values in (`CL::with_values`, all
/// static), sliced at `crd` (its values in), `ndyn` run-time values in all, CuTe's slice
/// evaluating to `r(i)`: also the rule of a swizzled tensor's slice and of the partitions.
pub(crate) fn swizzled_slice_verdict(
    cl: &CL,
    crd: &Tree,
    ndyn: usize,
    r: impl Fn(i32) -> i32,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    if !verifiable(&outcome) || !matches!(cl.form, Form::SwOL) || ndyn == 0 {
        return outcome;
    }
    let (l, offset) = (cl.l, cl.off.value(&mut Prog::twin()).v);
    let sliced = crate::algebra::slice::slice(crd, &l);
    let mut p = Prog::twin();
    let at = |p: &mut crate::prog::AtRun, t: &Tree, l: &crate::algebra::layout::L| {
        i64::from(crate::algebra::stride::crd2idx(p, t, &l.shape, &l.stride).v)
    };
    let base = i64::from(offset) + at(&mut p, &sl::zero_underscores(crd), &l);
    let n = match crate::algebra::exact::size_of(&sliced) {
        Some(n) if (0..=i64::from(MAX_ENUMERATED)).contains(&n) => n as i32,
        _ => return outcome,
    };
    let mut t = None;
    for i in 0..n {
        let (Ok(x), Ok(y)) = (
            i32::try_from(base + at(&mut p, &Tree::leaf(V::s(i)), &sliced)),
            i32::try_from(base),
        ) else {
            return outcome.and(Err(LayoutError::condition_failed(
                crate::prog::Pred::NotSlice,
                i,
                0,
                0,
            )));
        };
        let (want, got) = (i64::from(cl.sw.apply(x)), i64::from(r(i)));
        let t0 = *t.get_or_insert(i64::from(cl.sw.apply(y)) - got);
        if got + t0 != want {
            let narrow = |v: i64| i32::try_from(v).unwrap_or(i32::MAX);
            return Err(LayoutError::condition_failed(
                crate::prog::Pred::NotSlice,
                i,
                narrow(got + t0),
                narrow(want),
            ));
        }
    }
    p.outcome()
}

cop! {
    /// CuTe's `right_inverse(C)`. With the static offset `_0`: `composition(right_inverse(L),
    /// Sw)`, the swizzle moved to the left of the inverse (its masks mapped through it, which
    /// must still form a swizzle: `Number of bits in Y and Z don't match`, `Something went
    /// wrong.`). Otherwise `right_inverse(L) o -O o Sw`.
    ///
    /// ```
    /// use cute_static::{layout, make_composed_layout, Swizzle, C};
    /// let c = make_composed_layout(Swizzle::<1, 5, 3>::new(), C::<420>, layout!((_8,_8):(_1,_8)));
    /// assert_eq!(c.right_inverse().to_string(), "_64:_1 o _-420 o Sw<1,5,3>");
    /// ```
    right_inverse, RightInverseC, [] |p, c| cd::inverse(p, &c, false)
}

cop! {
    /// CuTe's `left_inverse(C)`: as [`ComposedOf::right_inverse`] with `left_inverse(L)`.
    ///
    /// ```
    /// use cute_static::{layout, Swizzle};
    /// let c = Swizzle::<3, 3, 5>::new().composition(layout!((_8,_64):(_64,_1)));
    /// assert_eq!(c.left_inverse().to_string(), "Sw<3,2,-4> o _0 o (_64,_8):(_8,_1)");
    /// ```
    left_inverse, LeftInverseC, [] |p, c| cd::inverse(p, &c, true)
}

cop! {
    /// CuTe's `as_position_independent_swizzle_layout(C)` for a GMMA atom
    /// `Sw o smem_ptr[Nb](unset) o L`, whose swizzle acts on byte addresses: the same swizzle
    /// on `N`-bit element offsets, composed with `_0` (`Sw<0,..>` disappears).
    ///
    /// ```
    /// use cute_static::gmma::{half_t, Layout_K_SW128_Atom};
    /// let atom = Layout_K_SW128_Atom::<half_t>::new();
    /// let elements = atom.as_position_independent_swizzle_layout();
    /// assert_eq!(elements.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    /// ```
    as_position_independent_swizzle_layout, PositionIndependentC, [] |p, c| cd::position_independent(&c)
}

/// `upcast<N>`/`downcast<N>` of a composed layout.
macro_rules! recast_op {
    ($Expr:ident, $up:literal) => {
        #[allow(non_snake_case)]
        mod $Expr {
            use super::*;

            #[derive(Clone, Copy, Default)]
            pub struct E<const N: i32, T>(pub(crate) (T,));

            impl<const N: i32, T: IsComposed> CExpr for E<N, T> {
                const CSYM: CSym = {
                    let mut prog = Prog::new(T::NDYN);
                    let cl = cd::recast(&mut prog, N, &T::COMPOSED, $up);
                    CSym { cl, prog }
                };
                type Args = (T,);
                #[inline(always)]
                fn args(&self) -> &(T,) {
                    &self.0
                }
            }

            impl<const N: i32, T: Static> Static for E<N, T> {
                const VALUE: Self = E((T::VALUE,));
            }
        }
    };
}

recast_op!(UpcastC, true);
recast_op!(DowncastC, false);

mod complement_c {
    use super::*;

    #[derive(Clone, Copy, Default)]
    pub struct E<T>(pub(crate) (T,));

    impl<T: IsComposed> Expr for E<T> {
        const SYM: Sym = {
            let mut prog = Prog::new(T::NDYN);
            let l = cd::domain(&T::COMPOSED, "complement");
            let cosize = l.cosize(&mut prog);
            let layout = cm::complement(&mut prog, &l, &Tree::leaf(cosize));
            Sym { layout, prog }
        };
        type Args = (T,);
        #[inline(always)]
        fn args(&self) -> &(T,) {
            &self.0
        }
    }

    impl<T: Static> Static for E<T> {
        const VALUE: Self = E((T::VALUE,));
    }
}

impl<X: CExpr> ComposedOf<X> {
    /// CuTe's `upcast<N>(C)`: `upcast<N>` of each part. The swizzle sees `log2 N` fewer low
    /// bits (`N` a power of two), a static offset is divided exactly (`Static safe_div requires
    /// t % u == 0`), `L` as `upcast`. For the `smem_ptr[Kb]` tag the swizzle stays (it acts on
    /// bytes) and the tag becomes `smem_ptr[(K*N)b]`.
    ///
    /// ```
    /// use cute_static::gmma::Layout_K_SW128_Atom_Bits;
    /// let atom = Layout_K_SW128_Atom_Bits::new().upcast::<16>();
    /// assert_eq!(atom.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
    /// ```
    #[inline(always)]
    pub fn upcast<const N: i32>(self) -> ComposedOf<UpcastC::E<N, Self>> {
        let _ = <UpcastC::E<N, Self> as CExpr>::CSYM;
        ComposedOf(UpcastC::E((self,)))
    }

    /// CuTe's `downcast<N>(C)`: `downcast<N>` of each part (the swizzle sees `log2 N` more low
    /// bits, a static offset is multiplied; `smem_ptr[Kb]` keeps the swizzle and becomes
    /// `smem_ptr[(K/N)b]`).
    ///
    /// ```
    /// use cute_static::{layout, Swizzle};
    /// let c = Swizzle::<2, 2, 3>::new().composition(layout!((_16,_8):(_1,_16)));
    /// assert_eq!(c.downcast::<8>().to_string(), "Sw<2,5,3> o _0 o (_128,_8):(_1,_128)");
    /// ```
    #[inline(always)]
    pub fn downcast<const N: i32>(self) -> ComposedOf<DowncastC::E<N, Self>> {
        let _ = <DowncastC::E<N, Self> as CExpr>::CSYM;
        ComposedOf(DowncastC::E((self,)))
    }

    /// CuTe's `complement(C)` = `complement(L, cosize(L))`: a plain layout, the swizzle and the
    /// offset play no part.
    ///
    /// ```
    /// use cute_static::{layout, Swizzle};
    /// let c = Swizzle::<1, 2, 2>::new().composition(layout!((_8,_4):(_4,_1)));
    /// assert_eq!(c.complement1().to_string(), "_1:_0");
    /// ```
    #[inline(always)]
    pub fn complement1(self) -> LayoutOf<complement_c::E<Self>> {
        let _ = <complement_c::E<Self> as Expr>::SYM;
        LayoutOf(complement_c::E((self,)))
    }
}

mod make {
    use super::*;

    #[derive(Clone, Copy, Default)]
    pub struct E<A, O, L>(pub(crate) (A, O, L));

    impl<A: SwizzleFn, O: Offset, L: IsLayout> CExpr for E<A, O, L> {
        const CSYM: CSym = {
            let off = match O::OFFSET {
                Off::Int(v) if v.dynamic => Off::Int(V::node(v.v as usize + A::NDYN)),
                o => o,
            };
            let l = L::LAYOUT.shifted(A::NDYN + O::NDYN);
            CSym {
                cl: cd::make(A::SWZ, off, l),
                prog: Prog::new(A::NDYN + O::NDYN + L::NDYN),
            }
        };
        type Args = (A, O, L);
        #[inline(always)]
        fn args(&self) -> &(A, O, L) {
            &self.0
        }
    }

    impl<A: Static, O: Static, L: Static> Static for E<A, O, L> {
        const VALUE: Self = E((A::VALUE, O::VALUE, L::VALUE));
    }

    #[derive(Clone, Copy, Default)]
    pub struct Swizzled<A, L>(pub(crate) (A, L));

    impl<A: SwizzleFn, L: IsLayout> CExpr for Swizzled<A, L> {
        const CSYM: CSym = CSym {
            cl: cd::compose(A::SWZ, Off::Int(V::s(0)), L::LAYOUT.shifted(A::NDYN)),
            prog: Prog::new(A::NDYN + L::NDYN),
        };
        type Args = (A, L);
        #[inline(always)]
        fn args(&self) -> &(A, L) {
            &self.0
        }
    }

    impl<A: Static, L: Static> Static for Swizzled<A, L> {
        const VALUE: Self = Swizzled((A::VALUE, L::VALUE));
    }
}

/// CuTe's `ComposedLayout<A, O, L>`, as [`make_composed_layout`] builds it (always composed):
/// `A` a [`Swizzle`], `O` an [`Offset`], `L` a layout.
///
/// ```
/// use cute_static::{layout_t, ComposedLayout, Swizzle, _0};
/// type Smem = ComposedLayout<Swizzle<3, 3, 3>, _0, layout_t!((_8,_64):(_64,_1))>;
/// assert_eq!(Smem::new().to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
/// assert_eq!(core::mem::size_of::<Smem>(), 0);
/// ```
pub type ComposedLayout<A, O, L> = ComposedOf<make::E<A, O, L>>;

/// CuTe's `make_composed_layout(A, O, L)`: the function `c -> A(O + L(c))`, always composed
/// (no simplification, unlike `composition`).
///
/// ```
/// use cute_static::{layout, make_composed_layout, Swizzle, _0};
/// let c = make_composed_layout(Swizzle::<0, 4, 3>::new(), _0::default(), layout!(_8:_1));
/// assert_eq!(c.to_string(), "Sw<0,4,3> o _0 o _8:_1");
/// let o = 3;
/// let c = make_composed_layout(Swizzle::<1, 0, 1>::new(), o, layout!(_4:_1));
/// assert_eq!((c.to_string().as_str(), c.call(0)), ("Sw<1,0,1> o 3 o _4:_1", 2));
/// ```
#[inline(always)]
pub fn make_composed_layout<A: SwizzleFn, O: Offset, L: IsLayout>(
    a: A,
    offset: O,
    l: L,
) -> ComposedLayout<A, O, L> {
    let _ = <make::E<A, O, L> as CExpr>::CSYM;
    ComposedOf(make::E((a, offset, l)))
}

/// The result type of [`Swizzle::composition`]: `Sw o _0 o L`, or `L` itself for `Sw<0,M,S>`.
///
/// ```
/// use cute_static::{layout_t, Swizzled, Swizzle};
/// type T = Swizzled<Swizzle<3, 3, 3>, layout_t!((_8,_64):(_64,_1))>;
/// assert_eq!(T::new().call(1), 72);
/// ```
pub type Swizzled<A, L> = ComposedOf<make::Swizzled<A, L>>;

impl<const B: i32, const M: i32, const S: i32> Swizzle<B, M, S> {
    /// CuTe's `composition(Sw, L)`: the swizzled layout `Sw o _0 o L`, the function
    /// `c -> Sw(L(c))`; `L` itself for the identity `Sw<0,M,S>` (as CuTe).
    ///
    /// ```
    /// use cute_static::{layout, Swizzle};
    /// let c = Swizzle::<3, 4, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// assert_eq!(c.to_string(), "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
    /// let id = Swizzle::<0, 4, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// assert_eq!(id.to_string(), "(_8,_64):(_64,_1)");
    /// ```
    #[inline(always)]
    pub fn composition<L: IsLayout>(self, l: L) -> Swizzled<Self, L> {
        let _ = <make::Swizzled<Self, L> as CExpr>::CSYM;
        ComposedOf(make::Swizzled((self, l)))
    }
}
