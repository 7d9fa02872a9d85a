//! Tilers: what by-mode composition, divide and product take as their second argument.

use crate::int::Int;
use crate::layout::Layout;
use crate::prelude::*;
use crate::twin::Twin;

/// A CuTe tiler: a layout, an integer `n` (the layout `n:_1`), `_` (leave the mode alone), or a
/// tuple of tilers applied mode by mode.
///
/// ```
/// use cute_dynamic::Tiler;
/// let t: Tiler = "(_3:_3,(_2,_4):(_1,_8))".parse().unwrap();
/// assert_eq!(t.rank(), 2);
/// assert_eq!(t.to_string(), "(_3:_3,(_2,_4):(_1,_8))");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tiler {
    /// A layout.
    Layout(Layout),
    /// An integer `n`, meaning `n:_1`.
    Int(Int),
    /// `_`: this mode is left alone.
    Underscore,
    /// One tiler per mode.
    Tuple(Vec<Tiler>),
}

impl From<Layout> for Tiler {
    fn from(l: Layout) -> Tiler {
        Tiler::Layout(l)
    }
}

impl Tiler {
    /// Number of modes (1 unless a tuple).
    ///
    /// ```
    /// assert_eq!("(_2,_,4:_1)".parse::<cute_dynamic::Tiler>().unwrap().rank(), 3);
    /// ```
    #[must_use]
    pub fn rank(&self) -> usize {
        match self {
            Tiler::Tuple(t) => t.len(),
            _ => 1,
        }
    }
}

impl Twin for Tiler {
    fn is_all_static(&self) -> bool {
        match self {
            Tiler::Layout(l) => l.is_all_static(),
            Tiler::Int(i) => i.is_static(),
            Tiler::Underscore => true,
            Tiler::Tuple(t) => t.iter().all(Twin::is_all_static),
        }
    }
    fn static_twin(&self) -> Self {
        match self {
            Tiler::Layout(l) => Tiler::Layout(l.static_twin()),
            Tiler::Int(i) => Tiler::Int(i.static_twin()),
            Tiler::Underscore => Tiler::Underscore,
            Tiler::Tuple(t) => Tiler::Tuple(t.iter().map(Twin::static_twin).collect()),
        }
    }
}
