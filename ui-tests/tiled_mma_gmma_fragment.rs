// An SM90 GMMA atom reading A from shared memory has GMMA descriptors as its A "fragment"
// (CuTe's FrgTypeA = GMMA::smem_desc), not registers: cute-static does not model them and says
// so instead of returning a register layout.
use cute_static::{layout, make_tensor, make_tiled_mma, mma_atoms::SM90_64x64x16_F16F16F16_SS, tile, Tensor};

fn main() {
    let mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS, layout!((_1,_1,_1):(_0,_0,_0)), tile!((_,_,_)));
    let data = [0u16; 4096];
    let s_a = make_tensor(&data[..], layout!((_64,_64):(_64,_1))).unwrap();
    let frag: Tensor<[u16; 64], _> = mma.get_slice(0).partition_fragment_A(s_a);
    println!("{}", frag.layout());
}
