//! Identity tensors: [`make_identity_tensor`], their coordinates ([`ArithmeticTuple`]) and
//! `elem_less`.

use super::*;

/// The engine of an identity tensor ([`make_identity_tensor`]), CuTe's
/// `ArithmeticTupleIterator`: no elements, only the coordinate the tensor starts at (its
/// origin, an arithmetic tuple).
///
/// ```
/// use cute_static::{int_tuple, make_identity_tensor};
/// let c = make_identity_tensor(int_tuple!((_4, _8)));
/// assert_eq!(c.to_string(), "ArithTuple(_0,_0) o (_4,_8):(_1@0,_1@1)");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ArithmeticTupleIterator;

expr_type!(IdentityOriginExpr, [S: IntTuple => s] |p| zeros_like(&s), tuple);

/// The origin of [`make_identity_tensor`]`(shape)`: `_0` nested like `S`.
///
/// ```
/// use cute_static::{int_tuple, make_identity_tensor, IdentityOrigin, IntTuple};
/// fn origin_text<S: IntTuple>(_: IdentityOrigin<S>) {}
/// assert!(make_identity_tensor(int_tuple!((_4, (2, _3)))).to_string().starts_with("ArithTuple(_0,(_0,_0)) o"));
/// ```
pub type IdentityOrigin<S> = TupleOf<IdentityOriginExpr::E<S>>;

/// The type of [`make_identity_tensor`]`(shape)`, to name it in a signature or a field.
///
/// ```
/// use cute_static::{make_identity_tensor, IdentityTensor, IntTuple};
/// fn coordinates<S: IntTuple>(shape: S) -> IdentityTensor<S> {
///     make_identity_tensor(shape)
/// }
/// let (m, n) = (100, 60);
/// assert_eq!(coordinates((m, n)).to_string(), "ArithTuple(_0,_0) o (100,60):(_1@0,_1@1)");
/// ```
pub type IdentityTensor<S> =
    Tensor<ArithmeticTupleIterator, MakeIdentityLayout<S>, IdentityOrigin<S>>;

/// CuTe's `make_identity_tensor(shape)`: the tensor whose element at a coordinate is that
/// coordinate, `ArithTuple(_0,...) o make_identity_layout(shape)`. Partitioned as the data
/// tensors of a kernel are (`local_tile`, `local_partition`, ...), it tells each thread the
/// coordinates of its elements, for predication at the edges of a run-time shape.
///
/// ```
/// use cute_static::{
///     coord, elem_less, int_tuple, layout, local_partition, local_tile, make_identity_tensor, tile,
/// };
/// let (m, n) = (100, 60);
/// let c = make_identity_tensor(int_tuple!((m, n)));
/// // The (_32,_32) tile at (3, 1), then the elements thread 5 of a (_8,_4) layout owns.
/// let tile = local_tile(c, tile!((_32, _32)), coord!((3, 1)));
/// assert_eq!(tile.to_string(), "ArithTuple(96,32) o (_32,_32):(_1@0,_1@1)");
/// let mine = local_partition(tile, layout!((_8, _4):(_1, _8)), 5);
/// assert_eq!(mine.call((0, 1)).to_string(), "(101,36)");
/// assert!(!elem_less(mine.call((0, 1)), (m, n))); // row 101 is past the 100 rows
/// ```
#[inline(always)]
pub fn make_identity_tensor<S: IntTuple>(shape: S) -> IdentityTensor<S> {
    let _ = <IdentityOriginExpr::E<S> as Expr>::SYM;
    Tensor {
        engine: ArithmeticTupleIterator,
        layout: make_identity_layout(shape),
        offset: TupleOf(IdentityOriginExpr::E((shape,))),
    }
}

/// `tensor(coord)` of an identity tensor with layout `L` at origin `O`, for coordinates of type
/// `Cd`: the program computing the layout's part of each component, and the result's
/// structure (a static component, or dynamic leaf `k` for component `k`). It names the
/// [`ArithmeticTuple`] an identity tensor's `call` gives.
///
/// ```
/// use cute_static::{int_tuple, make_identity_tensor, ArithmeticTuple, IdentityCall};
/// let c = make_identity_tensor(int_tuple!((_4, _8)));
/// let x: ArithmeticTuple<IdentityCall<_, _, i32>> = c.call(9);
/// assert_eq!(x.to_string(), "(1,2)");
/// ```
pub struct IdentityCall<L, O, Cd>(PhantomData<(L, O, Cd)>);

/// The structure of an arithmetic tuple a computation gives (see [`ArithmeticTuple`]).
#[doc(hidden)]
pub trait TupleShape {
    /// Static components hold their value, dynamic ones their index.
    const TREE: Tree;
    /// The number of components.
    const N: usize;
}

impl<L: IsLayout, O: IntTuple, Cd: Coordinate> IdentityCall<L, O, Cd> {
    const PLAN: (Straight, Tree) = {
        let origin = O::TREE;
        let (code, terms) =
            call_terms(&Cd::PROFILE, &L::LAYOUT, &L::FLAT, &leaf_positions(&origin));
        let mut out = origin;
        let (mut k, mut j) = (0, 0);
        while k < out.len {
            if out.is_int_at(k) {
                let (o, t) = (out.at(k), terms.v[j]);
                out.set(
                    k,
                    if o.is_static() && t.is_static() {
                        V::s(crate::error::add(o.v, t.v))
                    } else {
                        V::node(j)
                    },
                );
                j += 1;
            }
            k += 1;
        }
        (code, out)
    };
}

impl<L: IsLayout, O: IntTuple, Cd: Coordinate> Program for IdentityCall<L, O, Cd> {
    const CODE: Straight = Self::PLAN.0;
}

impl<L: IsLayout, O: IntTuple, Cd: Coordinate> TupleShape for IdentityCall<L, O, Cd> {
    const TREE: Tree = Self::PLAN.1;
    const N: usize = O::TREE.leaves().n;
}

/// A coordinate an identity tensor gives (CuTe's `ArithmeticTuple`): prints as CuTe prints it,
/// its static components as `_N`.
///
/// ```
/// use cute_static::{int_tuple, make_identity_tensor};
/// let c = make_identity_tensor(int_tuple!((_4, (_2, _3))));
/// let x = c.call(13);
/// assert_eq!(x.to_string(), "(1,(1,1))");
/// assert_eq!(x.leaves(), [1, 1, 1]);
/// ```
pub struct ArithmeticTuple<K> {
    vals: [i32; PLAN_CAP],
    shape: PhantomData<K>,
}

impl<K> Clone for ArithmeticTuple<K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K> Copy for ArithmeticTuple<K> {}

impl<K: TupleShape> ArithmeticTuple<K> {
    /// The components, left to right.
    ///
    /// ```
    /// use cute_static::{int_tuple, make_identity_tensor};
    /// assert_eq!(make_identity_tensor(int_tuple!((_4, _8))).call(9).leaves(), [1, 2]);
    /// ```
    pub fn leaves(&self) -> &[i32] {
        &self.vals[..K::N]
    }
}

impl<K: TupleShape> fmt::Display for ArithmeticTuple<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tree(f, K::TREE.root(), &|k| self.vals[k])
    }
}

impl<K: TupleShape> fmt::Debug for ArithmeticTuple<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<L: IsLayout, O: IntTuple> Tensor<ArithmeticTupleIterator, L, O> {
    /// `tensor(coord)`: the coordinate this identity tensor holds at `coord` (an index or a
    /// coordinate), `origin + layout(coord)`.
    ///
    /// ```
    /// use cute_static::{coord, int_tuple, make_identity_tensor};
    /// let c = make_identity_tensor(int_tuple!((8, _6)));
    /// assert_eq!(c.call((3, 2)).to_string(), "(3,2)");
    /// let row = c.slice(coord!((_, 4)));
    /// assert_eq!(row.to_string(), "ArithTuple(_0,4) o (8):(_1@0)");
    /// assert_eq!(row.call(5).leaves(), [5, 4]);
    /// ```
    #[inline(always)]
    pub fn call<Cd: Coordinate>(&self, coord: Cd) -> ArithmeticTuple<IdentityCall<L, O, Cd>> {
        let (n, roots) = const { (O::TREE.leaves().n, L::FLAT.roots) };
        let origin = const { O::TREE.leaves() };
        let input = |k: usize| {
            if k < roots {
                self.layout.root(k)
            } else {
                coord.leaf(k - roots)
            }
        };
        let mut vals = [0; PLAN_CAP];
        let mut k = 0;
        while k < n {
            let o = origin.v[k];
            let o = if o.dynamic {
                self.offset.dyn_leaf(o.v as usize)
            } else {
                o.v
            };
            vals[k] = o.wrapping_add(eval::<IdentityCall<L, O, Cd>>(input, k));
            k += 1;
        }
        ArithmeticTuple {
            vals,
            shape: PhantomData,
        }
    }
}

/// CuTe's `elem_less(a, b)`: every component of the coordinate `a` below `b`'s, the test a
/// kernel's predicate makes of an identity tensor's coordinate against the problem's shape.
///
/// ```
/// use cute_static::{elem_less, int_tuple, make_identity_tensor};
/// let c = make_identity_tensor(int_tuple!((_4, _8)));
/// assert!(elem_less(c.call((3, 7)), (4, 8)));
/// assert!(!elem_less(c.call((3, 7)), (4, 7)));
/// ```
pub fn elem_less<K: TupleShape, B: Coordinate>(a: ArithmeticTuple<K>, b: B) -> bool {
    const { same_leaf_count(K::N, B::LEAVES) };
    a.leaves().iter().enumerate().all(|(k, &x)| x < b.leaf(k))
}

/// `elem_less` compares component by component: a compile error unless both have as many.
const fn same_leaf_count(a: usize, b: usize) {
    if a != b {
        Msg::new("elem_less: a coordinate of ")
            .num(a as i32)
            .str(" components against a bound of ")
            .num(b as i32)
            .fail()
    }
}
