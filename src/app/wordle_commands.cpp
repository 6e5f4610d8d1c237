// `puzzlelab wordle ...`: the commands of this game (being built; see its issue).
#include "app/commands.h"
#include "app/sim_report.h"

namespace puzzlelab::app {

void add_wordle_commands(CLI::App& root, Context& ctx) {
  auto* game = root.add_subcommand("wordle", "Wordle: the NYT word game, AI players, assistant, simulation");
  (void)game;
  (void)ctx;
}

std::vector<BenchPart> wordle_bench_parts() { return {}; }

std::vector<SimExtraLine> wordle_sim_extra_lines(const core::SimSummary&) { return {}; }

}  // namespace puzzlelab::app
