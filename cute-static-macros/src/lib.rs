//! Macros of `cute-static`: CuTe's printed text, unchanged, as types and values.
//!
//! `layout!((_2,(_1,_6)):(_1,(_6,_2)))` is the value and `layout_t!(...)` the type of that
//! layout; `int_tuple!`, `tile!` and `coord!` (and their `_t` forms) do the same for IntTuples,
//! tilers and coordinates with `_`. A dynamic leaf is written as CuTe prints it (`8`, `-1`) or
//! as a Rust expression (`m`, `{ ld * 2 }`): an `i32` at run time, and `i32` in the `_t` types.
//! Malformed text is a compile error pointing at the offending token. Use them through
//! `cute_static`, which re-exports them.
//!
//! The macros rebuild CuTe's text from their tokens and read it with `cute-text`, the grammar
//! of CuTe's printed text that `cute-dynamic` and the `cute` command read too (its Rust dialect
//! adds the names and blocks); its errors point back at the tokens.

use cute_text::{Node, Parser, Spanned};
use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

// The README's examples, run as doctests (not part of the documentation).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// CuTe text rebuilt from the macro's tokens, and where each piece of it came from.
///
/// The text is read by `cute-text`'s grammar in its Rust dialect (the grammar of CuTe's text
/// that `cute-dynamic` and the `cute` command read, plus Rust names and blocks as dynamic leaves),
/// and its errors are mapped back to the token they point at.
struct Source {
    text: String,
    /// Where each token's text starts, its span, and for a block the Rust source it stands for.
    pieces: Vec<Piece>,
    /// The dynamic leaves' original tokens, by the index of their placeholder in the output.
    leaves: std::cell::RefCell<Vec<TokenStream>>,
}

struct Piece {
    at: usize,
    span: Span,
    block: Option<String>,
    /// The token it came from (a block: its group), spans and hygiene kept: a dynamic leaf's
    /// tokens go to the output as they came in, so that a name a `macro_rules!` macro passes
    /// in resolves where that macro's caller wrote it. `None` for the parentheses, which are
    /// never part of a leaf.
    token: Option<TokenTree>,
}

impl Source {
    fn new(input: TokenStream) -> Source {
        let mut src = Source {
            text: String::new(),
            pieces: Vec::new(),
            leaves: std::cell::RefCell::new(Vec::new()),
        };
        src.push_all(input);
        src
    }

    fn push(&mut self, text: &str, span: Span, token: Option<TokenTree>, block: Option<String>) {
        // Two words in a row stay two words (`m n` is not the name `mn`).
        let word = |c: char| c.is_alphanumeric() || c == '_';
        if self.text.ends_with(word) && text.starts_with(word) {
            self.text.push(' ');
        }
        self.pieces.push(Piece {
            at: self.text.len(),
            span,
            block,
            token,
        });
        self.text.push_str(text);
    }

    fn push_all(&mut self, input: TokenStream) {
        for t in input {
            match &t {
                TokenTree::Group(g) => match g.delimiter() {
                    Delimiter::Parenthesis => {
                        self.push("(", g.span(), None, None);
                        self.push_all(g.stream());
                        self.push(")", g.span_close(), None, None);
                    }
                    // A block, or an expression a `macro_rules!` macro passed in: a dynamic leaf.
                    Delimiter::Brace | Delimiter::None => {
                        let mut block = Group::new(Delimiter::Brace, g.stream());
                        block.set_span(g.span());
                        let text = format!("{{ {} }}", g.stream());
                        self.push("{}", g.span(), Some(TokenTree::Group(block)), Some(text));
                    }
                    Delimiter::Bracket => self.push("[", g.span(), None, None),
                },
                TokenTree::Ident(id) => {
                    self.push(&id.to_string(), id.span(), Some(t.clone()), None)
                }
                TokenTree::Punct(p) => {
                    self.push(&p.as_char().to_string(), p.span(), Some(t.clone()), None)
                }
                TokenTree::Literal(lit) => {
                    self.push(&lit.to_string(), lit.span(), Some(t.clone()), None)
                }
            }
        }
    }

    /// The piece holding byte `at` of the text.
    fn piece(&self, at: usize) -> Option<&Piece> {
        if at >= self.text.len() {
            return None;
        }
        self.pieces.iter().take_while(|p| p.at <= at).last()
    }

    /// The span of the token at byte `at` (the macro call's span at the end of the text).
    fn span(&self, at: usize) -> Span {
        self.piece(at).map_or_else(Span::call_site, |p| p.span)
    }

    /// The Rust source of a dynamic leaf written as a name or a block.
    fn rust(&self, n: &Spanned) -> String {
        match self.piece(n.at).and_then(|p| p.block.clone()) {
            Some(block) => block,
            None => n.text(&self.text).to_string(),
        }
    }

    /// A placeholder for a dynamic leaf written in Rust, `__cute_leaf_K`, which [`expand`]
    /// replaces with the leaf's original tokens (the pieces the node covers).
    fn leaf(&self, n: &Spanned) -> String {
        let end = n.at + n.text(&self.text).len();
        let tokens: TokenStream = self
            .pieces
            .iter()
            .filter(|p| p.at >= n.at && p.at < end)
            .filter_map(|p| p.token.clone())
            .collect();
        let mut leaves = self.leaves.borrow_mut();
        leaves.push(tokens);
        format!("__cute_leaf_{}", leaves.len() - 1)
    }

    /// `tokens` with every placeholder of [`Source::leaf`] replaced by its leaf's tokens.
    fn restore(&self, tokens: TokenStream) -> TokenStream {
        let leaves = self.leaves.borrow();
        tokens
            .into_iter()
            .flat_map(|t| -> Vec<TokenTree> {
                match t {
                    TokenTree::Ident(id) => {
                        let name = id.to_string();
                        match name
                            .strip_prefix("__cute_leaf_")
                            .and_then(|k| k.parse::<usize>().ok())
                            .and_then(|k| leaves.get(k))
                        {
                            Some(leaf) => leaf.clone().into_iter().collect(),
                            None => vec![TokenTree::Ident(id)],
                        }
                    }
                    TokenTree::Group(g) => {
                        let mut inner = Group::new(g.delimiter(), self.restore(g.stream()));
                        inner.set_span(g.span());
                        vec![TokenTree::Group(inner)]
                    }
                    other => vec![other],
                }
            })
            .collect()
    }

    /// A node as CuTe text (for messages).
    fn cute(&self, n: &Spanned) -> String {
        match &n.node {
            Node::Int(i) if i.is_static => format!("_{}", i.value),
            Node::Int(i) => i.value.to_string(),
            Node::Rust => self.rust(n),
            Node::Tuple(items) => format!(
                "({})",
                items
                    .iter()
                    .map(|i| self.cute(i))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            Node::Layout(s, d) => format!("{}:{}", self.cute(s), self.cute(d)),
            Node::Underscore | Node::Basis { .. } => n.text(&self.text).to_string(),
        }
    }

    /// The type (`as_type`) or the value of a node, as Rust source (a value is zero-sized
    /// unless it has a dynamic leaf).
    fn rust_source(&self, n: &Spanned, as_type: bool) -> String {
        let colons = if as_type { "" } else { "::" };
        match &n.node {
            Node::Int(i) if i.is_static && i.value < 0 => {
                format!("::cute_static::C{colons}<{{ {} }}>", i.value)
            }
            Node::Int(i) if i.is_static => format!("::cute_static::C{colons}<{}>", i.value),
            Node::Int(_) | Node::Rust | Node::Basis { .. } if as_type => "i32".into(),
            Node::Int(_) | Node::Rust | Node::Basis { .. } => {
                let src = match &n.node {
                    Node::Int(i) => i.value.to_string(),
                    Node::Rust => self.leaf(n),
                    _ => self.rust(n),
                };
                format!("{{ let __cute_dynamic_leaf: i32 = {src}; __cute_dynamic_leaf }}")
            }
            Node::Underscore => "::cute_static::Underscore".into(),
            Node::Tuple(items) => {
                let modes: String = items
                    .iter()
                    .map(|i| format!("{},", self.rust_source(i, as_type)))
                    .collect();
                format!("({modes})")
            }
            Node::Layout(s, d) if as_type || (is_static(s) && is_static(d)) => {
                let (s, d) = (self.rust_source(s, true), self.rust_source(d, true));
                let new = if as_type { "" } else { "::new()" };
                format!("::cute_static::Layout{colons}<{s}, {d}>{new}")
            }
            Node::Layout(s, d) => format!(
                "::cute_static::Layout::from_parts({}, {})",
                self.rust_source(s, false),
                self.rust_source(d, false)
            ),
        }
    }

    /// Whether a macro of `kind` takes the node (`top`: the whole text).
    fn check(&self, n: &Spanned, kind: Kind, top: bool) -> Res<()> {
        let span = self.span(n.at);
        match &n.node {
            Node::Int(_) | Node::Rust => Ok(()),
            Node::Basis { at_sign, .. } => Err(Error(
                "a scaled basis `v@i` is not allowed here".into(),
                self.span(*at_sign),
            )),
            Node::Underscore => match kind {
                Kind::Tiler | Kind::Coord => Ok(()),
                _ => Err(Error(
                    "`_` is not allowed here (only in tilers and coordinates)".into(),
                    span,
                )),
            },
            Node::Tuple(items) => items.iter().try_for_each(|i| self.check(i, kind, false)),
            Node::Layout(s, d) => {
                let allowed = kind == Kind::Tiler || (kind == Kind::Layout && top);
                if !allowed {
                    return Err(Error(
                        "a layout `shape:stride` is not allowed here".into(),
                        span,
                    ));
                }
                self.check(s, Kind::IntTuple, false)?;
                self.check(d, Kind::IntTuple, false)?;
                if !same_profile(s, d) {
                    return Err(Error(
                        format!(
                            "Layout: shape {} and stride {} are not congruent",
                            self.cute(s),
                            self.cute(d)
                        ),
                        self.span(d.at),
                    ));
                }
                Ok(())
            }
        }
    }
}

struct Error(String, Span);

type Res<T> = Result<T, Error>;

/// What a macro accepts.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    IntTuple,
    Layout,
    Tiler,
    Coord,
}

fn same_profile(a: &Spanned, b: &Spanned) -> bool {
    match (&a.node, &b.node) {
        (Node::Tuple(x), Node::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_profile(p, q))
        }
        (Node::Tuple(_), _) | (_, Node::Tuple(_)) => false,
        _ => true,
    }
}

/// Whether every integer of a node is static.
fn is_static(n: &Spanned) -> bool {
    match &n.node {
        Node::Int(i) => i.is_static,
        Node::Rust | Node::Basis { .. } => false,
        Node::Tuple(items) => items.iter().all(is_static),
        Node::Layout(s, d) => is_static(s) && is_static(d),
        Node::Underscore => true,
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
    let src = Source::new(input);
    let parsed = if src.text.is_empty() {
        Err(Error(
            "expected CuTe text such as `(_2,_3):(_1,_2)`".into(),
            Span::call_site(),
        ))
    } else {
        Parser::rust(&src.text)
            .all(Parser::value)
            .map_err(|e| Error(e.to_string(), src.span(e.offset)))
    };
    let node = match parsed.and_then(|n| {
        if kind == Kind::Layout && !matches!(n.node, Node::Layout(..)) {
            return Err(Error(
                format!("expected a layout `shape:stride`, found `{}`", src.cute(&n)),
                src.span(n.at),
            ));
        }
        src.check(&n, kind, true).map(|_| n)
    }) {
        Ok(n) => n,
        Err(e) => return compile_error(e),
    };
    match src.rust_source(&node, as_type).parse() {
        Ok(ts) => src.restore(ts),
        Err(_) => compile_error(Error(
            "cute-static-macros produced invalid tokens".into(),
            src.span(node.at),
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
