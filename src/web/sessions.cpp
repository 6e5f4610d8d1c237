#include "web/sessions.h"

#include <sys/random.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <functional>

#include <fmt/core.h>

namespace puzzlelab::web {
namespace {

using nlohmann::json;

constexpr const char* kPrefix = "web/";
constexpr const char* kIdPattern = "([0-9a-f]{32})";

void random_bytes(void* out, std::size_t n) {
  auto* p = static_cast<unsigned char*>(out);
  while (n > 0) {
    const ssize_t got = getrandom(p, n, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("no random source");  // answered as a 500 by the server
    }
    p += got;
    n -= static_cast<std::size_t>(got);
  }
}

std::uint64_t random_u64() {
  std::uint64_t v = 0;
  random_bytes(&v, sizeof v);
  return v;
}

}  // namespace

std::string new_session_id() {
  unsigned char bytes[16];
  random_bytes(bytes, sizeof bytes);
  std::string id;
  for (const unsigned char b : bytes) id += fmt::format("{:02x}", b);
  return id;
}

Sessions::Sessions(SharedStore& store, std::vector<std::unique_ptr<GameApi>> games)
    : store_(store), games_(std::move(games)) {}

const GameApi* Sessions::api_of(std::string_view game) const {
  for (const auto& g : games_)
    if (g->game() == game) return g.get();
  return nullptr;
}

std::mutex& Sessions::lock_of(const std::string& id) {
  return locks_[std::hash<std::string>{}(id) % locks_.size()];
}

core::Result<Sessions::Saved> Sessions::load(const std::string& id) {
  const std::string key = kPrefix + id;
  auto loaded = store_.with([&](core::GameStore* db) -> core::Result<std::optional<json>> {
    if (db) return db->load_save(key);
    std::lock_guard lock(memory_mutex_);
    const auto it = memory_.find(key);
    if (it == memory_.end()) return std::optional<json>{};
    return std::optional<json>{it->second.doc};
  });
  if (!loaded) return loaded.error();
  if (!*loaded) return core::Error{"no such session"};
  Saved s{std::move(**loaded), nullptr};
  if (!s.doc.is_object() || !s.doc.contains("game") || !s.doc["game"].is_string() || !s.doc.contains("state")) {
    return core::Error{"the saved session is damaged"};
  }
  s.api = api_of(s.doc["game"].get_ref<const std::string&>());
  if (!s.api) return core::Error{"the saved session is of an unknown game"};
  return s;
}

std::optional<core::Error> Sessions::save(const std::string& id, const Saved& s, double now,
                                          const std::optional<core::FinishedGame>& finished) {
  const std::string key = kPrefix + id;
  const auto t = static_cast<std::int64_t>(std::floor(now));
  return store_.with([&](core::GameStore* db) -> std::optional<core::Error> {
    if (!db) {
      std::lock_guard lock(memory_mutex_);
      if (!memory_.contains(key) && memory_.size() >= kKept) {
        memory_.erase(std::min_element(memory_.begin(), memory_.end(),
                                       [](const auto& a, const auto& b) { return a.second.tick < b.second.tick; }));
      }
      memory_[key] = MemorySave{s.doc, ++memory_tick_};
      return std::nullopt;
    }
    if (finished) {
      auto r = db->record_and_save(*finished, key, s.doc, t);
      return r ? std::nullopt : std::optional<core::Error>(r.error());
    }
    return db->put_save(key, std::string(s.api->game()), s.doc, t);
  });
}

Reply Sessions::view_reply(const std::string& id, const Saved& s, int status, json outcome) {
  auto v = s.api->view(s.doc["state"]);
  if (!v) return error_reply(500, "the saved session cannot be shown: " + v.error().message);
  json body{{"id", id}, {"game", s.doc["game"]}, {"finished", s.doc.value("finished", false)}, {"view", *v}};
  if (!outcome.is_null()) body["outcome"] = std::move(outcome);
  return Reply{status, std::move(body)};
}

Reply Sessions::create(const Call& call) {
  if (!call.body.is_object()) return error_reply(400, "the body must be a JSON object");
  const auto it = call.body.find("game");
  if (it == call.body.end() || !it->is_string()) return error_reply(400, "\"game\" is missing (wordle, handle, 24 or 2048)");
  const GameApi* api = api_of(it->get_ref<const std::string&>());
  if (!api) return error_reply(400, fmt::format("unknown game {} (wordle, handle, 24 or 2048)", it->dump()));
  json options = call.body;
  options.erase("game");
  Player player;
  store_.with([&](core::GameStore* db) {
    if (db) {
      if (auto st = db->stats(api->game())) player.stats = *st;
    }
    return 0;
  });
  auto state = api->create(options, random_u64(), call.now, player);
  if (!state) return error_reply(400, state.error().message);
  const std::string id = new_session_id();
  Saved s{json{{"game", api->game()}, {"created", static_cast<std::int64_t>(call.now)}, {"finished", false},
               {"state", std::move(*state)}},
          api};
  if (auto e = save(id, s, call.now, std::nullopt)) return error_reply(503, "cannot save the game: " + e->message);
  store_.with([](core::GameStore* db) {
    if (db) (void)db->prune_saves(kPrefix, kKept);
    return 0;
  });
  return view_reply(id, s, 201, nullptr);
}

Reply Sessions::get(const Call& call) {
  const std::string& id = call.params.at(0);
  std::lock_guard lock(lock_of(id));
  auto s = load(id);
  if (!s) return error_reply(s.error().message == "no such session" ? 404 : 500, s.error().message);
  return view_reply(id, *s, 200, nullptr);
}

Reply Sessions::input(const Call& call) {
  const std::string& id = call.params.at(0);
  if (!call.body.is_object()) return error_reply(400, "the body must be a JSON object");
  std::lock_guard lock(lock_of(id));
  auto s = load(id);
  if (!s) return error_reply(s.error().message == "no such session" ? 404 : 500, s.error().message);
  if (s->doc.value("finished", false)) return error_reply(409, "this game is over; start a new one");
  json state = s->doc["state"];
  auto applied = s->api->apply(state, call.body, call.now);
  if (!applied) return error_reply(400, applied.error().message);
  s->doc["state"] = std::move(state);
  if (applied->record) applied->record->frontend = "web";
  if (applied->over) s->doc["finished"] = true;
  if (auto e = save(id, *s, call.now, applied->record)) return error_reply(503, "cannot save the game: " + e->message);
  return view_reply(id, *s, 200, std::move(applied->outcome));
}

Reply Sessions::remove(const Call& call) {
  const std::string& id = call.params.at(0);
  std::lock_guard lock(lock_of(id));
  auto s = load(id);
  if (!s) return error_reply(s.error().message == "no such session" ? 404 : 500, s.error().message);
  std::optional<core::FinishedGame> record;
  if (!s->doc.value("finished", false)) record = s->api->abandon(s->doc["state"], call.now);
  if (record) record->frontend = "web";
  const std::string key = kPrefix + id;
  auto e = store_.with([&](core::GameStore* db) -> std::optional<core::Error> {
    if (!db) {
      std::lock_guard mem(memory_mutex_);
      memory_.erase(key);
      return std::nullopt;
    }
    // Recorded with the save marked finished in one transaction, then removed: a retry
    // after a failed removal finds it finished and does not record it again.
    if (record) {
      json doc = s->doc;
      doc["finished"] = true;
      if (auto r = db->record_and_save(*record, key, doc, static_cast<std::int64_t>(call.now)); !r) return r.error();
    }
    return db->remove_save(key);
  });
  if (e) return error_reply(503, "cannot remove the game: " + e->message);
  return Reply{200, json{{"id", id}, {"removed", true}}};
}

std::vector<Route> Sessions::routes() {
  const std::string one = std::string("/api/v1/sessions/") + kIdPattern;
  return {
      {"POST", "/api/v1/sessions", [this](const Call& c) { return create(c); }},
      {"GET", one, [this](const Call& c) { return get(c); }},
      {"POST", one, [this](const Call& c) { return input(c); }},
      {"DELETE", one, [this](const Call& c) { return remove(c); }},
  };
}

}  // namespace puzzlelab::web
