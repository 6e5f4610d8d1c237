# 2048 sim --checkpoint: games in progress are saved and go on, move for move, in a run
# of the same command; interrupted with SIGINT and started again, a run gives the lines
# an uninterrupted run gives; broken, foreign and misused checkpoints are refused with a
# clear message.
source "$(dirname "$0")/../cli/lib.sh"

SIM=(2048 sim --player expectimax --depth 2 --games 2 --seed 9 --stop-at 1024 --threads 1)

# The reference: the same games without checkpoints.
run "$PL" "${SIM[@]}" --jsonl
expect_rc 0
cp "$TMP/out" "$TMP/full.jsonl"
[ "$(grep -c . "$TMP/full.jsonl")" = 2 ] || fail "expected 2 game lines"
# Each line keeps the board its game ended on (stopped at 1024 here), which `hint` reads.
for k in 1 2; do
  line=$(sed -n "${k}p" "$TMP/full.jsonl")
  final=$(jq -r '.detail.board' <<< "$line")
  [ "$(wc -w <<< "$final")" = 16 ] || fail "game line $k: no final board: $line"
  top=$(tr ' ' '\n' <<< "$final" | sort -n | tail -1)
  [ "$top" = "$(jq -r '.max_tile' <<< "$line")" ] || fail "game line $k: the board's top tile is not max_tile: $line"
  run "$PL" 2048 hint "$final"
  expect_rc 0
done

# With checkpoints every 50 moves: the same lines, and one file a game.
run "$PL" "${SIM[@]}" --jsonl --checkpoint "$TMP/ck" --checkpoint-every 50
expect_rc 0
cmp -s "$TMP/out" "$TMP/full.jsonl" || fail "checkpointing changed the games"
for k in 0 1; do
  jq -e --argjson k "$k" '.format == "puzzlelab-2048-checkpoint/1" and .index == $k and .nodes > 0
    and (.position.moves % 50) == 0 and .position.moves > 0' "$TMP/ck/game-$k.json" >/dev/null \
    || fail "game-$k.json is not a checkpoint of game $k at a multiple of 50 moves"
done

# The same command again goes on from the checkpoints (the last saves, a few moves
# before each game's end) and ends with the same games, evaluated moves included.
run "$PL" "${SIM[@]}" --jsonl --checkpoint "$TMP/ck" --checkpoint-every 50
expect_rc 0
expect_err "checkpoint: 2 games go on from"
cmp -s "$TMP/out" "$TMP/full.jsonl" || fail "games that went on from a checkpoint differ from the whole games"
strip() { jq -S 'del(.seconds, .cpu_seconds, .games_per_second, .continued)' "$1"; }
run "$PL" --json "${SIM[@]}"
strip "$TMP/out" >"$TMP/whole.json"
run "$PL" --json "${SIM[@]}" --checkpoint "$TMP/ck" --checkpoint-every 50
expect_rc 0
jq -e '.continued == 2 and .games == 2' "$TMP/out" >/dev/null || fail "the summary does not count the continued games"
strip "$TMP/out" >"$TMP/cont.json"
diff -u "$TMP/whole.json" "$TMP/cont.json" >&2 || fail "a continued run's summary differs from the whole run's"
run "$PL" "${SIM[@]}" --checkpoint "$TMP/ck" --checkpoint-every 50
expect_out "wall rate not measured (2 games went on from a checkpoint)"
expect_out "nodes/s"

# SIGINT after 0.3 s of CPU: exit 130, and the game in progress is saved where it was
# (no save is due before move 1,000,000, so that file can only be the interrupt's). The
# run started again goes on from it; its line is the uninterrupted game's.
LONG=(2048 sim --player expectimax --depth 3 --games 1 --seed 4 --stop-at 4096 --threads 1 --jsonl)
run "$PL" "${LONG[@]}"
expect_rc 0
cp "$TMP/out" "$TMP/long.jsonl"
# wait_for_cpu PID TICKS: waits (at most 30 s) until the child of PID (the puzzlelab
# that `timeout` started) has used TICKS hundredths of a second of CPU; sets child.
wait_for_cpu() {
  child=""
  for _ in $(seq 1 600); do
    [ -n "$child" ] || child=$(pgrep -P "$1" | head -n 1)
    if [ -n "$child" ] && [ -r "/proc/$child/stat" ]; then
      ticks=$(awk '{print $14}' "/proc/$child/stat")
      [ "$ticks" -ge "$2" ] && return
    fi
    sleep 0.05
  done
}
# start_sim DIR ARGS...: puzzlelab ARGS with checkpoints in DIR, under timeout, in the
# background (output in $TMP/out and $TMP/err); sets pid (timeout's).
start_sim() {
  local dir=$1
  shift
  timeout 300 "$PL" "$@" --checkpoint "$dir" --checkpoint-every 1000000 >"$TMP/out" 2>"$TMP/err" &
  pid=$!
}
# expect_interrupted: waits for the run start_sim began; it must end as interrupted (130).
expect_interrupted() {
  wait "$pid"
  RC=$?
  expect_rc 130
}
start_sim "$TMP/ck2" "${LONG[@]}"
wait_for_cpu "$pid" 30
# To timeout, which sends the signal on twice: to the child and to its process group.
kill -INT "$pid"
expect_interrupted
[ -s "$TMP/out" ] && fail "an interrupted game must not be logged as finished"
[ -f "$TMP/ck2/game-0.json" ] || fail "the interrupt did not save the game in progress"
moves=$(jq '.position.moves' "$TMP/ck2/game-0.json")
[ "$moves" -gt 0 ] || fail "the interrupt's save is at move $moves"
run "$PL" "${LONG[@]}" --checkpoint "$TMP/ck2" --checkpoint-every 1000000
expect_rc 0
expect_err "checkpoint: 1 game goes on from"
cmp -s "$TMP/out" "$TMP/long.jsonl" || fail "the game interrupted and continued differs from the whole game"

# A second signal soon after the first is the same request, not a forced stop: `timeout`
# sends its signal twice (to the child, then to the child's process group). Here a game
# goes on from a board whose first move waits for an endgame solve (about 1 s, which no
# signal cuts short); SIGINT comes during the solve and again 0.1 s later: the game
# must still be saved where it was, and the summary printed.
BUSY=(2048 sim --player expectimax --level fast --games 1 --seed 4 --threads 1 --jsonl)
start_sim "$TMP/ck4" "${BUSY[@]}"
# 0.5 s of CPU: well into the game (an ASan build spends about 0.1 s starting up, and an
# interrupt before the first move has no game in progress to save), far from its end.
wait_for_cpu "$pid" 50
kill -INT "$child"
expect_interrupted
# (With moves and a score such a board can have: 2·moves + 4 <= 32642 <= 4·moves + 8, and
# the score between what its tiles make from 4s only and from 2s only.)
jq '.position.board = [[16384, 8192, 4096, 2048], [128, 256, 512, 1024], [2, 0, 0, 0], [0, 0, 0, 0]]
  | .position.moves = 10000 | .position.score = 370000' \
  "$TMP/ck4/game-0.json" >"$TMP/solve.json" || fail "the first interrupt did not save game 0"
cp "$TMP/solve.json" "$TMP/ck4/game-0.json"
start_sim "$TMP/ck4" "${BUSY[@]}"
wait_for_cpu "$pid" 30
rm -f "$TMP/ck4/game-0.json"  # loaded: from here on only the interrupt's save writes it
kill -INT "$child"
sleep 0.1
kill -INT "$child" 2>/dev/null
expect_interrupted
expect_err "incomplete: 0 of 1 planned"
jq -e --slurpfile was "$TMP/solve.json" '.position == $was[0].position' "$TMP/ck4/game-0.json" >/dev/null \
  || fail "a second SIGINT 0.1 s after the first: the game was not saved where it was"

# Refused: a broken file, a checkpoint of another run, a position that cannot be.
printf 'garbage' >"$TMP/ck/game-1.json"
run "$PL" "${SIM[@]}" --checkpoint "$TMP/ck"
expect_rc 1
expect_err "game-1.json: not a JSON object"
run "$PL" "${SIM[@]}" --checkpoint "$TMP/ck2"
expect_rc 1
expect_err "saved by another run"
cp "$TMP/ck2/game-0.json" "$TMP/good-ck.json"
jq '.position.board[0][0] = 3' "$TMP/ck2/game-0.json" >"$TMP/bad.json" && mv "$TMP/bad.json" "$TMP/ck2/game-0.json"
run "$PL" "${LONG[@]}" --checkpoint "$TMP/ck2"
expect_rc 1
expect_err "position: board row 1: 3 is not a tile value"
# A position no game can reach: more moves than its tiles allow, or a score its merges
# cannot have made.
jq -c '.position.moves += 5000' "$TMP/good-ck.json" >"$TMP/ck2/game-0.json"
run "$PL" "${LONG[@]}" --checkpoint "$TMP/ck2"
expect_rc 1
expect_err "cannot lead to a board whose tiles add up to"
jq -c '.position.score += 100000' "$TMP/good-ck.json" >"$TMP/ck2/game-0.json"
run "$PL" "${LONG[@]}" --checkpoint "$TMP/ck2"
expect_rc 1
expect_err "is not what the board's merges can have scored"
# Evaluated moves past 2^63 - 1 would turn the game's total negative.
sed -E 's/"nodes": [0-9]+/"nodes": 9223372036854775808/' "$TMP/good-ck.json" >"$TMP/ck2/game-0.json"
grep -q '"nodes": 9223372036854775808' "$TMP/ck2/game-0.json" || fail "could not set nodes in the checkpoint"
run "$PL" "${LONG[@]}" --checkpoint "$TMP/ck2"
expect_rc 1
expect_err "'nodes' must be a whole number from 0 to 9223372036854775807"
# Misused: --checkpoint-every alone, another player, more search threads than one a game, a file for a folder.
run "$PL" 2048 sim --player expectimax --depth 1 --games 1 --checkpoint-every 10
expect_rc 2
expect_err "requires --checkpoint"
run "$PL" 2048 sim --player random --games 2 --checkpoint "$TMP/ck3"
expect_rc 2
run "$PL" --threads 2 2048 sim --player expectimax --depth 1 --games 1 --checkpoint "$TMP/ck3"
expect_rc 2
expect_err "one search thread a game"
: >"$TMP/afile"
run "$PL" 2048 sim --player expectimax --depth 1 --games 1 --threads 1 --checkpoint "$TMP/afile"
expect_rc 1
expect_err "not a folder"
pass
