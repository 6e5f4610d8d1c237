// Watch an AI player solve a Handle puzzle: the player (handle::Engine, the same players
// as `puzzlelab handle watch` with its default options: the daily answers as the
// candidates, uniform) plays one game on the job pool, and the game is replayed through a
// handle::PlaySession, so each guess goes to the page read against the answer and marked
// as the game page draws it.
#include <array>
#include <memory>
#include <mutex>
#include <stdexcept>

#include <fmt/core.h>

#include "core/rng.h"
#include "core/utf8.h"
#include "guess/simulation.h"
#include "handle/engine.h"
#include "handle/session.h"
#include "web/api_games.h"
#include "web/handle_view.h"

namespace puzzlelab::web {

using nlohmann::json;

// The lexicon and its compiled idioms, built on first use, and an engine for each kind of
// player, so that a deterministic player's opener (seconds with every idiom as a guess)
// is found once a server run.
class HandleWatch {
 public:
  explicit HandleWatch(core::DataSource data) : data_(std::move(data)) {}

  const handle::Lexicon& lexicon() {
    std::lock_guard lock(mutex_);
    load();
    return *lexicon_;
  }

  // Plays one game of `kind` against `puzzle` (an answer of the list).
  json play(handle::PlayerKind kind, const handle::Puzzle& puzzle, std::uint64_t seed) {
    const handle::Lexicon* lex = nullptr;
    const handle::Engine* engine = nullptr;
    {
      std::lock_guard lock(mutex_);
      load();
      lex = lexicon_.get();
      auto& e = engines_[static_cast<std::size_t>(kind)];
      if (!e) {
        handle::EngineOptions options;
        options.player = kind;
        e = std::make_unique<handle::Engine>(*table_, options);
      }
      engine = e.get();
    }
    const auto idiom = lex->find(puzzle.answer);
    const auto secret = idiom ? engine->game().secret_of_idiom(*idiom) : std::nullopt;
    if (!secret) throw std::runtime_error("the answer is not one of the daily answers");
    core::Rng rng(seed);
    const guess::GameRecord record = engine->play(*secret, rng);

    handle::PlaySession session(*lex, puzzle);
    json rows = json::array();
    for (const auto& t : record.turns) {
      const handle::GuessOutcome played = session.submit(lex->idioms()[t.guess].word);
      if (!played.scored()) break;
      json row = handle_turn_json(*played.turn);
      row["left_before"] = t.candidates_before;
      row["left_after"] = t.candidates_after;
      rows.push_back(std::move(row));
    }
    std::string answer;
    for (const char32_t c : session.answer()) answer += core::utf8_encode(c);
    return json{{"game", "handle"},
                {"answer", {{"idiom", answer}, {"chars", handle_word_json(session.answer_parsed())}}},
                {"rows", std::move(rows)},
                {"solved", session.won()},
                {"tries", session.tries()}};
  }

 private:
  void load() {
    if (table_) return;
    auto lex = handle::Lexicon::load(data_);
    if (!lex) throw std::runtime_error(lex.error().message);
    lexicon_ = std::make_unique<handle::Lexicon>(std::move(*lex));
    table_ = std::make_unique<handle::IdiomTable>(*lexicon_);
  }

  core::DataSource data_;
  std::mutex mutex_;
  std::unique_ptr<handle::Lexicon> lexicon_;
  std::unique_ptr<handle::IdiomTable> table_;
  std::array<std::unique_ptr<handle::Engine>, 3> engines_;
};

std::shared_ptr<HandleWatch> make_handle_watch(const core::DataSource& data) {
  return std::make_shared<HandleWatch>(data);
}

core::Result<JobWork> handle_watch_work(std::shared_ptr<HandleWatch> watch, const json& body) {
  const auto text = [&](const char* k) {
    const auto it = body.find(k);
    return it != body.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  const auto kind = handle::parse_player(text("player"));
  if (!kind) return core::Error{fmt::format("\"player\" for handle: {}", handle::kPlayerNames)};
  const auto seed_it = body.find("seed");
  if (seed_it != body.end() && !seed_it->is_number_unsigned()) return core::Error{"\"seed\" must be a whole number"};
  const std::uint64_t seed = seed_it == body.end() ? 0 : seed_it->get<std::uint64_t>();
  const handle::Lexicon* lex = nullptr;
  try {
    lex = &watch->lexicon();
  } catch (const std::exception& e) {
    return core::Error{e.what()};
  }
  // The answer: the idiom asked for when it is one of the daily answers (the players
  // assume the answer is one of them), else one drawn with the seed; the game is then
  // played with a generator seeded afresh, as `puzzlelab --seed S handle watch` does.
  handle::Puzzle puzzle;
  const auto idiom_it = body.find("idiom");
  if (idiom_it != body.end() && !(idiom_it->is_string() && text("idiom").empty())) {
    if (!idiom_it->is_string() || idiom_it->get_ref<const std::string&>().size() > 256) {
      return core::Error{"\"idiom\" must be a four-character idiom"};
    }
    const handle::CheckedGuess checked = handle::check_guess(*lex, text("idiom"), false);
    if (!checked.word) return core::Error{fmt::format("\"idiom\": '{}' is not four Chinese characters", text("idiom"))};
    const auto& answers = lex->answers();
    const auto at = std::find(answers.begin(), answers.end(), *checked.word);
    if (at == answers.end()) {
      return core::Error{fmt::format("\"idiom\": '{}' is not one of the daily answers", text("idiom"))};
    }
    puzzle = handle::Puzzle{*at, lex->hints()[static_cast<std::size_t>(at - answers.begin())], std::nullopt};
  } else {
    core::Rng rng(seed);
    puzzle = handle::random_puzzle(*lex, rng);
  }
  const std::string player(text("player"));
  return JobWork([watch, kind = *kind, puzzle, player, seed](const JobProgress&) {
    json r = watch->play(kind, puzzle, seed);
    r["player"] = player;
    return r;
  });
}

}  // namespace puzzlelab::web
