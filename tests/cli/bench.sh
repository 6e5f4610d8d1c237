# bench: the signature matches tests/bench.signature with 1 and with 2 threads.
source "$(dirname "$0")/lib.sh"
expected="$(cat "$TESTS_DIR/bench.signature")"
for t in 1 2; do
  run "$PL" bench --threads "$t"
  expect_rc 0
  got="$(grep '^Signature: ' "$TMP/out" | cut -d' ' -f2)"
  [ "$got" = "$expected" ] || fail "bench signature with $t threads is $got, tests/bench.signature says $expected"
done
pass
