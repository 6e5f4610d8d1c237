# `2048 sim`: random and greedy through the harness; the same figures for 1 and 2
# threads; the summary names the tiles reached.
source "$(dirname "$0")/../cli/lib.sh"

run "$PL" 2048 sim --player random --games 300 --seed 5
expect_rc 0
expect_out "2048 · random · seed 5 · 300 games"
expect_out "reached 128"
expect_out "moves per game"
expect_out "distribution of max_tile"

for p in random greedy; do
  run "$PL" 2048 sim --player $p --games 200 --seed 9 --json --threads 1
  expect_rc 0
  expect_json
  jq -S 'del(.seconds, .cpu_seconds, .games_per_second)' "$TMP/out" >"$TMP/one"
  run "$PL" 2048 sim --player $p --games 200 --seed 9 --json --threads 2
  jq -S 'del(.seconds, .cpu_seconds, .games_per_second)' "$TMP/out" >"$TMP/two"
  diff "$TMP/one" "$TMP/two" >&2 || fail "$p: results depend on --threads"
done

# Greedy beats random on mean score (a check that the players differ).
r=$("$PL" 2048 sim --player random --games 200 --seed 2 --json | jq '.metrics.score.mean')
g=$("$PL" 2048 sim --player greedy --games 200 --seed 2 --json | jq '.metrics.score.mean')
awk -v r="$r" -v g="$g" 'BEGIN { exit !(g > r) }' || fail "greedy ($g) not above random ($r)"

run "$PL" 2048 sim --player nobody
expect_rc 2
run "$PL" 2048 sim --player random --stop-at 1000
expect_rc 2
# --stop-at: no game goes past the tile.
run "$PL" 2048 sim --player random --games 50 --stop-at 64 --json
expect_rc 0
[ "$(jq '.max' "$TMP/out")" -le 64 ] || fail "--stop-at 64 let a game go on"
pass
