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
//! For run time, a [`Flat`] program follows every dynamic leaf back through the chain of
//! operations to the `i32`s the user wrote, and a [`Straight`] program computes what is asked
//! (the leaves, `layout(coord)`, the size) from those. Its instructions are a constant of the
//! type asking; [`eval`] unrolls them, so LLVM sees only the arithmetic they describe and folds
//! it into the hand-written index computation (measured by `scripts/zero-cost.sh`).

use crate::bits::shiftr_u32;
pub(crate) use crate::error::Pred;
use crate::error::{self, Condition, Msg};
use crate::tree::{List, V};

/// Most nodes one program holds.
pub const PCAP: usize = 512;

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
    /// `a & b` (bits)
    BitAnd,
    /// `a ^ b` (bits)
    BitXor,
    /// CuTe's `shiftr(a, b)` on a 32-bit unsigned value (MixedBits): `a >> b` for `b >= 0`,
    /// `a << -b` otherwise, 0 once every bit is out.
    ShiftR,
    /// A run-time precondition on `a`, `b`, `c`; its value is 0.
    Check(Pred),
}

impl Op {
    /// The instructions other than checks, in declaration order: `PLAIN[k]`'s code is `k`.
    const PLAIN: [Op; 15] = [
        Op::Input,
        Op::Mul,
        Op::Add,
        Op::Sub,
        Op::Div,
        Op::Rem,
        Op::CeilDiv,
        Op::Min,
        Op::Abs,
        Op::Signum,
        Op::Eq,
        Op::And,
        Op::BitAnd,
        Op::BitXor,
        Op::ShiftR,
    ];

    /// `self` as a byte (a [`Prog`] stores its nodes' operations so): an index of
    /// [`Op::PLAIN`], or a check's precondition after them.
    const fn code(self) -> u8 {
        match self {
            Op::Input => 0,
            Op::Mul => 1,
            Op::Add => 2,
            Op::Sub => 3,
            Op::Div => 4,
            Op::Rem => 5,
            Op::CeilDiv => 6,
            Op::Min => 7,
            Op::Abs => 8,
            Op::Signum => 9,
            Op::Eq => 10,
            Op::And => 11,
            Op::BitAnd => 12,
            Op::BitXor => 13,
            Op::ShiftR => 14,
            Op::Check(p) => Op::PLAIN.len() as u8 + p as u8,
        }
    }

    /// The operation of [`Op::code`] `code`.
    const fn from_code(code: u8) -> Op {
        let plain = Op::PLAIN.len();
        if (code as usize) < plain {
            Op::PLAIN[code as usize]
        } else {
            Op::Check(Pred::ALL[code as usize - plain])
        }
    }
}

/// A straight-line program in const evaluation: nodes in creation order, each after its inputs.
///
/// `N` is its capacity: [`PCAP`] while compiling, 0 at run time ([`Run`]), where nothing is
/// recorded (no tape to set up for each run). `T` is 1 at run time, where the text of a refusal
/// is kept ([`Prog::refuse`]), and 0 while compiling, where a refusal is a compile error (and
/// the program, copied through every operation, carries no text buffer).
#[derive(Clone, Copy, Debug)]
pub struct Prog<const N: usize = PCAP, const T: usize = 0> {
    // Node `k` is `op[k]` on `a[k]`, `b[k]`, `c[k]`, each stored as a word (`Op::code`,
    // `V::bits`): rustc validates each constant's value when compiling, an array of integers
    // at once but an array of enums or structs element by element and field by field, and a
    // program is part of many constants of every type.
    op: [u8; N],
    a: [u64; N],
    b: [u64; N],
    c: [u64; N],
    pub(crate) n: usize,
    run: Run,
    /// At run time, the first failed precondition or arithmetic.
    failure: Option<error::LayoutError>,
    /// The compile error's text of that failure, where it is a refusal ([`Prog::refuse`]).
    refusal: [Option<Msg>; T],
}

/// How a [`Prog`] runs the algebra.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Run {
    /// While compiling: a dynamic integer is a node of the program; a failure on static values
    /// is a compile error.
    Compile,
    /// At run time, an operation's static twin ([`Prog::twin`]): every value static.
    Twin,
    /// At run time, eagerly ([`Prog::eager`]): a dynamic integer is its value, computed on the
    /// spot, and a precondition on it is checked on the spot.
    Eager,
    /// At run time, eagerly as CuTe C++ runs on `int`s ([`Prog::as_cute`]): a precondition on
    /// a dynamic integer is not checked.
    AsCute,
    /// At run time, eagerly ([`Prog::eager_compared`]), for `composition` itself: a composition
    /// its rule does not show to be `A o B` is compared point by point on its values.
    Compared,
}

const Z: V = V::s(0);

/// Integer arithmetic other than scaling has no meaning on a scaled basis (the stride of an
/// identity layout): a compile error naming the operation.
#[inline(always)]
const fn plain(op: &str, a: V, b: V) {
    if a.is_basis() || b.is_basis() {
        basis_operand(op, a, b)
    }
}

/// [`plain`]'s compile error.
#[cold]
#[inline(never)]
const fn basis_operand(op: &str, a: V, b: V) -> ! {
    Msg::new("cute-static: `")
        .str(op)
        .str("` of ")
        .v(a)
        .str(" and ")
        .v(b)
        .str(": a scaled basis (an identity layout's stride) is only ever scaled by an integer")
        .fail()
}

impl Prog {
    /// A program whose first `inputs` nodes are the operands' dynamic leaves.
    pub(crate) const fn new(inputs: usize) -> Prog {
        let mut p = Prog {
            op: [0; PCAP],
            a: [0; PCAP],
            b: [0; PCAP],
            c: [0; PCAP],
            n: 0,
            run: Run::Compile,
            failure: None,
            refusal: [],
        };
        let mut k = 0;
        while k < inputs {
            p.push(Op::Input, V::s(k as i32), Z, Z);
            k += 1;
        }
        p
    }
}

/// A program at run time ([`Prog::twin`], [`Prog::eager`]).
pub(crate) type AtRun = Prog<0, 1>;

impl AtRun {
    /// A program for the static twin of an operation, run at run time by the checked forms:
    /// every value is static (the operands' run-time values), as CuTe computes when it knows
    /// them. A failed precondition or arithmetic is recorded ([`Prog::outcome`]) instead of
    /// stopping compilation, and the run goes on with a stand-in value.
    pub(crate) const fn twin() -> AtRun {
        Prog::at_run_time(Run::Twin)
    }

    /// A program that runs an operation eagerly on run-time values (cute-dynamic's operations):
    /// a dynamic integer is its value, tagged dynamic, and every operation on it is computed on
    /// the spot with CuTe's static/dynamic rules, so the result has the structure and the tags
    /// that compiling gives, and the values that running gives. A failed precondition (on static
    /// or dynamic values) or arithmetic is recorded ([`Prog::outcome`]), and the run goes on
    /// with a stand-in value.
    pub(crate) const fn eager() -> AtRun {
        Prog::at_run_time(Run::Eager)
    }

    /// An eager run ([`Prog::eager`]) of `composition(A, B)` itself, which compares a result its
    /// rule does not show to be `A o B` point by point on its values (within a divide or a
    /// product, or by a tiler, such a result with run-time values is refused, as while
    /// compiling, where they are not known).
    pub(crate) const fn eager_compared() -> AtRun {
        Prog::at_run_time(Run::Compared)
    }

    /// An eager run ([`Prog::eager`]) as CuTe C++ computes on run-time integers: its
    /// preconditions are static assertions, so one on a dynamic value is not checked (its
    /// arithmetic and its preconditions on static values are, as in an eager run).
    pub(crate) const fn as_cute() -> AtRun {
        Prog::at_run_time(Run::AsCute)
    }

    const fn at_run_time(run: Run) -> AtRun {
        Prog {
            op: [],
            a: [],
            b: [],
            c: [],
            n: 0,
            run,
            failure: None,
            refusal: [None],
        }
    }
}

impl<const N: usize, const T: usize> Prog<N, T> {
    /// Node `k`'s operation.
    pub(crate) const fn op(&self, k: usize) -> Op {
        Op::from_code(self.op[k])
    }

    /// Node `k`'s first operand (an input node's: its leaf number).
    pub(crate) const fn a(&self, k: usize) -> V {
        V::from_bits(self.a[k])
    }

    /// Node `k`'s second operand.
    pub(crate) const fn b(&self, k: usize) -> V {
        V::from_bits(self.b[k])
    }

    /// Node `k`'s third operand.
    pub(crate) const fn c(&self, k: usize) -> V {
        V::from_bits(self.c[k])
    }

    /// Whether this is a static twin's program ([`Prog::twin`]).
    pub(crate) const fn is_twin(&self) -> bool {
        matches!(self.run, Run::Twin)
    }

    /// Whether this program runs eagerly ([`Prog::eager`]): every value is known, dynamic ones
    /// too.
    pub(crate) const fn is_eager(&self) -> bool {
        matches!(self.run, Run::Eager | Run::AsCute | Run::Compared)
    }

    /// Whether a composition not shown to be `A o B` is compared point by point on run-time
    /// values ([`Prog::eager_compared`]).
    pub(crate) const fn compares(&self) -> bool {
        matches!(self.run, Run::Compared)
    }

    /// Whether this program runs at run time ([`Prog::twin`], [`Prog::eager`]): a failure is
    /// recorded, not a compile error.
    pub(crate) const fn at_run(&self) -> bool {
        !matches!(self.run, Run::Compile)
    }

    /// The verdict of a run at run time: its first failure, if any.
    pub(crate) const fn outcome(&self) -> Result<(), error::LayoutError> {
        match self.failure {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    const fn record(&mut self, e: error::LayoutError) {
        if self.failure.is_none() {
            self.failure = Some(e);
        }
    }

    /// CuTe's refusal of a structure, whatever the values (`message`: the compile error, with the
    /// operands): a compile error while compiling, recorded at run time, where the caller goes
    /// on with a stand-in.
    pub(crate) const fn refuse(&mut self, condition: error::Condition, message: &Msg) {
        self.refuse_as(error::LayoutError::refused(condition), message);
    }

    /// CuTe's refusal of operands by no named condition (`message`: the compile error): as
    /// [`Prog::refuse`].
    pub(crate) const fn refuse_invalid(&mut self, message: &Msg) {
        self.refuse_as(error::LayoutError::invalid(), message);
    }

    const fn refuse_as(&mut self, e: error::LayoutError, message: &Msg) {
        if !self.at_run() {
            message.fail()
        }
        if let (None, Some(text)) = (self.failure, self.refusal.first_mut()) {
            *text = Some(*message);
        }
        self.record(e);
    }

    /// The text of the first failure of a run at run time, where it is a refusal
    /// ([`Prog::refuse`]): the compile error it stands for.
    pub(crate) const fn refusal(&self) -> Option<&Msg> {
        match self.refusal.first() {
            Some(Some(m)) if self.failure.is_some() => Some(m),
            _ => None,
        }
    }

    /// Static arithmetic: a compile error on failure, or recorded at run time.
    const fn arith(&mut self, op: Op, a: i32, b: i32) -> i32 {
        if !self.at_run() {
            return match op {
                Op::Mul => error::mul(a, b),
                Op::Add => error::add(a, b),
                Op::Sub => error::sub(a, b),
                Op::Div => error::div(a, b),
                Op::Rem => error::rem(a, b),
                _ => error::ceil_div(a, b),
            };
        }
        match step_checked(op, a, b) {
            Ok(v) => v,
            Err(e) => {
                self.record(error::LayoutError::arithmetic_failed(e));
                0
            }
        }
    }

    pub(crate) const fn push(&mut self, op: Op, a: V, b: V, c: V) -> V {
        if self.is_eager() {
            return self.compute(op, a, b, c);
        }
        if self.n >= N {
            Msg::new("cute-static: more than 512 run-time operations in one result").fail()
        }
        self.op[self.n] = op.code();
        self.a[self.n] = a.bits();
        self.b[self.n] = b.bits();
        self.c[self.n] = c.bits();
        self.n += 1;
        V::node(self.n - 1)
    }

    /// An instruction of an eager run ([`Prog::eager`]) on the operands' values: its value,
    /// tagged dynamic. A check is evaluated and its failure recorded (not as CuTe,
    /// [`Prog::as_cute`]); failed arithmetic is recorded and gives 0.
    const fn compute(&mut self, op: Op, a: V, b: V, c: V) -> V {
        let value = match op {
            Op::Check(_) if matches!(self.run, Run::AsCute) => 0,
            Op::Check(pred) => {
                match pred.holds(a.v, b.v, c.v) {
                    Ok(true) => {}
                    Ok(false) => {
                        self.record(error::LayoutError::condition_failed(pred, a.v, b.v, c.v))
                    }
                    Err(e) => self.record(error::LayoutError::arithmetic_failed(e)),
                }
                0
            }
            _ => match step_checked(op, a.v, b.v) {
                Ok(v) => v,
                Err(e) => {
                    self.record(error::LayoutError::arithmetic_failed(e));
                    0
                }
            },
        };
        V::eager(value)
    }

    /// `a * b`: `_0` absorbs, `_1` is neutral; an integer times a scaled basis scales its value
    /// (CuTe's `k * v@i == (k*v)@i`).
    pub(crate) const fn mul(&mut self, a: V, b: V) -> V {
        if a.is_basis() || b.is_basis() {
            if a.is_basis() && b.is_basis() {
                Msg::new("cute-static: the product of two scaled bases ")
                    .v(a)
                    .str(" and ")
                    .v(b)
                    .fail()
            }
            let basis = a.basis | b.basis;
            return self.mul(a.at_basis(0), b.at_basis(0)).at_basis(basis);
        }
        if a.is_const(0) || b.is_const(0) {
            return V::s(0);
        }
        if a.is_static() && b.is_static() {
            return V::s(self.arith(Op::Mul, a.v, b.v));
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
        plain("+", a, b);
        if a.is_static() && b.is_static() {
            return V::s(self.arith(Op::Add, a.v, b.v));
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
        plain("-", a, b);
        if a.is_static() && b.is_static() {
            return V::s(self.arith(Op::Sub, a.v, b.v));
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
        plain(op_name(op), a, b);
        if b.is_const(0) && self.at_run() {
            self.record(error::LayoutError::arithmetic_failed(
                error::IntError::DivisionByZero {
                    op: op_name(op),
                    lhs: a.v,
                },
            ));
            return V::s(0);
        }
        if b.is_const(0) {
            Msg::new("division by zero: ")
                .v(a)
                .str(" ")
                .str(op_name(op))
                .str(" _0")
                .fail()
        }
        if a.is_static() && b.is_static() {
            return V::s(self.arith(op, a.v, b.v));
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

    /// `a % b` kept a run-time value for a run-time `a`, also where `b` is `_1` (the value is
    /// then 0): what CuTe's arithmetic leaves dynamic although [`Prog::rem`] would fold it.
    pub(crate) const fn rem_kept(&mut self, a: V, b: V) -> V {
        if a.is_static() {
            return self.rem(a, b);
        }
        self.division(Op::Rem, a, b)
    }

    /// CuTe's `ceil_div(a, b) = (a + b - 1) / b`.
    pub(crate) const fn ceil_div(&mut self, a: V, b: V) -> V {
        self.division(Op::CeilDiv, a, b)
    }

    /// `min(a, b)`: static only if both are.
    pub(crate) const fn min(&mut self, a: V, b: V) -> V {
        plain("min", a, b);
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
        plain("abs", a, Z);
        if a.is_static() && a.v == i32::MIN && self.at_run() {
            self.record(error::LayoutError::arithmetic_failed(
                error::IntError::Overflow {
                    op: "abs",
                    lhs: a.v,
                    rhs: 0,
                },
            ));
            return V::s(0);
        }
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
        plain("signum", a, Z);
        if a.is_static() {
            return V::s(a.v.signum());
        }
        self.push(Op::Signum, a, Z, Z)
    }

    /// `a == b` as a CuTe boolean (`_1`/`_0` when both are static). Scaled bases are equal
    /// only at the same position (never to an integer).
    pub(crate) const fn eq(&mut self, a: V, b: V) -> V {
        if a.basis != b.basis {
            return V::s(0);
        }
        let (a, b) = (a.at_basis(0), b.at_basis(0));
        if a.is_static() && b.is_static() {
            return V::s((a.v == b.v) as i32);
        }
        self.push(Op::Eq, a, b, Z)
    }

    /// `a && b` with CuTe's rules (a static false absorbs).
    pub(crate) const fn and(&mut self, a: V, b: V) -> V {
        plain("&&", a, b);
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

    /// `a & b` on the bits (`_0` absorbs).
    pub(crate) const fn bit_and(&mut self, a: V, b: V) -> V {
        plain("&", a, b);
        if a.is_const(0) || b.is_const(0) {
            return V::s(0);
        }
        if a.is_static() && b.is_static() {
            return V::s(a.v & b.v);
        }
        self.push(Op::BitAnd, a, b, Z)
    }

    /// `a ^ b` on the bits (`_0` is neutral).
    pub(crate) const fn bit_xor(&mut self, a: V, b: V) -> V {
        plain("^", a, b);
        if a.is_static() && b.is_static() {
            return V::s(a.v ^ b.v);
        }
        if a.is_const(0) {
            return b;
        }
        if b.is_const(0) {
            return a;
        }
        self.push(Op::BitXor, a, b, Z)
    }

    /// CuTe's `shiftr(a, s)` of a 32-bit unsigned value by a static `s` ([`shiftr_u32`]).
    pub(crate) const fn shiftr_u32(&mut self, a: V, s: i32) -> V {
        plain("shiftr", a, Z);
        if a.is_static() {
            return V::s(shiftr_u32(a.v, s));
        }
        if s == 0 {
            return a;
        }
        self.push(Op::ShiftR, a, V::s(s), Z)
    }

    /// The product of a list (CuTe's `size` of its leaves); `_1` for none.
    pub(crate) const fn product<const C: usize>(&mut self, l: &List<C>) -> V {
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
            if self.at_run() {
                self.require(pred, a, b, c);
                return;
            }
        }
        self.push(Op::Check(pred), a, b, c);
    }

    /// A precondition: on static values, whether it holds (the caller stops compilation with
    /// CuTe's words if not); on dynamic values, a run-time check for the checked forms, and
    /// `true` now.
    pub(crate) const fn require(&mut self, pred: Pred, a: V, b: V, c: V) -> bool {
        plain("a precondition", a, b);
        plain("a precondition", c, Z);
        if a.is_static() && b.is_static() && c.is_static() {
            let holds = pred.holds(a.v, b.v, c.v);
            if self.at_run() {
                match holds {
                    Ok(true) => {}
                    Ok(false) => {
                        self.record(error::LayoutError::condition_failed(pred, a.v, b.v, c.v))
                    }
                    Err(e) => self.record(error::LayoutError::arithmetic_failed(e)),
                }
                return true;
            }
            return match holds {
                Ok(ok) => ok,
                Err(_) => false,
            };
        }
        self.push(Op::Check(pred), a, b, c);
        true
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
        Op::BitAnd => a & b,
        Op::BitXor => a ^ b,
        Op::ShiftR => shiftr_u32(a, b),
        Op::Input | Op::Check(_) => 0,
    }
}

/// One instruction with every failure reported: overflow, division by zero.
#[inline]
pub(crate) const fn step_checked(op: Op, a: i32, b: i32) -> Result<i32, error::IntError> {
    use error::IntError;
    let r = match op {
        Op::Mul => a.checked_mul(b),
        Op::Add => a.checked_add(b),
        Op::Sub => a.checked_sub(b),
        Op::Div | Op::Rem | Op::CeilDiv if b == 0 => {
            return Err(IntError::DivisionByZero {
                op: op_name(op),
                lhs: a,
            });
        }
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
        None => Err(IntError::Overflow {
            op: op_name(op),
            lhs: a,
            rhs: b,
        }),
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

/// How a value's dynamic leaves follow from its *roots*, the run-time integers the user wrote
/// (the `i32` leaves of the layouts and tuples at the bottom of a chain of operations): one
/// program through every operation in between, reduced to what the leaves need. Input node
/// `a = k` reads root `k`; input nodes may stand anywhere.
#[derive(Clone, Copy, Debug)]
pub struct Flat {
    pub(crate) prog: Prog,
    /// Dynamic leaf `k` is node `out.v[k]`.
    pub(crate) out: List,
    /// How many roots.
    pub(crate) roots: usize,
}

impl Flat {
    /// `n` dynamic leaves that are their own roots (an `i32`, a tuple of them).
    pub(crate) const fn identity(n: usize) -> Flat {
        let mut f = Flat {
            prog: Prog::new(n),
            out: List::new(),
            roots: n,
        };
        let mut k = 0;
        while k < n {
            f.out.push(V::node(k));
            k += 1;
        }
        f
    }

    /// Nothing: no leaves, no roots (the flat program of every all-static value).
    pub(crate) const EMPTY: Flat = Flat::identity(0);

    /// Copy node `k` of `src` into `self.prog`, its operands mapped through `map`; an input
    /// node reads root `a + roots`.
    const fn copy_node(&mut self, src: &Prog, k: usize, map: &[V; PCAP], roots: usize) -> V {
        match src.op(k) {
            Op::Input => self
                .prog
                .push(Op::Input, V::s(src.a(k).v + roots as i32), Z, Z),
            op => self
                .prog
                .push(op, mapped(src.a(k), map), mapped(src.b(k), map), Z),
        }
    }

    /// `self`'s leaves followed by `next`'s (a tuple of operands): `next`'s roots come after
    /// `self`'s.
    pub(crate) const fn then(mut self, next: &Flat) -> Flat {
        if next.roots == 0 && next.out.n == 0 {
            return self;
        }
        let mut map = [Z; PCAP];
        let mut k = 0;
        while k < next.prog.n {
            map[k] = self.copy_node(&next.prog, k, &map, self.roots);
            k += 1;
        }
        k = 0;
        while k < next.out.n {
            self.out.push(map[next.out.v[k].v as usize]);
            k += 1;
        }
        self.roots += next.roots;
        self
    }

    /// The leaves `outs` of an operation whose program `sym` reads the leaves of `self` (its
    /// operands) as inputs: only the nodes `outs` need, checks left out.
    pub(crate) const fn apply(&self, sym: &Prog, outs: &List) -> Flat {
        let need = needed(sym, outs);
        let mut f = *self;
        let mut map = [Z; PCAP];
        let mut k = 0;
        while k < sym.n {
            if need[k] {
                map[k] = match sym.op(k) {
                    Op::Input => self.out.v[sym.a(k).v as usize],
                    _ => f.copy_node(sym, k, &map, 0),
                };
            }
            k += 1;
        }
        f.out = List::new();
        k = 0;
        while k < outs.n {
            f.out.push(map[outs.v[k].v as usize]);
            k += 1;
        }
        f.pruned()
    }

    /// Only the nodes the leaves need, in order.
    const fn pruned(&self) -> Flat {
        let need = needed(&self.prog, &self.out);
        let mut f = Flat {
            prog: Prog::new(0),
            out: List::new(),
            roots: self.roots,
        };
        let mut map = [Z; PCAP];
        let mut k = 0;
        while k < self.prog.n {
            if need[k] {
                map[k] = f.copy_node(&self.prog, k, &map, 0);
            }
            k += 1;
        }
        k = 0;
        while k < self.out.n {
            f.out.push(map[self.out.v[k].v as usize]);
            k += 1;
        }
        f
    }
}

/// `v` with a node reference replaced through `map`.
const fn mapped(v: V, map: &[V; PCAP]) -> V {
    if v.dynamic { map[v.v as usize] } else { v }
}

/// Which nodes of `p` the (dynamic) values `outs` need; nodes come after their operands, so
/// one backward pass. Checks are never needed.
const fn needed(p: &Prog, outs: &List) -> [bool; PCAP] {
    let mut need = [false; PCAP];
    let mut j = 0;
    while j < outs.n {
        if outs.v[j].dynamic {
            need[outs.v[j].v as usize] = true;
        }
        j += 1;
    }
    let mut k = p.n;
    while k > 0 {
        k -= 1;
        if need[k] && !matches!(p.op(k), Op::Input) {
            if p.a(k).dynamic {
                need[p.a(k).v as usize] = true;
            }
            if p.b(k).dynamic {
                need[p.b(k).v as usize] = true;
            }
        }
    }
    need
}

/// Most instructions of one [`Straight`] program.
pub const SCAP: usize = 512;
/// Most outputs of one [`Straight`] program.
pub const OCAP: usize = 128;

/// One instruction; a dynamic operand is the index of an earlier instruction.
#[derive(Clone, Copy, Debug)]
pub struct Ins {
    pub(crate) op: Op,
    pub(crate) a: V,
    pub(crate) b: V,
}

/// Run-time values as one straight-line program over the roots (and, for `call`, the
/// coordinate): a layout's dynamic leaves, `layout(coord)`, its size. The instructions are a
/// constant of the type asking, so the unrolled [`eval`] folds into the arithmetic they
/// describe.
#[derive(Clone, Copy, Debug)]
pub struct Straight {
    ins: [Ins; SCAP],
    n: usize,
    /// Output `j`: a static value, or the instruction computing it.
    out: [V; OCAP],
}

impl Straight {
    /// The nodes of `p` that `outs` need, in order, renumbered.
    pub(crate) const fn compile(p: &Prog, outs: &List) -> Straight {
        let mut s = Straight {
            ins: [Ins {
                op: Op::Input,
                a: Z,
                b: Z,
            }; SCAP],
            n: 0,
            out: [Z; OCAP],
        };
        if outs.n > OCAP {
            Msg::new("cute-static: more than 128 dynamic leaves in one result").fail()
        }
        let need = needed(p, outs);
        let mut local = [Z; PCAP];
        let mut k = 0;
        while k < p.n {
            if need[k] {
                if s.n >= SCAP {
                    Msg::new("cute-static: a run-time value needs too many operations").fail()
                }
                let input = matches!(p.op(k), Op::Input);
                s.ins[s.n] = Ins {
                    op: p.op(k),
                    a: if input {
                        p.a(k)
                    } else {
                        mapped(p.a(k), &local)
                    },
                    b: mapped(p.b(k), &local),
                };
                local[k] = V::node(s.n);
                s.n += 1;
            }
            k += 1;
        }
        k = 0;
        while k < outs.n {
            s.out[k] = mapped(outs.v[k], &local);
            k += 1;
        }
        s
    }

    /// Output `j` of the instructions' values.
    #[inline(always)]
    const fn output(&self, vals: &[i32], j: usize) -> i32 {
        operand(self.out[j], vals)
    }
}

/// A run-time value whose straight-line code is a constant of the type.
pub(crate) trait Program {
    const CODE: Straight;
}

/// An operand: a static value or an earlier instruction's value.
#[inline(always)]
const fn operand(v: V, vals: &[i32]) -> i32 {
    if v.dynamic { vals[v.v as usize] } else { v.v }
}

/// Instruction `ins` on the values before it.
#[inline(always)]
fn exec(ins: Ins, vals: &[i32], input: &impl Fn(usize) -> i32) -> i32 {
    match ins.op {
        Op::Input => input(ins.a.v as usize),
        op => step(op, operand(ins.a, vals), operand(ins.b, vals)),
    }
}

/// Instructions `0..code.n` of a constant `code`, unrolled: every instruction and every operand
/// index is a constant, so LLVM folds the whole into the arithmetic it describes (it does not
/// unroll a loop over the instructions that far).
macro_rules! unrolled {
    ($code:ident, $input:ident, $j:ident, $cap:literal, [$($k:literal)*]) => {{
        let mut vals = [0i32; $cap];
        $(
            if $k < $code.n {
                vals[$k] = exec($code.ins[$k], &vals, &$input);
            }
        )*
        $code.output(&vals, $j)
    }};
}

/// Output `j` of `P`'s code, its inputs read through `input`: the code unrolled (for values
/// used in loops: `call`, `size`).
#[inline(always)]
pub(crate) fn eval<P: Program>(input: impl Fn(usize) -> i32, j: usize) -> i32 {
    let code: &Straight = const { &P::CODE };
    if const { P::CODE.n == 0 } {
        code.output(&[], j)
    } else if const { P::CODE.n <= 8 } {
        unrolled!(code, input, j, 8, [0 1 2 3 4 5 6 7])
    } else if const { P::CODE.n <= 32 } {
        unrolled!(code, input, j, 32, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31])
    } else if const { P::CODE.n <= 96 } {
        unrolled!(code, input, j, 96, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95])
    } else {
        unrolled!(code, input, j, 512, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131 132 133 134 135 136 137 138 139 140 141 142 143 144 145 146 147 148 149 150 151 152 153 154 155 156 157 158 159 160 161 162 163 164 165 166 167 168 169 170 171 172 173 174 175 176 177 178 179 180 181 182 183 184 185 186 187 188 189 190 191 192 193 194 195 196 197 198 199 200 201 202 203 204 205 206 207 208 209 210 211 212 213 214 215 216 217 218 219 220 221 222 223 224 225 226 227 228 229 230 231 232 233 234 235 236 237 238 239 240 241 242 243 244 245 246 247 248 249 250 251 252 253 254 255 256 257 258 259 260 261 262 263 264 265 266 267 268 269 270 271 272 273 274 275 276 277 278 279 280 281 282 283 284 285 286 287 288 289 290 291 292 293 294 295 296 297 298 299 300 301 302 303 304 305 306 307 308 309 310 311 312 313 314 315 316 317 318 319 320 321 322 323 324 325 326 327 328 329 330 331 332 333 334 335 336 337 338 339 340 341 342 343 344 345 346 347 348 349 350 351 352 353 354 355 356 357 358 359 360 361 362 363 364 365 366 367 368 369 370 371 372 373 374 375 376 377 378 379 380 381 382 383 384 385 386 387 388 389 390 391 392 393 394 395 396 397 398 399 400 401 402 403 404 405 406 407 408 409 410 411 412 413 414 415 416 417 418 419 420 421 422 423 424 425 426 427 428 429 430 431 432 433 434 435 436 437 438 439 440 441 442 443 444 445 446 447 448 449 450 451 452 453 454 455 456 457 458 459 460 461 462 463 464 465 466 467 468 469 470 471 472 473 474 475 476 477 478 479 480 481 482 483 484 485 486 487 488 489 490 491 492 493 494 495 496 497 498 499 500 501 502 503 504 505 506 507 508 509 510 511])
    }
}

/// Output `j` of `code` by a loop over the instructions (for printing, where compile time
/// matters more than speed).
pub(crate) fn eval_loop(code: &Straight, input: impl Fn(usize) -> i32, j: usize) -> i32 {
    let mut vals = [0i32; SCAP];
    let mut k = 0;
    while k < code.n {
        vals[k] = exec(code.ins[k], &vals, &input);
        k += 1;
    }
    code.output(&vals, j)
}

/// Output `j` of `code` in const evaluation, the inputs given.
pub(crate) const fn eval_const(code: &Straight, inputs: &[i32], j: usize) -> i32 {
    let mut vals = [0i32; SCAP];
    let mut k = 0;
    while k < code.n {
        let ins = code.ins[k];
        vals[k] = match ins.op {
            Op::Input => inputs[ins.a.v as usize],
            op => step(op, operand(ins.a, &vals), operand(ins.b, &vals)),
        };
        k += 1;
    }
    code.output(&vals, j)
}

/// Run every node of `p` with checked arithmetic and evaluate its checks: the first failure.
pub(crate) fn run_checked(
    p: &Prog,
    input: impl Fn(usize) -> i32,
) -> Result<(), error::LayoutError> {
    let mut vals = [0i32; PCAP];
    // A failed check of the rule that proves a composition `A o B` (`algebra::exact`) is
    // reported only if none of CuTe's own conditions fails: where one does, CuTe's answer is
    // judged by the stricter comparison (`layout::composition_answer`).
    let mut not_proven = None;
    let mut k = 0;
    while k < p.n {
        let get = |v: V| if v.dynamic { vals[v.v as usize] } else { v.v };
        let (a, b, c) = (get(p.a(k)), get(p.b(k)), get(p.c(k)));
        vals[k] = match p.op(k) {
            Op::Input => input(p.a(k).v as usize),
            Op::Check(pred) => match pred.holds(a, b, c) {
                Ok(true) => 0,
                Ok(false) if pred.condition() == Condition::StrideDivisibilityComplete => {
                    not_proven.get_or_insert(error::LayoutError::condition_failed(pred, a, b, c));
                    0
                }
                Ok(false) => return Err(error::LayoutError::condition_failed(pred, a, b, c)),
                Err(e) => return Err(e.into()),
            },
            op => step_checked(op, a, b)?,
        };
        k += 1;
    }
    not_proven.map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::{Op, Pred};
    use crate::tree::{Basis, V};

    #[test]
    fn every_operation_survives_its_code() {
        let checks = Pred::ALL.iter().map(|&p| Op::Check(p));
        for (k, op) in Op::PLAIN.into_iter().chain(checks).enumerate() {
            assert_eq!(usize::from(op.code()), k, "{op:?}");
            assert_eq!(Op::from_code(op.code()), op);
        }
        for (k, p) in Pred::ALL.into_iter().enumerate() {
            assert_eq!(p as usize, k, "{p:?}");
        }
    }

    #[test]
    fn every_kind_of_value_survives_its_word() {
        let deep = Basis::code(&[15, 15, 15]);
        for v in [i32::MIN, -7, -1, 0, 1, 42, i32::MAX] {
            for w in [
                V::s(v),
                V::eager(v),
                V::s(v).at_basis(deep),
                V::eager(v).at_basis(1),
            ] {
                let back = V::from_bits(w.bits());
                assert_eq!(
                    (back.dynamic, back.basis, back.v),
                    (w.dynamic, w.basis, w.v)
                );
            }
        }
    }
}
