//! Helpers shared by the integration tests: running the `cute` binary.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// What one run of the binary did.
#[derive(Debug)]
pub struct Run {
    /// Exit status (-1 if killed by a signal).
    pub status: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Run `cute` with `args`, feeding `stdin` (written from a thread, so that large outputs
/// cannot dead-lock).
pub fn cute_bytes(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn cute");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // The binary may exit before reading everything (e.g. on a usage error).
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait for cute");
    writer.join().expect("stdin writer");
    let run = Run {
        status: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "cute {args:?} panicked: {}",
        run.stderr
    );
    run
}

/// Run `cute` with `args` and text on standard input.
pub fn cute(args: &[&str], stdin: &str) -> Run {
    cute_bytes(args, stdin.as_bytes())
}

/// The line numbers (1-based) that a session run reported as failed (`error (line N): ...`).
pub fn failed_lines(stderr: &str) -> std::collections::BTreeSet<usize> {
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix("error (line "))
        .filter_map(|rest| rest.split(')').next()?.parse().ok())
        .collect()
}

/// A session run's results, one per input line: `Ok(output line)` or `Err(())` for a line
/// reported failed. Every input line must be an expression (no blanks or comments).
pub fn session_results(lines: &[String]) -> (Run, Vec<Result<String, ()>>) {
    let mut input = lines.join("\n");
    input.push('\n');
    let run = cute(&[], &input);
    let failed = failed_lines(&run.stderr);
    let mut outputs = run.stdout.lines();
    let results = (1..=lines.len())
        .map(|n| {
            if failed.contains(&n) {
                Err(())
            } else {
                Ok(outputs
                    .next()
                    .unwrap_or_else(|| panic!("no output for line {n}: {}", lines[n - 1]))
                    .to_string())
            }
        })
        .collect();
    assert_eq!(outputs.next(), None, "more output lines than results");
    (run, results)
}
