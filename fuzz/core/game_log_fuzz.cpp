// Fuzz: reading a sim's --jsonl log for --resume, and running the resumed games
// through the harness (they must enter the summary without playing anything).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/sim.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace puzzlelab::core;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  SimSpec spec;
  spec.game = "2048";
  spec.player = "expectimax";
  spec.seed = 1;
  spec.games = 20;
  spec.primary = "max_tile";
  spec.metrics = {"score", "moves", "nodes"};
  spec.config = {{"level", "strong"}, {"size", 4}};
  for (const std::uint64_t shards : {1u, 3u}) {
    spec.shard = Shard{0, shards};
    auto log = parse_game_log(text, spec);
    if (!log) continue;
    for (const auto& [index, r] : log->games) (void)game_log_line(spec, run_fingerprint(spec), index, r).dump();
    SimHooks hooks;
    hooks.resumed = &log->games;
    spec.games = log->games.empty() ? 1 : log->games.rbegin()->first + 1;  // only resumed games, and one more
    const SimSummary s = run_simulation(
        spec, 1, [](std::uint64_t, Rng&) { return GameResult{}; }, hooks);
    if (s.resumed != log->games.size()) __builtin_trap();
    (void)s.to_json(true).dump();
    spec.games = 20;
  }
  return 0;
}
