//! CuTe's copy algorithms (`algorithm/copy.hpp`) on device tensors: `copy(src, dst)` element
//! by element, `copy(tiled_copy, src, dst)` in the vectors of its copy atom (cute-static's
//! `Copy_Atom<UniversalCopy<uint128_t>, float>`: one `ld`/`st` of 128 bits moves 4 floats), and
//! the predicated `copy_if(pred, src, dst)`.
//!
//! Each call checks once that both tensors lie in their memory and that they have the same
//! size; a vectorized copy also checks that each vector is contiguous (a constant where the
//! layouts are static) and aligned. A failed check traps; the host made sure before the launch
//! that none fails.

use crate::arch::trap;
use crate::elem::Elem;
use crate::memory::{Memory, outside};
use crate::tiles::{CopySource, Verified};
use cute_static::{
    ArithmeticTuple, ArithmeticTupleIterator, AutoVectorizingCopyWithAssumedAlignment, CopyTraits,
    Engine, IdentityCall, IsCopyAtom, IsTiledCopy, SM75_U16x2_LDSM_T, SM75_U16x4_LDSM_T,
    SM75_U16x8_LDSM_T, SM75_U32x1_LDSM_N, SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N,
    SM80_CP_ASYNC_CACHEALWAYS, SM90_U16x2_STSM_T, SM90_U16x4_STSM_T, SM90_U16x8_STSM_T,
    SM90_U32x1_STSM_N, SM90_U32x2_STSM_N, SM90_U32x4_STSM_N, Tensor, TensorLayout, UniversalCopy,
    copy_vectorizes, gmma::SizeofBits,
};

/// What the device runs for a copy operation's atom (CuTe's `Copy_Atom::call`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyKind {
    /// `UniversalCopy` and the auto-vectorizing copies: one `ld`/`st` of the atom's source
    /// values, between any two of global memory, shared memory and registers.
    Vector,
    /// `SM75_U32x{N}_LDSM_N`: `ldmatrix.sync.aligned.m8n8.x{N}.shared.b16`, shared memory to
    /// registers: each thread names one 16-byte row of 8 16-bit values and receives `N`
    /// 32-bit registers (`2N` values) of the warp's `N` 8x8 matrices.
    Ldsm(usize),
    /// `SM75_U16x{2N}_LDSM_T`: `ldmatrix...x{N}.trans`, the same with each 8x8 matrix
    /// transposed.
    LdsmT(usize),
    /// `SM90_U32x{N}_STSM_N`: `stmatrix.sync.aligned.m8n8.x{N}.shared.b16`, registers to
    /// shared memory: each thread gives `N` 32-bit registers (`2N` values) of the warp's `N`
    /// 8x8 matrices and names one 16-byte row they are stored to.
    Stsm(usize),
    /// `SM90_U16x{2N}_STSM_T`: `stmatrix...x{N}.trans`, the same with each 8x8 matrix
    /// transposed.
    StsmT(usize),
    /// `SM80_CP_ASYNC_CACHEALWAYS`: `cp.async.ca.shared.global` of the atom's 4, 8 or 16 bytes,
    /// global to shared memory, completed by [`crate::arch::cp_async_fence`] and
    /// [`crate::arch::cp_async_wait`].
    CpAsync,
}

/// A copy operation the device runs: its [`CopyKind`].
pub trait DeviceCopy: CopyTraits {
    /// The instruction.
    const KIND: CopyKind;
}

impl<S: SizeofBits, D: SizeofBits> DeviceCopy for UniversalCopy<S, D> {
    const KIND: CopyKind = CopyKind::Vector;
}

impl<const MAX_VEC_BITS: i32> DeviceCopy for AutoVectorizingCopyWithAssumedAlignment<MAX_VEC_BITS> {
    const KIND: CopyKind = CopyKind::Vector;
}

impl DeviceCopy for SM75_U32x1_LDSM_N {
    const KIND: CopyKind = CopyKind::Ldsm(1);
}

impl DeviceCopy for SM75_U32x2_LDSM_N {
    const KIND: CopyKind = CopyKind::Ldsm(2);
}

impl DeviceCopy for SM75_U32x4_LDSM_N {
    const KIND: CopyKind = CopyKind::Ldsm(4);
}

impl DeviceCopy for SM75_U16x2_LDSM_T {
    const KIND: CopyKind = CopyKind::LdsmT(1);
}

impl DeviceCopy for SM75_U16x4_LDSM_T {
    const KIND: CopyKind = CopyKind::LdsmT(2);
}

impl DeviceCopy for SM75_U16x8_LDSM_T {
    const KIND: CopyKind = CopyKind::LdsmT(4);
}

impl DeviceCopy for SM90_U32x1_STSM_N {
    const KIND: CopyKind = CopyKind::Stsm(1);
}

impl DeviceCopy for SM90_U32x2_STSM_N {
    const KIND: CopyKind = CopyKind::Stsm(2);
}

impl DeviceCopy for SM90_U32x4_STSM_N {
    const KIND: CopyKind = CopyKind::Stsm(4);
}

impl DeviceCopy for SM90_U16x2_STSM_T {
    const KIND: CopyKind = CopyKind::StsmT(1);
}

impl DeviceCopy for SM90_U16x4_STSM_T {
    const KIND: CopyKind = CopyKind::StsmT(2);
}

impl DeviceCopy for SM90_U16x8_STSM_T {
    const KIND: CopyKind = CopyKind::StsmT(4);
}

impl<S: SizeofBits, D: SizeofBits> DeviceCopy for SM80_CP_ASYNC_CACHEALWAYS<S, D> {
    const KIND: CopyKind = CopyKind::CpAsync;
}

/// Both tensors lie in their memory (for the source, unless [`Tiles`](crate::Tiles) verified
/// it) and have the same size, which is returned.
#[inline(always)]
fn checked<S, D, SL, DL, SO, DO, T>(
    src: &Tensor<S, SL, SO>,
    verified: Verified,
    dst: &Tensor<D, DL, DO>,
) -> i32
where
    T: Elem,
    S: Memory<T>,
    D: Memory<T>,
    SL: TensorLayout,
    DL: TensorLayout,
    SO: cute_static::IntTuple,
    DO: cute_static::IntTuple,
{
    let n = src.layout().size();
    if n != dst.layout().size() || (!verified.in_memory && outside(src)) || outside(dst) {
        trap()
    }
    n
}

/// CuTe's `copy(src, dst)`: `dst(i) = src(i)` for every index `i` of the domain, one element
/// at a time, between any two of global memory, shared memory and registers. (A copy from
/// global to shared memory is best staged through a register fragment, as CUDA C++ compilers
/// do on their own: `copy(g, r); copy(r, s)` has every load in flight before the first store.)
///
/// ```ignore
/// copy(&t_a_g_a.slice(coord!((_, _, k_tile))), &mut t_a_r_a);
/// copy(&t_a_r_a, &mut t_a_s_a);
/// ```
#[inline(always)]
pub fn copy<T, S, D, SL, DL, SO, DO>(src: &Tensor<S, SL, SO>, dst: &mut Tensor<D, DL, DO>)
where
    T: Elem,
    S: Memory<T>,
    D: Memory<T>,
    SL: TensorLayout,
    DL: TensorLayout,
    SO: cute_static::IntTuple,
    DO: cute_static::IntTuple,
{
    let n = checked(src, Verified::NOTHING, dst);
    let (so, dof) = (src.offset(), dst.offset());
    for i in 0..n {
        let (s, d) = (src.layout().offset(i), dst.layout().offset(i));
        // SAFETY: `i` is an index of both domains, whose offsets lie in their memory
        // (`checked`); one element is always aligned.
        unsafe {
            let v = src.engine().read::<1>(so, s);
            dst.engine_mut().write::<1>(dof, d, v);
        }
    }
}

/// The elements `copy_if` moves between a batch of loads and their stores: every load of a
/// batch is in flight before its first store (each element's predicate is a branch, across
/// which loads do not move on their own).
const BATCH: i32 = 8;

/// CuTe's `copy(tiled_copy, src, dst)`: the elements in vectors of the copy atom's values (its
/// `NumValSrc`: 4 floats for `Copy_Atom<UniversalCopy<uint128_t>, float>`, one `ld`/`st` of 128
/// bits each), vector `v` the indices `v*K .. v*K + K` (the first mode of a TiledCopy
/// partition, `CPY`, holds them). Traps if a vector is not contiguous in both tensors or not
/// aligned to its size.
///
/// ```ignore
/// copy_with(tiled_copy, &thr_tile_s, &mut fragment);
/// ```
#[inline(always)]
pub fn copy_with<TC, T, Src, D, DL, DO>(_tiled_copy: TC, src: &Src, dst: &mut Tensor<D, DL, DO>)
where
    TC: IsTiledCopy,
    <TC::Atom as IsCopyAtom>::Op: DeviceCopy,
    T: Elem,
    Src: CopySource<T>,
    D: Memory<T>,
    DL: TensorLayout,
    DO: cute_static::IntTuple,
{
    const {
        assert!(
            <<TC::Atom as IsCopyAtom>::ValType as SizeofBits>::BITS == T::BITS as i32,
            "copy_with: the copy atom's value type and the tensors' element type differ in size"
        )
    };
    // CuTe's `Copy_Traits` check, while compiling where a layout is static: the values each
    // instruction takes are consecutive (a vector, a 16-byte `ldmatrix`/`stmatrix` row).
    const {
        let k = <TC::Atom as IsCopyAtom>::NUM_VAL_SRC;
        match <<TC::Atom as IsCopyAtom>::Op as DeviceCopy>::KIND {
            CopyKind::Vector | CopyKind::CpAsync => {
                copy_vectorizes::<Src::Layout>(k, "src");
                copy_vectorizes::<DL>(k, "dst");
            }
            CopyKind::Ldsm(_) | CopyKind::LdsmT(_) => copy_vectorizes::<Src::Layout>(8, "src"),
            CopyKind::Stsm(_) | CopyKind::StsmT(_) => copy_vectorizes::<DL>(8, "dst"),
        }
    };
    let k = <TC::Atom as IsCopyAtom>::NUM_VAL_SRC;
    let (verified, src) = (src.verified(), src.tensor());
    match <<TC::Atom as IsCopyAtom>::Op as DeviceCopy>::KIND {
        CopyKind::Vector => match k {
            1 => vectors::<1, _, _, _, _, _, _, _>(src, verified, dst),
            2 => vectors::<2, _, _, _, _, _, _, _>(src, verified, dst),
            4 => vectors::<4, _, _, _, _, _, _, _>(src, verified, dst),
            8 => vectors::<8, _, _, _, _, _, _, _>(src, verified, dst),
            16 => vectors::<16, _, _, _, _, _, _, _>(src, verified, dst),
            _ => trap(),
        },
        CopyKind::Ldsm(regs) => ldsm(src, dst, regs, false),
        CopyKind::LdsmT(regs) => ldsm(src, dst, regs, true),
        CopyKind::Stsm(regs) => stsm(src, dst, regs, false),
        CopyKind::StsmT(regs) => stsm(src, dst, regs, true),
        CopyKind::CpAsync => match k {
            1 => cp_async::<1, _, _, _, _, _, _, _>(src, verified, dst),
            2 => cp_async::<2, _, _, _, _, _, _, _>(src, verified, dst),
            4 => cp_async::<4, _, _, _, _, _, _, _>(src, verified, dst),
            8 => cp_async::<8, _, _, _, _, _, _, _>(src, verified, dst),
            16 => cp_async::<16, _, _, _, _, _, _, _>(src, verified, dst),
            _ => trap(),
        },
    }
}

/// Whether the `k` elements of the tensor from index `i` are contiguous in its layout.
#[inline(always)]
fn contiguous<M, L: TensorLayout, O: cute_static::IntTuple>(
    t: &Tensor<M, L, O>,
    i: i32,
    k: i32,
) -> bool {
    let first = t.layout().offset(i);
    (1..k).all(|j| t.layout().offset(i + j) == first + j)
}

/// The most `ldmatrix`/`stmatrix` rows a thread's partition holds in one copy.
const MAX_ATOMS: usize = 64;

/// The `.shared` address of each row of 8 16-bit values of `t` (the shared side of an
/// `ldmatrix` or `stmatrix` copy, one row an atom) and the number of rows: traps unless every
/// row is contiguous, 16-byte aligned and in shared memory, before any access.
#[inline(always)]
fn shared_rows<T, M, L, O>(t: &Tensor<M, L, O>) -> ([u32; MAX_ATOMS], i32)
where
    T: Elem,
    M: Memory<T>,
    L: TensorLayout,
    O: cute_static::IntTuple,
{
    let atoms = t.layout().size() / 8;
    if atoms as usize > MAX_ATOMS {
        trap()
    }
    let mut rows = [0u32; MAX_ATOMS];
    for j in 0..atoms {
        match t
            .engine()
            .shared_address::<8>(t.offset(), t.layout().offset(j * 8))
        {
            Some(a) if a % 16 == 0 && contiguous(t, j * 8, 8) => rows[j as usize] = a,
            _ => trap(),
        }
    }
    (rows, atoms)
}

/// `ldmatrix.x{regs}` (`.trans` if `trans`) for every atom of the copy: the `8` 16-bit source
/// values of each (one contiguous, 16-byte aligned row of shared memory) and its `2 * regs`
/// destination values in registers.
#[inline(always)]
fn ldsm<T, S, D, SL, DL, SO, DO>(
    src: &Tensor<S, SL, SO>,
    dst: &mut Tensor<D, DL, DO>,
    regs: usize,
    trans: bool,
) where
    T: Elem,
    S: Memory<T>,
    D: Memory<T>,
    SL: TensorLayout,
    DL: TensorLayout,
    SO: cute_static::IntTuple,
    DO: cute_static::IntTuple,
{
    let (n, nd, per_dst) = (src.layout().size(), dst.layout().size(), 2 * regs as i32);
    if T::BITS != 16 || n % 8 != 0 || nd != n / 8 * per_dst || outside(src) || outside(dst) {
        trap()
    }
    let (rows, atoms) = shared_rows(src);
    let dof = dst.offset();
    for j in 0..atoms {
        // SAFETY: each thread's row is a 16-byte aligned shared address of 8 elements of its
        // source tensor, in its memory (checked above).
        let r = unsafe { crate::arch::ldmatrix(rows[j as usize], regs, trans) };
        for v in 0..per_dst {
            let bits = (r[(v / 2) as usize] >> (16 * (v % 2))) as u16;
            let at = dst.layout().offset(j * per_dst + v);
            // SAFETY: `j * per_dst + v` is an index of dst's domain, in its memory (checked
            // above); one element is always aligned. `T` is 16 bits (checked above), `u16`'s
            // bits.
            unsafe {
                let x: [T; 1] = core::mem::transmute_copy(&bits);
                dst.engine_mut().write::<1>(dof, at, x);
            }
        }
    }
}

/// `stmatrix.x{regs}` (`.trans` if `trans`) for every atom of the copy: the `2 * regs` 16-bit
/// source values of each (registers, two to a 32-bit register, the first in the low half) and
/// its destination row (`8` contiguous values, a 16-byte aligned row of shared memory).
#[inline(always)]
fn stsm<T, S, D, SL, DL, SO, DO>(
    src: &Tensor<S, SL, SO>,
    dst: &mut Tensor<D, DL, DO>,
    regs: usize,
    trans: bool,
) where
    T: Elem,
    S: Memory<T>,
    D: Memory<T>,
    SL: TensorLayout,
    DL: TensorLayout,
    SO: cute_static::IntTuple,
    DO: cute_static::IntTuple,
{
    let (n, nd, per_src) = (src.layout().size(), dst.layout().size(), 2 * regs as i32);
    if T::BITS != 16 || nd % 8 != 0 || n != nd / 8 * per_src || outside(src) || outside(dst) {
        trap()
    }
    let (rows, atoms) = shared_rows(dst);
    let so = src.offset();
    for j in 0..atoms {
        let mut r = [0u32; 4];
        for v in 0..per_src {
            let at = src.layout().offset(j * per_src + v);
            // SAFETY: `j * per_src + v` is an index of src's domain, in its memory (checked
            // above); one element is always aligned. `T` is 16 bits (checked above).
            let half: u16 = unsafe {
                let [x] = src.engine().read::<1>(so, at);
                core::mem::transmute_copy(&x)
            };
            r[(v / 2) as usize] |= u32::from(half) << (16 * (v % 2));
        }
        // SAFETY: each thread's row is a 16-byte aligned shared address of 8 elements of its
        // destination tensor, in its memory (checked above).
        unsafe { crate::arch::stmatrix(rows[j as usize], r, regs, trans) };
    }
}

/// `cp.async.ca` of every vector of `K` elements: from global memory to shared memory, each
/// vector contiguous in both and aligned to its 4, 8 or 16 bytes.
#[inline(always)]
fn cp_async<const K: usize, T, S, D, SL, DL, SO, DO>(
    src: &Tensor<S, SL, SO>,
    verified: Verified,
    dst: &mut Tensor<D, DL, DO>,
) where
    T: Elem,
    S: Memory<T>,
    D: Memory<T>,
    SL: TensorLayout,
    DL: TensorLayout,
    SO: cute_static::IntTuple,
    DO: cute_static::IntTuple,
{
    let n = checked(src, verified, dst);
    let (k, bytes) = (K as i32, K as u32 * T::BITS / 8);
    if n % k != 0 || !matches!(bytes, 4 | 8 | 16) {
        trap()
    }
    let (so, dof) = (src.offset(), dst.offset());
    let mut bad = false;
    for v in 0..n / k {
        let (s, d) = (src.layout().offset(v * k), dst.layout().offset(v * k));
        bad |= !contiguous(src, v * k, k) || !contiguous(dst, v * k, k);
        bad |= match (
            src.engine().global_address(so, s),
            dst.engine().shared_address::<K>(dof, d),
        ) {
            (Some(g), Some(a)) => {
                (verified.aligned_for != k && g % u64::from(bytes) != 0) || a % bytes != 0
            }
            _ => true,
        };
    }
    if bad {
        trap()
    }
    for v in 0..n / k {
        let (s, d) = (src.layout().offset(v * k), dst.layout().offset(v * k));
        if let (Some(g), Some(a)) = (
            src.engine().global_address(so, s),
            dst.engine().shared_address::<K>(dof, d),
        ) {
            // SAFETY: the vector lies in both tensors' memory (`checked`), contiguous and
            // aligned to its size (checked above).
            unsafe { crate::arch::cp_async(a, g, bytes) }
        }
    }
}

/// The copy in vectors of `K` elements.
#[inline(always)]
fn vectors<const K: usize, T, S, D, SL, DL, SO, DO>(
    src: &Tensor<S, SL, SO>,
    verified: Verified,
    dst: &mut Tensor<D, DL, DO>,
) where
    T: Elem,
    S: Memory<T>,
    D: Memory<T>,
    SL: TensorLayout,
    DL: TensorLayout,
    SO: cute_static::IntTuple,
    DO: cute_static::IntTuple,
{
    let n = checked(src, verified, dst);
    let k = K as i32;
    // A source whose vectors of `K` were verified aligned (`Tiles`) is read as if in registers.
    let src_base = if verified.aligned_for == k {
        None
    } else {
        src.engine().base()
    };
    if n % k != 0 {
        trap()
    }
    let bytes = (K as u64) * u64::from(T::BITS / 8);
    let (so, dof) = (src.offset(), dst.offset());
    let at = |base: Option<u64>, i: i32| match base {
        Some(b) => b.wrapping_add((i as i64 as u64).wrapping_mul(u64::from(T::BITS / 8))),
        None => 0,
    };
    // Every vector contiguous in both tensors and aligned to its size (a constant where the
    // layouts are static and the engines registers), checked before any access.
    let mut bad = false;
    for v in 0..n / k {
        let (s, d) = (src.layout().offset(v * k), dst.layout().offset(v * k));
        for j in 1..k {
            bad |= src.layout().offset(v * k + j) != s + j;
            bad |= dst.layout().offset(v * k + j) != d + j;
        }
        let (s, d) = (so.wrapping_add(s), dof.wrapping_add(d));
        bad |= (at(src_base, s) | at(dst.engine().base(), d)) % bytes != 0;
    }
    if bad {
        trap()
    }
    for v in 0..n / k {
        let (s, d) = (src.layout().offset(v * k), dst.layout().offset(v * k));
        // SAFETY: the vector's elements are indices of both domains (so in bounds, `checked`),
        // contiguous, and aligned to the vector's size (checked above).
        unsafe {
            let x = src.engine().read::<K>(so, s);
            dst.engine_mut().write::<K>(dof, d, x);
        }
    }
}

/// A tensor of predicates for [`copy_if`]: a register fragment of `bool`, or a lazy transform
/// of a tensor ([`transform`], CuTe's `lazy::transform`).
pub trait Predicate {
    /// The number of predicates, where known (a lazy transform of coordinates is asked at the
    /// data's indices, and each access it lets through is checked anyway).
    fn size(&self) -> Option<i32>;
    /// Predicate `i`.
    fn at(&self, i: i32) -> bool;
}

impl<E: Engine<Elem = bool>, L: TensorLayout, O: cute_static::IntTuple> Predicate
    for Tensor<E, L, O>
{
    #[inline(always)]
    fn size(&self) -> Option<i32> {
        Some(self.layout().size())
    }
    #[inline(always)]
    fn at(&self, i: i32) -> bool {
        self.get(i).copied().unwrap_or(false)
    }
}

/// CuTe's `lazy::transform(tensor, f)`: the tensor whose element `i` is `f(tensor(i))`,
/// computed where it is read: over an identity tensor's coordinates, `elem_less(c, shape)` is
/// the predicate of a copy that must not touch elements past the problem's edge.
///
/// ```ignore
/// let pred = transform(thr_tile_c, |c| elem_less(c, (m, n)));
/// copy_if(&pred, &thr_tile_s, &mut thr_tile_d);
/// ```
pub struct Transform<T, F> {
    tensor: T,
    f: F,
}

/// CuTe's `lazy::transform(tensor, f)` of an identity tensor: see [`Transform`].
///
/// ```ignore
/// let pred = cute_gpu::transform(thr_tile_c, |c| elem_less(c, shape));
/// ```
#[inline(always)]
pub fn transform<T, F>(tensor: T, f: F) -> Transform<T, F> {
    Transform { tensor, f }
}

impl<L, O, F> Predicate for Transform<Tensor<ArithmeticTupleIterator, L, O>, F>
where
    L: TensorLayout + cute_static::IsLayout,
    O: cute_static::IntTuple,
    F: Fn(ArithmeticTuple<IdentityCall<L, O, i32>>) -> bool,
{
    #[inline(always)]
    fn size(&self) -> Option<i32> {
        None
    }
    #[inline(always)]
    fn at(&self, i: i32) -> bool {
        (self.f)(self.tensor.call(i))
    }
}

/// CuTe's `copy_if(pred, src, dst)`: `dst(i) = src(i)` where `pred(i)` holds, one element at a
/// time; `pred` is a [`Predicate`] of the same size (a register fragment of `bool`, or a
/// [`transform`] of an identity tensor's coordinates). Elements where `pred` is false are
/// neither read nor written, so they may lie outside the memory: each one read or written is
/// checked (a trap if outside) instead of the tensors as a whole.
///
/// ```ignore
/// copy_if(&t_pred, &t_a_g_a, &mut t_a_s_a);
/// ```
#[inline(always)]
pub fn copy_if<T, P, S, D, SL, DL, SO, DO>(
    pred: &P,
    src: &Tensor<S, SL, SO>,
    dst: &mut Tensor<D, DL, DO>,
) where
    T: Elem,
    P: Predicate,
    S: Memory<T>,
    D: Memory<T>,
    SL: TensorLayout,
    DL: TensorLayout,
    SO: cute_static::IntTuple,
    DO: cute_static::IntTuple,
{
    let n = src.layout().size();
    if n != dst.layout().size() || pred.size().is_some_and(|p| p != n) {
        trap()
    }
    // One unsigned compare bounds an offset on both sides: offsets are `i32`, so a memory of
    // more than `i32::MAX` elements is bounded by `i32::MAX`, and a negative offset is then
    // larger as `u32`.
    let (slim, dlim) = (
        src.engine().len().min(i32::MAX as u64) as u32,
        dst.engine().len().min(i32::MAX as u64) as u32,
    );
    let (so, dof) = (src.offset(), dst.offset());
    // Whether a predicate let through an element outside the memory: checked once a batch (a
    // trap), so that each access is one predicated instruction.
    let mut outside = false;
    let mut base = 0;
    while base < n {
        let mut batch = [T::default(); BATCH as usize];
        let mut moved = [false; BATCH as usize];
        for j in 0..BATCH {
            if base + j < n && pred.at(base + j) {
                let s = so.wrapping_add(src.layout().offset(base + j));
                let d = dof.wrapping_add(dst.layout().offset(base + j));
                let inside = (s as u32) < slim && (d as u32) < dlim;
                outside |= !inside;
                if inside {
                    // SAFETY: `s` checked in `0..len` just above.
                    batch[j as usize] = unsafe { src.engine().read::<1>(0, s) }[0];
                    moved[j as usize] = true;
                }
            }
        }
        if outside {
            trap()
        }
        for j in 0..BATCH {
            if moved[j as usize] {
                let d = dof.wrapping_add(dst.layout().offset(base + j));
                // SAFETY: `d` checked in `0..len` with `s` above.
                unsafe { dst.engine_mut().write::<1>(0, d, [batch[j as usize]]) };
            }
        }
        base += BATCH;
    }
}
