# puzzlelab-mpi at -np 3 against one puzzlelab process: the same result document but for
# the timing fields and the rank count. `mpi.sh PUZZLELAB PART PUZZLELAB-MPI MPIEXEC`.
source "$(dirname "$0")/../cli/lib.sh"
PART="$1"
PLMPI="$2"
MPIEXEC="$3"

# Three ranks on however many cores there are; as root only with Open MPI's consent.
MPIRUN=("$MPIEXEC" --oversubscribe -np 3)
[ "$(id -u)" = 0 ] && MPIRUN+=(--allow-run-as-root)
# Open MPI's own allocations are not ours to report (the sanitizer build).
export ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0"

TIMING='del(.seconds, .cpu_seconds, .games_per_second, .ranks)'

# same_result ARGS...: `puzzlelab ARGS --json` and the same under mpirun must agree.
same_result() {
  run "$PL" --quiet "$@" --json
  expect_rc 0
  jq -S "$TIMING" "$TMP/out" >"$TMP/one.json" || fail "one process: not JSON"
  run "${MPIRUN[@]}" "$PLMPI" --quiet "$@" --json
  expect_rc 0
  jq -e '.ranks == 3' "$TMP/out" >/dev/null || fail "the MPI result does not say 3 ranks"
  jq -S "$TIMING" "$TMP/out" >"$TMP/three.json" || fail "three ranks: not JSON"
  diff "$TMP/one.json" "$TMP/three.json" >&2 || fail "three ranks differ from one process: $*"
}

# start_marked ARGS...: puzzlelab-mpi ARGS on three ranks in the background (its job in
# $job). The ranks carry a mark of this test in their environment, so that
# kill_rank_one_when finds this job's rank 1 and no other job's.
MARK="PUZZLELAB_MPI_TEST=$TMP"
start_marked() {
  env "$MARK" "${MPIRUN[@]}" -x PUZZLELAB_MPI_TEST "$PLMPI" --quiet "$@" 2>"$TMP/err" &
  job=$!
}

# kill_rank_one_when COMMAND N: once COMMAND prints a number of at least N, rank 1 of the
# marked job is killed with SIGKILL; the job must then fail (the whole job stops).
kill_rank_one_when() {
  local victim="" p env_of
  for _ in $(seq 1 6000); do
    if [ "$(bash -c "$1" 2>/dev/null || echo 0)" -ge "$2" ]; then
      for p in $(pgrep -f "$PLMPI" || true); do
        [ -r "/proc/$p/environ" ] || continue
        env_of=$(tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null)
        if grep -qx 'OMPI_COMM_WORLD_RANK=1' <<<"$env_of" && grep -qxF "$MARK" <<<"$env_of"; then victim=$p; fi
      done
      [ -n "$victim" ] && break
    fi
    sleep 0.05
  done
  [ -n "$victim" ] || fail "could not find rank 1 of the run to kill"
  kill -9 "$victim"
  wait "$job" && fail "the job went on although rank 1 was killed"
  return 0
}

case "$PART" in
  wordle)
    same_result wordle sim --player entropy --games all
    [ "$(jq .total_guesses "$TMP/three.json")" = 8020 ] || fail "entropy total $(jq .total_guesses "$TMP/three.json")"
    # Not a simulation: rank 0 alone runs it, once, and says so.
    run "${MPIRUN[@]}" "$PLMPI" wordle score crane cigar
    expect_rc 0
    [ "$(wc -l <"$TMP/out")" = "$(run "$PL" wordle score crane cigar; wc -l <"$TMP/out")" ] || fail "printed more than once"
    ;;
  handle)
    same_result handle sim --player entropy
    [ "$(jq .total_guesses "$TMP/three.json")" = 865 ] || fail "handle entropy total $(jq .total_guesses "$TMP/three.json")"
    ;;
  2048)
    same_result --seed 5 2048 sim --player random --games 300
    ;;
  24)
    run "$PL" --quiet 24 stats --range 1..13 --json
    expect_rc 0
    jq -S 'del(.seconds)' "$TMP/out" >"$TMP/one.json"
    run "${MPIRUN[@]}" "$PLMPI" --quiet 24 stats --range 1..13 --json
    expect_rc 0
    jq -e '.ranks == 3' "$TMP/out" >/dev/null || fail "24 stats under MPI does not say 3 ranks"
    jq -S 'del(.seconds, .ranks)' "$TMP/out" >"$TMP/three.json"
    diff "$TMP/one.json" "$TMP/three.json" >&2 || fail "24 stats on three ranks differs from one process"
    [ "$(jq .solvable "$TMP/three.json")" = 1362 ] || fail "solvable $(jq .solvable "$TMP/three.json")"
    ;;
  resume)
    # An uninterrupted run, then a run whose rank 1 is killed part-way and which is then
    # resumed from its --jsonl log: the same result.
    # 2048 games of the AI (about 80 ms each here): long enough to be killed part-way.
    ARGS=(--seed 3 2048 sim --player expectimax --level fast --stop-at 256 --games 80)
    run "$PL" --quiet "${ARGS[@]}" --out "$TMP/whole.json"
    expect_rc 0
    start_marked "${ARGS[@]}" --jsonl >"$TMP/log"
    kill_rank_one_when "wc -l <$TMP/log" 20
    played=$(wc -l <"$TMP/log")
    [ "$played" -lt 80 ] || fail "the run had finished before rank 1 was killed"
    # The last line may be cut off mid-write; --resume plays that game again.
    run "${MPIRUN[@]}" "$PLMPI" --quiet "${ARGS[@]}" --resume "$TMP/log" --out "$TMP/resumed.json"
    expect_rc 0
    [ "$(jq .resumed "$TMP/resumed.json")" -ge 19 ] || fail "resumed only $(jq .resumed "$TMP/resumed.json") games"
    RESUMED='del(.seconds, .cpu_seconds, .games_per_second, .ranks, .resumed)'
    diff <(jq -S "$RESUMED" "$TMP/whole.json") <(jq -S "$RESUMED" "$TMP/resumed.json") >&2 ||
      fail "the resumed run differs from the uninterrupted one"
    ;;
  checkpoint)
    # 2048 AI games saved every 50 moves in a checkpoint folder: rank 1 killed while the
    # games are in progress, then the same command again goes on from the checkpoints and
    # ends with the uninterrupted result (the games are played with the same moves).
    ARGS=(--seed 4 2048 sim --player expectimax --depth 3 --stop-at 2048 --games 6 --checkpoint-every 50)
    run "$PL" --quiet "${ARGS[@]}" --threads 1 --checkpoint "$TMP/whole.ckpt" --out "$TMP/whole.json"
    expect_rc 0
    start_marked "${ARGS[@]}" --checkpoint "$TMP/ckpt" --out "$TMP/killed.json" >/dev/null
    # Three games saved: each rank is playing one.
    kill_rank_one_when "ls $TMP/ckpt | wc -l" 3
    [ -e "$TMP/killed.json" ] && fail "the killed run wrote a result"
    run "${MPIRUN[@]}" "$PLMPI" --quiet "${ARGS[@]}" --checkpoint "$TMP/ckpt" --out "$TMP/again.json"
    expect_rc 0
    [ "$(jq .continued "$TMP/again.json")" -ge 1 ] || fail "no game went on from its checkpoint"
    echo "games that went on from a checkpoint: $(jq .continued "$TMP/again.json") of 6"
    CONTINUED='del(.seconds, .cpu_seconds, .games_per_second, .ranks, .continued)'
    diff <(jq -S "$CONTINUED" "$TMP/whole.json") <(jq -S "$CONTINUED" "$TMP/again.json") >&2 ||
      fail "the run that went on from its checkpoints differs from the uninterrupted one"
    ;;
  tree)
    # The proof of the best first guess on small lists (61 answers, about 400 guesses): the
    # same best and top on three ranks as in one process, and as `wordle tree` proves it.
    awk 'NR % 38 == 1' "$TESTS_DIR/../data/wordle/answers.txt" >"$TMP/a.txt"
    { cat "$TMP/a.txt"; awk 'NR % 38 == 5' "$TESTS_DIR/../data/wordle/guesses.txt"; } | sort -u >"$TMP/g.txt"
    L=(--answers "$TMP/a.txt" --guesses "$TMP/g.txt")
    run "$PL" --quiet wordle tree "${L[@]}" --json
    expect_rc 0
    best=$(jq -c '[.first_guess, .total]' "$TMP/out")
    PROOF_TIMING='del(.seconds, .cpu_seconds, .ranks, .exact)'  # how many were evaluated exactly depends on timing
    run "$PL" --quiet wordle tree --all --top 5 "${L[@]}" --json
    expect_rc 0
    [ "$(jq -c '[.first_guess, .total]' "$TMP/out")" = "$best" ] || fail "--all: $(jq -c '[.first_guess, .total]' "$TMP/out"), wordle tree: $best"
    jq -S "$PROOF_TIMING" "$TMP/out" >"$TMP/one.json"
    run "${MPIRUN[@]}" "$PLMPI" --quiet wordle tree --all --top 5 "${L[@]}" --results "$TMP/results.jsonl" --json
    expect_rc 0
    jq -e '.ranks == 3' "$TMP/out" >/dev/null || fail "the MPI proof does not say 3 ranks"
    jq -S "$PROOF_TIMING" "$TMP/out" >"$TMP/three.json"
    diff "$TMP/one.json" "$TMP/three.json" >&2 || fail "the proof on three ranks differs from one process"
    [ "$(wc -l <"$TMP/results.jsonl")" = "$(jq .splitting_guesses "$TMP/three.json")" ] ||
      fail "the results file does not hold one line per first guess"
    # Eight ranks on however many cores: the same again.
    run "$MPIEXEC" --oversubscribe -np 8 $([ "$(id -u)" = 0 ] && echo --allow-run-as-root) "$PLMPI" --quiet \
      wordle tree --all --top 5 "${L[@]}" --json
    expect_rc 0
    diff "$TMP/one.json" <(jq -S "$PROOF_TIMING" "$TMP/out") >&2 || fail "the proof on eight ranks differs"
    ;;
  *) fail "unknown part $PART" ;;
esac
echo "ok: mpi $PART"
