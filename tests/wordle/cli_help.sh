# Every wordle verb answers --help with usage and examples.
source "$(dirname "$0")/../cli/lib.sh"
for verb in play assist score sim watch; do
  run "$PL" wordle "$verb" --help
  expect_rc 0
  expect_out "Usage:"
  expect_out "Examples:"
  expect_out "puzzlelab wordle $verb"
done
run "$PL" wordle
expect_rc 0
for verb in play assist score sim watch; do expect_out "$verb"; done
pass
