# Crash safety, part 2: interrupting the interactive commands on a real
# terminal (tmux). For 2048 play, 2048 ai, wordle play, handle play and 24 play, each
# of SIGINT, SIGTERM and SIGHUP, a closed stdin, and closing the terminal (tmux
# kill-server): the process ends (no signal death other than the one sent, no hang),
# the terminal is restored (`stty -a` afterwards shows echo and icanon) and the saved
# state still loads (2048's game keeps its moves; no file is damaged or moved aside).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/tmux.sh"
STATE="$XDG_STATE_HOME/puzzlelab"

# launch NAME ENV ARGS...: puzzlelab ARGS in a fresh tmux, with the extra environment
# assignments ENV (may be empty); its pid in $TMP/NAME.pid, then its status in
# $TMP/NAME.rc and `stty -a` of the pane in $TMP/NAME.stty.
launch() {
  local name="$1" env="$2"
  shift 2
  rm -f "$TMP/$name".*
  tmux_new "crash-$name" "HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' $env sh -c 'echo \$\$ > $TMP/$name.pid; exec $PL --color=never $*'; echo \$? > '$TMP/$name.rc'; stty -a > '$TMP/$name.stty'; sleep 30"
  wait_file "$TMP/$name.pid"
}

states_load() {
  ls "$STATE" 2>/dev/null | grep -q corrupt && fail "$1: a state file was moved aside: $(ls "$STATE")"
  local f
  for f in "$STATE"/*.json; do
    [ -e "$f" ] || continue
    jq -e . "$f" >/dev/null || fail "$1: $f does not load"
  done
  return 0
}

# 2048's saved game: the moves made before the interruption are kept.
saved_2048_moves() {
  timeout 20 "$PL" -q stats --export "$TMP/export.json" 2>/dev/null &&
    jq -r '.saves[] | select(.key == "terminal/2048/4x4") | .state.moves' "$TMP/export.json"
}

# interrupt NAME SIG SCREEN-TEXT KEYS... : start, type KEYS (if any), send SIG, check.
interrupt() {
  local name="$1" sig="$2" screen="$3"
  shift 3
  local args="${CMD[*]}"
  # Closing the terminal (ASan builds): the process sometimes never ends, spinning in
  # LeakSanitizer's exit-time scan with the scan's tracer attached (seen with 2048,
  # wordle and 24 play alike, in about 2 runs of this test in 5 on 2026-12-01).
  # Leaks are checked by every other run and test; here, only for CLOSE, the scan is
  # left out.
  local env=""
  if [ "$sig" = CLOSE ]; then env="ASAN_OPTIONS='${ASAN_OPTIONS:-}:detect_leaks=0'"; fi
  launch "$name" "$env" "$args"
  wait_for "$screen"
  local k
  for k in "$@"; do
    keys "$k"
    sleep 0.2
  done
  sleep 0.3
  case "$sig" in
    CLOSE) tmux -L "$SOCK" kill-server ;;
    *) kill -"$sig" "$(cat "$TMP/$name.pid")" ;;
  esac
  local pid
  pid="$(cat "$TMP/$name.pid")"
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && fail "$name: still running 10 s after $sig"
  if [ "$sig" != CLOSE ]; then
    wait_file "$TMP/$name.rc"
    local rc
    rc="$(cat "$TMP/$name.rc")"
    case "$sig:$rc" in
      INT:130 | TERM:130 | TERM:143 | HUP:129 | HUP:130 | HUP:0 | EOF:0) ;;
      *) fail "$name: status $rc after $sig" ;;
    esac
    check_restored "$TMP/$name.stty"
  fi
  states_load "$name"
}

for sig in INT TERM HUP CLOSE; do
  CMD=(2048 play)
  interrupt "2048-play-$sig" "$sig" "moves 0" Left Up Right Down Left
  moves="$(saved_2048_moves)"
  [ -n "$moves" ] && [ "$moves" -ge 1 ] || fail "2048 play after $sig: the saved game lost its moves ($moves)"
  # The next run offers the saved game.
  printf 'quit\n' | timeout 20 "$PL" 2048 play >"$TMP/out" 2>"$TMP/err"
  expect_err "Resuming the saved game"
  rm -f "$STATE"/puzzlelab.db*

  CMD=(2048 ai --speed 20)
  interrupt "2048-ai-$sig" "$sig" "2048 AI"

  CMD=(wordle play --word cigar)
  interrupt "wordle-play-$sig" "$sig" "guess the 5-letter word" c r a n e Enter

  CMD=(handle play --day 5)
  interrupt "handle-play-$sig" "$sig" "[1/10]" "一心一意" Enter

  CMD=(--seed 3 24 play)
  interrupt "24-play-$sig" "$sig" "Hand 1" "give up" Enter
done

# A closed stdin on a terminal: the commands see end of input and end normally.
for c in "2048 play" "wordle play --word cigar" "handle play --day 5" "--seed 3 24 play"; do
  name="eof-${c// /-}"
  rm -f "$TMP/$name".*
  tmux_new "crash-$name" "HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' $PL --color=never $c 0<&-; echo \$? > '$TMP/$name.rc'; stty -a > '$TMP/$name.stty'; sleep 30"
  wait_file "$TMP/$name.rc"
  rc="$(cat "$TMP/$name.rc")"
  [ "$rc" -lt 128 ] || fail "$c with stdin closed: status $rc"
  check_restored "$TMP/$name.stty"
  states_load "$name"
done
pass
