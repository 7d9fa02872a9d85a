//! CuTe's `Tensor` (`tensor_impl.hpp`): an engine (where the elements are) and a layout (from a
//! coordinate to an element offset), at an offset into the engine.
//!
//! The engine is a borrowed slice, a mutable slice or an owned array (a register fragment).
//! A tensor over a slice checks once, when it is made, that every offset its layout reaches
//! lies in the slice; a fragment's array length is checked against the layout at compile time.
//! Indexing is safe Rust indexing of the slice at `offset + layout(coord)`: [`Tensor::get`]
//! returns `None` outside, `tensor[coord]` panics there as slice indexing does. No `unsafe`.
//! A swizzled layout over an array of a power-of-two length checks its unswizzled offset
//! instead, which lies in the array exactly when the swizzled one does and which LLVM bounds
//! as it bounds hand-written index arithmetic (then the check disappears, as in a hand-written
//! loop), and indexes the array with the swizzled offset masked to its length.
//!
//! Slicing with `_` and the partitions kernels use ([`local_tile`], [`local_partition`],
//! [`inner_partition`], [`outer_partition`]) give tensors over the same engine: a divide of the
//! layout followed by a slice, which moves the offset by `layout(crd)` (every `_` read as `_0`).
//! The new layout and offset are computed while compiling wherever they are static, so an
//! all-static tile of a tensor is a zero-sized layout and a constant offset, and a run-time
//! tile costs the index arithmetic CuTe's does.
//!
//! The layout may be a swizzled one (a [`ComposedOf`], e.g. a shared-memory tile): then the
//! slice is CuTe's `slice_and_offset` for swizzles. The offset moves by the bits of
//! `layout(crd)` the swizzle leaves alone; the result keeps the swizzle (the selected swizzle
//! bits as its offset) if its modes still reach a bit the swizzle moves, and otherwise decays
//! into a plain layout, the selected bits swizzled into the offset. Every element of the result
//! is the element of the tensor CuTe names. A run-time integer that selects swizzle bits (a
//! thread's index partitioning a shared-memory tile) gives CuTe's `MixedBits` offset, bits known
//! at run time, and the swizzle bits it decays with become run-time strides. A run-time shape left in a swizzled slice makes CuTe decay the swizzle without knowing that it
//! may; `tensor.layout().checked()` then reports [`Condition::SwizzleSliceDecay`](crate::Condition)
//! where it may not.
//!
//! ```
//! use cute_static::{coord, layout, local_partition, local_tile, make_tensor, tile};
//! // A 256x128 column-major matrix with a run-time leading dimension.
//! let (m, k, lda) = (256, 128, 256);
//! let data: Vec<f32> = (0..lda * k).map(|i| i as f32).collect();
//! let a = make_tensor(&data[..], layout!((m, k):(_1, lda))).unwrap();
//! // The (_128,_32) tile at (1, 2), then the elements thread 5 of a (_32,_8) thread layout owns.
//! let ta = local_tile(a, tile!((_128,_32)), coord!((1, 2)));
//! assert_eq!(ta.to_string(), "16512|(_128,_32):(_1,256)");
//! let tt = local_partition(ta, layout!((_32,_8):(_1,_32)), 5);
//! assert_eq!(tt.to_string(), "16517|(_4,_4):(_32,2048)");
//! assert_eq!(tt[(1, 2)], (16517 + 32 + 2 * 2048) as f32);
//!
//! // A swizzled (_64,_8) shared-memory tile: thread 3 of 8 owns 8 rows of it, still swizzled.
//! use cute_static::Swizzle;
//! let smem = Swizzle::<3, 3, 3>::new().composition(layout!((_64,_8):(_1,_64)));
//! let sa = make_tensor(&data[..512], smem).unwrap();
//! let mine = local_partition(sa, layout!((_8,_1):(_1,_0)), 3);
//! assert_eq!(mine.to_string(), "3|Sw<3,3,3> o _0 o (_8,_8):(_8,_64)");
//! assert_eq!(mine[(2, 5)], sa[(3 + 8 * 2, 5)]);
//! ```

// The result types of the partitions spell out their layout and offset expressions.
#![allow(clippy::type_complexity)]

use crate::algebra::arithmetic_tuple::{leaf_positions, zeros_like};
use crate::algebra::composed::{CL, Form};
use crate::algebra::exact as ex;
use crate::algebra::layout::PLAN_CAP;
use crate::algebra::swizzle::Swz;
use crate::algebra::swizzle_layout as sl;
use crate::algebra::tensor as ts;
use crate::algebra::tensor::Move;
use crate::algebra::tiled as tl;
use crate::atom::{Computed, Computes};
use crate::composed::ComposedOf;
use crate::coordinate::Coordinate;
use crate::coordinate::call_terms;
use crate::error::{LayoutError, Msg};
use crate::expr::{CExpr, CSym};
use crate::expr::{Expr, Sym};
use crate::int::C;
use crate::layout::{IsLayout, LayoutOf, StaticLayout, TensorLayout, call};
use crate::ops::{
    MakeIdentityLayout, arg, expr_methods, expr_type, make_identity_layout, sym, twin_check,
};
use crate::print::write_tree;
use crate::prog::{Op, Prog, Program, Straight, eval};
use crate::tree::{Kind, List, Tree, V};
use crate::tuple::{IntTuple, Leaves, SliceCoord, Static, Tiler};
use crate::values::{TupleOf, leaf_value};
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Index, IndexMut};

mod engine;
mod fragment;
mod identity;
mod partition;
mod tensor_layout;

pub use engine::*;
pub use fragment::*;
pub use identity::*;
pub use partition::*;
pub use tensor_layout::*;

/// A tensor: an engine `E`, a layout `L`, and the offset `O` of its origin in the engine (an
/// integer, static like `C<0>` or dynamic `i32`, or the offset an operation computed). CuTe
/// prints a tensor as its pointer and layout; this crate prints `offset|layout`, as the
/// conformance vectors do.
///
/// ```
/// use cute_static::{coord, layout, make_tensor};
/// let data: Vec<i32> = (0..24).collect();
/// let t = make_tensor(&data[..], layout!((_6,_4):(_4,_1))).unwrap();
/// assert_eq!(t.to_string(), "_0|(_6,_4):(_4,_1)");
/// assert_eq!(t[(2, 3)], 11);
/// let row = t.slice(coord!((2, _)));
/// assert_eq!(row.to_string(), "8|(_4):(_1)"); // a run-time 2: a run-time offset
/// assert_eq!(row[3], 11);
/// ```
#[derive(Clone, Copy)]
pub struct Tensor<E, L, O = C<0>> {
    pub(crate) engine: E,
    pub(crate) layout: L,
    pub(crate) offset: O,
}

/// Check that every offset of `layout` lies in `0..len`.
fn check_bounds<L: TensorLayout>(layout: &L, len: usize) -> Result<(), LayoutError> {
    match layout.offset_range() {
        Some((lo, hi)) if hi < lo => Ok(()),
        Some((lo, hi)) if lo >= 0 && hi <= i64::from(i32::MAX) && (hi as usize) < len => Ok(()),
        Some((lo, hi)) => Err(LayoutError::tensor_bounds(Some((lo, hi)), len)),
        None => Err(LayoutError::tensor_bounds(None, len)),
    }
}

/// CuTe's `make_tensor(ptr, layout)` over a slice: `Err` unless every offset the layout
/// reaches lies in the slice (checked once, here).
///
/// ```
/// use cute_static::{layout, make_tensor};
/// let data = [0.0f32; 32];
/// assert!(make_tensor(&data[..], layout!((_4,_8):(_1,_4))).is_ok());
/// let err = make_tensor(&data[..], layout!((_4,_8):(_1,_5))).map(|_| ()).unwrap_err();
/// assert_eq!(err.to_string(), "tensor layout reaches offsets 0..=38, outside the 32 elements of its data");
/// ```
pub fn make_tensor<T, L: TensorLayout>(
    data: &[T],
    layout: L,
) -> Result<Tensor<&[T], L>, LayoutError> {
    check_bounds(&layout, data.len())?;
    Ok(Tensor {
        engine: data,
        layout,
        offset: C,
    })
}

/// [`make_tensor`] over a mutable slice.
///
/// ```
/// use cute_static::{layout, make_tensor_mut};
/// let mut data = [0; 8];
/// let mut t = make_tensor_mut(&mut data[..], layout!((_2,_4):(_4,_1))).unwrap();
/// t[(1, 2)] = 5;
/// assert_eq!(data[6], 5);
/// ```
pub fn make_tensor_mut<T, L: TensorLayout>(
    data: &mut [T],
    layout: L,
) -> Result<Tensor<&mut [T], L>, LayoutError> {
    check_bounds(&layout, data.len())?;
    Ok(Tensor {
        engine: data,
        layout,
        offset: C,
    })
}

impl<E, L: TensorLayout> Tensor<E, L> {
    /// CuTe's `make_tensor(iterator, layout)` over an engine that is neither a slice nor an
    /// array: a pointer into memory this crate cannot see, such as a GPU's global or shared
    /// memory (the `cute-gpu` crate's engines). Nothing is checked here and nothing can be read
    /// through such a tensor from this crate: its engine's own crate reads and writes at
    /// [`Tensor::offset`] plus the layout's [`TensorLayout::offset`], after checking them
    /// against what it knows of its memory. The tensor operations (slices, divides,
    /// partitions) work on it as on any tensor.
    ///
    /// ```
    /// use cute_static::{layout, local_partition, Tensor};
    /// #[derive(Clone, Copy)]
    /// struct DevicePtr(u64);                      // an address the host cannot read
    /// let t = Tensor::from_engine(DevicePtr(0x7000), layout!((_64,_8):(_1,_64)));
    /// let mine = local_partition(t, layout!((_16,_8):(_1,_16)), 21);
    /// assert_eq!((mine.engine().0, mine.offset()), (0x7000, 5 + 64));
    /// assert_eq!(mine.layout().to_string(), "(_4,_1):(_16,_0)");
    /// ```
    #[inline(always)]
    pub fn from_engine(engine: E, layout: L) -> Self {
        Tensor {
            engine,
            layout,
            offset: C,
        }
    }
}

impl<E, L: TensorLayout, O: IntTuple> Tensor<E, L, O> {
    /// The layout.
    ///
    /// ```
    /// let t = cute_static::make_tensor(&[1, 2][..], cute_static::layout!(_2:_1)).unwrap();
    /// assert_eq!(t.layout().to_string(), "_2:_1");
    /// ```
    #[inline(always)]
    pub fn layout(&self) -> &L {
        &self.layout
    }

    /// CuTe's `size(tensor)`: the number of elements of its layout's domain.
    ///
    /// ```
    /// let m = 6;
    /// let t = cute_static::make_tensor(&[0; 24][..], cute_static::layout!((m,_4):(_4,_1))).unwrap();
    /// assert_eq!(t.size(), 24);
    /// ```
    #[inline(always)]
    pub fn size(&self) -> i32 {
        self.layout.size()
    }

    /// CuTe's `size<I>(tensor)`: the size of mode `I`.
    ///
    /// ```
    /// let t = cute_static::make_fragment([0; 24], cute_static::layout!((_6,_4):(_4,_1)));
    /// assert_eq!((t.size_mode::<0>(), t.size_mode::<1>()), (6, 4));
    /// ```
    #[inline(always)]
    pub fn size_mode<const I: usize>(&self) -> i32 {
        self.layout.size_mode::<I>()
    }

    /// CuTe's `shape(tensor)`: the shape of its layout, an IntTuple value.
    ///
    /// ```
    /// use cute_static::{layout, make_fragment, make_layout};
    /// let t = make_fragment([0; 24], layout!((_6,_4):(_4,_1)));
    /// assert_eq!(t.shape().to_string(), "(_6,_4)");
    /// assert_eq!(make_layout(t.shape()).to_string(), "(_6,_4):(_1,_6)");
    /// ```
    #[inline(always)]
    pub fn shape(&self) -> crate::ops::Shape<L> {
        crate::ops::shape(self.layout)
    }

    /// CuTe's `cosize(tensor)`: the cosize of its layout.
    ///
    /// ```
    /// let t = cute_static::make_fragment([0; 12], cute_static::layout!((_3,_4):(_4,_1)));
    /// assert_eq!(t.cosize(), 12);
    /// ```
    #[inline(always)]
    pub fn cosize(&self) -> i32 {
        self.layout.cosize()
    }

    /// CuTe's `rank(tensor)`.
    ///
    /// ```
    /// let t = cute_static::make_fragment([0; 24], cute_static::layout!((_6,(_2,_2)):(_4,(_1,_2))));
    /// assert_eq!(t.rank(), 2);
    /// ```
    #[inline(always)]
    pub fn rank(&self) -> usize {
        self.layout.rank()
    }

    /// The offset of the tensor's origin in its engine.
    ///
    /// ```
    /// use cute_static::{coord, layout, make_tensor};
    /// let t = make_tensor(&[0; 12][..], layout!((_3,_4):(_4,_1))).unwrap();
    /// assert_eq!(t.slice(coord!((2, _))).offset(), 8);
    /// ```
    #[inline(always)]
    pub fn offset(&self) -> i32 {
        leaf_value(&self.offset)
    }

    /// The engine: the slice, the array, or the pointer of [`Tensor::from_engine`].
    ///
    /// ```
    /// let t = cute_static::make_tensor(&[1, 2, 3][..], cute_static::layout!(_2:_1)).unwrap();
    /// assert_eq!(t.engine().len(), 3);
    /// ```
    #[inline(always)]
    pub fn engine(&self) -> &E {
        &self.engine
    }

    /// The engine, writable (a register fragment's array, or a device pointer's crate writing
    /// through it).
    ///
    /// ```
    /// let mut t = cute_static::make_fragment([0; 4], cute_static::layout!(_4:_1));
    /// t.engine_mut()[2] = 5;
    /// assert_eq!(t[2], 5);
    /// ```
    #[inline(always)]
    pub fn engine_mut(&mut self) -> &mut E {
        &mut self.engine
    }
}

impl<E, L: IsLayout, O: IntTuple> Tensor<E, L, O> {
    /// CuTe's `stride(tensor)`: the stride of its (plain) layout, an IntTuple value.
    ///
    /// ```
    /// let n = 9;
    /// let t = cute_static::make_tensor(&[0; 40][..], cute_static::layout!((_4,_4):(n,_1))).unwrap();
    /// assert_eq!(t.stride().to_string(), "(9,_1)");
    /// ```
    #[inline(always)]
    pub fn stride(&self) -> crate::ops::Stride<L> {
        crate::ops::stride(self.layout)
    }
}

impl<E: Engine, L: TensorLayout, O: IntTuple> Tensor<E, L, O> {
    /// The engine's elements (the whole slice or array, not only the tensor's).
    ///
    /// ```
    /// let t = cute_static::make_tensor(&[1, 2, 3][..], cute_static::layout!(_2:_1)).unwrap();
    /// assert_eq!(t.data().len(), 3);
    /// ```
    pub fn data(&self) -> &[E::Elem] {
        self.engine.data()
    }

    /// `N - 1` for an engine of `N` elements, `N` a power of two fixed by the engine's type, and
    /// a layout whose offsets agree with its unswizzled offsets but in the bits below `P <= N`
    /// ([`TensorLayout::BLOCK`] > 1: a swizzled layout) at a static tensor offset that is a
    /// multiple of `P`: then an index lies in `0..N` exactly when the unswizzled one does, and
    /// equals itself masked with `N - 1` there. 0 otherwise.
    const MASK: u32 = {
        let block = L::BLOCK;
        let aligned = O::NDYN == 0 && (O::TREE.value().v as u32) % block == 0;
        match E::LEN {
            Some(n)
                if block > 1
                    && aligned
                    && n.is_power_of_two()
                    && n >= block as usize
                    && n <= 1 << 31 =>
            {
                (n - 1) as u32
            }
            _ => 0,
        }
    };

    /// Where `coord` is in the engine: `offset + layout(coord)` in CuTe's `int` arithmetic, as
    /// `layout(coord)` itself (exact for the coordinates of the domain: the tensor was made
    /// with every offset in `0..=i32::MAX`).
    #[inline(always)]
    fn position<Cd: Coordinate>(&self, coord: Cd) -> Position {
        let offset = self.offset();
        if const { Self::MASK == 0 } {
            let at = offset.wrapping_add(self.layout.offset(coord));
            Position {
                at,
                bound: at,
                mask: 0,
            }
        } else {
            let (at, unswizzled) = self.layout.offset_and_unswizzled(coord);
            Position {
                at: offset.wrapping_add(at),
                bound: offset.wrapping_add(unswizzled),
                mask: Self::MASK,
            }
        }
    }

    /// The element at `coord` (an index or a coordinate), `None` if it lies outside the
    /// engine (a coordinate outside the shape may still land inside; CuTe does not check
    /// coordinates either).
    ///
    /// ```
    /// use cute_static::{layout, make_tensor};
    /// let t = make_tensor(&[10, 11, 12, 13][..], layout!((_2,_2):(_2,_1))).unwrap();
    /// assert_eq!(t.get((1, 0)), Some(&12));
    /// assert_eq!(t.get((5, 0)), None);
    /// ```
    #[inline(always)]
    pub fn get<Cd: Coordinate>(&self, coord: Cd) -> Option<&E::Elem> {
        self.position(coord).get(self.engine.data())
    }

    /// A tensor borrowing this one's elements, with the same layout and offset.
    ///
    /// ```
    /// use cute_static::{layout, make_fragment};
    /// let frag = make_fragment([1, 2, 3, 4], layout!((_2,_2):(_1,_2)));
    /// assert_eq!(frag.view()[(1, 1)], 4);
    /// ```
    pub fn view(&self) -> Tensor<&[E::Elem], L, O> {
        Tensor {
            engine: self.engine.data(),
            layout: self.layout,
            offset: self.offset,
        }
    }
}

impl<E: EngineMut, L: TensorLayout, O: IntTuple> Tensor<E, L, O> {
    /// The element at `coord`, writable; `None` if it lies outside the engine.
    ///
    /// ```
    /// use cute_static::{layout, make_fragment};
    /// let mut frag = make_fragment([0; 4], layout!((_2,_2):(_1,_2)));
    /// *frag.get_mut((1, 1)).unwrap() = 9;
    /// assert_eq!(frag.data(), &[0, 0, 0, 9]);
    /// ```
    #[inline(always)]
    pub fn get_mut<Cd: Coordinate>(&mut self, coord: Cd) -> Option<&mut E::Elem> {
        self.position(coord).get_mut(self.engine.data_mut())
    }

    /// A tensor borrowing this one's elements mutably, with the same layout and offset.
    ///
    /// ```
    /// use cute_static::{coord, layout, make_fragment};
    /// let mut frag = make_fragment([0; 6], layout!((_2,_3):(_3,_1)));
    /// let mut row = frag.view_mut().slice(coord!((1, _)));
    /// row[2] = 7;
    /// assert_eq!(frag.data(), &[0, 0, 0, 0, 0, 7]);
    /// ```
    pub fn view_mut(&mut self) -> Tensor<&mut [E::Elem], L, O> {
        Tensor {
            engine: self.engine.data_mut(),
            layout: self.layout,
            offset: self.offset,
        }
    }
}

#[cold]
#[inline(never)]
fn index_failed(len: usize) -> ! {
    // Reached only through `tensor[coord]` (Rust's `Index` contract, as for slices, which
    // cannot return an error) with a coordinate whose offset lies outside the engine; the
    // checked forms `get`/`get_mut` return `None` there instead.
    let (head, tail) = (
        "tensor index out of bounds: the coordinate's offset",
        "elements of its engine",
    );
    panic!("{head} is not in the {len} {tail}") // by design, as `slice[i]`: `Index` cannot return an error
}

/// `tensor[coord]`: the element at `coord`. Panics, as slice indexing does, if it lies outside
/// the engine ([`Tensor::get`] returns `None` instead).
impl<E: Engine, L: TensorLayout, O: IntTuple, Cd: Coordinate> Index<Cd> for Tensor<E, L, O> {
    type Output = E::Elem;
    #[inline(always)]
    fn index(&self, coord: Cd) -> &E::Elem {
        let data = self.engine.data();
        match self.position(coord).get(data) {
            Some(x) => x,
            None => index_failed(data.len()),
        }
    }
}

/// `tensor[coord] = x`. Panics, as slice indexing does, if `coord` lies outside the engine
/// ([`Tensor::get_mut`] returns `None` instead).
impl<E: EngineMut, L: TensorLayout, O: IntTuple, Cd: Coordinate> IndexMut<Cd> for Tensor<E, L, O> {
    #[inline(always)]
    fn index_mut(&mut self, coord: Cd) -> &mut E::Elem {
        let at = self.position(coord);
        let data = self.engine.data_mut();
        let len = data.len();
        match at.get_mut(data) {
            Some(x) => x,
            None => index_failed(len),
        }
    }
}

/// An element's place in an engine: index `at` (a negative one lies past any slice). With a
/// nonzero `mask`, `M - 1` for an engine of `M` elements (a power of two): `at` is in `0..M`
/// exactly when `bound` is, and is `at & mask` there, so the bounds check is on `bound` (which
/// LLVM can prove in range, as it proves index arithmetic) and the masked index needs none.
#[derive(Clone, Copy)]
struct Position {
    at: i32,
    bound: i32,
    mask: u32,
}

impl Position {
    /// The index to look up in an engine of `len` elements; `None` when the mask shows it
    /// outside.
    #[inline(always)]
    fn index(self, len: usize) -> Option<usize> {
        if self.mask != 0 && len == self.mask as usize + 1 {
            ((self.bound as u32) <= self.mask).then_some((self.at as u32 & self.mask) as usize)
        } else {
            Some(self.at as isize as usize)
        }
    }

    #[inline(always)]
    fn get<T>(self, data: &[T]) -> Option<&T> {
        data.get(self.index(data.len())?)
    }

    #[inline(always)]
    fn get_mut<T>(self, data: &mut [T]) -> Option<&mut T> {
        data.get_mut(self.index(data.len())?)
    }
}

impl<E: Engine, L: fmt::Display, O: fmt::Display> fmt::Display for Tensor<E, L, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}|{}", self.offset, self.layout)
    }
}

/// An identity tensor prints as CuTe prints it: `ArithTuple(origin) o layout`.
impl<L: fmt::Display, O: fmt::Display> fmt::Display for Tensor<ArithmeticTupleIterator, L, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ArithTuple{} o {}", self.offset, self.layout)
    }
}

impl<E, L, O> fmt::Debug for Tensor<E, L, O>
where
    Self: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::{Swizzle, layout, make_composed_layout};

    /// The element `get` must give: `data[layout(coord)]` (wrapping in `i32`), `None` outside.
    fn expected<L: TensorLayout, Cd: Coordinate>(data: &[i32], l: &L, coord: Cd) -> Option<i32> {
        data.get(l.offset(coord) as isize as usize).copied()
    }

    /// Every access form agrees with [`expected`] at the coordinates `(i, j)` for `i`, `j` in
    /// `coords` and at the indices `k` in `coords`, the fragment holding `0, 1, 2, ...`.
    fn agrees<const N: usize, L: TensorLayout>(l: L, coords: &[i32]) {
        let data: [i32; N] = core::array::from_fn(|k| k as i32);
        let mut t = make_fragment(data, l);
        let mut panics = 0;
        let mut check = |coord: (i32, i32)| {
            let want = expected(&data, &l, coord);
            assert_eq!(t.get(coord).copied(), want, "get {coord:?}");
            assert_eq!(t.get_mut(coord).map(|x| *x), want, "get_mut {coord:?}");
            match want {
                Some(x) => assert_eq!((t[coord], &mut t[coord]), (x, &mut { x })),
                None if panics < 2 => {
                    panics += 1;
                    let t = std::panic::AssertUnwindSafe(&t);
                    assert!(std::panic::catch_unwind(|| t[coord]).is_err(), "{coord:?}");
                }
                None => {}
            }
        };
        for &i in coords {
            for &j in coords {
                check((i, j));
            }
        }
        for &k in coords {
            assert_eq!(t.get(k).copied(), expected(&data, &l, k), "get {k}");
        }
        for k in 0..N as i32 {
            let coord = (k / 32, k % 32);
            if let Some(x) = t.get_mut(coord) {
                *x = -1;
                assert_eq!(expected(t.data(), &l, coord), Some(-1), "write {coord:?}");
            }
        }
    }

    fn mask<const N: usize, L: TensorLayout>(_: &L) -> u32 {
        Tensor::<[i32; N], L>::MASK
    }

    const COORDS: [i32; 14] = [
        i32::MIN,
        -33,
        -1,
        0,
        1,
        5,
        31,
        32,
        33,
        64,
        1000,
        1 << 26,
        i32::MAX - 1,
        i32::MAX,
    ];

    #[test]
    fn swizzled_fragments_index_as_their_layout() {
        let sw505 = Swizzle::<5, 0, 5>::new().composition(layout!((_32, _32):(_32, _1)));
        assert_eq!(mask::<1024, _>(&sw505), 1023);
        assert_eq!(mask::<1500, _>(&sw505), 0);
        agrees::<1024, _>(sw505, &COORDS);
        agrees::<2048, _>(sw505, &COORDS); // a longer array: offsets past the layout's
        agrees::<1500, _>(sw505, &COORDS); // not a power of two: the swizzled offset is checked
        let sw_neg = Swizzle::<2, 1, { -3 }>::new().composition(layout!((_8, _32):(_32, _1)));
        assert_eq!(mask::<256, _>(&sw_neg), 255);
        agrees::<256, _>(sw_neg, &COORDS);
        let with_offset = make_composed_layout(
            Swizzle::<3, 0, 3>::new(),
            C::<16>,
            layout!((_32, _8):(_8, _1)),
        );
        assert_eq!(mask::<512, _>(&with_offset), 511);
        agrees::<512, _>(with_offset, &COORDS);
        let sign_bit = Swizzle::<1, 0, 31>::new().composition(layout!((_2, _2):(_1, _0)));
        assert_eq!(mask::<2, _>(&sign_bit), 0);
        agrees::<2, _>(sign_bit, &COORDS);
    }

    #[test]
    fn blocks_of_swizzles() {
        use crate::algebra::swizzle::Swz;
        assert_eq!(Swz::new(5, 0, 5).block(), 32);
        assert_eq!(Swz::new(3, 4, 3).block(), 128);
        assert_eq!(Swz::new(2, 1, -3).block(), 64);
        assert_eq!(Swz::new(0, 4, 3).block(), 1);
        assert_eq!(Swz::new(1, 0, 31).block(), 1); // yyy has the sign bit
        assert_eq!(Swz::new(1, 30, -1).block(), 1); // zzz has the sign bit
        assert_eq!(Swz::new(1, 29, -1).block(), 1 << 31);
    }
}
