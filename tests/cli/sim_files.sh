# The files a simulation reads and writes (--resume logs, --out results, shard files
# for merge) are checked against what a real run can produce: a file that could be
# another run's, a number no game can give, or an output that would overwrite an input
# is refused with a message that names the file, the line and the field.
source "$(dirname "$0")/lib.sh"

SIM=(wordle sim --player random --games 12 --seed 3)
run "$PL" "${SIM[@]}" --jsonl
expect_rc 0
cp "$TMP/out" "$TMP/full.jsonl"
head -n 5 "$TMP/full.jsonl" >"$TMP/part.jsonl"

# --resume: a line without the run fingerprint could be any run's (a log of seed 4
# gave a seed-3 run a wrong total): refused, by its line number.
{ head -n 2 "$TMP/part.jsonl"; sed -n 3p "$TMP/part.jsonl" | jq -c 'del(.run)'; } >"$TMP/nofp.jsonl"
run "$PL" "${SIM[@]}" --resume "$TMP/nofp.jsonl"
expect_rc 1
expect_err 'line 3: no "run" fingerprint'
expect_not_out "games"

# --resume: every figure of a log line is checked against what a game of the run can
# produce (2048 here: its library knows the rules); the error names the file, the line
# and the field. Each case changes line 2 of a real log.
G2048=(2048 sim --player random --games 6 --seed 3)
run "$PL" "${G2048[@]}" --jsonl
expect_rc 0
cp "$TMP/out" "$TMP/g.jsonl"
# refused JQ-EDIT EXPECTED [SIM ARGS...]: line 2 changed by JQ-EDIT is refused with EXPECTED
# (the log of SIM ARGS is $TMP/alt.jsonl when they are given).
refused() {
  local edit=$1 expected=$2 log=$TMP/g.jsonl
  shift 2
  local args=("${G2048[@]}")
  if [ $# -gt 0 ]; then
    args=("$@")
    log=$TMP/alt.jsonl
  fi
  # jq keeps numbers as doubles: big ones are written as strings "N:digits" and put in by sed.
  { sed -n 1p "$log"; sed -n 2p "$log" | jq -c "$edit" | sed -E 's/"N:(-?[0-9]+)"/\1/g'; sed -n '3,$p' "$log"; } \
    >"$TMP/edited.jsonl"
  run "$PL" "${args[@]}" --resume "$TMP/edited.jsonl"
  [ "$RC" = 1 ] || fail "resume with $edit: expected exit status 1, got $RC"
  grep -qF -- "--resume $TMP/edited.jsonl: line 2: $expected" "$TMP/err" || fail "resume with $edit: stderr lacks: $expected"
}
refused '.score = "N:9223372036854775808"' '"score": 9223372036854775808 is out of range'
refused '.score = "N:9223372036854775807"' '"score": 9223372036854775807 is not what the board'
refused '.max_tile = 3' '"max_tile": 3 is not a tile'
refused '.max_tile = "N:4611686018427387904"' '"max_tile": 4611686018427387904 is not a tile'
refused '.score = -4' '"score": -4 is negative'
refused '.moves = -1' '"moves": -1 is negative'
refused '.moves = 100000' '"moves": 100000 cannot lead to a board'
refused '.detail.board = "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"' '"detail"."board": 0 tiles'
refused 'del(.detail)' '"detail": no final board'
refused '.max_tile = 8' '"max_tile": 8 is not the top tile of the final board'
# Under --stop-at: a game past the tile, and a 4096 game marked as not won.
STOP=(2048 sim --player random --games 6 --seed 3 --stop-at 128)
run "$PL" "${STOP[@]}" --jsonl
cp "$TMP/out" "$TMP/alt.jsonl"
refused '.max_tile = 256 | .detail.board = "256 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0"' '"max_tile": 256 is past --stop-at 128' "${STOP[@]}"
STOP=(2048 sim --player random --games 6 --seed 3 --stop-at 4096)
run "$PL" "${STOP[@]}" --jsonl
cp "$TMP/out" "$TMP/alt.jsonl"
refused '.max_tile = 4096 | .win = false' '"win": false does not match "max_tile": 4096' "${STOP[@]}"
# The AI's evaluated moves: 2^63 would be a negative total.
AI=(2048 sim --player expectimax --depth 1 --games 3 --seed 3 --stop-at 64 --threads 1)
run "$PL" "${AI[@]}" --jsonl
cp "$TMP/out" "$TMP/alt.jsonl"
refused '.nodes = "N:9223372036854775808"' '"nodes": 9223372036854775808 is out of range' "${AI[@]}"
# Wordle: a game takes at least one guess.
run "$PL" "${SIM[@]}" --jsonl
cp "$TMP/out" "$TMP/alt.jsonl"
refused '.guesses = 0' '"guesses": 0 (a game takes at least one guess)' "${SIM[@]}"
# A real log is taken whole.
run "$PL" "${G2048[@]}" --resume "$TMP/g.jsonl"
expect_rc 0

# merge: shard files are checked the same way; the error names the file and the field.
for k in 0 1; do
  run "$PL" "${G2048[@]}" --shard "$k/2"
  expect_rc 0
  cp "$TMP/out" "$TMP/s$k.json"
done
# bad_shard JQ-EDIT EXPECTED [--partial]: shard 1 changed by JQ-EDIT is refused with EXPECTED.
bad_shard() {
  jq "$1" "$TMP/s1.json" | sed -E 's/"N:(-?[0-9]+)"/\1/g' >"$TMP/bad.json"
  run "$PL" merge ${3:-} "$TMP/s0.json" "$TMP/bad.json"
  [ "$RC" = 1 ] || fail "merge with $1: expected exit status 1, got $RC"
  grep -qF -- "$TMP/bad.json: " "$TMP/err" || fail "merge with $1: the error does not name the file"
  grep -qF -- "$2" "$TMP/err" || fail "merge with $1: stderr lacks: $2"
}
bad_shard '.exact.primary.histogram = [[4, "N:18446744073709551615"]] | .games = "N:18446744073709551615"' '"games": 18446744073709551615 is more than the 3 games'
bad_shard '.shard.games_total = "N:18446744073709551615" | .shard.count = 1 | .shard.index = 0 | .games = "N:18446744073709551615" | .exact.primary.histogram = [[4, "N:18446744073709551615"]]' '"max_tile": statistics: the'
bad_shard '.exact.metrics.score.histogram = []' 'the "score" histogram holds 0 games, not the 3'
bad_shard '.exact.primary.histogram[0][0] = 3' '"max_tile": 3 is not a tile'
bad_shard '.cpu_seconds = -2' '"cpu_seconds": -2 is not a time'
bad_shard '.exact.metrics.score.histogram[0][0] = -8' '"score": -8 is negative'
bad_shard '.wins = 1' '"wins": 1, but 0 games made a 2048 tile'
# An interrupted shard only with --partial.
jq '.complete = false' "$TMP/s1.json" >"$TMP/cut.json"
run "$PL" merge "$TMP/s0.json" "$TMP/cut.json"
expect_rc 1
expect_err "shard 1/2 is incomplete"
expect_err "--partial"
run "$PL" merge --partial "$TMP/s0.json" "$TMP/cut.json"
expect_rc 0
run "$PL" merge "$TMP/s0.json" "$TMP/s1.json"
expect_rc 0

pass
