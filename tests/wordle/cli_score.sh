# wordle score: the issue's example, every line of the shared vectors through
# --stdin, and bad lines (reported, skipped, exit 1 at the end).
source "$(dirname "$0")/../cli/lib.sh"

run "$PL" wordle score elder error
expect_rc 0
[ "$(out)" = "G...G" ] || fail "elder/error gives $(out)"

cut -f1,2 "$TESTS_DIR/data/wordle_feedback.tsv" | tr '\t' ' ' >"$TMP/pairs"
cut -f3 "$TESTS_DIR/data/wordle_feedback.tsv" >"$TMP/want"
run_input "$(cat "$TMP/pairs")" "$PL" wordle score --stdin
expect_rc 0
diff -u "$TMP/want" "$TMP/out" >"$TMP/diff" || { head -20 "$TMP/diff" >&2; fail "score --stdin differs from wordle_feedback.tsv"; }

run_input $'those geese\nthree\nabc defgh\ndread added\n' "$PL" wordle score --stdin
expect_rc 1
[ "$(out)" = $'...GG\nYY.YG' ] || fail "good lines not all printed: $(out)"
expect_err "error: line 2: expected 'SECRET GUESS', got 1 field"
expect_err "error: line 3: secret 'abc' has 3 letters"

run "$PL" wordle score crane cranes
expect_rc 2
expect_err "guess 'cranes' has 6 letters; expected 5"
run "$PL" wordle score crane
expect_rc 2
pass
