//! The `cute` expression evaluator (cute-cli's library, not the binary) on arbitrary text and on
//! structured expressions (calls of every operation it knows, with the usual number of
//! arguments or one more, on generated layouts, tuples, swizzles, composed layouts, tensors and
//! named atoms, nested three deep): a value or an error, never a panic; an error's offset lies
//! inside the input and it renders; whatever the command prints or draws for a value comes back
//! (`cute_tests::exercise_cli`, shared with the proptest suite `tests/tests/cli_no_panic.rs`).

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use cute_cli::{Session, View};
use cute_tests::exercise_cli::{check, exercise};
use libfuzzer_sys::fuzz_target;

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
