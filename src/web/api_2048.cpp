// 2048 in the browser: sessions over game2048::PlaySession and the stateless move endpoint.
#include <chrono>
#include <cmath>
#include <thread>

#include <fmt/core.h>

#include "game2048/board_text.h"
#include "game2048/game.h"
#include "game2048/hint.h"
#include "game2048/players.h"
#include "game2048/search.h"
#include "game2048/session.h"
#include "web/api_games.h"

namespace puzzlelab::web {
namespace {

using nlohmann::json;
using game2048::Game;
using game2048::PlaySession;

const game2048::MoveTables& tables() {
  static const game2048::MoveTables t;
  return t;
}

json cells_of(const game2048::Grid& g) {
  json cells = json::array();
  for (int r = 0; r < g.size; ++r)
    for (int c = 0; c < g.size; ++c) cells.push_back(game2048::tile_value(g.at(r, c)));
  return cells;
}

std::string_view status_name(game2048::Status s) {
  switch (s) {
    case game2048::Status::Playing: return "playing";
    case game2048::Status::Won: return "won";
    case game2048::Status::Over: return "over";
  }
  return "playing";
}

// Plays `m` and says what happened; a game that is over enters the history.
void play(PlaySession& s, game2048::Move m, Applied& out, double now) {
  const auto before = s.game().grid();
  const game2048::MoveOutcome o = s.play(m);
  static constexpr const char* kOutcome[] = {"moved", "not_moved", "won", "lost", "waiting_to_keep_going", "over"};
  out.outcome = {{"outcome", kOutcome[static_cast<int>(o.outcome)]}, {"moved", o.moved()},
                 {"gained", o.step.gained}, {"spawn", o.step.spawn_cell},
                 {"move", game2048::move_name(m)}, {"before", cells_of(before)}};
  // Where each tile went and the tile that appeared, for the page to slide the tiles:
  // the motions rebuild the board after the slide, the spawned tile completes it.
  json motions = json::array();
  json spawned = nullptr;
  if (o.moved()) {
    for (const game2048::TileMotion& t : game2048::tile_motions(before, m)) {
      motions.push_back({{"from", {t.from_row, t.from_col}},
                         {"to", {t.to_row, t.to_col}},
                         {"value", game2048::tile_value(t.exponent)},
                         {"merged", t.merged}});
    }
    if (o.step.spawn_cell >= 0) {
      const int n = before.size;
      spawned = {{"row", o.step.spawn_cell / n},
                 {"col", o.step.spawn_cell % n},
                 {"value", game2048::tile_value(o.step.spawn_exponent)}};
    }
  }
  out.outcome["motions"] = std::move(motions);
  out.outcome["spawned"] = std::move(spawned);
  if (s.game().over()) {
    out.record = s.history_entry(static_cast<std::int64_t>(now));
    out.over = true;
  }
}

class Game2048Api final : public GameApi {
 public:
  [[nodiscard]] std::string_view game() const override { return "2048"; }

  [[nodiscard]] core::Result<json> create(const json& options, std::uint64_t seed, double,
                                          const Player&) const override {
    int size = 4;
    if (const auto it = options.find("size"); it != options.end()) {
      if (!it->is_number_integer() || it->get<std::int64_t>() < game2048::kMinSize ||
          it->get<std::int64_t>() > game2048::kMaxSize) {
        return core::Error{fmt::format("\"size\" must be a whole number from {} to {}", game2048::kMinSize,
                                       game2048::kMaxSize)};
      }
      size = it->get<int>();
    }
    return PlaySession::start(tables(), size, seed).to_json();
  }

  [[nodiscard]] core::Result<Applied> apply(json& state, const json& input, double now) const override {
    auto s = PlaySession::from_json(tables(), state);
    if (!s) return core::Error{"the saved game cannot be read: " + s.error().message};
    const std::string action = text_field(input, "action").value_or("");
    Applied out;
    if (action == "move") {
      const auto it = input.find("move");
      const auto m = it != input.end() && it->is_string() ? game2048::parse_move(it->get_ref<const std::string&>())
                                                           : std::nullopt;
      if (!m) return core::Error{"\"move\" must be up, down, left or right"};
      play(*s, *m, out, now);
    } else if (action == "ai") {
      // One move of the AI (fast or normal level); the AI playing on is a job that sends
      // this input again and again (routes_2048_ai). The game counts as assisted.
      const auto level = text_field(input, "level", "fast");
      if (level != "fast" && level != "normal") return core::Error{"\"level\" must be fast or normal"};
      game2048::AiSettings settings;
      settings.level = level == "normal" ? game2048::Level::Normal : game2048::Level::Fast;
      game2048::Ai ai(tables(), settings);
      const auto p = game2048::ai_move(ai, s->game());
      if (!p) return core::Error{"no move is left"};
      s->mark_assisted();
      play(*s, p->move, out, now);
    } else if (action == "hint") {
      game2048::AiSettings settings;
      settings.level = game2048::Level::Fast;
      const game2048::Hint h = s->hint(settings);
      json moves = json::object();
      for (const auto m : game2048::kMoves) {
        const auto& a = h.advice(m);
        moves[std::string(game2048::move_name(m))] = {{"legal", a.legal}, {"words", a.words}};
      }
      out.outcome = {{"hint", true},
                     {"best", h.best ? json(std::string(game2048::move_name(*h.best))) : json(nullptr)},
                     {"moves", moves},
                     {"lines", game2048::hint_lines(h)}};
    } else if (action == "undo") {
      out.outcome = {{"undone", s->undo()}};
    } else if (action == "keep_going") {
      if (!s->keep_going()) return core::Error{"keep_going is only for a won game"};
      out.outcome = {{"kept_going", true}};
    } else {
      return core::Error{"\"action\" must be move, ai, hint, undo or keep_going"};
    }
    state = s->to_json();
    return out;
  }

  [[nodiscard]] core::Result<json> view(const json& state) const override {
    auto s = PlaySession::from_json(tables(), state);
    if (!s) return s.error();
    const Game& g = s->game();
    return json{{"size", g.size()},
                {"cells", cells_of(g.grid())},
                {"score", g.score()},
                {"moves", g.moves()},
                {"status", status_name(g.status())},
                {"won", g.won()},
                {"keep_playing", g.keep_playing()},
                {"can_undo", !s->history().empty()},
                {"assisted", s->assisted()}};
  }

  [[nodiscard]] std::optional<core::FinishedGame> abandon(const json& state, double now) const override {
    auto s = PlaySession::from_json(tables(), state);
    if (!s) return std::nullopt;
    return s->history_entry(static_cast<std::int64_t>(now));
  }
};

// POST /api/v1/2048/move {"board": "0 2 2 4 / ...", "move": "left"}: one move, no spawn.
Reply move_endpoint(const Call& call) {
  if (!call.body.is_object()) return error_reply(400, "the body must be a JSON object");
  const auto b = call.body.find("board");
  const auto m = call.body.find("move");
  if (b == call.body.end() || !b->is_string()) return error_reply(400, "\"board\" must be a string like \"0 2 2 4 / ...\"");
  if (m == call.body.end() || !m->is_string()) return error_reply(400, "\"move\" must be up, down, left or right");
  auto grid = game2048::parse_grid(b->get_ref<const std::string&>());
  if (!grid) return error_reply(400, grid.error().message);
  const auto move = game2048::parse_move(m->get_ref<const std::string&>());
  if (!move) return error_reply(400, "\"move\" must be up, down, left or right");
  // As `2048 move`: a merge into a tile no board of that size can hold is refused.
  const auto r = game2048::checked_move(tables(), *grid, *move);
  if (!r) return error_reply(400, r.error().message);
  return Reply{200, json{{"board", game2048::grid_values_line(r->after)},
                         {"moved", r->moved},
                         {"gained", r->score},
                         {"wins", r->wins}}};
}

}  // namespace

std::unique_ptr<GameApi> make_2048_api() { return std::make_unique<Game2048Api>(); }

std::vector<Route> routes_2048() { return {{"POST", "/api/v1/2048/move", move_endpoint}}; }

// POST /api/v1/sessions/ID/ai {"level": "fast"|"normal", "delay_ms": 0..2000}: the AI plays
// the game on, as a job (never on a request thread): one move at a time through the same
// session input a player's move takes, the board published with each progress event,
// until the game stops accepting moves or the job is cancelled (DELETE, or the page's
// event stream closing).
std::vector<Route> routes_2048_ai(Jobs& jobs, Sessions& sessions) {
  return {{"POST", "/api/v1/sessions/([0-9a-f]{32})/ai", [&jobs, &sessions](const Call& call) {
             const std::string level = text_field(call.body, "level", "fast").value_or("");
             if (level != "fast" && level != "normal") return error_reply(400, "\"level\" must be fast or normal");
             const auto d = call.body.find("delay_ms");
             if (d != call.body.end() && (!d->is_number_unsigned() || d->get<std::uint64_t>() > 2000)) {
               return error_reply(400, "\"delay_ms\" must be 0 to 2000");
             }
             const auto delay = std::chrono::milliseconds(d == call.body.end() ? 100 : d->get<std::int64_t>());
             Call probe;
             probe.params = call.params;
             const Reply now = sessions.get(probe);
             if (now.status != 200) return now;
             if (now.body["game"] != "2048") return error_reply(400, "the AI plays on 2048 games only");
             // As any input to a finished game: the job would stop at its first move.
             if (now.body["finished"] == true) return error_reply(409, "this game is over; start a new one");
             const std::string id = call.params.at(0);
             auto job = jobs.submit("ai2048", call.body, [&sessions, id, level, delay](const JobProgress& p) {
               std::uint64_t moves = 0;
               while (!p.cancel->load()) {
                 Call step;
                 step.params = {id};
                 step.body = {{"action", "ai"}, {"level", level}};
                 step.now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
                 Reply r = sessions.input(step);
                 if (r.status != 200) break;  // over, waiting after a win, or gone
                 p.publish(r.body);
                 p.report(++moves, 0);
                 if (r.body["view"]["status"] != "playing") break;
                 std::this_thread::sleep_for(delay);
               }
               return json{{"moves", moves}};
             });
             if (!job) return error_reply(429, "the job queue is full; wait for a job to finish or cancel one");
             return Reply{202, json{{"id", *job}, {"state", "queued"}}};
           }}};
}

}  // namespace puzzlelab::web
