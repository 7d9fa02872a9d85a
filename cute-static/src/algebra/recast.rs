//! `upcast<N>` and `downcast<N>`.

use super::layout::L;
use crate::error::{Msg, ceil_div, mul};
use crate::tree::INT;

/// CuTe's `upcast<N>`: stride-1 modes get `N` times fewer elements, other strides are divided.
pub(crate) const fn upcast(n: i32, l: &L) -> L {
    if n <= 0 {
        Msg::new("upcast: N must be positive, got ").num(n).fail()
    }
    let (mut s, mut d) = (l.shape, l.stride);
    let mut k = 0;
    while k < s.len {
        if s.tag[k] == INT && d.val[k] != 0 {
            let stride = d.val[k];
            if stride % n != 0 && n % stride != 0 {
                Msg::new("Divisibility condition: upcast<")
                    .num(n)
                    .str(">: stride ")
                    .int(stride)
                    .str(" of ")
                    .layout(&l.shape, &l.stride)
                    .fail()
            }
            let abs = stride.abs();
            s.val[k] = ceil_div(s.val[k], ceil_div(n, abs));
            d.val[k] = mul(stride.signum(), ceil_div(abs, n));
        }
        k += 1;
    }
    L::new(s, d)
}

/// CuTe's `downcast<N>`: stride-±1 modes get `N` times more elements, other strides are
/// multiplied. Needs a stride-1 mode.
pub(crate) const fn downcast(n: i32, l: &L) -> L {
    if n <= 0 {
        Msg::new("downcast: N must be positive, got ").num(n).fail()
    }
    let (mut s, mut d) = (l.shape, l.stride);
    let mut has_one = false;
    let mut k = 0;
    while k < d.len {
        if d.tag[k] == INT && d.val[k] == 1 {
            has_one = true;
        }
        k += 1;
    }
    if !has_one {
        Msg::new("Downcast requires adjacent elements: ")
            .layout(&l.shape, &l.stride)
            .str(" has no stride _1")
            .fail()
    }
    k = 0;
    while k < s.len {
        if s.tag[k] == INT {
            if d.val[k] == 1 || d.val[k] == -1 {
                s.val[k] = mul(s.val[k], n);
            } else {
                d.val[k] = mul(d.val[k], n);
            }
        }
        k += 1;
    }
    L::new(s, d)
}
