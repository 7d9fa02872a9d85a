#!/usr/bin/env bash
# Where compiling one crate spends its time evaluating constants (cute-static's algebra runs in
# constant evaluation): rustc's self-profile of the crate's build (nightly `-Zself-profile`,
# everything it depends on built first, nothing incremental), read by
# scripts/const-eval-profile/ (the longest evaluations, each with its item's path).
#
#   scripts/const-eval-profile.sh [CARGO-RUSTC-ARGS...]   # default: the GPU kernels' host build
#   scripts/const-eval-profile.sh -p cute-tests --test tiled_conformance --profile test
#   TOP=80 scripts/const-eval-profile.sh ...
#
# The GPU kernels (-p cute-kernels) are built in gpu/, their own workspace; anything else in the
# main one. Nightly's rustc evaluates constants as stable's does (it measured the bank probes'
# 87 s of the kernels' 105 s that commit adaf7e0 removed).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(-p cute-kernels --lib)
dir=.
[[ " ${args[*]} " == *" -p cute-kernels "* ]] && dir=gpu
export CARGO_INCREMENTAL=0 CARGO_TARGET_DIR=$root/target/const-eval-profile/build
out=$root/target/const-eval-profile/profile
rm -rf "$out" && mkdir -p "$out"
# rustc profiles only a build it runs: the package is cleaned first (what it depends on stays).
pkg=
for ((i = 0; i + 1 < ${#args[@]}; i++)); do
    [ "${args[i]}" = -p ] && pkg=${args[i + 1]}
done
(cd "$dir" && { [ -z "$pkg" ] || cargo +nightly clean -q -p "$pkg"; } &&
    cargo +nightly rustc -q "${args[@]}" -- -Zself-profile="$out" \
        -Zself-profile-events=default,args)
cargo build -q --release --manifest-path scripts/const-eval-profile/Cargo.toml \
    --target-dir "$root/target/const-eval-profile/reader"
"$root/target/const-eval-profile/reader/release/const-eval-profile" "$out"/*.mm_profdata "${TOP:-40}"
