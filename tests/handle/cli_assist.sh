# handle assist: one-shot and interactive (undo), contradictions, bad entries.
source "$(dirname "$0")/../cli/lib.sh"

# 百里挑一 answers 补过拾遗 with NENE NNNN NNMN NEEN: it is the only answer left.
run "$PL" handle assist 补过拾遗 NENE NNNN NNMN NEEN
expect_rc 0
expect_out "One candidate left: 百里挑一 (bǎi lǐ tiāo yī)"
run "$PL" handle assist 补过拾遗:nenennnnnnmnneen
expect_rc 0
expect_out "补过拾遗 NENE NNNN NNMN NEEN"
expect_out "One candidate left: 百里挑一"

# No entries in one-shot form is the interactive form; an empty stdin just reports.
run_input $'补过拾遗 NNNN NNNN NNNN NNNN\n补过拾遗 NENE NNNN NNMN NEEN\nundo\nundo\nquit\n' "$PL" handle assist
expect_rc 0
expect_out "424 candidates left"
expect_out "No candidate fits entry 1"
expect_out "One candidate left: 百里挑一"
expect_out "Nothing to undo."
expect_out "补过拾遗   8.646      407"

# With every idiom as a candidate (ranked with the common prior).
run "$PL" handle assist 研经铸史 NENN NNNE NNNM NNEN --candidates idioms
expect_rc 0
expect_out "5 candidates left:"
expect_out "一心一意  yī xīn yī yì"

run "$PL" handle assist 补过拾遗 NNNN NNNN NNNN NNNN
expect_rc 1
expect_err "error: No candidate fits entry 1"
run "$PL" handle assist 补过拾遗 NNNN
expect_rc 2
expect_err "needs 16 marks"
run "$PL" handle assist NNNN 补过拾遗
expect_rc 2
run "$PL" handle assist 补过拾遗 NNNN NNNN NNNN NNNX
expect_rc 2
expect_err "use only E (exact), M (misplaced) and N (none)"
pass
