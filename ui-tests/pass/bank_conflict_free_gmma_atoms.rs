// Issue 26: CuTe's GMMA layout atoms of half_t (in element offsets: `Sw<B,4,3> o
// smem_ptr[16b]` is `Sw<B,3,3>`), K-major under ldmatrix and stmatrix, MN-major under
// ldmatrix.trans and stmatrix.trans, each row of 16 bytes a thread: all conflict-free.
use cute_static::banks::SmemOp;
use cute_static::{Swizzle, Swizzled, assert_conflict_free, layout_t};

const LDSM: SmemOp = SmemOp::Ldmatrix { x: 4, trans: false };
const LDSM_T: SmemOp = SmemOp::Ldmatrix { x: 4, trans: true };
const STSM: SmemOp = SmemOp::Stmatrix { x: 4, trans: false };
const STSM_T: SmemOp = SmemOp::Stmatrix { x: 4, trans: true };

// K-major: thread t names row t % 8 of the 16-byte chunk t / 8.
assert_conflict_free!(layout_t!((_8,_8):(_8,_1)), layout_t!((_8,_8):(_1,_8)), SmemOp::Ldmatrix { x: 1, trans: false }, 16);
assert_conflict_free!(Swizzled<Swizzle<1, 3, 3>, layout_t!((_8,_16):(_16,_1))>, layout_t!(((_8,_2),_8):((_1,_64),_8)), SmemOp::Ldmatrix { x: 2, trans: false }, 16);
assert_conflict_free!(Swizzled<Swizzle<2, 3, 3>, layout_t!((_8,_32):(_32,_1))>, layout_t!(((_8,_4),_8):((_1,_64),_8)), LDSM, 16);
assert_conflict_free!(Swizzled<Swizzle<3, 3, 3>, layout_t!((_8,_64):(_64,_1))>, layout_t!(((_8,_8),_8):((_1,_64),_8)), LDSM, 16);
assert_conflict_free!(Swizzled<Swizzle<3, 3, 3>, layout_t!((_8,_64):(_64,_1))>, layout_t!(((_8,_8),_8):((_1,_64),_8)), STSM, 16);
// MN-major: thread t names k-row t % 8 of the 16-byte chunk t / 8 along MN.
assert_conflict_free!(layout_t!((_8,_8):(_1,_8)), layout_t!((_8,_8):(_8,_1)), SmemOp::Ldmatrix { x: 1, trans: true }, 16);
assert_conflict_free!(Swizzled<Swizzle<1, 3, 3>, layout_t!((_16,_8):(_1,_16))>, layout_t!(((_8,_2),_8):((_16,_8),_1)), SmemOp::Ldmatrix { x: 2, trans: true }, 16);
assert_conflict_free!(Swizzled<Swizzle<2, 3, 3>, layout_t!((_32,_8):(_1,_32))>, layout_t!(((_8,_4),_8):((_32,_8),_1)), LDSM_T, 16);
assert_conflict_free!(Swizzled<Swizzle<3, 3, 3>, layout_t!((_64,_8):(_1,_64))>, layout_t!(((_8,_8),_8):((_64,_8),_1)), LDSM_T, 16);
assert_conflict_free!(Swizzled<Swizzle<3, 3, 3>, layout_t!((_64,_8):(_1,_64))>, layout_t!(((_8,_8),_8):((_64,_8),_1)), STSM_T, 16);

fn main() {}
