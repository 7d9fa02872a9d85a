//! Run-time coordinates of static layouts: `i32` and tuples of coordinates, evaluated with a
//! compile-time plan so that `layout.call((m, n))` is the hand-written index arithmetic.

use crate::algebra::layout::{L, LayoutAt, PLAN_CAP};
use crate::error::Msg;
use crate::prog::{Flat, Op, Prog, Straight};
use crate::tree::{At, List, Tree, V};
use core::fmt;

/// A run-time coordinate: an `i32` or a (nested) tuple of coordinates, e.g. `(1, (1, 2))`.
/// An integer where the layout has a tuple mode is split column-major across that mode, as in
/// CuTe.
///
/// ```
/// let l = cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1)));
/// assert_eq!(l.call((1, (1, 2))), 17);
/// assert_eq!(l.call((1, 5)), 17);
/// assert_eq!(l.call(16), 17);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a run-time coordinate",
    label = "an index or a coordinate is expected here",
    note = "a coordinate is an `i32` index or a (nested) tuple of `i32`s: `(1, (1, 2))`; a coordinate with `_` is a slice (`tensor.slice(coord!((_, 1)))`)"
)]
pub trait Coordinate: Copy {
    /// The coordinate's profile; each leaf holds its own left-to-right index.
    #[doc(hidden)]
    const PROFILE: Tree;
    /// Number of integers in the coordinate.
    #[doc(hidden)]
    const LEAVES: usize;
    /// Integer `k`, left to right.
    #[doc(hidden)]
    fn leaf(&self, k: usize) -> i32;
}

impl Coordinate for i32 {
    const PROFILE: Tree = Tree::int(0);
    const LEAVES: usize = 1;
    #[inline(always)]
    fn leaf(&self, _: usize) -> i32 {
        *self
    }
}

/// Append `src` with every leaf index shifted by `offset`.
pub(crate) const fn append_shifted(out: &mut Tree, src: &Tree, offset: usize) {
    let mut k = 0;
    while k < src.len {
        let v = if src.is_int_at(k) {
            src.val[k] + offset as i32
        } else {
            src.val[k]
        };
        out.push(src.tag[k], v);
        k += 1;
    }
}

macro_rules! coordinate_tuples {
    ($($T:ident),+) => {
        #[allow(non_snake_case)]
        impl<$($T: Coordinate),+> Coordinate for ($($T,)+) {
            const PROFILE: Tree = {
                let mut t = Tree::new();
                let at = t.open();
                let (mut n, mut offset) = (0, 0);
                $( append_shifted(&mut t, &$T::PROFILE, offset); offset += $T::LEAVES; n += 1; )+
                let _ = offset;
                t.close(at, n);
                t
            };
            const LEAVES: usize = 0 $(+ $T::LEAVES)+;
            #[inline(always)]
            fn leaf(&self, k: usize) -> i32 {
                let ($($T,)+) = self;
                let mut base = 0;
                $(
                    if k < base + $T::LEAVES {
                        return $T.leaf(k - base);
                    }
                    base += $T::LEAVES;
                )+
                let _ = base;
                0
            }
        }
    };
}

macro_rules! all_coordinate_tuples {
    ($first:ident $(, $rest:ident)*) => {
        coordinate_tuples!($first $(, $rest)*);
        all_coordinate_tuples!($($rest),*);
    };
    () => {};
}

all_coordinate_tuples!(
    A15, A14, A13, A12, A11, A10, A9, A8, A7, A6, A5, A4, A3, A2, A1, A0
);

/// How to evaluate `layout(coord)` while it is being planned: per layout leaf, which
/// coordinate integer feeds it and how (`((c / div) % modulus) * stride`, no modulus on the
/// rightmost spine); the entries are static values or nodes of `prog`, which starts as the
/// layout's [`Flat`] program.
struct Build {
    n: usize,
    leaf: [usize; PLAN_CAP],
    div: [V; PLAN_CAP],
    modulus: [Option<V>; PLAN_CAP],
    /// The term is a run-time value even where its modulus is `_1` (see [`split`]).
    kept: [bool; PLAN_CAP],
    stride: [V; PLAN_CAP],
    prog: Prog,
}

impl Build {
    /// A plan over `l`'s roots: `l` with its dynamic leaves replaced by the nodes of `flat`
    /// that compute them.
    const fn new(l: &L, flat: &Flat) -> (Build, L) {
        let (prog, rooted) = l.rooted(flat);
        let b = Build {
            n: 0,
            leaf: [0; PLAN_CAP],
            div: [V::s(1); PLAN_CAP],
            modulus: [None; PLAN_CAP],
            kept: [false; PLAN_CAP],
            stride: [V::s(0); PLAN_CAP],
            prog,
        };
        (b, rooted)
    }

    /// Term `leaf`: `((c / div) % modulus) * stride`.
    const fn push(&mut self, leaf: usize, div: V, modulus: Option<V>, kept: bool, stride: V) {
        if self.n >= PLAN_CAP {
            Msg::new("cute-static: evaluation supports at most 64 leaves").fail()
        }
        let k = self.n;
        self.leaf[k] = leaf;
        self.div[k] = div;
        self.modulus[k] = modulus;
        self.kept[k] = kept;
        self.stride[k] = stride;
        self.n += 1;
    }

    /// Term `k` on the coordinate integer read as input `first + leaf`, without its stride.
    const fn coordinate(&mut self, k: usize, first: usize) -> V {
        let p = &mut self.prog;
        let c = p.push(
            Op::Input,
            V::s((first + self.leaf[k]) as i32),
            V::s(0),
            V::s(0),
        );
        let c = p.div(c, self.div[k]);
        match self.modulus[k] {
            Some(m) if self.kept[k] => p.rem_kept(c, m),
            Some(m) => p.rem(c, m),
            None => c,
        }
    }
}

/// `layout(coord)` for a coordinate of profile `c`: one straight-line program over the roots
/// of `l` (`flat`) and then the coordinate's integers. A layout with scaled-basis strides maps a
/// coordinate to a coordinate, not to an offset: a compile error here (its tensor,
/// `make_identity_tensor`, evaluates it).
pub(crate) const fn call_code(c: &Tree, l: &L, flat: &Flat) -> Straight {
    if l.stride.has_basis() {
        Msg::new("layout(coord) of ")
            .layout(&l.shape, &l.stride)
            .str(": its strides are scaled bases, so its values are coordinates, not offsets; evaluate it as an identity tensor (make_identity_tensor)")
            .fail()
    }
    let mut at = List::new();
    at.push(V::s(0));
    call_terms(c, l, flat, &at).0
}

/// `layout(coord)` by position, for the positions `at` (as the `basis` of its entries): output
/// `j` sums the terms of the strides at position `j` of `at` (every stride must have one). The
/// outputs, static or program nodes, come back too.
pub(crate) const fn call_terms(c: &Tree, l: &L, flat: &Flat, at: &List) -> (Straight, List) {
    let (mut b, rooted) = Build::new(l, flat);
    plan_rec(c.root(), rooted.root(), &mut b);
    let mut sums = List::new();
    while sums.n < at.n {
        sums.push(V::s(0));
    }
    let mut k = 0;
    while k < b.n {
        let c = b.coordinate(k, flat.roots);
        let d = b.stride[k];
        let mut j = 0;
        while j < at.n && at.v[j].basis != d.basis {
            j += 1;
        }
        if j == at.n {
            Msg::new("the stride ")
                .v(d)
                .str(" of ")
                .layout(&l.shape, &l.stride)
                .str(" has no component in the coordinate")
                .fail()
        }
        let term = b.prog.mul(c, d.at_basis(0));
        sums.v[j] = b.prog.add(sums.v[j], term);
        k += 1;
    }
    (Straight::compile(&b.prog, &sums), sums)
}

/// `idx2crd(i, shape(l))`: one output per shape leaf, over the roots of `l` and then `i`.
pub(crate) const fn idx_code(l: &L, flat: &Flat) -> Straight {
    let (mut b, rooted) = Build::new(l, flat);
    idx_rec(rooted.shape.root(), V::s(1), true, &mut b);
    let mut outs = List::new();
    let mut k = 0;
    while k < b.n {
        let c = b.coordinate(k, flat.roots);
        outs.push(c);
        k += 1;
    }
    Straight::compile(&b.prog, &outs)
}

/// Coordinate integer `q` split across the layout node `l`, as CuTe's `crd2idx` splits an
/// integer over a tuple: mode `k` but the last takes `(c / prefix) % size(mode k)`, the last
/// takes the rest. A static `_0` stride contributes nothing. Which terms are static follows
/// CuTe: `x % _1` is `_0`, and a mode entered with a static value (`fixed`) stays static; the
/// rest a last mode takes from a run-time value stays a run-time value, also over a size-1 mode
/// (CuTe's `(c % P) / Q`, a run-time 0, where the flat form `(c / D) % _1` would be `_0`).
const fn split(q: usize, l: LayoutAt, prefix: V, spine: bool, fixed: bool, b: &mut Build) {
    let (s, d) = (l.shape, l.stride);
    if prefix.is_const(0) {
        return;
    }
    if !s.is_tup() {
        if !d.v().is_const(0) {
            let (modulus, kept) = if fixed {
                (Some(V::s(1)), false)
            } else if spine {
                (None, false)
            } else {
                (Some(s.v()), s.v().is_const(1))
            };
            b.push(q, prefix, modulus, kept, d.v());
        }
        return;
    }
    let n = s.arity();
    let mut prefix = prefix;
    let mut k = 0;
    while k < n {
        let lk = l.child(k);
        let size = b.prog.product(&lk.shape.leaves());
        let last = k + 1 == n;
        split(
            q,
            lk,
            prefix,
            spine && last,
            fixed || (!last && size.is_const(1)),
            b,
        );
        prefix = b.prog.mul(prefix, size);
        k += 1;
    }
}

/// A coordinate of profile `c` against the layout node `l`: mode by mode, an integer splits.
const fn plan_rec(c: At, l: LayoutAt, b: &mut Build) {
    let s = l.shape;
    match (c.is_tup(), s.is_tup()) {
        (true, true) => {
            if c.arity() != s.arity() {
                Msg::new("Mismatched Ranks: a rank-")
                    .num(c.arity() as i32)
                    .str(" coordinate into shape ")
                    .tree(&s.sub())
                    .str(" of rank ")
                    .num(s.arity() as i32)
                    .fail()
            }
            let mut k = 0;
            while k < c.arity() {
                plan_rec(c.child(k), l.child(k), b);
                k += 1;
            }
        }
        (true, false) => Msg::new("Mismatched Ranks: a rank-")
            .num(c.arity() as i32)
            .str(" coordinate into the integer shape ")
            .tree(&s.sub())
            .fail(),
        // A profile leaf holds the number of its coordinate integer.
        _ => split(c.v().v as usize, l, V::s(1), true, false, b),
    }
}

/// The natural coordinate of an index in a static shape, computed at run time; prints as CuTe
/// prints a run-time coordinate, e.g. `(1,(1,2))`.
///
/// ```
/// let l = cute_static::layout!((_3,(_2,_3)):(_3,(_12,_1)));
/// assert_eq!(l.idx2crd(16).to_string(), "(1,(1,2))");
/// assert_eq!(l.idx2crd(16).leaves()[..3], [1, 1, 2]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Crd {
    pub(crate) shape: Tree,
    pub(crate) vals: [i32; PLAN_CAP],
    pub(crate) n: usize,
}

impl Crd {
    /// The coordinate's integers, left to right.
    ///
    /// ```
    /// let l = cute_static::layout!((_4,(_2,_3)):(_1,(_4,_8)));
    /// assert_eq!(l.idx2crd(13).leaves(), [1, 1, 1]);
    /// ```
    pub fn leaves(&self) -> &[i32] {
        &self.vals[..self.n]
    }
}

impl fmt::Display for Crd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn node(f: &mut fmt::Formatter<'_>, t: At, vals: &[i32], leaf: &mut usize) -> fmt::Result {
            if !t.is_tup() {
                write!(f, "{}", vals[*leaf])?;
                *leaf += 1;
                return Ok(());
            }
            f.write_str("(")?;
            for c in 0..t.arity() {
                if c > 0 {
                    f.write_str(",")?;
                }
                node(f, t.child(c), vals, leaf)?;
            }
            f.write_str(")")
        }
        let mut leaf = 0;
        node(f, self.shape.root(), &self.vals, &mut leaf)
    }
}

/// The idx2crd terms of shape node `s`: per leaf, divisor and modulus (none on the rightmost
/// spine) of the index.
const fn idx_rec(s: At, prefix: V, spine: bool, b: &mut Build) {
    if !s.is_tup() {
        let div = if prefix.is_const(0) { V::s(1) } else { prefix };
        let modulus = if spine { None } else { Some(s.v()) };
        b.push(0, div, modulus, false, V::s(1));
        return;
    }
    let n = s.arity();
    let mut prefix = prefix;
    let mut k = 0;
    while k < n {
        let sk = s.child(k);
        idx_rec(sk, prefix, spine && k + 1 == n, b);
        let size = b.prog.product(&sk.leaves());
        prefix = b.prog.mul(prefix, size);
        k += 1;
    }
}
