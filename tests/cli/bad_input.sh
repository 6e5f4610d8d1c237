# The catalogue of bad input: every command of the real binary is run over the
# rows of bad_input.tsv. Each row names the exit status expected and a regular
# expression (grep -E, case-insensitive) that stderr must match, i.e. the message must
# name the problem. Every row runs under `timeout` (a hang fails the row) and a death by
# a signal (status >= 128, other than an expected 130) fails it whatever the table says.
#
# Table columns (tab-separated; '#' lines and blank lines are skipped):
#   id  status  stderr-regex  stdin  stdout  arguments
# A regex written out:REGEX is matched against stdout instead: the line-by-line play
# transcripts answer a refused entry in the transcript itself (stdout), as on screen.
# stdin:  -        /dev/null
#         @1mb     one line of 1 MiB ('a' repeated) and a newline
#         @1mbhan  one line of 1 MiB of 汉 and a newline
#         @nul     "cr\0ne\n" (a NUL byte inside a word)
#         @badutf8 "\xff\xfe\xc3(\n" (invalid UTF-8)
#         @TEXT    anything else starting with @ is an error in the table
#         other    printf '%b' of the field (so \n, \t, \x00 escapes work)
# stdout: -        a file;  full: /dev/full (every write fails with ENOSPC)
# arguments: bash words (eval'd), which may use
#   $EMPTY    an empty folder (for --data-dir: every data file is missing)
#   $NOTDIR   a path under a regular file (mkdir fails with ENOTDIR even for root)
#   $FULLDIR  a folder on a 16 KiB tmpfs that is already full (ENOSPC on write);
#             rows using it are skipped when tmpfs cannot be mounted
#   $BIGARG   an argument of 100 KB of 'a' (the kernel's limit for one argument is 128 KiB)
#   $TMP      the test's private temporary folder
source "$(dirname "$0")/lib.sh"
TABLE="${2:-$(dirname "$0")/bad_input.tsv}"
ROW_TIMEOUT="${PUZZLELAB_ROW_TIMEOUT:-20}"

EMPTY="$TMP/empty"
mkdir -p "$EMPTY"
: >"$TMP/regular-file"
NOTDIR="$TMP/regular-file/state"
# Linux caps one argument at 128 KiB (MAX_ARG_STRLEN), so the long argument is 100 KB.
BIGARG="$(head -c 100000 /dev/zero | tr '\0' a)"
head -c 1048576 /dev/zero | tr '\0' a >"$TMP/in.1mb" && echo >>"$TMP/in.1mb"
head -c 349526 /dev/zero | tr '\0' x | sed 's/x/汉/g' >"$TMP/in.1mbhan"
printf 'cr\0ne\n' >"$TMP/in.nul"
echo '{"game": "wordle"}' >"$TMP/notshard.json"
printf '\xff\xfe\xc3(\n' >"$TMP/in.badutf8"
# Files that must not be read whole: a save that is /dev/zero, a sparse 2 GiB shard.
mkdir -p "$TMP/zero-state" && ln -s /dev/zero "$TMP/zero-state/2048-game.json"
truncate -s 2G "$TMP/huge.json"

# A full disk: a 16 KiB tmpfs filled to the last block.
FULLDIR="$TMP/full"
HAVE_FULL=0
mkdir -p "$FULLDIR"
if mount -t tmpfs -o size=16k tmpfs "$FULLDIR" 2>/dev/null; then
  HAVE_FULL=1
  trap 'umount "$FULLDIR" 2>/dev/null; rm -rf "$TMP"' EXIT
  mkdir -p "$FULLDIR/state"
  head -c 1048576 /dev/zero >"$FULLDIR/filler" 2>/dev/null
  echo probe >"$FULLDIR/state/probe" 2>/dev/null && fail "the 16 KiB tmpfs is not full"
  rm -f "$FULLDIR/state/probe"
else
  echo "note: tmpfs cannot be mounted here; the full-disk rows are skipped" >&2
fi

rows=0
failed=0
skipped=0
bad() {
  echo "FAIL row $id ($args): $*" >&2
  echo "--- stderr (first 5 lines):" >&2
  head -n 5 "$TMP/err" | cut -c1-300 >&2
  failed=$((failed + 1))
}

while IFS=$'\t' read -r id status regex stdin stdout args; do
  case "$id" in '' | '#'*) continue ;; esac
  if [[ "$args" == *'$FULLDIR'* && "$HAVE_FULL" = 0 ]]; then
    skipped=$((skipped + 1))
    continue
  fi
  rows=$((rows + 1))
  case "$stdin" in
    -) infile=/dev/null ;;
    @1mb | @1mbhan | @nul | @badutf8) infile="$TMP/in.${stdin#@}" ;;
    @*) echo "table error in row $id: stdin $stdin" >&2; exit 1 ;;
    *) printf '%b' "$stdin" >"$TMP/in.row"; infile="$TMP/in.row" ;;
  esac
  outfile="$TMP/out"
  [ "$stdout" = full ] && outfile=/dev/full
  eval "set -- $args"
  timeout -k 5 "$ROW_TIMEOUT" "$PL" "$@" <"$infile" >"$outfile" 2>"$TMP/err"
  rc=$?
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
    bad "hung (no exit within ${ROW_TIMEOUT}s)"
  elif [ "$rc" -ge 128 ] && [ "$rc" != 130 ]; then
    bad "crashed with signal $((rc - 128))"
  elif grep -qaE 'Sanitizer|runtime error:' "$TMP/err"; then
    bad "a sanitizer report (sanitized build)"
  elif [ "$rc" != "$status" ]; then
    bad "exit status $rc, expected $status"
  elif [[ "$regex" == out:* ]]; then
    if [ "$stdout" = full ] || ! grep -qaiE -- "${regex#out:}" "$TMP/out"; then bad "stdout does not match /${regex#out:}/"; fi
  elif ! grep -qaiE -- "$regex" "$TMP/err"; then
    bad "stderr does not match /$regex/"
  elif [ "${VERBOSE:-0}" = 1 ]; then
    echo "ok $id: $(head -c 200 "$TMP/err" | head -n 1)"
  fi
done <"$TABLE"

echo "bad-input catalogue: $rows rows run, $failed failed, $skipped skipped"
[ "$rows" -ge 100 ] || fail "the table has only $rows rows (100 or more expected)"
[ "$failed" = 0 ] || fail "$failed of $rows rows failed"
pass
