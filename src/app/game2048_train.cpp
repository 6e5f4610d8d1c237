// `puzzlelab 2048 train`: self-play training of the learned evaluation (game2048/ntuple.h).
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <filesystem>
#include <memory>
#include <sstream>

#include "app/game2048_verbs.h"
#include "core/state_store.h"
#include "game2048/board_text.h"
#include "game2048/ntuple.h"

namespace puzzlelab::app {

namespace {

using game2048::Move;

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

// The boards of a positions file: one a line, the 16 tile values after "board" (the
// "start N ... board ..." lines of the tuning tool) or the whole line; '#' comments.
core::Result<std::vector<game2048::Board>> read_start_boards(const game2048::MoveTables& tables,
                                                             const std::string& path) {
  auto file = core::read_file_capped(path, core::kDataFileCap);
  if (!file) return file.error();
  std::istringstream in(*file);
  std::vector<game2048::Board> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[line.find_first_not_of(" \t")] == '#') continue;
    const auto at = line.find("board ");
    const std::string text = at == std::string::npos ? line : line.substr(at + 6);
    auto g = game2048::parse_grid(text, 4);
    if (!g) return core::Error{fmt::format("{}: line {}: {}", path, n, g.error().message)};
    const auto b = game2048::board_from_grid(*g);
    if (!b) return core::Error{fmt::format("{}: line {}: a tile above 32768", path, n)};
    if (std::none_of(game2048::kMoves.begin(), game2048::kMoves.end(),
                     [&](Move m) { return tables.move(*b, m) != *b; })) {
      return core::Error{fmt::format("{}: line {}: no move is left in this position", path, n)};
    }
    out.push_back(*b);
  }
  if (out.empty()) return core::Error{fmt::format("{}: no positions", path)};
  return out;
}

void run_train(Context& ctx, const TrainOptions& o) {
  std::vector<int> from_exponent;
  for (const int tile : o.stages) {
    const int e = std::countr_zero(static_cast<unsigned>(tile));
    if (tile < 4 || std::popcount(static_cast<unsigned>(tile)) != 1 || e > game2048::kMaxNibbleExponent ||
        (!from_exponent.empty() && e <= from_exponent.back())) {
      return ctx.fail(fmt::format("--stages {}: expected rising tile values such as 8192,16384", tile), kExitUsage);
    }
    from_exponent.push_back(e);
  }
  std::optional<game2048::NTupleNetwork> net;
  bool promoted = false;
  if (o.from) {
    auto loaded = game2048::NTupleNetwork::load(*o.from);
    if (!loaded) return ctx.fail(loaded.error().message);
    if (!o.stages.empty() && loaded->stage_from() != from_exponent) {
      if (loaded->stages() != 1) {
        return ctx.fail(fmt::format("--stages differs from the stages of {}", *o.from), kExitUsage);
      }
      // One stage becomes several, each starting from its weights.
      net.emplace(loaded->promoted(from_exponent));
      promoted = true;
    } else {
      net.emplace(std::move(*loaded));
    }
  } else {
    net.emplace(from_exponent);
  }
  const game2048::MoveTables tables;
  std::vector<game2048::Board> starts;
  if (o.starts) {
    auto read = read_start_boards(tables, *o.starts);
    if (!read) return ctx.fail(read.error().message);
    starts = std::move(*read);
  }
  // Temporal coherence's rates go on from those of --from (its .coherence file, when
  // there is one), unless its stages were just made: promotion starts them afresh.
  game2048::CoherenceState coherence;
  const std::string coherence_out = o.out + ".coherence";
  if (o.coherence && o.from && !promoted && std::filesystem::exists(*o.from + ".coherence")) {
    auto c = game2048::CoherenceState::load(*o.from + ".coherence", net->weights().size());
    if (!c) return ctx.fail(c.error().message);
    coherence = std::move(*c);
  }
  auto save_all = [&]() -> core::Result<bool> {
    if (auto saved = net->save(o.out); !saved) return saved;
    if (o.coherence && !coherence.error_sum.empty()) return coherence.save(coherence_out);
    return true;
  };
  // Fail before hours of training, not after: the output must be writable now.
  if (auto saved = net->save(o.out); !saved) return ctx.fail(saved.error().message);
  game2048::TrainSettings s;
  s.games = o.games;
  s.seed = ctx.opts.seed.value_or(1);
  s.alpha = o.alpha;
  s.report_every = o.report_every;
  s.starts = std::move(starts);
  s.restart_share = o.restart_share;
  s.coherence = o.coherence;
  s.restart_from = std::countr_zero(static_cast<unsigned>(o.restart_from));
  s.lookahead_from = o.lookahead_from > 0 ? std::countr_zero(static_cast<unsigned>(o.lookahead_from)) : 0;
  const std::uint64_t before = net->trained_games;
  std::uint64_t next_save = o.save_every;
  const std::uint64_t played = game2048::train(
      *net, tables, s,
      [&](const game2048::TrainReport& r) {
        if (o.save_every > 0 && r.games >= next_save && r.games < s.games) {
          next_save = r.games + o.save_every;
          if (auto saved = save_all(); !saved) ctx.err << "warning: " << saved.error().message << '\n';
        }
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
      ctx.interrupted, &coherence);
  if (auto saved = save_all(); !saved) return ctx.fail(saved.error().message);
  ctx.out << fmt::format("{}: {} games trained ({} in all), seed {}, alpha {}\n", o.out, played, net->trained_games,
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
  cmd->add_option("--alpha", opts->alpha, "Learning rate")->check(CLI::Range(1e-6, 1.0))->capture_default_str();
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
      ->check(CLI::Range(0.0, 1.0));
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
