#pragma once
// Simple players for simulations, and the loop that plays one game to its end for the
// `sim` verb: the player picks a move, the game applies it and spawns, until no move
// is left (or the chosen tile is reached). A win does not stop a simulated game: it
// keeps going, as the original lets a player.
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>

#include "core/rng.h"
#include "core/sim.h"
#include "game2048/game.h"
#include "game2048/search.h"

namespace puzzlelab::game2048 {

// Uniformly random among the moves that change the board.
std::optional<Game::Preview> random_move(const Game& g, core::Rng& rng);
// The move scoring most right now; ties go to the one leaving most empty cells, then
// to the first in the order left, down, right, up.
std::optional<Game::Preview> greedy_move(const Game& g);

// The AI's move for a game: the bitboard search (the grid when a tile is above 32768,
// which the AI sees as 32768; see game2048/search.h), checked against the exact rules;
// when the AI's move is not legal, the first legal one. `stats` adds the search's
// figures and `depth` receives its depth, when given.
std::optional<Game::Preview> ai_move(Ai& ai, const Game& g, SearchStats* stats = nullptr, int* depth = nullptr);

struct PlayedGame {
  int max_exponent = 0;
  std::int64_t score = 0;
  std::int64_t moves = 0;
  bool reached_2048 = false;
  bool cut_short = false;  // stopped by `cancel` before the game ended: not a result
  Grid final_grid;         // the board when play stopped
};

// A player: the chosen move as a preview of the current position (nullopt: none).
using Chooser = std::function<std::optional<Game::Preview>(const Game&)>;

// One move of a player playing on its own (a simulated game, the watched AI): a won
// game is kept going first (the player plays for the largest tile, as the original lets
// a player), then the chooser's move is played. False when the chooser gives no move or
// its move changes nothing: the game cannot go on.
bool play_on(Game& game, const Chooser& choose);

// Plays until the game is over, the chooser gives no move, the largest tile reaches
// stop_at_exponent (when set) or `cancel` becomes true.
PlayedGame play_to_end(Game game, const Chooser& choose, std::optional<int> stop_at_exponent = std::nullopt,
                       const std::atomic<bool>* cancel = nullptr);

// A played game as one result of a simulation (core::run_simulation), as every front-end's
// `sim` reports it: the largest tile is the figure, then score and moves; reaching 2048 is
// a win; a game stopped before its end is not finished.
core::GameResult sim_result(const PlayedGame& pg);

}  // namespace puzzlelab::game2048
