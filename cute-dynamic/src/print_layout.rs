//! `print_layout`: CuTe's ASCII grid of a rank-2 layout, character for character.

use crate::error::{LayoutError, Result};
use crate::layout::Layout;
use core::fmt::Write;

/// Offset at grid cell (row, column).
type Cell<'a> = Box<dyn Fn(i32, i32) -> Result<i32> + 'a>;

const DELIM: &str = "+-----------------------";

fn num_digits(x: i64) -> usize {
    x.unsigned_abs().to_string().len()
}

/// The grid as CuTe's `print_layout` prints it: the layout, a header of column indices, then one
/// row of offsets per index of mode 0. A rank-1 layout is drawn as a single row.
///
/// ```
/// use cute_dynamic::print_layout;
/// let l = "((2,2),2):((4,2),1)".parse().unwrap();
/// let grid = print_layout(&l).unwrap();
/// assert_eq!(grid.lines().nth(3).unwrap(), " 0  | 0 | 1 |");
/// ```
pub fn print_layout(layout: &Layout) -> Result<String> {
    let (rows, cols, at): (i32, i32, Cell<'_>) = match layout.rank() {
        2 => {
            let (m, n) = (layout.get(0)?, layout.get(1)?);
            let rows = m.size()?.value();
            (
                rows,
                n.size()?.value(),
                Box::new(move |i, j| Ok(m.call(i)?.checked_add(n.call(j)?)?.value())),
            )
        }
        1 => {
            let l = layout.clone();
            (
                1,
                layout.size()?.value(),
                Box::new(move |_, j| Ok(l.call(j)?.value())),
            )
        }
        r => {
            return Err(LayoutError::invalid(
                "print_layout",
                format!("{layout} has rank {r}, not 1 or 2"),
            ));
        }
    };
    let width = num_digits(i64::from(layout.cosize()?.value())) + 2;
    let rule = &DELIM[..(width + 1).min(DELIM.len())];
    let mut out = String::new();
    let line = |out: &mut String| -> core::fmt::Result {
        out.push_str("    ");
        for _ in 0..cols {
            out.push_str(rule);
        }
        out.push_str("+\n");
        Ok(())
    };
    let fmt_err = |_| LayoutError::invalid("print_layout", "formatting failed");
    writeln!(out, "{layout}").map_err(fmt_err)?;
    out.push_str("    ");
    for j in 0..cols {
        write!(out, "  {:>w$} ", j, w = width - 2).map_err(fmt_err)?;
    }
    out.push('\n');
    for i in 0..rows {
        line(&mut out).map_err(fmt_err)?;
        write!(out, "{i:>2}  ").map_err(fmt_err)?;
        for j in 0..cols {
            write!(out, "| {:>w$} ", at(i, j)?, w = width - 2).map_err(fmt_err)?;
        }
        out.push_str("|\n");
    }
    line(&mut out).map_err(fmt_err)?;
    Ok(out)
}
