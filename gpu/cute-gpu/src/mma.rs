//! CuTe's tensor-core MMA atoms (`arch/mma_sm80.hpp`, `arch/mma_sm90_gmma.hpp`) and
//! `gemm(tiled_mma, A, B, C)` over a thread's register fragments (`algorithm/gemm.hpp`): each
//! SM80 atom is one `mma.sync` on the values cute-static's `MMA_Traits` layouts give this
//! thread; each SM90 GMMA atom one `wgmma.mma_async` of a warpgroup.

use crate::arch::Accumulator;
use crate::arch::trap;
use crate::elem::Elem;
use crate::gmma::GmmaDescriptor;
use crate::memory::{registers_read, registers_write};
use cute_static::mma_atoms::{
    SM80_16x8x8_F16F16F16F16_TN, SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x16_F32F16F16F32_TN,
    SM90_64x64x16_F16F16F16_SS, SM90_64x256x16_F32BF16BF16_SS, SM90_64x256x16_F32F16F16_SS,
};
use cute_static::{IntTuple, IsLayout, IsTiledMma, MmaTraits, Tensor, TensorLayout};

/// An MMA atom as the device runs it, CuTe's `MMA_Atom::call`: `D = A * B + C` on one
/// thread's values of the atom's `(thread, value)` layouts (mode 0 of the partitioned
/// fragments, in the atom's value order), held in the atom's 32-bit registers (CuTe's
/// `ARegisters`, `BRegisters`, `CRegisters`): each register holds `32 / BITS` values, the first
/// in the low bits (two `half_t` a register, one `float`). Every thread of the atom's warp calls
/// it together.
pub trait DeviceMma: MmaTraits {
    /// `ValTypeA`, as its bits (`half_t` is `u16`).
    type A: Elem;
    /// `ValTypeB`.
    type B: Elem;
    /// `ValTypeC` (and `ValTypeD`).
    type C: Elem;
    /// A thread's values of A, B and C: `size<1>` of `ALayout`, `BLayout`, `CLayout`.
    const VALUES: (usize, usize, usize);
    /// `D = A * B + C` on the registers, `d` holding C on entry.
    fn call(a: &[u32], b: &[u32], d: &mut [u32]);
}

/// CuTe's `SM80_16x8x16_F32F16F16F32_TN`: `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`,
/// a warp's 16x8 tile of `float` accumulators plus a 16x16 by 16x8 product of `half_t`; each
/// thread holds 8 values of A (4 registers), 4 of B (2) and 4 of C (4).
impl DeviceMma for SM80_16x8x16_F32F16F16F32_TN {
    type A = u16;
    type B = u16;
    type C = f32;
    const VALUES: (usize, usize, usize) = (8, 4, 4);

    #[inline(always)]
    fn call(a: &[u32], b: &[u32], d: &mut [u32]) {
        let ([a0, a1, a2, a3], [b0, b1], [d0, d1, d2, d3]) = (a, b, d) else {
            trap()
        };
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
                a0 = in(reg32) *a0,
                a1 = in(reg32) *a1,
                a2 = in(reg32) *a2,
                a3 = in(reg32) *a3,
                b0 = in(reg32) *b0,
                b1 = in(reg32) *b1,
                options(pure, nomem, nostack),
            );
        }
    }
}

/// `mma.sync.aligned.m16n8k{k}.row.col.f16.f16.f16.f16` on packed registers: `d` (two `.f16x2`
/// registers) `+= a * b`.
macro_rules! mma_f16 {
    ($k:literal, $d0:expr, $d1:expr, [$($a:ident),+], [$($b:ident),+]) => {
        // SAFETY: as for the `f32` atom: `mma.sync` reads and writes this thread's registers
        // only; reached divergently by a warp, its result is undefined, never a memory access.
        unsafe {
            core::arch::asm!(
                concat!("mma.sync.aligned.m16n8k", $k, ".row.col.f16.f16.f16.f16 {{{d0}, {d1}}}, {{",
                    crate::arch::operand_list!($($a),+), "}}, {{", crate::arch::operand_list!($($b),+), "}}, {{{d0}, {d1}}};"),
                d0 = inout(reg32) $d0,
                d1 = inout(reg32) $d1,
                $($a = in(reg32) *$a,)+
                $($b = in(reg32) *$b,)+
                options(pure, nomem, nostack),
            );
        }
    };
}

/// CuTe's `SM80_16x8x8_F16F16F16F16_TN`: `mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16`, a
/// warp's 16x8 tile of `half_t` accumulators plus a 16x8 by 8x8 product; each thread holds 4
/// values of A (2 registers), 2 of B (1) and 4 of C (2).
impl DeviceMma for SM80_16x8x8_F16F16F16F16_TN {
    type A = u16;
    type B = u16;
    type C = u16;
    const VALUES: (usize, usize, usize) = (4, 2, 4);

    #[inline(always)]
    fn call(a: &[u32], b: &[u32], d: &mut [u32]) {
        let ([a0, a1], [b0], [d0, d1]) = (a, b, d) else {
            trap()
        };
        mma_f16!("8", *d0, *d1, [a0, a1], [b0]);
    }
}

/// CuTe's `SM80_16x8x16_F16F16F16F16_TN`: `mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16`;
/// each thread holds 8 values of A (4 registers), 4 of B (2) and 4 of C (2).
impl DeviceMma for SM80_16x8x16_F16F16F16F16_TN {
    type A = u16;
    type B = u16;
    type C = u16;
    const VALUES: (usize, usize, usize) = (8, 4, 4);

    #[inline(always)]
    fn call(a: &[u32], b: &[u32], d: &mut [u32]) {
        let ([a0, a1, a2, a3], [b0, b1], [d0, d1]) = (a, b, d) else {
            trap()
        };
        mma_f16!("16", *d0, *d1, [a0, a1, a2, a3], [b0, b1]);
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
    let (va_, vb_, vc_) = (va as i32, vb as i32, vc as i32);
    for kk in 0..k {
        for mm in 0..m {
            for nn in 0..n {
                let mut ra = [0u32; MAX_VALUES];
                let mut rb = [0u32; MAX_VALUES];
                let mut rc = [0u32; MAX_VALUES];
                let ra = gather(
                    a.engine().as_ref(),
                    oa,
                    &sa,
                    va_ * (mm + m * kk),
                    va,
                    &mut ra,
                );
                let rb = gather(
                    b.engine().as_ref(),
                    ob,
                    &sb,
                    vb_ * (nn + n * kk),
                    vb,
                    &mut rb,
                );
                let first_c = vc_ * (mm + m * nn);
                let rc = gather(c.engine().as_ref(), oc, &sc, first_c, vc, &mut rc);
                <TM::Atom as DeviceMma>::call(ra, rb, rc);
                scatter(rc, c.engine_mut().as_mut(), oc, &sc, first_c, vc);
            }
        }
    }
}

/// The values per 32-bit register of an atom: 2 of 16 bits, else 1 (32 bits).
const fn per_register<T: Elem>() -> usize {
    if T::BITS == 16 { 2 } else { 1 }
}

/// The bits of values `first..first + n` of a register fragment (`o + layout(i)`) in the atom's
/// 32-bit registers (`out`, of which the used part is returned): CuTe's recast of a fragment
/// to its atom's registers. Two 16-bit values adjacent in the fragment are one 32-bit word of
/// it, so the fragment lives in the registers the atom reads.
#[inline(always)]
fn gather<'a, T: Elem, L: TensorLayout>(
    src: &[T],
    o: i32,
    layout: &L,
    first: i32,
    n: usize,
    out: &'a mut [u32; MAX_VALUES],
) -> &'a mut [u32] {
    let per = per_register::<T>();
    let regs = n / per;
    if regs * per != n || regs > MAX_VALUES || T::BITS * per as u32 != 32 {
        trap()
    }
    // An index loop: the iterator's loop is left rolled.
    #[allow(clippy::needless_range_loop)]
    for r in 0..regs {
        let i = first + (per * r) as i32;
        let (at, next) = (layout.offset(i), layout.offset(i + 1));
        out[r] = match per {
            2 if next == at + 1 => register_of(registers_read::<T, 2>(src, o.wrapping_add(at))),
            2 => register_of([
                registers_read::<T, 1>(src, o.wrapping_add(at))[0],
                registers_read::<T, 1>(src, o.wrapping_add(next))[0],
            ]),
            _ => register_of(registers_read::<T, 1>(src, o.wrapping_add(at))),
        };
    }
    &mut out[..regs]
}

/// The registers of [`gather`] written back to the fragment.
#[inline(always)]
fn scatter<T: Elem, L: TensorLayout>(
    regs: &[u32],
    dst: &mut [T],
    o: i32,
    layout: &L,
    first: i32,
    n: usize,
) {
    let per = per_register::<T>();
    if regs.len() * per != n {
        trap()
    }
    // An index loop: the iterator's loop is left rolled.
    #[allow(clippy::needless_range_loop)]
    for r in 0..n / per {
        let (i, w) = (first + (per * r) as i32, regs[r]);
        let at = layout.offset(i);
        if per == 1 {
            registers_write::<T, 1>(dst, o.wrapping_add(at), values_of(w));
        } else if layout.offset(i + 1) == at + 1 {
            registers_write::<T, 2>(dst, o.wrapping_add(at), values_of(w));
        } else {
            let [lo, hi]: [T; 2] = values_of(w);
            registers_write::<T, 1>(dst, o.wrapping_add(at), [lo]);
            registers_write::<T, 1>(dst, o.wrapping_add(layout.offset(i + 1)), [hi]);
        }
    }
}

/// The 32-bit register of `K` values (`K * BITS` = 32), the first in the low bits.
#[inline(always)]
fn register_of<T: Elem, const K: usize>(v: [T; K]) -> u32 {
    if K * T::BITS as usize != 32 {
        trap() // never: `gather` picks `K` of 32 bits (a constant check)
    }
    // SAFETY: `[T; K]` is 4 bytes (checked above), plain data.
    unsafe { core::mem::transmute_copy(&v) }
}

/// The `K` values of a 32-bit register (`K * BITS` = 32).
#[inline(always)]
fn values_of<T: Elem, const K: usize>(w: u32) -> [T; K] {
    if K * T::BITS as usize != 32 {
        trap() // never: `scatter` picks `K` of 32 bits (a constant check)
    }
    // SAFETY: `[T; K]` is 4 bytes (checked above); every bit pattern of `T` (`Elem`) is a value.
    unsafe { core::mem::transmute_copy(&w) }
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

/// A GMMA atom of both operands in shared memory: its [`DeviceGmma`], one `wgmma.mma_async`
/// of the `shape` and `types` on the thread's `regs` accumulators of type `acc`.
macro_rules! gmma_ss {
    ($(#[$doc:meta])* $atom:ty, $shape:literal, $types:literal, $acc:ty, $regs:literal, [$($i:literal)*]) => {
        $(#[$doc])*
        impl DeviceGmma for $atom {
            type Acc = $acc;
            const REGS: usize = $regs;

            #[inline(always)]
            fn call<const MAJOR_A_MN: bool, const MAJOR_B_MN: bool>(
                desc_a: GmmaDescriptor,
                desc_b: GmmaDescriptor,
                d: &mut [$acc],
                scale_d: bool,
            ) {
                let Ok(d) = <&mut [$acc; $regs]>::try_from(d) else {
                    trap()
                };
                wgmma!($shape, $types, d, desc_a.0, desc_b.0, u32::from(scale_d),
                    MAJOR_A_MN as u32, MAJOR_B_MN as u32, [$($i)*]);
            }
        }
    };
}

gmma_ss!(
    /// CuTe's `SM90_64x64x16_F16F16F16_SS`: `wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16`,
    /// the warpgroup's 64x64 tile of `half_t` accumulators plus a 64x16 by 16x64 product; each
    /// thread holds 32 values of C in 16 registers.
    SM90_64x64x16_F16F16F16_SS, "m64n64k16", "f16.f16.f16", u32, 16, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15]
);

gmma_ss!(
    /// CuTe's `SM90_64x256x16_F32F16F16_SS`: `wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16`,
    /// the warpgroup's 64x256 tile of `float` accumulators plus a 64x16 by 16x256 product; each
    /// thread holds 128 values of C.
    SM90_64x256x16_F32F16F16_SS, "m64n256k16", "f32.f16.f16", f32, 128, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127]
);

gmma_ss!(
    /// CuTe's `SM90_64x256x16_F32BF16BF16_SS`:
    /// `wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16`, the same with `bfloat16_t` A and
    /// B.
    SM90_64x256x16_F32BF16BF16_SS, "m64n256k16", "f32.bf16.bf16", f32, 128, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127]
);
