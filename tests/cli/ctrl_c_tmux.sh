# Ctrl-C typed on a terminal ends every mode with status 130 (README: 130 interrupted),
# the full-screen ones (which read Ctrl-C as a key) as well as the line modes (where the
# terminal sends SIGINT); a line mode ends its line first, so the shell's prompt does
# not start after "> ^C".
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/tmux.sh"

# ctrl_c NAME SCREEN-TEXT ARGS...: start puzzlelab ARGS in tmux, wait for SCREEN-TEXT,
# type Ctrl-C; the status must be 130 and the next output ("AFTER") at a line start.
ctrl_c() {
  local name="$1" screen="$2"
  shift 2
  rm -f "$TMP/$name".*
  tmux_new "ctrlc-$name" "HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' $PL --color=never $*; echo \$? > '$TMP/$name.rc'; echo AFTER; stty -a > '$TMP/$name.stty'; sleep 30"
  wait_for "$screen"
  sleep 0.3
  keys C-c
  wait_file "$TMP/$name.rc"
  local rc
  rc="$(cat "$TMP/$name.rc")"
  [ "$rc" = 130 ] || fail "$name: status $rc after Ctrl-C (expected 130)"
  check_restored "$TMP/$name.stty"
  wait_for AFTER
  grep -q '^AFTER' "$TMP/pane" || { cat "$TMP/pane" >&2; fail "$name: the line was not ended before exiting"; }
}

ctrl_c menu "choose a game and a mode"
ctrl_c wordle-play "guess the 5-letter word" wordle play --word cigar
ctrl_c 2048-play "moves 0" 2048 play --new
ctrl_c handle-play "[1/10]" handle play --day 5
ctrl_c 24-play "Hand 1" --seed 3 24 play
ctrl_c wordle-assist "guess colours>" wordle assist
ctrl_c 24-solve "numbers>" 24 solve
pass
