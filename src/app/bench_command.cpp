// `puzzlelab bench`, Stockfish's convention: a fixed workload over every game, each
// part's figure, and a combined signature. A change that moves the signature changes
// behaviour, and updates tests/bench.signature in the same commit.
#include <chrono>

#include <fmt/format.h>

#include "app/commands.h"
#include "core/rng.h"
#include "core/sim.h"

namespace puzzlelab::app {

std::vector<BenchPart> core_bench_parts() {
  // The harness itself: 200,000 synthetic games (a random walk to a bound) reduced
  // through the parallel runner. Its figure mixes every per-game result in index
  // order, so it also proves the thread count does not change results.
  return {{"core: harness", [](const Context& ctx) {
             core::SimSpec spec;
             spec.game = "bench";
             spec.player = "walk";
             spec.seed = 2048;
             spec.games = 200000;
             spec.metrics = {"steps"};
             std::uint64_t figure = 0;
             core::SimHooks hooks;
             hooks.on_game = [&figure](std::uint64_t index, const core::GameResult& r) {
               std::uint64_t s = figure ^ (index * 0x9e3779b97f4a7c15ULL) ^ static_cast<std::uint64_t>(r.primary);
               figure = core::splitmix64(s);
             };
             core::run_simulation(
                 spec, ctx.threads(),
                 [](std::uint64_t, core::Rng& rng) {
                   std::int64_t pos = 0;
                   std::int64_t steps = 0;
                   while (pos > -8 && pos < 8) {
                     pos += rng.chance(1, 2) ? 1 : -1;
                     ++steps;
                   }
                   core::GameResult r;
                   r.win = pos > 0;
                   r.primary = steps;
                   r.metrics = {steps};
                   return r;
                 },
                 hooks);
             return figure % 1000000007ULL;
           }}};
}

void add_bench_command(CLI::App& root, Context& ctx) {
  auto* cmd = root.add_subcommand("bench", "Run a fixed workload over every game and print its signature");
  cmd->footer(R"(Each part prints its figure; "Signature:" combines them. The same build gives the
same signature for any --threads; the time goes to stderr.

Examples:
  puzzlelab bench
  puzzlelab bench --threads 1)");
  ctx.no_json(cmd);
  ctx.on_run(cmd, [&ctx] {
    std::vector<BenchPart> parts = core_bench_parts();
    for (auto&& group : {wordle_bench_parts(), handle_bench_parts(), game24_bench_parts(), game2048_bench_parts()}) {
      parts.insert(parts.end(), group.begin(), group.end());
    }
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t signature = 0xcbf29ce484222325ULL;
    for (const auto& part : parts) {
      const auto t0 = std::chrono::steady_clock::now();
      const std::uint64_t figure = part.run(ctx);
      const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      ctx.out << fmt::format("{:<28} {}\n", part.name, figure);
      if (!ctx.opts.quiet) ctx.err << fmt::format("  ({} took {:.3f} s)\n", part.name, secs);
      for (const char c : fmt::format("{}={};", part.name, figure)) {
        signature ^= static_cast<unsigned char>(c);
        signature *= 0x100000001b3ULL;
      }
      if (ctx.cancelled()) return;
    }
    // A short decimal signature, easy to compare by eye.
    ctx.out << fmt::format("Signature: {}\n", signature % 10000000000ULL);
    const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ctx.err << fmt::format("Total time: {:.3f} s ({} threads)\n", total, ctx.threads());
  });
}

}  // namespace puzzlelab::app
