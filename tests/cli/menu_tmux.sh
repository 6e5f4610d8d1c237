# The main screen on a real terminal (tmux): the menu draws, keys move the selection,
# q quits, and the terminal is restored (echo and icanon back) after q and after SIGTERM.
source "$(dirname "$0")/lib.sh"
command -v tmux >/dev/null || fail "tmux is not installed (./dev installs it)"
SOCK="puzzlelab-test-$$"
trap 'tmux -L "$SOCK" kill-server 2>/dev/null; rm -rf "$TMP"' EXIT

wait_for() {  # wait_for TEXT: until the pane shows TEXT (10 s at most)
  for _ in $(seq 1 100); do
    tmux -L "$SOCK" capture-pane -p -t t >"$TMP/pane" 2>/dev/null
    grep -qF -- "$1" "$TMP/pane" && return 0
    sleep 0.1
  done
  cat "$TMP/pane" >&2
  fail "the screen never showed: $1"
}

wait_file() {
  for _ in $(seq 1 100); do [ -s "$1" ] && return 0; sleep 0.1; done
  fail "$1 was never written"
}

check_restored() {
  wait_file "$1"
  grep -qE '(^| )icanon( |$)' "$1" || fail "terminal left without icanon: $(cat "$1")"
  grep -qE '(^| )echo( |$)' "$1" || fail "terminal left without echo: $(cat "$1")"
}

# 1. q quits and restores.
tmux -L "$SOCK" new-session -d -s t -x 100 -y 40 \
  "HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' '$PL'; stty -a > '$TMP/stty1'; sleep 30"
wait_for "choose a game and a mode"
wait_for "  > Play"
tmux -L "$SOCK" send-keys -t t Down
wait_for "> Play in hard mode"
tmux -L "$SOCK" send-keys -t t q
check_restored "$TMP/stty1"
tmux -L "$SOCK" kill-server 2>/dev/null

# 2. SIGTERM while the menu is up: the terminal is restored before the process dies.
tmux -L "$SOCK" new-session -d -s t -x 100 -y 40 \
  "HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' sh -c 'echo \$\$ > $TMP/pid; exec $PL'; stty -a > '$TMP/stty2'; sleep 30"
wait_for "choose a game and a mode"
wait_file "$TMP/pid"
kill -TERM "$(cat "$TMP/pid")"
check_restored "$TMP/stty2"
pass
