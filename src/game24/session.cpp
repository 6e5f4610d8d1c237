#include "game24/session.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>

#include <fmt/format.h>

#include "core/parallel.h"
#include "game24/expr.h"
#include "game24/solver.h"

namespace puzzlelab::game24 {

using nlohmann::json;

namespace {

constexpr const char* kFormat = "puzzlelab-24-session/1";

int level_points(Level level) {
  switch (level) {
    case Level::Easy:
      return 1;
    case Level::Medium:
      return 2;
    case Level::Hard:
      return 3;
    case Level::Any:
      return 2;
  }
  return 1;
}

// A whole number from 0 to `max` under `name`; the error names the field.
core::Result<std::int64_t> whole(const json& j, const char* name, std::int64_t max) {
  const auto bad = core::Error{fmt::format("'{}' must be a whole number from 0 to {}", name, max)};
  const auto it = j.find(name);
  if (it == j.end()) return core::Error{fmt::format("'{}' is missing", name)};
  if (it->is_number_unsigned()) {
    const auto v = it->get<std::uint64_t>();
    if (v > static_cast<std::uint64_t>(max)) return bad;
    return static_cast<std::int64_t>(v);
  }
  if (!it->is_number_integer()) return bad;
  const auto v = it->get<std::int64_t>();
  if (v < 0 || v > max) return bad;
  return v;
}

core::Result<std::uint64_t> hex64(const json& j) {
  if (!j.is_string()) return core::Error{"'rng' words must be hex strings"};
  const auto& s = j.get_ref<const std::string&>();
  if (s.empty() || s.size() > 16 || s.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) {
    return core::Error{fmt::format("'rng' word '{}' is not 1 to 16 hex digits", s)};
  }
  return static_cast<std::uint64_t>(std::stoull(s, nullptr, 16));
}

}  // namespace

json score_to_json(const Score& s) {
  return {{"played", s.played},   {"solved", s.solved}, {"gave_up", s.gave_up},         {"failed", s.failed},
          {"skipped", s.skipped}, {"streak", s.streak}, {"best_streak", s.best_streak}, {"points", s.points}};
}

std::optional<Score> score_from_json(const json& j) {
  if (!j.is_object()) return std::nullopt;
  Score s;
  const std::pair<const char*, int*> fields[] = {
      {"played", &s.played},   {"solved", &s.solved}, {"gave_up", &s.gave_up},         {"failed", &s.failed},
      {"skipped", &s.skipped}, {"streak", &s.streak}, {"best_streak", &s.best_streak}, {"points", &s.points}};
  for (const auto& [name, field] : fields) {
    const auto it = j.find(name);
    if (it == j.end()) continue;  // older files may lack a field
    if (!it->is_number_integer() || it->get<long long>() < 0 || it->get<long long>() > 1000000000) {
      return std::nullopt;
    }
    *field = it->get<int>();
  }
  return s;
}

std::string rejection_words(const Outcome& o, std::span<const Rational> hand, const Rational& target) {
  switch (o.reason) {
    case Outcome::Reason::None:
      return {};
    case Outcome::Reason::NotAnExpression:
    case Outcome::Reason::WrongNumbers:
    case Outcome::Reason::NoValue:
      return o.detail;
    case Outcome::Reason::NotThisHand:
      return fmt::format("those are not this hand's numbers: use {}, each once", hand_text(hand));
    case Outcome::Reason::WrongValue:
      return fmt::format("That makes {}, not {}", o.value ? to_string(*o.value) : std::string(), to_string(target));
  }
  return {};
}

std::string step_text(const HintStep& step) {
  const char* sym = "+";
  switch (step.op) {
    case Op::Add:
      break;
    case Op::Sub:
      sym = "-";
      break;
    case Op::Mul:
      sym = "×";
      break;
    case Op::Div:
      sym = "÷";
      break;
  }
  return fmt::format("{} {} {} = {}", to_string(step.left), sym, to_string(step.right), to_string(step.result));
}

core::Result<std::vector<HintStep>> solution_steps(std::string_view solution) {
  auto expr = parse_expression(solution, ParseOptions{true});
  if (!expr) return expr.error();
  // A post-order walk: each operator's step follows the steps of its operands.
  std::vector<HintStep> steps;
  std::vector<WideRational> value(expr->nodes.size());
  std::function<void(int)> walk = [&](int id) {
    const auto& n = expr->nodes[static_cast<std::size_t>(id)];
    auto& v = value[static_cast<std::size_t>(id)];
    if (n.leaf) {
      v = widen(n.value);
      return;
    }
    walk(n.left);
    walk(n.right);
    const auto& a = value[static_cast<std::size_t>(n.left)];
    const auto& b = value[static_cast<std::size_t>(n.right)];
    bool ok = true;
    switch (n.op) {
      case Op::Add:
        ok = rat_add(a, b, v);
        break;
      case Op::Sub:
        ok = rat_sub(a, b, v);
        break;
      case Op::Mul:
        ok = rat_mul(a, b, v);
        break;
      case Op::Div:
        ok = b.num != 0 && rat_div(a, b, v);
        break;
    }
    if (ok) steps.push_back(HintStep{a, n.op, b, v});
  };
  walk(expr->root);
  return steps;
}

std::vector<Deal> build_pool(std::int64_t lo, std::int64_t hi, int count, Rational target, Level level,
                             unsigned threads) {
  const auto hands = all_hands(lo, hi, count);
  struct Rated {
    Deal deal;
    double rating = 0;
    bool ok = false;
  };
  auto rated = core::parallel_map(hands.size(), threads, [&](std::uint64_t i) {
    thread_local Solver solver;
    SolveOptions o;
    o.target = target;
    Rated r;
    auto res = solver.solve(hands[i], o);
    if (!res || res->solutions.empty()) return r;
    r.ok = true;
    r.deal.hand = hands[i];
    r.rating = difficulty_rating(res->solutions);
    double best = 1e300;
    for (std::size_t k = 0; k < res->solutions.size(); ++k) {
      r.deal.solutions.push_back(res->solutions[k].text);
      const double c = solution_cost(res->solutions[k].shape);
      if (c < best) {
        best = c;
        r.deal.easiest = k;
      }
    }
    return r;
  });
  std::vector<double> ratings;
  for (const auto& r : rated)
    if (r.ok) ratings.push_back(r.rating);
  const auto levels = levels_by_rank(ratings);
  std::vector<Deal> pool;
  std::size_t k = 0;
  for (auto& r : rated) {
    if (!r.ok) continue;
    r.deal.level = levels[k++];
    if (level == Level::Any || r.deal.level == level) pool.push_back(std::move(r.deal));
  }
  return pool;
}

PlaySession::PlaySession(PlayConfig config, std::vector<Deal> pool, std::uint64_t seed, Score score)
    : config_(std::move(config)), pool_(std::move(pool)), rng_(seed), score_(score) {}

HandView PlaySession::deal(double now) {
  current_ = static_cast<std::size_t>(rng_.below(pool_.size()));
  ++hand_number_;
  tries_ = 0;
  hints_ = 0;
  started_ = now;
  const Deal& d = pool_[current_];
  return HandView{hand_number_, d.level, d.hand};
}

Outcome PlaySession::start(double now) {
  Outcome out;
  out.kind = Outcome::Kind::NewHand;
  out.next = deal(now);
  return out;
}

HandResult PlaySession::finish_hand(const char* ended, int points, double now) {
  if (std::string_view(ended) != "skipped") ++score_.played;
  const Deal& d = pool_[current_];
  return HandResult{hand_text(d.hand), std::string(level_name(d.level)), ended, points, tries_, hints_, now - started_};
}

// The hand is lost (out of tries or time, or given up): the streak ends, the
// solutions are revealed and the next hand is dealt.
Outcome PlaySession::lose(Outcome out, const char* ended, double now) {
  score_.streak = 0;
  out.finished = finish_hand(ended, 0, now);
  out.solutions = pool_[current_].solutions;
  out.next = deal(now);
  return out;
}

std::optional<double> PlaySession::time_left(double now) const {
  if (!config_.time_limit) return std::nullopt;
  return std::max(0.0, *config_.time_limit - (now - started_));
}

std::optional<Outcome> PlaySession::check_time(double now) {
  const double elapsed = now - started_;
  if (!config_.time_limit || elapsed <= *config_.time_limit) return std::nullopt;
  ++score_.failed;
  Outcome out;
  out.kind = Outcome::Kind::TimedOut;
  out.seconds = elapsed;
  return lose(std::move(out), "timed out", now);
}

Outcome PlaySession::answer(std::string_view text, double now) {
  if (auto late = check_time(now)) return std::move(*late);
  const Deal& d = pool_[current_];
  Outcome out;
  const double elapsed = now - started_;
  // A typo or the wrong numbers is not an answer: it costs no try (as Handle does for
  // malformed input), and the reason names only what is wrong.
  out.kind = Outcome::Kind::Rejected;
  out.tries_left = kRetries + 1 - tries_;
  auto expr = parse_expression(text);
  if (!expr) {
    out.reason = Outcome::Reason::NotAnExpression;
    out.detail = expr.error().message;
    return out;
  }
  if (auto wrong = check_numbers(*expr, d.hand)) {
    // One or two slips are named; more mean other numbers altogether.
    const auto slips = std::count(wrong->begin(), wrong->end(), ';') + 1;
    out.reason = slips <= 2 ? Outcome::Reason::WrongNumbers : Outcome::Reason::NotThisHand;
    if (slips <= 2) out.detail = *wrong;
    return out;
  }
  const auto target = widen(config_.target);
  auto value = evaluate(*expr);
  if (!value || !(*value == target)) {
    if (value) {
      out.reason = Outcome::Reason::WrongValue;
      out.value = *value;
    } else {
      out.reason = Outcome::Reason::NoValue;
      out.detail = value.error().message;
    }
    ++tries_;
    out.tries_left = kRetries + 1 - tries_;
    if (tries_ <= kRetries) return out;
    ++score_.failed;
    out.kind = Outcome::Kind::Failed;
    out.tries_left = 0;
    return lose(std::move(out), "failed", now);
  }
  // Which distinct solution it is (docs/rules/24-distinct.md).
  const auto canon = canonical_text(*expr);
  out.kind = Outcome::Kind::Solved;
  out.answer = canon ? *canon : std::string(text);
  if (canon) {
    const auto it = std::find(d.solutions.begin(), d.solutions.end(), *canon);
    if (it != d.solutions.end()) out.solution_number = static_cast<std::size_t>(it - d.solutions.begin()) + 1;
  }
  out.points = std::max(1, level_points(d.level) - hints_);
  out.seconds = elapsed;
  ++score_.solved;
  ++score_.streak;
  score_.best_streak = std::max(score_.best_streak, score_.streak);
  score_.points += out.points;
  out.streak = score_.streak;
  out.solutions = d.solutions;
  out.finished = finish_hand("solved", out.points, now);
  out.next = deal(now);
  return out;
}

Outcome PlaySession::hint() {
  const Deal& d = pool_[current_];
  Outcome out;
  const auto steps = d.easiest < d.solutions.size() ? solution_steps(d.solutions[d.easiest])
                                                    : core::Result<std::vector<HintStep>>(core::Error{"no solution"});
  if (!steps) {
    out.kind = Outcome::Kind::HintUnavailable;
    return out;
  }
  // The last step stays hidden: it would be the answer itself.
  if (hints_ + 1 >= static_cast<int>(steps->size())) {
    out.kind = Outcome::Kind::NoMoreHints;
    return out;
  }
  ++hints_;
  out.kind = Outcome::Kind::Hint;
  out.hint_number = hints_;
  out.hint = (*steps)[static_cast<std::size_t>(hints_ - 1)];
  return out;
}

Outcome PlaySession::give_up(double now) {
  if (auto late = check_time(now)) return std::move(*late);
  ++score_.gave_up;
  Outcome out;
  out.kind = Outcome::Kind::GaveUp;
  return lose(std::move(out), "gave up", now);
}

Outcome PlaySession::skip(double now) {
  if (auto late = check_time(now)) return std::move(*late);
  ++score_.skipped;
  Outcome out;
  out.kind = Outcome::Kind::Skipped;
  out.finished = finish_hand("skipped", 0, now);
  out.next = deal(now);
  return out;
}

json PlaySession::to_json(double now) const {
  json hand = json::array();
  for (const auto& r : pool_[current_].hand) hand.push_back(to_string(r));
  json rng = json::array();
  for (const std::uint64_t w : rng_.state()) rng.push_back(fmt::format("{:016x}", w));
  return {{"format", kFormat},         {"score", score_to_json(score_)},
          {"hand", std::move(hand)},   {"hand_number", hand_number_},
          {"tries", tries_},           {"hints", hints_},
          {"seconds", now - started_}, {"rng", std::move(rng)}};
}

core::Result<PlaySession> PlaySession::from_json(PlayConfig config, std::vector<Deal> pool, const json& j, double now) {
  if (pool.empty()) return core::Error{"there are no hands to deal"};
  if (!j.is_object()) return core::Error{"a saved 24 game must be a JSON object"};
  if (!j.contains("format") || j.at("format") != kFormat) {
    return core::Error{fmt::format("not a saved 24 game ('format' must be \"{}\")", kFormat)};
  }
  if (!j.contains("score")) return core::Error{"'score' is missing"};
  const auto score = score_from_json(j.at("score"));
  if (!score) return core::Error{"'score' must hold whole numbers from 0 to 1000000000"};

  if (!j.contains("hand") || !j.at("hand").is_array() || j.at("hand").empty() || j.at("hand").size() > kMaxNumbers) {
    return core::Error{fmt::format("'hand' must be a list of 1 to {} numbers", kMaxNumbers)};
  }
  std::vector<Rational> hand;
  for (const auto& v : j.at("hand")) {
    if (!v.is_string()) return core::Error{"the numbers of 'hand' must be strings such as \"11\""};
    auto r = parse_rational(v.get_ref<const std::string&>());
    if (!r) return core::Error{"'hand': " + r.error().message};
    hand.push_back(*r);
  }
  const auto it = std::find_if(pool.begin(), pool.end(), [&](const Deal& d) { return d.hand == hand; });
  if (it == pool.end()) {
    return core::Error{fmt::format("the saved hand {} is not one this game deals", hand_text(hand))};
  }
  const auto current = static_cast<std::size_t>(it - pool.begin());

  const auto number = whole(j, "hand_number", 1000000000);
  if (!number) return number.error();
  if (*number == 0) return core::Error{"'hand_number' must be at least 1"};
  const auto tries = whole(j, "tries", kRetries);
  if (!tries) return tries.error();
  // At most one hint for each step but the last.
  const auto hints = whole(j, "hints", static_cast<std::int64_t>(std::max<std::size_t>(hand.size(), 2) - 2));
  if (!hints) return hints.error();
  if (!j.contains("seconds") || !j.at("seconds").is_number() || !std::isfinite(j.at("seconds").get<double>()) ||
      j.at("seconds").get<double>() < 0 || j.at("seconds").get<double>() > 1e9) {
    return core::Error{"'seconds' must be a number of seconds from 0 to 1000000000"};
  }
  if (!j.contains("rng") || !j.at("rng").is_array() || j.at("rng").size() != 4) {
    return core::Error{"'rng' must be 4 hex strings"};
  }
  core::Rng::State state{};
  for (std::size_t i = 0; i < 4; ++i) {
    auto w = hex64(j.at("rng")[i]);
    if (!w) return w.error();
    state[i] = *w;
  }
  // xoshiro256** never leaves the all-zero state: it would deal the same hand forever.
  if (std::all_of(state.begin(), state.end(), [](std::uint64_t w) { return w == 0; })) {
    return core::Error{"'rng' must not be all zero"};
  }

  PlaySession s(std::move(config), std::move(pool), 0, *score);
  s.current_ = current;
  s.rng_.set_state(state);
  s.hand_number_ = static_cast<int>(*number);
  s.tries_ = static_cast<int>(*tries);
  s.hints_ = static_cast<int>(*hints);
  s.started_ = now - j.at("seconds").get<double>();
  return s;
}

core::FinishedGame hand_record(const HandResult& h, std::int64_t finished_at) {
  core::FinishedGame f;
  f.game = "24";
  f.mode = h.level;
  f.finished_at = finished_at;
  f.puzzle = h.hand;
  f.outcome = h.ended == "solved"    ? core::GameOutcome::Won
              : h.ended == "skipped" ? core::GameOutcome::Abandoned
                                     : core::GameOutcome::Lost;
  f.score = h.points;
  f.tries = h.tries + 1;
  f.assisted = h.hints > 0;
  f.duration_seconds = h.seconds;
  f.detail = {{"ended", h.ended}};
  return f;
}

Score score_from_stats(const core::GameStats& st) {
  Score score;
  score.played = static_cast<int>(st.played);
  score.solved = static_cast<int>(st.wins);
  score.skipped = static_cast<int>(st.abandoned);
  score.gave_up = static_cast<int>(st.ended.contains("gave up") ? st.ended.at("gave up") : 0);
  score.failed = score.played - score.solved - score.gave_up;
  score.streak = static_cast<int>(st.current_streak);
  score.best_streak = static_cast<int>(st.max_streak);
  score.points = static_cast<int>(st.total_score);
  return score;
}

core::GameStats stats_from_score(const Score& sc) {
  core::GameStats s;
  s.played = static_cast<std::uint64_t>(sc.played);
  s.wins = static_cast<std::uint64_t>(sc.solved);
  s.wins_unassisted = s.wins;
  s.abandoned = static_cast<std::uint64_t>(sc.skipped);
  s.current_streak = static_cast<std::uint64_t>(sc.streak);
  s.max_streak = static_cast<std::uint64_t>(sc.best_streak);
  s.total_score = sc.points;
  if (sc.gave_up > 0) s.ended["gave up"] = static_cast<std::uint64_t>(sc.gave_up);
  if (sc.failed > 0) s.ended["failed"] = static_cast<std::uint64_t>(sc.failed);
  return s;
}

core::LegacyFile legacy_score_file() {
  return {"24-score.json", [](const nlohmann::json& j) -> core::Result<core::LegacyFile::Imported> {
            auto sc = score_from_json(j);
            if (!sc) return core::Error{"not a 24 score file"};
            return core::LegacyFile::Imported{{core::Baseline{"24", "", stats_from_score(*sc)}}, {}, ""};
          }};
}

}  // namespace puzzlelab::game24
