//! CuTe's `logical_divide(A, B)` of a layout by a layout (its tiler forms: [`super::by_mode`]).

use super::coalesce::coalesced;
use super::complement::complement_into;
use super::composition::composition_into;
use super::layout::L;
use crate::prog::Prog;
use crate::tree::{List, Tree};

/// CuTe's `logical_divide(A, B)` for a layout `B`:
/// `composition(A, make_layout(B, complement(B, shape(coalesce(A)))))`, the rank-2 layout
/// `(tile, rest)`. The cotarget is the coalesced shape of `A` (a tuple when `A` has dynamic
/// modes that do not merge), so a dynamic `A` gives a dynamic rest.
pub(crate) const fn logical_divide<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    a: &L<C>,
    b: &L<C>,
) -> L<C> {
    let mut out = L::empty();
    logical_divide_into(p, (a, b), &mut out);
    out
}

/// [`logical_divide`] written to the empty `out` (in place: a layout returned is copied, at the
/// cost of its capacity).
pub(crate) const fn logical_divide_into<const P: usize, const T: usize, const C: usize>(
    p: &mut Prog<P, T>,
    (a, b): (&L<C>, &L<C>),
    out: &mut L<C>,
) {
    let (mut shape, mut stride) = (List::new(), List::new());
    coalesced(p, a, (&mut shape, &mut stride));
    let cotarget = Tree::from_list(&shape, true);
    // `make_layout(B, complement(..))`, written in place.
    let mut divisor = L::empty();
    let at = divisor.open();
    divisor.push(b);
    complement_into(p, b, &cotarget, &mut divisor);
    divisor.close(at, 2);
    composition_into(p, (a, &divisor), out);
}
