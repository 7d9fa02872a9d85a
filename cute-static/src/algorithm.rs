//! CuTe's reference tensor algorithms (`cute/algorithm/`): `copy`, `fill`, `clear`, `axpby` and
//! the thread-local `gemm` with the universal FMA, over any tensors whose engines this crate can
//! read (slices, mutable slices, register arrays).
//!
//! Each walks its tensors by 1-D index, CuTe's `tensor(i)`: the colexicographic order of the
//! shape, whatever the strides. Operands that do not fit (different sizes, modes that do not
//! agree) are a compile error where the sizes are static and an `Err` before any element is
//! written where they are not; CuTe asserts the same conditions on static sizes only.

use crate::algebra::composed::{CL, domain};
use crate::error::{IntError, LayoutError, Msg};
use crate::layout::TensorLayout;
use crate::ops::Shape;
use crate::tensor::{Engine, EngineMut, Tensor};
use crate::tree::{List, Tree};
use crate::tuple::IntTuple;
use crate::tuple::Leaves;
use core::ops::{Add, Mul};

/// "The whole shape" for [`static_size`].
const WHOLE: usize = usize::MAX;

/// The size of a tensor layout's domain (or of its mode `mode`) where it is static.
const fn static_size(cl: &CL, mode: usize) -> Option<i32> {
    let l = domain(cl, "size");
    let shape = if mode == WHOLE {
        l.shape
    } else {
        l.mode(mode).shape
    };
    if shape.is_static() {
        Some(shape.static_size())
    } else {
        None
    }
}

/// Two static sizes that must be equal: a compile error in CuTe's terms where they differ.
const fn require_static(op: &str, condition: &str, a: Option<i32>, b: Option<i32>) {
    if let (Some(a), Some(b)) = (a, b)
        && a != b
    {
        Msg::new(op)
            .str(": ")
            .str(condition)
            .str(" does not hold: ")
            .num(a)
            .str(" against ")
            .num(b)
            .fail()
    }
}

/// Two run-time sizes that must be equal.
fn require(op: &'static str, condition: &'static str, a: i32, b: i32) -> Result<(), LayoutError> {
    if a == b {
        Ok(())
    } else {
        Err(LayoutError::tensor_operands(op, condition, a, b))
    }
}

/// `size(x) == size(y)` for two tensors with layouts `L1` and `L2`, CuTe's condition `cond` of
/// `op`: a compile error where both sizes are static, else an `Err` returned at run time.
macro_rules! equal_sizes {
    ($op:expr, $cond:expr, ($x:ident: $L1:ty, $y:ident: $L2:ty)) => {
        const {
            require_static(
                $op,
                $cond,
                static_size(&<$L1>::CL, WHOLE),
                static_size(&<$L2>::CL, WHOLE),
            )
        };
        require($op, $cond, $x.size(), $y.size())?;
    };
}

/// Element `i` of a tensor (an index of its domain), or the error of an engine too short for
/// it (only a tensor made with `Tensor::from_engine` over an engine of its own can be).
#[inline(always)]
fn read<E: Engine, L: TensorLayout, O: IntTuple>(
    op: &'static str,
    t: &Tensor<E, L, O>,
    i: i32,
) -> Result<E::Elem, LayoutError>
where
    E::Elem: Copy,
{
    t.get(i).copied().ok_or_else(|| outside(op, t, i))
}

/// Element `i` of a tensor, writable.
#[inline(always)]
fn write<'t, E: EngineMut, L: TensorLayout, O: IntTuple>(
    op: &'static str,
    t: &'t mut Tensor<E, L, O>,
    i: i32,
) -> Result<&'t mut E::Elem, LayoutError> {
    let len = t.data().len();
    t.get_mut(i).ok_or(LayoutError::tensor_operands(
        op,
        OUTSIDE,
        i,
        engine_len(len),
    ))
}

const OUTSIDE: &str = "index < the elements of its engine";

/// An engine's length for an error message (`i32::MAX` for one beyond it).
fn engine_len(len: usize) -> i32 {
    i32::try_from(len).unwrap_or(i32::MAX)
}

#[cold]
fn outside<E: Engine, L: TensorLayout, O: IntTuple>(
    op: &'static str,
    t: &Tensor<E, L, O>,
    i: i32,
) -> LayoutError {
    LayoutError::tensor_operands(op, OUTSIDE, i, engine_len(t.data().len()))
}

/// CuTe's `copy(src, dst)`: `dst(i) = src(i)` for every index of the tensors, which must have
/// the same size (a compile error where both sizes are static and differ, an `Err` before any
/// element is written where one is dynamic). The layouts may differ in every other way: this
/// is how a tile is transposed, gathered or moved between a slice and a register fragment.
///
/// ```
/// use cute_static::{copy, layout, make_fragment, make_tensor};
/// let data: Vec<f32> = (0..12).map(|x| x as f32).collect();
/// let a = make_tensor(&data[..], layout!((_3,_4):(_4,_1))).unwrap(); // row-major 3x4
/// let mut r = make_fragment([0.0f32; 12], layout!((_3,_4):(_1,_3))); // column-major 3x4
/// copy(&a, &mut r).unwrap();
/// assert_eq!(r[(2, 1)], 9.0);
/// assert_eq!(r.data()[..4], [0.0, 4.0, 8.0, 1.0]);
/// // A generic copy over any two tensors of equal size:
/// fn copy_any<E1, L1, O1, E2, L2, O2>(
///     s: &cute_static::Tensor<E1, L1, O1>,
///     d: &mut cute_static::Tensor<E2, L2, O2>,
/// ) -> Result<(), cute_static::LayoutError>
/// where
///     E1: cute_static::Engine<Elem = f32>, L1: cute_static::TensorLayout, O1: cute_static::IntTuple,
///     E2: cute_static::EngineMut<Elem = f32>, L2: cute_static::TensorLayout, O2: cute_static::IntTuple,
/// {
///     copy(s, d)
/// }
/// let n = 12;
/// let mut out = vec![0.0f32; 12];
/// let mut flat = cute_static::make_tensor_mut(&mut out[..], layout!(n:_1)).unwrap();
/// copy_any(&r, &mut flat).unwrap();
/// assert_eq!(out[5], 9.0);
/// let short = cute_static::make_tensor(&data[..8], layout!({ n - 4 }:_1)).unwrap();
/// let err = copy_any(&short, &mut make_fragment([0.0f32; 12], layout!(_12:_1))).unwrap_err();
/// assert_eq!(err.to_string(), "copy: size(src) == size(dst) does not hold: 8 against 12");
/// ```
///
/// ```compile_fail
/// // Static sizes 12 and 8: "copy: size(src) == size(dst) does not hold: 12 against 8".
/// use cute_static::{copy, layout, make_fragment};
/// let a = make_fragment([0; 12], layout!((_3,_4):(_4,_1)));
/// let mut b = make_fragment([0; 8], layout!(_8:_1));
/// let _ = copy(&a, &mut b);
/// ```
pub fn copy<E1, L1, O1, E2, L2, O2>(
    src: &Tensor<E1, L1, O1>,
    dst: &mut Tensor<E2, L2, O2>,
) -> Result<(), LayoutError>
where
    E1: Engine,
    E1::Elem: Copy,
    L1: TensorLayout,
    O1: IntTuple,
    E2: EngineMut<Elem = E1::Elem>,
    L2: TensorLayout,
    O2: IntTuple,
{
    const OP: &str = "copy";
    equal_sizes!(OP, "size(src) == size(dst)", (src: L1, dst: L2));
    for i in 0..dst.size() {
        *write(OP, dst, i)? = read(OP, src, i)?;
    }
    Ok(())
}

/// CuTe's `fill(tensor, value)`: every element of the tensor set to `value`.
///
/// ```
/// use cute_static::{coord, fill, layout, make_fragment};
/// let mut acc = make_fragment([0.0f32; 8], layout!((_4,_2):(_1,_4)));
/// fill(&mut acc.view_mut().slice(coord!((_, 1))), 1.5).unwrap();
/// assert_eq!(acc.data(), &[0.0, 0.0, 0.0, 0.0, 1.5, 1.5, 1.5, 1.5]);
/// ```
pub fn fill<E, L, O>(tensor: &mut Tensor<E, L, O>, value: E::Elem) -> Result<(), LayoutError>
where
    E: EngineMut,
    E::Elem: Copy,
    L: TensorLayout,
    O: IntTuple,
{
    for i in 0..tensor.size() {
        *write("fill", tensor, i)? = value;
    }
    Ok(())
}

/// CuTe's `clear(tensor)`: every element set to zero (`T::default()`).
///
/// ```
/// use cute_static::{clear, layout, make_fragment};
/// let mut acc = make_fragment([3; 6], layout!((_2,_3):(_3,_1)));
/// clear(&mut acc).unwrap();
/// assert_eq!(acc.data(), &[0; 6]);
/// ```
pub fn clear<E, L, O>(tensor: &mut Tensor<E, L, O>) -> Result<(), LayoutError>
where
    E: EngineMut,
    E::Elem: Copy + Default,
    L: TensorLayout,
    O: IntTuple,
{
    fill(tensor, E::Elem::default())
}

/// CuTe's `axpby(alpha, x, beta, y)`: `y(i) = alpha * x(i) + beta * y(i)`, and `y(i) = alpha *
/// x(i)` where `beta` is zero (`T::default()`), so that a `y` of NaNs is overwritten, as in
/// CuTe. The sizes of `x` and `y` must be equal.
///
/// ```
/// use cute_static::{axpby, layout, make_fragment, make_tensor};
/// let x = make_tensor(&[1.0f32, 2.0, 3.0, 4.0][..], layout!((_2,_2):(_2,_1))).unwrap();
/// let mut y = make_fragment([10.0f32; 4], layout!((_2,_2):(_1,_2)));
/// axpby(2.0, &x, 0.5, &mut y).unwrap();
/// assert_eq!(y.data(), &[7.0, 11.0, 9.0, 13.0]); // y(1,0) = 2 * x(1,0) + 5 = 2 * 3 + 5
/// let mut nan = make_fragment([f32::NAN; 4], layout!((_2,_2):(_1,_2)));
/// axpby(1.0, &x, 0.0, &mut nan).unwrap();
/// assert_eq!(nan.data(), &[1.0, 3.0, 2.0, 4.0]);
/// ```
pub fn axpby<T, E1, L1, O1, E2, L2, O2>(
    alpha: T,
    x: &Tensor<E1, L1, O1>,
    beta: T,
    y: &mut Tensor<E2, L2, O2>,
) -> Result<(), LayoutError>
where
    T: Copy + Default + PartialEq + Add<Output = T> + Mul<Output = T>,
    E1: Engine<Elem = T>,
    L1: TensorLayout,
    O1: IntTuple,
    E2: EngineMut<Elem = T>,
    L2: TensorLayout,
    O2: IntTuple,
{
    const OP: &str = "axpby";
    equal_sizes!(OP, "size(x) == size(y)", (x: L1, y: L2));
    let beta_is_zero = beta == T::default();
    for i in 0..x.size() {
        let ax = alpha * read(OP, x, i)?;
        let yi = write(OP, y, i)?;
        *yi = if beta_is_zero { ax } else { ax + beta * *yi };
    }
    Ok(())
}

/// A form of CuTe's thread-local `gemm(A, B, C)` (`cute/algorithm/gemm.hpp`), chosen by the
/// ranks of A, B and C: which mode of each operand is its `V`, `M`/`N` and `K`. Written once
/// for both crates (cute-dynamic's `gemm` reads it too); hidden from the docs, machinery.
///
/// ```
/// let form = cute_static::gemm_form([2, 2, 2]).unwrap(); // (M,K) x (N,K) => (M,N)
/// assert_eq!(form.name, "(M,K)x(N,K)=>(M,N)");
/// assert_eq!(form.modes[0], [None, Some(0), Some(1)]); // A: no V, M = mode 0, K = mode 1
/// assert!(cute_static::gemm_form([2, 2, 1]).is_none());
/// ```
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GemmForm {
    /// CuTe's name of the form, `(M,K)x(N,K)=>(M,N)`.
    pub name: &'static str,
    /// The modes `[V, M, K]` of A, `[V, N, K]` of B and `[V, M, N]` of C (`None` where the form
    /// has no such mode: its size is 1).
    pub modes: [[Option<usize>; 3]; 3],
}

/// CuTe's forms of `gemm(A, B, C)` by the ranks `[A, B, C]` ([`GemmForm`]), `None` for ranks
/// no form takes.
///
/// ```
/// let form = cute_static::gemm_form([3, 3, 3]).unwrap(); // (V,M,K) x (V,N,K) => (V,M,N)
/// assert_eq!(form.modes[2], [Some(0), Some(1), Some(2)]);
/// ```
#[doc(hidden)]
pub const fn gemm_form(ranks: [usize; 3]) -> Option<GemmForm> {
    const N: Option<usize> = None;
    let (name, modes) = match ranks {
        [1, 1, 1] => (
            "(V)x(V)=>(V)",
            [[Some(0), N, N], [Some(0), N, N], [Some(0), N, N]],
        ),
        [1, 1, 2] => (
            "(M)x(N)=>(M,N)",
            [[N, Some(0), N], [N, Some(0), N], [N, Some(0), Some(1)]],
        ),
        [2, 2, 2] => ("(M,K)x(N,K)=>(M,N)", [[N, Some(0), Some(1)]; 3]),
        [2, 2, 3] => (
            "(V,M)x(V,N)=>(V,M,N)",
            [
                [Some(0), Some(1), N],
                [Some(0), Some(1), N],
                [Some(0), Some(1), Some(2)],
            ],
        ),
        [3, 3, 3] => ("(V,M,K)x(V,N,K)=>(V,M,N)", [[Some(0), Some(1), Some(2)]; 3]),
        _ => return None,
    };
    Some(GemmForm { name, modes })
}

/// One side of a condition of [`GEMM_CONDITIONS`]: `(operand, slot)`, operands 0, 1, 2 for A,
/// B, C and slots as in [`GemmForm::modes`].
///
/// ```
/// let side: cute_static::GemmSide = (1, 2); // B's K
/// assert_eq!(side.0, 1);
/// ```
#[doc(hidden)]
pub type GemmSide = (usize, usize);

/// CuTe's conditions on a form's modes, in the order they are checked: the name and the two
/// sides, each `(operand, slot)` (operands 0, 1, 2 for A, B, C; slots as in
/// [`GemmForm::modes`]). A condition on a mode the form does not have holds.
///
/// ```
/// let (name, a, c) = cute_static::GEMM_CONDITIONS[2];
/// assert_eq!((name, a, c), ("AM == CM", (0, 1), (2, 1)));
/// ```
#[doc(hidden)]
pub const GEMM_CONDITIONS: [(&str, GemmSide, GemmSide); 5] = [
    ("AV == CV", (0, 0), (2, 0)),
    ("BV == CV", (1, 0), (2, 0)),
    ("AM == CM", (0, 1), (2, 1)),
    ("BN == CN", (1, 1), (2, 2)),
    ("AK == BK", (0, 2), (1, 2)),
];

/// The form of `gemm(A, B, C)` for these layouts, CuTe's conditions checked on their static
/// sizes; a compile error naming CuTe's forms for ranks no form takes.
const fn checked_form(operands: [&CL; 3]) -> GemmForm {
    const OP: &str = "gemm";
    let ranks = [
        domain(operands[0], OP).rank(),
        domain(operands[1], OP).rank(),
        domain(operands[2], OP).rank(),
    ];
    let Some(form) = gemm_form(ranks) else {
        Msg::new("gemm: no form takes A of rank ")
            .num(ranks[0] as i32)
            .str(", B of rank ")
            .num(ranks[1] as i32)
            .str(" and C of rank ")
            .num(ranks[2] as i32)
            .str(": CuTe's are (V)x(V)=>(V), (M)x(N)=>(M,N), (M,K)x(N,K)=>(M,N), (V,M)x(V,N)=>(V,M,N) and (V,M,K)x(V,N,K)=>(V,M,N)")
            .fail()
    };
    let mut k = 0;
    while k < GEMM_CONDITIONS.len() {
        let (name, (x, i), (y, j)) = GEMM_CONDITIONS[k];
        if let (Some(mx), Some(my)) = (form.modes[x][i], form.modes[y][j]) {
            require_static(
                OP,
                name,
                static_size(operands[x], mx),
                static_size(operands[y], my),
            );
        }
        k += 1;
    }
    form
}

/// The leaves of a shape's first three modes (none past its rank).
const fn mode_leaves(t: &Tree) -> [List; 3] {
    let mut out = [List::new(); 3];
    let mut k = 0;
    while k < 3 && k < t.rank() {
        out[k] = t.mode(k).leaves();
        k += 1;
    }
    out
}

/// The sizes of a tensor layout's first three modes, at run time (a mode's size fits CuTe's
/// `int` where the layout's does; an overflow is an `Err`, never a wrapped size).
fn mode_sizes<L: TensorLayout>(l: &L) -> Result<[i32; 3], LayoutError> {
    let shape = l.shape();
    let modes: &[List; 3] = const { &mode_leaves(&<Shape<L> as IntTuple>::TREE) };
    let mut out = [1i32; 3];
    for (size, leaves) in out.iter_mut().zip(modes) {
        for v in &leaves.v[..leaves.n] {
            let x = if v.dynamic {
                shape.dyn_leaf(v.v as usize)
            } else {
                v.v
            };
            *size = size.checked_mul(x).ok_or(IntError::Overflow {
                op: "*",
                lhs: *size,
                rhs: x,
            })?;
        }
    }
    Ok(out)
}

/// CuTe's thread-local `gemm(A, B, C)` with the universal FMA atom: `C += A * B` over the
/// forms CuTe dispatches on the ranks (`V` a vector of independent products, `M`, `N` the
/// output's rows and columns, `K` the reduction):
///
/// | A | B | C | C's element |
/// |---|---|---|---|
/// | (V) | (V) | (V) | `c(v) += a(v) * b(v)` |
/// | (M) | (N) | (M,N) | `c(m,n) += a(m) * b(n)` |
/// | (M,K) | (N,K) | (M,N) | `c(m,n) += a(m,k) * b(n,k)`, k ascending |
/// | (V,M) | (V,N) | (V,M,N) | `c(v,m,n) += a(v,m) * b(v,n)` |
/// | (V,M,K) | (V,N,K) | (V,M,N) | `c(v,m,n) += a(v,m,k) * b(v,n,k)`, k ascending |
///
/// Other ranks are a compile error. The modes must agree (CuTe's `AM == CM`, `BN == CN`,
/// `AK == BK`, and the `V`s): a compile error where static, an `Err` before any element of C is
/// written where not. (CuTe's universal FMA takes `V = 1`; here `V` is any size common to the
/// three.)
///
/// ```
/// use cute_static::{gemm, layout, make_fragment, make_tensor};
/// // C(2x2) += A(2x3) * B(2x3)^T, A row-major, B column-major ("TN").
/// let a = make_tensor(&[1, 2, 3, 4, 5, 6][..], layout!((_2,_3):(_3,_1))).unwrap();
/// let b = make_tensor(&[1, 0, 0, 1, 1, 1][..], layout!((_2,_3):(_1,_2))).unwrap();
/// let mut c = make_fragment([100; 4], layout!((_2,_2):(_1,_2)));
/// gemm(&a, &b, &mut c).unwrap();
/// // c(m,n) = 100 + sum_k a(m,k) * b(n,k): b(0,_) = (1,0,1), b(1,_) = (0,1,1)
/// assert_eq!(c.data(), &[104, 110, 105, 111]);
/// ```
///
/// ```compile_fail
/// // AK == BK does not hold: 3 against 4.
/// use cute_static::{gemm, layout, make_fragment};
/// let a = make_fragment([0; 6], layout!((_2,_3):(_3,_1)));
/// let b = make_fragment([0; 8], layout!((_2,_4):(_4,_1)));
/// let mut c = make_fragment([0; 4], layout!((_2,_2):(_1,_2)));
/// let _ = gemm(&a, &b, &mut c);
/// ```
pub fn gemm<T, EA, LA, OA, EB, LB, OB, EC, LC, OC>(
    a: &Tensor<EA, LA, OA>,
    b: &Tensor<EB, LB, OB>,
    c: &mut Tensor<EC, LC, OC>,
) -> Result<(), LayoutError>
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    EA: Engine<Elem = T>,
    LA: TensorLayout,
    OA: IntTuple,
    EB: Engine<Elem = T>,
    LB: TensorLayout,
    OB: IntTuple,
    EC: EngineMut<Elem = T>,
    LC: TensorLayout,
    OC: IntTuple,
{
    const OP: &str = "gemm";
    let form = const { checked_form([&LA::CL, &LB::CL, &LC::CL]) };
    let sizes = [
        mode_sizes(a.layout())?,
        mode_sizes(b.layout())?,
        mode_sizes(c.layout())?,
    ];
    // The size of an operand's slot (1 where the form has no such mode).
    let size = |x: usize, i: usize| form.modes[x][i].map_or(1, |m| sizes[x][m]);
    for (name, (x, i), (y, j)) in GEMM_CONDITIONS {
        require(OP, name, size(x, i), size(y, j))?;
    }
    // Indices are colexicographic: A (V,M,K) at v + V*(m + M*k), B (V,N,K) at v + V*(n + N*k),
    // C (V,M,N) at v + V*(m + M*n); every one is below an i32 size.
    // (V, M, N, K): C's V, M and N, A's K.
    let [vs, ms, ns, ks] = [size(2, 0), size(2, 1), size(2, 2), size(0, 2)];
    for k in 0..ks {
        for n in 0..ns {
            for m in 0..ms {
                for v in 0..vs {
                    let x = read(OP, a, v + vs * (m + ms * k))?;
                    let y = read(OP, b, v + vs * (n + ns * k))?;
                    let z = write(OP, c, v + vs * (m + ms * n))?;
                    *z = x * y + *z;
                }
            }
        }
    }
    Ok(())
}
