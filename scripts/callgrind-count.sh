# Sourced by the instruction-count scripts (op-instructions.sh, algebra-instructions.sh,
# data-model.sh, zero-cost.sh): `callgrind_count BIN ARGS...` prints the instructions callgrind
# counts for the whole run of BIN with ARGS (its output discarded). A run that fails (BIN's
# exit status, e.g. a case refused) prints nothing and fails with that status, so that a
# count of a run cut short is never quoted.
callgrind_count() {
    local out status=0
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then
        rm -f "$out"
        echo "callgrind_count: '$*' failed (exit status $status)" >&2
        return "$status"
    fi
    callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }'
    rm -f "$out"
}
