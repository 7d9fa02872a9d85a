//! # cute-dynamic: CuTe's layout algebra at run time
//!
//! The shape/stride algebra of NVIDIA CUTLASS's CuTe (coalesce, composition, complement,
//! inverses, divide, product) on layouts built at run time, with CuTe's exact static/dynamic
//! semantics: every integer is an `i32` tagged static (`_8`, CuTe's `Int<8>`) or dynamic (`8`,
//! a C++ `int`), and the tags change results exactly as they do in CuTe C++.
//!
//! ```
//! use cute_dynamic::{composition, Layout};
//! let a: Layout = "(_6,_2):(8,_2)".parse()?;      // a dynamic stride
//! let b: Layout = "(_4,_3):(_3,_1)".parse()?;
//! let r = composition(&a, &b)?;
//! assert_eq!(r.to_string(), "((_2,_2),_3):((24,_2),8)");          // CuTe C++ text
//! assert_eq!(r.dsl().to_string(), "((2,2),3):((?{div=3},2),?)");   // CuTe DSL compile-time view
//! assert_eq!(r.values().to_string(), "((2,2),3):((24,2),8)");      // run-time view
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```
//!
//! Nothing panics: every operation returns [`Result`]. CuTe's preconditions come back as
//! [`ErrorKind::Precondition`] in CuTe's words. Where CuTe C++ skips a check because the values
//! are dynamic (and may then return a wrong layout, CUTLASS #3513), this crate runs the same
//! operation on the *static twin* of the input (every integer made static) and reports the
//! precondition that CuTe would have reported had it known the values. CuTe's divisibility and
//! injectivity conditions are also checked on the values themselves, so that a layout CuTe's
//! dynamic arithmetic would get wrong is refused; where CuTe's own (weak) Stride Divisibility
//! Condition passes but its complete form fails, CuTe's answer is kept only if it is the same
//! function as the static twin's (see `Condition::StrideDivisibilityComplete`). A composition
//! `composition(A, B)` that fails one of these divisibility conditions on dynamic values keeps
//! CuTe's answer where it is `A o B` point by point on B's domain (enumerated up to 2^16
//! indices; cute-static's `.checked()` keeps it too).
//!
//! ## CuTe names and this crate
//!
//! Every function has CuTe's name. Where C++ overloads one name, Rust has siblings:
//!
//! | conformance op | CuTe call | here |
//! |---|---|---|
//! | `size` | `size(S)` | [`IntTuple::size`], [`Layout::size`] |
//! | `flatten` | `flatten(t)` | [`IntTuple::flatten`], [`flatten`] (of a layout) |
//! | `shape_div` | `shape_div(a,b)` | [`shape_div`] |
//! | `ceil_div` | `ceil_div(a,b)` | [`ceil_div`] |
//! | `compact_col_major` | `compact_col_major(S)` | [`compact_col_major`] |
//! | `compact_row_major` | `compact_row_major(S)` | [`compact_row_major`] |
//! | `idx2crd` | `idx2crd(idx,S)` | [`idx2crd`] (with strides: [`idx2crd_strided`]) |
//! | `crd2idx` | `crd2idx(crd,S,D)` | [`crd2idx`], [`Layout::crd2idx`] |
//! | `congruent` | `congruent(a,b)` | [`congruent`] |
//! | `compatible` | `compatible(a,b)` | [`compatible`] |
//! | `weakly_congruent` | `weakly_congruent(a,b)` | [`weakly_congruent`] |
//! | `call` | `L(i)` | [`Layout::call`] (repeatedly: [`Layout::plan`], [`Plan::call`]) |
//! | `cosize` | `cosize(L)` | [`Layout::cosize`] |
//! | `coalesce` | `coalesce(L)` | [`coalesce`] |
//! | `coalesce_profile` | `coalesce(L,P)` | [`coalesce_profile`] |
//! | `filter` | `filter(L)` | [`filter`] |
//! | `filter_zeros` | `filter_zeros(L)` | [`filter_zeros`] (on IntTuples: [`filter_zeros_tuple`]) |
//! | `composition` | `composition(A,B)` | [`composition`] |
//! | `composition_tiler` | `composition(A,T)` | [`composition_tiler`] |
//! | `complement` | `complement(L,cotarget)` | [`complement`] |
//! | `complement1` | `complement(L)` | [`complement1`] |
//! | `right_inverse` | `right_inverse(L)` | [`right_inverse`] |
//! | `left_inverse` | `left_inverse(L)` | [`left_inverse`] |
//! | `logical_divide` | `logical_divide(A,B)` | [`logical_divide`] |
//! | `logical_divide_tiler` | `logical_divide(A,T)` | [`logical_divide_tiler`] |
//! | `zipped_divide` | `zipped_divide(A,T)` | [`zipped_divide`] |
//! | `tiled_divide` | `tiled_divide(A,T)` | [`tiled_divide`] |
//! | `flat_divide` | `flat_divide(A,T)` | [`flat_divide`] |
//! | `logical_product` | `logical_product(A,B)` | [`logical_product`] (tiler: [`logical_product_tiler`]) |
//! | `zipped_product` | `zipped_product(A,B)` | [`zipped_product`] |
//! | `tiled_product` | `tiled_product(A,B)` | [`tiled_product`] |
//! | `flat_product` | `flat_product(A,B)` | [`flat_product`] |
//! | `blocked_product` | `blocked_product(A,B)` | [`blocked_product`] |
//! | `raked_product` | `raked_product(A,B)` | [`raked_product`] |
//! | `max_common_vector` | `max_common_vector(A,B)` | [`max_common_vector`] |
//! | `max_common_layout` | `max_common_layout(A,B)` | [`max_common_layout`] |
//! | `nullspace` | `nullspace(L)` | [`nullspace`] |
//! | `make_ordered_layout` | `make_ordered_layout(S,order)` | [`make_ordered_layout`] |
//! | `slice` | `slice(crd,L)` | [`slice()`] (on IntTuples: [`slice_tuple`]) |
//! | `dice` | `dice(crd,L)` | [`dice`] (on IntTuples: [`dice_tuple`]) |
//! | `append` | `append(A,B)` | [`append`] (`append<N>`: [`append_to_rank`]) |
//! | `prepend` | `prepend(A,B)` | [`prepend`] |
//! | `tile_to_shape` | `tile_to_shape(A,S)` | [`tile_to_shape`] |
//! | `upcast` | `upcast<N>(L)` | [`upcast`] |
//! | `downcast` | `downcast<N>(L)` | [`downcast`] |
//!
//! Also: [`make_layout`] (`LayoutLeft`), [`make_layout_right`] (`LayoutRight`), [`Layout::get`]
//! (`get<I>` / `layout<I>`), [`Layout::layout`] (`layout<I,J,...>`), [`group`], [`select`],
//! [`take`], [`replace`], [`Layout::concat`] (`make_layout(l0, l1, ...)`), [`print_layout`]
//! ([`print_composed_layout`] for composed layouts).
//!
//! ## Swizzles and composed layouts
//!
//! CuTe's `swizzle.hpp`, `layout_composed.hpp` and `swizzle_layout.hpp`: [`Swizzle`]
//! (`Sw<B,M,S>`), [`ComposedLayout`] (`A o O o B`, the function `c -> A(O + B(c))`), its
//! [`Offset`] (an integer, the `smem_ptr[Nb](unset)` tag or [`MixedBits`]), and [`AnyLayout`]
//! for results that may decay to a plain layout. The ops of the extension vectors:
//!
//! | conformance op | CuTe call | here |
//! |---|---|---|
//! | `swizzle` | `Sw(i)` | [`Swizzle::apply`], [`Swizzle::call`] |
//! | `make_composed_swizzle` | `composition(Sw, L)` | [`Swizzle::composition`] |
//! | `composed_call` | `C(i)` | [`ComposedLayout::call`] |
//! | `composed_composition` | `composition(C, B)` | [`ComposedLayout::composition`] |
//! | `composed_composition_tiler` | `composition(C, T)` | [`ComposedLayout::composition_tiler`] |
//! | `composed_logical_divide` | `logical_divide(C, T)` | [`ComposedLayout::logical_divide`], [`ComposedLayout::logical_divide_tiler`] |
//! | `composed_zipped_divide` | `zipped_divide(C, T)` | [`ComposedLayout::zipped_divide`] |
//! | `composed_tiled_divide` | `tiled_divide(C, T)` | [`ComposedLayout::tiled_divide`] |
//! | `composed_flat_divide` | `flat_divide(C, T)` | [`ComposedLayout::flat_divide`] |
//! | `composed_logical_product` | `logical_product(C, B)` | [`ComposedLayout::logical_product`] |
//! | `composed_blocked_product` | `blocked_product(C, B)` | [`ComposedLayout::blocked_product`] |
//! | `composed_raked_product` | `raked_product(C, B)` | [`ComposedLayout::raked_product`] |
//! | `composed_tile_to_shape` | `tile_to_shape(C, S)` | [`ComposedLayout::tile_to_shape`] |
//! | `composed_slice` | `slice(crd, C)` | [`ComposedLayout::slice`] ([`ComposedLayout::slice_and_offset`]) |
//! | `composed_coalesce` | `coalesce(C)` | [`ComposedLayout::coalesce`] |
//! | `composed_upcast` | `upcast<N>(C)` | [`ComposedLayout::upcast`] |
//! | `composed_downcast` | `downcast<N>(C)` | [`ComposedLayout::downcast`] |
//! | `composed_right_inverse` | `right_inverse(C)` | [`ComposedLayout::right_inverse`] |
//! | `composed_left_inverse` | `left_inverse(C)` | [`ComposedLayout::left_inverse`] |
//! | `composed_complement` | `complement(C)` | [`ComposedLayout::complement1`] (`complement(C, S)`: [`ComposedLayout::complement`]) |
//! | `composed_position_independent` | `as_position_independent_swizzle_layout(C)` | [`ComposedLayout::as_position_independent_swizzle_layout`] |
//! | `gmma_atoms` | `GMMA::Layout_K_SW128_Atom<T>{}` ... | [`gmma_atom`], [`gmma_layout_atom`], [`gmma_layout_atom_bits`] |
//!
//! Also: [`make_swizzle`] (`make_swizzle<Y,Z>()`), [`make_composed_layout`],
//! [`composition_with_offset`] (`composition(A, O, B)`), [`composition_swizzle`]
//! (`composition(L, Sw)`), [`Swizzle::upcast`], [`Swizzle::downcast`], and the
//! zipped/tiled/flat products of a composed layout.
//!
//! ## Tensors, identity tensors and atoms
//!
//! CuTe's `tensor_impl.hpp`, `arithmetic_tuple.hpp` and the atoms' traits: a [`Tensor`] is a
//! memory tensor `OFF|L` (an element offset and a plain or composed layout) or an identity
//! (coordinate) tensor `ArithTuple(c0,...) o L` whose layout [`CoordLayout`] has scaled basis
//! strides ([`ScaledBasis`] `v@i@j`, [`CoordStride`]). The ops of the extension vectors:
//!
//! | conformance op | CuTe call | here |
//! |---|---|---|
//! | `tensor_slice` | `X(crd)` | [`Tensor::slice`] |
//! | `local_tile` | `local_tile(X, T, crd[, proj])` | [`local_tile`], [`local_tile_proj`] |
//! | `local_partition` | `local_partition(X, thr, idx[, proj])` | [`local_partition`], [`local_partition_proj`] |
//! | `inner_partition` | `inner_partition(X, T, crd)` | [`inner_partition`] |
//! | `outer_partition` | `outer_partition(X, T, crd)` | [`outer_partition`] |
//! | `identity_layout` | `make_identity_layout(S)` | [`make_identity_layout`] |
//! | `identity_tensor` | `make_identity_tensor(S)` | [`make_identity_tensor`] |
//! | `identity_tensor_call` | `make_identity_tensor(S)(i)` | [`Tensor::call`] |
//! | `identity_local_tile` | `local_tile(I, ...)` | [`local_tile`], [`local_tile_proj`] |
//! | `identity_local_partition` | `local_partition(I, ...)` | [`local_partition`], [`local_partition_proj`] |
//! | `mma_atom_layouts` | `MMA_Traits<Atom>::ThrID` ... | [`mma_atom`] ([`MmaAtom`], [`mma_atom_names`]) |
//! | `make_layout_tv` | `make_tiled_copy`'s `(Tiler_MN, TiledLayout_TV)` | [`make_layout_tv`] |
//!
//! Also: [`make_tensor`], [`Tensor::compose`], [`Tensor::logical_divide`],
//! [`Tensor::zipped_divide`], [`Tensor::tiled_divide`], [`Tensor::flat_divide`], and on coordinate layouts
//! [`CoordLayout::apply`] (evaluation), [`CoordLayout::composition`],
//! [`CoordLayout::coalesce`], [`CoordLayout::logical_divide`],
//! [`CoordLayout::zipped_divide`], [`CoordLayout::tiled_divide`],
//! [`CoordLayout::flat_divide`], [`CoordLayout::slice`], [`CoordLayout::dice`]. The algebra of
//! coordinate layouts is cute-static's own, run on this crate's values (the same algorithms as
//! the identity tensors of cute-static).
//!
//! ## TiledCopy and TiledMMA
//!
//! CuTe's `copy_atom.hpp` and `mma_atom.hpp` at run time, the ops of the tiled vectors
//! (`tests/data/tiled-vectors.jsonl`, every record passing): [`copy_atom`] (`Copy_Atom<Op, T>`
//! by C++ names, the traits read from cute-static's types), [`make_tiled_copy`]
//! ([`TiledCopy`]: `Tiler_MN`, `TiledLayout_TV`, `get_layoutS_TV`, `tidfrg_S/D`, `retile`),
//! [`TiledCopy::get_slice`] ([`ThrCopy`]: `partition_S/D`, `retile_S/D`); [`make_tiled_mma`]
//! ([`TiledMMA`]: `get_thr_layout_vmnk`, `tile_shape`, `get_layoutA/B/C_TV`, `thrfrg_A/B/C`,
//! `make_fragment_A/B/C`), [`TiledMMA::get_slice`] ([`ThrMMA`]: `partition_A/B/C`,
//! `partition_fragment_A/B/C`), [`make_tiled_copy_A`] and its siblings. The partitions take a
//! layout-level [`Tensor`] or a [`DataTensor`] ([`IsTensor`]); [`print_latex`] draws both tiled
//! atoms as CuTe does, and `Display` prints them as CuTe's `print`.
//!
//! ```
//! use cute_dynamic::{copy_atom, make_tiled_copy, make_tiled_mma, mma_atom, Int, Tensor};
//! // The GEMM tutorial's sgemm_2: copyA and mmaC, thread 37.
//! let copy_a = make_tiled_copy(&copy_atom("UniversalCopy<uint128_t>", "float")?,
//!                              &"(_32,_8):(_1,_32)".parse()?, &"(_4,_1):(_1,_0)".parse()?)?;
//! let mma_c = make_tiled_mma(&mma_atom("UniversalFMA")?, &"(_16,_16,_1):(_1,_16,_0)".parse()?,
//!                            &"(_,_,_)".parse()?)?;
//! let s_a: Tensor = "_0|(_128,_8):(_1,_128)".parse()?;
//! let t_as_a = copy_a.get_slice(Int::new_dynamic(37)).partition_D(s_a.clone())?;
//! let t_cs_a = mma_c.get_slice(Int::new_dynamic(37)).partition_A(s_a)?;
//! assert_eq!(t_as_a.to_string(), "148|((_4,_1),_1,_1):((_1,_0),_0,_0)");
//! assert_eq!(t_cs_a.to_string(), "5|(_1,_8,_8):(_0,_16,_128)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```
//!
//! ## Tensors over data and CuTe's reference algorithms
//!
//! A [`DataTensor`] is CuTe's `Tensor<Engine, Layout>` over elements: an [`Engine`] (`&[T]`,
//! `&mut [T]`, or an owned `Vec<T>`) and a memory [`Tensor`], made by [`make_tensor_on`]
//! (`make_tensor(ptr, layout)`), [`make_tensor_at`] (`make_tensor(ptr + off, layout)`) or
//! [`make_owning_tensor`] (`make_tensor<T>(layout)`), each checking once that every offset lies
//! in the data. It has the partitions of [`Tensor`] ([`DataTensor::local_tile`], ...) and
//! checked element access ([`DataTensor::get`], [`DataTensor::get_mut`], with an index, an
//! [`IntTuple`] or a Rust tuple such as `(1, (2, 3))`). Register tensors: [`make_tensor_like`],
//! [`make_fragment_like`] (their layouts: [`make_layout_like`], [`make_fragment_like_layout`]).
//! The reference algorithms: [`copy`], [`fill`], [`clear`], [`axpby`], [`gemm`]. Also
//! [`flatten`] (`flatten(layout)`) and [`print_latex`].
//!
//! ## Layout analysis: bank conflicts, swizzle search, F2 linear layouts
//!
//! [`bank_conflicts`] counts the shared-memory wavefronts of every warp instruction of an
//! access (a TV layout into a shared layout, plain or swizzled; or a TiledCopy's partition,
//! [`TiledCopy::bank_conflicts_S`]) by the hardware rule of `cute_static::banks`, proven on an
//! H100 (docs/banks.md); [`swizzle_search`] finds the swizzled layout a tile's writer and reader
//! both access with the fewest. [`to_linear_layout`] and [`from_linear_layout`] convert to and
//! from Triton's F2 linear layouts.
//!
//! ```
//! use cute_dynamic::{bank_conflicts, SmemOp};
//! // ldmatrix.x4 over the 128-byte K-major atom of half_t: conflict-free with its swizzle.
//! let tv = "((_8,_8),_8):((_1,_64),_8)".parse()?;
//! let r = bank_conflicts(&"Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?, &tv, 16, SmemOp::Ldmatrix { x: 4, trans: false })?;
//! assert_eq!((r.total.wavefronts, r.total.conflicts()), (8, 0));
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```
//!
//! ## One registry of the operations
//!
//! [`ops`] lists the operations above once, one entry per overload: CuTe's name, the kinds of
//! the arguments, the CuTe call, the kind of the result and how it runs, and which ops of the
//! conformance vectors it runs. The `cute` command calls the operations through it, the
//! conformance runners run the vectors through it ([`ops::run`]), and the generators of
//! cute-static's test suites take their ops and argument kinds from it.
//!
//! ```
//! let r = cute_dynamic::ops::run("composed_coalesce", &["Sw<2,2,2> o _0 o (_2,_2,_2):(_1,_2,_4)"])?;
//! assert_eq!(r.to_string(), "Sw<2,2,2> o _0 o _8:_1");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

#![no_std]
#![forbid(unsafe_code)]
// Every function without side effects is `#[must_use]`: dropping its result is a bug.
#![warn(clippy::must_use_candidate)]
// A `Layout` holds its leaves inline (no heap up to 8 leaves), so the enums with a layout
// variant (`Tiler`, `LayoutFn`, `AnyLayout`, a tensor's engine) are large; boxing the layout
// would bring back the allocation the inline form avoids.
#![allow(clippy::large_enum_variant)]

// The README's examples, run as doctests (not part of the documentation).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

extern crate alloc;
#[cfg(test)]
extern crate std;

/// What the modules take from `alloc` (the crate is `no_std`).
mod prelude {
    pub(crate) use alloc::boxed::Box;
    pub(crate) use alloc::string::{String, ToString};
    pub(crate) use alloc::vec::Vec;
    pub(crate) use alloc::{format, vec};
}

mod algebra;
mod algorithm;
mod arithmetic_tuple;
mod atom;
mod banks;
mod coalesce;
mod complement;
mod composed;
mod composition;
mod coord;
mod coord_layout;
mod copy_atom;
mod divide;
mod error;
mod eval;
mod exact;
mod flat;
mod fragment;
mod gmma;
mod int;
mod int_tuple;
mod int_tuple_algebra;
mod inverse;
mod layout;
mod linear;
mod max_common;
mod mma_atom;
mod mode_ops;
mod nullspace;
mod numeric;
mod offset;
#[doc(hidden)]
pub mod one_algebra;
pub mod ops;
mod parse;
mod print;
mod print_layout;
mod product;
mod recast;
#[cfg(feature = "serde")]
mod serde_text;
mod small;
mod stride;
mod swizzle;
mod swizzle_search;
mod swizzle_slice;
mod tensor;
mod tensor_data;
mod tiler;
mod twin;

pub use algorithm::{axpby, clear, copy, fill, gemm};
pub use arithmetic_tuple::{CoordStride, ScaledBasis};
pub use atom::{MmaAtom, make_layout_tv, mma_atom, mma_atom_names};
pub use banks::{
    BankConflicts, BankOp, BankReport, CpAsync, Instruction, MAX_BANK_PAIRS, SmemOp, Wavefronts,
    bank_conflicts, cp_async_bank_conflicts,
};
pub use coalesce::{coalesce, coalesce_profile, filter, filter_zeros};
pub use complement::{complement, complement1};
pub use composed::{
    AnyLayout, ComposedLayout, LayoutFn, composition_swizzle, composition_with_offset,
    make_composed_layout,
};
pub use composition::{composition, composition_tiler};
pub use coord::{Coord, dice, dice_tuple, slice, slice_tuple};
pub use coord_layout::{CoordLayout, make_identity_layout};
pub use copy_atom::{CopyAtom, ThrCopy, TiledCopy, copy_atom, make_tiled_copy};
pub use divide::{flat_divide, logical_divide, logical_divide_tiler, tiled_divide, zipped_divide};
pub use error::{Condition, ErrorKind, LayoutError, Result};
pub use eval::{Plan, crd2idx};
pub use fragment::{make_fragment_like_layout, make_layout_like};
pub use gmma::{GmmaMajor, GmmaSwizzle, gmma_atom, gmma_layout_atom, gmma_layout_atom_bits};
pub use int::{Bool, Int, IntError};
pub use int_tuple::{IntTuple, compatible, congruent, weakly_congruent};
pub use int_tuple_algebra::{ceil_div, filter_zeros_tuple, product_each, shape_div};
pub use inverse::{left_inverse, right_inverse};
pub use layout::{CoordRef, Layout};
pub use linear::{InDim, LinearLayout, from_linear_layout, to_linear_layout, tv_to_linear_layout};
pub use max_common::{max_common_layout, max_common_vector};
pub use mma_atom::{
    ThrMMA, TiledMMA, make_tiled_copy_A, make_tiled_copy_B, make_tiled_copy_C, make_tiled_mma,
};
pub use mode_ops::{append, append_to_rank, flatten, group, prepend, replace, select, take};
pub use nullspace::nullspace;
pub use offset::Offset;
pub use print::Viewed;
pub use print_layout::{PrintLatex, print_composed_layout, print_latex, print_layout};
pub use product::{
    blocked_product, flat_product, logical_product, logical_product_tiler, raked_product,
    tile_to_shape, tiled_product, zipped_product,
};
pub use recast::{downcast, upcast};
pub use stride::{
    Major, compact_col_major, compact_major, compact_order, compact_row_major, idx2crd,
    idx2crd_strided, make_layout, make_layout_right, make_ordered_layout,
};
pub use swizzle::{MixedBits, Swizzle, make_swizzle};
pub use swizzle_search::{Access, MAX_SEARCH_PAIRS, SwizzleChoice, swizzle_search};
pub use tensor::{
    Tensor, inner_partition, local_partition, local_partition_proj, local_tile, local_tile_proj,
    make_identity_tensor, make_tensor, outer_partition,
};
pub use tensor_data::{
    DataTensor, Engine, EngineMut, IsTensor, make_fragment_like, make_owning_tensor,
    make_tensor_at, make_tensor_like, make_tensor_on,
};
pub use tiler::Tiler;
