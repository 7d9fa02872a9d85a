//! CuTe's SIMT MMA (`UniversalFMA`) and the algorithms around it (`algorithm/gemm.hpp`,
//! `axpby.hpp`, `clear.hpp`), on device tensors.

use crate::arch::trap;
use crate::check::fits;
use crate::memory::Memory;
use cute_static::{IntTuple, IsLayout, Tensor, TensorLayout, get};

/// CuTe's `gemm(A, B, C)` with `UniversalFMA`: `C(m,n) += A(m,k) * B(n,k)` for the
/// `(M,K)`, `(N,K)` and `(M,N)` tensors, `C` a register fragment; k outermost, as CuTe's
/// loop. `A` and `B` are checked once to lie in their memory.
///
/// ```ignore
/// gemm(&t_c_s_a, &t_c_s_b, &mut t_c_r_c);   // (THR_M,BLK_K) x (THR_N,BLK_K) -> (THR_M,THR_N)
/// ```
#[inline(always)]
pub fn gemm<A, B, LA, LB, LC, OA, OB, OC, const N: usize>(
    a: &Tensor<A, LA, OA>,
    b: &Tensor<B, LB, OB>,
    c: &mut Tensor<[f32; N], LC, OC>,
) where
    A: Memory<f32>,
    B: Memory<f32>,
    LA: TensorLayout + IsLayout,
    LB: TensorLayout + IsLayout,
    LC: TensorLayout + IsLayout,
    OA: IntTuple,
    OB: IntTuple,
    OC: IntTuple,
{
    let (m, k) = (
        get::<0, _>(*a.layout()).size(),
        get::<1, _>(*a.layout()).size(),
    );
    let n = get::<0, _>(*b.layout()).size();
    if get::<1, _>(*b.layout()).size() != k
        || get::<0, _>(*c.layout()).size() != m
        || get::<1, _>(*c.layout()).size() != n
        || fits(a.layout(), a.offset(), a.engine().len()).is_err()
        || fits(b.layout(), b.offset(), b.engine().len()).is_err()
        || fits(c.layout(), c.offset(), N as u64).is_err()
    {
        trap()
    }
    let (oa, ob, oc) = (a.offset(), b.offset(), c.offset());
    for kk in 0..k {
        for mm in 0..m {
            // SAFETY: (mm, kk) is a coordinate of A's domain, in its memory (checked above).
            let [x] = unsafe {
                a.engine()
                    .read::<1>(oa.wrapping_add(a.layout().offset((mm, kk))))
            };
            for nn in 0..n {
                // SAFETY: (nn, kk) is a coordinate of B's domain, in its memory.
                let [y] = unsafe {
                    b.engine()
                        .read::<1>(ob.wrapping_add(b.layout().offset((nn, kk))))
                };
                let at = (oc + c.layout().offset((mm, nn))) as usize;
                match c.engine_mut().get_mut(at) {
                    Some(acc) => *acc = core::f32::math::mul_add(x, y, *acc),
                    None => trap(),
                }
            }
        }
    }
}

/// CuTe's `axpby(alpha, X, beta, Y)`: `Y(i) = alpha * X(i) + beta * Y(i)` for every index,
/// `X` a register fragment and `Y` in memory (CuTe's epilogue). With `beta == 0`, `Y` is only
/// written, as C++'s `beta * Y(i)` would read it: it is read here too, as CuTe does.
///
/// ```ignore
/// axpby(alpha, &t_c_r_c, beta, &mut t_c_g_c);
/// ```
#[inline(always)]
pub fn axpby<Y, LX, LY, OX, OY, const N: usize>(
    alpha: f32,
    x: &Tensor<[f32; N], LX, OX>,
    beta: f32,
    y: &mut Tensor<Y, LY, OY>,
) where
    Y: Memory<f32>,
    LX: TensorLayout,
    LY: TensorLayout,
    OX: IntTuple,
    OY: IntTuple,
{
    let n = x.layout().size();
    if n != y.layout().size()
        || fits(x.layout(), x.offset(), N as u64).is_err()
        || fits(y.layout(), y.offset(), y.engine().len()).is_err()
    {
        trap()
    }
    let (ox, oy) = (x.offset(), y.offset());
    for i in 0..n {
        let Some(&xi) = x.engine().get((ox + x.layout().offset(i)) as usize) else {
            trap()
        };
        let at = oy.wrapping_add(y.layout().offset(i));
        // SAFETY: `i` is an index of Y's domain, in its memory (checked above).
        unsafe {
            let [yi] = y.engine().read::<1>(at);
            y.engine_mut().write::<1>(at, [alpha * xi + beta * yi]);
        }
    }
}

/// CuTe's `clear(tensor)`: every element of a register fragment set to zero.
///
/// ```ignore
/// clear(&mut t_c_r_c);
/// ```
#[inline(always)]
pub fn clear<T: Default + Copy, L: TensorLayout, O: IntTuple, const N: usize>(
    t: &mut Tensor<[T; N], L, O>,
) {
    *t.engine_mut() = [T::default(); N];
}
