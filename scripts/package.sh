#!/usr/bin/env bash
# The packaging check of the publishable crates (cute-text, cute-static-macros, cute-static,
# cute-dynamic, cute-cli): `cargo package` makes each .crate from the files git tracks and verifies that it
# builds on its own. The crates are packaged in one run, so those that depend on another
# workspace crate resolve it from the packages just made (cargo >= 1.83 overlays them as a local
# registry), not from crates.io, where they are not published yet. cargo refuses uncommitted
# changes; pass --allow-dirty to check work in progress (other arguments go to cargo package).
# Then each .crate must hold its README.md, and LICENSE as a file with the workspace's
# BSD-3-Clause text (the crates' LICENSE are symlinks to ../LICENSE, which cargo copies).
set -euo pipefail
cd "$(dirname "$0")/.."
crates=(cute-text cute-static-macros cute-static cute-dynamic cute-cli)
if grep -q 'example\.invalid' Cargo.toml ./*/Cargo.toml; then
    echo "a placeholder URL (example.invalid) is left in a Cargo.toml" >&2
    exit 1
fi
args=()
for c in "${crates[@]}"; do args+=(-p "$c"); done
cargo package "${args[@]}" "$@"
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
dir=${CARGO_TARGET_DIR:-target}/package
for c in "${crates[@]}"; do
    crate=$dir/$c-$version.crate
    tar -tvzf "$crate" "$c-$version/LICENSE" | grep -q '^-' || { echo "$crate: LICENSE is not a file" >&2; exit 1; }
    tar -xOzf "$crate" "$c-$version/LICENSE" | cmp -s - LICENSE || { echo "$crate: LICENSE differs" >&2; exit 1; }
    tar -tzf "$crate" "$c-$version/README.md" >/dev/null
    echo "ok: $crate ($(tar -tzf "$crate" | wc -l) files, $(wc -c <"$crate") bytes; README.md, LICENSE)"
done
