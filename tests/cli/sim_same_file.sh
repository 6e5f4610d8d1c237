# A simulation never writes over its own input, and never sends two outputs to one
# file: --out, --resume and stdout naming the same file (also through a symlink, a
# hard link or another spelling of the path) are refused with exit status 2 before
# anything is played, and the files are left as they were. merge likewise refuses
# stdout redirected to one of its shard files.
source "$(dirname "$0")/lib.sh"

SIM=(wordle sim --player random --games 12 --seed 3)
run "$PL" "${SIM[@]}" --jsonl
expect_rc 0
head -n 5 "$TMP/out" >"$TMP/log.jsonl"
cp "$TMP/log.jsonl" "$TMP/log.orig"
mkdir "$TMP/sub"
ln -s "$TMP/log.jsonl" "$TMP/link.jsonl"
ln "$TMP/log.jsonl" "$TMP/hard.jsonl"

unchanged() { cmp -s "$TMP/log.jsonl" "$TMP/log.orig" || fail "$1: the log was changed"; }

# --resume LOG --out LOG: the result would replace the log it resumes.
for same in "$TMP/log.jsonl" "$TMP/link.jsonl" "$TMP/hard.jsonl" "$TMP/sub/../log.jsonl" "$TMP/./sub/.././log.jsonl"; do
  run "$PL" "${SIM[@]}" --resume "$TMP/log.jsonl" --out "$same"
  expect_rc 2
  expect_err "are the same file"
  expect_err "--resume"
  unchanged "--out $same"
done
(cd "$TMP" && timeout "$TIMEOUT" "$PL" "${SIM[@]}" --resume log.jsonl --out "$TMP/log.jsonl" >"$TMP/out" 2>"$TMP/err")
RC=$?
expect_rc 2
unchanged "a relative --resume"

# stdout appended to the log being resumed (>>): refused, the log keeps its lines.
timeout "$TIMEOUT" "$PL" "${SIM[@]}" --jsonl --resume "$TMP/log.jsonl" >>"$TMP/link.jsonl" 2>"$TMP/err"
RC=$?
expect_rc 2
expect_err "stdout"
unchanged "stdout >> the log"

# --out and stdout on one file: two outputs into one.
timeout "$TIMEOUT" "$PL" "${SIM[@]}" --out "$TMP/result.json" >>"$TMP/result.json" 2>"$TMP/err"
RC=$?
expect_rc 2
expect_err "stdout"

# --out on something that is not a regular file (a pipe here; /dev/null when run as
# root) would be replaced by the renamed result: refused, the pipe stays.
mkfifo "$TMP/fifo"
run "$PL" "${SIM[@]}" --out "$TMP/fifo"
expect_rc 2
expect_err "not a regular file"
[ -p "$TMP/fifo" ] || fail "--out replaced a pipe with a file"

# merge: stdout on one of the shards it reads.
for k in 0 1; do
  run "$PL" "${SIM[@]}" --shard "$k/2"
  expect_rc 0
  cp "$TMP/out" "$TMP/shard$k.json"
done
cp "$TMP/shard1.json" "$TMP/shard1.orig"
timeout "$TIMEOUT" "$PL" merge "$TMP/shard0.json" "$TMP/shard1.json" >>"$TMP/shard1.json" 2>"$TMP/err"
RC=$?
expect_rc 2
expect_err "stdout"
cmp -s "$TMP/shard1.json" "$TMP/shard1.orig" || fail "merge wrote into a shard it read"
run "$PL" merge "$TMP/shard0.json" "$TMP/shard1.json"
expect_rc 0

pass
