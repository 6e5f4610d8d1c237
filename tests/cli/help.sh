# --help at every level, --version, and the overview when there is no terminal.
source "$(dirname "$0")/lib.sh"

run "$PL" --help
expect_rc 0
expect_out "Usage: puzzlelab"
for cmd in wordle handle 24 2048 merge bench; do expect_out "$cmd"; done
expect_out "Examples:"

# No command and no terminal: the overview help, exit 0.
run "$PL"
expect_rc 0
expect_out "Usage: puzzlelab"

run "$PL" --version
expect_rc 0
expect_out_re "^puzzlelab ${PUZZLELAB_VERSION} \(git ([0-9a-f]{12}(-dirty)?|unknown)\)$"

# Every command answers --help with exit 0 and a usage line.
for path in "wordle" "handle" "24" "2048" "merge" "bench"; do
  run "$PL" $path --help
  expect_rc 0
  expect_out "Usage:"
done
pass
