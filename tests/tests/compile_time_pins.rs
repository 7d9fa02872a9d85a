//! What users rely on at compile time, pinned with static_assertions: this file only has to
//! build. All-static layouts, results and tensors' layouts take no space; a dynamic leaf takes
//! an `i32`; layout constants are constants; the macros expand to the types they name; and which
//! types are static layouts.

use cute_static::gmma::{Layout_K_SW128_Atom, half_t};
use cute_static::{
    _0, _1, _2, _4, _8, _32, C, Coalesce, Complement, ComposedLayout, Composition, Cosize,
    IntTuple, IsLayout, Layout, LogicalDivide, LogicalProduct, Size, SmemPtr, StaticInt,
    StaticLayout, Swizzle, Swizzled, Tensor, Underscore, ZippedDivide, coord_t, int_tuple_t,
    layout_t, same_layout, tile_t,
};
use static_assertions::{
    assert_eq_size, assert_impl_all, assert_not_impl_any, assert_type_eq_all, const_assert,
    const_assert_eq,
};

type A = layout_t!((_10,_2):(_16,_4));
type B = layout_t!((_5,_4):(_1,_5));
type Rm = layout_t!((_4,_8):(_8,_1));

// Zero size: static layouts, the results of operations on them, composed layouts, GMMA atoms.
assert_eq_size!(Rm, ());
assert_eq_size!(Composition<A, B>, ());
assert_eq_size!(LogicalDivide<Rm, layout_t!(_2:_1)>, ());
assert_eq_size!(ZippedDivide<Rm, tile_t!((_2,_4))>, ());
assert_eq_size!(Coalesce<Composition<A, B>>, ());
assert_eq_size!(Swizzled<Swizzle<3, 3, 3>, layout_t!((_8,_64):(_64,_1))>, ());
assert_eq_size!(Layout_K_SW128_Atom<half_t>, ());
// A register fragment is its array: the static layout and offset take no space.
assert_eq_size!(Tensor<[f32; 8], layout_t!((_4,_2):(_1,_4)), _0>, [f32; 8]);

// Dynamic leaves are `i32`s, static ones take no space, whatever the nesting.
assert_eq_size!(layout_t!((m,_4):(_1,m)), [i32; 2]);
assert_eq_size!(layout_t!(((m,_2),(_4,n)):((_1,m),(_8,ld))), [i32; 4]);

// Constants: the numbers of static layouts and of results.
const_assert_eq!(<Rm as StaticLayout>::SIZE, 32);
const_assert_eq!(<Rm as StaticLayout>::COSIZE, 32);
const_assert_eq!(<Rm as StaticLayout>::RANK, 2);
const_assert_eq!(<Composition<A, B> as StaticLayout>::SIZE, 20);
const_assert_eq!(<Composition<A, B> as StaticLayout>::COSIZE, 149);
const_assert_eq!(<Composition<A, B> as StaticLayout>::DEPTH, 2);
const_assert_eq!(<Complement<layout_t!(_4:_2), _32> as StaticLayout>::SIZE, 8);
const_assert_eq!(
    <LogicalProduct<layout_t!(_2:_1), layout_t!(_4:_1)> as StaticLayout>::SIZE,
    8
);
const_assert_eq!(<Size<int_tuple_t!((_4, (_3, _2)))> as StaticInt>::VALUE, 24);
const_assert_eq!(<Cosize<Rm> as StaticInt>::VALUE, 32);
const_assert_eq!(<int_tuple_t!((_4, (_3, m))) as IntTuple>::DEPTH, 2);
const_assert!(same_layout::<
    Coalesce<layout_t!((_2,_4):(_1,_2))>,
    layout_t!(_8:_1),
>());
const_assert_eq!(Rm::new().call_index(9), 10);

// The macros expand to the types they name; the aliases are `C<N>`.
assert_type_eq_all!(_8, C<8>);
assert_type_eq_all!(Rm, Layout<(_4, _8), (_8, _1)>, Layout<(C<4>, C<8>), (C<8>, C<1>)>);
assert_type_eq_all!(layout_t!((m,_4):(_1,m)), Layout<(i32, _4), (_1, i32)>);
assert_type_eq_all!(int_tuple_t!((_4, (_2, n))), (_4, (_2, i32)));
assert_type_eq_all!(tile_t!((_2:_1,_)), (Layout<_2, _1>, Underscore));
assert_type_eq_all!(coord_t!((_, _1)), (Underscore, _1));
assert_type_eq_all!(
    ComposedLayout<Swizzle<3, 4, 3>, SmemPtr<16>, layout_t!((_8,_64):(_64,_1))>,
    ComposedLayout<Swizzle<3, 4, 3>, SmemPtr<16>, Layout<(_8, C<64>), (C<64>, _1)>>
);

// Static layouts are `StaticLayout` (their constants exist); one dynamic leaf and they are not.
assert_impl_all!(Rm: StaticLayout, IsLayout, Copy, Default, Send, Sync);
assert_impl_all!(Composition<A, B>: StaticLayout, IsLayout, Copy);
assert_impl_all!(layout_t!((m,_4):(_1,m)): IsLayout, Copy);
assert_not_impl_any!(layout_t!((m,_4):(_1,m)): StaticLayout);
assert_not_impl_any!(Composition<layout_t!((m,_2):(_1,m)), B>: StaticLayout);

#[test]
fn pins_hold() {
    // Everything above is checked while compiling; the values agree at run time too.
    assert_eq!(Rm::new().size(), <Rm as StaticLayout>::SIZE);
    assert_eq!(
        Composition::<A, B>::new().to_string(),
        "(_5,(_2,_2)):(_16,(_80,_4))"
    );
}
