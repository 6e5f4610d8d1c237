# `2048 move`: arguments, every shared vector through --stdin, bad lines.
source "$(dirname "$0")/../cli/lib.sh"

run "$PL" 2048 move "2 2 2 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0" right
expect_rc 0
# For a person: the board a line a row, then the score and whether it moved.
[ "$(out)" = "$(printf '0 0 2 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\nscore 4 · moved')" ] || fail "right on [2,2,2,0]: got '$(out)'"
run "$PL" 2048 move "1024 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0" left
[ "$(out)" = "$(printf '1024    0    0    0\n   0    0    0    0\n   0    0    0    0\n   0    0    0    0\nscore 0 · not moved: the board stays as it was')" ] ||
  fail "left on a board that cannot move: got '$(out)'"

# Every line of the vectors (65536 and 131072 included), compared field by field.
"$PL" 2048 move --stdin --json <"$TESTS_DIR/data/2048_moves.jsonl" >"$TMP/got.jsonl" 2>"$TMP/err" || fail "move --stdin failed"
jq -c '{after, score, moved, won}' "$TESTS_DIR/data/2048_moves.jsonl" >"$TMP/want.norm"
jq -c '{after, score, moved, won}' "$TMP/got.jsonl" >"$TMP/got.norm"
[ "$(wc -l <"$TMP/want.norm")" -gt 8000 ] || fail "vectors not read"
diff -q "$TMP/want.norm" "$TMP/got.norm" >/dev/null || {
  diff "$TMP/want.norm" "$TMP/got.norm" | head -5 >&2
  fail "move output differs from the vectors"
}

# The text form: values, score, moved; the direction may come first.
run_input $'up 0 0 0 2 0 0 0 2 0 0 0 0 0 0 0 0\n' "$PL" 2048 move --stdin
expect_rc 0
[ "$(out)" = "0 0 0 4 0 0 0 0 0 0 0 0 0 0 0 0 4 1" ] || fail "got '$(out)'"

# Bad lines: a message naming the line, the others still answered, exit 1.
run_input $'2 2 2 0 0 0 0 0 0 0 0 0 0 0 0 0 left\nbanana\n3 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 up\n2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 sideways\n2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 down\n' \
  "$PL" 2048 move --stdin
expect_rc 1
expect_err "error: line 2:"
expect_err "error: line 3: 3 is not a tile value"
expect_err "error: line 4: unknown direction 'sideways'"
[ "$(wc -l <"$TMP/out")" = 2 ] || fail "expected 2 answers"
expect_out "4 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4 1"
expect_out "0 0 0 0 0 0 0 0 0 0 0 0 2 0 0 0 0 1"

run "$PL" 2048 move "1 2 3" left
expect_rc 2
expect_err "error:"
pass
