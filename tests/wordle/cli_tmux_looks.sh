# The full-screen game at the sizes people have (tmux): a narrow terminal gets the short
# title (not a wrapped long one) and the whole keyboard; one too small for the board asks
# to be enlarged and takes no typing until it is; back at 80×24 the game goes on.
source "$(dirname "$0")/../cli/lib.sh"
source "$(dirname "$0")/../cli/tmux.sh"
resize() { tmux -L "$SOCK" resize-window -t t -x "$1" -y "$2"; }
pane() { tmux -L "$SOCK" capture-pane -p -t t; }
# wait_line LINE: until a whole line of the pane is LINE (10 s at most).
wait_line() {
  for _ in $(seq 1 100); do
    pane | grep -qxF -- "$1" && return 0
    sleep 0.1
  done
  pane >&2
  fail "the screen never showed the line: $1"
}

tmux_new looks "HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' NO_COLOR=1 '$PL' wordle play --word cigar --hard; echo \$? > '$TMP/looks.rc'; sleep 30"
resize 80 24
wait_for "Wordle practice · hard mode · guess the 5-letter word in 6 tries"
keys c r a n e Enter
wait_for "[C](R)(A) N  E"

# 40 columns: the short title on one line, the keyboard rows whole.
resize 40 24
wait_line "  Wordle practice · hard mode"
pane >"$TMP/p40"
grep -q "guess the" "$TMP/p40" && { cat "$TMP/p40" >&2; fail "the long title wrapped at 40 columns"; }
grep -qF " Q  W  · (R) T  Y  U  I  O  P" "$TMP/p40" || { cat "$TMP/p40" >&2; fail "keyboard row cut at 40 columns"; }

# 30×12: too small for the board; typing waits.
resize 30 12
wait_for "Please enlarge the terminal"
wait_for "(now 30×12)."
keys x y
sleep 0.3
resize 80 24
wait_for "guess the 5-letter word in 6 tries"
pane | grep -qF " X  Y " && fail "keys typed while the board was not shown reached the game"
keys c i g a r Enter
wait_for "Magnificent! Solved in 2 of 6."
keys q
wait_file "$TMP/looks.rc"
[ "$(cat "$TMP/looks.rc")" = 0 ] || fail "play exited with $(cat "$TMP/looks.rc")"
pass
