#pragma once
// The browser's games in progress. Each lives in the player's store (core::GameStore,
// the same puzzlelab.db as terminal play) as the save "web/<id>", under an id of 128
// bits from the operating system's random source, and is read, changed and written back
// in one transaction per input: a reload or a restart of the server resumes it, and a
// finished game enters the same history and statistics as a terminal game.
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/game_store.h"
#include "web/games.h"
#include "web/routes.h"

namespace puzzlelab::web {

// The store shared by the request threads (one SQLite connection, used under a lock);
// null when it could not be opened, and then games are kept in memory only.
class SharedStore {
 public:
  explicit SharedStore(std::unique_ptr<core::GameStore> store) : store_(std::move(store)) {}
  template <class F>
  auto with(F&& f) {
    std::lock_guard lock(mutex_);
    return f(store_.get());
  }

 private:
  std::mutex mutex_;
  std::unique_ptr<core::GameStore> store_;
};

// A fresh session id: 32 lowercase hex digits from getrandom(2).
std::string new_session_id();

class Sessions {
 public:
  // At most this many browser games are kept; the least recently played go first.
  static constexpr std::uint64_t kKept = 1000;

  Sessions(SharedStore& store, std::vector<std::unique_ptr<GameApi>> games);

  Reply create(const Call& call);  // POST /api/v1/sessions      {"game": "2048", ...options}
  Reply get(const Call& call);     // GET  /api/v1/sessions/ID
  Reply input(const Call& call);   // POST /api/v1/sessions/ID    {"action": ..., ...}
  Reply remove(const Call& call);  // DELETE /api/v1/sessions/ID (abandons a game in progress)

  std::vector<Route> routes();

 private:
  struct Saved {
    nlohmann::json doc;  // {"game", "created", "finished", "state"}
    const GameApi* api = nullptr;
  };
  const GameApi* api_of(std::string_view game) const;
  core::Result<Saved> load(const std::string& id);
  std::optional<core::Error> save(const std::string& id, const Saved& s, double now,
                                  const std::optional<core::FinishedGame>& finished);
  Reply view_reply(const std::string& id, const Saved& s, int status, nlohmann::json outcome);
  std::mutex& lock_of(const std::string& id);

  SharedStore& store_;
  std::vector<std::unique_ptr<GameApi>> games_;
  std::array<std::mutex, 64> locks_;  // one input at a time per session (striped by id)
  // Used when there is no store: each session with the tick of its last save, so that
  // the least recently played goes first, as the store's pruning does.
  struct MemorySave {
    nlohmann::json doc;
    std::uint64_t tick = 0;
  };
  std::mutex memory_mutex_;
  std::map<std::string, MemorySave> memory_;
  std::uint64_t memory_tick_ = 0;
};

}  // namespace puzzlelab::web
