# Bad input read from stdin is shown escaped, never raw: an ESC byte typed or piped in
# must not reach the terminal (it could recolour it, move the cursor or set its title),
# nor may a byte that is not UTF-8. Every command that reads lines and quotes them back
# (in an error or in a play transcript) is fed such a line; neither stdout nor stderr may
# contain an ESC or a 0xFF byte, and the message must show the escaped form.
source "$(dirname "$0")/lib.sh"

BAD=$'\x1b[31mRED\xff x'
BAD_ESC_ONLY=$'\x1b[31mRED x'

expect_no_raw() {
  ! grep -q $'\x1b' "$TMP/out" "$TMP/err" || fail "$1: output contains a raw ESC byte"
  ! LC_ALL=C grep -q $'\xff' "$TMP/out" "$TMP/err" || fail "$1: output contains a raw 0xFF byte"
}
expect_escaped() {
  cat "$TMP/out" "$TMP/err" | grep -qiF '\x1b' || fail "$1: the ESC byte is not shown as \\x1b"
}

check() {
  local what="$1" input="$2"
  shift 2
  run_input "$input" "$PL" --color=never --state-dir "$TMP/st" "$@"
  expect_no_raw "$what"
  # Text that is not UTF-8 may be refused as a whole, without quoting it.
  [[ "$input" == *$'\xff'* ]] || expect_escaped "$what"
}

for line in "$BAD" "$BAD_ESC_ONLY"; do
  check "24 solve" "$line"$'\n' 24 solve
  check "wordle score --stdin" "$line"$'\n' wordle score --stdin
  check "handle score --stdin" "$line"$'\n' handle score --stdin
  check "2048 play" "$line"$'\nquit\n' --seed 1 2048 play
  check "24 play" "$line"$'\nquit\n' --seed 1 24 play
  check "wordle play" "$line"$'\nquit\n' --seed 1 wordle play
  check "handle play" "$line"$'\nquit\n' --seed 1 handle play
  check "wordle assist" "$line"$'\n' wordle assist
  check "handle assist" "$line"$'\n' handle assist
done
# Two fields, so the word itself is checked and quoted.
for word in $'\x1b[31mRED\xff' $'\x1b[31mRED'; do
  check "wordle score --stdin (2 fields)" "$word crane"$'\n' wordle score --stdin
  check "handle score --stdin (2 fields)" "$word 一心一意"$'\n' handle score --stdin
  check "2048 move --stdin" "2 2 0 0 $word left"$'\n' 2048 move --stdin
  check "24 solve (2 numbers)" "3 $word"$'\n' 24 solve
done
# A line of text without spaces in Handle (the length and the not-Han reports quote it).
check "handle play (one word)" $'\x1b[31m一心一\nquit\n' --seed 1 handle play
check "handle assist (one word)" $'\x1b[31m一心一 NNNN\n' handle assist
pass
