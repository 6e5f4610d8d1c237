#pragma once
// Where the terminal keeps the player's 2048 game between runs: the saved PlaySession
// (one a board size), the best score and the history of finished games, in the
// player's store.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/context.h"
#include "core/game_store.h"
#include "game2048/session.h"

namespace puzzlelab::app {

// The saved game and the best score, in the player's store. Every problem becomes a
// message (a damaged save is set aside and the message says so); play goes on without
// saving rather than stopping. A game enters the history when it is left: over (won
// when it made 2048, else lost) or replaced by a new game before the end (abandoned:
// not counted as a loss, but its score can be the best).
class Game2048SaveSlot {
 public:
  Game2048SaveSlot(Context& ctx, int size);

  // The saved game, when there is one that is not over and has a move.
  std::optional<game2048::PlaySession> load_game(const game2048::MoveTables& tables);
  // Saves in one transaction; the result is a message for the screen when it failed.
  std::optional<std::string> save(const game2048::PlaySession& s);
  // The game is left for a new one, or the program ends with it over: it goes into
  // the history. A game without a move is not a game.
  std::optional<std::string> finish(const game2048::PlaySession& s);
  // At the end of the program: a finished game goes into the history, a game in
  // progress stays saved for next time.
  std::optional<std::string> close(const game2048::PlaySession& s);

  [[nodiscard]] std::int64_t best() const { return best_; }
  // The game is kept in the player's store (there is one and the last save worked).
  [[nodiscard]] bool saving() const { return store_ != nullptr && saved_; }
  // What to say when the program ends with this game: "Game saved (...)" for a game
  // in progress that is kept, nothing otherwise.
  [[nodiscard]] std::optional<std::string> quit_words(const game2048::PlaySession& s) const;
  // Problems met so far (shown once, then forgotten).
  std::vector<std::string> take_messages() { return std::exchange(messages_, {}); }

 private:
  int size_;
  std::string key_;
  core::GameStore* store_ = nullptr;
  std::int64_t best_ = 0;
  bool saved_ = false;
  std::vector<std::string> messages_;
};

}  // namespace puzzlelab::app
