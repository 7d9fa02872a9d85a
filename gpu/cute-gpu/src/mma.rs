//! CuTe's tensor-core MMA atoms (`arch/mma_sm80.hpp`, `arch/mma_sm90_gmma.hpp`) and
//! `gemm(tiled_mma, A, B, C)` over a thread's register fragments (`algorithm/gemm.hpp`): each
//! SM80 atom is one `mma.sync` on the values cute-static's `MMA_Traits` layouts give this
//! thread; each SM90 GMMA atom one `wgmma.mma_async` of a warpgroup.

use crate::arch::Accumulator;
use crate::arch::trap;
use crate::elem::Elem;
use crate::gmma::GmmaDescriptor;
use cute_static::mma_atoms::{
    SM80_16x8x8_F16F16F16F16_TN, SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x16_F32F16F16F32_TN,
    SM90_64x64x16_F16F16F16_SS, SM90_64x256x16_F32F16F16_SS,
};
use cute_static::{IntTuple, IsLayout, IsTiledMma, MmaTraits, Tensor, TensorLayout};

/// An MMA atom as the device runs it, CuTe's `MMA_Atom::call`: `D = A * B + C` on one
/// thread's values of the atom's `(thread, value)` layouts (mode 0 of the partitioned
/// fragments, in the atom's value order). Every thread of the atom's warp calls it together.
pub trait DeviceMma: MmaTraits {
    /// `ValTypeA`, as its bits (`half_t` is `u16`).
    type A: Elem;
    /// `ValTypeB`.
    type B: Elem;
    /// `ValTypeC` (and `ValTypeD`).
    type C: Elem;
    /// A thread's values of A, B and C: `size<1>` of `ALayout`, `BLayout`, `CLayout`.
    const VALUES: (usize, usize, usize);
    /// `D = A * B + C`, `d` holding C on entry.
    fn call(a: &[Self::A], b: &[Self::B], d: &mut [Self::C]);
}

/// Two 16-bit values in one 32-bit register, the first in the low half (the order `mma.sync`
/// reads a `.f16x2` operand in).
#[inline(always)]
fn pack(lo: u16, hi: u16) -> u32 {
    u32::from(lo) | (u32::from(hi) << 16)
}

/// CuTe's `SM80_16x8x16_F32F16F16F32_TN`: `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`,
/// a warp's 16x8 tile of `float` accumulators plus a 16x16 by 16x8 product of `half_t`; each
/// thread holds 8 values of A, 4 of B and 4 of C.
impl DeviceMma for SM80_16x8x16_F32F16F16F32_TN {
    type A = u16;
    type B = u16;
    type C = f32;
    const VALUES: (usize, usize, usize) = (8, 4, 4);

    #[inline(always)]
    fn call(a: &[u16], b: &[u16], d: &mut [f32]) {
        let ([a0, a1, a2, a3, a4, a5, a6, a7], [b0, b1, b2, b3], [d0, d1, d2, d3]) = (a, b, d)
        else {
            trap()
        };
        let (ra, rb) = (
            [
                pack(*a0, *a1),
                pack(*a2, *a3),
                pack(*a4, *a5),
                pack(*a6, *a7),
            ],
            [pack(*b0, *b1), pack(*b2, *b3)],
        );
        // SAFETY: `mma.sync` reads and writes this thread's registers only. Every thread of the
        // warp must execute it together (`.aligned`); one that a warp reaches divergently has an
        // undefined result (PTX ISA), wrong values or a hang, never a memory access.
        unsafe {
            core::arch::asm!(
                "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 \
                 {{{d0}, {d1}, {d2}, {d3}}}, {{{a0}, {a1}, {a2}, {a3}}}, {{{b0}, {b1}}}, \
                 {{{d0}, {d1}, {d2}, {d3}}};",
                d0 = inout(reg32) *d0,
                d1 = inout(reg32) *d1,
                d2 = inout(reg32) *d2,
                d3 = inout(reg32) *d3,
                a0 = in(reg32) ra[0],
                a1 = in(reg32) ra[1],
                a2 = in(reg32) ra[2],
                a3 = in(reg32) ra[3],
                b0 = in(reg32) rb[0],
                b1 = in(reg32) rb[1],
                options(pure, nomem, nostack),
            );
        }
    }
}

/// `mma.sync.aligned.m16n8k{k}.row.col.f16.f16.f16.f16` on packed registers: `d` (two `.f16x2`
/// registers) `+= a * b`.
macro_rules! mma_f16 {
    ($k:literal, $d:expr, [$($a:ident),+], [$($b:ident),+]) => {
        // SAFETY: as for the `f32` atom: `mma.sync` reads and writes this thread's registers
        // only; reached divergently by a warp, its result is undefined, never a memory access.
        unsafe {
            core::arch::asm!(
                concat!("mma.sync.aligned.m16n8k", $k, ".row.col.f16.f16.f16.f16 {{{d0}, {d1}}}, {{",
                    crate::arch::operand_list!($($a),+), "}}, {{", crate::arch::operand_list!($($b),+), "}}, {{{d0}, {d1}}};"),
                d0 = inout(reg32) $d[0],
                d1 = inout(reg32) $d[1],
                $($a = in(reg32) $a,)+
                $($b = in(reg32) $b,)+
                options(pure, nomem, nostack),
            );
        }
    };
}

/// CuTe's `SM80_16x8x8_F16F16F16F16_TN`: `mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16`, a
/// warp's 16x8 tile of `half_t` accumulators plus a 16x8 by 8x8 product; each thread holds 4
/// values of A, 2 of B and 4 of C.
impl DeviceMma for SM80_16x8x8_F16F16F16F16_TN {
    type A = u16;
    type B = u16;
    type C = u16;
    const VALUES: (usize, usize, usize) = (4, 2, 4);

    #[inline(always)]
    fn call(a: &[u16], b: &[u16], d: &mut [u16]) {
        let ([x0, x1, x2, x3], [y0, y1], [c0, c1, c2, c3]) = (a, b, &mut *d) else {
            trap()
        };
        let (a0, a1, b0) = (pack(*x0, *x1), pack(*x2, *x3), pack(*y0, *y1));
        let mut r = [pack(*c0, *c1), pack(*c2, *c3)];
        mma_f16!("8", r, [a0, a1], [b0]);
        unpack_into(d, r);
    }
}

/// CuTe's `SM80_16x8x16_F16F16F16F16_TN`: `mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16`;
/// each thread holds 8 values of A, 4 of B and 4 of C.
impl DeviceMma for SM80_16x8x16_F16F16F16F16_TN {
    type A = u16;
    type B = u16;
    type C = u16;
    const VALUES: (usize, usize, usize) = (8, 4, 4);

    #[inline(always)]
    fn call(a: &[u16], b: &[u16], d: &mut [u16]) {
        let ([x0, x1, x2, x3, x4, x5, x6, x7], [y0, y1, y2, y3], [c0, c1, c2, c3]) =
            (a, b, &mut *d)
        else {
            trap()
        };
        let (a0, a1, a2, a3) = (
            pack(*x0, *x1),
            pack(*x2, *x3),
            pack(*x4, *x5),
            pack(*x6, *x7),
        );
        let (b0, b1) = (pack(*y0, *y1), pack(*y2, *y3));
        let mut r = [pack(*c0, *c1), pack(*c2, *c3)];
        mma_f16!("16", r, [a0, a1, a2, a3], [b0, b1]);
        unpack_into(d, r);
    }
}

/// The four 16-bit values of two packed registers, low half first.
#[inline(always)]
fn unpack_into(d: &mut [u16], r: [u32; 2]) {
    if let [d0, d1, d2, d3] = d {
        (*d0, *d1, *d2, *d3) = (
            r[0] as u16,
            (r[0] >> 16) as u16,
            r[1] as u16,
            (r[1] >> 16) as u16,
        );
    } else {
        trap()
    }
}

/// The most values of one operand an atom takes per thread.
const MAX_VALUES: usize = 16;

/// CuTe's `gemm(tiled_mma, A, B, C)` for a tensor-core atom ([`DeviceMma`]): the thread's
/// register fragments (arrays, or views of them as `&[T]`/`&mut [T]`) `(MMA, MMA_M, MMA_K)` of A, `(MMA, MMA_N, MMA_K)` of B (its
/// `partition_fragment_A/B`, or fragments copied from its `partition_A/B`) and its accumulators
/// `(MMA, MMA_M, MMA_N)`; for each k, each `(m, n)` runs the atom on `A(_,m,k)`, `B(_,n,k)`
/// and `C(_,m,n)`. Mode 0 of each must be the atom's values; other shapes trap. Every thread of
/// the warp calls it with fragments of the same shape.
///
/// ```ignore
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((_1,_1,_1):(_0,_0,_0)), tile!((_, _, _)));
/// gemm_mma(mma, &t_c_r_a, &t_c_r_b, &mut t_c_r_c);
/// ```
#[inline(always)]
// Indexed loops over the atom's constant value counts unroll into registers; an iterator over
// the write-back left a loop over local memory in the PTX.
#[allow(clippy::needless_range_loop)]
pub fn gemm_mma<TM, EA, EB, EC, LA, LB, LC, OA, OB, OC>(
    _tiled_mma: TM,
    a: &Tensor<EA, LA, OA>,
    b: &Tensor<EB, LB, OB>,
    c: &mut Tensor<EC, LC, OC>,
) where
    TM: IsTiledMma,
    TM::Atom: DeviceMma,
    EA: AsRef<[<TM::Atom as DeviceMma>::A]>,
    EB: AsRef<[<TM::Atom as DeviceMma>::B]>,
    EC: AsRef<[<TM::Atom as DeviceMma>::C]> + AsMut<[<TM::Atom as DeviceMma>::C]>,
    LA: TensorLayout + IsLayout,
    LB: TensorLayout + IsLayout,
    LC: TensorLayout + IsLayout,
    OA: IntTuple,
    OB: IntTuple,
    OC: IntTuple,
{
    let (va, vb, vc) = <TM::Atom as DeviceMma>::VALUES;
    // Linear indices address every rank alike: A `(V,M[,K])` at `v + V*(m + M*k)`, B
    // `(V,N[,K])`, C `(V,M,N)` (a rank-2 A and B is one k-block, CuTe's `tCrA(_,_,k_block)`).
    let (sa, sb, sc) = (*a.layout(), *b.layout(), *c.layout());
    let (m, n) = (sa.size_mode::<1>(), sb.size_mode::<1>());
    let k = sa.size() / (va as i32 * m).max(1);
    if sa.size_mode::<0>() != va as i32
        || sb.size_mode::<0>() != vb as i32
        || sc.size_mode::<0>() != vc as i32
        || va.max(vb).max(vc) > MAX_VALUES
        || sa.size() != va as i32 * m * k
        || sb.size() != vb as i32 * n * k
        || sc.size() != vc as i32 * m * n
        || sc.size_mode::<1>() != m
    {
        trap()
    }
    let (oa, ob, oc) = (a.offset(), b.offset(), c.offset());
    let value = |o: i32, at: i32| usize::try_from(o + at).unwrap_or(usize::MAX);
    let (va_, vb_, vc_) = (va as i32, vb as i32, vc as i32);
    for kk in 0..k {
        for mm in 0..m {
            for nn in 0..n {
                let mut ra = [<TM::Atom as DeviceMma>::A::default(); MAX_VALUES];
                let mut rb = [<TM::Atom as DeviceMma>::B::default(); MAX_VALUES];
                let mut rc = [<TM::Atom as DeviceMma>::C::default(); MAX_VALUES];
                for v in 0..va {
                    let i = v as i32 + va_ * (mm + m * kk);
                    match a.engine().as_ref().get(value(oa, sa.offset(i))) {
                        Some(x) => ra[v] = *x,
                        None => trap(),
                    }
                }
                for v in 0..vb {
                    let i = v as i32 + vb_ * (nn + n * kk);
                    match b.engine().as_ref().get(value(ob, sb.offset(i))) {
                        Some(x) => rb[v] = *x,
                        None => trap(),
                    }
                }
                for v in 0..vc {
                    let i = v as i32 + vc_ * (mm + m * nn);
                    match c.engine().as_ref().get(value(oc, sc.offset(i))) {
                        Some(x) => rc[v] = *x,
                        None => trap(),
                    }
                }
                <TM::Atom as DeviceMma>::call(&ra[..va], &rb[..vb], &mut rc[..vc]);
                for v in 0..vc {
                    let at = value(oc, c.layout().offset(v as i32 + vc_ * (mm + m * nn)));
                    match c.engine_mut().as_mut().get_mut(at) {
                        Some(acc) => *acc = rc[v],
                        None => trap(),
                    }
                }
            }
        }
    }
}

/// An SM90 GMMA atom as the device runs it, both operands in shared memory (CuTe's `_SS`
/// atoms): one `wgmma.mma_async` of the warpgroup, `D = A * B + D` (`+ 0 * D` when `scale_d`
/// is false), A and B read through their descriptors ([`GmmaDescriptor`], made by
/// [`make_gmma_desc!`](crate::make_gmma_desc)), `MAJOR_*_MN` whether each is MN-major (`tnspA`,
/// `tnspB`). The accumulators are this thread's 32-bit registers in the atom's `CLayout`
/// value order, two 16-bit values a register for `half_t` accumulators (the first in the low
/// half). Issue it between [`arch::warpgroup_arrive`](crate::arch::warpgroup_arrive) and
/// [`arch::warpgroup_commit_batch`](crate::arch::warpgroup_commit_batch); the registers hold
/// the result after [`arch::warpgroup_wait`](crate::arch::warpgroup_wait).
pub trait DeviceGmma: MmaTraits {
    /// An accumulator register: `u32` (two `half_t`) or `f32`.
    type Acc: Accumulator + Default;
    /// The accumulator registers a thread holds.
    const REGS: usize;
    /// The `wgmma.mma_async` on `d` (`REGS` registers; another length traps).
    fn call<const MAJOR_A_MN: bool, const MAJOR_B_MN: bool>(
        desc_a: GmmaDescriptor,
        desc_b: GmmaDescriptor,
        d: &mut [Self::Acc],
        scale_d: bool,
    );
}

/// `wgmma.mma_async.sync.aligned.{shape}.{types}` on the accumulator array `d` (its elements
/// named by the literal indices, in order), the descriptors, `scale-d` from a register and the
/// transposes as immediates.
macro_rules! wgmma {
    ($shape:literal, $types:literal, $d:ident, $da:expr, $db:expr, $scale:expr, $ta:expr, $tb:expr, [$($i:literal)*]) => {
        // SAFETY: `wgmma.mma_async` reads the shared memory its descriptors name, which the
        // caller's descriptors place in the block's shared memory (made from a layout checked
        // by `make_gmma_desc!` and a carved shared tensor), and writes this thread's registers.
        // Every thread of the warpgroup must execute it together (`.aligned`); the registers
        // are read only after `warpgroup_wait` (the caller's protocol, CuTe's).
        unsafe {
            core::arch::asm!(
                "{{",
                ".reg .pred p;",
                "setp.ne.b32 p, {scale_d}, 0;",
                concat!("wgmma.mma_async.sync.aligned.", $shape, ".", $types, " {{",
                    crate::arch::operand_list!($($i),*), "}}, {da}, {db}, p, 1, 1, {ta}, {tb};"),
                "}}",
                $(inout(reg32) $d[$i],)*
                da = in(reg64) $da,
                db = in(reg64) $db,
                scale_d = in(reg32) $scale,
                ta = const $ta,
                tb = const $tb,
                options(nostack),
            );
        }
    };
}

/// CuTe's `SM90_64x64x16_F16F16F16_SS`: `wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16`,
/// the warpgroup's 64x64 tile of `half_t` accumulators plus a 64x16 by 16x64 product; each
/// thread holds 32 values of C in 16 registers.
impl DeviceGmma for SM90_64x64x16_F16F16F16_SS {
    type Acc = u32;
    const REGS: usize = 16;

    #[inline(always)]
    fn call<const MAJOR_A_MN: bool, const MAJOR_B_MN: bool>(
        desc_a: GmmaDescriptor,
        desc_b: GmmaDescriptor,
        d: &mut [u32],
        scale_d: bool,
    ) {
        let Ok(d) = <&mut [u32; 16]>::try_from(d) else {
            trap()
        };
        wgmma!("m64n64k16", "f16.f16.f16", d, desc_a.0, desc_b.0, u32::from(scale_d),
            MAJOR_A_MN as u32, MAJOR_B_MN as u32, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15]);
    }
}

/// CuTe's `SM90_64x256x16_F32F16F16_SS`: `wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16`,
/// the warpgroup's 64x256 tile of `float` accumulators plus a 64x16 by 16x256 product; each
/// thread holds 128 values of C.
impl DeviceGmma for SM90_64x256x16_F32F16F16_SS {
    type Acc = f32;
    const REGS: usize = 128;

    #[inline(always)]
    fn call<const MAJOR_A_MN: bool, const MAJOR_B_MN: bool>(
        desc_a: GmmaDescriptor,
        desc_b: GmmaDescriptor,
        d: &mut [f32],
        scale_d: bool,
    ) {
        let Ok(d) = <&mut [f32; 128]>::try_from(d) else {
            trap()
        };
        wgmma!("m64n256k16", "f32.f16.f16", d, desc_a.0, desc_b.0, u32::from(scale_d),
            MAJOR_A_MN as u32, MAJOR_B_MN as u32, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127]);
    }
}
