#include "app/optimal_command.h"

#include <chrono>
#include <memory>

#include <fmt/format.h>

#include "core/progress.h"
#include "core/state_store.h"
#include "core/wording.h"

namespace puzzlelab::app {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void fail_solver(Context& ctx, const core::Error& error) {
  if (error.message == "cancelled" || ctx.cancelled()) return ctx.fail("interrupted", kExitInterrupted);
  ctx.fail(error.message);
}

void SolverProgress::update(std::uint64_t done, std::uint64_t total) {
  if (!progress_ || total != total_) {
    progress_.reset();
    total_ = total;
    progress_ = std::make_unique<core::Progress>(ctx_.err, ctx_.progress_enabled(), total, label_);
  }
  progress_->update(done);
}

void SolverProgress::finish() {
  if (progress_) progress_->finish();
}

namespace {

std::string distribution_text(const guess::TreeSummary& s) {
  std::string out;
  for (std::size_t k = 1; k < s.distribution.size(); ++k) {
    if (s.distribution[k] == 0) continue;
    if (!out.empty()) out += "  ";
    out += fmt::format("{}: {}", k, s.distribution[k]);
  }
  return out;
}

nlohmann::json distribution_json(const guess::TreeSummary& s) {
  nlohmann::json d = nlohmann::json::object();
  for (std::size_t k = 1; k < s.distribution.size(); ++k) {
    if (s.distribution[k] != 0) d[std::to_string(k)] = s.distribution[k];
  }
  return d;
}

}  // namespace

core::Result<OptimalTree> optimal_tree(Context& ctx, const guess::TreeCacheKey& key, bool recompute,
                                       const TreeComputation& compute) {
  std::optional<core::StateStore> store;
  if (auto state = ctx.state()) {
    store = *state;
  } else if (!ctx.opts.quiet) {
    ctx.warn(fmt::format("{} (the tree is not cached)", state.error().message));
  }
  guess::TreeCacheOptions cache;
  cache.store = store ? &*store : nullptr;
  cache.key = key;
  cache.recompute = recompute;
  cache.warn = [&ctx](const std::string& message) { ctx.warn(message); };
  SolverProgress progress(ctx, "optimal tree");
  guess::OptimalOptions run;
  run.threads = ctx.threads();
  run.cancel = ctx.interrupted;
  run.progress = [&progress](std::uint64_t done, std::uint64_t total) { progress.update(done, total); };
  auto result = compute(std::move(run), cache);
  progress.finish();
  return result;
}

core::Result<std::vector<RankedFirst>> rank_first_guesses(Context& ctx, const guess::Game& game,
                                                          std::span<const guess::SecretIndex> secrets,
                                                          guess::OptimalOptions options, std::size_t top) {
  SolverProgress progress(ctx, "ranking first guesses");
  options.threads = ctx.threads();
  options.cancel = ctx.interrupted;
  auto ranked =
      guess::rank_first_guesses(game, secrets, std::move(options), top,
                                [&progress](std::uint64_t done, std::uint64_t total) { progress.update(done, total); });
  progress.finish();
  return ranked;
}

void print_tree_summary(Context& ctx, const OptimalTree& r, const std::function<std::string(guess::GuessIndex)>& word,
                        const std::optional<std::string>& written_to) {
  const guess::TreeSummary& s = r.summary;
  if (ctx.opts.json) {
    nlohmann::json j{{"first_guess", word(r.first)},
                     {"total", s.total},
                     {"secrets", s.secrets},
                     {"mean", s.mean()},
                     {"max_guesses", s.max_guesses},
                     {"distribution", distribution_json(s)},
                     {"proven", r.proven_all ? "all_first_guesses" : "this_first_guess"},
                     {"cached", r.cached},
                     {"seconds", r.seconds}};
    if (written_to) j["out"] = *written_to;
    ctx.out << j.dump() << '\n';
    return;
  }
  ctx.out << fmt::format("first guess   {}\n", word(r.first));
  ctx.out << fmt::format("total         {} over {} (mean {:.4f})\n",
                         core::counted(static_cast<std::int64_t>(s.total), "guess", "guesses"),
                         core::counted(static_cast<std::int64_t>(s.secrets), "secret"), s.mean());
  ctx.out << fmt::format("max           {}\n",
                         core::counted(static_cast<std::int64_t>(s.max_guesses), "guess", "guesses"));
  ctx.out << fmt::format("distribution  {}\n", distribution_text(s));
  ctx.out << fmt::format("proven        {}\n", r.proven_all
                                                   ? "optimal over every first guess"
                                                   : fmt::format("optimal among trees opening {}", word(r.first)));
  ctx.out << fmt::format("time          {:.2f} s{}\n", r.seconds, r.cached ? " (when computed; cached tree)" : "");
  if (written_to) ctx.out << fmt::format("tree written  {}\n", *written_to);
}

void print_ranking(Context& ctx, const std::vector<RankedFirst>& ranked, std::size_t secrets,
                   const std::function<std::string(guess::GuessIndex)>& word) {
  if (ctx.opts.json) {
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t i = 0; i < ranked.size(); ++i) {
      rows.push_back({{"rank", i + 1},
                      {"first_guess", word(ranked[i].guess)},
                      {"total", ranked[i].total},
                      {"mean", static_cast<double>(ranked[i].total) / static_cast<double>(secrets)},
                      {"seconds", ranked[i].seconds}});
    }
    ctx.out << nlohmann::json{{"secrets", secrets}, {"ranking", rows}}.dump() << '\n';
    return;
  }
  ctx.out << "rank  first guess  total  mean     time\n";
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    const RankedFirst& r = ranked[i];
    if (r.total == guess::kInfeasible) {
      ctx.out << fmt::format("{:>4}  {}  (no strategy within the limit)\n", i + 1, word(r.guess));
      continue;
    }
    ctx.out << fmt::format("{:>4}  {}  {:>5}  {:.4f}  {:.2f} s\n", i + 1, word(r.guess), r.total,
                           static_cast<double>(r.total) / static_cast<double>(secrets), r.seconds);
  }
}

}  // namespace puzzlelab::app
