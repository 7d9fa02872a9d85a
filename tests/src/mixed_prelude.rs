//! The helpers of the generated suites with dynamic leaves (`tests/mixed_conformance.rs`,
//! `tests/mixed_agreement_*.rs`), written once here instead of into each file: `d` (a dynamic
//! leaf the compiler cannot see), `call_all` (for `call`), what a checked result prints as, and
//! `Tally`, which collects every mismatch of one op so that one run lists them all.
//!
//! ```
//! use cute_static::layout;
//! use cute_tests::mixed_prelude::{Tally, call_all, d, dynamic, verdict};
//! // `(_2,3):(_1,_2)` at every index, through both crates, as `mixed_agreement_3.rs` has it.
//! let mut t = Tally::default();
//! let l = layout!((_2, {d(3)}):(_1, _2));
//! t.same("call", verdict(call_all(l).checked()), dynamic("call", &["(_2,3):(_1,_2)"]));
//! t.finish("call");
//! ```

use cute_static::LayoutError;

/// A dynamic leaf: the compiler cannot see its value.
pub fn d(x: i32) -> i32 {
    core::hint::black_box(x)
}

/// `L(i)` for every `i` in the domain, as the vectors print it ([`call_all`]).
pub struct CallAll(String);

impl CallAll {
    /// Evaluating a layout has no precondition.
    ///
    /// # Errors
    /// Never: the `Result` is the shape the other operations' `.checked()` give.
    pub fn checked(self) -> Result<String, LayoutError> {
        Ok(self.0)
    }
}

/// `L(i)` for every `i` in the domain of `l`.
pub fn call_all<S, D>(l: cute_static::Layout<S, D>) -> CallAll
where
    S: cute_static::IntTuple,
    D: cute_static::IntTuple,
{
    let v: Vec<String> = (0..l.size()).map(|i| l.call(i).to_string()).collect();
    CallAll(format!("[{}]", v.join(",")))
}

/// One op's cases: every mismatch is collected, so that one run lists them all.
#[derive(Default)]
pub struct Tally {
    passed: usize,
    failures: Vec<String>,
}

impl Tally {
    /// Case `what` gave `got`; `want` was expected.
    pub fn same(&mut self, what: &str, got: String, want: String) {
        if got == want {
            self.passed += 1;
        } else {
            self.failures
                .push(format!("{what}: got {got}, want {want}"));
        }
    }

    /// Op `op` is done: prints its count, and fails with every mismatch if there is one.
    ///
    /// # Panics
    /// A case did not give what was expected (a failed test).
    pub fn finish(self, op: &str) {
        let failed = self.failures.len();
        println!("{op}: {} passed, {failed} failed", self.passed);
        assert!(
            failed == 0,
            "{op}: {failed} failed:\n{}",
            self.failures.join("\n")
        );
    }
}

/// The checked result's text, or why it was rejected.
pub fn text<T: std::fmt::Display>(r: Result<T, LayoutError>) -> String {
    match r {
        Ok(v) => v.to_string(),
        Err(e) => format!("rejected: {e}"),
    }
}

/// The CuTe condition a rejection names, or what happened instead.
pub fn condition<T: std::fmt::Display>(r: Result<T, LayoutError>) -> String {
    match r {
        Ok(v) => format!("accepted: {v}"),
        Err(e) => match e.condition() {
            Some(c) => c.message().to_string(),
            None => format!("no condition: {e}"),
        },
    }
}

/// `rejected` for any error.
pub fn rejected<T: std::fmt::Display>(r: Result<T, LayoutError>) -> String {
    match r {
        Ok(v) => format!("accepted: {v}"),
        Err(_) => "rejected".to_string(),
    }
}

/// cute-static's text, or `rejected` (the agreement compares only whether both crates reject).
pub fn verdict<T: std::fmt::Display>(r: Result<T, LayoutError>) -> String {
    match r {
        Ok(v) => v.to_string(),
        Err(_) => "rejected".to_string(),
    }
}

/// cute-dynamic's text for the same op and arguments, or `rejected`.
pub fn dynamic(op: &str, args: &[&str]) -> String {
    match crate::run_op(op, args) {
        Ok(Some(text)) if op == "call" => text.replace('_', ""),
        Ok(Some(text)) => text,
        Ok(None) => format!("unknown op {op}"),
        Err(_) => "rejected".to_string(),
    }
}
