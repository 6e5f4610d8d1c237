# Shared helpers for the CLI contract tests. A test script is run by ctest as
#   bash script.sh /path/to/puzzlelab
# and sources this file. Every command runs with a timeout, in a private HOME and
# state folder, so tests never touch the user's files and never hang.
set -u
PL="$1"
shift || true
TESTS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
export HOME="$TMP/home"
export XDG_STATE_HOME="$TMP/state"
mkdir -p "$HOME" "$XDG_STATE_HOME"
unset NO_COLOR FORCE_COLOR
export LANG=C.UTF-8 LC_ALL=C.UTF-8
TIMEOUT="${PUZZLELAB_TEST_TIMEOUT:-120}"

fail() {
  echo "FAIL: $*" >&2
  if [ -s "$TMP/out" ]; then echo "--- stdout (first 40 lines):" >&2; head -n 40 "$TMP/out" >&2; fi
  if [ -s "$TMP/err" ]; then echo "--- stderr (first 40 lines):" >&2; head -n 40 "$TMP/err" >&2; fi
  exit 1
}

# run CMD...: runs with stdin from /dev/null; sets RC, and $TMP/out, $TMP/err.
run() {
  timeout "$TIMEOUT" "$@" </dev/null >"$TMP/out" 2>"$TMP/err"
  RC=$?
  [ "$RC" = 124 ] && fail "timed out after ${TIMEOUT}s: $*"
  return 0
}

# run_input TEXT CMD...: like run, with TEXT on stdin (a pipe, so not a terminal).
run_input() {
  local input="$1"
  shift
  printf '%s' "$input" | timeout "$TIMEOUT" "$@" >"$TMP/out" 2>"$TMP/err"
  RC=${PIPESTATUS[1]}
  [ "$RC" = 124 ] && fail "timed out after ${TIMEOUT}s: $*"
  return 0
}

out() { cat "$TMP/out"; }
err() { cat "$TMP/err"; }

expect_rc() { [ "$RC" = "$1" ] || fail "expected exit status $1, got $RC"; }
expect_out() { grep -qF -- "$1" "$TMP/out" || fail "stdout lacks: $1"; }
expect_err() { grep -qF -- "$1" "$TMP/err" || fail "stderr lacks: $1"; }
expect_out_re() { grep -qE -- "$1" "$TMP/out" || fail "stdout does not match: $1"; }
expect_err_re() { grep -qE -- "$1" "$TMP/err" || fail "stderr does not match: $1"; }
expect_not_out() { ! grep -qF -- "$1" "$TMP/out" || fail "stdout should not contain: $1"; }
expect_no_esc() { ! grep -q $'\x1b' "$TMP/out" "$TMP/err" || fail "output contains an ESC byte"; }
expect_esc() { grep -q $'\x1b' "$TMP/out" || fail "stdout has no ESC byte (colour expected)"; }
expect_json() { jq -e . "$TMP/out" >/dev/null 2>&1 || fail "stdout is not valid JSON"; }
expect_empty_err() { [ ! -s "$TMP/err" ] || fail "stderr should be empty"; }

# stat_of GAME FILTER: a jq filter over of the player's statistics (`puzzlelab stats GAME --json`).
stat_of() { timeout "$TIMEOUT" "$PL" stats "$1" --json | jq -c ".stats | $2"; }

# expect_golden FILE: stdout must equal FILE byte for byte. With UPDATE_GOLDEN=1 the
# file is (re)written instead — review the diff before committing it.
expect_golden() {
  if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then
    cp "$TMP/out" "$1"
    return 0
  fi
  [ -f "$1" ] || fail "golden file $1 is missing (run with UPDATE_GOLDEN=1 to create it)"
  diff -u "$1" "$TMP/out" >"$TMP/diff" || { cat "$TMP/diff" >&2; fail "stdout differs from $1"; }
}

pass() { echo "PASS: $(basename "$0")"; exit 0; }
