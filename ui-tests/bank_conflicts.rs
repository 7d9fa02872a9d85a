// Issue 26: a shared-memory access with bank conflicts is a compile error naming the worst
// instruction, its bank and the colliding threads. CuTe's 128-byte K-major atom of half_t
// without its swizzle, read by ldmatrix.x4: each matrix's 8 rows are 128 bytes apart.
use cute_static::assert_conflict_free;
use cute_static::banks::SmemOp;
use cute_static::layout_t;

assert_conflict_free!(
    layout_t!((_8,_64):(_64,_1)),
    layout_t!(((_8,_8),_8):((_1,_64),_8)),
    SmemOp::Ldmatrix { x: 4, trans: false },
    16
);

fn main() {}
