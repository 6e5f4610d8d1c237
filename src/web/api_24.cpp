// The 24-point game in the browser: a run of hands over game24::PlaySession (the rules,
// tries, hints and scoring live there) and the solver endpoint.
#include <map>
#include <mutex>

#include <fmt/core.h>

#include "game24/session.h"
#include "game24/solver.h"
#include "web/api_games.h"

namespace puzzlelab::web {
namespace {

using nlohmann::json;
using game24::Outcome;

// The hands of each difficulty (1..13, every hand making 24), built once on first use.
const std::vector<game24::Deal>& pool_of(game24::Level level) {
  static std::mutex mutex;
  static std::map<game24::Level, std::vector<game24::Deal>> pools;
  std::lock_guard lock(mutex);
  auto it = pools.find(level);
  if (it == pools.end()) it = pools.emplace(level, game24::build_pool(1, 13, 4, game24::Rational(24), level, 1)).first;
  return it->second;
}

json hand_json(const std::vector<game24::Rational>& hand) {
  json out = json::array();
  for (const auto& r : hand) out.push_back(game24::to_string(r));
  return out;
}

std::string_view kind_name(Outcome::Kind k) {
  switch (k) {
    case Outcome::Kind::NewHand: return "new_hand";
    case Outcome::Kind::Rejected: return "rejected";
    case Outcome::Kind::Failed: return "failed";
    case Outcome::Kind::Solved: return "solved";
    case Outcome::Kind::TimedOut: return "timed_out";
    case Outcome::Kind::GaveUp: return "gave_up";
    case Outcome::Kind::Skipped: return "skipped";
    case Outcome::Kind::Hint: return "hint";
    case Outcome::Kind::NoMoreHints: return "no_more_hints";
    case Outcome::Kind::HintUnavailable: return "hint_unavailable";
  }
  return "rejected";
}

std::string_view reason_name(Outcome::Reason r) {
  switch (r) {
    case Outcome::Reason::None: return "";
    case Outcome::Reason::NotAnExpression: return "not_an_expression";
    case Outcome::Reason::WrongNumbers: return "wrong_numbers";
    case Outcome::Reason::NotThisHand: return "not_this_hand";
    case Outcome::Reason::NoValue: return "no_value";
    case Outcome::Reason::WrongValue: return "wrong_value";
  }
  return "";
}

// `hand` is the hand the input was for (the outcome may deal the next one).
json outcome_json(const Outcome& o, const std::vector<game24::Rational>& hand, const game24::Rational& target) {
  json j{{"kind", kind_name(o.kind)}, {"try_used", o.try_used()}};
  if (o.try_used()) j["tries_left"] = o.tries_left;
  if (o.reason != Outcome::Reason::None) {
    j["reason"] = reason_name(o.reason);
    j["message"] = game24::rejection_words(o, hand, target);  // as `24 play` says it
  }
  if (!o.detail.empty()) j["detail"] = o.detail;
  if (o.value) j["value"] = game24::to_string(*o.value);
  if (!o.answer.empty()) j["answer"] = o.answer;
  if (o.kind == Outcome::Kind::Solved) {
    j["points"] = o.points;
    j["streak"] = o.streak;
    j["seconds"] = o.seconds;
  }
  if (o.hint) {
    j["hint_number"] = o.hint_number;
    j["hint"] = game24::step_text(*o.hint);
  }
  if (!o.solutions.empty()) j["solutions"] = o.solutions;
  if (o.finished) j["ended"] = o.finished->ended;
  return j;
}

struct Loaded {
  game24::Level level;
  game24::PlaySession session;
};

core::Result<Loaded> load(const json& state, double now) {
  const auto level = state.is_object() && state.contains("level") && state["level"].is_string()
                         ? game24::parse_level(state["level"].get_ref<const std::string&>())
                         : std::nullopt;
  if (!level || !state.contains("session")) return core::Error{"the saved hand cannot be read"};
  auto s = game24::PlaySession::from_json(game24::PlayConfig{}, pool_of(*level), state["session"], now);
  if (!s) return core::Error{"the saved hand cannot be read: " + s.error().message};
  return Loaded{*level, std::move(*s)};
}

class Game24Api final : public GameApi {
 public:
  [[nodiscard]] std::string_view game() const override { return "24"; }

  [[nodiscard]] core::Result<json> create(const json& options, std::uint64_t seed, double now,
                                          const Player& player) const override {
    std::string name = "any";
    if (const auto it = options.find("difficulty"); it != options.end()) {
      if (!it->is_string()) return core::Error{"\"difficulty\" must be easy, medium, hard or any"};
      name = it->get<std::string>();
    }
    const auto level = game24::parse_level(name);
    if (!level) return core::Error{"\"difficulty\" must be easy, medium, hard or any"};
    const game24::Score score = player.stats ? game24::score_from_stats(*player.stats) : game24::Score{};
    game24::PlaySession s(game24::PlayConfig{}, pool_of(*level), seed, score);
    (void)s.start(now);
    return json{{"level", game24::level_name(*level)}, {"session", s.to_json(now)}};
  }

  [[nodiscard]] core::Result<Applied> apply(json& state, const json& input, double now) const override {
    auto loaded = load(state, now);
    if (!loaded) return loaded.error();
    game24::PlaySession& s = loaded->session;
    const std::string action = text_field(input, "action").value_or("");
    const std::vector<game24::Rational> hand = s.current().hand;
    Outcome o;
    if (action == "answer") {
      const auto it = input.find("expression");
      if (it == input.end() || !it->is_string()) return core::Error{"\"expression\" must be text such as (8-3)*(6-2)"};
      if (it->get_ref<const std::string&>().size() > 200) return core::Error{"the expression is too long"};
      o = s.answer(it->get_ref<const std::string&>(), now);
    } else if (action == "hint") {
      o = s.hint();
    } else if (action == "give_up") {
      o = s.give_up(now);
    } else if (action == "skip") {
      o = s.skip(now);
    } else {
      return core::Error{"\"action\" must be answer, hint, give_up or skip"};
    }
    Applied out;
    out.outcome = outcome_json(o, hand, s.config().target);
    if (action == "answer" && !out.outcome.contains("answer")) out.outcome["answer"] = input["expression"];
    if (o.finished) out.record = game24::hand_record(*o.finished, static_cast<std::int64_t>(now));
    state = json{{"level", game24::level_name(loaded->level)}, {"session", s.to_json(now)}};
    return out;
  }

  [[nodiscard]] core::Result<json> view(const json& state) const override {
    // The clock only matters to a time limit, which browser games do not set.
    auto loaded = load(state, 0);
    if (!loaded) return loaded.error();
    const auto& s = loaded->session;
    return json{{"hand", hand_json(s.current().hand)},
                {"hand_number", s.hand_number()},
                {"level", game24::level_name(s.current().level)},
                {"difficulty", game24::level_name(loaded->level)},
                {"tries_left", game24::kRetries + 1 - s.tries_used()},  // answers left for this hand
                {"hints_used", s.hints_used()},
                {"score", game24::score_to_json(s.score())}};
  }

  [[nodiscard]] std::optional<core::FinishedGame> abandon(const json&, double) const override {
    return std::nullopt;  // each hand is recorded as it ends; an open hand is not a game yet
  }
};

// POST /api/v1/24/solve {"numbers": ["3","3","8","8"], "target": "24", "countdown": false}
Reply solve_endpoint(const Call& call) {
  const auto nums = call.body.is_object() ? call.body.find("numbers") : call.body.end();
  if (!call.body.is_object() || nums == call.body.end() || !nums->is_array() || nums->empty() ||
      nums->size() > 6) {
    return error_reply(400, "\"numbers\" must be a list of 1 to 6 numbers");
  }
  // The numbers as a person writes them ("7/2", "3.5"; whole numbers may be JSON numbers),
  // checked as `24 solve` checks them.
  // A JSON number with a fraction or an exponent (3.5, 1e308) is refused with what to write
  // instead: read as a double it would not be the exact number typed.
  std::vector<std::string> words;
  for (const auto& n : *nums) {
    if (!n.is_string() && !n.is_number_integer()) {
      return error_reply(400, fmt::format("\"numbers\": {} is not a whole number; write a fraction or a decimal as "
                                          "text, such as \"7/2\" or \"3.5\"",
                                          n.dump().substr(0, 40)));
    }
    words.push_back(n.is_string() ? n.get<std::string>() : n.dump());
  }
  auto hand = game24::parse_hand(words);
  if (!hand) return error_reply(400, "\"numbers\": " + hand.error().message);
  game24::SolveOptions opt;
  if (const auto t = call.body.find("target"); t != call.body.end()) {
    if (!t->is_string() && !t->is_number_integer()) {
      return error_reply(400, fmt::format("\"target\": {} is not a whole number; write a fraction or a decimal as "
                                          "text, such as \"7/2\" or \"3.5\"",
                                          t->dump().substr(0, 40)));
    }
    const std::string text = t->is_string() ? t->get<std::string>() : t->dump();
    auto r = game24::parse_rational(text);
    if (!r) return error_reply(400, fmt::format("\"target\": {}", r.error().message));
    opt.target = *r;
  }
  if (const auto c = call.body.find("countdown"); c != call.body.end()) {
    if (!c->is_boolean()) return error_reply(400, "\"countdown\" must be true or false");
    if (c->get<bool>()) {  // Countdown's rules: positive whole intermediates, any subset, else the nearest
      opt.rule = game24::IntegerRule::PositiveIntegers;
      opt.subset = true;
      opt.closest = true;
    }
  }
  // As `24 solve` prints them: a number sent as 3.5 stays 3.5 in the solutions.
  opt.style.leaf_texts = game24::written_leaf_texts(*hand, words);
  auto res = game24::solve(*hand, opt);
  if (!res) return error_reply(400, res.error().message);
  json sols = json::array();
  for (const auto& s : res->solutions) sols.push_back(s.text);
  return Reply{200, json{{"numbers", hand_json(*hand)},
                         {"target", game24::to_string(opt.target)},
                         {"exact", res->exact},
                         // The value the solutions reach: none when there is no solution.
                         {"reached", sols.empty() ? json(nullptr) : json(game24::to_string(res->reached))},
                         {"count", sols.size()},
                         {"solutions", sols}}};
}

}  // namespace

std::unique_ptr<GameApi> make_24_api() { return std::make_unique<Game24Api>(); }

std::vector<Route> routes_24() { return {{"POST", "/api/v1/24/solve", solve_endpoint}}; }

}  // namespace puzzlelab::web
