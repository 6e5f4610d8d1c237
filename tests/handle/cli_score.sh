# handle score: the rules' examples, every reference vector through the CLI, --json,
# --stdin error lines, and usage errors.
source "$(dirname "$0")/../cli/lib.sh"

run_input $'一心一意 心一一一\n一心一意 一一列举\n天南海北 南腔北调\n百里挑一 安然无恙\n七搭八搭 搭搭撒撒\n' "$PL" handle score --stdin
expect_rc 0
[ "$(out)" = $'MMME MMME EEEE NEEN\nEEEE MMME NNNM NNNN\nMMMM NNNM MMME NNNN\nNENM NNNN NNNN NENN\nMMMM EEEE NNEE NNNM' ] \
  || fail "examples of docs/rules/handle.md differ"

# Every vector of tests/data/handle_feedback.jsonl, end to end.
jq -r '.answer + " " + .guess' "$TESTS_DIR/data/handle_feedback.jsonl" >"$TMP/pairs"
jq -r '.result | join(" ")' "$TESTS_DIR/data/handle_feedback.jsonl" >"$TMP/want"
timeout "$TIMEOUT" "$PL" handle score --stdin <"$TMP/pairs" >"$TMP/got" 2>"$TMP/err" || fail "score --stdin failed"
diff -q "$TMP/want" "$TMP/got" >/dev/null || fail "score --stdin differs from the reference vectors"

run "$PL" handle score 一心一意 心一一一
expect_rc 0
[ "$(out)" = "MMME MMME EEEE NEEN" ] || fail "single score"

run "$PL" handle score 七搭八搭 搭搭撒撒 --json
expect_rc 0
expect_json
[ "$(jq -c '.guess_parsed[0]' "$TMP/out")" = '["ch","ang",2]' ] || fail "json parse of 搭"
[ "$(jq -r '.pass' "$TMP/out")" = false ] || fail "json pass"

# Traditional forms are mapped: 辭 is 辞.
run "$PL" handle score 辞旧迎新 辭旧迎新
[ "$(out)" = "EEEE EEEE EEEE EEEE" ] || fail "variant mapping"

run "$PL" handle score 一心一 心一一一
expect_rc 2
expect_err "answer: '一心一' has 3 characters"
run "$PL" handle score 一心一意 ab一一
expect_rc 2
expect_err "'a' is not a Chinese character"
run "$PL" handle score 一心一意
expect_rc 2

run_input $'一心一意 心一一一\nfoo\n一心一意 一一列举 x\n天南海北 南腔北调\n' "$PL" handle score --stdin
expect_rc 1
expect_err "error: line 2: expected ANSWER GUESS, got 1 field"
expect_err "error: line 3: expected ANSWER GUESS, got 3 fields"
[ "$(out)" = $'MMME MMME EEEE NEEN\nMMMM NNNM MMME NNNN' ] || fail "good lines of a bad input"
pass
