#!/usr/bin/env bash
# Checks that the declared minimum supported Rust version (`rust-version` in Cargo.toml) is true
# for the publishable crates (cute-text, cute-static-macros, cute-static, cute-dynamic, cute-cli):
#  1. clippy's incompatible_msrv, with the current toolchain: no standard-library API newer than
#     the MSRV (the lint is on by default, so `.ci/run`'s clippy step enforces it too);
#  2. with the MSRV toolchain itself (X.Y.0; rustup installs it if missing, which needs the
#     network once): the five crates' libraries and the `cute` binary build from Cargo.lock
#     (what a dependent or `cargo install` compiles), and cute-text's, cute-static's and
#     cute-static-macros' unit tests, examples (the GEMM and transpose kernels check themselves) and doctests pass:
#     they run the const evaluation that computes every layout while compiling.
#  3. with --full, also cute-dynamic's and cute-cli's tests and doctests, in a copy of the working
#     tree without cute-dynamic's criterion benchmark: criterion 0.8, a dev-dependency used only
#     by `cargo bench -p cute-dynamic`, needs Rust 1.86, so the workspace's own test command
#     cannot run on the MSRV toolchain as it is (cute-tests' ui tests also pin the current
#     compiler's messages; cute-tests is not published and is not checked here).
set -euo pipefail
cd "$(dirname "$0")/.."
full=0
[[ ${1:-} == --full ]] && full=1
msrv=$(sed -n 's/^rust-version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
[[ $msrv == *.*.* ]] || msrv=$msrv.0
crates=(-p cute-text -p cute-static-macros -p cute-static -p cute-dynamic -p cute-cli)
target=${CARGO_TARGET_DIR:-$PWD/target}/msrv

echo "== clippy incompatible_msrv (rust-version $msrv)"
cargo clippy -q "${crates[@]}" --all-targets -- -D clippy::incompatible_msrv

if ! rustup run "$msrv" rustc --version >/dev/null 2>&1; then
    echo "== installing Rust $msrv"
    rustup toolchain install "$msrv" --profile minimal
fi
echo "== $(rustup run "$msrv" rustc --version)"
cargo "+$msrv" build --locked "${crates[@]}" --lib --bins --target-dir "$target"
cargo "+$msrv" test --locked -p cute-text -p cute-static -p cute-static-macros --target-dir "$target"

if ((full)); then
    copy=$(mktemp -d)
    trap 'rm -rf "$copy"' EXIT
    git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$copy"
    sed -i '/^criterion = /d; /^\[\[bench\]\]$/,/^harness = false$/d' "$copy/cute-dynamic/Cargo.toml"
    rm -rf "$copy/cute-dynamic/benches"
    (cd "$copy" && cargo "+$msrv" test -p cute-dynamic -p cute-cli --target-dir "$target")
fi
echo "MSRV $msrv: ok"
