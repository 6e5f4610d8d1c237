#include "game24/survey.h"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/distributed.h"
#include "core/parallel.h"
#include "game24/solver.h"

namespace puzzlelab::game24 {

namespace {

struct Solved {
  HandSurvey stat;
  std::optional<std::string> error;
};

Solved survey_hand(const std::vector<Rational>& hand, const Rational& target, const std::atomic<bool>* cancel) {
  thread_local Solver solver;
  Solved s;
  SolveOptions o;
  o.target = target;
  o.cancel = cancel;
  auto r = solver.solve(hand, o);
  if (!r) {
    s.error = r.error().message;
    return s;
  }
  s.stat.count = r->solutions.size();
  if (s.stat.count == 0) return s;
  s.stat.rating = difficulty_rating(r->solutions);
  double best = 1e300;
  for (const auto& sol : r->solutions) {
    const double c = solution_cost(sol.shape);
    if (c < best) {
      best = c;
      s.stat.example = sol.text;
    }
  }
  // Solvable at all, but not when every intermediate value must be whole.
  o.mode = SolveMode::Decide;
  o.rule = IntegerRule::Integers;
  auto ints = solver.solve(hand, o);
  s.stat.needs_fractions = ints && !ints->exact;
  return s;
}

// One hand's result as it crosses between ranks.
std::string encode_solved(const Solved& s) {
  nlohmann::json j{{"count", s.stat.count},
                   {"fractions", s.stat.needs_fractions},
                   {"rating", s.stat.rating},
                   {"example", s.stat.example}};
  if (s.error) j["error"] = *s.error;
  return j.dump();
}

Solved decode_solved(std::string_view bytes) {
  const auto j = nlohmann::json::parse(bytes);
  Solved s;
  s.stat.count = j.at("count").get<std::uint64_t>();
  s.stat.needs_fractions = j.at("fractions").get<bool>();
  s.stat.rating = j.at("rating").get<double>();
  s.stat.example = j.at("example").get<std::string>();
  if (const auto e = j.find("error"); e != j.end()) s.error = e->get<std::string>();
  return s;
}

}  // namespace

core::Result<Survey> survey(const SurveyOptions& options) {
  Survey out;
  out.hands = all_hands(options.lo, options.hi, options.numbers);
  std::vector<Solved> solved;
  solved.reserve(out.hands.size());
  core::RunOptions ro;
  ro.threads = options.threads;
  ro.block = 512;
  ro.cancel = options.cancel;
  ro.tick = options.tick;
  const Rational target = options.target;
  const auto solve = [&](std::uint64_t i) { return survey_hand(out.hands[i], target, options.cancel); };
  const auto keep = [&](std::uint64_t, Solved&& s) { solved.push_back(std::move(s)); };
  const bool complete = options.cluster != nullptr && options.cluster->size() > 1
                            ? core::run_ordered_on(*options.cluster, out.hands.size(), ro, solve, keep,
                                                   encode_solved, decode_solved)
                            : core::run_ordered(out.hands.size(), ro, solve, keep);
  if (!complete) {
    Survey cancelled;
    cancelled.complete = false;
    return cancelled;
  }
  for (std::size_t i = 0; i < solved.size(); ++i) {
    if (solved[i].error) return core::Error{hand_text(out.hands[i]) + ": " + *solved[i].error};
  }
  out.stats.reserve(solved.size());
  for (auto& s : solved) out.stats.push_back(std::move(s.stat));

  std::vector<std::size_t> solvable;
  for (std::size_t i = 0; i < out.stats.size(); ++i) {
    const HandSurvey& s = out.stats[i];
    ++out.histogram[s.count];
    out.total += s.count;
    if (s.count > 0) {
      ++out.solvable;
      solvable.push_back(i);
    }
    if (s.needs_fractions) out.fraction_only.push_back(i);
  }
  out.hardest = std::move(solvable);
  std::stable_sort(out.hardest.begin(), out.hardest.end(),
                   [&](std::size_t a, std::size_t b) { return out.stats[a].rating > out.stats[b].rating; });
  if (out.hardest.size() > options.top) out.hardest.resize(options.top);
  return out;
}

HumanAgreement agreement_with_humans(const Survey& survey, std::span<const HumanRecord> records) {
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < survey.hands.size(); ++i) index[hand_text(survey.hands[i])] = i;
  std::vector<double> rating, solved;
  for (const auto& rec : records) {
    const auto it = index.find(hand_text(rec.hand));
    if (it == index.end() || survey.stats[it->second].count == 0) continue;
    rating.push_back(survey.stats[it->second].rating);
    solved.push_back(rec.solved_percent);
  }
  HumanAgreement a;
  a.hands = rating.size();
  if (a.hands >= kMinHumanHands) a.spearman = spearman(rating, solved);
  return a;
}

HumanComparison compare_with_humans(const Survey& survey, std::optional<std::string_view> csv) {
  HumanComparison c;
  c.missing = "the human solve rates (game24/human_difficulty_4nums.csv) could not be read";
  if (!csv) return c;
  const auto data = parse_human_data(*csv);
  if (!data) {
    c.data_error = data.error().message;
    return c;
  }
  const HumanAgreement a = agreement_with_humans(survey, *data);
  c.hands = a.hands;
  c.spearman = a.spearman;
  c.missing = a.spearman ? std::string()
                         : fmt::format("only {} hands of this range have human solve rates ({} needed)", a.hands,
                                       kMinHumanHands);
  return c;
}

double solvable_percent(const Survey& survey) {
  if (survey.hands.empty()) return 0.0;
  return 100.0 * static_cast<double>(survey.solvable) / static_cast<double>(survey.hands.size());
}

std::vector<SolutionBucket> solution_buckets(const Survey& survey) {
  constexpr std::uint64_t kOpen = std::numeric_limits<std::uint64_t>::max();
  static constexpr std::pair<std::uint64_t, std::uint64_t> kRanges[] = {
      {0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 5}, {6, 10}, {11, 20}, {21, 50}, {51, 100}, {101, kOpen}};
  std::vector<SolutionBucket> out;
  for (const auto& [lo, hi] : kRanges) {
    SolutionBucket b{lo, hi, 0};
    for (const auto& [count, hands] : survey.histogram)
      if (count >= lo && count <= hi) b.hands += hands;
    if (b.hands > 0) out.push_back(b);
  }
  return out;
}

std::uint64_t hand_count(std::int64_t n, int k) {
  long double c = 1;
  for (int i = 1; i <= k; ++i) c = c * static_cast<long double>(n + i - 1) / i;
  return c > 1e15L ? std::uint64_t{1000000000000000ULL} : static_cast<std::uint64_t>(c + 0.5L);
}

}  // namespace puzzlelab::game24
