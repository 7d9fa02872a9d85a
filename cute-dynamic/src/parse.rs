//! Reading CuTe's printed text: `cute-text`'s grammar (the one grammar of CuTe's text that
//! `cute-static`'s macros and the `cute` command read too) gives the syntax tree, and this
//! module gives it the types of this crate. Every `FromStr` of the crate is here. Errors carry
//! the byte offset.

use crate::arithmetic_tuple::{CoordStride, ScaledBasis};
use crate::composed::{AnyLayout, ComposedLayout, LayoutFn, make_composed_layout};
use crate::coord::Coord;
use crate::coord_layout::CoordLayout;
use crate::error::{ErrorKind, LayoutError, Result};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::offset::Offset;
use crate::prelude::*;
use crate::swizzle::{MixedBits, Swizzle};
use crate::tensor::Tensor;
use crate::tiler::Tiler;
use cute_text::{Node, ParseError, Parser, Spanned};

fn from_text(e: ParseError) -> LayoutError {
    ErrorKind::Parse {
        offset: e.offset,
        expected: e.expected,
        found: e.found,
    }
    .into()
}

/// The parse error "expected `expected`" at byte `at` of `text`.
pub(crate) fn parse_error(text: &str, at: usize, expected: &str) -> LayoutError {
    from_text(ParseError::at(text, at, expected))
}

/// The whole of `text` read by the grammar's `rule`.
fn read<'a, T>(
    text: &'a str,
    rule: impl FnOnce(&mut Parser<'a>) -> cute_text::Result<T>,
) -> Result<T> {
    Parser::new(text).all(rule).map_err(from_text)
}

fn int(i: cute_text::Int) -> Int {
    Int::with_tag(i.value, i.is_static)
}

/// A node that is not the kind wanted where it stands.
fn misplaced(n: &Spanned, text: &str, wanted: &str) -> LayoutError {
    match &n.node {
        Node::Underscore => parse_error(text, n.at, &format!("{wanted} (not '_')")),
        Node::Layout(_, stride) => {
            parse_error(text, stride.at - 1, &format!("{wanted} (not a layout)"))
        }
        Node::Basis { at_sign, .. } => parse_error(
            text,
            *at_sign,
            &format!("{wanted} (not a scaled basis v@i)"),
        ),
        _ => parse_error(text, n.at, wanted),
    }
}

fn int_tuple(n: &Spanned, text: &str) -> Result<IntTuple> {
    match &n.node {
        Node::Int(i) => Ok(IntTuple::Int(int(*i))),
        Node::Tuple(items) => items.iter().map(|i| int_tuple(i, text)).collect(),
        Node::Layout(..) => Err(misplaced(n, text, "an IntTuple")),
        _ => Err(misplaced(n, text, "an integer")),
    }
}

fn layout(n: &Spanned, text: &str) -> Result<Layout> {
    match &n.node {
        Node::Layout(shape, stride) => {
            Layout::from_parts(int_tuple(shape, text)?, int_tuple(stride, text)?)
        }
        _ => Err(parse_error(text, n.at, "a layout shape:stride")),
    }
}

fn tiler(n: &Spanned, text: &str) -> Result<Tiler> {
    match &n.node {
        Node::Int(i) => Ok(Tiler::Int(int(*i))),
        Node::Underscore => Ok(Tiler::Underscore),
        Node::Layout(..) => Ok(Tiler::Layout(layout(n, text)?)),
        Node::Tuple(items) => Ok(Tiler::Tuple(
            items
                .iter()
                .map(|i| tiler(i, text))
                .collect::<Result<_>>()?,
        )),
        _ => Err(misplaced(n, text, "a tiler")),
    }
}

fn coord(n: &Spanned, text: &str) -> Result<Coord> {
    match &n.node {
        Node::Int(i) => Ok(Coord::Int(int(*i))),
        Node::Underscore => Ok(Coord::Underscore),
        Node::Tuple(items) => Ok(Coord::Tuple(
            items
                .iter()
                .map(|i| coord(i, text))
                .collect::<Result<_>>()?,
        )),
        _ => Err(misplaced(n, text, "a coordinate")),
    }
}

fn coord_stride(n: &Spanned, text: &str) -> Result<CoordStride> {
    match &n.node {
        Node::Int(i) => Ok(CoordStride::Int(int(*i))),
        Node::Basis { scale, modes, .. } => {
            // Printed innermost first; CuTe's `E<i,j>` and `ScaledBasis` go outermost first.
            let outer_first = modes.iter().rev().copied().collect();
            Ok(CoordStride::Basis(ScaledBasis::new(
                int(*scale),
                outer_first,
            )))
        }
        Node::Tuple(items) => items.iter().map(|i| coord_stride(i, text)).collect(),
        _ => Err(misplaced(
            n,
            text,
            "a stride (integers and scaled bases v@i)",
        )),
    }
}

fn coord_layout(n: &Spanned, text: &str) -> Result<CoordLayout> {
    match &n.node {
        Node::Layout(shape, stride) => {
            CoordLayout::new(int_tuple(shape, text)?, coord_stride(stride, text)?)
        }
        _ => Err(parse_error(text, n.end, "':' and a stride")),
    }
}

fn swizzle(s: &cute_text::Swizzle) -> Result<Swizzle> {
    Swizzle::new(s.bits, s.base, s.shift)
}

fn offset(o: &cute_text::Offset, text: &str) -> Result<Offset> {
    Ok(match *o {
        cute_text::Offset::Int { value, .. } => Offset::Int(int(value)),
        cute_text::Offset::SmemPtr { bits, .. } => Offset::SmemPtr(bits),
        cute_text::Offset::Mixed {
            static_bits,
            dynamic_bits,
            flags,
            value,
            value_at,
            ..
        } => {
            let m = MixedBits::new(static_bits, flags, dynamic_bits)?;
            if value != m.value() {
                return Err(parse_error(
                    text,
                    value_at,
                    &format!("the value {}", m.value()),
                ));
            }
            Offset::Mixed(m)
        }
    })
}

fn layout_fn(f: &cute_text::Function, text: &str) -> Result<LayoutFn> {
    match f {
        cute_text::Function::Swizzle(s) => swizzle(s).map(LayoutFn::Swizzle),
        cute_text::Function::Layout(l) => layout(l, text).map(LayoutFn::Layout),
    }
}

fn any_layout(l: &cute_text::AnyLayout, text: &str) -> Result<AnyLayout> {
    match l {
        cute_text::AnyLayout::Plain(n) => layout(n, text).map(AnyLayout::Plain),
        cute_text::AnyLayout::Composed(c) => Ok(AnyLayout::Composed(make_composed_layout(
            layout_fn(&c.a, text)?,
            offset(&c.offset, text)?,
            layout_fn(&c.b, text)?,
        ))),
    }
}

fn scaled_basis(n: &Spanned, text: &str) -> Result<ScaledBasis> {
    match coord_stride(n, text)? {
        CoordStride::Basis(b) => Ok(b),
        _ => Err(parse_error(text, 0, "a scaled basis v@i")),
    }
}

fn composed_layout(l: &cute_text::AnyLayout, text: &str) -> Result<ComposedLayout> {
    match any_layout(l, text)? {
        AnyLayout::Composed(c) => Ok(c),
        AnyLayout::Plain(_) => Err(parse_error(
            text,
            text.trim_end().len(),
            "' o ' and an offset (a composed layout is A o O o B)",
        )),
    }
}

fn tensor(t: &cute_text::Tensor, text: &str) -> Result<Tensor> {
    Ok(match t {
        cute_text::Tensor::Memory { offset, layout, .. } => Tensor::Memory {
            offset: int(*offset),
            layout: any_layout(layout, text)?,
        },
        cute_text::Tensor::Coordinate { base, layout } => Tensor::Coordinate {
            base: int_tuple(base, text)?,
            layout: coord_layout(layout, text)?,
        },
    })
}

/// `FromStr` for each type: the whole text read by a rule of the grammar, then given the type.
macro_rules! from_str {
    ($($(#[$doc:meta])* $ty:ty: $rule:ident, $convert:expr;)*) => {$(
        impl core::str::FromStr for $ty {
            type Err = LayoutError;

            $(#[$doc])*
            fn from_str(text: &str) -> Result<$ty> {
                ($convert)(&read(text, Parser::$rule)?, text)
            }
        }
    )*};
}

from_str! {
    /// Parse CuTe text such as `(_3,(2,_4))`.
    IntTuple: value, int_tuple;
    /// Parse CuTe text such as `(_3,(_2,_3)):(_3,(_12,_1))`.
    Layout: value, layout;
    /// Parse CuTe text such as `(_3:_3,_,(_2,_4):(_1,_8))`.
    Tiler: value, tiler;
    /// Parse CuTe text such as `((_1),_,2)`.
    Coord: value, coord;
    /// Parse CuTe's print of a stride with scaled bases, e.g. `(_1@0,(_1@0@1,16@1@1))`.
    CoordStride: value, coord_stride;
    /// Parse `v@i...` (at least one `@`).
    ///
    /// ```
    /// let e: cute_dynamic::ScaledBasis = "_1@0@1".parse()?;
    /// assert_eq!(e.modes(), &[1, 0]);
    /// assert!("_1".parse::<cute_dynamic::ScaledBasis>().is_err());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    ScaledBasis: value, scaled_basis;
    /// Parse CuTe's print `shape:stride`, the stride with scaled bases (`(_4,8):(_1@0,_1@1)`).
    CoordLayout: value, coord_layout;
    /// Parse CuTe's print of a swizzle, `Sw<B,M,S>`.
    ///
    /// ```
    /// let sw: cute_dynamic::Swizzle = "Sw<3,4,3>".parse()?;
    /// assert_eq!(sw.apply(128), 144);
    /// assert!("Sw<3,2,1>".parse::<cute_dynamic::Swizzle>().is_err()); // |S| < B
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    Swizzle: swizzle, |s, _| swizzle(s);
    /// Parse an offset as CuTe prints it: `_k`, `k`, `smem_ptr[Nb](unset)` or `M_S|(d&F)=V`.
    ///
    /// ```
    /// use cute_dynamic::Offset;
    /// assert_eq!("_-57".parse::<Offset>()?.value(), -57);
    /// assert_eq!("M_0|(128&192)=128".parse::<Offset>()?.value(), 128);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    Offset: offset, offset;
    /// Parse a side of a composed layout: `Sw<B,M,S>` or `shape:stride`.
    ///
    /// ```
    /// let f: cute_dynamic::LayoutFn = "Sw<3,4,3>".parse()?;
    /// assert!(matches!(f, cute_dynamic::LayoutFn::Swizzle(_)));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    LayoutFn: function, layout_fn;
    /// Parse CuTe's print of a composed layout, `A o O o B`.
    ///
    /// ```
    /// let c: cute_dynamic::ComposedLayout = "_64:_1 o _-420 o Sw<1,5,3>".parse()?;
    /// assert_eq!(c.to_string(), "_64:_1 o _-420 o Sw<1,5,3>");
    /// assert!("Sw<1,5,3> o _0".parse::<cute_dynamic::ComposedLayout>().is_err());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    ComposedLayout: layout, composed_layout;
    /// Parse a layout or a composed layout.
    ///
    /// ```
    /// let l: cute_dynamic::AnyLayout = "((_8,_2,_2,_2)):((_1,8,-16,32))".parse()?;
    /// assert!(l.as_layout().is_some());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    AnyLayout: layout, any_layout;
    /// Parse CuTe's print of a tensor: `OFF|LAYOUT` or `ArithTuple(c0,...) o LAYOUT`.
    ///
    /// ```
    /// let t: cute_dynamic::Tensor = "ArithTuple(_0,5) o (_4,8):(_1@0,_1@1)".parse()?;
    /// assert_eq!(t.to_string(), "ArithTuple(_0,5) o (_4,8):(_1@0,_1@1)");
    /// assert!("(_4):(_1)".parse::<cute_dynamic::Tensor>().is_err());
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    Tensor: tensor, tensor;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_err<T: core::str::FromStr<Err = LayoutError> + core::fmt::Debug>(
        text: &str,
    ) -> (usize, String) {
        match text.parse::<T>().unwrap_err().kind() {
            ErrorKind::Parse {
                offset, expected, ..
            } => (*offset, expected.clone()),
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn each_kind_refuses_what_it_does_not_hold() {
        assert_eq!(
            parse_err::<IntTuple>("(_2,_)"),
            (4, "an integer (not '_')".into())
        );
        assert_eq!(
            parse_err::<IntTuple>("_2:_1"),
            (2, "an IntTuple (not a layout)".into())
        );
        assert_eq!(
            parse_err::<IntTuple>("(_1@0)"),
            (3, "an integer (not a scaled basis v@i)".into())
        );
        assert_eq!(
            parse_err::<Layout>("(_2,_3)"),
            (0, "a layout shape:stride".into())
        );
        assert_eq!(
            parse_err::<Coord>("(_2:_1,_)"),
            (3, "a coordinate (not a layout)".into())
        );
        assert_eq!(
            parse_err::<CoordLayout>("(_2,_3)"),
            (7, "':' and a stride".into())
        );
        assert_eq!(
            parse_err::<Offset>("M_0|(128&192)=64").0,
            14,
            "the printed value of MixedBits is S | d"
        );
        assert_eq!(parse_err::<ComposedLayout>("_8:_1").0, 5);
    }

    #[test]
    fn scaled_bases_read_innermost_first() {
        let d: CoordStride = "( _1@0 , 16@1@1 )".parse().unwrap();
        assert_eq!(d.to_string(), "(_1@0,16@1@1)");
        let b: ScaledBasis = "_1@0@1".parse().unwrap();
        assert_eq!(b.modes(), &[1, 0]);
    }
}
