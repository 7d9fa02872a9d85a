//! The values an expression can have, how they convert into the argument kinds CuTe's
//! operations take, and how they print in the three views.

use cute_dynamic::ops::{Kind, Operand};
use cute_dynamic::{
    AnyLayout, Bool, ComposedLayout, Coord, CoordLayout, Int, IntTuple, Layout, LayoutFn, MmaAtom,
    Offset, Swizzle, Tensor, Tiler,
};
use std::fmt::Write as _;

/// How a result is printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum View {
    /// CuTe C++ text: static `_N`, dynamic `N` (what CuTe's `print` shows).
    #[default]
    Cute,
    /// The CuTe DSL compile-time view: static values as numbers, dynamic ones as `?` / `?{div=N}`.
    Dsl,
    /// The run-time view: every value as a plain number.
    Values,
}

/// The value of an expression.
///
/// A CuTe literal gets the narrowest kind that holds it: `shape:stride` is a layout, text with
/// only integers an integer tuple (a single integer is a rank-0 tuple), text with `_` leaves a
/// coordinate, and a tuple holding layouts a tiler. Wider kinds accept narrower values where an
/// operation needs them (an integer tuple is also a coordinate and a tiler, a layout a tiler).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// An integer or an integer tuple (shapes, strides, coordinates without `_`).
    Tuple(IntTuple),
    /// A boolean (`congruent`, `compatible`, `weakly_congruent`), printed `_1`/`_0` or `1`/`0`.
    Bool(Bool),
    /// A layout `shape:stride`.
    Layout(Layout),
    /// A coordinate with `_` leaves (`slice`, `dice`).
    Coord(Coord),
    /// A tiler holding layouts, e.g. `(_3:_3,(_2,_4):(_1,_8))`.
    Tiler(Tiler),
    /// The offsets `L(0), L(1), ...` of `call(L)`.
    List(Vec<Int>),
    /// A swizzle `Sw<B,M,S>` (CuTe's `Swizzle<B,M,S>`).
    Swizzle(Swizzle),
    /// A composed layout `A o O o B` (CuTe's `ComposedLayout`), e.g. a swizzled layout
    /// `Sw<3,4,3> o _0 o (_8,_64):(_64,_1)` or a GMMA shared-memory atom.
    Composed(ComposedLayout),
    /// A tensor: a memory tensor `OFF|L` (CuTe's tensor on a pointer, printed as the element
    /// offset of its data and its layout) or an identity tensor `ArithTuple(c0,...) o L`.
    Tensor(Tensor),
    /// A layout with scaled basis strides, e.g. `(_4,_8):(_1@0,_1@1)` (`make_identity_layout`).
    CoordLayout(CoordLayout),
    /// The coordinates `T(0), T(1), ...` of an identity tensor (`call(T)`), `[(0,0),(1,0),...]`.
    Coords(Vec<IntTuple>),
    /// An MMA atom by its CuTe name (`SM80_16x8x16_F16F16F16F16_TN`), printed as CuTe prints an
    /// `MMA_Atom`: its `ThrID`, `Shape_MNK` and the three thread-value layouts.
    Mma(Box<MmaAtom>),
}

fn tiler_has_layout(t: &Tiler) -> bool {
    match t {
        Tiler::Layout(_) => true,
        Tiler::Tuple(items) => items.iter().any(tiler_has_layout),
        Tiler::Int(_) | Tiler::Underscore => false,
    }
}

fn tiler_to_tuple(t: &Tiler) -> Option<IntTuple> {
    match t {
        Tiler::Int(i) => Some(IntTuple::Int(*i)),
        Tiler::Tuple(items) => items
            .iter()
            .map(tiler_to_tuple)
            .collect::<Option<Vec<_>>>()
            .map(IntTuple::tuple),
        Tiler::Underscore | Tiler::Layout(_) => None,
    }
}

fn tiler_to_coord(t: &Tiler) -> Option<Coord> {
    match t {
        Tiler::Int(i) => Some(Coord::Int(*i)),
        Tiler::Underscore => Some(Coord::Underscore),
        Tiler::Tuple(items) => items
            .iter()
            .map(tiler_to_coord)
            .collect::<Option<Vec<_>>>()
            .map(Coord::Tuple),
        Tiler::Layout(_) => None,
    }
}

fn tuple_to_coord(t: &IntTuple) -> Coord {
    match t {
        IntTuple::Int(i) => Coord::Int(*i),
        IntTuple::Tuple(items) => Coord::Tuple(items.iter().map(tuple_to_coord).collect()),
    }
}

fn tuple_to_tiler(t: &IntTuple) -> Tiler {
    match t {
        IntTuple::Int(i) => Tiler::Int(*i),
        IntTuple::Tuple(items) => Tiler::Tuple(items.iter().map(tuple_to_tiler).collect()),
    }
}

fn coord_to_tiler(c: &Coord) -> Tiler {
    match c {
        Coord::Int(i) => Tiler::Int(*i),
        Coord::Underscore => Tiler::Underscore,
        Coord::Tuple(items) => Tiler::Tuple(items.iter().map(coord_to_tiler).collect()),
    }
}

fn write_layout(out: &mut String, l: &Layout, view: View) {
    // Writing to a String cannot fail.
    let _ = match view {
        View::Cute => write!(out, "{l}"),
        View::Dsl => write!(out, "{}", l.dsl()),
        View::Values => write!(out, "{}", l.values()),
    };
}

fn write_fn(out: &mut String, f: &LayoutFn, view: View) {
    match f {
        LayoutFn::Swizzle(s) => {
            let _ = write!(out, "{s}");
        }
        LayoutFn::Layout(l) => write_layout(out, l, view),
    }
}

/// `A o O o B` in a view: the layouts and an integer offset in that view; a swizzle, the
/// `smem_ptr` tag and a MixedBits offset as CuTe prints them.
fn write_composed(out: &mut String, c: &ComposedLayout, view: View) {
    write_fn(out, c.layout_a(), view);
    out.push_str(" o ");
    match c.offset() {
        Offset::Int(i) => write_int(out, *i, view),
        other => {
            let _ = write!(out, "{other}");
        }
    }
    out.push_str(" o ");
    write_fn(out, c.layout_b(), view);
}

fn show_tuple(t: &IntTuple, view: View) -> String {
    match view {
        View::Cute => t.to_string(),
        View::Dsl => t.dsl().to_string(),
        View::Values => t.values().to_string(),
    }
}

/// A tensor in a view: `OFF|L` with the offset and the layout in that view; an identity tensor
/// `ArithTuple(c...) o L` with its coordinate in that view (the scaled basis strides as CuTe
/// prints them).
fn show_tensor(t: &Tensor, view: View) -> String {
    let mut out = String::new();
    match t {
        Tensor::Memory { offset, layout } => {
            write_int(&mut out, *offset, view);
            out.push('|');
            match layout {
                AnyLayout::Plain(l) => write_layout(&mut out, l, view),
                AnyLayout::Composed(c) => write_composed(&mut out, c, view),
            }
        }
        Tensor::Coordinate { base, layout } => {
            out.push_str("ArithTuple");
            out.push_str(&show_tuple(base, view));
            let _ = write!(out, " o {layout}");
        }
    }
    out
}

fn write_int(out: &mut String, i: Int, view: View) {
    // Writing to a String cannot fail.
    let _ = match view {
        View::Cute => write!(out, "{i}"),
        View::Dsl => write!(out, "{}", i.dsl()),
        View::Values => write!(out, "{}", i.value()),
    };
}

fn write_coord(out: &mut String, c: &Coord, view: View) {
    match c {
        Coord::Int(i) => write_int(out, *i, view),
        Coord::Underscore => out.push('_'),
        Coord::Tuple(items) => {
            out.push('(');
            for (k, item) in items.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                write_coord(out, item, view);
            }
            out.push(')');
        }
    }
}

impl Value {
    /// The value of a CuTe literal, parsed as the most general form (a tiler): the narrowest
    /// kind that holds it (see [`Value`]).
    ///
    /// ```
    /// use cute_cli::Value;
    /// let v = Value::from_tiler("(_2,(3,_4))".parse().unwrap());
    /// assert!(matches!(v, Value::Tuple(_)));
    /// let v = Value::from_tiler("(_,2)".parse().unwrap());
    /// assert!(matches!(v, Value::Coord(_)));
    /// ```
    pub fn from_tiler(t: Tiler) -> Value {
        if let Tiler::Layout(l) = t {
            return Value::Layout(l);
        }
        if tiler_has_layout(&t) {
            return Value::Tiler(t);
        }
        if let Some(tuple) = tiler_to_tuple(&t) {
            return Value::Tuple(tuple);
        }
        match tiler_to_coord(&t) {
            Some(c) => Value::Coord(c),
            None => Value::Tiler(t),
        }
    }

    /// What kind of value this is, for error messages ("a layout", "an integer tuple", ...).
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Tuple(IntTuple::Int(_)) => "an integer",
            Value::Tuple(_) => "an integer tuple",
            Value::Bool(_) => "a boolean",
            Value::Layout(_) => "a layout",
            Value::Coord(_) => "a coordinate with '_'",
            Value::Tiler(_) => "a tiler",
            Value::List(_) => "a list of offsets",
            Value::Swizzle(_) => "a swizzle",
            Value::Composed(_) => "a composed layout",
            Value::Tensor(Tensor::Memory { .. }) => "a tensor",
            Value::Tensor(Tensor::Coordinate { .. }) => "an identity tensor",
            Value::CoordLayout(_) => "a layout with scaled basis strides",
            Value::Coords(_) => "a list of coordinates",
            Value::Mma(_) => "an MMA atom",
        }
    }

    /// The value of a result that may or may not be composed (what the operations on composed
    /// layouts return).
    ///
    /// ```
    /// use cute_cli::Value;
    /// let v = Value::from_any("Sw<1,0,1> o _0 o _4:_1".parse().unwrap());
    /// assert_eq!(v.kind(), "a composed layout");
    /// let v = Value::from_any("_4:_1".parse().unwrap());
    /// assert_eq!(v.kind(), "a layout");
    /// ```
    pub fn from_any(l: AnyLayout) -> Value {
        match l {
            AnyLayout::Plain(l) => Value::Layout(l),
            AnyLayout::Composed(c) => Value::Composed(c),
        }
    }

    /// The layout, plain or composed, if this is one (what the pictures and tables draw).
    pub fn as_any_layout(&self) -> Option<AnyLayout> {
        match self {
            Value::Layout(l) => Some(AnyLayout::Plain(l.clone())),
            Value::Composed(c) => Some(AnyLayout::Composed(c.clone())),
            _ => None,
        }
    }

    /// The layout, if this is one.
    pub fn as_layout(&self) -> Option<&Layout> {
        match self {
            Value::Layout(l) => Some(l),
            _ => None,
        }
    }

    /// As an integer tuple (a boolean is the integer CuTe prints for it).
    pub fn to_int_tuple(&self) -> Option<IntTuple> {
        match self {
            Value::Tuple(t) => Some(t.clone()),
            Value::Bool(b) => Some(IntTuple::Int(b.to_int())),
            _ => None,
        }
    }

    /// As a single integer.
    pub fn to_int(&self) -> Option<Int> {
        self.to_int_tuple().and_then(|t| t.as_int())
    }

    /// As a coordinate (integer tuples are coordinates without `_`).
    pub fn to_coord(&self) -> Option<Coord> {
        match self {
            Value::Coord(c) => Some(c.clone()),
            _ => self.to_int_tuple().map(|t| tuple_to_coord(&t)),
        }
    }

    /// As a tiler (a layout, an integer, `_`, or a tuple of those).
    pub fn to_tiler(&self) -> Option<Tiler> {
        match self {
            Value::Tiler(t) => Some(t.clone()),
            Value::Layout(l) => Some(Tiler::Layout(l.clone())),
            Value::Coord(c) => Some(coord_to_tiler(c)),
            _ => self.to_int_tuple().map(|t| tuple_to_tiler(&t)),
        }
    }

    /// The value as an argument of `kind` of an operation in cute-dynamic's registry, if it is
    /// one (an integer tuple is also a coordinate and a tiler, a layout also a tiler, ...).
    ///
    /// ```
    /// use cute_cli::Value;
    /// use cute_dynamic::ops::Kind;
    /// let v = Value::from_tiler("(_2,_4)".parse().unwrap());
    /// assert!(v.operand(Kind::Coord).is_some() && v.operand(Kind::Layout).is_none());
    /// ```
    pub fn operand(&self, kind: Kind) -> Option<Operand> {
        Some(match (kind, self) {
            (Kind::IntTuple, _) => Operand::IntTuple(self.to_int_tuple()?),
            (Kind::Int | Kind::StaticInt, _) => Operand::Int(self.to_int()?),
            (Kind::Index, _) => Operand::Index(usize::try_from(self.to_int()?.value()).ok()?),
            (Kind::Layout, _) => Operand::Layout(self.as_layout()?.clone()),
            (Kind::Tiler, _) => Operand::Tiler(self.to_tiler()?),
            (Kind::Coord, _) => Operand::Coord(self.to_coord()?),
            (Kind::AnyLayout, _) => Operand::from_any(self.as_any_layout()?),
            (Kind::Swizzle | Kind::LayoutFn, Value::Swizzle(s)) => Operand::Swizzle(*s),
            (Kind::LayoutFn, Value::Layout(l)) => Operand::Layout(l.clone()),
            (Kind::Composed | Kind::GmmaAtom, Value::Composed(c)) => Operand::Composed(c.clone()),
            (Kind::Tensor, Value::Tensor(t)) => Operand::Tensor(t.clone()),
            (Kind::CoordLayout, Value::CoordLayout(l)) => Operand::CoordLayout(l.clone()),
            (Kind::MmaAtom, Value::Mma(a)) => Operand::Mma(a.clone()),
            _ => return None,
        })
    }

    /// The value of an operation's result.
    ///
    /// ```
    /// use cute_cli::Value;
    /// use cute_dynamic::ops::Operand;
    /// let v = Value::from_operand(Operand::Int(cute_dynamic::Int::new_static(4)));
    /// assert_eq!(v.kind(), "an integer");
    /// ```
    pub fn from_operand(o: Operand) -> Value {
        match o {
            Operand::Int(i) => Value::Tuple(IntTuple::Int(i)),
            Operand::Index(i) => Value::Tuple(IntTuple::s(i32::try_from(i).unwrap_or(i32::MAX))),
            Operand::IntTuple(t) => Value::Tuple(t),
            Operand::Bool(b) => Value::Bool(b),
            Operand::Layout(l) => Value::Layout(l),
            Operand::Tiler(t) => Value::from_tiler(t),
            Operand::Coord(c) => Value::Coord(c),
            Operand::Swizzle(s) => Value::Swizzle(s),
            Operand::Composed(c) => Value::Composed(c),
            Operand::Tensor(t) => Value::Tensor(t),
            Operand::CoordLayout(l) => Value::CoordLayout(l),
            Operand::Mma(a) => Value::Mma(a),
            Operand::List(items) => Value::List(items),
            Operand::Coords(items) => Value::Coords(items),
            // A name is an argument (a member of MMA_Traits), never a result of an operation.
            Operand::Text(_) => Value::Tuple(IntTuple::tuple(Vec::new())),
        }
    }

    /// The value printed in a view.
    ///
    /// ```
    /// use cute_cli::{Value, View};
    /// let v = Value::Layout("(_6,_2):(8,_2)".parse().unwrap());
    /// assert_eq!(v.show(View::Cute), "(_6,_2):(8,_2)");
    /// assert_eq!(v.show(View::Dsl), "(6,2):(?,2)");
    /// assert_eq!(v.show(View::Values), "(6,2):(8,2)");
    /// let c = Value::Composed("Sw<3,4,3> o 7 o (_8,_64):(_64,_1)".parse().unwrap());
    /// assert_eq!(c.show(View::Cute), "Sw<3,4,3> o 7 o (_8,_64):(_64,_1)");
    /// assert_eq!(c.show(View::Dsl), "Sw<3,4,3> o ? o (8,64):(64,1)");
    /// ```
    pub fn show(&self, view: View) -> String {
        match (self, view) {
            (Value::Tuple(t), View::Cute) => t.to_string(),
            (Value::Tuple(t), View::Dsl) => t.dsl().to_string(),
            (Value::Tuple(t), View::Values) => t.values().to_string(),
            (Value::Layout(l), View::Cute) => l.to_string(),
            (Value::Layout(l), View::Dsl) => l.dsl().to_string(),
            (Value::Layout(l), View::Values) => l.values().to_string(),
            (Value::Tiler(t), View::Cute) => t.to_string(),
            (Value::Tiler(t), View::Dsl) => t.dsl().to_string(),
            (Value::Tiler(t), View::Values) => t.values().to_string(),
            (Value::Bool(b), view) => {
                let mut out = String::new();
                write_int(&mut out, b.to_int(), view);
                out
            }
            (Value::Coord(c), view) => {
                let mut out = String::new();
                write_coord(&mut out, c, view);
                out
            }
            (Value::Swizzle(s), _) => s.to_string(),
            (Value::Composed(c), view) => {
                let mut out = String::new();
                write_composed(&mut out, c, view);
                out
            }
            (Value::Tensor(t), view) => show_tensor(t, view),
            (Value::CoordLayout(l), _) => l.to_string(),
            (Value::Coords(items), view) => {
                let mut out = String::from("[");
                for (k, c) in items.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    out.push_str(&show_tuple(c, view));
                }
                out.push(']');
                out
            }
            (Value::Mma(atom), _) => format!(
                "MMA_Atom\n  ThrID:      {}\n  Shape_MNK:  {}\n  LayoutA_TV: {}\n  LayoutB_TV: {}\n  \
                 LayoutC_TV: {}",
                atom.thr_id, atom.shape_mnk, atom.a_layout, atom.b_layout, atom.c_layout
            ),
            (Value::List(items), view) => {
                let mut out = String::from("[");
                for (k, i) in items.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    write_int(&mut out, *i, view);
                }
                out.push(']');
                out
            }
        }
    }
}
