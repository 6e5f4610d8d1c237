#!/usr/bin/env python3
"""The JSON API of `puzzlelab serve`, against a real server on an ephemeral port.

Every endpoint, every error status, bad JSON, oversized bodies, unknown sessions,
concurrent inputs on one session, paths that try to leave the embedded assets, the
security headers, and a restart that resumes a game and keeps the statistics.
Usage: api_test.py PUZZLELAB_BINARY
"""
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading

BINARY = sys.argv[1]
FAILURES = []


def check(cond, what):
    if not cond:
        FAILURES.append(what)
        print("FAIL:", what, file=sys.stderr)


class Server:
    def __init__(self, state, port="0", extra=()):
        self.proc = subprocess.Popen([BINARY, "--state-dir", state, "serve", "--port", port, *extra],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        m = re.match(r"serving on http://127\.0\.0\.1:(\d+)/ \(Ctrl-C to stop\)$", line.strip())
        if not m:
            raise SystemExit("the server did not start: %r %s" % (line, self.proc.stderr.read()))
        self.port = int(m.group(1))

    def request(self, method, path, body=None, raw=None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        conn.request(method, path, body=data, headers=headers or {})
        res = conn.getresponse()
        payload = res.read()
        conn.close()
        try:
            parsed = json.loads(payload) if payload else None
        except ValueError:
            parsed = None
        return res.status, parsed, res, payload

    def stop(self, sig=signal.SIGTERM):
        self.proc.send_signal(sig)
        _, err = self.proc.communicate(timeout=20)
        return self.proc.returncode, err


def main():
    state = tempfile.mkdtemp(prefix="puzzlelab-api-")
    s = Server(state)

    status, body, res, _ = s.request("GET", "/api/v1/health")
    check(status == 200 and body["ok"] is True, "health answers")
    for name, value in [("Content-Security-Policy", "script-src 'self'"), ("X-Content-Type-Options", "nosniff"),
                        ("X-Frame-Options", "DENY")]:
        check(value in (res.getheader(name) or ""), "header %s carries %s" % (name, value))
    check(res.getheader("Access-Control-Allow-Origin") is None, "no CORS header by default")
    check("unsafe-inline" not in res.getheader("Content-Security-Policy") and
          "unsafe-eval" not in res.getheader("Content-Security-Policy"), "the CSP forbids inline script and eval")

    # The page and its assets; nothing else reaches the file system.
    status, _, res, page = s.request("GET", "/")
    check(status == 200 and b"<script type=\"module\"" in page and res.getheader("Content-Type").startswith("text/html"),
          "the page is served")
    check(b"<script>" not in page, "the page has no inline script")
    status, _, res, _ = s.request("GET", "/js/app.js")
    check(status == 200 and "javascript" in res.getheader("Content-Type"), "an ES module is served as JavaScript")
    for path in ["/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "//etc/passwd", "/etc/passwd", "/js/../../CMakeLists.txt",
                 "/js/%2e%2e/index.html", "/index.html%00.js", "/nope"]:
        status, _, _, payload = s.request("GET", path)
        check(status == 404 and b"root:" not in payload, "%s is a 404" % path)

    # Errors: unknown endpoints, bad JSON, wrong shapes, oversized bodies.
    status, body, _, _ = s.request("GET", "/api/v1/nope")
    check(status == 404 and "error" in body, "an unknown endpoint is a JSON 404")
    for raw, what in [(b"{", "truncated JSON"), (b"\xff\xfe garbage", "garbage bytes"), (b'{"game":"2048","game":"x"}', "a duplicate key"),
                      (b"[1,2]", "an array"), (b'{"game": 2048}', "a number for the game"), (b'{"game":"chess"}', "an unknown game"),
                      (b'{"game":"2048","size":99}', "a board size out of range"), (b'{"game":"2048","size":"4"}', "a size as text")]:
        status, body, _, _ = s.request("POST", "/api/v1/sessions", raw=raw)
        check(status == 400 and isinstance(body, dict) and body.get("error"), "%s is a 400 with a message" % what)
    status, body, _, _ = s.request("POST", "/api/v1/sessions", raw=b"{" + b" " * (70 * 1024) + b"}")
    check(status == 413 and body and body.get("error"), "a body over 64 KiB is a 413")

    # Stateless endpoints.
    status, body, _, _ = s.request("POST", "/api/v1/wordle/score", {"guess": "error", "secret": "elder"})
    check(status == 200 and body["pattern"] == "G...G", "wordle score elder/error is G...G")
    status, body, _, _ = s.request("POST", "/api/v1/wordle/score", {"guess": "abc", "secret": "elder"})
    check(status == 400, "a guess of the wrong length is a 400")
    status, body, _, _ = s.request("POST", "/api/v1/2048/move", {"board": "0 2 2 4 / 0 0 4 8 / 0 0 0 0 / 2 0 0 0", "move": "right"})
    check(status == 200 and body["board"].split() == "0 0 4 4 0 0 4 8 0 0 0 0 0 0 0 2".split() and body["gained"] == 4,
          "2048 move right merges 2+2")
    for bad in [{"board": "0 2 2", "move": "left"}, {"board": "0 2 2 4 / 0 0 4 8 / 0 0 0 0 / 2 0 0 0", "move": "sideways"}, {}]:
        status, body, _, _ = s.request("POST", "/api/v1/2048/move", bad)
        check(status == 400 and body.get("error"), "2048 move %s is a 400" % json.dumps(bad))

    # A 2048 session: create, move, undo, unknown input, unknown and malformed ids.
    status, body, _, _ = s.request("POST", "/api/v1/sessions", {"game": "2048"})
    check(status == 201 and re.fullmatch(r"[0-9a-f]{32}", body["id"]) and body["view"]["size"] == 4, "a 2048 session starts")
    sid = body["id"]
    cells = body["view"]["cells"]
    moved = None
    for m in ["left", "right", "up", "down"]:
        status, body, _, _ = s.request("POST", "/api/v1/sessions/" + sid, {"action": "move", "move": m})
        check(status == 200, "a move is accepted")
        if body["outcome"]["moved"]:
            moved = body
            break
    check(moved is not None and moved["view"]["moves"] == 1 and moved["view"]["can_undo"], "some move moves")
    status, body, _, _ = s.request("POST", "/api/v1/sessions/" + sid, {"action": "undo"})
    check(status == 200 and body["view"]["cells"] == cells and body["view"]["moves"] == 0, "undo restores the start")
    for bad in [{"action": "fly"}, {"action": "move", "move": "sideways"}, {"action": "keep_going"}, [], "x"]:
        status, body, _, _ = s.request("POST", "/api/v1/sessions/" + sid, bad)
        check(status == 400 and body.get("error"), "session input %s is a 400" % json.dumps(bad))
    status, body, _, _ = s.request("GET", "/api/v1/sessions/" + "0" * 32)
    check(status == 404 and body.get("error"), "an unknown session is a 404")
    status, body, _, _ = s.request("GET", "/api/v1/sessions/../../etc")
    check(status == 404, "a malformed session id is a 404")
    ids = {s.request("POST", "/api/v1/sessions", {"game": "2048"})[1]["id"] for _ in range(20)}
    check(len(ids) == 20, "session ids differ")

    # Concurrent moves on one session: every move is applied once, in some order.
    status, body, _, _ = s.request("POST", "/api/v1/sessions", {"game": "2048", "size": 5})
    cid = body["id"]
    results = []

    def mover(move):
        for _ in range(10):
            st, b, _, _ = s.request("POST", "/api/v1/sessions/" + cid, {"action": "move", "move": move})
            results.append((st, b["outcome"]["moved"] if st == 200 else None))

    threads = [threading.Thread(target=mover, args=(m,)) for m in ["left", "right", "up", "down"] * 2]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ok = [r for r in results if r[0] == 200]
    check(len(ok) == 80, "80 concurrent moves on one session all answered 200 (%d)" % len(ok))
    status, body, _, _ = s.request("GET", "/api/v1/sessions/" + cid)
    check(body["view"]["moves"] == sum(1 for r in ok if r[1]), "the session counts exactly the moves that moved")

    # Abandon a game with moves: it enters the history; a second DELETE is a 404.
    status, body, _, _ = s.request("DELETE", "/api/v1/sessions/" + cid)
    check(status == 200, "a session can be deleted")
    status, body, _, _ = s.request("DELETE", "/api/v1/sessions/" + cid)
    check(status == 404, "deleting it again is a 404")
    status, body, _, _ = s.request("GET", "/api/v1/stats/2048")
    check(status == 200 and body["stats"]["abandoned"] == 1, "the abandoned game is in the statistics")
    status, body, _, _ = s.request("GET", "/api/v1/stats/chess")
    check(status == 404, "statistics of an unknown game are a 404")

    # A restart resumes the game in progress; the statistics are the terminal's.
    status, body, _, _ = s.request("GET", "/api/v1/sessions/" + sid)
    before = body["view"]
    code, err = s.stop()
    check(code in (0, 130) and "every game is saved" in err, "SIGTERM stops the server cleanly (%s %r)" % (code, err))
    s = Server(state)
    status, body, _, _ = s.request("GET", "/api/v1/sessions/" + sid)
    check(status == 200 and body["view"] == before, "a restarted server resumes the game")
    stats = subprocess.run([BINARY, "--state-dir", state, "stats", "2048", "--json"], capture_output=True, text=True)
    check(stats.returncode == 0 and json.loads(stats.stdout)["stats"]["abandoned"] == 1,
          "puzzlelab stats sees the browser's game")

    # A port in use is a clear error, exit 1.
    taken = Server(state)
    proc = subprocess.run([BINARY, "--state-dir", state, "serve", "--port", str(taken.port)], capture_output=True, text=True, timeout=20)
    check(proc.returncode == 1 and "in use" in proc.stderr, "a port in use is exit 1 with a message (%r)" % proc.stderr)
    taken.stop()

    # A request that never finishes its headers is dropped, not kept forever.
    sock = socket.create_connection(("127.0.0.1", s.port), timeout=30)
    sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    sock.settimeout(30)
    try:
        data = sock.recv(100)
        check(True, "a stalled request is closed")
    except socket.timeout:
        check(False, "a stalled request is closed within the read timeout")
    sock.close()
    status, body, _, _ = s.request("GET", "/api/v1/health")
    check(status == 200, "the server still answers after a stalled client")
    s.stop(signal.SIGINT)

    if FAILURES:
        print("%d checks failed" % len(FAILURES), file=sys.stderr)
        return 1
    print("all API checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
