//! CuTe's generic reference algorithms on tensors over data (`cute/algorithm/copy.hpp`,
//! `fill.hpp`, `clear.hpp`, `axpby.hpp`, `gemm.hpp` with the universal FMA): element by element
//! over the 1-D index `i` of the tensors, `tensor(i)` being the element at the layout's offset
//! for `i`.
//!
//! ```
//! use cute_dynamic::{axpby, copy, make_fragment_like, make_tensor_on, Layout};
//! let x: Vec<f32> = (0..8).map(|i| i as f32).collect();
//! let gx = make_tensor_on(&x[..], "(_2,_4):(_4,_1)".parse::<Layout>()?)?;
//! let mut rx = make_fragment_like(&gx)?;      // a register copy, column-major
//! copy(&gx, &mut rx)?;
//! axpby(2.0, &gx, 1.0, &mut rx)?;             // rx = 2*gx + rx
//! assert_eq!(rx.data(), [0.0, 12.0, 3.0, 15.0, 6.0, 18.0, 9.0, 21.0]);
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::error::{LayoutError, Result};
use crate::prelude::*;
use crate::tensor_data::{DataTensor, Engine, EngineMut};
use core::ops::{Add, Mul};

/// `size(a) == size(b)`, or the error of `op` naming both sizes.
fn same_size<A: Engine, B: Engine>(
    op: &'static str,
    names: (&str, &str),
    a: &DataTensor<A>,
    b: &DataTensor<B>,
) -> Result<()> {
    if a.size().value() == b.size().value() {
        return Ok(());
    }
    Err(LayoutError::invalid(
        op,
        format!(
            "size({}) == size({}) fails: {} and {} ({} {} and {} {})",
            names.0,
            names.1,
            a.size(),
            b.size(),
            names.0,
            a,
            names.1,
            b
        ),
    ))
}

/// CuTe's `copy(src, dst)` (the generic reference): `dst(i) = src(i)` for every `i < size`.
/// `Err` if the sizes differ or an offset lies outside the data; nothing is written then.
///
/// ```
/// use cute_dynamic::{copy, make_owning_tensor, make_tensor_on, Layout};
/// let src = [1, 2, 3, 4, 5, 6];
/// let s = make_tensor_on(&src[..], "(_2,_3):(_3,_1)".parse::<Layout>()?)?;  // row-major
/// let mut d = make_owning_tensor::<i32>("(_2,_3):(_1,_2)".parse::<Layout>()?)?; // column-major
/// copy(&s, &mut d)?;
/// assert_eq!(d.data(), [1, 4, 2, 5, 3, 6]);
/// let mut small = make_owning_tensor::<i32>("_4:_1".parse::<Layout>()?)?;
/// assert!(copy(&s, &mut small).is_err());
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn copy<S, D, T>(src: &DataTensor<S>, dst: &mut DataTensor<D>) -> Result<()>
where
    S: Engine<Elem = T>,
    D: EngineMut<Elem = T>,
    T: Clone,
{
    same_size("copy", ("src", "dst"), src, dst)?;
    let (from, to) = (src.positions()?, dst.positions()?);
    let data = dst.data_mut();
    for (f, t) in from.into_iter().zip(to) {
        data[t] = src.data()[f].clone();
    }
    Ok(())
}

/// CuTe's `fill(tensor, value)`: `tensor(i) = value` for every `i < size`.
///
/// ```
/// use cute_dynamic::{fill, make_owning_tensor, Layout};
/// let mut t = make_owning_tensor::<i32>("(_2,_2):(_1,_3)".parse::<Layout>()?)?;
/// fill(&mut t, 7)?;
/// assert_eq!(t.data(), [7, 7, 0, 7, 7]);   // offset 2 is not in the layout
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn fill<E: EngineMut>(tensor: &mut DataTensor<E>, value: E::Elem) -> Result<()>
where
    E::Elem: Clone,
{
    let at = tensor.positions()?;
    let data = tensor.data_mut();
    for p in at {
        data[p] = value.clone();
    }
    Ok(())
}

/// CuTe's `clear(tensor)`: `fill(tensor, T{})`, here `T::default()`.
///
/// ```
/// use cute_dynamic::{clear, make_tensor_on, Layout};
/// let mut v = vec![1.5f32; 4];
/// let mut t = make_tensor_on(&mut v[..], "_2:_2".parse::<Layout>()?)?;
/// clear(&mut t)?;
/// assert_eq!(v, [0.0, 1.5, 0.0, 1.5]);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn clear<E: EngineMut>(tensor: &mut DataTensor<E>) -> Result<()>
where
    E::Elem: Default + Clone,
{
    fill(tensor, E::Elem::default())
}

/// CuTe's `axpby(alpha, x, beta, y)`: `y(i) = alpha * x(i) + beta * y(i)` for every `i`, and
/// `y(i) = alpha * x(i)` where `beta` is zero (`T::default()`), as CuTe does, so that `y` is
/// not read then. `Err` if the sizes differ.
///
/// ```
/// use cute_dynamic::{axpby, make_tensor_at, make_tensor_on, Int, Layout};
/// let (xs, mut ys) = ([1, 2, 3], vec![10, 20, 30]);
/// let x = make_tensor_on(&xs[..], "_3:_1".parse::<Layout>()?)?;
/// // y is ys reversed: y(0) is ys[2].
/// let mut y = make_tensor_at(&mut ys[..], Int::new_dynamic(2), "_3:-1".parse::<Layout>()?)?;
/// axpby(2, &x, 3, &mut y)?;
/// assert_eq!(*y.get(0)?, 2 * 1 + 3 * 30);
/// axpby(1, &x, 0, &mut y)?;                 // beta = 0: y = x
/// assert_eq!(ys, [3, 2, 1]);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn axpby<X, Y, T>(alpha: T, x: &DataTensor<X>, beta: T, y: &mut DataTensor<Y>) -> Result<()>
where
    X: Engine<Elem = T>,
    Y: EngineMut<Elem = T>,
    T: Copy + Add<Output = T> + Mul<Output = T> + PartialEq + Default,
{
    same_size("axpby", ("x", "y"), x, y)?;
    let (from, to) = (x.positions()?, y.positions()?);
    let beta_is_zero = beta == T::default();
    let data = y.data_mut();
    for (f, t) in from.into_iter().zip(to) {
        let ax = alpha * x.data()[f];
        data[t] = if beta_is_zero {
            ax
        } else {
            ax + beta * data[t]
        };
    }
    Ok(())
}

/// The size of mode `i` of `t`.
fn mode_size<E: Engine>(t: &DataTensor<E>, i: usize) -> Result<usize> {
    let s = t.shape().get(i)?.size()?;
    usize::try_from(s.value())
        .map_err(|_| LayoutError::invalid("gemm", format!("mode {i} of {t} has size {s}")))
}

/// `x == y` for the sizes of a gemm, or the error naming the condition and the values.
fn agree(cond: &str, x: usize, y: usize, dispatch: &str) -> Result<()> {
    if x == y {
        return Ok(());
    }
    Err(LayoutError::invalid(
        "gemm",
        format!("{dispatch} needs {cond}, got {x} and {y}"),
    ))
}

/// CuTe's `gemm(A, B, C)` with the universal FMA (`C = A * B + C`, element by element
/// `c = a * b + c`), dispatched on the ranks as CuTe's `gemm.hpp` does:
///
/// | A | B | C | |
/// |---|---|---|---|
/// | `(V)` | `(V)` | `(V)` | element-wise product |
/// | `(M)` | `(N)` | `(M,N)` | outer product |
/// | `(M,K)` | `(N,K)` | `(M,N)` | matrix product |
/// | `(V,M)` | `(V,N)` | `(V,M,N)` | batched outer product |
/// | `(V,M,K)` | `(V,N,K)` | `(V,M,N)` | batched matrix product |
///
/// Rule: every dispatch is the last one with the missing modes of size 1 (CuTe's `append`
/// and `prepend` of `_1:_0` modes): for each `k`, then each `(m,n)`, then each `v`,
/// `C(v,m,n) = A(v,m,k) * B(v,n,k) + C(v,m,n)`. The sizes must agree: `M` of A and C, `N` of B
/// and C, `K` of A and B, and (CuTe's atom checks it; here the FMA goes element by element) `V`
/// of all three. `Err` naming the condition and the sizes otherwise, or for other ranks.
///
/// ```
/// use cute_dynamic::{gemm, make_owning_tensor, make_tensor_on, Layout};
/// // (M,K) x (N,K) => (M,N): C = A * B^T with M = 2, N = 2, K = 3.
/// let a = [1, 2, 3, 4, 5, 6];                   // A(m,k) = a[m*3 + k]
/// let b = [1, 0, 0, 1, 1, 1];                   // B(n,k) = b[n*3 + k]
/// let ta = make_tensor_on(&a[..], "(_2,_3):(_3,_1)".parse::<Layout>()?)?;
/// let tb = make_tensor_on(&b[..], "(_2,_3):(_3,_1)".parse::<Layout>()?)?;
/// let mut tc = make_owning_tensor::<i32>("(_2,_2):(_1,_2)".parse::<Layout>()?)?;
/// gemm(&ta, &tb, &mut tc)?;
/// assert_eq!(tc.data(), [1, 4, 6, 15]);         // column-major (M,N)
/// let wrong = make_tensor_on(&b[..], "(_3,_2):(_2,_1)".parse::<Layout>()?)?;
/// let e = gemm(&ta, &wrong, &mut tc).unwrap_err();
/// assert_eq!(e.to_string(), "gemm: (M,K)x(N,K)=>(M,N) needs size<0>(B) == size<1>(C) (BN == CN), got 3 and 2");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn gemm<A, B, C, T>(a: &DataTensor<A>, b: &DataTensor<B>, c: &mut DataTensor<C>) -> Result<()>
where
    A: Engine<Elem = T>,
    B: Engine<Elem = T>,
    C: EngineMut<Elem = T>,
    T: Copy + Add<Output = T> + Mul<Output = T>,
{
    // CuTe's forms and conditions, the table cute-static's `gemm` reads too.
    let ranks = [a.rank(), b.rank(), c.rank()];
    let Some(form) = cute_static::gemm_form(ranks) else {
        let [ra, rb, rc] = ranks;
        return Err(LayoutError::invalid(
            "gemm",
            format!(
                "no dispatch for ranks A {ra}, B {rb}, C {rc}: CuTe's are (V)x(V)=>(V), \
                 (M)x(N)=>(M,N), (M,K)x(N,K)=>(M,N), (V,M)x(V,N)=>(V,M,N), \
                 (V,M,K)x(V,N,K)=>(V,M,N)"
            ),
        ));
    };
    // The size of operand `x`'s slot (1 where the form has no such mode).
    let size = |x: usize, slot: usize| match form.modes[x][slot] {
        None => Ok(1),
        Some(mode) => match x {
            0 => mode_size(a, mode),
            1 => mode_size(b, mode),
            _ => mode_size(&*c, mode),
        },
    };
    // A side of a condition as CuTe writes it: `size(A)` in the all-vector form,
    // `size<1>(A)` otherwise.
    let side = |x: usize, mode: usize| {
        let name = ["A", "B", "C"][x];
        if ranks == [1, 1, 1] {
            format!("size({name})")
        } else {
            format!("size<{mode}>({name})")
        }
    };
    for (name, (x, i), (y, j)) in cute_static::GEMM_CONDITIONS {
        if let (Some(mx), Some(my)) = (form.modes[x][i], form.modes[y][j]) {
            let cond = format!("{} == {} ({name})", side(x, mx), side(y, my));
            agree(&cond, size(x, i)?, size(y, j)?, form.name)?;
        }
    }
    // (V, M, N, K): C's V, M and N, A's K.
    let (v, m, n, k) = (size(2, 0)?, size(2, 1)?, size(2, 2)?, size(0, 2)?);
    let (pa, pb, pc) = (a.positions()?, b.positions()?, c.positions()?);
    let data = c.data_mut();
    // The indices below are below the sizes (the modes agree), and the positions lie in the
    // data (`positions` checked them).
    // Index of (x, y, z) in a tensor of (canonical) mode sizes (v, y_size, _): column-major.
    let at = |x: usize, y: usize, y_size: usize, z: usize| x + v * (y + y_size * z);
    for kk in 0..k {
        for nn in 0..n {
            for mm in 0..m {
                for vv in 0..v {
                    let (ia, ib, ic) = (at(vv, mm, m, kk), at(vv, nn, n, kk), at(vv, mm, m, nn));
                    let (xa, xb) = (a.data()[pa[ia]], b.data()[pb[ib]]);
                    data[pc[ic]] = xa * xb + data[pc[ic]];
                }
            }
        }
    }
    Ok(())
}
