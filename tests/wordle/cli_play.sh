# wordle play through a pipe: one guess a line, refusals cost no turn, the transcript
# is golden; hard-mode refusals; a loss shows the answer; statistics are saved and a
# damaged statistics file is moved aside with a warning.
source "$(dirname "$0")/../cli/lib.sh"
D="$(dirname "$0")/golden"
STATS="$XDG_STATE_HOME/puzzlelab/wordle-stats.json"

run_input $'crane\nxyzzy\ncran\ncranes\nslate\ncigar\n' "$PL" --color=never wordle play --word cigar
expect_rc 0
expect_golden "$D/play_cigar.txt"
[ "$(jq .played "$STATS")" = 1 ] || fail "statistics not saved: $(cat "$STATS")"

# Hard mode: refusals name the rule and cost no turn (aback: crane gives (C) R [A] N E).
run_input $'crane\nsoare\nmount\nabaca\nbacca\naback\n' "$PL" --color=never wordle play --day 1 --hard
expect_rc 0
expect_golden "$D/play_hard_day1.txt"

# A loss shows the answer and X/6; the streak is broken.
run_input $'crane\nslate\nquiet\nbuilt\ndoing\nfjord\n' "$PL" --color=never wordle play --word cigar
expect_rc 0
expect_out "The answer was CIGAR."
expect_out "Wordle 391 X/6"
[ "$(jq -c '[.played, .wins, .current_streak, .max_streak, .distribution]' "$STATS")" = '[3,2,0,2,[0,0,2,0,0,0]]' ] ||
  fail "statistics after three games: $(cat "$STATS")"

# Input that ends before the game does: not counted, said on stderr.
run_input $'crane\n' "$PL" wordle play --word cigar
expect_rc 0
expect_err "not counted"
[ "$(jq .played "$STATS")" = 3 ] || fail "an unfinished game was counted"

# A damaged statistics file is moved aside with a warning, never silently lost.
echo 'not json' >"$STATS"
run_input $'cigar\n' "$PL" wordle play --word cigar
expect_rc 0
expect_err "warning:"
[ "$(jq .played "$STATS")" = 1 ] || fail "statistics did not restart"
ls "$XDG_STATE_HOME/puzzlelab" | grep -q 'wordle-stats.json.corrupt' || fail "the damaged file was not kept"
echo '{"played": 1, "wins": 5, "current_streak": 0, "max_streak": 0, "distribution": [0,0,0,0,0,0]}' >"$STATS"
run_input $'cigar\n' "$PL" wordle play --word cigar
expect_err "do not add up"

# The same seed picks the same answer; colour and the high-contrast palette.
run_input $'cigar\n' "$PL" --seed 11 wordle play
first="$(head -n 1 "$TMP/out")"
run_input $'cigar\n' "$PL" --seed 11 wordle play
[ "$(head -n 1 "$TMP/out")" = "$first" ] || fail "--seed does not fix the answer"
run_input $'crane\ncigar\n' "$PL" --color=always wordle play --word cigar --palette high-contrast
expect_esc
expect_out "48;5;208m"
expect_out "🟧"
run_input $'crane\ncigar\n' "$PL" wordle play --word cigar
expect_no_esc

# Usage errors.
run "$PL" wordle play --word xyzzy
expect_rc 2
expect_err "not one of the 2315 answers"
run "$PL" wordle play --day 0
expect_rc 2
expect_err "choose a day from 1 to 2315"
run "$PL" wordle play --word cigar --day 3
expect_rc 2
run "$PL" wordle play --palette pink
expect_rc 2
pass
