//! typenum's integers as static leaves (cute-static's `typenum` feature, enabled for these tests
//! by cute-tests' dev-dependency): every layout and operation built from `U4`, `P3`, `N1`, `Z0`,
//! ... prints and computes what the same one built from `C<N>` does, all-static ones stay
//! zero-sized, and a dynamic `i32` mixes in as with `C<N>`.

use cute_static::{
    ComposedOf, Cosize, IntTuple, Layout, Size, StaticInt, Swizzle, Underscore, blocked_product,
    coalesce, complement, composition, composition_tiler, cosize, int_tuple, layout, layout_t,
    logical_divide, logical_divide_tiler, logical_product, make_composed_layout, make_layout,
    raked_product, right_inverse, shape_div, size, slice, tile, zipped_divide,
};
use static_assertions::{assert_eq_size, const_assert_eq};
use typenum::{N1, P1, P2, P3, P4, Prod, U0, U1, U2, U3, U4, U8, U16, U32, Unsigned, Z0};

/// `(_4,_8):(_1,_4)` from typenum leaves.
type Tn48 = Layout<(U4, U8), (U1, U4)>;

// All-static typenum layouts are zero-sized, like their `C<N>` twins.
assert_eq_size!(Tn48, ());
assert_eq_size!(Layout<(P4, (U2, P3)), (Z0, (N1, U8))>, layout_t!((_4,(_2,_3)):(_0,(_-1,_8))));
// A dynamic leaf is stored, the typenum leaves are not.
assert_eq_size!(Layout<(i32, U4), (U1, i32)>, [i32; 2]);

// The value and the results of operations are compile-time constants.
const_assert_eq!(<U32 as StaticInt>::VALUE, 32);
const_assert_eq!(<N1 as StaticInt>::VALUE, -1);
const_assert_eq!(<Z0 as StaticInt>::VALUE, 0);
const_assert_eq!(<U0 as StaticInt>::VALUE, 0);
const_assert_eq!(<Size<(U4, (U8, U2))> as StaticInt>::VALUE, 64);
const_assert_eq!(<Cosize<Tn48> as StaticInt>::VALUE, 32);
const_assert_eq!(<(U4, (P2, U8)) as IntTuple>::RANK, 2);
const_assert_eq!(<(U4, (P2, U8)) as IntTuple>::DEPTH, 2);
// typenum's own arithmetic gives leaves too.
const_assert_eq!(<Size<(Prod<U4, U8>, U2)> as StaticInt>::VALUE, 64);

fn tn48() -> Tn48 {
    Layout::from_parts((U4::new(), U8::new()), (U1::new(), U4::new()))
}

#[test]
fn layouts_print_and_compute_as_with_c() {
    let t = tn48();
    let c = layout!((_4,_8):(_1,_4));
    assert_eq!(t.to_string(), "(_4,_8):(_1,_4)");
    assert!(t == c);
    assert_eq!((t.size(), t.cosize(), t.rank(), t.depth()), (32, 32, 2, 1));
    for i in 0..32 {
        assert_eq!(t.call(i), c.call(i));
    }
    assert_eq!(t.call((3, 5)), 23);
    assert_eq!(
        Tn48::default().to_string(),
        "(_4,_8):(_1,_4)",
        "Default builds the value"
    );

    // Signed leaves: `PInt`, `NInt`, `Z0`.
    let s = Layout::<(P4, (U2, P3)), (Z0, (N1, U8))>::default();
    let sc = layout!((_4,(_2,_3)):(_0,(_-1,_8)));
    assert_eq!(s.to_string(), "(_4,(_2,_3)):(_0,(_-1,_8))");
    assert!(s == sc);
    for i in 0..24 {
        assert_eq!(s.call(i), sc.call(i));
    }
}

#[test]
fn operations_give_the_results_of_c() {
    let (t, c) = (tn48(), layout!((_4,_8):(_1,_4)));
    let b = Layout::<(U4, U2), (U2, U1)>::default();
    let bc = layout!((_4,_2):(_2,_1));

    let r = composition(t, b);
    assert!(r == composition(c, bc));
    assert_eq!(r.to_string(), composition(c, bc).to_string());
    assert_eq!(r.to_string(), "(_4,_2):(_2,_1)");

    let d = logical_divide(t, Layout::<U2, U2>::default());
    assert!(d == logical_divide(c, layout!(_2:_2)));
    assert_eq!(d.to_string(), "(_2,(_2,_8)):(_2,(_1,_4))");

    let z = zipped_divide(t, (U2::new(), U4::new()));
    assert!(z == zipped_divide(c, tile!((_2, _4))));
    let z2 = logical_divide_tiler(t, (U2::new(), Underscore));
    assert!(z2 == logical_divide_tiler(c, tile!((_2, _))));
    let ct = composition_tiler(t, (U2::new(), Layout::<U4, U2>::default()));
    assert!(ct == composition_tiler(c, tile!((_2, _4:_2))));

    let cm = complement(Layout::<U4, U2>::default(), U32::new());
    assert!(cm == complement(layout!(_4:_2), int_tuple!(_32)));
    assert_eq!(cm.to_string(), "(_2,_4):(_1,_8)");

    assert!(coalesce(t) == coalesce(c));
    assert!(right_inverse(t) == right_inverse(c));
    assert!(logical_product(b, t) == logical_product(bc, c));
    assert!(blocked_product(b, t) == blocked_product(bc, c));
    assert!(raked_product(b, t) == raked_product(bc, c));
    assert!(make_layout((U4::new(), U8::new())) == make_layout(int_tuple!((_4, _8))));
    assert_eq!(
        shape_div((U4::new(), U8::new()), U16::new()).to_string(),
        shape_div(int_tuple!((_4, _8)), int_tuple!(_16)).to_string()
    );
    assert_eq!(size((U4::new(), U8::new())).to_string(), "_32");
    assert_eq!(cosize(t).value(), 32);

    // A typenum leaf in a slice coordinate.
    let sl = slice((Underscore, U3::new()), t);
    assert!(sl == slice(cute_static::coord!((_, _3)), c));
    assert_eq!(sl.to_string(), "(_4):(_1)");
}

#[test]
fn dynamic_leaves_mix_in() {
    let m = std::hint::black_box(100);
    let t = Layout::from_parts((m, U4::new()), (U1::new(), m));
    let c = layout!((m, _4):(_1, m));
    assert_eq!(t.to_string(), "(100,_4):(_1,100)");
    assert!(t == c);
    assert_eq!(core::mem::size_of_val(&t), 8);
    let z = zipped_divide(t, (U32::new(), U2::new()));
    let zc = zipped_divide(c, tile!((_32, _2)));
    assert_eq!(z.to_string(), "((_32,_2),(4,_2)):((_1,100),(_32,200))");
    assert!(z == zc);
    assert_eq!(z.call(((5, 1), (2, 1))), zc.call(((5, 1), (2, 1))));
}

#[test]
fn composed_layout_offsets() {
    let sw = Swizzle::<1, 0, 1>::new();
    let t: ComposedOf<_> = make_composed_layout(sw, U4::new(), Layout::<U4, P1>::default());
    let c = make_composed_layout(sw, cute_static::_4::default(), layout!(_4:_1));
    assert_eq!(t.to_string(), "Sw<1,0,1> o _4 o _4:_1");
    assert_eq!(t.to_string(), c.to_string());
    for i in 0..4 {
        assert_eq!(t.call(i), c.call(i));
    }
}

/// Code generic over typenum numbers bounds them by `IntTuple` next to `Unsigned`.
fn col_major<M: Unsigned + IntTuple, N: Unsigned + IntTuple>() -> Layout<(M, N), (U1, M)> {
    Layout::from_parts((M::default(), N::default()), (U1::new(), M::default()))
}

#[test]
fn generic_over_typenum() {
    let l = col_major::<U8, U4>();
    assert_eq!(l.to_string(), "(_8,_4):(_1,_8)");
    assert_eq!(l.size() as usize, <Prod<U8, U4> as Unsigned>::USIZE);
}
