// `puzzlelab 2048 train`: self-play training of the learned evaluation (game2048/ntuple.h).
#include <fmt/format.h>

#include <bit>
#include <memory>

#include "app/commands.h"
#include "app/game2048_verbs.h"
#include "game2048/ntuple.h"
#include "game2048/train_run.h"

namespace puzzlelab::app {

namespace {

struct TrainOptions {
  std::uint64_t games = 100000;
  float alpha = 0.1f;
  std::string out;
  std::optional<std::string> from;
  std::vector<int> stages;  // tile values at which the later stages begin
  std::uint64_t report_every = 10000;
  std::optional<std::string> starts;
  std::uint64_t save_every = 0;
  double restart_share = 0;
  int restart_from = 8192;
  bool coherence = false;
  int lookahead_from = 0;
};

void run_train(Context& ctx, const TrainOptions& o) {
  const game2048::MoveTables tables;
  game2048::TrainRunFailure failure = game2048::TrainRunFailure::File;
  auto run = game2048::TrainRun::open(tables,
                                      {.out = o.out,
                                       .from = o.from,
                                       .stages = o.stages,
                                       .starts = o.starts,
                                       .coherence = o.coherence,
                                       .save_every = o.save_every},
                                      &failure);
  if (!run)
    return ctx.fail(run.error().message, failure == game2048::TrainRunFailure::Usage ? kExitUsage : kExitFailure);
  game2048::NTupleNetwork& net = run->net();
  game2048::TrainSettings s;
  s.games = o.games;
  s.seed = ctx.opts.seed.value_or(1);
  s.alpha = o.alpha;
  s.report_every = o.report_every;
  s.starts = run->take_starts();
  s.restart_share = o.restart_share;
  s.coherence = o.coherence;
  s.restart_from = std::countr_zero(static_cast<unsigned>(o.restart_from));
  s.lookahead_from = o.lookahead_from > 0 ? std::countr_zero(static_cast<unsigned>(o.lookahead_from)) : 0;
  const std::uint64_t before = net.trained_games;
  const std::uint64_t played = game2048::train(
      net, tables, s,
      [&](const game2048::TrainReport& r) {
        if (auto e = run->save_if_due(r.games, s.games)) ctx.err << "warning: " << e->message << '\n';
        std::string reach;
        for (int e = 11; e <= 15; ++e) {
          reach += fmt::format(
              "  {} {:.1f}%", game2048::tile_value(e),
              100.0 * static_cast<double>(r.reached[static_cast<std::size_t>(e)]) / static_cast<double>(r.window));
        }
        std::string restarts;
        if (r.restarted > 0) {
          restarts = fmt::format("  | {} restarts: mean score {:.0f} from there", r.restarted, r.restarted_mean_score);
          for (int e = 0; e < 16; ++e) {
            const auto from = r.restarted_from[static_cast<std::size_t>(e)];
            if (from == 0) continue;
            restarts += fmt::format("; {} from {}: {:.1f}% made {}", from, game2048::tile_value(e),
                                    100.0 * static_cast<double>(r.restarted_doubled[static_cast<std::size_t>(e)]) /
                                        static_cast<double>(from),
                                    game2048::tile_value(e + 1));
          }
        }
        ctx.err << fmt::format("games {} ({} in all)  {:.2f} M moves/s  last {} games: mean score {:.0f}{}{}\n",
                               r.games, before + r.games, static_cast<double>(r.moves) / r.seconds / 1e6, r.window,
                               r.mean_score, reach, restarts);
        ctx.err.flush();
      },
      ctx.interrupted, &run->coherence());
  if (auto saved = run->save(); !saved) return ctx.fail(saved.error().message);
  ctx.out << fmt::format("{}: {} games trained ({} in all), seed {}, alpha {}\n", o.out, played, net.trained_games,
                         s.seed, s.alpha);
  if (played < o.games) ctx.fail(fmt::format("interrupted after {} games (saved)", played), kExitInterrupted);
}

}  // namespace

void add_game2048_train(CLI::App* game, Context& ctx) {
  auto* cmd = game->add_subcommand("train", "Train the learned evaluation (an n-tuple network) by self-play");
  auto opts = std::make_shared<TrainOptions>();
  cmd->add_option("--games", opts->games, "Games of self-play to learn from")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
      ->capture_default_str();
  cmd->add_option("--alpha", opts->alpha, "Learning rate")->check(number_in(1e-6, 1.0))->capture_default_str();
  cmd->add_option("--out", opts->out, "Write the network to this file (also written first, and when interrupted)")
      ->required();
  cmd->add_option("--from", opts->from,
                  "Go on training this network (its stages are kept; a one-stage network given --stages starts "
                  "each stage from its weights)");
  cmd->add_option("--starts", opts->starts,
                  "Start the games from these positions in turn (one board a line, e.g. late positions)");
  cmd->add_option("--stages", opts->stages, "Tiles from which a separate weight set is used, e.g. 8192,16384")
      ->delimiter(',');
  cmd->add_flag("--coherence", opts->coherence,
                "Temporal coherence: each weight's own rate, from the consistency of its errors (use --alpha 1)");
  cmd->add_option("--restart-share", opts->restart_share,
                  "Start this share of the games from where earlier games first made a tile of --restart-from "
                  "or more")
      ->check(number_in(0.0, 1.0));
  cmd->add_option("--restart-from", opts->restart_from, "The smallest tile whose positions are kept for restarts")
      ->check(CLI::IsMember({256, 512, 1024, 2048, 4096, 8192, 16384, 32768}))
      ->capture_default_str();
  cmd->add_option("--lookahead-from", opts->lookahead_from,
                  "Once a game holds this tile, choose its moves one spawn and one move further (over ten times "
                  "slower a move; a late stage learns from better play)")
      ->check(CLI::IsMember({2048, 4096, 8192, 16384, 32768}));
  cmd->add_option("--save-every", opts->save_every,
                  "Also write --out every N games (at the first progress line after each N)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  cmd->add_option("--report-every", opts->report_every, "Games between two progress lines (stderr)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
      ->capture_default_str();
  cmd->footer(R"(Self-play by TD(0) learning on afterstates (docs/game2048.md). One thread; the result
depends only on --seed, --games, --alpha and the --from network. The file holds
4 x 16^6 weights a stage (256 MiB each). Ctrl-C stops and saves the games so far
(--save-every also saves on the way). --stages gives the late game its own weights;
--starts starts the games from given (late) positions, so such a stage can learn;
--lookahead-from plays the late game one spawn and one move deeper, so it learns from
better play (over ten times the time a move).

Examples:
  puzzlelab 2048 train --games 200000 --seed 1 --out net.bin
  puzzlelab 2048 train --games 100000 --seed 2 --alpha 0.01 --from net.bin --out net2.bin
  puzzlelab 2048 train --games 50000 --from net.bin --stages 16384 --starts late.txt --out staged.bin)");
  ctx.no_json(cmd);
  ctx.on_run(cmd, [&ctx, opts] { run_train(ctx, *opts); });
}

}  // namespace puzzlelab::app
