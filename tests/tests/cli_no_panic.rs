//! Whatever the input, the `cute` command's evaluator (the library function, not the binary)
//! returns a value or an error, never a panic; and so do the outputs built from a result
//! (`cute_tests::exercise_cli`, shared with the `cli` fuzz target).

use cute_cli::Session;
use cute_tests::exercise_cli::{check, exercise};
use proptest::prelude::*;

/// Pieces of expressions, so that random strings often parse and reach the algebra.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        // Every operation name the evaluator knows, and a bound name.
        prop::sample::select(
            cute_cli::eval::op_names()
                .into_iter()
                .chain(["A"])
                .collect::<Vec<_>>()
        )
        .prop_map(str::to_string),
        prop::sample::select(vec![
            "(", "(", "(", ")", ")", ")", ",", ",", ":", ":", "_", " ", "=", "#", "-",
        ])
        .prop_map(str::to_string),
        // Swizzles, composed layouts, GMMA atoms and their pieces.
        prop::sample::select(vec![
            "Sw<3,4,3>",
            "Sw<1,0,1>",
            "Sw<",
            ">",
            "<",
            "::",
            " o ",
            " o _0 o ",
            "smem_ptr[16b](unset)",
            "smem_ptr[",
            "M_0|(128&192)=128",
            "M_",
            "GMMA::Layout_K_SW128_Atom<half_t>",
            "GMMA::Layout_MN_INTER_Atom_Bits",
            "make_tile",
        ])
        .prop_map(str::to_string),
        // Tensors, identity tensors, scaled bases, MMA atoms and their pieces.
        prop::sample::select(vec![
            "|",
            "_0|",
            "@",
            "@0",
            "_1@1",
            "ArithTuple",
            "ArithTuple(",
            "ArithTuple_0 o ",
            "ArithTuple(_0,_0) o (_4,_8):(_1@0,_1@1)",
            "_0|(_8,_8):(_1,_8)",
            "make_identity_tensor((_4,_8))",
            "SM80_16x8x16_F16F16F16F16_TN",
            "SM70_8x8x4_F32F16F16F32_NT",
            "::ALayout",
            "::ThrID",
            "MMA_Traits<",
            "SM90_64x8x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
            "(_1,_,_1)",
        ])
        .prop_map(str::to_string),
        (0i64..10).prop_map(|n| n.to_string()),
        (0i64..10).prop_map(|n| format!("_{n}")),
        prop::sample::select(vec![
            "0",
            "_0",
            "-1",
            "_-2",
            "2147483647",
            "-2147483648",
            "65536"
        ])
        .prop_map(str::to_string),
    ]
}

/// Well-formed small layouts, to reach the pictures.
fn layout_text() -> impl Strategy<Value = String> {
    let leaf =
        (0i32..6, any::<bool>()).prop_map(|(n, s)| if s { format!("_{n}") } else { n.to_string() });
    let stride = (-3i32..20, any::<bool>())
        .prop_map(|(n, s)| if s { format!("_{n}") } else { n.to_string() });
    prop::collection::vec((leaf, stride), 1..4).prop_map(|modes| {
        let (s, d): (Vec<_>, Vec<_>) = modes.into_iter().unzip();
        format!("({}):({})", s.join(","), d.join(","))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        check(&text);
    }

    #[test]
    fn token_soup_never_panics(tokens in prop::collection::vec(token(), 0..24)) {
        check(&tokens.concat());
    }

    #[test]
    fn calls_on_layouts_never_panic(
        op in prop::sample::select(vec![
            "coalesce", "composition", "complement", "logical_divide", "zipped_divide",
            "logical_product", "blocked_product", "raked_product", "right_inverse",
            "left_inverse", "nullspace", "max_common_layout", "append", "upcast", "downcast",
            "tile_to_shape", "call", "slice",
        ]),
        a in layout_text(),
        b in layout_text(),
        n in 0i32..5,
    ) {
        for text in [
            format!("{op}({a})"),
            format!("{op}({a}, {b})"),
            format!("{op}(_{n}, {a})"),
            format!("{op}({a}, ({n},_))"),
            a.clone(),
        ] {
            check(&text);
        }
    }

    #[test]
    fn calls_on_swizzled_layouts_never_panic(
        op in prop::sample::select(cute_cli::eval::op_names()),
        sw in (0i32..4, 0i32..5, -5i32..6).prop_map(|(b, m, s)| format!("Sw<{b},{m},{s}>")),
        offset in prop::sample::select(vec!["_0", "3", "_-5", "smem_ptr[16b](unset)", "M_0|(128&192)=128"]),
        a in layout_text(),
        b in layout_text(),
        n in 0i32..5,
    ) {
        let c = format!("{sw} o {offset} o {a}");
        for text in [
            format!("{op}({c})"),
            format!("{op}({c}, {b})"),
            format!("{op}(_{n}, {c})"),
            format!("{op}(({n},_), {c})"),
            format!("{op}({sw}, {a})"),
            format!("{op}({a}, {sw})"),
            format!("{sw}({n})"),
            c.clone(),
        ] {
            check(&text);
        }
    }

    #[test]
    fn calls_on_tensors_never_panic(
        op in prop::sample::select(cute_cli::eval::op_names()),
        a in layout_text(),
        b in layout_text(),
        shape in prop::sample::select(vec!["(_4,_8)", "(4,_3)", "_6", "((_2,_2),_3)", "(0,2)", "(_1)"]),
        tiler in prop::sample::select(vec!["(_2,_4)", "(_2,_,_2)", "_3:_1", "(2,_1:_0)", "(_4)", "_"]),
        crd in prop::sample::select(vec!["(1,0)", "(_,1)", "(0,1,_)", "2", "_", "(-1,_)", "(2147483647,0)"]),
        proj in prop::sample::select(vec!["(_1,_,_1)", "(_,_1)", "_1", "(_1,(_1,_))"]),
        n in -1i32..40,
        atom in prop::sample::select(vec![
            "SM80_16x8x16_F16F16F16F16_TN", "SM70_8x8x4_F16F16F16F16_NT", "UniversalFMA",
            "SM90_64x8x16_F16F16F16_RS", "SM61_DP4A",
        ]),
    ) {
        let x = format!("{n}|{a}");
        let i = format!("make_identity_tensor({shape})");
        for t in [x.as_str(), i.as_str(), "_0|Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"] {
            for text in [
                format!("{op}({t})"),
                format!("{op}({t}, {tiler}, {crd})"),
                format!("{op}({t}, {tiler}, {crd}, {proj})"),
                format!("{op}({t}, {b}, {n})"),
                format!("{op}({t}, {b}, _{n}, {proj})"),
                format!("{op}({crd}, {t})"),
                format!("{op}({t}, {crd})"),
                format!("call({t}, {crd})"),
                format!("{op}({atom})"),
                format!("{op}({a}, {b})"),
                format!("make_identity_layout({shape})"),
                format!("{op}(make_identity_layout({shape}), {tiler})"),
                format!("{atom}::{op}"),
                t.to_string(),
            ] {
                check(&text);
            }
        }
    }

    #[test]
    fn sessions_never_panic(lines in prop::collection::vec(prop::collection::vec(token(), 0..12), 0..8)) {
        let mut s = Session::new();
        for line in lines {
            let line = line.concat();
            if let Ok(Some(v)) = s.eval_line(&line) {
                exercise(&v);
            }
        }
    }
}
