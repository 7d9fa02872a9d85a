//! cute-static's and cute-dynamic's `print_latex` of tiled MMAs and tiled copies, character for
//! character against the documents CuTe C++ 4.2 prints for the same ones (`tests/data/print-latex/`, recorded by
//! its `record.cpp`): the GEMM tutorial's `mmaC`, an SM80 tensor-core atom, a UniversalFMA
//! tiling, and two tiled copies (one of sgemm_2's k-major thread layout).

use cute_static::mma_atoms::{SM80_16x8x8_F16F16F16F16_TN, UniversalFMA};
use cute_static::{
    CopyAtom, UniversalCopy, layout, make_tiled_copy, make_tiled_mma, print_latex, tile,
};

/// The recorded document `name`.
fn recorded(name: &str) -> String {
    let path = format!("{}/data/print-latex/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `got` equals the recorded document, or the first line where they part.
fn assert_same(name: &str, got: &str) {
    let want = recorded(name);
    if got != want {
        let at = got.lines().zip(want.lines()).position(|(g, w)| g != w);
        panic!(
            "{name}: the document differs from CuTe's at line {:?} (lines: {} here, {} in CuTe's)",
            at.map(|k| k + 1),
            got.lines().count(),
            want.lines().count()
        );
    }
}

#[test]
fn tiled_mmas_print_as_cute_prints_them() {
    let fma = make_tiled_mma(
        UniversalFMA,
        layout!((_2,_2,_1):(_1,_2,_0)),
        tile!((_, _, _)),
    );
    assert_same("tiled_mma_fma_2x2x1.tex", &print_latex(&fma).to_string());
    let sm80 = make_tiled_mma(
        SM80_16x8x8_F16F16F16F16_TN,
        layout!((_1,_1,_1):(_0,_0,_0)),
        tile!((_, _, _)),
    );
    assert_same("tiled_mma_sm80_16x8x8.tex", &print_latex(&sm80).to_string());
    let mma_c = make_tiled_mma(
        UniversalFMA,
        layout!((_16,_16,_1):(_1,_16,_0)),
        tile!((_, _, _)),
    );
    assert_same(
        "tiled_mma_fma_16x16x1.tex",
        &print_latex(&mma_c).to_string(),
    );
}

#[test]
fn tiled_copies_print_as_cute_prints_them() {
    let u64s = make_tiled_copy(
        CopyAtom::<UniversalCopy<u64>, f32>::new(),
        layout!((_2,_2):(_1,_2)),
        layout!((_2,_1):(_1,_0)),
    );
    assert_same(
        "tiled_copy_u64_2x2_2x1.tex",
        &print_latex(&u64s).to_string(),
    );
    let k_major = make_tiled_copy(
        CopyAtom::<UniversalCopy<f32>, f32>::new(),
        layout!((_32,_8):(_8,_1)),
        layout!((_1,_1):(_0,_0)),
    );
    assert_same(
        "tiled_copy_f32_32x8_k_major.tex",
        &print_latex(&k_major).to_string(),
    );
}

/// cute-dynamic's document of `make_tiled_mma(atom, layout, (_,_,_))`.
fn dynamic_mma(atom: &str, layout: &str) -> String {
    let atom = cute_dynamic::mma_atom(atom).expect("atom");
    let mma = cute_dynamic::make_tiled_mma(
        &atom,
        &layout.parse().expect("layout"),
        &"(_,_,_)".parse().expect("tile"),
    )
    .expect("tiled mma");
    cute_dynamic::print_latex(&mma).expect("document")
}

/// cute-dynamic's document of `make_tiled_copy(Copy_Atom<op, float>{}, thr, val)`.
fn dynamic_copy(op: &str, thr: &str, val: &str) -> String {
    let atom = cute_dynamic::copy_atom(op, "float").expect("atom");
    let copy = cute_dynamic::make_tiled_copy(
        &atom,
        &thr.parse().expect("thr"),
        &val.parse().expect("val"),
    )
    .expect("tiled copy");
    cute_dynamic::print_latex(&copy).expect("document")
}

#[test]
fn cute_dynamic_prints_the_same_documents() {
    assert_same(
        "tiled_mma_fma_2x2x1.tex",
        &dynamic_mma("UniversalFMA", "(_2,_2,_1):(_1,_2,_0)"),
    );
    assert_same(
        "tiled_mma_sm80_16x8x8.tex",
        &dynamic_mma("SM80_16x8x8_F16F16F16F16_TN", "(_1,_1,_1):(_0,_0,_0)"),
    );
    assert_same(
        "tiled_mma_fma_16x16x1.tex",
        &dynamic_mma("UniversalFMA", "(_16,_16,_1):(_1,_16,_0)"),
    );
    assert_same(
        "tiled_copy_u64_2x2_2x1.tex",
        &dynamic_copy(
            "UniversalCopy<uint64_t>",
            "(_2,_2):(_1,_2)",
            "(_2,_1):(_1,_0)",
        ),
    );
    assert_same(
        "tiled_copy_f32_32x8_k_major.tex",
        &dynamic_copy(
            "UniversalCopy<float>",
            "(_32,_8):(_8,_1)",
            "(_1,_1):(_0,_0)",
        ),
    );
}
