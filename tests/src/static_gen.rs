//! Generates `tests/static_conformance.rs`: every accepted all-static vector (variants `static`
//! and `notebook`) as compiled Rust that builds the inputs with cute-static's macros, applies the
//! op and compares the printed result. `cargo run -p cute-tests --bin gen-static-conformance`
//! rewrites the file; the test `static_conformance_is_up_to_date` fails if it is stale.

use cute_dynamic::ops::{self, Kind};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Whether every integer in the CuTe text is static (`_N`).
pub fn is_all_static(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.iter().enumerate().all(|(i, b)| {
        !b.is_ascii_digit() || {
            let mut j = i;
            while j > 0 && (bytes[j - 1].is_ascii_digit() || bytes[j - 1] == b'-') {
                j -= 1;
            }
            j > 0 && bytes[j - 1] == b'_'
        }
    })
}

/// The cute-static form of an argument of `kind`: CuTe's text in the macro for the kind.
///
/// ```
/// use cute_dynamic::ops::Kind;
/// let t = cute_tests::static_gen::macro_for(Kind::Tiler, "(_4:_2,_)");
/// assert_eq!(t.as_deref(), Some("cute_static::tile!((_4:_2,_))"));
/// ```
pub fn macro_for(kind: Kind, text: &str) -> Option<String> {
    let name = match kind {
        Kind::IntTuple | Kind::Int => "int_tuple",
        Kind::Layout => "layout",
        Kind::Tiler => "tile",
        Kind::Coord => "coord",
        _ => return None,
    };
    Some(format!("cute_static::{name}!({text})"))
}

/// The cute-static expression for one op of the core vectors, or `None` for an op it has no
/// form for: cute-static's function of the op's name on the arguments of the op's kinds in
/// cute-dynamic's registry, a template argument `_N` as `::<N, _>`; `call` lists `L(i)` with
/// the prelude's `call_all`.
pub fn expression_for(op: &str, args: &[&str]) -> Option<String> {
    let entry = ops::vector_op(op).filter(|e| !e.extension)?;
    if op == "call" {
        return Some(format!(
            "call_all({})",
            macro_for(entry.arg(0)?, args.first()?)?
        ));
    }
    let mut template = String::new();
    let mut parts = Vec::new();
    for (i, text) in args.iter().enumerate() {
        match entry.arg(i)? {
            Kind::StaticInt => template = format!("::<{}, _>", text.strip_prefix('_')?),
            kind => parts.push(macro_for(kind, text)?),
        }
    }
    Some(format!("cute_static::{op}{template}({})", parts.join(", ")))
}

/// The expected text; `call` compares values (cute-static's `call` returns plain `i32`s).
pub fn expected(op: &str, result: &str) -> String {
    if op == "call" {
        result.replace('_', "")
    } else {
        result.to_string()
    }
}

/// One record of the vector file, as the generators read it.
#[derive(Clone, Debug)]
pub struct Record {
    /// The JSON line itself.
    pub line: String,
    /// `op/variant/n`.
    pub id: String,
    /// The operation.
    pub op: String,
    /// `static`, `dynamic`, `mixed`, `notebook`, ...
    pub variant: String,
    /// The arguments, CuTe text.
    pub args: Vec<String>,
    /// CuTe's printed result (`None` if CuTe rejected the case).
    pub result: Option<String>,
    /// The error kind (`compile`, `signal`, ...) if CuTe rejected the case.
    pub error: Option<String>,
    /// CuTe's diagnostic for a rejected case.
    pub message: Option<String>,
    /// The precondition CuTe left unchecked on dynamic values (section 5 of FORMAT.md).
    pub unchecked: Option<String>,
}

impl Record {
    /// The record on one line of the vector file (`None` for a line that is not a record).
    pub fn parse(line: &str) -> Option<Record> {
        let r: serde_json::Value = serde_json::from_str(line).ok()?;
        let text = |k: &str| r.get(k).and_then(|v| v.as_str()).map(str::to_string);
        Some(Record {
            line: line.to_string(),
            id: text("id")?,
            op: text("op")?,
            variant: text("variant")?,
            args: r["args"]
                .as_array()?
                .iter()
                .map(|a| a.as_str().map(str::to_string))
                .collect::<Option<_>>()?,
            result: text("result"),
            error: text("error"),
            message: text("message"),
            unchecked: text("unchecked"),
        })
    }

    /// The arguments as `&str`s.
    pub fn arg_refs(&self) -> Vec<&str> {
        self.args.iter().map(String::as_str).collect()
    }
}

/// Every record of a vector file's text, in order.
pub fn records(vectors: &str) -> impl Iterator<Item = Record> + '_ {
    vectors.lines().filter_map(Record::parse)
}

/// A generated test file: the `//!` header lines, the shared helpers, `prelude`, and one
/// `#[test] fn <op>()` per group holding its lines (inside a macro, so that rustfmt leaves the
/// generated lines alone).
pub fn test_file(
    header: &[String],
    prelude: &str,
    groups: &BTreeMap<String, Vec<String>>,
) -> String {
    let mut out = String::new();
    for (k, line) in header.iter().enumerate() {
        let _ = writeln!(out, "//! {line}");
        if k + 1 == header.len() {
            out.push('\n');
        }
    }
    out.push_str("#![allow(clippy::all)]\n\n");
    out.push_str(prelude);
    // Inside a brace-delimited macro call, rustfmt leaves the generated lines as they are.
    out.push_str(
        "\nmacro_rules! generated {\n    ($($item:item)*) => { $($item)* };\n}\n\ngenerated! {\n",
    );
    for (name, lines) in groups {
        let _ = write!(out, "\n#[test]\nfn {name}() {{\n");
        for l in lines {
            out.push_str(l);
        }
        out.push_str("}\n");
    }
    out.push_str("}\n");
    out
}

/// The generated test file for the given vector file text.
pub fn generate(vectors: &str) -> String {
    let mut by_op: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut defects = Vec::new();
    for r in records(vectors) {
        if !matches!(r.variant.as_str(), "static" | "notebook") || r.error.is_some() {
            continue;
        }
        let Some(result) = &r.result else {
            continue;
        };
        let args = r.arg_refs();
        if !args.iter().all(|a| is_all_static(a)) {
            continue;
        }
        let Some(expr) = expression_for(&r.op, &args) else {
            continue;
        };
        if crate::refused_as_defect(&r.op, &args) {
            defects.push(r.id.clone());
            continue;
        }
        let (id, want) = (&r.id, expected(&r.op, result));
        by_op.entry(r.op.clone()).or_default().push(format!(
            "    assert_eq!({expr}.to_string(), {want:?}, {id:?});\n"
        ));
    }
    let total: usize = by_op.values().map(Vec::len).sum();
    let header = [
        "GENERATED by `cargo run -p cute-tests --bin gen-static-conformance` from".to_string(),
        "`data/cute-vectors.jsonl`: every accepted all-static vector through cute-static.".into(),
        format!("{total} vectors. Do not edit by hand. Left out, as CuTe defects that"),
        "cute-static refuses while compiling (CUTLASS #3177; the test `static_rejections`):".into(),
        format!("{}.", defects.join(", ")),
    ];
    let mut prelude = String::new();
    prelude.push_str("/// `L(i)` for every `i` in the domain, as the vectors print it.\n");
    prelude.push_str("fn call_all<S, D>(l: cute_static::Layout<S, D>) -> String\n");
    prelude.push_str("where\n    S: cute_static::IntTuple,\n    D: cute_static::IntTuple,\n{\n");
    prelude.push_str(
        "    let v: Vec<String> = (0..l.size()).map(|i| l.call(i).to_string()).collect();\n",
    );
    prelude.push_str("    format!(\"[{}]\", v.join(\",\"))\n}\n");
    test_file(&header, &prelude, &by_op)
}

/// How many vectors [`generate`] turns into tests.
pub fn count(generated: &str) -> usize {
    generated.matches("assert_eq!(").count()
}
