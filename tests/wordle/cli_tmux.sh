# The interactive forms on a real terminal (tmux): the full-screen game typed key by
# key, the assistant's line editor, leaving with Esc / Ctrl-C, and the terminal
# restored (echo and icanon back) every time.
source "$(dirname "$0")/../cli/lib.sh"
source "$(dirname "$0")/../cli/tmux.sh"
start() {  # start NAME ARGS...: runs puzzlelab ARGS in a fresh tmux, then records stty and the status
  local name="$1"
  shift
  tmux_new "wordle-$name" "HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' '$PL' --color=never $*; echo \$? > '$TMP/$name.rc'; stty -a > '$TMP/$name.stty'; sleep 30"
}

# 1. The full-screen game: typing fills the row, a refusal costs no turn, Backspace
#    erases, the win shows, any key leaves, and the result stays in the scrollback.
start play wordle play --word cigar
wait_for "guess the 5-letter word in 6 tries"
keys c r a n e
wait_for " C  R  A  N  E"
keys Enter
wait_for "[C](R)(A) N  E"
keys x y z z y Enter
wait_for "not in word list"
keys BSpace BSpace BSpace BSpace BSpace c i g a r Enter
wait_for "Magnificent! Solved in 2 of 6."
keys q
wait_file "$TMP/play.rc"
[ "$(cat "$TMP/play.rc")" = 0 ] || fail "play exited with $(cat "$TMP/play.rc")"
wait_for "Wordle practice 2/6"
check_restored "$TMP/play.stty"

# 2. Esc leaves a game unfinished; it is not counted.
start esc wordle play --word cigar
wait_for "guess the 5-letter word"
keys c r a n e Enter
wait_for "[C](R)(A) N  E"
keys Escape
wait_file "$TMP/esc.rc"
wait_for "not counted"
check_restored "$TMP/esc.stty"
[ "$(stat_of wordle .played)" = 1 ] || fail "an abandoned game was counted"

# 3. The assistant's line editor: entries, undo, and Ctrl-C ends at once (status 130).
start assist wordle assist --top 3
wait_for "guess colours>"
keys "soare yy..g" Enter
wait_for "5 answers left: chose, close, obese, those, whose"
keys "undo" Enter
wait_for "Took back entry 1."
keys "thosX" BSpace "e ggggg" C-u "those ggggg"
wait_for "those ggggg"
keys C-c
wait_file "$TMP/assist.rc"
[ "$(cat "$TMP/assist.rc")" = 130 ] || fail "Ctrl-C in assist gave status $(cat "$TMP/assist.rc")"
check_restored "$TMP/assist.stty"
pass
