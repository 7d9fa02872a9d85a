//! Every operation of CuTe's layout algebra: a function with CuTe's name and an alias for its
//! result type. Static parts are computed while compiling ([`crate::algebra`]), and a failed
//! precondition on static values is a compile error in CuTe's words; dynamic values are computed
//! at run time from the operands the result keeps.

use crate::algebra::layout::{L, Major};
use crate::algebra::{
    by_mode as bm, coalesce as co, complement as cm, composition as cp, divide as dv,
    int_tuple as it, inverse as iv, layout as ly, product as pr, recast as rc, slice as sl,
    stride as st,
};
use crate::expr::{Expr, Sym, dyn_values};
use crate::layout::{IsLayout, LayoutOf, TensorLayout};
use crate::prog::Prog;
use crate::tree::{Tree, V};
use crate::tuple::{IntTuple, SliceCoord, Static, Tiler};
use crate::values::{BoolOf, IntOf, TupleOf};

mod machinery;

pub(crate) use machinery::{arg, definition, expr_methods, expr_type, sym, twin_check};
use machinery::{op, param_expr, twin_arg};

op! {
    /// CuTe's `size(t)`: the product of the leaves.
    ///
    /// ```
    /// assert_eq!(cute_static::size(cute_static::int_tuple!((_4,(_3,_2)))).to_string(), "_24");
    /// ```
    int size, SizeExpr, Size, [T: IntTuple => t] |p| = p.product(&t.leaves());
}

expr_type!(FlattenExpr, [T: IntTuple => t] |p| t.flatten(), tuple);
expr_type!(FlattenLayoutExpr, [A: IsLayout => a] |p| ly::flatten(&a), layout);

/// What [`flatten`] takes: an IntTuple or a layout, CuTe's two `flatten`s.
///
/// ```
/// use cute_static::{flatten, int_tuple, layout, Flatten};
/// fn flat<T: cute_static::__expr::Flattens>(t: T) -> Flatten<T> { flatten(t) }
/// assert_eq!(flat(int_tuple!(((_2,_3),_4))).to_string(), "(_2,_3,_4)");
/// assert_eq!(flat(layout!(((_2,_3),_4):((_1,_2),_6))).to_string(), "(_2,_3,_4):(_1,_2,_6)");
/// ```
pub trait Flattens: Copy {
    /// The flattened value: an IntTuple or a layout.
    type Output;
    /// `flatten(self)`.
    fn flattened(self) -> Self::Output;
}

impl<T: IntTuple> Flattens for T {
    type Output = TupleOf<FlattenExpr::E<T>>;
    #[inline(always)]
    fn flattened(self) -> Self::Output {
        let _ = <FlattenExpr::E<T> as Expr>::SYM;
        TupleOf(FlattenExpr::E((self,)))
    }
}

/// `flatten` of a layout type.
macro_rules! flattens_layout {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*> Flattens for $T {
            type Output = LayoutOf<FlattenLayoutExpr::E<Self>>;
            #[inline(always)]
            fn flattened(self) -> Self::Output {
                let _ = <FlattenLayoutExpr::E<Self> as Expr>::SYM;
                LayoutOf(FlattenLayoutExpr::E((self,)))
            }
        }
    )*};
}

flattens_layout!([S: IntTuple, D: IntTuple] crate::Layout<S, D>, [E: Expr] LayoutOf<E>);

/// The result type of [`flatten`]: an IntTuple of an IntTuple, a layout of a layout.
///
/// ```
/// use cute_static::{int_tuple_t, layout_t, Flatten, Static};
/// assert_eq!(<Flatten<int_tuple_t!(((_2,_3),_4))> as Static>::VALUE.to_string(), "(_2,_3,_4)");
/// assert_eq!(Flatten::<layout_t!(((_2,_3),_4):((_1,_2),_6))>::new().to_string(), "(_2,_3,_4):(_1,_2,_6)");
/// ```
pub type Flatten<T> = <T as Flattens>::Output;

/// CuTe's `flatten(t)` of an IntTuple, and `flatten(layout)` of a layout (one mode per leaf;
/// also the method `layout.flatten()`).
///
/// ```
/// use cute_static::{flatten, int_tuple, layout};
/// assert_eq!(flatten(int_tuple!(((_2,_3),(_4)))).to_string(), "(_2,_3,_4)");
/// let n = 5;
/// let l = layout!((_2,(_4,(n,_6))):(_1,(_2,(_8,40))));
/// assert_eq!(flatten(l).to_string(), "(_2,_4,5,_6):(_1,_2,_8,40)");
/// ```
#[inline(always)]
pub fn flatten<T: Flattens>(t: T) -> Flatten<T> {
    t.flattened()
}

op! {
    /// CuTe's `shape_div(a, b)` (`a % b == 0 || b % a == 0`, else "Divisibility Condition").
    ///
    /// ```
    /// use cute_static::{shape_div, int_tuple};
    /// assert_eq!(shape_div(int_tuple!((_4,_5,_6)), int_tuple!(_40)).to_string(), "(_1,_1,_3)");
    /// ```
    tuple shape_div, ShapeDivExpr, ShapeDiv, [A: IntTuple => a, B: IntTuple => b] |p| = it::shape_div(p, &a, &b);
}

op! {
    /// CuTe's `ceil_div(a, b)`.
    ///
    /// ```
    /// use cute_static::{ceil_div, int_tuple};
    /// assert_eq!(ceil_div(int_tuple!((_7,_5)), int_tuple!((_2))).to_string(), "(_4,_5)");
    /// ```
    tuple ceil_div, CeilDivExpr, CeilDiv, [A: IntTuple => a, B: IntTuple => b] |p| = it::ceil_div(p, &a, &b);
}

op! {
    /// CuTe's `compact_col_major(shape)`: the strides of `make_layout(shape)`.
    ///
    /// ```
    /// use cute_static::{compact_col_major, int_tuple};
    /// assert_eq!(compact_col_major(int_tuple!((_2,_3,_4))).to_string(), "(_1,_2,_6)");
    /// ```
    tuple compact_col_major, CompactColMajorExpr, CompactColMajor, [S: IntTuple => s] |p| = st::compact_major(p, &s, V::s(1), Major::Left);
}

op! {
    /// CuTe's `compact_row_major(shape)`: the strides of `make_layout(shape, LayoutRight{})`.
    ///
    /// ```
    /// use cute_static::{compact_row_major, int_tuple};
    /// assert_eq!(compact_row_major(int_tuple!((_2,_3,_4))).to_string(), "(_12,_4,_1)");
    /// ```
    tuple compact_row_major, CompactRowMajorExpr, CompactRowMajor, [S: IntTuple => s] |p| = st::compact_major(p, &s, V::s(1), Major::Right);
}

op! {
    /// CuTe's `idx2crd(idx, shape)`: the natural coordinate of a static index or coordinate.
    ///
    /// ```
    /// use cute_static::{idx2crd, int_tuple};
    /// let c = idx2crd(int_tuple!(_191), int_tuple!(((_2,_2),(_4,_2),(_2,_3))));
    /// assert_eq!(c.to_string(), "((_1,_1),(_3,_1),(_1,_2))");
    /// ```
    tuple idx2crd, Idx2CrdExpr, Idx2Crd, [I: IntTuple => i, S: IntTuple => s] |p| = st::idx2crd(p, &i, &s);
}

op! {
    /// CuTe's `crd2idx(coord, shape, stride)` for a static coordinate.
    ///
    /// ```
    /// use cute_static::{crd2idx, int_tuple};
    /// let i = crd2idx(int_tuple!((_1,(_1,_2))), int_tuple!((_3,(_2,_3))), int_tuple!((_3,(_12,_1))));
    /// assert_eq!(i.to_string(), "_17");
    /// ```
    int crd2idx, Crd2IdxExpr, Crd2Idx, [Cd: IntTuple => cd, S: IntTuple => s, D: IntTuple => d] |p| = st::crd2idx(p, &cd, &s, &d);
}

op! {
    /// CuTe's `congruent(a, b)`: the same profile.
    ///
    /// ```
    /// use cute_static::{congruent, int_tuple};
    /// assert_eq!(congruent(int_tuple!((_2,(_3,_4))), int_tuple!((_1,(_1,_5)))).to_string(), "_1");
    /// ```
    bool congruent, CongruentExpr, Congruent, [A: IntTuple => a, B: IntTuple => b] |p| = it::congruent(&a, &b);
}

op! {
    /// CuTe's `compatible(a, b)`: sizes match and every coordinate of `a` is one of `b`.
    ///
    /// ```
    /// use cute_static::{compatible, int_tuple};
    /// assert_eq!(compatible(int_tuple!(_6), int_tuple!((_2,_3))).to_string(), "_1");
    /// ```
    bool compatible, CompatibleExpr, Compatible, [A: IntTuple => a, B: IntTuple => b] |p| = it::compatible(p, &a, &b);
}

op! {
    /// CuTe's `weakly_congruent(a, b)`: the profile of `a` coarsens the profile of `b`.
    ///
    /// ```
    /// use cute_static::{weakly_congruent, int_tuple};
    /// assert_eq!(weakly_congruent(int_tuple!((_2,_3)), int_tuple!(((_1,_2),_3))).to_string(), "_1");
    /// ```
    bool weakly_congruent, WeaklyCongruentExpr, WeaklyCongruent, [A: IntTuple => a, B: IntTuple => b] |p| = it::weakly_congruent(p, &a, &b);
}

op! {
    /// CuTe's `make_layout(shape)`: column-major (`LayoutLeft`).
    ///
    /// ```
    /// use cute_static::{make_layout, int_tuple};
    /// assert_eq!(make_layout(int_tuple!((_4,(_3,_2)))).to_string(), "(_4,(_3,_2)):(_1,(_4,_12))");
    /// ```
    layout make_layout, MakeLayoutExpr, MakeLayout, [S: IntTuple => s] |p| = ly::make_layout(p, &s, Major::Left);
}

op! {
    /// CuTe's `make_identity_layout(shape)`: `shape` with the scaled basis strides
    /// `make_basis_like(shape)`, `_1@i` for mode `i` (`_1@j@i` for its mode `j`, ...), so that
    /// it maps a coordinate to itself. Its values are coordinates, not offsets: it is the
    /// layout of [`crate::make_identity_tensor`], which evaluates it.
    ///
    /// ```
    /// use cute_static::{make_identity_layout, int_tuple};
    /// let id = make_identity_layout(int_tuple!((_4,(2,_3))));
    /// assert_eq!(id.to_string(), "(_4,(2,_3)):(_1@0,(_1@0@1,_1@1@1))");
    /// assert_eq!(cute_static::zipped_divide(make_identity_layout(int_tuple!((_4,_6))), cute_static::tile!((_2,_3))).to_string(),
    ///            "((_2,_3),(_2,_2)):((_1@0,_1@1),(_2@0,_3@1))");
    /// ```
    layout make_identity_layout, MakeIdentityLayoutExpr, MakeIdentityLayout, [S: IntTuple => s] |p| = crate::algebra::arithmetic_tuple::make_identity_layout(&s);
}

op! {
    /// CuTe's `make_layout(shape, LayoutRight{})`: row-major.
    ///
    /// ```
    /// use cute_static::{make_layout_right, int_tuple};
    /// assert_eq!(make_layout_right(int_tuple!((_4,_3))).to_string(), "(_4,_3):(_3,_1)");
    /// ```
    layout make_layout_right, MakeLayoutRightExpr, MakeLayoutRight, [S: IntTuple => s] |p| = ly::make_layout(p, &s, Major::Right);
}

op! {
    /// CuTe's `make_ordered_layout(shape, order)`: compact strides in increasing `order`.
    ///
    /// ```
    /// use cute_static::{make_ordered_layout, int_tuple};
    /// let l = make_ordered_layout(int_tuple!((_2,_2,_2,_2)), int_tuple!((_0,_2,_3,_1)));
    /// assert_eq!(l.to_string(), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
    /// ```
    layout make_ordered_layout, MakeOrderedLayoutExpr, OrderedLayout, [S: IntTuple => s, O: IntTuple => o] |p| = L::new(s, st::compact_order(p, &s, &o));
}

op! {
    /// CuTe's `append(a, b)`: `b` as a new last mode.
    ///
    /// ```
    /// use cute_static::{append, layout};
    /// assert_eq!(append(layout!(_3:_1), layout!(_4:_3)).to_string(), "(_3,_4):(_1,_3)");
    /// ```
    layout append, AppendExpr, Append, [A: IsLayout => a, B: IsLayout => b] |p| = ly::append(&a, &b);
}

op! {
    /// CuTe's `prepend(a, b)`: `b` as a new first mode.
    ///
    /// ```
    /// use cute_static::{prepend, layout};
    /// assert_eq!(prepend(layout!(_3:_1), layout!(_4:_3)).to_string(), "(_4,_3):(_3,_1)");
    /// ```
    layout prepend, PrependExpr, Prepend, [A: IsLayout => a, B: IsLayout => b] |p| = ly::prepend(&a, &b);
}

op! {
    /// CuTe's `slice(crd, layout)`: the modes where `crd` has `_`.
    ///
    /// ```
    /// use cute_static::{slice, coord, layout};
    /// let l = layout!((_2,(_3,_4)):(_1,(_2,_6)));
    /// assert_eq!(slice(coord!((_1,(_,_2))), l).to_string(), "(_3):(_2)");
    /// ```
    layout slice, SliceExpr, Slice, [Cd: SliceCoord => cd, A: IsLayout => a] |p| = sl::slice(&cd, &a);
}

op! {
    /// CuTe's `dice(crd, layout)`: the modes where `crd` has an integer.
    ///
    /// ```
    /// use cute_static::{dice, coord, layout};
    /// let l = layout!((_2,(_3,_4)):(_1,(_2,_6)));
    /// assert_eq!(dice(coord!((_1,(_,_2))), l).to_string(), "(_2,_4):(_1,_6)");
    /// ```
    layout dice, DiceExpr, Dice, [Cd: SliceCoord => cd, A: IsLayout => a] |p| = sl::dice(&cd, &a);
}

op! {
    /// CuTe's `cosize(layout)`.
    ///
    /// ```
    /// use cute_static::{cosize, layout};
    /// assert_eq!(cosize(layout!((_4,(_3,_2)):(_2,(_8,_1)))).to_string(), "_24");
    /// ```
    int cosize, CosizeExpr, Cosize, [A: IsLayout => a] |p| = a.cosize(p);
}

op! {
    /// CuTe's `coalesce(layout)`: same function on its domain, depth at most 1.
    ///
    /// ```
    /// use cute_static::{coalesce, layout};
    /// assert_eq!(coalesce(layout!((_2,(_1,_6)):(_1,(_6,_2)))).to_string(), "_12:_1");
    /// ```
    layout coalesce, CoalesceExpr, Coalesce, [A: IsLayout => a] |p| = co::coalesce(p, &a);
}

op! {
    /// CuTe's `coalesce(layout, profile)`: coalesce each mode at the profile's terminals.
    ///
    /// ```
    /// use cute_static::{coalesce_profile, layout, int_tuple};
    /// let r = coalesce_profile(layout!((_2,(_1,_6)):(_1,(_6,_2))), int_tuple!((_1,_1)));
    /// assert_eq!(r.to_string(), "(_2,_6):(_1,_2)");
    /// ```
    layout coalesce_profile, CoalesceProfileExpr, CoalesceProfile, [A: IsLayout => a, P: IntTuple => prof] |p| = co::coalesce_profile(p, &a, &prof);
}

op! {
    /// CuTe's `filter(layout)`: no stride-0 or size-1 modes, coalesced.
    ///
    /// ```
    /// use cute_static::{filter, layout};
    /// assert_eq!(filter(layout!((_4,(_2,_3)):(_0,(_1,_2)))).to_string(), "_6:_1");
    /// ```
    layout filter, FilterExpr, Filter, [A: IsLayout => a] |p| = co::filter(p, &a);
}

op! {
    /// CuTe's `filter_zeros(layout)`: stride-0 modes get shape `_1`.
    ///
    /// ```
    /// use cute_static::{filter_zeros, layout};
    /// assert_eq!(filter_zeros(layout!((_4,_2):(_0,_1))).to_string(), "(_1,_2):(_0,_1)");
    /// ```
    layout filter_zeros, FilterZerosExpr, FilterZeros, [A: IsLayout => a] |p| = co::filter_zeros(p, &a);
}

op! {
    /// CuTe's `composition(A, B)`: `R(c) == A(B(c))`.
    ///
    /// ```
    /// use cute_static::{composition, layout};
    /// let r = composition(layout!((_10,_2):(_16,_4)), layout!((_5,_4):(_1,_5)));
    /// assert_eq!(r.to_string(), "(_5,(_2,_2)):(_16,(_80,_4))");
    /// ```
    layout composition, CompositionExpr, Composition, [A: IsLayout => a, B: IsLayout => b] |p| = cp::composition(p, &a, &b);
    twin, defined as composition
}

op! {
    /// CuTe's `composition(A, tiler)`: by-mode composition.
    ///
    /// ```
    /// use cute_static::{composition_tiler, layout, tile};
    /// let r = composition_tiler(layout!((_12,(_4,_8)):(_59,(_13,_1))), tile!((_3,_8)));
    /// assert_eq!(r.to_string(), "(_3,(_4,_2)):(_59,(_13,_1))");
    /// ```
    layout composition_tiler, CompositionTilerExpr, CompositionTiler, [A: IsLayout => a, T: Tiler => t] |p| = cp::composition_tiler(p, &a, &t);
    twin
}

op! {
    /// CuTe's `complement(layout, cotarget)`.
    ///
    /// ```
    /// use cute_static::{complement, layout, int_tuple};
    /// assert_eq!(complement(layout!((_2,_2):(_1,_6)), int_tuple!(_24)).to_string(), "(_3,_2):(_2,_12)");
    /// ```
    layout complement, ComplementExpr, Complement, [A: IsLayout => a, Co: IntTuple => cot] |p| = cm::complement(p, &a, &cot);
}

op! {
    /// CuTe's `complement(layout)`: the cotarget is `cosize(filter(layout))`.
    ///
    /// ```
    /// use cute_static::{complement1, layout};
    /// assert_eq!(complement1(layout!((_2,_2):(_1,_6))).to_string(), "_3:_2");
    /// ```
    layout complement1, Complement1Expr, Complement1, [A: IsLayout => a] |p| = cm::complement1(p, &a);
}

op! {
    /// CuTe's `right_inverse(layout)`.
    ///
    /// ```
    /// use cute_static::{right_inverse, layout};
    /// assert_eq!(right_inverse(layout!((_4,_2):(_2,_1))).to_string(), "(_2,_4):(_4,_1)");
    /// ```
    layout right_inverse, RightInverseExpr, RightInverse, [A: IsLayout => a] |p| = iv::right_inverse(p, &a);
}

op! {
    /// CuTe's `left_inverse(layout)`.
    ///
    /// ```
    /// use cute_static::{left_inverse, layout};
    /// assert_eq!(left_inverse(layout!((_4,_2):(_2,_1))).to_string(), "(_2,_4):(_4,_1)");
    /// ```
    layout left_inverse, LeftInverseExpr, LeftInverse, [A: IsLayout => a] |p| = iv::left_inverse(p, &a);
}

op! {
    /// CuTe's `nullspace(layout)`: the coordinates mapped to offset 0.
    ///
    /// ```
    /// use cute_static::{nullspace, layout};
    /// assert_eq!(nullspace(layout!((_2,_3,_4):(_0,_1,_0))).to_string(), "(_2,_4):(_1,_6)");
    /// ```
    layout nullspace, NullspaceExpr, Nullspace, [A: IsLayout => a] |p| = iv::nullspace(p, &a);
}

op! {
    /// CuTe's `max_common_layout(a, b)`.
    ///
    /// ```
    /// use cute_static::{max_common_layout, layout};
    /// let r = max_common_layout(layout!((_4,_8):(_1,_4)), layout!((_4,_8):(_1,_8)));
    /// assert_eq!(r.to_string(), "_4:_1");
    /// ```
    layout max_common_layout, MaxCommonLayoutExpr, MaxCommonLayout, [A: IsLayout => a, B: IsLayout => b] |p| = iv::max_common_layout(p, &a, &b);
    twin
}

op! {
    /// CuTe's `max_common_vector(a, b)`.
    ///
    /// ```
    /// use cute_static::{max_common_vector, layout};
    /// assert_eq!(max_common_vector(layout!((_4,_8):(_1,_4)), layout!((_4,_8):(_1,_4))).to_string(), "_32");
    /// ```
    ///
    /// With dynamic values CuTe answers `_1` without computing anything; `.checked()` still runs
    /// the operation on the values (the static twin) and reports what CuTe would have refused:
    ///
    /// ```
    /// use cute_static::{max_common_vector, layout, Condition};
    /// let r = max_common_vector(layout!((4,8,8):(64,8,1)), layout!((6,4,2):(4,1,24)));
    /// assert_eq!(r.to_string(), "_1");
    /// assert_eq!(r.checked().unwrap_err().condition(), Some(Condition::StrideDivisibility));
    /// ```
    int max_common_vector, MaxCommonVectorExpr, MaxCommonVector, [A: IsLayout => a, B: IsLayout => b] |p| = iv::max_common_vector(p, &a, &b);
    twin
}

op! {
    /// CuTe's `logical_divide(A, B)` for a layout `B`: `(tile, rest)`.
    ///
    /// ```
    /// use cute_static::{logical_divide, layout};
    /// let r = logical_divide(layout!((_4,_2,_3):(_2,_1,_8)), layout!(_4:_2));
    /// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
    /// ```
    layout logical_divide, LogicalDivideExpr, LogicalDivide, [A: IsLayout => a, B: IsLayout => b] |p| = dv::logical_divide(p, &a, &b);
    twin
}

op! {
    /// CuTe's `logical_divide(A, tiler)`: by-mode divide.
    ///
    /// ```
    /// use cute_static::{logical_divide_tiler, layout, tile};
    /// let r = logical_divide_tiler(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8))));
    /// assert_eq!(r.to_string(), "((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))");
    /// ```
    layout logical_divide_tiler, LogicalDivideTilerExpr, LogicalDivideTiler, [A: IsLayout => a, T: Tiler => t] |p| = bm::logical_divide_tiler(p, &a, &t);
    twin
}

op! {
    /// CuTe's `zipped_divide(A, tiler)`: `((tiles),(rests))`.
    ///
    /// ```
    /// use cute_static::{zipped_divide, layout, tile};
    /// let r = zipped_divide(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8))));
    /// assert_eq!(r.to_string(), "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))");
    /// ```
    layout zipped_divide, ZippedDivideExpr, ZippedDivide, [A: IsLayout => a, T: Tiler => t] |p| = bm::zipped_divide(p, &a, &t);
    twin
}

op! {
    /// CuTe's `tiled_divide(A, tiler)`: `((tiles),rest0,rest1,...)`.
    ///
    /// ```
    /// use cute_static::{tiled_divide, layout, tile};
    /// let r = tiled_divide(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8))));
    /// assert_eq!(r.to_string(), "((_3,(_2,_4)),_3,(_2,_2)):((_177,(_13,_2)),_59,(_26,_1))");
    /// ```
    layout tiled_divide, TiledDivideExpr, TiledDivide, [A: IsLayout => a, T: Tiler => t] |p| = bm::tiled_divide(p, &a, &t);
    twin
}

op! {
    /// CuTe's `flat_divide(A, tiler)`: `(tile0,tile1,...,rest0,rest1,...)`.
    ///
    /// ```
    /// use cute_static::{flat_divide, layout, tile};
    /// let r = flat_divide(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8))));
    /// assert_eq!(r.to_string(), "(_3,(_2,_4),_3,(_2,_2)):(_177,(_13,_2),_59,(_26,_1))");
    /// ```
    layout flat_divide, FlatDivideExpr, FlatDivide, [A: IsLayout => a, T: Tiler => t] |p| = bm::flat_divide(p, &a, &t);
    twin
}

op! {
    /// CuTe's `logical_product(A, B)`: `(A, complement(A, size(A)*cosize(B)) ∘ B)`.
    ///
    /// ```
    /// use cute_static::{logical_product, layout};
    /// let r = logical_product(layout!((_2,_2):(_4,_1)), layout!(_6:_1));
    /// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
    /// ```
    layout logical_product, LogicalProductExpr, LogicalProduct, [A: IsLayout => a, B: IsLayout => b] |p| = pr::logical_product(p, &a, &b);
    twin
}

op! {
    /// CuTe's `logical_product(A, tiler)`: by-mode product.
    ///
    /// ```
    /// use cute_static::{logical_product_tiler, layout, tile};
    /// let r = logical_product_tiler(layout!((_2,_2):(_4,_1)), tile!(_6:_1));
    /// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
    /// ```
    layout logical_product_tiler, LogicalProductTilerExpr, LogicalProductTiler, [A: IsLayout => a, T: Tiler => t] |p| = bm::logical_product_tiler(p, &a, &t);
    twin
}

op! {
    /// CuTe's `zipped_product(A, B)`.
    ///
    /// ```
    /// use cute_static::{zipped_product, layout};
    /// let r = zipped_product(layout!((_2,_5):(_5,_1)), layout!((_3,_4):(_1,_3)));
    /// assert_eq!(r.to_string(), "((_2,_5),(_3,_4)):((_5,_1),(_10,_30))");
    /// ```
    layout zipped_product, ZippedProductExpr, ZippedProduct, [A: IsLayout => a, T: Tiler => t] |p| = bm::zipped_product(p, &a, &t);
    twin
}

op! {
    /// CuTe's `tiled_product(A, B)`.
    ///
    /// ```
    /// use cute_static::{tiled_product, layout};
    /// let r = tiled_product(layout!((_2,_5):(_5,_1)), layout!((_3,_4):(_1,_3)));
    /// assert_eq!(r.to_string(), "((_2,_5),_3,_4):((_5,_1),_10,_30)");
    /// ```
    layout tiled_product, TiledProductExpr, TiledProduct, [A: IsLayout => a, T: Tiler => t] |p| = bm::tiled_product(p, &a, &t);
    twin
}

op! {
    /// CuTe's `flat_product(A, B)`.
    ///
    /// ```
    /// use cute_static::{flat_product, layout};
    /// let r = flat_product(layout!((_2,_5):(_5,_1)), layout!((_3,_4):(_1,_3)));
    /// assert_eq!(r.to_string(), "(_2,_5,_3,_4):(_5,_1,_10,_30)");
    /// ```
    layout flat_product, FlatProductExpr, FlatProduct, [A: IsLayout => a, T: Tiler => t] |p| = bm::flat_product(p, &a, &t);
    twin
}

op! {
    /// CuTe's `blocked_product(A, B)`: mode `i` is `(A_i, B_i)`.
    ///
    /// ```
    /// use cute_static::{blocked_product, layout};
    /// let r = blocked_product(layout!((_2,_5):(_5,_1)), layout!((_3,_4):(_1,_3)));
    /// assert_eq!(r.to_string(), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
    /// ```
    layout blocked_product, BlockedProductExpr, BlockedProduct, [A: IsLayout => a, B: IsLayout => b] |p| = pr::blocked_product(p, &a, &b);
    twin
}

op! {
    /// CuTe's `raked_product(A, B)`: mode `i` is `(B_i, A_i)`.
    ///
    /// ```
    /// use cute_static::{raked_product, layout};
    /// let r = raked_product(layout!((_2,_5):(_5,_1)), layout!((_3,_4):(_1,_3)));
    /// assert_eq!(r.to_string(), "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");
    /// ```
    layout raked_product, RakedProductExpr, RakedProduct, [A: IsLayout => a, B: IsLayout => b] |p| = pr::raked_product(p, &a, &b);
    twin
}

op! {
    /// CuTe's `tile_to_shape(block, target)`.
    ///
    /// ```
    /// use cute_static::{tile_to_shape, layout, int_tuple};
    /// let r = tile_to_shape(layout!((_2,_3):(_1,_2)), int_tuple!((_8,_9)));
    /// assert_eq!(r.to_string(), "((_2,_4),(_3,_3)):((_1,_6),(_2,_24))");
    /// ```
    layout tile_to_shape, TileToShapeExpr, TileToShape, [A: IsLayout => a, S: IntTuple => s] |p| = pr::tile_to_shape(p, &a, &s);
}

op! {
    /// CuTe's `make_fragment_like(layout)` (`layout.hpp`): a compact layout of the same shape
    /// for a register fragment. With a static shape of rank `R > 1`, mode 0 is column-major
    /// (its static `_0` strides stay `_0`) and the other modes are ordered by their strides:
    /// `tiled_product(make_layout(shape<0>, compact_major<LayoutLeft>(filter_zeros(stride<0>,
    /// shape<0>))), make_ordered_layout(take<1,R>(shape), take<1,R>(stride)))`; otherwise
    /// `make_layout(shape)`. A swizzled layout's fragment is that of its inner layout. The
    /// register tensor itself is [`make_fragment_like`](crate::make_fragment_like).
    ///
    /// ```
    /// use cute_static::{make_fragment_like_layout, layout};
    /// let l = layout!(((_2,_2),_2,_3):((_0,_64),_1024,_4));
    /// assert_eq!(make_fragment_like_layout(l).to_string(), "((_2,_2),_2,_3):((_0,_1),_6,_2)");
    /// let m = 100;
    /// assert_eq!(make_fragment_like_layout(layout!((m,_4):(_4,_1))).to_string(), "(100,_4):(_1,100)");
    /// ```
    layout make_fragment_like_layout, FragmentLikeExpr, FragmentLike, [A: TensorLayout => a] |p| = crate::algebra::tiled::fragment_like(p, &crate::algebra::composed::domain(&a, "make_fragment_like"));
}

op! {
    /// CuTe's `shape(layout)`: the shape as an IntTuple value (static leaves `C<N>`, dynamic
    /// ones computed from the operands), usable wherever an IntTuple is. For a composed layout,
    /// the shape of its domain.
    ///
    /// ```
    /// use cute_static::{layout, make_layout, shape};
    /// let m = 6;
    /// let a = layout!((m,(_2,_4)):(_8,(_1,_2)));
    /// assert_eq!(shape(a).to_string(), "(6,(_2,_4))");
    /// assert_eq!(make_layout(a.shape()).to_string(), "(6,(_2,_4)):(_1,(6,12))");
    /// ```
    tuple shape, ShapeExpr, Shape, [A: TensorLayout => a] |p| = crate::algebra::composed::domain(&a, "shape").shape;
}

op! {
    /// CuTe's `stride(layout)`: the stride as an IntTuple value.
    ///
    /// ```
    /// use cute_static::{layout, stride};
    /// let n = 9;
    /// assert_eq!(stride(layout!((_4,_2):(n,_1))).to_string(), "(9,_1)");
    /// ```
    tuple stride, StrideExpr, Stride, [A: IsLayout => a] |p| = a.stride;
}

op! {
    /// CuTe's `make_layout_like(layout)`: a compact layout of the same shape whose strides are
    /// in the order of the layout's (static `_0` strides kept), the layout of
    /// [`make_tensor_like`](crate::make_tensor_like). A swizzled layout's is that of its
    /// layout.
    ///
    /// ```
    /// use cute_static::{layout, make_layout_like};
    /// let l = layout!((_2,_2,_2,_2):(_0,_2,_4,_1));
    /// assert_eq!(make_layout_like(l).to_string(), "(_2,_2,_2,_2):(_0,_2,_4,_1)");
    /// let l = layout!((_4,_3):(_3,_1));
    /// assert_eq!(make_layout_like(l).to_string(), "(_4,_3):(_3,_1)");
    /// ```
    layout make_layout_like, MakeLayoutLikeExpr, MakeLayoutLike, [A: TensorLayout => a] |p| = crate::algebra::tiled::layout_like(p, &crate::algebra::composed::domain(&a, "make_layout_like"));
}

op! {
    /// CuTe's `make_layout(l0, l1, ...)`: the layouts of a tuple (integers `n` standing for
    /// `n:_1`) as the modes of one layout.
    ///
    /// ```
    /// use cute_static::{concat, layout};
    /// let (a, b) = (layout!(_4:_1), layout!((_2,_3):(_4,_8)));
    /// assert_eq!(concat((a, b)).to_string(), "(_4,(_2,_3)):(_1,(_4,_8))");
    /// ```
    layout concat, ConcatExpr, Concat, [T: Tiler => t] |p| = crate::algebra::tiler::concat(p, &t);
}

// ---- Recast, modes ------------------------------------------------------------------------

param_expr!(UpcastExpr<N: i32>, |p, a| rc::upcast(p, N, &a));
param_expr!(DowncastExpr<N: i32>, |p, a| rc::downcast(p, N, &a));
param_expr!(GetExpr<I: usize>, |p, a| { let _ = p; a.mode(I) });
param_expr!(TakeExpr<BEGIN: usize, END: usize>, |p, a| ly::take(p, &a, BEGIN, END));
param_expr!(GroupExpr<BEGIN: usize, END: usize>, |p, a| ly::group(p, &a, BEGIN, END));

/// CuTe's `replace<N>(layout, x)`.
#[allow(non_snake_case)]
mod ReplaceExpr {
    use super::*;

    #[derive(Clone, Copy, Default)]
    pub struct E<const N: usize, A, X>(pub(crate) (A, X));

    impl<const N: usize, A: IsLayout, X: IsLayout> Expr for E<N, A, X> {
        const SYM: Sym = {
            let (a, x) = (A::LAYOUT, X::LAYOUT.shifted(A::NDYN));
            let mut prog = Prog::new(A::NDYN + X::NDYN);
            let replaced = ly::replace(&mut prog, &a, N, &x);
            sym!(layout, replaced, prog)
        };
        expr_methods!((A, X));
    }

    impl<const N: usize, A: Static, X: Static> Static for E<N, A, X> {
        const VALUE: Self = E((A::VALUE, X::VALUE));
    }
}

/// The result type of [`replace()`].
///
/// ```
/// use cute_static::{layout_t, Replace};
/// type R = Replace<1, layout_t!((_2,_3):(_1,_2)), layout_t!(_5:_7)>;
/// assert_eq!(R::new().to_string(), "(_2,_5):(_1,_7)");
/// ```
pub type Replace<const N: usize, A, X> = LayoutOf<ReplaceExpr::E<N, A, X>>;

/// CuTe's `replace<N>(layout, x)`: mode `N` replaced by the layout `x` (of a layout that is not
/// a tuple, `N = 0` replaces it whole).
///
/// ```
/// use cute_static::{layout, replace};
/// let m = 9;
/// let l = layout!((_2,_3,_4):(_1,_2,_6));
/// assert_eq!(replace::<1, _, _>(l, layout!(m:_12)).to_string(), "(_2,9,_4):(_1,_12,_6)");
/// ```
#[inline(always)]
pub fn replace<const N: usize, A: IsLayout, X: IsLayout>(a: A, x: X) -> Replace<N, A, X> {
    let _ = <ReplaceExpr::E<N, A, X> as Expr>::SYM;
    LayoutOf(ReplaceExpr::E((a, x)))
}

/// Mode `I`'s size of a tensor layout's domain, CuTe's `size<I>`.
#[allow(non_snake_case)]
mod SizeModeExpr {
    use super::*;

    #[derive(Clone, Copy, Default)]
    pub struct E<const I: usize, A>(pub(crate) (A,));

    impl<const I: usize, A: TensorLayout> Expr for E<I, A> {
        const SYM: Sym = {
            let mut prog = Prog::new(A::NDYN);
            let mode = crate::algebra::composed::domain(&A::CL, "size").mode(I);
            let size = prog.product(&mode.shape.leaves());
            sym!(int, size, prog)
        };
        expr_methods!((A,));
    }

    impl<const I: usize, A: Static> Static for E<I, A> {
        const VALUE: Self = E((A::VALUE,));
    }
}

/// The result type of [`size_mode()`].
///
/// ```
/// use cute_static::{size_mode, IsLayout, SizeMode};
/// fn rows<L: IsLayout>(l: L) -> SizeMode<0, L> {
///     size_mode::<0, L>(l)
/// }
/// assert_eq!(rows(cute_static::layout!((_4,_3):(_3,_1))).to_string(), "_4");
/// ```
pub type SizeMode<const I: usize, A> = IntOf<SizeModeExpr::E<I, A>>;

/// CuTe's `size<I>(layout)`: the size of mode `I` (a constant where that mode's shape is
/// static). Also the method `size_mode::<I>()` of layouts and tensors.
///
/// ```
/// use cute_static::{layout, size_mode};
/// let n = 7;
/// let l = layout!(((_2,_4),n):((_1,_2),_8));
/// assert_eq!(size_mode::<0, _>(l).to_string(), "_8");
/// assert_eq!(size_mode::<1, _>(l).value(), 7);
/// ```
#[inline(always)]
pub fn size_mode<const I: usize, A: TensorLayout>(a: A) -> SizeMode<I, A> {
    let _ = <SizeModeExpr::E<I, A> as Expr>::SYM;
    IntOf(SizeModeExpr::E((a,)))
}

/// The result type of [`upcast`].
///
/// ```
/// use cute_static::{layout_t, Upcast};
/// assert_eq!(Upcast::<4, layout_t!(_8:_1)>::new().to_string(), "_2:_1");
/// ```
pub type Upcast<const N: i32, A> = LayoutOf<UpcastExpr::E<N, A>>;

/// CuTe's `upcast<N>(layout)`: elements `N` times larger.
///
/// ```
/// use cute_static::{upcast, layout};
/// assert_eq!(upcast::<8, _>(layout!((_8,_1024):(_1024,_1))).to_string(), "(_8,_128):(_128,_1)");
/// ```
#[inline(always)]
pub fn upcast<const N: i32, A: IsLayout>(a: A) -> Upcast<N, A> {
    let _ = <UpcastExpr::E<N, A> as Expr>::SYM;
    LayoutOf(UpcastExpr::E((a,)))
}

/// The result type of [`downcast`].
///
/// ```
/// use cute_static::{layout_t, Downcast};
/// assert_eq!(Downcast::<2, layout_t!((_4,_8):(_1,_4))>::new().to_string(), "(_8,_8):(_1,_8)");
/// ```
pub type Downcast<const N: i32, A> = LayoutOf<DowncastExpr::E<N, A>>;

/// CuTe's `downcast<N>(layout)`: elements `N` times smaller.
///
/// ```
/// use cute_static::{downcast, layout};
/// assert_eq!(downcast::<8, _>(layout!((_8,_128):(_128,_1))).to_string(), "(_8,_1024):(_1024,_1)");
/// ```
#[inline(always)]
pub fn downcast<const N: i32, A: IsLayout>(a: A) -> Downcast<N, A> {
    let _ = <DowncastExpr::E<N, A> as Expr>::SYM;
    LayoutOf(DowncastExpr::E((a,)))
}

/// The result type of [`get`]: mode `I` of a layout.
///
/// ```
/// use cute_static::{layout_t, Get};
/// assert_eq!(Get::<1, layout_t!((_4,_2):(_2,_1))>::new().to_string(), "_2:_1");
/// ```
pub type Get<const I: usize, A> = LayoutOf<GetExpr::E<I, A>>;

/// CuTe's `get<I>(layout)` / `layout<I>(layout)`: mode `I` as a layout.
///
/// ```
/// use cute_static::{get, layout};
/// let l = layout!((_4,(_3,_2)):(_2,(_8,_1)));
/// assert_eq!(get::<1, _>(l).to_string(), "(_3,_2):(_8,_1)");
/// ```
#[inline(always)]
pub fn get<const I: usize, A: IsLayout>(a: A) -> Get<I, A> {
    let _ = <GetExpr::E<I, A> as Expr>::SYM;
    LayoutOf(GetExpr::E((a,)))
}

/// The result type of [`take`]: modes `[B, E)` of a layout.
///
/// ```
/// use cute_static::{layout_t, Take};
/// assert_eq!(Take::<0, 1, layout_t!((_4,_2):(_2,_1))>::new().to_string(), "(_4):(_2)");
/// ```
pub type Take<const B: usize, const E: usize, A> = LayoutOf<TakeExpr::E<B, E, A>>;

/// CuTe's `take<B,E>(layout)`: the modes `[B, E)`.
///
/// ```
/// use cute_static::{take, layout};
/// assert_eq!(take::<1, 3, _>(layout!((_2,_3,_4):(_1,_2,_6))).to_string(), "(_3,_4):(_2,_6)");
/// ```
#[inline(always)]
pub fn take<const B: usize, const E: usize, A: IsLayout>(a: A) -> Take<B, E, A> {
    let _ = <TakeExpr::E<B, E, A> as Expr>::SYM;
    LayoutOf(TakeExpr::E((a,)))
}

/// The result type of [`group`]: modes `[B, E)` of a layout made one mode.
///
/// ```
/// use cute_static::{layout_t, Group};
/// assert_eq!(Group::<1, 3, layout_t!((_2,_3,_4):(_1,_2,_6))>::new().to_string(), "(_2,(_3,_4)):(_1,(_2,_6))");
/// ```
pub type Group<const B: usize, const E: usize, A> = LayoutOf<GroupExpr::E<B, E, A>>;

/// CuTe's `group<B,E>(layout)`: the modes `[B, E)` made one mode.
///
/// ```
/// use cute_static::{group, layout};
/// let m = 100;
/// let l = layout!((m,_3,_4):(_1,m,{ 3 * m }));
/// assert_eq!(group::<1, 3, _>(l).to_string(), "(100,(_3,_4)):(_1,(100,300))");
/// ```
#[inline(always)]
pub fn group<const B: usize, const E: usize, A: IsLayout>(a: A) -> Group<B, E, A> {
    let _ = <GroupExpr::E<B, E, A> as Expr>::SYM;
    LayoutOf(GroupExpr::E((a,)))
}

op! {
    /// CuTe's `select<I...>(layout)`: the modes listed (static integers), in that order.
    ///
    /// ```
    /// use cute_static::{int_tuple, layout, select};
    /// let m = 100;
    /// let l = layout!((m,_3,_4):(_1,m,{ 3 * m }));
    /// assert_eq!(select(l, int_tuple!((_2,_0))).to_string(), "(_4,100):(300,_1)");
    /// ```
    layout select, SelectExpr, Select, [A: IsLayout => a, M: IntTuple => modes] |p| = ly::select(p, &a, &modes);
}

// ---- The layout types' own operations ----------------------------------------------------

/// A layout type's `stride`, `get` (the methods of [`IsLayout`]) and `flatten`, which are
/// operations of this module.
macro_rules! layout_operations {
    ($([$($g:tt)*] $T:ty, $layout:expr),*) => {$(
        impl<$($g)*> IsLayout for $T {
            const LAYOUT: L = $layout;
            type Stride = Stride<Self>;
            #[inline(always)]
            fn stride(&self) -> Stride<Self> {
                stride(*self)
            }
            type Mode<const I: usize> = Get<I, Self>;
            #[inline(always)]
            fn get<const I: usize>(self) -> Get<I, Self> {
                get::<I, Self>(self)
            }
        }

        impl<$($g)*> $T {
            /// CuTe's `flatten(layout)`: one mode per leaf.
            ///
            /// ```
            /// let l = cute_static::layout!((_2,(_4,_3)):(_1,(_2,_8)));
            /// assert_eq!(l.flatten().to_string(), "(_2,_4,_3):(_1,_2,_8)");
            /// ```
            #[inline(always)]
            pub fn flatten(self) -> Flatten<Self> {
                flatten(self)
            }
        }
    )*};
}

layout_operations!(
    [S: IntTuple, D: IntTuple] crate::Layout<S, D>, L::new(S::TREE, D::TREE.shifted(S::NDYN)),
    [E: Expr] LayoutOf<E>, E::OUT
);
