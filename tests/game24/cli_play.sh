# `puzzlelab 24 play` driven through a pipe: a golden transcript (fixed seed), the
# score kept in the player's store (every hand a game), and the score file of an older
# version imported once, a damaged one moved aside with a warning.
source "$(dirname "$0")/../cli/lib.sh"
HERE="$(dirname "$0")"

script=$'(11+5)*6/4\nhint\nhint\nhint\n2*2*(11-5)\n8/(3-8/3)\n1+2\n(1+2\n3 4\nhint\n__import__("os").system("echo pwned")\ngive up\n（１０＋１０）×１２÷１０\nskip\nquit\n'
run_input "$script" "$PL" 24 play --seed 7
expect_rc 0
expect_golden "$HERE/golden/play_seed7.txt"
! grep -qx "pwned" "$TMP/out" || fail "the input was run as code"
score="$XDG_STATE_HOME/puzzlelab/24-score.json"
[ "$(stat_of 24 '[.wins, .max_streak, .abandoned]')" = '[3,2,1]' ] || fail "score: $(stat_of 24 .)"

# The score carries over to the next game.
run_input $'quit\n' "$PL" 24 play --seed 7
expect_out "Played 4, solved 3"
[ "$(stat_of 24 .wins)" = 3 ] || fail "score lost"

# An older version's score file is imported once and added to the hands in the store.
echo '{"played": 4, "solved": 2, "gave_up": 1, "failed": 1, "skipped": 0, "streak": 1, "best_streak": 2, "points": 5}' >"$score"
run_input $'quit\n' "$PL" 24 play --seed 7
expect_out "Played 8, solved 5, gave up 2"
[ -f "$score.imported" ] || fail "the imported file was not kept"

# A damaged score file is moved aside, with a warning, never silently overwritten.
echo '{broken' >"$score"
run_input $'give up\nquit\n' "$PL" 24 play --seed 7
expect_rc 0
expect_err "damaged"
ls "$XDG_STATE_HOME/puzzlelab/" | grep -q 'corrupt' || fail "damaged file not kept"

# End of input ends the game cleanly with the summary (a fresh state folder).
XDG_STATE_HOME="$TMP/fresh" run_input $'hint\ngive up\n' "$PL" 24 play --seed 3 --difficulty easy
expect_rc 0
expect_out "Hand 1 (easy)"
expect_out "Played 1, solved 0, gave up 1"

run "$PL" 24 play --difficulty brutal
expect_rc 2
pass
