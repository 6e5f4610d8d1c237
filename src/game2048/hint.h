#pragma once
// The AI's advice for a position, for any front-end: for each move whether the exact
// rules allow it and the AI's expected value, the best move, and the advice in plain
// words. `2048 hint`, the `hint` of `2048 play` and the browser all use it.
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game2048/grid.h"
#include "game2048/move_tables.h"
#include "game2048/search.h"

namespace puzzlelab::game2048 {

struct MoveAdvice {
  bool legal = false;  // the move changes the board (the exact rules, every tile)
  // The AI's expected value after the move (larger is better; the heuristic's scale,
  // not the game score); set exactly when the move is legal.
  std::optional<float> value;
  // How the move compares, in a few words: "the best move", "about as good",
  // "a little worse", "worse", "much worse" or "changes nothing".
  std::string rating;
  // The advice for this move in plain words, e.g. "left: the best move",
  // "up: a little worse than the best", "down: changes nothing".
  std::string words;
};

struct Hint {
  std::optional<Move> best;           // nullopt: no move changes the board
  std::array<MoveAdvice, 4> moves{};  // by Move
  int depth = 0;
  SearchStats stats;
  std::optional<AiChoice::Endgame> endgame;  // the endgame lookup chose the move

  [[nodiscard]] const MoveAdvice& advice(Move m) const { return moves[static_cast<std::size_t>(m)]; }
};

// Why a board given for a hint is no position to advise on, or nullopt: a board without
// tiles is no position of the game (it starts with two tiles), not a lost one.
std::optional<std::string> hint_board_problem(const Grid& g);

// Searches the position with these settings. Only moves the exact rules allow are
// legal (the AI's view caps tiles at 32768; a move legal only by merging two 32768s
// gets the value 0).
Hint compute_hint(const MoveTables& tables, const Grid& g, const AiSettings& settings);
// The same with an AI already made (its settings; `tables` are the ones it was made with).
Hint compute_hint(const MoveTables& tables, Ai& ai, const Grid& g);

// The legal moves with their values, best first (ties keep the order of kMoves).
std::vector<std::pair<Move, float>> ranked_moves(const Hint& h);

// Why the best move is not the search's: the endgame lookup's odds (needs h.endgame).
std::string endgame_line(const Hint& h);

// The advice as the play screen shows it, in the words the browser shows (no search
// values: their scale means nothing to a player): the best move and how far the AI
// looked, then how the other moves compare ("up: about as good · down: much worse").
std::vector<std::string> hint_lines(const Hint& h);

}  // namespace puzzlelab::game2048
