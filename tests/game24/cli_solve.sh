# `puzzlelab 24 solve`: output, exit codes, validation, piped hands, JSON.
source "$(dirname "$0")/../cli/lib.sh"
HERE="$(dirname "$0")"

run "$PL" 24 solve 3 3 8 8
expect_rc 0
[ "$(out)" = "8/(3-8/3)" ] || fail "3 3 8 8 should print exactly 8/(3-8/3)"

run "$PL" 24 solve 5 6 7 8
expect_rc 0
[ "$(out | wc -l)" = 3 ] || fail "5 6 7 8 has 3 distinct solutions"
expect_out "(7+5)*(8-6)"

run "$PL" 24 solve 5 6 7 8 --count
expect_rc 0
[ "$(out)" = 3 ] || fail "--count of 5 6 7 8 should be 3"

run "$PL" 24 solve 1 2 3 4 --one
expect_rc 0
[ "$(out | wc -l)" = 1 ] || fail "--one prints one solution"

run "$PL" 24 solve 5 24 1000 1001
expect_rc 1
expect_err "no solution"
[ ! -s "$TMP/out" ] || fail "no solution: stdout must be empty"

run "$PL" 24 solve 3 3 8 8 --pretty
expect_out "8÷(3-8÷3)"

run "$PL" 24 solve 1 2 --target 1/2
expect_rc 0
expect_out "1/2"

run "$PL" 24 solve 25 50 75 100 3 6 --target 952 --subset --integers
expect_rc 0
expect_out "((100+6)*75*3-50)/25"

run "$PL" 24 solve 1 1 1 1 --closest
expect_rc 1
expect_err "closest reachable value is 4 (20 away)"
expect_out "1+1+1+1"

run "$PL" 24 solve 3 3 8 8 --json
expect_rc 0
expect_json
[ "$(jq -r '.solutions[0]' "$TMP/out")" = "8/(3-8/3)" ] || fail "JSON solutions"
[ "$(jq -r '.count' "$TMP/out")" = 1 ] || fail "JSON count"

# Validation: usage errors with a clear message.
run "$PL" 24 solve 3 x 8 8
expect_rc 2
expect_err "'x' is not a number"
run "$PL" 24 solve 1 2 3 4 5 6 7 8 9
expect_rc 2
expect_err "1 to 8 numbers"
run "$PL" 24 solve 3 3 8 8 --target abc
expect_rc 2
expect_err "--target"
run "$PL" 24 solve 1/0 3
expect_rc 2
expect_err "divides by zero"
run "$PL" 24 solve 1 2 --count --one
expect_rc 2
run "$PL" 24 solve 4611686018427387904 4611686018427387904 4611686018427387904 3
expect_rc 1
expect_err "out of range"

# Piped hands: one per line, "hand: solution".
run_input $'3 3 8 8\n1 1 1 1\n\n# a comment\n5 6 7 8\n' "$PL" 24 solve
expect_rc 1
expect_golden "$HERE/golden/solve_piped.txt"
run_input $'3 3 8 8\n' "$PL" 24 solve
expect_rc 0
run_input $'3 3 8 8\nfoo\n' "$PL" 24 solve --count
expect_rc 1
expect_out "3 3 8 8: 1"
expect_err "line 2: 'foo' is not a number"
pass
