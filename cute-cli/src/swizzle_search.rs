//! `--swizzle-search --writer TV --writer-op OP --reader TV --reader-op OP --bits N TILE`: the
//! shared-memory layout of a tile that its writer and its reader both access with the fewest
//! wavefronts, by cute-dynamic's [`swizzle_search`] (the bank rule of [`cute_static::banks`]),
//! printed with its code in cute-static, CuTe C++ and the CuTe DSL, and the cost of the two
//! unswizzled layouts to compare with.
//!
//! The tile is the expression's result, a rank-2 static shape such as `(_64,_64)`; each access
//! is a layout `(thread, value) -> ` index of the tile (column-major over its shape, as CuTe's
//! TV layouts), each thread's values going its instruction's vector at a time.

use crate::banks::check_access;
use crate::error::CliError;
use crate::value::{Value, View};
use cute_dynamic::{
    Access, AnyLayout, IntTuple, Layout, SwizzleChoice, bank_conflicts, make_layout,
    make_layout_right, swizzle_search,
};

/// The tile of `--swizzle-search`: the expression's result, a rank-2 static shape `(M,N)`.
///
/// ```
/// use cute_cli::{evaluate, swizzle_search::tile_of};
/// assert_eq!(tile_of(&evaluate("(_64,_64)").unwrap()).unwrap().to_string(), "(_64,_64)");
/// assert!(tile_of(&evaluate("(64,64)").unwrap()).is_err());
/// assert!(tile_of(&evaluate("(_64,(_8,_8))").unwrap()).is_err());
/// assert!(tile_of(&evaluate("(_64,_64):(_1,_64)").unwrap()).is_err());
/// ```
pub fn tile_of(value: &Value) -> Result<IntTuple, CliError> {
    let bad = || {
        CliError::plain(format!(
            "--swizzle-search takes the tile's shape, a rank-2 static shape such as (_64,_64), not {} {}",
            value.kind(),
            value.show(View::Cute)
        ))
    };
    let Value::Tuple(tile @ IntTuple::Tuple(modes)) = value else {
        return Err(bad());
    };
    let static_extent = |m: &IntTuple| match m {
        IntTuple::Int(i) => i.is_static() && i.value() >= 1,
        IntTuple::Tuple(_) => false,
    };
    if modes.len() != 2 || !modes.iter().all(static_extent) {
        return Err(bad());
    }
    Ok(tile.clone())
}

/// `writer W wavefronts (I without conflicts), reader W (I)`.
fn cost(c: &SwizzleChoice) -> String {
    format!(
        "writer {} wavefronts ({} without conflicts), reader {} ({})",
        c.writer.wavefronts, c.writer.ideal, c.reader.wavefronts, c.reader.ideal
    )
}

/// The layout of a candidate, as CuTe prints it.
fn layout(c: &SwizzleChoice) -> Result<AnyLayout, CliError> {
    c.layout().map_err(|e| CliError::plain(e.to_string()))
}

/// Why a base layout alone is not among the candidates: the first side whose instruction cannot
/// access it (a vector it splits), in `bank_conflicts`' words; `None` if both can.
fn refusal(base: &Layout, bits: i32, writer: &Access, reader: &Access) -> Option<String> {
    let smem = AnyLayout::Plain(base.clone());
    [("writer", writer), ("reader", reader)]
        .into_iter()
        .find_map(|(side, a)| {
            let e = bank_conflicts(&smem, &a.tv, bits, a.op).err()?.to_string();
            let why = e.trim_start_matches("bank_conflicts: ");
            Some(format!("not for the {side}'s {}: {why}", a.op))
        })
}

/// The report of `--swizzle-search`: the search, the best layout with its code, the two
/// unswizzled layouts, and with `top` the `top` best candidates a line each.
///
/// ```
/// use cute_cli::swizzle_search::search;
/// use cute_dynamic::Access;
/// let writer = Access { tv: "(_32,_32):(_32,_1)".parse()?, op: "st.shared.32".parse().unwrap() };
/// let reader = Access { tv: "(_32,_32):(_1,_32)".parse()?, op: "ld.shared.32".parse().unwrap() };
/// let text = search(&"(_32,_32)".parse()?, 32, &writer, &reader, None).unwrap();
/// assert!(text.lines().nth(1).unwrap().starts_with("best: Sw<5,0,5> o _0 o (_32,_32):(_32,_1): writer 32 wavefronts (32 without"));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn search(
    tile: &IntTuple,
    bits: u32,
    writer: &Access,
    reader: &Access,
    top: Option<u32>,
) -> Result<String, CliError> {
    let e = |e: cute_dynamic::LayoutError| CliError::plain(e.to_string());
    let size: i64 = tile.leaves().iter().map(|x| i64::from(x.value())).product();
    if size > i64::from(i32::MAX) {
        return Err(CliError::plain(format!(
            "--swizzle-search: the tile {tile} has {size} elements, past a layout's {}",
            i32::MAX
        )));
    }
    check_access("writer", &writer.tv, size, "the tile")?;
    check_access("reader", &reader.tv, size, "the tile")?;
    let bits = i32::try_from(bits).map_err(|_| {
        CliError::plain(format!(
            "--swizzle-search: elements of {bits} bits, more than any instruction reads"
        ))
    })?;
    let bases = [make_layout_right(tile), make_layout(tile)];
    let [Ok(row), Ok(col)] = bases else {
        return Err(CliError::plain(format!(
            "--swizzle-search: the tile {tile} has no compact layout"
        )));
    };
    let all = swizzle_search(tile, bits, writer, reader).map_err(|err| {
        if err.to_string().contains("pairs searched") {
            return e(err); // cute_dynamic::MAX_SEARCH_PAIRS: nothing was tried
        }
        // No candidate: say why neither base takes both accesses.
        match (
            refusal(&row, bits, writer, reader),
            refusal(&col, bits, writer, reader),
        ) {
            (Some(r), Some(c)) if r == c => CliError::plain(format!(
                "--swizzle-search: no layout of the tile takes both accesses: {r}"
            )),
            (Some(r), Some(c)) => CliError::plain(format!(
                "--swizzle-search: no layout of the tile takes both accesses; {row}: {r}; {col}: {c}"
            )),
            _ => e(err),
        }
    })?;
    let Some(best) = all.first() else {
        return Err(CliError::plain("--swizzle-search: no candidate"));
    };
    let mut out = format!(
        "tile {tile} of {bits}-bit elements; writer {} {}, reader {} {}\n",
        writer.op, writer.tv, reader.op, reader.tv
    );
    out.push_str(&format!("best: {}: {}\n", layout(best)?, cost(best)));
    out.push_str(&format!("  cute-static: {}\n", best.cute_static()));
    out.push_str(&format!("  CuTe C++:    {}\n", best.cute_cpp()));
    out.push_str(&format!("  CuTe DSL:    {}\n", best.cute_dsl()));
    out.push_str("without a swizzle:\n");
    for base in [&row, &col] {
        let line = match all.iter().find(|c| c.swizzle.is_none() && c.base == *base) {
            Some(c) => cost(c),
            None => {
                refusal(base, bits, writer, reader).unwrap_or_else(|| "not a candidate".to_string())
            }
        };
        out.push_str(&format!("  {base}: {line}\n"));
    }
    if let Some(k) = top {
        let k = usize::try_from(k).unwrap_or(usize::MAX).min(all.len());
        out.push_str(&format!("the {k} best of {} candidates:\n", all.len()));
        for (i, c) in all.iter().take(k).enumerate() {
            out.push_str(&format!("  {}. {}: {}\n", i + 1, layout(c)?, cost(c)));
        }
    }
    Ok(out)
}
