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

pass
