// Wordle in the browser: practice games over wordle::PlaySession (the rules, hard mode
// and NYT's messages live there). A practice game has no puzzle number: the page must
// not pretend to be NYT's daily puzzle.
#include <mutex>

#include <fmt/core.h>

#include "core/rng.h"
#include "web/api_games.h"
#include "wordle/session.h"
#include "wordle/word_list.h"

namespace puzzlelab::web {
namespace {

using nlohmann::json;
using wordle::GuessOutcome;
using wordle::PlaySession;

std::string_view letter_name(wordle::LetterStatus s) {
  switch (s) {
    case wordle::LetterStatus::Absent: return "absent";
    case wordle::LetterStatus::Present: return "present";
    case wordle::LetterStatus::Correct: return "correct";
    case wordle::LetterStatus::Unknown: return "unknown";
  }
  return "unknown";
}

std::string_view status_name(wordle::GameStatus s) {
  switch (s) {
    case wordle::GameStatus::Playing: return "playing";
    case wordle::GameStatus::Won: return "won";
    case wordle::GameStatus::Lost: return "lost";
    case wordle::GameStatus::Abandoned: return "abandoned";
  }
  return "playing";
}

class WordleApi final : public GameApi {
 public:
  explicit WordleApi(core::DataSource data) : data_(std::move(data)) {}

  [[nodiscard]] std::string_view game() const override { return "wordle"; }

  [[nodiscard]] core::Result<json> create(const json& options, std::uint64_t seed, double,
                                          const Player&) const override {
    auto g = words();
    if (!g) return g.error();
    bool hard = false;
    if (const auto it = options.find("hard"); it != options.end()) {
      if (!it->is_boolean()) return core::Error{"\"hard\" must be true or false"};
      hard = it->get<bool>();
    }
    if (const auto it = options.find("word"); it != options.end()) {
      // A chosen answer (a word a friend set, or a test's), like `wordle play --word`.
      const auto w = it->is_string() ? wordle::normalize_word(it->get<std::string>(), (*g)->length())
                                     : core::Result<std::string>(core::Error{"must be a word"});
      if (!w) return core::Error{"\"word\": " + w.error().message};
      const auto secret = (*g)->find_secret(*w);
      if (!secret) return core::Error{fmt::format("\"word\": '{}' is not one of the answers", *w)};
      return PlaySession(**g, *secret, hard).to_json();
    }
    core::Rng rng(seed);
    const auto order = (*g)->list_order();
    PlaySession s(**g, order[rng.below(order.size())], hard);
    return s.to_json();
  }

  [[nodiscard]] core::Result<Applied> apply(json& state, const json& input, double now) const override {
    auto s = restore(state);
    if (!s) return s.error();
    const std::string action = text_field(input, "action").value_or("");
    if (action != "guess") return core::Error{"\"action\" must be guess"};
    const auto it = input.find("word");
    if (it == input.end() || !it->is_string() || it->get_ref<const std::string&>().size() > 64) {
      return core::Error{"\"word\" must be the guessed word"};
    }
    const GuessOutcome o = s->submit(it->get_ref<const std::string&>());
    Applied out;
    switch (o.kind) {
      case GuessOutcome::Kind::Rejected:
        out.outcome = {{"kind", "rejected"}, {"message", o.message}};
        return out;  // nothing changed: the state is left as it was
      case GuessOutcome::Kind::Accepted: out.outcome = {{"kind", "accepted"}}; break;
      case GuessOutcome::Kind::Won: out.outcome = {{"kind", "won"}}; break;
      case GuessOutcome::Kind::Lost: out.outcome = {{"kind", "lost"}}; break;
    }
    out.outcome["guess"] = o.row.guess;
    out.outcome["pattern"] = wordle::pattern_text(o.row.pattern, s->length());
    if (!s->playing()) {
      out.record = s->finished_game(static_cast<std::int64_t>(now), 0);
      out.over = true;
    }
    state = s->to_json();
    return out;
  }

  [[nodiscard]] core::Result<json> view(const json& state) const override {
    auto s = restore(state);
    if (!s) return s.error();
    json rows = json::array();
    for (const auto& r : s->rows()) rows.push_back({{"guess", r.guess}, {"pattern", wordle::pattern_text(r.pattern, s->length())}});
    json letters = json::object();
    const auto known = s->letter_status();
    for (std::size_t i = 0; i < known.size() && i < 26; ++i) {
      if (known[i] != wordle::LetterStatus::Unknown) letters[std::string(1, static_cast<char>('a' + i))] = letter_name(known[i]);
    }
    json v{{"rows", rows},       {"status", status_name(s->status())}, {"hard", s->hard()},
           {"length", s->length()}, {"max_guesses", s->max_guesses()},   {"letters", letters}};
    if (!s->playing()) v["answer"] = s->secret();  // only once the game is over
    return v;
  }

  [[nodiscard]] std::optional<core::FinishedGame> abandon(const json&, double) const override {
    return std::nullopt;  // an unfinished practice game is not a loss and is not kept
  }

 private:
  core::Result<const wordle::WordleGame*> words() const {
    std::lock_guard lock(mutex_);
    if (!game_) {
      auto answers = data_.read("wordle/answers.txt");
      if (!answers) return answers.error();
      auto guesses = data_.read("wordle/guesses.txt");
      if (!guesses) return guesses.error();
      auto a = wordle::parse_word_list(*answers);
      if (!a) return a.error();
      auto g = wordle::parse_word_list(*guesses);
      if (!g) return g.error();
      auto game = wordle::WordleGame::create(*a, *g);
      if (!game) return game.error();
      game_ = std::move(*game);
    }
    return game_.get();
  }

  core::Result<PlaySession> restore(const json& state) const {
    auto g = words();
    if (!g) return g.error();
    auto s = PlaySession::from_json(**g, state);
    if (!s) return core::Error{"the saved game cannot be read: " + s.error().message};
    return s;
  }

  core::DataSource data_;
  mutable std::mutex mutex_;
  mutable std::unique_ptr<wordle::WordleGame> game_;
};

}  // namespace

std::unique_ptr<GameApi> make_wordle_api(const core::DataSource& data) { return std::make_unique<WordleApi>(data); }

}  // namespace puzzlelab::web
