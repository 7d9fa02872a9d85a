//! Errors of the `cute` command: a message and, when it points into the input, the byte offset of
//! the offending character. [`CliError::render`] echoes the input line with a caret under it.

use core::fmt;

/// Something the command refuses: a syntax error, an unknown name, an argument of the wrong
/// kind, one of CuTe's preconditions, or a picture that would be too large.
///
/// ```
/// use cute_cli::CliError;
/// let e = CliError::at("expected ',' or ')', found ';'", 6);
/// assert_eq!(e.render("size((2;3))"), "error: expected ',' or ')', found ';'\n  size((2;3))\n        ^\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError {
    /// What went wrong (what was expected, or CuTe's condition with the values involved).
    pub message: String,
    /// Byte offset in the input the error points at, if any.
    pub at: Option<usize>,
}

impl CliError {
    /// An error pointing at byte `at` of the input.
    pub fn at(message: impl Into<String>, at: usize) -> CliError {
        CliError {
            message: message.into(),
            at: Some(at),
        }
    }

    /// An error about the whole input (a picture too large, a file that cannot be written).
    pub fn plain(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            at: None,
        }
    }

    /// The message on an `error:` line, then (if the error points into `input`) the input line
    /// that holds the offset, indented by two spaces, and a caret under the offending character.
    /// Tabs before the offset are kept so that the caret lines up.
    pub fn render(&self, input: &str) -> String {
        self.render_line(input, None)
    }

    /// As [`CliError::render`], the first line reading `error (line N):` when `line` is given
    /// (the line number of a session's input).
    ///
    /// ```
    /// use cute_cli::CliError;
    /// let e = CliError::at("unknown name 'B'", 5);
    /// assert_eq!(e.render_line("size(B)", Some(3)), "error (line 3): unknown name 'B'\n  size(B)\n       ^\n");
    /// ```
    pub fn render_line(&self, input: &str, line: Option<usize>) -> String {
        let mut out = match line {
            Some(n) => format!("error (line {n}): {}\n", self.message),
            None => format!("error: {}\n", self.message),
        };
        let Some(at) = self.at else {
            return out;
        };
        let at = at.min(input.len());
        // The line of `input` that holds `at` (expressions given on the command line may span
        // several lines).
        let start = input
            .get(..at)
            .and_then(|before| before.rfind('\n').map(|i| i + 1))
            .unwrap_or(0);
        let end = input
            .get(at..)
            .and_then(|after| after.find('\n').map(|i| at + i))
            .unwrap_or(input.len());
        let line = input.get(start..end).unwrap_or(input);
        let line = line.strip_suffix('\r').unwrap_or(line);
        let pad: String = match input.get(start..at) {
            Some(before) => before
                .chars()
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect(),
            None => " ".repeat(at.saturating_sub(start)),
        };
        out.push_str("  ");
        out.push_str(line);
        out.push_str("\n  ");
        out.push_str(&pad);
        out.push_str("^\n");
        out
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some(at) => write!(f, "{} (at byte {at})", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for CliError {}
