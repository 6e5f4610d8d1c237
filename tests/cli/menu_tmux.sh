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

# 2. SIGTERM while the menu is up: the terminal is restored before the process dies.
tmux_new menu2 "HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' sh -c 'echo \$\$ > $TMP/pid; exec $PL'; stty -a > '$TMP/stty2'; sleep 30"
wait_for "choose a game and a mode"
wait_file "$TMP/pid"
kill -TERM "$(cat "$TMP/pid")"
check_restored "$TMP/stty2"
pass
