// Simulations from the page: a player plays many games on the job pool (never on a
// request thread) through the same harness as `puzzlelab <game> sim`
// (core::run_simulation), with live progress and cancellation.
#include <memory>
#include <mutex>

#include <fmt/core.h>

#include "core/sim.h"
#include "game2048/game.h"
#include "game2048/search.h"
#include "game2048/sim_game.h"
#include "web/api_games.h"
#include "web/wordle_engine.h"
#include "wordle/engine.h"
#include "wordle/feedback.h"

namespace puzzlelab::web {
namespace {

using nlohmann::json;

struct SimRequest {
  std::string game, player;
  std::uint64_t games = 0;
  std::uint64_t seed = 1;
  bool hard = false;
};

core::Result<SimRequest> read_request(const json& body) {
  if (!body.is_object()) return core::Error{"the body must be a JSON object"};
  SimRequest r;
  const auto text = [&](const char* k) -> std::string {
    const auto it = body.find(k);
    return it != body.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  r.game = text("game");
  r.player = text("player");
  if (r.game == "wordle") {
    if (!wordle::parse_player(r.player)) return core::Error{fmt::format("\"player\" for wordle: {}", wordle::kPlayerNames)};
  } else if (r.game == "2048") {
    if (!game2048::parse_sim_player(r.player)) return core::Error{"\"player\" for 2048: random, greedy or expectimax"};
  } else {
    return core::Error{"\"game\" must be wordle or 2048"};
  }
  // Bounds that keep a job within minutes on one core (the expectimax player at its fast
  // level takes seconds a game).
  const std::uint64_t limit = r.game == "wordle" ? 2315 : r.player == "expectimax" ? 50 : 2000;
  const auto g = body.find("games");
  if (g == body.end() || !g->is_number_unsigned() || g->get<std::uint64_t>() < 1 || g->get<std::uint64_t>() > limit) {
    return core::Error{fmt::format("\"games\" must be a whole number from 1 to {}", limit)};
  }
  r.games = g->get<std::uint64_t>();
  if (const auto s = body.find("seed"); s != body.end()) {
    if (!s->is_number_unsigned()) return core::Error{"\"seed\" must be a whole number"};
    r.seed = s->get<std::uint64_t>();
  }
  if (const auto h = body.find("hard"); h != body.end()) {
    if (!h->is_boolean()) return core::Error{"\"hard\" must be true or false"};
    r.hard = h->get<bool>();
  }
  return r;
}

core::SimHooks hooks_of(const JobProgress& p) {
  core::SimHooks h;
  h.cancel = p.cancel;
  h.on_progress = [&p](std::uint64_t done, std::uint64_t total, const core::SimSummary&) { p.report(done, total); };
  return h;
}

json run_wordle(WordleEngines& engines, const SimRequest& r, const JobProgress& p) {
  const wordle::Engine& engine = engines.get();
  const wordle::WordleGame& game = engine.game();
  wordle::Simulator simulator(engine, *wordle::parse_player(r.player), r.hard);
  const bool all = r.games == game.secret_count();
  const core::SimSpec spec = simulator.spec(r.seed, r.games, all, 1);
  const auto summary = core::run_simulation(
      spec, 1, [&](std::uint64_t index, core::Rng& rng) { return simulator.sim_game(index, rng, all, false); },
      hooks_of(p));
  return summary.to_json(false);
}

json run_2048(const SimRequest& r, const JobProgress& p) {
  static const auto tables = std::make_shared<const game2048::MoveTables>();
  const game2048::SimPlayer player = *game2048::parse_sim_player(r.player);  // checked by read_request
  core::SimSpec spec = game2048::sim_spec(player, r.seed, r.games, 4);
  // The page's AI plays at the fast level (the job's bounds assume seconds a game).
  game2048::AiSettings settings;
  if (player == game2048::SimPlayer::Expectimax) {
    spec.config["level"] = "fast";
    settings.level = game2048::Level::Fast;
  }
  game2048::SimGame play;
  play.tables = tables;
  play.player = player;
  play.cancel = p.cancel;
  play.settings = settings;
  const auto summary = core::run_simulation(spec, 1, play, hooks_of(p));
  return summary.to_json(false);
}

// One game of a Wordle player against a chosen (or seeded) answer, turn by turn, for the
// page that shows an AI player solving a word.
json watch_wordle(WordleEngines& engines, const std::string& player, const std::string& word, std::uint64_t seed,
                  bool hard) {
  const wordle::Engine& engine = engines.get();
  const wordle::WordleGame& game = engine.game();
  guess::SecretIndex secret = 0;
  if (word.empty()) {
    secret = *wordle::choose_secret(game, std::nullopt, std::nullopt, seed);  // drawn with the seed
  } else {
    const auto s = game.find_secret(word);
    if (!s) throw std::runtime_error(fmt::format("'{}' is not one of the answers", word));
    secret = *s;
  }
  const guess::GameRecord record = wordle::watch_game(engine, *wordle::parse_player(player), hard, secret, seed);
  json rows = json::array();
  for (const auto& t : record.turns) {
    rows.push_back({{"guess", game.guess_word(t.guess)},
                    {"pattern", wordle::pattern_text(t.pattern, game.length())},
                    {"left_before", t.candidates_before},
                    {"left_after", t.candidates_after}});
  }
  return json{{"player", player}, {"answer", game.secret_word(secret)}, {"rows", rows}, {"solved", record.solved}};
}

}  // namespace

std::vector<Route> routes_jobs(Jobs& jobs, std::shared_ptr<WordleEngines> engines,
                               std::shared_ptr<HandleWatch> handle_watch) {
  std::vector<Route> r;
  r.push_back({"POST", "/api/v1/jobs", [&jobs, engines, handle_watch](const Call& call) {
                 const std::string kind = text_field(call.body, "kind").value_or("");
                 const auto text = [&](const char* k) {
                   const auto it = call.body.find(k);
                   return it != call.body.end() && it->is_string() ? it->get<std::string>() : std::string();
                 };
                 if (kind == "watch" && call.body.contains("game") && text("game") != "wordle") {
                   // {"kind": "watch", "game": "handle", "player": P, "idiom": I (optional), "seed": S}
                   if (text("game") != "handle") return error_reply(400, "\"game\" for watch: wordle or handle");
                   auto work = handle_watch_work(handle_watch, call.body);
                   if (!work) return error_reply(400, work.error().message);
                   auto id = jobs.submit("watch", call.body, std::move(*work));
                   if (!id) return error_reply(429, "the job queue is full; wait for a job to finish or cancel one");
                   return Reply{202, json{{"id", *id}, {"state", "queued"}}};
                 }
                 if (kind == "watch") {
                   // {"kind": "watch", "game": "wordle" (optional), "player": P, "word": W (optional),
                   //  "seed": S, "hard": B}
                   const std::string player = text("player");
                   if (!wordle::parse_player(player)) {
                     return error_reply(400, fmt::format("\"player\": {}", wordle::kPlayerNames));
                   }
                   std::string word;
                   if (call.body.contains("word")) {
                     if (!text_field(call.body, "word"))
                       return error_reply(400, "\"word\" must be an answer such as cigar");
                     auto w = wordle::normalize_word(text("word"), 5);
                     if (!w) return error_reply(400, "\"word\": " + w.error().message);
                     word = *w;
                   }
                   const auto seed_it = call.body.find("seed");
                   if (seed_it != call.body.end() && !seed_it->is_number_unsigned()) {
                     return error_reply(400, "\"seed\" must be a whole number");
                   }
                   const std::uint64_t seed = seed_it == call.body.end() ? 1 : seed_it->get<std::uint64_t>();
                   const auto hard_it = call.body.find("hard");
                   if (hard_it != call.body.end() && !hard_it->is_boolean()) {
                     return error_reply(400, "\"hard\" must be true or false");
                   }
                   const bool hard = hard_it != call.body.end() && hard_it->get<bool>();
                   auto id = jobs.submit("watch", call.body, [engines, player, word, seed, hard](const JobProgress&) {
                     return watch_wordle(*engines, player, word, seed, hard);
                   });
                   if (!id) return error_reply(429, "the job queue is full; wait for a job to finish or cancel one");
                   return Reply{202, json{{"id", *id}, {"state", "queued"}}};
                 }
                 if (kind != "sim") return error_reply(400, "\"kind\" must be sim or watch");
                 auto req = read_request(call.body);
                 if (!req) return error_reply(400, req.error().message);
                 const SimRequest sim = *req;
                 auto id = jobs.submit("sim", call.body, [sim, engines](const JobProgress& p) {
                   return sim.game == "wordle" ? run_wordle(*engines, sim, p) : run_2048(sim, p);
                 });
                 if (!id) return error_reply(429, "the job queue is full; wait for a job to finish or cancel one");
                 return Reply{202, json{{"id", *id}, {"state", "queued"}}};
               }});
  const std::string one = "/api/v1/jobs/([0-9a-f]{32})";
  r.push_back({"GET", one, [&jobs](const Call& call) {
                 auto s = jobs.status(call.params.at(0));
                 return s ? Reply{200, *s} : error_reply(404, "no such job");
               }});
  r.push_back({"DELETE", one, [&jobs](const Call& call) {
                 // {"cancelled": false} for a job that had already ended: it keeps its result.
                 const auto cancelled = jobs.cancel(call.params.at(0));
                 if (!cancelled) return error_reply(404, "no such job");
                 const auto s = jobs.status(call.params.at(0), false);
                 return Reply{200, json{{"cancelled", *cancelled}, {"state", s ? (*s)["state"] : json("cancelled")}}};
               }});
  return r;
}

}  // namespace puzzlelab::web
