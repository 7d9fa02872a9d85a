//! Expression syntax: a recursive-descent parser over the whole input line.
//!
//! ```text
//! statement := [ identifier "=" ] expr
//! expr      := primary [ "o" offset "o" primary ]          -- a composed layout A o O o B
//!            | primary "|" expr                            -- a tensor OFF|LAYOUT
//! primary   := identifier "(" [ expr { "," expr } ] ")" { "(" expr { "," expr } ")" }
//!                                                          -- an operation call (or a named
//!                                                             value applied to a coordinate),
//!                                                             its result applied to coordinates
//!            | typename [ "(" expr { "," expr } ")" ]      -- Sw<3,4,3>, Sw<3,4,3>(128), GMMA atoms
//!            | tensor                                      -- ArithTuple(c) o L, an identity tensor
//!            | identifier                                  -- a name given earlier, an MMA atom
//!            | value                                       -- CuTe text
//! typename  := identifier { "::" identifier } [ "<" ... ">" ]   -- followed by "<" or "::"
//! offset    := offset_tag                                  -- smem_ptr[Nb](unset), M_S|(d&F)=V
//!            | primary                                     -- an integer
//! identifier:= letter { letter | digit | "_" }
//! ```
//!
//! `value` (CuTe text: integers `_8` and `8`, `_`, tuples, `shape:stride`, scaled bases `v@i`),
//! `tensor`'s `ArithTuple(c) o L`, `offset_tag` and the word `o` are the rules of CuTe's grammar
//! in `cute-text`, the one grammar that `cute-dynamic` and `cute-static`'s macros read too: the
//! parser reads a literal with it from where the literal starts, and `cute-dynamic` then gives
//! the text the literal spans its value (errors in it are shifted by the start of the literal).
//! The leading token decides: a letter starts an identifier (a call if `(` follows), anything
//! else starts CuTe text. Whitespace may separate any two tokens. An identifier followed by `<`
//! or `::` is a C++ type name (a swizzle, a GMMA atom, an MMA atom with template arguments or a
//! member such as `SM80_16x8x16_F16F16F16F16_TN::ALayout`, see [`crate::named`]). Where CuTe's
//! grammar has a layout, a swizzle, an offset or a tensor's layout, the expression language
//! takes any expression: `o` between expressions composes them as CuTe prints a composed layout
//! (`Sw<3,4,3> o _0 o A`), and a `|` after an expression makes a tensor `OFF|LAYOUT` (CuTe's
//! print of a tensor: the element offset of its data, then its layout, which may be composed and
//! hold a MixedBits `|`). Text with scaled basis strides `v@i` is a layout of coordinates
//! (`make_identity_layout`'s).

use crate::error::CliError;
use crate::value::Value;
use cute_dynamic::{CoordLayout, ErrorKind, LayoutError, Offset, Tensor, Tiler};

/// How CuTe's print of an identity tensor starts.
const ARITH: &str = "ArithTuple";

/// Deepest nesting of calls and of parentheses accepted, so that no input exhausts the stack.
pub const MAX_DEPTH: usize = 64;

/// A parsed expression. Offsets are bytes into the input line.
#[derive(Clone, Debug, PartialEq, Eq)]
// A literal holds its layout inline, as cute-dynamic does (see its crate root).
#[allow(clippy::large_enum_variant)]
pub enum Expr {
    /// `name(args...)`: an operation by its CuTe name.
    Call {
        /// The operation's name.
        name: String,
        /// Where the name starts.
        at: usize,
        /// The arguments.
        args: Vec<Expr>,
    },
    /// A name bound earlier in the session (`A = ...`).
    Name {
        /// The name.
        name: String,
        /// Where it starts.
        at: usize,
    },
    /// CuTe text such as `(_4,_2):(_2,_1)`, or a type name such as `Sw<3,4,3>`, already read.
    Literal {
        /// Its value.
        value: Value,
        /// Where it starts.
        at: usize,
    },
    /// A value applied to a coordinate: `Sw<3,4,3>(128)` (CuTe's `operator()`).
    Apply {
        /// What is applied (a swizzle or a layout).
        callee: Box<Expr>,
        /// The coordinate: one argument, or the modes of a coordinate tuple.
        args: Vec<Expr>,
        /// Where the callee starts.
        at: usize,
    },
    /// A tensor `OFF|LAYOUT` (CuTe's print of a tensor).
    Tensor {
        /// The element offset of the data (an integer).
        offset: Box<Expr>,
        /// The layout (plain or composed).
        layout: Box<Expr>,
        /// Where the offset starts.
        at: usize,
    },
    /// A composed layout `A o O o B` (CuTe's `ComposedLayout`, as CuTe prints it).
    Composed {
        /// The outer function `A` (a swizzle or a layout).
        a: Box<Expr>,
        /// The offset `O`.
        offset: OffsetExpr,
        /// The inner function `B` (a layout or a swizzle).
        b: Box<Expr>,
        /// Where `A` starts.
        at: usize,
    },
}

/// The offset of a composed layout: one of CuTe's special prints, or an expression of an integer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OffsetExpr {
    /// `smem_ptr[Nb](unset)` or a MixedBits value `M_S|(d&F)=V`.
    Tag {
        /// The offset.
        value: Offset,
        /// Where it starts.
        at: usize,
    },
    /// An integer (`_0`, `7`, a name bound to an integer, ...).
    Expr(Box<Expr>),
}

impl Expr {
    /// Where the expression starts in the input.
    pub fn at(&self) -> usize {
        match self {
            Expr::Call { at, .. }
            | Expr::Name { at, .. }
            | Expr::Literal { at, .. }
            | Expr::Apply { at, .. }
            | Expr::Tensor { at, .. }
            | Expr::Composed { at, .. } => *at,
        }
    }
}

/// One input line: an expression, optionally bound to a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// `Some((name, offset))` for `name = expr`.
    pub target: Option<(String, usize)>,
    /// The expression.
    pub expr: Expr,
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    depth: usize,
}

fn describe(text: &str, at: usize) -> String {
    match text.get(at..).and_then(|rest| rest.chars().next()) {
        Some(c) => format!("'{}'", c.escape_debug()),
        None => "end of input".to_string(),
    }
}

/// An error of CuTe's grammar, its offset already in the whole line.
fn text_error(e: cute_text::ParseError) -> CliError {
    CliError::at(e.to_string(), e.offset)
}

/// A `cute-dynamic` error on the literal starting at `start`, as an error on the whole line.
pub(crate) fn literal_error(e: &LayoutError, start: usize) -> CliError {
    match e.kind() {
        ErrorKind::Parse {
            offset,
            expected,
            found,
        } => CliError::at(
            format!("expected {expected}, found {found}"),
            start + offset,
        ),
        _ => CliError::at(e.to_string(), start),
    }
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    fn expected(&self, what: &str) -> CliError {
        CliError::at(
            format!("expected {what}, found {}", describe(self.text, self.pos)),
            self.pos,
        )
    }

    fn enter(&mut self) -> Result<(), CliError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(CliError::at(
                format!("nesting deeper than {MAX_DEPTH} levels"),
                self.pos,
            ));
        }
        Ok(())
    }

    fn identifier(&mut self) -> Option<(String, usize)> {
        let at = self.pos;
        if !self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            return None;
        }
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_')
        {
            self.pos += 1;
        }
        Some((self.text[at..self.pos].to_string(), at))
    }

    fn statement(&mut self) -> Result<Statement, CliError> {
        self.skip_spaces();
        let start = self.pos;
        let mut target = None;
        if let Some((name, at)) = self.identifier() {
            self.skip_spaces();
            if self.peek() == Some(b'=') {
                self.pos += 1;
                target = Some((name, at));
            } else {
                self.pos = start;
            }
        }
        let expr = self.expr()?;
        self.skip_spaces();
        if self.pos != self.bytes.len() {
            let what = if target.is_none() && matches!(expr, Expr::Name { .. }) {
                "'(' (an operation call), '=' (a binding) or end of input"
            } else {
                "end of input"
            };
            return Err(self.expected(what));
        }
        Ok(Statement { target, expr })
    }

    /// `primary [ "o" offset "o" primary ]` or `primary "|" expr`.
    fn expr(&mut self) -> Result<Expr, CliError> {
        let a = self.primary()?;
        let end = self.pos;
        self.skip_spaces();
        if self.peek() == Some(b'|') {
            self.pos += 1;
            self.enter()?;
            let layout = self.expr()?;
            self.depth -= 1;
            return Ok(Expr::Tensor {
                at: a.at(),
                offset: Box::new(a),
                layout: Box::new(layout),
            });
        }
        self.pos = end;
        if !self.composition_operator() {
            return Ok(a);
        }
        let offset = self.offset()?;
        if !self.composition_operator() {
            return Err(self
                .expected("' o ' and the inner layout (a composed layout is written A o O o B)"));
        }
        let b = self.primary()?;
        let end = self.pos;
        if self.composition_operator() {
            let at = self.pos;
            self.pos = end;
            return Err(CliError::at(
                "a composed layout has three parts, A o O o B",
                at,
            ));
        }
        Ok(Expr::Composed {
            at: a.at(),
            a: Box::new(a),
            offset,
            b: Box::new(b),
        })
    }

    /// A cursor of CuTe's grammar (`cute-text`) at the current position.
    fn cute(&self) -> cute_text::Parser<'a> {
        cute_text::Parser::new(self.text).at(self.pos)
    }

    /// Whether an `o` (as a word) follows; if so, it is consumed (CuTe's grammar's separator of
    /// `A o O o B`).
    fn composition_operator(&mut self) -> bool {
        let mut p = self.cute();
        let found = p.composition_o();
        if found {
            self.pos = p.pos();
        }
        found
    }

    /// The offset of `A o O o B`: `smem_ptr[Nb](unset)`, a MixedBits print, or an integer
    /// expression.
    fn offset(&mut self) -> Result<OffsetExpr, CliError> {
        self.skip_spaces();
        let at = self.pos;
        let mut p = self.cute();
        match p.offset_tag() {
            None => return Ok(OffsetExpr::Expr(Box::new(self.primary()?))),
            Some(tag) => tag.map_err(text_error)?,
        };
        self.pos = p.pos();
        let value = self.text[at..self.pos]
            .parse::<Offset>()
            .map_err(|e| literal_error(&e, at))?;
        Ok(OffsetExpr::Tag { value, at })
    }

    /// A call, a type name (maybe applied), a name, or CuTe text.
    fn primary(&mut self) -> Result<Expr, CliError> {
        self.skip_spaces();
        if let Some((name, at)) = self.identifier() {
            if name == ARITH && self.peek() == Some(b'(') || name.starts_with("ArithTuple_") {
                return self.identity_tensor(at);
            }
            if self.peek() == Some(b'<') || self.text[self.pos..].starts_with("::") {
                return self.type_name(at);
            }
            let after_name = self.pos;
            self.skip_spaces();
            if self.peek() == Some(b'(') {
                self.pos += 1;
                self.enter()?;
                let args = self.args()?;
                self.depth -= 1;
                return self.applied(Expr::Call { name, at, args });
            }
            self.pos = after_name;
            return Ok(Expr::Name { name, at });
        }
        match self.peek() {
            Some(b'(' | b'_' | b'-' | b'0'..=b'9') => self.literal(),
            _ => Err(self.expected(
                "an expression: CuTe text (an integer, '_' or '('), a name or an operation call",
            )),
        }
    }

    /// `ArithTuple(c0,...) o L` (or `ArithTuple_0 o L`), CuTe's print of an identity tensor, after
    /// its `ArithTuple`: the coordinate, then the layout with scaled basis strides.
    fn identity_tensor(&mut self, at: usize) -> Result<Expr, CliError> {
        self.pos = at;
        let mut p = self.cute();
        p.tensor().map_err(text_error)?;
        self.pos = p.pos();
        let tensor: Tensor = self.text[at..self.pos]
            .parse()
            .map_err(|e| literal_error(&e, at))?;
        Ok(Expr::Literal {
            value: Value::Tensor(tensor),
            at,
        })
    }

    /// `e(args)...`: a call's result applied to coordinates, where `(` follows at once
    /// (`make_identity_tensor((_4,_8))(3,2)`).
    fn applied(&mut self, mut e: Expr) -> Result<Expr, CliError> {
        while self.peek() == Some(b'(') {
            self.pos += 1;
            self.enter()?;
            let args = self.args()?;
            self.depth -= 1;
            let at = e.at();
            e = Expr::Apply {
                callee: Box::new(e),
                args,
                at,
            };
        }
        Ok(e)
    }

    /// A C++ type name starting at `at` (its first identifier already read), then an optional
    /// application `(args)`.
    fn type_name(&mut self, at: usize) -> Result<Expr, CliError> {
        loop {
            while self.text[self.pos..].starts_with("::") {
                self.pos += 2;
                if self.identifier().is_none() {
                    return Err(self.expected("a name after '::'"));
                }
            }
            if self.peek() != Some(b'<') {
                break;
            }
            let mut depth = 0usize;
            loop {
                match self.peek() {
                    Some(b'<') => depth += 1,
                    Some(b'>') => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            self.pos += 1;
                            break;
                        }
                    }
                    Some(b'\n') | None => return Err(self.expected("'>'")),
                    Some(_) => {}
                }
                self.pos += 1;
            }
            if !self.text[self.pos..].starts_with("::") {
                break;
            }
        }
        let value = crate::named::resolve(&self.text[at..self.pos])
            .map_err(|message| CliError::at(message, at))?;
        let literal = Expr::Literal { value, at };
        let end = self.pos;
        self.skip_spaces();
        if self.peek() != Some(b'(') {
            self.pos = end;
            return Ok(literal);
        }
        self.pos += 1;
        self.enter()?;
        let args = self.args()?;
        self.depth -= 1;
        Ok(Expr::Apply {
            callee: Box::new(literal),
            args,
            at,
        })
    }

    /// The arguments of a call, after its `(`, through its `)`.
    fn args(&mut self) -> Result<Vec<Expr>, CliError> {
        let mut args = Vec::new();
        self.skip_spaces();
        if self.peek() == Some(b')') {
            self.pos += 1;
            return Ok(args);
        }
        loop {
            args.push(self.expr()?);
            self.skip_spaces();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b')') => {
                    self.pos += 1;
                    return Ok(args);
                }
                _ => return Err(self.expected("',' or ')'")),
            }
        }
    }

    /// CuTe text: read by CuTe's grammar (`cute-text`) from here on, then its text given its
    /// value by `cute-dynamic` (which reads it with the same grammar).
    fn literal(&mut self) -> Result<Expr, CliError> {
        let at = self.pos;
        let mut p = self.cute();
        let node = p.value().map_err(text_error)?;
        self.pos = p.pos();
        let text = &self.text[at..self.pos];
        if node.has_basis() {
            let layout: CoordLayout = text.parse().map_err(|e| literal_error(&e, at))?;
            return Ok(Expr::Literal {
                value: Value::CoordLayout(layout),
                at,
            });
        }
        let tiler: Tiler = text.parse().map_err(|e| literal_error(&e, at))?;
        Ok(Expr::Literal {
            value: Value::from_tiler(tiler),
            at,
        })
    }
}

/// Parse one input line: `expr` or `name = expr`.
///
/// ```
/// use cute_cli::parse::{parse_statement, Expr};
/// let s = parse_statement("A = composition((10,2):(16,4), B)").unwrap();
/// assert_eq!(s.target, Some(("A".to_string(), 0)));
/// let Expr::Call { name, args, .. } = s.expr else { panic!() };
/// assert_eq!((name.as_str(), args.len()), ("composition", 2));
/// assert_eq!(parse_statement("size((2;3))").unwrap_err().at, Some(7));
/// ```
pub fn parse_statement(input: &str) -> Result<Statement, CliError> {
    Parser {
        text: input,
        bytes: input.as_bytes(),
        pos: 0,
        depth: 0,
    }
    .statement()
}
