//! The CuTe to Rust page, `docs/cute-to-rust.md`: every CuTe call of CuTe's four documents
//! (`01_layout.md`, `02_layout_algebra.md`, `03_tensor.md`, `0x_gemm_tutorial.md`) next to its
//! spelling in cute-static and in cute-dynamic, each run here and checked against the value the
//! document gives (or, where it gives none, a value worked out by hand from CuTe's rules), and
//! every operation of cute-dynamic's registry (`cute_dynamic::ops::OPS`) with its names in both
//! crates. The page is rendered from these rows; the test fails if the file on disk differs.
//! Regenerate it with `UPDATE_DOCS=1 cargo test -p cute-tests --test cute_to_rust`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::too_many_lines)]

use cute_dynamic::{self as cd, LayoutError};
use cute_static::{self as cs, int_tuple, layout, tile};
use std::fmt::Write as _;

/// Where a row's expected value comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Source {
    /// The document states it as CuTe prints it.
    Stated,
    /// The document states it without the `_` CuTe prints for static integers (its comments
    /// write `4:1` for `Layout<_4,_1>`); the expected value adds them.
    Unmarked,
    /// The document shows the call but no value (or only a shape): worked out by hand from
    /// CuTe's rules.
    Derived,
    /// The document shows only a picture, CuTe's `print_latex` document: the expected value is
    /// that document's first line as CuTe C++ 4.2 prints it (the whole documents are compared
    /// with CuTe's in `tests/tests/print_latex.rs`).
    Printed,
}

/// One spelling of a call in one crate: the Rust expression (as written here, run by the row)
/// and what it printed. (Every row has both crates' spellings; the registry section below
/// marks with `—` what a crate spells otherwise.)
struct Cell {
    code: &'static str,
    got: String,
}

struct Row {
    doc: &'static str,
    cute: &'static str,
    stat: Cell,
    dynm: Cell,
    want: &'static str,
    source: Source,
}

/// A cute-static spelling: `{ expr }` runs and prints `expr`.
macro_rules! stat_cell {
    ({ $($e:tt)* }) => {
        Cell { code: stringify!($($e)*), got: format!("{}", $($e)*) }
    };
}

/// A cute-dynamic spelling: `{ expr }` runs in a function returning `Result` (so `?` works) and
/// prints `expr`, or the error.
macro_rules! dyn_cell {
    ({ $($e:tt)* }) => {
        Cell {
            code: stringify!($($e)*),
            got: (|| -> Result<String, LayoutError> { Ok(format!("{}", $($e)*)) })()
                .unwrap_or_else(|e| format!("error: {e}")),
        }
    };
}

/// A row: the document, CuTe's spelling, the two crates' spellings, the expected text.
macro_rules! row {
    ($doc:expr, $cute:literal, static $s:tt, dynamic $d:tt, $src:ident $want:literal) => {
        Row {
            doc: $doc,
            cute: $cute,
            stat: stat_cell!($s),
            dynm: dyn_cell!($d),
            want: $want,
            source: Source::$src,
        }
    };
}

const L01: &str = "01_layout.md";
const L02: &str = "02_layout_algebra.md";
const T03: &str = "03_tensor.md";
const GEMM: &str = "0x_gemm_tutorial.md";
const DOCS: [&str; 4] = [L01, L02, T03, GEMM];

/// A dynamic layout from CuTe's text.
fn dl(text: &str) -> Result<cd::Layout, LayoutError> {
    text.parse()
}

/// The elements of a tensor's data, `[a, b, ...]`.
fn list<T: std::fmt::Debug>(data: &[T]) -> String {
    format!("{data:?}")
}
/// Each operation of `cute_dynamic::ops::OPS`, by its CuTe call (`Op::call`): its spelling in
/// cute-static and in cute-dynamic. `every_registry_op_is_listed` checks that this covers the
/// registry exactly.
const OP_SPELLINGS: &[(&str, &str, &str)] = &[
    ("coalesce(A)", "`coalesce`", "`coalesce`"),
    ("filter(A)", "`filter`", "`filter`"),
    ("filter_zeros(A)", "`filter_zeros`", "`filter_zeros`"),
    ("complement(A)", "`complement1`", "`complement1`"),
    ("right_inverse(A)", "`right_inverse`", "`right_inverse`"),
    ("left_inverse(A)", "`left_inverse`", "`left_inverse`"),
    ("nullspace(A)", "`nullspace`", "`nullspace`"),
    (
        "cosize(A)",
        "`cosize`, `Layout::cosize`",
        "`Layout::cosize`",
    ),
    ("size(S)", "`size`", "`IntTuple::size`"),
    ("flatten(S)", "`flatten`", "`IntTuple::flatten`"),
    (
        "compact_col_major(S)",
        "`compact_col_major`",
        "`compact_col_major`",
    ),
    (
        "compact_row_major(S)",
        "`compact_row_major`",
        "`compact_row_major`",
    ),
    ("composition(A, B)", "`composition`", "`composition`"),
    ("complement(A, S)", "`complement`", "`complement`"),
    (
        "logical_divide(A, B)",
        "`logical_divide`",
        "`logical_divide`",
    ),
    (
        "logical_product(A, B)",
        "`logical_product`",
        "`logical_product`",
    ),
    (
        "blocked_product(A, B)",
        "`blocked_product`",
        "`blocked_product`",
    ),
    ("raked_product(A, B)", "`raked_product`", "`raked_product`"),
    ("zipped_divide(A, T)", "`zipped_divide`", "`zipped_divide`"),
    ("tiled_divide(A, T)", "`tiled_divide`", "`tiled_divide`"),
    ("flat_divide(A, T)", "`flat_divide`", "`flat_divide`"),
    (
        "logical_divide(A, T)",
        "`logical_divide_tiler`",
        "`logical_divide_tiler`",
    ),
    (
        "composition(A, T)",
        "`composition_tiler`",
        "`composition_tiler`",
    ),
    (
        "zipped_product(A, T)",
        "`zipped_product`",
        "`zipped_product`",
    ),
    ("tiled_product(A, T)", "`tiled_product`", "`tiled_product`"),
    ("flat_product(A, T)", "`flat_product`", "`flat_product`"),
    (
        "max_common_vector(A, B)",
        "`max_common_vector`",
        "`max_common_vector`",
    ),
    (
        "max_common_layout(A, B)",
        "`max_common_layout`",
        "`max_common_layout`",
    ),
    ("append(A, B)", "`append`", "`append`"),
    ("prepend(A, B)", "`prepend`", "`prepend`"),
    ("coalesce(A, S)", "`coalesce_profile`", "`coalesce_profile`"),
    ("upcast<N>(A)", "`upcast::<N, _>`", "`upcast`"),
    ("downcast<N>(A)", "`downcast::<N, _>`", "`downcast`"),
    (
        "make_ordered_layout(S, order)",
        "`make_ordered_layout`",
        "`make_ordered_layout`",
    ),
    ("tile_to_shape(A, S)", "`tile_to_shape`", "`tile_to_shape`"),
    ("slice(c, A)", "`slice`", "`slice`"),
    ("dice(c, A)", "`dice`", "`dice`"),
    ("shape_div(S, S)", "`shape_div`", "`shape_div`"),
    ("ceil_div(S, S)", "`ceil_div`", "`ceil_div`"),
    ("idx2crd(i, S)", "`idx2crd`", "`idx2crd`"),
    ("crd2idx(c, S, D)", "`crd2idx`", "`crd2idx`"),
    ("congruent(S, S)", "`congruent`", "`congruent`"),
    ("compatible(S, S)", "`compatible`", "`compatible`"),
    (
        "weakly_congruent(S, S)",
        "`weakly_congruent`",
        "`weakly_congruent`",
    ),
    (
        "A(i) for each i",
        "`Layout::call` in a loop",
        "`Layout::call` in a loop (`Layout::plan`)",
    ),
    ("size(A)", "`Layout::size`", "`Layout::size`"),
    ("flatten(A)", "`flatten`, `Layout::flatten`", "`flatten`"),
    ("replace<i>(A, X)", "`replace::<I>`", "`replace`"),
    (
        "make_layout_like(A)",
        "`make_layout_like`",
        "`make_layout_like`",
    ),
    (
        "make_fragment_like(A)",
        "`make_fragment_like_layout` (`make_fragment_like` for a register tensor)",
        "`make_fragment_like_layout` (`make_fragment_like` for a tensor over data)",
    ),
    (
        "idx2crd(i, S, D)",
        "—: none (a layout's `idx2crd` method covers compact strides)",
        "`idx2crd_strided`",
    ),
    ("crd2idx(c, A)", "`Layout::crd2idx`", "`Layout::crd2idx`"),
    ("A(c)", "`Layout::call`", "`Layout::call`"),
    (
        "filter_zeros(S, S)",
        "—: none on IntTuples (the layout form `filter_zeros`)",
        "`filter_zeros_tuple`",
    ),
    (
        "logical_product(A, T)",
        "`logical_product_tiler`",
        "`logical_product_tiler`",
    ),
    (
        "slice(c, S)",
        "—: none on IntTuples (the layout form `slice`)",
        "`slice_tuple`",
    ),
    (
        "dice(c, S)",
        "—: none on IntTuples (the layout form `dice`)",
        "`dice_tuple`",
    ),
    (
        "make_layout(A0, A1, ...)",
        "`concat((a0, a1, ...))`",
        "`Layout::concat(&[a0, a1, ...])`",
    ),
    (
        "make_layout(S, D)",
        "`layout!(S:D)`, `Layout::from_parts`",
        "`Layout::from_parts`",
    ),
    ("make_layout(S)", "`make_layout`", "`make_layout`"),
    (
        "make_layout(S, LayoutRight{})",
        "`make_layout_right`",
        "`make_layout_right`",
    ),
    ("rank(A)", "`Layout::rank`", "`Layout::rank`"),
    (
        "rank(S)",
        "—: a Rust tuple's arity (a type)",
        "`IntTuple::rank`",
    ),
    ("depth(A)", "`Layout::depth`", "`Layout::depth`"),
    ("depth(S)", "—: none on IntTuples", "`IntTuple::depth`"),
    ("shape(A)", "`shape`, `Layout::shape`", "`Layout::shape`"),
    (
        "stride(A)",
        "`stride`, `Layout::stride`",
        "`Layout::stride`",
    ),
    (
        "get<i>(A)",
        "`get::<I, _>`, `Layout::get::<I>`",
        "`Layout::get`",
    ),
    (
        "get<i>(S)",
        "—: the Rust tuple's field `.I`",
        "`IntTuple::get`",
    ),
    (
        "get<i>(T)",
        "—: the Rust tuple's field `.I`",
        "`Tiler::Tuple` items",
    ),
    (
        "make_tile(T0, T1, ...)",
        "`tile!((t0, t1, ...))`",
        "`Tiler::Tuple`, or `\"<text>\".parse::<Tiler>()`",
    ),
    (
        "composition(Sw, B)",
        "`Swizzle::composition`",
        "`Swizzle::composition`",
    ),
    ("composition(A, Sw)", "—: none", "`composition_swizzle`"),
    (
        "composition(C, B)",
        "`ComposedOf::composition`",
        "`ComposedLayout::composition`",
    ),
    (
        "composition(C, T)",
        "`ComposedOf::composition_tiler`",
        "`ComposedLayout::composition_tiler`",
    ),
    (
        "C(i) for each i",
        "`ComposedOf::call` in a loop",
        "`ComposedLayout::call` in a loop",
    ),
    ("C(c)", "`ComposedOf::call`", "`ComposedLayout::call`"),
    (
        "Sw(i)",
        "`Swizzle::call`",
        "`Swizzle::call`, `Swizzle::apply`",
    ),
    ("size(C)", "`ComposedOf::size`", "`ComposedLayout::size`"),
    (
        "cosize(C)",
        "`ComposedOf::cosize`",
        "`ComposedLayout::cosize`",
    ),
    ("rank(C)", "`ComposedOf::rank`", "`ComposedLayout::rank`"),
    (
        "depth(C)",
        "—: none",
        "`ComposedLayout::shape` then `IntTuple::depth`",
    ),
    ("shape(C)", "`ComposedOf::shape`", "`ComposedLayout::shape`"),
    (
        "coalesce(C)",
        "`ComposedOf::coalesce`",
        "`ComposedLayout::coalesce`",
    ),
    (
        "coalesce(C, S)",
        "—: none",
        "`ComposedLayout::coalesce_profile`",
    ),
    (
        "complement(C)",
        "`ComposedOf::complement1`",
        "`ComposedLayout::complement1`",
    ),
    (
        "complement(C, S)",
        "—: none",
        "`ComposedLayout::complement`",
    ),
    (
        "right_inverse(C)",
        "`ComposedOf::right_inverse`",
        "`ComposedLayout::right_inverse`",
    ),
    (
        "left_inverse(C)",
        "`ComposedOf::left_inverse`",
        "`ComposedLayout::left_inverse`",
    ),
    (
        "logical_divide(C, B)",
        "`ComposedOf::logical_divide`",
        "`ComposedLayout::logical_divide`",
    ),
    (
        "logical_divide(C, T)",
        "`ComposedOf::logical_divide_tiler`",
        "`ComposedLayout::logical_divide_tiler`",
    ),
    (
        "zipped_divide(C, T)",
        "`ComposedOf::zipped_divide`",
        "`ComposedLayout::zipped_divide`",
    ),
    (
        "tiled_divide(C, T)",
        "`ComposedOf::tiled_divide`",
        "`ComposedLayout::tiled_divide`",
    ),
    (
        "flat_divide(C, T)",
        "`ComposedOf::flat_divide`",
        "`ComposedLayout::flat_divide`",
    ),
    (
        "logical_product(C, B)",
        "`ComposedOf::logical_product`",
        "`ComposedLayout::logical_product`",
    ),
    (
        "zipped_product(C, T)",
        "—: none",
        "`ComposedLayout::zipped_product`",
    ),
    (
        "tiled_product(C, T)",
        "—: none",
        "`ComposedLayout::tiled_product`",
    ),
    (
        "flat_product(C, T)",
        "—: none",
        "`ComposedLayout::flat_product`",
    ),
    (
        "blocked_product(C, B)",
        "`ComposedOf::blocked_product`",
        "`ComposedLayout::blocked_product`",
    ),
    (
        "raked_product(C, B)",
        "`ComposedOf::raked_product`",
        "`ComposedLayout::raked_product`",
    ),
    (
        "tile_to_shape(C, S)",
        "`ComposedOf::tile_to_shape`",
        "`ComposedLayout::tile_to_shape`",
    ),
    (
        "slice(c, C)",
        "`ComposedOf::slice`",
        "`ComposedLayout::slice`",
    ),
    (
        "upcast<N>(C)",
        "`ComposedOf::upcast::<N>`",
        "`ComposedLayout::upcast`",
    ),
    (
        "downcast<N>(C)",
        "`ComposedOf::downcast::<N>`",
        "`ComposedLayout::downcast`",
    ),
    ("upcast<N>(Sw)", "—: none", "`Swizzle::upcast`"),
    ("downcast<N>(Sw)", "—: none", "`Swizzle::downcast`"),
    ("get<i>(C)", "—: none", "`ComposedLayout::get`"),
    (
        "as_position_independent_swizzle_layout(C)",
        "`ComposedOf::as_position_independent_swizzle_layout`",
        "`ComposedLayout::as_position_independent_swizzle_layout`",
    ),
    ("C.layout_a()", "—: none", "`ComposedLayout::layout_a`"),
    ("C.layout_b()", "—: none", "`ComposedLayout::layout_b`"),
    (
        "make_composed_layout(A, O, B)",
        "`make_composed_layout`",
        "`make_composed_layout`",
    ),
    (
        "GMMA atom, or tile_to_shape(atom, S)",
        "`gmma::Layout_K_SW128_Atom::<half_t>::new()`, ...",
        "`gmma_atom`, `gmma_layout_atom`",
    ),
    (
        "Sw(i) for i < n",
        "`Swizzle::call` in a loop",
        "`Swizzle::call` in a loop",
    ),
    (
        "make_tensor(ptr, A)",
        "`make_tensor(&data[..], l)`, `make_tensor_mut`, `make_fragment`",
        "`make_tensor` (layout only), `make_tensor_on(&data[..], l)`",
    ),
    (
        "make_identity_tensor(S)",
        "`make_identity_tensor`",
        "`make_identity_tensor`",
    ),
    (
        "make_identity_layout(S)",
        "`make_identity_layout`",
        "`make_identity_layout`",
    ),
    (
        "local_tile(X, T, c [, proj])",
        "`local_tile`, `local_tile_proj`",
        "`local_tile`, `local_tile_proj`",
    ),
    (
        "local_partition(X, thr, idx [, proj])",
        "`local_partition`, `local_partition_proj`",
        "`local_partition`, `local_partition_proj`",
    ),
    (
        "inner_partition(X, T, c)",
        "`inner_partition`",
        "`inner_partition`",
    ),
    (
        "outer_partition(X, T, c)",
        "`outer_partition`",
        "`outer_partition`",
    ),
    (
        "X(c)",
        "`Tensor::slice` (with `_`), `t[c]` (without)",
        "`Tensor::slice` (with `_`), `Tensor::call` (without)",
    ),
    (
        "make_identity_tensor(S)(i) for each i",
        "`IdentityTensor::call` in a loop",
        "`Tensor::call` in a loop",
    ),
    (
        "make_layout_tv(thr, val)",
        "`make_layout_tv`",
        "`make_layout_tv`",
    ),
    (
        "MMA_Traits<Atom>::Member",
        "`MmaTraits` (`mma_atoms::...`)",
        "`mma_atom(name)` (`MmaAtom` fields)",
    ),
    (
        "make_tiled_copy(Copy_Atom<Op,T>{}, thr, val).Member",
        "`make_tiled_copy(CopyAtom::<Op, T>::new(), thr, val)` and its methods",
        "`make_tiled_copy(&copy_atom(op, t)?, &thr, &val)` and its methods",
    ),
    (
        "make_tiled_copy(Copy_Atom<Op,T>{}, thr, val).get_slice(i).partition_S(make_tensor(p, L))",
        "`ThrCopy::partition_S`",
        "`ThrCopy::partition_S`",
    ),
    (
        "make_tiled_copy(Copy_Atom<Op,T>{}, thr, val).get_slice(i).partition_D(make_tensor(p, L))",
        "`ThrCopy::partition_D`",
        "`ThrCopy::partition_D`",
    ),
    (
        "make_tiled_copy(Copy_Atom<Op,T>{}, thr, val).get_slice(0).retile_S(make_tensor(p, L))",
        "`ThrCopy::retile_S`",
        "`ThrCopy::retile_S`",
    ),
    (
        "make_tiled_copy(Copy_Atom<Op,T>{}, thr, val).get_slice(0).retile_D(make_tensor(p, L))",
        "`ThrCopy::retile_D`",
        "`ThrCopy::retile_D`",
    ),
    (
        "make_tiled_mma(atom, atom_layout, permutations).Member",
        "`make_tiled_mma(atom, atom_layout, tile!(...))` and its methods",
        "`make_tiled_mma(&mma_atom(name)?, &atom_layout, &permutations)` and its methods",
    ),
    (
        "make_tiled_mma(atom, atom_layout, permutations).get_slice(i).partition_A(make_tensor(p, L))",
        "`ThrMMA::partition_A`",
        "`ThrMMA::partition_A`",
    ),
    (
        "make_tiled_mma(atom, atom_layout, permutations).get_slice(i).partition_B(make_tensor(p, L))",
        "`ThrMMA::partition_B`",
        "`ThrMMA::partition_B`",
    ),
    (
        "make_tiled_mma(atom, atom_layout, permutations).get_slice(i).partition_C(make_tensor(p, L))",
        "`ThrMMA::partition_C`",
        "`ThrMMA::partition_C`",
    ),
    (
        "make_tiled_mma(atom, atom_layout, permutations).get_slice(i).partition_fragment_A(make_tensor(p, L)).layout()",
        "`ThrMMA::partition_fragment_A` then `.layout()`",
        "`ThrMMA::partition_fragment_A`",
    ),
    (
        "make_tiled_mma(atom, atom_layout, permutations).get_slice(i).partition_fragment_B(make_tensor(p, L)).layout()",
        "`ThrMMA::partition_fragment_B` then `.layout()`",
        "`ThrMMA::partition_fragment_B`",
    ),
    (
        "make_tiled_mma(atom, atom_layout, permutations).get_slice(i).partition_fragment_C(make_tensor(p, L)).layout()",
        "`ThrMMA::partition_fragment_C` then `.layout()`",
        "`ThrMMA::partition_fragment_C`",
    ),
    ("slice(c, X)", "`Tensor::slice`", "`Tensor::slice`"),
    (
        "slice(c, I)",
        "`slice` of `make_identity_layout`",
        "`CoordLayout::slice`",
    ),
    (
        "dice(c, I)",
        "`dice` of `make_identity_layout`",
        "`CoordLayout::dice`",
    ),
    (
        "zipped_divide(X, T)",
        "`Tensor::zipped_divide`",
        "`Tensor::zipped_divide`",
    ),
    (
        "zipped_divide(I, T)",
        "`zipped_divide` of `make_identity_layout`",
        "`CoordLayout::zipped_divide`",
    ),
    (
        "tiled_divide(I, T)",
        "`tiled_divide` of `make_identity_layout`",
        "`CoordLayout::tiled_divide`",
    ),
    (
        "flat_divide(I, T)",
        "`flat_divide` of `make_identity_layout`",
        "`CoordLayout::flat_divide`",
    ),
    (
        "logical_divide(I, B)",
        "`logical_divide` of `make_identity_layout`",
        "`CoordLayout::logical_divide`",
    ),
    (
        "logical_divide(I, T)",
        "`logical_divide_tiler` of `make_identity_layout`",
        "`CoordLayout::logical_divide_tiler`",
    ),
    (
        "composition(I, B)",
        "`composition` of `make_identity_layout`",
        "`CoordLayout::composition`",
    ),
    (
        "composition(I, T)",
        "`composition_tiler` of `make_identity_layout`",
        "`CoordLayout::composition_tiler`",
    ),
    (
        "coalesce(I)",
        "`coalesce` of `make_identity_layout`",
        "`CoordLayout::coalesce`",
    ),
    (
        "X(i) for each i",
        "`t[i]` / `Tensor::get` in a loop",
        "`Tensor::call` in a loop",
    ),
    ("size(X)", "`Tensor::size`", "`Tensor::size`"),
    (
        "size(I)",
        "`size` of the layout's shape",
        "`CoordLayout::size`",
    ),
    ("shape(X)", "`Tensor::shape`", "`Tensor::shape`"),
    ("shape(I)", "`shape`", "`CoordLayout::shape`"),
    ("rank(X)", "`Tensor::rank`", "`Tensor::rank`"),
    ("rank(I)", "`Layout::rank`", "`CoordLayout::rank`"),
    (
        "depth(X)",
        "—: none (the layout's `depth`)",
        "`Tensor::shape` then `IntTuple::depth`",
    ),
    (
        "depth(I)",
        "`Layout::depth`",
        "`CoordLayout::shape` then `IntTuple::depth`",
    ),
    ("get<i>(I)", "`get::<I, _>`", "`CoordLayout::get`"),
    (
        "X.layout()",
        "`Tensor::layout`",
        "`Tensor` match, `DataTensor::layout`",
    ),
    (
        "MMA_Traits<Atom>::ThrID",
        "`<Atom as MmaTraits>::ThrID`",
        "`mma_atom(name)?.thr_id`",
    ),
    (
        "MMA_Traits<Atom>::Shape_MNK",
        "`<Atom as MmaTraits>::Shape_MNK`",
        "`mma_atom(name)?.shape_mnk`",
    ),
    (
        "MMA_Traits<Atom>::ALayout",
        "`<Atom as MmaTraits>::ALayout`",
        "`mma_atom(name)?.a_layout`",
    ),
    (
        "MMA_Traits<Atom>::BLayout",
        "`<Atom as MmaTraits>::BLayout`",
        "`mma_atom(name)?.b_layout`",
    ),
    (
        "MMA_Traits<Atom>::CLayout",
        "`<Atom as MmaTraits>::CLayout`",
        "`mma_atom(name)?.c_layout`",
    ),
];

/// The rows, in the documents' order.
fn rows() -> Vec<Row> {
    let (two, four) = (2, 4);
    let (m, n, k) = (256, 128, 64);
    let data: Vec<f32> = (0..16384u16).map(f32::from).collect();
    vec![
        // ---- 01_layout.md ----
        row!(L01, "make_layout(Int<8>{})",
            static { cs::make_layout(int_tuple!(_8)) },
            dynamic { cd::make_layout(&"_8".parse()?)? },
            Stated "_8:_1"),
        row!(L01, "make_layout(8)",
            static { cs::make_layout(8) },
            dynamic { cd::make_layout(&"8".parse()?)? },
            Stated "8:_1"),
        row!(L01, "make_layout(make_shape(Int<2>{},Int<4>{}))",
            static { cs::make_layout(int_tuple!((_2,_4))) },
            dynamic { cd::make_layout(&"(_2,_4)".parse()?)? },
            Stated "(_2,_4):(_1,_2)"),
        row!(L01, "make_layout(make_shape(Int<2>{},4))",
            static { cs::make_layout(int_tuple!((_2,four))) },
            dynamic { cd::make_layout(&"(_2,4)".parse()?)? },
            Stated "(_2,4):(_1,_2)"),
        row!(L01, "make_layout(make_shape(Int<2>{},4), make_stride(Int<12>{},Int<1>{}))",
            static { layout!((_2,four):(_12,_1)) },
            dynamic { cd::Layout::from_parts("(_2,4)".parse()?, "(_12,_1)".parse()?)? },
            Stated "(_2,4):(_12,_1)"),
        row!(L01, "make_layout(make_shape(Int<2>{},4), LayoutLeft{})",
            static { cs::make_layout(int_tuple!((_2,four))) },
            dynamic { cd::make_layout(&"(_2,4)".parse()?)? },
            Stated "(_2,4):(_1,_2)"),
        row!(L01, "make_layout(make_shape(Int<2>{},4), LayoutRight{})",
            static { cs::make_layout_right(int_tuple!((_2,four))) },
            dynamic { cd::make_layout_right(&"(_2,4)".parse()?)? },
            Stated "(_2,4):(4,_1)"),
        row!(L01, "make_layout(make_shape(2,make_shape(2,2)), make_stride(4,make_stride(2,1)))",
            static { layout!((two,(two,two)):(four,(two,{ 1 }))) },
            dynamic { dl("(2,(2,2)):(4,(2,1))")? },
            Stated "(2,(2,2)):(4,(2,1))"),
        row!(L01, "make_layout(shape(s2xh4), LayoutLeft{})",
            static { cs::make_layout(cs::shape(layout!((two,(two,two)):(four,(two,{ 1 }))))) },
            dynamic { cd::make_layout(&dl("(2,(2,2)):(4,(2,1))")?.shape())? },
            Stated "(2,(2,2)):(_1,(2,4))"),
        row!(L01, "congruent(my_shape, my_stride)",
            static { cs::congruent(int_tuple!((_2,(_2,_2))), int_tuple!((_4,(_2,_1)))) },
            dynamic { cd::congruent(&"(2,(2,2))".parse()?, &"(4,(2,1))".parse()?) },
            Derived "_1"),
        row!(L01, "size<0>(s2xh4)",
            static { layout!((two,(two,two)):(four,(two,{ 1 }))).size_mode::<0>() },
            dynamic { dl("(2,(2,2)):(4,(2,1))")?.get(0)?.size()? },
            Derived "2"),
        row!(L01, "size(s2xh4)",
            static { layout!((two,(two,two)):(four,(two,{ 1 }))).size() },
            dynamic { dl("(2,(2,2)):(4,(2,1))")?.size()? },
            Derived "8"),
        row!(L01, "s2xh4(1,2)  // print2D",
            static { layout!((two,(two,two)):(four,(two,{ 1 }))).call((1, 2)) },
            dynamic { dl("(2,(2,2)):(4,(2,1))")?.call((1, 2))? },
            Stated "5"),
        row!(L01, "s2xd4_a(3)  // print1D",
            static { layout!((_2,four):(_12,_1)).call(3) },
            dynamic { dl("(_2,4):(_12,_1)")?.call(3)? },
            Stated "13"),
        // MISMATCH (whitespace only): the document's picture has no space after the column
        // numbers `0   1   2   3`; both crates print one there (CuTe's `print_layout` writes each
        // column label as `"  %*d "`, so the space is CuTe's and the document's Markdown lost it).
        // row!(L01, "print_layout(s2xh4)", ..., Stated "(2,(2,2)):(4,(2,1))\n      0   1   2   3\n ..."),
        row!(L01, "print_layout(s2xh4)",
            static { cs::print_layout(&layout!((two,(two,two)):(four,(two,{ 1 })))) },
            dynamic { cd::print_layout(&dl("(2,(2,2)):(4,(2,1))")?)? },
            Derived "(2,(2,2)):(4,(2,1))\n      0   1   2   3 \n    +---+---+---+---+\n 0  | 0 | 2 | 1 | 3 |\n    +---+---+---+---+\n 1  | 4 | 6 | 5 | 7 |\n    +---+---+---+---+\n"),
        row!(L01, "idx2crd(16, shape)",
            static { cs::idx2crd(16, int_tuple!((_3,(_2,_3)))) },
            dynamic { cd::idx2crd(&"16".parse()?, &"(_3,(_2,_3))".parse()?)? },
            Stated "(1,(1,2))"),
        row!(L01, "idx2crd(_16{}, shape)",
            static { cs::idx2crd(int_tuple!(_16), int_tuple!((_3,(_2,_3)))) },
            dynamic { cd::idx2crd(&"_16".parse()?, &"(_3,(_2,_3))".parse()?)? },
            Stated "(_1,(_1,_2))"),
        row!(L01, "idx2crd(make_coord(1,5), shape)",
            static { cs::idx2crd((1, 5), int_tuple!((_3,(_2,_3)))) },
            dynamic { cd::idx2crd(&"(1,5)".parse()?, &"(_3,(_2,_3))".parse()?)? },
            Stated "(1,(1,2))"),
        row!(L01, "idx2crd(make_coord(_1{},5), shape)",
            static { cs::idx2crd(int_tuple!((_1,5)), int_tuple!((_3,(_2,_3)))) },
            dynamic { cd::idx2crd(&"(_1,5)".parse()?, &"(_3,(_2,_3))".parse()?)? },
            Stated "(_1,(1,2))"),
        row!(L01, "idx2crd(make_coord(1,make_coord(1,2)), shape)",
            static { cs::idx2crd((1, (1, 2)), int_tuple!((_3,(_2,_3)))) },
            dynamic { cd::idx2crd(&"(1,(1,2))".parse()?, &"(_3,(_2,_3))".parse()?)? },
            Stated "(1,(1,2))"),
        row!(L01, "idx2crd(make_coord(_1{},make_coord(1,_2{})), shape)",
            static { cs::idx2crd(int_tuple!((_1,(1,_2))), int_tuple!((_3,(_2,_3)))) },
            dynamic { cd::idx2crd(&"(_1,(1,_2))".parse()?, &"(_3,(_2,_3))".parse()?)? },
            Stated "(_1,(1,_2))"),
        row!(L01, "crd2idx(16, shape, stride)",
            static { cs::crd2idx(16, int_tuple!((_3,(_2,_3))), int_tuple!((_3,(_12,_1)))) },
            dynamic { cd::crd2idx(&"16".parse()?, &"(_3,(_2,_3))".parse()?, &"(_3,(_12,_1))".parse()?)? },
            Stated "17"),
        row!(L01, "crd2idx(_16{}, shape, stride)",
            static { cs::crd2idx(int_tuple!(_16), int_tuple!((_3,(_2,_3))), int_tuple!((_3,(_12,_1)))) },
            dynamic { cd::crd2idx(&"_16".parse()?, &"(_3,(_2,_3))".parse()?, &"(_3,(_12,_1))".parse()?)? },
            Stated "_17"),
        row!(L01, "crd2idx(make_coord(1,5), shape, stride)",
            static { cs::crd2idx((1, 5), int_tuple!((_3,(_2,_3))), int_tuple!((_3,(_12,_1)))) },
            dynamic { cd::crd2idx(&"(1,5)".parse()?, &"(_3,(_2,_3))".parse()?, &"(_3,(_12,_1))".parse()?)? },
            Stated "17"),
        row!(L01, "crd2idx(make_coord(_1{},5), shape, stride)",
            static { cs::crd2idx(int_tuple!((_1,5)), int_tuple!((_3,(_2,_3))), int_tuple!((_3,(_12,_1)))) },
            dynamic { cd::crd2idx(&"(_1,5)".parse()?, &"(_3,(_2,_3))".parse()?, &"(_3,(_12,_1))".parse()?)? },
            Stated "17"),
        row!(L01, "crd2idx(make_coord(_1{},_5{}), shape, stride)",
            static { cs::crd2idx(int_tuple!((_1,_5)), int_tuple!((_3,(_2,_3))), int_tuple!((_3,(_12,_1)))) },
            dynamic { cd::crd2idx(&"(_1,_5)".parse()?, &"(_3,(_2,_3))".parse()?, &"(_3,(_12,_1))".parse()?)? },
            Stated "_17"),
        row!(L01, "crd2idx(make_coord(1,make_coord(1,2)), shape, stride)",
            static { cs::crd2idx((1, (1, 2)), int_tuple!((_3,(_2,_3))), int_tuple!((_3,(_12,_1)))) },
            dynamic { cd::crd2idx(&"(1,(1,2))".parse()?, &"(_3,(_2,_3))".parse()?, &"(_3,(_12,_1))".parse()?)? },
            Stated "17"),
        row!(L01, "crd2idx(make_coord(_1{},make_coord(_1{},_2{})), shape, stride)",
            static { cs::crd2idx(int_tuple!((_1,(_1,_2))), int_tuple!((_3,(_2,_3))), int_tuple!((_3,(_12,_1)))) },
            dynamic { cd::crd2idx(&"(_1,(_1,_2))".parse()?, &"(_3,(_2,_3))".parse()?, &"(_3,(_12,_1))".parse()?)? },
            Stated "_17"),
        row!(L01, "Layout<Shape<_4,Shape<_3,_6>>>{}",
            static { cs::make_layout(int_tuple!((_4,(_3,_6)))) },
            dynamic { cd::make_layout(&"(_4,(_3,_6))".parse()?)? },
            Unmarked "(_4,(_3,_6)):(_1,(_4,_12))"),
        row!(L01, "layout<0>(a)",
            static { cs::get::<0, _>(cs::make_layout(int_tuple!((_4,(_3,_6))))) },
            dynamic { cd::make_layout(&"(_4,(_3,_6))".parse()?)?.get(0)? },
            Unmarked "_4:_1"),
        row!(L01, "layout<1>(a)",
            static { cs::get::<1, _>(cs::make_layout(int_tuple!((_4,(_3,_6))))) },
            dynamic { cd::make_layout(&"(_4,(_3,_6))".parse()?)?.get(1)? },
            Unmarked "(_3,_6):(_4,_12)"),
        row!(L01, "layout<1,0>(a)",
            static { cs::get::<0, _>(cs::get::<1, _>(cs::make_layout(int_tuple!((_4,(_3,_6)))))) },
            dynamic { cd::make_layout(&"(_4,(_3,_6))".parse()?)?.layout(&[1, 0])? },
            Unmarked "_3:_4"),
        row!(L01, "layout<1,1>(a)",
            static { cs::get::<1, _>(cs::get::<1, _>(cs::make_layout(int_tuple!((_4,(_3,_6)))))) },
            dynamic { cd::make_layout(&"(_4,(_3,_6))".parse()?)?.layout(&[1, 1])? },
            Unmarked "_6:_12"),
        row!(L01, "select<1,3>(a)  // a = Layout<Shape<_2,_3,_5,_7>>{}",
            static { cs::select(cs::make_layout(int_tuple!((_2,_3,_5,_7))), int_tuple!((_1,_3))) },
            dynamic { cd::select(&cd::make_layout(&"(_2,_3,_5,_7)".parse()?)?, &[1, 3])? },
            Unmarked "(_3,_7):(_2,_30)"),
        row!(L01, "select<0,1,3>(a)",
            static { cs::select(cs::make_layout(int_tuple!((_2,_3,_5,_7))), int_tuple!((_0,_1,_3))) },
            dynamic { cd::select(&cd::make_layout(&"(_2,_3,_5,_7)".parse()?)?, &[0, 1, 3])? },
            Unmarked "(_2,_3,_7):(_1,_2,_30)"),
        row!(L01, "select<2>(a)",
            static { cs::select(cs::make_layout(int_tuple!((_2,_3,_5,_7))), int_tuple!((_2,))) },
            dynamic { cd::select(&cd::make_layout(&"(_2,_3,_5,_7)".parse()?)?, &[2])? },
            Unmarked "(_5):(_6)"),
        row!(L01, "take<1,3>(a)",
            static { cs::take::<1, 3, _>(cs::make_layout(int_tuple!((_2,_3,_5,_7)))) },
            dynamic { cd::take(&cd::make_layout(&"(_2,_3,_5,_7)".parse()?)?, 1, 3)? },
            Unmarked "(_3,_5):(_2,_6)"),
        row!(L01, "take<1,4>(a)",
            static { cs::take::<1, 4, _>(cs::make_layout(int_tuple!((_2,_3,_5,_7)))) },
            dynamic { cd::take(&cd::make_layout(&"(_2,_3,_5,_7)".parse()?)?, 1, 4)? },
            Unmarked "(_3,_5,_7):(_2,_6,_30)"),
        row!(L01, "make_layout(a, b)  // a = Layout<_3,_1>{}, b = Layout<_4,_3>{}",
            static { cs::concat((layout!(_3:_1), layout!(_4:_3))) },
            dynamic { cd::Layout::concat(&[dl("_3:_1")?, dl("_4:_3")?])? },
            Unmarked "(_3,_4):(_1,_3)"),
        row!(L01, "make_layout(b, a)",
            static { cs::concat((layout!(_4:_3), layout!(_3:_1))) },
            dynamic { cd::Layout::concat(&[dl("_4:_3")?, dl("_3:_1")?])? },
            Unmarked "(_4,_3):(_3,_1)"),
        row!(L01, "make_layout(row, col)",
            static { cs::concat((cs::concat((layout!(_3:_1), layout!(_4:_3))), cs::concat((layout!(_4:_3), layout!(_3:_1))))) },
            dynamic { cd::Layout::concat(&[dl("(_3,_4):(_1,_3)")?, dl("(_4,_3):(_3,_1)")?])? },
            Unmarked "((_3,_4),(_4,_3)):((_1,_3),(_3,_1))"),
        row!(L01, "make_layout(a)",
            static { cs::concat((layout!(_3:_1),)) },
            dynamic { cd::Layout::concat(&[dl("_3:_1")?])? },
            Unmarked "(_3):(_1)"),
        row!(L01, "make_layout(aa)",
            static { cs::concat((cs::concat((layout!(_3:_1),)),)) },
            dynamic { cd::Layout::concat(&[cd::Layout::concat(&[dl("_3:_1")?])?])? },
            Unmarked "((_3)):((_1))"),
        row!(L01, "make_layout(a, make_layout(a), a)",
            static { cs::concat((layout!(_3:_1), cs::concat((layout!(_3:_1),)), layout!(_3:_1))) },
            dynamic { cd::Layout::concat(&[dl("_3:_1")?, cd::Layout::concat(&[dl("_3:_1")?])?, dl("_3:_1")?])? },
            Unmarked "(_3,(_3),_3):(_1,(_1),_1)"),
        row!(L01, "append(a, b)",
            static { cs::append(layout!(_3:_1), layout!(_4:_3)) },
            dynamic { cd::append(&dl("_3:_1")?, &dl("_4:_3")?)? },
            Unmarked "(_3,_4):(_1,_3)"),
        row!(L01, "prepend(a, b)",
            static { cs::prepend(layout!(_3:_1), layout!(_4:_3)) },
            dynamic { cd::prepend(&dl("_3:_1")?, &dl("_4:_3")?)? },
            Unmarked "(_4,_3):(_3,_1)"),
        row!(L01, "append(ab, ab)",
            static { cs::append(layout!((_3,_4):(_1,_3)), layout!((_3,_4):(_1,_3))) },
            dynamic { cd::append(&dl("(_3,_4):(_1,_3)")?, &dl("(_3,_4):(_1,_3)")?)? },
            Unmarked "(_3,_4,(_3,_4)):(_1,_3,(_1,_3))"),
        row!(L01, "replace<2>(c, b)",
            static { cs::replace::<2, _, _>(layout!((_3,_4,(_3,_4)):(_1,_3,(_1,_3))), layout!(_4:_3)) },
            dynamic { cd::replace(&dl("(_3,_4,(_3,_4)):(_1,_3,(_1,_3))")?, 2, &dl("_4:_3")?)? },
            Unmarked "(_3,_4,_4):(_1,_3,_3)"),
        row!(L01, "group<0,2>(a)",
            static { cs::group::<0, 2, _>(cs::make_layout(int_tuple!((_2,_3,_5,_7)))) },
            dynamic { cd::group(&cd::make_layout(&"(_2,_3,_5,_7)".parse()?)?, 0, 2)? },
            Stated "((_2,_3),_5,_7):((_1,_2),_6,_30)"),
        row!(L01, "group<1,3>(b)",
            static { cs::group::<1, 3, _>(layout!(((_2,_3),_5,_7):((_1,_2),_6,_30))) },
            dynamic { cd::group(&dl("((_2,_3),_5,_7):((_1,_2),_6,_30)")?, 1, 3)? },
            Stated "((_2,_3),(_5,_7)):((_1,_2),(_6,_30))"),
        row!(L01, "flatten(b)",
            static { layout!(((_2,_3),_5,_7):((_1,_2),_6,_30)).flatten() },
            dynamic { cd::flatten(&dl("((_2,_3),_5,_7):((_1,_2),_6,_30)")?)? },
            Stated "(_2,_3,_5,_7):(_1,_2,_6,_30)"),
        row!(L01, "flatten(c)",
            static { cs::flatten(layout!(((_2,_3),(_5,_7)):((_1,_2),(_6,_30)))) },
            dynamic { cd::flatten(&dl("((_2,_3),(_5,_7)):((_1,_2),(_6,_30))")?)? },
            Stated "(_2,_3,_5,_7):(_1,_2,_6,_30)"),
        // ---- 02_layout_algebra.md ----
        row!(L02, "coalesce(layout)  // Layout<Shape<_2,Shape<_1,_6>>, Stride<_1,Stride<_6,_2>>>",
            static { cs::coalesce(layout!((_2,(_1,_6)):(_1,(_6,_2)))) },
            dynamic { cd::coalesce(&dl("(_2,(_1,_6)):(_1,(_6,_2))")?)? },
            Stated "_12:_1"),
        row!(L02, "coalesce(a, Step<_1,_1>{})",
            static { cs::coalesce_profile(layout!((_2,(_1,_6)):(_1,(_6,_2))), int_tuple!((_1,_1))) },
            dynamic { cd::coalesce_profile(&dl("(_2,(_1,_6)):(_1,(_6,_2))")?, &"(_1,_1)".parse()?)? },
            Stated "(_2,_6):(_1,_2)"),
        row!(L02, "composition(A, B)  // A = (6,2):(8,2), B = (4,3):(3,1), all static",
            static { cs::composition(layout!((_6,_2):(_8,_2)), layout!((_4,_3):(_3,_1))) },
            dynamic { cd::composition(&dl("(_6,_2):(_8,_2)")?, &dl("(_4,_3):(_3,_1)")?)? },
            Unmarked "((_2,_2),_3):((_24,_2),_8)"),
        row!(L02, "composition(20:2, (5,4):(4,1))  // all static",
            static { cs::composition(layout!(_20:_2), layout!((_5,_4):(_4,_1))) },
            dynamic { cd::composition(&dl("_20:_2")?, &dl("(_5,_4):(_4,_1)")?)? },
            Unmarked "(_5,_4):(_8,_2)"),
        row!(L02, "composition(a, b)  // static (10,2):(16,4) o (5,4):(1,5)",
            static { cs::composition(layout!((_10,_2):(_16,_4)), layout!((_5,_4):(_1,_5))) },
            dynamic { cd::composition(&dl("(_10,_2):(_16,_4)")?, &dl("(_5,_4):(_1,_5)")?)? },
            Stated "(_5,(_2,_2)):(_16,(_80,_4))"),
        row!(L02, "composition(a, b)  // dynamic (10,2):(16,4) o (5,4):(1,5)",
            static { { let (m, n, s, t, u, v) = (10, 2, 16, 4, 5, 1); cs::composition(layout!((m,n):(s,t)), layout!((u,t):(v,u))) } },
            dynamic { cd::composition(&dl("(10,2):(16,4)")?, &dl("(5,4):(1,5)")?)? },
            Stated "((5,1),(2,2)):((16,4),(80,4))"),
        row!(L02, "composition(a, make_tile(Layout<_3,_4>{}, Layout<_8,_2>{}))  // a = (12,(4,8)):(59,(13,1))",
            static { { let (m, n, k) = (12, 4, 8); cs::composition_tiler(layout!((m,(n,k)):({ 59 },({ 13 },{ 1 }))), tile!((_3:_4,_8:_2))) } },
            dynamic { cd::composition_tiler(&dl("(12,(4,8)):(59,(13,1))")?, &"(_3:_4,_8:_2)".parse()?)? },
            Stated "(_3,(2,4)):(236,(26,1))"),
        row!(L02, "composition(a, make_shape(Int<3>{}, Int<8>{}))",
            static { { let (m, n, k) = (12, 4, 8); cs::composition_tiler(layout!((m,(n,k)):({ 59 },({ 13 },{ 1 }))), tile!((_3,_8))) } },
            dynamic { cd::composition_tiler(&dl("(12,(4,8)):(59,(13,1))")?, &"(_3,_8)".parse()?)? },
            Stated "(_3,(4,2)):(59,(13,1))"),
        row!(L02, "complement(4:1, 24)  // all static",
            static { cs::complement(layout!(_4:_1), int_tuple!(_24)) },
            dynamic { cd::complement(&dl("_4:_1")?, &"_24".parse()?)? },
            Unmarked "_6:_4"),
        row!(L02, "complement(6:4, 24)",
            static { cs::complement(layout!(_6:_4), int_tuple!(_24)) },
            dynamic { cd::complement(&dl("_6:_4")?, &"_24".parse()?)? },
            Unmarked "_4:_1"),
        row!(L02, "complement((4,6):(1,4), 24)",
            static { cs::complement(layout!((_4,_6):(_1,_4)), int_tuple!(_24)) },
            dynamic { cd::complement(&dl("(_4,_6):(_1,_4)")?, &"_24".parse()?)? },
            Unmarked "_1:_0"),
        row!(L02, "complement(4:2, 24)",
            static { cs::complement(layout!(_4:_2), int_tuple!(_24)) },
            dynamic { cd::complement(&dl("_4:_2")?, &"_24".parse()?)? },
            Unmarked "(_2,_3):(_1,_8)"),
        row!(L02, "complement((2,4):(1,6), 24)",
            static { cs::complement(layout!((_2,_4):(_1,_6)), int_tuple!(_24)) },
            dynamic { cd::complement(&dl("(_2,_4):(_1,_6)")?, &"_24".parse()?)? },
            Unmarked "_3:_2"),
        row!(L02, "complement((2,2):(1,6), 24)",
            static { cs::complement(layout!((_2,_2):(_1,_6)), int_tuple!(_24)) },
            dynamic { cd::complement(&dl("(_2,_2):(_1,_6)")?, &"_24".parse()?)? },
            Unmarked "(_3,_2):(_2,_12)"),
        row!(L02, "logical_divide(A, B)  // A = (4,2,3):(2,1,8), B = 4:2, all static",
            static { cs::logical_divide(layout!((_4,_2,_3):(_2,_1,_8)), layout!(_4:_2)) },
            dynamic { cd::logical_divide(&dl("(_4,_2,_3):(_2,_1,_8)")?, &dl("_4:_2")?)? },
            Unmarked "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))"),
        row!(L02, "logical_divide(layout_a, tiler)  // (9,(4,8)):(59,(13,1)) by <3:3, (2,4):(1,8)>",
            static { cs::logical_divide_tiler(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8)))) },
            dynamic { cd::logical_divide_tiler(&dl("(_9,(_4,_8)):(_59,(_13,_1))")?, &"(_3:_3,(_2,_4):(_1,_8))".parse()?)? },
            Derived "((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))"),
        row!(L02, "zipped_divide(layout_a, tiler)",
            static { cs::zipped_divide(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8)))) },
            dynamic { cd::zipped_divide(&dl("(_9,(_4,_8)):(_59,(_13,_1))")?, &"(_3:_3,(_2,_4):(_1,_8))".parse()?)? },
            Derived "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))"),
        row!(L02, "zd(0,3)",
            static { cs::zipped_divide(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8)))).call((0, 3)) },
            dynamic { cd::zipped_divide(&dl("(_9,(_4,_8)):(_59,(_13,_1))")?, &"(_3:_3,(_2,_4):(_1,_8))".parse()?)?.call((0, 3))? },
            Derived "26"),
        row!(L02, "zd(0,7)",
            static { cs::zipped_divide(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8)))).call((0, 7)) },
            dynamic { cd::zipped_divide(&dl("(_9,(_4,_8)):(_59,(_13,_1))")?, &"(_3:_3,(_2,_4):(_1,_8))".parse()?)?.call((0, 7))? },
            Derived "60"),
        row!(L02, "zd(0,make_coord(1,2))",
            static { cs::zipped_divide(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8)))).call((0, (1, 2))) },
            dynamic { cd::zipped_divide(&dl("(_9,(_4,_8)):(_59,(_13,_1))")?, &"(_3:_3,(_2,_4):(_1,_8))".parse()?)?.call((0, (1, 2)))? },
            Derived "60"),
        row!(L02, "layout<0>(zd)  // == composition(layout_a, tiler)",
            static { cs::get::<0, _>(cs::zipped_divide(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8))))) },
            dynamic { cd::zipped_divide(&dl("(_9,(_4,_8)):(_59,(_13,_1))")?, &"(_3:_3,(_2,_4):(_1,_8))".parse()?)?.get(0)? },
            Stated "(_3,(_2,_4)):(_177,(_13,_2))"),
        row!(L02, "composition(layout_a, tiler)",
            static { cs::composition_tiler(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8)))) },
            dynamic { cd::composition_tiler(&dl("(_9,(_4,_8)):(_59,(_13,_1))")?, &"(_3:_3,(_2,_4):(_1,_8))".parse()?)? },
            Stated "(_3,(_2,_4)):(_177,(_13,_2))"),
        row!(L02, "tiled_divide(layout_a, tiler)",
            static { cs::tiled_divide(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8)))) },
            dynamic { cd::tiled_divide(&dl("(_9,(_4,_8)):(_59,(_13,_1))")?, &"(_3:_3,(_2,_4):(_1,_8))".parse()?)? },
            Derived "((_3,(_2,_4)),_3,(_2,_2)):((_177,(_13,_2)),_59,(_26,_1))"),
        row!(L02, "flat_divide(layout_a, tiler)",
            static { cs::flat_divide(layout!((_9,(_4,_8)):(_59,(_13,_1))), tile!((_3:_3,(_2,_4):(_1,_8)))) },
            dynamic { cd::flat_divide(&dl("(_9,(_4,_8)):(_59,(_13,_1))")?, &"(_3:_3,(_2,_4):(_1,_8))".parse()?)? },
            Derived "(_3,(_2,_4),_3,(_2,_2)):(_177,(_13,_2),_59,(_26,_1))"),
        row!(L02, "logical_product(A, B)  // A = (2,2):(4,1), B = 6:1, all static",
            static { cs::logical_product(layout!((_2,_2):(_4,_1)), layout!(_6:_1)) },
            dynamic { cd::logical_product(&dl("(_2,_2):(_4,_1)")?, &dl("_6:_1")?)? },
            Unmarked "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))"),
        row!(L02, "logical_product(A, B)  // B = (4,2):(2,1)",
            static { cs::logical_product(layout!((_2,_2):(_4,_1)), layout!((_4,_2):(_2,_1))) },
            dynamic { cd::logical_product(&dl("(_2,_2):(_4,_1)")?, &dl("(_4,_2):(_2,_1)")?)? },
            Derived "((_2,_2),(_4,_2)):((_4,_1),(_8,_2))"),
        row!(L02, "blocked_product(A, B)  // A = (2,5):(5,1), B = (3,4):(1,3)",
            static { cs::blocked_product(layout!((_2,_5):(_5,_1)), layout!((_3,_4):(_1,_3))) },
            dynamic { cd::blocked_product(&dl("(_2,_5):(_5,_1)")?, &dl("(_3,_4):(_1,_3)")?)? },
            Derived "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))"),
        row!(L02, "raked_product(A, B)",
            static { cs::raked_product(layout!((_2,_5):(_5,_1)), layout!((_3,_4):(_1,_3))) },
            dynamic { cd::raked_product(&dl("(_2,_5):(_5,_1)")?, &dl("(_3,_4):(_1,_3)")?)? },
            Derived "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))"),
        row!(L02, "logical_product(A, tiler)  // A = (2,2):(1,2), tiler = <3, 4>",
            static { cs::logical_product_tiler(layout!((_2,_2):(_1,_2)), tile!((_3,_4))) },
            dynamic { cd::logical_product_tiler(&dl("(_2,_2):(_1,_2)")?, &"(_3,_4)".parse()?)? },
            Derived "((_2,_3),(_2,(_2,_2))):((_1,_2),(_2,(_1,_4)))"),
        row!(L02, "zipped_product(A, tiler)",
            static { cs::zipped_product(layout!((_2,_2):(_1,_2)), tile!((_3,_4))) },
            dynamic { cd::zipped_product(&dl("(_2,_2):(_1,_2)")?, &"(_3,_4)".parse()?)? },
            Derived "((_2,_2),(_3,(_2,_2))):((_1,_2),(_2,(_1,_4)))"),
        row!(L02, "tiled_product(A, tiler)",
            static { cs::tiled_product(layout!((_2,_2):(_1,_2)), tile!((_3,_4))) },
            dynamic { cd::tiled_product(&dl("(_2,_2):(_1,_2)")?, &"(_3,_4)".parse()?)? },
            Derived "((_2,_2),_3,(_2,_2)):((_1,_2),_2,(_1,_4))"),
        row!(L02, "flat_product(A, tiler)",
            static { cs::flat_product(layout!((_2,_2):(_1,_2)), tile!((_3,_4))) },
            dynamic { cd::flat_product(&dl("(_2,_2):(_1,_2)")?, &"(_3,_4)".parse()?)? },
            Derived "(_2,_2,_3,(_2,_2)):(_1,_2,_2,(_1,_4))"),
        // ---- 03_tensor.md ----
        row!(T03, "make_tensor(A, make_layout(Int<8>{}))",
            static { cs::make_tensor(&data[..], cs::make_layout(int_tuple!(_8))).unwrap().layout() },
            dynamic { cd::make_tensor_on(&data[..], cd::make_layout(&"_8".parse()?)?)?.layout() },
            Stated "_8:_1"),
        row!(T03, "make_tensor(A, Int<8>{})  // a shape: make_layout(Int<8>{})",
            static { cs::make_tensor(&data[..], cs::make_layout(int_tuple!(_8))).unwrap().layout() },
            dynamic { cd::make_tensor_on(&data[..], cd::make_layout(&"_8".parse()?)?)?.layout() },
            Stated "_8:_1"),
        row!(T03, "make_tensor(A, 8, 2)",
            static { cs::make_tensor(&data[..], layout!(8:2)).unwrap().layout() },
            dynamic { cd::make_tensor_on(&data[..], dl("8:2")?)?.layout() },
            Stated "8:2"),
        row!(T03, "make_tensor(make_gmem_ptr(A), Int<8>{})",
            static { cs::make_tensor(&data[..], cs::make_layout(int_tuple!(_8))).unwrap().layout() },
            dynamic { cd::make_tensor_on(&data[..], cd::make_layout(&"_8".parse()?)?)?.layout() },
            Stated "_8:_1"),
        row!(T03, "make_tensor(make_gmem_ptr(A), 8)",
            static { cs::make_tensor(&data[..], cs::make_layout(8)).unwrap().layout() },
            dynamic { cd::make_tensor_on(&data[..], cd::make_layout(&"8".parse()?)?)?.layout() },
            Stated "8:_1"),
        row!(T03, "make_tensor(make_gmem_ptr(A), make_shape(Int<8>{},16))",
            static { cs::make_tensor(&data[..], cs::make_layout(int_tuple!((_8,16)))).unwrap().layout() },
            dynamic { cd::make_tensor_on(&data[..], cd::make_layout(&"(_8,16)".parse()?)?)?.layout() },
            Stated "(_8,16):(_1,_8)"),
        row!(T03, "make_tensor(make_gmem_ptr(A), make_shape(8,Int<16>{}), make_stride(Int<16>{},Int<1>{}))",
            static { cs::make_tensor(&data[..], layout!((8,_16):(_16,_1))).unwrap().layout() },
            dynamic { cd::make_tensor_on(&data[..], dl("(8,_16):(_16,_1)")?)?.layout() },
            Stated "(8,_16):(_16,_1)"),
        row!(T03, "cosize(smem_layout)  // smem_layout: make_layout(make_shape(Int<4>{},Int<8>{}))",
            static { cs::cosize(cs::make_layout(int_tuple!((_4,_8)))) },
            dynamic { cd::make_layout(&"(_4,_8)".parse()?)?.cosize()? },
            Derived "_32"),
        row!(T03, "make_tensor(make_smem_ptr(smem), smem_layout)",
            static { cs::make_tensor(&data[..], cs::make_layout(int_tuple!((_4,_8)))).unwrap().layout() },
            dynamic { cd::make_tensor_on(&data[..], cd::make_layout(&"(_4,_8)".parse()?)?)?.layout() },
            Stated "(_4,_8):(_1,_4)"),
        row!(T03, "make_tensor(make_smem_ptr(smem), shape(smem_layout), LayoutRight{})",
            static { cs::make_tensor(&data[..], cs::make_layout_right(int_tuple!((_4,_8)))).unwrap().layout() },
            dynamic { cd::make_tensor_on(&data[..], cd::make_layout_right(&"(_4,_8)".parse()?)?)?.layout() },
            Stated "(_4,_8):(_8,_1)"),
        row!(T03, "make_tensor<float>(Shape<_4,_8>{})",
            static { cs::make_fragment([0f32; 32], cs::make_layout(int_tuple!((_4,_8)))).layout() },
            dynamic { cd::make_owning_tensor::<f32>(cd::make_layout(&"(_4,_8)".parse()?)?)?.layout() },
            Stated "(_4,_8):(_1,_4)"),
        row!(T03, "make_tensor<float>(Shape<_4,_8>{}, LayoutRight{})",
            static { cs::make_fragment([0f32; 32], cs::make_layout_right(int_tuple!((_4,_8)))).layout() },
            dynamic { cd::make_owning_tensor::<f32>(cd::make_layout_right(&"(_4,_8)".parse()?)?)?.layout() },
            Stated "(_4,_8):(_8,_1)"),
        row!(T03, "make_tensor<float>(Shape<_4,_8>{}, Stride<_32,_2>{})",
            static { cs::make_fragment([0f32; 111], layout!((_4,_8):(_32,_2))).layout() },
            dynamic { cd::make_owning_tensor::<f32>(dl("(_4,_8):(_32,_2)")?)?.layout() },
            Stated "(_4,_8):(_32,_2)"),
        row!(T03, "make_tensor_like(rmem_4x8_pad)",
            static { cs::make_tensor_like::<f32, 32, _>(&cs::make_fragment([0f32; 111], layout!((_4,_8):(_32,_2)))).layout() },
            dynamic { cd::make_tensor_like(&cd::make_owning_tensor::<f32>(dl("(_4,_8):(_32,_2)")?)?)?.layout() },
            Stated "(_4,_8):(_8,_1)"),
        row!(T03, "Tensor A = make_tensor<float>(Shape <Shape < _4,_5>,Int<13>>{}, Stride<Stride<_12,_1>,    _64>{})",
            static { cs::make_fragment([0f32; 809], layout!(((_4,_5),_13):((_12,_1),_64))).layout() },
            dynamic { cd::make_owning_tensor::<f32>(dl("((_4,_5),_13):((_12,_1),_64)")?)?.layout() },
            Derived "((_4,_5),_13):((_12,_1),_64)"),
        row!(T03, "Tensor B = make_tensor(b_ptr, make_shape(13, 20))",
            static { cs::make_tensor(&data[..], cs::make_layout((13, 20))).unwrap().layout() },
            dynamic { cd::make_tensor_on(&data[..], cd::make_layout(&"(13,20)".parse()?)?)?.layout() },
            Derived "(13,20):(_1,13)"),
        row!(T03, "size<0,0>(A)",
            static { cs::size_mode::<0, _>(cs::make_fragment([0f32; 809], layout!(((_4,_5),_13):((_12,_1),_64))).layout().get::<0>()) },
            dynamic { cd::make_owning_tensor::<f32>(dl("((_4,_5),_13):((_12,_1),_64)")?)?.shape().get(0)?.get(0)?.size()? },
            Derived "_4"),
        row!(T03, "size<0,1>(A)",
            static { cs::size_mode::<1, _>(cs::make_fragment([0f32; 809], layout!(((_4,_5),_13):((_12,_1),_64))).layout().get::<0>()) },
            dynamic { cd::make_owning_tensor::<f32>(dl("((_4,_5),_13):((_12,_1),_64)")?)?.shape().get(0)?.get(1)?.size()? },
            Derived "_5"),
        row!(T03, "size<0>(A)",
            static { cs::size_mode::<0, _>(*cs::make_fragment([0f32; 809], layout!(((_4,_5),_13):((_12,_1),_64))).layout()) },
            dynamic { cd::make_owning_tensor::<f32>(dl("((_4,_5),_13):((_12,_1),_64)")?)?.shape().get(0)?.size()? },
            Derived "_20"),
        row!(T03, "size<1>(A)",
            static { cs::size_mode::<1, _>(*cs::make_fragment([0f32; 809], layout!(((_4,_5),_13):((_12,_1),_64))).layout()) },
            dynamic { cd::make_owning_tensor::<f32>(dl("((_4,_5),_13):((_12,_1),_64)")?)?.shape().get(1)?.size()? },
            Derived "_13"),
        row!(T03, "A.size()",
            static { cs::size(cs::make_fragment([0f32; 809], layout!(((_4,_5),_13):((_12,_1),_64))).shape()) },
            dynamic { cd::make_owning_tensor::<f32>(dl("((_4,_5),_13):((_12,_1),_64)")?)?.size() },
            Derived "_260"),
        row!(T03, "for (m0 < size<0,0>(A)) for (m1 < size<0,1>(A)) for (n < size<1>(A)) A[make_coord(make_coord(m0,m1),n)] = n + 2 * m0;  // then A(make_coord(make_coord(3,4),_))",
            static { { let mut a = cs::make_fragment([0f32; 809], layout!(((_4,_5),_13):((_12,_1),_64))); let mode0 = a.layout().get::<0>(); for m0 in 0..mode0.size_mode::<0>() { for m1 in 0..mode0.size_mode::<1>() { for n in 0..a.size_mode::<1>() { a[((m0, m1), n)] = (n + 2 * m0) as f32; } } } let row = a.view().slice(cs::coord!(((3, 4), _))); list(&(0..row.size()).map(|n| row[n]).collect::<Vec<_>>()) } },
            dynamic { { let mut a = cd::make_owning_tensor::<f32>(dl("((_4,_5),_13):((_12,_1),_64)")?)?; let (s00, s01, s1) = (a.shape().get(0)?.get(0)?.size()?.value(), a.shape().get(0)?.get(1)?.size()?.value(), a.shape().get(1)?.size()?.value()); for m0 in 0..s00 { for m1 in 0..s01 { for n in 0..s1 { *a.get_mut(((m0, m1), n))? = (n + 2 * m0) as f32; } } } let row = a.view().slice(&"((3,4),_)".parse()?)?; list(&(0..row.size().value()).map(|n| row.get(n).copied()).collect::<Result<Vec<_>, _>>()?) } },
            Derived "[6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0]"),
        row!(T03, "for (m < size<0>(A)) for (n < size<1>(A)) B(n,m) = A(m,n);  // then B(_,5)",
            static { { let mut a = cs::make_fragment([0f32; 809], layout!(((_4,_5),_13):((_12,_1),_64))); let mode0 = a.layout().get::<0>(); for m0 in 0..mode0.size_mode::<0>() { for m1 in 0..mode0.size_mode::<1>() { for n in 0..a.size_mode::<1>() { a[((m0, m1), n)] = (n + 2 * m0) as f32; } } } let mut b_data = vec![0f32; 260]; let mut b = cs::make_tensor_mut(&mut b_data[..], cs::make_layout((13, 20))).unwrap(); for m in 0..a.size_mode::<0>() { for n in 0..a.size_mode::<1>() { b[(n, m)] = a[(m, n)]; } } list(&(0..13).map(|n| b[(n, 5)]).collect::<Vec<_>>()) } },
            dynamic { { let mut a = cd::make_owning_tensor::<f32>(dl("((_4,_5),_13):((_12,_1),_64)")?)?; let (s00, s01, s1) = (a.shape().get(0)?.get(0)?.size()?.value(), a.shape().get(0)?.get(1)?.size()?.value(), a.shape().get(1)?.size()?.value()); for m0 in 0..s00 { for m1 in 0..s01 { for n in 0..s1 { *a.get_mut(((m0, m1), n))? = (n + 2 * m0) as f32; } } } let mut b_data = vec![0f32; 260]; let mut b = cd::make_tensor_on(&mut b_data[..], cd::make_layout(&"(13,20)".parse()?)?)?; for m in 0..a.shape().get(0)?.size()?.value() { for n in 0..s1 { *b.get_mut((n, m))? = *a.get((m, n))?; } } list(&(0..13).map(|n| b.get((n, 5)).copied()).collect::<Result<Vec<_>, _>>()?) } },
            Derived "[2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0]"),
        row!(T03, "for (i < A.size()) A[i] = B[i];  // after the two loops above; then A(_,0)",
            static { { let mut a = cs::make_fragment([0f32; 809], layout!(((_4,_5),_13):((_12,_1),_64))); let mode0 = a.layout().get::<0>(); for m0 in 0..mode0.size_mode::<0>() { for m1 in 0..mode0.size_mode::<1>() { for n in 0..a.size_mode::<1>() { a[((m0, m1), n)] = (n + 2 * m0) as f32; } } } let mut b_data = vec![0f32; 260]; let mut b = cs::make_tensor_mut(&mut b_data[..], cs::make_layout((13, 20))).unwrap(); for m in 0..a.size_mode::<0>() { for n in 0..a.size_mode::<1>() { b[(n, m)] = a[(m, n)]; } } for i in 0..a.size() { a[i] = b[i]; } list(&(0..20).map(|m| a[(m, 0)]).collect::<Vec<_>>()) } },
            dynamic { { let mut a = cd::make_owning_tensor::<f32>(dl("((_4,_5),_13):((_12,_1),_64)")?)?; let (s00, s01, s1) = (a.shape().get(0)?.get(0)?.size()?.value(), a.shape().get(0)?.get(1)?.size()?.value(), a.shape().get(1)?.size()?.value()); for m0 in 0..s00 { for m1 in 0..s01 { for n in 0..s1 { *a.get_mut(((m0, m1), n))? = (n + 2 * m0) as f32; } } } let mut b_data = vec![0f32; 260]; let mut b = cd::make_tensor_on(&mut b_data[..], cd::make_layout(&"(13,20)".parse()?)?)?; for m in 0..a.shape().get(0)?.size()?.value() { for n in 0..s1 { *b.get_mut((n, m))? = *a.get((m, n))?; } } for i in 0..a.size().value() { *a.get_mut(i)? = *b.get(i)?; } list(&(0..20).map(|m| a.get((m, 0)).copied()).collect::<Result<Vec<_>, _>>()?) } },
            Derived "[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]"),
        row!(T03, "A(2,_)  // A: ((_3,2),(2,_5,_2)):((4,1),(_2,13,100))",
            static { cs::make_tensor(&data[..], layout!(((_3,two),(two,_5,_2)):((four,{ 1 }),(_2,{ 13 },{ 100 })))).unwrap().slice(cs::coord!((2,_))).layout() },
            dynamic { cd::make_tensor_on(&data[..], dl("((_3,2),(2,_5,_2)):((4,1),(_2,13,100))")?)?.slice(&"(2,_)".parse()?)?.layout() },
            Stated "((2,_5,_2)):((_2,13,100))"),
        // MISMATCH: the document says `A(_,5)` is `((_3,_2)):((4,1))`, but the mode's second
        // extent is the dynamic `2` of `make_shape(Int<3>{},2)`, which slicing keeps: both crates
        // print `((_3,2)):((4,1))`, as do the next row's document value `(_3,2):(4,1)`.
        // row!(T03, "A(_,5)", static { ... }, dynamic { ... }, Stated "((_3,_2)):((4,1))"),
        row!(T03, "A(_,5)",
            static { cs::make_tensor(&data[..], layout!(((_3,two),(two,_5,_2)):((four,{ 1 }),(_2,{ 13 },{ 100 })))).unwrap().slice(cs::coord!((_,5))).layout() },
            dynamic { cd::make_tensor_on(&data[..], dl("((_3,2),(2,_5,_2)):((4,1),(_2,13,100))")?)?.slice(&"(_,5)".parse()?)?.layout() },
            Derived "((_3,2)):((4,1))"),
        row!(T03, "A(make_coord(_,_),5)",
            static { cs::make_tensor(&data[..], layout!(((_3,two),(two,_5,_2)):((four,{ 1 }),(_2,{ 13 },{ 100 })))).unwrap().slice(cs::coord!(((_,_),5))).layout() },
            dynamic { cd::make_tensor_on(&data[..], dl("((_3,2),(2,_5,_2)):((4,1),(_2,13,100))")?)?.slice(&"((_,_),5)".parse()?)?.layout() },
            Stated "(_3,2):(4,1)"),
        row!(T03, "A(make_coord(_,1),make_coord(0,_,1))",
            static { cs::make_tensor(&data[..], layout!(((_3,two),(two,_5,_2)):((four,{ 1 }),(_2,{ 13 },{ 100 })))).unwrap().slice(cs::coord!(((_,1),(0,_,1)))).layout() },
            dynamic { cd::make_tensor_on(&data[..], dl("((_3,2),(2,_5,_2)):((4,1),(_2,13,100))")?)?.slice(&"((_,1),(0,_,1))".parse()?)?.layout() },
            Stated "(_3,_5):(4,13)"),
        row!(T03, "A(make_coord(2,_),make_coord(_,3,_))",
            static { cs::make_tensor(&data[..], layout!(((_3,two),(two,_5,_2)):((four,{ 1 }),(_2,{ 13 },{ 100 })))).unwrap().slice(cs::coord!(((2,_),(_,3,_)))).layout() },
            dynamic { cd::make_tensor_on(&data[..], dl("((_3,2),(2,_5,_2)):((4,1),(_2,13,100))")?)?.slice(&"((2,_),(_,3,_))".parse()?)?.layout() },
            Stated "(2,2,_2):(1,_2,100)"),
        row!(T03, "zipped_divide(A, Shape<_4,_8>{})  // A: make_shape(8,24)",
            static { cs::make_tensor(&data[..], cs::make_layout((8, 24))).unwrap().zipped_divide(tile!((_4,_8))).shape() },
            dynamic { cd::make_tensor_on(&data[..], cd::make_layout(&"(8,24)".parse()?)?)?.zipped_divide(&"(_4,_8)".parse()?)?.shape() },
            Stated "((_4,_8),(2,3))"),
        row!(T03, "tiled_a(make_coord(_,_), make_coord(blockIdx.x, blockIdx.y))",
            static { cs::make_tensor(&data[..], cs::make_layout((8, 24))).unwrap().zipped_divide(tile!((_4,_8))).slice(cs::coord!(((_,_),(1,2)))).shape() },
            dynamic { cd::make_tensor_on(&data[..], cd::make_layout(&"(8,24)".parse()?)?)?.zipped_divide(&"(_4,_8)".parse()?)?.slice(&"((_,_),(1,2))".parse()?)?.shape() },
            Stated "(_4,_8)"),
        row!(T03, "tiled_a(threadIdx.x, make_coord(_,_))",
            static { cs::make_tensor(&data[..], cs::make_layout((8, 24))).unwrap().zipped_divide(tile!((_4,_8))).slice(cs::coord!((5,(_,_)))).shape() },
            dynamic { cd::make_tensor_on(&data[..], cd::make_layout(&"(8,24)".parse()?)?)?.zipped_divide(&"(_4,_8)".parse()?)?.slice(&"(5,(_,_))".parse()?)?.shape() },
            Stated "(2,3)"),
        row!(T03, "composition(A, tv_layout)  // A: make_tensor<float>(Shape<_4,_8>{}, LayoutRight{})",
            static { cs::make_fragment([0f32; 32], layout!((_4,_8):(_8,_1))).compose(layout!(((_2,_4),(_2,_2)):((_8,_1),(_4,_16)))).layout() },
            dynamic { cd::make_owning_tensor::<f32>(dl("(_4,_8):(_8,_1)")?)?.compose(&"((_2,_4),(_2,_2)):((_8,_1),(_4,_16))".parse()?)?.layout() },
            Derived "((_2,_4),(_2,_2)):((_2,_8),(_1,_4))"),
        row!(T03, "tv(threadIdx.x, _)",
            static { cs::make_fragment([0f32; 32], layout!((_4,_8):(_8,_1))).compose(layout!(((_2,_4),(_2,_2)):((_8,_1),(_4,_16)))).slice(cs::coord!((3,_))).layout() },
            dynamic { cd::make_owning_tensor::<f32>(dl("(_4,_8):(_8,_1)")?)?.compose(&"((_2,_4),(_2,_2)):((_8,_1),(_4,_16))".parse()?)?.slice(&"(3,_)".parse()?)?.layout() },
            Derived "((_2,_2)):((_1,_4))"),
        row!(T03, "make_tensor_like(gmem(_, 0))  // gmem: make_shape(Int<8>{}, 16)",
            static { cs::make_tensor_like::<f32, 8, _>(&cs::make_tensor(&data[..], cs::make_layout(int_tuple!((_8,16)))).unwrap().slice(cs::coord!((_,0)))).layout() },
            dynamic { cd::make_tensor_like(&cd::make_tensor_on(&data[..], cd::make_layout(&"(_8,16)".parse()?)?)?.slice(&"(_,0)".parse()?)?)?.layout() },
            Derived "(_8):(_1)"),
        row!(T03, "copy(gmem(_, j), rmem)  // j = 3, gmem holds 0, 1, 2, ...",
            static { { let g = cs::make_tensor(&data[..], cs::make_layout(int_tuple!((_8,16)))).unwrap(); let mut r = cs::make_fragment([0f32; 8], layout!(_8:_1)); cs::copy(&g.slice(cs::coord!((_,3))), &mut r).unwrap(); list(r.data()) } },
            dynamic { { let g = cd::make_tensor_on(&data[..], cd::make_layout(&"(_8,16)".parse()?)?)?; let mut r = cd::make_owning_tensor::<f32>(dl("_8:_1")?)?; cd::copy(&g.slice(&"(_,3)".parse()?)?, &mut r)?; list(r.data()) } },
            Derived "[24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0]"),
        row!(T03, "rank(gmem)",
            static { cs::make_tensor(&data[..], cs::make_layout(int_tuple!((_8,16)))).unwrap().rank() },
            dynamic { cd::make_tensor_on(&data[..], cd::make_layout(&"(_8,16)".parse()?)?)?.rank() },
            Derived "2"),
        row!(T03, "zipped_divide(gmem, Shape<_8,_4>{})  // gmem: make_shape(24, 16)",
            static { cs::make_tensor(&data[..], cs::make_layout((24, 16))).unwrap().zipped_divide(tile!((_8,_4))).layout() },
            dynamic { cd::make_tensor_on(&data[..], cd::make_layout(&"(24,16)".parse()?)?)?.zipped_divide(&"(_8,_4)".parse()?)?.layout() },
            Derived "((_8,_4),(3,4)):((_1,24),(_8,96))"),
        row!(T03, "make_tensor_like(gmem_tiled(_, 0))",
            static { cs::make_tensor_like::<f32, 32, _>(&cs::make_tensor(&data[..], cs::make_layout((24, 16))).unwrap().zipped_divide(tile!((_8,_4))).slice(cs::coord!((_,0)))).layout() },
            dynamic { cd::make_tensor_like(&cd::make_tensor_on(&data[..], cd::make_layout(&"(24,16)".parse()?)?)?.zipped_divide(&"(_8,_4)".parse()?)?.slice(&"(_,0)".parse()?)?)?.layout() },
            Derived "((_8,_4)):((_1,_8))"),
        // ---- 0x_gemm_tutorial.md ----
        row!(GEMM, "make_layout(make_shape(bM, bK))  // bM = Int<128>{}, bK = Int<8>{}",
            static { cs::make_layout(int_tuple!((_128,_8))) },
            dynamic { cd::make_layout(&"(_128,_8)".parse()?)? },
            Derived "(_128,_8):(_1,_128)"),
        row!(GEMM, "select<0,2>(shape_MNK)  // shape_MNK = make_shape(M, N, K), M = 256, N = 128, K = 64",
            static { cs::select(cs::make_layout(int_tuple!((m,n,k))), int_tuple!((_0,_2))).shape() },
            dynamic { cd::select(&cd::make_layout(&"(256,128,64)".parse()?)?, &[0, 2])?.shape() },
            Derived "(256,64)"),
        row!(GEMM, "congruent(select<0,2>(shape_MNK), dA)  // dA = make_stride(Int<1>{}, ldA), ldA = 256",
            static { cs::congruent(cs::select(cs::make_layout(int_tuple!((m,n,k))), int_tuple!((_0,_2))).shape(), int_tuple!((_1,m))) },
            dynamic { cd::congruent(&cd::select(&cd::make_layout(&"(256,128,64)".parse()?)?, &[0, 2])?.shape(), &"(_1,256)".parse()?) },
            Derived "_1"),
        row!(GEMM, "size<0>(cta_tiler)  // cta_tiler = make_shape(bM, bN, bK) = (_128,_128,_8)",
            static { cs::size(int_tuple!((_128,_128,_8)).0) },
            dynamic { "(_128,_128,_8)".parse::<cd::IntTuple>()?.get(0)?.size()? },
            Derived "_128"),
        row!(GEMM, "make_layout(make_shape(bM,bK), LayoutRight{})",
            static { cs::make_layout_right(int_tuple!((_128,_8))) },
            dynamic { cd::make_layout_right(&"(_128,_8)".parse()?)? },
            Derived "(_128,_8):(_8,_1)"),
        row!(GEMM, "make_layout(make_shape(bM, bK), make_stride(Int<1>{}, bM+Int<1>{}))",
            static { layout!((_128,_8):(_1,_129)) },
            dynamic { cd::Layout::from_parts("(_128,_8)".parse()?, "(_1,_129)".parse()?)? },
            Derived "(_128,_8):(_1,_129)"),
        row!(GEMM, "cosize_v<ASmemLayout>  // (_128,_8):(_1,_128)",
            static { cs::cosize(layout!((_128,_8):(_1,_128))) },
            dynamic { dl("(_128,_8):(_1,_128)")?.cosize()? },
            Derived "_1024"),
        row!(GEMM, "local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{})  // mA: (256,64):(_1,256), cta_coord (1,0,_)",
            static { cs::local_tile_proj(cs::make_tensor(&data[..], layout!((m,k):(_1,m))).unwrap(), tile!((_128,_128,_8)), cs::coord!((1,0,_)), cs::coord!((_1,_,_1))) },
            dynamic { cd::make_tensor_on(&data[..], dl("(256,64):(_1,256)")?)?.local_tile_proj(&"(_128,_128,_8)".parse()?, &"(1,0,_)".parse()?, &"(_1,_,_1)".parse()?)? },
            Derived "128|(_128,_8,8):(_1,256,2048)"),
        row!(GEMM, "local_tile(mA, select<0,2>(cta_tiler), select<0,2>(cta_coord))",
            static { cs::local_tile(cs::make_tensor(&data[..], layout!((m,k):(_1,m))).unwrap(), tile!((_128,_8)), cs::coord!((1,_))) },
            dynamic { cd::make_tensor_on(&data[..], dl("(256,64):(_1,256)")?)?.local_tile(&"(_128,_8)".parse()?, &"(1,_)".parse()?)? },
            Derived "128|(_128,_8,8):(_1,256,2048)"),
        row!(GEMM, "zipped_divide(mA, select<0,2>(cta_tiler))",
            static { cs::make_tensor(&data[..], layout!((m,k):(_1,m))).unwrap().zipped_divide(tile!((_128,_8))).layout() },
            dynamic { cd::make_tensor_on(&data[..], dl("(256,64):(_1,256)")?)?.zipped_divide(&"(_128,_8)".parse()?)?.layout() },
            Derived "((_128,_8),(2,8)):((_1,256),(_128,2048))"),
        row!(GEMM, "Tensor gA0 = gA(_,_,0);  // gA: local_tile(mA, ...) above, 128|(_128,_8,8):(_1,256,2048)",
            static { cs::local_tile(cs::make_tensor(&data[..], layout!((m,k):(_1,m))).unwrap(), tile!((_128,_8)), cs::coord!((1,_))).slice(cs::coord!((_,_,0))) },
            dynamic { cd::make_tensor_on(&data[..], dl("(256,64):(_1,256)")?)?.local_tile(&"(_128,_8)".parse()?, &"(1,_)".parse()?)?.slice(&"(_,_,0)".parse()?)? },
            Derived "128|(_128,_8):(_1,256)"),
        row!(GEMM, "for (i < size(sA)) sA(i) = gA0(i);  // sA: (_128,_8):(_1,_128); then sA(0), sA(1), sA(128), sA(1023)",
            static { { let g = cs::local_tile(cs::make_tensor(&data[..], layout!((m,k):(_1,m))).unwrap(), tile!((_128,_8)), cs::coord!((1,_))).slice(cs::coord!((_,_,0))); let mut s = cs::make_fragment([0f32; 1024], layout!((_128,_8):(_1,_128))); for i in 0..s.size() { s[i] = g[i]; } list(&[s[0], s[1], s[128], s[1023]]) } },
            dynamic { { let g = cd::make_tensor_on(&data[..], dl("(256,64):(_1,256)")?)?.local_tile(&"(_128,_8)".parse()?, &"(1,_)".parse()?)?.slice(&"(_,_,0)".parse()?)?; let mut s = cd::make_owning_tensor::<f32>(dl("(_128,_8):(_1,_128)")?)?; for i in 0..s.size().value() { *s.get_mut(i)? = *g.get(i)?; } list(&[*s.get(0)?, *s.get(1)?, *s.get(128)?, *s.get(1023)?]) } },
            Derived "[128.0, 129.0, 384.0, 2047.0]"),
        row!(GEMM, "local_partition(gA, tA, threadIdx.x)  // tA = make_layout(make_shape(Int<32>{},Int<8>{})), thread 37",
            static { cs::local_partition(cs::local_tile(cs::make_tensor(&data[..], layout!((m,k):(_1,m))).unwrap(), tile!((_128,_8)), cs::coord!((1,_))), layout!((_32,_8):(_1,_32)), 37) },
            dynamic { cd::make_tensor_on(&data[..], dl("(256,64):(_1,256)")?)?.local_tile(&"(_128,_8)".parse()?, &"(1,_)".parse()?)?.local_partition(&dl("(_32,_8):(_1,_32)")?, cd::Int::new_dynamic(37))? },
            Derived "389|(_4,_1,8):(_32,_0,2048)"),
        row!(GEMM, "local_partition(sA, tA, threadIdx.x)  // sA (_128,_8):(_1,_128)",
            static { cs::local_partition(cs::make_tensor(&data[..], layout!((_128,_8):(_1,_128))).unwrap(), layout!((_32,_8):(_1,_32)), 37) },
            dynamic { cd::make_tensor_on(&data[..], dl("(_128,_8):(_1,_128)")?)?.local_partition(&dl("(_32,_8):(_1,_32)")?, cd::Int::new_dynamic(37))? },
            Derived "133|(_4,_1):(_32,_0)"),
        row!(GEMM, "local_partition(sA, tC, threadIdx.x, Step<_1, X>{})  // sA (_128,_8):(_1,_128), tC (_16,_16):(_1,_16), thread 37",
            static { cs::local_partition_proj(cs::make_tensor(&data[..], layout!((_128,_8):(_1,_128))).unwrap(), layout!((_16,_16):(_1,_16)), 37, cs::coord!((_1,_))) },
            dynamic { cd::make_tensor_on(&data[..], dl("(_128,_8):(_1,_128)")?)?.local_partition_proj(&dl("(_16,_16):(_1,_16)")?, cd::Int::new_dynamic(37), &"(_1,_)".parse()?)? },
            Derived "5|(_8,_8):(_16,_128)"),
        row!(GEMM, "local_partition(gC, tC, threadIdx.x, Step<_1,_1>{})  // gC (_128,_128):(_1,_128)",
            static { cs::local_partition_proj(cs::make_tensor(&data[..], layout!((_128,_128):(_1,_128))).unwrap(), layout!((_16,_16):(_1,_16)), 37, cs::coord!((_1,_1))) },
            dynamic { cd::make_tensor_on(&data[..], dl("(_128,_128):(_1,_128)")?)?.local_partition_proj(&dl("(_16,_16):(_1,_16)")?, cd::Int::new_dynamic(37), &"(_1,_1)".parse()?)? },
            Derived "261|(_8,_8):(_16,_2048)"),
        row!(GEMM, "make_tensor_like(tCgC)",
            static { cs::make_tensor_like::<f32, 64, _>(&cs::local_partition_proj(cs::make_tensor(&data[..], layout!((_128,_128):(_1,_128))).unwrap(), layout!((_16,_16):(_1,_16)), 37, cs::coord!((_1,_1)))).layout() },
            dynamic { cd::make_tensor_like(&cd::make_tensor_on(&data[..], dl("(_128,_128):(_1,_128)")?)?.local_partition_proj(&dl("(_16,_16):(_1,_16)")?, cd::Int::new_dynamic(37), &"(_1,_1)".parse()?)?)?.layout() },
            Derived "(_8,_8):(_1,_8)"),
        row!(GEMM, "gemm(tCsA, tCsB, tCrC)  // C(m,n) += A(m,k) * B(n,k), 2x2",
            static { { let (a, b) = ([1, 2, 3, 4], [0, 1, 1, 0]); let ta = cs::make_tensor(&a[..], layout!((_2,_2):(_1,_2))).unwrap(); let tb = cs::make_tensor(&b[..], layout!((_2,_2):(_1,_2))).unwrap(); let mut c = cs::make_fragment([0; 4], layout!((_2,_2):(_1,_2))); cs::gemm(&ta, &tb, &mut c).unwrap(); list(c.data()) } },
            dynamic { { let (a, b) = ([1, 2, 3, 4], [0, 1, 1, 0]); let ta = cd::make_tensor_on(&a[..], dl("(_2,_2):(_1,_2)")?)?; let tb = cd::make_tensor_on(&b[..], dl("(_2,_2):(_1,_2)")?)?; let mut c = cd::make_owning_tensor::<i32>(dl("(_2,_2):(_1,_2)")?)?; cd::gemm(&ta, &tb, &mut c)?; list(c.data()) } },
            Derived "[3, 4, 1, 2]"),
        row!(GEMM, "print_latex(copyA)  // copyA: make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, TA>{}, Layout<Shape<_32,_8>>{}, Layout<Shape< _4,_1>>{})",
            static { cs::print_latex(&cs::make_tiled_copy(cs::CopyAtom::<cs::UniversalCopy<u128>, f32>::new(), layout!((_32,_8):(_1,_32)), layout!((_4,_1):(_1,_0)))).to_string().lines().next().unwrap() },
            dynamic { cd::print_latex(&cd::make_tiled_copy(&cd::copy_atom("UniversalCopy<uint128_t>", "float")?, &dl("(_32,_8):(_1,_32)")?, &dl("(_4,_1):(_1,_0)")?)?)?.lines().next().unwrap_or_default().to_string() },
            Printed "% Layout S TV: ArithTuple(_0,_0) o ((_32,_8),(_4,_1)):((_4@0,_1@1),(_1@0,_0))"),
        row!(GEMM, "make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, TA>{}, Layout<Shape<_32,_8>>{}, Layout<Shape< _4,_1>>{}).get_slice(37).partition_S(sA)",
            static { { let copy = cs::make_tiled_copy(cs::CopyAtom::<cs::UniversalCopy<u128>, f32>::new(), layout!((_32,_8):(_1,_32)), layout!((_4,_1):(_1,_0))); copy.get_slice(37).partition_S(cs::make_tensor(&data[..], layout!((_128,_8):(_1,_128))).unwrap()) } },
            dynamic { { let copy = cd::make_tiled_copy(&cd::copy_atom("UniversalCopy<uint128_t>", "float")?, &dl("(_32,_8):(_1,_32)")?, &dl("(_4,_1):(_1,_0)")?)?; copy.get_slice(cd::Int::new_dynamic(37)).partition_S(cd::make_tensor_on(&data[..], dl("(_128,_8):(_1,_128)")?)?)? } },
            Derived "148|((_4,_1),_1,_1):((_1,_0),_0,_0)"),
        row!(GEMM, "thr_copy_a.partition_S(gA)  // gA: 128|(_128,_8,8):(_1,256,2048)",
            static { { let copy = cs::make_tiled_copy(cs::CopyAtom::<cs::UniversalCopy<u128>, f32>::new(), layout!((_32,_8):(_1,_32)), layout!((_4,_1):(_1,_0))); copy.get_slice(37).partition_S(cs::local_tile(cs::make_tensor(&data[..], layout!((m,k):(_1,m))).unwrap(), tile!((_128,_8)), cs::coord!((1,_)))) } },
            dynamic { { let copy = cd::make_tiled_copy(&cd::copy_atom("UniversalCopy<uint128_t>", "float")?, &dl("(_32,_8):(_1,_32)")?, &dl("(_4,_1):(_1,_0)")?)?; copy.get_slice(cd::Int::new_dynamic(37)).partition_S(cd::make_tensor_on(&data[..], dl("(256,64):(_1,256)")?)?.local_tile(&"(_128,_8)".parse()?, &"(1,_)".parse()?)?)? } },
            Derived "404|((_4,_1),_1,_1,8):((_1,_0),_0,_0,2048)"),
        row!(GEMM, "thr_copy_a.partition_D(sA)  // sA (_128,_8):(_1,_128)",
            static { { let copy = cs::make_tiled_copy(cs::CopyAtom::<cs::UniversalCopy<u128>, f32>::new(), layout!((_32,_8):(_1,_32)), layout!((_4,_1):(_1,_0))); copy.get_slice(37).partition_D(cs::make_tensor(&data[..], layout!((_128,_8):(_1,_128))).unwrap()) } },
            dynamic { { let copy = cd::make_tiled_copy(&cd::copy_atom("UniversalCopy<uint128_t>", "float")?, &dl("(_32,_8):(_1,_32)")?, &dl("(_4,_1):(_1,_0)")?)?; copy.get_slice(cd::Int::new_dynamic(37)).partition_D(cd::make_tensor_on(&data[..], dl("(_128,_8):(_1,_128)")?)?)? } },
            Derived "148|((_4,_1),_1,_1):((_1,_0),_0,_0)"),
        row!(GEMM, "make_fragment_like(tAsA)  // tAsA: partition_D(sA), 148|((_4,_1),_1,_1):((_1,_0),_0,_0)",
            static { { let copy = cs::make_tiled_copy(cs::CopyAtom::<cs::UniversalCopy<u128>, f32>::new(), layout!((_32,_8):(_1,_32)), layout!((_4,_1):(_1,_0))); *cs::make_fragment_like::<f32, 4, _>(&copy.get_slice(37).partition_D(cs::make_tensor(&data[..], layout!((_128,_8):(_1,_128))).unwrap())).layout() } },
            dynamic { cd::make_fragment_like(&cd::make_tensor_on(&data[..], dl("((_4,_1),_1,_1):((_1,_0),_0,_0)")?)?)?.layout() },
            Derived "((_4,_1),_1,_1):((_1,_0),_0,_0)"),
        row!(GEMM, "cute::copy(copy_a, tAgA(_,_,_,2), tArA)  // tAgA: partition_S(gA) above, tArA: make_fragment_like(tAsA)",
            static { { let copy = cs::make_tiled_copy(cs::CopyAtom::<cs::UniversalCopy<u128>, f32>::new(), layout!((_32,_8):(_1,_32)), layout!((_4,_1):(_1,_0))); let thr = copy.get_slice(37); let t_ag_a = thr.partition_S(cs::local_tile(cs::make_tensor(&data[..], layout!((m,k):(_1,m))).unwrap(), tile!((_128,_8)), cs::coord!((1,_)))); let mut t_ar_a = cs::make_fragment_like::<f32, 4, _>(&thr.partition_D(cs::make_tensor(&data[..], layout!((_128,_8):(_1,_128))).unwrap())); cs::copy(&t_ag_a.slice(cs::coord!((_,_,_,2))), &mut t_ar_a).unwrap(); list(t_ar_a.data()) } },
            dynamic { { let copy = cd::make_tiled_copy(&cd::copy_atom("UniversalCopy<uint128_t>", "float")?, &dl("(_32,_8):(_1,_32)")?, &dl("(_4,_1):(_1,_0)")?)?; let thr = copy.get_slice(cd::Int::new_dynamic(37)); let t_ag_a = thr.partition_S(cd::make_tensor_on(&data[..], dl("(256,64):(_1,256)")?)?.local_tile(&"(_128,_8)".parse()?, &"(1,_)".parse()?)?)?; let mut t_ar_a = cd::make_fragment_like(&thr.partition_D(cd::make_tensor_on(&data[..], dl("(_128,_8):(_1,_128)")?)?)?)?; cd::copy(&t_ag_a.slice(&"(_,_,_,2)".parse()?)?, &mut t_ar_a)?; list(t_ar_a.data()) } },
            Derived "[4500.0, 4501.0, 4502.0, 4503.0]"),
        row!(GEMM, "print_latex(mmaC)  // mmaC: make_tiled_mma(UniversalFMA<TC,TA,TB>{}, Layout<Shape<_16,_16,_1>>{})",
            static { cs::print_latex(&cs::make_tiled_mma(cs::mma_atoms::UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_)))).to_string().lines().next().unwrap() },
            dynamic { cd::print_latex(&cd::make_tiled_mma(&cd::mma_atom("UniversalFMA")?, &dl("(_16,_16,_1):(_1,_16,_0)")?, &"(_,_,_)".parse()?)?)?.lines().next().unwrap_or_default().to_string() },
            Printed "% LayoutC: ArithTuple(_0,_0) o ((_16,_16),(_1,(_1,_1))):((_1@0,_1@1),(_0,(_0,_0)))"),
        row!(GEMM, "make_tiled_mma(UniversalFMA<TC,TA,TB>{}, Layout<Shape<_16,_16,_1>>{}).get_slice(37).partition_A(sA)",
            static { { let mma = cs::make_tiled_mma(cs::mma_atoms::UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_))); mma.get_slice(37).partition_A(cs::make_tensor(&data[..], layout!((_128,_8):(_1,_128))).unwrap()) } },
            dynamic { { let mma = cd::make_tiled_mma(&cd::mma_atom("UniversalFMA")?, &dl("(_16,_16,_1):(_1,_16,_0)")?, &"(_,_,_)".parse()?)?; mma.get_slice(cd::Int::new_dynamic(37)).partition_A(cd::make_tensor_on(&data[..], dl("(_128,_8):(_1,_128)")?)?)? } },
            Derived "5|(_1,_8,_8):(_0,_16,_128)"),
        row!(GEMM, "thr_mma.partition_B(sB)  // sB (_128,_8):(_1,_128)",
            static { { let mma = cs::make_tiled_mma(cs::mma_atoms::UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_))); mma.get_slice(37).partition_B(cs::make_tensor(&data[..], layout!((_128,_8):(_1,_128))).unwrap()) } },
            dynamic { { let mma = cd::make_tiled_mma(&cd::mma_atom("UniversalFMA")?, &dl("(_16,_16,_1):(_1,_16,_0)")?, &"(_,_,_)".parse()?)?; mma.get_slice(cd::Int::new_dynamic(37)).partition_B(cd::make_tensor_on(&data[..], dl("(_128,_8):(_1,_128)")?)?)? } },
            Derived "2|(_1,_8,_8):(_0,_16,_128)"),
        row!(GEMM, "thr_mma.partition_C(gC)  // gC (_128,_128):(_1,_128)",
            static { { let mma = cs::make_tiled_mma(cs::mma_atoms::UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_))); mma.get_slice(37).partition_C(cs::make_tensor(&data[..], layout!((_128,_128):(_1,_128))).unwrap()) } },
            dynamic { { let mma = cd::make_tiled_mma(&cd::mma_atom("UniversalFMA")?, &dl("(_16,_16,_1):(_1,_16,_0)")?, &"(_,_,_)".parse()?)?; mma.get_slice(cd::Int::new_dynamic(37)).partition_C(cd::make_tensor_on(&data[..], dl("(_128,_128):(_1,_128)")?)?)? } },
            Derived "261|(_1,_8,_8):(_0,_16,_2048)"),
        row!(GEMM, "thr_mma.make_fragment_C(tCgC)  // tCgC: partition_C(gC)",
            static { { let mma = cs::make_tiled_mma(cs::mma_atoms::UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_))); *mma.make_fragment_C::<f32, 64, _, _, _>(mma.get_slice(37).partition_C(cs::make_tensor(&data[..], layout!((_128,_128):(_1,_128))).unwrap())).layout() } },
            dynamic { { let mma = cd::make_tiled_mma(&cd::mma_atom("UniversalFMA")?, &dl("(_16,_16,_1):(_1,_16,_0)")?, &"(_,_,_)".parse()?)?; mma.make_fragment_C(&mma.get_slice(cd::Int::new_dynamic(37)).partition_C(cd::make_tensor(dl("(_128,_128):(_1,_128)")?))?)? } },
            Derived "(_1,_8,_8):(_0,_1,_8)"),
        row!(GEMM, "thr_mma.partition_fragment_C(gC)",
            static { { let mma = cs::make_tiled_mma(cs::mma_atoms::UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_))); *mma.get_slice(37).partition_fragment_C::<f32, 64, _, _, _>(cs::make_tensor(&data[..], layout!((_128,_128):(_1,_128))).unwrap()).layout() } },
            dynamic { { let mma = cd::make_tiled_mma(&cd::mma_atom("UniversalFMA")?, &dl("(_16,_16,_1):(_1,_16,_0)")?, &"(_,_,_)".parse()?)?; mma.get_slice(cd::Int::new_dynamic(37)).partition_fragment_C(&cd::make_tensor(dl("(_128,_128):(_1,_128)")?))? } },
            Derived "(_1,_8,_8):(_0,_1,_8)"),
        row!(GEMM, "cute::gemm(mma, tCsA, tCsB, tCrC)  // sA, sB (_128,_8):(_1,_128) over data; then tCrC(0,0,0), tCrC(0,7,7)",
            static { { let mma = cs::make_tiled_mma(cs::mma_atoms::UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_))); let thr = mma.get_slice(37); let t_cs_a = thr.partition_A(cs::make_tensor(&data[..], layout!((_128,_8):(_1,_128))).unwrap()); let t_cs_b = thr.partition_B(cs::make_tensor(&data[..], layout!((_128,_8):(_1,_128))).unwrap()); let mut t_cr_c = thr.partition_fragment_C::<f32, 64, _, _, _>(cs::make_tensor(&data[..], layout!((_128,_128):(_1,_128))).unwrap()); cs::gemm(&t_cs_a, &t_cs_b, &mut t_cr_c).unwrap(); list(&[t_cr_c[(0, 0, 0)], t_cr_c[(0, 7, 7)]]) } },
            dynamic { { let mma = cd::make_tiled_mma(&cd::mma_atom("UniversalFMA")?, &dl("(_16,_16,_1):(_1,_16,_0)")?, &"(_,_,_)".parse()?)?; let thr = mma.get_slice(cd::Int::new_dynamic(37)); let t_cs_a = thr.partition_A(cd::make_tensor_on(&data[..], dl("(_128,_8):(_1,_128)")?)?)?; let t_cs_b = thr.partition_B(cd::make_tensor_on(&data[..], dl("(_128,_8):(_1,_128)")?)?)?; let mut t_cr_c = cd::make_owning_tensor::<f32>(thr.partition_fragment_C(&cd::make_tensor(dl("(_128,_128):(_1,_128)")?))?)?; cd::gemm(&t_cs_a, &t_cs_b, &mut t_cr_c)?; list(&[*t_cr_c.get((0, 0, 0))?, *t_cr_c.get((0, 7, 7))?]) } },
            Derived "[2318928.0, 3228368.0]"),
        row!(GEMM, "size(ceil_div(M, bM))  // dimGrid: M = 256, bM = Int<128>{}",
            static { cs::size(cs::ceil_div(m, int_tuple!(_128))) },
            dynamic { cd::ceil_div(&"256".parse()?, &"_128".parse()?)?.size()? },
            Derived "2"),
        row!(GEMM, "ceil_div(M, bM)  // GETT: M = make_shape(m0, m1) = (64,4), bM = Shape<_64,_2>{}",
            static { cs::ceil_div((64, 4), int_tuple!((_64,_2))) },
            dynamic { cd::ceil_div(&"(64,4)".parse()?, &"(_64,_2)".parse()?)? },
            Derived "(1,2)"),
        row!(GEMM, "size(ceil_div(M, bM))  // GETT",
            static { cs::size(cs::ceil_div((64, 4), int_tuple!((_64,_2)))) },
            dynamic { cd::ceil_div(&"(64,4)".parse()?, &"(_64,_2)".parse()?)?.size()? },
            Derived "2"),
        row!(GEMM, "make_layout(make_shape(bM, bK))  // GETT: sA, bM = Shape<_64,_2>{}",
            static { cs::make_layout(int_tuple!(((_64,_2),_8))) },
            dynamic { cd::make_layout(&"((_64,_2),_8)".parse()?)? },
            Derived "((_64,_2),_8):((_1,_64),_128)"),
        row!(GEMM, "make_layout(make_shape(bM, bN))  // GETT: sC, bN = Int<128>{}",
            static { cs::make_layout(int_tuple!(((_64,_2),_128))) },
            dynamic { cd::make_layout(&"((_64,_2),_128)".parse()?)? },
            Derived "((_64,_2),_128):((_1,_64),_128)"),
        row!(GEMM, "make_tensor(make_gmem_ptr(A), select<0,2>(prob_shape), dA)  // GETT: dA = make_stride(make_stride(Int<1>{}, ldAm1), ldAk), m0 = 64, m1 = 4, K = 64, ldAm1 = 64, ldAk = 256",
            static { { let (m0, m1, ld_am1, ld_ak) = (64, 4, 64, 256); *cs::make_tensor(&data[..], layout!(((m0,m1),k):((_1,ld_am1),ld_ak))).unwrap().layout() } },
            dynamic { cd::make_tensor_on(&data[..], cd::Layout::from_parts(cd::select(&cd::make_layout(&"((64,4),128,64)".parse()?)?, &[0, 2])?.shape(), "((_1,64),256)".parse()?)?)?.layout() },
            Derived "((64,4),64):((_1,64),256)"),
        row!(GEMM, "local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{})  // GETT: cta_tiler ((_64,_2),_128,_8), cta_coord (1,0,_)",
            static { { let (m0, m1, ld_am1, ld_ak) = (64, 4, 64, 256); cs::local_tile_proj(cs::make_tensor(&data[..], layout!(((m0,m1),k):((_1,ld_am1),ld_ak))).unwrap(), tile!(((_64,_2),_128,_8)), cs::coord!((1,0,_)), cs::coord!((_1,_,_1))) } },
            dynamic { cd::make_tensor_on(&data[..], dl("((64,4),64):((_1,64),256)")?)?.local_tile_proj(&"((_64,_2),_128,_8)".parse()?, &"(1,0,_)".parse()?, &"(_1,_,_1)".parse()?)? },
            Derived "128|((_64,_2),_8,8):((_1,64),256,2048)"),
    ]
}

const PAGE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/cute-to-rust.md");

/// Text for a table cell: code spans for one line, `<code>` lines joined by `<br>` for several
/// (a picture), `|` escaped either way.
fn code_cell(s: &str) -> String {
    let s = s.trim_end_matches('\n');
    if s.contains('\n') {
        s.lines()
            .map(|l| {
                format!(
                    "<code>{}</code>",
                    l.replace('&', "&amp;")
                        .replace('<', "&lt;")
                        .replace('|', "&#124;")
                        .replace(' ', "&nbsp;")
                )
            })
            .collect::<Vec<_>>()
            .join("<br>")
    } else if s.contains('`') {
        format!("`` {} ``", s.replace('|', "\\|"))
    } else {
        format!("`{}`", s.replace('|', "\\|"))
    }
}

/// One line: the expression with its whitespace runs (and line breaks) made single spaces.
fn spelling(c: &Cell) -> String {
    code_cell(&c.code.split_whitespace().collect::<Vec<_>>().join(" "))
}

fn render() -> String {
    let rows = rows();
    let mut out = String::new();
    out.push_str(
        "# CuTe to Rust\n\n\
         <!-- Generated by tests/tests/cute_to_rust.rs; do not edit by hand. -->\n\n\
         Every CuTe call used in CuTe's documents `01_layout.md`, `02_layout_algebra.md`, \
         `03_tensor.md` and `0x_gemm_tutorial.md` (CUTLASS `media/docs/cpp/cute/`), with its \
         spelling in cute-static (`cs::`, compile-time layouts) and in cute-dynamic (`cd::`, \
         run-time layouts), and the value both give. Each row is a test: \
         `tests/tests/cute_to_rust.rs` runs both Rust expressions exactly as shown and checks \
         their printed value against the result column, and this page is rendered from those \
         rows. After changing a row, regenerate the page with\n\n\
         ```sh\nUPDATE_DOCS=1 cargo test -p cute-tests --test cute_to_rust\n```\n\n\
         Conventions: in the cute-dynamic column, `dl(t)` is `t.parse::<cd::Layout>()` and `?` \
         passes on a `LayoutError`; `int_tuple!`, `layout!`, `tile!` and `coord!` are \
         cute-static's macros (`_N` a static integer, a plain literal or a Rust name a run-time \
         `i32`); `two`, `four`, `m`, `n` and `k` are `i32` variables holding 2, 4, 256, 128 and 64, and `data` is a `Vec<f32>` of 0, 1, 2, ... (16384 elements). Results are CuTe's printed \
         text. A mark after a result says where it comes from: none, the document states it; \
         `¹`, the document writes it without the `_` of static integers, added here; `²`, the \
         document gives no value (or only a shape), so the value was worked out by hand from \
         CuTe's rules and both crates agree with it. `³`: the document shows a picture, CuTe's `print_latex` document; \
         the value is its first line as CuTe C++ 4.2 prints it (`tests/tests/print_latex.rs` \
         compares whole documents with CuTe's).\n\n",
    );
    for doc in DOCS {
        let _ = writeln!(out, "## {doc}\n");
        out.push_str("| CuTe | cute-static | cute-dynamic | result |\n|---|---|---|---|\n");
        for r in rows.iter().filter(|r| r.doc == doc) {
            let mark = match r.source {
                Source::Stated => "",
                Source::Unmarked => " ¹",
                Source::Derived => " ²",
                Source::Printed => " ³",
            };
            let want = format!("{}{mark}", code_cell(r.want));
            let _ = writeln!(
                out,
                "| {} | {} | {} | {want} |",
                code_cell(r.cute),
                spelling(&r.stat),
                spelling(&r.dynm),
            );
        }
        out.push('\n');
    }
    out.push_str(
        "## The operation registry\n\n\
         Every operation of cute-dynamic's registry `cute_dynamic::ops::OPS` (what the `cute` \
         command and the conformance runners call, one entry per C++ overload), with the \
         function or method that computes it in each crate. An overload has one Rust name in \
         both crates: CuTe's, or the one in parentheses where Rust needs it apart (Rust has no \
         overloading: `composition_tiler`, `complement1`, `filter_zeros_tuple`), \
         `cute_dynamic::ops::Op::rust_name`. The tests check that the table covers the \
         registry exactly and that every spelling below uses that name, but for the rows where \
         a crate has no function for the call (a macro, a type, indexing).\n\n\
         | CuTe call | registry name | cute-static | cute-dynamic |\n|---|---|---|---|\n",
    );
    for op in cd::ops::OPS {
        let (_, s, d) = OP_SPELLINGS
            .iter()
            .find(|(call, _, _)| *call == op.call)
            .copied()
            .unwrap_or(("", "(missing)", "(missing)"));
        let name = match op.alias {
            Some(alias) => format!("`{}` (`{alias}`)", op.name),
            None => format!("`{}`", op.name),
        };
        let _ = writeln!(out, "| {} | {name} | {s} | {d} |", code_cell(op.call));
    }
    out
}

#[test]
fn every_row_gives_cutes_value_in_both_crates() {
    let mut bad = Vec::new();
    for r in rows() {
        for (krate, cell) in [("cute-static", &r.stat), ("cute-dynamic", &r.dynm)] {
            if cell.got != r.want {
                bad.push(format!(
                    "{} `{}` in {krate}: got {:?}, want {:?}",
                    r.doc, r.cute, cell.got, r.want
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} rows disagree:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// The Rust names a spelling cell gives: each backticked item's last path segment, without its
/// turbofish, call or trailing words (`ComposedOf::upcast::<N>` is `upcast`, `concat((a0, ...))`
/// is `concat`).
fn names_in(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(|item| {
            let head = item.split(['(', ' ', '!', '[']).next().unwrap_or("");
            let head = head.split("::<").next().unwrap_or("");
            head.rsplit("::").next().unwrap_or("").to_string()
        })
        .collect()
}

/// Rows whose CuTe call is not a Rust function or method in one crate, and why: there the
/// crate's spelling is the Rust construct that stands for it.
const NOT_A_FUNCTION: &[(&str, &str)] = &[
    (
        "make_layout(S, D)",
        "cute-static also spells it `layout!(S:D)`",
    ),
    (
        "get<i>(S)",
        "a cute-static IntTuple is a Rust tuple: its field `.I`",
    ),
    (
        "get<i>(T)",
        "a tiler is a Rust tuple in cute-static, an enum in cute-dynamic",
    ),
    (
        "make_tile(T0, T1, ...)",
        "a tiler is the `tile!` macro's tuple, or `Tiler::Tuple`",
    ),
    (
        "X(c)",
        "indexing: `t[c]` in cute-static, `Tensor::call` in cute-dynamic",
    ),
    (
        "X(i) for each i",
        "indexing: `t[i]` in cute-static, `Tensor::call` in cute-dynamic",
    ),
    (
        "X.layout()",
        "cute-dynamic's `Tensor` is an enum, matched for its layout",
    ),
    (
        "GMMA atom, or tile_to_shape(atom, S)",
        "cute-static's atoms are types",
    ),
    (
        "MMA_Traits<Atom>::Member",
        "cute-static's traits are a trait's associated types",
    ),
    (
        "Sw(i) for i < n",
        "the vectors' op of `Swizzle::call` in a loop",
    ),
    (
        "make_identity_tensor(S)(i) for each i",
        "the vectors' op of the tensor's `call` in a loop",
    ),
    (
        "make_tiled_copy(Copy_Atom<Op,T>{}, thr, val).Member",
        "the vectors' op of `make_tiled_copy` and its methods",
    ),
    (
        "make_tiled_mma(atom, atom_layout, permutations).Member",
        "the vectors' op of `make_tiled_mma` and its methods",
    ),
    (
        "MMA_Traits<Atom>::ThrID",
        "an associated type in cute-static, a field in cute-dynamic",
    ),
    (
        "MMA_Traits<Atom>::Shape_MNK",
        "an associated type in cute-static, a field in cute-dynamic",
    ),
    (
        "MMA_Traits<Atom>::ALayout",
        "an associated type in cute-static, a field in cute-dynamic",
    ),
    (
        "MMA_Traits<Atom>::BLayout",
        "an associated type in cute-static, a field in cute-dynamic",
    ),
    (
        "MMA_Traits<Atom>::CLayout",
        "an associated type in cute-static, a field in cute-dynamic",
    ),
];

/// Names once (issue 23): every overload of the registry has one Rust name,
/// [`cd::ops::Op::rust_name`], and each crate that has it spells it with that name (a function,
/// or a method of its first operand's type).
#[test]
fn one_rust_name_per_overload_in_both_crates() {
    let mut bad = Vec::new();
    for op in cd::ops::OPS {
        let Some((_, stat, dynm)) = OP_SPELLINGS.iter().find(|(call, _, _)| *call == op.call)
        else {
            continue;
        };
        if NOT_A_FUNCTION.iter().any(|(call, _)| *call == op.call) {
            continue;
        }
        let want = op.rust_name();
        for (krate, cell) in [("cute-static", stat), ("cute-dynamic", dynm)] {
            if cell.starts_with('—') {
                continue;
            }
            if !names_in(cell).iter().any(|n| n == want) {
                bad.push(format!(
                    "{}: {krate} spells it {cell}, not `{want}`",
                    op.call
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} spellings:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn every_registry_op_is_listed() {
    let missing: Vec<_> = cd::ops::OPS
        .iter()
        .filter(|op| !OP_SPELLINGS.iter().any(|(call, _, _)| *call == op.call))
        .map(|op| op.call)
        .collect();
    assert!(
        missing.is_empty(),
        "registry ops without a row in OP_SPELLINGS: {missing:?}"
    );
    let stale: Vec<_> = OP_SPELLINGS
        .iter()
        .filter(|(call, _, _)| !cd::ops::OPS.iter().any(|op| op.call == *call))
        .map(|(call, _, _)| *call)
        .collect();
    assert!(
        stale.is_empty(),
        "OP_SPELLINGS rows for no registry op: {stale:?}"
    );
    let page = render();
    for op in cd::ops::OPS {
        assert!(
            page.contains(&code_cell(op.call)),
            "{} is not on the page",
            op.call
        );
    }
}

#[test]
fn the_page_is_up_to_date() {
    let page = render();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(PAGE, &page).expect("write docs/cute-to-rust.md");
        return;
    }
    let on_disk = std::fs::read_to_string(PAGE).unwrap_or_default();
    assert!(
        on_disk == page,
        "docs/cute-to-rust.md is stale: regenerate it with \
         `UPDATE_DOCS=1 cargo test -p cute-tests --test cute_to_rust`"
    );
}
