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
#include "handle/game_data.h"
#include "handle/session.h"
#include "web/api_games.h"
#include "web/handle_view.h"

namespace puzzlelab::web {

using nlohmann::json;

// The game data (loaded on first use) and an engine for each kind of player, so that a
// deterministic player's opener (seconds with every idiom as a guess) is found once a
// server run.
class HandleWatch {
 public:
  explicit HandleWatch(std::shared_ptr<HandleData> data) : data_(std::move(data)) {}

  core::Result<handle::GameData*> data() { return data_->get(); }

  // Plays one game of `kind` against `puzzle` (an answer of the list).
  json play(handle::PlayerKind kind, const handle::Puzzle& puzzle, std::uint64_t seed) {
    auto data = data_->get();
    if (!data) throw std::runtime_error(data.error().message);
    const handle::Engine* engine = nullptr;
    {
      std::lock_guard lock(mutex_);
      auto& e = engines_[static_cast<std::size_t>(kind)];
      if (!e) {
        handle::EngineOptions options;
        options.player = kind;
        e = std::make_unique<handle::Engine>((*data)->table(), options);
      }
      engine = e.get();
    }
    core::Rng rng(seed);
    const auto game = handle::watch_game((*data)->lexicon(), *engine, puzzle, rng);
    if (!game) throw std::runtime_error(game.error().message);
    json rows = json::array();
    for (const auto& t : game->turns) {
      json row = handle_turn_json(t.turn);
      row["left_before"] = t.left_before;
      row["left_after"] = t.left_after;
      rows.push_back(std::move(row));
    }
    return json{
        {"game", "handle"},
        {"answer", {{"idiom", core::utf8_encode(game->answer_word)}, {"chars", handle_word_json(game->answer)}}},
        {"rows", std::move(rows)},
        {"solved", game->won},
        {"tries", game->tries}};
  }

 private:
  std::shared_ptr<HandleData> data_;
  std::mutex mutex_;
  std::array<std::unique_ptr<handle::Engine>, 3> engines_;
};

std::shared_ptr<HandleWatch> make_handle_watch(std::shared_ptr<HandleData> data) {
  return std::make_shared<HandleWatch>(std::move(data));
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
  const auto data = watch->data();
  if (!data) return data.error();
  const handle::Lexicon* lex = &(*data)->lexicon();
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
    const auto answer = handle::answer_puzzle(*lex, *checked.word);
    if (!answer) return core::Error{fmt::format("\"idiom\": '{}' is not one of the daily answers", text("idiom"))};
    puzzle = *answer;
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
