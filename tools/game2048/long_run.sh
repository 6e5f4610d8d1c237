#!/usr/bin/env bash
# long_run.sh — the long 2048 benchmark as one single-game shard per game, resumable.
#
#   tools/game2048/long_run.sh [-j WORKERS] [-l LEVEL] [-n GAMES] [-s SEED] [-f FIRST] PUZZLELAB DIR [-- SIM-ARGS...]
#
# Plays game K (K = 0 … GAMES-1) as
#   PUZZLELAB 2048 sim --player expectimax --level LEVEL --games GAMES --seed SEED \
#     --shard K/GAMES --threads 1 --checkpoint DIR/ckpt --jsonl --out DIR/game-K.json SIM-ARGS...
# WORKERS games at a time (default 2), in the order FIRST, FIRST+1, …, GAMES-1, 0, …
# (FIRST defaults to 0), each at nice 19; started with setsid, the script also sets its
# session's autogroup to nice 19, so that the games yield to other sessions' work. A game whose
# DIR/game-K.json says "complete": true is done and skipped, so running the script again
# goes on where it stopped: an interrupted game (Ctrl-C, or SIGINT/SIGTERM to the
# script's process group) saves its checkpoint in DIR/ckpt and continues from it, move
# for move as if never stopped. DIR/run.log records starts and ends; when every game is
# done the script prints `puzzlelab merge` of them all (also kept in DIR/merged.txt).
# A game's checkpoint is removed once its result is written.
# DIR can be copied (or committed) between machines: it holds the whole state.
set -euo pipefail

workers=2 level=strong games=20 seed=1 first=0
usage() {
  sed -n '3,4p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
while getopts "j:l:n:s:f:h" opt; do
  case "$opt" in
    j) workers=$OPTARG ;;
    l) level=$OPTARG ;;
    n) games=$OPTARG ;;
    s) seed=$OPTARG ;;
    f) first=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || usage
for v in "$workers" "$games" "$seed" "$first"; do
  [[ "$v" =~ ^[0-9]+$ ]] || { echo "long_run.sh: not a whole number: $v" >&2; exit 2; }
done
[ "$workers" -ge 1 ] && [ "$games" -ge 1 ] || { echo "long_run.sh: -j and -n must be at least 1" >&2; exit 2; }
given=$1
puzzlelab=$(realpath -m "$1")
dir=$2
shift 2
if [ $# -gt 0 ]; then
  [ "$1" = "--" ] || usage
  shift
fi
extra=("$@")
[ -x "$puzzlelab" ] || { echo "long_run.sh: not an executable: $given" >&2; exit 2; }
command -v jq >/dev/null || { echo "long_run.sh: needs jq" >&2; exit 2; }
mkdir -p "$dir/ckpt" "$dir/claims"
dir=$(realpath "$dir")
# The autogroup's nice is the whole session's: set it only when this script leads its
# own session (started with setsid), never the caller's terminal.
if [ "$(sed 's/.*) //' "/proc/$$/stat" 2>/dev/null | cut -d' ' -f4)" = "$$" ]; then
  echo 19 >"/proc/$$/autogroup" 2>/dev/null || true
fi

log() { echo "$(date -u +%FT%TZ) $*" >>"$dir/run.log"; }
done_game() { [ -f "$dir/game-$1.json" ] && jq -e '.complete == true' "$dir/game-$1.json" >/dev/null 2>&1; }

# Claims are directories (mkdir is atomic); those of an earlier, killed run are stale.
rm -rf "$dir/claims" && mkdir -p "$dir/claims"
log "start: $("$puzzlelab" --version) level $level games $games seed $seed workers $workers${extra[*]:+ extra: ${extra[*]}}"

worker() {
  local i k rc
  for ((i = 0; i < games; ++i)); do
    k=$(((first + i) % games))
    done_game "$k" && continue
    mkdir "$dir/claims/$k" 2>/dev/null || continue
    log "game $k start"
    rc=0
    nice -n 19 "$puzzlelab" 2048 sim --player expectimax --level "$level" --games "$games" --seed "$seed" \
      --shard "$k/$games" --threads 1 --checkpoint "$dir/ckpt" --jsonl --out "$dir/game-$k.json" "${extra[@]}" \
      >"$dir/game-$k.jsonl" 2>"$dir/game-$k.err" || rc=$?
    log "game $k exit $rc"
    # A finished game's result is in game-K.json; its last checkpoint is of no more use.
    if [ "$rc" -eq 0 ] && done_game "$k"; then rm -f "$dir/ckpt/game-$k.json"; fi
    [ "$rc" -eq 0 ] || return "$rc"  # interrupted (130) or failed: this worker stops
  done
}

# Ctrl-C reaches every game (they share the process group) and each saves its checkpoint;
# this shell only waits for the workers to finish.
trap 'log "interrupted"' INT TERM
pids=()
for ((w = 0; w < workers; ++w)); do
  worker &
  pids+=($!)
done
status=0
for p in "${pids[@]}"; do
  while true; do
    rc=0
    wait "$p" || rc=$?
    kill -0 "$p" 2>/dev/null && continue  # the wait was cut short by a signal
    [ "$rc" -eq 0 ] || status=$rc
    break
  done
done
rm -rf "$dir/claims"

for ((k = 0; k < games; ++k)); do
  if ! done_game "$k"; then
    log "stopped (status $status) with games left"
    echo "long_run.sh: stopped with games left (run it again to go on); see $dir/run.log" >&2
    exit $((status == 0 ? 1 : status))
  fi
done
log "all $games games done"
"$puzzlelab" merge "$dir"/game-*.json | tee "$dir/merged.txt"
