//! Run-time coordinates of static layouts: `i32` and tuples of coordinates, evaluated with a
//! compile-time plan so that `layout.call((m, n))` is the hand-written index arithmetic.

use crate::algebra::layout::{L, PLAN_CAP};
use crate::error::{Msg, mul};
use crate::tree::{INT, TUP, Tree};
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
const fn append_shifted(out: &mut Tree, src: &Tree, offset: usize) {
    let mut k = 0;
    while k < src.len {
        let v = if src.tag[k] == INT {
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

/// How to evaluate `layout(coord)`: per layout leaf, which coordinate integer feeds it and how.
#[derive(Clone, Copy, Debug)]
pub struct CoordPlan {
    pub(crate) n: usize,
    pub(crate) leaf: [usize; PLAN_CAP],
    pub(crate) div: [i32; PLAN_CAP],
    pub(crate) modulus: [i32; PLAN_CAP],
    pub(crate) stride: [i32; PLAN_CAP],
}

impl CoordPlan {
    /// Term `k` for the coordinate integer `c`: `((c / div) % modulus) * stride`.
    #[inline(always)]
    pub(crate) const fn term(&self, k: usize, c: i32) -> i32 {
        let c = c / self.div[k];
        let c = if self.modulus[k] != 0 {
            c % self.modulus[k]
        } else {
            c
        };
        c.wrapping_mul(self.stride[k])
    }

    /// `layout(i)` for a plan made for an index (every term reads the same integer).
    #[inline(always)]
    pub(crate) const fn eval_index(&self, i: i32) -> i32 {
        let mut off = 0i32;
        let mut k = 0;
        while k < self.n {
            off = off.wrapping_add(self.term(k, i));
            k += 1;
        }
        off
    }

    const fn push(&mut self, leaf: usize, div: i32, modulus: i32, stride: i32) {
        if self.n >= PLAN_CAP {
            Msg::new("cute-static: evaluation supports at most 64 leaves").fail()
        }
        self.leaf[self.n] = leaf;
        self.div[self.n] = div;
        self.modulus[self.n] = modulus;
        self.stride[self.n] = stride;
        self.n += 1;
    }
}

/// One coordinate integer split across the subtree of `l` at shape node `si` / stride node `di`
/// (the last modes take the rest).
const fn split(q: usize, l: &L, si: usize, di: usize, prefix: i32, spine: bool, p: &mut CoordPlan) {
    let (s, d) = (&l.shape, &l.stride);
    if prefix == 0 {
        return;
    }
    if s.tag[si] != TUP {
        if d.val[di] != 0 {
            p.push(q, prefix, if spine { 0 } else { s.val[si] }, d.val[di]);
        }
        return;
    }
    let n = s.val[si] as usize;
    let mut prefix = prefix;
    let mut k = 0;
    while k < n {
        let (sk, dk) = (s.child(si, k), d.child(di, k));
        split(q, l, sk, dk, prefix, spine && k + 1 == n, p);
        prefix = mul(prefix, s.sub(sk).size());
        k += 1;
    }
}

const fn plan_rec(c: &Tree, ci: usize, l: &L, si: usize, di: usize, p: &mut CoordPlan) {
    let (s, d) = (&l.shape, &l.stride);
    match (c.tag[ci], s.tag[si]) {
        (TUP, TUP) => {
            if c.val[ci] != s.val[si] {
                Msg::new("Mismatched Ranks: a rank-")
                    .num(c.val[ci])
                    .str(" coordinate into shape ")
                    .tree(&s.sub(si))
                    .str(" of rank ")
                    .num(s.val[si])
                    .fail()
            }
            let mut k = 0;
            while k < c.val[ci] as usize {
                plan_rec(c, c.child(ci, k), l, s.child(si, k), d.child(di, k), p);
                k += 1;
            }
        }
        (TUP, _) => Msg::new("Mismatched Ranks: a rank-")
            .num(c.val[ci])
            .str(" coordinate into the integer shape ")
            .tree(&s.sub(si))
            .fail(),
        _ => split(c.val[ci] as usize, l, si, di, 1, true, p),
    }
}

/// The plan of coordinate profile `c` into layout `l`.
pub(crate) const fn coord_plan(c: &Tree, l: &L) -> CoordPlan {
    let mut p = CoordPlan {
        n: 0,
        leaf: [0; PLAN_CAP],
        div: [1; PLAN_CAP],
        modulus: [0; PLAN_CAP],
        stride: [0; PLAN_CAP],
    };
    plan_rec(c, 0, l, 0, 0, &mut p);
    p
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
    pub fn leaves(&self) -> &[i32] {
        &self.vals[..self.n]
    }
}

impl fmt::Display for Crd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn node(
            f: &mut fmt::Formatter<'_>,
            t: &Tree,
            i: usize,
            vals: &[i32],
            leaf: &mut usize,
        ) -> Result<usize, fmt::Error> {
            if t.tag[i] != TUP {
                write!(f, "{}", vals[*leaf])?;
                *leaf += 1;
                return Ok(i + 1);
            }
            f.write_str("(")?;
            let mut k = i + 1;
            for c in 0..t.val[i] as usize {
                if c > 0 {
                    f.write_str(",")?;
                }
                k = node(f, t, k, vals, leaf)?;
            }
            f.write_str(")")?;
            Ok(k)
        }
        let mut leaf = 0;
        node(f, &self.shape, 0, &self.vals, &mut leaf).map(|_| ())
    }
}

/// Per shape leaf: divisor and modulus (0 on the rightmost spine) of the index.
#[derive(Clone, Copy, Debug)]
pub struct IdxPlan {
    pub(crate) n: usize,
    pub(crate) div: [i32; PLAN_CAP],
    pub(crate) modulus: [i32; PLAN_CAP],
}

const fn idx_rec(s: &Tree, si: usize, prefix: i32, spine: bool, p: &mut IdxPlan) {
    if s.tag[si] != TUP {
        if p.n >= PLAN_CAP {
            Msg::new("cute-static: idx2crd supports at most 64 leaves").fail()
        }
        p.div[p.n] = if prefix == 0 { 1 } else { prefix };
        p.modulus[p.n] = if spine { 0 } else { s.val[si] };
        p.n += 1;
        return;
    }
    let n = s.val[si] as usize;
    let mut prefix = prefix;
    let mut k = 0;
    while k < n {
        let sk = s.child(si, k);
        idx_rec(s, sk, prefix, spine && k + 1 == n, p);
        prefix = mul(prefix, s.sub(sk).size());
        k += 1;
    }
}

/// The idx2crd plan of a shape.
pub(crate) const fn idx_plan(shape: &Tree) -> IdxPlan {
    let mut p = IdxPlan {
        n: 0,
        div: [1; PLAN_CAP],
        modulus: [0; PLAN_CAP],
    };
    idx_rec(shape, 0, 1, true, &mut p);
    p
}
