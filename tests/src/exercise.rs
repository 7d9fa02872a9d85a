//! Every public operation of cute-dynamic on one set of inputs, with the post-conditions that are
//! cheap to check: the body of the proptest suite `tests/no_panic.rs` and of the `ops` fuzz
//! target (`fuzz/fuzz_targets/ops.rs`, docs/fuzzing.md), which only generate [`Inputs`].
//!
//! [`every_operation`] makes about 150 calls: the layout algebra (coalesce, filter, composition,
//! complement, inverses, divides, products, common layouts, nullspace, recasts), the
//! constructors, the mode functions, the IntTuple functions, swizzles, one composed layout and
//! each of its operations, tensors, partitions, identity tensors and layouts, and
//! `make_layout_tv`. Every layout it gets back is queried (printed, sized, called, drawn when
//! small). It panics, failing the case, when:
//! * anything panics (an overflow too, in builds that check them);
//! * an error prints as an empty message;
//! * a printed layout (of at most `cute_text::MAX_DEPTH` levels, all the parser reads) does not
//!   parse back to the same text;
//! * `size(composition(A, B)) != size(B)`;
//! * `coalesce(A)` changes A's size or, on domains of at most 64 elements, A's values;
//! * a layout's compiled plan (`Layout::plan`) answers otherwise than `Layout::call` at one of
//!   the indices tried (value, tag, divisibility or error).
//!
//! ```
//! use cute_tests::exercise::{Inputs, every_operation};
//! every_operation(&Inputs {
//!     a: "(_4,2):(_1,_4)".parse().unwrap(),
//!     b: "_2:_1".parse().unwrap(),
//!     t: "(_4,_2)".parse().unwrap(),
//!     u: "(_1,_4)".parse().unwrap(),
//!     tiler: "(_2,_)".parse().unwrap(),
//!     coord: "(_,1)".parse().unwrap(),
//!     n: 2,
//!     i: 0,
//!     j: 1,
//!     sw: (2, 1, 3),
//! });
//! ```

use cute_dynamic::{
    AnyLayout, ComposedLayout, Coord, DataTensor, Int, IntTuple, Layout, Major, Result, Swizzle,
    Tensor, Tiler, append, append_to_rank, axpby, blocked_product, ceil_div, clear, coalesce,
    coalesce_profile, compact_col_major, compact_major, compact_order, compact_row_major,
    compatible, complement, complement1, composition, composition_swizzle, composition_tiler,
    composition_with_offset, congruent, copy, crd2idx, dice, dice_tuple, downcast, fill, filter,
    filter_zeros, filter_zeros_tuple, flat_divide, flat_product, flatten, gemm, group, idx2crd,
    idx2crd_strided, inner_partition, left_inverse, local_partition, local_tile, logical_divide,
    logical_divide_tiler, logical_product, logical_product_tiler, make_composed_layout,
    make_fragment_like, make_fragment_like_layout, make_identity_layout, make_identity_tensor,
    make_layout, make_layout_like, make_layout_right, make_layout_tv, make_ordered_layout,
    make_owning_tensor, make_tensor, make_tensor_like, make_tensor_on, max_common_layout,
    max_common_vector, nullspace, outer_partition, prepend, print_latex, print_layout,
    product_each, raked_product, replace, right_inverse, select, shape_div, slice, slice_tuple,
    take, tile_to_shape, tiled_divide, tiled_product, upcast, weakly_congruent, zipped_divide,
    zipped_product,
};
use std::fmt::{self, Display};

/// Values at and near the i32 limits, around `sqrt(i32::MAX)`, and powers of two: the
/// values that the generators of the proptest suite and the `ops` fuzz target mix in.
pub const EXTREMES: &[i32] = &[
    i32::MAX,
    i32::MAX - 1,
    i32::MIN,
    i32::MIN + 1,
    46341,
    -46341,
    46340,
    65536,
    -65536,
    1 << 30,
    -(1 << 30),
    (1 << 30) - 1,
    1 << 16,
    1 << 20,
    0,
    1,
    -1,
];

/// Everything one case feeds to the library (its `Debug` is CuTe text, which is what a failing
/// proptest case and `cargo fuzz fmt` print).
#[derive(Clone)]
pub struct Inputs {
    /// First layout.
    pub a: Layout,
    /// Second layout.
    pub b: Layout,
    /// An integer tuple (shapes, cotargets, profiles).
    pub t: IntTuple,
    /// Another integer tuple.
    pub u: IntTuple,
    /// A tiler.
    pub tiler: Tiler,
    /// A coordinate.
    pub coord: Coord,
    /// An integer (upcast/downcast factors, indices, offsets).
    pub n: i32,
    /// A small index.
    pub i: usize,
    /// Another small index.
    pub j: usize,
    /// Swizzle parameters `Sw<B,M,S>` (invalid ones included: `Swizzle::new` must refuse them).
    pub sw: (i32, i32, i32),
}

impl fmt::Debug for Inputs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a = {}\nb = {}\nt = {}\nu = {}\ntiler = {}\ncoord = {}\nn = {}, i = {}, j = {}, sw = {:?}",
            self.a, self.b, self.t, self.u, self.tiler, self.coord, self.n, self.i, self.j, self.sw
        )
    }
}

/// Print a result, Ok or Err (printing must not panic either; an error says something).
fn touch<T: Display, E: Display>(r: &std::result::Result<T, E>) -> String {
    match r {
        Ok(v) => v.to_string(),
        Err(e) => {
            let s = e.to_string();
            assert!(!s.is_empty(), "an empty error message");
            s
        }
    }
}

/// Magnitude of a size, if it can be computed.
fn magnitude(r: Result<Int>) -> Option<i64> {
    r.ok().map(|v| i64::from(v.value()).abs())
}

/// Whether `print_layout` would draw a small grid (it enumerates rows × columns and writes a
/// header of every column, so it is only called on small layouts, negative sizes included).
fn small_enough_to_draw(l: &Layout) -> bool {
    let small = |m: Option<i64>| m.is_some_and(|m| m <= 1024);
    let modes_small = match l.rank() {
        1 => true,
        2 => (0..2).all(|k| l.get(k).is_ok_and(|m| small(magnitude(m.size())))),
        _ => false,
    };
    modes_small && small(magnitude(l.size())) && small(magnitude(l.cosize()))
}

/// Everything one can ask a layout on its own; every result layout goes through this.
fn exercise(l: &Layout) {
    let text = l.to_string();
    // The parser reads at most `cute_text::MAX_DEPTH` levels of parentheses, so that no text
    // exhausts the stack; operations build deeper layouts from one at that depth (`append`
    // wraps it in one more tuple), and their text is refused for its depth alone.
    if l.depth() <= cute_text::MAX_DEPTH {
        match text.parse::<Layout>() {
            Ok(back) => assert_eq!(back.to_string(), text, "printed layout does not round-trip"),
            Err(e) => panic!("printed layout {text} does not parse: {e}"),
        }
    }
    let _ = (l.dsl().to_string(), l.values().to_string());
    let _ = (l.rank(), l.depth(), touch(&l.size()), touch(&l.cosize()));
    let size = l.size().map_or(0, Int::value);
    let plan = l.plan();
    for i in [0, 1, 2, -1, size.wrapping_sub(1), size, i32::MAX, i32::MIN] {
        let call = l.call(i);
        let _ = touch(&call);
        assert_eq!(
            show_int(&plan.call(i)),
            show_int(&call),
            "the plan of {l} at {i}"
        );
        let _ = touch(&l.idx2crd(i));
    }
    if let Ok(c) = l.idx2crd(1) {
        let _ = touch(&l.call(&c));
        let _ = touch(&l.crd2idx(&c));
    }
    if small_enough_to_draw(l) {
        let _ = touch(&print_layout(l));
    }
}

fn exercise_result(r: &Result<Layout>) {
    match r {
        Ok(l) => exercise(l),
        Err(e) => assert!(!e.to_string().is_empty(), "an empty error message"),
    }
}

fn exercise_any(r: &Result<AnyLayout>) {
    if let Ok(l) = r {
        let text = l.to_string();
        if let Ok(back) = text.parse::<AnyLayout>() {
            assert_eq!(back.to_string(), text, "printed layout does not round-trip");
        }
        let _ = (touch(&l.size()), touch(&l.cosize()));
        for i in [0, 1, -1, i32::MAX] {
            let _ = touch(&l.call(i));
        }
    }
}

fn exercise_tensor(r: &Result<Tensor>) {
    if let Ok(t) = r {
        let _ = (t.to_string(), touch(&t.size()), touch(&t.shape()));
        for i in [0, 1, -1, i32::MAX] {
            let _ = touch(&t.call(i));
        }
    }
}

fn exercise_tuple(t: &IntTuple) {
    let _ = (t.to_string(), t.dsl().to_string(), t.values().to_string());
    let _ = (t.rank(), t.depth(), t.is_static(), t.leaves(), t.flatten());
    let _ = (touch(&t.size()), touch(&t.sum()), touch(&product_each(t)));
    let _ = t.repeat_like(Int::new_static(1));
    for k in 0..=t.rank() {
        let _ = t.get(k).map(ToString::to_string);
    }
}

/// The composed-layout operations on `c`.
fn composed_operations(c: &ComposedLayout, x: &Inputs) {
    let Inputs {
        b,
        t,
        tiler,
        coord,
        n,
        ..
    } = x;
    let _ = (c.to_string(), touch(&c.size()), touch(&c.cosize()));
    for i in [0, 1, -1, i32::MAX] {
        let _ = touch(&c.call(i));
    }
    exercise_any(&c.composition(b));
    exercise_any(&c.composition_tiler(tiler));
    exercise_any(&c.logical_divide(b));
    exercise_any(&c.logical_divide_tiler(tiler));
    exercise_any(&c.zipped_divide(tiler));
    exercise_any(&c.tiled_divide(tiler));
    exercise_any(&c.flat_divide(tiler));
    exercise_any(&c.logical_product(b));
    exercise_any(&c.zipped_product(tiler));
    exercise_any(&c.tiled_product(tiler));
    exercise_any(&c.flat_product(tiler));
    exercise_any(&c.blocked_product(b));
    exercise_any(&c.raked_product(b));
    exercise_any(&c.tile_to_shape(t));
    exercise_any(&c.coalesce());
    exercise_any(&c.coalesce_profile(t));
    exercise_result(&c.complement(t));
    exercise_result(&c.complement1());
    let _ = c.upcast(*n).map(|r| r.to_string());
    let _ = c.downcast(*n).map(|r| r.to_string());
    exercise_any(&c.right_inverse());
    exercise_any(&c.left_inverse());
    exercise_any(&c.as_position_independent_swizzle_layout());
    exercise_any(&c.slice(coord));
    let _ = c
        .slice_and_offset(coord)
        .map(|(l, o)| (l.to_string(), o.to_string()));
}

/// An integer result in full: value with its tag (`_3` or `3`) and divisibility (`?{div=N}`),
/// or the error.
pub fn show_int(r: &Result<Int>) -> String {
    match r {
        Ok(v) => format!("{v} {}", v.dsl()),
        Err(e) => format!("error {e:?}"),
    }
}

/// Call every public operation on `x` and check the post-conditions listed in the [module
/// documentation](self); panics on a violation.
pub fn every_operation(x: &Inputs) {
    let Inputs {
        a,
        b,
        t,
        u,
        tiler,
        coord,
        n,
        i,
        j,
        sw,
    } = x;
    let (n, i, j) = (*n, *i, *j);
    exercise(a);
    exercise(b);
    exercise_tuple(t);
    exercise_tuple(u);
    let _ = (
        tiler.rank(),
        tiler.dsl().to_string(),
        tiler.values().to_string(),
    );
    let _ = coord.to_string();

    // Simplification.
    let co = coalesce(a);
    exercise_result(&co);
    if let Ok(c) = &co
        && let (Ok(s), Ok(sc)) = (a.size(), c.size())
    {
        assert_eq!(
            s.value(),
            sc.value(),
            "coalesce({a}) = {c} changed the size"
        );
        if (0..=64).contains(&s.value()) {
            for k in 0..s.value() {
                if let (Ok(v), Ok(w)) = (a.call(k), c.call(k)) {
                    assert_eq!(v.value(), w.value(), "coalesce({a}) = {c} differs at {k}");
                }
            }
        }
    }
    exercise_result(&coalesce_profile(a, t));
    exercise_result(&filter(a));
    exercise_result(&filter_zeros(a));

    // Composition, complement, inverses.
    let comp = composition(a, b);
    exercise_result(&comp);
    if let Ok(r) = &comp
        && let (Ok(sb), Ok(sr)) = (b.size(), r.size())
    {
        assert_eq!(
            sb.value(),
            sr.value(),
            "size(composition({a}, {b}) = {r}) != size(B)"
        );
    }
    exercise_result(&composition_tiler(a, tiler));
    exercise_result(&complement(a, t));
    exercise_result(&complement(a, &b.shape()));
    exercise_result(&complement1(a));
    exercise_result(&right_inverse(a));
    exercise_result(&left_inverse(a));

    // Divide.
    exercise_result(&logical_divide(a, b));
    exercise_result(&logical_divide_tiler(a, tiler));
    exercise_result(&zipped_divide(a, tiler));
    exercise_result(&tiled_divide(a, tiler));
    exercise_result(&flat_divide(a, tiler));

    // Product.
    exercise_result(&logical_product(a, b));
    exercise_result(&logical_product_tiler(a, tiler));
    exercise_result(&zipped_product(a, tiler));
    exercise_result(&tiled_product(a, tiler));
    exercise_result(&flat_product(a, tiler));
    exercise_result(&blocked_product(a, b));
    exercise_result(&raked_product(a, b));
    exercise_result(&tile_to_shape(a, t));

    // The one algebra on plain layouts (issue 23): never a panic, and where both answer, cute-
    // dynamic's layout.
    for (op, own, by) in one_algebra_pairs(x) {
        if let (Ok(x), Ok(y)) = (&own, &by) {
            assert_eq!(
                x, y,
                "{op}({a}, ...): cute-dynamic's {x}, the one algebra's {y}"
            );
        }
        exercise_result(&by);
    }

    // Common layouts, nullspace, recasts.
    let _ = touch(&max_common_vector(a, b));
    exercise_result(&max_common_layout(a, b));
    exercise_result(&nullspace(a));
    exercise_result(&upcast(n, a));
    exercise_result(&downcast(n, a));

    // Construction.
    exercise_result(&make_layout(t));
    exercise_result(&make_layout_right(t));
    exercise_result(&make_ordered_layout(t, u));
    exercise_result(&Layout::from_parts(t.clone(), u.clone()));

    // Modes.
    exercise_result(&slice(coord, a));
    exercise_result(&dice(coord, a));
    let _ = (touch(&slice_tuple(coord, t)), touch(&dice_tuple(coord, t)));
    exercise_result(&append(a, b));
    exercise_result(&prepend(a, b));
    exercise_result(&Layout::concat(&[a.clone(), b.clone()]));
    exercise_result(&append_to_rank(a, i + j));
    exercise_result(&a.get(i));
    exercise_result(&a.layout(&[i, j]));
    exercise_result(&take(a, i, j));
    exercise_result(&select(a, &[j, i]));
    exercise_result(&group(a, i, j));
    exercise_result(&replace(a, i, b));

    // IntTuple algebra.
    let _ = (touch(&shape_div(t, u)), touch(&ceil_div(t, u)));
    let _ = (
        touch(&idx2crd(t, u)),
        touch(&idx2crd_strided(t, u, &a.stride())),
    );
    let _ = (
        touch(&crd2idx(t, &a.shape(), &a.stride())),
        touch(&crd2idx(t, u, u)),
    );
    let _ = (touch(&compact_col_major(t)), touch(&compact_row_major(t)));
    let _ = touch(&compact_major(t, Int::new_dynamic(n), Major::Right));
    let _ = touch(&compact_order(t, u));
    let _ = (
        congruent(t, u).to_string(),
        weakly_congruent(t, u).to_string(),
    );
    let _ = touch(&compatible(t, u));
    let _ = touch(&filter_zeros_tuple(t, u));

    // Swizzles and composed layouts (the operations on one composed layout per input: a swizzle
    // composed with `a`, or `b o n o a`).
    let swizzle = Swizzle::new(sw.0, sw.1, sw.2);
    if let Ok(s) = &swizzle {
        let _ = (
            s.to_string(),
            s.apply(n),
            s.call(Int::new_dynamic(n)),
            s.swizzle_code(),
        );
        let _ = (
            s.upcast(n).map(|x| x.to_string()),
            s.downcast(n).map(|x| x.to_string()),
        );
        exercise_any(&Ok(s.composition(a)));
        exercise_any(&composition_swizzle(a, s));
        exercise_any(&Ok(composition_with_offset(
            *s,
            Int::new_dynamic(n),
            a.clone(),
        )));
    }
    let c = match swizzle {
        Ok(s) if i % 2 == 0 => make_composed_layout(s, Int::new_static(n), a.clone()),
        _ => make_composed_layout(b.clone(), Int::new_dynamic(n), a.clone()),
    };
    composed_operations(&c, x);

    // Tensors and identity layouts.
    let tensor = make_tensor(a.clone());
    exercise_tensor(&Ok(tensor.clone()));
    exercise_tensor(&tensor.slice(coord));
    exercise_tensor(&tensor.zipped_divide(tiler));
    exercise_tensor(&local_tile(&tensor, tiler, coord));
    exercise_tensor(&inner_partition(&tensor, tiler, coord));
    exercise_tensor(&outer_partition(&tensor, tiler, coord));
    exercise_tensor(&local_partition(&tensor, b, Int::new_dynamic(n)));
    let identity = make_identity_tensor(t);
    exercise_tensor(&Ok(identity.clone()));
    exercise_tensor(&local_tile(&identity, tiler, coord));
    exercise_tensor(&identity.slice(coord));
    let il = make_identity_layout(t);
    let _ = (il.to_string(), touch(&il.size()), touch(&il.coalesce()));
    let _ = (touch(&il.composition(b)), touch(&il.logical_divide(b)));
    let _ = (touch(&il.zipped_divide(tiler)), touch(&il.slice(coord)));
    let _ = make_layout_tv(a, b).map(|(s, l)| (s.to_string(), l.to_string()));

    // The first hour: layouts like others, pictures, tensors over data and CuTe's reference
    // algorithms.
    exercise_result(&flatten(a));
    exercise_result(&replace(a, i % 4, b));
    exercise_result(&make_layout_like(a));
    exercise_result(&make_fragment_like_layout(a));
    if small_enough_to_draw(a) {
        let _ = touch(&print_latex(a));
    }
    data_tensors(a, b, x);
}

/// A layout whose size and cosize are at most 4,096: the tensors over data made from it are
/// made and copied element by element (their engines and positions are allocated, and a
/// swizzled layout's offsets are checked one by one), so the properties keep to small ones.
fn small(l: &Layout) -> bool {
    [l.size(), l.cosize()]
        .into_iter()
        .all(|m| magnitude(m).is_some_and(|m| m <= 4096))
}

/// Tensors over (a prefix of) 4,096 floats with the layouts `a` and `b`: every partition and
/// algorithm answers `Ok` or `Err`, and what is made reads back inside its data.
fn data_tensors(a: &Layout, b: &Layout, x: &Inputs) {
    let (tiler, coord, n) = (&x.tiler, &x.coord, x.n);
    let data: Vec<f32> = (0..4096).map(|v| v as f32).collect();
    let len = n.unsigned_abs() as usize % (data.len() + 1);
    let on = |l: &Layout| make_tensor_on(&data[..len], l.clone());
    let ta = on(a);
    let _ = touch(&ta);
    let Ok(ta) = ta else { return };
    let read_all = |t: &DataTensor<&[f32]>| {
        let size = t.size().value();
        if (0..=4096).contains(&size) {
            for k in 0..size {
                // Every element of a tensor made over the data lies in it.
                assert!(t.get(k).is_ok(), "{t}: element {k} outside its data");
            }
        }
    };
    if small(a) {
        read_all(&ta);
    }
    let _ = touch(&ta.get(n));
    let _ = touch(&ta.view().slice(coord));
    let _ = touch(&ta.view().compose(tiler));
    let _ = touch(&ta.view().logical_divide(tiler));
    let _ = touch(&ta.view().zipped_divide(tiler));
    let _ = touch(&ta.view().tiled_divide(tiler));
    let _ = touch(&ta.view().flat_divide(tiler));
    let _ = touch(&ta.view().local_tile(tiler, coord));
    let _ = touch(&ta.view().inner_partition(tiler, coord));
    let _ = touch(&ta.view().outer_partition(tiler, coord));
    let _ = touch(&ta.view().local_partition(b, Int::new_dynamic(n)));
    if !(small(a) && small(b)) {
        return;
    }
    let _ = (
        touch(&make_tensor_like(&ta)),
        touch(&make_fragment_like(&ta)),
    );
    let Ok(mut tb) = make_owning_tensor::<f32>(b.clone()) else {
        return;
    };
    let _ = touch(&copy(&ta, &mut tb).map(|()| "copied"));
    let _ = touch(&axpby(2.0, &ta, 0.5, &mut tb).map(|()| "axpby"));
    let _ = touch(&fill(&mut tb, 1.0).map(|()| "filled"));
    let _ = touch(&clear(&mut tb).map(|()| "cleared"));
    if let Ok(mut tc) = make_owning_tensor::<f32>(a.clone()) {
        let _ = touch(&gemm(&ta, &tb, &mut tc).map(|()| "gemm"));
    }
}

/// Each plain-layout operation of the one algebra (issue 23, `cute_dynamic::one_algebra`) on
/// `x`: its name, cute-dynamic's own answer and the one algebra's.
pub fn one_algebra_pairs(x: &Inputs) -> Vec<(&'static str, Result<Layout>, Result<Layout>)> {
    use cute_dynamic::one_algebra as one;
    let Inputs { a, b, t, tiler, .. } = x;
    vec![
        ("coalesce", coalesce(a), one::coalesce(a)),
        ("composition", composition(a, b), one::composition(a, b)),
        (
            "composition_tiler",
            composition_tiler(a, tiler),
            one::composition_tiler(a, tiler),
        ),
        ("complement", complement(a, t), one::complement(a, t)),
        ("right_inverse", right_inverse(a), one::right_inverse(a)),
        (
            "logical_divide",
            logical_divide(a, b),
            one::logical_divide(a, b),
        ),
        (
            "logical_divide_tiler",
            logical_divide_tiler(a, tiler),
            one::logical_divide_tiler(a, tiler),
        ),
        (
            "zipped_divide",
            zipped_divide(a, tiler),
            one::zipped_divide(a, tiler),
        ),
        (
            "tiled_divide",
            tiled_divide(a, tiler),
            one::tiled_divide(a, tiler),
        ),
        (
            "flat_divide",
            flat_divide(a, tiler),
            one::flat_divide(a, tiler),
        ),
        (
            "logical_product",
            logical_product(a, b),
            one::logical_product(a, b),
        ),
        (
            "logical_product_tiler",
            logical_product_tiler(a, tiler),
            one::logical_product_tiler(a, tiler),
        ),
        ("filter", filter(a), one::filter(a)),
        (
            "coalesce_profile",
            coalesce_profile(a, t),
            one::coalesce_profile(a, t),
        ),
        ("complement1", complement1(a), one::complement1(a)),
        ("left_inverse", left_inverse(a), one::left_inverse(a)),
        (
            "zipped_product",
            zipped_product(a, tiler),
            one::zipped_product(a, tiler),
        ),
        (
            "tiled_product",
            tiled_product(a, tiler),
            one::tiled_product(a, tiler),
        ),
        (
            "flat_product",
            flat_product(a, tiler),
            one::flat_product(a, tiler),
        ),
        (
            "blocked_product",
            blocked_product(a, b),
            one::blocked_product(a, b),
        ),
        (
            "raked_product",
            raked_product(a, b),
            one::raked_product(a, b),
        ),
        (
            "tile_to_shape",
            tile_to_shape(a, t),
            one::tile_to_shape(a, t),
        ),
        (
            "max_common_layout",
            max_common_layout(a, b),
            one::max_common_layout(a, b),
        ),
    ]
}
