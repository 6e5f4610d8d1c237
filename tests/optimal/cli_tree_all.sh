# `wordle tree --all` / `handle tree --all`: the proof of the best first guess, its
# results file, and a stopped run going on from it.
source "$(dirname "$0")/../cli/lib.sh"

awk 'NR % 38 == 1' "$TESTS_DIR/../data/wordle/answers.txt" >"$TMP/a.txt"
{ cat "$TMP/a.txt"; awk 'NR % 38 == 5' "$TESTS_DIR/../data/wordle/guesses.txt"; } | sort -u >"$TMP/g.txt"
L=(--answers "$TMP/a.txt" --guesses "$TMP/g.txt")

# The best by the exact solver's own search over every first guess.
run "$PL" --quiet wordle tree "${L[@]}" --json
expect_rc 0
best=$(jq -c '[.first_guess, .total]' "$TMP/out")

run "$PL" --quiet wordle tree --all --top 3 "${L[@]}" --results "$TMP/r.jsonl" --json
expect_rc 0
expect_json
[ "$(jq -c '[.first_guess, .total]' "$TMP/out")" = "$best" ] || fail "--all found $(jq -c '[.first_guess, .total]' "$TMP/out"), not $best"
[ "$(jq '.top | length >= 3' "$TMP/out")" = true ] || fail "--top 3 lists fewer than 3"
[ "$(jq '[.top[].total] | . == sort' "$TMP/out")" = true ] || fail "--top is not sorted"
cp "$TMP/out" "$TMP/whole.json"
lines=$(wc -l <"$TMP/r.jsonl")
[ "$lines" = "$(jq .splitting_guesses "$TMP/whole.json")" ] || fail "results file: $lines lines"
# Each of the top is exact in the file, and the others are bounded above the last.
last=$(jq '.top[-1].total' "$TMP/whole.json")
jq -e --argjson last "$last" 'select(.exact == false) | .total > $last' "$TMP/r.jsonl" | grep -q false &&
  fail "a bounded first guess is not above the top's last total"
# Each listed total is that first guess's own exact total.
for w in $(jq -r '.top[].first_guess' "$TMP/whole.json"); do
  run "$PL" --quiet wordle tree --first "$w" "${L[@]}" --json
  [ "$(jq .total "$TMP/out")" = "$(jq --arg w "$w" '.top[] | select(.first_guess == $w) | .total' "$TMP/whole.json")" ] ||
    fail "$w: --all says $(jq --arg w "$w" '.top[] | select(.first_guess == $w) | .total' "$TMP/whole.json"), --first says $(jq .total "$TMP/out")"
done

# A run stopped part-way (half its lines, the last one cut off mid-write) goes on to the
# same result, evaluating only the first guesses it had not settled.
head -n $((lines / 2)) "$TMP/r.jsonl" >"$TMP/half.jsonl"
sed -n "$((lines / 2 + 1))p" "$TMP/r.jsonl" | head -c 20 >>"$TMP/half.jsonl"
run "$PL" wordle tree --all --top 3 "${L[@]}" --results "$TMP/half.jsonl" --json
expect_rc 0
expect_err "resuming: $((lines / 2)) first guesses settled"
[ "$(jq .resumed "$TMP/out")" = $((lines / 2)) ] || fail "resumed $(jq .resumed "$TMP/out")"
diff <(jq -S 'del(.seconds, .cpu_seconds, .resumed)' "$TMP/whole.json") \
  <(jq -S 'del(.seconds, .cpu_seconds, .resumed)' "$TMP/out") >&2 || fail "the resumed proof differs"

# Text output.
run "$PL" --quiet wordle tree --all "${L[@]}" --results "$TMP/r.jsonl"
expect_rc 0
expect_out_re "best first guess  $(jq -r .first_guess "$TMP/whole.json"): $(jq .total "$TMP/whole.json") guesses"
expect_out "taken from an earlier run"

# Results of another problem (hard mode) are refused, naming the line.
run "$PL" wordle tree --all --hard "${L[@]}" --results "$TMP/r.jsonl"
expect_rc 1
expect_err "line 1: the results of another problem"
printf '{"problem":"x"\n{"a":1}\n' >"$TMP/bad.jsonl"
run "$PL" wordle tree --all "${L[@]}" --results "$TMP/bad.jsonl"
expect_rc 1
expect_err "line 1: not a JSON object"
# Options that do not go with --all.
run "$PL" wordle tree --all --first salet "${L[@]}"
expect_rc 2
expect_err "--all proves the best first guess"
run "$PL" wordle tree --results "$TMP/r.jsonl" "${L[@]}"
expect_rc 2
expect_err "give --all"

# Handle: the same code path; the best over all idioms is 补过拾遗 (865). Under the
# sanitizers (the asan test preset sets PUZZLELAB_SANITIZED) this proof over 29,760 first
# guesses takes minutes; the Wordle runs above take the same code through them, and the
# Release pass checks the figure.
if [ -z "${PUZZLELAB_SANITIZED:-}" ]; then
  run "$PL" --quiet handle tree --all --json
  expect_rc 0
  [ "$(jq -c '[.first_guess, .total]' "$TMP/out")" = '["补过拾遗",865]' ] ||
    fail "handle --all: $(jq -c '[.first_guess, .total]' "$TMP/out")"
fi
echo "ok: tree --all"
