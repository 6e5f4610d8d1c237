# wordle watch: one game drawn as the human game draws it, with the answers left.
source "$(dirname "$0")/../cli/lib.sh"
D="$(dirname "$0")/golden"

run "$PL" --color=never wordle watch --word cigar
expect_rc 0
expect_golden "$D/watch_cigar.txt"

run "$PL" wordle watch --player parts --hard --day 7 --json
expect_rc 0
expect_json
jq -e '.solved and .day == 7 and .secret == "evade" and .turns[0].guess == "trace" and .turns[-1].pattern == "GGGGG"' "$TMP/out" >/dev/null ||
  fail "watch --json: $(cat "$TMP/out")"

run "$PL" --seed 4 wordle watch --player random
expect_rc 0
first="$(cat "$TMP/out")"
run "$PL" --seed 4 wordle watch --player random
[ "$(cat "$TMP/out")" = "$first" ] || fail "--seed does not fix the game"

run "$PL" wordle watch --player frequency --word mummy --json
expect_rc 0
jq -e '.turns[0].guess == "stare" and .solved and .day == null' "$TMP/out" >/dev/null || fail "frequency on mummy: $(cat "$TMP/out")"

run "$PL" wordle watch --player clever
expect_rc 2
pass
