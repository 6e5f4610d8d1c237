# wordle sim: the known totals (8,020 / 7,949 / 8,386) through the CLI and --json's fields; results do
# not depend on --threads; shards merge into the single-run result.
source "$(dirname "$0")/../cli/lib.sh"

run "$PL" wordle sim --player entropy --games all --json
expect_rc 0
expect_json
[ "$(jq -c '[.games, .wins, .total_guesses, .max, .first_guess]' "$TMP/out")" = '[2315,2315,8020,6,"soare"]' ] ||
  fail "entropy: $(jq -c '[.games, .wins, .total_guesses, .max, .first_guess]' "$TMP/out")"
jq -e '.mean > 3.464 and .mean < 3.465 and (.distribution | type == "object") and (.seconds | type == "number")' \
  "$TMP/out" >/dev/null || fail "--json lacks mean, distribution or seconds"

run "$PL" wordle sim --player frequency --games all --json
[ "$(jq -c '[.total_guesses, .games - .wins, .first_guess]' "$TMP/out")" = '[8386,15,"stare"]' ] ||
  fail "frequency: $(jq -c '[.total_guesses, .wins]' "$TMP/out")"

run "$PL" --color=never wordle sim --player parts
expect_rc 0
expect_out "first guess     TRACE"
expect_out_re "guesses +mean .*, total 7949$"
expect_not_out "total guesses"  # the total once, on the guesses line
expect_out "over 6 guesses  0"

run "$PL" wordle sim --player entropy --hard --json
[ "$(jq -c '[.total_guesses, .games - .wins]' "$TMP/out")" = '[8339,7]' ] || fail "entropy hard: $(jq -c .total_guesses "$TMP/out")"

# Random: N secrets drawn with the seed; the same with 1 or 2 threads.
run "$PL" wordle sim --player random --games 300 --seed 5 --threads 1 --json
jq -c 'del(.seconds, .cpu_seconds, .games_per_second)' "$TMP/out" >"$TMP/one"
run "$PL" wordle sim --player random --games 300 --seed 5 --threads 2 --json
jq -c 'del(.seconds, .cpu_seconds, .games_per_second)' "$TMP/out" >"$TMP/two"
cmp -s "$TMP/one" "$TMP/two" || fail "--threads changes the result"
jq -e '.mean > 3.8 and .mean < 4.4 and .games == 300' "$TMP/one" >/dev/null || fail "random mean $(jq .mean "$TMP/one")"

# --jsonl: one line a game with its guesses.
run "$PL" wordle sim --player entropy --games 20 --jsonl
expect_rc 0
[ "$(wc -l <"$TMP/out")" = 20 ] || fail "--jsonl lines"
head -n 1 "$TMP/out" | jq -e '.detail.guesses[0] == "soare"' >/dev/null || fail "--jsonl detail"

# Shards merge to exactly the single run.
"$PL" wordle sim --player entropy --games all --shard 0/2 >"$TMP/s0.json" 2>/dev/null || fail "shard 0"
"$PL" wordle sim --player entropy --games all --shard 1/2 >"$TMP/s1.json" 2>/dev/null || fail "shard 1"
run "$PL" merge "$TMP/s0.json" "$TMP/s1.json" --json
expect_rc 0
[ "$(jq .total_guesses "$TMP/out")" = 8020 ] || fail "merged total $(jq .total_guesses "$TMP/out")"
run "$PL" --color=never merge "$TMP/s0.json" "$TMP/s1.json"
expect_out "first guess     SOARE"

run "$PL" wordle sim --player oracle
expect_rc 2
run "$PL" wordle sim --games 0
expect_rc 2
pass
