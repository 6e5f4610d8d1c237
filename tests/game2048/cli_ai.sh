# The AI's commands: hint (text, JSON, stdin, errors), ai without a terminal, sim with
# the expectimax player (thread-independent), and the play pipe's `hint` line.
source "$(dirname "$0")/../cli/lib.sh"

run "$PL" 2048 hint "0 2 2 4 / 0 0 4 8 / 0 0 0 16 / 2 0 0 32"
expect_rc 0
expect_out_re "^best move: (up|down|left|right)$"
expect_err "evaluated moves"

# Only right and down change this board: only they get values, and one is best.
run "$PL" 2048 hint --json --depth 2 "2 4 2 4 / 4 2 4 2 / 2 4 2 0 / 4 2 0 0"
expect_rc 0
expect_json
jq -e '(.moves | keys) == ["down", "right"]' "$TMP/out" >/dev/null || fail "wrong legal moves: $(out)"
jq -e '.best == "down" or .best == "right"' "$TMP/out" >/dev/null || fail "best is not legal"
jq -e '.depth == 2 and .evaluated_moves > 0' "$TMP/out" >/dev/null || fail "depth or node count missing"
cp "$TMP/out" "$TMP/h1"
# Deterministic: the same board and settings, any thread count, the same answer.
run "$PL" 2048 hint --json --depth 2 --threads 1 "2 4 2 4 / 4 2 4 2 / 2 4 2 0 / 4 2 0 0"
[ "$(jq -c 'del(.seconds)' "$TMP/out")" = "$(jq -c 'del(.seconds)' "$TMP/h1")" ] || fail "hint depends on --threads"

# The endgame lookup: in this formation (the 3x3 block of big tiles less its far corner,
# 128 its smallest, the far corner's 64 to grow into the next 128) the search's down
# makes the next 128 less likely than left; --no-lookup is the search.
END="2 256 8192 16384 / 8 128 2048 4096 / 8 64 512 1024 / 0 2 2 4"
run "$PL" 2048 hint --level fast "$END"
expect_rc 0
expect_out "best move: left"
expect_out "Endgame lookup: left makes a 128 next to the big tiles' 128 with probability 0.701 (down: 0.413)"
run "$PL" 2048 hint --json --level fast "$END"
jq -e '.best == "left" and .endgame.goal == 128 and .endgame.searched == "down"
       and (.endgame.probability * 1000 | round) == 701' "$TMP/out" >/dev/null || fail "endgame JSON: $(out)"
run "$PL" 2048 hint --json --level fast --no-lookup "$END"
jq -e '.best == "down" and (has("endgame") | not)' "$TMP/out" >/dev/null || fail "--no-lookup: $(out)"
# A chain (16384 down to 256): its goal, the 256's twin, merges it all into 32768.
CHAIN="16384 8192 4096 2048 / 32 256 512 1024 / 64 2 0 0 / 4 2 0 0"
run "$PL" 2048 hint --level fast "$CHAIN"
expect_rc 0
expect_out "Endgame lookup: right makes a 256 next to the big tiles' 256 (then the chain merges into 32768) with probability 0.314 (up: 0.282)"
run "$PL" 2048 hint --json --level fast "$CHAIN"
jq -e '.best == "right" and .endgame.goal == 256 and .endgame.chain_to == 32768 and .endgame.searched == "up"
       and (.endgame.probability * 10000 | round) == 3143' "$TMP/out" >/dev/null || fail "chain JSON: $(out)"

run_input $'0 2 2 4\n0 0 4 8\n0 0 0 16\n2 0 0 32\n' "$PL" 2048 hint --level fast
expect_rc 0
expect_out "best move:"

run "$PL" 2048 hint "2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2"
expect_rc 1
expect_out "the game is over"

run "$PL" 2048 hint "2 4 2"
expect_rc 2
expect_err "expected 16 tile values"

# ai without a terminal: one line a move, then the board; the same seed, the same game.
run "$PL" 2048 ai --depth 1 --seed 3
expect_rc 0
expect_out "final score"
cp "$TMP/out" "$TMP/ai1"
run "$PL" 2048 ai --depth 1 --seed 3 --threads 1
cmp -s "$TMP/ai1" "$TMP/out" || fail "ai with the same seed played a different game"

# sim: nodes are counted, and results do not depend on --threads.
run "$PL" 2048 sim --player expectimax --depth 1 --games 4 --seed 11 --json --threads 1
expect_rc 0
jq -S 'del(.seconds, .cpu_seconds, .games_per_second)' "$TMP/out" >"$TMP/one"
jq -e '.metrics.nodes.total > 0' "$TMP/out" >/dev/null || fail "no node count"
run "$PL" 2048 sim --player expectimax --depth 1 --games 4 --seed 11 --json --threads 2
jq -S 'del(.seconds, .cpu_seconds, .games_per_second)' "$TMP/out" >"$TMP/two"
diff "$TMP/one" "$TMP/two" >&2 || fail "expectimax sim depends on --threads"
run "$PL" 2048 sim --player expectimax --depth 1 --games 2 --seed 11
expect_out "nodes/s"
expect_out "reached 65536"
expect_out "CPU s per move"
run "$PL" 2048 sim --player expectimax --size 5
expect_rc 2

# The play pipe's hint: advice, and the game now counts as assisted.
run_input $'hint\n' "$PL" 2048 play --seed 5 --new
expect_rc 0
expect_out "Hint: "
expect_out " is the best move"
expect_out "· assisted"
pass
