//! Writing const trees as CuTe text at run time: `_N` for a static integer, `N` for a dynamic
//! one (its value read through `dynamic`).

use crate::tree::{Kind, Tree};
use core::fmt;

/// Write the subtree at `i`; returns the index after it.
pub(crate) fn write_tree(
    f: &mut fmt::Formatter<'_>,
    t: &Tree,
    i: usize,
    dynamic: &dyn Fn(usize) -> i32,
) -> Result<usize, fmt::Error> {
    match t.tag[i] {
        Kind::Int => {
            let v = t.at(i);
            if v.dynamic {
                write!(f, "{}", dynamic(v.v as usize))?;
            } else {
                write!(f, "_{}", v.v)?;
            }
            Ok(i + 1)
        }
        Kind::Under => {
            f.write_str("_")?;
            Ok(i + 1)
        }
        Kind::Layout => {
            let next = write_tree(f, t, i + 1, dynamic)?;
            f.write_str(":")?;
            write_tree(f, t, next, dynamic)
        }
        Kind::Tup => {
            f.write_str("(")?;
            let mut k = i + 1;
            for c in 0..t.arity(i) {
                if c > 0 {
                    f.write_str(",")?;
                }
                k = write_tree(f, t, k, dynamic)?;
            }
            f.write_str(")")?;
            Ok(k)
        }
    }
}
