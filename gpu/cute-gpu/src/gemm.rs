//! CuTe's SIMT MMA (`UniversalFMA`) and the algorithms around it (`algorithm/gemm.hpp`,
//! `axpby.hpp`, `clear.hpp`), on device tensors.

use crate::arch::trap;
use crate::check::fits;
use crate::memory::{Memory, outside};
use cute_static::{IntTuple, IsLayout, IsTiledMma, Tensor, TensorLayout, get};

/// The most rows or columns of a thread's accumulators `gemm_with` takes (`MMA_M`, `MMA_N`).
const MAX_MN: usize = 32;

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
        || outside(a)
        || outside(b)
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

/// CuTe's `gemm(tiled_mma, A, B, C)` with `UniversalFMA` atoms: the thread's partitions
/// `(MMA, MMA_M, MMA_K)` of A and `(MMA, MMA_N, MMA_K)` of B (`ThrMMA::partition_A/B`) and its
/// accumulators `(MMA, MMA_M, MMA_N)` (`partition_fragment_C`), `C(0,m,n) += A(0,m,k) * B(0,n,k)`,
/// k outermost. A `UniversalFMA` atom has one value per mode-0 (`MMA` = 1); other sizes trap.
///
/// ```ignore
/// gemm_with(mma, &t_c_s_a, &t_c_s_b, &mut t_c_r_c);
/// ```
#[inline(always)]
pub fn gemm_with<TM, A, B, LA, LB, LC, OA, OB, OC, const N: usize>(
    _tiled_mma: TM,
    a: &Tensor<A, LA, OA>,
    b: &Tensor<B, LB, OB>,
    c: &mut Tensor<[f32; N], LC, OC>,
) where
    TM: IsTiledMma,
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
        get::<1, _>(*a.layout()).size(),
        get::<2, _>(*a.layout()).size(),
    );
    let n = get::<1, _>(*b.layout()).size();
    if get::<0, _>(*a.layout()).size() != 1
        || get::<0, _>(*b.layout()).size() != 1
        || get::<0, _>(*c.layout()).size() != 1
        || get::<2, _>(*b.layout()).size() != k
        || get::<1, _>(*c.layout()).size() != m
        || get::<2, _>(*c.layout()).size() != n
        || outside(a)
        || outside(b)
        || fits(c.layout(), c.offset(), N as u64).is_err()
    {
        trap()
    }
    let (oa, ob, oc) = (a.offset(), b.offset(), c.offset());
    for kk in 0..k {
        // CuTe's order: the k-slices of A and B into registers, then the outer product along
        // its "kinked serpentine" (m by pairs, n back and forth), which reuses each operand
        // register for two FMAs in a row.
        let mut ra = [0f32; MAX_MN];
        let mut rb = [0f32; MAX_MN];
        for mm in 0..m.min(MAX_MN as i32) {
            // SAFETY: (0, mm, kk) is a coordinate of A's domain, in its memory (checked above).
            ra[mm as usize] = unsafe {
                a.engine()
                    .read::<1>(oa.wrapping_add(a.layout().offset((0, mm, kk))))
            }[0];
        }
        for nn in 0..n.min(MAX_MN as i32) {
            // SAFETY: (0, nn, kk) is a coordinate of B's domain, in its memory.
            rb[nn as usize] = unsafe {
                b.engine()
                    .read::<1>(ob.wrapping_add(b.layout().offset((0, nn, kk))))
            }[0];
        }
        let mut mm = 0;
        while mm < m {
            for nn in 0..n {
                let ns = if mm & 2 != 0 { n - 1 - nn } else { nn };
                for dm in 0..2.min(m - mm) {
                    let at = (oc + c.layout().offset((0, mm + dm, ns))) as usize;
                    let (x, y) = (ra[(mm + dm) as usize], rb[ns as usize]);
                    match c.engine_mut().get_mut(at) {
                        Some(acc) => *acc = core::f32::math::mul_add(x, y, *acc),
                        None => trap(),
                    }
                }
            }
            mm += 2;
        }
    }
}

/// CuTe's `axpby(alpha, X, beta, Y)`: `Y(i) = alpha * X(i) + beta * Y(i)` for every index,
/// `X` a register fragment and `Y` in memory (CuTe's epilogue). With `beta == 0`, `Y` is only
/// written, not read (as CuTe's: a NaN or an uninitialized `Y` does not leak into the result).
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
    if n != y.layout().size() || fits(x.layout(), x.offset(), N as u64).is_err() || outside(y) {
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
            let v = if beta == 0.0 {
                alpha * xi
            } else {
                alpha * xi + beta * y.engine().read::<1>(at)[0]
            };
            y.engine_mut().write::<1>(at, [v]);
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
