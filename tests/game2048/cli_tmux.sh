# Smoke test of the full-screen view in a real terminal (tmux): keys, resize, overlays,
# the saved game offered again, and the terminal restored after q, Ctrl-C and SIGTERM.
source "$(dirname "$0")/../cli/lib.sh"
command -v tmux >/dev/null || { echo "SKIP: tmux not installed"; exit 0; }

SOCK="pl2048-$$"
T() { tmux -L "$SOCK" -f /dev/null "$@"; }
trap 'T kill-server 2>/dev/null; rm -rf "$TMP"' EXIT
T new-session -d -x 80 -y 24 "env -i HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME TERM=xterm-256color PATH=$PATH bash --norc --noprofile"
screen() { T capture-pane -p; }
# wait_for TEXT: until the pane shows TEXT (5 s at most).
wait_for() {
  for _ in $(seq 1 100); do
    screen | grep -qF -- "$1" && return 0
    sleep 0.05
  done
  screen >&2
  fail "the screen never showed: $1"
}
type_line() { T send-keys -l "$1"; T send-keys Enter; }

type_line 'PS1="$ "; S0=$(stty -g); echo BEFORE-MARKER'
wait_for BEFORE-MARKER
type_line "$PL 2048 play --seed 3 --new --color=never; echo EXIT=\$?; [ \"\$(stty -g)\" = \"\$S0\" ] && echo TTY-RESTORED"
wait_for "moves 0"
screen | grep -q BEFORE-MARKER && fail "not on the alternate screen"
screen | grep -qF "┌────────┬" || fail "no box grid with colour off"
T send-keys Left
T send-keys Up
wait_for "moves 2"
T send-keys '?'
wait_for "How to play"
T send-keys x
T resize-window -x 50 -y 20
wait_for "Please enlarge the terminal"
T send-keys Left
T resize-window -x 80 -y 24
wait_for "score"
screen | grep -q "enlarge" && fail "still asking to enlarge at 80x24"
screen | grep -q "moves 2" || fail "a key moved the tiles while the board was not shown"
T send-keys q
wait_for "EXIT=0"
wait_for "TTY-RESTORED"
wait_for BEFORE-MARKER
# Leaving says where the game went.
wait_for "Game saved (score "

# Again, in colour: the saved game is offered; resume, then Ctrl-C.
type_line "$PL 2048 play; echo EXIT=\$?; [ \"\$(stty -g)\" = \"\$S0\" ] && echo TTY-RESTORED2"
wait_for "Resume your saved game?"
T send-keys y
wait_for "moves 2"
T send-keys C-c
wait_for "EXIT=130"
wait_for "TTY-RESTORED2"

# SIGTERM from outside: the terminal comes back, the game is still saved.
type_line "$PL 2048 play; echo EXIT=\$?; [ \"\$(stty -g)\" = \"\$S0\" ] && echo TTY-RESTORED3"
wait_for "Resume your saved game?"
pid=$(pgrep -f "^$PL 2048 play\$" | head -n 1)
[ -n "$pid" ] || fail "no game process"
kill -TERM "$pid"
wait_for "EXIT=143"
wait_for "TTY-RESTORED3"
timeout 20 "$PL" -q stats --export "$TMP/export.json" 2>/dev/null
jq -e '.saves[] | select(.key == "terminal/2048/4x4") | .state.moves == 2' "$TMP/export.json" >/dev/null ||
  fail "the saved game was lost"

# The win screen: a saved game one merge from 2048; the win waits for Enter.
cat >"$XDG_STATE_HOME/puzzlelab/2048-game.json" <<'JSON'
{"format": "puzzlelab-2048-save/1", "size": 4, "assisted": false, "history": [],
 "board": [[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]],
 "score": 20000, "moves": 900, "won": false, "keep_playing": false,
 "rng": ["0000000000000001", "0000000000000002", "0000000000000003", "0000000000000004"]}
JSON
type_line "$PL 2048 play --color=never; echo EXIT=\$?"
wait_for "Resume your saved game?"
T send-keys y
wait_for "moves 900"
T send-keys Left
wait_for "You win!"
T send-keys Up
sleep 0.2
screen | grep -q "moves 901" || fail "a move was taken while the win screen waited"
T send-keys Enter
sleep 0.2
screen | grep -q "You win!" && fail "Enter did not keep going"
T send-keys Up
wait_for "moves 902"
T send-keys q
wait_for "EXIT=0"

# The AI view: figures shown, space pauses, q quits and restores the terminal.
type_line "$PL 2048 ai --depth 1 --speed 30 --seed 4; echo EXIT=\$?; [ \"\$(stty -g)\" = \"\$S0\" ] && echo TTY-RESTORED4"
wait_for "nodes/s"
wait_for "moves/s"
T send-keys ' '
wait_for "paused"
m1=$(screen | grep -o 'moves [0-9]*' | head -n 1)
sleep 0.5
m2=$(screen | grep -o 'moves [0-9]*' | head -n 1)
[ "$m1" = "$m2" ] || fail "the AI moved while paused ($m1, $m2)"
T send-keys ' '
wait_for "speed 30 moves/s"
T send-keys q
wait_for "TTY-RESTORED4"
screen | grep -q "EXIT=0" || fail "ai did not exit 0"
# The game's result stays on the normal screen.
screen | grep -q "final score [0-9]* · top tile [0-9]* · [0-9]* moves\? · seed 4" || fail "ai quit without the final score"
pass
