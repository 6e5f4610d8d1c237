// `puzzlelab 2048 sim`: many games with a player, summarised; checkpoints of the AI's
// games in progress (game2048/checkpoint.h); this game's lines in `sim` summaries.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>

#include "app/game2048_verbs.h"
#include "app/sim_report.h"
#include "core/sim.h"
#include "core/utf8.h"
#include "core/wording.h"
#include "game2048/checkpoint.h"
#include "game2048/grid.h"
#include "game2048/sim_game.h"

namespace puzzlelab::app {

namespace {

using game2048::Checkpoint;

struct SimOptions {
  SimCliOptions sim;
  std::string player = "expectimax";
  int size = 4;
  std::optional<std::int64_t> stop_at;
  Game2048AiOptions ai;
  std::optional<std::string> checkpoint;  // folder of the games in progress
  std::int64_t checkpoint_every = 1000;   // moves between two saves of a game
};

std::optional<int> stop_exponent(const SimOptions& o) {
  if (!o.stop_at) return std::nullopt;
  return game2048::exponent_of(*o.stop_at);
}

void run_sim(Context& ctx, const SimOptions& o) {
  auto games = parse_games(o.sim.games, std::nullopt);
  if (!games) return ctx.fail(games.error().message, kExitUsage);
  if (o.stop_at && (!stop_exponent(o) || *o.stop_at < 4)) {
    return ctx.fail(fmt::format("--stop-at {}: expected a tile value such as 2048", *o.stop_at), kExitUsage);
  }
  const std::optional<game2048::SimPlayer> player = game2048::parse_sim_player(o.player);
  if (!player) return ctx.fail(fmt::format("unknown player '{}' (random, greedy, expectimax)", o.player), kExitUsage);
  const bool with_ai = *player == game2048::SimPlayer::Expectimax;
  if (with_ai && o.size != 4) return ctx.fail("the expectimax player plays 4×4 boards", kExitUsage);
  auto tables = std::make_shared<const game2048::MoveTables>();
  core::SimSpec spec = game2048::sim_spec(*player, ctx.opts.seed.value_or(1), *games, o.size);
  if (o.stop_at) spec.config["stop_at"] = *o.stop_at;
  if (with_ai) {
    spec.metrics.push_back("nodes");
    spec.config.update(game2048_ai_config(o.ai));
  }
  const std::optional<int> stop = stop_exponent(o);
  const int size = o.size;
  const auto* cancel = ctx.interrupted;
  // Games run in parallel; a game's search gets the threads left over (root
  // parallelism), which does not change any result.
  const unsigned threads = ctx.threads();
  const std::uint64_t planned = std::max<std::uint64_t>(1, *games);
  const unsigned search_threads =
      std::max(1u, threads / static_cast<unsigned>(std::min<std::uint64_t>(threads, planned)));
  const auto ai_loaded = with_ai ? game2048_ai_settings(o.ai, search_threads) : core::Result(game2048::AiSettings{});
  if (!ai_loaded) return ctx.fail(ai_loaded.error().message);
  const game2048::AiSettings& settings = *ai_loaded;

  // Checkpoints: only for the AI (other players finish a game in milliseconds), and
  // with one search thread a game, so that the game's own thread's CPU time is all of it.
  auto checkpoints = std::make_shared<std::map<std::uint64_t, Checkpoint>>();
  // ctx.err is std::cerr in the program, which may be written from any thread (the
  // standard streams are synchronised with stdio); the lock keeps the warning whole.
  auto checkpoint_writes =
      std::make_shared<game2048::CheckpointWrites>([&ctx](const std::string& message) { ctx.warn(message); });
  const std::string checkpoint_dir = o.checkpoint.value_or("");
  const std::int64_t every = o.checkpoint_every;
  if (o.checkpoint) {
    if (!with_ai)
      return ctx.fail("--checkpoint is for --player expectimax (other players' games take milliseconds)", kExitUsage);
    if (search_threads != 1) {
      return ctx.fail(fmt::format("--checkpoint counts each game's CPU time on its own thread: run one search thread "
                                  "a game (--threads at most --games, here {})",
                                  *games),
                      kExitUsage);
    }
    auto loaded = game2048::load_checkpoints(*tables, checkpoint_dir, spec, o.sim.shard, size, stop_exponent(o));
    if (!loaded) return ctx.fail(loaded.error().message);
    *checkpoints = std::move(*loaded);
    if (!checkpoints->empty() && !ctx.opts.quiet) {
      ctx.err << fmt::format("checkpoint: {} {} on from {}\n", checkpoints->size(),
                             checkpoints->size() == 1 ? "game goes" : "games go", checkpoint_dir);
    }
  }
  const game2048::SimGame play{.tables = tables,
                               .player = *player,
                               .size = size,
                               .stop = stop,
                               .cancel = cancel,
                               .settings = settings,
                               .checkpoints = checkpoints,
                               .writes = checkpoint_writes,
                               .dir = checkpoint_dir,
                               .every = every,
                               .run = core::run_fingerprint(spec)};
  run_sim_command(ctx, spec, play, o.sim);
  if (checkpoint_writes->stopped()) {
    ctx.fail(
        fmt::format("checkpoint: no checkpoint could be written {} times in a row, so the run stopped; the last "
                    "error: {}",
                    game2048::kCheckpointFailuresToStop, checkpoint_writes->last()));
    ctx.err << fmt::format(
        "note: the summary covers the games finished before the stop; the games in progress were not saved. Make "
        "room or fix {}, then run the same command again to go on\n",
        core::printable(checkpoint_dir));
    return;
  }
  if (const std::uint64_t failed = checkpoint_writes->count(); failed > 0) {
    ctx.err << fmt::format("warning: {} could not be written; the first: {}\n", core::counted(failed, "checkpoint"),
                           checkpoint_writes->first());
    if (ctx.exit_code == kExitOk) ctx.exit_code = kExitFailure;
  }
}

}  // namespace

void add_game2048_sim(CLI::App* game, Context& ctx) {
  auto* cmd = game->add_subcommand("sim", "Simulate many games with a player and summarise them");
  auto opts = std::make_shared<SimOptions>();
  add_sim_options(ctx, cmd, opts->sim, "100");
  cmd->add_option("--player", opts->player, "random, greedy or expectimax")
      ->check(CLI::IsMember({"random", "greedy", "expectimax"}))
      ->capture_default_str();
  cmd->add_option("--size", opts->size, "Board size for random and greedy, 3 to 8")->check(CLI::Range(3, 8));
  cmd->add_option("--stop-at", opts->stop_at, "Stop each game once this tile is made (e.g. 2048)");
  add_game2048_ai_options(cmd, opts->ai);
  auto* checkpoint = cmd->add_option("--checkpoint", opts->checkpoint,
                                     "Save each AI game in progress in this folder; the same command with the same "
                                     "folder goes on from there");
  cmd->add_option("--checkpoint-every", opts->checkpoint_every, "Moves between two saves of a game")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40))
      ->needs(checkpoint)
      ->capture_default_str();
  cmd->footer(R"(Each game i uses the seed mix(--seed, i), so results do not depend on --threads
(except with --ms-per-move, a wall-clock budget). The summary gives the share of games
reaching each tile, score, moves per game, moves/s, and for the AI evaluated moves per
CPU second. A game stops at its end, or at the --stop-at tile.

A long AI run can be stopped and started again without losing anything: --jsonl
--resume keeps the finished games, and --checkpoint DIR the games in progress (each
saved every --checkpoint-every moves and when interrupted; the same command with the
same DIR goes on from there, with the same moves). Their CPU time and evaluated moves
carry over; the wall-clock rate is then not measured. A checkpoint that cannot be written
is reported at once; 5 failures in a row stop the run (exit status 1, with the summary).

Examples:
  puzzlelab 2048 sim --player random --games 10000
  puzzlelab 2048 sim --player greedy --games 1000 --seed 3 --json
  puzzlelab 2048 sim --player expectimax --level fast --games 20 --seed 1
  puzzlelab 2048 sim --player expectimax --depth 2 --games 10 --stop-at 2048
  puzzlelab 2048 sim --player expectimax --level strong --games 20 --jsonl > strong.jsonl
  puzzlelab 2048 sim --player expectimax --level strong --games 20 --shard 3/20 --threads 1 \
      --checkpoint strong.ckpt --out strong-3.json)");
  ctx.on_run(cmd, [&ctx, opts] { run_sim(ctx, *opts); });
}

std::vector<SimExtraLine> game2048_sim_extra_lines(const core::SimSummary& s) {
  std::vector<SimExtraLine> lines;
  if (s.games == 0) return lines;
  for (const game2048::TileReach& r : game2048::tile_reach(s)) {
    lines.push_back(
        {fmt::format("reached {}", r.tile),
         fmt::format("{:5.1f}% ({} of {})", 100.0 * static_cast<double>(r.games) / static_cast<double>(s.games),
                     r.games, s.games)});
  }
  std::int64_t total_moves = 0;
  if (const core::Stats* score = s.metric("score")) {
    lines.push_back({"score", fmt::format("mean {:.1f}, median {:.1f}", score->mean(), score->median())});
  }
  if (const core::Stats* moves = s.metric("moves")) {
    total_moves = static_cast<std::int64_t>(moves->sum());
    lines.push_back({"moves per game", fmt::format("mean {:.1f}, median {:.1f}", moves->mean(), moves->median())});
    if (s.resumed > 0) {
      // The resumed games' time is not known: no rate would be honest.
      lines.push_back({"moves/s", fmt::format("not measured ({} games resumed from a log)", s.resumed)});
    } else if (s.continued > 0) {
      // Their CPU time before the checkpoint is known, their wall time is not.
      lines.push_back(
          {"moves/s",
           fmt::format("wall rate not measured ({} games went on from a checkpoint), {:.3g} CPU "
                       "s per move",
                       s.continued, total_moves > 0 ? s.cpu_seconds / static_cast<double>(total_moves) : 0.0)});
    } else if (s.wall_seconds > 0) {
      lines.push_back(
          {"moves/s",
           fmt::format("{:.0f} (wall), {:.3g} CPU s per move", static_cast<double>(total_moves) / s.wall_seconds,
                       total_moves > 0 ? s.cpu_seconds / static_cast<double>(total_moves) : 0.0)});
    }
  }
  if (const core::Stats* nodes = s.metric("nodes")) {
    if (s.cpu_seconds > 0 && s.resumed == 0) {
      lines.push_back({"nodes/s", fmt::format("{:.1f} M evaluated moves per CPU second",
                                              static_cast<double>(nodes->sum()) / s.cpu_seconds / 1e6)});
    }
  }
  return lines;
}

}  // namespace puzzlelab::app
