//! Macros of `cute-static`: CuTe's printed text, unchanged, as types and values.
//!
//! `layout!((_2,(_1,_6)):(_1,(_6,_2)))` is the value and `layout_t!(...)` the type of that
//! layout; `int_tuple!`, `tile!` and `coord!` (and their `_t` forms) do the same for IntTuples,
//! tilers and coordinates with `_`. A dynamic leaf is written as CuTe prints it (`8`, `-1`) or
//! as a Rust expression (`m`, `{ ld * 2 }`): an `i32` at run time, and `i32` in the `_t` types.
//! Malformed text is a compile error pointing at the offending token. Use them through
//! `cute_static`, which re-exports them.

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

// The README's examples, run as doctests (not part of the documentation).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// A parsed CuTe value.
enum Node {
    Int(i64, Span),
    /// A dynamic integer: the Rust source of its value.
    Dyn(String, Span),
    Under(Span),
    Tuple(Vec<Node>, Span),
    Layout(Box<Node>, Box<Node>, Span),
}

impl Node {
    fn span(&self) -> Span {
        match self {
            Node::Int(_, s)
            | Node::Dyn(_, s)
            | Node::Under(s)
            | Node::Tuple(_, s)
            | Node::Layout(_, _, s) => *s,
        }
    }
}

struct Error(String, Span);

type Res<T> = Result<T, Error>;

struct Parser {
    tokens: Vec<TokenTree>,
    pos: usize,
    end_span: Span,
}

impl Parser {
    fn new(ts: TokenStream, end_span: Span) -> Parser {
        Parser {
            tokens: ts.into_iter().collect(),
            pos: 0,
            end_span,
        }
    }

    fn peek(&self) -> Option<&TokenTree> {
        self.tokens.get(self.pos)
    }

    fn span_here(&self) -> Span {
        self.peek().map_or(self.end_span, TokenTree::span)
    }

    fn is_punct(&self, c: char) -> bool {
        matches!(self.peek(), Some(TokenTree::Punct(p)) if p.as_char() == c)
    }

    fn value(&mut self) -> Res<Node> {
        let first = self.term()?;
        if self.is_punct(':') {
            self.pos += 1;
            let second = self.term()?;
            let span = first.span();
            return Ok(Node::Layout(Box::new(first), Box::new(second), span));
        }
        Ok(first)
    }

    fn term(&mut self) -> Res<Node> {
        let span = self.span_here();
        match self.peek().cloned() {
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                self.pos += 1;
                let mut inner = Parser::new(g.stream(), g.span_close());
                let mut items = Vec::new();
                if inner.peek().is_some() {
                    loop {
                        items.push(inner.value()?);
                        match inner.peek() {
                            None => break,
                            Some(TokenTree::Punct(p)) if p.as_char() == ',' => {
                                inner.pos += 1;
                                if inner.peek().is_none() {
                                    break;
                                }
                            }
                            Some(t) => return Err(Error("expected ',' or ')'".into(), t.span())),
                        }
                    }
                }
                Ok(Node::Tuple(items, g.span()))
            }
            Some(TokenTree::Ident(id)) => {
                self.pos += 1;
                let text = id.to_string();
                if text == "_" {
                    if self.is_punct('-') {
                        self.pos += 1;
                        return match self.peek().cloned() {
                            Some(TokenTree::Literal(lit)) => {
                                self.pos += 1;
                                let v = digits(&lit.to_string(), lit.span())?;
                                Ok(Node::Int(-v, span))
                            }
                            _ => Err(Error("expected digits after `_-`".into(), self.span_here())),
                        };
                    }
                    return Ok(Node::Under(span));
                }
                match text.strip_prefix('_') {
                    Some(rest) => Ok(Node::Int(digits(rest, span)?, span)),
                    None => Ok(Node::Dyn(text, span)),
                }
            }
            Some(TokenTree::Literal(lit)) => {
                self.pos += 1;
                let v = digits(&lit.to_string(), lit.span())?;
                Ok(Node::Dyn(v.to_string(), span))
            }
            Some(TokenTree::Punct(p)) if p.as_char() == '-' => {
                self.pos += 1;
                match self.peek().cloned() {
                    Some(TokenTree::Literal(lit)) => {
                        self.pos += 1;
                        let v = digits(&lit.to_string(), lit.span())?;
                        Ok(Node::Dyn(format!("-{v}"), span))
                    }
                    _ => Err(Error("expected digits after `-`".into(), self.span_here())),
                }
            }
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => {
                self.pos += 1;
                Ok(Node::Dyn(format!("{{ {} }}", g.stream()), span))
            }
            Some(t) => Err(Error(
                format!(
                    "expected an integer (`_N` static, `N` or a name dynamic), `_` or `(`, found `{t}`"
                ),
                t.span(),
            )),
            None => Err(Error(
                "expected an integer (`_N` static, `N` or a name dynamic), `_` or `(`".into(),
                self.end_span,
            )),
        }
    }
}

fn digits(text: &str, span: Span) -> Res<i64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error(format!("`{text}` is not a decimal integer"), span));
    }
    match text.parse::<i64>() {
        Ok(v) if v <= i64::from(i32::MAX) => Ok(v),
        _ => Err(Error(format!("`{text}` does not fit in i32"), span)),
    }
}

fn parse_all(input: TokenStream) -> Res<Node> {
    let mut p = Parser::new(input, Span::call_site());
    if p.peek().is_none() {
        return Err(Error(
            "expected CuTe text such as `(_2,_3):(_1,_2)`".into(),
            Span::call_site(),
        ));
    }
    let v = p.value()?;
    match p.peek() {
        None => Ok(v),
        Some(t) => Err(Error(format!("unexpected `{t}` after the value"), t.span())),
    }
}

/// What a macro accepts.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    IntTuple,
    Layout,
    Tiler,
    Coord,
}

fn check(n: &Node, kind: Kind, top: bool) -> Res<()> {
    match n {
        Node::Int(..) | Node::Dyn(..) => Ok(()),
        Node::Under(s) => match kind {
            Kind::Tiler | Kind::Coord => Ok(()),
            _ => Err(Error(
                "`_` is not allowed here (only in tilers and coordinates)".into(),
                *s,
            )),
        },
        Node::Tuple(items, _) => items.iter().try_for_each(|i| check(i, kind, false)),
        Node::Layout(s, d, span) => {
            let allowed = kind == Kind::Tiler || (kind == Kind::Layout && top);
            if !allowed {
                return Err(Error(
                    "a layout `shape:stride` is not allowed here".into(),
                    *span,
                ));
            }
            check(s, Kind::IntTuple, false)?;
            check(d, Kind::IntTuple, false)?;
            if !same_profile(s, d) {
                return Err(Error(
                    format!(
                        "Layout: shape {} and stride {} are not congruent",
                        text(s),
                        text(d)
                    ),
                    d.span(),
                ));
            }
            Ok(())
        }
    }
}

fn same_profile(a: &Node, b: &Node) -> bool {
    match (a, b) {
        (Node::Int(..) | Node::Dyn(..), Node::Int(..) | Node::Dyn(..)) => true,
        (Node::Tuple(x, _), Node::Tuple(y, _)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_profile(p, q))
        }
        _ => false,
    }
}

fn text(n: &Node) -> String {
    match n {
        Node::Int(v, _) => format!("_{v}"),
        Node::Dyn(src, _) => src.clone(),
        Node::Under(_) => "_".into(),
        Node::Tuple(items, _) => {
            format!("({})", items.iter().map(text).collect::<Vec<_>>().join(","))
        }
        Node::Layout(s, d, _) => format!("{}:{}", text(s), text(d)),
    }
}

/// The type of a node, as Rust source.
fn ty(n: &Node) -> String {
    match n {
        Node::Int(v, _) if *v < 0 => format!("::cute_static::C<{{ {v} }}>"),
        Node::Int(v, _) => format!("::cute_static::C<{v}>"),
        Node::Dyn(..) => "i32".into(),
        Node::Under(_) => "::cute_static::Underscore".into(),
        Node::Tuple(items, _) => {
            format!(
                "({})",
                items
                    .iter()
                    .map(|i| format!("{},", ty(i)))
                    .collect::<String>()
            )
        }
        Node::Layout(s, d, _) => format!("::cute_static::Layout<{}, {}>", ty(s), ty(d)),
    }
}

/// The value of a node, as Rust source (zero-sized unless it has a dynamic leaf).
fn value(n: &Node) -> String {
    match n {
        Node::Int(v, _) if *v < 0 => format!("::cute_static::C::<{{ {v} }}>"),
        Node::Int(v, _) => format!("::cute_static::C::<{v}>"),
        Node::Dyn(src, _) => {
            format!("{{ let __cute_dynamic_leaf: i32 = {src}; __cute_dynamic_leaf }}")
        }
        Node::Under(_) => "::cute_static::Underscore".into(),
        Node::Tuple(items, _) => {
            format!(
                "({})",
                items
                    .iter()
                    .map(|i| format!("{},", value(i)))
                    .collect::<String>()
            )
        }
        Node::Layout(s, d, _) if is_static(s) && is_static(d) => {
            format!("::cute_static::Layout::<{}, {}>::new()", ty(s), ty(d))
        }
        Node::Layout(s, d, _) => format!(
            "::cute_static::Layout::from_parts({}, {})",
            value(s),
            value(d)
        ),
    }
}

/// Whether every integer of a node is static.
fn is_static(n: &Node) -> bool {
    match n {
        Node::Dyn(..) => false,
        Node::Tuple(items, _) => items.iter().all(is_static),
        Node::Layout(s, d, _) => is_static(s) && is_static(d),
        Node::Int(..) | Node::Under(_) => true,
    }
}

fn compile_error(e: Error) -> TokenStream {
    let mut out: Vec<TokenTree> = vec![
        TokenTree::Punct(Punct::new(':', Spacing::Joint)),
        TokenTree::Punct(Punct::new(':', Spacing::Alone)),
        TokenTree::Ident(Ident::new("core", e.1)),
        TokenTree::Punct(Punct::new(':', Spacing::Joint)),
        TokenTree::Punct(Punct::new(':', Spacing::Alone)),
        TokenTree::Ident(Ident::new("compile_error", e.1)),
        TokenTree::Punct(Punct::new('!', Spacing::Alone)),
    ];
    let mut msg = Literal::string(&e.0);
    msg.set_span(e.1);
    let mut group = Group::new(
        Delimiter::Parenthesis,
        TokenStream::from(TokenTree::Literal(msg)),
    );
    group.set_span(e.1);
    out.push(TokenTree::Group(group));
    for t in out.iter_mut() {
        t.set_span(e.1);
    }
    out.into_iter().collect()
}

fn expand(input: TokenStream, kind: Kind, as_type: bool) -> TokenStream {
    let node = match parse_all(input).and_then(|n| {
        if kind == Kind::Layout && !matches!(n, Node::Layout(..)) {
            return Err(Error(
                format!("expected a layout `shape:stride`, found `{}`", text(&n)),
                n.span(),
            ));
        }
        check(&n, kind, true).map(|_| n)
    }) {
        Ok(n) => n,
        Err(e) => return compile_error(e),
    };
    let src = if as_type { ty(&node) } else { value(&node) };
    match src.parse() {
        Ok(ts) => ts,
        Err(_) => compile_error(Error(
            "cute-static-macros produced invalid tokens".into(),
            node.span(),
        )),
    }
}

/// The layout value of CuTe text. Static leaves `_N` are types; any other leaf is an `i32`
/// at run time: a literal (`8`, `-1`), a name (`m`) or a block (`{ ld * 2 }`).
///
/// ```
/// use cute_static::layout;
/// let a = layout!((_2,(_1,_6)):(_1,(_6,_2)));
/// assert_eq!(a.to_string(), "(_2,(_1,_6)):(_1,(_6,_2))");
/// let (m, ld) = (100, 128);
/// let b = layout!((m, _4):(_1, { ld * 2 }));
/// assert_eq!(b.to_string(), "(100,_4):(_1,256)");
/// ```
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    expand(input, Kind::Layout, false)
}

/// The layout type of CuTe text (a dynamic leaf is `i32`).
///
/// ```
/// use cute_static::{layout_t, Layout, C};
/// use static_assertions::assert_type_eq_all;
/// type Smem = layout_t!((_8,_64):(_64,_1));
/// assert_eq!(Smem::new().to_string(), "(_8,_64):(_64,_1)");
/// assert_type_eq_all!(Smem, Layout<(C<8>, C<64>), (C<64>, C<1>)>);
/// type Gmem = layout_t!((m,_64):(_64,_1));
/// assert_type_eq_all!(Gmem, Layout<(i32, C<64>), (C<64>, C<1>)>);
/// let g: Gmem = Layout::from_parts((100, Default::default()), Default::default());
/// assert_eq!(g.to_string(), "(100,_64):(_64,_1)");
/// ```
#[proc_macro]
pub fn layout_t(input: TokenStream) -> TokenStream {
    expand(input, Kind::Layout, true)
}

/// The IntTuple value of CuTe text.
///
/// ```
/// use cute_static::{int_tuple, size};
/// let n = 5;
/// assert_eq!(size(int_tuple!((_3,(_2,n)))).to_string(), "30");
/// ```
#[proc_macro]
pub fn int_tuple(input: TokenStream) -> TokenStream {
    expand(input, Kind::IntTuple, false)
}

/// The IntTuple type of CuTe text.
///
/// ```
/// use cute_static::{int_tuple_t, IntTuple, C};
/// type S = int_tuple_t!((_3,(_2,_3)));
/// static_assertions::assert_type_eq_all!(S, (C<3>, (C<2>, C<3>)));
/// static_assertions::const_assert_eq!(<S as IntTuple>::RANK, 2);
/// ```
#[proc_macro]
pub fn int_tuple_t(input: TokenStream) -> TokenStream {
    expand(input, Kind::IntTuple, true)
}

/// The tiler value of CuTe text: layouts, integers and `_` in a tuple.
///
/// ```
/// use cute_static::{layout, tile, logical_divide_tiler};
/// let r = logical_divide_tiler(layout!((_9,_4):(_1,_9)), tile!((_3:_3,_)));
/// assert_eq!(r.to_string(), "((_3,_3),_4):((_3,_1),_9)");
/// ```
#[proc_macro]
pub fn tile(input: TokenStream) -> TokenStream {
    expand(input, Kind::Tiler, false)
}

/// The tiler type of CuTe text.
///
/// ```
/// use cute_static::{layout, layout_t, tile_t, zipped_divide, Underscore, C};
/// static_assertions::assert_type_eq_all!(tile_t!((_4,_)), (C<4>, Underscore));
/// static_assertions::assert_type_eq_all!(tile_t!((_4:_2,_)), (layout_t!(_4:_2), Underscore));
/// let r = zipped_divide(layout!((_8,_8):(_1,_8)), <tile_t!((_4,_2))>::default());
/// assert_eq!(r.to_string(), "((_4,_2),(_2,_4)):((_1,_8),(_4,_16))");
/// ```
#[proc_macro]
pub fn tile_t(input: TokenStream) -> TokenStream {
    expand(input, Kind::Tiler, true)
}

/// The coordinate value of CuTe text with `_`, for `slice` and `dice`.
///
/// ```
/// use cute_static::{coord, layout, slice};
/// let i = 1;
/// assert_eq!(slice(coord!((_, i)), layout!((_4,_2):(_2,_1))).to_string(), "(_4):(_2)");
/// ```
#[proc_macro]
pub fn coord(input: TokenStream) -> TokenStream {
    expand(input, Kind::Coord, false)
}

/// The coordinate type of CuTe text with `_`.
///
/// ```
/// use cute_static::{coord_t, dice, layout, Underscore, C};
/// static_assertions::assert_type_eq_all!(coord_t!((_,_1,i)), (Underscore, C<1>, i32));
/// let c = <coord_t!((_,_1))>::default();
/// assert_eq!(dice(c, layout!((_4,_2):(_2,_1))).to_string(), "(_2):(_1)");
/// ```
#[proc_macro]
pub fn coord_t(input: TokenStream) -> TokenStream {
    expand(input, Kind::Coord, true)
}
