# The libraries as a CMake package: `cmake --install` into a temporary prefix, then the
# example consumer (examples/consumer) configured with find_package(puzzlelab CONFIG
# REQUIRED) against that prefix only, built and run.
# Usage: bash cmake_package.sh <cmake> <build dir> <consumer source> <c++ compiler> [CXX flags]
set -u
CMAKE="$1" BUILD="$2" CONSUMER="$3" CXX="$4" FLAGS="${5:-}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*" >&2; [ -s "$TMP/log" ] && tail -n 30 "$TMP/log" >&2; exit 1; }

"$CMAKE" --install "$BUILD" --prefix "$TMP/prefix" >"$TMP/log" 2>&1 || fail "cmake --install failed"
for f in lib/cmake/puzzlelab/puzzlelabConfig.cmake lib/cmake/puzzlelab/puzzlelabConfigVersion.cmake \
         include/puzzlelab/core/rng.h include/puzzlelab/wordle/feedback.h include/puzzlelab/game2048/board.h \
         lib/libpuzzlelab_core.a lib/libpuzzlelab_game2048.a bin/puzzlelab; do
  [ -e "$TMP/prefix/$f" ] || fail "the install lacks $f"
done
# No source files among the headers.
find "$TMP/prefix/include" -type f ! -name '*.h' | grep -q . && fail "non-header files under include/"

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
"$CMAKE" -S "$CONSUMER" -B "$TMP/consumer" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$TMP/prefix" -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_CXX_FLAGS="$FLAGS" \
  -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON >"$TMP/log" 2>&1 || fail "configuring the consumer failed"
grep -q "puzzlelab_DIR:PATH=$TMP/prefix/lib/cmake/puzzlelab" "$TMP/consumer/CMakeCache.txt" ||
  fail "the consumer found a puzzlelab other than the one installed: $(grep puzzlelab_DIR "$TMP/consumer/CMakeCache.txt")"
"$CMAKE" --build "$TMP/consumer" >"$TMP/log" 2>&1 || fail "building the consumer failed"
"$TMP/consumer/consumer" >"$TMP/out" 2>"$TMP/log" || fail "the consumer failed"
cat >"$TMP/expected" <<'OUT'
wordle elder error: G...G
24 3 3 8 8: 8/(3-8/3)
2048 right: 0 0 2 4 0 0 0 0 0 0 0 0 0 0 0 0 (score +4)
OUT
diff -u "$TMP/expected" "$TMP/out" >&2 || fail "the consumer's output differs"

# The version file accepts this version and refuses another major one.
cat >"$TMP/version.cmake" <<CMAKE
set(PACKAGE_FIND_VERSION $PUZZLELAB_VERSION)
string(REPLACE "." ";" _v $PUZZLELAB_VERSION)
list(GET _v 0 PACKAGE_FIND_VERSION_MAJOR)
list(GET _v 1 PACKAGE_FIND_VERSION_MINOR)
include($TMP/prefix/lib/cmake/puzzlelab/puzzlelabConfigVersion.cmake)
message("\${PACKAGE_VERSION} \${PACKAGE_VERSION_COMPATIBLE}")
CMAKE
"$CMAKE" -P "$TMP/version.cmake" 2>"$TMP/out" || fail "puzzlelabConfigVersion.cmake failed"
grep -qx "$PUZZLELAB_VERSION TRUE" "$TMP/out" || fail "puzzlelabConfigVersion.cmake says: $(cat "$TMP/out")"
echo "PASS: $(basename "$0")"
