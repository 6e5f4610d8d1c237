# handle play through a pipe: golden transcripts, messages that cost no turn, hints,
# the 10-try limit and reveal, strict mode in both languages, days, colour, statistics.
source "$(dirname "$0")/../cli/lib.sh"
HERE="$(dirname "$0")"

# Day 1 is 路不拾遗: a bad line, a short word, two hints, a miss, then the answer.
run_input $'补过拾遗\nabcd\n一心一\nhint\nhint\n拾金不昧\n路不拾遗\n' "$PL" handle play --day 1
expect_rc 0
expect_no_esc
expect_golden "$HERE/play_day1.golden"

# Ten misses, one more after the limit, then reveal. Day 1 was played above: the
# replay is not counted again (a daily puzzle counts once).
run_input "$(printf '天南海北\n%.0s' 1 2 3 4 5 6 7 8 9 10)"$'\n一心一意\nreveal\n' "$PL" handle play --day 1 --hard
expect_rc 0
expect_golden "$HERE/play_fail.golden"
[ "$(stat_of handle '[.played, .wins]')" = '[1,1]' ] || fail "counts after a replay: $(stat_of handle .)"
# The same game on another day counts as a loss; leaving before the end is no loss.
run_input "$(printf '天南海北\n%.0s' 1 2 3 4 5 6 7 8 9 10)"$'\nreveal\n' "$PL" handle play --day 9 --hard
# A lost game is shared too (X/10), as Wordle shares X/6.
expect_out "汉兜 #9 X/10"
[ "$(stat_of handle '[.played, .wins, .current_streak]')" = '[2,1,0]' ] || fail "a revealed game: $(stat_of handle .)"
run_input $'天南海北\nquit\n' "$PL" handle play --day 10
expect_out "not counted as a loss"
[ "$(stat_of handle '[.played, .abandoned]')" = '[2,1]' ] || fail "an abandoned game: $(stat_of handle .)"

# --hard refuses hints.
run_input $'hint\nquit\n' "$PL" handle play --day 2 --hard
expect_out "Hints are off"

# Strict mode: English by default, Chinese when the locale says zh.
run_input $'一帆风雨\nquit\n' "$PL" handle play --day 2 --strict
expect_out "'一帆风雨' is not in the idiom list"
LC_ALL=zh_CN.UTF-8 run_input $'一帆风雨\nquit\n' "$PL" handle play --day 2 --strict
expect_out "成语不在词库内：一帆风雨"
run_input $'一帆风雨\nquit\n' "$PL" handle play --day 2
expect_not_out "not in the idiom list"

# Days: the placeholder of later days, bad days, conflicting choices.
run "$PL" handle play --day 507
expect_rc 1
expect_err "啊抱歉！这天的题目还没出好！"
run "$PL" handle play --day 0
expect_rc 2
run "$PL" handle play --day 3 --word 一心一意
expect_rc 2
run "$PL" handle play --word 一心
expect_rc 2
run_input $'一心一意\n' "$PL" handle play --word 一心一意
expect_rc 0
expect_out "Solved in 1 try!"
run_input $'quit\n' "$PL" --seed 7 handle play
expect_rc 0
expect_out "random answer (seed 7)"
run_input $'quit\n' "$PL" handle play
expect_rc 0
expect_out_re "day [0-9]+ \\(20[0-9-]+\\)|no puzzle"

# Colour on request, none with NO_COLOR.
run_input $'补过拾遗\nquit\n' "$PL" --color=always handle play --day 1
expect_esc
NO_COLOR=1 run_input $'补过拾遗\nquit\n' "$PL" handle play --day 1
expect_no_esc

# A damaged statistics file of an older version is moved aside with a warning, never
# overwritten silently.
echo '{ not json' >"$XDG_STATE_HOME/puzzlelab/handle-stats.json"
run_input $'路不拾遗\n' "$PL" handle play --day 11
expect_rc 0
expect_err "warning:"
ls "$XDG_STATE_HOME/puzzlelab/" | grep -q 'handle-stats.json.corrupt' || fail "damaged file not kept"
pass
