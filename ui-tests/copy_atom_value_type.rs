// CuTe: "CopyOperation is not valid for Dst of ValType." (Copy_Atom: ldmatrix.x1 gives each
// thread one 32-bit register, which holds no whole 64-bit value).
use cute_static::{CopyAtom, SM75_U32x1_LDSM_N};

fn main() {
    let atom = CopyAtom::<SM75_U32x1_LDSM_N, f64>::new();
    println!("{atom}");
}
