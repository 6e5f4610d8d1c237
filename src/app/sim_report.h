#pragma once
// The `sim` verb shared by every game: common options, running through the core
// harness with a progress meter, and the report (text, --json, --jsonl, shard files).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/commands.h"
#include "app/context.h"
#include "core/sim.h"

namespace puzzlelab::app {

struct SimCliOptions {
  std::string games;                 // "N" or "all"; default set by the game
  std::optional<std::string> shard;  // "K/N"
  std::optional<std::string> out;    // write the result document to this file
  bool jsonl = false;
  std::optional<std::string> resume;  // an earlier run's --jsonl log: its games are not played again
};

// Adds --games, --shard, --out, --jsonl and --resume to a game's sim command, and marks
// it as one whose games MPI ranks share (puzzlelab-mpi).
void add_sim_options(Context& ctx, CLI::App* cmd, SimCliOptions& options, const std::string& default_games);

// "all" -> all_count (when the game has a natural "every secret" set), else a
// positive whole number.
core::Result<std::uint64_t> parse_games(const std::string& text, std::optional<std::uint64_t> all_count);

// Runs the simulation and prints the result as the options ask. Sets ctx.exit_code
// (130 when interrupted; the partial summary is still printed). `group`, optional: the
// key of each game for sharing games among MPI ranks (core::SimHooks::group).
void run_sim_command(Context& ctx, core::SimSpec spec, const core::PlayFn& play, const SimCliOptions& options,
                     std::function<std::uint64_t(std::uint64_t index)> group = {});

// The text summary; game-specific lines come from sim_extra_lines().
std::string render_sim_summary(const core::SimSummary& summary, bool color);

// Game-specific summary lines, derived from the summary alone (so `merge` prints
// them too). Each game defines its own function; this dispatches on spec.game.
std::vector<SimExtraLine> sim_extra_lines(const core::SimSummary& summary);
std::vector<SimExtraLine> wordle_sim_extra_lines(const core::SimSummary& summary);
std::vector<SimExtraLine> handle_sim_extra_lines(const core::SimSummary& summary);
std::vector<SimExtraLine> game2048_sim_extra_lines(const core::SimSummary& summary);

// Each game's checks of figures read back from files (see core::GameCheck): the
// game's own library knows what its games can produce. Dispatch on the game's name;
// a game without checks gets none beyond core's.
core::GameCheck sim_game_check(const std::string& game);
std::optional<std::string> check_sim_summary(const core::SimSummary& summary);

// A horizontal bar chart of a distribution (grouped into ranges when it has many values).
std::string render_distribution(const core::Stats& stats, int bar_width, bool color);

}  // namespace puzzlelab::app
