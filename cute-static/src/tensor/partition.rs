//! Slices, divides and partitions of a tensor: a divide of its layout followed by a slice, which
//! moves the offset ([`local_tile`], [`local_partition`], [`inner_partition`],
//! [`outer_partition`], `Tensor::slice`), with the checks of a swizzled layout's slices.

use super::*;

/// `c` has a `_` somewhere (a slice, not an element); a compile error otherwise.
const fn has_underscore(c: &Tree) -> &Tree {
    let mut k = 0;
    while k < c.len {
        if matches!(c.tag[k], Kind::Under) {
            return c;
        }
        k += 1;
    }
    Msg::new("slice: coordinate ")
        .tree(c)
        .str(" has no `_`: it names an element (index the tensor), not a subtensor")
        .fail()
}

/// What a tensor operation computes, once for its two result types: the new layout, the move
/// of the tensor's offset, and the program over the operands (the tensor's layout first, then
/// the others: `operands` dynamic leaves) that computes them.
#[derive(Clone, Copy)]
pub(crate) struct Part {
    pub(crate) cl: CL,
    pub(crate) moved: Move,
    pub(crate) prog: Prog,
    pub(crate) operands: usize,
}

impl Part {
    /// The new layout, composed (or decayed to plain).
    pub(crate) const fn csym(&self) -> CSym {
        CSym {
            cl: self.cl,
            prog: self.prog,
        }
    }

    /// The new layout of a tensor with a plain layout, which stays plain.
    pub(crate) const fn plain_sym(&self) -> Sym {
        match self.cl.form {
            Form::Plain => Sym {
                layout: self.cl.l,
                prog: self.prog,
            },
            _ => Msg::new(
                "cute-static internal error: a tensor operation on a plain layout gave a composed one",
            )
            .fail(),
        }
    }

    /// The new origin, the tensor's `origin` moved (its dynamic leaves are the operands after
    /// the others): an offset, or an identity tensor's arithmetic tuple.
    pub(crate) const fn offset_sym(&self, origin: &Tree) -> Sym {
        let mut prog = self.prog;
        let mut dynamic = List::new();
        origin.push_dynamic_leaves(&mut dynamic);
        let mut inputs: List = List::new();
        while inputs.n < dynamic.n {
            let leaf = V::s((self.operands + inputs.n) as i32);
            inputs.push(prog.push(Op::Input, leaf, V::s(0), V::s(0)));
        }
        let origin = origin.with_values(&inputs);
        let moved = self.moved.origin(&mut prog, &origin);
        Sym::tuple(moved, prog)
    }
}

/// A tensor operation on a tensor with layout `A` (any [`TensorLayout`]) and operands `B...`:
/// `$body` computes the new layout and the move of the offset (a [`CL`] and a [`V`]) once, in
/// `PART`; the layout is a result type of its own (`$Layout`, a layout or a composed layout as
/// `A` is), and so is the offset (`$Offset`: the tensor's offset plus the move).
macro_rules! tensor_op {
    (
        $(#[$ldoc:meta])* $Layout:ident, $LExpr:ident;
        $(#[$odoc:meta])* $Offset:ident, $OExpr:ident;
        $call:literal, [$($B:ident: $BB:ident => $b:ident),+] |$p:ident, $a:ident| = $body:expr;
        $(verdict = $verdict:ident;)?
    ) => {
        tensor_op!(@exprs $LExpr, $OExpr, [$($B: $BB => $b),+] |$p, $a| = $body $(; verdict = $verdict)?);

        $(#[$ldoc])*
        #[doc = ""]
        #[doc = tensor_op!(@example $call, $Layout, $Offset, [$($B: $BB => $b),+])]
        pub type $Layout<A, $($B),+> = <A as TensorLayout>::Of<$LExpr::E<A, $($B),+>>;

        $(#[$odoc])*
        #[doc = ""]
        #[doc = tensor_op!(@example $call, $Layout, $Offset, [$($B: $BB => $b),+])]
        pub type $Offset<O, A, $($B),+> = TupleOf<$OExpr::E<A, $($B,)+ O>>;
    };
    // The expression types alone: the layout's (`$LExpr::E<A, B...>`) and the offset's
    // (`$OExpr::E<A, B..., O>`).
    (@exprs $LExpr:ident, $OExpr:ident, [$($B:ident: $BB:ident => $b:ident),+] |$p:ident, $a:ident| = $body:expr $(; verdict = $verdict:ident)?) => {
        #[allow(non_snake_case)]
        mod $LExpr {
            use super::*;

            #[derive(Clone, Copy, Default)]
            pub struct E<A, $($B),+>(pub(crate) (A, $($B,)+));

            impl<A: TensorLayout, $($B: $BB),+> E<A, $($B),+> {
                pub(crate) const PART: Part = {
                    let $a = arg!(TensorLayout, A, 0);
                    let offset = A::NDYN;
                    $( let $b = arg!($BB, $B, offset); let offset = offset + $B::NDYN; )+
                    let mut prog = Prog::new(offset);
                    let (cl, moved) = {
                        let $p = &mut prog;
                        $body
                    };
                    Part { cl, moved, prog, operands: offset }
                };
            }

            impl<A: TensorLayout, $($B: $BB),+> CExpr for E<A, $($B),+> {
                const CSYM: CSym = Self::PART.csym();
                expr_methods!((A, $($B,)+));
                $(
                    fn verdict(&self, outcome: Result<(), crate::LayoutError>) -> Result<(), crate::LayoutError> {
                        $verdict(self, outcome)
                    }
                )?
            }

            impl<A: TensorLayout, $($B: $BB),+> Expr for E<A, $($B),+> {
                const SYM: Sym = Self::PART.plain_sym();
                expr_methods!((A, $($B,)+));
            }

            impl<A: Static, $($B: Static),+> Static for E<A, $($B),+> {
                const VALUE: Self = E((A::VALUE, $($B::VALUE,)+));
            }
        }

        #[allow(non_snake_case)]
        mod $OExpr {
            use super::*;

            #[derive(Clone, Copy, Default)]
            pub struct E<A, $($B,)+ O>(pub(crate) (A, $($B,)+ O));

            impl<A: TensorLayout, $($B: $BB,)+ O: IntTuple> Expr for E<A, $($B,)+ O> {
                const SYM: Sym = super::$LExpr::E::<A, $($B),+>::PART.offset_sym(&O::TREE);
                expr_methods!((A, $($B,)+ O));
            }

            impl<A: Static, $($B: Static,)+ O: Static> Static for E<A, $($B,)+ O> {
                const VALUE: Self = E((A::VALUE, $($B::VALUE,)+ O::VALUE));
            }
        }
    };
    (@example $call:literal, $Layout:ident, $Offset:ident, [$($B:ident: $BB:ident => $b:ident),+]) => {
        concat!(
            "Naming the result in a signature:\n\n```\n",
            "use cute_static::{IntTuple, Tensor, TensorLayout, ", stringify!($Layout), ", ", stringify!($Offset), "};\n",
            "fn part<'a, A: TensorLayout, O: IntTuple", $(", ", stringify!($B), ": cute_static::", stringify!($BB),)+ ">(\n",
            "    tensor: Tensor<&'a [f32], A, O>", $(", ", stringify!($b), ": ", stringify!($B),)+ ",\n",
            ") -> Tensor<&'a [f32], ", stringify!($Layout), "<A", $(", ", stringify!($B),)+ ">, ",
            stringify!($Offset), "<O, A", $(", ", stringify!($B),)+ ">> {\n",
            "    ", $call, "\n}\n```"
        )
    };
}

pub(crate) use tensor_op;

tensor_op! {
    /// The layout of `tensor.slice(crd)` ([`Tensor::slice`]): `slice(crd, layout)`, or for a
    /// swizzled layout the layout part of CuTe's `slice_and_offset` (still swizzled, or decayed
    /// to a plain layout).
    SliceLayout, SliceLayoutExpr;
    /// The offset of `tensor.slice(crd)` ([`Tensor::slice`]), from the tensor's offset `O`.
    SliceOffset, SliceOffsetExpr;
    "tensor.slice(c)", [Cd: SliceCoord => c] |p, a| = sl::slice_and_offset(p, has_underscore(&c), &a);
    verdict = slice_verdict;
}

/// The checked form of a swizzled tensor's slice with run-time values: its layout is the
/// slice (up to the offset the tensor carries), compared point by point as a swizzled
/// layout's slice is (`ComposedOf::slice`'s checked form, the same rule).
fn slice_verdict<A: TensorLayout, Cd: SliceCoord>(
    e: &SliceLayoutExpr::E<A, Cd>,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    let (a, crd) = &e.0;
    let r = crate::composed::ComposedOf(*e);
    crate::composed::swizzled_slice_verdict(
        &A::CL.with_values(&crate::expr::dyn_values(a)),
        &valued(Cd::COORD, crd),
        A::NDYN + Cd::NDYN,
        |i| r.call(i),
        outcome,
    )
}

tensor_op! {
    /// The layout of the tile [`inner_partition`] and [`local_tile`] give.
    InnerPartition, InnerPartitionExpr;
    /// The offset of the tile [`inner_partition`] and [`local_tile`] give, from the tensor's
    /// offset `O`.
    InnerPartitionOffset, InnerPartitionOffsetExpr;
    "cute_static::inner_partition(tensor, t, c)", [T: Tiler => t, Cd: SliceCoord => c] |p, a| = ts::inner_partition(p, &a, &t, &c);
    verdict = inner_partition_verdict;
}

tensor_op! {
    /// The layout of the tensor [`outer_partition`] gives.
    OuterPartition, OuterPartitionExpr;
    /// The offset of the tensor [`outer_partition`] gives, from the tensor's offset `O`.
    OuterPartitionOffset, OuterPartitionOffsetExpr;
    "cute_static::outer_partition(tensor, t, c)", [T: Tiler => t, Cd: SliceCoord => c] |p, a| = ts::outer_partition(p, &a, &t, &c);
    verdict = outer_partition_verdict;
}

tensor_op! {
    /// The layout of the tiles [`local_tile_proj`] gives.
    LocalTileProj, LocalTileProjExpr;
    /// The offset of the tiles [`local_tile_proj`] gives, from the tensor's offset `O`.
    LocalTileProjOffset, LocalTileProjOffsetExpr;
    "cute_static::local_tile_proj(tensor, t, c, proj)", [T: Tiler => t, Cd: SliceCoord => c, P: SliceCoord => proj] |p, a| = ts::local_tile_proj(p, &a, &t, &c, &proj);
    verdict = local_tile_proj_verdict;
}

tensor_op! {
    /// The layout of the tensor [`local_partition`] gives.
    LocalPartition, LocalPartitionExpr;
    /// The offset of the tensor [`local_partition`] gives, from the tensor's offset `O`.
    LocalPartitionOffset, LocalPartitionOffsetExpr;
    "cute_static::local_partition(tensor, thr, i)", [Th: IsLayout => thr, I: IntTuple => i] |p, a| = ts::local_partition(p, &a, &thr, i.value());
    verdict = local_partition_verdict;
}

tensor_op! {
    /// The layout of the tensor [`local_partition_proj`] gives.
    LocalPartitionProj, LocalPartitionProjExpr;
    /// The offset of the tensor [`local_partition_proj`] gives, from the tensor's offset `O`.
    LocalPartitionProjOffset, LocalPartitionProjOffsetExpr;
    "cute_static::local_partition_proj(tensor, thr, i, proj)", [Th: IsLayout => thr, I: IntTuple => i, P: SliceCoord => proj] |p, a| = ts::local_partition_proj(p, &a, &thr, i.value(), &proj);
    verdict = local_partition_proj_verdict;
}

/// The tensor an operation gives: over the same engine, its layout and offset expressions over
/// the same operands (the layout a layout or a composed layout as the tensor's `A` is). The
/// public functions evaluate the offset's `SYM` themselves (it computes the operation, `PART`):
/// rustc names the function that first uses a failing constant, and that must be the one the
/// user called.
#[inline(always)]
pub(crate) fn partitioned<E, A: TensorLayout, X: Expr + CExpr, Y: Expr>(
    engine: E,
    layout: X,
    offset: Y,
) -> Tensor<E, A::Of<X>, TupleOf<Y>> {
    Tensor {
        engine,
        layout: A::of(layout),
        offset: TupleOf(offset),
    }
}

impl<E, L: TensorLayout, O: IntTuple> Tensor<E, L, O> {
    /// `tensor(crd)` for a coordinate with `_`s: the subtensor of the modes under the `_`s.
    /// CuTe's `slice_and_offset`: the layout becomes `slice(crd, layout)` and the offset moves
    /// by `layout(crd)` (every `_` read as `_0`). A swizzled layout `Sw o O o L` moves the
    /// offset by the bits the swizzle leaves alone and keeps the swizzle, with the selected
    /// swizzle bits as its offset, if the remaining modes still reach a bit it moves; otherwise
    /// the swizzle decays into a plain layout ([`ComposedOf::slice`]). A coordinate without `_`
    /// is a compile error (index the element instead). A run-time integer that selects swizzle
    /// bits gives CuTe's `MixedBits` offset (`M_S|(d&F)=V`).
    ///
    /// ```
    /// use cute_static::{coord, layout, make_tensor, Swizzle};
    /// let data: Vec<i32> = (0..512).collect();
    /// let t = make_tensor(&data[..], layout!((_6,_8,_4):(_1,_6,_48))).unwrap();
    /// let s = t.slice(coord!((_4,_0,_)));
    /// assert_eq!(s.to_string(), "_4|(_4):(_48)");
    /// assert_eq!(s[2], 100);
    /// // A swizzled shared-memory tile: column 3 decays to a plain layout.
    /// let smem = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// let sw = make_tensor(&data[..], smem).unwrap();
    /// let col = sw.slice(coord!((_, _3)));
    /// assert_eq!(col.to_string(), "_3|(_8):(_72)");
    /// assert_eq!(col[5], sw[(5, 3)]);
    /// ```
    #[inline(always)]
    pub fn slice<Cd: SliceCoord>(
        self,
        crd: Cd,
    ) -> Tensor<E, SliceLayout<L, Cd>, SliceOffset<O, L, Cd>> {
        let _ = <SliceOffsetExpr::E<L, Cd, O> as Expr>::SYM;
        partitioned::<_, L, _, _>(
            self.engine,
            SliceLayoutExpr::E((self.layout, crd)),
            SliceOffsetExpr::E((self.layout, crd, self.offset)),
        )
    }

    /// CuTe's `logical_divide(tensor, tiler)`: the same elements with the divided layout
    /// ([`logical_divide_tiler`](crate::logical_divide_tiler), [`ComposedOf::logical_divide_tiler`]).
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, tile, Swizzle};
    /// let t = make_tensor(&[0; 24][..], layout!((_4,_6):(_6,_1))).unwrap();
    /// assert_eq!(t.logical_divide(tile!((_2,_3))).to_string(), "_0|((_2,_2),(_3,_2)):((_6,_12),(_1,_3))");
    /// let sw = Swizzle::<1, 0, 1>::new().composition(layout!((_4,_6):(_6,_1)));
    /// let t = make_tensor(&[0; 32][..], sw).unwrap();
    /// assert_eq!(t.logical_divide(tile!((_2,_3))).to_string(), "_0|Sw<1,0,1> o _0 o ((_2,_2),(_3,_2)):((_6,_12),(_1,_3))");
    /// ```
    pub fn logical_divide<T: Tiler>(self, tiler: T) -> Tensor<E, L::LogicalDivide<T>, O> {
        let layout = self.layout;
        self.with_layout(L::logical_divide_of(layout, tiler))
    }

    /// CuTe's `zipped_divide(tensor, tiler)`: `((tile),(rest))` ([`zipped_divide`](crate::zipped_divide),
    /// [`ComposedOf::zipped_divide`]).
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, tile, Swizzle};
    /// let m = 8;
    /// let t = make_tensor(&[0; 192][..], layout!((m,_24):(_1,m))).unwrap();
    /// assert_eq!(t.zipped_divide(tile!((_4,_8))).to_string(), "_0|((_4,_8),(2,_3)):((_1,8),(_4,64))");
    /// let sw = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// let t = make_tensor(&[0; 512][..], sw).unwrap();
    /// assert_eq!(t.zipped_divide(tile!((_8,_32))).to_string(), "_0|Sw<3,3,3> o _0 o ((_8,_32),(_1,_2)):((_64,_1),(_0,_32))");
    /// ```
    pub fn zipped_divide<T: Tiler>(self, tiler: T) -> Tensor<E, L::ZippedDivide<T>, O> {
        let layout = self.layout;
        self.with_layout(L::zipped_divide_of(layout, tiler))
    }

    /// CuTe's `tiled_divide(tensor, tiler)`: `((tile),rest0,rest1,...)` ([`tiled_divide`](crate::tiled_divide),
    /// [`ComposedOf::tiled_divide`]).
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, tile, Swizzle};
    /// let t = make_tensor(&[0; 24][..], layout!((_4,_6):(_6,_1))).unwrap();
    /// assert_eq!(t.tiled_divide(tile!((_2,_3))).to_string(), "_0|((_2,_3),_2,_2):((_6,_1),_12,_3)");
    /// let sw = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// let t = make_tensor(&[0; 512][..], sw).unwrap();
    /// assert_eq!(t.tiled_divide(tile!((_8,_32))).to_string(), "_0|Sw<3,3,3> o _0 o ((_8,_32),_1,_2):((_64,_1),_0,_32)");
    /// ```
    pub fn tiled_divide<T: Tiler>(self, tiler: T) -> Tensor<E, L::TiledDivide<T>, O> {
        let layout = self.layout;
        self.with_layout(L::tiled_divide_of(layout, tiler))
    }

    /// CuTe's `flat_divide(tensor, tiler)`: `(tile0,tile1,...,rest0,rest1,...)` ([`flat_divide`](crate::flat_divide),
    /// [`ComposedOf::flat_divide`]).
    ///
    /// ```
    /// use cute_static::{layout, make_tensor, tile, Swizzle};
    /// let t = make_tensor(&[0; 24][..], layout!((_4,_6):(_6,_1))).unwrap();
    /// assert_eq!(t.flat_divide(tile!((_2,_3))).to_string(), "_0|(_2,_3,_2,_2):(_6,_1,_12,_3)");
    /// let sw = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    /// let t = make_tensor(&[0; 512][..], sw).unwrap();
    /// assert_eq!(t.flat_divide(tile!((_8,_32))).to_string(), "_0|Sw<3,3,3> o _0 o (_8,_32,_1,_2):(_64,_1,_0,_32)");
    /// ```
    pub fn flat_divide<T: Tiler>(self, tiler: T) -> Tensor<E, L::FlatDivide<T>, O> {
        let layout = self.layout;
        self.with_layout(L::flat_divide_of(layout, tiler))
    }

    /// CuTe's `tensor.compose(layout)`: the same elements through `composition(layout(tensor),
    /// b)`, e.g. a tile seen through a thread-value layout as `(thread, value)`, or a swizzled
    /// shared-memory tile read transposed (`A o O o composition(L, b)`).
    ///
    /// ```
    /// use cute_static::{coord, layout, make_fragment, make_layout_tv, make_tensor, Swizzle};
    /// let (_tiler, tv) = make_layout_tv(layout!((_2,_2):(_1,_2)), layout!((_2,_2):(_1,_2)));
    /// let data: Vec<i32> = (0..16).collect();
    /// let tile = make_tensor(&data[..], layout!((_4,_4):(_1,_4))).unwrap();
    /// assert_eq!(tv.to_string(), "((_2,_2),(_2,_2)):((_2,_8),(_1,_4))");
    /// // Thread 3's values: `_` on each value mode keeps them as two modes.
    /// let mine = tile.compose(tv).slice(coord!((_3, (_, _))));
    /// assert_eq!(mine.to_string(), "_10|(_2,_2):(_1,_4)");
    /// assert_eq!(mine[(1, 1)], 15);
    ///
    /// let smem = Swizzle::<5, 0, 5>::new().composition(layout!((_32, _32):(_32, _1)));
    /// let mut tile = make_fragment([0u16; 1024], smem);
    /// tile[(3, 5)] = 7;
    /// let transposed = tile.view().compose(layout!((_32, _32):(_32, _1)));
    /// assert_eq!(transposed[(5, 3)], 7);
    /// ```
    pub fn compose<B: IsLayout>(self, b: B) -> Tensor<E, L::Composition<B>, O> {
        let layout = self.layout;
        self.with_layout(L::composition_of(layout, b))
    }

    fn with_layout<M>(self, layout: M) -> Tensor<E, M, O> {
        Tensor {
            engine: self.engine,
            layout,
            offset: self.offset,
        }
    }
}

/// CuTe's `inner_partition(tensor, tiler, coord)`: the tile at `coord` of
/// `zipped_divide(tensor, tiler)` (a tuple `coord` is padded with `_`). On a swizzled tensor
/// the tile stays swizzled or decays to a plain layout, with CuTe's offset
/// ([`Tensor::slice`]).
///
/// ```
/// use cute_static::{coord, inner_partition, layout, make_tensor, tile, Swizzle};
/// let t = make_tensor(&[0; 192][..], layout!((8,_24):(_1,8))).unwrap();
/// assert_eq!(inner_partition(t, tile!((_4,_8)), coord!((1,2))).to_string(), "132|(_4,_8):(_1,8)");
/// let sw = Swizzle::<2, 0, 2>::new().composition(layout!((_8,_16):(_16,_1)));
/// let t = make_tensor(&[0; 128][..], sw).unwrap();
/// assert_eq!(inner_partition(t, tile!((_8,_8)), coord!((_0,_1))).to_string(), "_0|Sw<2,0,2> o _8 o (_8,_8):(_16,_1)");
/// ```
#[inline(always)]
pub fn inner_partition<E, L: TensorLayout, O: IntTuple, T: Tiler, Cd: SliceCoord>(
    tensor: Tensor<E, L, O>,
    tiler: T,
    coord: Cd,
) -> Tensor<E, InnerPartition<L, T, Cd>, InnerPartitionOffset<O, L, T, Cd>> {
    let _ = <InnerPartitionOffsetExpr::E<L, T, Cd, O> as Expr>::SYM;
    partitioned::<_, L, _, _>(
        tensor.engine,
        InnerPartitionExpr::E((tensor.layout, tiler, coord)),
        InnerPartitionOffsetExpr::E((tensor.layout, tiler, coord, tensor.offset)),
    )
}

/// CuTe's `outer_partition(tensor, tiler, coord)`: the elements at `coord` of every tile of
/// `zipped_divide(tensor, tiler)`.
///
/// ```
/// use cute_static::{coord, layout, make_tensor, outer_partition, tile, Swizzle};
/// let t = make_tensor(&[0; 192][..], layout!((8,_24):(_1,8))).unwrap();
/// assert_eq!(outer_partition(t, tile!((_4,_8)), 5).to_string(), "9|(2,_3):(_4,64)");
/// let sw = Swizzle::<3, 3, 3>::new().composition(layout!((_4,_8):(_1,_4)));
/// let t = make_tensor(&[0; 64][..], sw).unwrap();
/// assert_eq!(outer_partition(t, tile!((_2)), coord!((_0))).to_string(), "_0|(_2,_8):(_2,_4)");
/// ```
#[inline(always)]
pub fn outer_partition<E, L: TensorLayout, O: IntTuple, T: Tiler, Cd: SliceCoord>(
    tensor: Tensor<E, L, O>,
    tiler: T,
    coord: Cd,
) -> Tensor<E, OuterPartition<L, T, Cd>, OuterPartitionOffset<O, L, T, Cd>> {
    let _ = <OuterPartitionOffsetExpr::E<L, T, Cd, O> as Expr>::SYM;
    partitioned::<_, L, _, _>(
        tensor.engine,
        OuterPartitionExpr::E((tensor.layout, tiler, coord)),
        OuterPartitionOffsetExpr::E((tensor.layout, tiler, coord, tensor.offset)),
    )
}

/// CuTe's `local_tile(tensor, tiler, coord)`: the tile at `coord`, [`inner_partition`]. A tile
/// of a swizzled tensor keeps the swizzle where the tile still spans the bits it moves, and is
/// a plain layout at a moved offset where it does not.
///
/// ```
/// use cute_static::{coord, layout, local_tile, make_tensor, tile, Swizzle};
/// let data = vec![0.0f32; 256 * 256];
/// let t = make_tensor(&data[..], layout!((256,256):(_1,256))).unwrap();
/// assert_eq!(local_tile(t, tile!((_128,_128)), coord!((1,1))).to_string(), "32896|(_128,_128):(_1,256)");
/// // Tile 18 of 4 rows of a swizzled (_128,_8) tile: the swizzle decays into the strides.
/// let sw = Swizzle::<3, 4, 3>::new().composition(layout!((_128,_8):(_1,_128)));
/// let t = make_tensor(&data[..1024], sw).unwrap();
/// let rows = local_tile(t, tile!((_4:_1)), coord!((_18)));
/// assert_eq!(rows.to_string(), "_72|((_4),(_4,_2)):((_1),(_144,_448))");
/// assert_eq!(core::mem::size_of_val(&rows), core::mem::size_of::<&[f32]>());
/// ```
#[inline(always)]
pub fn local_tile<E, L: TensorLayout, O: IntTuple, T: Tiler, Cd: SliceCoord>(
    tensor: Tensor<E, L, O>,
    tiler: T,
    coord: Cd,
) -> Tensor<E, InnerPartition<L, T, Cd>, InnerPartitionOffset<O, L, T, Cd>> {
    let _ = <InnerPartitionOffsetExpr::E<L, T, Cd, O> as Expr>::SYM;
    inner_partition(tensor, tiler, coord)
}

/// CuTe's `local_tile(tensor, tiler, coord, proj)`: the projection `proj` (a Step such as
/// `(_1,_,_1)`) keeps the modes of `tiler` and `coord` where it has `_1`, as a GEMM mainloop
/// takes the `(BM,BK,k)` tiles of A with the CTA tiler `(BM,BN,BK)` and coordinate `(m,n,_)`.
///
/// ```
/// use cute_static::{coord, layout, local_tile_proj, make_tensor, tile, Swizzle};
/// let data = vec![0.0f32; 256 * 128];
/// let a = make_tensor(&data[..], layout!((256,128):(_1,256))).unwrap();
/// let ta = local_tile_proj(a, tile!((_128,_128,_8)), coord!((1,0,_)), coord!((_1,_,_1)));
/// assert_eq!(ta.to_string(), "128|(_128,_8,16):(_1,256,2048)");
/// let sw = Swizzle::<3, 3, -4>::new().composition(layout!((_128,_2):(_1,_128)));
/// let s = make_tensor(&data[..1024], sw).unwrap();
/// let ts = local_tile_proj(s, tile!((_32,_8,_1)), coord!((_0,_1,_1)), coord!((_1,_,_1)));
/// assert_eq!(ts.to_string(), "_128|((_8,_2,_2),_1):((_1,_-120,_272),_0)");
/// ```
#[inline(always)]
pub fn local_tile_proj<E, L: TensorLayout, O: IntTuple, T: Tiler, Cd: SliceCoord, P: SliceCoord>(
    tensor: Tensor<E, L, O>,
    tiler: T,
    coord: Cd,
    proj: P,
) -> Tensor<E, LocalTileProj<L, T, Cd, P>, LocalTileProjOffset<O, L, T, Cd, P>> {
    let _ = <LocalTileProjOffsetExpr::E<L, T, Cd, P, O> as Expr>::SYM;
    partitioned::<_, L, _, _>(
        tensor.engine,
        LocalTileProjExpr::E((tensor.layout, tiler, coord, proj)),
        LocalTileProjOffsetExpr::E((tensor.layout, tiler, coord, proj, tensor.offset)),
    )
}

/// CuTe's `local_partition(tensor, thr_layout, thr_idx)`: the elements thread `thr_idx` of the
/// thread layout owns, [`outer_partition`] by the thread layout's shape at the thread's
/// coordinate in it. A swizzled shared-memory tile gives each thread a swizzled or a plain
/// layout, as CuTe does; the thread index must be static where it selects swizzle bits.
///
/// ```
/// use cute_static::{layout, local_partition, make_tensor, Swizzle, C};
/// let t = make_tensor(&[0; 1024][..], layout!((_128,_8):(_1,_128))).unwrap();
/// let thread = 37;
/// assert_eq!(local_partition(t, layout!((_32,_8):(_1,_32)), thread).to_string(), "133|(_4,_1):(_32,_0)");
/// let sw = Swizzle::<3, 3, 5>::new().composition(layout!((_8,_128):(_128,_1)));
/// let t = make_tensor(&[0; 1024][..], sw).unwrap();
/// let mine = local_partition(t, layout!((_2,_64):(_64,_1)), C::<79>);
/// assert_eq!(mine.to_string(), "_143|((_2,_2),_2):((_248,_528),_64)");
/// ```
#[inline(always)]
pub fn local_partition<E, L: TensorLayout, O: IntTuple, Th: IsLayout, I: IntTuple>(
    tensor: Tensor<E, L, O>,
    thr_layout: Th,
    thr_idx: I,
) -> Tensor<E, LocalPartition<L, Th, I>, LocalPartitionOffset<O, L, Th, I>> {
    let _ = <LocalPartitionOffsetExpr::E<L, Th, I, O> as Expr>::SYM;
    partitioned::<_, L, _, _>(
        tensor.engine,
        LocalPartitionExpr::E((tensor.layout, thr_layout, thr_idx)),
        LocalPartitionOffsetExpr::E((tensor.layout, thr_layout, thr_idx, tensor.offset)),
    )
}

/// CuTe's `local_partition(tensor, thr_layout, thr_idx, proj)`: [`local_partition`] by the
/// modes of the thread layout where `proj` has `_1`.
///
/// ```
/// use cute_static::{coord, layout, local_partition_proj, make_tensor, Swizzle, _3};
/// let t = make_tensor(&[0; 256][..], layout!((_16,_16):(_1,_16))).unwrap();
/// let p = local_partition_proj(t, layout!((_4,_8,_2):(_1,_4,_0)), 13, coord!((_1,_1,_)));
/// assert_eq!(p.to_string(), "49|(_4,_2):(_4,_128)");
/// // The rows thread 3 of 8 owns in a swizzled tile: still swizzled (they reach its bits).
/// let sw = Swizzle::<3, 3, 3>::new().composition(layout!((_64,_8):(_1,_64)));
/// let t = make_tensor(&[0; 512][..], sw).unwrap();
/// let p = local_partition_proj(t, layout!((_8,_8):(_1,_8)), _3::default(), coord!((_1,_)));
/// assert_eq!(p.to_string(), "_3|Sw<3,3,3> o _0 o (_8,_8):(_8,_64)");
/// ```
#[inline(always)]
pub fn local_partition_proj<
    E,
    L: TensorLayout,
    O: IntTuple,
    Th: IsLayout,
    I: IntTuple,
    P: SliceCoord,
>(
    tensor: Tensor<E, L, O>,
    thr_layout: Th,
    thr_idx: I,
    proj: P,
) -> Tensor<E, LocalPartitionProj<L, Th, I, P>, LocalPartitionProjOffset<O, L, Th, I, P>> {
    let _ = <LocalPartitionProjOffsetExpr::E<L, Th, I, P, O> as Expr>::SYM;
    partitioned::<_, L, _, _>(
        tensor.engine,
        LocalPartitionProjExpr::E((tensor.layout, thr_layout, thr_idx, proj)),
        LocalPartitionProjOffsetExpr::E((tensor.layout, thr_layout, thr_idx, proj, tensor.offset)),
    )
}

/// The checked form of a partition of a swizzled tensor with run-time values: its layout is
/// the slice of the divided layout it takes (up to the offset the tensor carries), compared
/// point by point as a swizzled slice is ([`slice_verdict`]). `parts` recomputes, in a static
/// twin on the operands' values, the divided layout and the coordinate of the slice; where
/// the twin fails, the outcome of the checks stands.
pub(crate) fn partition_verdict<E: CExpr, A: TensorLayout>(
    e: &E,
    a: &A,
    ndyn: usize,
    outcome: Result<(), LayoutError>,
    parts: impl FnOnce(&mut crate::prog::AtRun, &CL) -> (CL, Tree),
) -> Result<(), LayoutError> {
    use crate::algebra::composed::Form;
    if !matches!(A::CL.form, Form::SwOL) || ndyn == 0 || !crate::composed::verifiable(&outcome) {
        return outcome;
    }
    let operand = A::CL.with_values(&crate::expr::dyn_values(a));
    let mut p = Prog::twin();
    let (z, crd) = parts(&mut p, &operand);
    if p.outcome().is_err() {
        return outcome;
    }
    let r = crate::composed::ComposedOf(*e);
    crate::composed::swizzled_slice_verdict(&z, &crd, ndyn, |i| r.call(i), outcome)
}

use crate::expr::valued;

fn inner_partition_verdict<A: TensorLayout, T: Tiler, Cd: SliceCoord>(
    e: &InnerPartitionExpr::E<A, T, Cd>,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    let (a, t, c) = &e.0;
    let n = A::NDYN + T::NDYN + Cd::NDYN;
    partition_verdict(e, a, n, outcome, |p, cl| {
        ts::inner_parts(p, cl, &valued(T::TILER, t), &valued(Cd::COORD, c))
    })
}

fn outer_partition_verdict<A: TensorLayout, T: Tiler, Cd: SliceCoord>(
    e: &OuterPartitionExpr::E<A, T, Cd>,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    let (a, t, c) = &e.0;
    let n = A::NDYN + T::NDYN + Cd::NDYN;
    partition_verdict(e, a, n, outcome, |p, cl| {
        ts::outer_parts(p, cl, &valued(T::TILER, t), &valued(Cd::COORD, c))
    })
}

fn local_tile_proj_verdict<A: TensorLayout, T: Tiler, Cd: SliceCoord, P: SliceCoord>(
    e: &LocalTileProjExpr::E<A, T, Cd, P>,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    let (a, t, c, proj) = &e.0;
    let n = A::NDYN + T::NDYN + Cd::NDYN + P::NDYN;
    partition_verdict(e, a, n, outcome, |p, cl| {
        let proj = valued(P::COORD, proj);
        let t = crate::algebra::slice::dice_tree(&proj, &valued(T::TILER, t));
        let c = crate::algebra::slice::dice_tree(&proj, &valued(Cd::COORD, c));
        ts::inner_parts(p, cl, &t, &c)
    })
}

fn local_partition_verdict<A: TensorLayout, Th: IsLayout, I: IntTuple>(
    e: &LocalPartitionExpr::E<A, Th, I>,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    let (a, thr, i) = &e.0;
    let n = A::NDYN + Th::NDYN + I::NDYN;
    partition_verdict(e, a, n, outcome, |p, cl| {
        let thr = Th::LAYOUT.with_values(&crate::expr::dyn_values(thr));
        ts::local_partition_parts(p, cl, &thr, valued(I::TREE, i).value())
    })
}

fn local_partition_proj_verdict<A: TensorLayout, Th: IsLayout, I: IntTuple, P: SliceCoord>(
    e: &LocalPartitionProjExpr::E<A, Th, I, P>,
    outcome: Result<(), LayoutError>,
) -> Result<(), LayoutError> {
    let (a, thr, i, proj) = &e.0;
    let n = A::NDYN + Th::NDYN + I::NDYN + P::NDYN;
    partition_verdict(e, a, n, outcome, |p, cl| {
        let thr = Th::LAYOUT.with_values(&crate::expr::dyn_values(thr));
        let thr = crate::algebra::slice::dice(&valued(P::COORD, proj), &thr);
        ts::local_partition_parts(p, cl, &thr, valued(I::TREE, i).value())
    })
}
