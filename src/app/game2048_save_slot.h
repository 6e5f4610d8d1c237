#pragma once
// The terminal's 2048 save slot: the library's (game2048/save_slot.h) over the player's
// store, with the program's clock, and the words said when the program ends.
#include <filesystem>
#include <optional>
#include <string>

#include "app/context.h"
#include "game2048/save_slot.h"

namespace puzzlelab::app {

// An advisory lock (flock) on the size×size slot, held by the process that plays it for
// as long as this object lives. Two `2048 play` on one state folder would each write
// their saves over the other's, and the game a player was told was saved would be the
// other one; the second is told and plays unsaved.
class Game2048SlotLock {
 public:
  Game2048SlotLock() = default;
  ~Game2048SlotLock();
  Game2048SlotLock(const Game2048SlotLock&) = delete;
  Game2048SlotLock& operator=(const Game2048SlotLock&) = delete;
  // Takes the lock in `dir`; false when another process holds it (true when the lock
  // file cannot be made at all: the store then reports its own problem).
  bool take(const std::filesystem::path& dir, int size);

 private:
  int fd_ = -1;
};

// The slot of the size×size game in the player's store (none: play goes on unsaved),
// with `lock` taken on it; held by another process, the game goes on unsaved.
game2048::SaveSlot open_game2048_save_slot(Context& ctx, int size, Game2048SlotLock& lock);

// What to say when the program ends with this game: "Game saved (...)" for a game in
// progress that is kept, nothing otherwise.
std::optional<std::string> game2048_quit_words(const game2048::SaveSlot& slot, const game2048::PlaySession& s);

}  // namespace puzzlelab::app
