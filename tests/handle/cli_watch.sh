# handle watch: an AI player's game drawn like the human game.
source "$(dirname "$0")/../cli/lib.sh"

run "$PL" handle watch --day 100
expect_rc 0
expect_out "the entropy player guesses (candidates: answers)"
expect_out "补      过      拾      遗"
expect_out "Solved in 2 tries."
expect_no_esc

run "$PL" handle watch --day 100 --player frequency --delay 0
expect_rc 0
expect_out "Solved in"

run "$PL" handle watch --word 一心一意 --player random --candidates answers
expect_rc 1
expect_out "not among the candidates"

run "$PL" handle watch --word 一帆风雨
expect_rc 1
expect_err "is not an idiom"
run "$PL" handle watch --player clever
expect_rc 2
pass
