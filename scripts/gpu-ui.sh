#!/usr/bin/env bash
# The compile-fail cases of the GPU kernels (gpu/kernels/ui/NAME.rs): each is built into the
# kernels crate for nvptx64-nvidia-cuda (`--cfg cute_ui`, `CUTE_UI=NAME`; see
# gpu/kernels/src/lib.rs) and must fail with the errors pinned in gpu/kernels/ui/NAME.stderr:
# each error's first line and the place in the case it points at. A misuse of the device
# layer that only the device build sees (a copy atom over a layout it cannot take) is tested
# here; the host-side ones are ui-tests/ (tests/tests/ui.rs).
#   scripts/gpu-ui.sh              compare
#   UI=overwrite scripts/gpu-ui.sh re-pin
set -euo pipefail
cd "$(dirname "$0")/../gpu"
export CARGO_TERM_COLOR=never
failed=0
for case in kernels/ui/*.rs; do
    name=$(basename "$case" .rs)
    log=$(CUTE_UI=$name cargo +nightly rustc -p cute-kernels --release -Zbuild-std=core \
        --target nvptx64-nvidia-cuda -- --cfg cute_ui 2>&1 || true)
    got=$(printf '%s\n' "$log" | awk -v f="kernels/src/../ui/$name.rs" '
        /^(error|warning)(\[E[0-9]+\])?: / && !/^error: could not compile/ && !/^warning: .* generated/ { print; next }
        index($0, "--> " f) { sub(/.*--> /, "  --> "); sub(/kernels\/src\/\.\.\/ui\//, "kernels/ui/"); print }')
    pin="kernels/ui/$name.stderr"
    if [ "${UI:-}" = overwrite ]; then
        printf '%s\n' "$got" >"$pin"
    elif [ "$got" != "$(cat "$pin")" ]; then
        echo "gpu-ui: $name: expected (kernels/ui/$name.stderr):" >&2
        cat "$pin" >&2
        echo "gpu-ui: got:" >&2
        printf '%s\n' "$got" >&2
        failed=1
    fi
done
[ "$failed" = 0 ] && echo "gpu-ui: $(ls kernels/ui/*.rs | wc -l) compile-fail cases fail as pinned"
exit "$failed"
