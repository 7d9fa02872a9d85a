//! CuTe's `Tensor<Engine, Layout>` over elements: a [`DataTensor`] is an engine (a shared slice
//! `&[T]`, a mutable slice `&mut [T]`, or an owned `Vec<T>`, CuTe's register fragment) and the
//! layout-level [`Tensor`] `OFF|L` that says where each element lies in it.
//!
//! The partitions are those of [`Tensor`], applied to the layout: the data tensor keeps its
//! engine. Every offset the layout can produce is checked against the data once, when the
//! tensor is made ([`make_tensor_on`]); element access ([`DataTensor::get`]) is checked again
//! and never panics.
//!
//! ```
//! use cute_dynamic::{make_tensor_on, Layout};
//! // CuTe: Tensor A = make_tensor(data, make_layout(make_shape(4, 6)));
//! let data: Vec<i32> = (0..24).collect();
//! let a = make_tensor_on(&data[..], "(4,6):(1,4)".parse::<Layout>()?)?;
//! // CuTe: local_tile(A, make_shape(_2,_3), make_coord(1, 1))
//! let tile = a.view().local_tile(&"(_2,_3)".parse()?, &"(1,1)".parse()?)?;
//! assert_eq!(tile.to_string(), "14|(_2,_3):(1,4)");
//! assert_eq!(*tile.get((1, 2))?, 23);
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::composed::{AnyLayout, LayoutFn};
use crate::coord::Coord;
use crate::error::{ErrorKind, LayoutError, Result};
use crate::fragment::{make_fragment_like_layout, make_layout_like};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::{CoordRef, Layout};
use crate::prelude::*;
use crate::tensor::{self, Tensor};
use crate::tiler::Tiler;
use core::fmt;

/// The storage of a [`DataTensor`]: CuTe's engine (here, a slice of elements).
///
/// ```
/// use cute_dynamic::Engine;
/// let v = vec![1, 2, 3];
/// assert_eq!((&v[..]).data(), [1, 2, 3]);
/// ```
pub trait Engine {
    /// The element type (CuTe's `value_type`).
    type Elem;
    /// The elements.
    fn data(&self) -> &[Self::Elem];
}

/// An engine whose elements can be written.
///
/// ```
/// use cute_dynamic::EngineMut;
/// let mut v = vec![1, 2, 3];
/// v.data_mut()[0] = 7;
/// assert_eq!(v, [7, 2, 3]);
/// ```
pub trait EngineMut: Engine {
    /// The elements, writable.
    fn data_mut(&mut self) -> &mut [Self::Elem];
}

impl<T> Engine for &[T] {
    type Elem = T;
    fn data(&self) -> &[T] {
        self
    }
}

impl<T> Engine for &mut [T] {
    type Elem = T;
    fn data(&self) -> &[T] {
        self
    }
}

impl<T> EngineMut for &mut [T] {
    fn data_mut(&mut self) -> &mut [T] {
        self
    }
}

impl<T> Engine for Vec<T> {
    type Elem = T;
    fn data(&self) -> &[T] {
        self
    }
}

impl<T> EngineMut for Vec<T> {
    fn data_mut(&mut self) -> &mut [T] {
        self
    }
}

/// CuTe's `Tensor<Engine, Layout>` over data: an engine `E` (`&[T]`, `&mut [T]` or `Vec<T>`)
/// and a memory tensor `OFF|L` whose offsets all lie in the engine's elements.
///
/// The partitions (`slice`, `compose`, the divides, `local_tile`, `local_partition`, ...)
/// take the tensor by value and keep its engine: call [`DataTensor::view`] or
/// [`DataTensor::view_mut`] first to partition a borrowed view and keep the tensor.
///
/// ```
/// use cute_dynamic::{make_tensor_on, Layout};
/// let mut data = vec![0.0f32; 12];
/// let mut t = make_tensor_on(&mut data[..], "(3,4):(4,1)".parse::<Layout>()?)?;
/// *t.get_mut((2, 1))? = 5.0;          // CuTe: t(2,1) = 5
/// assert_eq!(data[9], 5.0);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataTensor<E> {
    engine: E,
    offset: Int,
    layout: AnyLayout,
    shape: IntTuple,
    size: Int,
}

/// CuTe's `make_tensor(ptr, layout)` on data: the tensor `_0|layout` over `engine` (`&[T]`,
/// `&mut [T]` or `Vec<T>`), [`make_tensor_at`] at offset `_0`.
///
/// ```
/// use cute_dynamic::{make_tensor_on, Layout, ComposedLayout};
/// let data = [10, 11, 12, 13, 14, 15];
/// let t = make_tensor_on(&data[..], "(2,3):(3,1)".parse::<Layout>()?)?;
/// assert_eq!(*t.get(1)?, 13);                       // index 1 is (1,0)
/// let e = make_tensor_on(&data[..], "(2,3):(3,2)".parse::<Layout>()?).unwrap_err();
/// assert_eq!(e.to_string(), "make_tensor: out of range: layout (2,3):(3,2) at offset _0 \
///     reaches offsets 0 to 7, outside data of 6 elements");
/// // A swizzled layout is checked at every offset it produces.
/// let s = "Sw<1,0,1> o _0 o (_2,_2):(_1,_2)".parse::<ComposedLayout>()?;
/// assert_eq!(*make_tensor_on(&data[..], s)?.get(1)?, 11);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_tensor_on<E: Engine>(engine: E, layout: impl Into<AnyLayout>) -> Result<DataTensor<E>> {
    make_tensor_at(engine, Int::new_static(0), layout)
}

/// CuTe's `make_tensor(ptr + offset, layout)` on data: the tensor `offset|layout` over
/// `engine`. Checks once that every offset `offset + layout(c)` lies in the data (plain or
/// swizzled layouts, negative strides included; an empty layout always fits): `Err`
/// ([`ErrorKind::OutOfRange`]) naming the offsets and the length otherwise.
///
/// ```
/// use cute_dynamic::{make_tensor_at, Int, Layout};
/// let data = [10, 11, 12, 13, 14, 15];
/// // A negative stride counts down from the offset: the data reversed.
/// let r = make_tensor_at(&data[..], Int::new_dynamic(5), "6:-1".parse::<Layout>()?)?;
/// assert_eq!(*r.get(0)?, 15);
/// assert_eq!(*r.get(5)?, 10);
/// let e = make_tensor_at(&data[..], Int::new_dynamic(4), "6:-1".parse::<Layout>()?).unwrap_err();
/// assert_eq!(e.to_string(), "make_tensor: out of range: layout 6:-1 at offset 4 \
///     reaches offsets -1 to 4, outside data of 6 elements");
/// // An empty layout fits any data.
/// assert!(make_tensor_at(&data[..0], Int::new_dynamic(9), "(0,3):(1,100)".parse::<Layout>()?).is_ok());
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_tensor_at<E: Engine>(
    engine: E,
    offset: Int,
    layout: impl Into<AnyLayout>,
) -> Result<DataTensor<E>> {
    let t = DataTensor::with_parts(engine, offset, layout.into())?;
    let len = t.engine.data().len();
    if let Some((lo, hi)) = t.offset_range()?
        && (lo < 0 || usize::try_from(hi).map_or(true, |hi| hi >= len))
    {
        return Err(LayoutError::out_of_range(
            "make_tensor",
            format!(
                "layout {} at offset {} reaches offsets {lo} to {hi}, outside data of {len} elements",
                t.layout, t.offset
            ),
        ));
    }
    Ok(t)
}

/// CuTe's `make_tensor<T>(layout)`: an owning tensor (a register fragment) over
/// `max offset + 1` elements of `T::default()`. `Err` if the layout reaches a negative offset.
///
/// ```
/// use cute_dynamic::{make_owning_tensor, Layout};
/// let t = make_owning_tensor::<f32>("(_2,_3):(_3,_1)".parse::<Layout>()?)?;
/// assert_eq!(t.data().len(), 6);
/// assert_eq!(*t.get((1, 2))?, 0.0);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_owning_tensor<T: Default + Clone>(
    layout: impl Into<AnyLayout>,
) -> Result<DataTensor<Vec<T>>> {
    let mut t = DataTensor::with_parts(Vec::new(), Int::new_static(0), layout.into())?;
    let len = match t.offset_range()? {
        None => 0,
        Some((lo, _)) if lo < 0 => {
            return Err(LayoutError::out_of_range(
                "make_tensor",
                format!("layout {} reaches the negative offset {lo}", t.layout),
            ));
        }
        Some((_, hi)) => usize::try_from(hi).map_or(0, |hi| hi + 1),
    };
    t.engine = vec![T::default(); len];
    Ok(t)
}

/// The inner layout of a swizzled layout, the layout itself otherwise: what CuTe's
/// `make_fragment_like` (and here `make_layout_like`) of a `ComposedLayout` reads.
fn domain<'a>(op: &'static str, layout: &'a AnyLayout) -> Result<&'a Layout> {
    match layout {
        AnyLayout::Plain(l) => Ok(l),
        AnyLayout::Composed(c) => match c.layout_b() {
            LayoutFn::Layout(b) => Ok(b),
            LayoutFn::Swizzle(_) => Err(LayoutError::invalid(
                op,
                format!("{c}: the inner function is a swizzle, which has no shape"),
            )),
        },
    }
}

/// CuTe's `make_tensor_like(tensor)`: an owning tensor of the same shape and element type,
/// elements `T::default()`, with the layout [`make_layout_like`] of the tensor's (of its inner
/// layout if swizzled): compact, strides in the order of the source's.
///
/// ```
/// use cute_dynamic::{make_tensor_like, make_tensor_on, Layout};
/// let data = [1u8; 64];
/// let t = make_tensor_on(&data[..], "(_4,_8):(_8,_1)".parse::<Layout>()?)?;
/// let like = make_tensor_like(&t)?;
/// assert_eq!(like.to_string(), "_0|(_4,_8):(_8,_1)");
/// assert_eq!(*like.get(5)?, 0);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_tensor_like<E: Engine>(tensor: &DataTensor<E>) -> Result<DataTensor<Vec<E::Elem>>>
where
    E::Elem: Default + Clone,
{
    make_owning_tensor(make_layout_like(domain(
        "make_tensor_like",
        &tensor.layout,
    )?)?)
}

/// CuTe's `make_fragment_like(tensor)`: an owning tensor of the same shape and element type,
/// elements `T::default()`, with the layout [`make_fragment_like_layout`] of the tensor's (of
/// its inner layout if swizzled): mode 0 column-major first, then the other modes in the order
/// of the source's strides.
///
/// ```
/// use cute_dynamic::{make_fragment_like, make_tensor_on, Layout};
/// let data = [0.5f64; 48];
/// let t = make_tensor_on(&data[..], "(_4,_2,_3):(_12,_1,_2)".parse::<Layout>()?)?;
/// let frag = make_fragment_like(&t)?;
/// assert_eq!(frag.to_string(), "_0|(_4,_2,_3):(_1,_4,_8)");
/// assert_eq!(frag.data().len(), 24);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_fragment_like<E: Engine>(tensor: &DataTensor<E>) -> Result<DataTensor<Vec<E::Elem>>>
where
    E::Elem: Default + Clone,
{
    make_owning_tensor(make_fragment_like_layout(domain(
        "make_fragment_like",
        &tensor.layout,
    )?)?)
}

impl<E: Engine> DataTensor<E> {
    /// The parts, with the shape and size read off the layout.
    fn with_parts(engine: E, offset: Int, layout: AnyLayout) -> Result<DataTensor<E>> {
        let shape = layout.shape()?;
        let size = shape.size()?;
        Ok(DataTensor {
            engine,
            offset,
            layout,
            shape,
            size,
        })
    }

    /// The same engine with the layout-level tensor `t` (a partition of this one's).
    fn with_tensor(self, t: Tensor) -> Result<DataTensor<E>> {
        match t {
            Tensor::Memory { offset, layout } => {
                DataTensor::with_parts(self.engine, offset, layout)
            }
            Tensor::Coordinate { .. } => Err(LayoutError::invalid(
                "tensor",
                format!("{t} is an identity tensor, not a tensor on data"),
            )),
        }
    }

    /// The smallest and largest offset `OFF + L(i)` over the domain, `None` if it is empty.
    /// Rule: for a plain layout, each leaf `s:d` adds `(s-1)*d` to the largest offset if
    /// `d > 0` and to the smallest if `d < 0`; a swizzled layout is evaluated at every index.
    fn offset_range(&self) -> Result<Option<(i32, i32)>> {
        if self.size.value() == 0 {
            return Ok(None);
        }
        let (mut lo, mut hi) = (self.offset, self.offset);
        match &self.layout {
            AnyLayout::Plain(l) => {
                for (s, d) in l.shape().leaves().into_iter().zip(l.stride().leaves()) {
                    if s.value() < 0 {
                        return Err(ErrorKind::NonPositive {
                            op: "make_tensor",
                            value: s.value(),
                        }
                        .into());
                    }
                    let reach = (s.checked_sub(Int::new_static(1))?).checked_mul(d)?;
                    if reach.value() > 0 {
                        hi = hi.checked_add(reach)?;
                    } else {
                        lo = lo.checked_add(reach)?;
                    }
                }
            }
            AnyLayout::Composed(c) => {
                let (mut min, mut max) = (i32::MAX, i32::MIN);
                for i in 0..self.size.value() {
                    let v = self.offset.checked_add(c.call(i)?)?.value();
                    (min, max) = (min.min(v), max.max(v));
                }
                (lo, hi) = (Int::new_dynamic(min), Int::new_dynamic(max));
            }
        }
        Ok(Some((lo.value(), hi.value())))
    }

    /// The position in the data of the element at `coord`, checked against the data's length.
    fn position<'c>(&self, coord: impl Into<CoordRef<'c>>) -> Result<usize> {
        let coord = coord.into();
        if let CoordRef::Index(i) = coord
            && !(0..self.size.value()).contains(&i)
        {
            return Err(LayoutError::out_of_range(
                "tensor",
                format!("index {i} outside the {} elements of {self}", self.size),
            ));
        }
        let at = self.offset.checked_add(self.layout.call(coord)?)?.value();
        let len = self.engine.data().len();
        usize::try_from(at)
            .ok()
            .filter(|&p| p < len)
            .ok_or_else(|| {
                LayoutError::out_of_range(
                    "tensor",
                    format!("offset {at} outside data of {len} elements"),
                )
            })
    }

    /// The positions in the data of elements `0..size` (CuTe's `tensor(i)`), every one
    /// checked.
    pub(crate) fn positions(&self) -> Result<Vec<usize>> {
        let plan = self.layout.as_layout().map(Layout::plan);
        (0..self.size.value())
            .map(|i| match &plan {
                Some(plan) => {
                    let at = self.offset.checked_add(plan.call(i)?)?.value();
                    usize::try_from(at)
                        .ok()
                        .filter(|&p| p < self.engine.data().len())
                        .ok_or_else(|| {
                            LayoutError::out_of_range(
                                "tensor",
                                format!("offset {at} of index {i} outside the data"),
                            )
                        })
                }
                None => self.position(i),
            })
            .collect()
    }

    /// CuTe's `tensor(c)`: the element at an index, a coordinate or a Rust tuple of `i32`s.
    /// `Err` for an index outside `0..size`, a coordinate that does not fit the shape, or an
    /// offset outside the data.
    ///
    /// ```
    /// use cute_dynamic::{make_tensor_on, IntTuple, Layout};
    /// let data = [0, 1, 2, 3, 4, 5];
    /// let t = make_tensor_on(&data[..], "(2,(_3)):(3,(1))".parse::<Layout>()?)?;
    /// assert_eq!(*t.get(3)?, 4);
    /// assert_eq!(*t.get(&"(1,(2))".parse::<IntTuple>()?)?, 5);
    /// assert_eq!(*t.get((1, (2,)))?, 5);
    /// assert!(t.get(6).is_err());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn get<'c>(&self, coord: impl Into<CoordRef<'c>>) -> Result<&E::Elem> {
        let p = self.position(coord)?;
        self.engine
            .data()
            .get(p)
            .ok_or_else(|| LayoutError::out_of_range("tensor", format!("position {p}")))
    }

    /// The elements of the engine (all of them, not only those the layout reaches).
    ///
    /// ```
    /// let t = cute_dynamic::make_tensor_on(&[1, 2, 3][..], "_2:_2".parse::<cute_dynamic::Layout>()?)?;
    /// assert_eq!(t.data(), [1, 2, 3]);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn data(&self) -> &[E::Elem] {
        self.engine.data()
    }

    /// The engine, given back.
    ///
    /// ```
    /// let t = cute_dynamic::make_owning_tensor::<i32>("_4:_1".parse::<cute_dynamic::Layout>()?)?;
    /// assert_eq!(t.into_engine(), vec![0; 4]);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn into_engine(self) -> E {
        self.engine
    }

    /// The layout-level tensor `OFF|L`.
    ///
    /// ```
    /// let t = cute_dynamic::make_tensor_on(&[0; 8][..], "_4:_2".parse::<cute_dynamic::Layout>()?)?;
    /// assert_eq!(t.tensor().to_string(), "_0|_4:_2");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn tensor(&self) -> Tensor {
        Tensor::Memory {
            offset: self.offset,
            layout: self.layout.clone(),
        }
    }

    /// CuTe's `tensor.layout()`.
    ///
    /// ```
    /// let t = cute_dynamic::make_tensor_on(&[0; 8][..], "(_2,_4):(_4,_1)".parse::<cute_dynamic::Layout>()?)?;
    /// assert_eq!(t.layout().to_string(), "(_2,_4):(_4,_1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn layout(&self) -> &AnyLayout {
        &self.layout
    }

    /// The element offset of the tensor's origin in the data (CuTe's `tensor.data()` minus the
    /// base pointer).
    ///
    /// ```
    /// let t = cute_dynamic::make_tensor_on(&[0; 8][..], "(_2,_4):(_4,_1)".parse::<cute_dynamic::Layout>()?)?;
    /// assert_eq!(t.view().slice(&"(1,_)".parse()?)?.offset().value(), 4);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn offset(&self) -> Int {
        self.offset
    }

    /// CuTe's `shape(tensor)`.
    ///
    /// ```
    /// let t = cute_dynamic::make_tensor_on(&[0; 8][..], "(_2,_4):(_4,_1)".parse::<cute_dynamic::Layout>()?)?;
    /// assert_eq!(t.shape().to_string(), "(_2,_4)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// CuTe's `size(tensor)`.
    ///
    /// ```
    /// let t = cute_dynamic::make_tensor_on(&[0; 8][..], "(_2,4):(4,_1)".parse::<cute_dynamic::Layout>()?)?;
    /// assert_eq!(t.size().to_string(), "8");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn size(&self) -> Int {
        self.size
    }

    /// CuTe's `rank(tensor)`.
    ///
    /// ```
    /// let t = cute_dynamic::make_tensor_on(&[0; 8][..], "(_2,_4):(_4,_1)".parse::<cute_dynamic::Layout>()?)?;
    /// assert_eq!(t.rank(), 2);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// A shared view: the same layout over `&[T]`.
    ///
    /// ```
    /// let v = vec![1, 2, 3, 4];
    /// let t = cute_dynamic::make_tensor_on(v, "(_2,_2):(_2,_1)".parse::<cute_dynamic::Layout>()?)?;
    /// let row = t.view().slice(&"(1,_)".parse()?)?;
    /// assert_eq!((*row.get(0)?, *row.get(1)?), (3, 4));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn view(&self) -> DataTensor<&[E::Elem]> {
        DataTensor {
            engine: self.engine.data(),
            offset: self.offset,
            layout: self.layout.clone(),
            shape: self.shape.clone(),
            size: self.size,
        }
    }

    /// CuTe's `tensor(crd)` for a coordinate with `_`s: the subtensor, [`Tensor::slice`].
    ///
    /// ```
    /// let data: Vec<i32> = (0..12).collect();
    /// let t = cute_dynamic::make_tensor_on(&data[..], "(3,4):(4,1)".parse::<cute_dynamic::Layout>()?)?;
    /// let col = t.slice(&"(_,2)".parse()?)?;
    /// assert_eq!(col.to_string(), "2|(3):(4)");
    /// assert_eq!(*col.get(2)?, 10);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn slice(self, crd: &Coord) -> Result<DataTensor<E>> {
        let t = self.tensor().slice(crd)?;
        self.with_tensor(t)
    }

    /// CuTe's `tensor.compose(tiler)`: [`Tensor::compose`].
    ///
    /// ```
    /// let data: Vec<i32> = (0..32).collect();
    /// let t = cute_dynamic::make_tensor_on(&data[..], "(8,4):(_1,8)".parse::<cute_dynamic::Layout>()?)?;
    /// let every_other = t.compose(&"(_4:_2,_)".parse()?)?;
    /// assert_eq!(*every_other.get((3, 1))?, 14);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn compose(self, tiler: &Tiler) -> Result<DataTensor<E>> {
        let t = self.tensor().compose(tiler)?;
        self.with_tensor(t)
    }

    /// CuTe's `logical_divide(tensor, tiler)`: [`Tensor::logical_divide`].
    ///
    /// ```
    /// let data: Vec<i32> = (0..32).collect();
    /// let t = cute_dynamic::make_tensor_on(&data[..], "(8,4):(_1,8)".parse::<cute_dynamic::Layout>()?)?;
    /// let d = t.logical_divide(&"(_2,_2)".parse()?)?;
    /// assert_eq!(d.to_string(), "_0|((_2,4),(_2,2)):((_1,_2),(8,16))");
    /// assert_eq!(*d.get(((1, 3), (0, 1)))?, 23);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn logical_divide(self, tiler: &Tiler) -> Result<DataTensor<E>> {
        let t = self.tensor().logical_divide(tiler)?;
        self.with_tensor(t)
    }

    /// CuTe's `zipped_divide(tensor, tiler)`: [`Tensor::zipped_divide`].
    ///
    /// ```
    /// let data: Vec<i32> = (0..32).collect();
    /// let t = cute_dynamic::make_tensor_on(&data[..], "(8,4):(_1,8)".parse::<cute_dynamic::Layout>()?)?;
    /// let z = t.zipped_divide(&"(_2,_2)".parse()?)?;
    /// assert_eq!(z.to_string(), "_0|((_2,_2),(4,2)):((_1,8),(_2,16))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn zipped_divide(self, tiler: &Tiler) -> Result<DataTensor<E>> {
        let t = self.tensor().zipped_divide(tiler)?;
        self.with_tensor(t)
    }

    /// CuTe's `tiled_divide(tensor, tiler)`: [`Tensor::tiled_divide`].
    ///
    /// ```
    /// let data: Vec<i32> = (0..32).collect();
    /// let t = cute_dynamic::make_tensor_on(&data[..], "(8,4):(_1,8)".parse::<cute_dynamic::Layout>()?)?;
    /// let d = t.tiled_divide(&"(_2,_2)".parse()?)?;
    /// assert_eq!(d.to_string(), "_0|((_2,_2),4,2):((_1,8),_2,16)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn tiled_divide(self, tiler: &Tiler) -> Result<DataTensor<E>> {
        let t = self.tensor().tiled_divide(tiler)?;
        self.with_tensor(t)
    }

    /// CuTe's `flat_divide(tensor, tiler)`: [`Tensor::flat_divide`].
    ///
    /// ```
    /// let data: Vec<i32> = (0..32).collect();
    /// let t = cute_dynamic::make_tensor_on(&data[..], "(8,4):(_1,8)".parse::<cute_dynamic::Layout>()?)?;
    /// let d = t.flat_divide(&"(_2,_2)".parse()?)?;
    /// assert_eq!(d.to_string(), "_0|(_2,_2,4,2):(_1,8,_2,16)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn flat_divide(self, tiler: &Tiler) -> Result<DataTensor<E>> {
        let t = self.tensor().flat_divide(tiler)?;
        self.with_tensor(t)
    }

    /// CuTe's `local_tile(tensor, tiler, coord)`: [`crate::local_tile`].
    ///
    /// ```
    /// let data: Vec<i32> = (0..64).collect();
    /// let t = cute_dynamic::make_tensor_on(&data[..], "(8,8):(_1,8)".parse::<cute_dynamic::Layout>()?)?;
    /// let tile = t.local_tile(&"(_4,_4)".parse()?, &"(1,0)".parse()?)?;
    /// assert_eq!(*tile.get((0, 1))?, 12);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn local_tile(self, tiler: &Tiler, coord: &Coord) -> Result<DataTensor<E>> {
        let t = tensor::local_tile(&self.tensor(), tiler, coord)?;
        self.with_tensor(t)
    }

    /// CuTe's `local_tile(tensor, tiler, coord, proj)`: [`crate::local_tile_proj`].
    ///
    /// ```
    /// let data: Vec<i32> = (0..64).collect();
    /// let a = cute_dynamic::make_tensor_on(&data[..], "(8,8):(_1,8)".parse::<cute_dynamic::Layout>()?)?;
    /// let (tiler, crd, proj) = ("(_4,_2,_4)".parse()?, "(1,0,_)".parse()?, "(_1,_,_1)".parse()?);
    /// let tiles = a.local_tile_proj(&tiler, &crd, &proj)?;   // (BM,BK,k)
    /// assert_eq!(tiles.to_string(), "4|(_4,_4,2):(_1,8,32)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn local_tile_proj(
        self,
        tiler: &Tiler,
        coord: &Coord,
        proj: &Coord,
    ) -> Result<DataTensor<E>> {
        let t = tensor::local_tile_proj(&self.tensor(), tiler, coord, proj)?;
        self.with_tensor(t)
    }

    /// CuTe's `local_partition(tensor, thr, idx)`: [`crate::local_partition`].
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = cute_dynamic::make_tensor_on(&data[..], "(_4,_4):(_1,_4)".parse::<cute_dynamic::Layout>()?)?;
    /// let mine = t.local_partition(&"(_2,_2):(_1,_2)".parse()?, Int::new_dynamic(3))?;
    /// assert_eq!(mine.to_string(), "5|(_2,_2):(_2,_8)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn local_partition(self, thr: &Layout, idx: Int) -> Result<DataTensor<E>> {
        let t = tensor::local_partition(&self.tensor(), thr, idx)?;
        self.with_tensor(t)
    }

    /// CuTe's `local_partition(tensor, thr, idx, proj)`: [`crate::local_partition_proj`].
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = cute_dynamic::make_tensor_on(&data[..], "(_4,_4):(_1,_4)".parse::<cute_dynamic::Layout>()?)?;
    /// let thr = "(_2,_2,_2):(_1,_2,_4)".parse()?;
    /// let mine = t.local_partition_proj(&thr, Int::new_dynamic(3), &"(_1,_,_1)".parse()?)?;
    /// assert_eq!(mine.to_string(), "1|(_2,_2):(_2,_8)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn local_partition_proj(
        self,
        thr: &Layout,
        idx: Int,
        proj: &Coord,
    ) -> Result<DataTensor<E>> {
        let t = tensor::local_partition_proj(&self.tensor(), thr, idx, proj)?;
        self.with_tensor(t)
    }

    /// CuTe's `inner_partition(tensor, tiler, coord)`: [`crate::inner_partition`].
    ///
    /// ```
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = cute_dynamic::make_tensor_on(&data[..], "(_4,_4):(_1,_4)".parse::<cute_dynamic::Layout>()?)?;
    /// let tile = t.inner_partition(&"(_2,_2)".parse()?, &"(1,1)".parse()?)?;
    /// assert_eq!(tile.to_string(), "10|(_2,_2):(_1,_4)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn inner_partition(self, tiler: &Tiler, coord: &Coord) -> Result<DataTensor<E>> {
        let t = tensor::inner_partition(&self.tensor(), tiler, coord)?;
        self.with_tensor(t)
    }

    /// CuTe's `outer_partition(tensor, tiler, coord)`: [`crate::outer_partition`].
    ///
    /// ```
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = cute_dynamic::make_tensor_on(&data[..], "(_4,_4):(_1,_4)".parse::<cute_dynamic::Layout>()?)?;
    /// let part = t.outer_partition(&"(_2,_2)".parse()?, &"(1,1)".parse()?)?;
    /// assert_eq!(part.to_string(), "5|(_2,_2):(_2,_8)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn outer_partition(self, tiler: &Tiler, coord: &Coord) -> Result<DataTensor<E>> {
        let t = tensor::outer_partition(&self.tensor(), tiler, coord)?;
        self.with_tensor(t)
    }
}

/// A tensor a TiledCopy or TiledMMA partitions: a layout-level [`Tensor`], or a [`DataTensor`]
/// whose partition keeps its engine (CuTe's partitions take any tensor and keep its data).
///
/// ```
/// use cute_dynamic::{copy_atom, make_tiled_copy, make_tensor_on, Int, Layout, Tensor};
/// let c = make_tiled_copy(&copy_atom("UniversalCopy<float>", "float")?, &"_4:_1".parse()?, &"_1:_0".parse()?)?;
/// let data = [0u8; 8];
/// let on_data = c.get_slice(Int::new_static(1)).partition_S(make_tensor_on(&data[..], "_8:_1".parse::<Layout>()?)?)?;
/// let layout_only = c.get_slice(Int::new_static(1)).partition_S("_0|_8:_1".parse::<Tensor>()?)?;
/// assert_eq!(on_data.tensor(), layout_only);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub trait IsTensor: Sized + sealed::Sealed {
    /// The layout-level tensor (offset and layout).
    #[doc(hidden)]
    fn layout_tensor(&self) -> Tensor;
    /// The same tensor with the layout-level tensor `t`, a partition of its own.
    #[doc(hidden)]
    fn with_layout_tensor(self, t: Tensor) -> Result<Self>;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Tensor {}
    impl<E: super::Engine> Sealed for super::DataTensor<E> {}
}

impl IsTensor for Tensor {
    fn layout_tensor(&self) -> Tensor {
        self.clone()
    }
    fn with_layout_tensor(self, t: Tensor) -> Result<Self> {
        Ok(t)
    }
}

impl<E: Engine> IsTensor for DataTensor<E> {
    fn layout_tensor(&self) -> Tensor {
        self.tensor()
    }
    fn with_layout_tensor(self, t: Tensor) -> Result<Self> {
        self.with_tensor(t)
    }
}

impl<E: EngineMut> DataTensor<E> {
    /// CuTe's `tensor(c) = v`: the element at an index, a coordinate or a Rust tuple, writable.
    /// The same checks as [`DataTensor::get`].
    ///
    /// ```
    /// let mut t = cute_dynamic::make_owning_tensor::<i32>("(_2,_3):(_3,_1)".parse::<cute_dynamic::Layout>()?)?;
    /// *t.get_mut((1, 0))? = 7;
    /// assert_eq!(t.data(), [0, 0, 0, 7, 0, 0]);
    /// assert!(t.get_mut((2, 0)).is_err());   // offset 6: outside the data
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn get_mut<'c>(&mut self, coord: impl Into<CoordRef<'c>>) -> Result<&mut E::Elem> {
        let p = self.position(coord)?;
        self.engine
            .data_mut()
            .get_mut(p)
            .ok_or_else(|| LayoutError::out_of_range("tensor", format!("position {p}")))
    }

    /// The elements of the engine, writable.
    ///
    /// ```
    /// let mut t = cute_dynamic::make_owning_tensor::<i32>("_3:_1".parse::<cute_dynamic::Layout>()?)?;
    /// t.data_mut()[2] = 1;
    /// assert_eq!(*t.get(2)?, 1);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn data_mut(&mut self) -> &mut [E::Elem] {
        self.engine.data_mut()
    }

    /// A mutable view: the same layout over `&mut [T]`, for partitioning without giving up
    /// the tensor.
    ///
    /// ```
    /// let mut t = cute_dynamic::make_owning_tensor::<i32>("(_2,_2):(_2,_1)".parse::<cute_dynamic::Layout>()?)?;
    /// let mut row = t.view_mut().slice(&"(1,_)".parse()?)?;
    /// *row.get_mut(1)? = 9;
    /// assert_eq!(t.data(), [0, 0, 0, 9]);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn view_mut(&mut self) -> DataTensor<&mut [E::Elem]> {
        DataTensor {
            engine: self.engine.data_mut(),
            offset: self.offset,
            layout: self.layout.clone(),
            shape: self.shape.clone(),
            size: self.size,
        }
    }
}

/// The layout-level tensor's text `OFF|L` (the elements are not printed).
impl<E> fmt::Display for DataTensor<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}|{}", self.offset, self.layout)
    }
}
