//! The element types device memory holds: plain data of 1, 2, 4 or 8 bytes, any bit pattern a
//! valid value, so that a copy may move them as words.

mod sealed {
    pub trait Sealed {}
}

/// An element of a tensor in device memory: plain data whose every bit pattern is a value
/// (CuTe's element types: `float`, `double`, `half_t` as its bits `u16`, integers).
///
/// ```
/// fn width<T: cute_gpu::Elem>() -> u32 { T::BITS }
/// assert_eq!(width::<f32>(), 32);
/// assert_eq!(width::<u16>(), 16); // half_t's bits
/// ```
pub trait Elem: Copy + Default + sealed::Sealed + 'static {
    /// `sizeof_bits<T>`.
    const BITS: u32;
}

macro_rules! elems {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl Elem for $t {
            const BITS: u32 = 8 * core::mem::size_of::<$t>() as u32;
        }
    )*};
}

elems!(f32, f64, u8, i8, u16, i16, u32, i32, u64, i64, bfloat16_t);

/// CuTe's `bfloat16_t`, as its bits: a type of its own (where `half_t` is `u16`), so that the
/// epilogue (`Real`, on the device) converts it as a bfloat16. The GEMMs move and
/// multiply it as 16 bits; the tensor cores read it as `.bf16`.
///
/// ```
/// use cute_gpu::{bfloat16_t, Elem};
/// assert_eq!(<bfloat16_t as Elem>::BITS, 16);
/// assert_eq!(bfloat16_t(0x3f80), bfloat16_t::default().max(bfloat16_t(0x3f80))); // 1.0
/// ```
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
#[repr(transparent)]
pub struct bfloat16_t(pub u16);
