// `puzzlelab 24 ...`: the commands of this game (being built; see its issue).
#include "app/commands.h"
#include "app/sim_report.h"

namespace puzzlelab::app {

void add_game24_commands(CLI::App& root, Context& ctx) {
  auto* game = root.add_subcommand("24", "The 24-point game: exact solver, play, statistics");
  (void)game;
  (void)ctx;
}

std::vector<BenchPart> game24_bench_parts() { return {}; }

}  // namespace puzzlelab::app
