//! CuTe's `layout_composed.hpp`: `ComposedLayout` `A o O o B`, the function
//! `c -> A(O + B(c))`, where `A` is usually a [`Swizzle`] and `B` a [`Layout`] that gives the
//! domain (shape, size, coordinates), and the layout algebra on it.
//!
//! Almost every layout operation applies to `B` alone and keeps `A` and `O`:
//! `op(A o O o B, x) = A o O o op(B, x)`. The exceptions (evaluation, up-/downcast, the
//! inverses, complement) are headed by their own rules below; slicing, `swizzle_layout.hpp`'s
//! rule, is in `swizzle_slice`, the offset `O` in `offset`.
//!
//! ```
//! use cute_dynamic::ComposedLayout;
//! let c: ComposedLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
//! assert_eq!(c.call(1)?.value(), 72);
//! let smem = c.tile_to_shape(&"(_128,_128)".parse()?)?;
//! assert_eq!(smem.to_string(), "Sw<3,3,3> o _0 o ((_8,_16),(_64,_2)):((_64,_512),(_1,_8192))");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::error::{LayoutError, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::{CoordRef, Layout};
use crate::offset::Offset;
use crate::prelude::*;
use crate::swizzle::{Swizzle, make_swizzle};
use crate::tiler::Tiler;
use crate::twin::{Twin, checked};
use core::fmt;

/// One side of a [`ComposedLayout`]: a swizzle functor or a plain layout.
///
/// ```
/// use cute_dynamic::{LayoutFn, Swizzle};
/// let f = LayoutFn::from(Swizzle::new(2, 0, 3)?);
/// assert_eq!(f.to_string(), "Sw<2,0,3>");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LayoutFn {
    /// A swizzle `Sw<B,M,S>`.
    Swizzle(Swizzle),
    /// A layout `shape:stride`.
    Layout(Layout),
}

impl From<Swizzle> for LayoutFn {
    fn from(s: Swizzle) -> LayoutFn {
        LayoutFn::Swizzle(s)
    }
}

impl From<Layout> for LayoutFn {
    fn from(l: Layout) -> LayoutFn {
        LayoutFn::Layout(l)
    }
}

impl LayoutFn {
    /// The function at an offset (a layout reads it as a 1-D coordinate).
    fn call(&self, x: Int) -> Result<Int> {
        match self {
            LayoutFn::Swizzle(s) => Ok(s.call(x)),
            LayoutFn::Layout(l) => l.call(&IntTuple::Int(x)),
        }
    }
}
/// CuTe's `ComposedLayout<A,O,B>`: the function `c -> A(O + B(c))`. Its shape, size and
/// coordinates are those of `B`. Printed `A o O o B`, e.g. `Sw<3,4,3> o _0 o (_8,_64):(_64,_1)`.
///
/// ```
/// use cute_dynamic::ComposedLayout;
/// let c: ComposedLayout = "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)".parse()?;
/// assert_eq!(c.size()?.value(), 512);
/// assert_eq!(c.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ComposedLayout {
    pub(crate) layout_a: LayoutFn,
    pub(crate) offset: Offset,
    pub(crate) layout_b: LayoutFn,
}

/// CuTe's `make_composed_layout(A, O, B)`: always a composed layout (no simplification).
///
/// ```
/// use cute_dynamic::{make_composed_layout, Int, Swizzle};
/// let c = make_composed_layout(Swizzle::new(0, 4, 3)?, Int::new_static(0), "_8:_1".parse::<cute_dynamic::Layout>()?);
/// assert_eq!(c.to_string(), "Sw<0,4,3> o _0 o _8:_1");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_composed_layout(
    a: impl Into<LayoutFn>,
    offset: impl Into<Offset>,
    b: impl Into<LayoutFn>,
) -> ComposedLayout {
    ComposedLayout {
        layout_a: a.into(),
        offset: offset.into(),
        layout_b: b.into(),
    }
}

/// A layout that may or may not be composed: what CuTe's operations on composed layouts return,
/// since `composition(Sw<0,M,S>, _0, L)` (the identity swizzle) is just `L`, and slicing a
/// swizzled layout can decay to a plain layout.
///
/// ```
/// use cute_dynamic::AnyLayout;
/// let p: AnyLayout = "(_8,_8):(_8,_1)".parse()?;
/// let c: AnyLayout = "Sw<1,0,3> o _0 o (_8,_8):(_8,_1)".parse()?;
/// assert!(p.as_layout().is_some() && c.as_composed().is_some());
/// assert_eq!(c.call(1)?.value(), 8 ^ 1);                  // Sw(L(1)) = Sw(8)
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyLayout {
    /// A plain layout.
    Plain(Layout),
    /// A composed layout.
    Composed(ComposedLayout),
}

impl AnyLayout {
    /// The plain layout, if this is one.
    ///
    /// ```
    /// let l: cute_dynamic::AnyLayout = "_4:_1".parse()?;
    /// assert_eq!(l.as_layout().unwrap().to_string(), "_4:_1");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn as_layout(&self) -> Option<&Layout> {
        match self {
            AnyLayout::Plain(l) => Some(l),
            AnyLayout::Composed(_) => None,
        }
    }

    /// The composed layout, if this is one.
    ///
    /// ```
    /// let l: cute_dynamic::AnyLayout = "Sw<1,0,1> o _0 o _4:_1".parse()?;
    /// assert_eq!(l.as_composed().unwrap().offset().to_string(), "_0");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn as_composed(&self) -> Option<&ComposedLayout> {
        match self {
            AnyLayout::Composed(c) => Some(c),
            AnyLayout::Plain(_) => None,
        }
    }

    /// The size of the domain.
    ///
    /// ```
    /// let l: cute_dynamic::AnyLayout = "Sw<1,0,1> o _0 o (_4,8):(_1,_4)".parse()?;
    /// assert_eq!(l.size()?.to_string(), "32");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn size(&self) -> Result<Int> {
        match self {
            AnyLayout::Plain(l) => l.size(),
            AnyLayout::Composed(c) => c.size(),
        }
    }

    /// CuTe's `cosize`: of the layout, or of the inner layout `B` of a composed one.
    ///
    /// ```
    /// let l: cute_dynamic::AnyLayout = "Sw<1,0,1> o _0 o (_4,2):(_1,_8)".parse()?;
    /// assert_eq!(l.cosize()?.to_string(), "12");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn cosize(&self) -> Result<Int> {
        match self {
            AnyLayout::Plain(l) => l.cosize(),
            AnyLayout::Composed(c) => c.cosize(),
        }
    }

    /// CuTe's `shape`: of the layout, or of the inner layout `B` of a composed one (an error if
    /// `B` is a swizzle, which has no shape).
    ///
    /// ```
    /// let l: cute_dynamic::AnyLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
    /// assert_eq!(l.shape()?.to_string(), "(_8,_64)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn shape(&self) -> Result<IntTuple> {
        match self {
            AnyLayout::Plain(l) => Ok(l.shape()),
            AnyLayout::Composed(c) => c.shape(),
        }
    }

    /// Evaluate at an index or a coordinate.
    ///
    /// ```
    /// let l: cute_dynamic::AnyLayout = "Sw<1,0,1> o _0 o _4:_1".parse()?;
    /// assert_eq!(l.call(2)?.value(), 3);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn call<'c>(&self, coord: impl Into<CoordRef<'c>>) -> Result<Int> {
        match self {
            AnyLayout::Plain(l) => l.call(coord),
            AnyLayout::Composed(c) => c.call(coord),
        }
    }
}

impl From<Layout> for AnyLayout {
    fn from(l: Layout) -> AnyLayout {
        AnyLayout::Plain(l)
    }
}

impl From<ComposedLayout> for AnyLayout {
    fn from(c: ComposedLayout) -> AnyLayout {
        AnyLayout::Composed(c)
    }
}

/// CuTe's three-argument `composition(A, O, B)`: a composed layout, except that the identity
/// swizzle with the static offset `_0` (`Int<0>`, not the `smem_ptr` tag) gives `B` itself.
///
/// ```
/// use cute_dynamic::{composition_with_offset, Int, Layout, Swizzle};
/// let l: Layout = "(_8,_8):(_8,_1)".parse()?;
/// let id = composition_with_offset(Swizzle::new(0, 4, 3)?, Int::new_static(0), l.clone());
/// assert_eq!(id.to_string(), "(_8,_8):(_8,_1)");
/// let sw = composition_with_offset(Swizzle::new(1, 4, 3)?, Int::new_static(0), l);
/// assert_eq!(sw.to_string(), "Sw<1,4,3> o _0 o (_8,_8):(_8,_1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn composition_with_offset(
    a: impl Into<LayoutFn>,
    offset: impl Into<Offset>,
    b: impl Into<LayoutFn>,
) -> AnyLayout {
    let c = make_composed_layout(a, offset, b);
    match (&c.layout_a, &c.layout_b) {
        (LayoutFn::Swizzle(s), LayoutFn::Layout(l))
            if s.num_bits() == 0 && c.offset.is_constant_zero() =>
        {
            AnyLayout::Plain(l.clone())
        }
        _ => AnyLayout::Composed(c),
    }
}

impl Swizzle {
    /// CuTe's `composition(Sw, L)`: the swizzled layout `Sw o _0 o L` (`L` itself for
    /// `Sw<0,M,S>`).
    ///
    /// ```
    /// use cute_dynamic::Swizzle;
    /// let r = Swizzle::new(3, 3, 3)?.composition(&"(_8,_64):(_64,_1)".parse()?);
    /// assert_eq!(r.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn composition(&self, layout: &Layout) -> AnyLayout {
        composition_with_offset(*self, Int::new_static(0), layout.clone())
    }
}

/// CuTe's `composition(L, Sw)`: moves the swizzle to the left of `L`. Rule: the swizzle's masks
/// are mapped through `L`, `Y' = L(yyy_mask)` and `Z' = L(zzz_mask)` (both compile-time values
/// in CuTe), and the result is `make_swizzle<Y',Z'>() o _0 o L` (just `L` when `Y' = Z' = 0`).
///
/// ```
/// use cute_dynamic::{composition_swizzle, Swizzle};
/// // left_inverse(Sw<3,3,5> o _0 o (_8,_64):(_64,_1)): the swizzle moves through (_64,_8):(_8,_1).
/// let l = "(_64,_8):(_8,_1)".parse()?;
/// let r = composition_swizzle(&l, &Swizzle::new(3, 3, 5)?)?;
/// assert_eq!(r.to_string(), "Sw<3,2,-4> o _0 o (_64,_8):(_8,_1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn composition_swizzle(layout: &Layout, sw: &Swizzle) -> Result<AnyLayout> {
    let image = |mask: i32| -> Result<u32> {
        let v = layout.call(&IntTuple::Int(Int::new_static(mask)))?;
        if !v.is_static() {
            return Err(LayoutError::invalid(
                "composition",
                format!(
                    "{layout} maps the mask {mask} of {sw} to the run-time value {v}: CuTe's \
                     make_swizzle needs compile-time masks"
                ),
            ));
        }
        Ok(v.value() as u32)
    };
    let new_sw = make_swizzle(image(sw.yyy_mask())?, image(sw.zzz_mask())?)?;
    Ok(new_sw.composition(layout))
}

impl ComposedLayout {
    /// `A`, CuTe's `layout_a()`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o _4:_1".parse()?;
    /// assert_eq!(c.layout_a().to_string(), "Sw<1,0,1>");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn layout_a(&self) -> &LayoutFn {
        &self.layout_a
    }

    /// `O`, CuTe's `offset()`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o 7 o _4:_1".parse()?;
    /// assert_eq!(c.offset().to_string(), "7");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn offset(&self) -> &Offset {
        &self.offset
    }

    /// `B`, CuTe's `layout_b()`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o _4:_1".parse()?;
    /// assert_eq!(c.layout_b().to_string(), "_4:_1");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn layout_b(&self) -> &LayoutFn {
        &self.layout_b
    }

    /// `B` as a layout (every shape-based operation needs one).
    pub(crate) fn inner(&self, op: &'static str) -> Result<&Layout> {
        match &self.layout_b {
            LayoutFn::Layout(l) => Ok(l),
            LayoutFn::Swizzle(s) => Err(LayoutError::invalid(
                op,
                format!("{self}: the inner function {s} is a swizzle, which has no shape"),
            )),
        }
    }

    /// The shape of `B`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o (_4,2):(_1,_4)".parse()?;
    /// assert_eq!(c.shape()?.to_string(), "(_4,2)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn shape(&self) -> Result<IntTuple> {
        Ok(self.inner("shape")?.shape())
    }

    /// CuTe's `rank(C)`: the rank of `B`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o (_4,(2,_2)):(_1,(_4,_8))".parse()?;
    /// assert_eq!(c.rank()?, 2);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn rank(&self) -> Result<usize> {
        Ok(self.inner("rank")?.rank())
    }

    /// CuTe's `get<I>(C)` = `composition(A, O, get<I>(B))`: mode `i` of `B` behind the same
    /// swizzle and offset (a plain layout where that is the identity, as CuTe's three-argument
    /// composition gives).
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
    /// assert_eq!(c.get(1)?.to_string(), "Sw<3,3,3> o _0 o _64:_1");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn get(&self, i: usize) -> Result<AnyLayout> {
        Ok(composition_with_offset(
            self.layout_a.clone(),
            self.offset,
            self.inner("get")?.get(i)?,
        ))
    }

    /// CuTe's `size(C)`: the size of `B`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o (_4,2):(_1,_4)".parse()?;
    /// assert_eq!(c.size()?.to_string(), "8");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn size(&self) -> Result<Int> {
        self.inner("size")?.size()
    }

    /// CuTe's `cosize(C)`: the cosize of `B`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o (_4,2):(_1,_8)".parse()?;
    /// assert_eq!(c.cosize()?.to_string(), "12");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn cosize(&self) -> Result<Int> {
        self.inner("cosize")?.cosize()
    }

    /// CuTe's `C(c)` = `A(O + B(c))`, for an index or a coordinate of `B`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
    /// let row1: Vec<i32> = (0..4).map(|i| c.call(i).map(|v| v.value())).collect::<Result<_, _>>()?;
    /// assert_eq!(row1, [0, 72, 144, 216]);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn call<'c>(&self, coord: impl Into<CoordRef<'c>>) -> Result<Int> {
        let inner = match (&self.layout_b, coord.into()) {
            (LayoutFn::Layout(l), c) => l.call(c)?,
            (LayoutFn::Swizzle(s), CoordRef::Index(i)) => s.call(Int::new_dynamic(i)),
            (LayoutFn::Swizzle(s), CoordRef::Coord(IntTuple::Int(i))) => s.call(*i),
            (LayoutFn::Swizzle(s), CoordRef::Owned(IntTuple::Int(i))) => s.call(i),
            (LayoutFn::Swizzle(s), CoordRef::Coord(c)) => {
                return Err(LayoutError::invalid(
                    "call",
                    format!("the swizzle {s} takes an integer, not {c}"),
                ));
            }
            (LayoutFn::Swizzle(s), CoordRef::Owned(c)) => {
                return Err(LayoutError::invalid(
                    "call",
                    format!("the swizzle {s} takes an integer, not {c}"),
                ));
            }
        };
        self.layout_a.call(self.offset.add(inner)?)
    }

    /// `A o O o f(B)`, CuTe's rule for every operation that acts on `B` alone.
    fn map_b(
        &self,
        op: &'static str,
        f: impl FnOnce(&Layout) -> Result<Layout>,
    ) -> Result<AnyLayout> {
        let b = f(self.inner(op)?)?;
        Ok(composition_with_offset(
            self.layout_a.clone(),
            self.offset,
            b,
        ))
    }

    /// CuTe's `composition(C, L)` = `A o O o composition(B, L)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,3,3> o _238 o (_2,_3):(_3,_1)".parse()?;
    /// assert_eq!(c.composition(&"_3:_2".parse()?)?.to_string(), "Sw<2,3,3> o _238 o _3:_1");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn composition(&self, layout: &Layout) -> Result<AnyLayout> {
        self.map_b("composition", |b| crate::composition(b, layout))
    }

    /// CuTe's `composition(C, tiler)` = `A o O o composition(B, tiler)` (by-mode).
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,2,3> o _0 o (128,8):(_1,_128)".parse()?;
    /// assert_eq!(c.composition_tiler(&"(128)".parse()?)?.to_string(), "Sw<2,2,3> o _0 o (128):(_1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn composition_tiler(&self, tiler: &Tiler) -> Result<AnyLayout> {
        self.map_b("composition", |b| crate::composition_tiler(b, tiler))
    }

    /// CuTe's `logical_divide(C, L)` = `A o O o logical_divide(B, L)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,1,1> o _0 o _8:_1".parse()?;
    /// assert_eq!(c.logical_divide(&"_2:_1".parse()?)?.to_string(), "Sw<1,1,1> o _0 o (_2,_4):(_1,_2)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn logical_divide(&self, tiler: &Layout) -> Result<AnyLayout> {
        self.map_b("logical_divide", |b| crate::logical_divide(b, tiler))
    }

    /// CuTe's `logical_divide(C, tiler)` = `A o O o logical_divide(B, tiler)` (by-mode).
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<3,0,3> o _0 o (_8,_4):(_4,_1)".parse()?;
    /// let r = c.logical_divide_tiler(&"(_1,_4:_1)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<3,0,3> o _0 o ((_1,_8),(_4,_1)):((_0,_4),(_1,_0))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn logical_divide_tiler(&self, tiler: &Tiler) -> Result<AnyLayout> {
        self.map_b("logical_divide", |b| crate::logical_divide_tiler(b, tiler))
    }

    /// CuTe's `zipped_divide(C, tiler)` = `A o O o zipped_divide(B, tiler)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,3,3> o _47 o (_8,_64):(_64,_1)".parse()?;
    /// let r = c.zipped_divide(&"(_8,(_8,_8):(_1,_8))".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<1,3,3> o _47 o ((_8,(_8,_8)),(_1,_1)):((_64,(_1,_8)),(_0,_0))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn zipped_divide(&self, tiler: &Tiler) -> Result<AnyLayout> {
        self.map_b("zipped_divide", |b| crate::zipped_divide(b, tiler))
    }

    /// CuTe's `tiled_divide(C, tiler)` = `A o O o tiled_divide(B, tiler)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<3,1,3> o _0 o (_64,_8):(_8,_1)".parse()?;
    /// let r = c.tiled_divide(&"(_4,(_2,_4):(_1,_2))".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<3,1,3> o _0 o ((_4,(_2,_4)),_16,_1):((_8,(_1,_2)),_32,_0)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn tiled_divide(&self, tiler: &Tiler) -> Result<AnyLayout> {
        self.map_b("tiled_divide", |b| crate::tiled_divide(b, tiler))
    }

    /// CuTe's `flat_divide(C, tiler)` = `A o O o flat_divide(B, tiler)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,4,3> o _0 o (_16,_8):(_1,_16)".parse()?;
    /// let r = c.flat_divide(&"(_4:_1,_2)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<1,4,3> o _0 o (_4,_2,_4,_4):(_1,_16,_4,_32)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn flat_divide(&self, tiler: &Tiler) -> Result<AnyLayout> {
        self.map_b("flat_divide", |b| crate::flat_divide(b, tiler))
    }

    /// CuTe's `logical_product(C, L)` = `A o O o logical_product(B, L)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,4,2> o _0 o (_4,_8):(_1,_4)".parse()?;
    /// let r = c.logical_product(&"(_2):(_1)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<2,4,2> o _0 o ((_4,_8),(_2)):((_1,_4),(_32))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn logical_product(&self, tiler: &Layout) -> Result<AnyLayout> {
        self.map_b("logical_product", |b| crate::logical_product(b, tiler))
    }

    /// CuTe's `zipped_product(C, tiler)` = `A o O o zipped_product(B, tiler)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o (_5,_4):(_4,_1)".parse()?;
    /// let r = c.zipped_product(&"(_2,_2):(_2,_1)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<1,0,1> o _0 o ((_5,_4),(_2,_2)):((_4,_1),(_40,_20))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn zipped_product(&self, tiler: &Tiler) -> Result<AnyLayout> {
        self.map_b("zipped_product", |b| crate::zipped_product(b, tiler))
    }

    /// CuTe's `tiled_product(C, tiler)` = `A o O o tiled_product(B, tiler)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o (_5,_4):(_4,_1)".parse()?;
    /// let r = c.tiled_product(&"(_2,_2):(_2,_1)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<1,0,1> o _0 o ((_5,_4),_2,_2):((_4,_1),_40,_20)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn tiled_product(&self, tiler: &Tiler) -> Result<AnyLayout> {
        self.map_b("tiled_product", |b| crate::tiled_product(b, tiler))
    }

    /// CuTe's `flat_product(C, tiler)` = `A o O o flat_product(B, tiler)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,0,1> o _0 o (_5,_4):(_4,_1)".parse()?;
    /// let r = c.flat_product(&"(_2,_2):(_2,_1)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<1,0,1> o _0 o (_5,_4,_2,_2):(_4,_1,_40,_20)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn flat_product(&self, tiler: &Tiler) -> Result<AnyLayout> {
        self.map_b("flat_product", |b| crate::flat_product(b, tiler))
    }

    /// CuTe's `blocked_product(C, L)` = `A o O o blocked_product(B, L)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
    /// let r = c.blocked_product(&"(_2,_1):(_1,_2)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<3,3,3> o _0 o ((_8,_2),(_64,_1)):((_64,_512),(_1,_1024))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn blocked_product(&self, tiler: &Layout) -> Result<AnyLayout> {
        self.map_b("blocked_product", |b| crate::blocked_product(b, tiler))
    }

    /// CuTe's `raked_product(C, L)` = `A o O o raked_product(B, L)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,5,5> o _0 o (_8,_4,_2):(_1,_8,_32)".parse()?;
    /// let r = c.raked_product(&"(_5):(_2)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<2,5,5> o _0 o ((_5,_8),(_1,_4),(_1,_2)):((_128,_1),(_0,_8),(_0,_32))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn raked_product(&self, tiler: &Layout) -> Result<AnyLayout> {
        self.map_b("raked_product", |b| crate::raked_product(b, tiler))
    }

    /// CuTe's `tile_to_shape(C, shape)` = `A o O o tile_to_shape(B, shape)`: how kernels build
    /// shared-memory layouts from GMMA atoms.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,3,3> o _0 o (_8,_32):(_32,_1)".parse()?;
    /// let r = c.tile_to_shape(&"(_128,_128)".parse()?)?;
    /// assert_eq!(r.to_string(), "Sw<2,3,3> o _0 o ((_8,_16),(_32,_4)):((_32,_256),(_1,_4096))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn tile_to_shape(&self, shape: &IntTuple) -> Result<AnyLayout> {
        self.map_b("tile_to_shape", |b| crate::tile_to_shape(b, shape))
    }

    /// CuTe's `coalesce(C)` = `A o O o coalesce(B)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,2,2> o _0 o (_2,_2,_2):(_1,_2,_4)".parse()?;
    /// assert_eq!(c.coalesce()?.to_string(), "Sw<2,2,2> o _0 o _8:_1");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn coalesce(&self) -> Result<AnyLayout> {
        self.map_b("coalesce", crate::coalesce)
    }

    /// CuTe's `coalesce(C, profile)` = `A o O o coalesce(B, profile)`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,2,2> o _0 o ((_2,_2),_2):((_1,_2),_4)".parse()?;
    /// assert_eq!(c.coalesce_profile(&"(_1,_1)".parse()?)?.to_string(), "Sw<2,2,2> o _0 o (_4,_2):(_1,_4)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn coalesce_profile(&self, profile: &IntTuple) -> Result<AnyLayout> {
        self.map_b("coalesce", |b| crate::coalesce_profile(b, profile))
    }

    /// CuTe's `complement(C, cotarget)` = `complement(B, cotarget)`: a plain layout, the swizzle
    /// and the offset play no part.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,2,2> o _0 o (8,4):(_4,_1)".parse()?;
    /// assert_eq!(c.complement(&"_64".parse()?)?.to_string(), "(1,2):(4,32)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn complement(&self, cotarget: &IntTuple) -> Result<Layout> {
        crate::complement(self.inner("complement")?, cotarget)
    }

    /// CuTe's `complement(C)` = `complement(B, cosize(B))`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,2,2> o _0 o (8,4):(_4,_1)".parse()?;
    /// assert_eq!(c.complement1()?.to_string(), "(1,1):(4,32)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn complement1(&self) -> Result<Layout> {
        self.complement(&self.cosize()?.into())
    }

    /// CuTe's `upcast<N>(C)`: `upcast<N>` of each part. A swizzle sees `log2 N` fewer low bits
    /// ([`Swizzle::upcast`]), a static offset is divided exactly ("Static safe_div requires
    /// t % u == 0"; a run-time offset has no `upcast` in CuTe), `B` as [`crate::upcast`]. For
    /// the `smem_ptr[Kb]` tag the swizzle stays (it acts on bytes) and the tag becomes
    /// `smem_ptr[(K*N)b]`. The result stays composed even for `Sw<0,..>` (CuTe's offset is then
    /// an unsigned constant, not `Int<0>`).
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,5,2> o _0 o ((_2,_24,_8)):((_192,_8,_1))".parse()?;
    /// assert_eq!(c.upcast(8)?.to_string(), "Sw<2,2,2> o _0 o ((_2,_24,_1)):((_24,_1,_1))");
    /// let atom: cute_dynamic::ComposedLayout = "Sw<3,4,3> o smem_ptr[1b](unset) o (_8,_1024):(_1024,_1)".parse()?;
    /// assert_eq!(atom.upcast(16)?.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn upcast(&self, n: i32) -> Result<ComposedLayout> {
        self.recast(n, Swizzle::upcast, crate::upcast, Offset::upcast)
    }

    /// CuTe's `downcast<N>(C)`: `downcast<N>` of each part. A swizzle sees `log2 N` more low bits
    /// ([`Swizzle::downcast`]), a static offset is multiplied by `N` (a run-time offset has no
    /// `downcast` in CuTe), `B` as [`crate::downcast`]. The `smem_ptr[Kb]` tag keeps the swizzle
    /// and becomes `smem_ptr[(K/N)b]`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<2,2,3> o _0 o (_16,_8):(_1,_16)".parse()?;
    /// assert_eq!(c.downcast(8)?.to_string(), "Sw<2,5,3> o _0 o (_128,_8):(_1,_128)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn downcast(&self, n: i32) -> Result<ComposedLayout> {
        self.recast(n, Swizzle::downcast, crate::downcast, Offset::downcast)
    }

    /// `upcast<N>`/`downcast<N>` of each part; with the `smem_ptr` tag, the swizzle stays.
    fn recast(
        &self,
        n: i32,
        swizzle: fn(&Swizzle, i32) -> Result<Swizzle>,
        layout: fn(i32, &Layout) -> Result<Layout>,
        offset: fn(&Offset, i32) -> Result<Offset>,
    ) -> Result<ComposedLayout> {
        let part = |f: &LayoutFn| -> Result<LayoutFn> {
            Ok(match f {
                LayoutFn::Swizzle(s) => LayoutFn::Swizzle(swizzle(s, n)?),
                LayoutFn::Layout(l) => LayoutFn::Layout(layout(n, l)?),
            })
        };
        let a = match self.offset {
            Offset::SmemPtr(_) => self.layout_a.clone(),
            _ => part(&self.layout_a)?,
        };
        Ok(make_composed_layout(
            a,
            offset(&self.offset, n)?,
            part(&self.layout_b)?,
        ))
    }

    /// Both inverses follow one rule (`inverse` is `right_inverse` or `left_inverse` of a layout):
    /// * `Sw o _0 o B` (static offset 0): `composition(inverse(B), Sw)`, which moves the swizzle
    ///   to the left ([`composition_swizzle`]);
    /// * otherwise `inverse(B) o -O o inverse(A)` (a swizzle is its own inverse; the offset must
    ///   be a static integer).
    fn inverse(&self, op: &'static str, inv: fn(&Layout) -> Result<Layout>) -> Result<AnyLayout> {
        let invert = |f: &LayoutFn| -> Result<LayoutFn> {
            Ok(match f {
                LayoutFn::Swizzle(s) => LayoutFn::Swizzle(*s),
                LayoutFn::Layout(l) => LayoutFn::Layout(inv(l)?),
            })
        };
        if let (LayoutFn::Swizzle(sw), true) = (&self.layout_a, self.offset.is_constant_zero()) {
            return composition_swizzle(&inv(self.inner(op)?)?, sw);
        }
        let b = invert(&self.layout_b)?;
        let o = self.offset.negated(op)?;
        Ok(composition_with_offset(b, o, invert(&self.layout_a)?))
    }

    /// CuTe's `right_inverse(C)`. With the static offset `_0`: `composition(right_inverse(B),
    /// Sw)`, the swizzle moved to the left of the inverse (its masks mapped through it; they must
    /// still form a swizzle: "Number of bits in Y and Z don't match", "Something went wrong.",
    /// "abs(SShift) must be more than BBits."). Otherwise `right_inverse(B) o -O o Sw`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,3,1> o _0 o (_8,_8):(_8,_1)".parse()?;
    /// assert_eq!(c.right_inverse()?.to_string(), "Sw<1,0,1> o _0 o (_8,_8):(_8,_1)");
    /// let c: cute_dynamic::ComposedLayout = "Sw<1,5,3> o _420 o (_8,_8):(_1,_8)".parse()?;
    /// assert_eq!(c.right_inverse()?.to_string(), "_64:_1 o _-420 o Sw<1,5,3>");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn right_inverse(&self) -> Result<AnyLayout> {
        let c = self;
        checked!(right_inverse_exact, c)
    }

    /// CuTe's `left_inverse(C)`: as [`ComposedLayout::right_inverse`] with `left_inverse(B)`
    /// (which needs static strides).
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<3,3,5> o _0 o (_8,_64):(_64,_1)".parse()?;
    /// assert_eq!(c.left_inverse()?.to_string(), "Sw<3,2,-4> o _0 o (_64,_8):(_8,_1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn left_inverse(&self) -> Result<AnyLayout> {
        let c = self;
        checked!(left_inverse_exact, c)
    }

    /// CuTe's `as_position_independent_swizzle_layout(C)` for a layout `Sw o smem_ptr[Nb] o B`
    /// (a GMMA atom, whose swizzle acts on byte addresses): the same swizzle on `N`-bit element
    /// offsets, `recast_layout<uint8_t, uint_bit_t<N>>(Sw) o _0 o B` (the swizzle up- or
    /// downcast by `N/8`; `Sw<0,..>` disappears).
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)".parse()?;
    /// assert_eq!(c.as_position_independent_swizzle_layout()?.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn as_position_independent_swizzle_layout(&self) -> Result<AnyLayout> {
        let op = "as_position_independent_swizzle_layout";
        let (LayoutFn::Swizzle(sw), Offset::SmemPtr(bits)) = (&self.layout_a, self.offset) else {
            return Err(LayoutError::invalid(
                op,
                format!("{self} is not a swizzle with an smem_ptr[Nb](unset) offset"),
            ));
        };
        if ![1, 2, 4, 6, 8, 16, 32, 64, 128, 256].contains(&bits) {
            return Err(LayoutError::invalid(
                op,
                format!("CuTe has no uint_bit_t<{bits}>"),
            ));
        }
        // recast_layout<uint8_t, uint_bit_t<N>>: the ratio N/8 in lowest terms, num/den.
        let g = (bits & bits.wrapping_neg()).min(8);
        let (num, den) = (bits / g, 8 / g);
        let recast = match (num, den) {
            (1, 1) => *sw,
            (n, 1) => sw.upcast(n)?,
            (1, d) => sw.downcast(d)?,
            _ => {
                return Err(LayoutError::invalid(
                    op,
                    format!("CuTe's recast_layout of {sw} from 8 to {bits} bits does not compile"),
                ));
            }
        };
        Ok(composition_with_offset(
            recast,
            Int::new_static(0),
            self.inner(op)?.clone(),
        ))
    }
}

fn right_inverse_exact(c: &ComposedLayout) -> Result<AnyLayout> {
    c.inverse("right_inverse", crate::right_inverse)
}

fn left_inverse_exact(c: &ComposedLayout) -> Result<AnyLayout> {
    c.inverse("left_inverse", crate::left_inverse)
}
/// A flat layout: the tuple of the leaves `shape[i]:stride[i]`.
pub(crate) fn flat_layout(shape: &[Int], stride: &[Int]) -> Layout {
    // A tuple of leaves (one level of nesting, well within what CuTe text reads back).
    let mut flat = crate::flat::Flat::empty();
    flat.push_tuple(u32::try_from(shape.len()).unwrap_or(u32::MAX - 1));
    for (&s, &d) in shape.iter().zip(stride) {
        flat.push_leaf(s, d);
    }
    Layout::from_flat(flat)
}
impl fmt::Display for LayoutFn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutFn::Swizzle(s) => s.fmt(f),
            LayoutFn::Layout(l) => l.fmt(f),
        }
    }
}
impl fmt::Display for ComposedLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o {}", self.layout_a, self.offset, self.layout_b)
    }
}

impl fmt::Display for AnyLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyLayout::Plain(l) => l.fmt(f),
            AnyLayout::Composed(c) => c.fmt(f),
        }
    }
}
impl Twin for LayoutFn {
    fn is_all_static(&self) -> bool {
        match self {
            LayoutFn::Swizzle(_) => true,
            LayoutFn::Layout(l) => l.is_all_static(),
        }
    }
    fn static_twin(&self) -> Self {
        match self {
            LayoutFn::Swizzle(s) => LayoutFn::Swizzle(*s),
            LayoutFn::Layout(l) => LayoutFn::Layout(l.static_twin()),
        }
    }
}

impl Twin for ComposedLayout {
    fn is_all_static(&self) -> bool {
        self.layout_a.is_all_static()
            && self.offset.is_all_static()
            && self.layout_b.is_all_static()
    }
    fn static_twin(&self) -> Self {
        ComposedLayout {
            layout_a: self.layout_a.static_twin(),
            offset: self.offset.static_twin(),
            layout_b: self.layout_b.static_twin(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_independent_swizzles_follow_the_element_width() {
        let pi = |bits: i32| {
            let c = make_composed_layout(
                Swizzle::new(3, 4, 3).unwrap(),
                Offset::SmemPtr(bits),
                "(_8,_64):(_64,_1)".parse::<Layout>().unwrap(),
            );
            c.as_position_independent_swizzle_layout()
                .map(|r| r.as_composed().map(|c| c.layout_a().to_string()))
        };
        assert_eq!(pi(1).unwrap().as_deref(), Some("Sw<3,7,3>"));
        assert_eq!(pi(4).unwrap().as_deref(), Some("Sw<3,5,3>"));
        assert_eq!(pi(8).unwrap().as_deref(), Some("Sw<3,4,3>"));
        assert_eq!(pi(64).unwrap().as_deref(), Some("Sw<3,1,3>"));
        assert_eq!(pi(256).unwrap().as_deref(), Some("Sw<2,0,3>"));
        assert!(pi(6).is_err() && pi(12).is_err());
        let plain = make_composed_layout(
            Swizzle::new(3, 4, 3).unwrap(),
            Int::new_static(0),
            "_8:_1".parse::<Layout>().unwrap(),
        );
        assert!(plain.as_position_independent_swizzle_layout().is_err());
    }
    #[test]
    fn hostile_input_is_an_error_not_a_panic() {
        let texts = [
            "",
            " o ",
            "Sw<",
            "Sw<1,2>",
            "Sw<99999999999,1,1> o _0 o _1:_1",
            "Sw<1,1,1> o _0",
            "Sw<1,1,1> o _0 o _4:_1 o _0",
            "Sw<1,1,1> o M_1|(2&3)=3 o _4:_1",
            "Sw<1,1,1> o M_0|(2&3)=9 o _4:_1",
            "Sw<1,1,1> o smem_ptr[ o _4:_1",
            "Sw<1,1,1> o (1,2) o _4:_1",
            "Sw<33,0,33> o _0 o _4:_1",
            "Sw<-2147483648,0,0> o _0 o _4:_1",
            "Sw<1,1,-2147483648> o _0 o _4:_1",
            "é o é o é",
        ];
        for t in texts {
            assert!(t.parse::<AnyLayout>().is_err(), "{t}");
        }
        let extremes = [
            "Sw<16,0,16> o _2147483647 o (_2,_1073741824):(_1073741824,_1)",
            "Sw<1,30,1> o -2147483648 o 2147483647:2147483647",
            "Sw<0,31,1> o _0 o (_65536,_65536):(_65536,_1)",
            "Sw<4,0,28> o smem_ptr[2147483647b](unset) o _8:_-2147483648",
            "_64:_1 o _-420 o Sw<1,5,3>",
        ];
        for t in extremes {
            let c: ComposedLayout = t.parse().unwrap();
            let _ = c.call(3);
            let _ = c.call(i32::MAX);
            let _ = c.coalesce();
            let _ = c.upcast(2);
            let _ = c.upcast(0);
            let _ = c.downcast(1 << 30);
            let _ = c.downcast(-4);
            let _ = c.right_inverse();
            let _ = c.left_inverse();
            let _ = c.complement1();
            let _ = c.as_position_independent_swizzle_layout();
            let _ = c.tile_to_shape(&"(_2147483647,_2)".parse().unwrap());
            for crd in ["(_,1)", "(1,_)", "(2147483647,_)", "_", "(_,(_,_))"] {
                let _ = c.slice_and_offset(&crd.parse().unwrap());
            }
        }
        assert!(make_swizzle(u32::MAX, u32::MAX).is_err());
        assert!(make_swizzle(1 << 31, 1 << 30).is_ok());
    }
}
