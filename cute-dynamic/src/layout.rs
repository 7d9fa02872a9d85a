//! `Layout`: a congruent pair `shape:stride`, CuTe's `layout.hpp` constructors, accessors and
//! mode manipulation (get, take, select, group, append, prepend, replace) and coshape/cosize.
//! Evaluation (`Layout::call`, `Layout::crd2idx`, `Layout::plan`) is in `eval`.

use crate::error::{ErrorKind, LayoutError, Result};
use crate::flat::Flat;
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::prelude::*;
use crate::twin::Twin;

/// A CuTe layout: a shape and a congruent stride, a function from coordinates to offsets. Its
/// leaves are held inline up to 8 (no heap, no reference counts); cloning copies them.
///
/// ```
/// use cute_dynamic::Layout;
/// let l: Layout = "(_4,_2):(_2,_1)".parse().unwrap();
/// assert_eq!(l.call(5).unwrap().value(), 3);            // index 5 is coordinate (1,1)
/// assert_eq!(l.to_string(), "(_4,_2):(_2,_1)");
/// ```
///
/// Layouts are `Hash` and `Ord` (by shape, then stride; integers by value, dynamic before
/// static), so tools can keep them in sets and maps:
///
/// ```
/// use std::collections::BTreeSet;
/// use cute_dynamic::Layout;
/// let seen: BTreeSet<Layout> = ["(_4,_2):(_2,_1)", "(_4,_2):(_1,_4)", "(_4,_2):(_2,_1)"]
///     .iter().map(|s| s.parse().unwrap()).collect();
/// assert_eq!(seen.len(), 2);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    /// The leaves and the profile, inline for small layouts (no heap, no reference counts).
    flat: Flat,
}

/// Shows the shape and the stride as [`IntTuple`]s.
impl core::fmt::Debug for Layout {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Layout")
            .field("shape", &self.shape())
            .field("stride", &self.stride())
            .finish()
    }
}

/// By shape, then stride, each as an [`IntTuple`] orders.
impl Ord for Layout {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        if self.flat == other.flat {
            return core::cmp::Ordering::Equal;
        }
        (self.shape(), self.stride()).cmp(&(other.shape(), other.stride()))
    }
}

impl PartialOrd for Layout {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

fn out_of_rank(op: &'static str, i: usize, rank: usize) -> LayoutError {
    LayoutError::out_of_range(op, format!("mode {i} of a rank-{rank} layout"))
}

impl Layout {
    /// `make_layout(shape, stride)`: checks that shape and stride are congruent. Any shape
    /// CuTe accepts is accepted: zero (an empty layout) and negative values, which CuTe's
    /// complements and inverses of negative-stride layouts produce.
    ///
    /// ```
    /// use cute_dynamic::{IntTuple, Layout};
    /// let l = Layout::from_parts("(2,3)".parse().unwrap(), "(1,2)".parse().unwrap()).unwrap();
    /// assert_eq!(l.to_string(), "(2,3):(1,2)");
    /// assert!(Layout::from_parts("(2,3)".parse().unwrap(), IntTuple::d(1)).is_err());
    /// // CuTe's complement of 4:-1 is (-1,0):(1,-4).
    /// let c = Layout::from_parts("(_-1,_0)".parse().unwrap(), "(_1,_-4)".parse().unwrap()).unwrap();
    /// assert_eq!(c.to_string(), "(_-1,_0):(_1,_-4)");
    /// ```
    pub fn from_parts(shape: IntTuple, stride: IntTuple) -> Result<Layout> {
        match Flat::from_tuples(&shape, &stride) {
            Some(flat) => flat.into_layout(),
            None => Err(LayoutError::from(ErrorKind::Incongruent {
                shape: shape.to_string(),
                stride: stride.to_string(),
            })),
        }
    }

    /// The layout of these leaves and profile.
    pub(crate) fn from_flat(flat: Flat) -> Layout {
        Layout { flat }
    }

    /// Its leaves and profile.
    pub(crate) fn flat(&self) -> &Flat {
        &self.flat
    }

    /// CuTe's `Layout<_1,_0>{}`, the trivial layout.
    pub(crate) fn trivial() -> Layout {
        Layout::from_flat(Flat::leaf(Int::new_static(1), Int::new_static(0)))
    }

    /// The shape (CuTe's `shape(layout)`), built from the layout's leaves: a layout keeps its
    /// leaves in arrays with the profile apart, not as `IntTuple` trees.
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "(_4,_2):(_2,_1)".parse().unwrap();
    /// assert_eq!(l.shape().to_string(), "(_4,_2)");
    /// ```
    #[must_use]
    pub fn shape(&self) -> IntTuple {
        self.flat.shape_tuple()
    }

    /// The stride (CuTe's `stride(layout)`), built from the leaves as [`Layout::shape`] is.
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "(_4,_2):(_2,_1)".parse().unwrap();
    /// assert_eq!(l.stride().to_string(), "(_2,_1)");
    /// ```
    #[must_use]
    pub fn stride(&self) -> IntTuple {
        self.flat.stride_tuple()
    }

    /// CuTe's `rank(layout)`: number of top-level modes.
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "((_4,_2),_3):((_2,_1),_8)".parse().unwrap();
    /// assert_eq!(l.rank(), 2);
    /// ```
    #[must_use]
    pub fn rank(&self) -> usize {
        self.flat.rank()
    }

    /// CuTe's `depth(layout)`.
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "((_4,_2),_3):((_2,_1),_8)".parse().unwrap();
    /// assert_eq!(l.depth(), 2);
    /// ```
    #[must_use]
    pub fn depth(&self) -> usize {
        self.flat.depth()
    }

    /// CuTe's `size(layout)`: the size of the domain.
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "((_4,_2),3):((_2,_1),_8)".parse().unwrap();
    /// assert_eq!(l.size().unwrap().to_string(), "24");
    /// ```
    pub fn size(&self) -> Result<Int> {
        self.flat.size()
    }

    /// CuTe's `cosize(layout)`: one past the largest offset, `1 + sum((s-1)*|d|)`.
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "(_4,(_3,_2)):(_2,(_8,_1))".parse().unwrap();
    /// assert_eq!(l.cosize().unwrap().to_string(), "_24");
    /// ```
    pub fn cosize(&self) -> Result<Int> {
        self.flat.cosize()
    }

    /// Mode `i` as a layout (CuTe's `get<i>(layout)` / `layout<i>(layout)`).
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "((_4,_2),_3):((_2,_1),_8)".parse().unwrap();
    /// assert_eq!(l.get(0).unwrap().to_string(), "(_4,_2):(_2,_1)");
    /// ```
    pub fn get(&self, i: usize) -> Result<Layout> {
        if i >= self.rank() {
            return Err(out_of_rank("get", i, self.rank()));
        }
        match self.flat.modes().nth(i) {
            Some(mode) => Ok(Layout::from_flat(self.flat.sub(mode))),
            None => Err(out_of_rank("get", i, self.rank())),
        }
    }

    /// The sublayout at a path of mode indices (CuTe's `layout<I0,I1,...>(layout)`).
    ///
    /// ```
    /// let l: cute_dynamic::Layout = "((_4,_2),_3):((_2,_1),_8)".parse().unwrap();
    /// assert_eq!(l.layout(&[0, 1]).unwrap().to_string(), "_2:_1");
    /// ```
    pub fn layout(&self, path: &[usize]) -> Result<Layout> {
        path.iter().try_fold(self.clone(), |l, &i| l.get(i))
    }

    /// The modes as layouts (an integer layout is its own single mode).
    pub(crate) fn modes(&self) -> impl Iterator<Item = Layout> + '_ {
        self.flat
            .modes()
            .map(|mode| Layout::from_flat(self.flat.sub(mode)))
    }

    /// CuTe's `make_layout(l0, l1, ...)`: the layouts as the modes of a new layout.
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "_4:_1".parse().unwrap();
    /// let b: Layout = "(_2,_3):(_4,_8)".parse().unwrap();
    /// assert_eq!(Layout::concat(&[a, b]).unwrap().to_string(), "(_4,(_2,_3)):(_1,(_4,_8))");
    /// ```
    ///
    /// `Err` ([`ErrorKind::TooDeep`]) only if a layout nests as deep as CuTe text goes.
    pub fn concat(layouts: &[Layout]) -> Result<Layout> {
        let mut flat = Flat::empty();
        flat.push_tuple(u32::try_from(layouts.len()).unwrap_or(u32::MAX - 1));
        layouts.iter().for_each(|l| flat.push_flat(&l.flat));
        flat.into_layout()
    }
}

impl Flat {
    /// The layout with these leaves and this profile.
    /// The layout, or [`ErrorKind::TooDeep`] if it nests more tuples than CuTe text is read with
    /// (every operation's result comes through here, so that whatever is printed parses again).
    #[inline]
    pub(crate) fn into_layout(self) -> Result<Layout> {
        if self.too_deep() {
            return Err(LayoutError::too_deep());
        }
        Ok(Layout::from_flat(self))
    }
}

/// `f` on the layout's leaves and profile, its result as a layout.
pub(crate) fn on_flat(layout: &Layout, f: impl FnOnce(&Flat) -> Result<Flat>) -> Result<Layout> {
    f(layout.flat()).and_then(Flat::into_layout)
}

impl Twin for Layout {
    fn is_all_static(&self) -> bool {
        self.flat().is_all_static()
    }
    fn static_twin(&self) -> Self {
        Layout::from_flat(self.flat().static_twin())
    }
}

/// What [`Layout::call`] accepts: an index (`i32`), a coordinate, or a Rust tuple of `i32`s
/// (CuTe's `make_coord(i, j, ...)` with `int`s: dynamic leaves, nested as the tuple is).
///
/// ```
/// use cute_dynamic::{CoordRef, IntTuple, Layout};
/// let l: Layout = "(_2,_3):(_3,_1)".parse().unwrap();
/// let c: IntTuple = "(1,2)".parse().unwrap();
/// assert_eq!(l.call(CoordRef::Coord(&c)).unwrap().value(), l.call(CoordRef::Index(5)).unwrap().value());
/// // CuTe: layout(make_coord(1, 2))
/// assert_eq!(l.call((1, 2)).unwrap().value(), 5);
/// ```
#[derive(Clone, Debug)]
pub enum CoordRef<'c> {
    /// A 1-D index (a dynamic integer coordinate).
    Index(i32),
    /// A (possibly hierarchical, possibly partial) coordinate.
    Coord(&'c IntTuple),
    /// A coordinate built on the spot (from a Rust tuple).
    Owned(IntTuple),
}

impl From<i32> for CoordRef<'_> {
    fn from(i: i32) -> Self {
        CoordRef::Index(i)
    }
}

impl<'c> From<&'c IntTuple> for CoordRef<'c> {
    fn from(c: &'c IntTuple) -> Self {
        CoordRef::Coord(c)
    }
}

/// `From` a Rust tuple of up to 8 elements, each an `i32` (a dynamic leaf), an [`Int`], an
/// [`IntTuple`] or a nested tuple, for [`IntTuple`] and [`CoordRef`].
macro_rules! from_rust_tuples {
    ($(($($t:ident $v:ident),+)),+ $(,)?) => {$(
        impl<$($t: Into<IntTuple>),+> From<($($t,)+)> for IntTuple {
            fn from(($($v,)+): ($($t,)+)) -> IntTuple {
                IntTuple::tuple(vec![$($v.into()),+])
            }
        }
        impl<$($t: Into<IntTuple>),+> From<($($t,)+)> for CoordRef<'_> {
            fn from(t: ($($t,)+)) -> Self {
                CoordRef::Owned(IntTuple::from(t))
            }
        }
    )+};
}

from_rust_tuples!(
    (A a),
    (A a, B b),
    (A a, B b, C c),
    (A a, B b, C c, D d),
    (A a, B b, C c, D d, E e),
    (A a, B b, C c, D d, E e, F f),
    (A a, B b, C c, D d, E e, F f, G g),
    (A a, B b, C c, D d, E e, F f, G g, H h),
);
