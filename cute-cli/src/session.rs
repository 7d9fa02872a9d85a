//! Sessions: expressions read line by line, with names (`A = (6,2):(8,2)`) that later lines use.

use crate::error::CliError;
use crate::eval::{Names, eval};
use crate::parse::parse_statement;
use crate::value::Value;

/// A calculator session: the names bound so far.
///
/// ```
/// use cute_cli::{Session, View};
/// let mut s = Session::new();
/// s.eval_line("A = (6,2):(8,2)").unwrap();
/// let r = s.eval_line("composition(A, (4,3):(3,1))  # by name").unwrap().unwrap();
/// assert_eq!(r.show(View::Cute), "((2,2),(3,1)):((24,2),(8,2))");
/// assert_eq!(s.eval_line("   # a comment").unwrap(), None);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Session {
    names: Names,
}

/// The part of a line before its `#` comment.
fn strip_comment(line: &str) -> &str {
    match line.find('#') {
        Some(i) => &line[..i],
        None => line,
    }
}

impl Session {
    /// An empty session.
    pub fn new() -> Session {
        Session::default()
    }

    /// The value bound to `name`.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.names.get(name)
    }

    /// Evaluate one line: `Ok(None)` for a blank line or a comment, the value otherwise (a
    /// binding `name = expr` also returns the value it binds). Error offsets are bytes into
    /// `line`.
    pub fn eval_line(&mut self, line: &str) -> Result<Option<Value>, CliError> {
        let code = strip_comment(line);
        if code.trim().is_empty() {
            return Ok(None);
        }
        let statement = parse_statement(code)?;
        let value = eval(&statement.expr, &self.names)?;
        if let Some((name, _)) = statement.target {
            self.names.insert(name, value.clone());
        }
        Ok(Some(value))
    }
}

/// Evaluate one expression (or binding) on its own, without names.
///
/// ```
/// use cute_cli::{evaluate, View};
/// let r = evaluate("composition((10,2):(16,4), (5,4):(1,5))").unwrap();
/// assert_eq!(r.show(View::Cute), "((5,1),(2,2)):((16,4),(80,4))");
/// let e = evaluate("size((2,3)").unwrap_err();
/// assert_eq!(e.at, Some(10));
/// ```
pub fn evaluate(input: &str) -> Result<Value, CliError> {
    let statement = parse_statement(input)?;
    eval(&statement.expr, &Names::new())
}
