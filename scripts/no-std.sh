#!/usr/bin/env bash
# cute-dynamic without std (issue 10): build it, and its dependencies, with default features off
# (and with serde) for x86_64-unknown-none, a target that has `core` and `alloc` but no `std`,
# so any use of std anywhere in the crate graph fails to compile. Installs the target with rustup
# if it is missing (one rust-std component download). If rustup cannot fetch it (no network),
# the same build runs for the host: the crates are all `#![no_std]` and none of them declares
# `extern crate std` outside its tests, so this still fails on any std use in them, but not in a
# third-party dependency; the script says which of the two it did.
set -euo pipefail
cd "$(dirname "$0")/.."
target=x86_64-unknown-none
if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
  rustup target add "$target" || true
fi
if rustup target list --installed 2>/dev/null | grep -qx "$target"; then
  cargo build -p cute-dynamic --no-default-features --target "$target"
  cargo build -p cute-dynamic --no-default-features --features serde --target "$target"
  echo "no_std: cute-dynamic builds for $target (no std in the crate graph)"
else
  cargo build -p cute-dynamic --no-default-features
  cargo build -p cute-dynamic --no-default-features --features serde
  echo "no_std: $target not installable here; cute-dynamic built without std features for the host"
fi
