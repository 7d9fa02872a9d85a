//! Reading CuTe's printed text: `_N` static, `N` dynamic, `_` underscore, `(a,b)` tuples and
//! `shape:stride` layouts, nested in any way a tiler allows. Errors carry the byte offset.

use crate::error::{ErrorKind, LayoutError, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// A parsed value before it is given a meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Node {
    Int(Int),
    Underscore,
    Tuple(Vec<Spanned>),
    Layout(Box<Spanned>, Box<Spanned>),
}

/// A node and the byte offset where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Spanned {
    pub(crate) node: Node,
    pub(crate) at: usize,
}

/// Deepest nesting accepted, so that hostile input cannot exhaust the stack.
const MAX_DEPTH: usize = 64;

struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
    depth: usize,
}

pub(crate) fn parse_error(text: &str, at: usize, expected: &str) -> LayoutError {
    let found = match text.get(at..).and_then(|rest| rest.chars().next()) {
        Some(c) => format!("'{c}'"),
        None => "end of input".to_string(),
    };
    LayoutError::from(ErrorKind::Parse {
        offset: at,
        expected: expected.to_string(),
        found,
    })
}

/// The same parse error with its byte offset moved by `base` (for text parsed in pieces).
pub(crate) fn shift(e: LayoutError, base: usize) -> LayoutError {
    match e.kind() {
        ErrorKind::Parse {
            offset,
            expected,
            found,
        } => ErrorKind::Parse {
            offset: offset + base,
            expected: expected.clone(),
            found: found.clone(),
        }
        .into(),
        _ => e,
    }
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    fn error(&self, expected: &str) -> LayoutError {
        let text = core::str::from_utf8(self.text).unwrap_or("");
        parse_error(text, self.pos, expected)
    }

    fn value(&mut self) -> Result<Spanned> {
        self.skip_spaces();
        let at = self.pos;
        let first = self.term()?;
        self.skip_spaces();
        if self.peek() == Some(b':') {
            self.pos += 1;
            self.skip_spaces();
            let second = self.term()?;
            return Ok(Spanned {
                node: Node::Layout(Box::new(first), Box::new(second)),
                at,
            });
        }
        Ok(first)
    }

    fn term(&mut self) -> Result<Spanned> {
        let at = self.pos;
        match self.peek() {
            Some(b'(') => self.tuple(),
            Some(b'_') => {
                self.pos += 1;
                match self.peek() {
                    Some(b'-' | b'0'..=b'9') => Ok(Spanned {
                        node: Node::Int(Int::new_static(self.integer()?)),
                        at,
                    }),
                    _ => Ok(Spanned {
                        node: Node::Underscore,
                        at,
                    }),
                }
            }
            Some(b'-' | b'0'..=b'9') => Ok(Spanned {
                node: Node::Int(Int::new_dynamic(self.integer()?)),
                at,
            }),
            _ => Err(self.error("an integer, '_' or '('")),
        }
    }

    fn integer(&mut self) -> Result<i32> {
        let at = self.pos;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.pos += 1;
        }
        let digits_at = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == digits_at {
            return Err(self.error("a digit"));
        }
        let text = core::str::from_utf8(&self.text[at..self.pos]).unwrap_or("");
        text.parse::<i32>().map_err(|_| {
            LayoutError::from(ErrorKind::Parse {
                offset: at,
                expected: "an integer that fits in i32".to_string(),
                found: text.to_string(),
            })
        })
    }

    fn tuple(&mut self) -> Result<Spanned> {
        let at = self.pos;
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error("at most 64 levels of nesting"));
        }
        self.pos += 1; // '('
        let mut items = Vec::new();
        self.skip_spaces();
        if self.peek() == Some(b')') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(Spanned {
                node: Node::Tuple(items),
                at,
            });
        }
        loop {
            items.push(self.value()?);
            self.skip_spaces();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b')') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(Spanned {
                        node: Node::Tuple(items),
                        at,
                    });
                }
                _ => return Err(self.error("',' or ')'")),
            }
        }
    }
}

/// Parse one complete value (the whole text must be consumed).
pub(crate) fn parse_node(text: &str) -> Result<Spanned> {
    let mut p = Parser {
        text: text.as_bytes(),
        pos: 0,
        depth: 0,
    };
    let v = p.value()?;
    p.skip_spaces();
    if p.pos != text.len() {
        return Err(p.error("end of input"));
    }
    Ok(v)
}

impl Spanned {
    /// This node as an IntTuple (no `_`, no layouts).
    pub(crate) fn to_int_tuple(&self, text: &str) -> Result<IntTuple> {
        match &self.node {
            Node::Int(i) => Ok(IntTuple::Int(*i)),
            Node::Tuple(items) => items.iter().map(|n| n.to_int_tuple(text)).collect(),
            Node::Underscore => Err(parse_error(text, self.at, "an integer (not '_')")),
            Node::Layout(_, s) => Err(parse_error(text, s.at - 1, "an IntTuple (not a layout)")),
        }
    }

    /// This node as a layout `shape:stride`.
    pub(crate) fn to_layout(&self, text: &str) -> Result<Layout> {
        match &self.node {
            Node::Layout(shape, stride) => {
                Layout::new(shape.to_int_tuple(text)?, stride.to_int_tuple(text)?)
            }
            _ => Err(parse_error(text, self.at, "a layout shape:stride")),
        }
    }
}

impl core::str::FromStr for IntTuple {
    type Err = LayoutError;

    /// Parse CuTe text such as `(_3,(2,_4))`.
    fn from_str(text: &str) -> Result<IntTuple> {
        parse_node(text)?.to_int_tuple(text)
    }
}

impl core::str::FromStr for Layout {
    type Err = LayoutError;

    /// Parse CuTe text such as `(_3,(_2,_3)):(_3,(_12,_1))`.
    fn from_str(text: &str) -> Result<Layout> {
        parse_node(text)?.to_layout(text)
    }
}
