// `puzzlelab 2048 ...`: the commands of this game (being built; see its issue).
#include "app/commands.h"
#include "app/sim_report.h"

namespace puzzlelab::app {

void add_game2048_commands(CLI::App& root, Context& ctx) {
  auto* game = root.add_subcommand("2048", "2048: the sliding-tile game, its AI and simulation");
  (void)game;
  (void)ctx;
}

std::vector<BenchPart> game2048_bench_parts() { return {}; }

std::vector<SimExtraLine> game2048_sim_extra_lines(const core::SimSummary&) { return {}; }

}  // namespace puzzlelab::app
