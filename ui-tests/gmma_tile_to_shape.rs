// CuTe: "tile_to_shape: block shape does not divide the target shape." (gmma_atoms/handcrafted/82).
use cute_static::gmma::Layout_K_SW128_Atom;
use cute_static::int_tuple;

fn main() {
    let smem = Layout_K_SW128_Atom::<u8>::new().tile_to_shape(int_tuple!((_64,_64)));
    println!("{smem}");
}
