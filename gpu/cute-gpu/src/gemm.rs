//! CuTe's SIMT MMA (`UniversalFMA`) and the algorithms around it (`algorithm/gemm.hpp`,
//! `axpby.hpp`, `clear.hpp`), on device tensors.

use crate::arch::trap;
use crate::check::fits;
use crate::elem::Elem;
use crate::memory::{Memory, outside, registers_read};
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
            let [x] = unsafe { a.engine().read::<1>(oa, a.layout().offset((mm, kk))) };
            for nn in 0..n {
                // SAFETY: (nn, kk) is a coordinate of B's domain, in its memory.
                let [y] = unsafe { b.engine().read::<1>(ob, b.layout().offset((nn, kk))) };
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
            ra[mm as usize] =
                unsafe { a.engine().read::<1>(oa, a.layout().offset((0, mm, kk))) }[0];
        }
        for nn in 0..n.min(MAX_MN as i32) {
            // SAFETY: (0, nn, kk) is a coordinate of B's domain, in its memory.
            rb[nn as usize] =
                unsafe { b.engine().read::<1>(ob, b.layout().offset((0, nn, kk))) }[0];
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

/// An element the epilogue scales: `float`, or `half_t` as its bits (`u16`, the convention of
/// this crate), computed in `float` and rounded to nearest on the way back.
pub trait Real: Elem {
    /// The value as a `float`.
    fn to_f32(self) -> f32;
    /// The `float` `v` as this type.
    fn from_f32(v: f32) -> Self;
}

impl Real for f32 {
    #[inline(always)]
    fn to_f32(self) -> f32 {
        self
    }
    #[inline(always)]
    fn from_f32(v: f32) -> Self {
        v
    }
}

/// `half_t`'s bits.
impl Real for u16 {
    #[inline(always)]
    fn to_f32(self) -> f32 {
        let v: f32;
        // SAFETY: a register conversion, no memory.
        unsafe {
            core::arch::asm!("cvt.f32.f16 {v}, {h};", v = out(reg32) v, h = in(reg16) self, options(pure, nomem, nostack, preserves_flags));
        }
        v
    }
    #[inline(always)]
    fn from_f32(v: f32) -> Self {
        let h: u16;
        // SAFETY: a register conversion, no memory.
        unsafe {
            core::arch::asm!("cvt.rn.f16.f32 {h}, {v};", h = out(reg16) h, v = in(reg32) v, options(pure, nomem, nostack, preserves_flags));
        }
        h
    }
}

/// `bfloat16_t`: the upper 16 bits of a `float`, rounded to nearest (even) on the way back.
impl Real for crate::bfloat16_t {
    #[inline(always)]
    fn to_f32(self) -> f32 {
        f32::from_bits(u32::from(self.0) << 16)
    }
    #[inline(always)]
    fn from_f32(v: f32) -> Self {
        let h: u16;
        // SAFETY: a register conversion, no memory.
        unsafe {
            core::arch::asm!("cvt.rn.bf16.f32 {h}, {v};", h = out(reg16) h, v = in(reg32) v, options(pure, nomem, nostack, preserves_flags));
        }
        crate::bfloat16_t(h)
    }
}

/// Calls `f(i)` for every `i` in `0..n`. For `n <= 256` the calls are written out, each behind
/// its `i < n`, so that every index is a constant once `n` is: a register fragment indexed by
/// them stays in registers (a loop over it that LLVM does not unroll puts the whole array in
/// local memory). Past 256, a loop.
#[inline(always)]
fn for_each_index(n: i32, mut f: impl FnMut(i32)) {
    if n > 256 {
        for i in 0..n {
            f(i)
        }
        return;
    }
    macro_rules! at {
        ($($i:literal)*) => {
            $(
                if $i < n {
                    f($i)
                }
            )*
        };
    }
    at!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131 132 133 134 135 136 137 138 139 140 141 142 143 144 145 146 147 148 149 150 151 152 153 154 155 156 157 158 159 160 161 162 163 164 165 166 167 168 169 170 171 172 173 174 175 176 177 178 179 180 181 182 183 184 185 186 187 188 189 190 191 192 193 194 195 196 197 198 199 200 201 202 203 204 205 206 207 208 209 210 211 212 213 214 215 216 217 218 219 220 221 222 223 224 225 226 227 228 229 230 231 232 233 234 235 236 237 238 239 240 241 242 243 244 245 246 247 248 249 250 251 252 253 254 255);
}

/// CuTe's `axpby(alpha, X, beta, Y)`: `Y(i) = alpha * X(i) + beta * Y(i)` for every index,
/// `X` a register fragment and `Y` in memory (CuTe's epilogue), computed in `float` ([`Real`]);
/// their element types may differ (`float` accumulators into a `half_t` C).
/// With `beta == 0`, `Y` is only written, not read (as CuTe's: a NaN or an uninitialized `Y` does
/// not leak into the result).
///
/// ```ignore
/// axpby(alpha, &t_c_r_c, beta, &mut t_c_g_c);
/// ```
#[inline(always)]
pub fn axpby<T, U, Y, LX, LY, OX, OY, const N: usize>(
    alpha: f32,
    x: &Tensor<[T; N], LX, OX>,
    beta: f32,
    y: &mut Tensor<Y, LY, OY>,
) where
    T: Real,
    U: Real,
    Y: Memory<U>,
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
    for_each_index(n, |i| {
        let [xi] = registers_read::<T, 1>(&x.engine()[..], ox + x.layout().offset(i));
        let at = y.layout().offset(i);
        // SAFETY: `i` is an index of Y's domain, in its memory (checked above).
        unsafe {
            let v = if beta == 0.0 {
                alpha * xi.to_f32()
            } else {
                alpha * xi.to_f32() + beta * y.engine().read::<1>(oy, at)[0].to_f32()
            };
            y.engine_mut().write::<1>(oy, at, [U::from_f32(v)]);
        }
    });
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
