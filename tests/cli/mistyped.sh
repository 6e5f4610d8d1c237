# A mistyped verb or option is named as typed, with the nearest one that exists: the
# word at the place where a verb was expected, not one of the verb's arguments.
source "$(dirname "$0")/lib.sh"

mistyped() {  # mistyped WORD SUGGESTION ARGS...
  local word="$1" suggestion="$2"
  shift 2
  run "$PL" "$@"
  expect_rc 2
  expect_err "'$word'"
  expect_err "did you mean '$suggestion'?"
}

mistyped solv solve 24 solv 1 2 3 4
expect_err "unknown command 'solv' for 'puzzlelab 24'"
mistyped scor score wordle scor elder error
expect_err "unknown command 'scor'"
mistyped hnt hint 2048 hnt 2 2 0 0
mistyped scroe score handle scroe 一心一意 心一一一
mistyped wordl wordle wordl play
mistyped --sed --seed --sed 3 24 solve 3 3 8 8
expect_err "unknown option '--sed'"
mistyped --sed --seed 24 solve 3 3 8 8 --sed=3
mistyped --hardd --hard wordle play --hardd
mistyped --jsn --json 24 solve 3 3 8 8 --jsn
# Far from every name: no suggestion, still the word.
run "$PL" 24 xyzzy 1 2 3 4
expect_rc 2
expect_err "unknown command 'xyzzy'"
run "$PL" wordle play --xyzzy-flag
expect_rc 2
expect_err "unknown option '--xyzzy-flag'"
pass
