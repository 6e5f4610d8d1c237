# `puzzlelab 24 stats`: the known figures, JSON, the difficulty correlation.
source "$(dirname "$0")/../cli/lib.sh"

run "$PL" 24 stats
expect_rc 0
expect_out "hands            1820"
expect_out "solvable         1362 (74.84%)"
expect_out "solvable only through fractions: 16"
expect_out "Spearman -0."

run "$PL" 24 stats --range 1..10 --json
expect_rc 0
expect_json
[ "$(jq -r '.hands' "$TMP/out")" = 715 ] || fail "1..10: 715 hands"
[ "$(jq -r '.solvable' "$TMP/out")" = 566 ] || fail "1..10: 566 solvable"

run "$PL" 24 stats --range 1..9 --json --threads 1
[ "$(jq -r '.solvable' "$TMP/out")" = 404 ] || fail "1..9: 404 solvable"

run "$PL" 24 stats --json
rho="$(jq -r '.spearman_rating_vs_solved_percent' "$TMP/out")"
awk -v r="$rho" 'BEGIN { exit !(r <= -0.70) }' || fail "Spearman $rho is weaker than -0.70"
[ "$(jq -r '.fraction_only | length' "$TMP/out")" = 16 ] || fail "16 fraction-only hands"

run "$PL" 24 stats --range 13..1
expect_rc 2
run "$PL" 24 stats --range 1..100 --numbers 8
expect_rc 2
expect_err "hands"
pass
