//! Printing in three views:
//! * CuTe C++ text (`Display`): static `_N`, dynamic `N`, e.g. `((_2,_2),_3):((24,_2),8)`;
//! * the CuTe DSL compile-time view (`.dsl()`): static values as plain numbers, dynamic values as
//!   `?` or `?{div=N}`, e.g. `((2,2),3):((?{div=3},2),?)`;
//! * the run-time view (`.values()`): every value as a plain number, e.g. `((2,2),3):((24,2),8)`.

use crate::coord::Coord;
use crate::flat::{Flat, LEAF};
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::tiler::Tiler;
use core::fmt::{self, Display, Formatter};

/// How leaves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum View {
    Cute,
    Dsl,
    Values,
}

fn write_int(f: &mut Formatter<'_>, i: Int, view: View) -> fmt::Result {
    match view {
        View::Cute => i.fmt(f),
        View::Dsl => i.dsl().fmt(f),
        View::Values => i.value().fmt(f),
    }
}

fn write_items<T>(
    f: &mut Formatter<'_>,
    items: &[T],
    sep: &str,
    mut each: impl FnMut(&mut Formatter<'_>, &T) -> fmt::Result,
) -> fmt::Result {
    f.write_str("(")?;
    for (k, item) in items.iter().enumerate() {
        if k > 0 {
            f.write_str(sep)?;
        }
        each(f, item)?;
    }
    f.write_str(")")
}

fn write_tuple(f: &mut Formatter<'_>, t: &IntTuple, view: View) -> fmt::Result {
    match t {
        IntTuple::Int(i) => write_int(f, *i, view),
        IntTuple::Tuple(items) => write_items(f, items, ",", |f, m| write_tuple(f, m, view)),
    }
}

/// The tuple of `leaves` (a layout's shapes or its strides) along `profile`, a [`Flat`]'s
/// preorder: printed from the leaves where they lie, no IntTuple built.
fn write_preorder(
    f: &mut Formatter<'_>,
    profile: &[u32],
    leaves: &[Int],
    view: View,
) -> fmt::Result {
    fn node(
        f: &mut Formatter<'_>,
        (profile, leaves): (&[u32], &[Int]),
        (at, leaf): (&mut usize, &mut usize),
        view: View,
    ) -> fmt::Result {
        let n = profile[*at];
        *at += 1;
        if n == LEAF {
            let i = leaves[*leaf];
            *leaf += 1;
            return write_int(f, i, view);
        }
        f.write_str("(")?;
        for k in 0..n {
            if k > 0 {
                f.write_str(",")?;
            }
            node(f, (profile, leaves), (&mut *at, &mut *leaf), view)?;
        }
        f.write_str(")")
    }
    node(f, (profile, leaves), (&mut 0, &mut 0), view)
}

fn write_flat(f: &mut Formatter<'_>, l: &Flat, view: View) -> fmt::Result {
    write_preorder(f, l.profile(), l.shape(), view)?;
    f.write_str(":")?;
    write_preorder(f, l.profile(), l.stride(), view)
}

fn write_layout(f: &mut Formatter<'_>, l: &Layout, view: View) -> fmt::Result {
    write_flat(f, l.flat(), view)
}

fn write_tiler(f: &mut Formatter<'_>, t: &Tiler, view: View) -> fmt::Result {
    match t {
        Tiler::Layout(l) => write_layout(f, l, view),
        Tiler::Int(i) => write_int(f, *i, view),
        Tiler::Underscore => f.write_str("_"),
        // The DSL prints a tiler as the Python tuple it is: ", " between elements.
        Tiler::Tuple(items) => {
            let sep = if view == View::Dsl { ", " } else { "," };
            write_items(f, items, sep, |f, m| write_tiler(f, m, view))
        }
    }
}

impl Display for IntTuple {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_tuple(f, self, View::Cute)
    }
}

impl Display for Layout {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_layout(f, self, View::Cute)
    }
}

impl Display for Flat {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_flat(f, self, View::Cute)
    }
}

impl Display for Tiler {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_tiler(f, self, View::Cute)
    }
}

impl Display for Coord {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Coord::Int(i) => i.fmt(f),
            Coord::Underscore => f.write_str("_"),
            Coord::Tuple(items) => write_items(f, items, ",", |f, c| c.fmt(f)),
        }
    }
}

/// A value shown in the CuTe DSL's compile-time view or in the run-time view.
/// Made by `.dsl()` and `.values()` on [`IntTuple`], [`Layout`] and [`Tiler`].
///
/// ```
/// let l: cute_dynamic::Layout = "(_6,_2):(8,_2)".parse().unwrap();
/// assert_eq!(l.dsl().to_string(), "(6,2):(?,2)");
/// assert_eq!(l.values().to_string(), "(6,2):(8,2)");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Viewed<'a, T> {
    value: &'a T,
    view: View,
}

impl Display for Viewed<'_, IntTuple> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_tuple(f, self.value, self.view)
    }
}

impl Display for Viewed<'_, Layout> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_layout(f, self.value, self.view)
    }
}

impl Display for Viewed<'_, Tiler> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_tiler(f, self.value, self.view)
    }
}

macro_rules! views {
    ($t:ty, $example:literal, $dsl:literal, $values:literal) => {
        impl $t {
            /// The CuTe DSL compile-time view (`print` in a `@cute.jit` function): static values as
            /// plain numbers, dynamic values as `?` or `?{div=N}`.
            ///
            /// ```
            #[doc = concat!("let v: cute_dynamic::", stringify!($t), " = \"", $example, "\".parse()?;")]
            #[doc = concat!("assert_eq!(v.dsl().to_string(), \"", $dsl, "\");")]
            /// # Ok::<(), cute_dynamic::LayoutError>(())
            /// ```
            pub fn dsl(&self) -> Viewed<'_, $t> {
                Viewed { value: self, view: View::Dsl }
            }

            /// The run-time view (`cute.printf`): every value as a plain number.
            ///
            /// ```
            #[doc = concat!("let v: cute_dynamic::", stringify!($t), " = \"", $example, "\".parse()?;")]
            #[doc = concat!("assert_eq!(v.values().to_string(), \"", $values, "\");")]
            /// # Ok::<(), cute_dynamic::LayoutError>(())
            /// ```
            pub fn values(&self) -> Viewed<'_, $t> {
                Viewed { value: self, view: View::Values }
            }
        }
    };
}

views!(IntTuple, "(_2,(3,_4))", "(2,(?,4))", "(2,(3,4))");
views!(Layout, "(_2,3):(_1,2)", "(2,?):(1,?)", "(2,3):(1,2)");
views!(Tiler, "(_3,_8)", "(3, 8)", "(3,8)");

#[cfg(test)]
mod tests {
    use crate::layout::Layout;
    use crate::prelude::*;
    use alloc::format;

    /// A layout prints from its leaves as its shape and stride print as IntTuples, in each view.
    #[test]
    fn layouts_print_as_their_shape_and_stride() {
        for text in [
            "_8:_1",
            "7:_0",
            "(_4):(_1)",
            "((_2,_2),_3):((24,_2),8)",
            "((_2,(3,_4)),((_1),-2)):((_1,(2,_6)),((_0),16))",
            "(((((_2)))),_3):(((((_1)))),_2)",
        ] {
            let l: Layout = text.parse().unwrap();
            assert_eq!(l.to_string(), text);
            assert_eq!(l.flat().to_string(), text);
            let (shape, stride) = (l.shape(), l.stride());
            assert_eq!(l.to_string(), format!("{shape}:{stride}"));
            let dsl = format!("{}:{}", shape.dsl(), stride.dsl());
            assert_eq!(l.dsl().to_string(), dsl);
            let values = format!("{}:{}", shape.values(), stride.values());
            assert_eq!(l.values().to_string(), values);
        }
    }
}
