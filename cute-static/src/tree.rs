//! `Tree`: a const-evaluable IntTuple (or coordinate, or tiler) in preorder, with a fixed
//! capacity, and the helpers every const algorithm uses. Everything here is `const fn`, because
//! the whole algebra of this crate runs in const evaluation.

/// Most nodes one tree holds (leaves plus tuples).
pub const CAP: usize = 128;

/// Node kinds.
pub(crate) const INT: u8 = 0;
pub(crate) const TUP: u8 = 1;
/// `_` in coordinates and tilers.
pub(crate) const UNDER: u8 = 2;
/// A layout inside a tiler: followed by its shape subtree and its stride subtree.
pub(crate) const LAYOUT: u8 = 3;

/// A tree in preorder: a tuple node stores its number of children in `val`.
#[derive(Clone, Copy, Debug)]
pub struct Tree {
    pub(crate) tag: [u8; CAP],
    pub(crate) val: [i32; CAP],
    pub(crate) len: usize,
}

/// Up to `CAP` integers (flattened leaves and similar lists).
#[derive(Clone, Copy, Debug)]
pub(crate) struct List {
    pub(crate) v: [i32; CAP],
    pub(crate) n: usize,
}

impl List {
    pub(crate) const fn new() -> List {
        List { v: [0; CAP], n: 0 }
    }

    pub(crate) const fn push(&mut self, x: i32) {
        assert!(self.n < CAP, "cute-static: more than 128 elements");
        self.v[self.n] = x;
        self.n += 1;
    }

    pub(crate) const fn remove(&mut self, k: usize) {
        let mut i = k;
        while i + 1 < self.n {
            self.v[i] = self.v[i + 1];
            i += 1;
        }
        self.n -= 1;
    }

    pub(crate) const fn product(&self) -> i32 {
        let mut p = 1i32;
        let mut i = 0;
        while i < self.n {
            p = crate::error::mul(p, self.v[i]);
            i += 1;
        }
        p
    }
}

impl Tree {
    /// The empty tree (no node at all; used as a builder start).
    pub(crate) const fn new() -> Tree {
        Tree {
            tag: [0; CAP],
            val: [0; CAP],
            len: 0,
        }
    }

    /// A single integer.
    pub(crate) const fn int(v: i32) -> Tree {
        let mut t = Tree::new();
        t.push(INT, v);
        t
    }

    /// The empty tuple `()`.
    pub(crate) const fn unit() -> Tree {
        let mut t = Tree::new();
        t.push(TUP, 0);
        t
    }

    pub(crate) const fn push(&mut self, tag: u8, v: i32) {
        assert!(
            self.len < CAP,
            "cute-static: more than 128 nodes in one tuple"
        );
        self.tag[self.len] = tag;
        self.val[self.len] = v;
        self.len += 1;
    }

    /// Start a tuple whose children follow; returns the node index to [`Tree::close`].
    pub(crate) const fn open(&mut self) -> usize {
        self.push(TUP, 0);
        self.len - 1
    }

    /// Set the number of children of the tuple opened at `at`.
    pub(crate) const fn close(&mut self, at: usize, children: usize) {
        self.val[at] = children as i32;
    }

    /// Append the subtree of `src` rooted at `i`.
    pub(crate) const fn append_sub(&mut self, src: &Tree, i: usize) {
        let end = src.end(i);
        let mut k = i;
        while k < end {
            self.push(src.tag[k], src.val[k]);
            k += 1;
        }
    }

    /// Append a whole tree.
    pub(crate) const fn append(&mut self, src: &Tree) {
        self.append_sub(src, 0);
    }

    /// One past the last node of the subtree rooted at `i`.
    pub(crate) const fn end(&self, i: usize) -> usize {
        let mut pending = 1usize;
        let mut k = i;
        while pending > 0 {
            pending -= 1;
            match self.tag[k] {
                TUP => pending += self.val[k] as usize,
                LAYOUT => pending += 2,
                _ => {}
            }
            k += 1;
        }
        k
    }

    /// Index of child `c` of the tuple at `i`.
    pub(crate) const fn child(&self, i: usize, c: usize) -> usize {
        let mut k = i + 1;
        let mut n = 0;
        while n < c {
            k = self.end(k);
            n += 1;
        }
        k
    }

    /// The subtree at `i` as a tree of its own.
    pub(crate) const fn sub(&self, i: usize) -> Tree {
        let mut t = Tree::new();
        t.append_sub(self, i);
        t
    }

    /// Whether the root is an integer.
    pub(crate) const fn is_int(&self) -> bool {
        self.tag[0] == INT
    }

    /// The root integer (callers check `is_int`).
    pub(crate) const fn value(&self) -> i32 {
        self.val[0]
    }

    /// CuTe's `rank`: children of a tuple, 1 for anything else.
    pub(crate) const fn rank(&self) -> usize {
        if self.tag[0] == TUP {
            self.val[0] as usize
        } else {
            1
        }
    }

    /// CuTe's `get<k>`: mode `k` (an integer is its own mode 0).
    pub(crate) const fn mode(&self, k: usize) -> Tree {
        if self.tag[0] == TUP {
            self.sub(self.child(0, k))
        } else {
            *self
        }
    }

    /// CuTe's `depth`.
    pub(crate) const fn depth(&self) -> usize {
        self.depth_at(0)
    }

    const fn depth_at(&self, i: usize) -> usize {
        if self.tag[i] != TUP {
            return 0;
        }
        let mut best = 0;
        let mut c = 0;
        while c < self.val[i] as usize {
            let d = self.depth_at(self.child(i, c));
            if d > best {
                best = d;
            }
            c += 1;
        }
        best + 1
    }

    /// The leaf values, left to right.
    pub(crate) const fn leaves(&self) -> List {
        let mut out = List::new();
        let mut k = 0;
        while k < self.len {
            if self.tag[k] == INT {
                out.push(self.val[k]);
            }
            k += 1;
        }
        out
    }

    /// CuTe's `size`: product of the leaves (1 for `()`).
    pub(crate) const fn size(&self) -> i32 {
        self.leaves().product()
    }

    /// A flat tuple of `list`; a single element stands alone when `unwrap` is set.
    pub(crate) const fn from_list(list: &List, unwrap: bool) -> Tree {
        if unwrap && list.n == 1 {
            return Tree::int(list.v[0]);
        }
        let mut t = Tree::new();
        t.push(TUP, list.n as i32);
        let mut k = 0;
        while k < list.n {
            t.push(INT, list.v[k]);
            k += 1;
        }
        t
    }

    /// CuTe's `flatten`: an integer stays an integer.
    pub(crate) const fn flatten(&self) -> Tree {
        if self.is_int() {
            *self
        } else {
            Tree::from_list(&self.leaves(), false)
        }
    }

    /// Same nesting, node for node.
    pub(crate) const fn same_profile(&self, other: &Tree) -> bool {
        if self.len != other.len {
            return false;
        }
        let mut k = 0;
        while k < self.len {
            if self.tag[k] != other.tag[k] || (self.tag[k] == TUP && self.val[k] != other.val[k]) {
                return false;
            }
            k += 1;
        }
        true
    }

    /// Node-by-node equality.
    pub(crate) const fn equals(&self, other: &Tree) -> bool {
        if !self.same_profile(other) {
            return false;
        }
        let mut k = 0;
        while k < self.len {
            if self.val[k] != other.val[k] {
                return false;
            }
            k += 1;
        }
        true
    }

    /// A tuple of the given trees.
    pub(crate) const fn tuple2(a: &Tree, b: &Tree) -> Tree {
        let mut t = Tree::new();
        t.push(TUP, 2);
        t.append(a);
        t.append(b);
        t
    }
}
