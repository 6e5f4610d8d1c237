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

// A check for an option holding a real number: a finite number from lo to hi. CLI11's
// Range lets NaN through (every comparison with it is false) and words its refusal
// "0.100000 to 600000.000000"; this refuses nan and inf and names the range as written.
CLI::Validator number_in(double lo, double hi);

// Extra summary lines a game adds to `sim` output (also used by `merge`, which only
// knows the game's name from the shard files).
struct SimExtraLine {
  std::string label;
  std::string value;
};

}  // namespace puzzlelab::app
