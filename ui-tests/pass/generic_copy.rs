// CuTe's generic `copy(src, dst)` written against the traits, as a CuTe user writes it: any two
// tensors (slices, fragments, swizzled or strided layouts) of equal size.
use cute_static::{
    Engine, EngineMut, IntTuple, LayoutError, Swizzle, Tensor, TensorLayout, layout,
    make_fragment, make_tensor,
};

fn my_copy<T: Copy, E1, L1, O1, E2, L2, O2>(
    src: &Tensor<E1, L1, O1>,
    dst: &mut Tensor<E2, L2, O2>,
) -> Result<(), LayoutError>
where
    E1: Engine<Elem = T>,
    L1: TensorLayout,
    O1: IntTuple,
    E2: EngineMut<Elem = T>,
    L2: TensorLayout,
    O2: IntTuple,
{
    assert_eq!(src.size(), dst.size());
    for i in 0..dst.size() {
        let x = *src.get(i).expect("in range");
        *dst.get_mut(i).expect("in range") = x;
    }
    Ok(())
}

fn main() {
    let data: Vec<u16> = (0..1024).collect();
    let g = make_tensor(&data[..], layout!((_32,_32):(_32,_1))).unwrap();
    let mut s = make_fragment([0u16; 1024], Swizzle::<5, 0, 5>::new().composition(layout!((_32,_32):(_32,_1))));
    my_copy(&g, &mut s).unwrap();
    cute_static::copy(&g, &mut s).unwrap();
    assert_eq!(s[(3, 5)], 3 * 32 + 5);
}
