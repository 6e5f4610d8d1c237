# The player's store (puzzlelab.db) through the command line: games finished at the
# same moment by many processes are all counted, `stats` shows them as text and JSON,
# export and import carry everything to another state folder, and a damaged database
# is moved aside with a message while the game goes on.
source "$(dirname "$0")/lib.sh"
STATE="$XDG_STATE_HOME/puzzlelab"

# 20 processes finish a game at once on one state folder: all 20 are counted.
for i in $(seq 1 20); do
  (printf 'cigar\n' | timeout "$TIMEOUT" "$PL" wordle play --word cigar >/dev/null 2>"$TMP/err.$i"; echo $? >"$TMP/rc.$i") &
done
wait
for i in $(seq 1 20); do
  [ "$(cat "$TMP/rc.$i")" = 0 ] || { cat "$TMP/err.$i" >&2; fail "process $i failed"; }
  ! grep -q . "$TMP/err.$i" || { cat "$TMP/err.$i" >&2; fail "process $i warned"; }
done
[ "$(stat_of wordle '[.played, .wins, .current_streak, .tries]')" = '[20,20,20,{"1":20}]' ] ||
  fail "20 concurrent games: $(stat_of wordle .)"

# A loss breaks the streak; text and JSON agree.
run_input $'crane\nslate\nquiet\nbuilt\ndoing\nfjord\n' "$PL" wordle play --word cigar
run "$PL" stats wordle
expect_rc 0
expect_out "played 21 · win 95% · current streak 0 · max streak 20"
expect_out "lost"
run "$PL" stats --json
expect_rc 0
expect_json
jq -e '.wordle.stats.played == 21 and .wordle.recent[0].outcome == "lost" and .handle.stats.played == 0' "$TMP/out" >/dev/null ||
  fail "stats --json: $(head -c 300 "$TMP/out")"

# Export, then import into an empty state folder: the same statistics; twice adds nothing.
run "$PL" stats --export "$TMP/all.json"
expect_rc 0
jq -e '.games | length == 21' "$TMP/all.json" >/dev/null || fail "export: $(head -c 200 "$TMP/all.json")"
run "$PL" --state-dir "$TMP/other" stats --import "$TMP/all.json"
expect_rc 0
run "$PL" --state-dir "$TMP/other" stats --import "$TMP/all.json"
expect_rc 0
[ "$("$PL" --state-dir "$TMP/other" stats wordle --json | jq -c .stats)" = "$(stat_of wordle .)" ] ||
  fail "imported statistics differ"
echo '{"schema": "puzzlelab.export/1", "games": [{"game": "wordle"}], "baselines": [], "saves": [], "settings": {}}' >"$TMP/bad.json"
run "$PL" --state-dir "$TMP/other" stats --import "$TMP/bad.json"
expect_rc 1
expect_err "games[0]"
run "$PL" stats --import /dev/zero
expect_rc 1
expect_err "not a regular file"

# A damaged database: moved aside with a message, a new one started, the game counted.
head -c 100000 /dev/urandom >"$STATE/puzzlelab.db"
rm -f "$STATE/puzzlelab.db-wal" "$STATE/puzzlelab.db-shm"
run_input $'cigar\n' "$PL" wordle play --word cigar
expect_rc 0
expect_err "moved to"
ls "$STATE" | grep -q 'puzzlelab.db.corrupt-' || fail "the damaged database was not kept"
[ "$(stat_of wordle .played)" = 1 ] || fail "the new database did not count the game"

# A table removed by another program: made again, empty, with a warning that says what
# to do; the games in the other tables stay counted and a game can be saved again.
python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("DROP TABLE saves"); c.commit()' "$STATE/puzzlelab.db"
run "$PL" stats wordle
expect_rc 0
expect_err "had no table 'saves'"
expect_err "restore the file from a backup"
expect_out "played 1"
run_input $'up\nquit\n' "$PL" 2048 play --seed 1
expect_rc 0
! grep -q "could not save" "$TMP/err" || fail "2048 play after the table was made again: $(err)"
run "$PL" stats wordle
expect_rc 0
expect_empty_err

# Another program holds the write lock: `stats` still reads; a game that cannot be
# recorded within the busy timeout says who holds the store and what to do.
python3 -c 'import sqlite3,sys,time
c=sqlite3.connect(sys.argv[1], isolation_level=None); c.execute("BEGIN EXCLUSIVE")
c.execute("INSERT INTO settings VALUES (\"lock\", \"held\")"); open(sys.argv[2], "w").close(); time.sleep(20)' \
  "$STATE/puzzlelab.db" "$TMP/locked" &
locker=$!
for _ in $(seq 100); do [ -e "$TMP/locked" ] && break; sleep 0.1; done
run "$PL" stats wordle --json
expect_rc 0
expect_json
[ "$(jq -c .stats.played "$TMP/out")" = 1 ] || fail "stats while another program writes: $(out)"
run_input $'cigar\n' "$PL" wordle play --word cigar
expect_rc 0
expect_err "another program kept"
expect_err "let it finish or close it, then try again"
kill "$locker" 2>/dev/null
wait "$locker" 2>/dev/null

# An import never replaces a game in progress here: the other machine's save is named
# and left in its file.
run_input $'up\nquit\n' "$PL" --state-dir "$TMP/A" 2048 play --seed 1
run "$PL" --state-dir "$TMP/A" stats --export "$TMP/a.json"
run_input $'up\nleft\nright\ndown\nup\nleft\nquit\n' "$PL" --state-dir "$TMP/B" 2048 play --seed 2
expect_err "Game saved (score 20, 6 moves)"
run "$PL" --state-dir "$TMP/B" stats --import "$TMP/a.json"
expect_rc 0
expect_err "the saved game 'terminal/2048/4x4' of $TMP/a.json was not taken"
run_input $'quit\n' "$PL" --state-dir "$TMP/B" 2048 play
expect_err "Resuming the saved game (score 20, 6 moves)"

# Two `2048 play` on one state folder: the second is told it plays unsaved, and the
# first one's game is the one saved (it used to be written over by the second's).
mkfifo "$TMP/a.in"
"$PL" --state-dir "$TMP/C" 2048 play --seed 1 --new <"$TMP/a.in" >"$TMP/a.out" 2>"$TMP/a.err" &
first=$!
exec 3>"$TMP/a.in"
printf 'up\nleft\nup\n' >&3
for _ in $(seq 100); do grep -q "moves 3" "$TMP/a.out" 2>/dev/null && break; sleep 0.1; done
run_input $'down\nquit\n' "$PL" --state-dir "$TMP/C" 2048 play --seed 2 --new
expect_rc 0
expect_err "another puzzlelab is playing 2048 4×4 with the state folder $TMP/C: this game is not saved"
expect_not_out "Game saved"
! grep -q "Game saved" "$TMP/err" || fail "the second 2048 play said its game was saved"
printf 'quit\n' >&3
exec 3>&-
wait "$first"
grep -q "Game saved (score 4, 3 moves)" "$TMP/a.err" || fail "the first 2048 play: $(cat "$TMP/a.err")"
run_input $'quit\n' "$PL" --state-dir "$TMP/C" 2048 play
expect_err "Resuming the saved game (score 4, 3 moves)"

# One game exported is "1 game".
run "$PL" stats --export "$TMP/one.json"
expect_rc 0
expect_err "exported 1 game to"

# `stats` without a store: the reason, status 1 (not a warning about what is not saved).
run "$PL" --state-dir /dev/null/state stats
expect_rc 1
expect_err "cannot create the state folder /dev/null/state"
! grep -q "not saved" "$TMP/err" || fail "stats without a store: $(err)"

# A state folder that cannot be made: a warning, the game is still played.
run_input $'cigar\n' "$PL" --state-dir /dev/null/state wordle play --word cigar
expect_rc 0
expect_err "statistics not saved"
expect_out "Solved in 1"
pass
