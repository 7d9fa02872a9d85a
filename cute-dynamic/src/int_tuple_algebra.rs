//! CuTe's functions of `int_tuple.hpp` that compute on IntTuples, by cute-static's algorithm
//! (`crate::algebra`): `shape_div`, `ceil_div`, `filter_zeros` (as `filter_zeros_tuple`) and
//! `product_each`.

use crate::algebra::int_tuple_op;
use crate::error::Result;
use crate::int_tuple::IntTuple;
use crate::tiler::Tiler;
use cute_static::eager::Op;

/// CuTe's `shape_div(a, b)`: "shape division", `ceil_div` of integers that must divide each other.
///
/// Tuple / tuple divides mode by mode; tuple / integer folds the divisor across the modes from the
/// left (`shape_div((4,5,6),40) == (1,1,3)`); integer / tuple divides by the product.
/// Precondition (checked for every value, static or dynamic): `a % b == 0 || b % a == 0`.
///
/// ```
/// use cute_dynamic::{shape_div, IntTuple};
/// let a: IntTuple = "(_4,_5,_6)".parse().unwrap();
/// assert_eq!(shape_div(&a, &IntTuple::s(40)).unwrap().to_string(), "(_1,_1,_3)");
/// assert!(shape_div(&IntTuple::s(6), &IntTuple::s(4)).is_err());
/// ```
pub fn shape_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    int_tuple_op(Op::ShapeDiv, "shape_div", a, b)
}

/// CuTe's `ceil_div(a, b)`. Tuple / tuple: mode by mode, missing modes of `b` count as `_1`
/// (rank of `b` must not exceed rank of `a`); tuple / integer: folds from the left; integer /
/// tuple: divides by the product.
///
/// ```
/// use cute_dynamic::{ceil_div, IntTuple};
/// let a: IntTuple = "(_7,_5)".parse().unwrap();
/// assert_eq!(ceil_div(&a, &"(_2)".parse().unwrap()).unwrap().to_string(), "(_4,_5)");
/// ```
pub fn ceil_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    int_tuple_op(Op::CeilDiv, "ceil_div", a, b)
}

/// CuTe's `filter_zeros(a, b)`: the elements of `b` paired with a static `_0` in `a` become `_1`.
///
/// ```
/// use cute_dynamic::filter_zeros_tuple;
/// let d = "(_0,2,(_0,_1))".parse().unwrap();
/// let s = "(3,4,(5,6))".parse().unwrap();
/// assert_eq!(filter_zeros_tuple(&d, &s).unwrap().to_string(), "(_1,4,(_1,6))");
/// ```
pub fn filter_zeros_tuple(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    int_tuple_op(Op::FilterZerosOf, "filter_zeros", a, b)
}

/// CuTe's `product_each`: the size of each mode, as a tuple (an integer becomes a 1-tuple).
///
/// ```
/// use cute_dynamic::product_each;
/// assert_eq!(product_each(&"((2,3),4)".parse().unwrap()).unwrap().to_string(), "(6,4)");
/// ```
pub fn product_each(t: &IntTuple) -> Result<IntTuple> {
    int_tuple_op(Op::ProductEach, "product_each", t, &Tiler::Underscore)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{Condition, ErrorKind};

    fn t(text: &str) -> IntTuple {
        text.parse().expect("an IntTuple")
    }

    /// What cute-static's const code refuses by stopping compilation is refused at run time:
    /// a zero divisor, static or dynamic, is failed arithmetic; ranks that do not match are
    /// CuTe's "Mismatched Ranks".
    #[test]
    fn refusals_are_errors_at_run_time() {
        for zero in ["_0", "0", "(_2,_0)"] {
            let e = shape_div(&t("(_4,_2)"), &t(zero)).unwrap_err();
            assert!(matches!(e.kind(), ErrorKind::Arithmetic(_)), "{zero}: {e}");
        }
        let mismatched = [
            shape_div(&t("(_4,_2)"), &t("(_2,_2,_2)")),
            ceil_div(&t("(_4,_2)"), &t("(_2,_2,_2)")),
            filter_zeros_tuple(&t("(_0,_1)"), &t("(_4,_2,_3)")),
        ];
        for r in mismatched {
            assert_eq!(r.unwrap_err().condition(), Some(Condition::MismatchedRanks));
        }
        let e = shape_div(&t("(_6,4)"), &t("(_4,_2)")).unwrap_err();
        assert_eq!(e.condition(), Some(Condition::Divisibility));
    }
}
