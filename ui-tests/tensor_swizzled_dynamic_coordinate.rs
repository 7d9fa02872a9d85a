// CuTe: a MixedBits offset, which cute-static does not represent: a tile of a swizzled tensor at
// a run-time coordinate that selects swizzle bits (tile m spans rows 16m.., the swizzle's Z bits)
// is a compile error.
use cute_static::{Swizzle, coord, layout, local_tile, make_tensor, tile};

fn main() {
    let data = [0u16; 512];
    let smem = Swizzle::<3, 3, 3>::new().composition(layout!((_64,_8):(_1,_64)));
    let t = make_tensor(&data[..], smem).unwrap();
    let m = 2;
    println!("{}", local_tile(t, tile!((_16,_4)), coord!((m,_1))));
}
