#pragma once
// The command tree: each game registers its verbs from its own file.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/context.h"

namespace puzzlelab::app {

void add_wordle_commands(CLI::App& root, Context& ctx);
void add_handle_commands(CLI::App& root, Context& ctx);
void add_game24_commands(CLI::App& root, Context& ctx);
void add_game2048_commands(CLI::App& root, Context& ctx);
void add_merge_command(CLI::App& root, Context& ctx);
void add_bench_command(CLI::App& root, Context& ctx);
void add_stats_command(CLI::App& root, Context& ctx);
void add_serve_command(CLI::App& root, Context& ctx);
void add_completion_command(CLI::App& root, Context& ctx);
void add_man_command(CLI::App& root, Context& ctx);


// Extra summary lines a game adds to `sim` output (also used by `merge`, which only
// knows the game's name from the shard files).
struct SimExtraLine {
  std::string label;
  std::string value;
};

}  // namespace puzzlelab::app
