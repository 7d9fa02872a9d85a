//! Tensors (`OFF|L`, `make_tensor`), their partitions and slices, identity tensors and layouts,
//! MMA atoms by name and `make_layout_tv` through the binary: the syntax, CuTe's prints, the
//! pictures of an atom and the errors.

mod common;

use common::cute;

/// The results of a session, one line each (the run must succeed).
fn session(lines: &[&str]) -> Vec<String> {
    let mut input = lines.join("\n");
    input.push('\n');
    let run = cute(&[], &input);
    assert_eq!(run.status, 0, "{}", run.stderr);
    run.stdout.lines().map(str::to_string).collect()
}

#[test]
fn tensors_print_as_cute_prints_them() {
    let got = session(&[
        "T = _0|(_8,24):(_1,8)",
        "T(_,3)",
        "T(2,3)",
        "slice((_,3), T)",
        "call(T, (2,3))",
        "zipped_divide(T, (_4,_8))",
        "inner_partition(T, (_4,_8), (1,2))",
        "outer_partition(T, (_4,_8), 5)",
        "local_tile(make_tensor((256,128):(1,256)), (_128,_128,_8), (1,0,_), (_1,_,_1))",
        "local_tile(_0|(256,256):(1,256), (_128,_128), (1,1))",
        "local_partition(_0|(_128,_8):(_1,_128), (_32,_8):(_1,_32), 37)",
        "local_partition(_0|(_32,_32):(_1,_32), (_4,_32,_1):(_1,_4,_0), _68, (_1,_,_1))",
        "S = _0|Sw<3,3,3> o _0 o (_8,_64):(_64,_1)",
        "S(_,3)",
        "0|Sw<3,1,4> o M_0|(128&192)=128 o (_64):(_1)",
        "size(T)",
        "shape(S)",
        "layout(T)",
        "call(_2|(_2,_2):(_1,_4))",
        "make_tensor((_4,_8):(_8,_1))(_,2)(1)",
    ]);
    assert_eq!(
        got,
        [
            "_0|(_8,24):(_1,8)",
            "24|(_8):(_1)",
            "26",
            "24|(_8):(_1)",
            "26",
            "_0|((_4,_8),(_2,3)):((_1,8),(_4,64))",
            "132|(_4,_8):(_1,8)",
            "9|(_2,3):(_4,64)",
            "128|(_128,_8,16):(1,256,2048)",
            "32896|(_128,_128):(1,256)",
            "133|(_4,_1):(_32,_0)",
            "_0|(_8,_32):(_4,_32)",
            "_0|Sw<3,3,3> o _0 o (_8,_64):(_64,_1)",
            "3|((_2,_2,_2)):((72,144,288))",
            "0|Sw<3,1,4> o M_0|(128&192)=128 o (_64):(_1)",
            "192",
            "(_8,_64)",
            "(_8,24):(_1,8)",
            "[2,3,6,7]",
            "10",
        ]
    );
}

#[test]
fn identity_tensors_give_coordinates() {
    let got = session(&[
        "C = make_identity_tensor((256,128))",
        "tile = local_tile(C, (_128,_128,_8), (1,0,_), (_1,_,_1))",
        "tile(3,2,1)",
        "make_identity_tensor((_4,_8))(3,2)",
        "make_identity_tensor((_4,_8))(_,2)",
        "call(make_identity_tensor((_2,_3)))",
        "make_identity_layout((_4,(2,_3)))",
        "ArithTuple(_0,5) o (_4,8):(_1@0,_1@1)",
        "make_identity_tensor(8)",
        "local_partition(make_identity_tensor((_6,_1,_8)), (_3,_1,_8):(_1,_3,_3), _3)",
        "zipped_divide(make_identity_layout((_4,_6)), (_2,_3))",
        "size(C)",
    ]);
    assert_eq!(
        got,
        [
            "ArithTuple(_0,_0) o (256,128):(_1@0,_1@1)",
            "ArithTuple(128,_0) o (_128,_8,16):(_1@0,_1@1,_8@1)",
            "(131,10)",
            "(3,2)",
            "ArithTuple(_0,2) o (_4):(_1@0)",
            "[(0,0),(1,0),(0,1),(1,1),(0,2),(1,2)]",
            "(_4,(2,_3)):(_1@0,(_1@0@1,_1@1@1))",
            "ArithTuple(_0,5) o (_4,8):(_1@0,_1@1)",
            "ArithTuple_0 o 8:_1",
            "ArithTuple(_0,_0,_1) o (_2,_1,_1):(_3@0,_0,_0)",
            "((_2,_3),(_2,_2)):((_1@0,_1@1),(_2@0,_3@1))",
            "32768",
        ]
    );
}

#[test]
fn mma_atoms_by_name_and_their_layouts() {
    let run = cute(&["SM80_16x8x16_F16F16F16F16_TN"], "");
    assert_eq!(
        run.stdout,
        "MMA_Atom\n  ThrID:      _32:_1\n  Shape_MNK:  (_16,_8,_16)\n  \
         LayoutA_TV: ((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))\n  \
         LayoutB_TV: ((_4,_8),(_2,_2)):((_16,_1),(_8,_64))\n  \
         LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))\n"
    );
    let got = session(&[
        "a_layout(SM80_16x8x16_F16F16F16F16_TN)",
        "SM80_16x8x16_F16F16F16F16_TN::ALayout",
        "thr_id(SM70_8x8x4_F32F16F16F32_NT)",
        "MMA_Traits<SM70_8x8x4_F32F16F16F32_NT>::ThrID",
        "cute::SM70_8x8x4_F32F16F16F32_NT::Shape_MNK",
        "MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>::LayoutC_TV",
        "c_layout(SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>)",
        "b_layout(SM90_64x64x16_F32F16F16_RS)",
        "shape_mnk(UniversalFMA<float,float,float,float>)",
        "X = SM80_16x8x8_F16F16F16F16_TN",
        "b_layout(X)",
        "make_layout_tv((_4,_8):(_8,_1), (_2,_2):(_2,_1))",
        "get(make_layout_tv((_4,_8):(_8,_1), (_2,_2):(_2,_1)), 1)",
    ]);
    assert_eq!(
        got,
        [
            "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))",
            "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))",
            "(_4,_2):(_1,_16)",
            "(_4,_2):(_1,_16)",
            "(_8,_8,_4)",
            "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))",
            "((_4,_8,_4),(_2,_2,_8)):((_128,_1,_16),(_64,_8,_512))",
            "(_128,(_64,_16)):(_0,(_1,_64))",
            "(_1,_1,_1)",
            "MMA_Atom",
            "  ThrID:      _32:_1",
            "  Shape_MNK:  (_16,_8,_8)",
            "  LayoutA_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))",
            "  LayoutB_TV: ((_4,_8),_2):((_16,_1),_8)",
            "  LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))",
            "((_4,_8),_2):((_16,_1),_8)",
            "((_8,_16),((_8,_4),(_2,_2)):((_16,_2),(_8,_1)))",
            "((_8,_4),(_2,_2)):((_16,_2),(_8,_1))",
        ]
    );
    // Every atom has a name the command knows.
    let names = cute(&["--list-atoms"], "");
    assert_eq!(names.status, 0);
    let names: Vec<&str> = names.stdout.lines().collect();
    assert_eq!(names.len(), cute_dynamic::mma_atom_names().len());
    let input: Vec<String> = names.iter().map(|n| format!("shape_mnk({n})")).collect();
    let run = cute(&[], &(input.join("\n") + "\n"));
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), names.len());
}

#[test]
fn the_picture_of_an_atom_names_its_threads_by_thr_id() {
    let dir = std::env::temp_dir().join(format!("cute-cli-tensor-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // SM70's quad pair: threads 0-3 and 16-19, as CuTe's print_latex labels them.
    let run = cute(&["--draw", "--tv", "SM70_8x8x4_F32F16F16F32_NT"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("C (8 x 8):\n"), "{}", run.stdout);
    assert!(run.stdout.contains("| T16V0 |"), "{}", run.stdout);
    assert!(!run.stdout.contains("T4V"), "{}", run.stdout);
    let svg = dir.join("sm80.svg");
    let run = cute(
        &[
            "--svg",
            svg.to_str().expect("path"),
            "--tv",
            "SM80_16x8x16_F16F16F16F16_TN",
        ],
        "",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&svg).expect("svg written");
    assert!(text.contains("SM80_16x8x16_F16F16F16F16_TN (ThrID _32:_1)"));
    // A --grid that is not the atom's Shape_MNK is refused.
    let run = cute(
        &[
            "--latex",
            dir.join("a.tex").to_str().expect("path"),
            "--tv",
            "--grid",
            "16x8x8",
            "SM80_16x8x16_F16F16F16F16_TN",
        ],
        "",
    );
    assert_eq!(run.status, 2);
    assert!(
        run.stderr.contains("drawn on its Shape_MNK"),
        "{}",
        run.stderr
    );
    // make_layout_tv: the layout on its tiler_mn.
    let run = cute(
        &[
            "--draw",
            "--tv",
            "make_layout_tv((_4,_8):(_8,_1), (_2,_2):(_2,_1))",
        ],
        "",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(run.stdout.lines().filter(|l| l.contains('|')).count(), 8);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_tensor_input_is_a_clear_error() {
    for (input, message) in [
        (
            "(1,2)|_4:_1",
            "the offset of a tensor OFF|L must be an integer",
        ),
        ("_0|(2,3)", "the layout of a tensor OFF|L must be a layout"),
        (
            "local_tile((_4,_4):(_1,_4), _2, 0)",
            "local_tile: argument 1 must be a tensor",
        ),
        (
            "a_layout((_4,_4):(_1,_4))",
            "a_layout: argument 1 must be an MMA atom",
        ),
        (
            "SM80_16x8x16_F16F16F16F16_TN::DLayout",
            "an MMA atom has no member 'DLayout'",
        ),
        ("SM80_16x8x99_F16F16F16F16_TN", "unknown name"),
        ("ArithTuple(_0) (_4):(_1@0)", "expected ' o '"),
        ("ArithTuple(_0) o (_4):(_1@)", "a digit after '@'"),
        (
            "composition(_0|_4:_1, _2:_1)",
            "composition: argument 1 is a tensor",
        ),
        ("slice((1,2), _0|(_4,_4):(_1,_4))", "has no `_`"),
        (
            "local_tile(_0|(_8,_8):(_1,_8), (_2,_2,_2), (0,0,0))",
            "Mismatched Ranks",
        ),
    ] {
        let run = cute(&[input], "");
        assert_eq!(run.status, 2, "{input}: {}", run.stdout);
        assert!(run.stderr.contains(message), "{input}: {}", run.stderr);
    }
}
