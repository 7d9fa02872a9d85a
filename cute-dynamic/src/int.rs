//! `Int`: an `i32` tagged static (CuTe's `Int<N>`, printed `_N`) or dynamic (`int`, printed `N`).
//!
//! Arithmetic follows CuTe's integral-constant rules: static op static is static, anything with a
//! dynamic operand is dynamic, except the absorbing cases CuTe special-cases
//! (`_0 * x == _0`, `x * _0 == _0`, `_0 / x == _0`, `_0 % x == _0`, `x % _1 == _0`, `x % _-1 == _0`).
//! Every operation is checked: overflow and division by zero are errors, never wrapped values.
//!
//! A dynamic value also carries what the CuTe DSL calls its divisibility: a number it is known to
//! be a multiple of (`?{div=3}` for a dynamic stride times a static 3).

use core::fmt;

/// One integer of an IntTuple: value, static/dynamic tag, and (dynamic only) a known divisor.
///
/// ```
/// use cute_dynamic::Int;
/// let a = Int::new_static(3);
/// let d = Int::new_dynamic(8);
/// assert_eq!(a.checked_mul(d).unwrap().to_string(), "24");        // static * dynamic is dynamic
/// assert_eq!(Int::new_static(0).checked_mul(d).unwrap().to_string(), "_0"); // _0 * x is _0
/// ```
#[derive(Clone, Copy)]
pub struct Int {
    value: i32,
    /// 0 for a static integer; for a dynamic one, its known divisor (>= 1). Two `i32`s and no
    /// padding: an `Int` (and a `Result<Int>`) is copied as whole words.
    div: i32,
}

impl fmt::Debug for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Int")
            .field("value", &self.value)
            .field("is_static", &self.is_static())
            .field("div", &self.div.max(1))
            .finish()
    }
}

impl PartialEq for Int {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value && self.is_static() == other.is_static()
    }
}
impl Eq for Int {}

impl core::hash::Hash for Int {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.value.hash(state);
        self.is_static().hash(state);
    }
}

/// Integers order by value, a dynamic one before the static one of the same value (CuTe has no
/// order on layouts; this one lets tools keep them in sorted sets and maps, and agrees with
/// `==`, which ignores the divisibility).
///
/// ```
/// use cute_dynamic::Int;
/// assert!(Int::new_dynamic(4) < Int::new_static(4));
/// assert!(Int::new_static(3) < Int::new_dynamic(4));
/// ```
impl Ord for Int {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        (self.value, self.is_static()).cmp(&(other.value, other.is_static()))
    }
}

impl PartialOrd for Int {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// A boolean that knows whether CuTe could decide it at compile time (`_1`/`_0` vs `1`/`0`).
///
/// ```
/// use cute_dynamic::{Int, Bool};
/// let b = Int::new_static(2).lt(Int::new_static(3));
/// assert_eq!(b, Bool { value: true, is_static: true });
/// assert_eq!(b.to_string(), "_1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bool {
    /// The truth value.
    pub value: bool,
    /// Whether it is a compile-time constant in CuTe.
    pub is_static: bool,
}

impl Bool {
    /// CuTe's `is_constant<true, B>`: statically known to be true.
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert!(!Int::new_dynamic(2).lt(Int::new_static(3)).is_constant_true());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_constant_true(self) -> bool {
        self.is_static && self.value
    }

    /// Logical and with CuTe's rules (`false_type && x` is `false_type`).
    ///
    /// ```
    /// use cute_dynamic::Bool;
    /// let f = Bool { value: false, is_static: true };
    /// let d = Bool { value: true, is_static: false };
    /// assert_eq!(f.and(d), f);
    /// ```
    #[inline]
    #[must_use]
    pub fn and(self, other: Bool) -> Bool {
        if (self.is_static && !self.value) || (other.is_static && !other.value) {
            return Bool {
                value: false,
                is_static: true,
            };
        }
        Bool {
            value: self.value && other.value,
            is_static: self.is_static && other.is_static,
        }
    }

    /// This boolean as an [`Int`] (`_1`/`_0` static, `1`/`0` dynamic), the way CuTe prints it.
    ///
    /// ```
    /// use cute_dynamic::Bool;
    /// assert_eq!(Bool { value: true, is_static: false }.to_int().to_string(), "1");
    /// ```
    #[inline]
    #[must_use]
    pub fn to_int(self) -> Int {
        Int::with_tag(i32::from(self.value), self.is_static)
    }
}

impl fmt::Display for Bool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_int().fmt(f)
    }
}

fn gcd_i32(a: i32, b: i32) -> i32 {
    if a == 1 || b == 1 {
        return 1;
    }
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i32::try_from(a).unwrap_or(1)
}

fn overflow(op: &'static str, lhs: i32, rhs: i32) -> IntError {
    IntError::Overflow { op, lhs, rhs }
}

pub use cute_static::IntError;

impl Int {
    /// A static integer, CuTe's `Int<v>` (printed `_v`).
    ///
    /// ```
    /// assert_eq!(cute_dynamic::Int::new_static(4).to_string(), "_4");
    /// ```
    #[inline]
    #[must_use]
    pub const fn new_static(value: i32) -> Int {
        Int { value, div: 0 }
    }

    /// A dynamic integer, CuTe's `int` (printed `v`), with no known divisor.
    ///
    /// ```
    /// assert_eq!(cute_dynamic::Int::new_dynamic(4).to_string(), "4");
    /// ```
    #[inline]
    #[must_use]
    pub const fn new_dynamic(value: i32) -> Int {
        Int { value, div: 1 }
    }

    /// A dynamic integer known to be a multiple of `div` (the DSL's `?{div=N}`).
    ///
    /// Returns `None` if `value` is not a multiple of `div` or `div` is not positive.
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert_eq!(Int::dynamic_with_divisor(24, 3).unwrap().divisibility(), 3);
    /// assert!(Int::dynamic_with_divisor(24, 5).is_none());
    /// ```
    #[inline]
    #[must_use]
    pub fn dynamic_with_divisor(value: i32, div: i32) -> Option<Int> {
        (div > 0 && value % div == 0).then_some(Int { value, div })
    }

    /// A dynamic integer whose divisibility `div` the caller has established (`div > 0` divides
    /// `value`): the evaluation of a layout computes it once per layout, not per call.
    #[inline]
    pub(crate) const fn dynamic_with_known_divisor(value: i32, div: i32) -> Int {
        debug_assert!(div > 0 && value % div == 0);
        Int { value, div }
    }

    /// An integer with the given tag.
    ///
    /// ```
    /// assert_eq!(cute_dynamic::Int::with_tag(2, false).to_string(), "2");
    /// ```
    #[inline]
    #[must_use]
    pub const fn with_tag(value: i32, is_static: bool) -> Int {
        Int {
            value,
            div: if is_static { 0 } else { 1 },
        }
    }

    /// The value.
    ///
    /// ```
    /// assert_eq!(cute_dynamic::Int::new_static(7).value(), 7);
    /// ```
    #[inline]
    #[must_use]
    pub const fn value(self) -> i32 {
        self.value
    }

    /// Whether CuTe knows this value at compile time.
    ///
    /// ```
    /// assert!(cute_dynamic::Int::new_static(7).is_static());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_static(self) -> bool {
        self.div == 0
    }

    /// CuTe's `is_constant<v, T>`: static and equal to `v`.
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert!(Int::new_static(1).is_constant(1));
    /// assert!(!Int::new_dynamic(1).is_constant(1));
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_constant(self, v: i32) -> bool {
        self.is_static() && self.value == v
    }

    /// A number this value is known to be a multiple of: `|value|` when static, the tracked
    /// divisor when dynamic (1 when nothing is known).
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// let d = Int::new_dynamic(8).checked_mul(Int::new_static(3)).unwrap();
    /// assert_eq!(d.divisibility(), 3);
    /// ```
    #[inline]
    #[must_use]
    pub fn divisibility(self) -> i32 {
        if self.is_static() {
            self.value.checked_abs().unwrap_or(1)
        } else {
            self.div
        }
    }

    /// A result whose divisibility is `div()` (computed only for dynamic results), where `div()`
    /// divides `value` (products of divisors and gcds do by construction; a quotient checks).
    #[inline]
    fn derived(value: i32, is_static: bool, div: impl FnOnce() -> i32) -> Int {
        if is_static {
            return Int::new_static(value);
        }
        Int {
            value,
            div: div().max(1),
        }
    }

    /// `self * rhs` with CuTe's rules (`_0` absorbs).
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert_eq!(Int::new_dynamic(5).checked_mul(Int::new_static(0)).unwrap(), Int::new_static(0));
    /// ```
    #[inline]
    pub fn checked_mul(self, rhs: Int) -> Result<Int, IntError> {
        if self.is_constant(0) || rhs.is_constant(0) {
            return Ok(Int::new_static(0));
        }
        let value = self
            .value
            .checked_mul(rhs.value)
            .ok_or_else(|| overflow("*", self.value, rhs.value))?;
        let div = || {
            self.divisibility()
                .checked_mul(rhs.divisibility())
                .unwrap_or(1)
        };
        Ok(Int::derived(
            value,
            self.is_static() && rhs.is_static(),
            div,
        ))
    }

    /// `self + rhs`.
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert_eq!(Int::new_static(2).checked_add(Int::new_static(3)).unwrap(), Int::new_static(5));
    /// ```
    #[inline]
    pub fn checked_add(self, rhs: Int) -> Result<Int, IntError> {
        let value = self
            .value
            .checked_add(rhs.value)
            .ok_or_else(|| overflow("+", self.value, rhs.value))?;
        let div = || gcd_i32(self.divisibility(), rhs.divisibility());
        Ok(Int::derived(
            value,
            self.is_static() && rhs.is_static(),
            div,
        ))
    }

    /// `self - rhs`.
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert_eq!(Int::new_static(2).checked_sub(Int::new_dynamic(3)).unwrap(), Int::new_dynamic(-1));
    /// ```
    #[inline]
    pub fn checked_sub(self, rhs: Int) -> Result<Int, IntError> {
        let value = self
            .value
            .checked_sub(rhs.value)
            .ok_or_else(|| overflow("-", self.value, rhs.value))?;
        let div = || gcd_i32(self.divisibility(), rhs.divisibility());
        Ok(Int::derived(
            value,
            self.is_static() && rhs.is_static(),
            div,
        ))
    }

    /// `self / rhs`, truncating like C++ (`_0 / x == _0`). Division by zero is an error.
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert_eq!(Int::new_static(7).checked_div(Int::new_static(2)).unwrap(), Int::new_static(3));
    /// assert!(Int::new_dynamic(7).checked_div(Int::new_dynamic(0)).is_err());
    /// ```
    #[inline]
    pub fn checked_div(self, rhs: Int) -> Result<Int, IntError> {
        if rhs.value == 0 {
            return Err(IntError::DivisionByZero {
                op: "/",
                lhs: self.value,
            });
        }
        if self.is_constant(0) {
            return Ok(Int::new_static(0));
        }
        let value = self
            .value
            .checked_div(rhs.value)
            .ok_or_else(|| overflow("/", self.value, rhs.value))?;
        let div = || {
            let (d, r) = (self.divisibility(), rhs.divisibility());
            let q = if d > 1 && d % r == 0 { d / r } else { 1 };
            // A run-time divisor may be a multiple of `r`: `q` need not divide the quotient.
            if value % q == 0 { q } else { 1 }
        };
        Ok(Int::derived(
            value,
            self.is_static() && rhs.is_static(),
            div,
        ))
    }

    /// `self % rhs` like C++ (`x % _1 == _0`, `_0 % x == _0`). Remainder by zero is an error.
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert_eq!(Int::new_dynamic(7).checked_rem(Int::new_static(1)).unwrap(), Int::new_static(0));
    /// ```
    #[inline]
    pub fn checked_rem(self, rhs: Int) -> Result<Int, IntError> {
        if rhs.is_constant(1) || rhs.is_constant(-1) {
            return Ok(Int::new_static(0));
        }
        if rhs.value == 0 {
            return Err(IntError::DivisionByZero {
                op: "%",
                lhs: self.value,
            });
        }
        if self.is_constant(0) {
            return Ok(Int::new_static(0));
        }
        let value = self
            .value
            .checked_rem(rhs.value)
            .ok_or_else(|| overflow("%", self.value, rhs.value))?;
        Ok(Int::with_tag(value, self.is_static() && rhs.is_static()))
    }

    /// CuTe's `ceil_div(a, b) = (a + b - _1) / b`, with the tags that formula gives.
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert_eq!(Int::new_static(7).ceil_div(Int::new_static(2)).unwrap(), Int::new_static(4));
    /// ```
    #[inline]
    pub fn ceil_div(self, rhs: Int) -> Result<Int, IntError> {
        if rhs.value == 0 {
            return Err(IntError::DivisionByZero {
                op: "/",
                lhs: self.value,
            });
        }
        let value = if self.value >= 0 && rhs.value > 0 {
            // (a + b - 1) / b without the sum: one i32 division.
            self.value / rhs.value + i32::from(self.value % rhs.value != 0)
        } else {
            // CuTe's formula, evaluated in i64 so that the intermediate sum cannot overflow.
            let wide = (i64::from(self.value) + i64::from(rhs.value) - 1) / i64::from(rhs.value);
            i32::try_from(wide).map_err(|_| overflow("ceil_div", self.value, rhs.value))?
        };
        let is_static = self.is_static() && rhs.is_static();
        Ok(Int::with_tag(value, is_static))
    }

    /// `min(a, b)`: static only if both are.
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert_eq!(Int::new_static(2).min(Int::new_dynamic(3)), Int::new_dynamic(2));
    /// ```
    #[inline]
    #[must_use]
    pub fn min(self, rhs: Int) -> Int {
        let pick = if rhs.value < self.value { rhs } else { self };
        Int::derived(pick.value, self.is_static() && rhs.is_static(), || {
            gcd_i32(self.divisibility(), rhs.divisibility())
        })
    }

    /// `max(a, b)`: static only if both are.
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert_eq!(Int::new_static(2).max(Int::new_static(3)), Int::new_static(3));
    /// ```
    #[inline]
    #[must_use]
    pub fn max(self, rhs: Int) -> Int {
        let pick = if rhs.value > self.value { rhs } else { self };
        Int::derived(pick.value, self.is_static() && rhs.is_static(), || {
            gcd_i32(self.divisibility(), rhs.divisibility())
        })
    }

    /// `abs(a)`, keeping the tag.
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert_eq!(Int::new_static(-2).abs().unwrap(), Int::new_static(2));
    /// ```
    #[inline]
    pub fn abs(self) -> Result<Int, IntError> {
        let value = self
            .value
            .checked_abs()
            .ok_or_else(|| overflow("abs", self.value, 0))?;
        Ok(Int { value, ..self })
    }

    /// `signum(a)`: -1, 0 or 1 with the tag of `a`.
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert_eq!(Int::new_dynamic(-5).signum(), Int::new_dynamic(-1));
    /// ```
    #[inline]
    #[must_use]
    pub fn signum(self) -> Int {
        Int::with_tag(self.value.signum(), self.is_static())
    }

    /// `gcd(a, b)`: static only if both are.
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert_eq!(Int::new_static(12).gcd(Int::new_static(18)), Int::new_static(6));
    /// ```
    #[inline]
    #[must_use]
    pub fn gcd(self, rhs: Int) -> Int {
        Int::with_tag(
            gcd_i32(self.value, rhs.value),
            self.is_static() && rhs.is_static(),
        )
    }

    /// `a == b` as a [`Bool`] (static only if both are).
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert!(Int::new_static(2).eq_int(Int::new_static(2)).is_constant_true());
    /// ```
    #[inline]
    #[must_use]
    pub fn eq_int(self, rhs: Int) -> Bool {
        Bool {
            value: self.value == rhs.value,
            is_static: self.is_static() && rhs.is_static(),
        }
    }

    /// `a < b` as a [`Bool`] (static only if both are).
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert!(!Int::new_dynamic(2).lt(Int::new_static(3)).is_static);
    /// ```
    #[inline]
    #[must_use]
    pub fn lt(self, rhs: Int) -> Bool {
        Bool {
            value: self.value < rhs.value,
            is_static: self.is_static() && rhs.is_static(),
        }
    }

    /// The CuTe DSL's compile-time view: static values as plain numbers, dynamic as `?` or
    /// `?{div=N}`.
    ///
    /// ```
    /// use cute_dynamic::Int;
    /// assert_eq!(Int::new_static(3).dsl().to_string(), "3");
    /// assert_eq!(Int::new_dynamic(3).dsl().to_string(), "?");
    /// assert_eq!(Int::dynamic_with_divisor(24, 3).unwrap().dsl().to_string(), "?{div=3}");
    /// ```
    #[inline]
    #[must_use]
    pub fn dsl(self) -> impl fmt::Display {
        DslInt(self)
    }
}

struct DslInt(Int);

impl fmt::Display for DslInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let i = self.0;
        match (i.is_static(), i.div) {
            (true, _) => write!(f, "{}", i.value),
            (false, d) if d > 1 => write!(f, "?{{div={d}}}"),
            (false, _) => f.write_str("?"),
        }
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_static() {
            write!(f, "_{}", self.value)
        } else {
            write!(f, "{}", self.value)
        }
    }
}

impl From<i32> for Int {
    /// A plain `i32` is dynamic, as a C++ `int` is.
    fn from(value: i32) -> Int {
        Int::new_dynamic(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VALUES: [i32; 14] = [
        i32::MIN,
        i32::MIN + 1,
        -12,
        -3,
        -1,
        0,
        1,
        2,
        3,
        6,
        12,
        1 << 20,
        i32::MAX - 1,
        i32::MAX,
    ];

    /// Every integer of `VALUES` static, dynamic, and dynamic with each divisor it has among 2,
    /// 3 and 6.
    fn ints() -> impl Iterator<Item = Int> {
        VALUES.iter().flat_map(|&v| {
            [Some(Int::new_static(v)), Some(Int::new_dynamic(v))]
                .into_iter()
                .chain([2, 3, 6].map(|d| Int::dynamic_with_divisor(v, d)))
                .flatten()
        })
    }

    #[test]
    fn ceil_div_is_cutes_formula() {
        for a in ints() {
            for b in ints().filter(|b| b.value() != 0) {
                let wide = (i64::from(a.value()) + i64::from(b.value()) - 1) / i64::from(b.value());
                let want = i32::try_from(wide).ok();
                assert_eq!(a.ceil_div(b).ok().map(Int::value), want, "{a:?} {b:?}");
            }
        }
    }

    /// The divisibility `*`, `+`, `-`, min and max give a dynamic result divides its value, so
    /// they keep it without checking (`derived`).
    #[test]
    fn exact_divisibilities_divide_the_value() {
        type Op = fn(Int, Int) -> Option<Int>;
        let ops: [Op; 5] = [
            |a, b| a.checked_mul(b).ok(),
            |a, b| a.checked_add(b).ok(),
            |a, b| a.checked_sub(b).ok(),
            |a, b| Some(a.min(b)),
            |a, b| Some(a.max(b)),
        ];
        for op in ops {
            for a in ints() {
                for b in ints() {
                    if let Some(r) = op(a, b) {
                        let d = r.divisibility();
                        assert!(d >= 1 || r.value() == 0, "{a:?} {b:?} -> {r:?}");
                        assert!(d == 0 || r.value() % d == 0, "{a:?} {b:?} -> {r:?}");
                    }
                }
            }
        }
    }
}
