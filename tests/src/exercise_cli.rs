//! Everything the `cute` command can do with a text, without a panic: the body of the proptest
//! suite `tests/cli_no_panic.rs` and of the `cli` fuzz target (`fuzz/fuzz_targets/cli.rs`,
//! docs/fuzzing.md), which only generate the texts.
//!
//! [`check`] evaluates a text with cute-cli's evaluator (the library, not the binary): a value
//! goes through [`exercise`] (every view, the grid, table, SVG, TikZ and thread-value pictures,
//! the command's output with `--draw --table`); an error must render, and its offset must lie
//! inside the text. Anything else (a panic, an overflow in builds that check them, an offset
//! beyond the text) fails the case.
//!
//! ```
//! cute_tests::exercise_cli::check("zipped_divide((_8,_8):(_1,_8), (_2,_4))");
//! cute_tests::exercise_cli::check("composition(_4:_2, ");
//! ```

use cute_cli::{Cli, Grid, Value, View, draw, evaluate, latex, svg, table};

/// Everything the command prints or writes for a value must come back without a panic.
pub fn exercise(v: &Value) {
    for view in [View::Cute, View::Dsl, View::Values] {
        let _ = v.show(view);
    }
    if let Some(any) = v.as_any_layout() {
        let _ = draw::draw_any(&any);
        let _ = table::table_any(&any);
        if let Ok(g) = Grid::of_any(&any) {
            let _ = draw::render(&g);
            let _ = svg::svg(&g);
            let _ = latex::latex(&g);
        }
    }
    for tile in [
        &[][..],
        &[4, 4],
        &[4, 4, 4],
        &[1, 1, 1],
        &[16, 8, 16],
        &[8, 8, 4],
    ] {
        if let Ok(f) = cute_cli::tv::TvFigure::of_value(v, tile) {
            let _ = draw::render_tv(&f);
            let _ = svg::svg_tv(&f);
            let _ = latex::latex_tv(&f);
        }
    }
    let Value::Layout(l) = v else {
        return;
    };
    let _ = draw::draw(l);
    let _ = table::table(l);
    if let Ok(g) = Grid::of_layout(l) {
        let _ = draw::render(&g);
        let _ = svg::svg(&g);
        let _ = latex::latex(&g);
    }
    for grid in [None, Some((4, 4)), Some((1, 1))] {
        if let Ok(g) = Grid::of_tv(l, grid) {
            let _ = draw::render(&g);
            let _ = svg::svg(&g);
        }
    }
    let cli = Cli {
        draw: true,
        table: true,
        ..Cli::default()
    };
    let _ = cli.output(v);
}

/// Evaluate `text`: a value goes through [`exercise`]; an error must render and point inside
/// `text`.
pub fn check(text: &str) {
    if let Ok(v) = evaluate(text) {
        exercise(&v);
    }
    // Error rendering must cope with any offset in any text.
    if let Err(e) = evaluate(text) {
        let _ = e.render(text);
        assert!(
            e.at.is_none_or(|at| at <= text.len()),
            "{e:?} beyond {text:?}"
        );
    }
}
