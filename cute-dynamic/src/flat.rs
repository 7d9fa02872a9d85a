//! `Flat`: a layout as CuTe's algorithms read it, its leaves in order (shape and stride side by
//! side, contiguous) and its profile apart (one node per entry, in preorder: a leaf, or a tuple
//! and its number of modes). Inline up to [`LEAVES`] leaves and [`NODES`] nodes, on the heap
//! beyond; no reference counts. The algorithms that have moved to it read the leaves without
//! walking a tree and write their result in place (docs/bench.md, section 4).

use crate::error::Result;
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::prelude::*;
use crate::twin::Twin;
use core::fmt;

/// Leaves held inline.
pub(crate) const LEAVES: usize = 8;
/// Profile nodes held inline.
pub(crate) const NODES: usize = 16;
/// A profile node that is a leaf; any other value is a tuple of that many modes.
pub(crate) const LEAF: u32 = u32::MAX;

/// A leaf's term of the cosize, `(s - 1) * |d|`.
#[inline]
fn leaf_term(s: Int, d: Int) -> Result<Int> {
    Ok(s.checked_sub(Int::new_static(1))?.checked_mul(d.abs()?)?)
}

/// A subtree of a [`Flat`]: its profile nodes `node..node_end` and its leaves `leaf..leaf_end`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span {
    node: usize,
    node_end: usize,
    leaf: usize,
    leaf_end: usize,
}

impl Span {
    /// The indices of the subtree's leaves in the shape and stride arrays.
    pub(crate) fn leaf_range(&self) -> core::ops::Range<usize> {
        self.leaf..self.leaf_end
    }
}

/// The modes of a subtree, in order ([`Flat::modes_of`]).
pub(crate) struct Modes<'a> {
    flat: &'a Flat,
    node: usize,
    leaf: usize,
    left: usize,
}

impl Iterator for Modes<'_> {
    type Item = Span;
    fn next(&mut self) -> Option<Span> {
        if self.left == 0 {
            return None;
        }
        let span = self.flat.span_at(self.node, self.leaf);
        (self.node, self.leaf, self.left) = (span.node_end, span.leaf_end, self.left - 1);
        Some(span)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Modes<'_> {}

/// A layout's leaves and profile (see the module doc): inline while both fit, all three on the
/// heap (`spill`) beyond. One check per push, one length per kind: every algorithm builds its
/// result this way, so a push is kept to a compare and three stores.
#[derive(Clone)]
pub(crate) struct Flat {
    nodes: u32,
    leaves: u32,
    profile: [u32; NODES],
    shape: [Int; LEAVES],
    stride: [Int; LEAVES],
    spill: Option<Box<Spill>>,
}

/// The profile and leaves of a [`Flat`] beyond its inline capacity.
#[derive(Clone)]
struct Spill {
    profile: Vec<u32>,
    shape: Vec<Int>,
    stride: Vec<Int>,
}

/// Equal when the profiles and leaves are (inline or not).
impl PartialEq for Flat {
    fn eq(&self, other: &Self) -> bool {
        self.profile() == other.profile()
            && self.shape() == other.shape()
            && self.stride() == other.stride()
    }
}

impl Eq for Flat {}

impl core::hash::Hash for Flat {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.profile().hash(state);
        self.shape().hash(state);
        self.stride().hash(state);
    }
}

impl fmt::Debug for Flat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Flat")
            .field("profile", &self.profile())
            .field("shape", &self.shape())
            .field("stride", &self.stride())
            .finish()
    }
}

impl Flat {
    /// Empty, to be filled in preorder with [`Flat::push_tuple`] and [`Flat::push_leaf`].
    #[inline]
    pub(crate) fn empty() -> Flat {
        let zero = Int::new_static(0);
        Flat {
            nodes: 0,
            leaves: 0,
            profile: [LEAF; NODES],
            shape: [zero; LEAVES],
            stride: [zero; LEAVES],
            spill: None,
        }
    }

    /// The layout `s:d`.
    #[inline]
    pub(crate) fn leaf(s: Int, d: Int) -> Flat {
        let mut f = Flat::empty();
        f.push_leaf(s, d);
        f
    }

    /// Append a tuple node of `rank` modes (its modes follow).
    #[inline(always)]
    pub(crate) fn push_tuple(&mut self, rank: u32) {
        match &mut self.spill {
            None if (self.nodes as usize) < NODES => {
                self.profile[self.nodes as usize] = rank;
                self.nodes += 1;
            }
            _ => self.spilled().profile.push(rank),
        }
    }

    /// Append a leaf `s:d`.
    #[inline(always)]
    pub(crate) fn push_leaf(&mut self, s: Int, d: Int) {
        match &mut self.spill {
            None if (self.nodes as usize) < NODES && (self.leaves as usize) < LEAVES => {
                self.profile[self.nodes as usize] = LEAF;
                self.shape[self.leaves as usize] = s;
                self.stride[self.leaves as usize] = d;
                self.nodes += 1;
                self.leaves += 1;
            }
            _ => {
                let spill = self.spilled();
                spill.profile.push(LEAF);
                spill.shape.push(s);
                spill.stride.push(d);
            }
        }
    }

    /// The heap copy, made on the first push beyond the inline capacity.
    #[cold]
    #[inline(never)]
    fn spilled(&mut self) -> &mut Spill {
        let (nodes, leaves) = (self.nodes as usize, self.leaves as usize);
        let (profile, shape, stride) = (&self.profile, &self.shape, &self.stride);
        self.spill.get_or_insert_with(|| {
            let mut spill = Spill {
                profile: Vec::with_capacity(2 * NODES),
                shape: Vec::with_capacity(2 * LEAVES),
                stride: Vec::with_capacity(2 * LEAVES),
            };
            spill.profile.extend_from_slice(&profile[..nodes]);
            spill.shape.extend_from_slice(&shape[..leaves]);
            spill.stride.extend_from_slice(&stride[..leaves]);
            Box::new(spill)
        })
    }

    /// The shapes of the leaves, to change in place.
    fn shape_mut(&mut self) -> &mut [Int] {
        match &mut self.spill {
            None => &mut self.shape[..self.leaves as usize],
            Some(spill) => &mut spill.shape,
        }
    }

    /// The strides of the leaves, to change in place.
    fn stride_mut(&mut self) -> &mut [Int] {
        match &mut self.spill {
            None => &mut self.stride[..self.leaves as usize],
            Some(spill) => &mut spill.stride,
        }
    }

    /// The leaves and profile of `shape:stride`; `None` if they are not congruent.
    pub(crate) fn from_tuples(shape: &IntTuple, stride: &IntTuple) -> Option<Flat> {
        fn walk(s: &IntTuple, d: &IntTuple, out: &mut Flat) -> Option<()> {
            match (s, d) {
                (IntTuple::Tuple(s), IntTuple::Tuple(d)) if s.len() == d.len() => {
                    out.push_tuple(u32::try_from(s.len()).unwrap_or(LEAF - 1));
                    s.iter()
                        .zip(d.iter())
                        .try_for_each(|(s, d)| walk(s, d, out))
                }
                (IntTuple::Int(s), IntTuple::Int(d)) => {
                    out.push_leaf(*s, *d);
                    Some(())
                }
                _ => None,
            }
        }
        let mut out = Flat::empty();
        walk(shape, stride, &mut out)?;
        Some(out)
    }

    /// The IntTuple of this profile with the leaves `of` (the shapes or the strides).
    fn tuple_with(&self, of: &[Int]) -> IntTuple {
        /// The subtree at `node` (its leaves from `leaf` on); the node after it, the leaf after.
        fn build(f: &Flat, of: &[Int], node: usize, leaf: usize) -> (IntTuple, usize, usize) {
            match f.profile()[node] {
                LEAF => (IntTuple::Int(of[leaf]), node + 1, leaf + 1),
                rank => {
                    let (mut node, mut leaf) = (node + 1, leaf);
                    let modes = (0..rank)
                        .map(|_| {
                            let (m, n, l) = build(f, of, node, leaf);
                            (node, leaf) = (n, l);
                            m
                        })
                        .collect();
                    (IntTuple::Tuple(modes), node, leaf)
                }
            }
        }
        if self.profile().is_empty() {
            return IntTuple::tuple(vec![]);
        }
        build(self, of, 0, 0).0
    }

    /// Whether more tuples nest than CuTe text is read with (`depth` above
    /// [`cute_text::MAX_DEPTH`]).
    #[inline]
    pub(crate) fn too_deep(&self) -> bool {
        // Nesting deeper than the limit takes more tuple nodes than the limit: a profile of at
        // most that many nodes (every layout met in practice) is within it.
        if self.profile().len() <= cute_text::MAX_DEPTH {
            return false;
        }
        // In preorder, the tuples still open above a node, each with its modes left to come.
        let mut open = [0u32; cute_text::MAX_DEPTH];
        let mut top = 0;
        for &node in self.profile() {
            if top > 0 {
                open[top - 1] -= 1;
            }
            if node != LEAF {
                if top == cute_text::MAX_DEPTH {
                    return true;
                }
                open[top] = node;
                top += 1;
            }
            while top > 0 && open[top - 1] == 0 {
                top -= 1;
            }
        }
        false
    }

    /// The shape as an IntTuple.
    pub(crate) fn shape_tuple(&self) -> IntTuple {
        self.tuple_with(self.shape())
    }

    /// The stride as an IntTuple.
    pub(crate) fn stride_tuple(&self) -> IntTuple {
        self.tuple_with(self.stride())
    }

    /// CuTe's `depth`: 0 for a leaf, 1 + the deepest mode for a tuple.
    pub(crate) fn depth(&self) -> usize {
        // In preorder, a node's depth is the number of tuples still open above it.
        let (mut open, mut deepest): (Vec<u32>, usize) = (Vec::new(), 0);
        for &node in self.profile() {
            if let Some(left) = open.last_mut() {
                *left -= 1;
            }
            if node != LEAF {
                open.push(node);
                deepest = deepest.max(open.len());
            }
            while open.last() == Some(&0) {
                open.pop();
            }
        }
        deepest
    }

    /// Make the modes pushed last first (`(s, d)` each, as [`Flat::push_leaf`] appended them
    /// after a [`Flat::empty`]) the tuple of those modes in order: one tuple node before them,
    /// the leaves reversed. In place, so that the caller returns it without another copy.
    pub(crate) fn make_tuple_reversed(&mut self) {
        let rank = u32::try_from(self.shape().len()).unwrap_or(LEAF - 1);
        match &mut self.spill {
            // Both arrays in one pass: two `reverse` calls cost coalesce 11 instructions a call
            // (373 against 384 over the side-by-side records).
            None => {
                let n = self.leaves as usize;
                for i in 0..n / 2 {
                    self.shape.swap(i, n - 1 - i);
                    self.stride.swap(i, n - 1 - i);
                }
            }
            Some(spill) => {
                spill.shape.reverse();
                spill.stride.reverse();
            }
        }
        // The profile is all leaves: a tuple node in front of them is one more leaf node at the
        // end and the first node made the tuple (`[0]` exists: that push made it).
        self.push_tuple(LEAF);
        match &mut self.spill {
            None => self.profile[0] = rank,
            Some(spill) => spill.profile[0] = rank,
        }
    }

    /// CuTe's `size`: the product of the leaves, mode by mode as [`IntTuple::size`] multiplies.
    pub(crate) fn size(&self) -> Result<Int> {
        fn size_at(f: &Flat, node: usize, leaf: usize) -> Result<(Int, usize, usize)> {
            match f.profile()[node] {
                LEAF => Ok((f.shape()[leaf], node + 1, leaf + 1)),
                0 => Ok((Int::new_static(1), node + 1, leaf)),
                rank => {
                    let (mut acc, mut node, mut leaf) = size_at(f, node + 1, leaf)?;
                    for _ in 1..rank {
                        let (m, n, l) = size_at(f, node, leaf)?;
                        (acc, node, leaf) = (acc.checked_mul(m)?, n, l);
                    }
                    Ok((acc, node, leaf))
                }
            }
        }
        if self.profile().is_empty() {
            return Ok(Int::new_static(1));
        }
        Ok(size_at(self, 0, 0)?.0)
    }

    /// CuTe's `cosize`: `1 + sum((s - 1) * |d|)`, summed mode by mode as
    /// [`Layout::cosize`](crate::Layout::cosize).
    ///
    /// The leaves are summed in order where that is CuTe's sum: a leaf or a tuple of leaves (the
    /// same additions in the same order), or all-static leaves whose sums cannot overflow
    /// (`1 + sum |term| <= i32::MAX`: then only the value is left, whatever the nesting).
    pub(crate) fn cosize(&self) -> Result<Int> {
        let one_level = self.profile().len() <= self.shape().len() + 1;
        if !one_level && !self.is_all_static() {
            return self.cosize_by_modes();
        }
        let (mut m1, mut bound) = (Int::new_static(0), 1u64);
        for (&s, &d) in self.shape().iter().zip(self.stride()) {
            let term = match leaf_term(s, d) {
                Ok(term) => term,
                Err(e) if one_level => return Err(e),
                Err(_) => return self.cosize_by_modes(),
            };
            if !one_level {
                bound += u64::from(term.value().unsigned_abs());
                if bound > u64::from(i32::MAX.unsigned_abs()) {
                    return self.cosize_by_modes();
                }
            }
            m1 = m1.checked_add(term)?;
        }
        Ok(m1.checked_add(Int::new_static(1))?)
    }

    /// [`Flat::cosize`] mode by mode, in CuTe's order (an overflow is reported where CuTe's
    /// sums meet it).
    fn cosize_by_modes(&self) -> Result<Int> {
        fn m1_at(f: &Flat, node: usize, leaf: usize) -> Result<(Int, usize, usize)> {
            match f.profile()[node] {
                LEAF => Ok((
                    leaf_term(f.shape()[leaf], f.stride()[leaf])?,
                    node + 1,
                    leaf + 1,
                )),
                rank => {
                    let (mut acc, mut node, mut leaf) = (Int::new_static(0), node + 1, leaf);
                    for _ in 0..rank {
                        let (m, n, l) = m1_at(f, node, leaf)?;
                        (acc, node, leaf) = (acc.checked_add(m)?, n, l);
                    }
                    Ok((acc, node, leaf))
                }
            }
        }
        let m1 = if self.profile().is_empty() {
            Int::new_static(0)
        } else {
            m1_at(self, 0, 0)?.0
        };
        Ok(m1.checked_add(Int::new_static(1))?)
    }

    /// The subtree whose node is `node` and whose first leaf is `leaf`.
    fn span_at(&self, node: usize, leaf: usize) -> Span {
        let (mut n, mut l, mut open) = (node, leaf, 1usize);
        let profile = self.profile();
        while open > 0 {
            match profile[n] {
                LEAF => l += 1,
                rank => open += rank as usize,
            }
            (n, open) = (n + 1, open - 1);
        }
        Span {
            node,
            node_end: n,
            leaf,
            leaf_end: l,
        }
    }

    /// CuTe's `rank`: a tuple's number of modes, 1 for a leaf.
    pub(crate) fn rank(&self) -> usize {
        match self.profile().first() {
            Some(&LEAF) | None => 1,
            Some(&rank) => rank as usize,
        }
    }

    /// The whole layout as a subtree.
    pub(crate) fn whole(&self) -> Span {
        self.span_at(0, 0)
    }

    /// The modes (CuTe's `get<i>`; a leaf is its own only mode).
    pub(crate) fn modes(&self) -> Modes<'_> {
        self.modes_of(self.whole())
    }

    /// Whether the subtree `span` is a tuple.
    pub(crate) fn is_tuple_at(&self, span: Span) -> bool {
        self.profile()[span.node] != LEAF
    }

    /// The modes of the subtree `span` (a leaf is its own only mode), in order.
    pub(crate) fn modes_of(&self, span: Span) -> Modes<'_> {
        match self.profile()[span.node] {
            LEAF => Modes {
                flat: self,
                node: span.node,
                leaf: span.leaf,
                left: 1,
            },
            rank => Modes {
                flat: self,
                node: span.node + 1,
                leaf: span.leaf,
                left: rank as usize,
            },
        }
    }

    /// The subtree `span` as a layout of its own.
    pub(crate) fn sub(&self, span: Span) -> Flat {
        let mut out = Flat::empty();
        out.push_span(self, span);
        out
    }

    /// Append the subtree `span` of `src`.
    pub(crate) fn push_span(&mut self, src: &Flat, span: Span) {
        let (profile, shape, stride) = (src.profile(), src.shape(), src.stride());
        let (mut leaf, mut node) = (span.leaf, span.node);
        while node < span.node_end {
            match profile[node] {
                LEAF => {
                    self.push_leaf(shape[leaf], stride[leaf]);
                    leaf += 1;
                }
                rank => self.push_tuple(rank),
            }
            node += 1;
        }
    }

    /// Append all of `src`.
    pub(crate) fn push_flat(&mut self, src: &Flat) {
        if !src.profile().is_empty() {
            self.push_span(src, src.whole());
        }
    }

    /// The shape of the subtree `span`, as an IntTuple (for messages).
    pub(crate) fn shape_of(&self, span: Span) -> IntTuple {
        self.sub(span).shape_tuple()
    }

    /// Whether the layout is a single leaf `s:d` (not a tuple).
    pub(crate) fn is_leaf(&self) -> bool {
        self.profile().first() == Some(&LEAF)
    }

    /// The profile in preorder: [`LEAF`] or a tuple's number of modes.
    #[inline]
    pub(crate) fn profile(&self) -> &[u32] {
        match &self.spill {
            None => &self.profile[..self.nodes as usize],
            Some(spill) => &spill.profile,
        }
    }

    /// The shapes of the leaves, in order.
    #[inline]
    pub(crate) fn shape(&self) -> &[Int] {
        match &self.spill {
            None => &self.shape[..self.leaves as usize],
            Some(spill) => &spill.shape,
        }
    }

    /// The strides of the leaves, in order.
    #[inline]
    pub(crate) fn stride(&self) -> &[Int] {
        match &self.spill {
            None => &self.stride[..self.leaves as usize],
            Some(spill) => &spill.stride,
        }
    }
}

impl Twin for Flat {
    #[inline]
    fn is_all_static(&self) -> bool {
        self.shape().iter().all(|i| i.is_static()) && self.stride().iter().all(|i| i.is_static())
    }
    fn static_twin(&self) -> Self {
        let mut twin = self.clone();
        let to_static = |i: &mut Int| *i = Int::new_static(i.value());
        twin.shape_mut().iter_mut().for_each(to_static);
        twin.stride_mut().iter_mut().for_each(to_static);
        twin
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;

    #[test]
    fn a_layout_goes_through_its_leaves_and_profile_unchanged() {
        for text in [
            "_1:_0",
            "8:1",
            "(_4,(_2,_3),_8):(_1,(_4,_8),_24)",
            "((2,(3,(4,5))),6):((1,(2,(6,24))),120)",
            "(_1,(),_2):(_0,(),_1)",
            "((_2,_2,_2,_2,_2,_2,_2,_2),(_3,_3,_3,_3,_3,_3,_3,_3,_3)):((1,2,4,8,16,32,64,128),(_0,_0,_0,_0,_0,_0,_0,_0,_0))",
            "(((((((((((((((((_2)))))))))))))))),_3):(((((((((((((((((_1)))))))))))))))),_2)",
        ] {
            let l: Layout = text.parse().unwrap();
            let (shape, stride) = (l.shape(), l.stride());
            let f = Flat::from_tuples(&shape, &stride).unwrap();
            assert_eq!(&f, l.flat());
            assert_eq!(Layout::from_flat(f.clone()).to_string(), text);
            // Against the IntTuple functions, computed on the trees.
            assert_eq!(f.depth(), shape.depth());
            assert_eq!(f.size().unwrap(), shape.size().unwrap());
            let m1 = shape
                .leaves()
                .into_iter()
                .zip(stride.leaves())
                .map(|(s, d)| (s.value() - 1) * d.value().abs())
                .sum::<i32>();
            assert_eq!(f.cosize().unwrap().value(), m1 + 1);
        }
    }

    /// A result never nests deeper than CuTe text is read with: at 64 levels an operation that
    /// would add one more is refused ([`crate::ErrorKind::TooDeep`]), and every result it does
    /// give reads back from its text.
    #[test]
    fn results_nest_no_deeper_than_the_parser_reads() {
        let nest = |leaf: &str, n: usize| (0..n).fold(leaf.to_string(), |t, _| format!("({t})"));
        let deep: Layout = format!("{}:{}", nest("_2", 64), nest("_1", 64))
            .parse()
            .unwrap();
        assert_eq!(deep.depth(), 64);
        assert!(
            format!("{}:{}", nest("_2", 65), nest("_1", 65))
                .parse::<Layout>()
                .is_err()
        );
        let b: Layout = "_2:_1".parse().unwrap();
        let too_deep = |r: Result<Layout>| {
            matches!(
                r.map_err(|e| e.kind().clone()),
                Err(crate::ErrorKind::TooDeep { limit: 64 })
            )
        };
        assert!(too_deep(crate::logical_product(&deep, &b)));
        // `append(b, deep)` and `prepend(b, deep)` would nest 65 deep; the algebra that computes
        // them refuses them first, B's 131 nodes as its operand passing its capacity of 128.
        assert!(crate::append(&b, &deep).is_err());
        assert!(crate::prepend(&b, &deep).is_err());
        assert!(too_deep(Layout::concat(&[deep.clone(), b.clone()])));
        assert!(too_deep(Layout::from_parts(
            IntTuple::tuple(vec![deep.shape()]),
            IntTuple::tuple(vec![deep.stride()]),
        )));
        let shallower: Layout = format!("{}:{}", nest("_2", 63), nest("_1", 63))
            .parse()
            .unwrap();
        for r in [
            crate::logical_product(&shallower, &b),
            crate::append(&shallower, &b),
            crate::composition(&b, &deep),
            crate::logical_divide(&deep, &b),
        ] {
            let r = r.unwrap();
            assert!(r.depth() <= 64);
            assert_eq!(r.to_string().parse::<Layout>().unwrap(), r);
        }
    }

    /// The cosize summed leaf by leaf is the cosize summed mode by mode (value, tag,
    /// divisibility, error), nested layouts and sums near `i32::MAX` included.
    #[test]
    fn cosize_in_order_is_cosize_by_modes() {
        let values = [
            0,
            1,
            2,
            3,
            -1,
            -4,
            6,
            1 << 15,
            46341,
            i32::MAX,
            i32::MIN,
            -(1 << 30),
        ];
        let ints = |v: i32| {
            [
                Int::new_static(v),
                Int::new_dynamic(v),
                Int::dynamic_with_divisor(v, 2).unwrap_or(Int::new_dynamic(v)),
            ]
        };
        let seen = |r: Result<Int>| r.map(|i| (i.value(), i.is_static(), i.divisibility()));
        let mut state = 12345u64;
        let mut next = |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize % n
        };
        for _ in 0..20000 {
            let mut f = Flat::empty();
            // `(l,l,l)`, `((l,l),l,(),l)`, `(l,(l,(l,l)))` in preorder: a leaf or a tuple's rank.
            let profiles: [&[u32]; 3] = [
                &[3, LEAF, LEAF, LEAF],
                &[4, 2, LEAF, LEAF, LEAF, 0, LEAF],
                &[2, LEAF, 2, LEAF, 2, LEAF, LEAF],
            ];
            for &node in profiles[next(3)] {
                if node == LEAF {
                    let (s, d) = (
                        ints(values[next(12)])[next(3)],
                        ints(values[next(12)])[next(3)],
                    );
                    f.push_leaf(s, d);
                } else {
                    f.push_tuple(node);
                }
            }
            assert_eq!(seen(f.cosize()), seen(f.cosize_by_modes()), "{f}");
        }
    }
}
