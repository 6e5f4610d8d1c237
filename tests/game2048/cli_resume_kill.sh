# Never lose a game: kill -9 in the middle of a game, start again, and the game goes on
# exactly as an uninterrupted one with the same seed and moves (board, score, random
# state); then a damaged save is set aside with a message, and saves of older versions
# (2048-game.json) are imported, moved aside when damaged, and left alone (never written
# over) when they cannot be read.
source "$(dirname "$0")/../cli/lib.sh"

moves=(left up right down left up up left down right left up)

# The reference: all twelve moves in one process, in its own state folder.
printf '%s\n' "${moves[@]}" | XDG_STATE_HOME="$TMP/ref" timeout 60 "$PL" 2048 play --seed 99 --new >"$TMP/ref.txt" 2>"$TMP/ref.err" ||
  fail "reference run failed"

# The interrupted run: six moves through a FIFO, then SIGKILL while it waits for more.
STATE="$XDG_STATE_HOME/puzzlelab"
SAVE="$STATE/2048-game.json"
# saved MOVES-FILTER: a jq filter over the saved 4x4 game in the player's store.
saved() {
  timeout 20 "$PL" -q stats --export "$TMP/export.json" 2>/dev/null &&
    jq -r ".saves[] | select(.key == \"terminal/2048/4x4\") | .state | $1" "$TMP/export.json"
}
mkfifo "$TMP/fifo"
timeout 60 "$PL" 2048 play --seed 99 --new <"$TMP/fifo" >"$TMP/part1.txt" 2>"$TMP/part1.err" &
pid=$!
exec 3>"$TMP/fifo"
printf '%s\n' "${moves[@]:0:6}" >&3
for _ in $(seq 1 200); do
  [ "$(saved .moves)" = 6 ] && break
  sleep 0.05
done
[ "$(saved .moves)" = 6 ] || fail "the save never reached 6 moves"
kill -9 "$pid"
wait "$pid" 2>/dev/null
rc=$?
exec 3>&-
[ "$rc" = 137 ] || fail "expected death by SIGKILL (137), got $rc"

# Resume (no --seed, no --new): the rest of the moves.
printf '%s\n' "${moves[@]:6}" | timeout 60 "$PL" 2048 play >"$TMP/part2.txt" 2>"$TMP/err2" || fail "resume run failed"
grep -qF "Resuming the saved game" "$TMP/err2" || fail "the saved game was not offered"
# The first board after resuming is the board at the kill.
sed -n '2,10p' "$TMP/part2.txt" >"$TMP/resumed-board"
tail -n 9 "$TMP/part1.txt" >"$TMP/killed-board"
diff "$TMP/killed-board" "$TMP/resumed-board" >&2 || fail "resumed board differs from the board at the kill"
# And the game continues exactly like the uninterrupted one.
tail -n 10 "$TMP/ref.txt" >"$TMP/ref-end"
tail -n 10 "$TMP/part2.txt" >"$TMP/got-end"
diff "$TMP/ref-end" "$TMP/got-end" >&2 || fail "the resumed game differs from the uninterrupted one"

# An older version's save that is not JSON: moved aside with a message; the game in
# the store goes on.
echo 'garbage{' >"$SAVE"
run_input $'left\n' "$PL" 2048 play
expect_rc 0
expect_err "was damaged (not valid JSON); it was moved to"
ls "$SAVE".corrupt-* >/dev/null 2>&1 || fail "no .corrupt file"
[ -n "$(saved .moves)" ] || fail "no save"
# JSON that is not a valid game: imported, then refused when resumed and kept aside in
# the store with the reason (nothing is lost).
run_input $'new\nquit\n' "$PL" 2048 play
echo '{"format": "puzzlelab-2048-save/1", "size": 4, "board": [[3]]}' >"$SAVE"
run_input $'left\n' "$PL" 2048 play
expect_rc 0
expect_err "the saved game was damaged ("
[ -f "$SAVE.imported" ] || fail "the imported file was not kept"
timeout 20 "$PL" stats --export "$TMP/export.json" 2>/dev/null
jq -e '.saves[] | select(.key | startswith("damaged/terminal/2048/4x4/")) | .state.board == [[3]]' "$TMP/export.json" >/dev/null ||
  fail "the damaged content was not kept"
# A damaged best-score file is moved aside as well.
echo '{"best": {"4x4": "lots"}}' >"$STATE/2048-stats.json"
run_input $'left\n' "$PL" 2048 play
expect_err "2048-stats.json was damaged"
# A save that cannot be read (a folder here; a file without read permission for an
# ordinary user) is left exactly as it is: warned about, never written over.
mkdir "$SAVE" && touch "$SAVE/keep"
run_input $'left\nquit\n' "$PL" 2048 play
expect_rc 0
expect_err "left as it is"
[ -f "$SAVE/keep" ] || fail "the unreadable save was touched"
run_input $'left\nquit\n' "$PL" 2048 play
expect_err "left as it is"
pass
