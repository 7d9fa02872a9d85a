//! `composition(A, B)`: `(A ∘ B)(c) == A(B(c))`, with `compatible(B, result)`.

use super::coalesce::coalesce_x;
use super::layout::{L, Modes};
use super::tiler::{self, Tl};
use crate::error::{Msg, ceil_div, div, mul, rem};
use crate::tree::{List, TUP, Tree};

/// CuTe's `composition_impl` for one `rhs` mode against a coalesced `lhs`:
/// `rhs` tuple: mode by mode; stride 0: `rhs`; `lhs` an integer: `rs : rd * ld`; otherwise divide
/// the stride out of `lhs`'s modes (Stride Divisibility Condition), keep `rs` elements (Shape
/// Divisibility Condition), the last mode of `lhs` takes the rest.
const fn impl_rec(lhs: &L, ls: &List, ld: &List, rs: &Tree, ri: usize, rd: &Tree, di: usize) -> L {
    if rs.tag[ri] == TUP {
        let mut m = Modes::new();
        let mut k = 0;
        while k < rs.val[ri] as usize {
            m.push(&impl_rec(
                lhs,
                ls,
                ld,
                rs,
                rs.child(ri, k),
                rd,
                rd.child(di, k),
            ));
            k += 1;
        }
        return m.build();
    }
    let (shape, stride) = (rs.val[ri], rd.val[di]);
    if stride == 0 {
        return L::int(shape, 0);
    }
    if lhs.shape.is_int() {
        return L::int(shape, mul(stride, lhs.stride.value()));
    }
    let last = ls.n - 1;
    let mut m = Modes::new();
    let (mut rest_shape, mut rest_stride) = (shape, stride);
    let mut k = 0;
    while k < last {
        let (curr_shape, curr_stride) = (ls.v[k], ld.v[k]);
        if !(rem(rest_stride, curr_shape) == 0 || rest_stride < curr_shape) {
            Msg::new("Stride Divisibility Condition: stride ")
                .int(rest_stride)
                .str(" against shape ")
                .int(curr_shape)
                .str(" (mode ")
                .num(k as i32)
                .str(") of coalesced A = ")
                .layout(&lhs.shape, &lhs.stride)
                .fail()
        }
        let abs_stride = rest_stride.abs();
        let next_shape = ceil_div(curr_shape, abs_stride);
        let next_stride = mul(ceil_div(abs_stride, curr_shape), rest_stride.signum());
        if next_shape == 1 || rest_shape == 1 {
            rest_stride = next_stride;
        } else {
            let new_shape = if next_shape < rest_shape {
                next_shape
            } else {
                rest_shape
            };
            if rem(rest_shape, new_shape) != 0 {
                Msg::new("Shape Divisibility Condition: shape ")
                    .int(rest_shape)
                    .str(" against ")
                    .int(new_shape)
                    .str(" (mode ")
                    .num(k as i32)
                    .str(") of coalesced A = ")
                    .layout(&lhs.shape, &lhs.stride)
                    .fail()
            }
            m.push_int(new_shape, mul(rest_stride, curr_stride));
            rest_shape = div(rest_shape, new_shape);
            rest_stride = next_stride;
        }
        k += 1;
    }
    let last_stride = mul(rest_stride, ld.v[last]);
    if m.count() == 0 {
        return L::int(rest_shape, last_stride);
    }
    if rest_shape != 1 {
        m.push_int(rest_shape, last_stride);
    }
    m.build_unwrapped()
}

const fn compose_with(lhs: &L, rs: &Tree, rd: &Tree) -> L {
    let flat = coalesce_x(lhs);
    let (ls, ld) = (flat.shape.leaves(), flat.stride.leaves());
    impl_rec(&flat, &ls, &ld, rs, 0, rd, 0)
}

/// CuTe's `composition(A, B)` of two layouts.
pub(crate) const fn composition(a: &L, b: &L) -> L {
    compose_with(a, &b.shape, &b.stride)
}

const fn composition_tiler_at(a: &L, t: &Tl, i: usize) -> L {
    match tiler::kind(t, i) {
        tiler::Kind::Layout(b) => composition(a, &b),
        tiler::Kind::Under => *a,
        tiler::Kind::Int(n) => compose_with(a, &Tree::int(n), &Tree::int(1)),
        tiler::Kind::Tuple(n) => {
            if n > a.rank() {
                tiler::too_many_modes("composition", t, a)
            }
            let mut m = Modes::new();
            let mut k = 0;
            while k < n {
                m.push(&composition_tiler_at(&a.mode(k), t, t.child(i, k)));
                k += 1;
            }
            m.build()
        }
    }
}

/// CuTe's `composition(A, tiler)`: by-mode; modes of `A` beyond the tiler are dropped.
pub(crate) const fn composition_tiler(a: &L, t: &Tl) -> L {
    composition_tiler_at(a, t, 0)
}
