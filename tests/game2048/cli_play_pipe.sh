# `2048 play` from a pipe: a scripted game compared with a golden transcript, then a
# win reached from a crafted save (resume, win, keep going).
source "$(dirname "$0")/../cli/lib.sh"
GOLDEN="$(dirname "$0")/golden"

run_input $'left\nup\nright\ndown\nleft\n\n# a comment\nundo\nleft\nbogus\nkeep\nd\nj\nh\nk\nnew\nup\nquit\nleft\n' \
  "$PL" 2048 play --seed 42 --new
expect_rc 1
expect_err "error: line 10: unknown command 'bogus'"
expect_no_esc
expect_golden "$GOLDEN/play_pipe.txt"

# The same seed and commands give the same game (stdout byte for byte; a fresh state
# folder, since the best score is remembered).
cp "$TMP/out" "$TMP/first"
XDG_STATE_HOME="$TMP/state2" run_input $'left\nup\nright\ndown\nleft\n\n# a comment\nundo\nleft\nbogus\nkeep\nd\nj\nh\nk\nnew\nup\nquit\nleft\n' \
  "$PL" 2048 play --seed 42 --new
cmp -s "$TMP/first" "$TMP/out" || fail "same seed, different game"
rm -rf "$XDG_STATE_HOME/puzzlelab"

# A saved game one merge from 2048: resume, win, moves wait, keep going.
mkdir -p "$XDG_STATE_HOME/puzzlelab"
cat >"$XDG_STATE_HOME/puzzlelab/2048-game.json" <<'JSON'
{"format": "puzzlelab-2048-save/1", "size": 4, "assisted": false, "history": [],
 "board": [[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]],
 "score": 20000, "moves": 900, "won": false, "keep_playing": false,
 "rng": ["0000000000000001", "0000000000000002", "0000000000000003", "0000000000000004"]}
JSON
run_input $'left\nup\nkeep\nup\n' "$PL" 2048 play
expect_rc 0
expect_err "Resuming the saved game (score 20000, 900 moves)"
expect_golden "$GOLDEN/play_win.txt"

# A game left before its first move is not offered again; quitting a game with a move
# says it was saved, and it is offered next time ("1 move", not "1 moves").
rm -rf "$XDG_STATE_HOME/puzzlelab"
run_input $'quit\n' "$PL" 2048 play --new
expect_rc 0
grep -q "Game saved" "$TMP/err" && fail "a game without a move was reported saved"
run_input $'quit\n' "$PL" 2048 play
expect_rc 0
grep -q "Resuming" "$TMP/err" && fail "a game without a move was offered for resume"
cat >"$XDG_STATE_HOME/puzzlelab/2048-game.json" <<'JSON'
{"format": "puzzlelab-2048-save/1", "size": 4, "assisted": false, "history": [],
 "board": [[2, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]],
 "score": 4, "moves": 1, "won": false, "keep_playing": false,
 "rng": ["0000000000000001", "0000000000000002", "0000000000000003", "0000000000000004"]}
JSON
run_input $'quit\n' "$PL" 2048 play
expect_rc 0
expect_err "Resuming the saved game (score 4, 1 move);"
expect_err "Game saved (score 4, 1 move); \`puzzlelab 2048 play\` resumes it."
pass
