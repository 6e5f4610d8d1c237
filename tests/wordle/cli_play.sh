# wordle play through a pipe: one guess a line, refusals cost no turn, the transcript
# is golden; hard-mode refusals; a loss shows the answer; statistics are saved and a
# the statistics of an older version are imported once, a damaged file moved aside.
source "$(dirname "$0")/../cli/lib.sh"
D="$(dirname "$0")/golden"
STATE="$XDG_STATE_HOME/puzzlelab"

run_input $'crane\nxyzzy\ncran\ncranes\nslate\ncigar\n' "$PL" --color=never wordle play --word cigar
expect_rc 0
expect_golden "$D/play_cigar.txt"
[ "$(stat_of wordle .played)" = 1 ] || fail "statistics not saved"

# Hard mode: refusals name the rule and cost no turn (aback: crane gives (C) R [A] N E).
run_input $'crane\nsoare\nmount\nabaca\nbacca\naback\n' "$PL" --color=never wordle play --word aback --hard
expect_rc 0
expect_golden "$D/play_hard_aback.txt"

# A loss shows the answer and X/6; the streak is broken.
run_input $'crane\nslate\nquiet\nbuilt\ndoing\nfjord\n' "$PL" --color=never wordle play --word cigar
expect_rc 0
expect_out "The answer was CIGAR."
# A chosen (or random) answer is a practice game: no number, which would give it away.
expect_out "Wordle practice X/6"
expect_not_out "391"
[ "$(stat_of wordle '[.played, .wins, .current_streak, .max_streak, .tries]')" = '[3,2,0,2,{"3":2}]' ] ||
  fail "statistics after three games: $(stat_of wordle .)"

# Input that ends before the game does: not counted, said on stderr.
run_input $'crane\n' "$PL" wordle play --word cigar
expect_rc 0
expect_err "not counted"
[ "$(stat_of wordle .played)" = 3 ] || fail "an unfinished game was counted"

# The statistics file of an older version is imported once (its counters kept as a
# baseline, the file renamed *.imported); a damaged one is moved aside with a warning,
# never silently lost or written over.
rm -rf "$STATE" && mkdir -p "$STATE"
echo '{"played": 7, "wins": 6, "current_streak": 2, "max_streak": 4, "distribution": [0,1,2,3,0,0]}' >"$STATE/wordle-stats.json"
run_input $'cigar\n' "$PL" wordle play --word cigar
expect_rc 0
[ "$(stat_of wordle '[.played, .current_streak, .max_streak, .tries]')" = '[8,3,4,{"1":1,"2":1,"3":2,"4":3}]' ] ||
  fail "imported statistics: $(stat_of wordle .)"
[ -f "$STATE/wordle-stats.json.imported" ] && [ ! -e "$STATE/wordle-stats.json" ] || fail "the old file was not kept as imported"
echo 'not json' >"$STATE/wordle-stats.json"
run_input $'cigar\n' "$PL" wordle play --word cigar
expect_rc 0
expect_err "warning:"
[ "$(stat_of wordle .played)" = 9 ] || fail "the statistics were lost"
ls "$STATE" | grep -q 'wordle-stats.json.corrupt' || fail "the damaged file was not kept"
echo '{"played": 1, "wins": 5, "current_streak": 0, "max_streak": 0, "distribution": [0,0,0,0,0,0]}' >"$STATE/wordle-stats.json"
run_input $'cigar\n' "$PL" wordle play --word cigar
expect_err "do not add up"

# --day N is the original game's day N (day 0 = 2021-06-19 = CIGAR, 1 REBUT, 2 SISSY),
# numbered as the NYT writes it, with a thousands separator.
run_input $'cigar\n' "$PL" --color=never wordle play --day 0
expect_rc 0
expect_out "Wordle 0 · guess the 5-letter word in 6 tries"
expect_out "Wordle 0 1/6"
run_input $'crane\nsissy\n' "$PL" --color=never wordle play --day 2
expect_out "Wordle 2 2/6"
run_input $'elder\n' "$PL" --color=never wordle play --day 233
expect_out "Wordle 233 1/6"
run_input $'shave\n' "$PL" --color=never wordle play --day 2314
expect_out "Wordle 2,314 1/6"

# A daily puzzle counts once: a replay of --day 1 is played but not counted again.
run_input $'rebut\n' "$PL" --color=never wordle play --day 1
expect_out "Wordle 1 1/6"
played=$(stat_of wordle .played)
run_input $'crane\nrebut\n' "$PL" --color=never wordle play --day 1
expect_err "not counted again"
[ "$(stat_of wordle .played)" = "$played" ] || fail "a daily puzzle was counted twice"

# The same seed picks the same answer; colour and the high-contrast palette.
run_input $'cigar\n' "$PL" --seed 11 wordle play
first="$(cat "$TMP/out")"
expect_out "Wordle practice · guess"
run_input $'cigar\n' "$PL" --seed 11 wordle play
[ "$(cat "$TMP/out")" = "$first" ] || fail "--seed does not fix the answer"
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
run "$PL" wordle play --day 2315
expect_rc 2
expect_err "the original game's days run from 0 (2021-06-19, CIGAR) to 2,314"
printf 'cigar\nrebut\n' >"$TMP/two.txt"
run "$PL" wordle play --day 1 --answers "$TMP/two.txt"
expect_rc 2
expect_err "fits only the original answer list"
run "$PL" wordle play --word cigar --day 3
expect_rc 2
run "$PL" wordle play --palette pink
expect_rc 2
pass
