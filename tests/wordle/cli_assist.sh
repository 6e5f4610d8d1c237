# wordle assist: the one-shot form (golden), an impossible entry names the entry,
# --json, hard mode, and a piped session with undo (golden).
source "$(dirname "$0")/../cli/lib.sh"
D="$(dirname "$0")/golden"

run "$PL" wordle assist soare:YY..G --top 5
expect_rc 0
expect_golden "$D/assist_soare.txt"

run "$PL" wordle assist crane:..Y.G slate:G....
expect_rc 1
expect_err "entry 2 (slate G....): no answer fits it together with the entries before (49 answers fitted those)"

run "$PL" wordle assist crane:..Y.G slate:G.Z..
expect_rc 2
expect_err "mark 3 is 'Z'"
run "$PL" wordle assist xyzzy:.....
expect_rc 2
expect_err "not in the word list"

run "$PL" wordle assist crane:gyybb soare:00110 --json
expect_rc 0
expect_json
[ "$(jq -r '.entries[0].pattern + .entries[1].pattern' "$TMP/out")" = "GYY....YY." ] || fail "colours not read"
[ "$(jq '.candidates' "$TMP/out")" -ge 1 ] || fail "no candidates in --json"
[ "$(jq '.suggestions | length' "$TMP/out")" -le 5 ] || fail "--top default is 5"

# Hard mode: an entry that breaks the rule is refused, suggestions obey it.
run "$PL" wordle assist --hard crane:.GY.. slate:.....
expect_rc 1
expect_err "breaks hard mode: 2nd letter must be R"
run "$PL" wordle assist --hard crane:.GY.. --top 3 --json
expect_rc 0
for g in $(jq -r '.suggestions[].guess' "$TMP/out"); do
  [ "${g:1:1}" = r ] || fail "hard-mode suggestion $g does not keep R second"
  case "$g" in *a*) ;; *) fail "hard-mode suggestion $g lacks A" ;; esac
done

# A solved puzzle; the answer when one remains.
run "$PL" wordle assist soare:YY..G those:GGGGG
expect_rc 0
expect_out "Solved in 2 guesses."

# A piped session: one entry a line, undo, a refusal, until solved.
run_input $'soare YY..G\nundo\nundo\nsoare yy..g\nhello\nthose ggggg\n' "$PL" --color=never wordle assist --top 3
expect_rc 0
expect_golden "$D/assist_session.txt"
pass
