#!/usr/bin/env bash
# A bounded load test on loopback: 32 keep-alive clients send 6,400 requests to the score
# and move endpoints of a fresh server; every one must be answered 200. (The figures of
# docs/results/web.md come from the same tool with 100,000 requests.)
# Usage: load.sh PUZZLELAB LOAD_TOOL
set -euo pipefail
bin=$1 load=$2
state=$(mktemp -d)
out=$state/out
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$state"' EXIT
"$bin" --state-dir "$state" serve --port 0 >"$out" 2>"$state/err" &
pid=$!
for _ in $(seq 100); do grep -q "serving on" "$out" && break; sleep 0.1; done
port=$(sed -n 's|^serving on http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$out")
[ -n "$port" ] || { echo "the server did not start"; cat "$state/err"; exit 1; }
"$load" "$port" "$pid" --clients 32 --requests 6400
kill -TERM "$pid"
wait "$pid" || true
grep -q "every game is saved" "$state/err"
