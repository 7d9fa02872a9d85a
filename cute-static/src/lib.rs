//! # cute-static: CuTe's layout algebra at compile time
//!
//! Layouts are types written in CuTe's own text, every operation of CuTe's algebra is computed
//! while compiling, evaluation of an all-static layout folds to the hand-written index
//! arithmetic, and a violated precondition on static values is a compile error whose first line
//! says, in CuTe's words and with the numbers, what is wrong. Run-time sizes mix in as CuTe's
//! `int` does: an `i32` leaf.
//!
//! ```
//! use cute_static::{composition, layout, layout_t, Composition};
//! let a = layout!((_10,_2):(_16,_4));
//! let b = layout!((_5,_4):(_1,_5));
//! let r = composition(a, b);
//! assert_eq!(r.to_string(), "(_5,(_2,_2)):(_16,(_80,_4))");
//! // Results are types: name them, store them, evaluate them in const contexts.
//! type R = Composition<layout_t!((_10,_2):(_16,_4)), layout_t!((_5,_4):(_1,_5))>;
//! const OFFSET: i32 = R::new().call_index(7);
//! assert_eq!(OFFSET, r.call(7));
//! static_assertions::assert_eq_size!(R, ());
//! ```
//!
//! ## How it works
//!
//! `C<N>` is a static integer (CuTe's `Int<N>`, any `i32`), `i32` a dynamic one (CuTe's `int`),
//! Rust tuples of them are IntTuples, and `Layout<Shape, Stride>` is a layout that stores its
//! dynamic leaves (an all-static layout is zero-sized). Each operation's result is computed by
//! `const fn`s in const evaluation, symbolically: a dynamic leaf is a node of a straight-line
//! program over the operands' dynamic leaves, with CuTe's integral-constant rules. So the
//! structure of a result and which of its leaves are static are decided while compiling, as CuTe
//! C++ decides them, without trait-solver recursion; the result keeps its operands and computes
//! its dynamic leaves from them when they are used. `call`, `size` and `cosize` run straight-line
//! code, planned while compiling, from the `i32`s the layout was built from: LLVM compiles it to
//! the hand-written index arithmetic, with run-time sizes as with static ones.
//!
//! A failed precondition on static values stops const evaluation with CuTe's `static_assert`
//! text, e.g.
//! `error[E0080]: evaluation panicked: Stride Divisibility Condition: stride _5 against shape _4 ...`.
//! Like CuTe's `static_assert`s, these errors appear when the operation is instantiated
//! (`cargo build`, `cargo test`), not under `cargo check`; the macros' own errors (malformed
//! text, incongruent shape and stride) appear everywhere. CuTe does not check preconditions on
//! dynamic values; here they are recorded while compiling and `.checked()` evaluates them, for
//! the whole chain of operations behind a result, returning a [`LayoutError`].
//!
//! ```
//! use cute_static::{composition, layout, Condition};
//! let r = composition(layout!((_6,_2):(8,_2)), layout!((_4,_3):(_3,_1)));
//! assert_eq!(r.to_string(), "((_2,_2),_3):((24,_2),8)"); // CuTe's mixed result
//! let bad = composition(layout!((4,1):(1,_1)), layout!(_6:_5));
//! assert_eq!(bad.checked().unwrap_err().condition(), Some(Condition::StrideDivisibility));
//! ```
//!
//! ## typenum integers (feature `typenum`)
//!
//! With the `typenum` feature, typenum's integers (`U0`, `U8`, `P3`, `N1`, `Z0`, ...; also the
//! results of its arithmetic, `Prod<U4, U8>`) are static leaves wherever `C<N>` is: in
//! IntTuples, tilers, slice coordinates and composed-layout offsets, printed `_N`, with the
//! results and the zero size of the same `C<N>` layouts. So code whose sizes are typenum types
//! (generic-array lengths, nalgebra dimensions) builds layouts from them directly; generic code
//! bounds its numbers by [`IntTuple`] next to `typenum::Unsigned`. A value outside `i32` is a
//! compile error. typenum's `UInt`, `PInt` and `NInt` have no `const` constructor, so they are
//! not [`Static`]: a layout of them is built with `Default` or [`Layout::from_parts`], and its
//! constants come from the results' [`StaticInt`] (`Size<S>`, `Cosize<L>`) instead of
//! [`StaticLayout`].
//!
//! ```
//! # #[cfg(feature = "typenum")] {
//! use cute_static::{composition, layout, Cosize, Layout, StaticInt};
//! use typenum::{U1, U2, U4, U8};
//! type Tile = Layout<(U4, U8), (U1, U4)>;                   // CuTe's (_4,_8):(_1,_4)
//! let t = Tile::default();
//! assert_eq!(t.to_string(), "(_4,_8):(_1,_4)");
//! assert!(t == layout!((_4,_8):(_1,_4)));
//! let r = composition(t, Layout::<(U4, U2), (U2, U1)>::default());
//! assert!(r == composition(layout!((_4,_8):(_1,_4)), layout!((_4,_2):(_2,_1))));
//! static_assertions::assert_eq_size!(Tile, ());
//! static_assertions::const_assert_eq!(<Cosize<Tile> as StaticInt>::VALUE, 32);
//! # }
//! ```
//!
//! ## frunk HLists (feature `frunk`)
//!
//! With the `frunk` feature, frunk's HLists are tuples: `HCons<H, T>` is the tuple whose first
//! mode is `H` and whose other modes are those of the HList `T` (`HNil` is `()`), as IntTuples,
//! tilers, slice coordinates and run-time coordinates, mixing freely with Rust tuples. Generic
//! code can build one a mode at a time (`HCons<M, S>` for any HList `S`), which Rust tuples do
//! not allow. The feature depends on frunk_core alone (frunk re-exports its types).
//!
//! ```
//! # #[cfg(feature = "frunk")] {
//! use cute_static::{layout, make_layout, Layout, _1, _2, _3, _4, _8};
//! use frunk_core::{hlist, HList};
//! let l = Layout::<HList![_4, (_2, _3)], HList![_1, (_4, _8)]>::new();
//! assert!(l == layout!((_4,(_2,_3)):(_1,(_4,_8))));
//! let m = std::hint::black_box(100);
//! assert_eq!(make_layout(hlist![m, _4::default()]).to_string(), "(100,_4):(_1,100)");
//! assert_eq!(l.call(hlist![1, (1, 2)]), 21);
//! # }
//! ```
//!
//! ## CuTe names and this crate
//!
//! | conformance op | CuTe call | here (function / result type) |
//! |---|---|---|
//! | `size` | `size(S)` | [`size`] / [`Size`] |
//! | `flatten` | `flatten(t)` | [`flatten`] / [`Flatten`] |
//! | `shape_div` | `shape_div(a,b)` | [`shape_div`] / [`ShapeDiv`] |
//! | `ceil_div` | `ceil_div(a,b)` | [`ceil_div`] / [`CeilDiv`] |
//! | `compact_col_major` | `compact_col_major(S)` | [`compact_col_major`] |
//! | `compact_row_major` | `compact_row_major(S)` | [`compact_row_major`] |
//! | `idx2crd` | `idx2crd(idx,S)` | [`idx2crd`] |
//! | `crd2idx` | `crd2idx(crd,S,D)` | [`crd2idx`] |
//! | `congruent` / `compatible` / `weakly_congruent` | same | [`congruent`], [`compatible`], [`weakly_congruent`] |
//! | `call` | `L(i)` | [`Layout::call`] |
//! | `cosize` | `cosize(L)` | [`cosize`], [`Layout::cosize`] |
//! | `coalesce` | `coalesce(L)` | [`coalesce`] / [`Coalesce`] |
//! | `coalesce_profile` | `coalesce(L,P)` | [`coalesce_profile`] |
//! | `filter` / `filter_zeros` | same | [`filter`], [`filter_zeros`] |
//! | `composition` | `composition(A,B)` | [`composition`] / [`Composition`] |
//! | `composition_tiler` | `composition(A,T)` | [`composition_tiler`] |
//! | `complement` / `complement1` | `complement(L,c)` / `complement(L)` | [`complement`], [`complement1`] |
//! | `right_inverse` / `left_inverse` | same | [`right_inverse`], [`left_inverse`] |
//! | `logical_divide` / `logical_divide_tiler` | `logical_divide(A,B)` / `(A,T)` | [`logical_divide`], [`logical_divide_tiler`] |
//! | `zipped_divide` / `tiled_divide` / `flat_divide` | same | [`zipped_divide`], [`tiled_divide`], [`flat_divide`] |
//! | `logical_product` | `logical_product(A,B)` | [`logical_product`] (tiler: [`logical_product_tiler`]) |
//! | `zipped_product` / `tiled_product` / `flat_product` | same | [`zipped_product`], [`tiled_product`], [`flat_product`] |
//! | `blocked_product` / `raked_product` | same | [`blocked_product`], [`raked_product`] |
//! | `max_common_vector` / `max_common_layout` | same | [`max_common_vector`], [`max_common_layout`] |
//! | `nullspace` | `nullspace(L)` | [`nullspace`] |
//! | `make_ordered_layout` | `make_ordered_layout(S,O)` | [`make_ordered_layout`] / [`OrderedLayout`] |
//! | `slice` / `dice` | `slice(c,L)` / `dice(c,L)` | [`slice()`], [`dice`] |
//! | `append` / `prepend` | same | [`append`], [`prepend`] |
//! | `tile_to_shape` | `tile_to_shape(A,S)` | [`tile_to_shape`] |
//! | `upcast` / `downcast` | `upcast<N>(L)` / `downcast<N>(L)` | [`upcast`], [`downcast`] |
//!
//! Also [`make_layout`] (`LayoutLeft`), [`make_layout_right`] (`LayoutRight`), [`get`]
//! (`get<I>` / `layout<I>`), [`take`], [`select`] (`select<I...>`, the modes as a tuple of
//! static integers), [`group`], [`replace`] (`replace<N>`), [`concat()`] (`make_layout(l0, l1,
//! ...)`), [`flatten`] (of a layout too, also `l.flatten()`), [`shape`],
//! [`stride`], [`size_mode`] (`size<I>`), [`make_layout_like`], and CuTe's pictures
//! [`print_layout`] and [`print_latex`] (layouts, tiled MMAs, tiled copies).
//!
//! Generic code asks a layout what CuTe's free functions ask: [`IsLayout`] and
//! [`TensorLayout`] have `size`, `size_mode::<I>`, `rank`, `shape`, `stride` (IntTuple values),
//! `cosize`, `depth`, `get::<I>` and `call`. `docs/cute-to-rust.md` in the repository has every
//! CuTe call of CuTe's tutorial documents with its spelling here and in cute-dynamic.
//!
//! ## Swizzles and composed layouts
//!
//! [`Swizzle<B,M,S>`](Swizzle) is CuTe's XOR swizzle functor (zero-sized; invalid parameters
//! are compile errors in CuTe's words), [`ComposedLayout<A,O,L>`](ComposedLayout) the function
//! `c -> A(O + L(c))` ([`make_composed_layout`]), and the operations CuTe defines on composed
//! layouts are methods of [`ComposedOf`] with CuTe's names (the layout operations stay free
//! functions over layouts; a composed layout is not a layout type, as in CuTe's overloads).
//! [`gmma`] holds the GMMA shared-memory atoms.
//!
//! | conformance op (`cute-ext-vectors.jsonl`) | CuTe call | here |
//! |---|---|---|
//! | `swizzle` | `Sw(i)` | [`Swizzle::call`] |
//! | `make_composed_swizzle` | `composition(Sw, L)` | [`Swizzle::composition`] / [`Swizzled`] |
//! | `composed_call` | `C(i)` | [`ComposedOf::call`] |
//! | `composed_composition` / `_tiler` | `composition(C, B)` / `(C, T)` | [`ComposedOf::composition`], [`ComposedOf::composition_tiler`] |
//! | `composed_logical_divide` / `zipped_` / `tiled_` / `flat_divide` | same | [`ComposedOf::logical_divide`] ([`ComposedOf::logical_divide_tiler`]), [`ComposedOf::zipped_divide`], [`ComposedOf::tiled_divide`], [`ComposedOf::flat_divide`] |
//! | `composed_logical_product` / `blocked_` / `raked_product` | same | [`ComposedOf::logical_product`], [`ComposedOf::blocked_product`], [`ComposedOf::raked_product`] |
//! | `composed_tile_to_shape` | `tile_to_shape(C, S)` | [`ComposedOf::tile_to_shape`] |
//! | `composed_slice` | `slice(crd, C)` | [`ComposedOf::slice`] (static coordinates where they select swizzle bits) |
//! | `composed_coalesce` | `coalesce(C)` | [`ComposedOf::coalesce`] |
//! | `composed_upcast` / `composed_downcast` | `upcast<N>(C)` / `downcast<N>(C)` | [`ComposedOf::upcast`], [`ComposedOf::downcast`] |
//! | `composed_right_inverse` / `composed_left_inverse` | same | [`ComposedOf::right_inverse`], [`ComposedOf::left_inverse`] |
//! | `composed_complement` | `complement(C)` | [`ComposedOf::complement1`] |
//! | `composed_position_independent` | `as_position_independent_swizzle_layout(C)` | [`ComposedOf::as_position_independent_swizzle_layout`] |
//! | `gmma_atoms` | `GMMA::Layout_K_SW128_Atom<half_t>{}` | [`gmma::Layout_K_SW128_Atom<half_t>`](gmma::Layout_K_SW128_Atom), ... |
//!
//! ```
//! use cute_static::{int_tuple, gmma::{half_t, Layout_K_SW128_Atom}};
//! let smem = Layout_K_SW128_Atom::<half_t>::new().tile_to_shape(int_tuple!((_128,_64)));
//! let elements = smem.as_position_independent_swizzle_layout();   // Sw<3,3,3> on elements
//! assert_eq!(elements.call((1, 8)), 72 ^ (72 & 448) >> 3); // row 1, column 8: Sw(72) = 64
//! ```
//!
//! ## Tensors and thread-value layouts
//!
//! A [`Tensor`] is an engine (a slice, a mutable slice, or an owned array for register
//! fragments) and a layout at an offset. [`make_tensor`] checks once that every offset of the
//! layout lies in the slice; [`make_fragment`] checks an array's length against its static
//! layout at compile time; indexing is safe slice indexing. Slicing with `_` and the partitions
//! of kernels are functions with CuTe's names, computed while compiling where static, on tensors
//! with plain and with swizzled layouts (a swizzle stays or decays to a plain layout as CuTe's
//! `slice_and_offset` says, [`Tensor::slice`]; a run-time coordinate that selects swizzle bits,
//! a thread index partitioning a shared-memory tile, gives CuTe's MixedBits offset). Identity
//! tensors ([`make_identity_tensor`]: scaled-basis strides `_1@0`, `_1@1`, an arithmetic-tuple
//! origin) partition the same way and give each thread its elements' coordinates, which
//! [`elem_less`] tests against a run-time shape.
//! [`make_layout_tv`] builds CuTe's thread-value layouts, and [`mma_atoms`] holds the MMA
//! atoms' layouts ([`MmaTraits`]).
//!
//! | conformance op (`cute-ext-vectors.jsonl`) | CuTe call | here |
//! |---|---|---|
//! | `tensor_slice` | `tensor(crd)` with `_` | [`Tensor::slice`] |
//! | `local_tile` | `local_tile(t, tiler, crd[, proj])` | [`local_tile`], [`local_tile_proj`] |
//! | `local_partition` | `local_partition(t, thr, idx[, proj])` | [`local_partition`], [`local_partition_proj`] |
//! | `inner_partition` / `outer_partition` | same | [`inner_partition`], [`outer_partition`] |
//! | `identity_layout`, `identity_tensor` | `make_identity_layout(s)`, `make_identity_tensor(s)` | [`make_identity_layout`], [`make_identity_tensor`] |
//! | `identity_tensor_call` | `tensor(i)` | [`Tensor::call`] of an identity tensor |
//! | `identity_local_tile`, `identity_local_partition` | `local_tile`, `local_partition` | the same functions |
//! | `make_layout_tv` | `make_layout_tv(thr, val)` | [`make_layout_tv`] |
//! | `mma_atom_layouts` | `MMA_Traits<Atom>::ALayout` ... | [`MmaTraits`], [`mma_atoms`] |
//!
//! Also [`Tensor::compose`], the divides on tensors ([`Tensor::zipped_divide`], ...),
//! indexing by an index or a coordinate ([`Tensor::get`], `tensor[coord]`), [`Tensor::size`]
//! (and `shape`, `rank`, `size_mode`), [`make_tensor_like`], and CuTe's reference tensor
//! algorithms [`copy`], [`fill`], [`clear`], [`axpby`] and [`gemm`] over any tensors.
//!
//! ```
//! use cute_static::{coord, layout, local_partition, local_tile, make_fragment, make_tensor, tile};
//! let (m, k) = (64, 32);
//! let a: Vec<f32> = (0..m * k).map(|i| i as f32).collect();
//! let ma = make_tensor(&a[..], layout!((m, k):(_1, m))).unwrap();
//! let tile_a = local_tile(ma, tile!((_32, _8)), coord!((1, 2)));      // the block at (1,2)
//! let mine = local_partition(tile_a, layout!((_8, _4):(_1, _8)), 13); // thread 13's part
//! let mut acc = make_fragment([0f32; 8], layout!((_4, _2):(_1, _4)));
//! for j in 0..2 {
//!     for i in 0..4 {
//!         acc[(i, j)] += mine[(i, j)];
//!     }
//! }
//! assert_eq!(acc[(0, 0)], (32 + 5 + (16 + 1) * 64) as f32);
//! ```
//!
//! ## Bank conflicts while compiling
//!
//! [`banks`] holds the hardware's shared-memory bank rule, per warp instruction (the one model
//! cute-dynamic and the `cute` command use too); [`banks::bank_conflicts`] counts a static
//! shared layout under a static TV layout as a constant, and [`assert_conflict_free!`] makes a
//! conflict a compile error naming the instruction, the bank and the threads.
//!
//! ```
//! use cute_static::banks::{bank_conflicts, SmemOp};
//! use cute_static::layout_t;
//! // 32 threads each read a row of a row-major 32x32 float tile: 32-way conflicts.
//! const C: cute_static::banks::BankConflicts =
//!     bank_conflicts::<layout_t!((_32,_32):(_32,_1)), layout_t!((_32,_32):(_1,_32))>(SmemOp::Load { bytes: 4 }, 32);
//! assert_eq!(C.wavefronts / C.ideal, 32);
//! ```
//!
//! ## Copy and MMA atoms, TiledCopy and TiledMMA
//!
//! The layout side of CuTe's `copy_atom.hpp` and `mma_atom.hpp` ([`atom`](crate::CopyAtom)'s
//! types): a copy operation's bit layouts ([`CopyTraits`]: [`UniversalCopy`],
//! [`AutoVectorizingCopy`], [`DefaultCopy`], [`SM80_CP_ASYNC_CACHEALWAYS`],
//! [`SM80_CP_ASYNC_CACHEGLOBAL`], the `ldmatrix` operations [`SM75_U32x4_LDSM_N`], ..., the
//! `stmatrix` operations [`SM90_U32x4_STSM_N`], ...)
//! recast to a value type ([`CopyAtom`]) and tiled over threads ([`make_tiled_copy`],
//! [`TiledCopy`]); an MMA atom ([`MmaTraits`], [`mma_atoms`]) tiled over threads and permuted
//! ([`make_tiled_mma`], [`TiledMMA`]). A thread's slice ([`ThrCopy`], [`ThrMMA`]) partitions
//! tensors over any engine (a slice, an array, a device pointer) at zero cost: the layouts are
//! computed while compiling, the thread index (a run-time `i32` or a static `C<N>`) moves the
//! offset. Register fragments are plain arrays ([`make_fragment_like`],
//! [`ThrMMA::partition_fragment_C`]). CuTe's `static_assert`s are compile errors in its words;
//! so is a TiledMMA permutation smaller than its atoms' tiling, which CuTe accepts.
//!
//! | conformance op (`tiled-vectors.jsonl`) | CuTe call | here |
//! |---|---|---|
//! | `tiled_copy` (`Tiler_MN`, `TiledLayout_TV`) | `make_tiled_copy(Copy_Atom<Op,T>{}, thr, val)` | [`make_tiled_copy`], [`TiledCopy::tiler_mn`], [`TiledCopy::tiled_layout_tv`] |
//! | `tiled_copy` (`layoutS_TV`, ..., `print`) | `get_layoutS_TV()`, `get_layoutD_TV()`, `print(tiled_copy)` | [`TiledCopy::get_layoutS_TV`], [`TiledCopy::get_layoutD_TV`], [`TiledCopy::get_layoutS_MN`], [`TiledCopy::get_layoutD_MN`], `Display` |
//! | `tiled_copy_partition_S` / `_D` | `get_slice(i).partition_S(t)` | [`TiledCopy::get_slice`], [`ThrCopy::partition_S`], [`ThrCopy::partition_D`] |
//! | `tiled_copy_retile_S` / `_D` | `retile_S(t)` | [`ThrCopy::retile_S`], [`ThrCopy::retile_D`], [`TiledCopy::retile`] |
//! | `tiled_mma` (`ThrLayoutVMNK`, `PermutationMNK`, `TileShape_MNK`) | `make_tiled_mma(atom, layout, perm)` | [`make_tiled_mma`], [`TiledMMA::get_thr_layout_vmnk`], [`TiledMMA::permutations`], [`TiledMMA::tile_shape`] |
//! | `tiled_mma` (`LayoutA_TV`, ..., `print`) | `get_layoutA_TV()`, ..., `print(tiled_mma)` | [`TiledMMA::get_layoutA_TV`], [`TiledMMA::get_layoutB_TV`], [`TiledMMA::get_layoutC_TV`], `Display` |
//! | `tiled_mma_partition_A` / `_B` / `_C` | `get_slice(i).partition_A(t)` | [`TiledMMA::get_slice`], [`ThrMMA::partition_A`], [`ThrMMA::partition_B`], [`ThrMMA::partition_C`] |
//! | `tiled_mma_partition_fragment_A` / `_B` / `_C` | `partition_fragment_A(t)` | [`ThrMMA::partition_fragment_A`], ... ([`TiledMMA::make_fragment_A`], ...) |
//! | `make_fragment_like` | `make_fragment_like(layout)` | [`make_fragment_like_layout`] (the register tensor: [`make_fragment_like`]) |
//!
//! Also [`TiledCopy::tidfrg_S`], [`TiledMMA::thrfrg_A`] (and their siblings) on layouts, and
//! CuTe's `size` and `tile_size` ([`TiledCopy::size`], [`TiledMMA::tile_size`]).
//!
//! ```
//! use cute_static::{layout, make_fragment_like, make_tensor, make_tiled_copy, make_tiled_mma,
//!                   mma_atoms::UniversalFMA, tile, CopyAtom, Tensor, UniversalCopy};
//! let copy = make_tiled_copy(CopyAtom::<UniversalCopy<u128>, f32>::new(),
//!                            layout!((_32,_8):(_1,_32)), layout!((_4,_1):(_1,_0)));
//! let mma = make_tiled_mma(UniversalFMA, layout!((_16,_16,_1):(_1,_16,_0)), tile!((_,_,_)));
//! let a: Vec<f32> = (0..128 * 8).map(|i| i as f32).collect();
//! let s_a = make_tensor(&a[..], layout!((_128,_8):(_1,_128))).unwrap();
//! let tid = 37;
//! let t_a = copy.get_slice(tid).partition_S(s_a);            // (CPY, CPY_M, CPY_K)
//! let mut r_a: Tensor<[f32; 4], _> = make_fragment_like(&t_a);
//! for v in 0..4 {
//!     r_a[((v, 0), 0, 0)] = t_a[((v, 0), 0, 0)];
//! }
//! assert_eq!(r_a.data(), &[148.0, 149.0, 150.0, 151.0]);
//! let t_c = mma.get_slice(tid).partition_A(s_a);             // (MMA, MMA_M, MMA_K)
//! assert_eq!(t_c.to_string(), "5|(_1,_8,_8):(_0,_16,_128)");
//! ```

#![no_std]
#![forbid(unsafe_code)]

extern crate self as cute_static;

// The README's examples, run as doctests (not part of the documentation).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod algebra;
mod algorithm;
mod atom;
pub mod banks;
mod bits;
mod composed;
pub mod consts;
mod coordinate;
#[doc(hidden)]
pub mod eager;
mod error;
mod expr;
pub mod gmma;
mod gmma_desc;
#[cfg(feature = "frunk")]
mod hlist;
mod int;
mod layout;
pub mod mma_atoms;
mod ops;
#[doc(hidden)]
pub mod picture;
mod print;
mod prog;
mod swizzle;
mod tensor;
pub mod tma;
mod tree;
mod tuple;
#[cfg(feature = "typenum")]
mod typenum_int;
mod values;

#[doc(hidden)]
pub use algorithm::{GEMM_CONDITIONS, GemmForm, GemmSide, gemm_form};
pub use algorithm::{axpby, clear, copy, fill, gemm};
pub use atom::{
    AutoVectorizingCopy, AutoVectorizingCopyWithAssumedAlignment, CopyAtom, CopyTraits,
    DefaultCopy, IsCopyAtom, IsTiledCopy, IsTiledMma, MmaTraits, SM75_U16x2_LDSM_T,
    SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T, SM75_U32x1_LDSM_N, SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N,
    SM80_CP_ASYNC_CACHEALWAYS, SM80_CP_ASYNC_CACHEGLOBAL, SM90_U16x2_STSM_T, SM90_U16x4_STSM_T,
    SM90_U16x8_STSM_T, SM90_U32x1_STSM_N, SM90_U32x2_STSM_N, SM90_U32x4_STSM_N, ThrCopy, ThrMMA,
    TiledCopy, TiledMMA, UniversalCopy, make_layout_tv, make_tiled_copy, make_tiled_copy_A,
    make_tiled_copy_B, make_tiled_copy_C, make_tiled_mma,
};
pub use composed::{ComposedLayout, ComposedOf, Offset, SwizzleFn, Swizzled, make_composed_layout};
#[doc(no_inline)]
pub use consts::*;
pub use coordinate::{Coordinate, Crd};
pub use cute_static_macros::{
    coord, coord_t, int_tuple, int_tuple_t, layout, layout_t, tile, tile_t,
};
pub use error::{Condition, IntError, LayoutError};
pub use int::{C, StaticInt};
pub use layout::{IsLayout, Layout, LayoutOf, StaticLayout, TensorLayout, call, same_layout};
pub use ops::{
    append, blocked_product, ceil_div, coalesce, coalesce_profile, compact_col_major,
    compact_row_major, compatible, complement, complement1, composition, composition_tiler, concat,
    congruent, cosize, crd2idx, dice, downcast, filter, filter_zeros, flat_divide, flat_product,
    flatten, get, group, idx2crd, left_inverse, logical_divide, logical_divide_tiler,
    logical_product, logical_product_tiler, make_fragment_like_layout, make_identity_layout,
    make_layout, make_layout_like, make_layout_right, make_ordered_layout, max_common_layout,
    max_common_vector, nullspace, prepend, raked_product, replace, right_inverse, select, shape,
    shape_div, size, size_mode, slice, stride, take, tile_to_shape, tiled_divide, tiled_product,
    upcast, weakly_congruent, zipped_divide, zipped_product,
};
/// The result type of every operation, by the operation's name in CamelCase (`Composition<A, B>`
/// is what `composition(a, b)` returns), to name it in a signature, a field or a `type`, as
/// `typenum::operator_aliases` names typenum's. The crate root re-exports them.
///
/// ```
/// use cute_static::aliases::Composition;
/// use cute_static::{composition, layout_t, StaticLayout};
/// type A = layout_t!((_10,_2):(_16,_4));
/// type B = layout_t!((_5,_4):(_1,_5));
/// let r: Composition<A, B> = composition(A::new(), B::new());
/// assert_eq!(r.to_string(), "(_5,(_2,_2)):(_16,(_80,_4))");
/// assert_eq!(<Composition<A, B> as StaticLayout>::SIZE, 20);
/// ```
pub mod aliases {
    pub use crate::atom::{
        LayoutTv, MakeFragmentA, MakeFragmentB, MakeFragmentC, PartitionA, PartitionAOffset,
        PartitionB, PartitionBOffset, PartitionC, PartitionCOffset, PartitionD, PartitionDOffset,
        PartitionS, PartitionSOffset, Retile, RetileOffset, TilerMn,
    };
    pub use crate::ops::{
        Append, BlockedProduct, CeilDiv, Coalesce, CoalesceProfile, CompactColMajor,
        CompactRowMajor, Compatible, Complement, Complement1, Composition, CompositionTiler,
        Concat, Congruent, Cosize, Crd2Idx, Dice, Downcast, Filter, FilterZeros, FlatDivide,
        FlatProduct, Flatten, FragmentLike, Get, Group, Idx2Crd, LeftInverse, LogicalDivide,
        LogicalDivideTiler, LogicalProduct, LogicalProductTiler, MakeIdentityLayout, MakeLayout,
        MakeLayoutLike, MakeLayoutRight, MaxCommonLayout, MaxCommonVector, Nullspace,
        OrderedLayout, Prepend, RakedProduct, Replace, RightInverse, Select, Shape, ShapeDiv, Size,
        SizeMode, Slice, Stride, Take, TileToShape, TiledDivide, TiledProduct, Upcast,
        WeaklyCongruent, ZippedDivide, ZippedProduct,
    };
    pub use crate::tensor::{
        FragmentLayout, InnerPartition, InnerPartitionOffset, LocalPartition, LocalPartitionOffset,
        LocalPartitionProj, LocalPartitionProjOffset, LocalTileProj, LocalTileProjOffset,
        OuterPartition, OuterPartitionOffset, SliceLayout, SliceOffset,
    };
}
#[doc(no_inline)]
pub use aliases::*;
pub use picture::{LatexPicture, LayoutPicture, PrintLatex, print_latex, print_layout};
pub use swizzle::{SmemPtr, Swizzle};
pub use tensor::{
    ArithmeticTuple, ArithmeticTupleIterator, IdentityCall, IdentityOrigin, IdentityTensor,
    TupleShape, elem_less, make_identity_tensor,
};
pub use tensor::{
    Engine, EngineMut, FragmentSource, Tensor, copy_vectorizes, inner_partition, local_partition,
    local_partition_proj, local_tile, local_tile_proj, make_fragment, make_fragment_like,
    make_tensor, make_tensor_like, make_tensor_mut, outer_partition,
};
pub use tuple::{IntTuple, SliceCoord, Static, Tiler, TupleText, Underscore};
pub use values::{BoolOf, IntOf, TupleOf};

/// Plumbing of the operations' result types; not part of the documented API.
#[doc(hidden)]
pub mod __expr {
    pub use crate::composed::IsComposed;
    pub use crate::expr::{CExpr, CSym};
    pub use crate::expr::{Expr, Sym};
    pub use crate::ops::Flattens;
    pub use crate::tuple::Leaves;
}
