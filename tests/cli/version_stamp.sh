# The git commit in --version is the one the binary was built from, not the one of the last
# configure: cmake/WriteVersion.cmake runs at every build. Usage (from ctest):
#   bash version_stamp.sh <puzzlelab> <cmake> <source dir>
source "$(dirname "$0")/lib.sh"
CMAKE="$1"
SRC="$2"
SCRIPT="$SRC/cmake/WriteVersion.cmake"

# The binary under test names HEAD of its source tree (when that is a git checkout).
if command -v git >/dev/null && git -C "$SRC" rev-parse HEAD >/dev/null 2>&1; then
  run "$PL" --version
  expect_rc 0
  head=$(git -C "$SRC" rev-parse --short=12 HEAD)
  expect_out_re "^puzzlelab ${PUZZLELAB_VERSION} \(git ${head}(-dirty)?\)$"
fi

command -v git >/dev/null || pass
# The script itself, on a throwaway repository: two commits, a change, no .git.
repo="$TMP/repo"
out="$TMP/version.h"
mkdir -p "$repo/cmake" "$repo/src/core"
cp "$SCRIPT" "$repo/cmake/"
cp "$SRC/src/core/version.h.in" "$repo/src/core/"
g() { git -C "$repo" -c user.name=t -c user.email=t@example.org "$@" >/dev/null 2>&1; }
stamp() {
  "$CMAKE" -DSOURCE_DIR="$repo" -DGIT_EXECUTABLE="$(command -v git)" -DPROJECT_VERSION=9.8.7 \
    -DOUT="$out" -P "$repo/cmake/WriteVersion.cmake" || fail "WriteVersion.cmake failed"
}
expect_stamp() { grep -qF "kGitHash = \"$1\";" "$out" || fail "version.h has $(grep kGitHash "$out"), expected $1"; }

g init -q && g add -A && g commit -q -m one || fail "git commit failed"
stamp
expect_stamp "$(git -C "$repo" rev-parse --short=12 HEAD)"
grep -qF 'kVersion = "9.8.7";' "$out" || fail "version.h lacks the project version"

# Nothing changed: the file is left as it was (so nothing recompiles).
touch -d '2001-01-01' "$out"
stamp
[ "$(stat -c %Y "$out")" = "$(date -d 2001-01-01 +%s)" ] || fail "version.h rewritten with nothing changed"

echo x >"$repo/a" && g add a && g commit -q -m two || fail "git commit failed"
stamp
expect_stamp "$(git -C "$repo" rev-parse --short=12 HEAD)"

echo y >"$repo/a"
stamp
expect_stamp "$(git -C "$repo" rev-parse --short=12 HEAD)-dirty"

rm -rf "$repo/.git"
stamp
expect_stamp "unknown"
pass
