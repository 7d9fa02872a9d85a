//! Compile-time failure: a precondition that fails during const evaluation panics with CuTe's
//! words and the numbers involved, so the first line of the compiler error reads e.g.
//! `evaluation panicked: Stride Divisibility Condition: stride _5 vs shape _4 in (_4,_2):(_1,_1)`.

use crate::bits::shiftr;
use core::fmt;

/// A fixed-size text buffer for messages built in const evaluation.
#[derive(Clone, Copy, Debug)]
pub struct Msg {
    buf: [u8; 512],
    len: usize,
}

impl Msg {
    pub(crate) const fn new(text: &str) -> Msg {
        let mut m = Msg {
            buf: [0; 512],
            len: 0,
        };
        m.str(text);
        m
    }

    pub(crate) const fn str(&mut self, text: &str) -> &mut Msg {
        let bytes = text.as_bytes();
        let mut k = 0;
        while k < bytes.len() && self.len < self.buf.len() {
            self.buf[self.len] = bytes[k];
            self.len += 1;
            k += 1;
        }
        self
    }

    /// A static integer as CuTe prints it: `_N`.
    pub(crate) const fn int(&mut self, v: i32) -> &mut Msg {
        self.str("_");
        self.num(v)
    }

    pub(crate) const fn num(&mut self, v: i32) -> &mut Msg {
        self.num64(v as i64)
    }

    /// An integer wider than `i32` (a typenum integer out of `i32`'s range).
    pub(crate) const fn num64(&mut self, v: i64) -> &mut Msg {
        let mut digits = [0u8; 20];
        let mut n = 0;
        let mut x = v.unsigned_abs();
        if x == 0 {
            digits[0] = b'0';
            n = 1;
        }
        while x > 0 {
            digits[n] = b'0' + (x % 10) as u8;
            x /= 10;
            n += 1;
        }
        if v < 0 {
            self.str("-");
        }
        while n > 0 && self.len < self.buf.len() {
            n -= 1;
            self.buf[self.len] = digits[n];
            self.len += 1;
        }
        self
    }

    /// The message so far.
    pub const fn as_str(&self) -> &str {
        let (head, _) = self.buf.split_at(self.len);
        match core::str::from_utf8(head) {
            Ok(s) => s,
            Err(_) => "cute-static: invalid message",
        }
    }

    /// Stop const evaluation with this message: a compile error.
    pub(crate) const fn fail(&self) -> ! {
        panic!("{}", self.as_str()) // cannot fire at run time: while compiling it is a compile error; at run time the algebra runs only as the static twin of a structure that compiled, or through `eager::run`, which refuses before the run the operands that could reach it (CuTe's refusals on the way are recorded by `Prog::refuse`)
    }
}

const fn overflow(op: &str, a: i32, b: i32) -> ! {
    Msg::new("i32 overflow in ")
        .num(a)
        .str(" ")
        .str(op)
        .str(" ")
        .num(b)
        .fail()
}

/// `a * b`, a compile error on overflow.
pub(crate) const fn mul(a: i32, b: i32) -> i32 {
    match a.checked_mul(b) {
        Some(v) => v,
        None => overflow("*", a, b),
    }
}

/// `a + b`, a compile error on overflow.
pub(crate) const fn add(a: i32, b: i32) -> i32 {
    match a.checked_add(b) {
        Some(v) => v,
        None => overflow("+", a, b),
    }
}

/// `a - b`, a compile error on overflow.
pub(crate) const fn sub(a: i32, b: i32) -> i32 {
    match a.checked_sub(b) {
        Some(v) => v,
        None => overflow("-", a, b),
    }
}

/// `a / b` (C++ truncation), a compile error on division by zero or overflow.
pub(crate) const fn div(a: i32, b: i32) -> i32 {
    if b == 0 {
        Msg::new("division by zero: ").num(a).str(" / 0").fail()
    }
    match a.checked_div(b) {
        Some(v) => v,
        None => overflow("/", a, b),
    }
}

/// `a % b` (C++ sign rules), a compile error on a zero divisor.
pub(crate) const fn rem(a: i32, b: i32) -> i32 {
    if b == 0 {
        Msg::new("division by zero: ").num(a).str(" % 0").fail()
    }
    a.wrapping_rem(b)
}

/// CuTe's `ceil_div(a, b) = (a + b - 1) / b`.
pub(crate) const fn ceil_div(a: i32, b: i32) -> i32 {
    if b == 0 {
        Msg::new("division by zero: ceil_div(")
            .num(a)
            .str(", 0)")
            .fail()
    }
    let wide = (a as i64 + b as i64 - 1) / b as i64;
    if wide > i32::MAX as i64 || wide < i32::MIN as i64 {
        overflow("ceil_div", a, b)
    }
    wide as i32
}

/// A precondition of CuTe's algebra, named by the text of CuTe's `static_assert`.
///
/// ```
/// use cute_static::Condition;
/// assert_eq!(Condition::StrideDivisibility.message(), "Stride Divisibility Condition");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Condition {
    /// Composition: the stride of B must divide, or be divided by, the shapes of A it walks over.
    StrideDivisibility,
    /// Composition with dynamic values: a stride of B below a shape of A that does not divide
    /// it, with B's elements leaving that mode. CuTe's own (weaker) condition accepts this and
    /// its arithmetic can give a wrong layout. Both crates report it only where CuTe's answer may
    /// not be what the same operation gives on the all-static twin: cute-dynamic compares the
    /// two; cute-static's `.checked()` reports it unless the twin walks the same modes (its
    /// static `coalesce` could merge none of them), where the twin computes the same layout.
    StrideDivisibilityComplete,
    /// Composition: the shapes of A taken by B must divide the shape of B.
    ShapeDivisibility,
    /// `shape_div(a, b)` needs `a % b == 0 || b % a == 0`.
    Divisibility,
    /// `upcast<N>`: every non-zero stride must divide or be divided by `N`.
    UpcastDivisibility,
    /// `downcast<N>`: the layout needs a stride-1 mode.
    DowncastAdjacent,
    /// `complement`: two modes of the layout hit the same offset.
    NonInjectiveComplement,
    /// `complement` of a layout with a dynamic stride needs rank 1 after `filter`.
    DynamicStrideComplement,
    /// `left_inverse` needs every stride static.
    LeftInverseStaticStrides,
    /// `left_inverse`: each stride must be a multiple of the size covered by the smaller strides.
    LeftInverseDivisibility,
    /// `tile_to_shape`: every mode of the block must divide the target mode.
    TileToShapeDivides,
    /// `tile_to_shape`: the block may not have more modes than the target shape.
    TileToShapeRank,
    /// Two tuples that must have the same rank (or a tiler with more modes than the layout).
    MismatchedRanks,
    /// `Swizzle<B,M,S>` needs `B >= 0`.
    SwizzleBits,
    /// `Swizzle<B,M,S>` needs `M >= 0`.
    SwizzleBase,
    /// `Swizzle<B,M,S>` needs `|S| >= B`.
    SwizzleShift,
    /// `make_swizzle<Y,Z>()`: the two masks must have the same number of bits.
    SwizzleMaskBits,
    /// `make_swizzle<Y,Z>()`: `Y | Z` must be the masks of a swizzle.
    SwizzleMasks,
    /// `upcast<N>`/`downcast<N>` of a swizzle or of MixedBits: `N` must be a power of two.
    PowerOfTwo,
    /// `safe_div` of static values (the offset of a composed layout under `upcast<N>`) must be
    /// exact.
    SafeDivision,
    /// Slicing a swizzled layout: each consumed mode's `shape * stride` must be a power of two
    /// (or zero).
    SwizzleSlicePow2,
    /// A slice of a swizzled layout that CuTe decays to a plain layout which is not the slice
    /// (its remaining modes reach a Y bit of the swizzle and its Z partner, or CuTe found the
    /// bits through compositions that are not `A o B`). Not CuTe's check: where CuTe's decay is
    /// the slice point by point, both crates keep it.
    SwizzleSliceDecay,
    /// `Copy_Atom<Op, T>`: the source value layout (the traits' bit layout recast to `T`) must
    /// have `size(ThrID)` threads.
    CopyAtomSrc,
    /// `Copy_Atom<Op, T>`: the same for the destination.
    CopyAtomDst,
    /// `Copy_Atom<Op, T>`: the same for the reference numbering.
    CopyAtomRef,
    /// `TiledCopy`: its thread count must be a multiple of the atom's.
    TiledCopyThreads,
    /// `TiledCopy`: its value count must be a multiple of the atom's.
    TiledCopyValues,
    /// `TiledCopy::tidfrg_S/D`: the tensor needs at least as many modes as `Tiler_MN`.
    PartitionRank,
    /// `TiledMMA`: `AtomLayoutMNK` has at most 3 modes.
    TiledMmaLayoutRank,
    /// `TiledMMA`: `PermutationMNK` has at most 3 modes.
    TiledMmaPermutationRank,
    /// `TiledMMA`: the permutations must be static.
    TiledMmaStaticPermutation,
    /// A permutation mode of a `TiledMMA` smaller than its atoms' tiling of that mode. Not CuTe's
    /// check: CuTe accepts it, and its TV layouts then contradict its own partitions.
    TiledMmaPermutationSize,
    /// An owning tensor (a register fragment) needs a static layout.
    DynamicOwningTensor,
}

impl Condition {
    /// CuTe's own wording of the condition (the text of its `static_assert`).
    ///
    /// ```
    /// use cute_static::Condition;
    /// assert_eq!(Condition::LeftInverseStaticStrides.message(), "Left inverse requires static strides.");
    /// ```
    pub const fn message(self) -> &'static str {
        match self {
            Condition::StrideDivisibility | Condition::StrideDivisibilityComplete => {
                "Stride Divisibility Condition"
            }
            Condition::ShapeDivisibility => "Shape Divisibility Condition",
            Condition::Divisibility => "Divisibility Condition",
            Condition::UpcastDivisibility => "Divisibility condition",
            Condition::DowncastAdjacent => "Downcast requires adjacent elements",
            Condition::NonInjectiveComplement => "Non-injective Layout detected in complement.",
            Condition::DynamicStrideComplement => {
                "Dynamic-stride complement only for rank-1 layouts"
            }
            Condition::LeftInverseStaticStrides => "Left inverse requires static strides.",
            Condition::LeftInverseDivisibility => "Left inverse divisibility condition",
            Condition::TileToShapeDivides => {
                "tile_to_shape: block shape does not divide the target shape."
            }
            Condition::TileToShapeRank => "Rank of layout must be <= rank of target shape.",
            Condition::MismatchedRanks => "Mismatched Ranks",
            Condition::SwizzleBits => "BBits must be positive.",
            Condition::SwizzleBase => "MBase must be positive.",
            Condition::SwizzleShift => "abs(SShift) must be more than BBits.",
            Condition::SwizzleMaskBits => "Number of bits in Y and Z don't match",
            Condition::SwizzleMasks => "Something went wrong.",
            Condition::PowerOfTwo => "N must be a power of two",
            Condition::SafeDivision => "Static safe_div requires t % u == 0",
            Condition::SwizzleSlicePow2 => "Requires pow2 shape*stride.",
            Condition::SwizzleSliceDecay => {
                "A swizzled slice decays only if its remaining modes miss a Y bit or its Z partner"
            }
            Condition::CopyAtomSrc => "CopyOperation is not valid for Src of ValType.",
            Condition::CopyAtomDst => "CopyOperation is not valid for Dst of ValType.",
            Condition::CopyAtomRef => "CopyOperation is not valid for Ref of ValType.",
            Condition::TiledCopyThreads => "TiledCopy uses too few thrs for selected CopyAtom",
            Condition::TiledCopyValues => "TiledCopy uses too few vals for selected CopyAtom",
            Condition::PartitionRank => "Rank of tensor to be partitioned too small.",
            Condition::TiledMmaLayoutRank => "TiledMMA requires rank-3 AtomLayoutMNK",
            Condition::TiledMmaPermutationRank => "TiledMMA requires rank-3 PermutationMNK",
            Condition::TiledMmaStaticPermutation => "TiledMMA requires static permutations of MNK.",
            Condition::TiledMmaPermutationSize => {
                "TiledMMA: the permutation of a mode is smaller than the atoms' tiling of it"
            }
            Condition::DynamicOwningTensor => "Dynamic owning tensors not supported",
        }
    }
}

/// The two ways integer arithmetic can fail. Small and `Copy` so that arithmetic stays cheap;
/// it converts into [`LayoutError`] (and into `cute_dynamic::LayoutError`) with `?`.
///
/// ```
/// use cute_static::{int_tuple, shape_div, IntError};
/// let m = 0;
/// let err = shape_div(int_tuple!(_8), int_tuple!(m)).checked().unwrap_err();
/// assert_eq!(err.arithmetic(), Some(IntError::DivisionByZero { op: "%", lhs: 8 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntError {
    /// An `i32` operation overflowed.
    Overflow {
        /// The operation.
        op: &'static str,
        /// Left operand.
        lhs: i32,
        /// Right operand.
        rhs: i32,
    },
    /// Division or remainder by zero.
    DivisionByZero {
        /// The operation.
        op: &'static str,
        /// The dividend.
        lhs: i32,
    },
}

impl fmt::Display for IntError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IntError::Overflow { op, lhs, rhs } => write!(f, "i32 overflow in {lhs} {op} {rhs}"),
            IntError::DivisionByZero { op, lhs } => write!(f, "division by zero in {lhs} {op} 0"),
        }
    }
}

impl core::error::Error for IntError {}

/// Why a checked operation refused its run-time values: a precondition of CuTe's in CuTe's
/// words, with the values, or failed arithmetic. CuTe C++ does not check these when the values
/// are dynamic and returns a wrong layout instead (CUTLASS #3513).
///
/// ```
/// use cute_static::{composition, layout, Condition};
/// let a = layout!((4, 1):(1, _1));
/// let err = composition(a, layout!(_6:_5)).checked().unwrap_err();
/// assert_eq!(err.condition(), Some(Condition::StrideDivisibility));
/// assert!(err.to_string().starts_with("Stride Divisibility Condition"));
/// // A message that is a sentence keeps its period.
/// let zero = cute_static::complement(layout!(5:0), cute_static::int_tuple!(4));
/// let err = zero.checked().unwrap_err();
/// assert!(err.to_string().starts_with("Non-injective Layout detected in complement. stride 0"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayoutError {
    kind: ErrorKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ErrorKind {
    Check {
        pred: Pred,
        a: i32,
        b: i32,
        c: i32,
    },
    IntError(IntError),
    /// A tensor's layout reaches offsets `lo..=hi` (`None`: offsets that cannot be bounded,
    /// from a negative shape or beyond `i64`) outside the `len` elements of its data.
    TensorBounds {
        range: Option<(i64, i64)>,
        len: usize,
    },
    /// A structure CuTe refuses whatever the values (a tiler with more modes than the layout,
    /// ...), met by an operation run at run time ([`crate::prog::Prog::refuse`]).
    Refused(Condition),
    /// Operands CuTe refuses by no named condition (its compile error names only the operation),
    /// met by an operation run at run time ([`crate::prog::Prog::refuse_invalid`]).
    Invalid,
    /// A tensor algorithm's operands failing `condition` (its two sides `a` and `b`).
    TensorOperands {
        op: &'static str,
        condition: &'static str,
        a: i32,
        b: i32,
    },
}

impl LayoutError {
    pub(crate) const fn condition_failed(pred: Pred, a: i32, b: i32, c: i32) -> LayoutError {
        LayoutError {
            kind: ErrorKind::Check { pred, a, b, c },
        }
    }

    pub(crate) const fn tensor_bounds(range: Option<(i64, i64)>, len: usize) -> LayoutError {
        LayoutError {
            kind: ErrorKind::TensorBounds { range, len },
        }
    }

    /// A tensor algorithm (`copy`, `gemm`, ...) whose operands fail `condition`, e.g.
    /// `size(src) == size(dst)` with the sizes.
    pub(crate) const fn tensor_operands(
        op: &'static str,
        condition: &'static str,
        a: i32,
        b: i32,
    ) -> LayoutError {
        LayoutError {
            kind: ErrorKind::TensorOperands {
                op,
                condition,
                a,
                b,
            },
        }
    }

    pub(crate) const fn refused(condition: Condition) -> LayoutError {
        LayoutError {
            kind: ErrorKind::Refused(condition),
        }
    }

    pub(crate) const fn invalid() -> LayoutError {
        LayoutError {
            kind: ErrorKind::Invalid,
        }
    }

    pub(crate) const fn arithmetic_failed(e: IntError) -> LayoutError {
        LayoutError {
            kind: ErrorKind::IntError(e),
        }
    }

    /// The CuTe condition that failed (`None` for failed arithmetic).
    ///
    /// ```
    /// use cute_static::{int_tuple, shape_div, Condition};
    /// let err = shape_div(int_tuple!(6), int_tuple!(_4)).checked().unwrap_err();
    /// assert_eq!(err.condition(), Some(Condition::Divisibility));
    /// ```
    pub fn condition(&self) -> Option<Condition> {
        match self.kind {
            ErrorKind::Check { pred, .. } => Some(pred.condition()),
            ErrorKind::Refused(condition) => Some(condition),
            ErrorKind::IntError(_)
            | ErrorKind::Invalid
            | ErrorKind::TensorBounds { .. }
            | ErrorKind::TensorOperands { .. } => None,
        }
    }

    /// The arithmetic that failed (overflow, or a zero divisor where CuTe C++ dies of SIGFPE).
    ///
    /// ```
    /// use cute_static::{layout, composition, IntError};
    /// let big = i32::MAX;
    /// let r = composition(layout!(_4:big), layout!(_2:_2));
    /// assert!(matches!(r.checked().unwrap_err().arithmetic(), Some(IntError::Overflow { .. })));
    /// ```
    pub fn arithmetic(&self) -> Option<IntError> {
        match self.kind {
            ErrorKind::IntError(e) => Some(e),
            ErrorKind::Check { .. }
            | ErrorKind::Refused(_)
            | ErrorKind::Invalid
            | ErrorKind::TensorBounds { .. }
            | ErrorKind::TensorOperands { .. } => None,
        }
    }
}

impl From<IntError> for LayoutError {
    fn from(a: IntError) -> LayoutError {
        LayoutError {
            kind: ErrorKind::IntError(a),
        }
    }
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ErrorKind::IntError(e) => e.fmt(f),
            ErrorKind::Refused(condition) => f.write_str(condition.message()),
            ErrorKind::Invalid => {
                f.write_str("operands CuTe refuses (a compile error in CuTe C++)")
            }
            ErrorKind::TensorBounds { range: None, .. } => f.write_str(
                "tensor layout: its offsets cannot be bounded (a negative shape, or beyond i64)",
            ),
            ErrorKind::TensorBounds {
                range: Some((lo, hi)),
                len,
            } if lo < 0 || hi >= len as i64 => write!(
                f,
                "tensor layout reaches offsets {lo}..={hi}, outside the {len} elements of its data"
            ),
            ErrorKind::TensorBounds {
                range: Some((lo, hi)),
                ..
            } => write!(
                f,
                "tensor layout reaches offsets {lo}..={hi}, beyond the i32 offsets of CuTe's int"
            ),
            ErrorKind::TensorOperands {
                op,
                condition,
                a,
                b,
            } => write!(f, "{op}: {condition} does not hold: {a} against {b}"),
            ErrorKind::Check { pred, a, b, c } => {
                // CuTe's messages that are sentences keep their period (as in cute-dynamic).
                let message = pred.condition().message();
                let sep = if message.ends_with('.') { " " } else { ": " };
                write!(f, "{message}{sep}")?;
                match pred {
                    Pred::StrideDivides => write!(f, "stride {a} against shape {b}"),
                    Pred::StrideComplete => write!(
                        f,
                        "CuTe's weak form of it (CUTLASS #3177) lets through stride {a} below \
                         shape {b}, which it does not divide, with {c} elements leaving the mode: \
                         the composition is not shown to be A o B"
                    ),
                    Pred::NoCarry => write!(
                        f,
                        "CuTe's weak form of it (CUTLASS #3177) lets through modes of B that take \
                         {a} offsets of a mode of A of size {b}, carrying into the next one: the \
                         composition is not shown to be A o B"
                    ),
                    Pred::Exact => f.write_str(
                        "CuTe's weak form of it (CUTLASS #3177) lets through B's strides of both \
                         signs, a negative one inside A: the composition is not shown to be A o B",
                    ),
                    Pred::NotComposition => write!(
                        f,
                        "CuTe's weak form of it (CUTLASS #3177) lets through a composition that \
                         is not A o B: at {a} it is {b}, A(B({a})) = {c}"
                    ),
                    Pred::ShapeDivides => write!(f, "shape {a} against {b}"),
                    Pred::EitherDivides => write!(f, "shape_div({a}, {b})"),
                    Pred::Injective => {
                        write!(f, "stride {b} is inside the {c} offsets already covered")
                    }
                    Pred::UpcastDivides => write!(f, "stride {a} against {b}"),
                    Pred::TileDivides => write!(f, "block {b} against target {a}"),
                    Pred::SwizzleNoCollision => {
                        write!(f, "the remaining modes reach the swizzle bits {a}")
                    }
                    Pred::NotSlice => write!(
                        f,
                        "CuTe's slice of the swizzled layout is not the slice: at {a} it is {b} \
                         where the layout gives {c}"
                    ),
                }
            }
        }
    }
}

impl core::error::Error for LayoutError {}

impl core::fmt::Display for Msg {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A value-level precondition, checked at run time by the checked forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pred {
    /// Composition: stride `a` against shape `b`: `a < b || a % b == 0`; on run-time values
    /// also when the count `c` of elements taken is 1 (they land at 0 whatever the stride).
    StrideDivides,
    /// Composition, complete form: stride `a` below shape `b`, neither of `|a|` and `b` a
    /// multiple of the other, with `c` elements leaving the mode (one element, `c == 1`, lands
    /// at 0 whatever the stride): a step CuTe's weak form lets through that is not exact
    /// ([`crate::algebra::exact`]).
    StrideComplete,
    /// Composition: the pieces of B's leaves in a mode of A take `a` of its `b` offsets, `a < b`
    /// (more carry into the next mode).
    NoCarry,
    /// Composition: B's leaves of negative stride take one element of each inner mode of A, or
    /// B has no leaf of positive stride (`a` is 1; [`crate::algebra::exact`]).
    Exact,
    /// Composition: CuTe's result is not `A o B` at index `a`, where it is `b` and `A(B(a))` is
    /// `c` (never holds: the error of a point-by-point comparison).
    NotComposition,
    /// Composition: shape `a` is a multiple of `b`.
    ShapeDivides,
    /// `shape_div(a, b)`: `a % b == 0 || b % a == 0`.
    EitherDivides,
    /// `complement`: the new shape `a` (stride `b` over `c` covered offsets) is not 0.
    Injective,
    /// `upcast<b>`: stride `a` divides or is divided by `b`.
    UpcastDivides,
    /// `tile_to_shape`: the target `a` is a multiple of the block `b`.
    TileDivides,
    /// Slicing a swizzled layout that decays: the reachable swizzle bits `a` hold no Y bit (mask
    /// `b`, shift `c`) together with its Z partner.
    SwizzleNoCollision,
    /// Slicing a swizzled layout with run-time values: CuTe's slice at index `a` is `b` (its
    /// offset added) where the sliced layout gives `c` (never holds: the error of a
    /// point-by-point comparison).
    NotSlice,
}

impl Pred {
    /// Every precondition, in declaration order: `ALL[p as usize] == p`.
    pub(crate) const ALL: [Pred; 12] = [
        Pred::StrideDivides,
        Pred::StrideComplete,
        Pred::NoCarry,
        Pred::Exact,
        Pred::NotComposition,
        Pred::ShapeDivides,
        Pred::EitherDivides,
        Pred::Injective,
        Pred::UpcastDivides,
        Pred::TileDivides,
        Pred::SwizzleNoCollision,
        Pred::NotSlice,
    ];

    /// Whether the values satisfy the condition; `Err` for an arithmetic failure on the way.
    pub(crate) const fn holds(self, a: i32, b: i32, c: i32) -> Result<bool, IntError> {
        Ok(match self {
            Pred::StrideDivides => {
                if a < b || c == 1 {
                    true
                } else if b == 0 {
                    return Err(IntError::DivisionByZero { op: "%", lhs: a });
                } else {
                    a.wrapping_rem(b) == 0
                }
            }
            Pred::StrideComplete => {
                let below = a < b;
                let m = a.unsigned_abs() as i64;
                if !below || m == 0 || c == 1 {
                    true
                } else {
                    // Exact if `m` divides the shape, if the shape divides `m` (no element
                    // moves inside the mode: a negative stride over a mode of size 1, say), or
                    // if every element stays inside the mode.
                    let (b, c) = (b as i64, c as i64);
                    b % m == 0 || (b > 0 && m % b == 0) || (b + m - 1) / m >= c
                }
            }
            Pred::NoCarry => a < b,
            Pred::Exact => a != 0,
            Pred::NotComposition | Pred::NotSlice => false,
            Pred::ShapeDivides | Pred::TileDivides => {
                if b == 0 {
                    return Err(IntError::DivisionByZero { op: "%", lhs: a });
                }
                a.wrapping_rem(b) == 0
            }
            Pred::EitherDivides => {
                if b == 0 {
                    return Err(IntError::DivisionByZero { op: "%", lhs: a });
                }
                a.wrapping_rem(b) == 0 || (a != 0 && b.wrapping_rem(a) == 0)
            }
            Pred::Injective => a != 0,
            Pred::SwizzleNoCollision => a & !(a ^ shiftr(a & b, c)) == 0,
            Pred::UpcastDivides => {
                (b != 0 && a.wrapping_rem(b) == 0) || (a != 0 && b.wrapping_rem(a) == 0)
            }
        })
    }

    /// The CuTe condition this check stands for.
    pub(crate) const fn condition(self) -> Condition {
        match self {
            Pred::StrideDivides => Condition::StrideDivisibility,
            Pred::StrideComplete | Pred::NoCarry | Pred::Exact | Pred::NotComposition => {
                Condition::StrideDivisibilityComplete
            }
            Pred::ShapeDivides => Condition::ShapeDivisibility,
            Pred::EitherDivides => Condition::Divisibility,
            Pred::Injective => Condition::NonInjectiveComplement,
            Pred::UpcastDivides => Condition::UpcastDivisibility,
            Pred::TileDivides => Condition::TileToShapeDivides,
            Pred::SwizzleNoCollision | Pred::NotSlice => Condition::SwizzleSliceDecay,
        }
    }
}
