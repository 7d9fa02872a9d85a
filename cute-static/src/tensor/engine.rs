//! Where a tensor's elements are: CuTe's engine (a slice, a mutable slice, an owned array).

/// Where a tensor's elements are: CuTe's engine. Implemented for `&[T]`, `&mut [T]` and
/// `[T; N]` (an owned register fragment).
///
/// ```
/// use cute_static::Engine;
/// let data = [1, 2, 3];
/// assert_eq!((&data[..]).data().len(), 3);
/// ```
pub trait Engine {
    /// The element type.
    type Elem;
    /// The number of elements when the type fixes it (an array), `None` otherwise.
    #[doc(hidden)]
    const LEN: Option<usize> = None;
    /// The elements.
    fn data(&self) -> &[Self::Elem];
}

/// An engine whose elements can be written.
///
/// ```
/// use cute_static::EngineMut;
/// let mut data = [1, 2, 3];
/// data.data_mut()[0] = 7;
/// assert_eq!(data[0], 7);
/// ```
pub trait EngineMut: Engine {
    /// The elements, writable.
    fn data_mut(&mut self) -> &mut [Self::Elem];
}

impl<T> Engine for &[T] {
    type Elem = T;
    #[inline(always)]
    fn data(&self) -> &[T] {
        self
    }
}

impl<T> Engine for &mut [T] {
    type Elem = T;
    #[inline(always)]
    fn data(&self) -> &[T] {
        self
    }
}

impl<T> EngineMut for &mut [T] {
    #[inline(always)]
    fn data_mut(&mut self) -> &mut [T] {
        self
    }
}

impl<T, const N: usize> Engine for [T; N] {
    type Elem = T;
    const LEN: Option<usize> = Some(N);
    #[inline(always)]
    fn data(&self) -> &[T] {
        self
    }
}

impl<T, const N: usize> EngineMut for [T; N] {
    #[inline(always)]
    fn data_mut(&mut self) -> &mut [T] {
        self
    }
}
