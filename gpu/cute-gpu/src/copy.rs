//! CuTe's copy algorithms (`algorithm/copy.hpp`) and copy operations (`arch/copy.hpp`) on
//! device tensors: `copy(src, dst)` element by element, `copy(atom, src, dst)` with
//! `UniversalCopy<uint32_t/uint64_t/uint128_t>` (one `ld`/`st` of 32, 64 or 128 bits moves
//! several elements), and the predicated `copy_if(pred, src, dst)`.
//!
//! Each call checks once that both tensors lie in their memory and that they have the same
//! size; a vectorized copy also checks that each vector is contiguous (a constant where the
//! layouts are static) and aligned. A failed check traps; the host made sure before the launch
//! that none fails.

use crate::arch::trap;
use crate::check::fits;
use crate::elem::Elem;
use crate::memory::Memory;
use core::marker::PhantomData;
use cute_static::{
    ArithmeticTuple, ArithmeticTupleIterator, Engine, IdentityCall, Tensor, TensorLayout,
};

/// A copy operation: how many bits one instruction moves (CuTe's `Copy_Traits<Op>` of the
/// universal copies).
pub trait CopyOp {
    /// `sizeof_bits` of the operation's word.
    const BITS: u32;
}

/// CuTe's `UniversalCopy<W>`: one load and one store of the word `W` (`u8`, `u16`, `u32`,
/// `u64`, `u128`) per `sizeof(W) / sizeof(T)` elements.
///
/// ```ignore
/// copy_with(UniversalCopy::<u128>::new(), &t_a_g_a, &mut t_a_r_a); // 4 floats per ld.global.v4
/// ```
pub struct UniversalCopy<W>(PhantomData<W>);

impl<W> Default for UniversalCopy<W> {
    fn default() -> Self {
        UniversalCopy(PhantomData)
    }
}

impl<W> UniversalCopy<W> {
    /// The operation.
    ///
    /// ```ignore
    /// let op = cute_gpu::UniversalCopy::<u64>::new();
    /// ```
    #[inline(always)]
    pub const fn new() -> Self {
        UniversalCopy(PhantomData)
    }
}

macro_rules! universal {
    ($($w:ty),*) => {$(
        impl CopyOp for UniversalCopy<$w> {
            const BITS: u32 = 8 * core::mem::size_of::<$w>() as u32;
        }
    )*};
}
universal!(u8, u16, u32, u64, u128);

/// CuTe's `AutoVectorizingCopyWithAssumedAlignment<128>` (`AutoVectorizingCopy`): the widest
/// copy the layouts allow, up to 128 bits. Here: 128 bits; each vector's contiguity and
/// alignment are checked as for [`UniversalCopy`].
///
/// ```ignore
/// copy_with(AutoVectorizingCopy, &frag, &mut t_d);
/// ```
pub struct AutoVectorizingCopy;

impl CopyOp for AutoVectorizingCopy {
    const BITS: u32 = 128;
}

/// Both tensors lie in their memory and have the same size, which is returned.
#[inline(always)]
fn checked<S, D, SL, DL, SO, DO, T>(src: &Tensor<S, SL, SO>, dst: &Tensor<D, DL, DO>) -> i32
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
    if n != dst.layout().size()
        || fits(src.layout(), src.offset(), src.engine().len()).is_err()
        || fits(dst.layout(), dst.offset(), dst.engine().len()).is_err()
    {
        trap()
    }
    n
}

/// The elements a copy moves between a batch of loads and their stores: every load of a batch is
/// in flight before its first store (the order CUDA C++ compilers give `copy`, which see that
/// global and shared memory do not alias).
const BATCH: i32 = 8;

/// CuTe's `copy(src, dst)`: `dst(i) = src(i)` for every index `i` of the domain, one element
/// at a time, between any two of global memory, shared memory and registers.
///
/// ```ignore
/// copy(&t_a_g_a.slice(coord!((_, _, k_tile))), &mut t_a_s_a);
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
    let n = checked(src, dst);
    let (so, dof) = (src.offset(), dst.offset());
    let mut base = 0;
    while base < n {
        let mut batch = [T::default(); BATCH as usize];
        for j in 0..BATCH {
            if base + j < n {
                let s = so.wrapping_add(src.layout().offset(base + j));
                // SAFETY: `base + j` is an index of the source's domain, whose offsets lie in
                // its memory (`checked`); one element is always aligned.
                batch[j as usize] = unsafe { src.engine().read::<1>(s) }[0];
            }
        }
        for j in 0..BATCH {
            if base + j < n {
                let d = dof.wrapping_add(dst.layout().offset(base + j));
                // SAFETY: as for the source.
                unsafe { dst.engine_mut().write::<1>(d, [batch[j as usize]]) };
            }
        }
        base += BATCH;
    }
}

/// CuTe's `copy(copy_atom, src, dst)`: the elements in vectors of `Op::BITS` bits, vector `v`
/// the indices `v*K .. v*K + K` (`K = Op::BITS / sizeof_bits(T)`; the first mode of a TiledCopy
/// partition holds them). Traps if a vector is not contiguous in both tensors or not aligned to
/// its size.
///
/// ```ignore
/// copy_with(UniversalCopy::<u128>::new(), &thr_tile_s, &mut fragment);
/// ```
#[inline(always)]
pub fn copy_with<Op, T, S, D, SL, DL, SO, DO>(
    _op: Op,
    src: &Tensor<S, SL, SO>,
    dst: &mut Tensor<D, DL, DO>,
) where
    Op: CopyOp,
    T: Elem,
    S: Memory<T>,
    D: Memory<T>,
    SL: TensorLayout,
    DL: TensorLayout,
    SO: cute_static::IntTuple,
    DO: cute_static::IntTuple,
{
    match Op::BITS / T::BITS {
        1 => vectors::<1, _, _, _, _, _, _, _>(src, dst),
        2 => vectors::<2, _, _, _, _, _, _, _>(src, dst),
        4 => vectors::<4, _, _, _, _, _, _, _>(src, dst),
        8 => vectors::<8, _, _, _, _, _, _, _>(src, dst),
        16 => vectors::<16, _, _, _, _, _, _, _>(src, dst),
        _ => trap(),
    }
}

/// The copy in vectors of `K` elements.
#[inline(always)]
fn vectors<const K: usize, T, S, D, SL, DL, SO, DO>(
    src: &Tensor<S, SL, SO>,
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
    let n = checked(src, dst);
    let k = K as i32;
    if n % k != 0 {
        trap()
    }
    let bytes = (K as u64) * u64::from(T::BITS / 8);
    let (so, dof) = (src.offset(), dst.offset());
    for v in 0..n / k {
        let (s, d) = (
            so.wrapping_add(src.layout().offset(v * k)),
            dof.wrapping_add(dst.layout().offset(v * k)),
        );
        for j in 1..k {
            if src.layout().offset(v * k + j) != src.layout().offset(v * k) + j
                || dst.layout().offset(v * k + j) != dst.layout().offset(v * k) + j
            {
                trap()
            }
        }
        let at = |base: Option<u64>, i: i32| match base {
            Some(b) => b.wrapping_add((i as i64 as u64).wrapping_mul(u64::from(T::BITS / 8))),
            None => 0,
        };
        if (at(src.engine().base(), s) | at(dst.engine().base(), d)) % bytes != 0 {
            trap()
        }
        // SAFETY: the vector's elements are indices of both domains (so in bounds, `checked`),
        // contiguous, and aligned to the vector's size (checked above).
        unsafe {
            let x = src.engine().read::<K>(s);
            dst.engine_mut().write::<K>(d, x);
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
                    batch[j as usize] = unsafe { src.engine().read::<1>(s) }[0];
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
                unsafe { dst.engine_mut().write::<1>(d, [batch[j as usize]]) };
            }
        }
        base += BATCH;
    }
}
