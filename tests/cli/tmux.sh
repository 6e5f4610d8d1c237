# Shared helpers for tests that drive puzzlelab on a real terminal (tmux). Source it
# after lib.sh:
#   tmux_new NAME 'shell command'   a fresh tmux server + 100x40 session running it
#   keys ARGS...                    tmux send-keys to that session
#   wait_for TEXT                   until the pane shows TEXT (10 s at most)
#   wait_file FILE                  until FILE exists and is not empty (10 s at most)
#   check_restored STTY_FILE        the `stty -a` output there shows echo and icanon
#   pane_pid                        the pid of the pane's shell
# Every server started is killed on exit.
command -v tmux >/dev/null || fail "tmux is not installed (./dev installs it)"
SOCK=""
TMUX_SOCKS=()
tmux_cleanup() {
  local s
  for s in "${TMUX_SOCKS[@]}"; do tmux -L "$s" kill-server 2>/dev/null; done
  return 0
}
trap 'tmux_cleanup; rm -rf "$TMP"' EXIT

tmux_new() {
  local name="$1"
  # A server of its own each time: reusing one right after kill-server races.
  [ -n "$SOCK" ] && tmux -L "$SOCK" kill-server 2>/dev/null
  SOCK="puzzlelab-$name-$$"
  TMUX_SOCKS+=("$SOCK")
  tmux -L "$SOCK" new-session -d -s t -x 100 -y 40 "$2"
}

keys() { tmux -L "$SOCK" send-keys -t t "$@"; }

wait_for() {
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

pane_pid() { tmux -L "$SOCK" display-message -p -t t '#{pane_pid}'; }
