#pragma once
// Where a front-end keeps the player's 2048 game between runs, in the player's store
// (core::GameStore): the saved PlaySession (one a board size), the best score and the
// history of finished games. Every problem becomes a message (a damaged save is set
// aside and the message says so); play goes on without saving rather than stopping. A
// game enters the history when it is left: over (won when it made 2048, else lost) or
// replaced by a new game before the end (abandoned: not counted as a loss, but its score
// can be the best).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/game_store.h"
#include "game2048/session.h"

namespace puzzlelab::game2048 {

class SaveSlot {
 public:
  // Seconds since the Unix epoch (the front-end's clock), for the history and the saves.
  using Clock = std::function<std::int64_t()>;

  // The save named `key` of a size×size game in `store`; no store (nullptr): nothing is
  // kept and the best score is this run's. The best score is read now.
  SaveSlot(core::GameStore* store, std::string key, int size, Clock now);

  // The saved game, when there is one that is not over and has a move. A damaged save
  // is set aside; a finished one (older versions kept them) goes into the history.
  std::optional<PlaySession> load_game(const MoveTables& tables);
  // Saves in one transaction; the result is a message for the screen when it failed.
  std::optional<std::string> save(const PlaySession& s);
  // The game is left for a new one, or the program ends with it over: it goes into
  // the history. A game without a move is not a game.
  std::optional<std::string> finish(const PlaySession& s);
  // At the end of the program: a finished game goes into the history, a game in
  // progress stays saved for next time.
  std::optional<std::string> close(const PlaySession& s);

  [[nodiscard]] int size() const { return size_; }
  // The best score of unassisted games, this run's included.
  [[nodiscard]] std::int64_t best() const { return best_; }
  // The game is kept in the player's store (there is one and the last save worked).
  [[nodiscard]] bool saving() const { return store_ != nullptr && saved_; }
  // Problems met so far (shown once, then forgotten).
  std::vector<std::string> take_messages() { return std::exchange(messages_, {}); }

 private:
  core::GameStore* store_;
  std::string key_;
  int size_;
  Clock now_;
  std::int64_t best_ = 0;
  bool saved_ = false;
  std::vector<std::string> messages_;
};

// The files of versions before the player's store, imported once: 2048-stats.json (the
// best score of each board size, as baselines) and the saved game of each board size
// (2048-game.json for 4×4, 2048-game-NxN.json), stored under `key_of_size(size)`. A saved
// game is checked when it is resumed, like every saved game.
std::vector<core::LegacyFile> legacy_files(const std::function<std::string(int size)>& key_of_size);

}  // namespace puzzlelab::game2048
