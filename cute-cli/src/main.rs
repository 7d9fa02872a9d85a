//! `cute`: the CuTe layout calculator. See `cute --help`.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cute_cli::Cli::parse();
    let code = cute_cli::run(
        &cli,
        &mut std::io::stdin().lock(),
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    ExitCode::from(code)
}
