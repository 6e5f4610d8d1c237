#pragma once
// The rules of the original game (docs/rules/2048.md, from gabrielecirulli/2048):
// two starting tiles; after every move that changes the board one tile spawns in a
// uniformly random empty cell, by the spawn law of game2048/spawn.h; the score grows
// by each merged tile's value; a merge creating exactly 2048 wins and the game waits
// for "keep going"; the game is over when no move changes the board.
//
// A 4×4 game runs on the bitboard tables while every tile fits a nibble and switches
// to the exact grid when a move would merge two 32768 tiles (or a restored board
// already holds 65536 or more). Other sizes always use the grid.
#include <cstdint>
#include <optional>

#include "core/result.h"
#include "core/rng.h"
#include "game2048/board.h"
#include "game2048/grid.h"
#include "game2048/move_tables.h"

namespace puzzlelab::game2048 {

enum class Status {
  Playing,
  Won,   // a merge made 2048; no moves until keep_going() (js/game_manager.js:23-32)
  Over,  // no move changes the board (shown instead of "won" when both hold)
};

// Everything that defines a position: enough to undo to it or to save it.
struct Snapshot {
  Grid grid;
  std::int64_t score = 0;
  std::int64_t moves = 0;
  bool won = false;
  bool keep_playing = false;
  core::Rng::State rng{};
  friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

struct Step {
  bool moved = false;
  std::int64_t gained = 0;
  bool won_now = false;    // this move's merge made 2048 and the game now waits
  int spawn_cell = -1;     // row-major index of the new tile, -1 when none
  int spawn_exponent = 0;  // 1 (tile 2) or 2 (tile 4)
};

// One move on a board without any spawn, exact for every tile: the tables when the
// board fits them, the grid otherwise (the `move` command and the test vectors).
struct MoveResult {
  Grid after;
  std::int64_t score = 0;
  bool moved = false;
  bool wins = false;  // a merge created exactly 2048
};
MoveResult exact_move(const MoveTables& tables, const Grid& before, Move m);
// exact_move, refusing a result that holds a tile no size×size board can (above
// 2^(size²+1): two 131072 tiles merging on 4×4). Such a board is refused as input, so it
// is not given back either: every board this returns is one the game accepts again.
core::Result<MoveResult> checked_move(const MoveTables& tables, const Grid& before, Move m);

class Game {
 public:
  // A new game: two tiles drawn like spawns (js/game_manager.js:62-66).
  static Game start(const MoveTables& tables, int size, core::Rng rng);
  // A position from a save or the undo history; the error says what is wrong.
  static core::Result<Game> restore(const MoveTables& tables, const Snapshot& s);

  // A move worked out on the current position but not played yet: what a player
  // looks at before choosing. play(preview) then needs no second slide.
  struct Preview {
    Move move = Move::Up;
    bool moved = false;
    std::int64_t gained = 0;
    bool wins = false;  // a merge creates exactly 2048
    int empty_after = 0;

   private:
    friend class Game;
    Board from = 0;      // the position it was computed on (checked by play)
    Board next = 0;      // the bitboard after the move, when exact is false
    bool exact = false;  // the exact grid path plays it (play() slides it again there)
  };
  [[nodiscard]] Preview preview(Move m) const;

  // The move, then a spawn when it changed the board. Nothing happens when the game
  // does not accept moves (won and waiting, or over) or the move changes nothing.
  Step play(Move m) { return play(preview(m)); }
  // Plays a preview of the current position (from preview() on this position).
  Step play(const Preview& p);
  [[nodiscard]] bool can_move(Move m) const { return preview(m).moved; }
  [[nodiscard]] bool accepting_moves() const { return status() == Status::Playing; }
  // After a win: keep playing; later 2048s no longer stop the game.
  void keep_going();

  [[nodiscard]] Status status() const;
  [[nodiscard]] int size() const { return size_; }
  [[nodiscard]] int exponent(int r, int c) const;
  [[nodiscard]] int max_exponent() const;
  [[nodiscard]] int count_empty() const;
  [[nodiscard]] std::int64_t score() const { return score_; }
  [[nodiscard]] std::int64_t moves() const { return moves_; }
  [[nodiscard]] bool won() const { return won_; }
  [[nodiscard]] bool keep_playing() const { return keep_playing_; }
  [[nodiscard]] bool over() const { return over_; }
  [[nodiscard]] Grid grid() const;
  // The bitboard of a 4×4 game whose tiles all fit a nibble (what the AI searches).
  [[nodiscard]] std::optional<Board> bitboard() const;
  [[nodiscard]] Snapshot snapshot() const;
  [[nodiscard]] const core::Rng& rng() const { return rng_; }
  [[nodiscard]] const MoveTables& tables() const { return *tables_; }

 private:
  Game(const MoveTables& tables, int size, core::Rng rng);
  // Places one tile as the rules say; returns its cell (-1 if the board is full).
  int spawn(int& exponent);
  void update_over();

  const MoveTables* tables_;
  int size_;
  bool fast_ = true;  // the bitboard holds the position (4×4, no tile above 32768)
  Board board_ = 0;
  Grid grid_;
  std::int64_t score_ = 0;
  std::int64_t moves_ = 0;
  bool won_ = false;
  bool keep_playing_ = false;
  bool over_ = false;
  core::Rng rng_;
};

}  // namespace puzzlelab::game2048
