//! A tiled copy's source tiles checked once for a whole k-loop: CuTe's `tAgA(_,_,_,k)`.
//!
//! A copy checks its tensors at each call (`copy.rs`): that they lie in their memory, and that
//! each vector is aligned. In a GEMM's k-loop the source is a new slice of the same tensor at
//! every iteration, so those checks run once per k-tile, inside the loop: on the H100 the
//! range and alignment checks of `sgemm_2_nt`'s two loads cost it 4% (43.5 against 45.7
//! TFLOP/s for the same PTX without them). [`Tiles`] checks the tensor of all the tiles once,
//! before the loop; a tile of it ([`Tiles::slice`]) only checks that its index lies in the
//! last mode, which the loop's own bound usually proves.
//!
//! Why one check suffices:
//! * in memory: a slice's offsets are offsets of the tensor it was cut from, at coordinates of
//!   its domain, so they lie in the memory if the whole tensor's do;
//! * aligned: the slices along the last mode of a plain layout are translates of slice 0 by
//!   `layout(0, ..., 0, k)`, a multiple of the greatest common divisor of that mode's strides
//!   ([`TensorLayout::last_mode_stride_gcd`]); so every slice's vectors are aligned if slice
//!   0's are and that divisor is a multiple of a vector. Where this cannot be shown (a
//!   swizzled layout), each copy checks the alignment of its vectors as before.

use crate::arch::trap;
use crate::elem::Elem;
use crate::memory::{Memory, outside};
use core::marker::PhantomData;
use cute_static::{
    IntTuple, IsCopyAtom, IsTiledCopy, SliceCoord, SliceLayout, SliceOffset, Tensor, TensorLayout,
    Underscore,
};

/// What [`Tiles`] verified of a tile when it was made (all false for a plain tensor).
#[derive(Clone, Copy)]
pub(crate) struct Verified {
    /// Every offset lies in the memory.
    pub(crate) in_memory: bool,
    /// The vectors of this many elements (at indices `v * K ..`) are aligned to their size
    /// (0: not verified).
    pub(crate) aligned_for: i32,
}

impl Verified {
    pub(crate) const NOTHING: Verified = Verified {
        in_memory: false,
        aligned_for: 0,
    };
}

mod sealed {
    pub trait Sealed {}
}

/// The source of a [`copy_with`](crate::copy_with): a tensor, checked by each copy, or a tile of
/// [`Tiles`], checked once for all its tiles.
///
/// ```ignore
/// copy_with(copy_a, &t_a_g_a.slice(coord!((_, _, _, k))), &mut t_a_r_a); // a tensor
/// copy_with(copy_a, &tiles_a.slice(coord!((_, _, _, k))), &mut t_a_r_a); // a tile
/// ```
pub trait CopySource<T: Elem>: sealed::Sealed {
    /// The memory read.
    type Memory: Memory<T>;
    /// The tensor's layout.
    type Layout: TensorLayout;
    /// The tensor's offset.
    type Offset: IntTuple;
    /// The tensor read.
    ///
    /// ```ignore
    /// let layout = tiles_a.slice(coord!((_, _, _, 0))).tensor().layout(); // (CPY,CPY_M,CPY_K)
    /// ```
    fn tensor(&self) -> &Tensor<Self::Memory, Self::Layout, Self::Offset>;
    /// What was checked when it was made.
    #[doc(hidden)]
    #[allow(private_interfaces)]
    fn verified(&self) -> Verified;
}

impl<M, L, O> sealed::Sealed for Tensor<M, L, O> {}

impl<T: Elem, M: Memory<T>, L: TensorLayout, O: IntTuple> CopySource<T> for Tensor<M, L, O> {
    type Memory = M;
    type Layout = L;
    type Offset = O;
    #[inline(always)]
    fn tensor(&self) -> &Self {
        self
    }
    #[inline(always)]
    #[allow(private_interfaces)]
    fn verified(&self) -> Verified {
        Verified::NOTHING
    }
}

/// A slice coordinate that keeps every mode but the last and picks index `k` of the last:
/// `(_, k)`, `(_, _, k)`, ... (what `coord!((_, _, _, k))` makes), for ranks 2 to 6.
///
/// ```ignore
/// let crd = coord!((_, _, _, k_tile)); // (Underscore, Underscore, Underscore, i32)
/// assert_eq!(crd.index(), k_tile);
/// ```
pub trait LastModeIndex: SliceCoord {
    /// The index in the last mode.
    ///
    /// ```ignore
    /// assert_eq!(coord!((_, 3)).index(), 3);
    /// ```
    fn index(&self) -> i32;
    /// This coordinate at index `k`.
    ///
    /// ```ignore
    /// let crd = <(Underscore, i32)>::at(3); // coord!((_, 3))
    /// ```
    fn at(k: i32) -> Self;
    /// The extent of the last mode of `layout`, whose rank must be this coordinate's (a trap
    /// otherwise): CuTe's `size<R-1>(layout)`.
    ///
    /// ```ignore
    /// assert_eq!(<(Underscore, i32)>::extent(&layout!((_4, k):(_1, _4))), k);
    /// ```
    fn extent<L: TensorLayout>(layout: &L) -> i32;
}

macro_rules! last_mode_index {
    ($last:literal: $($u:ident),+) => {
        impl LastModeIndex for ($($u,)+ i32) {
            #[inline(always)]
            fn index(&self) -> i32 {
                let (.., k) = self;
                *k
            }
            #[inline(always)]
            fn at(k: i32) -> Self {
                ($($u,)+ k)
            }
            #[inline(always)]
            fn extent<L: TensorLayout>(layout: &L) -> i32 {
                if layout.rank() != $last + 1 {
                    trap() // a constant: never for a coordinate of the layout's rank
                }
                layout.size_mode::<$last>()
            }
        }
    };
}

last_mode_index!(1: Underscore);
last_mode_index!(2: Underscore, Underscore);
last_mode_index!(3: Underscore, Underscore, Underscore);
last_mode_index!(4: Underscore, Underscore, Underscore, Underscore);
last_mode_index!(5: Underscore, Underscore, Underscore, Underscore, Underscore);

/// The tiles of a tensor along its last mode, for the copies of `TC` (CuTe's `tAgA` of a
/// GEMM's k-loop: `(CPY,CPY_M,CPY_K,k)`), checked once: the whole tensor lies in its memory,
/// and, where its layout shows it, every tile's vectors of `TC`'s atom are aligned. Its tiles
/// ([`Tiles::slice`]) go to [`copy_with`](crate::copy_with) without those checks.
///
/// ```ignore
/// let tiles_a = cute_gpu::tiles(copy_a, t_a_g_a); // (CPY,CPY_M,CPY_K,k)
/// for k in 0..tiles_a.len() {
///     copy_with(copy_a, &tiles_a.slice(coord!((_, _, _, k))), &mut t_a_r_a);
/// }
/// ```
pub struct Tiles<TC, Cd, M, L, O> {
    tensor: Tensor<M, L, O>,
    len: i32,
    aligned_for: i32,
    kind: PhantomData<(TC, Cd)>,
}

/// One tile of [`Tiles`]: CuTe's `tAgA(_,_,_,k)`, checked when its [`Tiles`] was made; a
/// [`CopySource`] that [`copy_with`](crate::copy_with) reads without checking it again.
///
/// ```ignore
/// let tile = tiles_a.slice(coord!((_, _, _, k))); // (CPY,CPY_M,CPY_K)
/// copy_with(copy_a, &tile, &mut t_a_r_a);
/// ```
pub struct Tile<M, L, O> {
    tensor: Tensor<M, L, O>,
    aligned_for: i32,
}

impl<M, L, O> sealed::Sealed for Tile<M, L, O> {}

impl<T: Elem, M: Memory<T>, L: TensorLayout, O: IntTuple> CopySource<T> for Tile<M, L, O> {
    type Memory = M;
    type Layout = L;
    type Offset = O;
    #[inline(always)]
    fn tensor(&self) -> &Tensor<M, L, O> {
        &self.tensor
    }
    #[inline(always)]
    #[allow(private_interfaces)]
    fn verified(&self) -> Verified {
        Verified {
            in_memory: true,
            aligned_for: self.aligned_for,
        }
    }
}

/// [`Tiles`] of `tensor` for the copies of `tiled_copy`: traps unless the whole tensor lies in
/// its memory and, for a plain layout in memory with an address, every tile's vectors are
/// aligned to their size (which a launch the host checked never does; a swizzled layout's
/// copies check their vectors' alignment each time).
///
/// ```ignore
/// let tiles_a = cute_gpu::tiles(copy_a, thr_copy_a.partition_S(g_a)); // (CPY,CPY_M,CPY_K,k)
/// ```
#[inline(always)]
pub fn tiles<TC, Cd, T, M, L, O>(tiled_copy: TC, tensor: Tensor<M, L, O>) -> Tiles<TC, Cd, M, L, O>
where
    TC: IsTiledCopy,
    Cd: LastModeIndex,
    T: Elem,
    M: Memory<T> + Copy,
    L: TensorLayout,
    O: IntTuple,
{
    let _ = tiled_copy;
    if outside(&tensor) {
        trap()
    }
    // Slice 0's vectors aligned, and every other slice a translate of it by a multiple of a
    // vector: then every slice's vectors are aligned.
    let k = <TC::Atom as IsCopyAtom>::NUM_VAL_SRC;
    let bytes = i64::from(k) * i64::from(T::BITS / 8);
    let step = tensor.layout().last_mode_stride_gcd();
    let first = tensor.slice(Cd::at(0));
    let aligned = match (tensor.engine().base(), step) {
        (Some(base), Some(step)) => {
            let n = first.layout().size();
            let ok = k > 0
                && n % k == 0
                && step * i64::from(T::BITS / 8) % bytes == 0
                && (0..n / k).all(|v| {
                    let at = i64::from(first.offset()) + i64::from(first.layout().offset(v * k));
                    (base as i64).wrapping_add(at * i64::from(T::BITS / 8)) % bytes == 0
                });
            if !ok {
                trap() // a tile's vector is not aligned to its size: no copy of it could run
            }
            true
        }
        _ => false,
    };
    Tiles {
        len: Cd::extent(tensor.layout()),
        tensor,
        aligned_for: if aligned { k } else { 0 },
        kind: PhantomData,
    }
}

impl<TC, Cd, M, L, O> Tiles<TC, Cd, M, L, O>
where
    Cd: LastModeIndex,
    M: Copy,
    L: TensorLayout,
    O: IntTuple,
{
    /// The number of tiles (the extent of the last mode): CuTe's `size<3>(tAgA)`.
    ///
    /// ```ignore
    /// let k_tile_max = tiles_a.len();
    /// ```
    #[inline(always)]
    #[allow(clippy::len_without_is_empty)] // a k-loop's bound; emptiness is never asked
    pub fn len(&self) -> i32 {
        self.len
    }

    /// Tile `k`: CuTe's `tAgA(_,_,_,k)`. Traps unless `0 <= k < len()` (a constant check
    /// where the loop's bound is `len()`).
    ///
    /// ```ignore
    /// copy_with(copy_a, &tiles_a.slice(coord!((_, _, _, k_tile_next))), &mut t_a_r_a);
    /// ```
    #[inline(always)]
    pub fn slice(&self, crd: Cd) -> Tile<M, SliceLayout<L, Cd>, SliceOffset<O, L, Cd>> {
        let k = crd.index();
        if k < 0 || k >= self.len {
            trap()
        }
        Tile {
            tensor: self.tensor.slice(crd),
            aligned_for: self.aligned_for,
        }
    }
}
