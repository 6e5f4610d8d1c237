#pragma once
// The terminal's 2048 save slot: the library's (game2048/save_slot.h) over the player's
// store, with the program's clock, and the words said when the program ends.
#include <optional>
#include <string>

#include "app/context.h"
#include "game2048/save_slot.h"

namespace puzzlelab::app {

// The slot of the size×size game in the player's store (none: play goes on unsaved).
game2048::SaveSlot open_game2048_save_slot(Context& ctx, int size);

// What to say when the program ends with this game: "Game saved (...)" for a game in
// progress that is kept, nothing otherwise.
std::optional<std::string> game2048_quit_words(const game2048::SaveSlot& slot, const game2048::PlaySession& s);

}  // namespace puzzlelab::app
