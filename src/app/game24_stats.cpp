// `puzzlelab 24 stats`: the survey of every hand of a range (game24/survey.h),
// formatted as text or JSON.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/game24_verbs.h"
#include "core/progress.h"
#include "core/wording.h"
#include "game24/difficulty.h"
#include "game24/survey.h"

namespace puzzlelab::app {

using game24::hand_text;
using game24::Rational;

namespace {

// What the stats show besides the survey itself.
struct StatsReport {
  std::int64_t lo = 0;
  std::int64_t hi = 0;
  int numbers = 0;
  Rational target;
  // The rating against human solve rates, when the hands are those of the data.
  game24::HumanComparison humans;
  double seconds = 0;
};

void print_stats_json(Context& ctx, const game24::Survey& survey, const StatsReport& r) {
  const auto& hands = survey.hands;
  const auto& stats = survey.stats;
  const double pct = game24::solvable_percent(survey);
  nlohmann::json j;
  j["range"] = {r.lo, r.hi};
  j["numbers"] = r.numbers;
  j["target"] = game24::to_string(r.target);
  j["hands"] = hands.size();
  j["solvable"] = survey.solvable;
  j["solvable_percent"] = std::round(pct * 100) / 100;
  j["distinct_solutions_total"] = survey.total;
  j["distinct_solutions_histogram"] = nlohmann::json::object();
  for (const auto& [k, v] : survey.histogram) j["distinct_solutions_histogram"][std::to_string(k)] = v;
  j["fraction_only"] = nlohmann::json::array();
  for (const auto i : survey.fraction_only) j["fraction_only"].push_back(hand_text(hands[i]));
  j["hardest"] = nlohmann::json::array();
  for (const auto i : survey.hardest) {
    j["hardest"].push_back({{"hand", hand_text(hands[i])},
                            {"rating", std::round(stats[i].rating * 1000) / 1000},
                            {"solutions", stats[i].count},
                            {"example", stats[i].example}});
  }
  if (r.humans.spearman) {
    j["spearman_rating_vs_solved_percent"] = std::round(*r.humans.spearman * 10000) / 10000;
    j["spearman_hands"] = r.humans.hands;
  } else if (!r.humans.missing.empty()) {
    j["spearman_missing"] = r.humans.missing;
  }
  j["seconds"] = std::round(r.seconds * 1000) / 1000;
  if (ctx.cluster != nullptr && ctx.cluster->size() > 1) j["ranks"] = ctx.cluster->size();
  ctx.out << j.dump(2) << '\n';
}

// When the one-time estimate of a long survey is printed (seconds into the run).
constexpr double kEstimateAfterSeconds = 3.0;

// "2 h 5 min", "7 min", "40 s".
void print_stats_text(Context& ctx, const game24::Survey& survey, const StatsReport& r) {
  const auto& hands = survey.hands;
  const auto& stats = survey.stats;
  const double pct = game24::solvable_percent(survey);
  auto& out = ctx.out;
  out << fmt::format("Hands of {} from {}..{}, target {}\n", core::counted(r.numbers, "number"), r.lo, r.hi,
                     game24::to_string(r.target));
  out << fmt::format("  hands            {}\n", hands.size());
  out << fmt::format("  solvable         {} ({:.2f}%)\n", survey.solvable, pct);
  out << fmt::format("  distinct solutions in all: {}\n", survey.total);
  out << fmt::format("  solvable only through fractions: {}\n", survey.fraction_only.size());
  std::string line = "   ";
  std::size_t shown = 0;
  for (const auto i : survey.fraction_only) {
    if (shown == 40) break;
    const std::string h = hand_text(hands[i]);
    if (line.size() + h.size() + 3 > 78) {
      out << line << '\n';
      line = "   ";
    }
    line += (line.size() > 3 ? ", " : " ") + h;
    ++shown;
  }
  if (shown > 0)
    out << line
        << (survey.fraction_only.size() > shown ? fmt::format(", ... {} more", survey.fraction_only.size() - shown)
                                                : "")
        << '\n';
  out << "Distinct solutions per hand:\n";
  for (const game24::SolutionBucket& b : game24::solution_buckets(survey)) {
    const std::string label = b.lo == b.hi                                        ? std::to_string(b.lo)
                              : b.hi == std::numeric_limits<std::uint64_t>::max() ? fmt::format("{}+", b.lo)
                                                                                  : fmt::format("{}-{}", b.lo, b.hi);
    out << fmt::format("  {:>8}  {:>7}\n", label, b.hands);
  }
  out << fmt::format("Hardest hands by difficulty rating (top {}):\n", survey.hardest.size());
  for (const auto i : survey.hardest) {
    out << fmt::format("  {:<14} rating {:5.2f}  {:>4} solution{}  e.g. {}\n", hand_text(hands[i]), stats[i].rating,
                       stats[i].count, stats[i].count == 1 ? " " : "s", stats[i].example);
  }
  if (r.humans.spearman) {
    out << fmt::format("Difficulty rating vs. human solve rates (4nums.com, {} hands): Spearman {:.4f}\n",
                       r.humans.hands, *r.humans.spearman);
  } else if (!r.humans.missing.empty()) {
    out << fmt::format("Difficulty rating vs. human solve rates: not computed: {}\n", r.humans.missing);
  }
  if (ctx.cluster != nullptr && ctx.cluster->size() > 1) {
    out << fmt::format("Time: {:.3f} s ({} ranks, {} threads each)\n", r.seconds, ctx.cluster->size(), ctx.threads());
  } else {
    out << fmt::format("Time: {:.3f} s ({} threads)\n", r.seconds, ctx.threads());
  }
}

}  // namespace

void run_game24_stats(Context& ctx, const Game24StatsOptions& so) {
  const auto range = parse_game24_range(so.range);
  if (!range) return ctx.fail(range.error().message, kExitUsage);
  auto target = game24::parse_rational(so.target);
  if (!target) return ctx.fail("--target: " + target.error().message, kExitUsage);
  const auto [lo, hi] = *range;
  const std::uint64_t expected = game24::hand_count(hi - lo + 1, so.numbers);
  if (expected > 2000000) {
    return ctx.fail(fmt::format("{} numbers from {}..{} make {} hands; at most 2,000,000 are supported", so.numbers, lo,
                                hi, expected),
                    kExitUsage);
  }
  const auto start = std::chrono::steady_clock::now();
  game24::SurveyOptions options;
  options.lo = lo;
  options.hi = hi;
  options.numbers = so.numbers;
  options.target = *target;
  options.top = static_cast<std::size_t>(std::max(0, so.top));
  options.threads = ctx.threads();
  options.cancel = ctx.interrupted;
  core::Progress progress(ctx.err, ctx.progress_enabled(), expected, "24 stats");
  // Without the progress line (a pipe, --json) a long survey would run silently for
  // hours (8 numbers: 125,970 hands, each counted in full): say how many hands, and once
  // a few seconds have passed, how long the rest should take at the rate measured so far.
  const bool announce = !ctx.opts.quiet && !ctx.progress_enabled();
  bool estimated = false;
  if (announce && so.numbers >= 6) {
    ctx.err << fmt::format("24 stats: {} hands of {} numbers to solve in full; an estimate of the time follows\n",
                           expected, so.numbers)
            << std::flush;
  }
  options.tick = [&](std::uint64_t done) {
    progress.update(done);
    if (!announce || estimated || done == 0 || done >= expected) return;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (elapsed < kEstimateAfterSeconds) return;
    estimated = true;
    const double left = elapsed / static_cast<double>(done) * static_cast<double>(expected - done);
    ctx.err << fmt::format("24 stats: {} of {} hands in {:.0f} s; about {} left at this rate (Ctrl-C stops)\n", done,
                           expected, elapsed, core::format_duration(left))
            << std::flush;
  };
  options.cluster = ctx.cluster;
  const auto result = game24::survey(options);
  progress.finish();
  if (ctx.worker_rank()) return;  // a worker of an MPI run solved its share; rank 0 reports
  if (result && !result->complete) return ctx.fail("interrupted", kExitInterrupted);
  if (!result) return ctx.fail(result.error().message);
  const game24::Survey& survey = *result;
  StatsReport report{lo, hi, so.numbers, *target, {}, 0};
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (so.numbers == 4 && *target == Rational(24)) {
    const auto csv = ctx.data().read("game24/human_difficulty_4nums.csv");
    report.humans = game24::compare_with_humans(survey, csv ? std::optional<std::string_view>(*csv) : std::nullopt);
    if (!report.humans.data_error.empty()) ctx.warn(report.humans.data_error);
  }
  if (ctx.opts.json) {
    print_stats_json(ctx, survey, report);
  } else {
    print_stats_text(ctx, survey, report);
  }
}

}  // namespace puzzlelab::app
