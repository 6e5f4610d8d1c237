# `handle tree` and `handle sim --player optimal`: the proven optimum 865 for
# the 424 answers, the cached tree reused, a tree file that replays, --top, errors.
source "$(dirname "$0")/../cli/lib.sh"

run "$PL" handle tree
expect_rc 0
expect_out "first guess   补过拾遗"
expect_out "total         865 guesses over 424 secrets (mean 2.0401)"
expect_out "proven        optimal over every first guess"
[ -f "$XDG_STATE_HOME/puzzlelab/handle-optimal.json" ] || fail "the tree was not cached"
grep -v '^time' "$TMP/out" >"$TMP/first.txt"

# The second run reads the cache: same figures, marked cached.
run "$PL" handle tree
expect_rc 0
expect_out "cached tree"
grep -v '^time' "$TMP/out" | diff - "$TMP/first.txt" || fail "the cached tree gives other figures"

run "$PL" handle tree --json
expect_rc 0
expect_json
[ "$(jq .total "$TMP/out")" = 865 ] || fail "--json total is not 865"
[ "$(jq -r .proven "$TMP/out")" = all_first_guesses ] || fail "--json proven"

# A fixed first guess, written out: one line a secret, each ending in the winning
# marks; the guess numbers of the last turns add up to the total.
run "$PL" handle tree --first 心满意足 --out "$TMP/tree.txt" --json
expect_rc 0
total=$(jq .total "$TMP/out")
[ "$total" = 867 ] || fail "心满意足 should total 867, got $total"
[ "$(wc -l <"$TMP/tree.txt")" = 424 ] || fail "the tree file should have 424 lines"
grep -qvE 'EEEEEEEEEEEEEEEE[0-9]+$' "$TMP/tree.txt" && fail "a tree line does not end in a win"
sum=$(awk '{ n = $NF; sub(/^[EMN]+/, "", n); s += n } END { print s }' "$TMP/tree.txt")
[ "$sum" = 867 ] || fail "the tree file's guesses add up to $sum, not 867"
awk '{ print $1 }' "$TMP/tree.txt" | sort -u | grep -qx 心满意足 || fail "lines do not start with the first guess"

run "$PL" handle tree --top 3
expect_rc 0
expect_out_re '^ +1  补过拾遗 +865  2\.0401'

run "$PL" handle sim --player optimal --json
expect_rc 0
expect_json
[ "$(jq .total_guesses "$TMP/out")" = 865 ] || fail "sim --player optimal total is not 865"
[ "$(jq -r .first_guess "$TMP/out")" = 补过拾遗 ] || fail "sim --player optimal first guess"

# The other players still run through the sim command.
run "$PL" handle sim --player frequency --games 3 --seed 1 --json
expect_rc 0
[ "$(jq -r .player "$TMP/out")" = frequency ] || fail "sim --player frequency"

run "$PL" handle sim --player optimal --candidates idioms
expect_rc 2
expect_err "the optimal player plays the daily answers"

run "$PL" handle tree --first abc
expect_rc 2
# Proving that no tree fits in 2 guesses searches every idiom at the root: 5 s in the
# release build, over 7 minutes under ASan + UBSan, so only the release pass runs it
# (the asan test preset sets PUZZLELAB_SANITIZED).
if [ -z "${PUZZLELAB_SANITIZED:-}" ]; then
  run "$PL" handle tree --max-guesses 2
  expect_rc 1
  expect_err "no strategy solves every answer within 2 guesses"
fi
pass
