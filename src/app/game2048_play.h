#pragma once
// `puzzlelab 2048 play` and `puzzlelab 2048 ai`: the full-screen views on a terminal
// and the line-by-line forms for pipes.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/context.h"
#include "app/game2048_view.h"
#include "core/terminal.h"
#include "game2048/game.h"
#include "game2048/move_tables.h"
#include "game2048/search.h"

namespace puzzlelab::app {

struct Game2048PlayOptions {
  int size = 4;
  bool fresh = false;  // --new: do not offer the saved game
  // The AI behind the `i` key / `hint` line; none: hints are not available.
  std::optional<game2048::AiSettings> hint;
};

void run_game2048_play(Context& ctx, const game2048::MoveTables& tables, const Game2048PlayOptions& options);

// What the watch view needs from the AI: a move for a position plus the figures to
// show (depth searched, nodes).
struct Game2048AiChoice {
  std::optional<game2048::Game::Preview> move;
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

game2048_view::Style game2048_screen_style(const Context& ctx);
void draw_game2048_screen(core::RawTerminal& term, const game2048_view::Screen& screen,
                          const game2048_view::Style& style);

}  // namespace puzzlelab::app
