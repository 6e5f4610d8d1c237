# The man pages, generated from the CLI tree by the hidden `puzzlelab man [GAME]`: each
# renders with groff without a single warning (-ww: all warnings on) in the UTF-8 device
# man(1) uses on a terminal and lintian checks with, and in the default device, and
# carries what --help says.
# Usage: bash man.sh <puzzlelab>
source "$(dirname "$0")/lib.sh"
command -v groff >/dev/null || fail "groff is not installed (Debian package groff-base; ./dev installs it)"

for game in "" wordle handle 24 2048; do
  page="puzzlelab${game:+-$game}"
  run "$PL" man $game
  expect_rc 0
  cp "$TMP/out" "$TMP/$page.1"
  grep -q "^\.TH ${page} 1 " "$TMP/$page.1" || fail "$page.1 has no .TH line"
  name_line="$(printf '%s' "$page" | sed 's/-/\\-/g') \\- "
  S="$name_line" awk 'index($0, ENVIRON["S"]) == 1 { found = 1 } END { exit !found }' "$TMP/$page.1" ||
    fail "$page.1 has no NAME line ($name_line...)"
  groff -man -ww -z -Tutf8 "$TMP/$page.1" >"$TMP/out" 2>"$TMP/err" || fail "groff failed on $page.1"
  [ -s "$TMP/err" ] && fail "groff -Tutf8 warns on $page.1"
  # The default device (PostScript) has no glyphs for Chinese characters (U+4000..U+9FFF,
  # in the Handle texts); every other warning counts there too.
  groff -man -ww -z "$TMP/$page.1" >"$TMP/out" 2>"$TMP/err" || fail "groff failed on $page.1"
  grep -v "warning: can't find special character 'u[4-9][0-9A-F][0-9A-F][0-9A-F]'" "$TMP/err" >"$TMP/err2"
  mv "$TMP/err2" "$TMP/err"
  [ -s "$TMP/err" ] && fail "groff warns on $page.1"
  # ASCII only: the characters of 汉兜 are written as \[uXXXX].
  LC_ALL=C grep -q '[^ -~]' "$TMP/$page.1" && fail "$page.1 has non-ASCII bytes"
done

# The pages say what --help says: options with their values, the footers' examples.
grep -qF '\fB\-\-level\fR \fIfast|normal|strong=normal\fR' "$TMP/puzzlelab-2048.1" || fail "puzzlelab-2048(1) lacks --level"
grep -qF 'One of: fast, normal, strong.' "$TMP/puzzlelab-2048.1" || fail "puzzlelab-2048(1) lacks the levels"
grep -qF 'puzzlelab 2048 sim \-\-player expectimax' "$TMP/puzzlelab-2048.1" || fail "puzzlelab-2048(1) lacks the examples"
grep -qF '.SS "puzzlelab wordle sim"' "$TMP/puzzlelab-wordle.1" || fail "puzzlelab-wordle(1) lacks wordle sim"
grep -qF '\[u6C49]\[u515C]' "$TMP/puzzlelab-handle.1" || fail "puzzlelab-handle(1) lacks 汉兜"
grep -qF '.SS "puzzlelab 24 solve"' "$TMP/puzzlelab-24.1" || fail "puzzlelab-24(1) lacks 24 solve"
grep -qF '\fBpuzzlelab\-2048\fR(1)' "$TMP/puzzlelab.1" || fail "puzzlelab(1) does not point to puzzlelab-2048(1)"
grep -qF '\fB\-\-seed\fR' "$TMP/puzzlelab.1" || fail "puzzlelab(1) lacks the global options"
grep -qF '.SS "puzzlelab merge"' "$TMP/puzzlelab.1" || fail "puzzlelab(1) lacks merge"

# Rendered, a page reads like the help (man's own formatter where man-db is installed).
groff -man -Tutf8 "$TMP/puzzlelab-2048.1" 2>/dev/null | grep -q -- "--level" || fail "rendered puzzlelab-2048(1) lacks --level"

run "$PL" man nosuch
expect_rc 2
expect_err "no man page for 'nosuch'"
# The games of the tree are the pages the build makes (PUZZLELAB_MAN_PAGES in
# cmake/Install.cmake) and this test renders: a new game needs its page listed there.
expect_err "(the games: wordle, handle, 24, 2048)"
pass
