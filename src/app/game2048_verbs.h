#pragma once
// The `puzzlelab 2048` verbs, one file each (game2048_play.cpp, game2048_move.cpp,
// game2048_hint.cpp, game2048_watch.cpp, game2048_train.cpp, game2048_sim.cpp),
// registered by game2048_commands.cpp; and the AI's options, which hint, ai and sim
// share.
#include <optional>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "app/context.h"
#include "core/result.h"
#include "game2048/search.h"

namespace puzzlelab::app {

// Each adds its verb under `puzzlelab 2048`.
void add_game2048_play(CLI::App* game, Context& ctx);
void add_game2048_move(CLI::App* game, Context& ctx);
void add_game2048_hint(CLI::App* game, Context& ctx);
void add_game2048_watch(CLI::App* game, Context& ctx);
void add_game2048_train(CLI::App* game, Context& ctx);
void add_game2048_sim(CLI::App* game, Context& ctx);

// The AI's options, as typed by the user.
struct Game2048AiOptions {
  std::string level = "normal";
  std::optional<int> depth;
  std::optional<double> ms_per_move;
  bool no_lookup = false;
  std::optional<std::string> network;
};

void add_game2048_ai_options(CLI::App* cmd, Game2048AiOptions& o);

// The settings, with the --network file loaded (an error says what is wrong with it).
core::Result<game2048::AiSettings> game2048_ai_settings(const Game2048AiOptions& o, unsigned threads);

// The options as a simulation's configuration (part of its fingerprint).
nlohmann::json game2048_ai_config(const Game2048AiOptions& o);

}  // namespace puzzlelab::app
