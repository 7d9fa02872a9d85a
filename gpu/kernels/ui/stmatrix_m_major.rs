// CuTe: "Copy_Traits: dst failed to vectorize into registers. Layout is incompatible with this
// CopyOp." `SM90_U32x2_STSM_N` stores C one 16-byte row of 8 n-consecutive halves a thread; this
// tile of C is m-major, its halves along n 16 apart (CuTe's answer is SM90_U16x4_STSM_T, or an
// n-major tile).
use crate::mma_atoms::Sm80MmaF16k16;
use cute_gpu::arch::thread_idx_x;
use cute_gpu::{SharedMemory, clear, copy_with};
use cute_static::{CopyAtom, SM90_U32x2_STSM_N, Tensor, layout_t, make_tiled_copy_C};

#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "ptx-kernel" fn ui_stmatrix_m_major() {
    let tid = thread_idx_x();
    let mma = Sm80MmaF16k16::default();
    let mut smem = SharedMemory::new();
    let s_c = smem.tensor::<u16, _>(<layout_t!((_16,_8):(_1,_16))>::new()); // (M,N) m-major
    let mut t_c_r_c: Tensor<[u16; 4], _> = mma.make_fragment_C(mma.get_slice(tid).partition_C(s_c));
    clear(&mut t_c_r_c);
    let r2s = make_tiled_copy_C(CopyAtom::<SM90_U32x2_STSM_N, u16>::new(), mma);
    let t_x_r_c = r2s.get_slice(tid).retile_S(t_c_r_c);
    copy_with(r2s, &t_x_r_c, &mut r2s.get_slice(tid).partition_D(s_c));
}
