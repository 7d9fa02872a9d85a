//! CuTe's printed text (NVIDIA CUTLASS), read by one grammar: the syntax that `cute-dynamic`'s
//! `FromStr`, `cute-static`'s macros and the `cute` command's expressions all parse with.
//!
//! CuTe prints a static integer `_8` (`Int<8>`) and a dynamic one `8` (`int`); `(a,b)` is a
//! tuple, `shape:stride` a layout, `_` the `Underscore` of tilers and coordinates, `v@i@j` a
//! scaled basis stride (innermost index first), `Sw<B,M,S>` a swizzle, `A o O o B` a composed
//! layout with the offset `O` (`_0`, `smem_ptr[16b](unset)`, or a MixedBits `M_S|(d&F)=V`),
//! `OFF|L` a tensor and `ArithTuple(c) o L` an identity tensor. This crate reads that text into
//! a plain syntax tree, every node with its byte span, and says where and why text does not
//! parse; it gives the tree no meaning (congruence, swizzle parameters, ... are the readers'
//! checks). No dependencies, `no_std`.
//!
//! ```
//! use cute_text::{Node, Parser};
//! let l = Parser::new("(_4,8):(_1,_4)").all(Parser::value)?;
//! let Node::Layout(shape, stride) = &l.node else { panic!() };
//! assert_eq!((shape.at, stride.at, l.end), (0, 7, 14));
//! let Node::Tuple(modes) = &shape.node else { panic!() };
//! assert_eq!(modes[1].node, Node::Int(cute_text::Int { value: 8, is_static: false }));
//!
//! let e = Parser::new("(2;3)").all(Parser::value).unwrap_err();
//! assert_eq!((e.offset, e.to_string().as_str()), (2, "expected ',' or ')', found ';'"));
//! # Ok::<(), cute_text::ParseError>(())
//! ```
//!
//! The grammar (whitespace may stand between any two tokens of a `value`):
//!
//! ```text
//! tensor   := "ArithTuple" term "o" value | int "|" layout
//! layout   := function [ "o" offset "o" function ]
//! function := swizzle | value                       -- a value that is shape:stride
//! swizzle  := "Sw<" int "," int "," int ">"
//! offset   := "smem_ptr[" int "b](unset)" | "M_" u32 "|(" u32 "&" u32 ")=" u32 | int
//! value    := term [ ":" term ]
//! term     := "(" [ value { "," value } ] ")" | "_" | [ "_" ] int { "@" digits }
//! int      := [ "-" ] digits
//! ```
//!
//! The Rust dialect ([`Parser::rust`]), what `cute-static`'s macros read, also takes a Rust name
//! (`m`) or a block (`{ ld * 2 }`) as a dynamic leaf, and a trailing comma in a tuple.

#![no_std]

extern crate alloc;

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

/// Deepest nesting of parentheses read, so that no text exhausts the stack.
///
/// ```
/// let deep = format!("{}_1{}", "(".repeat(65), ")".repeat(65));
/// let e = cute_text::Parser::new(&deep).all(cute_text::Parser::value).unwrap_err();
/// assert_eq!(e.expected, format!("at most {} levels of nesting", cute_text::MAX_DEPTH));
/// ```
pub const MAX_DEPTH: usize = 64;

/// Text that does not parse: where, what the grammar expected there, and what it found.
///
/// ```
/// let e = cute_text::Parser::new("_4:_1 x").all(cute_text::Parser::value).unwrap_err();
/// assert_eq!((e.offset, e.expected.as_str(), e.found.as_str()), (6, "end of input", "'x'"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset of the offending character in the text.
    pub offset: usize,
    /// What the grammar expected there.
    pub expected: String,
    /// What it found: the character quoted, `end of input`, or the number that does not fit.
    pub found: String,
}

impl ParseError {
    /// The error at `offset` of `text`: `expected` there, the character at `offset` found.
    ///
    /// ```
    /// let e = cute_text::ParseError::at("_4:_1", 1, "a layout (not _4)");
    /// assert_eq!(e.to_string(), "expected a layout (not _4), found '4'");
    /// ```
    pub fn at(text: &str, offset: usize, expected: impl Into<String>) -> ParseError {
        let found = match text.get(offset..).and_then(|rest| rest.chars().next()) {
            Some(c) => format!("'{c}'"),
            None => "end of input".to_string(),
        };
        ParseError {
            offset,
            expected: expected.into(),
            found,
        }
    }

    /// The same error in a text that starts `base` bytes further (the text was part of a larger
    /// one).
    ///
    /// ```
    /// let e = cute_text::Parser::new("(2;3)").all(cute_text::Parser::value).unwrap_err();
    /// assert_eq!(e.shifted(5).offset, 7); // in `size((2;3))`
    /// ```
    pub fn shifted(self, base: usize) -> ParseError {
        ParseError {
            offset: self.offset + base,
            ..self
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}, found {}", self.expected, self.found)
    }
}

impl core::error::Error for ParseError {}

/// `Result` with a [`ParseError`].
///
/// ```
/// let r: cute_text::Result<cute_text::Spanned> = cute_text::Parser::new("_8:_1").all(cute_text::Parser::value);
/// assert!(r.is_ok());
/// ```
pub type Result<T, E = ParseError> = core::result::Result<T, E>;

/// An integer as CuTe prints it: `_8` is static (`Int<8>`), `8` dynamic (`int`).
///
/// ```
/// use cute_text::{Int, Node, Parser};
/// let n = Parser::new("_-3").all(Parser::value)?;
/// assert_eq!(n.node, Node::Int(Int { value: -3, is_static: true }));
/// # Ok::<(), cute_text::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Int {
    /// The value.
    pub value: i32,
    /// Written `_N`.
    pub is_static: bool,
}

/// A value of CuTe's text: an integer, a scaled basis, `_`, a tuple or a layout.
///
/// ```
/// use cute_text::{Node, Parser};
/// let t = Parser::new("(_,_1@0@1)").all(Parser::value)?;
/// let Node::Tuple(items) = &t.node else { panic!() };
/// assert_eq!(items[0].node, Node::Underscore);
/// assert!(matches!(&items[1].node, Node::Basis { modes, at_sign: 5, .. } if modes == &[0, 1]));
/// # Ok::<(), cute_text::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// `_8` or `8`.
    Int(Int),
    /// A scaled basis stride `v@i@j`: the scale `v` at the position whose indices are printed
    /// innermost first (`_1@0@1` is CuTe's `E<1,0>`).
    Basis {
        /// The scale `v`.
        scale: Int,
        /// The indices as printed, innermost first.
        modes: Vec<usize>,
        /// Where the first `@` is.
        at_sign: usize,
    },
    /// `_`, CuTe's `Underscore`.
    Underscore,
    /// In the Rust dialect only: a dynamic leaf written as a Rust name or block; its source is
    /// the node's span of the text.
    Rust,
    /// `(a,b,...)`.
    Tuple(Vec<Spanned>),
    /// `shape:stride`.
    Layout(Box<Spanned>, Box<Spanned>),
}

/// A [`Node`] and the bytes of the text it spans, `at..end`.
///
/// ```
/// let text = "((_2,_3),_4)";
/// let n = cute_text::Parser::new(text).all(cute_text::Parser::value)?;
/// let cute_text::Node::Tuple(items) = &n.node else { panic!() };
/// assert_eq!(items[0].text(text), "(_2,_3)");
/// # Ok::<(), cute_text::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned {
    /// The value.
    pub node: Node,
    /// Where it starts.
    pub at: usize,
    /// Where it ends (one past its last byte).
    pub end: usize,
}

impl Spanned {
    /// The text the node spans.
    ///
    /// ```
    /// let n = cute_text::Parser::new(" _8:_1 ").all(cute_text::Parser::value)?;
    /// assert_eq!(n.text(" _8:_1 "), "_8:_1");
    /// # Ok::<(), cute_text::ParseError>(())
    /// ```
    pub fn text<'t>(&self, text: &'t str) -> &'t str {
        text.get(self.at..self.end).unwrap_or("")
    }

    /// Whether a scaled basis `v@i` is among the leaves (a layout of coordinates).
    ///
    /// ```
    /// let n = cute_text::Parser::new("(_4,_8):(_1@0,_1@1)").all(cute_text::Parser::value)?;
    /// assert!(n.has_basis());
    /// # Ok::<(), cute_text::ParseError>(())
    /// ```
    pub fn has_basis(&self) -> bool {
        match &self.node {
            Node::Basis { .. } => true,
            Node::Tuple(items) => items.iter().any(Spanned::has_basis),
            Node::Layout(s, d) => s.has_basis() || d.has_basis(),
            Node::Int(_) | Node::Underscore | Node::Rust => false,
        }
    }
}

/// A swizzle `Sw<B,M,S>` as written (its parameters unchecked).
///
/// ```
/// let s = cute_text::Parser::new("Sw<3,4,3>").all(cute_text::Parser::swizzle)?;
/// assert_eq!((s.bits, s.base, s.shift, s.end), (3, 4, 3, 9));
/// # Ok::<(), cute_text::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Swizzle {
    /// `B`, CuTe's `BBits`.
    pub bits: i32,
    /// `M`, CuTe's `MBase`.
    pub base: i32,
    /// `S`, CuTe's `SShift`.
    pub shift: i32,
    /// Where `Sw<` starts.
    pub at: usize,
    /// One past the closing `>`.
    pub end: usize,
}

/// The offset `O` of a composed layout `A o O o B`.
///
/// ```
/// use cute_text::{Offset, Parser};
/// assert!(matches!(Parser::new("smem_ptr[16b](unset)").all(Parser::offset)?, Offset::SmemPtr { bits: 16, .. }));
/// let Offset::Mixed { static_bits, dynamic_bits, flags, value, .. } =
///     Parser::new("M_0|(128&192)=128").all(Parser::offset)? else { panic!() };
/// assert_eq!((static_bits, dynamic_bits, flags, value), (0, 128, 192, 128));
/// # Ok::<(), cute_text::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Offset {
    /// An integer, `_0` or `7`.
    Int {
        /// The integer.
        value: Int,
        /// Where it starts.
        at: usize,
    },
    /// `smem_ptr[Nb](unset)`: a shared-memory pointer of `N`-bit elements (GMMA atoms).
    SmemPtr {
        /// The element width `N` in bits.
        bits: i32,
        /// Where it starts.
        at: usize,
    },
    /// CuTe's MixedBits print `M_S|(d&F)=V`.
    Mixed {
        /// `S`, the static bits.
        static_bits: u32,
        /// `d`, the dynamic bits.
        dynamic_bits: u32,
        /// `F`, the mask of the dynamic bits.
        flags: u32,
        /// `V`, the printed value.
        value: u32,
        /// Where `V` starts.
        value_at: usize,
        /// Where `M_` starts.
        at: usize,
    },
}

/// A side of a composed layout: a swizzle or a layout.
///
/// ```
/// use cute_text::{Function, Parser};
/// assert!(matches!(Parser::new("Sw<3,4,3>").all(Parser::function)?, Function::Swizzle(_)));
/// assert!(matches!(Parser::new("_8:_1").all(Parser::function)?, Function::Layout(_)));
/// # Ok::<(), cute_text::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Function {
    /// `Sw<B,M,S>`.
    Swizzle(Swizzle),
    /// `shape:stride` (a [`Node::Layout`]).
    Layout(Spanned),
}

/// A composed layout `A o O o B`, CuTe's `ComposedLayout`.
///
/// ```
/// use cute_text::{AnyLayout, Parser};
/// let AnyLayout::Composed(c) = Parser::new("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)").all(Parser::layout)? else { panic!() };
/// assert!(matches!(c.b, cute_text::Function::Layout(ref l) if l.at == 17));
/// # Ok::<(), cute_text::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Composed {
    /// The outer function `A`.
    pub a: Function,
    /// The offset `O`.
    pub offset: Offset,
    /// The inner function `B`.
    pub b: Function,
}

/// A layout: plain `shape:stride` or composed `A o O o B`.
///
/// ```
/// use cute_text::{AnyLayout, Parser};
/// assert!(matches!(Parser::new("_8:_1").all(Parser::layout)?, AnyLayout::Plain(_)));
/// # Ok::<(), cute_text::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyLayout {
    /// `shape:stride` (a [`Node::Layout`]).
    Plain(Spanned),
    /// `A o O o B`.
    Composed(Composed),
}

/// A tensor as CuTe prints it.
///
/// ```
/// use cute_text::{Parser, Tensor};
/// let t = Parser::new("ArithTuple(_0,_0) o (_4,_8):(_1@0,_1@1)").all(Parser::tensor)?;
/// assert!(matches!(t, Tensor::Coordinate { ref base, .. } if base.at == 10));
/// let t = Parser::new("_0|(_4,_8):(_1,_4)").all(Parser::tensor)?;
/// assert!(matches!(t, Tensor::Memory { offset_at: 0, .. }));
/// # Ok::<(), cute_text::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tensor {
    /// `OFF|L`: the element offset of the data, then the layout (plain or composed).
    Memory {
        /// The offset.
        offset: Int,
        /// Where the offset starts.
        offset_at: usize,
        /// The layout.
        layout: AnyLayout,
    },
    /// `ArithTuple(c) o L`: an identity tensor, its origin `c` and its layout with scaled basis
    /// strides.
    Coordinate {
        /// The origin `c`.
        base: Spanned,
        /// The layout `L`.
        layout: Spanned,
    },
}

/// A cursor over CuTe's text; each grammar rule is a method that reads one construct from the
/// cursor on (skipping whitespace before it) or says why it cannot.
///
/// ```
/// use cute_text::Parser;
/// // A value inside a larger text: read it, then carry on from where it ends.
/// let text = "size((_4,_8):(_1,_4)) + 1";
/// let mut p = Parser::new(text).at(5);
/// let l = p.value()?;
/// assert_eq!((l.text(text), p.pos()), ("(_4,_8):(_1,_4)", 20));
/// # Ok::<(), cute_text::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Parser<'a> {
    text: &'a str,
    pos: usize,
    depth: usize,
    rust: bool,
}

impl<'a> Parser<'a> {
    /// A cursor at the start of `text`.
    ///
    /// ```
    /// assert_eq!(cute_text::Parser::new("_8").pos(), 0);
    /// ```
    pub fn new(text: &'a str) -> Parser<'a> {
        Parser {
            text,
            pos: 0,
            depth: 0,
            rust: false,
        }
    }

    /// A cursor for the Rust dialect: a Rust name (`m`) or block (`{ ld * 2 }`) is also a
    /// dynamic leaf ([`Node::Rust`]), and a tuple may end with a comma.
    ///
    /// ```
    /// use cute_text::{Node, Parser};
    /// let text = "(m,_4,):(_1,{ ld * 2 })";
    /// let l = Parser::rust(text).all(Parser::value)?;
    /// let Node::Layout(shape, stride) = &l.node else { panic!() };
    /// let (Node::Tuple(s), Node::Tuple(d)) = (&shape.node, &stride.node) else { panic!() };
    /// assert_eq!((s.len(), s[0].text(text), d[1].text(text)), (2, "m", "{ ld * 2 }"));
    /// assert!(Parser::new(text).all(Parser::value).is_err());
    /// # Ok::<(), cute_text::ParseError>(())
    /// ```
    pub fn rust(text: &'a str) -> Parser<'a> {
        Parser {
            rust: true,
            ..Parser::new(text)
        }
    }

    /// The same cursor moved to byte `pos` of its text.
    ///
    /// ```
    /// let mut p = cute_text::Parser::new("x = _8:_1").at(4);
    /// assert_eq!(p.value()?.at, 4);
    /// # Ok::<(), cute_text::ParseError>(())
    /// ```
    pub fn at(self, pos: usize) -> Parser<'a> {
        Parser { pos, ..self }
    }

    /// Where the cursor is: one past what has been read.
    ///
    /// ```
    /// let mut p = cute_text::Parser::new("Sw<3,4,3> o _0");
    /// p.swizzle()?;
    /// assert_eq!(p.pos(), 9);
    /// # Ok::<(), cute_text::ParseError>(())
    /// ```
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Read the whole text with `rule`: what it reads, then nothing but whitespace.
    ///
    /// ```
    /// use cute_text::Parser;
    /// assert!(Parser::new("_8:_1 ").all(Parser::value).is_ok());
    /// assert_eq!(Parser::new("_8:_1 )").all(Parser::value).unwrap_err().offset, 6);
    /// ```
    pub fn all<T>(mut self, rule: impl FnOnce(&mut Parser<'a>) -> Result<T>) -> Result<T> {
        let v = rule(&mut self)?;
        self.end()?;
        Ok(v)
    }

    /// Nothing but whitespace until the end of the text.
    ///
    /// ```
    /// let mut p = cute_text::Parser::new("_8 _1");
    /// p.value()?;
    /// assert_eq!(p.end().unwrap_err().to_string(), "expected end of input, found '_'");
    /// # Ok::<(), cute_text::ParseError>(())
    /// ```
    pub fn end(&mut self) -> Result<()> {
        self.skip_spaces();
        if self.pos == self.text.len() {
            Ok(())
        } else {
            Err(self.error("end of input"))
        }
    }

    /// The error "expected `expected`" at the cursor.
    ///
    /// ```
    /// let p = cute_text::Parser::new("(_2,_3)").at(3);
    /// assert_eq!(p.error("')'").to_string(), "expected ')', found ','");
    /// ```
    pub fn error(&self, expected: &str) -> ParseError {
        ParseError::at(self.text, self.pos, expected)
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.pos..).unwrap_or("")
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    /// Consume `lit`, or fail expecting it.
    fn literal(&mut self, lit: &str) -> Result<()> {
        if self.rest().starts_with(lit) {
            self.pos += lit.len();
            Ok(())
        } else {
            Err(self.error(&format!("'{lit}'")))
        }
    }

    /// `[-]digits` (the sign only if `signed`) as a `T`; `what` and `ty` name it in errors.
    fn number<T: FromStr>(&mut self, what: &str, ty: &str, signed: bool) -> Result<T> {
        let at = self.pos;
        if signed && self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let digits = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == digits {
            return Err(self.error("a digit"));
        }
        let text = &self.text[at..self.pos];
        text.parse::<T>().map_err(|_| ParseError {
            offset: at,
            expected: format!("{what} that fits in {ty}"),
            found: text.to_string(),
        })
    }

    fn integer(&mut self) -> Result<i32> {
        self.number("an integer", "i32", true)
    }

    /// The integer of a leaf: digits with no letter glued on (`_3x`, `8u32` are not CuTe's).
    fn leaf_integer(&mut self) -> Result<i32> {
        let at = self.pos;
        let value = self.integer()?;
        let glued = self
            .rest()
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(self.rest().len());
        if glued > 0 {
            return Err(ParseError {
                offset: at,
                expected: "a decimal integer".to_string(),
                found: self.text[at..self.pos + glued].to_string(),
            });
        }
        Ok(value)
    }

    /// `value := term [ ":" term ]`: an IntTuple, a tiler, a coordinate or a layout
    /// `shape:stride`. Whitespace after it is left unread.
    ///
    /// ```
    /// let mut p = cute_text::Parser::new(" (_3,_) ,");
    /// let v = p.value()?;
    /// assert_eq!((v.at, v.end, p.pos()), (1, 7, 7));
    /// # Ok::<(), cute_text::ParseError>(())
    /// ```
    pub fn value(&mut self) -> Result<Spanned> {
        self.skip_spaces();
        let at = self.pos;
        let first = self.term()?;
        let after = self.pos;
        self.skip_spaces();
        if self.peek() != Some(b':') {
            self.pos = after;
            return Ok(first);
        }
        self.pos += 1;
        self.skip_spaces();
        let second = self.term()?;
        let end = second.end;
        Ok(Spanned {
            node: Node::Layout(Box::new(first), Box::new(second)),
            at,
            end,
        })
    }

    /// `term`: a tuple, `_`, or an integer with its scaled-basis indices `@i`, at the cursor
    /// (no whitespace skipped).
    ///
    /// ```
    /// let mut p = cute_text::Parser::new("16@1@0:_1");
    /// assert!(matches!(p.term()?.node, cute_text::Node::Basis { ref modes, .. } if modes == &[1, 0]));
    /// assert_eq!(p.pos(), 6);
    /// # Ok::<(), cute_text::ParseError>(())
    /// ```
    pub fn term(&mut self) -> Result<Spanned> {
        let at = self.pos;
        match self.peek() {
            Some(b'(') => self.tuple(),
            Some(b'_') => {
                self.pos += 1;
                if matches!(self.peek(), Some(b'-' | b'0'..=b'9')) {
                    let value = self.leaf_integer()?;
                    self.leaf(at, value, true)
                } else {
                    Ok(Spanned {
                        node: Node::Underscore,
                        at,
                        end: self.pos,
                    })
                }
            }
            Some(b'-' | b'0'..=b'9') => {
                let value = self.leaf_integer()?;
                self.leaf(at, value, false)
            }
            Some(b'{') if self.rust => self.block(),
            _ if self.rust && self.rest().starts_with(char::is_alphabetic) => {
                let len = self
                    .rest()
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(self.rest().len());
                self.pos += len;
                Ok(Spanned {
                    node: Node::Rust,
                    at,
                    end: self.pos,
                })
            }
            _ if self.rust => Err(self.error(
                "an integer (`_N` static; `N`, a Rust name or a block dynamic), '_' or '('",
            )),
            _ => Err(self.error("an integer, '_' or '('")),
        }
    }

    /// An integer leaf read up to its `@` indices, which follow here.
    fn leaf(&mut self, at: usize, value: i32, is_static: bool) -> Result<Spanned> {
        let scale = Int { value, is_static };
        let at_sign = self.pos;
        let mut modes = Vec::new();
        while self.peek() == Some(b'@') {
            self.pos += 1;
            if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return Err(self.error("a digit after '@'"));
            }
            modes.push(self.number::<usize>("a mode index", "usize", false)?);
        }
        let node = if modes.is_empty() {
            Node::Int(scale)
        } else {
            Node::Basis {
                scale,
                modes,
                at_sign,
            }
        };
        Ok(Spanned {
            node,
            at,
            end: self.pos,
        })
    }

    /// A Rust block `{ ... }` (braces balanced), in the Rust dialect.
    fn block(&mut self) -> Result<Spanned> {
        let at = self.pos;
        let mut open = 0usize;
        for (k, c) in self.rest().char_indices() {
            match c {
                '{' => open += 1,
                '}' => {
                    open -= 1;
                    if open == 0 {
                        self.pos += k + 1;
                        return Ok(Spanned {
                            node: Node::Rust,
                            at,
                            end: self.pos,
                        });
                    }
                }
                _ => {}
            }
        }
        self.pos = self.text.len();
        Err(self.error("'}' closing the block"))
    }

    fn tuple(&mut self) -> Result<Spanned> {
        let at = self.pos;
        if self.depth == MAX_DEPTH {
            return Err(self.error(&format!("at most {MAX_DEPTH} levels of nesting")));
        }
        self.depth += 1;
        self.pos += 1; // '('
        let mut items = Vec::new();
        self.skip_spaces();
        if self.peek() != Some(b')') {
            loop {
                items.push(self.value()?);
                self.skip_spaces();
                match self.peek() {
                    Some(b',') => {
                        self.pos += 1;
                        self.skip_spaces();
                        if self.rust && self.peek() == Some(b')') {
                            break;
                        }
                    }
                    Some(b')') => break,
                    _ => return Err(self.error("',' or ')'")),
                }
            }
        }
        self.pos += 1; // ')'
        self.depth -= 1;
        Ok(Spanned {
            node: Node::Tuple(items),
            at,
            end: self.pos,
        })
    }

    /// `Sw<B,M,S>`.
    ///
    /// ```
    /// let e = cute_text::Parser::new("Sw<3,4>").all(cute_text::Parser::swizzle).unwrap_err();
    /// assert_eq!(e.to_string(), "expected ',', found '>'");
    /// ```
    pub fn swizzle(&mut self) -> Result<Swizzle> {
        self.skip_spaces();
        let at = self.pos;
        self.literal("Sw<")?;
        let bits = self.integer()?;
        self.literal(",")?;
        let base = self.integer()?;
        self.literal(",")?;
        let shift = self.integer()?;
        self.literal(">")?;
        Ok(Swizzle {
            bits,
            base,
            shift,
            at,
            end: self.pos,
        })
    }

    /// The offset of a composed layout: `smem_ptr[Nb](unset)`, a MixedBits print, or an
    /// integer.
    ///
    /// ```
    /// use cute_text::{Offset, Parser};
    /// assert!(matches!(Parser::new("_-420").all(Parser::offset)?, Offset::Int { at: 0, .. }));
    /// let e = Parser::new("(_4)").all(Parser::offset).unwrap_err();
    /// assert_eq!(e.to_string(), "expected an integer offset, found '('");
    /// # Ok::<(), cute_text::ParseError>(())
    /// ```
    pub fn offset(&mut self) -> Result<Offset> {
        self.skip_spaces();
        if let Some(tag) = self.offset_tag() {
            return tag;
        }
        let n = self.term()?;
        match n.node {
            Node::Int(value) => Ok(Offset::Int { value, at: n.at }),
            _ => Err(ParseError::at(self.text, n.at, "an integer offset")),
        }
    }

    /// The offsets that are not integers, `smem_ptr[Nb](unset)` and `M_S|(d&F)=V`, if one starts
    /// at the cursor (`None`, nothing read, otherwise).
    ///
    /// ```
    /// let mut p = cute_text::Parser::new("M_0|(128&192)=128 o x");
    /// assert!(p.offset_tag().unwrap().is_ok());
    /// assert_eq!(p.pos(), 17);
    /// assert!(cute_text::Parser::new("M_x").offset_tag().is_none());
    /// ```
    pub fn offset_tag(&mut self) -> Option<Result<Offset>> {
        let at = self.pos;
        let rest = self.rest();
        if rest.starts_with("smem_ptr[") {
            return Some((|| {
                self.literal("smem_ptr[")?;
                let bits = self.integer()?;
                self.literal("b](unset)")?;
                Ok(Offset::SmemPtr { bits, at })
            })());
        }
        let mixed = rest
            .strip_prefix("M_")
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()));
        if !mixed {
            return None;
        }
        Some((|| {
            let field = |p: &mut Parser<'a>, lit: &str| {
                p.literal(lit)?;
                p.number::<u32>("a number", "u32", false)
            };
            let static_bits = field(self, "M_")?;
            let dynamic_bits = field(self, "|(")?;
            let flags = field(self, "&")?;
            self.literal(")=")?;
            let value_at = self.pos;
            let value = self.number::<u32>("a number", "u32", false)?;
            Ok(Offset::Mixed {
                static_bits,
                dynamic_bits,
                flags,
                value,
                value_at,
                at,
            })
        })())
    }

    /// The word `o` that separates the parts of `A o O o B` (and `ArithTuple(c) o L`), with the
    /// whitespace around it; `false`, nothing read, if none is at the cursor.
    ///
    /// ```
    /// let mut p = cute_text::Parser::new("_0 o Sw<3,4,3>").at(2);
    /// assert!(p.composition_o());
    /// assert_eq!(p.pos(), 5);
    /// assert!(!cute_text::Parser::new(" of").composition_o());
    /// ```
    pub fn composition_o(&mut self) -> bool {
        let start = self.pos;
        self.skip_spaces();
        let word = self.rest().as_bytes();
        if word.first() == Some(&b'o')
            && !word
                .get(1)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            self.pos += 1;
            self.skip_spaces();
            return true;
        }
        self.pos = start;
        false
    }

    /// A side of a composed layout: `Sw<B,M,S>` or a layout `shape:stride`.
    ///
    /// ```
    /// let e = cute_text::Parser::new("(_4,_8)").all(cute_text::Parser::function).unwrap_err();
    /// assert_eq!(e.expected, "a layout shape:stride or a swizzle Sw<B,M,S>");
    /// ```
    pub fn function(&mut self) -> Result<Function> {
        self.skip_spaces();
        if self.rest().starts_with("Sw<") {
            return self.swizzle().map(Function::Swizzle);
        }
        let n = self.value()?;
        match n.node {
            Node::Layout(..) => Ok(Function::Layout(n)),
            _ => Err(ParseError::at(
                self.text,
                n.at,
                "a layout shape:stride or a swizzle Sw<B,M,S>",
            )),
        }
    }

    /// A layout, plain (`shape:stride`) or composed (`A o O o B`).
    ///
    /// ```
    /// let e = cute_text::Parser::new("Sw<1,5,3> o _0").all(cute_text::Parser::layout).unwrap_err();
    /// assert_eq!((e.offset, e.found.as_str()), (14, "end of input"));
    /// ```
    pub fn layout(&mut self) -> Result<AnyLayout> {
        let a = self.function()?;
        if !self.composition_o() {
            return match a {
                Function::Layout(l) => Ok(AnyLayout::Plain(l)),
                Function::Swizzle(_) => {
                    self.skip_spaces();
                    Err(self.error("' o ' and an offset (a composed layout is A o O o B)"))
                }
            };
        }
        let offset = self.offset()?;
        if !self.composition_o() {
            self.skip_spaces();
            return Err(self.error("' o ' and the inner layout (a composed layout is A o O o B)"));
        }
        let b = self.function()?;
        Ok(AnyLayout::Composed(Composed { a, offset, b }))
    }

    /// A tensor: `OFF|L` or `ArithTuple(c) o L`.
    ///
    /// ```
    /// let e = cute_text::Parser::new("ArithTuple(_0) (_4):(_1@0)").all(cute_text::Parser::tensor).unwrap_err();
    /// assert!(e.to_string().starts_with("expected ' o ' and a layout"));
    /// ```
    pub fn tensor(&mut self) -> Result<Tensor> {
        const ARITH: &str = "ArithTuple";
        self.skip_spaces();
        if self.rest().starts_with(ARITH) {
            self.pos += ARITH.len();
            let base = self.term()?;
            if !self.composition_o() {
                self.skip_spaces();
                return Err(
                    self.error("' o ' and a layout (an identity tensor is ArithTuple(c) o L)")
                );
            }
            let layout = self.value()?;
            return Ok(Tensor::Coordinate { base, layout });
        }
        let offset = self.term()?;
        let Node::Int(value) = offset.node else {
            return Err(ParseError::at(
                self.text,
                offset.at,
                "a tensor OFF|LAYOUT or ArithTuple(...) o LAYOUT",
            ));
        };
        self.skip_spaces();
        self.literal("|")?;
        Ok(Tensor::Memory {
            offset: value,
            offset_at: offset.at,
            layout: self.layout()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> Result<Spanned> {
        Parser::new(text).all(Parser::value)
    }

    #[test]
    fn errors_point_at_the_offending_byte() {
        let cases: [(&str, usize, &str, &str); 9] = [
            ("(2;3):(1,2)", 2, "',' or ')'", "';'"),
            ("", 0, "an integer, '_' or '('", "end of input"),
            ("_-", 2, "a digit", "end of input"),
            (
                "(99999999999,2)",
                1,
                "an integer that fits in i32",
                "99999999999",
            ),
            ("_1@", 3, "a digit after '@'", "end of input"),
            ("(_2 _3)", 4, "',' or ')'", "'_'"),
            ("_2:", 3, "an integer, '_' or '('", "end of input"),
            ("(_2,)", 4, "an integer, '_' or '('", "')'"),
            ("(_3x,_2)", 2, "a decimal integer", "3x"),
        ];
        for (text, offset, expected, found) in cases {
            let e = value(text).unwrap_err();
            assert_eq!(
                (e.offset, e.expected.as_str(), e.found.as_str()),
                (offset, expected, found),
                "{text}"
            );
        }
    }

    #[test]
    fn whitespace_between_tokens() {
        let n = value(" ( _2 , _3 ) : ( _1 , _2 ) ").unwrap();
        assert_eq!((n.at, n.end), (1, 26));
        assert!(matches!(n.node, Node::Layout(..)));
    }

    #[test]
    fn composed_and_tensors() {
        let t = Parser::new("_5|Sw<3,4,3> o M_0|(128&192)=128 o (_8,_64):(_64,_1)")
            .all(Parser::tensor)
            .unwrap();
        let Tensor::Memory {
            offset,
            layout: AnyLayout::Composed(c),
            ..
        } = t
        else {
            panic!()
        };
        assert_eq!(offset.value, 5);
        assert!(matches!(c.offset, Offset::Mixed { value_at: 29, .. }));
        for bad in [
            "_8:_1 o _0",
            "Sw<1,2,3>",
            "_0|Sw<1,2,3> o _0 o _8:_1 o _0",
            "x|_8:_1",
        ] {
            assert!(Parser::new(bad).all(Parser::tensor).is_err(), "{bad}");
            assert!(Parser::new(bad).all(Parser::layout).is_err(), "{bad}");
        }
    }

    #[test]
    fn rust_blocks_nest() {
        let text = "({ f({1}) },n_2)";
        let n = Parser::rust(text).all(Parser::value).unwrap();
        let Node::Tuple(items) = &n.node else {
            panic!()
        };
        assert_eq!(items[0].text(text), "{ f({1}) }");
        assert_eq!(items[1].text(text), "n_2");
        assert!(Parser::rust("({ x").all(Parser::value).is_err());
    }
}

// The README's example, run as a doctest (not part of the documentation).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
