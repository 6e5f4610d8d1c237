# The simulation harness through a real game's sim verb: --json parses and is the same
# for any --threads; shards merged with `merge` give exactly the single run's summary
# and JSON (timing aside); --jsonl has one line per game; --resume continues a run from
# its log; SIGINT stops with 130.
source "$(dirname "$0")/lib.sh"

strip_times() { jq -S 'del(.seconds, .cpu_seconds, .games_per_second)' "$1"; }

run "$PL" --json --threads 1 wordle sim --player entropy --games 200 --seed 11
expect_rc 0
expect_json
strip_times "$TMP/out" >"$TMP/single1.json"
jq -e '.games == 200 and .schema == "puzzlelab.sim/1" and (.distribution | type) == "object"' "$TMP/out" >/dev/null \
  || fail "sim --json lacks the documented fields"
run "$PL" --json --threads 2 wordle sim --player entropy --games 200 --seed 11
strip_times "$TMP/out" >"$TMP/single2.json"
cmp -s "$TMP/single1.json" "$TMP/single2.json" || fail "--threads 1 and 2 give different results"

# Three shards, merged, equal the single run.
for k in 0 1 2; do
  run "$PL" wordle sim --player entropy --games 200 --seed 11 --shard "$k/3"
  expect_rc 0
  cp "$TMP/out" "$TMP/shard$k.json"
done
run "$PL" --json merge "$TMP/shard2.json" "$TMP/shard0.json" "$TMP/shard1.json"
expect_rc 0
expect_json
strip_times "$TMP/out" >"$TMP/merged.json"
diff -u "$TMP/single1.json" "$TMP/merged.json" >&2 || fail "merged shards differ from the single run"

# The text summary too (minus the timing line).
run "$PL" --color=never wordle sim --player entropy --games 200 --seed 11
grep -v '^  time ' "$TMP/out" >"$TMP/single.txt"
run "$PL" --color=never merge "$TMP/shard0.json" "$TMP/shard1.json" "$TMP/shard2.json"
grep -v '^  time ' "$TMP/out" >"$TMP/merged.txt"
diff -u "$TMP/single.txt" "$TMP/merged.txt" >&2 || fail "merged text summary differs"
expect_no_esc

# A missing shard is named.
run "$PL" merge "$TMP/shard0.json" "$TMP/shard2.json"
expect_rc 1
expect_err "shard 1/3 is missing"
expect_err "--partial"
# --partial sums the shards given (a run in progress), says which are missing, and marks
# the summary incomplete: it is shard 0 and 2 of the whole run.
run "$PL" --json merge --partial "$TMP/shard0.json" "$TMP/shard2.json"
expect_rc 0
expect_err "1 of the 3 shards are missing (1); the summary covers 133 of 200 games"
jq -e '.games == 133 and .complete == false' "$TMP/out" >/dev/null || fail "merge --partial: wrong games or not marked incomplete"
run "$PL" --color=never merge --partial "$TMP/shard1.json"
expect_rc 0
expect_out "(incomplete: 67 of 200 planned)"

# --out writes the document atomically and still prints the summary.
run "$PL" wordle sim --player entropy --games 20 --out "$TMP/result.json"
expect_rc 0
jq -e '.games == 20' "$TMP/result.json" >/dev/null || fail "--out file is not the result document"

# --jsonl: one JSON object per game.
run "$PL" wordle sim --player random --games 25 --jsonl
expect_rc 0
[ "$(wc -l <"$TMP/out")" = 25 ] || fail "--jsonl should print 25 lines"
jq -e -s 'length == 25 and all(has("index") and has("guesses"))' "$TMP/out" >/dev/null || fail "--jsonl lines malformed"

# --resume: a run cut off after 10 games continues from its log; the lines and the
# summary are those of the whole run, and a log of another run is refused.
cp "$TMP/out" "$TMP/full.jsonl"
jq -e -s 'all(.run | type == "string" and length == 16)' "$TMP/full.jsonl" >/dev/null || fail "--jsonl lines lack the run fingerprint"
head -n 10 "$TMP/full.jsonl" >"$TMP/part.jsonl"
head -n 11 "$TMP/full.jsonl" | tail -n 1 | head -c 30 >>"$TMP/part.jsonl"  # a line cut off mid-write
run "$PL" wordle sim --player random --games 25 --jsonl --resume "$TMP/part.jsonl"
expect_rc 0
cmp -s "$TMP/out" "$TMP/full.jsonl" || fail "a resumed run's lines differ from the whole run's"
expect_err "resuming: 10 games from"
expect_err "cut off mid-write"
run "$PL" --json wordle sim --player random --games 25
strip_times "$TMP/out" | jq 'del(.resumed)' >"$TMP/whole.json"
run "$PL" --json wordle sim --player random --games 25 --resume "$TMP/part.jsonl"
expect_rc 0
jq -e '.resumed == 10 and .games == 25' "$TMP/out" >/dev/null || fail "--resume: the summary does not count the resumed games"
strip_times "$TMP/out" | jq 'del(.resumed)' >"$TMP/resumed.json"
diff -u "$TMP/whole.json" "$TMP/resumed.json" >&2 || fail "a resumed run's summary differs from the whole run's"
run "$PL" wordle sim --player random --games 25 --seed 2 --resume "$TMP/part.jsonl"
expect_rc 1
expect_err "line 1: this game is from another run"
printf 'not json\n' >"$TMP/bad.jsonl"
run "$PL" wordle sim --player random --games 25 --resume "$TMP/bad.jsonl"
expect_rc 1
expect_err "line 1: not a JSON object"
run "$PL" wordle sim --player random --games 25 --resume "$TMP/no-such-file"
expect_rc 1
expect_err "cannot read"

# Colour on demand, none with --color=never.
run "$PL" --color=always wordle sim --player entropy --games 5
expect_esc

# SIGINT: the run stops, prints what it has, and exits 130.
timeout 60 "$PL" --threads 1 handle sim --player entropy --candidates idioms --games all >"$TMP/out" 2>"$TMP/err" &
pid=$!
sleep 2
kill -INT "$pid"
wait "$pid"
RC=$?
expect_rc 130
pass
