# Exit codes: 2 for usage errors (with a suggestion for a mistyped command).
source "$(dirname "$0")/lib.sh"

run "$PL" wordl
expect_rc 2
expect_err "unknown command 'wordl'"
expect_err "did you mean 'wordle'"

run "$PL" --no-such-flag
expect_rc 2
expect_err "error:"

run "$PL" --threads banana bench
expect_rc 2
expect_err "error:"

run "$PL" --color=sometimes
expect_rc 2

run "$PL" merge
expect_rc 2
expect_err "files"

# merge: a missing file and a non-result file are runtime failures (1) with a message.
run "$PL" merge "$TMP/none.json"
expect_rc 1
expect_err "cannot read"
echo '{"hello": 1}' >"$TMP/x.json"
run "$PL" merge "$TMP/x.json"
expect_rc 1
expect_err "not a puzzlelab shard result"
printf '\xff\xfe garbage' >"$TMP/y.json"
run "$PL" merge "$TMP/y.json"
expect_rc 1
expect_err "not valid JSON"
pass
