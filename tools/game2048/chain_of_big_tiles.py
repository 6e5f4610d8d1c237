#!/usr/bin/env python3
"""chain_of_big_tiles.py — where a 2048 game's big tiles stopped being a chain.

    tools/game2048/chain_of_big_tiles.py < game.jsonl

Reads `puzzlelab 2048 sim --jsonl` lines (each game's final board is its
"detail": {"board": ...}) and prints, per game, its index, top tile, score, final
board (rows separated by /) and the chain of its big tiles: the top tile, then
each half of the last one while that half is on the board next to it; "xT" marks
the first tile T that is on the board but not next to its double (the chain is
broken there). A snake ends with its whole chain; a game lost with "16384 8192
x4096" had its 4096 away from the 8192.
"""
import json
import sys


def chain(cells):
    where = {}
    for i, v in enumerate(cells):
        if v:
            where.setdefault(v, []).append(i)
    v = max(cells)
    path = [str(v)]
    while v // 2 in where and v // 2 >= 2:
        here = where[v][0]
        if not any(abs(here // 4 - o // 4) + abs(here % 4 - o % 4) == 1 for o in where[v // 2]):
            path.append(f"x{v // 2}")
            break
        v //= 2
        path.append(str(v))
    return " ".join(path)


def main():
    for n, line in enumerate(sys.stdin, 1):
        line = line.strip()
        if not line:
            continue
        try:
            game = json.loads(line)
            cells = [int(x) for x in game["detail"]["board"].split()]
        except (ValueError, KeyError, TypeError) as e:
            sys.exit(f"chain_of_big_tiles.py: line {n}: not a game line with a final board ({e})")
        if len(cells) != 16:
            sys.exit(f"chain_of_big_tiles.py: line {n}: a board has 16 cells, not {len(cells)}")
        rows = " / ".join(" ".join(f"{x:5d}" for x in cells[r * 4 : r * 4 + 4]) for r in range(4))
        print(f"{game['index']:3d} {game['max_tile']:6d} {game['score']:7d}  {rows}  | {chain(cells)}")


if __name__ == "__main__":
    main()
