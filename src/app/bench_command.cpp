// `puzzlelab bench`, Stockfish's convention: a fixed workload over every game, each
// part's figure, and a combined signature. A change that moves the signature changes
// behaviour, and updates tests/bench.signature in the same commit.
#include <chrono>

#include <fmt/format.h>

#include "app/commands.h"
#include "core/bench.h"
#include "game2048/bench.h"
#include "game24/bench.h"
#include "handle/bench.h"
#include "wordle/bench.h"

namespace puzzlelab::app {

void add_bench_command(CLI::App& root, Context& ctx) {
  auto* cmd = root.add_subcommand("bench", "Run a fixed workload over every game and print its signature");
  cmd->footer(R"(Each part prints its figure; "Signature:" combines them. The same build gives the
same signature for any --threads; the time goes to stderr.

Examples:
  puzzlelab bench
  puzzlelab bench --threads 1)");
  ctx.no_json(cmd);
  ctx.on_run(cmd, [&ctx] {
    std::vector<core::BenchWorkload> parts = core::bench_workloads();
    for (auto&& group : {wordle::bench_workloads(), handle::bench_workloads(), game24::bench_workloads(),
                         game2048::bench_workloads()}) {
      parts.insert(parts.end(), group.begin(), group.end());
    }
    const core::DataSource data = ctx.data();
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t signature = 0xcbf29ce484222325ULL;
    for (const auto& part : parts) {
      const auto t0 = std::chrono::steady_clock::now();
      const std::uint64_t figure = part.run(data, ctx.threads());
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
