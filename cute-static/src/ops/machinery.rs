//! The machinery every operation is written with: an operation's expression type (its operands
//! kept, its result computed while compiling from their const structure) and the macros that
//! make an operation's function and result alias from one line of the operation table
//! ([`op!`](op), [`expr_type!`](expr_type)).

/// The result of an operation from its symbolic value: a layout, an IntTuple, an integer or a
/// boolean (the last two as a one-leaf tree).
macro_rules! sym {
    (layout, $v:expr, $prog:expr) => {
        Sym {
            layout: $v,
            prog: $prog,
        }
    };
    (tuple, $v:expr, $prog:expr) => {
        Sym::tuple($v, $prog)
    };
    (int, $v:expr, $prog:expr) => {
        Sym::tuple(Tree::leaf($v), $prog)
    };
    (bool, $v:expr, $prog:expr) => {
        Sym::tuple(Tree::leaf($v), $prog)
    };
}

/// An argument's const structure, its dynamic leaves numbered from `offset`.
macro_rules! arg {
    (IsLayout, $A:ident, $off:expr) => {
        <$A as IsLayout>::LAYOUT.shifted($off)
    };
    (IntTuple, $A:ident, $off:expr) => {
        <$A as IntTuple>::TREE.shifted($off)
    };
    (Tiler, $A:ident, $off:expr) => {
        <$A as Tiler>::TILER.shifted($off)
    };
    (SliceCoord, $A:ident, $off:expr) => {
        <$A as SliceCoord>::COORD.shifted($off)
    };
    (TensorLayout, $A:ident, $off:expr) => {
        <$A as crate::layout::TensorLayout>::CL.shifted($off)
    };
    (IsTiledCopy, $A:ident, $off:expr) => {
        <$A as crate::atom::IsTiledCopy>::TILED
    };
    (IsTiledMma, $A:ident, $off:expr) => {
        <$A as crate::atom::IsTiledMma>::TILED
    };
}

/// An argument's static twin: its structure with the run-time values of its dynamic leaves.
/// (Layouts and tilers: what the operations with a twin check take.)
macro_rules! twin_arg {
    (IsLayout, $A:ident, $v:expr) => {
        <$A as IsLayout>::LAYOUT.with_values(&dyn_values($v))
    };
    (Tiler, $A:ident, $v:expr) => {
        <$A as Tiler>::TILER.with_values(&dyn_values($v))
    };
}

/// The methods every expression shares: its operands (a tuple) give the inputs and the checks.
macro_rules! expr_methods {
    ($Args:ty) => {
        type Args = $Args;
        #[inline(always)]
        fn args(&self) -> &$Args {
            &self.0
        }
    };
}

/// The expression type of an operation, `$Expr::E`, in a private module of its own: the
/// plumbing that keeps the operands, out of the public API (the alias names it).
macro_rules! expr_type {
    ($Expr:ident, [$($A:ident: $AB:ident => $a:ident),+] |$p:ident| $body:expr, $kind:ident $(, $twin:ident)? $(; $definition:ident)?) => {
        #[allow(non_snake_case)]
        mod $Expr {
            use super::*;

            #[derive(Clone, Copy, Default)]
            pub struct E<$($A),+>(pub(crate) ($($A,)+));

            impl<$($A: $AB),+> Expr for E<$($A),+> {
                const SYM: Sym = {
                    let offset = 0;
                    $( let $a = arg!($AB, $A, offset); let offset = offset + $A::NDYN; )+
                    let mut prog = Prog::new(offset);
                    let out = {
                        let $p = &mut prog;
                        let _ = &$p;
                        $body
                    };
                    sym!($kind, out, prog)
                };
                expr_methods!(($($A,)+));
                twin_check!($($twin)? ; [$($A: $AB => $a),+] |$p| $body);
                $crate::ops::definition!($($definition)?);
            }

            impl<$($A: Static),+> Static for E<$($A),+> {
                const VALUE: Self = E(($($A::VALUE,)+));
            }
        }
    };
}

/// `twin_check` of an operation where CuTe's dynamic path skips work its static twin does
/// (and checks): the operation run again at run time on the operands' values, all static.
macro_rules! twin_check {
    (; [$($A:ident: $AB:ident => $a:ident),+] |$p:ident| $body:expr) => {};
    (twin ; [$($A:ident: $AB:ident => $a:ident),+] |$p:ident| $body:expr) => {
        fn twin_check(&self) -> Result<(), crate::LayoutError> {
            if const { 0 $(+ $A::NDYN)+ == 0 } {
                return Ok(());
            }
            let ($($a,)+) = &self.0;
            $( let $a = twin_arg!($AB, $A, $a); )+
            let mut prog = Prog::twin();
            {
                let $p = &mut prog;
                let _ = $body;
            }
            prog.outcome()
        }
    };
}

/// `cute_answer` of an operation with a point-by-point definition to check CuTe's answer
/// against ([`Expr::cute_answer`]): `composition`, `R(i) == A(B(i))`.
macro_rules! definition {
    () => {};
    (composition) => {
        fn cute_answer(&self, error: crate::LayoutError) -> Result<(), crate::LayoutError> {
            let (a, b) = &self.0;
            crate::layout::composition_answer(error, a, b, &LayoutOf(*self))
        }
    };
}

macro_rules! op {
    (
        $(#[$doc:meta])*
        $kind:ident $fname:ident, $Expr:ident, $Alias:ident,
        [$($A:ident: $AB:ident => $a:ident),+] |$p:ident| = $body:expr;
        $($twin:ident)? $(, defined as $definition:ident)?
    ) => {
        expr_type!($Expr, [$($A: $AB => $a),+] |$p| $body, $kind $(, $twin)? $(; $definition)?);

        #[doc = concat!("The result type of [`", stringify!($fname), "()`], to name it in a signature or a field:")]
        #[doc = ""]
        #[doc = "```"]
        #[doc = concat!(
            "use cute_static::{", stringify!($fname), ", ", stringify!($Alias), "};\n",
            "fn ", stringify!($fname), "_of<", $(stringify!($A), ": cute_static::", stringify!($AB), ", ",)+ ">(",
            $(stringify!($a), ": ", stringify!($A), ", ",)+ ") -> ",
            stringify!($Alias), "<", $(stringify!($A), ", ",)+ "> {\n",
            "    ", stringify!($fname), "(", $(stringify!($a), ", ",)+ ")\n}"
        )]
        #[doc = "```"]
        pub type $Alias<$($A),+> = op!(@out $kind, $Expr::E<$($A),+>);

        $(#[$doc])*
        #[inline(always)]
        #[allow(non_snake_case)]
        pub fn $fname<$($A: $AB),+>($($a: $A),+) -> $Alias<$($A),+> {
            let _ = <$Expr::E<$($A),+> as Expr>::SYM;
            op!(@wrap $kind, $Expr::E(($($a,)+)))
        }
    };
    (@out layout, $e:ty) => { LayoutOf<$e> };
    (@out int, $e:ty) => { IntOf<$e> };
    (@out tuple, $e:ty) => { TupleOf<$e> };
    (@out bool, $e:ty) => { BoolOf<$e> };
    (@wrap layout, $e:expr) => { LayoutOf($e) };
    (@wrap int, $e:expr) => { IntOf($e) };
    (@wrap tuple, $e:expr) => { TupleOf($e) };
    (@wrap bool, $e:expr) => { BoolOf($e) };
}

/// An operation with a const-generic parameter: its expression type `$Expr::E`, as
/// [`expr_type`] makes them.
macro_rules! param_expr {
    ($Expr:ident<$($c:ident: $ct:ty),+>, |$p:ident, $a:ident| $body:expr) => {
        #[allow(non_snake_case)]
        mod $Expr {
            use super::*;

            #[derive(Clone, Copy, Default)]
            pub struct E<$(const $c: $ct,)+ A>(pub(crate) (A,));

            impl<$(const $c: $ct,)+ A: IsLayout> Expr for E<$($c,)+ A> {
                const SYM: Sym = {
                    let $a = A::LAYOUT;
                    let mut prog = Prog::new(A::NDYN);
                    let out = {
                        let $p = &mut prog;
                        $body
                    };
                    Sym { layout: out, prog }
                };
                expr_methods!((A,));
            }

            impl<$(const $c: $ct,)+ A: Static> Static for E<$($c,)+ A> {
                const VALUE: Self = E((A::VALUE,));
            }
        }
    };
}

pub(crate) use {
    arg, definition, expr_methods, expr_type, op, param_expr, sym, twin_arg, twin_check,
};
