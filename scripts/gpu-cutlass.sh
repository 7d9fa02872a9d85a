#!/usr/bin/env bash
# Packs what the CuTe C++ twins need into gpu/target/cutlass.tar.gz, to carry to the GPU
# machine (which has nvcc but no network): CUTLASS 4.2.0's headers (include/, tools/util/include/)
# and its CuTe tutorial (examples/cute/tutorial/), from the nvidia-cutlass==4.2.0.0 wheel on
# PyPI. The wheel is cached in $CUTE_ORACLE_CACHE (default /tmp/cute-oracle-cache, as the
# shared oracle's setup.sh caches it). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
CACHE="${CUTE_ORACLE_CACHE:-/tmp/cute-oracle-cache}"
out=gpu/target/cutlass.tar.gz
[ -f "$out" ] && { echo "gpu-cutlass: $out exists"; exit 0; }
mkdir -p "$CACHE/whl" gpu/target
ls "$CACHE"/whl/nvidia_cutlass-4.2.0.0-*.whl >/dev/null 2>&1 ||
    python3 -m pip download --quiet --no-deps -d "$CACHE/whl" nvidia-cutlass==4.2.0.0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$CACHE"/whl/nvidia_cutlass-4.2.0.0-*.whl "$tmp" <<'PY'
import sys, zipfile
whl, dst = sys.argv[1], sys.argv[2]
keep = ("cutlass_library/source/include/", "cutlass_library/source/tools/util/include/",
        "cutlass_library/source/examples/cute/tutorial/")
with zipfile.ZipFile(whl) as z:
    z.extractall(dst, [n for n in z.namelist() if n.startswith(keep)])
PY
tar -czf "$out" -C "$tmp/cutlass_library/source" include tools examples
echo "gpu-cutlass: $out ($(du -h "$out" | cut -f1))"
