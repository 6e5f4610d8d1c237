# The .deb: built by CPack from this build (what `cmake --build <build> --target package`
# runs, here into a temporary folder), listed, checked by lintian (no errors; the tags
# are printed), unpacked into a temporary root and its program run there.
# Where MPI was built, the second package, puzzlelab-mpi, is checked the same way and its
# program run on two ranks.
# Usage: bash deb.sh <cpack> <build dir> mpi|no-mpi
set -u
CPACK="$1" BUILD="$2" MPI="${3:-no-mpi}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*" >&2; [ -s "$TMP/log" ] && tail -n 40 "$TMP/log" >&2; exit 1; }

"$CPACK" -G DEB --config "$BUILD/CPackConfig.cmake" -B "$TMP/pkg" >"$TMP/log" 2>&1 || fail "cpack failed"
deb="$TMP/pkg/puzzlelab_${PUZZLELAB_VERSION}_$(dpkg --print-architecture).deb"
[ -f "$deb" ] || fail "no $(basename "$deb") in $(ls "$TMP/pkg")"
echo "package: $(basename "$deb"), $(stat -c %s "$deb") bytes"

# The version is the project's, which --version prints; dependencies come from dpkg-shlibdeps.
[ "$(dpkg-deb -f "$deb" Version)" = "$PUZZLELAB_VERSION" ] || fail "package version $(dpkg-deb -f "$deb" Version)"
dpkg-deb -f "$deb" Depends | grep -q 'libc6 (>=' || fail "Depends lacks libc6: $(dpkg-deb -f "$deb" Depends)"

dpkg-deb -c "$deb" >"$TMP/contents" || fail "dpkg-deb -c failed"
for f in ./usr/bin/puzzlelab \
         ./usr/share/man/man1/puzzlelab.1.gz ./usr/share/man/man1/puzzlelab-wordle.1.gz \
         ./usr/share/man/man1/puzzlelab-handle.1.gz ./usr/share/man/man1/puzzlelab-24.1.gz \
         ./usr/share/man/man1/puzzlelab-2048.1.gz \
         ./usr/share/bash-completion/completions/puzzlelab ./usr/share/zsh/vendor-completions/_puzzlelab \
         ./usr/share/fish/vendor_completions.d/puzzlelab.fish \
         ./usr/share/doc/puzzlelab/copyright ./usr/share/doc/puzzlelab/changelog.gz \
         ./usr/share/doc/puzzlelab/CHANGELOG.md ./usr/share/doc/puzzlelab/README.md \
         ./usr/share/doc/puzzlelab/docs/game2048.md; do
  grep -q " $f\$" "$TMP/contents" || fail "the package lacks $f"
done
# The libraries and headers are for `cmake --install`, not for this package.
grep -qE ' \./usr/(include|lib)/' "$TMP/contents" && fail "the package holds headers or libraries"

# lintian: errors fail the test; warnings and the rest are shown.
check_lintian() {
  lintian --no-cfg --display-info "$1" >"$TMP/lintian" 2>&1
  echo "lintian $(basename "$1"): $(grep -c '^E:' "$TMP/lintian") errors, $(grep -c '^W:' "$TMP/lintian") warnings," \
       "$(grep -c '^[IPX]:' "$TMP/lintian") other tags"
  sed 's/^/  /' "$TMP/lintian"
  grep -q '^E:' "$TMP/lintian" && fail "lintian reports errors in $(basename "$1")"
}
check_lintian "$deb"

# The copyright file names every data source.
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/doc/puzzlelab/copyright >"$TMP/copyright"
for s in "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" "Files: data/wordle/" \
         "Files: data/handle/" "Files: data/game24/" "Alex Selby" "Anthony Fu" "Shunyu Yao" "License: MIT"; do
  grep -qF "$s" "$TMP/copyright" || fail "the copyright file lacks: $s"
done

# The unpacked program runs from its temporary root.
dpkg-deb -x "$deb" "$TMP/root" || fail "dpkg-deb -x failed"
pl="$TMP/root/usr/bin/puzzlelab"
export HOME="$TMP/home" XDG_STATE_HOME="$TMP/state"
"$pl" --version >"$TMP/out" 2>"$TMP/log" || fail "--version failed"
grep -qE "^puzzlelab $PUZZLELAB_VERSION " "$TMP/out" || fail "--version says: $(cat "$TMP/out")"
"$pl" 24 solve 3 3 8 8 >"$TMP/out" 2>"$TMP/log" || fail "24 solve failed"
[ "$(cat "$TMP/out")" = "8/(3-8/3)" ] || fail "24 solve 3 3 8 8 printed: $(cat "$TMP/out")"
"$pl" wordle score elder error >"$TMP/out" 2>"$TMP/log" || fail "wordle score failed"
[ "$(cat "$TMP/out")" = "G...G" ] || fail "wordle score elder error printed: $(cat "$TMP/out")"
# The installed completion and man page are the generated ones.
grep -q "complete -F _puzzlelab puzzlelab" "$TMP/root/usr/share/bash-completion/completions/puzzlelab" ||
  fail "the bash completion is not the generated one"
zcat "$TMP/root/usr/share/man/man1/puzzlelab-2048.1.gz" | grep -q '^\.TH puzzlelab-2048 1' ||
  fail "puzzlelab-2048.1.gz is not the generated page"

# puzzlelab-mpi: its own package (the plain one must not pull in Open MPI), needing
# puzzlelab of the same version and mpirun.
mpi_deb="$TMP/pkg/puzzlelab-mpi_${PUZZLELAB_VERSION}_$(dpkg --print-architecture).deb"
if [ "$MPI" = mpi ]; then
  [ -f "$mpi_deb" ] || fail "no $(basename "$mpi_deb") in $(ls "$TMP/pkg")"
  echo "package: $(basename "$mpi_deb"), $(stat -c %s "$mpi_deb") bytes"
  deps="$(dpkg-deb -f "$mpi_deb" Depends)"
  for d in "puzzlelab (= $PUZZLELAB_VERSION)" "openmpi-bin" "libopenmpi"; do
    case "$deps" in *"$d"*) ;; *) fail "puzzlelab-mpi's Depends lacks $d: $deps" ;; esac
  done
  dpkg-deb -f "$deb" Depends | grep -q mpi && fail "puzzlelab depends on MPI: $(dpkg-deb -f "$deb" Depends)"
  dpkg-deb -c "$mpi_deb" >"$TMP/contents" || fail "dpkg-deb -c failed"
  for f in ./usr/bin/puzzlelab-mpi ./usr/share/man/man1/puzzlelab-mpi.1.gz \
           ./usr/share/doc/puzzlelab-mpi/copyright ./usr/share/doc/puzzlelab-mpi/changelog.gz; do
    grep -q " $f\$" "$TMP/contents" || fail "puzzlelab-mpi lacks $f"
  done
  grep -q ' \./usr/bin/puzzlelab$' "$TMP/contents" && fail "puzzlelab-mpi holds puzzlelab itself"
  check_lintian "$mpi_deb"
  dpkg-deb -x "$mpi_deb" "$TMP/root" || fail "dpkg-deb -x failed"
  zcat "$TMP/root/usr/share/man/man1/puzzlelab-mpi.1.gz" | grep -q '^\.TH puzzlelab-mpi 1' ||
    fail "puzzlelab-mpi.1.gz is not its man page"
  # The unpacked program on two ranks: the 24 survey's known figure, and the rank count.
  root=(); [ "$(id -u)" -eq 0 ] && root=(--allow-run-as-root)
  timeout 120 mpirun "${root[@]}" --oversubscribe -np 2 "$TMP/root/usr/bin/puzzlelab-mpi" --quiet \
      24 stats --range 1..13 --json >"$TMP/out" 2>"$TMP/log" || fail "puzzlelab-mpi 24 stats failed"
  [ "$(jq .solvable "$TMP/out")" = 1362 ] || fail "puzzlelab-mpi 24 stats: solvable $(jq .solvable "$TMP/out")"
  [ "$(jq .ranks "$TMP/out")" = 2 ] || fail "puzzlelab-mpi 24 stats: ranks $(jq .ranks "$TMP/out")"
elif [ -f "$mpi_deb" ]; then
  fail "a puzzlelab-mpi package from a build without MPI"
fi
echo "PASS: $(basename "$0")"
