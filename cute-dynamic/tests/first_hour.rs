//! Issue 24 point 3: the everyday functions of a CuTe user's first hour, on data. Every expected
//! value below is worked out by hand from CuTe's rule (the comments say how).

use cute_dynamic::{
    ComposedLayout, Condition, ErrorKind, Int, IntTuple, Layout, Tensor, axpby, clear, copy, fill,
    flatten, gemm, local_partition, local_tile, make_fragment_like, make_fragment_like_layout,
    make_identity_tensor, make_layout_like, make_owning_tensor, make_tensor, make_tensor_at,
    make_tensor_like, make_tensor_on, print_latex,
};

type R = Result<(), cute_dynamic::LayoutError>;

fn l(s: &str) -> Layout {
    s.parse().expect("layout text")
}

fn is_out_of_range<T: core::fmt::Debug>(r: cute_dynamic::Result<T>) -> bool {
    matches!(r.unwrap_err().kind(), ErrorKind::OutOfRange { .. })
}

// ---- coordinates from Rust tuples ----------------------------------------------------------

#[test]
fn rust_tuples_are_dynamic_coordinates() -> R {
    assert_eq!(IntTuple::from((3, (1, 2))).to_string(), "(3,(1,2))");
    assert_eq!(
        IntTuple::from((1, 2, 3, 4, 5, 6, 7, (8,))).to_string(),
        "(1,2,3,4,5,6,7,(8))"
    );
    assert_eq!(
        IntTuple::from((Int::new_static(2), 3)).to_string(),
        "(_2,3)"
    );
    // (_3,(_2,_3)):(_3,(_12,_1)) at (1,(1,2)) = 3 + 12 + 2 = 17.
    let a = l("(_3,(_2,_3)):(_3,(_12,_1))");
    assert_eq!(a.call((1, (1, 2)))?.value(), 17);
    assert_eq!(a.call((1, 5))?.value(), 17); // 5 in (_2,_3) is (1,2)
    assert!(a.call((1, 2, 3)).is_err()); // rank 3 against rank 2
    // A composed layout takes them too: Sw<1,0,1>(0 + (1,1) of (_2,_2):(_1,_2)) = Sw(3) = 2.
    let c: ComposedLayout = "Sw<1,0,1> o _0 o (_2,_2):(_1,_2)".parse()?;
    assert_eq!(c.call((1, 1))?.value(), 2);
    // And identity tensors.
    let id = make_identity_tensor(&"(_4,_5)".parse()?);
    assert_eq!(id.call((2, 3))?.to_string(), "(2,3)");
    Ok(())
}

// ---- the layout-level Tensor's new partitions ----------------------------------------------

#[test]
fn layout_tensors_compose_and_divide_as_their_layouts() -> R {
    let t = make_tensor(l("(_8,_6):(_1,_8)"));
    let tiler = "(_2,_3)".parse()?;
    // Each is the layout function on the layout, the offset kept.
    let lay = l("(_8,_6):(_1,_8)");
    assert_eq!(
        t.logical_divide(&tiler)?.to_string(),
        format!("_0|{}", cute_dynamic::logical_divide_tiler(&lay, &tiler)?)
    );
    assert_eq!(
        t.tiled_divide(&tiler)?.to_string(),
        "_0|((_2,_3),_4,_2):((_1,_8),_2,_24)"
    );
    assert_eq!(
        t.flat_divide(&tiler)?.to_string(),
        "_0|(_2,_3,_4,_2):(_1,_8,_2,_24)"
    );
    // compose (_4:_2,_3:_2): mode 0 (_8:_1) o (_4:_2) = _4:_2, mode 1 (_6:_8) o (_3:_2) = _3:_16.
    assert_eq!(
        t.compose(&"(_4:_2,_3:_2)".parse()?)?.to_string(),
        "_0|(_4,_3):(_2,_16)"
    );
    // A swizzled tensor: the same on the inner layout.
    let s: Tensor = "_0|Sw<1,1,1> o _0 o (_8,_6):(_1,_8)".parse()?;
    assert_eq!(
        s.tiled_divide(&tiler)?.to_string(),
        "_0|Sw<1,1,1> o _0 o ((_2,_3),_4,_2):((_1,_8),_2,_24)"
    );
    assert_eq!(
        s.compose(&"(_4:_2,_3:_2)".parse()?)?.to_string(),
        "_0|Sw<1,1,1> o _0 o (_4,_3):(_2,_16)"
    );
    // An identity tensor: logical_divide and compose run (a tuple tiler by mode), and the
    // tiled and flat divides (the algorithms of cute-static's identity tensors).
    let id = make_identity_tensor(&"(_8,_6)".parse()?);
    assert_eq!(
        id.logical_divide(&"(_2,_)".parse()?)?.to_string(),
        "ArithTuple(_0,_0) o ((_2,_4),_6):((_1@0,_2@0),_1@1)"
    );
    assert_eq!(
        id.compose(&"_4:_2".parse()?)?.to_string(),
        "ArithTuple(_0,_0) o _4:_2@0"
    );
    assert_eq!(
        id.compose(&tiler)?.to_string(),
        "ArithTuple(_0,_0) o (_2,_3):(_1@0,_1@1)"
    );
    assert_eq!(
        id.tiled_divide(&tiler)?.to_string(),
        "ArithTuple(_0,_0) o ((_2,_3),_4,_2):((_1@0,_1@1),_2@0,_3@1)"
    );
    assert_eq!(
        id.flat_divide(&tiler)?.to_string(),
        "ArithTuple(_0,_0) o (_2,_3,_4,_2):(_1@0,_1@1,_2@0,_3@1)"
    );
    // A tiler with more modes than the layout is CuTe's refusal.
    let err = t.tiled_divide(&"(_2,_2,_2)".parse()?).unwrap_err();
    assert_eq!(err.condition(), Some(Condition::MismatchedRanks));
    Ok(())
}

// ---- tensors over data: construction and element access ------------------------------------

#[test]
fn every_offset_is_checked_once_at_construction() -> R {
    let data = [0u8; 12];
    // (3,4):(4,1) reaches 2*4 + 3*1 = 11: fits 12 elements exactly, not 11.
    assert!(make_tensor_on(&data[..], l("(3,4):(4,1)")).is_ok());
    assert!(is_out_of_range(make_tensor_on(
        &data[..11],
        l("(3,4):(4,1)")
    )));
    // Negative strides: offset 11 with (3,4):(-4,-1) reaches 11 - 8 - 3 = 0 .. 11.
    let r = make_tensor_at(&data[..], Int::new_dynamic(11), l("(3,4):(-4,-1)"))?;
    assert_eq!(r.size().value(), 12);
    assert!(is_out_of_range(make_tensor_at(
        &data[..],
        Int::new_dynamic(10),
        l("(3,4):(-4,-1)")
    )));
    // Mixed: offset 3 with (2,4):(4,-1) reaches 3-3 = 0 .. 3+4 = 7.
    assert!(make_tensor_at(&data[..8], Int::new_dynamic(3), l("(2,4):(4,-1)")).is_ok());
    assert!(is_out_of_range(make_tensor_at(
        &data[..7],
        Int::new_dynamic(3),
        l("(2,4):(4,-1)")
    )));
    // Empty layouts fit anything, even no data.
    assert!(make_tensor_on(&data[..0], l("(0,5):(1,1000)")).is_ok());
    // A stride-0 broadcast: 1000 elements all at offset 0.
    assert!(make_tensor_on(&data[..1], l("1000:0")).is_ok());
    // Swizzled: Sw<1,0,1> maps 0,1,2 to 0,1,3, so _3:_1 under it needs 4 elements, not 3.
    let sw: ComposedLayout = "Sw<1,0,1> o _0 o _3:_1".parse()?;
    assert!(make_tensor_on(&data[..3], l("_3:_1")).is_ok());
    assert!(is_out_of_range(make_tensor_on(&data[..3], sw.clone())));
    assert!(make_tensor_on(&data[..4], sw).is_ok());
    // Offsets beyond i32 are an arithmetic error, not a wrapped offset.
    let err = make_tensor_at(&data[..], Int::new_dynamic(i32::MAX), l("2:1")).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Arithmetic(_)));
    Ok(())
}

#[test]
fn element_access_is_checked_and_never_panics() -> R {
    let mut v: Vec<i32> = (0..12).collect();
    let t = make_tensor_on(&v[..], l("(3,4):(4,1)"))?;
    assert_eq!(*t.get((2, 3))?, 11); // 2*4 + 3
    assert_eq!(*t.get(5)?, 9); // index 5 is (5%3, 5/3) = (2,1): 8 + 1
    assert_eq!(*t.get(&"(1,2)".parse::<IntTuple>()?)?, 6);
    assert!(t.get(&"(1,(2))".parse::<IntTuple>()?).is_err()); // a tuple for an integer mode
    assert!(is_out_of_range(t.get(12)));
    assert!(is_out_of_range(t.get(-1)));
    assert!(t.get((1, 2, 3)).is_err());
    // A coordinate beyond the shape but inside the data is CuTe's evaluation: (0,4) is 4.
    assert_eq!(*t.get((0, 4))?, 4);
    // ... one outside the data is an error.
    assert!(is_out_of_range(t.get((3, 3))));
    assert_eq!((t.size().value(), t.rank()), (12, 2));
    assert_eq!(t.shape().to_string(), "(3,4)");
    assert_eq!(t.layout().to_string(), "(3,4):(4,1)");
    let mut m = make_tensor_on(&mut v[..], l("(3,4):(4,1)"))?;
    *m.get_mut((1, 1))? = -5;
    assert!(is_out_of_range(m.get_mut(12)));
    assert_eq!(v[5], -5);
    Ok(())
}

// ---- partitions of tensors over data -------------------------------------------------------

#[test]
fn data_partitions_are_the_layout_partitions_with_the_engine_kept() -> R {
    let data: Vec<i32> = (0..64).collect();
    let a = make_tensor_on(&data[..], l("(8,8):(_1,8)"))?;
    let t = a.tensor();
    let tiler = "(_4,_2)".parse()?;
    let crd = "(1,2)".parse()?;
    // Each data partition prints as the layout-level one.
    assert_eq!(
        a.view().local_tile(&tiler, &crd)?.to_string(),
        local_tile(&t, &tiler, &crd)?.to_string()
    );
    let thr = l("(_2,_4):(_4,_1)");
    assert_eq!(
        a.view()
            .local_partition(&thr, Int::new_dynamic(5))?
            .to_string(),
        local_partition(&t, &thr, Int::new_dynamic(5))?.to_string()
    );
    // local_tile (4,2)-tile (1,2): rows 4..8, columns 4..6: element (m,n) = (4+m) + 8*(4+n).
    let tile = a.view().local_tile(&tiler, &crd)?;
    assert_eq!(tile.to_string(), "36|(_4,_2):(_1,8)");
    assert_eq!(*tile.get((3, 1))?, 7 + 8 * 5);
    // A tile of a tile stays in range, and access stays checked.
    let sub = tile.clone().slice(&"(_,1)".parse()?)?;
    assert_eq!(sub.to_string(), "44|(_4):(_1)");
    assert!(is_out_of_range(sub.get(4)));
    // Thread 5 of (_2,_4):(_4,_1): flat coordinate (5 / 4 % 2, 5 % 4) = (1,1), so rows 1,3,5,7
    // and columns 1,5: offset 1 + 8 = 9, strides (2, 32).
    let p = a.view().local_partition(&thr, Int::new_dynamic(5))?;
    assert_eq!(p.to_string(), "9|(4,2):(_2,32)"); // 8/2 of a dynamic 8 is dynamic
    assert_eq!(*p.get((3, 1))?, 9 + 6 + 32);
    // inner/outer partitions and the projections.
    let inner = a.view().inner_partition(&tiler, &crd)?;
    assert_eq!(inner.to_string(), tile.to_string());
    let outer = a.view().outer_partition(&tiler, &"(3,1)".parse()?)?;
    assert_eq!(outer.to_string(), "11|(2,4):(_4,16)");
    let tiles = a.view().local_tile_proj(
        &"(_4,_2,_2)".parse()?,
        &"(1,2,_)".parse()?,
        &"(_1,_,_1)".parse()?,
    )?;
    assert_eq!(tiles.to_string(), "4|(_4,_2,4):(_1,8,16)");
    let pp = a.view().local_partition_proj(
        &l("(_2,_2,_4):(_1,_2,_4)"),
        Int::new_dynamic(3),
        &"(_1,_,_1)".parse()?,
    )?;
    // thr projected is (_2,_4):(_1,_4); thread 3 is (3 % 2, 3 / 4 % 4) = (1,0).
    assert_eq!(pp.to_string(), "1|(4,2):(_2,32)");
    // compose and the divides.
    assert_eq!(
        a.view().logical_divide(&tiler)?.to_string(),
        "_0|((_4,2),(_2,4)):((_1,_4),(8,16))"
    );
    assert_eq!(
        a.view().zipped_divide(&tiler)?.to_string(),
        "_0|((_4,_2),(2,4)):((_1,8),(_4,16))"
    );
    assert_eq!(
        a.view().tiled_divide(&tiler)?.to_string(),
        "_0|((_4,_2),2,4):((_1,8),_4,16)"
    );
    assert_eq!(
        a.view().flat_divide(&tiler)?.to_string(),
        "_0|(_4,_2,2,4):(_1,8,_4,16)"
    );
    assert_eq!(
        a.view().compose(&"(_2:_3,_)".parse()?)?.to_string(),
        "_0|(_2,8):(_3,8)"
    );
    // A mutable view partitions too and writes through.
    let mut v = [0; 16];
    let mut m = make_tensor_on(&mut v[..], l("(_4,_4):(_1,_4)"))?;
    let mut col = m.view_mut().slice(&"(_,2)".parse()?)?;
    fill(&mut col, 1)?;
    assert_eq!(v[8..12], [1, 1, 1, 1]);
    assert_eq!(v.iter().sum::<i32>(), 4);
    Ok(())
}

// ---- make_tensor_like / make_fragment_like --------------------------------------------------

#[test]
fn like_layouts_follow_cutes_rules() -> R {
    // make_layout_like: compact, in the order of the strides; static _0 strides kept.
    // (_4,_3):(_3,_1): order (_3,_1) puts mode 1 first: (_4,_3):(_3,_1).
    assert_eq!(
        make_layout_like(&l("(_4,_3):(_3,_1)"))?.to_string(),
        "(_4,_3):(_3,_1)"
    );
    // (_2,_4):(_0,_2): mode 0 counts as _1 (stride _0), mode 1 gets _1.
    assert_eq!(
        make_layout_like(&l("(_2,_4):(_0,_2)"))?.to_string(),
        "(_2,_4):(_0,_1)"
    );
    // (_2,_3,_4):(_24,_1,_3): order 24,1,3 -> mode 1 (3) stride 1, mode 2 (4) stride 3, mode 0 12.
    assert_eq!(
        make_layout_like(&l("(_2,_3,_4):(_24,_1,_3)"))?.to_string(),
        "(_2,_3,_4):(_12,_1,_3)"
    );

    // make_fragment_like, the brief's example: a dynamic shape is make_layout(shape).
    assert_eq!(
        make_fragment_like_layout(&l("(4,(2,3)):(3,(1,12))"))?.to_string(),
        "(4,(2,3)):(_1,(4,8))"
    );
    // Its static form: mode 0 _4:_1; the rest take<1,2> = ((_2,_3)):((_1,_12)) ordered
    // ((_2,_3)):((_1,_2)); tiled_product: complement(_4:_1, 4*6) = _6:_4 composed with it is
    // ((_2,_3)):((_4,_8)); tiled_product's result(_, repeat<1>(_)) = result(_,_) keeps the
    // 1-tuple take<1,2> made.
    assert_eq!(
        make_fragment_like_layout(&l("(_4,(_2,_3)):(_3,(_1,_12))"))?.to_string(),
        "(_4,((_2,_3))):(_1,((_4,_8)))"
    );
    // Rank 3: mode 0 col-major first whatever its stride, the rest by their strides.
    // (_2,_3,_4):(_12,_4,_1): rest (_3,_4):(_4,_1) ordered (_3,_4):(_4,_1); complement(_2:_1,
    // 2*12) = _12:_2; composed: (_3,_4):(_8,_2).
    assert_eq!(
        make_fragment_like_layout(&l("(_2,_3,_4):(_12,_4,_1)"))?.to_string(),
        "(_2,_3,_4):(_1,_8,_2)"
    );
    // Mode 0's static _0 strides stay _0 (cute-static's doc example).
    assert_eq!(
        make_fragment_like_layout(&l("((_2,_2),_2,_3):((_0,_64),_1024,_4)"))?.to_string(),
        "((_2,_2),_2,_3):((_0,_1),_6,_2)"
    );
    // Rank 1: make_layout.
    assert_eq!(make_fragment_like_layout(&l("_8:_4"))?.to_string(), "_8:_1");
    Ok(())
}

#[test]
fn like_tensors_own_default_elements() -> R {
    let data: Vec<f32> = (0..24).map(|i| i as f32).collect();
    let t = make_tensor_on(&data[..], l("(_2,_3,_4):(_12,_4,_1)"))?;
    let like = make_tensor_like(&t)?;
    assert_eq!(like.to_string(), "_0|(_2,_3,_4):(_12,_4,_1)");
    assert_eq!(like.data(), [0.0; 24]);
    let mut frag = make_fragment_like(&t)?;
    assert_eq!(frag.to_string(), "_0|(_2,_3,_4):(_1,_8,_2)");
    assert_eq!(frag.data().len(), 24);
    // A fragment of a swizzled tensor is that of its inner layout.
    let s: ComposedLayout = "Sw<1,0,1> o _0 o (_2,_2):(_2,_1)".parse()?;
    let st = make_tensor_on(&data[..], s)?;
    // (take<1,2> is the 1-tuple ((_2)):((_1)), kept by tiled_product as above.)
    assert_eq!(
        make_fragment_like(&st)?.to_string(),
        "_0|(_2,(_2)):(_1,(_2))"
    );
    assert_eq!(make_tensor_like(&st)?.to_string(), "_0|(_2,_2):(_2,_1)");
    // copy into it and read back by coordinate.
    copy(&t, &mut frag)?;
    assert_eq!(*frag.get((1, 2, 3))?, 12.0 + 8.0 + 3.0);
    // An owning tensor of a layout reaching below 0 is refused.
    assert!(is_out_of_range(make_owning_tensor::<u8>(l("4:-1"))));
    // A stride-0 layout owns one element.
    assert_eq!(make_owning_tensor::<u8>(l("(4,4):(0,0)"))?.data().len(), 1);
    Ok(())
}

// ---- algorithms ----------------------------------------------------------------------------

#[test]
fn copy_fill_clear_axpby() -> R {
    // copy a row-major 2x3 into a column-major one: dst(i) = src(i) element by element.
    let src = [1, 2, 3, 4, 5, 6];
    let s = make_tensor_on(&src[..], l("(_2,_3):(_3,_1)"))?;
    let mut d = make_owning_tensor::<i32>(l("(_2,_3):(_1,_2)"))?;
    copy(&s, &mut d)?;
    assert_eq!(d.data(), [1, 4, 2, 5, 3, 6]);
    // Different sizes: refused, naming both, nothing written.
    let mut e = make_owning_tensor::<i32>(l("_5:_1"))?;
    let err = copy(&s, &mut e).unwrap_err();
    assert!(
        err.to_string()
            .contains("size(src) == size(dst) fails: _6 and _5"),
        "{err}"
    );
    assert_eq!(e.data(), [0; 5]);
    // Same size, other shape: fine (CuTe's copy is by index).
    let mut flat = make_owning_tensor::<i32>(l("6:1"))?;
    copy(&s, &mut flat)?;
    assert_eq!(flat.data(), [1, 4, 2, 5, 3, 6]);

    fill(&mut d, 9)?;
    assert_eq!(d.data(), [9; 6]);
    clear(&mut d)?;
    assert_eq!(d.data(), [0; 6]);

    // axpby: y = 2x + 3y; y = x where beta is 0 (y not read: NaN does not propagate).
    let x = [1.0f64, 2.0, 3.0];
    let tx = make_tensor_on(&x[..], l("3:1"))?;
    let mut y = [10.0, 20.0, 30.0];
    let mut ty = make_tensor_on(&mut y[..], l("3:1"))?;
    axpby(2.0, &tx, 3.0, &mut ty)?;
    assert_eq!(ty.data(), [32.0, 64.0, 96.0]);
    let mut n = vec![f64::NAN; 3];
    let mut tn = make_tensor_on(&mut n[..], l("3:1"))?;
    axpby(1.0, &tx, 0.0, &mut tn)?;
    assert_eq!(n, [1.0, 2.0, 3.0]);
    let mut short = make_owning_tensor::<f64>(l("2:1"))?;
    assert!(axpby(1.0, &tx, 1.0, &mut short).is_err());
    Ok(())
}

#[test]
fn gemm_dispatches_on_ranks() -> R {
    // (V) x (V) => (V): c = a*b + c element-wise.
    let (a, b) = ([1, 2, 3], [4, 5, 6]);
    let ta = make_tensor_on(&a[..], l("3:1"))?;
    let tb = make_tensor_on(&b[..], l("3:1"))?;
    let mut c = vec![1, 1, 1];
    gemm(&ta, &tb, &mut make_tensor_on(&mut c[..], l("3:1"))?)?;
    assert_eq!(c, [5, 11, 19]);

    // (M) x (N) => (M,N): outer product, C column-major (3,2).
    let tb2 = make_tensor_on(&b[..2], l("2:1"))?;
    let mut c = make_owning_tensor::<i32>(l("(3,2):(1,3)"))?;
    gemm(&ta, &tb2, &mut c)?;
    assert_eq!(c.data(), [4, 8, 12, 5, 10, 15]);

    // (M,K) x (N,K) => (M,N): A (2,3) row-major [[1,2,3],[4,5,6]], B (2,3) [[1,0,0],[1,1,1]]:
    // C = A B^T = [[1,6],[4,15]], written into C = 1s: [[2,7],[5,16]], C row-major.
    let a6 = [1, 2, 3, 4, 5, 6];
    let b6 = [1, 0, 0, 1, 1, 1];
    let tam = make_tensor_on(&a6[..], l("(2,3):(3,1)"))?;
    let tbm = make_tensor_on(&b6[..], l("(2,3):(3,1)"))?;
    let mut c = vec![1; 4];
    gemm(
        &tam,
        &tbm,
        &mut make_tensor_on(&mut c[..], l("(2,2):(2,1)"))?,
    )?;
    assert_eq!(c, [2, 7, 5, 16]);

    // (V,M) x (V,N) => (V,M,N): A (2,2) col-major, A(v,m) = a[v + 2m]; B(v,n) = b[v + 2n].
    // C(v,m,n) = A(v,m) B(v,n): v=0: A(0,·) = 1,3; B(0,·) = 1,0 -> C(0,m,n) = [[1,0],[3,0]];
    // v=1: A(1,·) = 2,4; B(1,·) = 0,1 -> C(1,m,n) = [[0,2],[0,4]].
    let av = [1, 2, 3, 4];
    let bv = [1, 0, 0, 1];
    let tav = make_tensor_on(&av[..], l("(2,2):(1,2)"))?;
    let tbv = make_tensor_on(&bv[..], l("(2,2):(1,2)"))?;
    let mut c = make_owning_tensor::<i32>(l("(2,2,2):(1,2,4)"))?;
    gemm(&tav, &tbv, &mut c)?;
    // Column-major (v,m,n): (0,0,0)=1 (1,0,0)=0 (0,1,0)=3 (1,1,0)=0 (0,0,1)=0 (1,0,1)=2
    // (0,1,1)=0 (1,1,1)=4.
    assert_eq!(c.data(), [1, 0, 3, 0, 0, 2, 0, 4]);

    // (V,M,K) x (V,N,K) => (V,M,N) with V = 1: the same as (M,K) x (N,K).
    let tam3 = make_tensor_on(&a6[..], l("(1,2,3):(0,3,1)"))?;
    let tbm3 = make_tensor_on(&b6[..], l("(1,2,3):(0,3,1)"))?;
    let mut c = vec![1; 4];
    gemm(
        &tam3,
        &tbm3,
        &mut make_tensor_on(&mut c[..], l("(1,2,2):(0,2,1)"))?,
    )?;
    assert_eq!(c, [2, 7, 5, 16]);

    // Refusals: each names CuTe's condition and the sizes.
    let mut c = make_owning_tensor::<i32>(l("(2,2):(1,2)"))?;
    let bad_k = make_tensor_on(&b6[..4], l("(2,2):(2,1)"))?;
    let err = gemm(&tam, &bad_k, &mut c).unwrap_err();
    assert_eq!(
        err.to_string(),
        "gemm: (M,K)x(N,K)=>(M,N) needs size<1>(A) == size<1>(B) (AK == BK), got 3 and 2"
    );
    let mut c3 = make_owning_tensor::<i32>(l("(3,2):(1,3)"))?;
    let err = gemm(&tam, &tbm, &mut c3).unwrap_err();
    assert!(err.to_string().contains("(AM == CM), got 2 and 3"), "{err}");
    let err = gemm(&ta, &tbm, &mut c).unwrap_err();
    assert!(
        err.to_string()
            .contains("no dispatch for ranks A 1, B 2, C 2"),
        "{err}"
    );
    let mut cv = make_owning_tensor::<i32>(l("4:1"))?;
    let err = gemm(&ta, &tb, &mut cv).unwrap_err();
    assert!(
        err.to_string()
            .contains("(V)x(V)=>(V) needs size(A) == size(C)"),
        "{err}"
    );
    Ok(())
}

// ---- flatten, print_latex, make_layout(l0, l1) ---------------------------------------------

#[test]
fn flatten_and_concat() -> R {
    assert_eq!(
        flatten(&l("((_2,3),(_4,(5,_6))):((_1,_2),(6,(24,120)))"))?.to_string(),
        "(_2,3,_4,5,_6):(_1,_2,6,24,120)"
    );
    assert_eq!(flatten(&l("_4:_2"))?.to_string(), "_4:_2");
    // CuTe's make_layout(l0, l1) is Layout::concat.
    assert_eq!(
        Layout::concat(&[l("_4:_1"), l("(_2,_3):(_4,_8)")])?.to_string(),
        "(_4,(_2,_3)):(_1,(_4,_8))"
    );
    Ok(())
}

#[test]
fn print_latex_is_cutes_document() -> R {
    // CuTe 4.2's print_latex of (2,2):(2,1), written out from print_latex.hpp's printf calls.
    let expected = "% Layout: (2,2):(2,1)\n\
\\documentclass[convert]{standalone}\n\
\\usepackage{tikz}\n\
\n\
\\begin{document}\n\
\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n\
\n\
\\node[fill=black!00] at (0,0) {0};\n\
\\node[fill=black!40] at (0,1) {1};\n\
\\node[fill=black!20] at (1,0) {2};\n\
\\node[fill=black!60] at (1,1) {3};\n\
\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (2,2);\n\
\n\
\\node at (0,-1) {\\Large{\\texttt{0}}};\n\
\\node at (1,-1) {\\Large{\\texttt{1}}};\n\
\\node at (-1,0) {\\Large{\\texttt{0}}};\n\
\\node at (-1,1) {\\Large{\\texttt{1}}};\n\
\\end{tikzpicture}\n\
\\end{document}\n";
    assert_eq!(print_latex(&l("(2,2):(2,1)"))?, expected);
    // A rank-1 layout is padded with _1:_0 (CuTe's append<2>), and drawn as one column.
    let doc = print_latex(&l("_3:_1"))?;
    assert!(doc.starts_with("% Layout: (_3,_1):(_1,_0)\n"));
    assert!(doc.contains("\\node[fill=black!20] at (2,0) {2};\n"));
    assert!(doc.contains("grid (3,1);"));
    // Offset 9 takes grey 9 % 8 = 1.
    assert!(print_latex(&l("_1:_0"))?.contains("{0};"));
    assert!(print_latex(&l("(2,2):(9,1)"))?.contains("\\node[fill=black!40] at (1,0) {9};"));
    let err = print_latex(&l("(2,2,2):(1,2,4)")).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidArgument { .. }));
    Ok(())
}
