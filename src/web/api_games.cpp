// The endpoints that belong to no one game's session: health, statistics, and the
// stateless Wordle scorer.
#include <fmt/core.h>

#include "puzzlelab/version.h"
#include "web/api_games.h"
#include "wordle/feedback.h"

namespace puzzlelab::web {
namespace {

using nlohmann::json;

const std::string* string_field(const json& body, const char* name) {
  if (!body.is_object()) return nullptr;
  const auto it = body.find(name);
  return it != body.end() && it->is_string() ? &it->get_ref<const std::string&>() : nullptr;
}

// POST /api/v1/wordle/score {"guess": "error", "secret": "elder"} -> {"pattern": "G...G"}
Reply wordle_score(const Call& call) {
  const std::string* secret_text = string_field(call.body, "secret");
  const std::string* guess_text = string_field(call.body, "guess");
  if (!secret_text || !guess_text) return error_reply(400, "\"guess\" and \"secret\" must be words");
  auto secret = wordle::normalize_word(*secret_text);
  if (!secret) return error_reply(400, "secret " + secret.error().message);
  auto guess = wordle::normalize_word(*guess_text, static_cast<int>(secret->size()));
  if (!guess) return error_reply(400, "guess " + guess.error().message);
  return Reply{200, json{{"guess", *guess},
                         {"secret", *secret},
                         {"pattern", wordle::pattern_text(wordle::score(*secret, *guess),
                                                          static_cast<int>(secret->size()))}}};
}

}  // namespace

std::vector<Route> routes_common(SharedStore& store) {
  std::vector<Route> r;
  r.push_back({"GET", "/api/v1/health", [](const Call&) {
                 return Reply{200, json{{"ok", true}, {"version", kVersion}}};
               }});
  r.push_back({"POST", "/api/v1/wordle/score", wordle_score});
  // The same figures as `puzzlelab stats GAME --json`, from the same store.
  r.push_back({"GET", "/api/v1/stats/(wordle|handle|24|2048)", [&store](const Call& call) {
                 const std::string& game = call.params.at(0);
                 return store.with([&](core::GameStore* db) -> Reply {
                   if (!db) return error_reply(503, "statistics are not available (the store could not be opened)");
                   auto s = db->stats(game);
                   if (!s) return error_reply(500, s.error().message);
                   auto h = db->history(game, 20);
                   if (!h) return error_reply(500, h.error().message);
                   json recent = json::array();
                   // Finished games only, so the answer is no secret any more (as `stats --json`).
                   for (const auto& g : *h) recent.push_back(core::finished_game_to_json(g));
                   return Reply{200, json{{"game", game}, {"stats", core::stats_to_json(*s)}, {"recent", recent}}};
                 });
               }});
  return r;
}

}  // namespace puzzlelab::web
