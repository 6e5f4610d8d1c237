// The Wordle assistant for a real game: the player sends the guesses and colours the real
// game showed; the answer is what wordle::Assistant (the library's, the same as
// `puzzlelab wordle assist`) says: the answers still possible and the best next guesses.
#include <fmt/core.h>

#include "web/api_games.h"
#include "web/wordle_engine.h"
#include "wordle/assistant.h"

namespace puzzlelab::web {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxRows = 12;
constexpr std::size_t kShown = 40;  // candidates listed (all are counted)

Reply assist(WordleEngines& engines, const Call& call) {
  if (!call.body.is_object()) return error_reply(400, "the body must be a JSON object");
  const auto rows = call.body.find("rows");
  if (rows == call.body.end() || !rows->is_array() || rows->size() > kMaxRows) {
    return error_reply(400, fmt::format("\"rows\" must be a list of up to {} entries such as \"crane ....G\"", kMaxRows));
  }
  bool hard = false;
  if (const auto h = call.body.find("hard"); h != call.body.end()) {
    if (!h->is_boolean()) return error_reply(400, "\"hard\" must be true or false");
    hard = h->get<bool>();
  }
  const wordle::Engine& engine = engines.get();
  const wordle::WordleGame& game = engine.game();
  wordle::Assistant a(engine, hard);
  for (std::size_t i = 0; i < rows->size(); ++i) {
    const json& row = (*rows)[i];
    if (!row.is_string() || row.get_ref<const std::string&>().size() > 64) {
      return error_reply(400, fmt::format("row {}: a guess and its colours, such as \"crane ....G\"", i + 1));
    }
    auto entry = wordle::parse_assist_entry(game, row.get_ref<const std::string&>());
    if (!entry) return error_reply(400, fmt::format("row {}: {}", i + 1, entry.error().message));
    if (auto refused = a.add(*entry)) return error_reply(400, fmt::format("row {}: {}", i + 1, *refused));
  }
  json candidates = json::array();
  for (const auto s : a.candidates()) {
    if (candidates.size() >= kShown) break;
    candidates.push_back(game.secret_word(s));
  }
  json best = json::array();
  if (!a.solved() && !a.candidates().empty()) {
    for (const auto& g : a.suggestions(guess::Scoring::Entropy, 8, 1)) {
      best.push_back({{"guess", game.guess_word(g.guess)},
                      {"bits", g.stats.entropy},
                      {"expected_left", g.stats.expected_remaining()},
                      {"worst_left", g.stats.largest},
                      {"could_be_the_answer", g.candidate}});
    }
  }
  return Reply{200, json{{"left", a.candidates().size()}, {"candidates", candidates}, {"best", best}, {"solved", a.solved()}}};
}

}  // namespace

std::vector<Route> routes_assist(std::shared_ptr<WordleEngines> engines) {
  return {{"POST", "/api/v1/wordle/assist", [engines](const Call& call) { return assist(*engines, call); }}};
}

}  // namespace puzzlelab::web
