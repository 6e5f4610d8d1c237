// `puzzlelab 24 play`: the options, the pool of hands, the score from the player's
// store, and the input loop over the terminal session (game24_play.h).
#include <chrono>
#include <cmath>
#include <optional>

#include <fmt/format.h>

#include "app/game24_play.h"
#include "app/game24_verbs.h"
#include "app/line_input.h"
#include "app/player_store.h"
#include "game24/survey.h"

namespace puzzlelab::app {

using game24::Rational;

void run_game24_play(Context& ctx, const Game24PlayOptions& po) {
  const auto range = parse_game24_range(po.range);
  if (!range) return ctx.fail(range.error().message, kExitUsage);
  const auto level = game24::parse_level(po.difficulty);
  if (!level) return ctx.fail("--difficulty must be easy, medium, hard or any", kExitUsage);
  if (po.time_limit < 0) return ctx.fail("--time-limit must be positive (seconds)", kExitUsage);
  const auto [lo, hi] = *range;
  if (game24::hand_count(hi - lo + 1, 4) > 50000) {
    return ctx.fail(fmt::format("--range {}..{} is too wide for play (at most 50,000 hands)", lo, hi), kExitUsage);
  }
  auto pool = game24_play::build_pool(lo, hi, 4, Rational(24), *level, ctx.threads());
  if (pool.empty()) {
    const std::string which = *level == game24::Level::Any ? "" : po.difficulty + " ";
    return ctx.fail(fmt::format("no {}hand of numbers in {}..{} makes 24; choose a wider --range", which, lo, hi),
                    kExitUsage);
  }

  // The score so far comes from the player's store: every hand played is a game there.
  game24_play::Score score;
  core::GameStore* store = player_store(ctx, "the score is");
  if (store != nullptr) {
    if (auto st = store->stats("24")) {
      score = game24::score_from_stats(*st);
    } else {
      ctx.warn(st.error().message + " (the score will not be saved)");
      store = nullptr;
    }
  }

  const std::uint64_t seed = ctx.opts.seed ? *ctx.opts.seed : fresh_seed();
  game24_play::PlayConfig cfg;
  if (po.time_limit > 0) cfg.time_limit = po.time_limit;
  cfg.show_time = ctx.in_tty;
  cfg.echo_input = !ctx.in_tty;
  game24_play::PlaySession session(cfg, std::move(pool), seed, score);
  const auto t0 = std::chrono::steady_clock::now();
  auto now = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  bool save_warned = false;
  auto save = [&] {
    for (const auto& h : session.take_finished()) {
      if (store == nullptr) continue;
      if (auto r = store->record(game24::hand_record(h, unix_now())); !r && !save_warned) {
        ctx.warn("could not save the score: " + r.error().message);
        save_warned = true;
      }
    }
  };
  ctx.out << session.start(now());
  LineInput input(ctx);
  // On a terminal the prompt counts down the hand's time, and the hand ends when it runs
  // out even if nothing is typed. From a pipe the time is checked as each line arrives.
  const auto countdown = [&]() -> std::optional<std::string> {
    const auto left = session.time_left(now());
    if (!left) return std::string("> ");
    if (*left <= 0) return std::nullopt;
    return fmt::format("[{:.0f} s left] > ", std::ceil(*left));
  };
  while (!session.done()) {
    const auto entry = input.terminal() ? input.read(countdown) : input.read("> ");
    if (entry.status == LineInput::Status::TimedOut) {
      ctx.out << session.check_time(now()) << std::flush;
      save();
      continue;
    }
    if (entry.status != LineInput::Status::Line) break;
    ctx.out << session.handle(entry.text, now()) << std::flush;
    save();
  }
  if (!session.done()) ctx.out << (ctx.in_tty && !input.terminal() ? "\n" : "") << session.summary();
  save();
  if (ctx.cancelled()) ctx.exit_code = kExitInterrupted;
}

}  // namespace puzzlelab::app
