# `wordle tree`: --check on Selby's three trees (7,920 / 8,122 / 8,206) and on
# damaged copies (line-numbered errors, exit 1), a tree written by `--first salet` on
# small lists read back by --check, the cached tree reused by `tree`, `sim --player
# optimal` and `assist --player optimal`, and the assistant off the tree.
source "$(dirname "$0")/../cli/lib.sh"

D="$TESTS_DIR/data/wordle_trees"

run "$PL" wordle tree --check "$D/salet.normal.tree"
expect_rc 0
expect_out "first guess   salet"
expect_out "total         7920 guesses over 2315 secrets (mean 3.4212)"
expect_out "distribution  2: 78  3: 1225  4: 971  5: 41"

# One answer: one guess over one secret, in the singular.
printf 'cigar\n' >"$TMP/one.txt"
run "$PL" wordle tree --answers "$TMP/one.txt" --guesses "$TMP/one.txt"
expect_rc 0
expect_out "total         1 guess over 1 secret (mean 1.0000)"
expect_out "max           1 guess"

run "$PL" wordle tree --check "$D/salet.hard.tree" --hard --json
expect_rc 0
expect_json
[ "$(jq .total "$TMP/out")" = 8122 ] || fail "salet.hard.tree should total 8122"
[ "$(jq .max_guesses "$TMP/out")" = 6 ] || fail "salet.hard.tree max should be 6"

run "$PL" wordle tree --check "$D/palet.hard5.tree" --hard --max-guesses 5 --json
expect_rc 0
[ "$(jq .total "$TMP/out")" = 8206 ] || fail "palet.hard5.tree should total 8206"

# Rules the trees do not meet.
run "$PL" wordle tree --check "$D/salet.hard.tree" --hard --max-guesses 5
expect_rc 1
expect_err_re "line [0-9]+: '[a-z]{5}' takes 6 guesses, more than --max-guesses 5"
run "$PL" wordle tree --check "$D/salet.normal.tree" --hard
expect_rc 1
expect_err_re "line [0-9]+: guess [0-9] '[a-z]{5}' breaks hard mode"

# Written back in the same format, byte for byte.
run "$PL" wordle tree --check "$D/salet.normal.tree" --out "$TMP/rewritten.tree"
expect_rc 0
cmp -s "$TMP/rewritten.tree" "$D/salet.normal.tree" || fail "the rewritten tree differs from the original"

# Damaged copies: the error names the line.
sed '3s/BYBBB3 fizzy/BYBBG3 fizzy/' "$D/salet.normal.tree" >"$TMP/bad.tree"
run "$PL" wordle tree --check "$TMP/bad.tree"
expect_rc 1
expect_err "line 3: 'nymph' against 'fizzy' gives"
head -n 2314 "$D/salet.normal.tree" >"$TMP/short.tree"
run "$PL" wordle tree --check "$TMP/short.tree"
expect_rc 1
expect_err "the tree has no line for the answer 'least'"
sed '3s/^ *//' "$D/salet.normal.tree" | sed '3s/^/                                                                    /' >"$TMP/indent.tree"
run "$PL" wordle tree --check "$TMP/indent.tree"
expect_rc 1
expect_err "line 3: indented"
sed '7s/GGGGG4$/GGGGG5/' "$D/salet.normal.tree" >"$TMP/number.tree"
run "$PL" wordle tree --check "$TMP/number.tree"
expect_rc 1
expect_err "line 7:"
printf 'salet BBBBB1 courd BBBBB2\n' >"$TMP/open.tree"
run "$PL" wordle tree --check "$TMP/open.tree"
expect_rc 1
expect_err "line 1: the last guess is not all green"
run "$PL" wordle tree --check "$TMP/missing.tree"
expect_rc 1
expect_err "cannot read"

# Small lists: every 20th answer; guesses: those, SALET and CRANE.
awk 'NR % 20 == 1' "$TESTS_DIR/../data/wordle/answers.txt" >"$TMP/a.txt"
{ cat "$TMP/a.txt"; echo salet; echo crane; } | sort -u >"$TMP/g.txt"
L=(--answers "$TMP/a.txt" --guesses "$TMP/g.txt")

for mode in normal hard; do
  H=()
  [ $mode = hard ] && H=(--hard)
  run "$PL" wordle tree --first salet "${H[@]}" "${L[@]}" --out "$TMP/$mode.tree" --json
  expect_rc 0
  expect_json
  total=$(jq .total "$TMP/out")
  [ "$(jq -r .proven "$TMP/out")" = this_first_guess ] || fail "$mode: proven"
  [ "$(jq .cached "$TMP/out")" = false ] || fail "$mode: the first run cannot be cached"
  [ "$(wc -l <"$TMP/$mode.tree")" = "$(wc -l <"$TMP/a.txt")" ] || fail "$mode: one line an answer"
  run "$PL" wordle tree --check "$TMP/$mode.tree" "${H[@]}" "${L[@]}" --json --out "$TMP/$mode.again"
  expect_rc 0
  [ "$(jq .total "$TMP/out")" = "$total" ] || fail "$mode: --check total differs from the written tree's"
  cmp -s "$TMP/$mode.tree" "$TMP/$mode.again" || fail "$mode: rewriting the tree changes it"
  # The second run reads the cache.
  run "$PL" wordle tree --first salet "${H[@]}" "${L[@]}" --json
  expect_rc 0
  [ "$(jq .cached "$TMP/out")" = true ] || fail "$mode: the cached tree was not reused"
  [ "$(jq .total "$TMP/out")" = "$total" ] || fail "$mode: cached total differs"
  eval "total_$mode=$total"
done
[ -f "$XDG_STATE_HOME/puzzlelab/wordle-optimal.json" ] || fail "no tree cache file"

# A cache entry that does not replay to its recorded total is computed again.
cache="$XDG_STATE_HOME/puzzlelab/wordle-optimal.json"
jq '(.trees[]).total |= . + 1' "$cache" >"$TMP/cache.json" && cp "$TMP/cache.json" "$cache"
run "$PL" wordle tree --first salet "${L[@]}" --json
expect_rc 0
expect_err "does not replay; computing it again"
[ "$(jq .cached "$TMP/out")" = false ] || fail "a damaged cache entry was used"
[ "$(jq .total "$TMP/out")" = "$total_normal" ] || fail "recomputed total differs"

# --check reads stdin too.
timeout "$TIMEOUT" "$PL" wordle tree --check - "${L[@]}" --json <"$TMP/normal.tree" >"$TMP/out" 2>"$TMP/err"
RC=$?
expect_rc 0
[ "$(jq .total "$TMP/out")" = "$total_normal" ] || fail "--check - total"

# --top: the heuristic's first three, each evaluated exactly, ranked by total.
run "$PL" wordle tree --top 3 "${L[@]}" --json
expect_rc 0
expect_json
[ "$(jq '.ranking | length' "$TMP/out")" = 3 ] || fail "--top 3 should rank 3 first guesses"
[ "$(jq '[.ranking[].total] | . == sort' "$TMP/out")" = true ] || fail "--top is not sorted by total"
[ "$total_hard" -ge "$total_normal" ] || fail "hard mode cannot beat normal mode"

# sim --player optimal plays the cached tree: every answer, the same total.
run "$PL" wordle sim --player optimal --first salet "${L[@]}"
expect_rc 0
expect_err "opener SALET (cached optimal tree)"
run "$PL" wordle sim --player optimal --first salet "${L[@]}" --json
expect_rc 0
[ "$(jq .total_guesses "$TMP/out")" = "$total_normal" ] || fail "sim total is not the tree's total"
[ "$(jq -r .first_guess "$TMP/out")" = salet ] || fail "sim first guess"
run "$PL" wordle sim --player optimal --first salet --hard "${L[@]}" --json
expect_rc 0
[ "$(jq .total_guesses "$TMP/out")" = "$total_hard" ] || fail "hard sim total is not the tree's total"
run "$PL" wordle sim --player entropy --games 2 --seed 1 --json "${L[@]}"
expect_rc 0
[ "$(jq -r .player "$TMP/out")" = entropy ] || fail "the other players still run"
run "$PL" wordle sim --player optimal --first qqqqq "${L[@]}"
expect_rc 2
run "$PL" wordle sim --player entropy --first salet "${L[@]}"
expect_rc 2
expect_err "--first is for --player optimal"

# assist --player optimal: the tree's opener, the tree's next guess, and off the tree
# the solver on the answers left.
secret=$(head -n 1 "$TMP/a.txt")
run "$PL" wordle assist --player optimal --first salet "${L[@]}"
expect_rc 0
expect_out "Optimal next guess: SALET  (on the optimal tree:"
pattern=$("$PL" wordle score "$secret" salet)
run "$PL" wordle assist --player optimal --first salet "${L[@]}" "salet:$pattern" --json
expect_rc 0
expect_json
[ "$(jq -r .next.source "$TMP/out")" = tree ] || fail "assist after SALET should follow the tree"
pattern=$("$PL" wordle score "$secret" crane)
run "$PL" wordle assist --player optimal --first salet "${L[@]}" "crane:$pattern"
expect_rc 0
expect_out "off the tree, solved for the answers left"
run "$PL" wordle assist --player optimal --first salet "${L[@]}" "$secret:GGGGG"
expect_rc 0
expect_out "Solved in 1 guess."
pass
