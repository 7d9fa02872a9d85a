//! Every operation of CuTe's layout algebra as a trait with an associated `Output`, an alias type
//! and a free function with CuTe's name. The work happens in const evaluation
//! ([`crate::algebra`]); a failed precondition is a compile error in CuTe's words.

use crate::algebra::layout::L;
use crate::algebra::{
    coalesce as co, complement as cm, composition as cp, divide as dv, int_tuple as it,
    inverse as iv, layout as ly, product as pr, recast as rc, slice as sl, stride as st,
};
use crate::layout::{Expr, LayoutOf, StaticLayout};
use crate::tree::Tree;
use crate::tuple::{IntTuple, StaticCoord, StaticTiler};
use crate::values::{BoolExpr, BoolOf, IntExpr, IntOf, TupleExpr, TupleOf};
use core::marker::PhantomData;

/// A sample type of each argument kind, for the trait examples (not evaluated there).
macro_rules! sample {
    (StaticLayout) => {
        "cute_static::layout_t!((_4,_2):(_2,_1))"
    };
    (IntTuple) => {
        "cute_static::int_tuple_t!((_4,_2))"
    };
    (StaticTiler) => {
        "cute_static::tile_t!((_2,_2))"
    };
    (StaticCoord) => {
        "cute_static::coord_t!((_,_1))"
    };
}

macro_rules! op {
    (
        $(#[$doc:meta])*
        $kind:ident $fname:ident, $Expr:ident, $Alias:ident, $Trait:ident,
        [$A:ident: $AB:ident $(, $P:ident: $PB:ident)*] = $body:expr;
    ) => {
        #[doc = concat!("The const expression behind [`", stringify!($fname), "()`]; [`", stringify!($Alias), "`] is the layout, tuple or integer it computes.")]
        ///
        /// ```
        #[doc = concat!("type E = cute_static::", stringify!($Expr), "<", sample!($AB) $(, ", ", sample!($PB))*, ">;")]
        #[doc = concat!("let _ = core::marker::PhantomData::<E>;")]
        /// ```
        pub struct $Expr<$A $(, $P)*>(PhantomData<fn() -> ($A, $($P,)*)>);

        op!(@impl $kind, $Expr, [$A: $AB $(, $P: $PB)*], $body);

        #[doc = concat!("The result type of [`", stringify!($fname), "()`].")]
        ///
        /// ```
        #[doc = concat!("type R = cute_static::", stringify!($Alias), "<", sample!($AB) $(, ", ", sample!($PB))*, ">;")]
        #[doc = concat!("let _ = core::marker::PhantomData::<R>;")]
        /// ```
        pub type $Alias<$A $(, $P)*> = op!(@out $kind, $Expr<$A $(, $P)*>);

        #[doc = concat!("[`", stringify!($fname), "()`] as a trait on its first argument: `Output` is the result type.")]
        ///
        /// ```
        #[doc = concat!("use cute_static::", stringify!($Trait), ";")]
        #[doc = concat!("type Out = <", sample!($AB), " as ", stringify!($Trait), "<", $(sample!($PB), ", ",)* ">>::Output;")]
        #[doc = concat!("type Same = cute_static::", stringify!($Alias), "<", sample!($AB) $(, ", ", sample!($PB))*, ">;")]
        #[doc = concat!("let _: core::marker::PhantomData<Out> = core::marker::PhantomData::<Same>;")]
        /// ```
        pub trait $Trait<$($P),*> {
            /// The result type.
            type Output;
        }

        impl<$A: $AB $(, $P: $PB)*> $Trait<$($P),*> for $A {
            type Output = $Alias<$A $(, $P)*>;
        }

        $(#[$doc])*
        #[inline(always)]
        #[allow(non_snake_case)]
        pub fn $fname<$A: $AB $(, $P: $PB)*>(_: $A $(, _: $P)*) -> $Alias<$A $(, $P)*> {
            op!(@force $kind, $Expr<$A $(, $P)*>);
            Default::default()
        }
    };
    (@impl layout, $Expr:ident, [$($G:ident: $GB:path),*], $body:expr) => {
        impl<$($G: $GB),*> Expr for $Expr<$($G),*> {
            const LAYOUT: L = $body;
        }
    };
    (@impl int, $Expr:ident, [$($G:ident: $GB:path),*], $body:expr) => {
        impl<$($G: $GB),*> IntExpr for $Expr<$($G),*> {
            const VALUE: i32 = $body;
        }
    };
    (@impl tuple, $Expr:ident, [$($G:ident: $GB:path),*], $body:expr) => {
        impl<$($G: $GB),*> TupleExpr for $Expr<$($G),*> {
            const TREE: Tree = $body;
        }
    };
    (@impl bool, $Expr:ident, [$($G:ident: $GB:path),*], $body:expr) => {
        impl<$($G: $GB),*> BoolExpr for $Expr<$($G),*> {
            const VALUE: bool = $body;
        }
    };
    (@out layout, $e:ty) => { LayoutOf<$e> };
    (@out int, $e:ty) => { IntOf<$e> };
    (@out tuple, $e:ty) => { TupleOf<$e> };
    (@out bool, $e:ty) => { BoolOf<$e> };
    (@force layout, $e:ty) => { let _ = <$e as Expr>::LAYOUT; };
    (@force int, $e:ty) => { let _ = <$e as IntExpr>::VALUE; };
    (@force tuple, $e:ty) => { let _ = <$e as TupleExpr>::TREE; };
    (@force bool, $e:ty) => { let _ = <$e as BoolExpr>::VALUE; };
}

// ---- IntTuple functions -------------------------------------------------------------------

op! {
    /// CuTe's `size(t)`: the product of the leaves.
    ///
    /// ```
    /// assert_eq!(cute_static::size(cute_static::int_tuple!((_4,(_3,_2)))).to_string(), "_24");
    /// ```
    int size, SizeExpr, Size, SizeOp, [T: IntTuple] = T::TREE.size();
}

op! {
    /// CuTe's `flatten(t)`.
    ///
    /// ```
    /// assert_eq!(cute_static::flatten(cute_static::int_tuple!(((_2,_3),(_4)))).to_string(), "(_2,_3,_4)");
    /// ```
    tuple flatten, FlattenExpr, Flatten, FlattenOp, [T: IntTuple] = T::TREE.flatten();
}

op! {
    /// CuTe's `shape_div(a, b)` (`a % b == 0 || b % a == 0`, else "Divisibility Condition").
    ///
    /// ```
    /// use cute_static::{shape_div, int_tuple};
    /// assert_eq!(shape_div(int_tuple!((_4,_5,_6)), int_tuple!(_40)).to_string(), "(_1,_1,_3)");
    /// ```
    tuple shape_div, ShapeDivExpr, ShapeDiv, ShapeDivOp, [A: IntTuple, B: IntTuple] = it::shape_div(&A::TREE, &B::TREE);
}

op! {
    /// CuTe's `ceil_div(a, b)`.
    ///
    /// ```
    /// use cute_static::{ceil_div, int_tuple};
    /// assert_eq!(ceil_div(int_tuple!((_7,_5)), int_tuple!((_2))).to_string(), "(_4,_5)");
    /// ```
    tuple ceil_div, CeilDivExpr, CeilDiv, CeilDivOp, [A: IntTuple, B: IntTuple] = it::ceil_div(&A::TREE, &B::TREE);
}

op! {
    /// CuTe's `compact_col_major(shape)`: the strides of `make_layout(shape)`.
    ///
    /// ```
    /// use cute_static::{compact_col_major, int_tuple};
    /// assert_eq!(compact_col_major(int_tuple!((_2,_3,_4))).to_string(), "(_1,_2,_6)");
    /// ```
    tuple compact_col_major, CompactColMajorExpr, CompactColMajor, CompactColMajorOp, [S: IntTuple] = st::compact_major(&S::TREE, 1, false);
}

op! {
    /// CuTe's `compact_row_major(shape)`: the strides of `make_layout(shape, LayoutRight{})`.
    ///
    /// ```
    /// use cute_static::{compact_row_major, int_tuple};
    /// assert_eq!(compact_row_major(int_tuple!((_2,_3,_4))).to_string(), "(_12,_4,_1)");
    /// ```
    tuple compact_row_major, CompactRowMajorExpr, CompactRowMajor, CompactRowMajorOp, [S: IntTuple] = st::compact_major(&S::TREE, 1, true);
}

op! {
    /// CuTe's `idx2crd(idx, shape)`: the natural coordinate of a static index or coordinate.
    ///
    /// ```
    /// use cute_static::{idx2crd, int_tuple};
    /// let c = idx2crd(int_tuple!(_191), int_tuple!(((_2,_2),(_4,_2),(_2,_3))));
    /// assert_eq!(c.to_string(), "((_1,_1),(_3,_1),(_1,_2))");
    /// ```
    tuple idx2crd, Idx2CrdExpr, Idx2Crd, Idx2CrdOp, [I: IntTuple, S: IntTuple] = st::idx2crd(&I::TREE, &S::TREE);
}

op! {
    /// CuTe's `crd2idx(coord, shape, stride)` for a static coordinate.
    ///
    /// ```
    /// use cute_static::{crd2idx, int_tuple};
    /// let i = crd2idx(int_tuple!((_1,(_1,_2))), int_tuple!((_3,(_2,_3))), int_tuple!((_3,(_12,_1))));
    /// assert_eq!(i.to_string(), "_17");
    /// ```
    int crd2idx, Crd2IdxExpr, Crd2Idx, Crd2IdxOp, [Cd: IntTuple, S: IntTuple, D: IntTuple] = st::crd2idx(&Cd::TREE, &S::TREE, &D::TREE);
}

op! {
    /// CuTe's `congruent(a, b)`: the same profile.
    ///
    /// ```
    /// use cute_static::{congruent, int_tuple};
    /// assert_eq!(congruent(int_tuple!((_2,(_3,_4))), int_tuple!((_1,(_1,_5)))).to_string(), "_1");
    /// ```
    bool congruent, CongruentExpr, Congruent, CongruentOp, [A: IntTuple, B: IntTuple] = it::congruent(&A::TREE, &B::TREE);
}

op! {
    /// CuTe's `compatible(a, b)`: sizes match and every coordinate of `a` is one of `b`.
    ///
    /// ```
    /// use cute_static::{compatible, int_tuple};
    /// assert_eq!(compatible(int_tuple!(_6), int_tuple!((_2,_3))).to_string(), "_1");
    /// ```
    bool compatible, CompatibleExpr, Compatible, CompatibleOp, [A: IntTuple, B: IntTuple] = it::compatible(&A::TREE, &B::TREE);
}

op! {
    /// CuTe's `weakly_congruent(a, b)`: the profile of `a` coarsens the profile of `b`.
    ///
    /// ```
    /// use cute_static::{weakly_congruent, int_tuple};
    /// assert_eq!(weakly_congruent(int_tuple!((_2,_3)), int_tuple!(((_1,_2),_3))).to_string(), "_1");
    /// ```
    bool weakly_congruent, WeaklyCongruentExpr, WeaklyCongruent, WeaklyCongruentOp, [A: IntTuple, B: IntTuple] = it::weakly_congruent(&A::TREE, &B::TREE);
}

// ---- Layout construction and modes --------------------------------------------------------

op! {
    /// CuTe's `make_layout(shape)`: column-major (`LayoutLeft`).
    ///
    /// ```
    /// use cute_static::{make_layout, int_tuple};
    /// assert_eq!(make_layout(int_tuple!((_4,(_3,_2)))).to_string(), "(_4,(_3,_2)):(_1,(_4,_12))");
    /// ```
    layout make_layout, MakeLayoutExpr, MakeLayout, MakeLayoutOp, [S: IntTuple] = ly::make_layout(&S::TREE, false);
}

op! {
    /// CuTe's `make_layout(shape, LayoutRight{})`: row-major.
    ///
    /// ```
    /// use cute_static::{make_layout_right, int_tuple};
    /// assert_eq!(make_layout_right(int_tuple!((_4,_3))).to_string(), "(_4,_3):(_3,_1)");
    /// ```
    layout make_layout_right, MakeLayoutRightExpr, MakeLayoutRight, MakeLayoutRightOp, [S: IntTuple] = ly::make_layout(&S::TREE, true);
}

op! {
    /// CuTe's `make_ordered_layout(shape, order)`: compact strides in increasing `order`.
    ///
    /// ```
    /// use cute_static::{make_ordered_layout, int_tuple};
    /// let l = make_ordered_layout(int_tuple!((_2,_2,_2,_2)), int_tuple!((_0,_2,_3,_1)));
    /// assert_eq!(l.to_string(), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
    /// ```
    layout make_ordered_layout, MakeOrderedLayoutExpr, OrderedLayout, MakeOrderedLayoutOp, [S: IntTuple, O: IntTuple] =
        L::new(S::TREE, st::compact_order(&S::TREE, &O::TREE));
}

op! {
    /// CuTe's `append(a, b)`: `b` as a new last mode.
    ///
    /// ```
    /// use cute_static::{append, layout};
    /// assert_eq!(append(layout!(_3:_1), layout!(_4:_3)).to_string(), "(_3,_4):(_1,_3)");
    /// ```
    layout append, AppendExpr, Append, AppendOp, [A: StaticLayout, B: StaticLayout] = ly::append(&A::LAYOUT, &B::LAYOUT);
}

op! {
    /// CuTe's `prepend(a, b)`: `b` as a new first mode.
    ///
    /// ```
    /// use cute_static::{prepend, layout};
    /// assert_eq!(prepend(layout!(_3:_1), layout!(_4:_3)).to_string(), "(_4,_3):(_3,_1)");
    /// ```
    layout prepend, PrependExpr, Prepend, PrependOp, [A: StaticLayout, B: StaticLayout] = ly::prepend(&A::LAYOUT, &B::LAYOUT);
}

op! {
    /// CuTe's `slice(crd, layout)`: the modes where `crd` has `_`.
    ///
    /// ```
    /// use cute_static::{slice, coord, layout};
    /// let l = layout!((_2,(_3,_4)):(_1,(_2,_6)));
    /// assert_eq!(slice(coord!((_1,(_,_2))), l).to_string(), "(_3):(_2)");
    /// ```
    layout slice, SliceExpr, Slice, SliceOp, [Cd: StaticCoord, A: StaticLayout] = sl::slice(&Cd::COORD, &A::LAYOUT);
}

op! {
    /// CuTe's `dice(crd, layout)`: the modes where `crd` has an integer.
    ///
    /// ```
    /// use cute_static::{dice, coord, layout};
    /// let l = layout!((_2,(_3,_4)):(_1,(_2,_6)));
    /// assert_eq!(dice(coord!((_1,(_,_2))), l).to_string(), "(_2,_4):(_1,_6)");
    /// ```
    layout dice, DiceExpr, Dice, DiceOp, [Cd: StaticCoord, A: StaticLayout] = sl::dice(&Cd::COORD, &A::LAYOUT);
}

op! {
    /// CuTe's `cosize(layout)`.
    ///
    /// ```
    /// use cute_static::{cosize, layout};
    /// assert_eq!(cosize(layout!((_4,(_3,_2)):(_2,(_8,_1)))).to_string(), "_24");
    /// ```
    int cosize, CosizeExpr, Cosize, CosizeOp, [A: StaticLayout] = A::LAYOUT.cosize();
}

// ---- Coalesce and filter ------------------------------------------------------------------

op! {
    /// CuTe's `coalesce(layout)`: same function on its domain, depth at most 1.
    ///
    /// ```
    /// use cute_static::{coalesce, layout};
    /// assert_eq!(coalesce(layout!((_2,(_1,_6)):(_1,(_6,_2)))).to_string(), "_12:_1");
    /// ```
    layout coalesce, CoalesceExpr, Coalesce, CoalesceOp, [A: StaticLayout] = co::coalesce(&A::LAYOUT);
}

op! {
    /// CuTe's `coalesce(layout, profile)`: coalesce each mode at the profile's terminals.
    ///
    /// ```
    /// use cute_static::{coalesce_profile, layout, int_tuple};
    /// let r = coalesce_profile(layout!((_2,(_1,_6)):(_1,(_6,_2))), int_tuple!((_1,_1)));
    /// assert_eq!(r.to_string(), "(_2,_6):(_1,_2)");
    /// ```
    layout coalesce_profile, CoalesceProfileExpr, CoalesceProfile, CoalesceProfileOp, [A: StaticLayout, P: IntTuple] =
        co::coalesce_profile(&A::LAYOUT, &P::TREE);
}

op! {
    /// CuTe's `filter(layout)`: no stride-0 or size-1 modes, coalesced.
    ///
    /// ```
    /// use cute_static::{filter, layout};
    /// assert_eq!(filter(layout!((_4,(_2,_3)):(_0,(_1,_2)))).to_string(), "_6:_1");
    /// ```
    layout filter, FilterExpr, Filter, FilterOp, [A: StaticLayout] = co::filter(&A::LAYOUT);
}

op! {
    /// CuTe's `filter_zeros(layout)`: stride-0 modes get shape `_1`.
    ///
    /// ```
    /// use cute_static::{filter_zeros, layout};
    /// assert_eq!(filter_zeros(layout!((_4,_2):(_0,_1))).to_string(), "(_1,_2):(_0,_1)");
    /// ```
    layout filter_zeros, FilterZerosExpr, FilterZeros, FilterZerosOp, [A: StaticLayout] = co::filter_zeros(&A::LAYOUT);
}

// ---- Composition, complement, inverses ----------------------------------------------------

op! {
    /// CuTe's `composition(A, B)`: `R(c) == A(B(c))`.
    ///
    /// ```
    /// use cute_static::{composition, layout};
    /// let r = composition(layout!((_10,_2):(_16,_4)), layout!((_5,_4):(_1,_5)));
    /// assert_eq!(r.to_string(), "(_5,(_2,_2)):(_16,(_80,_4))");
    /// ```
    layout composition, CompositionExpr, Composition, CompositionOp, [A: StaticLayout, B: StaticLayout] =
        cp::composition(&A::LAYOUT, &B::LAYOUT);
}

op! {
    /// CuTe's `composition(A, tiler)`: by-mode composition.
    ///
    /// ```
    /// use cute_static::{composition_tiler, layout, tile};
    /// let r = composition_tiler(layout!((_12,(_4,_8)):(_59,(_13,_1))), tile!((_3,_8)));
    /// assert_eq!(r.to_string(), "(_3,(_4,_2)):(_59,(_13,_1))");
    /// ```
    layout composition_tiler, CompositionTilerExpr, CompositionTiler, CompositionTilerOp, [A: StaticLayout, T: StaticTiler] =
        cp::composition_tiler(&A::LAYOUT, &T::TILER);
}

op! {
    /// CuTe's `complement(layout, cotarget)`.
    ///
    /// ```
    /// use cute_static::{complement, layout, int_tuple};
    /// assert_eq!(complement(layout!((_2,_2):(_1,_6)), int_tuple!(_24)).to_string(), "(_3,_2):(_2,_12)");
    /// ```
    layout complement, ComplementExpr, Complement, ComplementOp, [A: StaticLayout, Co: IntTuple] =
        cm::complement(&A::LAYOUT, &Co::TREE);
}

op! {
    /// CuTe's `complement(layout)`: the cotarget is `cosize(filter(layout))`.
    ///
    /// ```
    /// use cute_static::{complement1, layout};
    /// assert_eq!(complement1(layout!((_2,_2):(_1,_6))).to_string(), "_3:_2");
    /// ```
    layout complement1, Complement1Expr, Complement1, Complement1Op, [A: StaticLayout] = cm::complement1(&A::LAYOUT);
}

op! {
    /// CuTe's `right_inverse(layout)`.
    ///
    /// ```
    /// use cute_static::{right_inverse, layout};
    /// assert_eq!(right_inverse(layout!((_4,_2):(_2,_1))).to_string(), "(_2,_4):(_4,_1)");
    /// ```
    layout right_inverse, RightInverseExpr, RightInverse, RightInverseOp, [A: StaticLayout] = iv::right_inverse(&A::LAYOUT);
}

op! {
    /// CuTe's `left_inverse(layout)`.
    ///
    /// ```
    /// use cute_static::{left_inverse, layout};
    /// assert_eq!(left_inverse(layout!((_4,_2):(_2,_1))).to_string(), "(_2,_4):(_4,_1)");
    /// ```
    layout left_inverse, LeftInverseExpr, LeftInverse, LeftInverseOp, [A: StaticLayout] = iv::left_inverse(&A::LAYOUT);
}

op! {
    /// CuTe's `nullspace(layout)`: the coordinates mapped to offset 0.
    ///
    /// ```
    /// use cute_static::{nullspace, layout};
    /// assert_eq!(nullspace(layout!((_2,_3,_4):(_0,_1,_0))).to_string(), "(_2,_4):(_1,_6)");
    /// ```
    layout nullspace, NullspaceExpr, Nullspace, NullspaceOp, [A: StaticLayout] = iv::nullspace(&A::LAYOUT);
}

op! {
    /// CuTe's `max_common_layout(a, b)`.
    ///
    /// ```
    /// use cute_static::{max_common_layout, layout};
    /// let r = max_common_layout(layout!((_4,_8):(_1,_4)), layout!((_4,_8):(_1,_8)));
    /// assert_eq!(r.to_string(), "_4:_1");
    /// ```
    layout max_common_layout, MaxCommonLayoutExpr, MaxCommonLayout, MaxCommonLayoutOp, [A: StaticLayout, B: StaticLayout] =
        iv::max_common_layout(&A::LAYOUT, &B::LAYOUT);
}

op! {
    /// CuTe's `max_common_vector(a, b)`.
    ///
    /// ```
    /// use cute_static::{max_common_vector, layout};
    /// assert_eq!(max_common_vector(layout!((_4,_8):(_1,_4)), layout!((_4,_8):(_1,_4))).to_string(), "_32");
    /// ```
    int max_common_vector, MaxCommonVectorExpr, MaxCommonVector, MaxCommonVectorOp, [A: StaticLayout, B: StaticLayout] =
        iv::max_common_vector(&A::LAYOUT, &B::LAYOUT);
}

// ---- Divide ---------------------------------------------------------------------------------

op! {
    /// CuTe's `logical_divide(A, B)` for a layout `B`: `(tile, rest)`.
    ///
    /// ```
    /// use cute_static::{logical_divide, layout};
    /// let r = logical_divide(layout!((_4,_2,_3):(_2,_1,_8)), layout!(_4:_2));
    /// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
    /// ```
    layout logical_divide, LogicalDivideExpr, LogicalDivide, LogicalDivideOp, [A: StaticLayout, B: StaticLayout] =
        dv::logical_divide(&A::LAYOUT, &B::LAYOUT);
}

op! {
    /// CuTe's `logical_divide(A, tiler)`: by-mode divide.
    ///
    /// ```
    /// use cute_static::{logical_divide_tiler, layout, tile};
    /// let r = logical_divide_tiler(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8))));
    /// assert_eq!(r.to_string(), "((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))");
    /// ```
    layout logical_divide_tiler, LogicalDivideTilerExpr, LogicalDivideTiler, LogicalDivideTilerOp, [A: StaticLayout, T: StaticTiler] =
        dv::logical_divide_tiler(&A::LAYOUT, &T::TILER);
}

op! {
    /// CuTe's `zipped_divide(A, tiler)`: `((tiles),(rests))`.
    ///
    /// ```
    /// use cute_static::{zipped_divide, layout, tile};
    /// let r = zipped_divide(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8))));
    /// assert_eq!(r.to_string(), "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))");
    /// ```
    layout zipped_divide, ZippedDivideExpr, ZippedDivide, ZippedDivideOp, [A: StaticLayout, T: StaticTiler] =
        dv::zipped_divide(&A::LAYOUT, &T::TILER);
}

op! {
    /// CuTe's `tiled_divide(A, tiler)`: `((tiles),rest0,rest1,...)`.
    ///
    /// ```
    /// use cute_static::{tiled_divide, layout, tile};
    /// let r = tiled_divide(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8))));
    /// assert_eq!(r.to_string(), "((_3,(_2,_4)),_3,(_2,_2)):((_177,(_13,_2)),_59,(_26,_1))");
    /// ```
    layout tiled_divide, TiledDivideExpr, TiledDivide, TiledDivideOp, [A: StaticLayout, T: StaticTiler] =
        dv::tiled_divide(&A::LAYOUT, &T::TILER);
}

op! {
    /// CuTe's `flat_divide(A, tiler)`: `(tile0,tile1,...,rest0,rest1,...)`.
    ///
    /// ```
    /// use cute_static::{flat_divide, layout, tile};
    /// let r = flat_divide(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8))));
    /// assert_eq!(r.to_string(), "(_3,(_2,_4),_3,(_2,_2)):(_177,(_13,_2),_59,(_26,_1))");
    /// ```
    layout flat_divide, FlatDivideExpr, FlatDivide, FlatDivideOp, [A: StaticLayout, T: StaticTiler] =
        dv::flat_divide(&A::LAYOUT, &T::TILER);
}

// ---- Product --------------------------------------------------------------------------------

op! {
    /// CuTe's `logical_product(A, B)`: `(A, complement(A, size(A)*cosize(B)) ∘ B)`.
    ///
    /// ```
    /// use cute_static::{logical_product, layout};
    /// let r = logical_product(layout!((_2,_2):(_4,_1)), layout!(_6:_1));
    /// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
    /// ```
    layout logical_product, LogicalProductExpr, LogicalProduct, LogicalProductOp, [A: StaticLayout, B: StaticLayout] =
        pr::logical_product(&A::LAYOUT, &B::LAYOUT);
}

op! {
    /// CuTe's `logical_product(A, tiler)`: by-mode product.
    ///
    /// ```
    /// use cute_static::{logical_product_tiler, layout, tile};
    /// let r = logical_product_tiler(layout!((_2,_2):(_4,_1)), tile!(_6:_1));
    /// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
    /// ```
    layout logical_product_tiler, LogicalProductTilerExpr, LogicalProductTiler, LogicalProductTilerOp, [A: StaticLayout, T: StaticTiler] =
        pr::logical_product_tiler(&A::LAYOUT, &T::TILER);
}

op! {
    /// CuTe's `zipped_product(A, B)`.
    ///
    /// ```
    /// use cute_static::{zipped_product, layout};
    /// let r = zipped_product(layout!((_2,_5):(_5,_1)), layout!((_3,_4):(_1,_3)));
    /// assert_eq!(r.to_string(), "((_2,_5),(_3,_4)):((_5,_1),(_10,_30))");
    /// ```
    layout zipped_product, ZippedProductExpr, ZippedProduct, ZippedProductOp, [A: StaticLayout, T: StaticTiler] =
        pr::zipped_product(&A::LAYOUT, &T::TILER);
}

op! {
    /// CuTe's `tiled_product(A, B)`.
    ///
    /// ```
    /// use cute_static::{tiled_product, layout};
    /// let r = tiled_product(layout!((_2,_5):(_5,_1)), layout!((_3,_4):(_1,_3)));
    /// assert_eq!(r.to_string(), "((_2,_5),_3,_4):((_5,_1),_10,_30)");
    /// ```
    layout tiled_product, TiledProductExpr, TiledProduct, TiledProductOp, [A: StaticLayout, T: StaticTiler] =
        pr::tiled_product(&A::LAYOUT, &T::TILER);
}

op! {
    /// CuTe's `flat_product(A, B)`.
    ///
    /// ```
    /// use cute_static::{flat_product, layout};
    /// let r = flat_product(layout!((_2,_5):(_5,_1)), layout!((_3,_4):(_1,_3)));
    /// assert_eq!(r.to_string(), "(_2,_5,_3,_4):(_5,_1,_10,_30)");
    /// ```
    layout flat_product, FlatProductExpr, FlatProduct, FlatProductOp, [A: StaticLayout, T: StaticTiler] =
        pr::flat_product(&A::LAYOUT, &T::TILER);
}

op! {
    /// CuTe's `blocked_product(A, B)`: mode `i` is `(A_i, B_i)`.
    ///
    /// ```
    /// use cute_static::{blocked_product, layout};
    /// let r = blocked_product(layout!((_2,_5):(_5,_1)), layout!((_3,_4):(_1,_3)));
    /// assert_eq!(r.to_string(), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
    /// ```
    layout blocked_product, BlockedProductExpr, BlockedProduct, BlockedProductOp, [A: StaticLayout, B: StaticLayout] =
        pr::blocked_product(&A::LAYOUT, &B::LAYOUT);
}

op! {
    /// CuTe's `raked_product(A, B)`: mode `i` is `(B_i, A_i)`.
    ///
    /// ```
    /// use cute_static::{raked_product, layout};
    /// let r = raked_product(layout!((_2,_5):(_5,_1)), layout!((_3,_4):(_1,_3)));
    /// assert_eq!(r.to_string(), "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");
    /// ```
    layout raked_product, RakedProductExpr, RakedProduct, RakedProductOp, [A: StaticLayout, B: StaticLayout] =
        pr::raked_product(&A::LAYOUT, &B::LAYOUT);
}

op! {
    /// CuTe's `tile_to_shape(block, target)`.
    ///
    /// ```
    /// use cute_static::{tile_to_shape, layout, int_tuple};
    /// let r = tile_to_shape(layout!((_2,_3):(_1,_2)), int_tuple!((_8,_9)));
    /// assert_eq!(r.to_string(), "((_2,_4),(_3,_3)):((_1,_6),(_2,_24))");
    /// ```
    layout tile_to_shape, TileToShapeExpr, TileToShape, TileToShapeOp, [A: StaticLayout, S: IntTuple] =
        pr::tile_to_shape(&A::LAYOUT, &S::TREE);
}

// ---- Recast ---------------------------------------------------------------------------------

/// The const expression behind [`upcast`].
///
/// ```
/// use cute_static::{layout_t, Upcast};
/// assert_eq!(Upcast::<2, layout_t!((_4,_8):(_1,_4))>::new().to_string(), "(_2,_8):(_1,_2)");
/// let _ = core::marker::PhantomData::<cute_static::UpcastExpr<2, layout_t!(_4:_1)>>;
/// ```
pub struct UpcastExpr<const N: i32, A>(PhantomData<fn() -> A>);
impl<const N: i32, A: StaticLayout> Expr for UpcastExpr<N, A> {
    const LAYOUT: L = rc::upcast(N, &A::LAYOUT);
}
/// The result type of [`upcast`].
///
/// ```
/// use cute_static::{layout_t, Upcast};
/// assert_eq!(Upcast::<4, layout_t!(_8:_1)>::new().to_string(), "_2:_1");
/// ```
pub type Upcast<const N: i32, A> = LayoutOf<UpcastExpr<N, A>>;

/// CuTe's `upcast<N>(layout)`: elements `N` times larger.
///
/// ```
/// use cute_static::{upcast, layout};
/// assert_eq!(upcast::<8, _>(layout!((_8,_1024):(_1024,_1))).to_string(), "(_8,_128):(_128,_1)");
/// ```
#[inline(always)]
pub fn upcast<const N: i32, A: StaticLayout>(_: A) -> Upcast<N, A> {
    let _ = <UpcastExpr<N, A> as Expr>::LAYOUT;
    Default::default()
}

/// The const expression behind [`downcast`].
///
/// ```
/// use cute_static::layout_t;
/// let _ = core::marker::PhantomData::<cute_static::DowncastExpr<2, layout_t!(_4:_1)>>;
/// ```
pub struct DowncastExpr<const N: i32, A>(PhantomData<fn() -> A>);
impl<const N: i32, A: StaticLayout> Expr for DowncastExpr<N, A> {
    const LAYOUT: L = rc::downcast(N, &A::LAYOUT);
}
/// The result type of [`downcast`].
///
/// ```
/// use cute_static::{layout_t, Downcast};
/// assert_eq!(Downcast::<2, layout_t!((_4,_8):(_1,_4))>::new().to_string(), "(_8,_8):(_1,_8)");
/// ```
pub type Downcast<const N: i32, A> = LayoutOf<DowncastExpr<N, A>>;

/// CuTe's `downcast<N>(layout)`: elements `N` times smaller.
///
/// ```
/// use cute_static::{downcast, layout};
/// assert_eq!(downcast::<8, _>(layout!((_8,_128):(_128,_1))).to_string(), "(_8,_1024):(_1024,_1)");
/// ```
#[inline(always)]
pub fn downcast<const N: i32, A: StaticLayout>(_: A) -> Downcast<N, A> {
    let _ = <DowncastExpr<N, A> as Expr>::LAYOUT;
    Default::default()
}

/// The const expression behind [`get`].
///
/// ```
/// use cute_static::layout_t;
/// let _ = core::marker::PhantomData::<cute_static::GetExpr<0, layout_t!((_4,_2):(_2,_1))>>;
/// ```
pub struct GetExpr<const I: usize, A>(PhantomData<fn() -> A>);
impl<const I: usize, A: StaticLayout> Expr for GetExpr<I, A> {
    const LAYOUT: L = A::LAYOUT.mode(I);
}
/// The result type of [`get`]: mode `I` of a layout.
///
/// ```
/// use cute_static::{layout_t, Get};
/// assert_eq!(Get::<1, layout_t!((_4,_2):(_2,_1))>::new().to_string(), "_2:_1");
/// ```
pub type Get<const I: usize, A> = LayoutOf<GetExpr<I, A>>;

/// CuTe's `get<I>(layout)` / `layout<I>(layout)`: mode `I` as a layout.
///
/// ```
/// use cute_static::{get, layout};
/// let l = layout!((_4,(_3,_2)):(_2,(_8,_1)));
/// assert_eq!(get::<1, _>(l).to_string(), "(_3,_2):(_8,_1)");
/// ```
#[inline(always)]
pub fn get<const I: usize, A: StaticLayout>(_: A) -> Get<I, A> {
    let _ = <GetExpr<I, A> as Expr>::LAYOUT;
    Default::default()
}

/// The const expression behind [`take`].
///
/// ```
/// use cute_static::layout_t;
/// let _ = core::marker::PhantomData::<cute_static::TakeExpr<0, 1, layout_t!((_4,_2):(_2,_1))>>;
/// ```
pub struct TakeExpr<const B: usize, const E: usize, A>(PhantomData<fn() -> A>);
impl<const B: usize, const E: usize, A: StaticLayout> Expr for TakeExpr<B, E, A> {
    const LAYOUT: L = ly::take(&A::LAYOUT, B, E);
}
/// The result type of [`take`]: modes `[B, E)` of a layout.
///
/// ```
/// use cute_static::{layout_t, Take};
/// assert_eq!(Take::<0, 1, layout_t!((_4,_2):(_2,_1))>::new().to_string(), "(_4):(_2)");
/// ```
pub type Take<const B: usize, const E: usize, A> = LayoutOf<TakeExpr<B, E, A>>;

/// CuTe's `take<B,E>(layout)`: the modes `[B, E)`.
///
/// ```
/// use cute_static::{take, layout};
/// assert_eq!(take::<1, 3, _>(layout!((_2,_3,_4):(_1,_2,_6))).to_string(), "(_3,_4):(_2,_6)");
/// ```
#[inline(always)]
pub fn take<const B: usize, const E: usize, A: StaticLayout>(_: A) -> Take<B, E, A> {
    let _ = <TakeExpr<B, E, A> as Expr>::LAYOUT;
    Default::default()
}
