//! Dynamic integers in const evaluation: the algorithms run symbolically. A static integer is
//! its value; a dynamic one is a node of a [`Prog`], a straight-line program over the operands'
//! dynamic leaves. Arithmetic follows CuTe's integral-constant rules (static op static is static,
//! `_0 * x == _0`, `_1 * x == x`, anything else with a dynamic operand is dynamic), so the
//! structure of every result and which of its leaves are static are decided while compiling,
//! exactly as CuTe C++ decides them.
//!
//! A precondition on static values is checked while compiling (a compile error in CuTe's
//! words); on dynamic values it becomes a check node, which the checked forms evaluate at run
//! time (CuTe does not check these at all).
//!
//! For run time, [`Code::compile`] cuts the program into one short straight-line segment per
//! output (the nodes that output needs, renumbered), which [`run`] evaluates. LLVM does not yet
//! unroll these loops into the hand-written arithmetic for a mixed layout (measured in the LLVM
//! IR of `layout!((m,_4):(_1,m)).call((3,2))`); all-static layouts use their own plan
//! (`coordinate.rs`), which does fold.

use crate::error::{self, Condition, Msg};
use crate::tree::{List, V};

/// Most nodes one program holds.
pub const PCAP: usize = 512;
/// Most nodes over all output segments of one compiled program.
pub const LCAP: usize = 1024;
/// Most outputs of one compiled program.
pub const OCAP: usize = 128;
/// Most nodes in one output segment.
pub const SEG: usize = 64;

/// A value-level precondition, checked at run time by the checked forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pred {
    /// Composition: stride `a` against shape `b`: `a < b || a % b == 0`.
    StrideDivides,
    /// Composition, complete form: stride `a` below shape `b` that does not divide it, with `c`
    /// elements leaving the mode.
    StrideComplete,
    /// Composition: shape `a` is a multiple of `b`.
    ShapeDivides,
    /// `shape_div(a, b)`: `a % b == 0 || b % a == 0`.
    EitherDivides,
    /// `complement`: the new shape `a` (stride `b` over `c` covered offsets) is not 0.
    Injective,
    /// `upcast<b>`: stride `a` divides or is divided by `b`.
    UpcastDivides,
    /// `tile_to_shape`: the target `a` is a multiple of the block `b`.
    TileDivides,
}

impl Pred {
    /// Whether the values satisfy the condition; `Err` for an arithmetic failure on the way.
    pub(crate) const fn holds(self, a: i32, b: i32, c: i32) -> Result<bool, error::IntError> {
        Ok(match self {
            Pred::StrideDivides => {
                if a < b {
                    true
                } else if b == 0 {
                    return Err(error::IntError::DivisionByZero { op: "%", lhs: a });
                } else {
                    a.wrapping_rem(b) == 0
                }
            }
            Pred::StrideComplete => {
                let below = a < b;
                let m = a.unsigned_abs() as i64;
                if !below || m == 0 {
                    true
                } else {
                    let (b, c) = (b as i64, c as i64);
                    b % m == 0 || (b + m - 1) / m >= c
                }
            }
            Pred::ShapeDivides | Pred::TileDivides => {
                if b == 0 {
                    return Err(error::IntError::DivisionByZero { op: "%", lhs: a });
                }
                a.wrapping_rem(b) == 0
            }
            Pred::EitherDivides => {
                if b == 0 {
                    return Err(error::IntError::DivisionByZero { op: "%", lhs: a });
                }
                a.wrapping_rem(b) == 0 || (a != 0 && b.wrapping_rem(a) == 0)
            }
            Pred::Injective => a != 0,
            Pred::UpcastDivides => {
                (b != 0 && a.wrapping_rem(b) == 0) || (a != 0 && b.wrapping_rem(a) == 0)
            }
        })
    }

    /// The CuTe condition this check stands for.
    pub(crate) const fn condition(self) -> Condition {
        match self {
            Pred::StrideDivides => Condition::StrideDivisibility,
            Pred::StrideComplete => Condition::StrideDivisibilityComplete,
            Pred::ShapeDivides => Condition::ShapeDivisibility,
            Pred::EitherDivides => Condition::Divisibility,
            Pred::Injective => Condition::NonInjectiveComplement,
            Pred::UpcastDivides => Condition::UpcastDivisibility,
            Pred::TileDivides => Condition::TileToShapeDivides,
        }
    }
}

/// A program instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Operand leaf number `a` (the operands' dynamic leaves, in order).
    Input,
    /// `a * b`
    Mul,
    /// `a + b`
    Add,
    /// `a - b`
    Sub,
    /// `a / b` (C++ truncation)
    Div,
    /// `a % b` (C++ sign rules)
    Rem,
    /// `(a + b - 1) / b`
    CeilDiv,
    /// `min(a, b)`
    Min,
    /// `|a|`
    Abs,
    /// `signum(a)`
    Signum,
    /// `a == b` as 1 or 0
    Eq,
    /// `a && b` on 1/0
    And,
    /// A run-time precondition on `a`, `b`, `c`; its value is 0.
    Check(Pred),
}

/// A straight-line program in const evaluation: nodes in creation order, each after its inputs.
#[derive(Clone, Copy, Debug)]
pub struct Prog {
    pub(crate) op: [Op; PCAP],
    pub(crate) a: [V; PCAP],
    pub(crate) b: [V; PCAP],
    pub(crate) c: [V; PCAP],
    pub(crate) n: usize,
    pub(crate) inputs: usize,
}

const Z: V = V::s(0);

impl Prog {
    /// A program whose first `inputs` nodes are the operands' dynamic leaves.
    pub(crate) const fn new(inputs: usize) -> Prog {
        let mut p = Prog {
            op: [Op::Input; PCAP],
            a: [Z; PCAP],
            b: [Z; PCAP],
            c: [Z; PCAP],
            n: 0,
            inputs,
        };
        let mut k = 0;
        while k < inputs {
            p.push(Op::Input, V::s(k as i32), Z, Z);
            k += 1;
        }
        p
    }

    const fn push(&mut self, op: Op, a: V, b: V, c: V) -> V {
        if self.n >= PCAP {
            Msg::new("cute-static: more than 512 run-time operations in one result").fail()
        }
        self.op[self.n] = op;
        self.a[self.n] = a;
        self.b[self.n] = b;
        self.c[self.n] = c;
        self.n += 1;
        V::node(self.n - 1)
    }

    /// `a * b`: `_0` absorbs, `_1` is neutral.
    pub(crate) const fn mul(&mut self, a: V, b: V) -> V {
        if a.is_const(0) || b.is_const(0) {
            return V::s(0);
        }
        if a.is_static() && b.is_static() {
            return V::s(error::mul(a.v, b.v));
        }
        if a.is_const(1) {
            return b;
        }
        if b.is_const(1) {
            return a;
        }
        self.push(Op::Mul, a, b, Z)
    }

    /// `a + b` (`_0` is neutral).
    pub(crate) const fn add(&mut self, a: V, b: V) -> V {
        if a.is_static() && b.is_static() {
            return V::s(error::add(a.v, b.v));
        }
        if a.is_const(0) {
            return b;
        }
        if b.is_const(0) {
            return a;
        }
        self.push(Op::Add, a, b, Z)
    }

    /// `a - b`.
    pub(crate) const fn sub(&mut self, a: V, b: V) -> V {
        if a.is_static() && b.is_static() {
            return V::s(error::sub(a.v, b.v));
        }
        if b.is_const(0) {
            return a;
        }
        self.push(Op::Sub, a, b, Z)
    }

    /// `a / b`, `a % b` or `ceil_div(a, b)`: a static `_0` divisor is a compile error; CuTe's
    /// `_0 / x` and `_0 % x` are `_0`, and still leave their node so that the checked form sees
    /// a zero `x` (CuTe C++ dies of SIGFPE there).
    const fn division(&mut self, op: Op, a: V, b: V) -> V {
        if b.is_const(0) {
            Msg::new("division by zero: ")
                .v(a)
                .str(" ")
                .str(op_name(op))
                .str(" _0")
                .fail()
        }
        if a.is_static() && b.is_static() {
            return V::s(match op {
                Op::Div => error::div(a.v, b.v),
                Op::Rem => error::rem(a.v, b.v),
                _ => error::ceil_div(a.v, b.v),
            });
        }
        let node = self.push(op, a, b, Z);
        if a.is_const(0) && !matches!(op, Op::CeilDiv) {
            V::s(0)
        } else {
            node
        }
    }

    /// `a / b` (C++ truncation; `_0 / x == _0`, `x / _1 == x`).
    pub(crate) const fn div(&mut self, a: V, b: V) -> V {
        if b.is_const(1) {
            return a;
        }
        self.division(Op::Div, a, b)
    }

    /// `a % b` (`x % _1 == _0`, `x % _-1 == _0`, `_0 % x == _0`).
    pub(crate) const fn rem(&mut self, a: V, b: V) -> V {
        if b.is_const(1) || b.is_const(-1) {
            return V::s(0);
        }
        self.division(Op::Rem, a, b)
    }

    /// CuTe's `ceil_div(a, b) = (a + b - 1) / b`.
    pub(crate) const fn ceil_div(&mut self, a: V, b: V) -> V {
        self.division(Op::CeilDiv, a, b)
    }

    /// `min(a, b)`: static only if both are.
    pub(crate) const fn min(&mut self, a: V, b: V) -> V {
        if a.is_static() && b.is_static() {
            return V::s(if b.v < a.v { b.v } else { a.v });
        }
        if a.same(b) {
            return a;
        }
        self.push(Op::Min, a, b, Z)
    }

    /// `|a|`.
    pub(crate) const fn abs(&mut self, a: V) -> V {
        if a.is_static() {
            if a.v == i32::MIN {
                Msg::new("i32 overflow in abs(").num(a.v).str(")").fail()
            }
            return V::s(a.v.abs());
        }
        self.push(Op::Abs, a, Z, Z)
    }

    /// `signum(a)`.
    pub(crate) const fn signum(&mut self, a: V) -> V {
        if a.is_static() {
            return V::s(a.v.signum());
        }
        self.push(Op::Signum, a, Z, Z)
    }

    /// `a == b` as a CuTe boolean (`_1`/`_0` when both are static).
    pub(crate) const fn eq(&mut self, a: V, b: V) -> V {
        if a.is_static() && b.is_static() {
            return V::s((a.v == b.v) as i32);
        }
        self.push(Op::Eq, a, b, Z)
    }

    /// `a && b` with CuTe's rules (a static false absorbs).
    pub(crate) const fn and(&mut self, a: V, b: V) -> V {
        if a.is_const(0) || b.is_const(0) {
            return V::s(0);
        }
        if a.is_static() && b.is_static() {
            return V::s(1);
        }
        if a.is_const(1) {
            return b;
        }
        if b.is_const(1) {
            return a;
        }
        self.push(Op::And, a, b, Z)
    }

    /// The product of a list (CuTe's `size` of its leaves); `_1` for none.
    pub(crate) const fn product(&mut self, l: &List) -> V {
        let mut acc = V::s(1);
        let mut k = 0;
        while k < l.n {
            acc = self.mul(acc, l.v[k]);
            k += 1;
        }
        acc
    }

    /// A precondition checked only at run time, whatever its operands (by the checked forms).
    pub(crate) const fn check_at_run_time(&mut self, pred: Pred, a: V, b: V, c: V) {
        if a.is_static() && b.is_static() && c.is_static() {
            if let Ok(true) = pred.holds(a.v, b.v, c.v) {
                return;
            }
        }
        self.push(Op::Check(pred), a, b, c);
    }

    /// A precondition: on static values, whether it holds (the caller stops compilation with
    /// CuTe's words if not); on dynamic values, a run-time check for the checked forms, and
    /// `true` now.
    pub(crate) const fn require(&mut self, pred: Pred, a: V, b: V, c: V) -> bool {
        if a.is_static() && b.is_static() && c.is_static() {
            return match pred.holds(a.v, b.v, c.v) {
                Ok(ok) => ok,
                Err(_) => false,
            };
        }
        self.push(Op::Check(pred), a, b, c);
        true
    }
}

/// One instruction of a compiled segment; dynamic operands are indices into the segment.
#[derive(Clone, Copy, Debug)]
pub struct Ins {
    pub(crate) op: Op,
    pub(crate) a: V,
    pub(crate) b: V,
}

/// A program cut into one straight-line segment per output.
#[derive(Clone, Copy, Debug)]
pub struct Code {
    pub(crate) ins: [Ins; LCAP],
    pub(crate) start: [u16; OCAP + 1],
}

impl Code {
    /// No outputs.
    pub(crate) const fn empty() -> Code {
        Code {
            ins: [Ins {
                op: Op::Input,
                a: Z,
                b: Z,
            }; LCAP],
            start: [0; OCAP + 1],
        }
    }

    /// The segments of `p` that compute each of `outs` (all dynamic).
    pub(crate) const fn compile(p: &Prog, outs: &List) -> Code {
        let mut code = Code {
            ins: [Ins {
                op: Op::Input,
                a: Z,
                b: Z,
            }; LCAP],
            start: [0; OCAP + 1],
        };
        if outs.n > OCAP {
            Msg::new("cute-static: more than 128 dynamic leaves in one result").fail()
        }
        let mut at = 0usize;
        let mut j = 0;
        while j < outs.n {
            code.start[j] = at as u16;
            // Mark what output j needs (nodes come after their inputs, so one backward pass).
            let mut need = [false; PCAP];
            need[outs.v[j].v as usize] = true;
            let mut k = p.n;
            while k > 0 {
                k -= 1;
                if need[k] {
                    if p.a[k].dynamic && !matches!(p.op[k], Op::Input) {
                        need[p.a[k].v as usize] = true;
                    }
                    if p.b[k].dynamic {
                        need[p.b[k].v as usize] = true;
                    }
                }
            }
            // Emit them in order, renumbered within the segment.
            let mut local = [0usize; PCAP];
            let mut count = 0;
            k = 0;
            while k < p.n {
                if need[k] {
                    if at >= LCAP || count >= SEG {
                        Msg::new("cute-static: a run-time value needs too many operations").fail()
                    }
                    local[k] = count;
                    let is_input = matches!(p.op[k], Op::Input);
                    code.ins[at] = Ins {
                        op: p.op[k],
                        a: if is_input {
                            p.a[k]
                        } else {
                            renum(p.a[k], &local)
                        },
                        b: renum(p.b[k], &local),
                    };
                    at += 1;
                    count += 1;
                }
                k += 1;
            }
            j += 1;
        }
        code.start[outs.n] = at as u16;
        code
    }
}

const fn renum(v: V, local: &[usize; PCAP]) -> V {
    if v.dynamic {
        V::node(local[v.v as usize])
    } else {
        v
    }
}

/// One instruction on run-time values, as CuTe's C++ `int` arithmetic computes it (wrapping on
/// overflow, where C++ is undefined; a zero divisor gives 0, where C++ traps). The checked forms
/// use [`step_checked`] instead.
#[inline(always)]
pub(crate) const fn step(op: Op, a: i32, b: i32) -> i32 {
    match op {
        Op::Mul => a.wrapping_mul(b),
        Op::Add => a.wrapping_add(b),
        Op::Sub => a.wrapping_sub(b),
        Op::Div => {
            if b == 0 {
                0
            } else {
                a.wrapping_div(b)
            }
        }
        Op::Rem => {
            if b == 0 {
                0
            } else {
                a.wrapping_rem(b)
            }
        }
        Op::CeilDiv => {
            if b == 0 {
                0
            } else {
                a.wrapping_add(b).wrapping_sub(1).wrapping_div(b)
            }
        }
        Op::Min => {
            if b < a {
                b
            } else {
                a
            }
        }
        Op::Abs => a.wrapping_abs(),
        Op::Signum => a.signum(),
        Op::Eq => (a == b) as i32,
        Op::And => (a != 0 && b != 0) as i32,
        Op::Input | Op::Check(_) => 0,
    }
}

/// One instruction with every failure reported: overflow, division by zero.
pub(crate) const fn step_checked(op: Op, a: i32, b: i32) -> Result<i32, error::IntError> {
    use error::IntError;
    let over = IntError::Overflow {
        op: op_name(op),
        lhs: a,
        rhs: b,
    };
    let by_zero = IntError::DivisionByZero {
        op: op_name(op),
        lhs: a,
    };
    let r = match op {
        Op::Mul => a.checked_mul(b),
        Op::Add => a.checked_add(b),
        Op::Sub => a.checked_sub(b),
        Op::Div | Op::Rem | Op::CeilDiv if b == 0 => return Err(by_zero),
        Op::Div => a.checked_div(b),
        Op::Rem => a.checked_rem(b),
        Op::CeilDiv => {
            let wide = (a as i64 + b as i64 - 1) / b as i64;
            if wide > i32::MAX as i64 || wide < i32::MIN as i64 {
                None
            } else {
                Some(wide as i32)
            }
        }
        Op::Abs => a.checked_abs(),
        _ => Some(step(op, a, b)),
    };
    match r {
        Some(v) => Ok(v),
        None => Err(over),
    }
}

const fn op_name(op: Op) -> &'static str {
    match op {
        Op::Mul => "*",
        Op::Add => "+",
        Op::Sub => "-",
        Op::Div => "/",
        Op::Rem => "%",
        Op::CeilDiv => "ceil_div",
        Op::Abs => "abs",
        _ => "op",
    }
}

/// Output `j` of `code`, its inputs read through `input` (inlined into the caller, where the
/// code is a constant).
#[inline(always)]
pub(crate) fn run(code: &Code, j: usize, input: impl Fn(usize) -> i32) -> i32 {
    let (s, e) = (code.start[j] as usize, code.start[j + 1] as usize);
    let mut vals = [0i32; SEG];
    let mut k = s;
    while k < e {
        let ins = code.ins[k];
        let get = |v: V| if v.dynamic { vals[v.v as usize] } else { v.v };
        vals[k - s] = match ins.op {
            Op::Input => input(ins.a.v as usize),
            op => step(op, get(ins.a), get(ins.b)),
        };
        k += 1;
    }
    vals[e - s - 1]
}

/// Run every node of `p` with checked arithmetic and evaluate its checks: the first failure.
pub(crate) fn run_checked(
    p: &Prog,
    input: impl Fn(usize) -> i32,
) -> Result<(), error::LayoutError> {
    let mut vals = [0i32; PCAP];
    let mut k = 0;
    while k < p.n {
        let get = |v: V| if v.dynamic { vals[v.v as usize] } else { v.v };
        let (a, b, c) = (get(p.a[k]), get(p.b[k]), get(p.c[k]));
        vals[k] = match p.op[k] {
            Op::Input => input(p.a[k].v as usize),
            Op::Check(pred) => match pred.holds(a, b, c) {
                Ok(true) => 0,
                Ok(false) => return Err(error::LayoutError::condition_failed(pred, a, b, c)),
                Err(e) => return Err(e.into()),
            },
            op => step_checked(op, a, b)?,
        };
        k += 1;
    }
    Ok(())
}
