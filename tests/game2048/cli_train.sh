# The learned evaluation from the command line: `2048 train` writes a network (the same
# seed, the same file), goes on from one, stops cleanly on bad input; hint and sim
# search with it (--network), and a damaged network file is an error, not a crash.
source "$(dirname "$0")/../cli/lib.sh"

run "$PL" 2048 train --games 200 --report-every 100 --seed 4 --out "$TMP/a.bin"
expect_rc 0
expect_out "200 games trained (200 in all), seed 4"
expect_err_re "^games 100 \(100 in all\) .* mean score [0-9]+ .*2048 [0-9.]+%"
expect_err "games 200 (200 in all)"
run "$PL" 2048 train --games 200 --report-every 100 --seed 4 --out "$TMP/b.bin"
cmp -s "$TMP/a.bin" "$TMP/b.bin" || fail "the same seed trained a different network"
run "$PL" 2048 train --games 100 --seed 5 --from "$TMP/a.bin" --out "$TMP/c.bin"
expect_rc 0
expect_out "100 games trained (300 in all)"
cmp -s "$TMP/a.bin" "$TMP/c.bin" && fail "training on changed nothing"

run "$PL" 2048 train --games 10 --stages 8192,4096 --out "$TMP/d.bin"
expect_rc 2
expect_err "expected rising tile values"
run "$PL" 2048 train --games 10 --stages 3000 --out "$TMP/d.bin"
expect_rc 2
# A folder cannot be made where a file is: a clear message, exit 1.
run "$PL" 2048 train --games 10 --out "$TMP/a.bin/net.bin"
expect_rc 1
expect_err "cannot create folder"
run "$PL" 2048 train --games 10
expect_rc 2
expect_err "--out is required"

# Staged training runs and keeps its stages.
run "$PL" 2048 train --games 50 --stages 8192,16384 --out "$TMP/s.bin"
expect_rc 0
run "$PL" 2048 train --games 10 --from "$TMP/s.bin" --stages 8192,16384 --out "$TMP/s2.bin"
expect_rc 0
run "$PL" 2048 train --games 10 --stages 16384 --from "$TMP/s.bin" --out "$TMP/d.bin"
expect_rc 2
expect_err "differs from the stages"

# Temporal coherence: its rates are kept beside the network and taken up by --from;
# a damaged rates file stops the training with a message.
run "$PL" 2048 train --games 50 --coherence --alpha 1 --out "$TMP/t.bin"
expect_rc 0
[ -s "$TMP/t.bin.coherence" ] || fail "no .coherence file beside the network"
run "$PL" 2048 train --games 50 --coherence --alpha 1 --from "$TMP/t.bin" --out "$TMP/t2.bin"
expect_rc 0
expect_out "50 games trained (100 in all)"
printf 'garbage' >"$TMP/t2.bin.coherence"
run "$PL" 2048 train --games 50 --coherence --alpha 1 --from "$TMP/t2.bin" --out "$TMP/t3.bin"
expect_rc 1
expect_err "not a usable coherence file"

# A one-stage network promoted to stages, trained from given positions.
printf '# late positions\nstart 0 (game 8) score 343068 sum 28672 board 8 128 8192 16384 8 64 1024 2048 8 32 256 512 0 4 2 2\n\n0 0 0 2 / 0 0 0 0 / 0 0 0 0 / 4 0 0 0\n' >"$TMP/starts.txt"
run "$PL" 2048 train --games 20 --from "$TMP/a.bin" --stages 16384 --starts "$TMP/starts.txt" --out "$TMP/p.bin"
expect_rc 0
expect_out "20 games trained (220 in all)"
# The same from those positions with the look-ahead from 16384: other games, other weights.
run "$PL" 2048 train --games 20 --from "$TMP/a.bin" --stages 16384 --starts "$TMP/starts.txt" --lookahead-from 16384 --out "$TMP/p2.bin"
expect_rc 0
expect_out "20 games trained (220 in all)"
cmp -s "$TMP/p.bin" "$TMP/p2.bin" && fail "--lookahead-from changed nothing"
run "$PL" 2048 train --games 20 --lookahead-from 3000 --out "$TMP/q.bin"
expect_rc 2
expect_err "--lookahead-from"
printf 'board 2 4 8\n' >"$TMP/badstarts.txt"
run "$PL" 2048 train --games 20 --starts "$TMP/badstarts.txt" --out "$TMP/q.bin"
expect_rc 1
expect_err "badstarts.txt: line 1: "
printf '2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2\n' >"$TMP/full.txt"
run "$PL" 2048 train --games 20 --starts "$TMP/full.txt" --out "$TMP/q.bin"
expect_rc 1
expect_err "no move is left"
run "$PL" 2048 train --games 20 --starts "$TMP/none.txt" --out "$TMP/q.bin"
expect_rc 1
expect_err "cannot read"

# The search on the network: hint (deterministic for any thread count) and sim.
run "$PL" 2048 hint --json --depth 1 --network "$TMP/a.bin" "0 2 2 4 / 0 0 4 8 / 0 0 0 16 / 2 0 0 32"
expect_rc 0
jq -e '.best != null and .depth == 1 and .evaluated_moves > 0' "$TMP/out" >/dev/null || fail "hint: $(out)"
cp "$TMP/out" "$TMP/h1"
run "$PL" 2048 hint --json --depth 1 --threads 1 --network "$TMP/a.bin" "0 2 2 4 / 0 0 4 8 / 0 0 0 16 / 2 0 0 32"
[ "$(jq -c 'del(.seconds)' "$TMP/out")" = "$(jq -c 'del(.seconds)' "$TMP/h1")" ] || fail "hint depends on --threads"
# The network's values are scores to come, not the heuristic's: they differ.
run "$PL" 2048 hint --json --depth 1 "0 2 2 4 / 0 0 4 8 / 0 0 0 16 / 2 0 0 32"
[ "$(jq -c .moves "$TMP/out")" != "$(jq -c .moves "$TMP/h1")" ] || fail "--network changed no value"

run "$PL" 2048 sim --player expectimax --depth 1 --network "$TMP/a.bin" --games 2 --seed 3 --json
expect_rc 0
jq -e '.games == 2 and .config.network == "a.bin" and .metrics.nodes.total > 0' "$TMP/out" >/dev/null ||
  fail "sim: $(out)"

# Bad network files: a clear message and exit status 1, for every verb that reads one.
printf 'not a network' >"$TMP/bad.bin"
head -c 100000 "$TMP/a.bin" >"$TMP/short.bin"
for args in "hint --network $TMP/bad.bin 0 2 2 4 / 0 0 4 8 / 0 0 0 16 / 2 0 0 32" \
  "sim --player expectimax --depth 1 --games 1 --network $TMP/short.bin" \
  "ai --depth 1 --network $TMP/bad.bin" \
  "train --games 1 --from $TMP/short.bin --out $TMP/e.bin" \
  "hint --network $TMP/none.bin 0 2 2 4 / 0 0 4 8 / 0 0 0 16 / 2 0 0 32"; do
  # shellcheck disable=SC2086
  run "$PL" 2048 $args
  expect_rc 1
  expect_err_re "error: .*(not a usable network file|cannot read the network file)"
done
[ ! -e "$TMP/e.bin" ] || fail "a failed --from wrote its --out"

pass
