//! CuTe's `shiftr` on integer bits (`int_tuple.hpp`, `MixedBits`): the shifts the swizzles and
//! their run-time checks use, below every other module.

/// `shiftr(v, s)`: `v >> s` for `s >= 0`, `v << -s` otherwise (0 once every bit is out).
pub(crate) const fn shiftr(v: i32, s: i32) -> i32 {
    if s >= 0 {
        if s >= 32 {
            if v < 0 { -1 } else { 0 }
        } else {
            v >> s
        }
    } else if s <= -32 {
        0
    } else {
        v << -s
    }
}

/// `shiftr` on the bits of `a` as a 32-bit unsigned value: `a >> s` for `s >= 0`, `a << -s`
/// otherwise, 0 once every bit is out.
pub(crate) const fn shiftr_u32(a: i32, s: i32) -> i32 {
    let a = a as u32;
    let r = if s >= 32 || s <= -32 {
        0
    } else if s >= 0 {
        a >> s
    } else {
        a << -s
    };
    r as i32
}
