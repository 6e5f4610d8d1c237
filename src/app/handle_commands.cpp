// `puzzlelab handle ...`: the commands of this game (being built; see its issue).
#include "app/commands.h"
#include "app/sim_report.h"

namespace puzzlelab::app {

void add_handle_commands(CLI::App& root, Context& ctx) {
  auto* game = root.add_subcommand("handle", "汉兜 Handle: the Chinese-idiom Wordle with pinyin feedback");
  (void)game;
  (void)ctx;
}

std::vector<BenchPart> handle_bench_parts() { return {}; }

std::vector<SimExtraLine> handle_sim_extra_lines(const core::SimSummary&) { return {}; }

}  // namespace puzzlelab::app
