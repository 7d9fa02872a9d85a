//! F2 linear layouts, Triton's `LinearLayout`, both ways (issue 26, point 4): every layout of
//! the vector files whose shapes are powers of two (plain, or composed as CuTe prints it)
//! goes to a `LinearLayout` and back, and both are the layout's function at every index; or it
//! is refused, and then it is not F2-linear, checked point by point: some index's offset is not
//! the XOR of its bits' offsets, or an offset is negative, or it is composed in another form
//! than `Sw o 0 o L`.

use cute_dynamic::{AnyLayout, LayoutFn, from_linear_layout, to_linear_layout};

/// The layout's shape: every leaf a power of two (and at least 1), size at most 2^16.
fn power_of_two(l: &AnyLayout) -> Option<i64> {
    let shape = l.shape().ok()?;
    let leaves = shape.leaves();
    let all = leaves
        .iter()
        .all(|s| s.value() >= 1 && s.value() & (s.value() - 1) == 0);
    let size = i64::from(l.size().ok()?.value());
    (all && size <= 1 << 16).then_some(size)
}

/// The top-level modes' sizes of the layout (the input dimensions of its linear form).
fn mode_sizes(l: &AnyLayout) -> Vec<i64> {
    let shape = l.shape().expect("shape");
    match &shape {
        cute_dynamic::IntTuple::Int(i) => vec![i64::from(i.value())],
        cute_dynamic::IntTuple::Tuple(modes) => modes
            .iter()
            .map(|m| m.leaves().iter().map(|x| i64::from(x.value())).product())
            .collect(),
    }
}

/// Index `i` as one coordinate a top-level mode (colexicographic).
fn coords(sizes: &[i64], mut i: i64) -> Vec<i64> {
    sizes
        .iter()
        .map(|&s| {
            let c = i % s;
            i /= s;
            c
        })
        .collect()
}

/// Why a refusal is right: the function is not XOR-linear over its index bits, or an offset of
/// a bit is negative, or the layout is composed in another form than `Sw o 0 o L`.
fn not_f2_linear(l: &AnyLayout, size: i64) -> bool {
    if let AnyLayout::Composed(c) = l {
        let zero = c.offset().to_string().starts_with("_0")
            || c.offset().to_string().starts_with("smem_ptr");
        if !matches!(
            (c.layout_a(), c.layout_b()),
            (LayoutFn::Swizzle(_), LayoutFn::Layout(_))
        ) || !zero
        {
            return true;
        }
    }
    let at = |i: i64| i64::from(l.call(i as i32).expect("call").value());
    let bits = 63 - size.leading_zeros() as i64;
    let images: Vec<i64> = (0..bits).map(|k| at(1 << k)).collect();
    if images.iter().any(|&x| x < 0) || at(0) != 0 {
        return true;
    }
    (0..size).any(|i| {
        let xor = (0..bits)
            .filter(|k| (i >> k) & 1 == 1)
            .fold(0, |acc, k| acc ^ images[k as usize]);
        at(i) != xor
    })
}

#[test]
fn every_power_of_two_layout_round_trips_or_is_not_f2_linear() {
    let (mut linear, mut refused, mut swizzled) = (0, 0, 0);
    for s in cute_tests::vector_layout_strings().expect("the vector files") {
        let Ok(l) = s.parse::<AnyLayout>() else {
            continue;
        };
        let Some(size) = power_of_two(&l) else {
            continue;
        };
        match to_linear_layout(&l) {
            Ok(ll) => {
                let sizes = mode_sizes(&l);
                let back = from_linear_layout(&ll).unwrap_or_else(|e| panic!("{s}: back: {e}"));
                for i in 0..size {
                    let want = i64::from(l.call(i as i32).expect("call").value());
                    assert_eq!(ll.call(&coords(&sizes, i)), want, "{s} -> {ll} at {i}");
                    let got = i64::from(back.call(i as i32).expect("call").value());
                    assert_eq!(got, want, "{s} -> {ll} -> {back} at {i}");
                }
                linear += 1;
                swizzled += usize::from(matches!(back, AnyLayout::Composed(_)));
            }
            Err(e) => {
                assert!(not_f2_linear(&l, size), "{s} is F2-linear, refused: {e}");
                refused += 1;
            }
        }
    }
    println!(
        "F2: {linear} layouts round-tripped ({swizzled} swizzled), {refused} refused as not F2-linear"
    );
    assert!(
        linear > 1000 && swizzled > 50 && refused > 50,
        "{linear} / {swizzled} / {refused}"
    );
}

/// A TV layout's linear form: the thread's bits split into `lane` (5) and `warp`, the values
/// `register`; every `(thread, value)` maps as the layout does.
#[test]
fn tv_layouts_of_the_mma_atoms() {
    let mut checked = 0;
    for name in cute_dynamic::mma_atom_names() {
        let atom = cute_dynamic::mma_atom(&name).expect("atom");
        for tv in [&atom.a_layout, &atom.b_layout, &atom.c_layout] {
            let Ok(ll) = cute_dynamic::tv_to_linear_layout(tv) else {
                continue;
            };
            let (t, v) = (tv.get(0).unwrap(), tv.get(1).unwrap());
            let (nt, nv) = (t.size().unwrap().value(), v.size().unwrap().value());
            for thr in 0..nt {
                for val in 0..nv {
                    let want = i64::from(tv.call(thr + nt * val).unwrap().value());
                    let (lane, warp) = (i64::from(thr % 32), i64::from(thr / 32));
                    assert_eq!(
                        ll.call(&[i64::from(val), lane, warp]),
                        want,
                        "{name}: {tv} -> {ll}"
                    );
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 50, "{checked}");
}
