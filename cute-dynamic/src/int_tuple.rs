//! `IntTuple`: an integer or a tuple of IntTuples, and CuTe's functions of `int_tuple.hpp` on
//! its structure: rank, depth, size, flatten, congruent, weakly_congruent, compatible. Those that
//! compute new IntTuples (`shape_div`, `ceil_div`, ...) run by the one algebra, in
//! `crate::int_tuple_algebra`.

use crate::error::{LayoutError, Result};
use crate::int::{Bool, Int};
use crate::prelude::*;
use alloc::sync::Arc;

/// CuTe's IntTuple: an [`Int`] or a tuple of IntTuples. Cloning is cheap (tuples are shared).
///
/// ```
/// use cute_dynamic::IntTuple;
/// let t: IntTuple = "(_2,(_3,4))".parse().unwrap();
/// assert_eq!(t.rank(), 2);
/// assert_eq!(t.depth(), 2);
/// assert_eq!(t.size().unwrap().to_string(), "24");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntTuple {
    /// A single integer.
    Int(Int),
    /// A tuple (possibly empty or of rank 1, `()` and `(x)`).
    Tuple(Arc<[IntTuple]>),
}

impl From<Int> for IntTuple {
    fn from(i: Int) -> IntTuple {
        IntTuple::Int(i)
    }
}

impl From<i32> for IntTuple {
    /// A plain `i32` is a dynamic leaf, as a C++ `int` is. Rust tuples of them (nested, up to 8
    /// elements) convert too: CuTe's `make_coord(3, make_coord(1, 2))`.
    ///
    /// ```
    /// use cute_dynamic::IntTuple;
    /// assert_eq!(IntTuple::from(7).to_string(), "7");
    /// assert_eq!(IntTuple::from((3, (1, 2))).to_string(), "(3,(1,2))");
    /// ```
    fn from(value: i32) -> IntTuple {
        IntTuple::Int(Int::from(value))
    }
}

impl FromIterator<IntTuple> for IntTuple {
    fn from_iter<I: IntoIterator<Item = IntTuple>>(iter: I) -> IntTuple {
        IntTuple::Tuple(iter.into_iter().collect())
    }
}

impl IntTuple {
    /// A tuple of the given elements.
    ///
    /// ```
    /// use cute_dynamic::{Int, IntTuple};
    /// let t = IntTuple::tuple(vec![Int::new_static(2).into(), Int::new_dynamic(3).into()]);
    /// assert_eq!(t.to_string(), "(_2,3)");
    /// ```
    #[must_use]
    pub fn tuple(items: Vec<IntTuple>) -> IntTuple {
        IntTuple::Tuple(items.into())
    }

    /// A static integer leaf (`_v`).
    ///
    /// ```
    /// assert_eq!(cute_dynamic::IntTuple::s(3).to_string(), "_3");
    /// ```
    #[must_use]
    pub fn s(value: i32) -> IntTuple {
        IntTuple::Int(Int::new_static(value))
    }

    /// A dynamic integer leaf (`v`).
    ///
    /// ```
    /// assert_eq!(cute_dynamic::IntTuple::d(3).to_string(), "3");
    /// ```
    #[must_use]
    pub fn d(value: i32) -> IntTuple {
        IntTuple::Int(Int::new_dynamic(value))
    }

    /// The integer, if this is one.
    ///
    /// ```
    /// assert_eq!(cute_dynamic::IntTuple::s(3).as_int().unwrap().value(), 3);
    /// ```
    #[must_use]
    pub fn as_int(&self) -> Option<Int> {
        match self {
            IntTuple::Int(i) => Some(*i),
            IntTuple::Tuple(_) => None,
        }
    }

    /// The elements, if this is a tuple.
    ///
    /// ```
    /// let t: cute_dynamic::IntTuple = "(1,2)".parse().unwrap();
    /// assert_eq!(t.as_tuple().unwrap().len(), 2);
    /// ```
    #[must_use]
    pub fn as_tuple(&self) -> Option<&[IntTuple]> {
        match self {
            IntTuple::Int(_) => None,
            IntTuple::Tuple(t) => Some(t),
        }
    }

    /// Whether this is a tuple (CuTe's `is_tuple`).
    ///
    /// ```
    /// assert!(!cute_dynamic::IntTuple::s(3).is_tuple());
    /// ```
    #[must_use]
    pub fn is_tuple(&self) -> bool {
        matches!(self, IntTuple::Tuple(_))
    }

    /// CuTe's `rank`: number of modes (1 for an integer).
    ///
    /// ```
    /// let t: cute_dynamic::IntTuple = "((2,3),4)".parse().unwrap();
    /// assert_eq!(t.rank(), 2);
    /// ```
    #[must_use]
    pub fn rank(&self) -> usize {
        match self {
            IntTuple::Int(_) => 1,
            IntTuple::Tuple(t) => t.len(),
        }
    }

    /// CuTe's `depth`: 0 for an integer, 1 + the deepest element for a tuple.
    ///
    /// ```
    /// let t: cute_dynamic::IntTuple = "((2,3),4)".parse().unwrap();
    /// assert_eq!(t.depth(), 2);
    /// ```
    pub fn depth(&self) -> usize {
        match self {
            IntTuple::Int(_) => 0,
            IntTuple::Tuple(t) => 1 + t.iter().map(IntTuple::depth).max().unwrap_or(0),
        }
    }

    /// CuTe's `get<i>`: mode `i` (an integer is its own mode 0).
    ///
    /// ```
    /// let t: cute_dynamic::IntTuple = "((2,3),4)".parse().unwrap();
    /// assert_eq!(t.get(0).unwrap().to_string(), "(2,3)");
    /// assert!(t.get(2).is_err());
    /// ```
    pub fn get(&self, i: usize) -> Result<&IntTuple> {
        match self {
            IntTuple::Int(_) if i == 0 => Ok(self),
            IntTuple::Tuple(t) if i < t.len() => Ok(&t[i]),
            _ => Err(LayoutError::out_of_range(
                "get",
                format!("mode {i} of {self}, which has rank {}", self.rank()),
            )),
        }
    }

    /// CuTe's `product` (`size`): the product of all leaves; `_1` for the empty tuple.
    ///
    /// ```
    /// let t: cute_dynamic::IntTuple = "(_2,(_3,_4))".parse().unwrap();
    /// assert_eq!(t.size().unwrap().to_string(), "_24");
    /// ```
    pub fn size(&self) -> Result<Int> {
        match self {
            IntTuple::Int(i) => Ok(*i),
            IntTuple::Tuple(t) => {
                let mut modes = t.iter();
                let Some(first) = modes.next() else {
                    return Ok(Int::new_static(1));
                };
                modes.try_fold(first.size()?, |acc, m| Ok(acc.checked_mul(m.size()?)?))
            }
        }
    }

    /// CuTe's `sum` of all leaves (`_0` for the empty tuple).
    ///
    /// ```
    /// let t: cute_dynamic::IntTuple = "(_2,(_3,4))".parse().unwrap();
    /// assert_eq!(t.sum().unwrap().to_string(), "9");
    /// ```
    pub fn sum(&self) -> Result<Int> {
        match self {
            IntTuple::Int(i) => Ok(*i),
            IntTuple::Tuple(t) => t
                .iter()
                .try_fold(Int::new_static(0), |acc, m| Ok(acc.checked_add(m.sum()?)?)),
        }
    }

    /// The leaves, left to right.
    ///
    /// ```
    /// let t: cute_dynamic::IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.leaves().iter().map(|i| i.value()).collect::<Vec<_>>(), vec![2, 3, 4]);
    /// ```
    #[must_use]
    pub fn leaves(&self) -> Vec<Int> {
        let mut out = Vec::new();
        self.collect_leaves(&mut out);
        out
    }

    fn collect_leaves(&self, out: &mut Vec<Int>) {
        match self {
            IntTuple::Int(i) => out.push(*i),
            IntTuple::Tuple(t) => t.iter().for_each(|m| m.collect_leaves(out)),
        }
    }

    /// CuTe's `flatten`: an integer stays an integer, a tuple becomes the tuple of its leaves.
    ///
    /// ```
    /// let t: cute_dynamic::IntTuple = "((2,3),(4))".parse().unwrap();
    /// assert_eq!(t.flatten().to_string(), "(2,3,4)");
    /// ```
    pub fn flatten(&self) -> IntTuple {
        match self {
            IntTuple::Int(_) => self.clone(),
            IntTuple::Tuple(_) => self.leaves().into_iter().map(IntTuple::Int).collect(),
        }
    }

    /// Whether every leaf is static (CuTe's `is_static`).
    ///
    /// ```
    /// let t: cute_dynamic::IntTuple = "(_2,(_3,4))".parse().unwrap();
    /// assert!(!t.is_static());
    /// ```
    pub fn is_static(&self) -> bool {
        match self {
            IntTuple::Int(i) => i.is_static(),
            IntTuple::Tuple(t) => t.iter().all(IntTuple::is_static),
        }
    }

    /// The same profile with every leaf replaced by `leaf` (CuTe's `repeat_like`).
    ///
    /// ```
    /// use cute_dynamic::{Int, IntTuple};
    /// let t: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.repeat_like(Int::new_static(1)).to_string(), "(_1,(_1,_1))");
    /// ```
    #[must_use]
    pub fn repeat_like(&self, leaf: Int) -> IntTuple {
        self.map_leaves(&mut |_| leaf)
    }

    /// Apply `f` to every leaf, keeping the profile.
    pub(crate) fn map_leaves(&self, f: &mut impl FnMut(Int) -> Int) -> IntTuple {
        match self {
            IntTuple::Int(i) => IntTuple::Int(f(*i)),
            IntTuple::Tuple(t) => t.iter().map(|m| m.map_leaves(f)).collect(),
        }
    }

    /// Whether two IntTuples have the same profile.
    pub(crate) fn same_profile(&self, other: &IntTuple) -> bool {
        match (self, other) {
            (IntTuple::Int(_), IntTuple::Int(_)) => true,
            (IntTuple::Tuple(a), IntTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.same_profile(y))
            }
            _ => false,
        }
    }
}

impl FromIterator<IntTuple> for Result<IntTuple> {
    fn from_iter<I: IntoIterator<Item = IntTuple>>(iter: I) -> Self {
        Ok(IntTuple::Tuple(iter.into_iter().collect()))
    }
}

/// CuTe's `congruent(a, b)`: the same profile. Always a static answer.
///
/// ```
/// use cute_dynamic::congruent;
/// assert!(congruent(&"(2,(3,4))".parse().unwrap(), &"(_1,(_1,5))".parse().unwrap()).value);
/// ```
#[must_use]
pub fn congruent(a: &IntTuple, b: &IntTuple) -> Bool {
    Bool {
        value: a.same_profile(b),
        is_static: true,
    }
}

/// CuTe's `weakly_congruent(a, b)`: the profile of `a` is a coarsening of the profile of `b`.
///
/// ```
/// use cute_dynamic::weakly_congruent;
/// assert!(weakly_congruent(&"(2,3)".parse().unwrap(), &"((1,2),3)".parse().unwrap()).value);
/// ```
#[must_use]
pub fn weakly_congruent(a: &IntTuple, b: &IntTuple) -> Bool {
    let constant = |value| Bool {
        value,
        is_static: true,
    };
    match (a, b) {
        (IntTuple::Tuple(ta), IntTuple::Tuple(tb)) => {
            if ta.len() != tb.len() {
                return constant(false);
            }
            ta.iter()
                .zip(tb.iter())
                .fold(constant(true), |acc, (x, y)| {
                    acc.and(weakly_congruent(x, y))
                })
        }
        (IntTuple::Int(_), _) => constant(true),
        (IntTuple::Tuple(_), IntTuple::Int(_)) => constant(false),
    }
}

/// CuTe's `compatible(a, b)`: sizes match and every coordinate of `a` is a coordinate of `b`.
/// Static when CuTe can decide it at compile time. Like `congruent` and `weakly_congruent`, a
/// predicate that tools and laws ask of IntTuples of any size, so it is not bound by the one
/// algebra's capacity (128 nodes: the laws found a composition whose result it refused).
///
/// ```
/// use cute_dynamic::compatible;
/// let r = compatible(&"_6".parse().unwrap(), &"(_2,_3)".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "_1");
/// ```
pub fn compatible(a: &IntTuple, b: &IntTuple) -> Result<Bool> {
    let constant = |value| Bool {
        value,
        is_static: true,
    };
    match (a, b) {
        (IntTuple::Tuple(ta), IntTuple::Tuple(tb)) => {
            if ta.len() != tb.len() {
                return Ok(constant(false));
            }
            ta.iter()
                .zip(tb.iter())
                .try_fold(constant(true), |acc, (x, y)| Ok(acc.and(compatible(x, y)?)))
        }
        (IntTuple::Int(x), _) => Ok(x.eq_int(b.size()?)),
        (IntTuple::Tuple(_), IntTuple::Int(_)) => Ok(constant(false)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `compatible` of an IntTuple past the one algebra's 128 nodes: the laws' shape of a
    /// composition's result, which a capacity-bound run refused.
    #[test]
    fn compatible_of_a_large_tuple() {
        let sixteen = |k: usize| {
            let mode = (0..16).map(|i| IntTuple::d(if i == k { 2 } else { 1 }));
            IntTuple::tuple(mode.collect())
        };
        let r = IntTuple::tuple((0..8).map(|k| IntTuple::tuple(vec![sixteen(k)])).collect());
        let b = IntTuple::tuple((0..8).map(|_| IntTuple::s(2)).collect());
        assert!(r.leaves().len() + 8 * 2 + 1 > 128);
        let c = compatible(&b, &r).expect("no capacity");
        assert!(c.value && !c.is_static);
    }
}
