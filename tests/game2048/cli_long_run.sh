# tools/game2048/long_run.sh, the long benchmark's resumable runner: its games are the
# games of one `2048 sim` run, an interrupted run goes on where it stopped (its games
# unchanged), a finished one is not played again, and bad arguments are refused.
source "$(dirname "$0")/../cli/lib.sh"
LONG_RUN="$TESTS_DIR/../tools/game2048/long_run.sh"
# Not started with setsid, the script must leave the caller's autogroup (the priority of
# the whole terminal session) alone.
group_before=$(cat /proc/self/autogroup 2>/dev/null || true)

run "$PL" 2048 sim --player expectimax --level fast --games 3 --seed 9 --threads 1 --jsonl --depth 3 --stop-at 4096
expect_rc 0
cp "$TMP/out" "$TMP/reference.jsonl"
[ "$(grep -c . "$TMP/reference.jsonl")" = 3 ] || fail "expected 3 game lines"

ARGS=(--depth 3 --stop-at 4096 --checkpoint-every 100)

# Interrupted (SIGINT to its process group, as Ctrl-C does) once a checkpoint is saved
# (up to 120 s: under ASan on a loaded machine 100 moves at depth 3 once took over 30 s).
D="$TMP/run"
setsid bash "$LONG_RUN" -j 2 -l fast -n 3 -s 9 "$PL" "$D" -- "${ARGS[@]}" >"$TMP/out" 2>"$TMP/err" &
pid=$!
for _ in $(seq 2400); do
  compgen -G "$D/ckpt/game-*.json" >/dev/null && break
  sleep 0.05
done
compgen -G "$D/ckpt/game-*.json" >/dev/null || fail "no checkpoint within 120 s"
kill -INT -- -"$pid"
RC=0
wait "$pid" || RC=$?
expect_rc 130
expect_err "stopped with games left"
grep -q "exit 130" "$D/run.log" || fail "run.log does not record the interrupted game"
[ ! -e "$D/merged.txt" ] || fail "an unfinished run wrote merged.txt"

# Run again: it goes on from the checkpoints and ends with the reference's games.
run bash "$LONG_RUN" -j 2 -l fast -n 3 -s 9 "$PL" "$D" -- "${ARGS[@]}"
expect_rc 0
expect_out "expectimax · seed 9 · 3 games"
cat "$D"/game-{0,1,2}.jsonl >"$TMP/joined.jsonl"
cmp -s "$TMP/joined.jsonl" "$TMP/reference.jsonl" || fail "the resumed run's games differ from one run's"
grep -q "checkpoint: 1 game goes on from" "$D"/game-*.err || fail "no game went on from a checkpoint"
grep -q "all 3 games done" "$D/run.log" || fail "run.log does not record the end"
cmp -s "$TMP/out" "$D/merged.txt" || fail "merged.txt is not what was printed"
! compgen -G "$D/ckpt/game-*.json" >/dev/null || fail "finished games kept their checkpoints"

# Once more: nothing is played again.
starts=$(grep -c "start$" "$D/run.log")
run bash "$LONG_RUN" -j 2 -l fast -n 3 -s 9 "$PL" "$D" -- "${ARGS[@]}"
expect_rc 0
[ "$(grep -c "start$" "$D/run.log")" = "$starts" ] || fail "a finished game was played again"

# Bad arguments.
run bash "$LONG_RUN" -n x "$PL" "$D"
expect_rc 2
expect_err "not a whole number: x"
run bash "$LONG_RUN" "$PL"
expect_rc 2
run bash "$LONG_RUN" /nonexistent "$D"
expect_rc 2
expect_err "not an executable"
run bash "$LONG_RUN" "$PL" "$D" --depth 3
expect_rc 2
[ "$(cat /proc/self/autogroup 2>/dev/null || true)" = "$group_before" ] || fail "the script changed the caller's autogroup"
echo PASS
