# handle sim: the issue's known numbers, the opener cache, and thread independence.
source "$(dirname "$0")/../cli/lib.sh"

run "$PL" handle sim --player entropy --games all --json
expect_rc 0
expect_json
[ "$(jq -r '.total_guesses' "$TMP/out")" = 865 ] || fail "entropy total over the answers is not 865"
[ "$(jq -r '.first_guess' "$TMP/out")" = 补过拾遗 ] || fail "entropy opener is not 补过拾遗"
[ "$(jq -r '.wins' "$TMP/out")" = 424 ] || fail "not every game won"
[ -f "$XDG_STATE_HOME/puzzlelab/handle-openers.json" ] || fail "opener not cached"

# The cached opener is used; --recompute finds it again.
run "$PL" handle sim --player entropy --games 5
expect_err "opener 补过拾遗 (cached)"
run "$PL" handle sim --player entropy --games 5 --recompute
expect_err "opener 补过拾遗 (found in"

# Results do not depend on --threads.
run "$PL" handle sim --player random --games 300 --seed 11 --threads 1 --json
jq -c '[.distribution, .total_guesses]' "$TMP/out" >"$TMP/t1"
run "$PL" handle sim --player random --games 300 --seed 11 --threads 2 --json
jq -c '[.distribution, .total_guesses]' "$TMP/out" >"$TMP/t2"
cmp -s "$TMP/t1" "$TMP/t2" || fail "random player differs between 1 and 2 threads"

# Random over the answers: about 2.26 guesses.
run "$PL" handle sim --player random --games all --json
mean="$(jq -r '.mean' "$TMP/out")"
awk -v m="$mean" 'BEGIN { exit !(m > 2.15 && m < 2.40) }' || fail "random mean $mean outside 2.15..2.40"

run "$PL" handle sim --player frequency --json
[ "$(jq -r '.first_guess' "$TMP/out")" = 有心无力 ] || fail "frequency opener"

# All 29,760 idioms as candidates, the answers as secrets: at most 2.60 guesses.
run "$PL" handle sim --player entropy --candidates idioms --json
expect_rc 0
mean="$(jq -r '.mean' "$TMP/out")"
awk -v m="$mean" 'BEGIN { exit !(m <= 2.60) }' || fail "idioms-candidates mean $mean above 2.60"
[ "$(jq -r '.first_guess' "$TMP/out")" = 研经铸史 ] || fail "idioms opener"

run "$PL" handle sim --player entropy --secrets words
expect_rc 2
run "$PL" handle sim --player entropy --games 0
expect_rc 2

# Text output carries the game's lines.
run "$PL" handle sim --player entropy --games 3
expect_out "first guess     补过拾遗"
expect_out_re "guesses +mean .*, total [0-9]+$"
expect_not_out "total guesses"  # the total once, on the guesses line
pass
