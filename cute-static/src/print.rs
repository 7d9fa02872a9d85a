//! Writing const trees as CuTe text at run time: `_N` for a static integer, `N` for a dynamic
//! one (its value read through `dynamic`).

use crate::tree::{At, Basis, Kind};
use core::fmt;

/// Write the subtree at `t`.
pub(crate) fn write_tree(
    f: &mut fmt::Formatter<'_>,
    t: At<'_>,
    dynamic: &dyn Fn(usize) -> i32,
) -> fmt::Result {
    match t.kind() {
        Kind::Int => {
            let v = t.v();
            if v.dynamic {
                write!(f, "{}", dynamic(v.v as usize))?;
            } else {
                write!(f, "_{}", v.v)?;
            }
            // A scaled basis `v@i@j` (CuTe prints the innermost index first).
            let (indices, n) = Basis::indices(v.basis);
            indices[..n].iter().try_for_each(|i| write!(f, "@{i}"))
        }
        Kind::Under => f.write_str("_"),
        Kind::Layout => {
            write_tree(f, t.child(0), dynamic)?;
            f.write_str(":")?;
            write_tree(f, t.child(1), dynamic)
        }
        Kind::Tup => {
            f.write_str("(")?;
            for c in 0..t.arity() {
                if c > 0 {
                    f.write_str(",")?;
                }
                write_tree(f, t.child(c), dynamic)?;
            }
            f.write_str(")")
        }
    }
}
