#pragma once
// `puzzlelab 2048 play` and `puzzlelab 2048 ai`: the full-screen views on a terminal
// and the line-by-line forms for pipes.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/context.h"
#include "game2048/game.h"
#include "game2048/move_tables.h"

namespace puzzlelab::app {

// Lines describing the AI's advice for a position (empty: no advice for it).
using Game2048Hint = std::function<std::vector<std::string>(const game2048::Game&)>;

struct Game2048PlayOptions {
  int size = 4;
  bool fresh = false;  // --new: do not offer the saved game
  Game2048Hint hint;   // for the `i` key / `hint` line
};

void run_game2048_play(Context& ctx, const game2048::MoveTables& tables, const Game2048PlayOptions& options);

// What the watch view needs from the AI: a move for a position plus the figures to
// show (depth searched, nodes).
struct Game2048AiChoice {
  std::optional<game2048::Move> move;
  int depth = 0;
  std::uint64_t nodes = 0;
};
using Game2048AiPlayer = std::function<Game2048AiChoice(const game2048::Game&)>;

struct Game2048WatchOptions {
  double speed = 0;  // moves per second; 0 = as fast as the AI goes
  std::string level;
  Game2048AiPlayer player;
};

void run_game2048_watch(Context& ctx, const game2048::MoveTables& tables, const Game2048WatchOptions& options);

}  // namespace puzzlelab::app
