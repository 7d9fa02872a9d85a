//! CuTe's `MMA_Traits<Op>` (`mma_traits.hpp`): what an MMA instruction computes and which
//! thread holds which value. The atoms themselves are in [`crate::mma_atoms`].

use crate::layout::StaticLayout;
use crate::tuple::{IntTuple, Static};

/// CuTe's `MMA_Traits<Atom>`: what an MMA instruction computes and which thread holds which
/// value. `ALayout`, `BLayout` and `CLayout` map `(thread, value)` to the column-major index in
/// the `MxK` tile of A, the `NxK` tile of B and the `MxN` tile of C; `ThrID` maps the atom's
/// thread number to the thread index. The atoms are in [`crate::mma_atoms`].
///
/// ```
/// use cute_static::{mma_atoms::SM80_16x8x8_F16F16F16F16_TN, MmaTraits, StaticLayout};
/// type Atom = SM80_16x8x8_F16F16F16F16_TN;
/// assert_eq!(<Atom as MmaTraits>::ALayout::new().to_string(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
/// assert_eq!(<Atom as MmaTraits>::ThrID::new().to_string(), "_32:_1");
/// ```
pub trait MmaTraits {
    /// `Shape_MNK`: the `(M,N,K)` of the instruction.
    type ShapeMNK: IntTuple + Static;
    /// `ThrID`: the atom's thread number to the thread index.
    type ThrID: StaticLayout;
    /// `ALayout`: `(thread, value)` to the index in the `MxK` tile of A.
    type ALayout: StaticLayout;
    /// `BLayout`: `(thread, value)` to the index in the `NxK` tile of B.
    type BLayout: StaticLayout;
    /// `CLayout`: `(thread, value)` to the index in the `MxN` tile of C.
    type CLayout: StaticLayout;
    /// Whether `FrgTypeA` and `FrgTypeB` are shared-memory descriptors (`GMMA::smem_desc`: an
    /// SM90 GMMA atom reading that operand from shared memory), whose fragments are not
    /// register arrays.
    #[doc(hidden)]
    const SMEM_DESC: (bool, bool) = (false, false);
}
