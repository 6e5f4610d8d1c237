# Colour: never / NO_COLOR give no ESC byte; always gives colour even into a pipe.
source "$(dirname "$0")/lib.sh"

run "$PL" --color=never bench --threads 1
expect_rc 0
expect_no_esc

NO_COLOR=1 run "$PL" bench --threads 1
expect_rc 0
expect_no_esc
pass
