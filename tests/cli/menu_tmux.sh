# The main screen on a real terminal (tmux): the menu draws, keys move the selection,
# q quits, and the terminal is restored (echo and icanon back) after q and after SIGTERM.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/tmux.sh"

# 1. q quits and restores.
tmux_new menu1 "HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' '$PL'; stty -a > '$TMP/stty1'; sleep 30"
wait_for "choose a game and a mode"
wait_for "  > Play"
keys Down
wait_for "> Play in hard mode"
keys q
check_restored "$TMP/stty1"

# 2. At 80×24 the whole menu shows, title first; Home/End jump; after an item the screen
#    was cleared for it, Esc returns to the menu and q leaves.
tmux_new menu3 "HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' '$PL' --color=never; echo \$? > '$TMP/rc3'; stty -a > '$TMP/stty3'; sleep 30"
tmux -L "$SOCK" resize-window -t t -x 80 -y 24
wait_for "  > Play"
sleep 0.3
tmux -L "$SOCK" capture-pane -p -t t >"$TMP/pane"
head -n 1 "$TMP/pane" | grep -qF "puzzlelab — choose a game and a mode" || { cat "$TMP/pane" >&2; fail "the title scrolled off at 80x24"; }
grep -qx "Wordle" "$TMP/pane" || { cat "$TMP/pane" >&2; fail "the Wordle heading scrolled off at 80x24"; }
keys End
wait_for "> Simulate the AI (10 games"
keys Home
wait_for "  > Play"
tmux -L "$SOCK" capture-pane -p -t t >"$TMP/pane"
[ "$(sed -n 4p "$TMP/pane")" = "  > Play" ] || { cat "$TMP/pane" >&2; fail "Home did not select the first entry"; }
keys Enter
wait_for "guess the 5-letter word"
keys Escape
wait_for "Enter or Esc: back to the menu"
keys Escape
wait_for "choose a game and a mode"
keys Enter
wait_for "guess the 5-letter word"
keys Escape
wait_for "Enter or Esc: back to the menu"
tmux -L "$SOCK" capture-pane -p -t t >"$TMP/pane"
[ "$(grep -c "Game left unfinished" "$TMP/pane")" = 1 ] || { cat "$TMP/pane" >&2; fail "the second item started under the first one's output"; }
keys q
wait_file "$TMP/rc3"
[ "$(cat "$TMP/rc3")" = 0 ] || fail "q after an item gave status $(cat "$TMP/rc3")"
check_restored "$TMP/stty3"

# 3. SIGTERM while the menu is up: the terminal is restored before the process dies.
tmux_new menu2 "HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' sh -c 'echo \$\$ > $TMP/pid; exec $PL'; stty -a > '$TMP/stty2'; sleep 30"
wait_for "choose a game and a mode"
wait_file "$TMP/pid"
kill -TERM "$(cat "$TMP/pid")"
check_restored "$TMP/stty2"
pass
