# tools/game2048/chain_of_big_tiles.py: where a game's big tiles stop being a chain,
# read from `2048 sim --jsonl` lines; a line that is not a game's gets a clear refusal.
source "$(dirname "$0")/../cli/lib.sh"
SCRIPT="$TESTS_DIR/../tools/game2048/chain_of_big_tiles.py"

# A real game line: the sim's own output carries the final board.
run "$PL" 2048 sim --player expectimax --depth 1 --games 1 --seed 3 --threads 1 --jsonl --stop-at 256
expect_rc 0
cp "$TMP/out" "$TMP/game.jsonl"
run_input "$(cat "$TMP/game.jsonl")" python3 "$SCRIPT"
expect_rc 0
expect_out_re '^  0 +256 '

# A square (8192 under 16384, 4096 beside it) and a snake, written by hand.
cat >"$TMP/two.jsonl" <<'LINES'
{"index":4,"max_tile":16384,"score":385424,"detail":{"board":"4 1024 4096 16384 2 512 2048 8192 8 128 64 16 32 4 2 4"}}
{"index":5,"max_tile":16384,"score":380000,"detail":{"board":"16384 8192 4096 2048 0 256 512 1024 2 0 0 0 0 0 0 0"}}
LINES
run_input "$(cat "$TMP/two.jsonl")" python3 "$SCRIPT"
expect_rc 0
expect_out "| 16384 8192 x4096"
expect_out_re '\| 16384 8192 4096 2048 1024 512 256$'

run_input $'not json\n' python3 "$SCRIPT"
expect_rc 1
expect_err "line 1: not a game line"
run_input '{"index":0,"max_tile":2,"score":0,"detail":{"board":"2 2"}}' python3 "$SCRIPT"
expect_rc 1
expect_err "a board has 16 cells"
pass
