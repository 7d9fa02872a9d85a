//! `--table`: the function table of a layout, one line per index: the index, its natural
//! coordinate (`idx2crd(index, shape)`) and the offset `L(index)`.

use crate::error::CliError;
use crate::grid::checked_size_any;
use cute_dynamic::{AnyLayout, IntTuple, Layout, idx2crd};

/// The function table of a layout (run-time view: plain numbers).
///
/// ```
/// let l = "(2,2):(2,1)".parse().unwrap();
/// assert_eq!(cute_cli::table::table(&l).unwrap(),
///     "index  coord  offset\n    0  (0,0)       0\n    1  (1,0)       2\n    2  (0,1)       1\n    3  (1,1)       3\n");
/// ```
pub fn table(l: &Layout) -> Result<String, CliError> {
    table_any(&AnyLayout::Plain(l.clone()))
}

/// The function table of a plain or composed layout: for a composed layout `A o O o B` the
/// coordinate is that of `B` and the offset `A(O + B(index))`.
///
/// ```
/// let c = "Sw<1,0,1> o _0 o (_2,_2):(_1,_2)".parse().unwrap();
/// assert_eq!(cute_cli::table::table_any(&c).unwrap().lines().nth(2), Some("    1  (1,0)       1"));
/// assert_eq!(cute_cli::table::table_any(&c).unwrap().lines().nth(3), Some("    2  (0,1)       3"));
/// ```
pub fn table_any(l: &AnyLayout) -> Result<String, CliError> {
    let n = checked_size_any("--table", l)?;
    let rows = (0..n)
        .map(|i| {
            let i = i32::try_from(i).unwrap_or(i32::MAX);
            let coord = idx2crd(&IntTuple::d(i), &l.shape()?)?;
            Ok((i, coord.values().to_string(), l.call(i)?.value()))
        })
        .collect::<Result<Vec<_>, cute_dynamic::LayoutError>>()
        .map_err(|e| CliError::plain(format!("--table: cannot evaluate {l}: {e}")))?;
    let wi = rows
        .iter()
        .map(|r| r.0.to_string().len())
        .max()
        .unwrap_or(1)
        .max(5);
    let wc = rows.iter().map(|r| r.1.len()).max().unwrap_or(1).max(5);
    let wo = rows
        .iter()
        .map(|r| r.2.to_string().len())
        .max()
        .unwrap_or(1)
        .max(6);
    let mut out = format!("{:>wi$}  {:<wc$}  {:>wo$}\n", "index", "coord", "offset");
    for (i, c, o) in rows {
        out.push_str(&format!("{i:>wi$}  {c:<wc$}  {o:>wo$}\n"));
    }
    Ok(out)
}
