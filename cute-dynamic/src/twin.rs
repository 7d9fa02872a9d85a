//! The static twin: CuTe checks its preconditions only on static values. At run time every value
//! is known, so an input with dynamic integers is also run with every integer made static, and a
//! precondition that the static twin fails is reported (CuTe's `unchecked` cases, e.g. #3513).
//! The result itself always comes from the input as given, with CuTe's static/dynamic semantics.
//! Operations without a precondition of CuTe's (coalesce, filter, filter_zeros, right_inverse)
//! have nothing for the twin to fail, and run once. Composition, complement, left_inverse and
//! the logical and zipped divides and products note every decision they take on a
//! static/dynamic tag ([`Checks`]); where none would go the other way in the twin, the twin
//! would retrace the run on the same values and cannot fail, and where some go only towards a
//! coarser layout whose reader is shown to tolerate it, it cannot fail either; so it is not run
//! (debug builds run it anyway and assert so).
//!
//! A composition's result must be `A o B` ([`crate::exact`]): CuTe's weak Stride Divisibility
//! Condition lets through results that are not (CUTLASS #3177), for static values too. That is
//! checked on the run's own result, whatever the twin gives; the twin is asked for CuTe's own
//! conditions only.

use crate::error::{Condition, LayoutError};

/// How an algorithm runs: whether it checks CuTe's conditions on every value and requires a
/// composition to be `A o B` (every public operation and the static twin), or runs exactly as
/// CuTe does (to compare CuTe's answer against a definition), and where it notes the decisions
/// its static twin would take the other way.
///
/// The static twin has the same values with every integer static, so its arithmetic gives the
/// same values (an absorbing `_0` only spares it an error), and it follows the same path until
/// a decision made on a static/dynamic tag goes the other way ([`Checks::is_constant`],
/// [`Checks::decide`]). An algorithm that reports every such decision
/// (run through `checked!(f, ...; tracked)`) and noted none ran its twin's path, checking
/// every condition the twin checks (and the complete form besides) on the same values: the twin
/// cannot fail, and is not run.
///
/// Coalesce's own decisions (a merge, a size-1 mode dropped) can go the other way only towards
/// a coarser layout in the twin: the same function, more merged, without the run-time 1s. Where
/// the reader of the coalesced layout is shown to pass on the coarser form every condition it
/// passes on the run's ([`Checks::coarsening_harmless`]), those decisions converge; where only
/// a run-time 1 at either end is shown harmless to drop ([`Checks::end_ones_harmless`]), those
/// do.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Checks<'a> {
    /// CuTe's own conditions are checked on run-time values too (where CuTe checks static
    /// values only), and a composition must be `A o B`; off for [`Checks::UNCHECKED`], CuTe's
    /// run exactly.
    values: bool,
    /// A composition must be `A o B` ([`crate::exact`]); off for [`Checks::UNCHECKED`] and
    /// [`Checks::inexact`].
    exact: bool,
    /// Where the rule does not prove a composition `A o B`, it is compared point by point even
    /// with run-time values (the `composition` operation itself, as cute-static's `.checked()`
    /// does); otherwise only all-static ones are (what cute-static compares while compiling).
    compared: bool,
    coarsening: Coarsening,
    diverged: Option<&'a core::cell::Cell<bool>>,
}

/// Which of coalesce's decisions towards the twin's coarser layout converge ([`Checks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Coarsening {
    /// None: each is noted.
    Noted,
    /// Dropping a run-time 1 at either end (the first mode, the last, or the only one): no
    /// modes merge across it.
    EndOnes,
    /// All of them.
    Harmless,
}

impl<'a> Checks<'a> {
    /// CuTe's conditions on every value, and a composition `A o B`; decisions not noted.
    pub(crate) const COMPLETE: Checks<'static> = Checks {
        values: true,
        exact: true,
        compared: false,
        coarsening: Coarsening::Noted,
        diverged: None,
    };
    /// CuTe's run exactly: its conditions on static values only, none on run-time ones (what
    /// CuTe C++ computes for them, right or wrong); decisions not noted. Only to compare its
    /// answer against the operation's definition.
    pub(crate) const UNCHECKED: Checks<'static> = Checks {
        values: false,
        exact: false,
        compared: false,
        coarsening: Coarsening::Noted,
        diverged: None,
    };

    /// [`Checks::COMPLETE`], noting in `diverged` any decision the static twin would take the
    /// other way.
    pub(crate) fn noting(diverged: &'a core::cell::Cell<bool>) -> Checks<'a> {
        Checks {
            values: true,
            exact: true,
            compared: false,
            coarsening: Coarsening::Noted,
            diverged: Some(diverged),
        }
    }

    /// The same checks for a coalesce whose result is read only where a coarser layout (the
    /// twin's) fails no condition the run's passes, if `harmless`: its decisions then converge
    /// ([`Checks::decide_coarsening`]). The reader states why, next to the call.
    pub(crate) fn coarsening_harmless(self, harmless: bool) -> Checks<'a> {
        self.coarsening_if(harmless, Coarsening::Harmless)
    }

    /// These checks, noting nothing where `harmless()` (asked only where decisions are noted):
    /// for a part of the run where the twin is shown to fail no condition whatever path it
    /// takes (the caller states why), so that the run's decisions there need not follow the
    /// twin's.
    pub(crate) fn untracked_where(self, harmless: impl FnOnce() -> bool) -> Checks<'a> {
        if self.diverged.is_some() && harmless() {
            Checks {
                diverged: None,
                ..self
            }
        } else {
            self
        }
    }

    /// These checks with `coarsening` if `harmless`, with none converging if not.
    fn coarsening_if(self, harmless: bool, coarsening: Coarsening) -> Checks<'a> {
        let coarsening = if harmless {
            coarsening
        } else {
            Coarsening::Noted
        };
        Checks { coarsening, ..self }
    }

    /// The same checks for a coalesce whose result is read only where a run-time 1 at either
    /// end, which the twin drops, is harmless, if `harmless`: those decisions then converge
    /// ([`Checks::drops_end_ones`]); coalesce's others are noted.
    pub(crate) fn end_ones_harmless(self, harmless: bool) -> Checks<'a> {
        self.coarsening_if(harmless, Coarsening::EndOnes)
    }

    /// These checks, or with every coarsening harmless if `all` (for one mode whose every
    /// decision only shapes the result).
    pub(crate) fn coarsening_harmless_if(self, all: bool) -> Checks<'a> {
        if all {
            self.coarsening_harmless(true)
        } else {
            self
        }
    }

    /// Whether dropping a run-time 1 at either end converges.
    pub(crate) fn drops_end_ones(self) -> bool {
        self.coarsening != Coarsening::Noted
    }

    /// Whether a composition must be `A o B`.
    pub(crate) fn is_exact(self) -> bool {
        self.exact
    }

    /// Whether a composition the rule does not prove is compared point by point whatever its
    /// values.
    pub(crate) fn is_compared(self) -> bool {
        self.compared
    }

    /// These checks, a composition the rule does not prove compared point by point whatever
    /// its values: for the `composition` operation itself.
    pub(crate) fn compared(self) -> Checks<'a> {
        Checks {
            compared: true,
            ..self
        }
    }

    /// These checks, except that a composition need not be `A o B`: for an operation that
    /// checks its own answer against its definition instead (`max_common_layout`).
    pub(crate) fn inexact(self) -> Checks<'a> {
        Checks {
            exact: false,
            ..self
        }
    }

    /// Whether CuTe's conditions are checked on run-time values too ([`Checks::UNCHECKED`]).
    pub(crate) fn checks_values(self) -> bool {
        self.values
    }

    /// A decision: `run` as taken on the values as given, `twin` as the static twin takes it.
    pub(crate) fn decide(self, run: bool, twin: bool) -> bool {
        self.decide_converging(run, twin, false)
    }

    /// A decision as [`Checks::decide`], where `converge` says that the two branches, when they
    /// differ, meet again: afterwards the twin reads the same values as the run, and the run's
    /// branch checks every condition the twin's does (only the form of the result differs, e.g.
    /// a mode of size 1 the twin leaves out). Such a difference is not noted.
    pub(crate) fn decide_converging(self, run: bool, twin: bool, converge: bool) -> bool {
        if run != twin && !converge {
            self.diverge();
        }
        run
    }

    /// A decision of coalesce's that the twin can take the other way only towards a coarser
    /// layout (a merge, a size-1 mode dropped): it converges where the caller said so
    /// ([`Checks::coarsening_harmless`]).
    pub(crate) fn decide_coarsening(self, run: bool, twin: bool) -> bool {
        self.decide_converging(run, twin, self.coarsening == Coarsening::Harmless)
    }

    /// `x.is_constant(v)` as a decision of coalesce's ([`Checks::decide_coarsening`]).
    pub(crate) fn is_constant_coarsening(self, x: Int, v: i32) -> bool {
        self.decide_coarsening(x.is_constant(v), x.value() == v)
    }

    /// The twin's path is not followed decision by decision from here on.
    pub(crate) fn diverge(self) {
        if let Some(d) = self.diverged {
            d.set(true);
        }
    }

    /// `x.is_constant(v)`, which the twin decides on the value.
    pub(crate) fn is_constant(self, x: Int, v: i32) -> bool {
        self.decide(x.is_constant(v), x.value() == v)
    }
}

/// Most indices a comparison point by point evaluates ([`crate::exact`]): an enumeration that
/// agrees everywhere is the costly case (about a microsecond per index of a deep layout, so
/// 2^16 keeps one comparison in the tens of milliseconds; 2^20 took seconds, found by the `ops`
/// fuzz target).
pub(crate) const MAX_ENUMERATED: i32 = 1 << 16;

/// Whether `e` is composition's #3177 error ([`crate::exact`]).
pub(crate) fn is_complete_form(e: &LayoutError) -> bool {
    e.condition() == Some(Condition::StrideDivisibilityComplete)
}

use crate::int::Int;
use crate::int_tuple::IntTuple;

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

/// `checked!(f, a, b)`: `f(a, b)`, then, if any argument has a dynamic integer, `f` on the
/// static twins; a precondition the twin fails is returned as the error. `checked!(f, a, b;
/// checks)` is the same for an `f` that takes the [`Checks`] to make as its last argument (the
/// algorithms that compose, where the complete form applies). `checked!(f, a, b; tracked)` is
/// for such an `f` that also reports every decision its twin could take the other way
/// ([`Checks`]): the twin runs only if one did. Debug builds (the tests) run the twin always and
/// assert that it fails only where a decision was noted.
///
/// An all-static input is run once, as CuTe runs it ([`Checks::AS_CUTE`]): it has no twin, and
/// where the complete form would fail, [`resolve`] gives CuTe's answer to such an input anyway
/// (where it holds, the two runs are the same).
macro_rules! checked {
    ($f:path, $($arg:ident),+) => {
        $crate::twin::checked!(@run [$f] [] [false] $($arg),+)
    };
    ($f:path, $($arg:ident),+ ; checks) => {
        $crate::twin::checked!(@run [$f] [checks] [false] $($arg),+)
    };
    ($f:path, $($arg:ident),+ ; tracked) => {
        $crate::twin::checked!(@run [$f] [checks] [true] $($arg),+)
    };
    (@call [$f:path] [] [$($arg:expr),+] $checks:expr) => {{
        let _ = $checks;
        $f($($arg),+)
    }};
    (@call [$f:path] [checks] [$($arg:expr),+] $checks:expr) => { $f($($arg,)+ $checks) };
    (@run [$f:path] [$($k:ident)?] [$tracked:tt] $($arg:ident),+) => {{
        if true $(&& $crate::twin::Twin::is_all_static($arg))+ {
            return $crate::twin::checked!(@call [$f] [$($k)?] [$($arg),+] $crate::twin::Checks::COMPLETE);
        }
        let diverged = core::cell::Cell::new(!$tracked);
        let checks = $crate::twin::Checks::noting(&diverged);
        let out = $crate::twin::checked!(@call [$f] [$($k)?] [$($arg),+] checks)?;
        let diverged = diverged.get();
        if diverged || cfg!(debug_assertions) {
            // The twin is an all-static input: only CuTe's own conditions on it count here.
            $(let $arg = &$crate::twin::Twin::static_twin($arg);)+
            if let Err(e) = $crate::twin::checked!(@call [$f] [$($k)?] [$($arg),+] $crate::twin::Checks::COMPLETE) {
                // The twin's answer not being `A o B` says nothing of the run's, which was
                // checked on its own (`crate::exact`).
                if e.condition().is_some() && !$crate::twin::is_complete_form(&e) {
                    debug_assert!(
                        diverged,
                        "{}: the static twin failed ({e}) on a path noted as the run's",
                        stringify!($f)
                    );
                    return Err(e);
                }
            }
        }
        Ok(out)
    }};
}
pub(crate) use checked;

#[cfg(test)]
mod tests {
    use super::testing::{every_tagging, notes};
    use crate::composition::composition_flat;
    use crate::layout::Layout;
    use crate::prelude::*;

    /// Whether composing `a` with `b` takes a decision its static twin takes the other way.
    fn diverges(a: &str, b: &str) -> bool {
        let (a, b): (Layout, Layout) = (a.parse().unwrap(), b.parse().unwrap());
        notes(|checks| drop(composition_flat(a.flat(), b.flat(), checks).unwrap()))
    }

    #[test]
    fn static_structure_with_a_dynamic_extent_follows_the_twin() {
        // Tiles of a matrix with a run-time leading dimension (padded: 96 and 256, not the
        // compact 32 and 128): every decision is on static values, so the twin is not run.
        assert!(!diverges("(_8,(_4,_2)):(_1,(_8,96))", "(_4,_8):(_1,_4)"));
        assert!(!diverges("(_128,_64):(_1,256)", "(_32,_8):(_1,_128)"));
        // All dynamic, modes that do not merge: the walk meets run-time 1s (a mode consumed
        // exactly, a stride equal to the shape), which the twin skips and the run walks through
        // as pieces of size 1; both go on from the same values.
        assert!(!diverges("(4,8):(1,5)", "(2,2):(1,4)"));
    }

    #[test]
    fn a_coarser_lhs_in_the_twin_converges() {
        // The compact leading dimension, run-time: the twin merges the modes into `_8192:_1`,
        // which the walk passes wherever the run's two modes do.
        assert!(!diverges("(_128,_64):(_1,128)", "(_32,_8):(_1,_128)"));
        // Static `_2,_4` at strides `_1,_2` merge into `_8:_1`; dynamic ones do not.
        assert!(!diverges("(2,4):(1,2)", "_4:_2"));
        // A dynamic extent of 1 is a mode the twin drops: a step that changes nothing.
        assert!(!diverges("(_4,1,_2):(_1,_4,_4)", "_8:_1"));
    }

    #[test]
    fn a_dynamic_value_the_twin_decides_otherwise_is_noted() {
        // A run-time count of 1 at a stride CuTe's condition refuses (6 against 4): one element
        // is never wrong, but the twin, composing with `_1:_6`, fails the condition.
        assert!(diverges("(_4,_8):(_1,_5)", "1:6"));
    }

    /// Every layout of `leaves` leaves over `shapes` and `strides`, in every tagging.
    fn layouts(leaves: usize, shapes: &[i32], strides: &[i32]) -> Vec<Layout> {
        every_tagging(&vec![(shapes, strides); leaves])
    }

    /// The claim of `Checks::coarsening_harmless`, checked exhaustively on small layouts: each
    /// call below runs the twin (debug builds always do) and asserts that it fails only where
    /// a decision was noted (`checked!`), so a reader wrongly said to tolerate the twin's coarser
    /// coalescing fails this test.
    #[test]
    fn coarser_twins_fail_only_where_noted() {
        use crate::{IntTuple, logical_product};
        use crate::{complement, complement1, composition, left_inverse, logical_divide};
        let mut lhs = layouts(2, &[-2, 0, 1, 2, 3, 4], &[-2, 0, 1, 2, 3, 4, 8]);
        lhs.extend(layouts(3, &[1, 2, 3], &[1, 2, 6]));
        let rhs = layouts(1, &[-2, 0, 1, 2, 3, 4, 6], &[-1, 0, 1, 2, 3, 4]);
        // Tilers of two leaves for the divide and the product (their complements have modes
        // of their own), against a smaller set of layouts.
        let lhs2 = layouts(2, &[1, 2, 4], &[1, 2, 4, 8]);
        let rhs2 = layouts(2, &[1, 2], &[1, 2, 4]);
        for a in &lhs2 {
            for b in &rhs2 {
                let _ = logical_product(a, b);
                let _ = logical_divide(a, b);
            }
        }
        let cotargets = [IntTuple::s(24), IntTuple::d(24)];
        for a in &lhs {
            let _ = left_inverse(a);
            let _ = complement1(a);
            cotargets.iter().for_each(|c| drop(complement(a, c)));
            for b in &rhs {
                let _ = composition(a, b);
                let _ = logical_product(a, b);
                let _ = logical_divide(a, b);
            }
        }
    }
}

/// What the tests of the tracked operations share.
#[cfg(test)]
pub(crate) mod testing {
    use super::Checks;
    use crate::layout::Layout;
    use crate::prelude::*;
    use core::cell::Cell;

    /// Whether `f`, given checks that note decisions, takes one its static twin takes the other
    /// way.
    pub(crate) fn notes(f: impl FnOnce(Checks<'_>)) -> bool {
        let noted = Cell::new(false);
        f(Checks::noting(&noted));
        noted.get()
    }

    /// Every layout whose leaf `k` has a shape of `leaves[k].0` and a stride of `leaves[k].1`,
    /// each integer static or dynamic (all the taggings).
    pub(crate) fn every_tagging(leaves: &[(&[i32], &[i32])]) -> Vec<Layout> {
        let int = |v: i32, dynamic: bool| {
            if dynamic {
                format!("{v}")
            } else {
                format!("_{v}")
            }
        };
        let mut out: Vec<(Vec<String>, Vec<String>)> = vec![(vec![], vec![])];
        for &(shapes, strides) in leaves {
            let mut modes = Vec::new();
            for &s in shapes {
                for &d in strides {
                    for tags in 0..4 {
                        modes.push((int(s, tags & 1 != 0), int(d, tags & 2 != 0)));
                    }
                }
            }
            out = out
                .iter()
                .flat_map(|(s, d)| {
                    modes.iter().map(move |(ms, md)| {
                        let (mut s, mut d) = (s.clone(), d.clone());
                        s.push(ms.clone());
                        d.push(md.clone());
                        (s, d)
                    })
                })
                .collect();
        }
        out.iter()
            .map(|(s, d)| match s.len() {
                1 => format!("{}:{}", s[0], d[0]),
                _ => format!("({}):({})", s.join(","), d.join(",")),
            })
            .map(|text| text.parse().unwrap())
            .collect()
    }
}
