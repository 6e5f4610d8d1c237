# Crash safety, part 1: kill -9 at random moments while puzzlelab saves.
# Afterwards every state file must still load (no "damaged" warning, nothing moved
# aside) and at most the last move / game is lost.
#   - 2048 play from a pipe saves after every move: the saved move count never goes
#     back and is at least the last count the killed run printed.
#   - wordle / handle / 24 statistics: `played` equals the finished runs, plus at most
#     the killed runs that got as far as saving.
# CRASH_ITERATIONS (default 25, so ctest stays near a minute) runs per game; docs/robustness-cli.md
# records a run with 200.
source "$(dirname "$0")/lib.sh"
N="${CRASH_ITERATIONS:-25}"
STATE="$XDG_STATE_HOME/puzzlelab"

# kill_at_random MAX_MS CMD...: runs CMD with stdin from $TMP/feed, kills it with SIGKILL
# after a random 0..MAX_MS ms; sets KILLED=1 when it was still running then.
kill_at_random() {
  local max="$1"
  shift
  "$@" <"$TMP/feed" >"$TMP/out" 2>"$TMP/err" &
  local pid=$!
  sleep "$(printf '0.%03d' $((RANDOM % max)))"
  KILLED=0
  if kill -9 "$pid" 2>/dev/null; then KILLED=1; fi
  wait "$pid" 2>/dev/null
  RC=$?
}

no_damage() {
  grep -qi "damaged" "$TMP/err" && fail "$1: a state file was damaged after kill -9"
  ls "$STATE" | grep -q corrupt && fail "$1: a state file was moved aside: $(ls "$STATE")"
  return 0
}

# ---- 2048 play (piped): a save after every move.
for _ in $(seq 1 200); do printf 'up\nleft\ndown\nright\n'; done >"$TMP/feed"
prev=0
resumed=0
for i in $(seq 1 "$N"); do
  kill_at_random 300 "$PL" 2048 play
  no_damage "2048 iteration $i (killed run)"
  printed=$(grep -oE 'moves [0-9]+' "$TMP/out" | tail -n 1 | cut -d' ' -f2)
  printed=${printed:-0}
  # Load what was saved: a finished game is not offered again, so there is no resume then.
  printf 'quit\n' | timeout 20 "$PL" 2048 play >"$TMP/out" 2>"$TMP/err"
  no_damage "2048 iteration $i"
  saved=$(sed -nE 's/.*Resuming the saved game \(score [0-9]+, ([0-9]+) moves\).*/\1/p' "$TMP/err")
  if [ -n "$saved" ]; then
    resumed=$((resumed + 1))
    [ "$saved" -ge "$printed" ] || fail "2048 iteration $i: $saved moves saved, $printed were shown"
    [ "$saved" -ge "$prev" ] || fail "2048 iteration $i: the saved game went back from $prev to $saved moves"
    prev=$saved
  else
    prev=0
  fi
  timeout 20 "$PL" stats 2048 --json | jq -e .stats >/dev/null || fail "2048 iteration $i: the store does not open"
done
echo "2048: $N kills, $resumed resumed saved games, last one at $prev moves"

# ---- statistics: one finished game per run, in the store (puzzlelab.db).
# stats_loop NAME INPUT CMD...: N runs killed at random; checks `played`.
played_of() { timeout 20 "$PL" stats "$1" --json | jq -e .stats.played; }
stats_loop() {
  local name="$1" input="$2"
  shift 2
  printf '%b' "$input" >"$TMP/feed"
  local killed=0 played
  rm -f "$STATE"/puzzlelab.db*
  # Kill anywhere in a whole run: time one first, then pick 0..1.2x that at random.
  local t0 ms
  t0=$(date +%s%N)
  timeout 20 "$@" <"$TMP/feed" >/dev/null 2>&1
  ms=$((($(date +%s%N) - t0) / 1000000 * 6 / 5 + 1))
  [ "$ms" -le 999 ] || ms=999
  local done_runs=1
  for i in $(seq 1 "$N"); do
    kill_at_random "$ms" "$@"
    no_damage "$name iteration $i"
    if [ "$KILLED" = 1 ] && [ "$RC" = 137 ]; then killed=$((killed + 1)); else
      [ "$RC" = 0 ] || fail "$name iteration $i: status $RC"
      done_runs=$((done_runs + 1))
    fi
    played=$(played_of "$name") || fail "$name iteration $i: the store does not load"
    [ "$played" -ge "$done_runs" ] || fail "$name iteration $i: played $played < $done_runs finished runs"
    [ "$played" -le $((done_runs + killed)) ] || fail "$name iteration $i: played $played > $((done_runs + killed)) runs"
  done
  # The program itself loads the file without complaint.
  printf '%b' "$input" | timeout 20 "$@" >"$TMP/out" 2>"$TMP/err"
  no_damage "$name (final load)"
  echo "$name: $N runs killed at random in 0..$ms ms, $killed before the end; played $(played_of "$name")"
}

stats_loop wordle 'cigar\n' "$PL" wordle play --word cigar
# A custom answer (a daily puzzle counts once); a win ends the game.
stats_loop handle '一心一意\n' "$PL" handle play --word 一心一意
stats_loop 24 'give up\nquit\n' "$PL" --seed 3 24 play
pass
