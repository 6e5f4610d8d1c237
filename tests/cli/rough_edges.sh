# Smaller things a new user trips over, each a message a person can act on.
source "$(dirname "$0")/lib.sh"

# A game without a verb: its help names the whole command.
run "$PL" wordle
expect_rc 0
expect_out "Usage: puzzlelab wordle"
run "$PL" 2048
expect_out "Usage: puzzlelab 2048"

# merge without files says what to give, not "files is required".
run "$PL" merge
expect_rc 2
expect_err "give the shard result files to merge"

# --games beyond the limit names the limit.
run "$PL" wordle sim --player random --games 18446744073709551615
expect_rc 2
expect_err "at most 999999999999 games"

# 24 play on a range with no solvable hand: plain words, a usage error.
run "$PL" 24 play --range 0..0
expect_rc 2
expect_err "no hand of numbers in 0..0 makes 24"
run "$PL" 24 play --range 1..1 --difficulty hard
expect_rc 2
expect_err "no hard hand of numbers in 1..1"

# 2048 hint on an empty board: no position of the game, not a lost game.
run "$PL" 2048 hint "0 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0"
expect_rc 2
expect_err "the board has no tiles"
expect_not_out "game is over"

# An empty --state-dir or --data-dir would mean the current folder: refused.
mkdir -p "$TMP/cwd"
pl_abs="$(cd "$(dirname "$PL")" && pwd)/$(basename "$PL")"
(cd "$TMP/cwd" && run_input $'left\nquit\n' "$pl_abs" --state-dir '' 2048 play --new; echo "$RC" >"$TMP/rc")
[ "$(cat "$TMP/rc")" = 2 ] || fail "--state-dir '': expected status 2, got $(cat "$TMP/rc")"
[ -z "$(ls -A "$TMP/cwd")" ] || fail "--state-dir '' wrote into the current folder: $(ls -A "$TMP/cwd")"
run "$PL" --data-dir '' wordle score elder error
expect_rc 2
expect_err "not an empty one"
# The piped example in 24 play's help works as written (it deals the hand it solves).
run "$PL" 24 play --help
example="$(grep -F "printf '" "$TMP/out" | sed 's/^ *//; s/ *#.*$//')"
[ -n "$example" ] || fail "24 play --help has no piped example"
(eval "${example//puzzlelab/\"\$PL\" --state-dir \"\$TMP/st24\"}") >"$TMP/out" 2>"$TMP/err"
expect_out "✓ Correct"
# Help names values for a person, not by CLI11's type labels ("UINT:UINT").
for c in "" wordle handle 24 2048 "wordle play" "wordle assist" "wordle score" "wordle sim" "wordle watch" \
  "wordle tree" "handle play" "handle assist" "handle score" "handle sim" "handle watch" "handle tree" "24 solve" \
  "24 stats" "24 play" "2048 play" "2048 move" "2048 hint" "2048 ai" "2048 sim" "2048 train" merge bench stats \
  serve completion man; do
  run "$PL" $c --help
  expect_rc 0
  ! grep -E '(UINT|INT|FLOAT|TEXT):' "$TMP/out" || fail "'$c --help' shows CLI11's type labels"
  # A string value is named for what it is (FILE, WORD, K/N), not CLI11's "TEXT".
  ! grep -E '^ +(-[a-z],)?-?-?[a-z0-9-]+ TEXT\b' "$TMP/out" || fail "'$c --help' calls a value TEXT"
  ! grep -F '... ...' "$TMP/out" || fail "'$c --help' doubles a '...'"
done
run "$PL" stats --help
expect_out "--export FILE "
run "$PL" handle play --help
expect_out "--word IDIOM "
run "$PL" wordle sim --help
expect_out "--shard K/N "
run "$PL" merge --help
expect_out "files FILE ..."
# The overview lists every verb of every game.
run "$PL" --help
for game in wordle handle 24 2048; do
  for verb in $("$PL" "$game" --help | sed -n '/^Subcommands:/,/^$/p' | awk '/^  [a-z]/ {print $1}'); do
    grep -E "^  $game +.*\b$verb\b" "$TMP/out" >/dev/null || fail "the overview does not list '$game $verb'"
  done
done
# 2048 has no list of secrets: its --games takes a number only, and says so.
run "$PL" 2048 sim --help
expect_out "--games N=100 "
expect_not_out "'all'"
run "$PL" --help
expect_out "--seed N "
expect_out "--color auto|always|never"
run "$PL" 2048 hint --help
expect_out "--ms-per-move NUMBER (0.1 to 600000)"
# A UTF-8 byte-order mark at the start of a word list is no part of the first word.
printf '\xef\xbb\xbfcigar\r\nrebut\r\n' >"$TMP/bom.txt"
run_input $'cigar\n' "$PL" --state-dir "$TMP/st" wordle play --answers "$TMP/bom.txt" --word cigar
expect_rc 0
expect_out "1/6"

# 24 stats: the comparison with human solve rates says why it is missing.
mkdir -p "$TMP/nodata"
run "$PL" --data-dir "$TMP/nodata" 24 stats --range 1..6 --top 1
expect_out "Difficulty rating vs. human solve rates: not computed: the human solve rates"
run "$PL" 24 stats --range 1..3 --top 1
expect_out "not computed: only"
# 2048 move: what it prints, it accepts again; a merge into a tile no board can hold is
# refused, not printed.
run_input $'65536 65536 32768 0 0 0 0 0 0 0 0 0 0 0 0 0 left\n' "$PL" 2048 move --stdin
expect_rc 0
expect_out "131072 32768 0 0"
run_input "$(cut -d' ' -f1-16 "$TMP/out") right"$'\n' "$PL" 2048 move --stdin
expect_rc 0
run_input $'131072 131072 0 0 0 0 0 0 0 0 0 0 0 0 0 0 left\n' "$PL" 2048 move --stdin
expect_rc 1
expect_err "makes a 262144 tile, more than a 4×4 board can hold"
expect_not_out "262144"
run "$PL" 2048 move "131072 131072 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0" left
expect_rc 2
expect_err "more than a 4×4 board can hold"
# 〇 has a reading in the game's data (chars.tsv): a guess may use it.
run "$PL" handle score 一心一意 〇心一意
expect_rc 0
expect_out "NNNN EEEE EEEE EEEE"
# 24 solve prints a number as it was written: 3.5, not (7/2); a fraction stays a fraction.
run "$PL" 24 solve 3.5 3 8 8
expect_rc 0
[ "$(out)" = "8/(3.5-3)+8" ] || fail "24 solve 3.5 3 8 8: got '$(out)'"
run "$PL" 24 solve 7/2 3 8 8
[ "$(out)" = "8/((7/2)-3)+8" ] || fail "24 solve 7/2 3 8 8: got '$(out)'"
run_input $'3.5 3 8 8\n' "$PL" 24 solve
expect_out "8/(3.5-3)+8"
# Every solution and the first solution give the same answer, even where the first-
# solution search meets a value beyond 128 bits (M = 2^63-1).
M=9223372036854775807
run "$PL" 24 solve $M $M $M --target 1
all_rc=$RC
cp "$TMP/err" "$TMP/err_all"
run "$PL" 24 solve $M $M $M --target 1 --one
[ "$RC" = "$all_rc" ] || fail "M M M --target 1: status $all_rc for every solution, $RC with --one"
diff -q "$TMP/err_all" "$TMP/err" >/dev/null || fail "M M M --target 1: '$(cat "$TMP/err_all")' vs --one '$(err)'"
run "$PL" 24 solve $M $M --target 1 --one
expect_rc 0
# A folder where a file should be: the message names the path.
mkdir -p "$TMP/afolder"
run "$PL" merge "$TMP/afolder"
expect_rc 1
expect_err "$TMP/afolder is a folder"
# merge names a missing field in its own words, not the JSON library's text.
run "$PL" --state-dir "$TMP/st" wordle sim --player frequency --games 20 --shard 0/2 --out "$TMP/s0.json"
expect_rc 0
jq 'del(.seed)' "$TMP/s0.json" >"$TMP/noseed.json"
run "$PL" merge "$TMP/noseed.json"
expect_rc 1
expect_err 'not a puzzlelab shard result: the field "seed" is missing'
grep -q 'json.exception' "$TMP/err" && fail "merge shows the JSON library's message"

# 24 stats --numbers 8 is hours of work: from a pipe it says how many hands, and after a
# few seconds how long the rest should take at the measured rate (then SIGINT stops it).
timeout --preserve-status -s INT 15 "$PL" --threads 2 24 stats --numbers 8 </dev/null >"$TMP/out" 2>"$TMP/err"
RC=$?
[ "$RC" = 130 ] || fail "24 stats --numbers 8 under SIGINT: status $RC"
expect_err "125970 hands of 8 numbers to solve in full"
expect_err_re "24 stats: [0-9]+ of 125970 hands in [0-9]+ s; about .* left at this rate"

run "$PL" wordle tree --check "$TMP/afolder"
expect_err "$TMP/afolder is a folder"
run_input $'crane\n' "$PL" --state-dir "$TMP/st" wordle play --answers "$TMP/afolder"
expect_err "$TMP/afolder is a folder"
pass
