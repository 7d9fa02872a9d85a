//! The static twin: CuTe checks its preconditions only on static values. At run time every value
//! is known, so an input with dynamic integers is also run with every integer made static, and a
//! precondition that the static twin fails is reported (CuTe's `unchecked` cases, e.g. #3513).
//! The result itself always comes from the input as given, with CuTe's static/dynamic semantics.

use crate::coord::Coord;
use crate::int::Int;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::tiler::Tiler;

/// Values that have an all-static twin.
pub(crate) trait Twin {
    /// Whether every integer in the value is static.
    fn is_all_static(&self) -> bool;
    /// The same value with every integer static.
    fn static_twin(&self) -> Self;
}

impl Twin for Int {
    fn is_all_static(&self) -> bool {
        self.is_static()
    }
    fn static_twin(&self) -> Self {
        Int::new_static(self.value())
    }
}

impl Twin for IntTuple {
    fn is_all_static(&self) -> bool {
        self.is_static()
    }
    fn static_twin(&self) -> Self {
        self.map_leaves(&mut |i| i.static_twin())
    }
}

impl Twin for Layout {
    fn is_all_static(&self) -> bool {
        self.shape().is_static() && self.stride().is_static()
    }
    fn static_twin(&self) -> Self {
        Layout::raw(self.shape().static_twin(), self.stride().static_twin())
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

impl Twin for Coord {
    fn is_all_static(&self) -> bool {
        match self {
            Coord::Int(i) => i.is_static(),
            Coord::Underscore => true,
            Coord::Tuple(t) => t.iter().all(Twin::is_all_static),
        }
    }
    fn static_twin(&self) -> Self {
        match self {
            Coord::Int(i) => Coord::Int(i.static_twin()),
            Coord::Underscore => Coord::Underscore,
            Coord::Tuple(t) => Coord::Tuple(t.iter().map(Twin::static_twin).collect()),
        }
    }
}

/// `checked!(f, a, b)`: `f(a, b)`, then, if any argument has a dynamic integer, `f` on the
/// static twins; a precondition the twin fails is returned as the error.
macro_rules! checked {
    ($f:path, $($arg:ident),+) => {{
        let out = $f($($arg),+)?;
        if !(true $(&& $crate::twin::Twin::is_all_static($arg))+) {
            $(let $arg = &$crate::twin::Twin::static_twin($arg);)+
            if let Err(e) = $f($($arg),+) {
                if e.condition().is_some() {
                    return Err(e);
                }
            }
        }
        Ok(out)
    }};
}
pub(crate) use checked;
