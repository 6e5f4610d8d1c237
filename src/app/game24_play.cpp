#include "app/game24_play.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include <fmt/format.h>

#include "core/parallel.h"
#include "core/utf8.h"
#include "game24/expr.h"
#include "game24/solver.h"

namespace puzzlelab::app::game24_play {

using game24::Rational;

namespace {

std::string hand_text(const std::vector<Rational>& hand) {
  std::string s;
  for (const auto& r : hand) {
    if (!s.empty()) s += ' ';
    s += game24::to_string(r);
  }
  return s;
}

std::string lower_trimmed(std::string_view text) {
  std::size_t b = 0, e = text.size();
  while (b < e && (text[b] == ' ' || text[b] == '\t' || text[b] == '\r')) ++b;
  while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\r')) --e;
  std::string out(text.substr(b, e - b));
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

int level_points(game24::Level level) {
  switch (level) {
    case game24::Level::Easy:
      return 1;
    case game24::Level::Medium:
      return 2;
    case game24::Level::Hard:
      return 3;
    case game24::Level::Any:
      return 2;
  }
  return 1;
}

std::string plural(int n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

}  // namespace

nlohmann::json score_to_json(const Score& s) {
  return {{"played", s.played},   {"solved", s.solved}, {"gave_up", s.gave_up},         {"failed", s.failed},
          {"skipped", s.skipped}, {"streak", s.streak}, {"best_streak", s.best_streak}, {"points", s.points}};
}

std::optional<Score> score_from_json(const nlohmann::json& j) {
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

PlaySession::PlaySession(PlayConfig config, std::vector<Deal> pool, std::uint64_t seed, Score score)
    : config_(std::move(config)), pool_(std::move(pool)), rng_(seed), score_(score) {}

bool PlaySession::take_score_changed() {
  const bool c = score_changed_;
  score_changed_ = false;
  return c;
}

std::string PlaySession::start(double now) {
  std::string out = fmt::format(
      "The 24 game: make {} from the four numbers, each used once, with + - * / (or × ÷) and brackets.\n"
      "Type an expression, or: hint, give up, skip, quit.{}\n",
      game24::to_string(config_.target),
      config_.time_limit ? fmt::format(" Time limit: {:g} s a hand.", *config_.time_limit) : std::string());
  out += deal(now);
  return out;
}

std::string PlaySession::deal(double now) {
  current_ = static_cast<std::size_t>(rng_.below(pool_.size()));
  ++hand_number_;
  tries_ = 0;
  hints_ = 0;
  started_ = now;
  const Deal& d = pool_[current_];
  return fmt::format("\nHand {} ({}): {}\n", hand_number_, game24::level_name(d.level), hand_text(d.hand));
}

void PlaySession::finish_hand(const char* ended, int points, double now) {
  if (std::string_view(ended) != "skipped") ++score_.played;
  score_changed_ = true;
  const Deal& d = pool_[current_];
  finished_.push_back(HandResult{hand_text(d.hand), std::string(game24::level_name(d.level)), ended, points, tries_,
                                 hints_, now - started_});
}

std::string PlaySession::reveal(const std::string& heading) const {
  const Deal& d = pool_[current_];
  std::string out = fmt::format(
      "{} ({}):\n", heading, plural(static_cast<int>(d.solutions.size()), "distinct solution", "distinct solutions"));
  for (const auto& s : d.solutions) out += fmt::format("  {}\n", s);
  return out;
}

std::string PlaySession::hint() {
  const Deal& d = pool_[current_];
  auto expr = game24::parse_expression(d.solutions[d.easiest], game24::ParseOptions{true});
  if (!expr) return "No hint available.\n";
  // The steps of the easiest solution in evaluation order; the last one stays hidden.
  std::vector<std::string> steps;
  std::vector<game24::WideRational> value(expr->nodes.size());
  std::function<void(int)> walk = [&](int id) {
    const auto& n = expr->nodes[static_cast<std::size_t>(id)];
    auto& v = value[static_cast<std::size_t>(id)];
    if (n.leaf) {
      v = game24::widen(n.value);
      return;
    }
    walk(n.left);
    walk(n.right);
    const auto& a = value[static_cast<std::size_t>(n.left)];
    const auto& b = value[static_cast<std::size_t>(n.right)];
    bool ok = true;
    const char* sym = "+";
    switch (n.op) {
      case game24::Op::Add:
        ok = game24::rat_add(a, b, v);
        break;
      case game24::Op::Sub:
        ok = game24::rat_sub(a, b, v);
        sym = "-";
        break;
      case game24::Op::Mul:
        ok = game24::rat_mul(a, b, v);
        sym = "×";
        break;
      case game24::Op::Div:
        ok = b.num != 0 && game24::rat_div(a, b, v);
        sym = "÷";
        break;
    }
    if (ok)
      steps.push_back(
          fmt::format("{} {} {} = {}", game24::to_string(a), sym, game24::to_string(b), game24::to_string(v)));
  };
  walk(expr->root);
  if (hints_ + 1 >= static_cast<int>(steps.size())) {
    return "No more hints: the last step is yours ('give up' shows the solutions).\n";
  }
  ++hints_;
  return fmt::format("Hint {}: {}\n", hints_, steps[static_cast<std::size_t>(hints_ - 1)]);
}

std::string PlaySession::fail(const std::string& message, double now) {
  ++tries_;
  if (tries_ > kRetries) {
    ++score_.failed;
    score_.streak = 0;
    finish_hand("failed", 0, now);
    // Sequenced on purpose: the operands of + are evaluated in no fixed order, and
    // deal() changes the current hand.
    std::string out = fmt::format("✗ {}\nNo tries left.\n", message);
    out += reveal("The solutions were");
    out += deal(now);
    return out;
  }
  const int left = kRetries + 1 - tries_;
  return fmt::format("✗ {} ({} left)\n", message, plural(left, "try", "tries"));
}

std::string PlaySession::attempt(std::string_view text, double now) {
  const Deal& d = pool_[current_];
  const double elapsed = now - started_;
  if (config_.time_limit && elapsed > *config_.time_limit) {
    ++score_.failed;
    score_.streak = 0;
    finish_hand("timed out", 0, now);
    std::string out = fmt::format("⏱ Time is up: {:.0f} s (the limit is {:g} s).\n", elapsed, *config_.time_limit);
    out += reveal("The solutions were");
    out += deal(now);
    return out;
  }
  // A typo or the wrong numbers is not an answer: it costs no try (as Handle does for
  // malformed input), and the message names only what is wrong.
  auto expr = game24::parse_expression(text);
  if (!expr) return fmt::format("✗ {} (no try used)\n", core::printable(expr.error().message));
  if (auto wrong = game24::check_numbers(*expr, d.hand)) {
    // One or two slips are named; more mean other numbers altogether.
    const auto slips = std::count(wrong->begin(), wrong->end(), ';') + 1;
    return slips <= 2 ? fmt::format("✗ {} (no try used)\n", *wrong)
                      : fmt::format("✗ those are not this hand's numbers: use {}, each once (no try used)\n",
                                    hand_text(d.hand));
  }
  auto value = game24::evaluate(*expr);
  if (!value) return fail(value.error().message, now);
  const auto target = game24::widen(config_.target);
  if (!(*value == target)) {
    return fail(fmt::format("That makes {}, not {}", game24::to_string(*value), game24::to_string(target)), now);
  }
  // Which distinct solution it is (24-distinct.md).
  std::string which;
  const auto canon = game24::canonical_text(*expr);
  if (canon) {
    const auto it = std::find(d.solutions.begin(), d.solutions.end(), *canon);
    if (it != d.solutions.end()) {
      which = fmt::format(" — distinct solution {} of {}", it - d.solutions.begin() + 1, d.solutions.size());
    }
  }
  const int points = std::max(1, level_points(d.level) - hints_);
  ++score_.solved;
  ++score_.streak;
  score_.best_streak = std::max(score_.best_streak, score_.streak);
  score_.points += points;
  finish_hand("solved", points, now);
  std::string out =
      fmt::format("✓ Correct: {} = {}{}\n", canon ? *canon : std::string(text), game24::to_string(target), which);
  out += fmt::format("+{} {}{}; streak {}.\n", points, points == 1 ? "point" : "points",
                     config_.show_time ? fmt::format(" in {:.1f} s", elapsed) : std::string(), score_.streak);
  out += deal(now);
  return out;
}

std::string PlaySession::handle(std::string_view line, double now) {
  if (done_) return {};
  std::string out = config_.echo_input ? fmt::format("> {}\n", core::printable(line)) : std::string();
  const std::string cmd = lower_trimmed(line);
  if (cmd.empty()) return out;
  if (cmd == "quit" || cmd == "q" || cmd == "exit") {
    done_ = true;
    return out + summary();
  }
  if (cmd == "help" || cmd == "?") {
    return out +
           "Type an expression using each number once, e.g. (1+2+3)*4. Commands: hint (one step of a "
           "solution), give up (show all solutions), skip (a new hand), quit.\n";
  }
  if (cmd == "hint" || cmd == "h") return out + hint();
  if (cmd == "give up" || cmd == "giveup" || cmd == "g") {
    ++score_.gave_up;
    score_.streak = 0;
    finish_hand("gave up", 0, now);
    out += reveal("Given up. The solutions");
    out += deal(now);
    return out;
  }
  if (cmd == "skip" || cmd == "s") {
    ++score_.skipped;
    finish_hand("skipped", 0, now);
    out += "Skipped.\n";
    out += deal(now);
    return out;
  }
  return out + attempt(line, now);
}

std::string PlaySession::summary() const {
  return fmt::format("Played {}, solved {}, gave up {}, out of tries or time {}; streak {} (best {}); {}.\n",
                     score_.played, score_.solved, score_.gave_up, score_.failed, score_.streak, score_.best_streak,
                     plural(score_.points, "point", "points"));
}

std::vector<Deal> build_pool(std::int64_t lo, std::int64_t hi, int count, Rational target, game24::Level level,
                             unsigned threads) {
  const auto hands = game24::all_hands(lo, hi, count);
  struct Rated {
    Deal deal;
    double rating = 0;
    bool ok = false;
  };
  auto rated = core::parallel_map(hands.size(), threads, [&](std::uint64_t i) {
    thread_local game24::Solver solver;
    game24::SolveOptions o;
    o.target = target;
    Rated r;
    auto res = solver.solve(hands[i], o);
    if (!res || res->solutions.empty()) return r;
    r.ok = true;
    r.deal.hand = hands[i];
    r.rating = game24::difficulty_rating(res->solutions);
    double best = 1e300;
    for (std::size_t k = 0; k < res->solutions.size(); ++k) {
      r.deal.solutions.push_back(res->solutions[k].text);
      const double c = game24::solution_cost(res->solutions[k].shape);
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
  const auto levels = game24::levels_by_rank(ratings);
  std::vector<Deal> pool;
  std::size_t k = 0;
  for (auto& r : rated) {
    if (!r.ok) continue;
    r.deal.level = levels[k++];
    if (level == game24::Level::Any || r.deal.level == level) pool.push_back(std::move(r.deal));
  }
  return pool;
}

}  // namespace puzzlelab::app::game24_play
