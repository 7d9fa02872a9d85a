#!/usr/bin/env bash
# Run the cargo-fuzz targets of fuzz/ (docs/fuzzing.md), one after the other, each as one
# libFuzzer process (no -jobs/-fork: one core).
#
#   scripts/fuzz.sh                    # every target, RUNS executions each (default 1,000,000)
#   scripts/fuzz.sh ops 3000000        # one target, 3,000,000 executions
#   RUNS=500000 scripts/fuzz.sh        # every target, 500,000 executions each
#   MAX_TIME=900 scripts/fuzz.sh ops   # one target for 15 minutes (libFuzzer's -max_total_time)
#   CLEAN=1 scripts/fuzz.sh ...        # afterwards, delete fuzz/target (several GB)
#
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz --locked`, from
# crates.io; installed here if missing). Seeds for the text targets come from the conformance
# vectors' arguments (fuzz/corpus/, not committed). Prints each target's libFuzzer summary and,
# at the end, the number of executions per target and in total (libFuzzer's `Done N runs`, or
# its `stat::number_of_executed_units` if the run was interrupted); the whole libFuzzer output
# is kept in fuzz/logs/. A crash stops the run:
# libFuzzer writes the input to fuzz/artifacts/TARGET/ and prints how to reproduce it
# (`cargo +nightly fuzz run TARGET fuzz/artifacts/TARGET/crash-...`).
set -euo pipefail
cd "$(dirname "$0")/.."
TARGETS=(parse ops cli)
if [ $# -ge 1 ]; then TARGETS=("$1"); fi
RUNS="${2:-${RUNS:-1000000}}"

if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi

# Seed corpora: every argument of the conformance vectors as one file (text targets), and a
# few expressions of the cute command.
seed() {
  local dir=fuzz/corpus/$1
  [ -d "$dir" ] && return
  mkdir -p "$dir"
  python3 - "$dir" "$1" <<'PY'
import hashlib, json, os, sys
out, target = sys.argv[1], sys.argv[2]
seen = set()
for path in ("tests/data/cute-vectors.jsonl", "tests/data/cute-ext-vectors.jsonl",
             "tests/data/negative-vectors.jsonl"):
    for line in open(path):
        r = json.loads(line)
        texts = list(r.get("args", []))
        if target == "cli":
            texts = ["\0%s(%s)" % (r["op"], ", ".join(texts))] + ["\0" + t for t in texts]
        for t in texts:
            if t in seen or len(seen) >= 3000:
                continue
            seen.add(t)
            name = hashlib.sha1(t.encode()).hexdigest()
            with open(os.path.join(out, name), "w") as f:
                f.write(t)
PY
}

declare -A DONE
for t in "${TARGETS[@]}"; do
  case "$t" in parse|cli) seed "$t" ;; ops) mkdir -p fuzz/corpus/ops ;; *) echo "unknown target $t" >&2; exit 2 ;; esac
  mkdir -p fuzz/logs
  log=fuzz/logs/$t-$(date -u +%Y%m%dT%H%M%SZ).log
  limit=(-runs="$RUNS")
  if [ -n "${MAX_TIME:-}" ]; then limit=(-max_total_time="$MAX_TIME"); fi
  echo "== $t: ${limit[*]} (log: $log)"
  # The corpus is fuzz/corpus/$t, crashes go to fuzz/artifacts/$t (cargo-fuzz's defaults).
  # Overflow checks and debug assertions on (-a): a wrapped i32 is a panic, so a crash. No
  # sanitizer (-s none): the crates forbid unsafe code, so AddressSanitizer would only slow it.
  cargo +nightly fuzz run -a -s none "$t" -- \
      "${limit[@]}" -max_len=1024 -timeout=20 -print_final_stats=1 \
      2>&1 | tee "$log" | grep -E "^#[0-9]+[[:space:]]+DONE|Done [0-9]+ runs|stat::number_of_executed_units|interrupted|ERROR|panicked|SUMMARY" || true
  n=$(grep -Eo "Done [0-9]+ runs" "$log" | grep -Eo "[0-9]+" | tail -1 || true)
  if [ -z "$n" ] && grep -q "run interrupted" "$log"; then
    n=$(grep -Eo "stat::number_of_executed_units: [0-9]+" "$log" | grep -Eo "[0-9]+$" | tail -1 || true)
  fi
  if [ -z "$n" ] || grep -Eq "^==[0-9]+== ERROR|^SUMMARY" "$log"; then
    echo "$t: a crash, a timeout or out of memory; see $log and fuzz/artifacts/$t/" >&2
    exit 1
  fi
  DONE[$t]=$n
done
total=0
for t in "${TARGETS[@]}"; do
  echo "$t: ${DONE[$t]} executions"
  total=$((total + DONE[$t]))
done
echo "total: $total executions"
if [ "${CLEAN:-0}" = 1 ]; then rm -rf fuzz/target; fi
