//! CuTe's `tensor_impl.hpp` for tools: a [`Tensor`] is an engine (a memory offset or a
//! coordinate) and a layout, and the partitioning of kernels (`local_tile`, `local_partition`,
//! `inner_partition`, `outer_partition`) is a divide followed by a slice.
//!
//! A memory tensor `OFF|L` stands for the tensor at `p + OFF` with layout `L` (plain or swizzled);
//! an identity (coordinate) tensor `ArithTuple(c0,...) o L` holds a coordinate instead of a
//! pointer, and `L` has scaled basis strides. Slicing with `_` moves the engine by `L(crd)` (every
//! `_` read as `_0`) and keeps the modes under the `_`s.
//!
//! ```
//! use cute_dynamic::{local_tile_proj, make_identity_tensor, make_tensor, Layout, Tensor};
//! // A GEMM mainloop: the (BM,BK,k) tiles of A for the CTA at (m,n) = (1,0).
//! let a = make_tensor("(256,128):(1,256)".parse::<Layout>()?);
//! let tiler = "(_128,_128,_8)".parse()?;
//! let (crd, proj) = ("(1,0,_)".parse()?, "(_1,_,_1)".parse()?);
//! assert_eq!(local_tile_proj(&a, &tiler, &crd, &proj)?.to_string(), "128|(_128,_8,16):(1,256,2048)");
//! // The same tiles of the identity tensor give the coordinates of those elements.
//! let c = make_identity_tensor(&"(256,128)".parse()?);
//! let tile = local_tile_proj(&c, &tiler, &crd, &proj)?;
//! assert_eq!(tile.to_string(), "ArithTuple(128,_0) o (_128,_8,16):(_1@0,_1@1,_8@1)");
//! assert_eq!(tile.call(&"(3,2,1)".parse()?)?.to_string(), "(131,10)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::composed::{AnyLayout, ComposedLayout};
use crate::coord::{Coord, dice, slice};
use crate::coord_layout::{CoordLayout, make_identity_layout};
use crate::error::{Condition, LayoutError, Result};
use crate::eval::crd2idx;
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::int_tuple_algebra::product_each;
use crate::layout::{CoordRef, Layout};
use crate::offset::Offset;
use crate::prelude::*;
use crate::stride::{compact_col_major, idx2crd_strided};
use crate::swizzle_slice::underscores_to_zero;
use crate::tiler::Tiler;
use core::fmt;

/// A CuTe tensor as a tool sees it: an engine and a layout.
///
/// ```
/// use cute_dynamic::{make_tensor, Layout, Tensor};
/// let t = make_tensor("(_6,_8,_4):(_1,_6,_48)".parse::<Layout>()?);
/// let s = t.slice(&"(_4,_0,_)".parse()?)?;
/// assert_eq!(s.to_string(), "_4|(_4):(_48)");
/// assert!(matches!(s, Tensor::Memory { .. }));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tensor {
    /// `OFF|L`: the data at element offset `offset` from a base pointer, laid out by `layout`
    /// (a plain or a composed layout). CuTe's tensor on a pointer.
    Memory {
        /// The element offset of the data pointer, with CuTe's static/dynamic tag.
        offset: Int,
        /// The layout.
        layout: AnyLayout,
    },
    /// `ArithTuple(c0,...) o L`: an identity (coordinate) tensor, CuTe's tensor on an
    /// `ArithmeticTupleIterator`. Element `c` is `base + L(c)`, a coordinate.
    Coordinate {
        /// The coordinate the iterator holds (an arithmetic tuple).
        base: IntTuple,
        /// The layout, with scaled basis strides.
        layout: CoordLayout,
    },
}

/// CuTe's `make_tensor(p, layout)` for a base pointer `p`: the memory tensor `_0|layout`.
///
/// ```
/// use cute_dynamic::{make_tensor, ComposedLayout};
/// let t = make_tensor("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse::<ComposedLayout>()?);
/// assert_eq!(t.to_string(), "_0|Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_tensor(layout: impl Into<AnyLayout>) -> Tensor {
    Tensor::Memory {
        offset: Int::new_static(0),
        layout: layout.into(),
    }
}

/// CuTe's `make_identity_tensor(shape)`: the coordinate tensor whose element at `c` is `c`,
/// `ArithTuple(_0,...) o make_identity_layout(shape)`, the iterator nested like the shape.
///
/// ```
/// use cute_dynamic::make_identity_tensor;
/// let t = make_identity_tensor(&"((_2,_2),_3)".parse()?);
/// assert_eq!(t.to_string(), "ArithTuple((_0,_0),_0) o ((_2,_2),_3):((_1@0@0,_1@1@0),_1@1)");
/// assert_eq!(t.call(5)?.to_string(), "((1,0),1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[must_use]
pub fn make_identity_tensor(shape: &IntTuple) -> Tensor {
    Tensor::Coordinate {
        base: shape.repeat_like(Int::new_static(0)),
        layout: make_identity_layout(shape),
    }
}

fn has_underscore(c: &Coord) -> bool {
    match c {
        Coord::Int(_) => false,
        Coord::Underscore => true,
        Coord::Tuple(t) => t.iter().any(has_underscore),
    }
}

impl Tensor {
    /// The shape of the layout.
    ///
    /// ```
    /// let t: cute_dynamic::Tensor = "_0|Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
    /// assert_eq!(t.shape()?.to_string(), "(_8,_64)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn shape(&self) -> Result<IntTuple> {
        match self {
            Tensor::Memory {
                layout: AnyLayout::Plain(l),
                ..
            } => Ok(l.shape()),
            Tensor::Memory {
                layout: AnyLayout::Composed(c),
                ..
            } => c.shape(),
            Tensor::Coordinate { layout, .. } => Ok(layout.shape().clone()),
        }
    }

    /// CuTe's `rank(tensor)`: the rank of its layout.
    ///
    /// ```
    /// let t: cute_dynamic::Tensor = "_0|Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
    /// assert_eq!(t.rank()?, 2);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn rank(&self) -> Result<usize> {
        Ok(self.shape()?.rank())
    }

    /// CuTe's `size(tensor)`.
    ///
    /// ```
    /// let t = cute_dynamic::make_identity_tensor(&"(4,_5)".parse()?);
    /// assert_eq!(t.size()?.to_string(), "20");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn size(&self) -> Result<Int> {
        self.shape()?.size()
    }

    /// `tensor(c)` for an index or a full coordinate: the element offset `OFF + L(c)` of a
    /// memory tensor (as an integer), or the coordinate `base + L(c)` of a coordinate tensor.
    ///
    /// ```
    /// use cute_dynamic::{make_identity_tensor, Tensor};
    /// let t: Tensor = "_4|(_4,_2):(_2,_1)".parse()?;
    /// assert_eq!(t.call(5)?.to_string(), "7");
    /// let id = make_identity_tensor(&"(_4,_5)".parse()?);
    /// assert_eq!(id.call(6)?.to_string(), "(2,1)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn call<'c>(&self, coord: impl Into<CoordRef<'c>>) -> Result<IntTuple> {
        match self {
            Tensor::Memory { offset, layout } => {
                Ok(IntTuple::Int(offset.checked_add(layout.call(coord)?)?))
            }
            Tensor::Coordinate { base, layout } => layout.apply(base, coord),
        }
    }

    /// `tensor(crd)` for a coordinate with at least one `_`: the subtensor of the modes under
    /// the `_`s. Rule (CuTe's `slice_and_offset`): the engine moves by `L(crd)` with every `_`
    /// read as `_0` and the layout becomes `slice(crd, L)`; a swizzled layout slices as
    /// [`crate::ComposedLayout::slice_and_offset`] says (it may decay to a plain layout).
    ///
    /// ```
    /// let t: cute_dynamic::Tensor = "_0|Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse()?;
    /// assert_eq!(t.slice(&"(_,3)".parse()?)?.to_string(), "3|((_2,_2,_2)):((72,144,288))");
    /// assert!(t.slice(&"(1,3)".parse()?).is_err());   // an element, not a tensor
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn slice(&self, crd: &Coord) -> Result<Tensor> {
        if !has_underscore(crd) {
            return Err(LayoutError::invalid(
                "slice",
                format!("{crd} has no `_`: it selects an element of {self}, use call"),
            ));
        }
        match self {
            Tensor::Memory {
                offset,
                layout: AnyLayout::Plain(l),
            } => {
                let moved = l.call(&underscores_to_zero(crd))?;
                Ok(Tensor::Memory {
                    offset: offset.checked_add(moved)?,
                    layout: slice(crd, l)?.into(),
                })
            }
            Tensor::Memory {
                offset,
                layout: AnyLayout::Composed(c),
            } => match c.slice_and_offset(crd)? {
                (layout, Offset::Int(moved)) => Ok(Tensor::Memory {
                    offset: offset.checked_add(moved)?,
                    layout,
                }),
                (_, other) => Err(LayoutError::invalid(
                    "slice",
                    format!("the offset {other} of slice({crd}, {c}) is not an integer"),
                )),
            },
            Tensor::Coordinate { base, layout } => Ok(Tensor::Coordinate {
                base: layout.apply(base, &underscores_to_zero(crd))?,
                layout: layout.slice(crd)?,
            }),
        }
    }

    /// The same engine with the layout changed by `plain` (a plain memory layout), `composed`
    /// (a swizzled one) or `coord` (an identity tensor's). CuTe's rule for every layout
    /// operation on a tensor: `make_tensor(tensor.data(), op(tensor.layout()))`.
    fn map_layout(
        &self,
        plain: impl FnOnce(&Layout) -> Result<Layout>,
        composed: impl FnOnce(&ComposedLayout) -> Result<AnyLayout>,
        coord: impl FnOnce(&CoordLayout) -> Result<CoordLayout>,
    ) -> Result<Tensor> {
        Ok(match self {
            Tensor::Memory { offset, layout } => Tensor::Memory {
                offset: *offset,
                layout: match layout {
                    AnyLayout::Plain(l) => plain(l)?.into(),
                    AnyLayout::Composed(c) => composed(c)?,
                },
            },
            Tensor::Coordinate { base, layout } => Tensor::Coordinate {
                base: base.clone(),
                layout: coord(layout)?,
            },
        })
    }

    /// CuTe's `tensor.compose(tiler)`: the same engine with the layout `composition(L, tiler)`
    /// (by mode for a tuple tiler; an identity tensor's by [`CoordLayout::composition_tiler`]).
    ///
    /// ```
    /// let t: cute_dynamic::Tensor = "_0|(8,24):(_1,8)".parse()?;
    /// assert_eq!(t.compose(&"(_4,_8:_2)".parse()?)?.to_string(), "_0|(_4,_8):(_1,16)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn compose(&self, tiler: &Tiler) -> Result<Tensor> {
        self.map_layout(
            |l| crate::composition_tiler(l, tiler),
            |c| c.composition_tiler(tiler),
            |l| l.composition_tiler(tiler),
        )
    }

    /// CuTe's `logical_divide(tensor, tiler)`: the same engine with the layout
    /// `((TileM,RestM),(TileN,RestN),...)` (by mode for a tuple tiler).
    ///
    /// ```
    /// let t: cute_dynamic::Tensor = "_0|(8,24):(_1,8)".parse()?;
    /// let d = t.logical_divide(&"(_4,_8)".parse()?)?;
    /// assert_eq!(d.to_string(), "_0|((_4,2),(_8,3)):((_1,_4),(8,64))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn logical_divide(&self, tiler: &Tiler) -> Result<Tensor> {
        self.map_layout(
            |l| crate::logical_divide_tiler(l, tiler),
            |c| c.logical_divide_tiler(tiler),
            |l| l.logical_divide_tiler(tiler),
        )
    }

    /// CuTe's `zipped_divide(tensor, tiler)`: the same engine with the layout
    /// `((TileM,TileN,...),(RestM,RestN,...))`.
    ///
    /// ```
    /// let t: cute_dynamic::Tensor = "_0|(8,24):(_1,8)".parse()?;
    /// let z = t.zipped_divide(&"(_4,_8)".parse()?)?;
    /// assert_eq!(z.to_string(), "_0|((_4,_8),(2,3)):((_1,8),(_4,64))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn zipped_divide(&self, tiler: &Tiler) -> Result<Tensor> {
        self.map_layout(
            |l| crate::zipped_divide(l, tiler),
            |c| c.zipped_divide(tiler),
            |l| l.zipped_divide(tiler),
        )
    }

    /// CuTe's `tiled_divide(tensor, tiler)`: the same engine with the layout
    /// `((TileM,TileN,...),RestM,RestN,...)`.
    ///
    /// ```
    /// let t: cute_dynamic::Tensor = "_0|(8,24):(_1,8)".parse()?;
    /// let d = t.tiled_divide(&"(_4,_8)".parse()?)?;
    /// assert_eq!(d.to_string(), "_0|((_4,_8),2,3):((_1,8),_4,64)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn tiled_divide(&self, tiler: &Tiler) -> Result<Tensor> {
        self.map_layout(
            |l| crate::tiled_divide(l, tiler),
            |c| c.tiled_divide(tiler),
            |l| l.tiled_divide(tiler),
        )
    }

    /// CuTe's `flat_divide(tensor, tiler)`: the same engine with the layout
    /// `(TileM,TileN,...,RestM,RestN,...)`.
    ///
    /// ```
    /// let t: cute_dynamic::Tensor = "_0|(8,24):(_1,8)".parse()?;
    /// let d = t.flat_divide(&"(_4,_8)".parse()?)?;
    /// assert_eq!(d.to_string(), "_0|(_4,_8,2,3):(_1,8,_4,64)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn flat_divide(&self, tiler: &Tiler) -> Result<Tensor> {
        self.map_layout(
            |l| crate::flat_divide(l, tiler),
            |c| c.flat_divide(tiler),
            |l| l.flat_divide(tiler),
        )
    }

    /// The ranks of the two modes of a zipped tensor `((tile),(rest))`.
    fn zipped_ranks(&self) -> Result<(usize, usize)> {
        let shape = self.shape()?;
        Ok((shape.get(0)?.rank(), shape.get(1)?.rank()))
    }
}

/// CuTe's `append<R>(coord, _)` for a tuple coordinate: padded with `_` to `R` elements.
fn padded(coord: &Coord, r: usize) -> Result<Coord> {
    match coord {
        Coord::Tuple(items) if items.len() > r => Err(LayoutError::precondition(
            Condition::MismatchedRanks,
            format!("coordinate {coord} has more than {r} modes"),
        )),
        Coord::Tuple(items) => {
            let mut items = items.clone();
            items.resize(r, Coord::Underscore);
            Ok(Coord::Tuple(items))
        }
        other => Ok(other.clone()),
    }
}

/// CuTe's `inner_partition(tensor, tiler, coord)`: the tile at `coord`. Rule: with
/// `Z = zipped_divide(tensor, tiler)` and `R0`, `R1` the ranks of its two modes, slice `Z` at
/// `((_,..,_) [R0], coord)`, a tuple `coord` padded with `_` to `R1` elements.
///
/// ```
/// use cute_dynamic::{inner_partition, Tensor};
/// let t: Tensor = "_0|(8,24):(_1,8)".parse()?;
/// let tile = inner_partition(&t, &"(_4,_8)".parse()?, &"(1,2)".parse()?)?;
/// assert_eq!(tile.to_string(), "132|(_4,_8):(_1,8)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn inner_partition(tensor: &Tensor, tiler: &Tiler, coord: &Coord) -> Result<Tensor> {
    let tiled = tensor.zipped_divide(tiler)?;
    let (r0, r1) = tiled.zipped_ranks()?;
    let crd = Coord::Tuple(vec![Coord::underscores(r0), padded(coord, r1)?]);
    tiled.slice(&crd)
}

/// CuTe's `outer_partition(tensor, tiler, coord)`: the elements at `coord` of every tile.
/// Rule: with `Z = zipped_divide(tensor, tiler)`, slice `Z` at `(coord, (_,..,_) [R1])`, a tuple
/// `coord` padded with `_` to `R0` elements.
///
/// ```
/// use cute_dynamic::{outer_partition, Tensor};
/// let t: Tensor = "_0|(8,24):(_1,8)".parse()?;
/// let part = outer_partition(&t, &"(_4,_8)".parse()?, &"5".parse()?)?;
/// assert_eq!(part.to_string(), "9|(2,3):(_4,64)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn outer_partition(tensor: &Tensor, tiler: &Tiler, coord: &Coord) -> Result<Tensor> {
    let tiled = tensor.zipped_divide(tiler)?;
    let (r0, r1) = tiled.zipped_ranks()?;
    let crd = Coord::Tuple(vec![padded(coord, r0)?, Coord::underscores(r1)]);
    tiled.slice(&crd)
}

/// CuTe's `local_tile(tensor, tiler, coord)`: the tile at `coord`, [`inner_partition`].
///
/// ```
/// use cute_dynamic::{local_tile, Tensor};
/// let t: Tensor = "_0|(256,256):(1,256)".parse()?;
/// let tile = local_tile(&t, &"(_128,_128)".parse()?, &"(1,1)".parse()?)?;
/// assert_eq!(tile.to_string(), "32896|(_128,_128):(1,256)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn local_tile(tensor: &Tensor, tiler: &Tiler, coord: &Coord) -> Result<Tensor> {
    inner_partition(tensor, tiler, coord)
}

/// CuTe's `local_tile(tensor, tiler, coord, proj)`: the projection `proj` (a Step such as
/// `(_1,_,_1)`) keeps the modes of `tiler` and `coord` where it has `_1`:
/// `local_tile(tensor, dice(proj, tiler), dice(proj, coord))`.
///
/// ```
/// use cute_dynamic::{local_tile_proj, Tensor};
/// let b: Tensor = "_0|(256,128):(1,256)".parse()?;
/// let tiles = local_tile_proj(&b, &"(_128,_128,_8)".parse()?, &"(0,1,_)".parse()?, &"(_,_1,_1)".parse()?)?;
/// assert_eq!(tiles.to_string(), "128|(_128,_8,16):(1,256,2048)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn local_tile_proj(
    tensor: &Tensor,
    tiler: &Tiler,
    coord: &Coord,
    proj: &Coord,
) -> Result<Tensor> {
    let tiler = dice_by(
        proj,
        tiler,
        &|t| match t {
            Tiler::Tuple(items) => Some(items),
            _ => None,
        },
        &Tiler::Tuple,
    )?;
    let coord = dice_by(
        proj,
        coord,
        &|c| match c {
            Coord::Tuple(items) => Some(items),
            _ => None,
        },
        &Coord::Tuple,
    )?;
    local_tile(tensor, &tiler, &coord)
}

/// CuTe's `dice(proj, t)` on a tiler or a coordinate: the elements of `t` where `proj` has an
/// integer, nested results lifted into the enclosing tuple (`wrap` makes that tuple); an integer
/// `proj` keeps all of `t`.
fn dice_by<T: Clone>(
    proj: &Coord,
    t: &T,
    items: &dyn Fn(&T) -> Option<&Vec<T>>,
    wrap: &dyn Fn(Vec<T>) -> T,
) -> Result<T> {
    fn lift<T: Clone>(
        proj: &Coord,
        t: &T,
        items: &dyn Fn(&T) -> Option<&Vec<T>>,
        out: &mut Vec<T>,
    ) -> Result<()> {
        match proj {
            Coord::Int(_) => {
                out.push(t.clone());
                Ok(())
            }
            Coord::Underscore => Ok(()),
            Coord::Tuple(ps) => {
                let ts = items(t).filter(|ts| ts.len() == ps.len()).ok_or_else(|| {
                    let rank = items(t).map_or(1, Vec::len);
                    LayoutError::precondition(
                        Condition::MismatchedRanks,
                        format!("dice: projection {proj} against {rank} modes"),
                    )
                })?;
                ps.iter()
                    .zip(ts)
                    .try_for_each(|(p, x)| lift(p, x, items, out))
            }
        }
    }
    if let Coord::Int(_) = proj {
        return Ok(t.clone());
    }
    let mut out = Vec::new();
    lift(proj, t, items, &mut out)?;
    Ok(wrap(out))
}

/// CuTe's `Layout::get_flat_coord(idx)`: the coordinate of thread `idx` in `thr`, one integer
/// per top mode. Rule: `idx` is split by the strides, `(idx / d) % s` for every leaf `s:d` (a
/// static `_1` leaf gives `_0` without dividing), then each top mode's coordinate is combined
/// column-major into one index.
pub(crate) fn flat_coord(thr: &Layout, idx: Int) -> Result<Coord> {
    let hier = idx2crd_strided(&IntTuple::Int(idx), &thr.shape(), &thr.stride())?;
    match (thr.shape(), &hier) {
        (IntTuple::Tuple(shape), IntTuple::Tuple(crd)) => shape
            .iter()
            .zip(crd.iter())
            .map(|(s, c)| match c {
                IntTuple::Int(i) => Ok(Coord::Int(*i)),
                IntTuple::Tuple(_) => Ok(Coord::Int(crd2idx(c, s, &compact_col_major(s)?)?)),
            })
            .collect::<Result<Vec<_>>>()
            .map(Coord::Tuple),
        (_, IntTuple::Int(i)) => Ok(Coord::Int(*i)),
        _ => Err(LayoutError::invalid(
            "local_partition",
            format!("thread coordinate {hier} does not fit {thr}"),
        )),
    }
}

/// CuTe's `local_partition(tensor, thr, idx)`: the elements thread `idx` of the thread layout
/// `thr` owns. Rule: `outer_partition(tensor, product_each(shape(thr)), c)` with `c` the flat
/// coordinate of `idx` in `thr` (see the crate docs; a dynamic stride `0` divides by zero).
///
/// ```
/// use cute_dynamic::{local_partition, Int, Tensor};
/// let t: Tensor = "_0|(_128,_8):(_1,_128)".parse()?;
/// let p = local_partition(&t, &"(_32,_8):(_1,_32)".parse()?, Int::new_dynamic(37))?;
/// assert_eq!(p.to_string(), "133|(_4,_1):(_32,_0)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn local_partition(tensor: &Tensor, thr: &Layout, idx: Int) -> Result<Tensor> {
    let tiler = Tiler::Tuple(
        product_each(&thr.shape())?
            .leaves()
            .into_iter()
            .map(Tiler::Int)
            .collect(),
    );
    outer_partition(tensor, &tiler, &flat_coord(thr, idx)?)
}

/// CuTe's `local_partition(tensor, thr, idx, proj)`: `local_partition(tensor, dice(proj, thr),
/// idx)`, the thread layout projected onto the modes where `proj` has `_1`.
///
/// ```
/// use cute_dynamic::{local_partition_proj, Int, Tensor};
/// let sa: Tensor = "_0|(_32,_32):(_1,_32)".parse()?;
/// let thr = "(_4,_32,_1):(_1,_4,_0)".parse()?;
/// let p = local_partition_proj(&sa, &thr, Int::new_static(68), &"(_1,_,_1)".parse()?)?;
/// assert_eq!(p.to_string(), "_0|(_8,_32):(_4,_32)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn local_partition_proj(
    tensor: &Tensor,
    thr: &Layout,
    idx: Int,
    proj: &Coord,
) -> Result<Tensor> {
    local_partition(tensor, &dice(proj, thr)?, idx)
}

impl fmt::Display for Tensor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tensor::Memory { offset, layout } => write!(f, "{offset}|{layout}"),
            Tensor::Coordinate { base, layout } => write!(f, "ArithTuple{base} o {layout}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    fn tensor(s: &str) -> Tensor {
        s.parse().expect("tensor text")
    }

    #[test]
    fn a_tiler_with_more_modes_than_the_tensor_is_refused() {
        let t = tensor("_0|(_8,_8):(_1,_8)");
        let err = local_tile(
            &t,
            &"(_2,_2,_2)".parse().unwrap(),
            &"(0,0,0)".parse().unwrap(),
        );
        assert_eq!(
            err.unwrap_err().condition(),
            Some(Condition::MismatchedRanks)
        );
        let id = make_identity_tensor(&"(_8,_8)".parse().unwrap());
        let err = local_tile(
            &id,
            &"(_2,_2,_2)".parse().unwrap(),
            &"(0,0,0)".parse().unwrap(),
        );
        assert_eq!(
            err.unwrap_err().condition(),
            Some(Condition::MismatchedRanks)
        );
    }

    #[test]
    fn a_tiler_that_does_not_divide_is_refused() {
        // CuTe: Shape Divisibility Condition (a 3-tile of a 2x4 layout).
        let t = tensor("_0|(_2,_4):(_4,_1)");
        let err = local_tile(&t, &"_3:_1".parse().unwrap(), &"0".parse().unwrap());
        assert_eq!(
            err.unwrap_err().condition(),
            Some(Condition::ShapeDivisibility)
        );
        let id = Tensor::Coordinate {
            base: "(_0,_0)".parse().unwrap(),
            layout: "(_2,_4):(_1@1,_2@0)".parse().unwrap(),
        };
        let err = local_tile(&id, &"_3:_1".parse().unwrap(), &"0".parse().unwrap());
        assert_eq!(
            err.unwrap_err().condition(),
            Some(Condition::ShapeDivisibility)
        );
    }

    #[test]
    fn out_of_range_coordinates_are_errors() {
        let t = tensor("_0|(_4,_8):(_1,_4)");
        // A coordinate with more modes than the rest mode.
        let err = inner_partition(&t, &"(_2,_2)".parse().unwrap(), &"(0,0,0)".parse().unwrap());
        assert_eq!(
            err.unwrap_err().condition(),
            Some(Condition::MismatchedRanks)
        );
        // A slice coordinate of the wrong profile.
        assert!(t.slice(&"(_,(1,2))".parse().unwrap()).is_err());
        // A full coordinate selects an element, not a subtensor.
        assert!(matches!(
            t.slice(&"(1,2)".parse().unwrap()).unwrap_err().kind(),
            ErrorKind::InvalidArgument { .. }
        ));
        // A scaled basis pointing outside the coordinate.
        let bad = tensor("ArithTuple(_0,_0) o (_4,_2):(_1@0,_1@2)");
        assert!(matches!(
            bad.call(5).unwrap_err().kind(),
            ErrorKind::OutOfRange { .. }
        ));
    }

    #[test]
    fn a_dynamic_zero_thread_stride_divides_by_zero_but_a_static_zero_index_does_not() {
        let t = tensor("_0|(16,32):(_32,1)");
        let thr: Layout = "(_2,_2,1):(1,_2,0)".parse().unwrap();
        let proj: Coord = "(_,_1,_1)".parse().unwrap();
        let err = local_partition_proj(&t, &thr, Int::new_dynamic(3), &proj).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::Arithmetic(_)));
        // CuTe's `_0 / x` never divides.
        let t = tensor("_0|(1,_4):(_1,_1)");
        let thr: Layout = "(_1,_1,1):(_1,_1,0)".parse().unwrap();
        let proj: Coord = "(_1,_,_1)".parse().unwrap();
        let p = local_partition_proj(&t, &thr, Int::new_static(0), &proj).unwrap();
        assert_eq!(p.to_string(), "_0|(1,4):(_1,1)");
    }

    #[test]
    fn overflowing_offsets_are_errors() {
        let t = Tensor::Memory {
            offset: Int::new_dynamic(i32::MAX),
            layout: "(4):(1)".parse::<AnyLayout>().unwrap(),
        };
        assert!(matches!(
            t.call(3).unwrap_err().kind(),
            ErrorKind::Arithmetic(_)
        ));
        let big = tensor("_0|(2,2):(1,2147483647)");
        assert!(big.slice(&"(_,1)".parse().unwrap()).is_ok());
        assert!(big.call(3).is_err());
    }

    #[test]
    fn malformed_text_is_a_parse_error() {
        for bad in [
            "",
            "|",
            "_0|",
            "(1,2)|_4:_1",
            "ArithTuple(_0 o _4:_1@0",
            "ArithTuple(_0) o (_4):(_1@)",
            "ArithTuple(_0) o (_4):(_1@99999999999999999999)",
            "ArithTuple(_0) o (_4,_2):(_1@0)",
            "ArithTuple",
        ] {
            assert!(bad.parse::<Tensor>().is_err(), "{bad}");
        }
    }

    #[test]
    fn projections_pick_the_modes() {
        let t = tensor("_0|(_128,_64):(_1,_128)");
        let tiles = local_tile_proj(
            &t,
            &"(_32,_16,_8)".parse().unwrap(),
            &"(1,2,_)".parse().unwrap(),
            &"(_1,_,_1)".parse().unwrap(),
        )
        .unwrap();
        assert_eq!(tiles.to_string(), "32|(_32,_8,_8):(_1,_128,_1024)");
        // A projection of the wrong rank is refused.
        let err = local_tile_proj(
            &t,
            &"(_32,_16,_8)".parse().unwrap(),
            &"(1,2,_)".parse().unwrap(),
            &"(_1,_)".parse().unwrap(),
        );
        assert_eq!(
            err.unwrap_err().condition(),
            Some(Condition::MismatchedRanks)
        );
    }
}
