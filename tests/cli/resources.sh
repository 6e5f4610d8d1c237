# Resource limits: simulations run in bounded memory (peak RSS does not grow
# with the number of games), `--threads 64` on a small machine gives the same result as
# --threads 1, and `24 solve` with 8 numbers finishes or refuses within --max-seconds.
source "$(dirname "$0")/lib.sh"
[ -x /usr/bin/time ] || fail "/usr/bin/time is missing (apt-get install time)"

# peak_kb CMD...: the peak resident set size of CMD in KiB (GNU time's %M).
peak_kb() {
  # Under AddressSanitizer freed memory waits in a quarantine of up to 256 MiB, which
  # would look like growth: switch it off for the measurement (no effect otherwise).
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0:thread_local_quarantine_size_kb=0" \
    /usr/bin/time -f '%M' -o "$TMP/rss" timeout "$TIMEOUT" "$@" >"$TMP/out" 2>"$TMP/err" || fail "failed: $*"
  tail -n 1 "$TMP/rss"
}

# 1. Peak RSS is flat in the number of games: 100-500x the games may not cost more than
#    25% + 4 MiB more memory (results are reduced as they arrive; run_ordered keeps
#    one block of results in flight whatever the total).
# Holding one small result per game would add megabytes at these sizes.
for spec in "2048 sim --player random:100000" "wordle sim --player random:20000"; do
  player="${spec%:*}"
  games="${spec##*:}"
  small=$(peak_kb "$PL" --quiet --threads 2 --seed 7 $player --games 200)
  large=$(peak_kb "$PL" --quiet --threads 2 --seed 7 $player --games "$games")
  echo "$player: peak RSS $small KiB (200 games), $large KiB ($games games)"
  [ "$large" -le $((small * 5 / 4 + 4096)) ] || fail "$player: peak RSS grew from $small KiB to $large KiB"
done

# 2. --threads 64 on this machine: the same summary as --threads 1 (timings aside).
for player in "2048 sim --player random --games 3000" "wordle sim --player random --games 3000"; do
  timeout "$TIMEOUT" "$PL" --quiet --json --seed 11 --threads 1 $player | jq -S 'del(.seconds, .cpu_seconds, .games_per_second)' >"$TMP/t1" ||
    fail "$player --threads 1 failed"
  timeout "$TIMEOUT" "$PL" --quiet --json --seed 11 --threads 64 $player | jq -S 'del(.seconds, .cpu_seconds, .games_per_second)' >"$TMP/t64" ||
    fail "$player --threads 64 failed"
  [ -s "$TMP/t1" ] || fail "$player: no JSON"
  diff "$TMP/t1" "$TMP/t64" >&2 || fail "$player: --threads 64 differs from --threads 1"
done

# 3. 24 solve with 8 numbers: finishes or refuses (status 1, "gave up after") within the
#    limit; the default limit (60 s) is documented in the help.
run "$PL" 24 solve --help
expect_out "--max-seconds"
expect_out "default"
start=$(date +%s%N)
run "$PL" 24 solve 1 2 3 4 5 6 7 8 --count --max-seconds 2
ms=$((($(date +%s%N) - start) / 1000000))
echo "24 solve 1..8 --count --max-seconds 2: status $RC in $ms ms"
if [ "$RC" = 1 ]; then
  expect_err "gave up after 2 s"
else
  expect_rc 0
fi
[ "$ms" -le 15000 ] || fail "24 solve 1..8 took $ms ms with --max-seconds 2"
# The limit applies per hand in the stdin form too.
run_input $'1 2 3 4 5 6 7 8\n3 3 8 8\n' "$PL" 24 solve --count --max-seconds 1
expect_out "3 3 8 8: 1"
pass
