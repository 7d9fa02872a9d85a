//! The expression machinery every operation's result shares: an operation applied to its
//! operands ([`Expr`]), its result computed while compiling ([`Sym`]: the layout or IntTuple
//! whose dynamic leaves are nodes of a program) and its dynamic values computed from the kept
//! operands on demand; the result types' common impls ([`result_type!`]).

use crate::algebra::composed::CL;
use crate::algebra::layout::L;
use crate::error::LayoutError;
use crate::prog::{Prog, Program, Straight, run_checked};
use crate::tree::{List, Tree, V};
use crate::tuple::Leaves;
use core::marker::PhantomData;

/// The symbolic result of an operation: its layout (or IntTuple, as the shape) whose dynamic
/// leaves are nodes of its program.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Sym {
    pub(crate) layout: L,
    pub(crate) prog: Prog,
}

impl Sym {
    /// An IntTuple result (no stride).
    pub(crate) const fn tuple(t: Tree, prog: Prog) -> Sym {
        Sym {
            layout: L {
                shape: t,
                stride: Tree::new(),
            },
            prog,
        }
    }
}

/// The dynamic leaves numbered 0, 1, ... (shape first, then stride).
const fn numbered(l: &L) -> L {
    let mut out = *l;
    let next = out.shape.number_dynamic_leaves(0);
    out.stride.number_dynamic_leaves(next);
    out
}

/// An operation applied to its operands, which it keeps: its result is computed while
/// compiling ([`Expr::SYM`]) except the dynamic values, which it computes from the operands'
/// on demand.
#[doc(hidden)]
pub trait Expr: Copy {
    /// The result, symbolically.
    const SYM: Sym;
    /// The result's structure, dynamic leaves numbered.
    const OUT: L = numbered(&Self::SYM.layout);
    /// The operands, a tuple.
    type Args: Leaves;
    /// The operands.
    fn args(&self) -> &Self::Args;
    /// The checks of the operation's static twin (the operation run again on the values, all
    /// static): CuTe's own conditions on these values. The operations built on composition and
    /// `max_common_*` have one; the others check everything on the values themselves.
    fn twin_check(&self) -> Result<(), LayoutError> {
        Ok(())
    }
    /// Where a condition CuTe does not check on these values failed (`error`): `Ok` if CuTe's
    /// answer stands, being the function the operation defines, or the error to report. Only
    /// `composition` has a point-by-point definition to check; for the others `error` stands.
    fn cute_answer(&self, error: LayoutError) -> Result<(), LayoutError> {
        Err(error)
    }
}

/// The run-time values of `v`'s dynamic leaves, as static values (a static twin's leaves).
pub(crate) fn dyn_values<T: Leaves>(v: &T) -> List {
    let mut out = List::new();
    for k in 0..T::NDYN {
        out.push(V::s(v.dyn_leaf(k)));
    }
    out
}

/// An operand's tree (a tiler, a coordinate, an IntTuple) with the run-time values of its
/// dynamic leaves: its static twin.
pub(crate) fn valued<T: Leaves>(tree: Tree, t: &T) -> Tree {
    tree.with_values(&dyn_values(t))
}

/// Dynamic leaf `k` of a result, from its roots (for printing: a loop, cheap to compile).
pub(crate) fn leaf_of<T: Leaves>(t: &T, k: usize) -> i32 {
    let code = const { &<LeafCode<T> as Program>::CODE };
    crate::prog::eval_loop(code, |i| t.root(i), k)
}

/// The run-time checks of an expression and everything it was computed from.
pub(crate) fn expr_check<E: Expr>(e: &E) -> Result<(), LayoutError> {
    e.args().check()?;
    // CuTe's own conditions on these values (its static twin) first, then the value-level ones;
    // where one fails, CuTe's answer still stands if it is the operation's function.
    let prog: &Prog = const { &E::SYM.prog };
    match e
        .twin_check()
        .and_then(|()| run_checked(prog, |i| e.args().dyn_leaf(i)))
    {
        Err(error) => e.cute_answer(error),
        outcome => outcome,
    }
}

/// What every result type shares: its dynamic leaves are its expression's, computed on demand
/// from the operands it keeps, and its checks are its expression's.
macro_rules! result_type {
    ($($t:ident),*) => {$(
        impl<E: $crate::expr::Expr> $crate::tuple::Leaves for $t<E> {
            const NDYN: usize = E::OUT.dyn_leaves().n;
            fn dyn_leaf(&self, k: usize) -> i32 {
                if const { Self::NDYN == 0 } {
                    0
                } else {
                    $crate::expr::leaf_of(self, k)
                }
            }
            fn check(&self) -> Result<(), $crate::LayoutError> {
                $crate::expr::expr_check(&self.0)
            }
            const FLAT: $crate::prog::Flat = if Self::NDYN == 0 {
                $crate::prog::Flat::EMPTY
            } else {
                <E::Args as $crate::tuple::Leaves>::FLAT.apply(&E::SYM.prog, &E::SYM.layout.dyn_leaves())
            };
            #[inline(always)]
            fn root(&self, k: usize) -> i32 {
                self.0.args().root(k)
            }
        }

        impl<E: $crate::tuple::Static> $crate::tuple::Static for $t<E> {
            const VALUE: Self = $t(E::VALUE);
        }
    )*};
}
pub(crate) use result_type;

/// The program of a value's dynamic leaves from its roots.
pub(crate) struct LeafCode<T>(PhantomData<T>);

impl<T: Leaves> Program for LeafCode<T> {
    const CODE: Straight = Straight::compile(&T::FLAT.prog, &T::FLAT.out);
}

/// The symbolic result of an operation on a composed layout.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct CSym {
    pub(crate) cl: CL,
    pub(crate) prog: Prog,
}

/// An operation on composed layouts applied to its operands, which it keeps (the composed
/// counterpart of the layouts' `Expr`).
#[doc(hidden)]
pub trait CExpr: Copy {
    /// The result, symbolically.
    const CSYM: CSym;
    /// The result, its dynamic leaves numbered.
    const OUT: CL = Self::CSYM.cl.numbered();
    /// The operands, a tuple.
    type Args: Leaves;
    /// The operands.
    fn args(&self) -> &Self::Args;
    /// The verdict of the checked form on the outcome of the operation's run-time checks: the
    /// outcome itself, except for an operation whose answer is also compared with its
    /// point-by-point definition (`slice`: kept where a condition CuTe does not check on
    /// run-time values failed but the answer is the slice, refused where it is not).
    fn verdict(&self, outcome: Result<(), LayoutError>) -> Result<(), LayoutError> {
        outcome
    }
}
