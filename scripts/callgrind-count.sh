# Sourced by the instruction-count scripts (op-instructions.sh, algebra-instructions.sh,
# data-model.sh, zero-cost.sh): `callgrind_count BIN ARGS...` prints the instructions callgrind
# counts for the whole run of BIN with ARGS (its output discarded).
callgrind_count() {
    local out
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>&1
    callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }'
    rm -f "$out"
}
