//! `LayoutError`: every way an operation can refuse its input.
//!
//! CuTe refuses bad input at compile time (`static_assert`) or not at all. Here every refusal is a
//! value: the condition in CuTe's words plus the offending values.

use crate::prelude::*;
use core::fmt;
pub use cute_static::Condition;
use cute_static::IntError;

/// What went wrong, with the offending values: the payload of a [`LayoutError`].
///
/// ```
/// use cute_dynamic::{ErrorKind, Layout};
/// let err = "(2,3):(1)".parse::<Layout>().unwrap_err();
/// assert!(matches!(err.kind(), ErrorKind::Incongruent { .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// CuTe text that does not parse.
    Parse {
        /// Byte offset of the offending character in the input.
        offset: usize,
        /// What the parser expected there.
        expected: String,
        /// What it found (`end of input` at the end).
        found: String,
    },
    /// A shape and a stride that do not have the same profile.
    Incongruent {
        /// The shape, in CuTe text.
        shape: String,
        /// The stride, in CuTe text.
        stride: String,
    },
    /// A precondition of CuTe's algebra failed.
    Precondition {
        /// Which condition, in CuTe's words.
        condition: Condition,
        /// The values involved.
        detail: String,
    },
    /// An argument of the wrong kind or structure (a tuple where an integer is needed, ...).
    InvalidArgument {
        /// The operation.
        op: &'static str,
        /// What is wrong, with the values.
        detail: String,
    },
    /// A coordinate or mode index outside the layout.
    OutOfRange {
        /// The operation.
        op: &'static str,
        /// What is out of range, with the values.
        detail: String,
    },
    /// A zero or negative value where CuTe needs a positive one (a negative shape, `upcast<0>`).
    NonPositive {
        /// The operation.
        op: &'static str,
        /// The offending value.
        value: i32,
    },
    /// Integer arithmetic failed: `i32` overflow or division by zero (CuTe dies of SIGFPE on
    /// the latter).
    Arithmetic(IntError),
    /// A result nested deeper than CuTe text is read here ([`cute_text::MAX_DEPTH`] levels of
    /// tuples): its text could not be read back.
    TooDeep {
        /// The most levels of nesting, [`cute_text::MAX_DEPTH`].
        limit: usize,
    },
}

/// Everything that can go wrong in `cute-dynamic`. Never a panic: every operation returns this.
/// One pointer wide, so that `Result<Int>` stays small on the hot paths; [`LayoutError::kind`]
/// says what happened.
///
/// ```
/// use cute_dynamic::{ErrorKind, Layout};
/// let err = "(2;3):(1,2)".parse::<Layout>().unwrap_err();
/// assert!(matches!(err.kind(), ErrorKind::Parse { offset: 2, .. }));
/// assert_eq!(err.to_string(), "parse error at byte 2: expected ',' or ')', found ';'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutError(Box<ErrorKind>);

impl From<IntError> for LayoutError {
    fn from(e: IntError) -> LayoutError {
        ErrorKind::Arithmetic(e).into()
    }
}

impl From<ErrorKind> for LayoutError {
    fn from(kind: ErrorKind) -> LayoutError {
        LayoutError(Box::new(kind))
    }
}

impl LayoutError {
    pub(crate) fn precondition(condition: Condition, detail: impl Into<String>) -> Self {
        ErrorKind::Precondition {
            condition,
            detail: detail.into(),
        }
        .into()
    }

    pub(crate) fn invalid(op: &'static str, detail: impl Into<String>) -> Self {
        ErrorKind::InvalidArgument {
            op,
            detail: detail.into(),
        }
        .into()
    }

    pub(crate) fn too_deep() -> Self {
        ErrorKind::TooDeep {
            limit: cute_text::MAX_DEPTH,
        }
        .into()
    }

    pub(crate) fn out_of_range(op: &'static str, detail: impl Into<String>) -> Self {
        ErrorKind::OutOfRange {
            op,
            detail: detail.into(),
        }
        .into()
    }

    /// What went wrong.
    ///
    /// ```
    /// use cute_dynamic::{ErrorKind, Int, LayoutError};
    /// let e: LayoutError = Int::new_static(1).checked_div(Int::new_static(0)).unwrap_err().into();
    /// assert!(matches!(e.kind(), ErrorKind::Arithmetic(cute_dynamic::IntError::DivisionByZero { .. })));
    /// ```
    #[must_use]
    pub fn kind(&self) -> &ErrorKind {
        &self.0
    }

    /// The CuTe condition behind this error, if it is a precondition failure.
    ///
    /// ```
    /// use cute_dynamic::Condition;
    /// let err = cute_dynamic::left_inverse(&"(3,2):(2,1)".parse().unwrap()).unwrap_err();
    /// assert_eq!(err.condition(), Some(Condition::LeftInverseStaticStrides));
    /// ```
    #[must_use]
    pub fn condition(&self) -> Option<Condition> {
        match self.kind() {
            ErrorKind::Precondition { condition, .. } => Some(*condition),
            _ => None,
        }
    }
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind().fmt(f)
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Parse {
                offset,
                expected,
                found,
            } => {
                write!(
                    f,
                    "parse error at byte {offset}: expected {expected}, found {found}"
                )
            }
            ErrorKind::Incongruent { shape, stride } => {
                write!(f, "shape {shape} and stride {stride} are not congruent")
            }
            ErrorKind::Precondition { condition, detail } => {
                // CuTe's messages that are sentences keep their period.
                let message = condition.message();
                let sep = if message.ends_with('.') { " " } else { ": " };
                write!(f, "{message}{sep}{detail}")
            }
            ErrorKind::InvalidArgument { op, detail } => write!(f, "{op}: {detail}"),
            ErrorKind::OutOfRange { op, detail } => write!(f, "{op}: out of range: {detail}"),
            ErrorKind::NonPositive { op, value } => {
                write!(f, "{op}: needs a positive value, got {value}")
            }
            ErrorKind::Arithmetic(e) => e.fmt(f),
            ErrorKind::TooDeep { limit } => write!(
                f,
                "the result nests more than {limit} levels of tuples, the most CuTe text is read with"
            ),
        }
    }
}

impl core::error::Error for LayoutError {}

/// Result of every fallible operation in this crate.
///
/// ```
/// fn tile() -> cute_dynamic::Result<cute_dynamic::Layout> {
///     cute_dynamic::logical_divide(&"(_8,_4):(_4,_1)".parse()?, &"_4:_1".parse()?)
/// }
/// assert_eq!(tile().unwrap().to_string(), "(_4,(_2,_4)):(_4,(_16,_1))");
/// ```
pub type Result<T, E = LayoutError> = core::result::Result<T, E>;
