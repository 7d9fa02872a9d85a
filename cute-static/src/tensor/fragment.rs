//! Register fragments: [`make_fragment`], [`make_fragment_like`], [`make_tensor_like`] (an owned
//! array whose length the layout's cosize decides while compiling).

use super::*;

/// Whether offsets `range` fit an array of `n` elements; a compile error otherwise.
const fn fragment_fits(range: Option<(i64, i64)>, n: usize) {
    match range {
        None => Msg::new(
            "make_fragment: the layout has run-time values; a register fragment needs a static layout",
        )
        .fail(),
        Some((lo, hi)) if hi >= lo && (lo < 0 || hi >= n as i64) => {
            Msg::new("make_fragment: the layout reaches offsets ")
                .num(lo as i32)
                .str("..=")
                .num(hi as i32)
                .str(", outside an array of ")
                .num(n as i32)
                .str(" elements")
                .fail()
        }
        Some(_) => {}
    }
}

/// CuTe's `make_tensor<T>(layout)` for registers: a tensor owning `data`, an array whose
/// length is checked against the all-static layout at compile time.
///
/// ```
/// use cute_static::{layout, make_fragment};
/// let mut acc = make_fragment([0.0f32; 8], layout!((_4,_2):(_2,_1)));
/// acc[(3, 1)] += 2.5;
/// assert_eq!(acc.data()[7], 2.5);
/// ```
///
/// ```compile_fail
/// // 8 elements cannot hold offsets up to 11.
/// let acc = cute_static::make_fragment([0.0f32; 8], cute_static::layout!((_4,_2):(_1,_8)));
/// ```
pub fn make_fragment<T, const N: usize, L: TensorLayout>(
    data: [T; N],
    layout: L,
) -> Tensor<[T; N], L> {
    const { fragment_fits(L::STATIC_RANGE, N) };
    Tensor {
        engine: data,
        layout,
        offset: C,
    }
}

/// The layout of a register fragment whose layout is `X`: `X` itself, which must be all
/// static (CuTe's "Dynamic owning tensors not supported" otherwise); zero-sized.
///
/// ```
/// use cute_static::{layout_t, FragmentLayout, FragmentLike, StaticLayout};
/// type F = FragmentLayout<FragmentLike<layout_t!((_4,_2,_3):(_1,_12,_4))>>;
/// assert_eq!(F::new().to_string(), "(_4,_2,_3):(_1,_12,_4)");
/// assert_eq!(<F as StaticLayout>::COSIZE, 24);
/// ```
pub type FragmentLayout<X> = LayoutOf<Computed<Owning<X>>>;

/// The static layout `X` of an owning (register) tensor.
#[doc(hidden)]
pub struct Owning<X>(PhantomData<fn() -> X>);

impl<X: IsLayout> Computes for Owning<X> {
    const VALUE: crate::algebra::layout::L = tl::owning(&X::LAYOUT);
}

/// An array of `n` elements holds a fragment of cosize `cosize` only if `n == cosize`.
const fn fragment_length(cosize: i32, n: usize, l: &crate::algebra::layout::L) {
    if cosize < 0 || cosize as usize != n {
        Msg::new("register fragment: the layout ")
            .layout(&l.shape, &l.stride)
            .str(" has cosize ")
            .num(cosize)
            .str(", so its array needs ")
            .num(cosize)
            .str(" elements, not ")
            .num(n as i32)
            .fail()
    }
}

/// The checks of a register fragment of `N` elements with layout `F`: `F` is static and
/// `N == cosize(F)`. The public functions evaluate [`Fragment::CHECKED`] themselves, so that
/// the compile error points at the user's call.
pub(crate) struct Fragment<const N: usize, F>(PhantomData<F>);

impl<const N: usize, F: StaticLayout> Fragment<N, F> {
    pub(crate) const CHECKED: () = fragment_length(F::COSIZE, N, &F::LAYOUT);
}

/// CuTe's `make_tensor<T>(layout)` for a static fragment layout `F`: `N` default values
/// (registers), `N` checked to be `cosize(F)` while compiling ([`Fragment::CHECKED`]).
#[inline(always)]
pub(crate) fn register_fragment<T: Copy + Default, const N: usize, F: StaticLayout>()
-> Tensor<[T; N], F> {
    let () = Fragment::<N, F>::CHECKED;
    Tensor {
        engine: [T::default(); N],
        layout: F::VALUE,
        offset: C,
    }
}

/// What [`make_fragment_like`] takes: a tensor (by reference) or a layout.
///
/// ```
/// use cute_static::{layout, make_fragment_like, make_tensor, Tensor};
/// let t = make_tensor(&[0u8; 8][..], layout!((_2,_4):(_4,_1))).unwrap();
/// let a: Tensor<[u8; 8], _> = make_fragment_like(&t);
/// let b: Tensor<[u8; 8], _> = make_fragment_like(layout!((_2,_4):(_4,_1)));
/// assert_eq!(a.layout().to_string(), b.layout().to_string());
/// ```
pub trait FragmentSource {
    /// The layout a fragment like it copies.
    type Layout: TensorLayout;
}

impl<L: TensorLayout> FragmentSource for L {
    type Layout = L;
}

impl<E, L: TensorLayout, O> FragmentSource for &Tensor<E, L, O> {
    type Layout = L;
}

/// CuTe's `make_fragment_like(tensor)` and `make_fragment_like<T>(layout)`
/// (`tensor_impl.hpp`): a register fragment of `T`s with the shape of a tensor (or layout),
/// [`make_fragment_like_layout`](crate::make_fragment_like_layout) of its layout: mode 0 column-major, the other modes in the
/// order of their strides, so that copying between them vectorizes. A plain array of `N`
/// elements (no allocation, for device code), `N` inferred from the annotation and checked
/// against the fragment's cosize while compiling; the layout must be all static ("Dynamic
/// owning tensors not supported"). The elements start as `T::default()`.
///
/// ```
/// use cute_static::{layout, make_fragment_like, make_tensor, Tensor};
/// let data = vec![0.0f32; 4096];
/// let g = make_tensor(&data[..], layout!((_4,_2,_3):(_1,_512,_64))).unwrap();
/// let mut r: Tensor<[f32; 24], _> = make_fragment_like(&g);
/// assert_eq!(r.layout().to_string(), "(_4,_2,_3):(_1,_12,_4)");
/// r[(1, 1, 2)] = 2.0;
/// assert_eq!(r.data()[21], 2.0);
/// ```
///
/// ```compile_fail
/// // The fragment has 24 elements, not 16.
/// use cute_static::{layout, make_fragment_like, Tensor};
/// let r: Tensor<[f32; 16], _> = make_fragment_like(layout!((_4,_2,_3):(_1,_512,_64)));
/// ```
#[inline(always)]
pub fn make_fragment_like<T: Copy + Default, const N: usize, X: FragmentSource>(
    x: X,
) -> Tensor<[T; N], FragmentLayout<crate::ops::FragmentLike<X::Layout>>> {
    let _ = x;
    let () = Fragment::<N, FragmentLayout<crate::ops::FragmentLike<X::Layout>>>::CHECKED;
    register_fragment()
}

/// CuTe's `make_tensor_like(tensor)` and `make_tensor_like<T>(layout)`: a register tensor of
/// `T`s with the shape of a tensor (or layout) and [`make_layout_like`](crate::make_layout_like)
/// of its layout: compact, its strides in the order of the source's (where
/// [`make_fragment_like`] keeps mode 0 column-major). A plain array of `N` elements, `N`
/// checked against the layout's cosize while compiling; the layout must be all static. The
/// elements start as `T::default()`.
///
/// ```
/// use cute_static::{layout, make_tensor, make_tensor_like, Tensor};
/// let data = vec![0.0f32; 4096];
/// let g = make_tensor(&data[..], layout!((_4,_2,_3):(_1,_512,_64))).unwrap();
/// let r: Tensor<[f32; 24], _> = make_tensor_like(&g);
/// assert_eq!(r.layout().to_string(), "(_4,_2,_3):(_1,_12,_4)");
/// let t: Tensor<[u8; 12], _> = make_tensor_like(layout!((_4,_3):(_3,_1)));
/// assert_eq!(t.layout().to_string(), "(_4,_3):(_3,_1)");
/// ```
#[inline(always)]
pub fn make_tensor_like<T: Copy + Default, const N: usize, X: FragmentSource>(
    x: X,
) -> Tensor<[T; N], FragmentLayout<crate::ops::MakeLayoutLike<X::Layout>>> {
    let _ = x;
    let () = Fragment::<N, FragmentLayout<crate::ops::MakeLayoutLike<X::Layout>>>::CHECKED;
    register_fragment()
}
