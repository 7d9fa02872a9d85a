//! Inputs found by the cargo-fuzz targets (fuzz/, docs/fuzzing.md), kept as regular tests.

use cute_dynamic::{Layout, blocked_product, logical_product, raked_product};

fn layout(s: &str) -> Layout {
    s.parse().unwrap()
}

/// `ops` timeout (fuzz/artifacts/ops/timeout-e76c26eb…): the products of `_7:_3` with a deep
/// dynamic layout of 64,320 elements. The complete form fails (stride -4 over a mode of 3), so
/// CuTe's answer is kept only if it is its static twin's function; the comparison enumerated
/// all 450,240 indices of each product (1.6 s each, over 20 s for the target's calls). Equal
/// coalesced forms now decide it at once. CuTe C++ prints the same text.
#[test]
fn products_of_a_deep_dynamic_layout_compare_with_the_twin_at_once() {
    let a = layout("_7:_3");
    let b = layout("(((64320,1,1,1),1,1,1),1,1,1):(((-4,-4,-4,-4),-4,-4,-4),-4,-4,-4)");
    assert_eq!(
        logical_product(&a, &b).unwrap().to_string(),
        "(_7,((((1,64320),(1,1),(1,1),(1,1)),(1,1),(1,1),(1,1)),(1,1),(1,1),(1,1))):\
         (_3,((((-4,-42),(-4,-42),(-4,-42),(-4,-42)),(-4,-42),(-4,-42),(-4,-42)),(-4,-42),(-4,-42),(-4,-42)))"
    );
    assert!(blocked_product(&a, &b).is_ok());
    assert!(raked_product(&a, &b).is_ok());
}

/// The same comparison on a domain beyond 2^20 elements, which could not be enumerated and so
/// was refused: CuTe C++ gives `(_7,(1,262144)):(_3,(-4,-42))`, its static twin's function.
#[test]
fn a_twin_comparison_beyond_two_to_the_twenty() {
    let r = logical_product(&layout("_7:_3"), &layout("262144:-4")).unwrap();
    assert_eq!(r.to_string(), "(_7,(1,262144)):(_3,(-4,-42))");
}

/// `ops` slow units (fuzz/artifacts/ops/slow-unit-23033c1a…, -f112ab32…, over 10 s each): the
/// same comparison for layouts of coordinates, here `local_tile` of an identity tensor of
/// 781,250 elements with the tiler `_-2:_-2`, compared 937,500 coordinates one by one. The
/// answer is unchanged (the same function as the static twin's); it is now decided at once.
#[test]
fn local_tile_of_a_large_identity_tensor_compares_with_the_twin_at_once() {
    use cute_dynamic::{local_tile, make_identity_tensor};
    let tensor = make_identity_tensor(&"(((10,5),_5,5,5),5,(5),5)".parse().unwrap());
    let tile = local_tile(&tensor, &"_-2:_-2".parse().unwrap(), &"_".parse().unwrap()).unwrap();
    assert_eq!(
        tile.to_string(),
        "ArithTuple(((_0,_0),_0,_0,_0),_0,(_0),_0) o \
         (-2,1,1,1,1,1,1,1,((-2,1,1,1,1,1,1,1),(3,5,5,5,5,5,5,5))):\
         (_-2@0@0@0,-1@1@0@0,-1@1@0,-1@2@0,-1@3@0,-1@1,-1@0@2,-1@3,\
         ((_1@0@0@0,1@1@0@0,1@1@0,1@2@0,1@3@0,1@1,1@0@2,1@3),\
         (_4@0@0@0,1@1@0@0,1@1@0,1@2@0,1@3@0,1@1,1@0@2,1@3)))"
    );
}

/// `ops` slow unit (fuzz/artifacts/ops/slow-unit-d2dbf1e2…, 10 s): `logical_divide` of a deep
/// layout of 387,200 elements (with CuTe's negative shapes) by `8:1`. The complete form fails
/// for real (stride 8 over a mode of 11), the canonical forms of CuTe's answer and the twin's
/// differ, and the enumeration of every index took seconds. At most 2^16 indices are now
/// compared (`twin::MAX_ENUMERATED`); beyond, the complete form's error stands.
#[test]
fn a_large_twin_comparison_is_not_enumerated() {
    let a = layout(
        "(((_11,_11,_1,_2),(_2,_-1),(_-1,_-1,_8,_-1),(_-1,_-1,_-1,_-1)),((_-1,_-1,_-1,_-1),(2,5),5,_2),1,1):\
         (((_11,_11,_1,_1),(_-1,_-1),(_-1,10,_-1,_-1),(_-1,_-1,_-1,_-1)),((_-1,_-1,_-1,_1),(6,6),6,1),_3,_-4)",
    );
    let e = cute_dynamic::logical_divide(&a, &layout("8:1")).unwrap_err();
    assert_eq!(
        e.condition(),
        Some(cute_dynamic::Condition::StrideDivisibilityComplete)
    );
}
