//! `Small<T, N>`: a short buffer, inline up to `N` entries and on the heap beyond, so that the
//! common small layouts cost no allocation and large ones still work.

use crate::prelude::*;
use core::ops::{Deref, DerefMut};

/// Inline up to `N` entries, a `Vec` beyond.
#[derive(Clone, Debug)]
pub(crate) enum Small<T: Copy, const N: usize> {
    Inline { len: usize, buf: [T; N] },
    Heap(Vec<T>),
}

impl<T: Copy, const N: usize> Small<T, N> {
    /// Empty; `fill` initialises the inline slots (never read before written).
    #[inline]
    pub(crate) fn new(fill: T) -> Self {
        Small::Inline {
            len: 0,
            buf: [fill; N],
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, v: T) {
        match self {
            Small::Inline { len, buf } if *len < N => {
                buf[*len] = v;
                *len += 1;
            }
            _ => self.push_cold(v),
        }
    }

    /// `push` beyond the inline capacity: to the heap.
    #[cold]
    #[inline(never)]
    fn push_cold(&mut self, v: T) {
        match self {
            Small::Inline { buf, .. } => {
                let mut heap = Vec::with_capacity(2 * N);
                heap.extend_from_slice(buf);
                heap.push(v);
                *self = Small::Heap(heap);
            }
            Small::Heap(heap) => heap.push(v),
        }
    }
}

impl<T: Copy, const N: usize> Deref for Small<T, N> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        match self {
            Small::Inline { len, buf } => &buf[..*len],
            Small::Heap(heap) => heap,
        }
    }
}

impl<T: Copy, const N: usize> DerefMut for Small<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        match self {
            Small::Inline { len, buf } => &mut buf[..*len],
            Small::Heap(heap) => heap,
        }
    }
}

/// Equal when the entries are (inline or not).
impl<T: Copy + PartialEq, const N: usize> PartialEq for Small<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Copy + Eq, const N: usize> Eq for Small<T, N> {}

impl<T: Copy + core::hash::Hash, const N: usize> core::hash::Hash for Small<T, N> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::Small;

    #[test]
    fn moves_to_the_heap_beyond_its_capacity_and_keeps_the_order() {
        let mut s: Small<i32, 4> = Small::new(0);
        for i in 0..10 {
            s.push(i);
            assert_eq!(s.len(), usize::try_from(i + 1).unwrap());
            assert_eq!(matches!(s, Small::Heap(_)), i >= 4);
        }
        assert_eq!(&*s, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        s[2] = 7;
        assert_eq!(&*s, &[0, 1, 7, 3, 4, 5, 6, 7, 8, 9]);
    }
}
