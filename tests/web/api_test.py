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
    # A known endpoint asked with another method is a 405 naming the methods it takes.
    for method, path, allowed in [("GET", "/api/v1/wordle/score", "POST"), ("GET", "/api/v1/sessions", "POST"),
                                  ("PUT", "/api/v1/sessions/" + "0" * 32, "GET, POST, DELETE"), ("DELETE", "/api/v1/health", "GET"),
                                  ("OPTIONS", "/api/v1/health", "GET"), ("GET", "/api/v1/sessions/%s/ai" % ("0" * 32), "POST"),
                                  ("POST", "/api/v1/jobs/%s/events" % ("0" * 32), "GET"), ("PATCH", "/api/v1/jobs", "POST")]:
        status, body, res, _ = s.request(method, path, raw=b"" if method in ("POST", "PUT", "PATCH") else None)
        check(status == 405 and res.getheader("Allow") == allowed and allowed in (body or {}).get("error", ""),
              "%s %s is a 405 allowing %s (%s %r %r)" % (method, path, allowed, status, res.getheader("Allow"), body))
    # A POST without Content-Length cannot be read: a 400 that says why.
    sock = socket.create_connection(("127.0.0.1", s.port), timeout=10)
    sock.sendall(b"POST /api/v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    reply = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            break
        reply += chunk
    sock.close()
    check(reply.startswith(b"HTTP/1.1 400") and b"Content-Length" in reply.split(b"\r\n\r\n", 1)[-1],
          "a POST without Content-Length is a 400 saying so (%r)" % reply[-120:])
    for raw, what in [(b"{", "truncated JSON"), (b"\xff\xfe garbage", "garbage bytes"), (b'{"game":"2048","game":"x"}', "a duplicate key"),
                      (b"[1,2]", "an array"), (b'{"game": 2048}', "a number for the game"), (b'{"game":"chess"}', "an unknown game"),
                      (b'{"game":"2048","size":99}', "a board size out of range"), (b'{"game":"2048","size":"4"}', "a size as text"),
                      (b'{"game":"2048"}\x00', "a NUL byte after the object"), (b'{"game":"2048"}\x00{"game":"x"}', "a NUL byte and more"),
                      (b'{"game":"2048\x00"}', "a NUL byte in a string")]:
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
    # Two 131072 tiles would merge into a tile no 4x4 board can hold: refused, as `2048 move` refuses it.
    too_big = {"board": "131072 131072 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0", "move": "left"}
    for bad in [{"board": "0 2 2", "move": "left"}, {"board": "0 2 2 4 / 0 0 4 8 / 0 0 0 0 / 2 0 0 0", "move": "sideways"}, {}, too_big]:
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
    # A move's motions and spawned tile rebuild the new board from the old one: every
    # tile from `before` sits on its `from`, lands on its `to`, a merged pair lands on one
    # cell as twice the value, and the spawned tile fills an empty cell. Many moves on two
    # board sizes, so merges (and merges beside merges) occur; a move that changes nothing
    # has no motions and no spawn.
    for size in (4, 5):
        status, body, _, _ = s.request("POST", "/api/v1/sessions", {"game": "2048", "size": size})
        gid = body["id"]
        merges = unmoved = rebuilt = 0
        for i in range(60):
            move = ["left", "down", "right", "up", "left", "left"][i % 6]
            status, body, _, _ = s.request("POST", "/api/v1/sessions/" + gid, {"action": "move", "move": move})
            if status != 200 or body["view"]["status"] != "playing" and not body["outcome"]["moved"]:
                break
            o = body["outcome"]
            if not o["moved"]:
                unmoved += 1
                check(o["motions"] == [] and o["spawned"] is None, "a move that changes nothing has no motions")
                continue
            board = [0] * (size * size)
            arrived = [0] * (size * size)
            for t in o["motions"]:
                fr, fc = t["from"]
                tr, tc = t["to"]
                check(o["before"][fr * size + fc] == t["value"], "a motion starts on its tile")
                cell = tr * size + tc
                arrived[cell] += 1
                if arrived[cell] == 2:
                    check(t["merged"] and board[cell] == t["value"], "only a merged pair shares a target")
                    board[cell] = 2 * t["value"]
                    merges += 1
                else:
                    board[cell] = t["value"]
            check(len(o["motions"]) == sum(1 for v in o["before"] if v), "one motion per tile")
            sp = o["spawned"]
            check(sp is not None and board[sp["row"] * size + sp["col"]] == 0 and sp["row"] * size + sp["col"] == o["spawn"],
                  "the spawned tile lands on an empty cell")
            board[sp["row"] * size + sp["col"]] = sp["value"]
            check(board == body["view"]["cells"], "motions and spawn rebuild the %dx%d board after %s" % (size, size, move))
            rebuilt += 1
        check(rebuilt >= 10 and merges >= 3, "the motions were checked over moves with merges (%d, %d)" % (rebuilt, merges))
    for bad in [{"action": "fly"}, {"action": "move", "move": "sideways"}, {"action": "keep_going"}, [], "x"]:
        status, body, _, _ = s.request("POST", "/api/v1/sessions/" + sid, bad)
        check(status == 400 and body.get("error"), "session input %s is a 400" % json.dumps(bad))
    # A field of the wrong type is a 400 naming it, never a 500: "action", "level" and
    # "kind" given as a number, null or a list.
    sessions_of = {}
    for game in ["2048", "wordle", "handle", "24"]:
        status, body, _, _ = s.request("POST", "/api/v1/sessions", {"game": game})
        sessions_of[game] = body["id"]
    for game, gid in sessions_of.items():
        for bad in [{"action": 5}, {"action": None}, {"action": ["guess"]}, {"action": {"x": 1}}]:
            status, body, _, _ = s.request("POST", "/api/v1/sessions/" + gid, bad)
            check(status == 400 and "action" in (body or {}).get("error", ""), "%s input %r is a 400 (%s %r)" % (game, bad, status, body))
    for bad in [{"action": "ai", "level": 5}, {"action": "ai", "level": None}, {"action": "ai", "level": "strong"}]:
        status, body, _, _ = s.request("POST", "/api/v1/sessions/" + sessions_of["2048"], bad)
        check(status == 400 and "level" in (body or {}).get("error", ""), "2048 input %r is a 400 (%s %r)" % (bad, status, body))
    for bad in [{"level": 5}, {"level": None}, {"level": []}]:
        status, body, _, _ = s.request("POST", "/api/v1/sessions/%s/ai" % sessions_of["2048"], bad)
        check(status == 400 and "level" in (body or {}).get("error", ""), "AI options %r are a 400 (%s %r)" % (bad, status, body))
    for bad in [{"kind": 5}, {"kind": None}, {"kind": ["sim"]}, {"kind": "watch", "player": "entropy", "word": 5}]:
        status, body, _, _ = s.request("POST", "/api/v1/jobs", bad)
        check(status == 400 and (body or {}).get("error"), "job %r is a 400 (%s %r)" % (bad, status, body))
    status, body, _, _ = s.request("GET", "/api/v1/sessions/" + sessions_of["2048"])
    check(status == 200 and body["view"]["moves"] == 0, "refused inputs leave the game as it was")

    # Another site's page: the browser sends its requests with that site's Origin (or
    # Sec-Fetch-Site: cross-site), and a site whose name points at 127.0.0.1 (DNS
    # rebinding) sends its own name as Host. None of them may start, read or play a game;
    # this server's own page (Origin = http://Host) and clients without Origin may.
    for headers in [{"Origin": "https://evil.example", "Content-Type": "text/plain"}, {"Origin": "null"},
                    {"Origin": "http://127.0.0.1:%d.evil.example" % s.port}, {"Sec-Fetch-Site": "cross-site"},
                    {"Host": "evil.example:%d" % s.port}, {"Host": "127.0.0.1.evil.example:%d" % s.port}]:
        status, body, _, _ = s.request("POST", "/api/v1/sessions", raw=b'{"game":"2048"}', headers=headers)
        check(status == 403 and "error" in body and "id" not in body, "a session from %r is refused with a 403 (%s %r)" % (headers, status, body))
        status, body, _, _ = s.request("GET", "/api/v1/sessions/" + sid, headers=headers)
        check(status == 403 and "view" not in body, "a session is not shown to %r (%s)" % (headers, status))
        status, body, _, _ = s.request("POST", "/api/v1/jobs", {"kind": "sim", "game": "2048", "player": "random", "games": 1}, headers=headers)
        check(status == 403, "a job from %r is refused (%s)" % (headers, status))
    for headers in [{"Origin": "http://127.0.0.1:%d" % s.port}, {"Origin": "http://localhost:%d" % s.port, "Host": "localhost:%d" % s.port},
                    {"Host": "127.0.0.2:%d" % s.port}, {"Host": "[::1]:%d" % s.port, "Origin": "http://[::1]:%d" % s.port},
                    {"Sec-Fetch-Site": "same-origin"}, {}]:
        status, body, _, _ = s.request("POST", "/api/v1/sessions", {"game": "2048"}, headers=headers)
        check(status == 201, "a session from this server's page (%r) starts (%s %r)" % (headers, status, body))

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

    # One streak and one history across front-ends: a Wordle won in the terminal and one
    # won in the browser, while the server runs, make a streak of 2 seen by both.
    term = subprocess.run([BINARY, "--state-dir", state, "wordle", "play", "--word", "cigar"], input="cigar\n",
                          capture_output=True, text=True, timeout=60)
    check(term.returncode == 0, "a terminal Wordle game beside the server (%r)" % term.stderr)
    status, body, _, _ = s.request("POST", "/api/v1/sessions", {"game": "wordle", "word": "rebut"})
    wid = body["id"]
    for word in ["crane", "xxxxx", "rebut"]:
        status, body, _, _ = s.request("POST", "/api/v1/sessions/" + wid, {"action": "guess", "word": word})
    check(body["outcome"]["kind"] == "won" and body["finished"], "the browser's Wordle game is won")
    check(body["view"]["rows"][0]["pattern"] == ".Y..Y", "crane against rebut is .Y..Y")
    status, body, _, _ = s.request("POST", "/api/v1/sessions/" + wid, {"action": "guess", "word": "cigar"})
    check(status == 409, "input to a finished game is a 409")
    status, body, _, _ = s.request("GET", "/api/v1/stats/wordle")
    check(body["stats"]["played"] == 2 and body["stats"]["current_streak"] == 2 and body["stats"]["tries"] == {"1": 1, "2": 1},
          "the browser sees both games in one streak (%r)" % body["stats"])
    frontends = sorted(g["frontend"] for g in body["recent"])
    check(frontends == ["terminal", "web"], "the history names both front-ends (%r)" % frontends)
    term_stats = json.loads(subprocess.run([BINARY, "--state-dir", state, "stats", "wordle", "--json"],
                                           capture_output=True, text=True).stdout)
    check(term_stats["stats"] == body["stats"], "the terminal sees the same figures")

    # The Wordle assistant: the figures of `wordle assist` for the same rows.
    status, body, _, _ = s.request("POST", "/api/v1/wordle/assist", {"rows": ["crane ....G"]})
    cli = json.loads(subprocess.run([BINARY, "--json", "wordle", "assist", "crane:....G"], capture_output=True, text=True).stdout)
    check(status == 200 and body["left"] == 102, "crane ....G leaves 102 answers (%r)" % body.get("left"))
    check(json.dumps(cli).find(body["best"][0]["guess"]) >= 0, "the best next guess is the one `wordle assist` names")
    for bad in [{"rows": ["crane xx"]}, {"rows": "crane"}, {"rows": ["zzzzz ....."]}, {"rows": ["crane GGGGG", "slate ....."]},
                {"rows": ["crane ....."] * 13}, {"rows": [], "hard": 1}]:
        status, body, _, _ = s.request("POST", "/api/v1/wordle/assist", bad)
        check(status == 400 and body.get("error"), "assist %r is a 400" % (bad,))

    # The Handle assistant: the candidates and best guesses of `handle assist` for the same rows.
    status, body, _, _ = s.request("POST", "/api/v1/handle/assist", {"rows": []})
    check(status == 200 and body["left"] == 424 and body["best"][0]["guess"] == "补过拾遗" and not body["solved"],
          "no rows: all 424 answers, 补过拾遗 first (%r)" % (body.get("left"),))
    row = "瓮中捉鳖 NNNM NNNN NNNN NNNN"
    status, body, _, _ = s.request("POST", "/api/v1/handle/assist", {"rows": [row]})
    cli = subprocess.run([BINARY, "handle", "assist"] + row.split(), capture_output=True, text=True,
                         env={k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}).stdout
    check(status == 200 and body["left"] == 21, "%s narrows the answers (%r)" % (row, body.get("left")))
    check("%d candidates left" % body["left"] in cli, "the same count as `handle assist` (%r)" % cli[:200])
    check(all(c["idiom"] in cli for c in body["candidates"][:10]), "the same candidates as `handle assist`")
    check(body["best"] and body["best"][0]["guess"] in cli and body["best"][0]["pinyin"],
          "the best next guess is the one `handle assist` names")
    check(body["rows"][0]["marks"] == "NNNM NNNN NNNN NNNN" and body["rows"][0]["chars"][1]["initial"] == "zh",
          "the row comes back with its pinyin parts")
    status, body, _, _ = s.request("POST", "/api/v1/handle/assist", {"rows": ["补过拾遗 NENE NNNN NNMN NEEN"]})
    check(status == 200 and body["left"] == 1 and [b["guess"] for b in body["best"]] == ["百里挑一"]
          and body["best"][0]["could_be_the_answer"], "one answer left is the one guess (%r)" % (body,))
    status, body, _, _ = s.request("POST", "/api/v1/handle/assist",
                                   {"rows": ["补过拾遗:nenennnnnnmnneen", "百里挑一 EEEE EEEE EEEE EEEE"]})
    check(status == 200 and body["solved"] and body["left"] == 1 and body["best"] == []
          and body["candidates"] == [{"idiom": "百里挑一", "pinyin": "bǎi lǐ tiāo yī"}], "solved (%r)" % (body,))
    for bad, says in [
            ({"rows": "补过拾遗"}, "rows"), ([], "object"), ({"rows": [7]}, "row 1"),
            ({"rows": ["补过拾遗 NNNN NNNN NNNN NNNN"]}, "row 1: No candidate fits"),
            ({"rows": ["补过拾遗 NENE NNNN NNMN NEEN", "一心一意 NNNN NNNN NNNN NNNN"]}, "row 2: No candidate fits"),
            ({"rows": ["补过拾遗 NENE NNNN NNMN NEEN", "百里挑一 EEEE EEEE EEEE EEEE", "百里挑一 EEEE EEEE EEEE EEEE"]},
             "row 3: entry 3 (百里挑一): the puzzle is already solved"),
            ({"rows": ["补过拾遗 NNNN NNNN NNNN NNNX"]}, "use only E (exact)"), ({"rows": ["补过拾遗 NNNN"]}, "needs 16 marks"),
            ({"rows": ["NNNN 补过拾遗"]}, "row 1"), ({"rows": ["补过拾遗 NNNN NNNN NNNN NNNN 一心一意 NNNN NNNN NNNN NNNN"]}, "one idiom"),
            ({"rows": ["你好世界 NNNN NNNN NNNN NNNN"]}, "row 1: '你好世界' is not in the idiom list"),
            ({"rows": ["abcd NNNN NNNN NNNN NNNN"]}, "row 1"), ({"rows": ["补过拾遗 NNNN NNNN NNNN NNNM"] * 13}, "up to 12")]:
        status, body, _, _ = s.request("POST", "/api/v1/handle/assist", bad)
        check(status == 400 and says in body.get("error", ""), "handle assist %r is a 400 saying %r (%r)" % (bad, says, body))
    status, body, _, _ = s.request("POST", "/api/v1/handle/assist", raw=b'{"rows": [')
    check(status == 400 and "not JSON" in body.get("error", ""), "bad JSON is a 400")

    # Handle: the game's calendar (day 1 = 2022-01-01), Chinese input, hints, rejections.
    status, body, _, _ = s.request("POST", "/api/v1/sessions", {"game": "handle", "date": "2022-01-01"})
    check(status == 201 and body["view"]["day"] == 1, "a Handle session of 2022-01-01 is day 1")
    hid = body["id"]
    status, body, _, _ = s.request("POST", "/api/v1/sessions/" + hid, {"action": "guess", "idiom": "abcd"})
    check(body["outcome"]["kind"] == "rejected" and body["outcome"]["problem"] == "not_han" and body["view"]["tries"] == 0,
          "Latin letters are rejected without using a try")
    status, body, _, _ = s.request("POST", "/api/v1/sessions/" + hid, {"action": "guess", "idiom": "一心一意"})
    c = body["view"]["turns"][0]["chars"][0]
    check(c["char"] == "一" and c["initial"] == "y" and c["final"] == "i" and c["tone"] == 1 and set(c["marks"]) == {"char", "initial", "final", "tone"},
          "a guessed character carries its pinyin parts and four marks (%r)" % c)
    check("answer" not in body["view"], "the answer stays hidden while playing")
    for level in (1, 2):
        status, body, _, _ = s.request("POST", "/api/v1/sessions/" + hid, {"action": "hint"})
        check(body["view"]["hint_level"] == level and ("char" in body["view"]["hint"]) == (level == 2),
              "hint %d shows %s" % (level, "the character" if level == 2 else "the sound only"))
    status, body, _, _ = s.request("POST", "/api/v1/sessions/" + hid, {"action": "reveal"})
    check(status == 400, "the answer is not shown before ten tries")
    for bad in [{"game": "handle", "date": "2021-13-40"}, {"game": "handle", "date": 5}, {"game": "handle", "strict": "yes"},
                {"game": "handle", "date": "2024-02-31"}, {"game": "handle", "date": "2023-02-29"}, {"game": "handle", "date": "2024-04-31"},
                {"game": "handle", "date": "2024-01-01garbage"}, {"game": "handle", "date": "2024-1-1"}, {"game": "handle", "date": "2201-01-01"}]:
        status, body, _, _ = s.request("POST", "/api/v1/sessions", bad)
        check(status == 400 and "date" in body.get("error", "") if "date" in bad else status == 400,
              "handle options %r are a 400 (%r)" % (bad, body))
    # A leap day is a date (2022-01-01 is day 1, so 2024-02-29 is day 790); the last day of a year is too.
    for date, day in [("2024-02-29", 790), ("2024-12-31", 1096)]:
        status, body, _, _ = s.request("POST", "/api/v1/sessions", {"game": "handle", "date": date})
        check(status == 201 and body["view"]["day"] == day, "%s is day %d (%r)" % (date, day, body.get("view", {}).get("day")))

    # 24: a hand solved through the solver's own answer; a wrong value costs a try.
    status, body, _, _ = s.request("POST", "/api/v1/sessions", {"game": "24", "difficulty": "easy"})
    tid = body["id"]
    hand = body["view"]["hand"]
    status, sol, _, _ = s.request("POST", "/api/v1/24/solve", {"numbers": hand})
    check(status == 200 and sol["exact"] and sol["count"] >= 1, "the dealt hand has a solution")
    total = sum(__import__("fractions").Fraction(x) for x in hand)
    if total != 24:  # (a hand whose sum is 24 has no wrong answer this simple)
        status, body, _, _ = s.request("POST", "/api/v1/sessions/" + tid, {"action": "answer", "expression": "+".join(hand)})
        check(body["outcome"]["kind"] == "rejected" and body["outcome"]["try_used"] and body["outcome"]["value"] == str(total),
              "a sum that is not 24 is rejected with its value (%r)" % body["outcome"])
    status, body, _, _ = s.request("POST", "/api/v1/sessions/" + tid, {"action": "answer", "expression": sol["solutions"][0]})
    check(body["outcome"]["kind"] == "solved" and body["view"]["hand_number"] == 2, "the solver's answer solves the hand")
    status, body, _, _ = s.request("POST", "/api/v1/sessions/" + tid, {"action": "answer", "expression": "99+99+99+99"})
    check(body["outcome"].get("reason") == "not_this_hand" and
          body["outcome"].get("message", "").startswith("those are not this hand's numbers: use "),
          "numbers not in the hand are refused in the terminal's words (%r)" % body["outcome"])
    status, sol, _, _ = s.request("POST", "/api/v1/24/solve", {"numbers": [1, 1, 1, 1]})
    check(status == 200 and sol["count"] == 0 and not sol["exact"] and sol["reached"] is None,
          "a hand with no solution reaches nothing (%r)" % sol)
    status, sol, _, _ = s.request("POST", "/api/v1/24/solve", {"numbers": [25, 50, 75, 100, 3, 6], "target": 952,
                                                             "countdown": True})
    check(status == 200 and sol["count"] >= 1 and sol["reached"] == "952", "Countdown's 952 is reached (%r)" % sol)
    status, sol, _, _ = s.request("POST", "/api/v1/24/solve", {"numbers": ["0.5", "48"]})
    check(status == 200 and sol["solutions"] and all("0.5" in x for x in sol["solutions"]),
          "a decimal in a hand is written back as it was typed (%r)" % sol.get("solutions"))
    status, body, _, _ = s.request("POST", "/api/v1/sessions/" + tid, {"action": "answer", "expression": "1+" * 300})
    check(status == 400, "an expression over 200 characters is a 400")
    for bad in [{"numbers": []}, {"numbers": ["x"]}, {"numbers": [1, 2, 3, 4, 5, 6, 7]}, {"numbers": [1, 2], "countdown": "yes"}]:
        status, body, _, _ = s.request("POST", "/api/v1/24/solve", bad)
        check(status == 400 and body.get("error"), "24 solve %r is a 400" % bad)
    # A JSON number that is not whole, null or a list is refused with what to write instead
    # (it was "an empty number"); a target that is no number says why.
    for bad, says in [({"numbers": [3.5, 1, 1, 1]}, '"7/2"'), ({"numbers": [1e308, 1, 1, 1]}, '"7/2"'), ({"numbers": [None, 1, 1, 1]}, '"7/2"'),
                      ({"numbers": [[1], 1, 1, 1]}, '"7/2"'), ({"numbers": [1, 2, 3, 4], "target": 2.5}, '"target"'),
                      ({"numbers": [1, 2, 3, 4], "target": "1/0"}, "zero"), ({"numbers": [1, 2, 3, 4], "target": "x"}, '"target"')]:
        status, body, _, _ = s.request("POST", "/api/v1/24/solve", bad)
        check(status == 400 and says in body.get("error", "") and "empty" not in body.get("error", ""),
              "24 solve %r is a 400 saying %s (%r)" % (bad, says, body))

    # Jobs: a simulation with progress events and a result; a full queue is a 429; cancel.
    status, body, _, _ = s.request("POST", "/api/v1/jobs", {"kind": "sim", "game": "2048", "player": "greedy", "games": 50})
    check(status == 202, "a simulation is queued")
    conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=60)
    conn.request("GET", "/api/v1/jobs/%s/events" % body["id"])
    res = conn.getresponse()
    stream = res.read().decode()
    conn.close()
    check(res.getheader("Content-Type").startswith("text/event-stream") and "event: done" in stream, "the job streams to its end")
    done = json.loads(stream.split("event: done\ndata: ")[1].split("\n")[0])
    check(done["result"]["games"] == 50 and sum(done["result"]["distribution"].values()) == 50, "the result covers 50 games")
    # Cancelling a job that has ended changes nothing and says so; its result stays.
    st, b, _, _ = s.request("DELETE", "/api/v1/jobs/" + done["id"])
    check(st == 200 and b == {"cancelled": False, "state": "done"}, "a finished job is not cancelled (%r)" % b)
    st, b, _, _ = s.request("GET", "/api/v1/jobs/" + done["id"])
    check(b["state"] == "done" and b["result"]["games"] == 50, "a finished job keeps its result after a DELETE (%r)" % b["state"])
    ids = []
    codes = []
    for _ in range(7):
        st, b, _, _ = s.request("POST", "/api/v1/jobs", {"kind": "sim", "game": "2048", "player": "expectimax", "games": 50})
        codes.append(st)
        if st == 202:
            ids.append(b["id"])
    check(codes.count(429) >= 1 and codes[0] == 202, "a full job queue answers 429 (%r)" % codes)
    for jid in reversed(ids):  # the queued ones first, so that none starts meanwhile
        st, b, _, _ = s.request("DELETE", "/api/v1/jobs/" + jid)
        check(st == 200 and b["cancelled"] is True and b["state"] in ("running", "cancelled"), "a job can be cancelled (%r)" % b)
    st, b, _, _ = s.request("DELETE", "/api/v1/jobs/" + ids[-1])
    check(st == 200 and b == {"cancelled": False, "state": "cancelled"}, "a queued job cancelled twice says so the second time (%r)" % b)
    import time
    states = []
    for jid in ids:  # a running job stops at its next check of the flag
        for _ in range(100):
            st, b, _, _ = s.request("GET", "/api/v1/jobs/" + jid)
            if b["state"] == "cancelled":
                break
            time.sleep(0.1)
        states.append(b["state"])
    check(states == ["cancelled"] * len(ids), "every cancelled job says so within 10 s (%r)" % states)
    for bad in [{"kind": "tree"}, {"kind": "sim", "game": "chess"}, {"kind": "sim", "game": "wordle", "player": "x", "games": 1},
                {"kind": "sim", "game": "2048", "player": "greedy", "games": 0}, {"kind": "sim", "game": "2048", "player": "greedy", "games": 10 ** 9}]:
        st, b, _, _ = s.request("POST", "/api/v1/jobs", bad)
        check(st == 400, "job %r is a 400" % bad)
    # Watching a Wordle player: a job whose result is the game turn by turn.
    st, b, _, _ = s.request("POST", "/api/v1/jobs", {"kind": "watch", "player": "entropy", "word": "cigar"})
    check(st == 202, "a watched game is a job")
    for _ in range(1200):  # up to 2 minutes: the first guess's search is slow under ASan
        st, w, _, _ = s.request("GET", "/api/v1/jobs/" + b["id"])
        if w["state"] in ("done", "failed"):
            break
        time.sleep(0.1)
    rows = w.get("result", {}).get("rows", [])
    check(w["state"] == "done" and rows and rows[0]["guess"] == "soare" and rows[-1] == dict(rows[-1], guess="cigar", pattern="GGGGG"),
          "the entropy player opens with soare and finds cigar (%r)" % rows)
    # The same seed gives the same game as `wordle watch` (even the random player's).
    st, b, _, _ = s.request("POST", "/api/v1/jobs", {"kind": "watch", "player": "random", "word": "cigar", "seed": 7})
    for _ in range(1200):
        st, w, _, _ = s.request("GET", "/api/v1/jobs/" + b["id"])
        if w["state"] in ("done", "failed"):
            break
        time.sleep(0.1)
    cli = json.loads(subprocess.run([BINARY, "--state-dir", state, "--seed", "7", "--json", "wordle", "watch", "--word", "cigar",
                                     "--player", "random"], capture_output=True, text=True).stdout)
    check([r["guess"] for r in w.get("result", {}).get("rows", [])] == [t["guess"] for t in cli["turns"]],
          "a watched random game with seed 7 is the one `wordle watch --seed 7` shows (%r)" % w.get("result"))
    check(all(r["left_after"] <= r["left_before"] for r in rows), "each guess leaves no more answers than before")
    for bad in [{"kind": "watch", "player": "x"}, {"kind": "watch", "player": "entropy", "word": "xx"},
                {"kind": "watch", "player": "entropy", "hard": "yes"}, {"kind": "watch", "player": "entropy", "seed": -1}]:
        st, b, _, _ = s.request("POST", "/api/v1/jobs", bad)
        check(st == 400, "watch %r is a 400" % bad)
    # Watching a Handle player: the same guesses as `puzzlelab handle watch` for the same
    # answer, each character with its pinyin parts and four marks, the last all exact.
    st, b, _, _ = s.request("POST", "/api/v1/jobs", {"kind": "watch", "game": "handle", "player": "entropy", "idiom": "光阴似箭"})
    check(st == 202, "a watched Handle game is a job (%r)" % b)
    for _ in range(1200):  # up to 2 minutes: the opener's search over every idiom is slow under ASan
        st, w, _, _ = s.request("GET", "/api/v1/jobs/" + b.get("id", "0" * 32))
        if st != 200 or w["state"] in ("done", "failed"):
            break
        time.sleep(0.1)
    r = w.get("result", {})
    rows = r.get("rows", [])
    terminal = subprocess.run([BINARY, "--state-dir", state, "--color=never", "handle", "watch", "--word", "光阴似箭",
                               "--player", "entropy"], capture_output=True, text=True, timeout=300).stdout
    cli_rows = ["".join(line.split()) for line in terminal.splitlines() if re.fullmatch(r"\s*(\S\s+){3}\S\s*", line) and
                all("\u4e00" <= ch <= "\u9fff" for ch in "".join(line.split()))]
    check(w.get("state") == "done" and r.get("solved") is True and r.get("answer", {}).get("idiom") == "光阴似箭" and
          r.get("tries") == len(rows) and [x["idiom"] for x in rows] == cli_rows,
          "the Handle entropy player guesses as in the terminal (%r, %r)" % ([x.get("idiom") for x in rows], cli_rows))
    check(rows and all(len(x["chars"]) == 4 and all(set(c["marks"]) == {"char", "initial", "final", "tone"} and "initial" in c and
                                                     "final" in c and "tone" in c for c in x["chars"]) for x in rows) and
          all(m == "exact" for c in rows[-1]["chars"] for m in c["marks"].values()) and
          all(x["left_after"] <= x["left_before"] for x in rows),
          "each Handle row has four characters with pinyin and marks, the last all exact (%r)" % rows[-1:])
    st, b, _, _ = s.request("POST", "/api/v1/jobs", {"kind": "watch", "game": "handle", "player": "random", "seed": 7})
    check(st == 202, "a Handle game with a random answer is a job (%r)" % b)
    for bad in [{"kind": "watch", "game": "handle", "player": "parts"}, {"kind": "watch", "game": "handle", "player": "entropy", "idiom": "一心一意"},
                {"kind": "watch", "game": "handle", "player": "entropy", "idiom": "abcd"}, {"kind": "watch", "game": "handle", "player": "entropy", "idiom": 4},
                {"kind": "watch", "game": "handle", "player": "entropy", "seed": "7"}, {"kind": "watch", "game": "chess", "player": "entropy"}]:
        st, b, _, _ = s.request("POST", "/api/v1/jobs", bad)
        check(st == 400 and "error" in b, "watch %r is a 400 (%r)" % (bad, b))

    # The optimal player's choice in the assistant is a job: the same guess and figures as
    # `wordle assist --player optimal` (on SALET's tree, and off it: the solver for the
    # answers left, in normal and hard mode), SALET's proven 7920 at the start, the
    # assistant's 400s, a full queue's 429, and a cancel that stops the solver.
    def optimal_job(body, limit=1800):
        st, b, _, _ = s.request("POST", "/api/v1/wordle/assist/optimal", body)
        check(st == 202 and b.get("state") == "queued", "the optimal choice for %r is a job (%r)" % (body, b))
        if st != 202:
            return {}
        for _ in range(limit):  # up to 3 minutes: the opener's tree takes seconds, more under ASan
            st, j, _, _ = s.request("GET", "/api/v1/jobs/" + b["id"])
            if j["state"] in ("done", "failed", "cancelled"):
                break
            time.sleep(0.1)
        check(j["state"] == "done" and j["kind"] == "wordle-optimal", "the optimal job for %r ends done (%r)" % (body, j))
        return j.get("result", {})

    def optimal_cli(entries, hard=False):
        out = subprocess.run([BINARY, "--state-dir", state, "--json", "wordle", "assist", "--player", "optimal"] +
                             (["--hard"] if hard else []) + entries, capture_output=True, text=True, timeout=300)
        d = json.loads(out.stdout)
        return dict(d["next"], candidates=d["candidates"])

    r = optimal_job({"rows": []})
    check(r.get("guess") == "salet" and r.get("total") == 7920 and r.get("candidates") == 2315 and r.get("hard") is False and
          abs(r.get("expected_guesses", 0) - 7920 / 2315) < 1e-9 and r.get("max_guesses") == 5 and r.get("source") == "tree",
          "the optimal start is SALET, 7920 guesses over 2315 answers (%r)" % r)
    for rows, hard in [(["salet .Y..G"], False), (["crane ....G"], False), (["crane ....G"], True), (["crane .....", "tilth ....."], False)]:
        r = optimal_job({"rows": rows, "hard": hard})
        cli = optimal_cli([x.replace(" ", ":") for x in rows], hard)
        check(r.get("hard") is hard and all(r.get(k) == cli[k] for k in ["guess", "total", "max_guesses", "source", "candidates"]) and
              abs(r.get("expected_guesses", 0) - cli["expected_guesses"]) < 1e-9,
              "the page's optimal choice after %r (hard %s) is the terminal's (%r, %r)" % (rows, hard, r, cli))
    for bad in [{"rows": ["crane xx"]}, {"rows": "crane"}, {"rows": ["zzzzz ....."]}, {"rows": ["crane GGGGG", "slate ....."]},
                {"rows": ["crane ....."] * 13}, {"rows": [], "hard": 1}, {"rows": ["crane GGGGG"]}, {"rows": ["salet ....G", "crane ....."], "hard": True}]:
        st, b, _, _ = s.request("POST", "/api/v1/wordle/assist/optimal", bad)
        check(st == 400 and b.get("error"), "optimal %r is a 400 with a message (%r)" % (bad, b))
    # FUZZY ..... leaves 1352 answers: solving them takes minutes, so the job is still
    # running when it is cancelled; "cancelled" is only said once the work has returned.
    long_body = {"rows": ["fuzzy ....."]}
    st, b, _, _ = s.request("POST", "/api/v1/wordle/assist/optimal", long_body)
    check(st == 202, "a long optimal job is queued")
    long_id = b["id"]
    for _ in range(100):
        st, j, _, _ = s.request("GET", "/api/v1/jobs/" + long_id)
        if j["state"] != "queued":
            break
        time.sleep(0.1)
    check(j["state"] == "running", "the long optimal job runs (%r)" % j["state"])
    codes, queued = [], []
    for _ in range(6):
        st, b, _, _ = s.request("POST", "/api/v1/wordle/assist/optimal", long_body)
        codes.append(st)
        if st == 202:
            queued.append(b["id"])
    check(codes[0] == 202 and codes.count(429) >= 1, "optimal jobs beyond the queue's room are 429s (%r)" % codes)
    for jid in [long_id] + queued:
        st, _, _, _ = s.request("DELETE", "/api/v1/jobs/" + jid)
        check(st == 200, "an optimal job can be cancelled")
    started = time.time()
    for _ in range(100):
        st, j, _, _ = s.request("GET", "/api/v1/jobs/" + long_id)
        if j["state"] != "running":
            break
        time.sleep(0.1)
    check(j["state"] == "cancelled", "the running optimal job stops within 10 s of its cancel (%r after %.1f s)" % (j["state"], time.time() - started))
    r = optimal_job({"rows": ["salet .Y..G"]}, limit=100)
    check(r.get("guess") == optimal_cli(["salet:.Y..G"])["guess"], "the worker is free again after the cancel (%r)" % r)

    # The 2048 AI playing on is a job: its moves reach the session, and cancelling stops it.
    st, b, _, _ = s.request("POST", "/api/v1/sessions", {"game": "2048"})
    aid = b["id"]
    st, b, _, _ = s.request("POST", "/api/v1/sessions/%s/ai" % aid, {"level": "fast", "delay_ms": 0})
    check(st == 202, "the AI starts as a job")
    job = b["id"]
    for _ in range(100):
        st, view, _, _ = s.request("GET", "/api/v1/sessions/" + aid)
        if view["view"]["moves"] >= 20:
            break
        time.sleep(0.1)
    check(view["view"]["moves"] >= 20 and view["view"]["assisted"], "the AI's moves reach the session (%d)" % view["view"]["moves"])
    s.request("DELETE", "/api/v1/jobs/" + job)
    time.sleep(0.5)
    m1 = s.request("GET", "/api/v1/sessions/" + aid)[1]["view"]["moves"]
    time.sleep(0.5)
    m2 = s.request("GET", "/api/v1/sessions/" + aid)[1]["view"]["moves"]
    check(m1 == m2, "a cancelled AI stops moving (%d, %d)" % (m1, m2))
    for bad in [{"level": "strong"}, {"delay_ms": -1}, {"delay_ms": 99999}]:
        st, b, _, _ = s.request("POST", "/api/v1/sessions/%s/ai" % aid, bad)
        check(st == 400, "AI options %r are a 400" % bad)
    st, b, _, _ = s.request("POST", "/api/v1/sessions/%s/ai" % ("0" * 32), {})
    check(st == 404, "the AI of an unknown session is a 404")
    # A finished game takes no AI job (it took a place in the queue and stopped at once).
    st, b, _, _ = s.request("POST", "/api/v1/sessions", {"game": "2048", "size": 3})
    over_id = b["id"]
    for _ in range(3000):  # a 3x3 game ends within a few hundred moves
        st, b, _, _ = s.request("POST", "/api/v1/sessions/" + over_id, {"action": "ai"})
        if st != 200 or b["finished"]:
            break
    check(st == 200 and b["finished"], "the AI ends a 3x3 game (%s)" % st)
    st, b, _, _ = s.request("POST", "/api/v1/sessions/%s/ai" % over_id, {"level": "fast"})
    check(st == 409 and "over" in b.get("error", ""), "the AI of a finished game is a 409 (%s %r)" % (st, b))
    st, b, _, _ = s.request("POST", "/api/v1/sessions/%s/ai" % wid, {})
    check(st == 400, "the AI plays 2048 only")

    st, b, _, _ = s.request("GET", "/api/v1/jobs/" + "0" * 32 + "/events")
    check(st == 404, "events of an unknown job are a 404")

    # Each event stream holds a request thread while its job runs: 20 streams to one long
    # job get 16 (a quarter of the 64 threads) and 429s beyond, and the server still
    # answers at once. Closing the streams frees their places (and cancels the job).
    st, b, _, _ = s.request("POST", "/api/v1/jobs", {"kind": "sim", "game": "2048", "player": "expectimax", "games": 50})
    check(st == 202, "a long job for the streams")
    long_job = b["id"]
    streams = []
    for _ in range(20):
        sock = socket.create_connection(("127.0.0.1", s.port), timeout=30)
        sock.sendall(("GET /api/v1/jobs/%s/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % long_job).encode())
        streams.append(sock)
    # A HEAD request (a link checker, a prefetch) gets the headers and leaves the job running.
    st, _, res, _ = s.request("HEAD", "/api/v1/jobs/%s/events" % long_job)
    check(st == 200 and res.getheader("Content-Type", "").startswith("text/event-stream"), "HEAD of an event stream is a 200")
    time.sleep(0.3)
    st, j, _, _ = s.request("GET", "/api/v1/jobs/" + long_job)
    check(j["state"] in ("queued", "running"), "HEAD of an event stream does not cancel its job (%r)" % j["state"])
    stream_codes = []
    for sock in streams:
        head = sock.recv(64).split(b" ")
        stream_codes.append(int(head[1]) if len(head) > 1 else 0)
    check(stream_codes.count(200) == 16 and stream_codes.count(429) == 4, "16 event streams at most (%r)" % stream_codes)
    started = time.time()
    st, _, _, _ = s.request("GET", "/api/v1/health")
    check(st == 200 and time.time() - started < 2, "the server answers beside 16 streams (%.1f s)" % (time.time() - started))
    for sock in streams:
        sock.close()
    for _ in range(50):
        st, j, _, _ = s.request("GET", "/api/v1/jobs/" + long_job)
        if j["state"] == "cancelled":
            break
        time.sleep(0.1)
    check(j["state"] == "cancelled", "closing the streams cancels the job (%r)" % j["state"])
    st, b, _, _ = s.request("POST", "/api/v1/jobs", {"kind": "sim", "game": "2048", "player": "random", "games": 5})
    conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=60)
    conn.request("GET", "/api/v1/jobs/%s/events" % b["id"])
    res = conn.getresponse()
    check(res.status == 200 and "event: done" in res.read().decode(), "a stream opens again once the others are closed")
    conn.close()

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

    # Without a store (the state folder is a file), the browser's games are kept in
    # memory, at most 1,000, and the least recently played goes first: here the second
    # game made, not the first one (played again since) nor the one of the smallest id.
    blocked = os.path.join(state, "a-file")
    open(blocked, "w").close()
    m = Server(blocked)
    ids = []
    for i in range(1000):
        st, b, _, _ = m.request("POST", "/api/v1/sessions", {"game": "2048", "seed": i + 1})
        if st != 201:
            check(False, "memory-only: session %d made (%d)" % (i, st))
            break
        ids.append(b["id"])
    if len(ids) == 1000:
        for move in ("left", "right", "up", "down"):
            st, _, _, _ = m.request("POST", "/api/v1/sessions/" + ids[0], {"action": "move", "move": move})
            check(st in (200, 409), "memory-only: the first game plays (%d)" % st)
        smallest = min(ids[2:])
        st, _, _, _ = m.request("POST", "/api/v1/sessions", {"game": "2048", "seed": 5000})
        check(st == 201, "memory-only: the 1,001st game is made (%d)" % st)
        check(m.request("GET", "/api/v1/sessions/" + ids[0])[0] == 200, "memory-only: the game played last is kept")
        check(m.request("GET", "/api/v1/sessions/" + ids[1])[0] == 404,
              "memory-only: the least recently played game is the one let go")
        check(m.request("GET", "/api/v1/sessions/" + smallest)[0] == 200,
              "memory-only: the game of the smallest id is kept")
    m.stop(signal.SIGINT)

    if FAILURES:
        print("%d checks failed" % len(FAILURES), file=sys.stderr)
        return 1
    print("all API checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
