// Slicing a swizzled layout at a run-time coordinate that selects swizzle bits builds: the
// offset is CuTe's MixedBits (the bits the coordinate selects, known at run time).
use cute_static::{Swizzle, coord, layout, local_tile, make_tensor, tile};

fn main() {
    let row = std::hint::black_box(3);
    let c = Swizzle::<3, 3, 3>::new().composition(layout!((_8,_64):(_64,_1)));
    assert_eq!(c.slice(coord!((row,_))).to_string(), "((_8,_2,_2,_2)):((_1,-8,-16,32))");
    let data = [0u16; 512];
    let smem = Swizzle::<3, 3, 3>::new().composition(layout!((_64,_8):(_1,_64)));
    let t = make_tensor(&data[..], smem).unwrap();
    let m = std::hint::black_box(2);
    assert_eq!(local_tile(t, tile!((_16,_4)), coord!((m,_1))).to_string(), "_0|Sw<3,3,3> o M_0|(288&304)=288 o (_16,_4):(_1,_64)");
}
