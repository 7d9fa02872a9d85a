// CuTe: "Copy_Traits: src failed to vectorize into registers. Layout is incompatible with this
// CopyOp." `SM75_U32x4_LDSM_N` reads A's fragment from shared memory one 16-byte row of 8
// k-consecutive halves a thread; this tile of A is m-major, its halves along k 16 apart, so no
// row is one ldmatrix row (CuTe's answer is SM75_U16x8_LDSM_T, or a k-major tile).
use crate::mma_atoms::Sm80Mma;
use cute_gpu::arch::thread_idx_x;
use cute_gpu::{SharedMemory, copy_with};
use cute_static::{CopyAtom, SM75_U32x4_LDSM_N, Tensor, layout_t, make_tiled_copy_A};

#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "ptx-kernel" fn ui_ldmatrix_mn_major() {
    let tid = thread_idx_x();
    let mut smem = SharedMemory::new();
    let s_a = smem.tensor::<u16, _>(<layout_t!((_16,_16):(_1,_16))>::new()); // (M,K) m-major
    let mma = Sm80Mma::default();
    let t_c_r_a: Tensor<[u16; 8], _> = mma.get_slice(tid).partition_fragment_A(s_a);
    let s2r_a = make_tiled_copy_A(CopyAtom::<SM75_U32x4_LDSM_N, u16>::new(), mma);
    let mut t_x_r_a = s2r_a.get_slice(tid).retile_D(t_c_r_a);
    copy_with(s2r_a, &s2r_a.get_slice(tid).partition_S(s_a), &mut t_x_r_a);
}
