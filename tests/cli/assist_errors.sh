# The assistants report a bad entry the same way: on stderr, as "error: entry N (...)",
# status 2 for a mistyped entry and 1 for marks no candidate fits, nothing on stdout;
# from a pipe the entry is answered in the transcript ("Not taken: ...") and the
# session goes on. A bad colour is named by its first position.
source "$(dirname "$0")/lib.sh"

one_shot_mistyped() {
  run "$PL" "$@"
  expect_rc 2
  expect_err "error: entry 1 ("
  [ ! -s "$TMP/out" ] || fail "$*: stdout should be empty"
}
one_shot_mistyped handle assist 补过拾遗 NENE NNNN NNMN NEEX
expect_err "use only E (exact), M (misplaced) and N (none)"
one_shot_mistyped handle assist 补过拾 NENE NNNN NNMN NEEN
expect_err "has 3 characters"
run "$PL" handle assist 补过拾遗 NENE NNNN NNMN NEEN 一心一 NNNN NNNN NNNN NNNN
expect_rc 2
expect_err "error: entry 2 ('一心一 NNNN NNNN NNNN NNNN'): '一心一' has 3 characters"
[ ! -s "$TMP/out" ] || fail "stdout should be empty"
one_shot_mistyped wordle assist crane:QQQQQ
one_shot_mistyped wordle assist crane:GQGGQ
expect_err "mark 2 is 'Q'"

# Marks that no candidate fits: a runtime failure, still on stderr.
run "$PL" handle assist 补过拾遗 NNNN NNNN NNNN NNNN
expect_rc 1
expect_err "error: No candidate fits entry 1"
[ ! -s "$TMP/out" ] || fail "stdout should be empty"
run "$PL" wordle assist crane:..... crane:GGGGG
expect_rc 1
expect_err "error:"

# From a pipe: the transcript answers and goes on.
run_input $'补过拾 NENE NNNN NNMN NEEN\n补过拾遗 NENE NNNN NNMN NEEX\n补过拾遗 NENE NNNN NNMN NEEN\n' "$PL" handle assist
expect_rc 0
expect_out "Not taken: '补过拾' has 3 characters"
expect_out "Not taken: marks"
expect_out "One candidate left: 百里挑一"
run_input $'crane:GQGGQ\n' "$PL" wordle assist
expect_rc 0
expect_out "Not taken:"
expect_out "mark 2 is 'Q'"
pass
