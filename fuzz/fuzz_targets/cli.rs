//! The `cute` expression evaluator (cute-cli's library, not the binary) on arbitrary text and on
//! structured expressions (calls of every operation it knows, with the usual number of
//! arguments or one more, on generated layouts, tuples, swizzles, composed layouts, tensors and
//! named atoms, nested three deep): a value or an error, never a panic; an error's offset lies
//! inside the input and it renders; whatever the command prints or draws for a value comes back.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use cute_cli::{Cli, Grid, Session, Value, View, draw, evaluate, latex, svg, table};
use libfuzzer_sys::fuzz_target;

/// Everything the command prints or writes for a value.
fn exercise(v: &Value) {
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
    for tile in [&[][..], &[4, 4], &[16, 8, 16]] {
        if let Ok(f) = cute_cli::tv::TvFigure::of_value(v, tile) {
            let _ = draw::render_tv(&f);
            let _ = svg::svg_tv(&f);
            let _ = latex::latex_tv(&f);
        }
    }
    if let Value::Layout(l) = v {
        let _ = draw::draw(l);
        let _ = table::table(l);
        if let Ok(g) = Grid::of_tv(l, Some((4, 4))) {
            let _ = draw::render(&g);
        }
    }
    let cli = Cli {
        draw: true,
        table: true,
        ..Cli::default()
    };
    let _ = cli.output(v);
}

fn check(text: &str) {
    match evaluate(text) {
        Ok(v) => exercise(&v),
        Err(e) => {
            let _ = e.render(text);
            assert!(
                e.at.is_none_or(|at| at <= text.len()),
                "{e:?} beyond {text:?}"
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode % 2 == 0 {
        // Arbitrary text: one expression, then the same bytes as a session of lines.
        let text = String::from_utf8_lossy(rest);
        check(&text);
        let mut session = Session::new();
        for line in text.lines().take(16) {
            if let Ok(Some(v)) = session.eval_line(line) {
                let _ = v.show(View::Cute);
            }
        }
    } else {
        // A structured expression, and a session that names it and uses the name.
        let mut u = Unstructured::new(rest);
        let Ok(expr) = cute_fuzz::cli_expression(&mut u) else {
            return;
        };
        check(&expr);
        let Ok(other) = cute_fuzz::cli_expression(&mut u) else {
            return;
        };
        let op = u.choose(cute_dynamic::ops::OPS).map_or("size", |o| o.name);
        let mut session = Session::new();
        let _ = session.eval_line(&format!("A = {expr}"));
        if let Ok(Some(v)) = session.eval_line(&format!("{op}(A, {other})")) {
            exercise(&v);
        }
        let _ = bool::arbitrary(&mut u);
    }
});
