//! Compile-time failure: a precondition that fails during const evaluation panics with CuTe's
//! words and the numbers involved, so the first line of the compiler error reads e.g.
//! `evaluation panicked: Stride Divisibility Condition: stride _5 vs shape _4 in (_4,_2):(_1,_1)`.

use crate::tree::{INT, LAYOUT, Tree, UNDER};

/// A fixed-size text buffer for messages built in const evaluation.
pub struct Msg {
    buf: [u8; 512],
    len: usize,
}

impl Msg {
    pub(crate) const fn new(text: &str) -> Msg {
        let mut m = Msg {
            buf: [0; 512],
            len: 0,
        };
        m.str(text);
        m
    }

    pub(crate) const fn str(&mut self, text: &str) -> &mut Msg {
        let bytes = text.as_bytes();
        let mut k = 0;
        while k < bytes.len() && self.len < self.buf.len() {
            self.buf[self.len] = bytes[k];
            self.len += 1;
            k += 1;
        }
        self
    }

    /// A static integer as CuTe prints it: `_N`.
    pub(crate) const fn int(&mut self, v: i32) -> &mut Msg {
        self.str("_");
        self.num(v)
    }

    pub(crate) const fn num(&mut self, v: i32) -> &mut Msg {
        let mut digits = [0u8; 12];
        let mut n = 0;
        let mut x = (v as i64).abs();
        if x == 0 {
            digits[0] = b'0';
            n = 1;
        }
        while x > 0 {
            digits[n] = b'0' + (x % 10) as u8;
            x /= 10;
            n += 1;
        }
        if v < 0 {
            self.str("-");
        }
        while n > 0 && self.len < self.buf.len() {
            n -= 1;
            self.buf[self.len] = digits[n];
            self.len += 1;
        }
        self
    }

    /// A tree in CuTe text.
    pub(crate) const fn tree(&mut self, t: &Tree) -> &mut Msg {
        self.node(t, 0);
        self
    }

    const fn node(&mut self, t: &Tree, i: usize) -> usize {
        match t.tag[i] {
            INT => {
                self.int(t.val[i]);
                i + 1
            }
            UNDER => {
                self.str("_");
                i + 1
            }
            LAYOUT => {
                let next = self.node(t, i + 1);
                self.str(":");
                self.node(t, next)
            }
            _ => {
                self.str("(");
                let mut k = i + 1;
                let mut c = 0;
                while c < t.val[i] as usize {
                    if c > 0 {
                        self.str(",");
                    }
                    k = self.node(t, k);
                    c += 1;
                }
                self.str(")");
                k
            }
        }
    }

    /// A layout `shape:stride` in CuTe text.
    pub(crate) const fn layout(&mut self, shape: &Tree, stride: &Tree) -> &mut Msg {
        self.tree(shape);
        self.str(":");
        self.tree(stride)
    }

    /// The message so far.
    pub const fn as_str(&self) -> &str {
        let (head, _) = self.buf.split_at(self.len);
        match core::str::from_utf8(head) {
            Ok(s) => s,
            Err(_) => "cute-static: invalid message",
        }
    }

    /// Stop const evaluation with this message: a compile error.
    pub(crate) const fn fail(&self) -> ! {
        // (The hidden text front end used by the tests panics here on purpose.)
        panic!("{}", self.as_str()) // cannot fire at run time in the typed API: const evaluation only, so it is a compile error
    }
}

const fn overflow(op: &str, a: i32, b: i32) -> ! {
    Msg::new("i32 overflow in ")
        .num(a)
        .str(" ")
        .str(op)
        .str(" ")
        .num(b)
        .fail()
}

/// `a * b`, a compile error on overflow.
pub(crate) const fn mul(a: i32, b: i32) -> i32 {
    match a.checked_mul(b) {
        Some(v) => v,
        None => overflow("*", a, b),
    }
}

/// `a + b`, a compile error on overflow.
pub(crate) const fn add(a: i32, b: i32) -> i32 {
    match a.checked_add(b) {
        Some(v) => v,
        None => overflow("+", a, b),
    }
}

/// `a / b` (C++ truncation), a compile error on division by zero or overflow.
pub(crate) const fn div(a: i32, b: i32) -> i32 {
    if b == 0 {
        Msg::new("division by zero: ").num(a).str(" / 0").fail()
    }
    match a.checked_div(b) {
        Some(v) => v,
        None => overflow("/", a, b),
    }
}

/// `a % b` (C++ sign rules), a compile error on a zero divisor.
pub(crate) const fn rem(a: i32, b: i32) -> i32 {
    if b == 0 {
        Msg::new("division by zero: ").num(a).str(" % 0").fail()
    }
    a.wrapping_rem(b)
}

/// CuTe's `ceil_div(a, b) = (a + b - 1) / b`.
pub(crate) const fn ceil_div(a: i32, b: i32) -> i32 {
    if b == 0 {
        Msg::new("division by zero: ceil_div(")
            .num(a)
            .str(", 0)")
            .fail()
    }
    let wide = (a as i64 + b as i64 - 1) / b as i64;
    if wide > i32::MAX as i64 || wide < i32::MIN as i64 {
        overflow("ceil_div", a, b)
    }
    wide as i32
}

impl core::fmt::Display for Msg {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}
