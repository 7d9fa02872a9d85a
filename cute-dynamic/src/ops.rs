//! The registry of operations: every operation of this crate by its CuTe name, written once.
//!
//! Each [`Op`] is one overload: CuTe's name, the kinds of its arguments, the CuTe call it is,
//! the kind of its result, and how it runs on [`Operand`]s. The `cute` command calls them by
//! name (the first overload whose kinds take the arguments runs); the conformance runners run the
//! vectors' ops through them ([`Op::vectors`] names the vector ops an overload runs, [`run`]
//! reads their CuTe-text arguments by kind); the generators of cute-static's test suites build
//! their expressions from the same entries.
//!
//! ```
//! use cute_dynamic::ops;
//! // A conformance vector: the op, its arguments as CuTe text, CuTe's printed result.
//! assert_eq!(ops::run("logical_divide_tiler", &["(_8,_4):(_1,_8)", "(_2,_2)"])?.to_string(),
//!            "((_2,_4),(_2,_2)):((_1,_2),(_8,_16))");
//! // The overloads of a name, in the order they are tried.
//! let kinds: Vec<_> = ops::overloads("logical_divide").map(|op| op.args).collect();
//! assert_eq!(kinds[0], &[ops::Kind::Layout, ops::Kind::Layout]);
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::prelude::*;
use crate::{
    self as cute, AnyLayout, Bool, ComposedLayout, Coord, CoordLayout, Int, IntTuple, Layout,
    LayoutError, LayoutFn, MmaAtom, Offset, Result, Swizzle, Tensor, Tiler,
};
use core::fmt;

/// Most values a listing (`call(L)`, `swizzle`, ...) produces.
///
/// ```
/// let big = cute_dynamic::ops::run("call", &["(_512,_512):(_1,_512)"]).unwrap_err();
/// assert!(big.to_string().contains("more than the 65536 this lists"));
/// ```
pub const MAX_LIST: usize = 65_536;

/// What an argument or a result of an operation is.
///
/// ```
/// use cute_dynamic::ops::Kind;
/// assert!(Kind::Tiler.read("(_2,_:_1)").is_err()); // `_:_1` is no layout
/// assert_eq!(Kind::Tiler.describe(), "a tiler (layouts, integers, '_' in a tuple)");
/// assert_eq!(Kind::Layout.read("(_4,_2):(_2,_1)")?.to_string(), "(_4,_2):(_2,_1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// An integer or an integer tuple (a shape, a stride, a coordinate without `_`): `S`.
    IntTuple,
    /// An integer: `i`.
    Int,
    /// A static integer `_N`, a template argument of CuTe's (`upcast<N>`).
    StaticInt,
    /// A mode index, a non-negative integer.
    Index,
    /// A layout `shape:stride`: `L`.
    Layout,
    /// A tiler: layouts, integers, `_` in a tuple: `T`.
    Tiler,
    /// A coordinate with `_` leaves: `c`.
    Coord,
    /// A swizzle `Sw<B,M,S>`.
    Swizzle,
    /// A swizzle or a layout, a side of a composed layout: `F`.
    LayoutFn,
    /// A composed layout `A o O o B`: `C`.
    Composed,
    /// A layout, plain or composed.
    AnyLayout,
    /// A tensor `OFF|L` or an identity tensor `ArithTuple(c) o L`: `X`.
    Tensor,
    /// A layout with scaled basis strides (`make_identity_layout`'s): `I`.
    CoordLayout,
    /// An MMA atom (read from its CuTe name).
    MmaAtom,
    /// A GMMA shared-memory atom, read from its C++ name (a composed layout).
    GmmaAtom,
    /// A member of `MMA_Traits` (`ThrID`, `Shape_MNK`, `ALayout`, ...), of a `TiledCopy`
    /// (`Tiler_MN`, `TiledLayout_TV`, `layoutS_TV`, ..., `print`) or of a `TiledMMA`
    /// (`ThrLayoutVMNK`, `PermutationMNK`, `TileShape_MNK`, `LayoutA_TV`, ..., `print`).
    Field,
    /// A C++ type name: a copy operation (`UniversalCopy<uint128_t>`) or a value type (`half_t`).
    Name,
    /// A boolean (a result).
    Bool,
    /// Offsets `[v0,v1,...]` (a result).
    List,
    /// Coordinates `[(..),(..),...]` (a result).
    Coords,
}

impl Kind {
    /// What a value of the kind is, for messages.
    ///
    /// ```
    /// assert_eq!(cute_dynamic::ops::Kind::Coord.describe(), "a coordinate (integers and '_')");
    /// ```
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Kind::IntTuple => "an integer or an integer tuple",
            Kind::Int | Kind::StaticInt => "an integer",
            Kind::Index => "a non-negative integer",
            Kind::Layout => "a layout shape:stride",
            Kind::Tiler => "a tiler (layouts, integers, '_' in a tuple)",
            Kind::Coord => "a coordinate (integers and '_')",
            Kind::Swizzle => "a swizzle Sw<B,M,S>",
            Kind::LayoutFn => "a swizzle Sw<B,M,S> or a layout shape:stride",
            Kind::Composed => "a composed layout A o O o B",
            Kind::AnyLayout => "a layout or a composed layout",
            Kind::Tensor => "a tensor (OFF|L, make_tensor(L), make_identity_tensor(S))",
            Kind::CoordLayout => "a layout with scaled basis strides",
            Kind::MmaAtom => "an MMA atom (e.g. SM80_16x8x16_F16F16F16F16_TN)",
            Kind::GmmaAtom => "a GMMA atom (e.g. GMMA::Layout_K_SW128_Atom<half_t>)",
            Kind::Field => "a member (of MMA_Traits, TiledCopy or TiledMMA)",
            Kind::Name => "a C++ type name (a copy operation, a value type)",
            Kind::Bool => "a boolean",
            Kind::List => "a list of offsets",
            Kind::Coords => "a list of coordinates",
        }
    }

    /// The kind's letter in a signature (`composition(L, T) -> layout`).
    ///
    /// ```
    /// assert_eq!(cute_dynamic::ops::Kind::Tensor.letter(), "X");
    /// ```
    #[must_use]
    pub fn letter(self) -> &'static str {
        match self {
            Kind::IntTuple => "S",
            Kind::Int | Kind::Index => "i",
            Kind::StaticInt => "_N",
            Kind::Layout => "L",
            Kind::Tiler => "T",
            Kind::Coord => "c",
            Kind::Swizzle => "Sw",
            Kind::LayoutFn => "Sw | L",
            Kind::Composed => "C",
            Kind::AnyLayout => "L | C",
            Kind::Tensor => "X",
            Kind::CoordLayout => "I",
            Kind::MmaAtom => "MMA",
            Kind::GmmaAtom => "GMMA",
            Kind::Field => "member",
            Kind::Name => "type",
            Kind::Bool => "boolean",
            Kind::List => "list",
            Kind::Coords => "coordinates",
        }
    }

    /// The kind as a result (`-> layout`).
    ///
    /// ```
    /// assert_eq!(cute_dynamic::ops::Kind::AnyLayout.noun(), "layout (plain or composed)");
    /// ```
    #[must_use]
    pub fn noun(self) -> &'static str {
        match self {
            Kind::IntTuple => "integer tuple",
            Kind::Int | Kind::StaticInt | Kind::Index => "integer",
            Kind::Layout => "layout",
            Kind::Tiler => "tiler",
            Kind::Coord => "coordinate",
            Kind::Swizzle => "swizzle",
            Kind::LayoutFn => "swizzle or layout",
            Kind::Composed => "composed layout",
            Kind::AnyLayout => "layout (plain or composed)",
            Kind::Tensor => "tensor",
            Kind::CoordLayout => "layout with scaled basis strides",
            Kind::MmaAtom => "MMA atom",
            Kind::GmmaAtom => "GMMA atom",
            Kind::Field => "member",
            Kind::Name => "type name",
            Kind::Bool => "boolean",
            Kind::List => "list of offsets",
            Kind::Coords => "list of coordinates",
        }
    }

    /// Read an operand of this kind from CuTe's text (a GMMA or MMA atom from its C++ name, a
    /// member of `MMA_Traits` from its name).
    ///
    /// ```
    /// use cute_dynamic::ops::Kind;
    /// assert!(Kind::StaticInt.read("_4").is_ok());
    /// assert!(Kind::StaticInt.read("4").is_err()); // a template argument is static
    /// assert_eq!(Kind::GmmaAtom.read("GMMA::Layout_MN_INTER_Atom<half_t>")?.to_string(),
    ///            "Sw<0,4,3> o smem_ptr[16b](unset) o (_8,_8):(_1,_8)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn read(self, text: &str) -> Result<Operand> {
        let int = || -> Result<Int> {
            let t: IntTuple = text.parse()?;
            t.as_int()
                .ok_or_else(|| LayoutError::invalid("read", format!("{t} is not an integer")))
        };
        Ok(match self {
            Kind::IntTuple => Operand::IntTuple(text.parse()?),
            Kind::Int => Operand::Int(int()?),
            Kind::StaticInt => match int()? {
                i if i.is_static() => Operand::Int(i),
                _ => return Err(LayoutError::invalid("read", format!("{text} is not _N"))),
            },
            Kind::Index => Operand::Index(
                usize::try_from(int()?.value())
                    .map_err(|_| LayoutError::invalid("read", format!("{text} is negative")))?,
            ),
            Kind::Layout => Operand::Layout(text.parse()?),
            Kind::Tiler => Operand::Tiler(text.parse()?),
            Kind::Coord => Operand::Coord(text.parse()?),
            Kind::Swizzle => Operand::Swizzle(text.parse()?),
            Kind::LayoutFn => fn_operand(&text.parse()?),
            Kind::AnyLayout => Operand::from_any(text.parse()?),
            Kind::Composed => Operand::Composed(text.parse()?),
            Kind::GmmaAtom => Operand::Composed(cute::gmma_atom(text)?),
            Kind::Tensor => Operand::Tensor(text.parse()?),
            Kind::CoordLayout => Operand::CoordLayout(text.parse()?),
            Kind::MmaAtom => Operand::Mma(Box::new(cute::mma_atom(text)?)),
            Kind::Field | Kind::Name => Operand::Text(text.to_string()),
            Kind::Bool | Kind::List | Kind::Coords => {
                return Err(LayoutError::invalid(
                    "read",
                    format!("{} is a result, not read from text", self.describe()),
                ));
            }
        })
    }
}

/// A value an operation takes or gives, tagged with its kind.
///
/// ```
/// use cute_dynamic::ops::{Kind, Operand};
/// let l = Kind::Layout.read("_8:_2")?;
/// assert!(matches!(l, Operand::Layout(_)));
/// assert_eq!(l.to_string(), "_8:_2");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    /// An integer.
    Int(Int),
    /// A mode index.
    Index(usize),
    /// An integer tuple.
    IntTuple(IntTuple),
    /// A boolean.
    Bool(Bool),
    /// A layout.
    Layout(Layout),
    /// A tiler.
    Tiler(Tiler),
    /// A coordinate with `_`.
    Coord(Coord),
    /// A swizzle.
    Swizzle(Swizzle),
    /// A composed layout.
    Composed(ComposedLayout),
    /// A tensor or an identity tensor.
    Tensor(Tensor),
    /// A layout with scaled basis strides.
    CoordLayout(CoordLayout),
    /// An MMA atom.
    Mma(Box<MmaAtom>),
    /// Offsets.
    List(Vec<Int>),
    /// Coordinates.
    Coords(Vec<IntTuple>),
    /// A name (a member of `MMA_Traits`).
    Text(String),
}

impl Operand {
    /// A layout that may be composed.
    ///
    /// ```
    /// use cute_dynamic::ops::Operand;
    /// assert!(matches!(Operand::from_any("_4:_1".parse()?), Operand::Layout(_)));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    #[must_use]
    pub fn from_any(l: AnyLayout) -> Operand {
        match l {
            AnyLayout::Plain(l) => Operand::Layout(l),
            AnyLayout::Composed(c) => Operand::Composed(c),
        }
    }

    fn wrong(&self, want: Kind) -> LayoutError {
        LayoutError::invalid("ops", format!("{self} is not {}", want.describe()))
    }
}

/// The operand as the type of its kind: `Err` for an operand of another kind (never, for the
/// arguments of an overload: they are of its kinds).
macro_rules! accessors {
    ($($name:ident -> $ty:ty, $kind:ident { $($pat:pat => $value:expr),+ })*) => {
        impl Operand {
            $(
                fn $name(&self) -> Result<$ty> {
                    match self {
                        $($pat => Ok($value),)+
                        _ => Err(self.wrong(Kind::$kind)),
                    }
                }
            )*
        }
    };
}

accessors! {
    layout -> &Layout, Layout { Operand::Layout(l) => l }
    tuple -> &IntTuple, IntTuple { Operand::IntTuple(t) => t }
    int -> Int, Int { Operand::Int(i) | Operand::IntTuple(IntTuple::Int(i)) => *i }
    index -> usize, Index { Operand::Index(i) => *i }
    tiler -> &Tiler, Tiler { Operand::Tiler(t) => t }
    coord -> &Coord, Coord { Operand::Coord(c) => c }
    swizzle -> Swizzle, Swizzle { Operand::Swizzle(s) => *s }
    layout_fn -> LayoutFn, LayoutFn {
        Operand::Swizzle(s) => LayoutFn::Swizzle(*s),
        Operand::Layout(l) => LayoutFn::Layout(l.clone())
    }
    composed -> &ComposedLayout, Composed { Operand::Composed(c) => c }
    any_layout -> AnyLayout, AnyLayout {
        Operand::Layout(l) => AnyLayout::Plain(l.clone()),
        Operand::Composed(c) => AnyLayout::Composed(c.clone())
    }
    tensor -> &Tensor, Tensor { Operand::Tensor(t) => t }
    coord_layout -> &CoordLayout, CoordLayout { Operand::CoordLayout(l) => l }
    mma -> &MmaAtom, MmaAtom { Operand::Mma(a) => a }
    text -> &str, Field { Operand::Text(t) => t }
    name -> &str, Name { Operand::Text(t) => t }
}

/// `[a,b,...]`.
fn write_list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    f.write_str("[")?;
    for (k, x) in items.iter().enumerate() {
        if k > 0 {
            f.write_str(",")?;
        }
        x.fmt(f)?;
    }
    f.write_str("]")
}

/// CuTe's print of the value (the conformance vectors' text).
impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operand::Int(i) => i.fmt(f),
            Operand::Index(i) => i.fmt(f),
            Operand::IntTuple(t) => t.fmt(f),
            Operand::Bool(b) => b.fmt(f),
            Operand::Layout(l) => l.fmt(f),
            Operand::Tiler(t) => t.fmt(f),
            Operand::Coord(c) => c.fmt(f),
            Operand::Swizzle(s) => s.fmt(f),
            Operand::Composed(c) => c.fmt(f),
            Operand::Tensor(t) => t.fmt(f),
            Operand::CoordLayout(l) => l.fmt(f),
            Operand::Mma(a) => f.write_str(&a.name),
            Operand::List(items) => write_list(f, items),
            Operand::Coords(items) => write_list(f, items),
            Operand::Text(t) => f.write_str(t),
        }
    }
}

/// How an overload runs: its arguments, one per kind, already of their kinds.
///
/// ```
/// use cute_dynamic::ops::{self, Kind};
/// let run: ops::Run = ops::vector_op("cosize").unwrap().run;
/// assert_eq!(run(&[Kind::Layout.read("(_4,_2):(_2,_1)")?])?.to_string(), "_8");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub type Run = fn(&[Operand]) -> Result<Operand>;

/// One overload of an operation.
///
/// ```
/// use cute_dynamic::ops::{self, Kind};
/// let op = ops::vector_op("composed_logical_divide").unwrap();
/// assert_eq!((op.name, op.args, op.result), ("logical_divide", &[Kind::Composed, Kind::Tiler][..], Kind::AnyLayout));
/// assert_eq!(op.call, "logical_divide(C, T)");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Op {
    /// CuTe's name of the operation, shared by its overloads (what `cute` calls).
    pub name: &'static str,
    /// The Rust name of this overload where it is not CuTe's (Rust has no overloading:
    /// `composition_tiler`, `complement1`, `filter_zeros_tuple`): the function, or the method
    /// of its first operand, that both crates call it by ([`Op::rust_name`]); `cute` takes it
    /// too.
    pub alias: Option<&'static str>,
    /// The ops of the conformance vectors (`data/cute-vectors.jsonl`,
    /// `data/cute-ext-vectors.jsonl`) that this overload runs, their arguments in its order.
    pub vectors: &'static [&'static str],
    /// The CuTe call, as C++ writes it (`A`, `B` layouts, `C` composed, `T` tilers, `S` shapes,
    /// `c` coordinates, `X` tensors).
    pub call: &'static str,
    /// The kinds of the arguments.
    pub args: &'static [Kind],
    /// How many of the arguments are needed (the others may be left out at the end).
    pub required: usize,
    /// Whether the last kind repeats (`make_layout(L0, L1, ...)`).
    pub variadic: bool,
    /// The kind of the result.
    pub result: Kind,
    /// Whether [`Op::vectors`] are ops of the extension vectors (FORMAT.md section 6:
    /// swizzles, composed layouts, tensors, MMA atoms) rather than of the core ones.
    pub extension: bool,
    /// Whether `cute` calls it (an op of the vectors alone, such as `swizzle`'s listing, is
    /// not an expression's).
    pub callable: bool,
    /// How it runs.
    pub run: Run,
}

impl Op {
    /// Whether `n` arguments are a possible count.
    ///
    /// ```
    /// let op = cute_dynamic::ops::vector_op("local_tile").unwrap();
    /// assert!(op.takes(3) && op.takes(4) && !op.takes(5));
    /// ```
    #[must_use]
    pub fn takes(&self, n: usize) -> bool {
        n >= self.required && (self.variadic || n <= self.args.len())
    }

    /// The name both crates give this overload: its Rust name where Rust needs one apart
    /// ([`Op::alias`]), else CuTe's.
    ///
    /// ```
    /// use cute_dynamic::ops::OPS;
    /// let call = |c: &str| OPS.iter().find(|o| o.call == c).unwrap().rust_name();
    /// assert_eq!(call("complement(A)"), "complement1");
    /// assert_eq!(call("logical_divide(A, T)"), "logical_divide_tiler");
    /// assert_eq!(call("coalesce(A)"), "coalesce");
    /// ```
    #[must_use]
    pub fn rust_name(&self) -> &'static str {
        self.alias.unwrap_or(self.name)
    }

    /// The kind of argument `i` (the last one repeated for a variadic op).
    ///
    /// ```
    /// let op = cute_dynamic::ops::overloads("make_layout").next().unwrap();
    /// assert_eq!(op.arg(5), Some(cute_dynamic::ops::Kind::Layout));
    /// ```
    #[must_use]
    pub fn arg(&self, i: usize) -> Option<Kind> {
        match self.args.get(i) {
            Some(k) => Some(*k),
            None if self.variadic => self.args.last().copied(),
            None => None,
        }
    }

    /// Run it on operands of its kinds.
    ///
    /// ```
    /// use cute_dynamic::ops::{self, Kind};
    /// let op = ops::vector_op("coalesce").unwrap();
    /// let r = op.apply(&[Kind::Layout.read("(_2,_4):(_1,_2)")?])?;
    /// assert_eq!(r.to_string(), "_8:_1");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn apply(&self, args: &[Operand]) -> Result<Operand> {
        if !self.takes(args.len()) {
            return Err(LayoutError::invalid(
                self.name,
                format!(
                    "{} takes {} arguments, got {}",
                    self.call,
                    self.args.len(),
                    args.len()
                ),
            ));
        }
        (self.run)(args)
    }
}

/// The overloads of an operation that `cute` calls `name` (CuTe's name, or a vector op's name
/// for one of CuTe's overloads), in the order they are tried.
///
/// ```
/// let names: Vec<_> = cute_dynamic::ops::overloads("composition_tiler").map(|o| o.args).collect();
/// assert_eq!(names.len(), 3); // composition_tiler(L, T), (C, T) and (I, T)
/// ```
pub fn overloads(name: &str) -> impl Iterator<Item = &'static Op> + '_ {
    OPS.iter()
        .filter(move |o| o.callable && (o.name == name || o.alias == Some(name)))
}

/// The names `cute` calls, each once, in the table's order (CuTe's names, then the vectors'
/// names of overloads).
///
/// ```
/// let names = cute_dynamic::ops::names();
/// assert!(names.contains(&"logical_divide") && names.contains(&"logical_divide_tiler"));
/// ```
#[must_use]
pub fn names() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for op in OPS.iter().filter(|o| o.callable) {
        for n in [Some(op.name), op.alias].into_iter().flatten() {
            if !out.contains(&n) {
                out.push(n);
            }
        }
    }
    out
}

/// The overload that runs the conformance vectors' op `name`.
///
/// ```
/// let op = cute_dynamic::ops::vector_op("tensor_slice").unwrap();
/// assert_eq!(op.call, "X(c)");
/// ```
#[must_use]
pub fn vector_op(name: &str) -> Option<&'static Op> {
    OPS.iter().find(|o| o.vectors.contains(&name))
}

/// The names of the ops of the core conformance vectors (`extension == false`: FORMAT.md
/// section 4) or of the extension vectors (section 6), in the table's order.
///
/// ```
/// use cute_dynamic::ops::vector_names;
/// assert_eq!((vector_names(false).len(), vector_names(true).len()), (45, 34 + 13));
/// assert_eq!(vector_names(false)[..3], ["coalesce", "filter", "filter_zeros"]);
/// ```
#[must_use]
pub fn vector_names(extension: bool) -> Vec<&'static str> {
    OPS.iter()
        .filter(|o| o.extension == extension)
        .flat_map(|o| o.vectors.iter().copied())
        .collect()
}

/// Run the conformance vectors' op `name` on arguments in CuTe's text, read by their kinds.
///
/// ```
/// let r = cute_dynamic::ops::run("swizzle", &["Sw<1,0,1>", "4"])?;
/// assert_eq!(r.to_string(), "[0,1,3,2]");
/// assert!(cute_dynamic::ops::run("no_such_op", &[]).is_err());
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn run(name: &str, args: &[&str]) -> Result<Operand> {
    let op =
        vector_op(name).ok_or_else(|| LayoutError::invalid("ops", format!("unknown op {name}")))?;
    let operands = (0..args.len().max(op.required))
        .map(|i| {
            let (Some(kind), Some(text)) = (op.arg(i), args.get(i)) else {
                return Err(LayoutError::invalid(
                    "ops",
                    format!("{name} takes {} arguments: {}", op.args.len(), op.call),
                ));
            };
            kind.read(text)
        })
        .collect::<Result<Vec<_>>>()?;
    op.apply(&operands)
}

// The results, as operands.
fn lay(l: Layout) -> Result<Operand> {
    Ok(Operand::Layout(l))
}
fn any(l: AnyLayout) -> Result<Operand> {
    Ok(Operand::from_any(l))
}
fn tup(t: IntTuple) -> Result<Operand> {
    Ok(Operand::IntTuple(t))
}
fn int(i: Int) -> Result<Operand> {
    Ok(Operand::Int(i))
}
fn count(n: usize) -> Result<Operand> {
    Ok(Operand::Int(Int::new_static(
        i32::try_from(n).unwrap_or(i32::MAX),
    )))
}
fn tensor(t: Tensor) -> Result<Operand> {
    Ok(Operand::Tensor(t))
}
fn ids(l: CoordLayout) -> Result<Operand> {
    Ok(Operand::CoordLayout(l))
}

/// `0..n` for a listing of `what` of `n` values, at most [`MAX_LIST`].
fn domain(what: &dyn fmt::Display, n: Int, unit: &str) -> Result<core::ops::Range<i32>> {
    let n = n.value();
    let size = usize::try_from(n)
        .map_err(|_| LayoutError::invalid("call", format!("{what} has negative size {n}")))?;
    if size > MAX_LIST {
        return Err(LayoutError::invalid(
            "call",
            format!("{what} has {size} {unit}, more than the {MAX_LIST} this lists"),
        ));
    }
    Ok(0..n)
}

/// `call(X)`: the offsets of a memory tensor, the coordinates of an identity tensor.
fn call_tensor(t: &Tensor) -> Result<Operand> {
    let values = domain(t, t.size()?, "elements")?
        .map(|i| t.call(i))
        .collect::<Result<Vec<_>>>()?;
    if let Tensor::Memory { .. } = t {
        return Ok(Operand::List(
            values.iter().filter_map(IntTuple::as_int).collect(),
        ));
    }
    Ok(Operand::Coords(values))
}

fn coord_to_tuple(c: &Coord) -> Option<IntTuple> {
    match c {
        Coord::Int(i) => Some(IntTuple::Int(*i)),
        Coord::Underscore => None,
        Coord::Tuple(items) => items
            .iter()
            .map(coord_to_tuple)
            .collect::<Option<Vec<_>>>()
            .map(IntTuple::tuple),
    }
}

/// The table's entries, built from CuTe's name, the CuTe call, the kinds and the run.
const fn op(
    name: &'static str,
    call: &'static str,
    args: &'static [Kind],
    result: Kind,
    run: Run,
) -> Op {
    Op {
        name,
        alias: None,
        vectors: &[],
        call,
        args,
        required: args.len(),
        variadic: false,
        result,
        extension: false,
        callable: true,
        run,
    }
}

impl Op {
    const fn core(self, vectors: &'static [&'static str]) -> Op {
        Op { vectors, ..self }
    }
    const fn named(self, alias: &'static str) -> Op {
        Op {
            alias: Some(alias),
            ..self
        }
    }
    const fn optional(self, n: usize) -> Op {
        Op {
            required: self.args.len() - n,
            ..self
        }
    }
    const fn repeats(self) -> Op {
        Op {
            variadic: true,
            required: 1,
            ..self
        }
    }
    const fn ext(self, vectors: &'static [&'static str]) -> Op {
        Op {
            vectors,
            extension: true,
            ..self
        }
    }
    const fn ext_only(self, vectors: &'static [&'static str]) -> Op {
        Op {
            callable: false,
            ..self.ext(vectors)
        }
    }
}

use Kind::{
    AnyLayout as A, Bool as B, Composed as C, Coord as Crd, CoordLayout as I, Coords, Field,
    GmmaAtom, Index, Int as N, IntTuple as S, Layout as L, LayoutFn as F, List, MmaAtom as Mma,
    Name, StaticInt, Swizzle as Sw, Tensor as X, Tiler as T,
};

/// Every operation, one entry per overload. Overloads of one name are tried in this order (a
/// layout is also a tiler and an integer tuple also a coordinate, so the narrower kind comes
/// first). The conformance vectors' ops come first, in the order the static agreement
/// generator draws them (`tests/src/agree_gen.rs`), then the rest.
///
/// ```
/// let zipped = cute_dynamic::ops::OPS.iter().filter(|o| o.name == "zipped_divide");
/// assert_eq!(zipped.map(|o| o.args[0].letter()).collect::<Vec<_>>(), ["L", "C", "X", "I"]);
/// ```
#[rustfmt::skip]
pub static OPS: &[Op] = &[
    op("coalesce", "coalesce(A)", &[L], L, |a| lay(cute::coalesce(a[0].layout()?)?)).core(&["coalesce"]),
    op("filter", "filter(A)", &[L], L, |a| lay(cute::filter(a[0].layout()?)?)).core(&["filter"]),
    op("filter_zeros", "filter_zeros(A)", &[L], L, |a| lay(cute::filter_zeros(a[0].layout()?)?)).core(&["filter_zeros"]),
    op("complement", "complement(A)", &[L], L, |a| lay(cute::complement1(a[0].layout()?)?)).named("complement1").core(&["complement1"]),
    op("right_inverse", "right_inverse(A)", &[L], L, |a| lay(cute::right_inverse(a[0].layout()?)?)).core(&["right_inverse"]),
    op("left_inverse", "left_inverse(A)", &[L], L, |a| lay(cute::left_inverse(a[0].layout()?)?)).core(&["left_inverse"]),
    op("nullspace", "nullspace(A)", &[L], L, |a| lay(cute::nullspace(a[0].layout()?)?)).core(&["nullspace"]),
    op("cosize", "cosize(A)", &[L], N, |a| int(a[0].layout()?.cosize()?)).core(&["cosize"]),
    op("size", "size(S)", &[S], N, |a| int(a[0].tuple()?.size()?)).core(&["size"]),
    op("flatten", "flatten(S)", &[S], S, |a| tup(a[0].tuple()?.flatten())).core(&["flatten"]),
    op("compact_col_major", "compact_col_major(S)", &[S], S, |a| tup(cute::compact_col_major(a[0].tuple()?)?)).core(&["compact_col_major"]),
    op("compact_row_major", "compact_row_major(S)", &[S], S, |a| tup(cute::compact_row_major(a[0].tuple()?)?)).core(&["compact_row_major"]),
    op("composition", "composition(A, B)", &[L, L], L, |a| lay(cute::composition(a[0].layout()?, a[1].layout()?)?)).core(&["composition"]),
    op("complement", "complement(A, S)", &[L, S], L, |a| lay(cute::complement(a[0].layout()?, a[1].tuple()?)?)).core(&["complement"]),
    op("logical_divide", "logical_divide(A, B)", &[L, L], L, |a| lay(cute::logical_divide(a[0].layout()?, a[1].layout()?)?)).core(&["logical_divide"]),
    op("logical_product", "logical_product(A, B)", &[L, L], L, |a| lay(cute::logical_product(a[0].layout()?, a[1].layout()?)?)).core(&["logical_product"]),
    op("blocked_product", "blocked_product(A, B)", &[L, L], L, |a| lay(cute::blocked_product(a[0].layout()?, a[1].layout()?)?)).core(&["blocked_product"]),
    op("raked_product", "raked_product(A, B)", &[L, L], L, |a| lay(cute::raked_product(a[0].layout()?, a[1].layout()?)?)).core(&["raked_product"]),
    op("zipped_divide", "zipped_divide(A, T)", &[L, T], L, |a| lay(cute::zipped_divide(a[0].layout()?, a[1].tiler()?)?)).core(&["zipped_divide"]),
    op("tiled_divide", "tiled_divide(A, T)", &[L, T], L, |a| lay(cute::tiled_divide(a[0].layout()?, a[1].tiler()?)?)).core(&["tiled_divide"]),
    op("flat_divide", "flat_divide(A, T)", &[L, T], L, |a| lay(cute::flat_divide(a[0].layout()?, a[1].tiler()?)?)).core(&["flat_divide"]),
    op("logical_divide", "logical_divide(A, T)", &[L, T], L, |a| lay(cute::logical_divide_tiler(a[0].layout()?, a[1].tiler()?)?)).named("logical_divide_tiler").core(&["logical_divide_tiler"]),
    op("composition", "composition(A, T)", &[L, T], L, |a| lay(cute::composition_tiler(a[0].layout()?, a[1].tiler()?)?)).named("composition_tiler").core(&["composition_tiler"]),
    op("zipped_product", "zipped_product(A, T)", &[L, T], L, |a| lay(cute::zipped_product(a[0].layout()?, a[1].tiler()?)?)).core(&["zipped_product"]),
    op("tiled_product", "tiled_product(A, T)", &[L, T], L, |a| lay(cute::tiled_product(a[0].layout()?, a[1].tiler()?)?)).core(&["tiled_product"]),
    op("flat_product", "flat_product(A, T)", &[L, T], L, |a| lay(cute::flat_product(a[0].layout()?, a[1].tiler()?)?)).core(&["flat_product"]),
    op("max_common_vector", "max_common_vector(A, B)", &[L, L], N, |a| int(cute::max_common_vector(a[0].layout()?, a[1].layout()?)?)).core(&["max_common_vector"]),
    op("max_common_layout", "max_common_layout(A, B)", &[L, L], L, |a| lay(cute::max_common_layout(a[0].layout()?, a[1].layout()?)?)).core(&["max_common_layout"]),
    op("append", "append(A, B)", &[L, L], L, |a| lay(cute::append(a[0].layout()?, a[1].layout()?)?)).core(&["append"]),
    op("prepend", "prepend(A, B)", &[L, L], L, |a| lay(cute::prepend(a[0].layout()?, a[1].layout()?)?)).core(&["prepend"]),
    op("coalesce", "coalesce(A, S)", &[L, S], L, |a| lay(cute::coalesce_profile(a[0].layout()?, a[1].tuple()?)?)).named("coalesce_profile").core(&["coalesce_profile"]),
    op("upcast", "upcast<N>(A)", &[StaticInt, L], L, |a| lay(cute::upcast(a[0].int()?.value(), a[1].layout()?)?)).core(&["upcast"]),
    op("downcast", "downcast<N>(A)", &[StaticInt, L], L, |a| lay(cute::downcast(a[0].int()?.value(), a[1].layout()?)?)).core(&["downcast"]),
    op("make_ordered_layout", "make_ordered_layout(S, order)", &[S, S], L, |a| lay(cute::make_ordered_layout(a[0].tuple()?, a[1].tuple()?)?)).core(&["make_ordered_layout"]),
    op("tile_to_shape", "tile_to_shape(A, S)", &[L, S], L, |a| lay(cute::tile_to_shape(a[0].layout()?, a[1].tuple()?)?)).core(&["tile_to_shape"]),
    op("slice", "slice(c, A)", &[Crd, L], L, |a| lay(cute::slice(a[0].coord()?, a[1].layout()?)?)).core(&["slice"]),
    op("dice", "dice(c, A)", &[Crd, L], L, |a| lay(cute::dice(a[0].coord()?, a[1].layout()?)?)).core(&["dice"]),
    op("shape_div", "shape_div(S, S)", &[S, S], S, |a| tup(cute::shape_div(a[0].tuple()?, a[1].tuple()?)?)).core(&["shape_div"]),
    op("ceil_div", "ceil_div(S, S)", &[S, S], S, |a| tup(cute::ceil_div(a[0].tuple()?, a[1].tuple()?)?)).core(&["ceil_div"]),
    op("idx2crd", "idx2crd(i, S)", &[S, S], S, |a| tup(cute::idx2crd(a[0].tuple()?, a[1].tuple()?)?)).core(&["idx2crd"]),
    op("crd2idx", "crd2idx(c, S, D)", &[S, S, S], N, |a| int(cute::crd2idx(a[0].tuple()?, a[1].tuple()?, a[2].tuple()?)?)).core(&["crd2idx"]),
    op("congruent", "congruent(S, S)", &[S, S], B, |a| Ok(Operand::Bool(cute::congruent(a[0].tuple()?, a[1].tuple()?)))).core(&["congruent"]),
    op("compatible", "compatible(S, S)", &[S, S], B, |a| Ok(Operand::Bool(cute::compatible(a[0].tuple()?, a[1].tuple()?)?))).core(&["compatible"]),
    op("weakly_congruent", "weakly_congruent(S, S)", &[S, S], B, |a| Ok(Operand::Bool(cute::weakly_congruent(a[0].tuple()?, a[1].tuple()?)))).core(&["weakly_congruent"]),
    op("call", "A(i) for each i", &[L], List, |a| {
        let l = a[0].layout()?;
        Ok(Operand::List(
            domain(l, l.size()?, "values")?
                .map(|i| l.call(i))
                .collect::<Result<_>>()?,
        ))
    })
    .core(&["call"]),
    // The other overloads of the vectors' ops: layouts, integer tuples.
    op("size", "size(A)", &[L], N, |a| int(a[0].layout()?.size()?)),
    op("flatten", "flatten(A)", &[L], L, |a| lay(cute::flatten(a[0].layout()?)?)),
    op("replace", "replace<i>(A, X)", &[L, Index, L], L, |a| lay(cute::replace(a[0].layout()?, a[1].index()?, a[2].layout()?)?)),
    op("make_layout_like", "make_layout_like(A)", &[L], L, |a| lay(cute::make_layout_like(a[0].layout()?)?)),
    op("make_fragment_like", "make_fragment_like(A)", &[L], L, |a| lay(cute::make_fragment_like_layout(a[0].layout()?)?)).named("make_fragment_like_layout").ext(&["make_fragment_like"]),
    op("idx2crd", "idx2crd(i, S, D)", &[S, S, S], S, |a| tup(cute::idx2crd_strided(a[0].tuple()?, a[1].tuple()?, a[2].tuple()?)?)).named("idx2crd_strided"),
    op("crd2idx", "crd2idx(c, A)", &[S, L], N, |a| int(a[1].layout()?.crd2idx(a[0].tuple()?)?)),
    op("call", "A(c)", &[L, S], N, |a| int(a[0].layout()?.call(a[1].tuple()?)?)),
    op("filter_zeros", "filter_zeros(S, S)", &[S, S], S, |a| tup(cute::filter_zeros_tuple(a[0].tuple()?, a[1].tuple()?)?)).named("filter_zeros_tuple"),
    op("logical_product", "logical_product(A, T)", &[L, T], L, |a| lay(cute::logical_product_tiler(a[0].layout()?, a[1].tiler()?)?)).named("logical_product_tiler"),
    op("slice", "slice(c, S)", &[Crd, S], S, |a| tup(cute::slice_tuple(a[0].coord()?, a[1].tuple()?)?)).named("slice_tuple"),
    op("dice", "dice(c, S)", &[Crd, S], S, |a| tup(cute::dice_tuple(a[0].coord()?, a[1].tuple()?)?)).named("dice_tuple"),
    op("make_layout", "make_layout(A0, A1, ...)", &[L], L, |a| lay(Layout::concat(&a.iter().map(|x| x.layout().cloned()).collect::<Result<Vec<_>>>()?)?)).named("concat").repeats(),
    op("make_layout", "make_layout(S, D)", &[S, S], L, |a| lay(Layout::from_parts(a[0].tuple()?.clone(), a[1].tuple()?.clone())?)).named("from_parts"),
    op("make_layout", "make_layout(S)", &[S], L, |a| lay(cute::make_layout(a[0].tuple()?)?)),
    op("make_layout_right", "make_layout(S, LayoutRight{})", &[S], L, |a| lay(cute::make_layout_right(a[0].tuple()?)?)),
    op("rank", "rank(A)", &[L], N, |a| count(a[0].layout()?.rank())),
    op("rank", "rank(S)", &[S], N, |a| count(a[0].tuple()?.rank())),
    op("depth", "depth(A)", &[L], N, |a| count(a[0].layout()?.depth())),
    op("depth", "depth(S)", &[S], N, |a| count(a[0].tuple()?.depth())),
    op("shape", "shape(A)", &[L], S, |a| tup(a[0].layout()?.shape())),
    op("stride", "stride(A)", &[L], S, |a| tup(a[0].layout()?.stride())),
    op("get", "get<i>(A)", &[L, Index], L, |a| lay(a[0].layout()?.get(a[1].index()?)?)),
    op("get", "get<i>(S)", &[S, Index], S, |a| tup(a[0].tuple()?.get(a[1].index()?)?.clone())),
    op("get", "get<i>(T)", &[T, Index], T, |a| {
        let (t, i) = (a[0].tiler()?, a[1].index()?);
        let modes = match t {
            Tiler::Tuple(items) => &items[..],
            one => core::slice::from_ref(one),
        };
        let mode = modes.get(i).ok_or_else(|| {
            LayoutError::invalid(
                "get",
                format!("index {i} is out of range for {} modes", modes.len()),
            )
        })?;
        Ok(Operand::Tiler(mode.clone()))
    }),
    op("make_tile", "make_tile(T0, T1, ...)", &[T], T, |a| Ok(Operand::Tiler(Tiler::Tuple(a.iter().map(|x| x.tiler().cloned()).collect::<Result<_>>()?)))).repeats(),
    // Swizzles and composed layouts.
    op("composition", "composition(Sw, B)", &[Sw, L], A, |a| any(a[0].swizzle()?.composition(a[1].layout()?))).ext(&["make_composed_swizzle"]),
    op("composition", "composition(A, Sw)", &[L, Sw], A, |a| any(cute::composition_swizzle(a[0].layout()?, &a[1].swizzle()?)?)).named("composition_swizzle"),
    op("composition", "composition(C, B)", &[C, L], A, |a| any(a[0].composed()?.composition(a[1].layout()?)?)).ext(&["composed_composition"]),
    op("composition", "composition(C, T)", &[C, T], A, |a| any(a[0].composed()?.composition_tiler(a[1].tiler()?)?)).named("composition_tiler").ext(&["composed_composition_tiler"]),
    op("call", "C(i) for each i", &[C], List, |a| {
        let c = a[0].composed()?;
        Ok(Operand::List(
            domain(c, c.size()?, "values")?
                .map(|i| c.call(i))
                .collect::<Result<_>>()?,
        ))
    })
    .ext(&["composed_call"]),
    op("call", "C(c)", &[C, S], N, |a| int(a[0].composed()?.call(a[1].tuple()?)?)),
    op("call", "Sw(i)", &[Sw, N], N, |a| int(a[0].swizzle()?.call(a[1].int()?))),
    op("size", "size(C)", &[C], N, |a| int(a[0].composed()?.size()?)),
    op("cosize", "cosize(C)", &[C], N, |a| int(a[0].composed()?.cosize()?)),
    op("rank", "rank(C)", &[C], N, |a| count(a[0].composed()?.rank()?)),
    op("depth", "depth(C)", &[C], N, |a| count(a[0].composed()?.shape()?.depth())),
    op("shape", "shape(C)", &[C], S, |a| tup(a[0].composed()?.shape()?.clone())),
    op("coalesce", "coalesce(C)", &[C], A, |a| any(a[0].composed()?.coalesce()?)).ext(&["composed_coalesce"]),
    op("coalesce", "coalesce(C, S)", &[C, S], A, |a| any(a[0].composed()?.coalesce_profile(a[1].tuple()?)?)).named("coalesce_profile"),
    op("complement", "complement(C)", &[C], L, |a| lay(a[0].composed()?.complement1()?)).named("complement1").ext(&["composed_complement"]),
    op("complement", "complement(C, S)", &[C, S], L, |a| lay(a[0].composed()?.complement(a[1].tuple()?)?)),
    op("right_inverse", "right_inverse(C)", &[C], A, |a| any(a[0].composed()?.right_inverse()?)).ext(&["composed_right_inverse"]),
    op("left_inverse", "left_inverse(C)", &[C], A, |a| any(a[0].composed()?.left_inverse()?)).ext(&["composed_left_inverse"]),
    op("logical_divide", "logical_divide(C, B)", &[C, L], A, |a| any(a[0].composed()?.logical_divide(a[1].layout()?)?)),
    op("logical_divide", "logical_divide(C, T)", &[C, T], A, |a| any(a[0].composed()?.logical_divide_tiler(a[1].tiler()?)?)).named("logical_divide_tiler").ext(&["composed_logical_divide"]),
    op("zipped_divide", "zipped_divide(C, T)", &[C, T], A, |a| any(a[0].composed()?.zipped_divide(a[1].tiler()?)?)).ext(&["composed_zipped_divide"]),
    op("tiled_divide", "tiled_divide(C, T)", &[C, T], A, |a| any(a[0].composed()?.tiled_divide(a[1].tiler()?)?)).ext(&["composed_tiled_divide"]),
    op("flat_divide", "flat_divide(C, T)", &[C, T], A, |a| any(a[0].composed()?.flat_divide(a[1].tiler()?)?)).ext(&["composed_flat_divide"]),
    op("logical_product", "logical_product(C, B)", &[C, L], A, |a| any(a[0].composed()?.logical_product(a[1].layout()?)?)).ext(&["composed_logical_product"]),
    op("zipped_product", "zipped_product(C, T)", &[C, T], A, |a| any(a[0].composed()?.zipped_product(a[1].tiler()?)?)),
    op("tiled_product", "tiled_product(C, T)", &[C, T], A, |a| any(a[0].composed()?.tiled_product(a[1].tiler()?)?)),
    op("flat_product", "flat_product(C, T)", &[C, T], A, |a| any(a[0].composed()?.flat_product(a[1].tiler()?)?)),
    op("blocked_product", "blocked_product(C, B)", &[C, L], A, |a| any(a[0].composed()?.blocked_product(a[1].layout()?)?)).ext(&["composed_blocked_product"]),
    op("raked_product", "raked_product(C, B)", &[C, L], A, |a| any(a[0].composed()?.raked_product(a[1].layout()?)?)).ext(&["composed_raked_product"]),
    op("tile_to_shape", "tile_to_shape(C, S)", &[C, S], A, |a| any(a[0].composed()?.tile_to_shape(a[1].tuple()?)?)).ext(&["composed_tile_to_shape"]),
    op("slice", "slice(c, C)", &[Crd, C], A, |a| any(a[1].composed()?.slice(a[0].coord()?)?)).ext(&["composed_slice"]),
    op("upcast", "upcast<N>(C)", &[StaticInt, C], C, |a| Ok(Operand::Composed(a[1].composed()?.upcast(a[0].int()?.value())?))).ext(&["composed_upcast"]),
    op("downcast", "downcast<N>(C)", &[StaticInt, C], C, |a| Ok(Operand::Composed(a[1].composed()?.downcast(a[0].int()?.value())?))).ext(&["composed_downcast"]),
    op("upcast", "upcast<N>(Sw)", &[StaticInt, Sw], Sw, |a| Ok(Operand::Swizzle(a[1].swizzle()?.upcast(a[0].int()?.value())?))),
    op("downcast", "downcast<N>(Sw)", &[StaticInt, Sw], Sw, |a| Ok(Operand::Swizzle(a[1].swizzle()?.downcast(a[0].int()?.value())?))),
    op("get", "get<i>(C)", &[C, Index], A, |a| any(a[0].composed()?.get(a[1].index()?)?)),
    op("as_position_independent_swizzle_layout", "as_position_independent_swizzle_layout(C)", &[C], A, |a| any(a[0].composed()?.as_position_independent_swizzle_layout()?)).ext(&["composed_position_independent"]),
    op("layout_a", "C.layout_a()", &[C], F, |a| Ok(fn_operand(a[0].composed()?.layout_a()))),
    op("layout_b", "C.layout_b()", &[C], F, |a| Ok(fn_operand(a[0].composed()?.layout_b()))),
    op("make_composed_layout", "make_composed_layout(A, O, B)", &[F, N, F], C, |a| Ok(Operand::Composed(cute::make_composed_layout(a[0].layout_fn()?, Offset::Int(a[1].int()?), a[2].layout_fn()?)))),
    op(
        "gmma_atoms",
        "GMMA atom, or tile_to_shape(atom, S)",
        &[GmmaAtom, S],
        A,
        |a| match a.get(1) {
            Some(shape) => any(a[0].composed()?.tile_to_shape(shape.tuple()?)?),
            None => Ok(Operand::Composed(a[0].composed()?.clone())),
        },
    )
    .optional(1)
    .ext_only(&["gmma_atoms"]),
    op("swizzle", "Sw(i) for i < n", &[Sw, N], List, |a| {
        let sw = a[0].swizzle()?;
        let n = a[1].int()?;
        Ok(Operand::List(
            domain(&sw, n, "values")?
                .map(|i| sw.call(Int::new_dynamic(i)))
                .collect(),
        ))
    })
    .ext_only(&["swizzle"]),
    // Tensors, identity tensors, layouts of coordinates, MMA atoms.
    op("make_tensor", "make_tensor(ptr, A)", &[A], X, |a| tensor(cute::make_tensor(a[0].any_layout()?))),
    op("make_identity_tensor", "make_identity_tensor(S)", &[S], X, |a| tensor(cute::make_identity_tensor(a[0].tuple()?))).ext(&["identity_tensor"]),
    op("make_identity_layout", "make_identity_layout(S)", &[S], I, |a| ids(cute::make_identity_layout(a[0].tuple()?))).ext(&["identity_layout"]),
    op(
        "local_tile",
        "local_tile(X, T, c [, proj])",
        &[X, T, Crd, Crd],
        X,
        |a| {
            let (t, tiler, crd) = (a[0].tensor()?, a[1].tiler()?, a[2].coord()?);
            match a.get(3) {
                Some(proj) => tensor(cute::local_tile_proj(t, tiler, crd, proj.coord()?)?),
                None => tensor(cute::local_tile(t, tiler, crd)?),
            }
        },
    )
    .optional(1)
    .ext(&["local_tile", "identity_local_tile"]),
    op(
        "local_partition",
        "local_partition(X, thr, idx [, proj])",
        &[X, L, N, Crd],
        X,
        |a| {
            let (t, thr, idx) = (a[0].tensor()?, a[1].layout()?, a[2].int()?);
            match a.get(3) {
                Some(proj) => tensor(cute::local_partition_proj(t, thr, idx, proj.coord()?)?),
                None => tensor(cute::local_partition(t, thr, idx)?),
            }
        },
    )
    .optional(1)
    .ext(&["local_partition", "identity_local_partition"]),
    op("inner_partition", "inner_partition(X, T, c)", &[X, T, Crd], X, |a| tensor(cute::inner_partition(a[0].tensor()?, a[1].tiler()?, a[2].coord()?)?)).ext(&["inner_partition"]),
    op("outer_partition", "outer_partition(X, T, c)", &[X, T, Crd], X, |a| tensor(cute::outer_partition(a[0].tensor()?, a[1].tiler()?, a[2].coord()?)?)).ext(&["outer_partition"]),
    op("tensor_slice", "X(c)", &[X, Crd], X, |a| tensor(a[0].tensor()?.slice(a[1].coord()?)?)).ext_only(&["tensor_slice"]),
    op("identity_tensor_call", "make_identity_tensor(S)(i) for each i", &[S], Coords, |a| call_tensor(&cute::make_identity_tensor(a[0].tuple()?))).ext_only(&["identity_tensor_call"]),
    op(
        "make_layout_tv",
        "make_layout_tv(thr, val)",
        &[L, L],
        T,
        |a| {
            let (tiler, tv) = cute::make_layout_tv(a[0].layout()?, a[1].layout()?)?;
            Ok(Operand::Tiler(Tiler::Tuple(vec![
                tuple_to_tiler(&tiler),
                Tiler::Layout(tv),
            ])))
        },
    )
    .ext(&["make_layout_tv"]),
    op(
        "mma_atom_layouts",
        "MMA_Traits<Atom>::Member",
        &[Mma, Field],
        L,
        |a| {
            let atom = a[0].mma()?;
            Ok(match a[1].text()? {
                "ThrID" => Operand::Layout(atom.thr_id.clone()),
                "Shape_MNK" => Operand::IntTuple(atom.shape_mnk.clone()),
                "ALayout" => Operand::Layout(atom.a_layout.clone()),
                "BLayout" => Operand::Layout(atom.b_layout.clone()),
                "CLayout" => Operand::Layout(atom.c_layout.clone()),
                other => {
                    return Err(LayoutError::invalid(
                        "mma_atom_layouts",
                        format!("MMA_Traits has no member {other}"),
                    ));
                }
            })
        },
    )
    .ext_only(&["mma_atom_layouts"]),
    op("tiled_copy", "make_tiled_copy(Copy_Atom<Op,T>{}, thr, val).Member", &[Name, Name, L, L, Field], L, |a| tiled_copy_field(&tiled_copy(a)?, a[4].text()?)).ext_only(&["tiled_copy"]),
    op("partition_S", "make_tiled_copy(Copy_Atom<Op,T>{}, thr, val).get_slice(i).partition_S(make_tensor(p, L))", &[Name, Name, L, L, A, N], X, |a| tensor(tiled_copy(a)?.get_slice(a[5].int()?).partition_S(cute::make_tensor(a[4].any_layout()?))?)).ext_only(&["tiled_copy_partition_S"]),
    op("partition_D", "make_tiled_copy(Copy_Atom<Op,T>{}, thr, val).get_slice(i).partition_D(make_tensor(p, L))", &[Name, Name, L, L, A, N], X, |a| tensor(tiled_copy(a)?.get_slice(a[5].int()?).partition_D(cute::make_tensor(a[4].any_layout()?))?)).ext_only(&["tiled_copy_partition_D"]),
    op("retile_S", "make_tiled_copy(Copy_Atom<Op,T>{}, thr, val).get_slice(0).retile_S(make_tensor(p, L))", &[Name, Name, L, L, A], X, |a| tensor(tiled_copy(a)?.get_slice(Int::new_static(0)).retile_S(cute::make_tensor(a[4].any_layout()?))?)).ext_only(&["tiled_copy_retile_S"]),
    op("retile_D", "make_tiled_copy(Copy_Atom<Op,T>{}, thr, val).get_slice(0).retile_D(make_tensor(p, L))", &[Name, Name, L, L, A], X, |a| tensor(tiled_copy(a)?.get_slice(Int::new_static(0)).retile_D(cute::make_tensor(a[4].any_layout()?))?)).ext_only(&["tiled_copy_retile_D"]),
    op("tiled_mma", "make_tiled_mma(atom, atom_layout, permutations).Member", &[Mma, L, T, Field], L, |a| tiled_mma_field(&tiled_mma(a)?, a[3].text()?)).ext_only(&["tiled_mma"]),
    op("partition_A", "make_tiled_mma(atom, atom_layout, permutations).get_slice(i).partition_A(make_tensor(p, L))", &[Mma, L, T, A, N], X, |a| tensor(tiled_mma(a)?.get_slice(a[4].int()?).partition_A(cute::make_tensor(a[3].any_layout()?))?)).ext_only(&["tiled_mma_partition_A"]),
    op("partition_B", "make_tiled_mma(atom, atom_layout, permutations).get_slice(i).partition_B(make_tensor(p, L))", &[Mma, L, T, A, N], X, |a| tensor(tiled_mma(a)?.get_slice(a[4].int()?).partition_B(cute::make_tensor(a[3].any_layout()?))?)).ext_only(&["tiled_mma_partition_B"]),
    op("partition_C", "make_tiled_mma(atom, atom_layout, permutations).get_slice(i).partition_C(make_tensor(p, L))", &[Mma, L, T, A, N], X, |a| tensor(tiled_mma(a)?.get_slice(a[4].int()?).partition_C(cute::make_tensor(a[3].any_layout()?))?)).ext_only(&["tiled_mma_partition_C"]),
    op("partition_fragment_A", "make_tiled_mma(atom, atom_layout, permutations).get_slice(i).partition_fragment_A(make_tensor(p, L)).layout()", &[Mma, L, T, A, N], L, |a| lay(tiled_mma(a)?.get_slice(a[4].int()?).partition_fragment_A(&cute::make_tensor(a[3].any_layout()?))?)).ext_only(&["tiled_mma_partition_fragment_A"]),
    op("partition_fragment_B", "make_tiled_mma(atom, atom_layout, permutations).get_slice(i).partition_fragment_B(make_tensor(p, L)).layout()", &[Mma, L, T, A, N], L, |a| lay(tiled_mma(a)?.get_slice(a[4].int()?).partition_fragment_B(&cute::make_tensor(a[3].any_layout()?))?)).ext_only(&["tiled_mma_partition_fragment_B"]),
    op("partition_fragment_C", "make_tiled_mma(atom, atom_layout, permutations).get_slice(i).partition_fragment_C(make_tensor(p, L)).layout()", &[Mma, L, T, A, N], L, |a| lay(tiled_mma(a)?.get_slice(a[4].int()?).partition_fragment_C(&cute::make_tensor(a[3].any_layout()?))?)).ext_only(&["tiled_mma_partition_fragment_C"]),
    op("slice", "slice(c, X)", &[Crd, X], X, |a| tensor(a[1].tensor()?.slice(a[0].coord()?)?)),
    op("slice", "slice(c, I)", &[Crd, I], I, |a| ids(a[1].coord_layout()?.slice(a[0].coord()?)?)),
    op("dice", "dice(c, I)", &[Crd, I], I, |a| ids(a[1].coord_layout()?.dice(a[0].coord()?)?)),
    op("zipped_divide", "zipped_divide(X, T)", &[X, T], X, |a| tensor(a[0].tensor()?.zipped_divide(a[1].tiler()?)?)),
    op("zipped_divide", "zipped_divide(I, T)", &[I, T], I, |a| ids(a[0].coord_layout()?.zipped_divide(a[1].tiler()?)?)),
    op("tiled_divide", "tiled_divide(I, T)", &[I, T], I, |a| ids(a[0].coord_layout()?.tiled_divide(a[1].tiler()?)?)),
    op("flat_divide", "flat_divide(I, T)", &[I, T], I, |a| ids(a[0].coord_layout()?.flat_divide(a[1].tiler()?)?)),
    op("logical_divide", "logical_divide(I, B)", &[I, L], I, |a| ids(a[0].coord_layout()?.logical_divide(a[1].layout()?)?)),
    op("logical_divide", "logical_divide(I, T)", &[I, T], I, |a| ids(a[0].coord_layout()?.logical_divide_tiler(a[1].tiler()?)?)).named("logical_divide_tiler"),
    op("composition", "composition(I, B)", &[I, L], I, |a| ids(a[0].coord_layout()?.composition(a[1].layout()?)?)),
    op("composition", "composition(I, T)", &[I, T], I, |a| ids(a[0].coord_layout()?.composition_tiler(a[1].tiler()?)?)).named("composition_tiler"),
    op("coalesce", "coalesce(I)", &[I], I, |a| ids(a[0].coord_layout()?.coalesce()?)),
        // A coordinate with `_` slices (CuTe's `tensor(_,3)`).
    op("call", "X(c)", &[X, Crd], S, |a| {
        let (t, c) = (a[0].tensor()?, a[1].coord()?);
        match coord_to_tuple(c) {
            Some(crd) => tup(t.call(&crd)?),
            None => tensor(t.slice(c)?),
        }
    }),
    op("call", "X(i) for each i", &[X], List, |a| call_tensor(a[0].tensor()?)),
    op("size", "size(X)", &[X], N, |a| int(a[0].tensor()?.size()?)),
    op("size", "size(I)", &[I], N, |a| int(a[0].coord_layout()?.size()?)),
    op("shape", "shape(X)", &[X], S, |a| tup(a[0].tensor()?.shape()?)),
    op("shape", "shape(I)", &[I], S, |a| tup(a[0].coord_layout()?.shape().clone())),
    op("rank", "rank(X)", &[X], N, |a| count(a[0].tensor()?.rank()?)),
    op("rank", "rank(I)", &[I], N, |a| count(a[0].coord_layout()?.rank())),
    op("depth", "depth(X)", &[X], N, |a| count(a[0].tensor()?.shape()?.depth())),
    op("depth", "depth(I)", &[I], N, |a| count(a[0].coord_layout()?.shape().depth())),
    op("get", "get<i>(I)", &[I, Index], I, |a| ids(a[0].coord_layout()?.get(a[1].index()?)?)),
    op("layout", "X.layout()", &[X], A, |a| {
        match a[0].tensor()? {
            Tensor::Memory { layout, .. } => any(layout.clone()),
            Tensor::Coordinate { layout, .. } => ids(layout.clone()),
        }
    }),
    op("thr_id", "MMA_Traits<Atom>::ThrID", &[Mma], L, |a| lay(a[0].mma()?.thr_id.clone())),
    op("shape_mnk", "MMA_Traits<Atom>::Shape_MNK", &[Mma], S, |a| tup(a[0].mma()?.shape_mnk.clone())),
    op("a_layout", "MMA_Traits<Atom>::ALayout", &[Mma], L, |a| lay(a[0].mma()?.a_layout.clone())),
    op("b_layout", "MMA_Traits<Atom>::BLayout", &[Mma], L, |a| lay(a[0].mma()?.b_layout.clone())),
    op("c_layout", "MMA_Traits<Atom>::CLayout", &[Mma], L, |a| lay(a[0].mma()?.c_layout.clone())),
];

/// `make_tiled_copy(Copy_Atom<a[0], a[1]>{}, a[2], a[3])`.
fn tiled_copy(a: &[Operand]) -> Result<cute::TiledCopy> {
    let atom = cute::copy_atom(a[0].name()?, a[1].name()?)?;
    cute::make_tiled_copy(&atom, a[2].layout()?, a[3].layout()?)
}

/// A member of a TiledCopy, as the tiled vectors name it (TILED-FORMAT.md).
fn tiled_copy_field(c: &cute::TiledCopy, field: &str) -> Result<Operand> {
    Ok(match field {
        "Tiler_MN" => Operand::IntTuple(c.tiler_mn().clone()),
        "TiledLayout_TV" => Operand::Layout(c.tiled_layout_tv().clone()),
        "layoutS_TV" => Operand::Layout(c.get_layoutS_TV()?),
        "layoutD_TV" => Operand::Layout(c.get_layoutD_TV()?),
        "layoutS_MN" => Operand::Layout(c.get_layoutS_MN()?),
        "layoutD_MN" => Operand::Layout(c.get_layoutD_MN()?),
        "print" => Operand::Text(c.to_string()),
        other => {
            return Err(LayoutError::invalid(
                "tiled_copy",
                format!("TiledCopy has no member {other}"),
            ));
        }
    })
}

/// `make_tiled_mma(a[0], a[1], a[2])`.
fn tiled_mma(a: &[Operand]) -> Result<cute::TiledMMA> {
    cute::make_tiled_mma(a[0].mma()?, a[1].layout()?, a[2].tiler()?)
}

/// A member of a TiledMMA, as the tiled vectors name it (TILED-FORMAT.md).
fn tiled_mma_field(m: &cute::TiledMMA, field: &str) -> Result<Operand> {
    Ok(match field {
        "ThrLayoutVMNK" => Operand::Layout(m.get_thr_layout_vmnk().clone()),
        "PermutationMNK" => Operand::Tiler(m.permutations()),
        "TileShape_MNK" => Operand::IntTuple(m.tile_shape()?),
        "LayoutA_TV" => Operand::Layout(m.get_layoutA_TV()?),
        "LayoutB_TV" => Operand::Layout(m.get_layoutB_TV()?),
        "LayoutC_TV" => Operand::Layout(m.get_layoutC_TV()?),
        "print" => Operand::Text(m.to_string()),
        other => {
            return Err(LayoutError::invalid(
                "tiled_mma",
                format!("TiledMMA has no member {other}"),
            ));
        }
    })
}

fn fn_operand(f: &LayoutFn) -> Operand {
    match f {
        LayoutFn::Swizzle(s) => Operand::Swizzle(*s),
        LayoutFn::Layout(l) => Operand::Layout(l.clone()),
    }
}

fn tuple_to_tiler(t: &IntTuple) -> Tiler {
    match t {
        IntTuple::Int(i) => Tiler::Int(*i),
        IntTuple::Tuple(items) => Tiler::Tuple(items.iter().map(tuple_to_tiler).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vector_op_is_named_once() {
        let names = [vector_names(false), vector_names(true)].concat();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
        assert_eq!(names.len(), 45 + 34 + 13);
    }

    #[test]
    fn overloads_of_a_name_take_distinct_kinds() {
        for (i, a) in OPS.iter().enumerate() {
            for b in &OPS[i + 1..] {
                let same_name = a.callable && b.callable && a.name == b.name;
                assert!(
                    !(same_name && a.args == b.args && a.variadic == b.variadic),
                    "{} twice with {:?}",
                    a.name,
                    a.args
                );
            }
        }
    }
}
