//! # cute-gpu-host: the host side of the Rust CuTe kernels
//!
//! Loads the PTX `scripts/gpu-build.sh` writes, and launches each kernel of `cute-kernels`
//! only after checking, on the host, everything the kernel relies on: the kernel's static tile
//! divides the problem, every tensor the kernel makes lies in its allocation, every vector
//! access is aligned. A launch that would fault is an `Err` here instead ([`Error`]).
//!
//! The binary `cute-gpu-bench` (`src/bin/cute-gpu-bench.rs`) runs every kernel at several sizes
//! on the GPU, checks each result against a reference (cuBLAS for the GEMMs, the exact answer for
//! the copies and the transpose) and times it with CUDA events; `scripts/gpu-side-by-side.sh`
//! runs it beside the CuTe C++ twins.
//!
//! ```
//! use cute_gpu_host::{gmem, Error};
//! // A GEMM's A of M x K = 256 x 64 floats, m-major with ldA = 256, in an allocation of
//! // 256*64 floats: fits. With ldA = 300 it would not.
//! assert!(gmem(0x7f00_0000_0000, 256 * 64, &cute_static::layout!((256, 64):(_1, 256)), "A").is_ok());
//! let err = gmem(0x7f00_0000_0000, 256 * 64, &cute_static::layout!((256, 64):(_1, 300)), "A");
//! assert!(matches!(err, Err(Error::Launch(_))));
//! ```

use cudarc::driver::DeviceRepr;
use cute_kernels::LaunchError;
use cute_static::TensorLayout;
use std::fmt;

/// A kernel parameter pointing at global memory: the host's image of `cute_gpu::GmemPtr<T>`
/// (`#[repr(C)]`: the address, then the number of elements; the test `abi` checks they agree).
///
/// ```
/// let p = cute_gpu_host::KernelPtr { addr: 0x7f00_0000_0000, len: 1024 };
/// assert_eq!(core::mem::size_of_val(&p), core::mem::size_of::<cute_gpu::GmemPtr<f32>>());
/// ```
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelPtr {
    /// The device address of element 0.
    pub addr: u64,
    /// The number of elements.
    pub len: u64,
}

// SAFETY: two u64s, `#[repr(C)]`, passed by value as the kernels' `GmemPtr<T>` parameters,
// whose layout is the same (`#[repr(C)] { addr: u64, len: u64, PhantomData }`).
unsafe impl DeviceRepr for KernelPtr {}

/// A TMA tensor map as a kernel parameter: the host's image of `cute_gpu::tma::TmaMap`
/// (`#[repr(C)]`: the global address of the encoded 128-byte `CUtensorMap`, the bytes of its
/// box, padding; the test `abi` checks they agree). Made by [`tma_map`].
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelTmaMap {
    /// The device address of the encoded `CUtensorMap` (64-byte aligned).
    pub addr: u64,
    /// The bytes one load of its box moves.
    pub box_bytes: u32,
    /// Padding to 16 bytes.
    pub pad: u32,
}

// SAFETY: a u64 and two u32s, `#[repr(C)]`, passed by value as the kernels' `TmaMap`
// parameters, whose layout is the same.
unsafe impl DeviceRepr for KernelTmaMap {}

/// Encodes the tensor map of `tma_box` (`cute_gpu::tma::TmaTile::make_tma_box`'s box of a global
/// tensor of 8-, 16- or 32-bit elements at `global`, 16-byte aligned) with `cuTensorMapEncodeTiled`, copies it to the
/// device, and returns the allocation (keep it alive while kernels use the map) and the
/// kernel parameter.
///
/// ```no_run
/// # fn main() -> Result<(), cute_gpu_host::Error> {
/// use cudarc::driver::DevicePtr;
/// let ctx = cudarc::driver::CudaContext::new(0)?;
/// let stream = ctx.default_stream();
/// let a = stream.alloc_zeros::<u16>(256 * 256)?;
/// // CuTe's make_tma_atom(SM90_TMA_LOAD{}, A (256,256):(256,_1), a (64,64) K_SW128 tile).
/// const TILE: cute_gpu::tma::TmaTile = cute_gpu::make_tma_tile!(u16, swizzle 3,
///     cute_static::layout_t!((_64,_64):(_64,_1)), mode0 1, tile (64, 64));
/// let b = TILE.make_tma_box([256, 256], [256, 1]).unwrap();
/// let (_keep, map) = cute_gpu_host::tma_map(&stream, &b, a.device_ptr(&stream).0)?;
/// assert_eq!(map.box_bytes, 8192);
/// # Ok(()) }
/// ```
pub fn tma_map(
    stream: &std::sync::Arc<cudarc::driver::CudaStream>,
    tma_box: &cute_gpu::tma::TmaBox,
    global: u64,
) -> Result<(cudarc::driver::CudaSlice<u8>, KernelTmaMap), Error> {
    use cudarc::driver::sys;
    if global % 16 != 0 {
        return Err(LaunchError::Misaligned {
            what: "TMA global address",
            value: global,
            multiple: 16,
        }
        .into());
    }
    let swizzle = match tma_box.swizzle {
        cute_gpu::tma::TmaSwizzle::None => sys::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_NONE,
        cute_gpu::tma::TmaSwizzle::B32 => sys::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_32B,
        cute_gpu::tma::TmaSwizzle::B64 => sys::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_64B,
        cute_gpu::tma::TmaSwizzle::B128 => sys::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_128B,
    };
    // TMA moves the elements' bits as they are (no out-of-bounds fill): an unsigned type of
    // their width serves `half_t`, `bfloat16_t` and `float` alike.
    let data_type = match tma_box.strides_bytes[0] {
        1 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_UINT8,
        2 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_UINT16,
        4 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_UINT32,
        bytes => return Err(Error::Cuda(format!("TMA: no data type of {bytes} bytes"))),
    };
    let mut map = sys::CUtensorMap { opaque: [0; 16] };
    let strides = [tma_box.strides_bytes[1]];
    let element_strides = [1u32, 1];
    // SAFETY: every pointer is to a live local array of the rank's length (globalStrides has
    // rank - 1 entries); the driver writes the 128-byte map only.
    let r = unsafe {
        sys::cuTensorMapEncodeTiled(
            &mut map,
            data_type,
            2,
            global as *mut std::ffi::c_void,
            tma_box.dims.as_ptr(),
            strides.as_ptr(),
            tma_box.box_dims.as_ptr(),
            element_strides.as_ptr(),
            sys::CUtensorMapInterleave::CU_TENSOR_MAP_INTERLEAVE_NONE,
            swizzle,
            sys::CUtensorMapL2promotion::CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
            sys::CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
        )
    };
    if r != sys::CUresult::CUDA_SUCCESS {
        return Err(Error::Cuda(format!("cuTensorMapEncodeTiled: {r:?}")));
    }
    let bytes: Vec<u8> = map.opaque.iter().flat_map(|w| w.to_le_bytes()).collect();
    let dev = stream.clone_htod(&bytes)?;
    let addr = {
        use cudarc::driver::DevicePtr;
        dev.device_ptr(stream).0
    };
    if addr % 64 != 0 {
        return Err(LaunchError::Misaligned {
            what: "tensor map",
            value: addr,
            multiple: 64,
        }
        .into());
    }
    Ok((
        dev,
        KernelTmaMap {
            addr,
            box_bytes: tma_box.box_bytes,
            pad: 0,
        },
    ))
}

/// Why a kernel was not launched, or what went wrong around it.
#[derive(Debug)]
pub enum Error {
    /// The kernel cannot take the problem (checked before the launch).
    Launch(LaunchError),
    /// The CUDA driver or cuBLAS failed.
    Cuda(String),
    /// A result differs from its reference.
    Wrong(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Launch(e) => write!(f, "launch refused: {e}"),
            Error::Cuda(e) => write!(f, "CUDA: {e}"),
            Error::Wrong(e) => write!(f, "wrong result: {e}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<LaunchError> for Error {
    fn from(e: LaunchError) -> Self {
        Error::Launch(e)
    }
}

impl From<cudarc::driver::DriverError> for Error {
    fn from(e: cudarc::driver::DriverError) -> Self {
        Error::Cuda(e.to_string())
    }
}

impl From<cudarc::cublas::result::CublasError> for Error {
    fn from(e: cudarc::cublas::result::CublasError) -> Self {
        Error::Cuda(e.to_string())
    }
}

/// The kernel parameter for `len` elements at `addr`, after checking that the tensor the
/// kernel makes of it (`GmemPtr::tensor(layout)`) lies in them, and that `addr` is aligned
/// for 16-byte vectors.
///
/// ```
/// use cute_gpu_host::gmem;
/// let err = gmem(0x7f00_0000_0004, 64, &cute_static::layout!(_64:_1), "S").unwrap_err();
/// assert_eq!(err.to_string(), "launch refused: S = 139637976727556 is not a multiple of 16");
/// ```
pub fn gmem<L: TensorLayout>(
    addr: u64,
    len: u64,
    layout: &L,
    what: &'static str,
) -> Result<KernelPtr, Error> {
    if addr % 16 != 0 {
        return Err(LaunchError::Misaligned {
            what,
            value: addr,
            multiple: 16,
        }
        .into());
    }
    cute_gpu::check::fits(layout, 0, len).map_err(|err| LaunchError::OutOfBounds { what, err })?;
    Ok(KernelPtr { addr, len })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The host's KernelPtr and the device's GmemPtr<T> have one layout.
    #[test]
    fn abi() {
        use core::mem::{align_of, size_of};
        assert_eq!(size_of::<KernelPtr>(), size_of::<cute_gpu::GmemPtr<f32>>());
        assert_eq!(
            align_of::<KernelPtr>(),
            align_of::<cute_gpu::GmemPtr<f32>>()
        );
        assert_eq!(size_of::<KernelPtr>(), size_of::<cute_gpu::GmemPtr<u8>>());
        assert_eq!(
            size_of::<KernelTmaMap>(),
            size_of::<cute_gpu::tma::TmaMap>()
        );
        assert_eq!(
            align_of::<KernelTmaMap>(),
            align_of::<cute_gpu::tma::TmaMap>()
        );
    }
}
