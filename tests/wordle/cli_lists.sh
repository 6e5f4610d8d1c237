# --answers / --guesses: other lists of one length (4 to 8 letters), validated with
# the line and what is wrong.
source "$(dirname "$0")/../cli/lib.sh"

printf 'word\ngame\nplay\nlist\nwork\n' >"$TMP/a4.txt"
printf 'zeta\nword\ngame\nplay\nlist\nwork\nwore\nlore\n' >"$TMP/g4.txt"
run "$PL" wordle sim --player entropy --answers "$TMP/a4.txt" --guesses "$TMP/g4.txt" --json
expect_rc 0
[ "$(jq .games "$TMP/out")" = 5 ] || fail "custom lists: games"
run_input $'word\nwork\n' "$PL" --color=never wordle play --answers "$TMP/a4.txt" --guesses "$TMP/g4.txt" --word work
expect_rc 0
expect_out "guess the 4-letter word"
expect_out "2/6  [W][O][R][K]"
run "$PL" wordle assist --answers "$TMP/a4.txt" --guesses "$TMP/g4.txt" wore:GGG.
expect_rc 0
expect_out "WORE GGG.  2 answers left"

printf 'crane\nsl4te\n' >"$TMP/bad.txt"
run "$PL" wordle sim --answers "$TMP/bad.txt"
expect_rc 1
expect_err "$TMP/bad.txt: line 2: 'sl4te' has '4' at position 3"
printf 'crane\nslates\n' >"$TMP/bad.txt"
run "$PL" wordle play --answers "$TMP/bad.txt"
expect_rc 1
expect_err "line 2: 'slates' has 6 letters, but the first word 'crane' has 5"
printf 'crane\ncrane\n' >"$TMP/bad.txt"
run "$PL" wordle assist --guesses "$TMP/bad.txt"
expect_rc 1
expect_err "line 2: 'crane' is listed twice (also on line 1)"
printf 'abcdefghi\n' >"$TMP/bad.txt"
run "$PL" wordle sim --answers "$TMP/bad.txt"
expect_rc 1
expect_err "words have 4 to 8"
run "$PL" wordle sim --answers "$TMP/a4.txt"
expect_rc 1
expect_err "the answers have 4 letters but the guesses have 5"
run "$PL" wordle sim --answers "$TMP/missing.txt"
expect_rc 1
expect_err "cannot read"
pass
