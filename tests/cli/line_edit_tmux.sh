# Line editing at the line-mode prompts on a real terminal (tmux): a Handle guess is
# typed with the cursor moved (Left, Home, End) and characters removed (Backspace,
# Delete) — double-width Chinese characters, with a stray Left never turning into "^[[D"
# — and the edited guess is the one played; Up brings back the line before. Then 24 play
# with a time limit shows a countdown and ends the hand when it runs out, with nothing
# typed.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/tmux.sh"

# The pane's line that holds TEXT (the last one).
pane_line() { grep -F -- "$1" "$TMP/pane" | tail -n 1; }

tmux_new edit "HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' $PL --color=never handle play --word 路不拾遗; echo \$? > '$TMP/handle.rc'; stty -a > '$TMP/handle.stty'; sleep 30"
wait_for "[1/10] >"
# "心意": Home, 一 → "一心意"; Left → before 意, 一 → "一心一意"; End, "x", Backspace;
# a Delete at the end deletes nothing.
keys -l "心意"
keys Home
keys -l "一"
keys End Left
keys -l "一"
keys End
keys -l "x"
wait_for "一心一意x"
keys BSpace DC
wait_for "[1/10] > 一心一意"
[ "$(pane_line '[1/10] >' | sed 's/ *$//')" = "[1/10] > 一心一意" ] || fail "the line was not edited: $(pane_line '[1/10] >')"
keys Enter
wait_for "[2/10] >"
grep -qF '^[' "$TMP/pane" && fail "an escape sequence was echoed: $(cat "$TMP/pane")"
grep -q "no try used" "$TMP/pane" && fail "the edited guess was refused: $(cat "$TMP/pane")"

# Up brings back 一心一意; four Backspaces remove its four double-width characters.
keys Up
wait_for "[2/10] > 一心一意"
keys BSpace BSpace BSpace BSpace
sleep 0.3
tmux -L "$SOCK" capture-pane -p -t t >"$TMP/pane"
[ "$(pane_line '[2/10] >' | sed 's/ *$//')" = "[2/10] >" ] || fail "Backspace left: $(pane_line '[2/10] >')"
# Spaces between the characters (ASCII and ideographic) are ignored.
keys -l "路 不　拾 遗"
keys Enter
wait_for "Solved in 2 tries!"
wait_file "$TMP/handle.rc"
[ "$(cat "$TMP/handle.rc")" = 0 ] || fail "handle play ended with status $(cat "$TMP/handle.rc")"
check_restored "$TMP/handle.stty"

# 24 play --time-limit 2: the prompt counts down; after 3 s with no line entered the hand
# has ended as timed out and the next one is dealt.
tmux_new clock "HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' $PL --color=never --seed 3 24 play --time-limit 2; echo \$? > '$TMP/24.rc'; stty -a > '$TMP/24.stty'; sleep 30"
wait_for "s left] >"
grep -qE '\[[12] s left\] >' "$TMP/pane" || fail "no countdown in the prompt: $(cat "$TMP/pane")"
grep -q "Time is up" "$TMP/pane" && fail "the hand ended at once: $(cat "$TMP/pane")"
# Something typed stays while the countdown is redrawn in place (not a second prompt
# after the first), and is dropped when the time is up.
keys -l "(4+"
sleep 3
wait_for "Time is up"
wait_for "Hand 2"
grep -q "Time is up: 2 s (the limit is 2 s)" "$TMP/pane" || fail "the wrong time-out message: $(cat "$TMP/pane")"
grep -qE '^\[1 s left\] > \(4\+$' "$TMP/pane" || fail "the countdown did not reach 1 s over the typed text: $(cat "$TMP/pane")"
grep -qE 's left\].*s left\]' "$TMP/pane" && fail "the countdown was drawn twice on a line: $(cat "$TMP/pane")"
# The new hand has its own clock: its prompt counts down again.
wait_for "s left] >"
keys -l "quit"
keys Enter
wait_file "$TMP/24.rc"
[ "$(cat "$TMP/24.rc")" = 0 ] || fail "24 play ended with status $(cat "$TMP/24.rc")"
check_restored "$TMP/24.stty"
wait_for "out of tries or time"
grep -qE "out of tries or time [12];" "$TMP/pane" || fail "the timed-out hand was not counted: $(cat "$TMP/pane")"
pass
