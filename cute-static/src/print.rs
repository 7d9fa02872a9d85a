//! Writing const trees as CuTe text at run time (`_N` for every integer).

use crate::tree::{INT, LAYOUT, Tree, UNDER};
use core::fmt;

/// Write the subtree at `i`; returns the index after it.
pub(crate) fn write_tree(
    f: &mut fmt::Formatter<'_>,
    t: &Tree,
    i: usize,
) -> Result<usize, fmt::Error> {
    match t.tag[i] {
        INT => {
            write!(f, "_{}", t.val[i])?;
            Ok(i + 1)
        }
        UNDER => {
            f.write_str("_")?;
            Ok(i + 1)
        }
        LAYOUT => {
            let next = write_tree(f, t, i + 1)?;
            f.write_str(":")?;
            write_tree(f, t, next)
        }
        _ => {
            f.write_str("(")?;
            let mut k = i + 1;
            for c in 0..t.val[i] as usize {
                if c > 0 {
                    f.write_str(",")?;
                }
                k = write_tree(f, t, k)?;
            }
            f.write_str(")")?;
            Ok(k)
        }
    }
}
